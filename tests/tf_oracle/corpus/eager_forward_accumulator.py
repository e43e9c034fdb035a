# mode: eager
# checks: tf.autodiff.ForwardAccumulator: Jacobian-vector products of ops run under it, unconnected None or zeros, a variable primal, forward-over-backward Hessian-vector product
import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0])
v = tf.constant([1.0, 0.0, -1.0])
with tf.autodiff.ForwardAccumulator(primals=x, tangents=v) as acc:
    y = tf.reduce_sum(tf.sin(x) * x ** 2)
    z = tf.exp(x) * 2.0
    c = tf.constant(5.0) * 3.0
print(acc.jvp(y))
print(acc.jvp(z))
print(acc.jvp(c))
print(acc.jvp(c, unconnected_gradients=tf.UnconnectedGradients.ZERO))
print(acc.jvp([y, z]))
w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
with tf.autodiff.ForwardAccumulator(w, tf.ones_like(w)) as acc2:
    out = tf.matmul(w, w)
print(acc2.jvp(out))
with tf.autodiff.ForwardAccumulator(x, v) as acc3:
    with tf.GradientTape() as tape:
        tape.watch(x)
        f = tf.reduce_sum(x ** 3)
    g = tape.gradient(f, x)
print(g, acc3.jvp(g))
with tf.autodiff.ForwardAccumulator([x, w], [v, tf.zeros_like(w)]) as acc4:
    q = tf.reduce_sum(x) * tf.reduce_sum(w)
print(acc4.jvp(q))
print(acc4.jvp(x), acc4.jvp(w))
