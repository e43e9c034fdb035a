# mode: eager
# checks: Variable assign / assign_add / assign_sub return values and in-place updates
import tensorflow as tf

v = tf.Variable([1.0, 2.0])
print(v.assign([3.0, 4.0]).numpy())
v.assign_add([1.0, 1.0])
print(v.numpy())
v.assign_sub(tf.constant([0.5, 0.5]))
print(v.numpy())
v[0].assign(10.0)
print(v.numpy(), v.name, v.trainable)
w = tf.Variable(v)
w.assign_add([1.0, 1.0])
print(v.numpy(), w.numpy())
