# mode: eager
# checks: a @tf.function is differentiated inside a tape like eager code
import tensorflow as tf

@tf.function
def f(x, w):
    return tf.reduce_sum(tf.square(x @ w))

w = tf.Variable([[1.0], [2.0]])
x = tf.constant([[3.0, 4.0]])
with tf.GradientTape() as tape:
    y = f(x, w)
print(y)
print(tape.gradient(y, w))
