# mode: eager
# checks: an integer variable is not trainable-differentiable in eager mode: None
import tensorflow as tf

w = tf.Variable([[1, 2]])
with tf.GradientTape() as tape:
    res = tf.matmul(w, [[2], [1]])
print(res)
print(tape.gradient(res, w))
print(w.dtype, w.trainable)
