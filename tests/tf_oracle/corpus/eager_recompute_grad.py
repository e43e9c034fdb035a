# mode: eager
# checks: tf.recompute_grad keeps a block's values and gradients (TensorFlow recomputes its forward pass in the backward one)
import tensorflow as tf

x = tf.Variable([1.0, 2.0, 3.0])
w = tf.Variable(0.5)


@tf.recompute_grad
def block(v):
    return tf.tanh(v * w) * 2.0


with tf.GradientTape() as tape:
    r = tf.reduce_sum(block(x) ** 2)
print(r)
print(tape.gradient(r, [x, w]))
print(block.__name__)
