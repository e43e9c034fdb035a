# mode: eager
# checks: the hessian of 0.5 x^T A x is A (symmetric), and one Newton step solves the quadratic
import tensorflow as tf

A = tf.constant([[3.0, 1.0], [1.0, 2.0]])
b = tf.constant([1.0, -1.0])
x = tf.Variable([5.0, 5.0])

with tf.GradientTape() as t2:
    with tf.GradientTape() as t1:
        loss = 0.5 * tf.tensordot(x, tf.linalg.matvec(A, x), 1) - tf.tensordot(b, x, 1)
    grad = t1.gradient(loss, x)
hess = t2.jacobian(grad, x)
print(hess.numpy())
x.assign_sub(tf.linalg.solve(hess, tf.reshape(grad, [2, 1]))[:, 0])
print(x.numpy())
print(tf.linalg.solve(A, tf.reshape(b, [2, 1])).numpy().ravel())
