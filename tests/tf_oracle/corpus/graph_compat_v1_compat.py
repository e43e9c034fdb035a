# mode: graph
# checks: tf.compat.v1.compat.v1 / .v2 exist (TF 2.21 nests the compat namespaces), with as_bytes / as_text alongside
import tensorflow as tf

print(hasattr(tf.compat, 'v1'), hasattr(tf.compat, 'v2'))
print(hasattr(tf.compat.v1, 'compat'), hasattr(tf.compat.v1.compat, 'v1'), hasattr(tf.compat.v1.compat, 'v2'))
print(tf.compat.v1.compat.v1.placeholder is tf.compat.v1.placeholder, tf.compat.v1.compat.v2.nn.relu is tf.nn.relu)
print(tf.compat.v1.compat.as_bytes('ab'), tf.compat.v1.compat.as_text(b'cd'), tf.compat.v1.compat.v2.compat.as_str('e'))
print(hasattr(tf.compat.v1.compat.v1, 'compat'), hasattr(tf.compat.v2.compat, 'v1'), tf.compat.as_str_any(3))
print(tf.compat.v1.compat.v1.Session is tf.Session, tf.compat.dimension_value(tf.TensorShape([4, None])[0]))
print(tf.compat.v1.compat.v2.compat.v1.placeholder is tf.placeholder, isinstance(3, tf.compat.integral_types))
