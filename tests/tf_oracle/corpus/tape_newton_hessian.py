# mode: eager
# checks: Newton's method on a convex function of two variables, hessian from nested tapes
import tensorflow as tf

def f(v):
    return tf.reduce_sum(tf.exp(v)) - tf.reduce_sum(v * tf.constant([2.0, 3.0])) + v[0] * v[1] * 0.1

v = tf.Variable([0.0, 0.0])
for step in range(5):
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            y = f(v)
        g = t1.gradient(y, v)
    h = t2.jacobian(g, v)
    update = tf.linalg.solve(h, g[:, tf.newaxis])
    v.assign_sub(update[:, 0])
    print(step, y.numpy(), v.numpy())
