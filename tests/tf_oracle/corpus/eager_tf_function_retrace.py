# mode: eager
# checks: tf.function traces once per input signature (Python print at tracing), reads variables at each call
import tensorflow as tf

v = tf.Variable(1.0)

@tf.function
def scaled(x, factor=2):
    print("tracing", x.shape, x.dtype.name, factor)
    return x * v * factor

print(scaled(tf.constant(1.0)).numpy())
print(scaled(tf.constant(3.0)).numpy())
v.assign(10.0)
print(scaled(tf.constant(3.0)).numpy())
print(scaled(tf.constant([1.0, 2.0])).numpy())
print(scaled(tf.constant(1.0), factor=3).numpy())
print(scaled(tf.constant(2.0), factor=3).numpy())
print(scaled.experimental_get_tracing_count())
