# mode: eager
# checks: eagerly a tf.TensorArray clears an element once read (clear_after_read is the default): reading it again is TensorFlow's InvalidArgumentError, unless clear_after_read=False
import tensorflow as tf

keep = tf.TensorArray(tf.float32, size=2, clear_after_read=False)
keep = keep.write(0, [1.0, 2.0]).write(1, [3.0, 4.0])
print(keep.read(0), keep.read(0), keep.stack())

ta = tf.TensorArray(tf.float32, size=2)
ta = ta.write(0, [1.0, 2.0]).write(1, [3.0, 4.0])
first = ta.read(1)
print(first, ta.stack())
second = ta.read(1)
print(second)
ta = tf.TensorArray(tf.float32, size=2).write(0, 5.0)
print(ta.read(0))
print(ta.read(0))
