# mode: eager
# checks: tf.linalg.solve forward and the gradient of its solution
import tensorflow as tf

A = tf.Variable([[4.0, 1.0], [2.0, 3.0]])
rhs = tf.constant([[1.0], [2.0]])
with tf.GradientTape() as tape:
    x = tf.linalg.solve(A, rhs)
    loss = tf.reduce_sum(x)
print(x.numpy())
print(tape.gradient(loss, A).numpy())
print(tf.linalg.inv(A).numpy())
print(tf.linalg.det(A).numpy())
