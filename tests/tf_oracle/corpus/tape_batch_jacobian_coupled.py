# mode: eager
# checks: batch_jacobian is the gradient of each target column summed over the batch (coupled examples add up); a target the tape never saw gives zeros, jacobian None
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape(persistent=True) as t:
    t.watch(x)
    y = x * tf.reduce_sum(x, axis=0)
    z = tf.tanh(x) * tf.constant([[1.0, -1.0]])
print(t.batch_jacobian(y, x))
print(t.batch_jacobian(z, x))
print(t.jacobian(y, x).shape)
outside = x * 2.0
print(t.batch_jacobian(outside, x))
print(t.jacobian(outside, x))
