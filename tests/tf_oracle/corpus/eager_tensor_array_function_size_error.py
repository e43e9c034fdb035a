# mode: eager
# checks: in a tf.function a tf.TensorArray's reads do not clear, unwritten elements of a known shape read as zeros, and a write past its fixed size fails the call with the TensorList kernel's InvalidArgumentError
import tensorflow as tf


@tf.function
def fill(n):
    ta = tf.TensorArray(tf.float32, size=3, element_shape=[2])
    for i in range(n):
        ta = ta.write(i, tf.fill([2], float(i + 1)))
    return ta.read(0) + ta.read(0), ta.read(2), ta.stack()


print(fill(2))
print(fill(3)[2])
print(fill(4))
