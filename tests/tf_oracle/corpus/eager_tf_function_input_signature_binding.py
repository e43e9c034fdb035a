# mode: eager
# checks: a tf.function's input_signature refuses another shape, dtype or argument count with TensorFlow's TypeError (its TensorSpecs, the arguments received, the signature)
import tensorflow as tf
@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def shrink(images):
    return images * 2.0
print(shrink(tf.ones([3, 2])))
for bad in (tf.ones([2, 3]), tf.ones([2, 2, 1]), tf.constant([[1, 2]])):
    try:
        shrink(bad)
    except Exception as e:
        print(type(e).__name__, repr(str(e)))
@tf.function(input_signature=[tf.TensorSpec([], tf.float32), tf.TensorSpec([2], tf.int32)])
def two(a, b):
    return a
try:
    two(tf.constant(1.0), tf.constant([1.0, 2.0]))
except Exception as e:
    print(type(e).__name__, repr(str(e)))
try:
    two(tf.constant(1.0))
except Exception as e:
    print(type(e).__name__, repr(str(e)))
