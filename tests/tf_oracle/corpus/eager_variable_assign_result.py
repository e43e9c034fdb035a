# mode: eager
# checks: an eager assign / assign_add / assign_sub returns the variable's state as TF's _UnreadVariable (prints 'UnreadVariable', later assigns show through it, differentiable reads)
import tensorflow as tf
v = tf.Variable([1.0, 2.0, 3.0])
u = v.assign([2.0, 3.0, 4.0])
print(u)
print(repr(v.assign_add([1.0, 1.0, 1.0])))
print(v, u.numpy(), type(u).__name__, isinstance(u, tf.Variable))
u.assign_sub([1., 1., 1.])
print(v.numpy(), v.name, u.shape, u.dtype)
with tf.GradientTape() as tape:
    y = v.assign([1., 2., 3.]) * 2.0
print(tape.gradient(y, v))
