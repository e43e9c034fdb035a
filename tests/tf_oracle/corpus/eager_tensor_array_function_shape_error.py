# mode: eager
# checks: a tf.TensorArray in a tf.function infers its element shape from the first write; a write of another shape is TensorFlow's ValueError while the function is traced (AutoGraph's "in user code" message)
import tensorflow as tf


@tf.function
def pairs(x):
    ta = tf.TensorArray(tf.float32, size=2)
    ta = ta.write(0, x)
    print("element shape", ta.element_shape)
    ta = ta.write(1, tf.concat([x, x], 0))
    return ta.stack()


print(pairs(tf.constant([1.0, 2.0])))
