# mode: eager
# checks: a Keras layer's weight is keras.src.backend.Variable; a tape records it when read, but tape.watch refuses it with TensorFlow's ValueError (d2l's conv-layer loop)
import tensorflow as tf

conv = tf.keras.layers.Conv2D(1, (1, 2), use_bias=False, kernel_initializer="ones")
x = tf.reshape(tf.range(12.0), (1, 3, 4, 1))
y = conv(x)
kernel = conv.weights[0]
print(type(kernel))
print(type(kernel).__name__, kernel.path, kernel.name)

with tf.GradientTape() as tape:
    loss = tf.reduce_sum(conv(x) ** 2)
print(tape.gradient(loss, kernel))

plain = tf.Variable([1.0, 2.0])
with tf.GradientTape(watch_accessed_variables=False) as tape:
    tape.watch(plain)
    z = tf.reduce_sum(plain * plain)
print(tape.gradient(z, plain))

with tf.GradientTape(watch_accessed_variables=False) as tape:
    tape.watch(conv.weights[0])
    loss = tf.reduce_sum(conv(x))
