# mode: eager
# checks: tf.py_function and tf.numpy_function inside a tf.function (a result of another shape than the input), and the gradient through them under a tape
import tensorflow as tf
@tf.function
def f(x):
    y = tf.py_function(lambda t: tf.reduce_sum(t) * 2.0, [x], tf.float32)
    return y + 1.0
print(f(tf.constant([1.0, 2.0, 3.0])))
x = tf.Variable([1.0, 2.0])
with tf.GradientTape() as tape:
    z = f(x * 1.0)
print(z, tape.gradient(z, x))
@tf.function
def g(x):
    return tf.numpy_function(lambda a: a[:1] * 3, [x], tf.float32)
print(g(tf.constant([4.0, 5.0])))
