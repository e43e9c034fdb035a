# mode: eager
# checks: an eager tf.TensorArray (_EagerTensorArray): write changes the array itself, clear_after_read, unwritten elements as zeros of the element shape, growth, unstack/scatter/split/gather/concat, close, and its errors' wording
import tensorflow as tf

ta = tf.TensorArray(tf.float32, size=3, clear_after_read=False)
ta.write(0, 1.0)
print(ta.size(), ta.dtype, ta.element_shape, ta.dynamic_size)
print(ta.read(0), ta.stack())
cleared = tf.TensorArray(tf.float32, size=2, element_shape=[2])
cleared.write(0, [1.0, 2.0])
print(cleared.read(0), cleared.read(1), cleared.stack())
dyn = tf.TensorArray(tf.int32, size=1, dynamic_size=True)
dyn = dyn.write(3, 7)
print(dyn.size(), dyn.stack(), dyn.element_shape, dyn.identity().size())
arr = tf.TensorArray(tf.float32, size=3).unstack([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(arr.gather([2, 0]), arr.concat(), arr.size())
arr.close()
print(arr.size())
spl = tf.TensorArray(tf.float64, size=2).split(tf.constant([1.0, 2.0, 3.0], tf.float64), [1, 2])
print(spl.read(1), spl.read(0))
print(tf.TensorArray(tf.float32, size=0).stack(), tf.TensorArray(tf.float32, size=0, element_shape=[3]).stack())
print(tf.TensorArray(tf.float32, size=3).scatter([2, 0], [[1.0], [2.0]]).stack())
attempts = [
    lambda: tf.TensorArray(tf.float32, size=3).write(3, 2.0),
    lambda: tf.TensorArray(tf.float32, size=3).write(-1, 2.0),
    lambda: tf.TensorArray(tf.float32, size=3).write(0, tf.constant(2, tf.int32)),
    lambda: tf.TensorArray(tf.int32, size=3).write(0, 1.5),
    lambda: tf.TensorArray(tf.float32, size=3).write(0, 1.0).write(1, [1.0, 2.0]),
    lambda: tf.TensorArray(tf.float32, size=3).read(3),
    lambda: tf.TensorArray(tf.float32, size=3).read(1),
    lambda: tf.TensorArray(tf.float32, size=2).write(0, 1.0).stack(),
    lambda: tf.TensorArray(tf.float32, size=1).unstack([1.0, 2.0]),
    lambda: tf.TensorArray(tf.float32, size=3).split([1.0, 2.0, 3.0], [1, 2]),
    lambda: tf.TensorArray(tf.float32, size=2).split([1.0, 2.0, 3.0], [1, 1]),
    lambda: tf.TensorArray(tf.float32, size=2).write(0, 1.0).write(1, 2.0).concat(),
]
for attempt in attempts:
    try:
        attempt()
    except (tf.errors.OpError, ValueError) as e:
        print(type(e).__name__, e)
