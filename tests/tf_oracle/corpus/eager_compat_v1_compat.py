# mode: eager
# checks: TF2's tf.compat.v1.compat.v1 / .v2 and tf.compat.v2.compat.v1 namespaces (nested, same functions)
import tensorflow as tf

print(hasattr(tf.compat.v1, 'compat'), hasattr(tf.compat.v1.compat, 'v1'), hasattr(tf.compat.v1.compat, 'v2'))
print(hasattr(tf.compat.v1.compat.v1, 'reduce_sum'), tf.compat.v1.compat.v2.constant is tf.constant)
print(tf.compat.v2.compat.v1.nn.relu is tf.compat.v1.nn.relu, tf.compat.v2.compat.v2.reduce_sum is tf.reduce_sum)
print(tf.compat.v1.compat.as_bytes('ab'), hasattr(tf.compat.v2.compat.v2, 'compat'), tf.compat.as_text(b'x'))
print(tf.compat.v1.compat.v2.constant([1.0, 2.0]) * 2, isinstance(2.5, tf.compat.real_types))
