# mode: eager
# checks: tf.TensorArray in a tf.function (TensorList-based): write returns a new array, reads never clear, dynamic growth, stack/gather/concat/unstack/scatter/split/size, the traced tensors' names and static shapes
import tensorflow as tf


@tf.function
def array_write_and_read():
    arr = tf.TensorArray(dtype=tf.float32, size=3)
    arr = arr.write(0, tf.constant(0.0))
    arr = arr.write(1, tf.constant(1.0))
    arr = arr.write(2, tf.constant(2.0))
    return arr.read(0), arr.read(1), arr.read(2)


a, b, c = array_write_and_read()
print(a, b, c)


@tf.function
def grow(x):
    print("tracing", x.shape)
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    print(ta.dynamic_size, ta.element_shape)
    for i in range(3):
        ta = ta.write(i, x * float(i + 1))
    print(ta.read(1), ta.stack(), ta.size(), ta.gather([2, 0]), ta.concat(), ta.element_shape)
    fixed = tf.TensorArray(tf.int32, size=3, element_shape=[2])
    old = fixed.write(0, [1, 2])
    new = old.write(2, [5, 6])
    print(old.stack(), fixed.dynamic_size)
    parts = tf.TensorArray(tf.float32, size=2).split(tf.range(5.0), [2, 3])
    rows = tf.TensorArray(tf.float32, size=2).unstack(tf.reshape(tf.range(4.0), [2, 2]))
    spread = tf.TensorArray(tf.float32, size=3, element_shape=[]).scatter([2, 0], [7.0, 8.0])
    return (ta.read(1) + ta.read(1), ta.stack(), ta.size(), new.stack(), old.stack(), parts.read(1),
            parts.concat(), rows.stack(), spread.stack(), fixed.size())


for result in grow(tf.constant([1.0, 2.0])):
    print(result)
print(grow(tf.constant([3.0, -1.0]))[1])
