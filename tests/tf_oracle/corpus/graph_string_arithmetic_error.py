# mode: graph
# checks: a string tensor in arithmetic with numbers: TensorFlow's TypeErrors while the graph is built (Add with an int, AddV2 of a float and a string, Mul, a reduction), then the error of multiplying
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()

s = tf.constant(["ab", "cd"])
for make in (lambda: s + 1, lambda: 1 + s, lambda: tf.constant([1.0, 2.0]) + s, lambda: s + tf.constant(1.0),
             lambda: tf.reduce_sum(s), lambda: s < "b", lambda: s / 2, lambda: s / s):
    try:
        make()
    except TypeError as exc:
        print(type(exc).__name__, exc)
print(s * 2)
