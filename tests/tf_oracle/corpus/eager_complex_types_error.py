# mode: eager
# checks: tf.complex of float32 and int32 parts: TensorFlow's TypeError
import tensorflow as tf

print(tf.complex(tf.constant([1.0]), tf.constant([2.0])))
z = tf.complex(tf.constant([1.0, 2.0]), tf.constant([1, 2]))
