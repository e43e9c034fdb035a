# mode: eager
# checks: apply_gradients with only None gradients is Keras' ValueError
import tensorflow as tf

w = tf.Variable(1.0)
v = tf.Variable(2.0)
with tf.GradientTape() as tape:
    loss = v * 3.0
grads = tape.gradient(loss, [w])
print(grads)
opt = tf.keras.optimizers.SGD(0.1)
opt.apply_gradients(zip(grads, [w]))
