# mode: eager
# checks: sources given as a dict come back as a dict with the same keys
import tensorflow as tf

w = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name='w')
b = tf.Variable([0.5, -0.5], name='b')
x = [[1., 2.]]

with tf.GradientTape() as tape:
    y = x @ w + b
    loss = tf.reduce_mean(y**2)

grads = tape.gradient(loss, {'w': w, 'b': b})
for k in sorted(grads):
    print(k, grads[k].numpy())
