# mode: eager
# checks: a hand-written dense layer's gradients have the variables' shapes
import tensorflow as tf

w = tf.Variable(tf.constant([[0.1, 0.2], [0.3, -0.4], [0.5, 0.6]]), name='w')
b = tf.Variable(tf.zeros(2, dtype=tf.float32), name='b')
x = [[1., 2., 3.]]

with tf.GradientTape(persistent=True) as tape:
    y = x @ w + b
    loss = tf.reduce_mean(y**2)

[dl_dw, dl_db] = tape.gradient(loss, [w, b])
print(w.shape)
print(dl_dw.shape)
print(dl_dw)
print(dl_db)
