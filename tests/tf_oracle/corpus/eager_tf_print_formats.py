# mode: eager
# checks: tf.print's own formats: floats in 6 significant digits or 9 where 6 do not read back (float64: 15 or 17), no column padding, bools as 1/0, summarize per dimension (-1: all)
import sys
import tensorflow as tf

out = sys.stdout
tf.print(tf.constant([1.5, 2.0, -3.25]), output_stream=out)
tf.print(tf.constant([[1.0, 2.5], [3.0, 4.0]]), output_stream=out)
tf.print(tf.range(10), output_stream=out)
tf.print(tf.constant(3.14159265), output_stream=out)
tf.print("loss:", tf.constant(0.123456789), [1, 2], output_stream=out)
tf.print(tf.constant([1e-8, 1e8, 123456.7]), output_stream=out)
tf.print(tf.range(25), summarize=-1, output_stream=out)
tf.print(tf.reshape(tf.range(12), (3, 4)), summarize=1, output_stream=out)
tf.print(tf.reshape(tf.range(24), (2, 3, 4)), output_stream=out)
tf.print(tf.constant([True, False]), tf.constant(["a", "b"]), output_stream=out)
tf.print(tf.constant(True), tf.constant([0.1, 0.2], tf.float64), tf.constant(0.1, tf.float64), output_stream=out)
tf.print(0.5, 1.0 / 3, 7, True, None, (1, 2.5), output_stream=out)
tf.print(tf.constant(1e20), tf.constant(-0.0), tf.constant([float("nan"), float("inf")]), output_stream=out)
tf.print(tf.constant([1, 2], tf.int64), tf.constant(2**40, tf.int64), output_stream=out)
