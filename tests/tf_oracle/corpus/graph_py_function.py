# mode: graph
# checks: graph-mode tf.py_function runs its function eagerly at each sess.run and is differentiable (EagerPyFunc's gradient); tf.py_func's gradient is None
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [None])


def f(t):
    print("called with", type(t).__name__, t.shape)
    return t * t + 1.0


y = tf.py_function(f, [x], tf.float32)
print(y, y.op.type, y.shape)
z = tf.reduce_sum(y * 2.0)
g = tf.gradients(z, x)
print(g)
w = tf.py_func(lambda a: (a * 3).astype(np.float32), [x], tf.float32)
print(w, w.op.type)
print(tf.gradients(tf.reduce_sum(w), x))


def two(a, b):
    return a + b, a * tf.sin(b)


s, p = tf.py_function(two, [x, tf.constant(2.0)], [tf.float32, tf.float32])
print(s, p)
grads = tf.gradients(s * p, [x])
with tf.Session() as sess:
    print(sess.run(y, {x: [1.0, 2.0]}))
    print(sess.run(g, {x: [1.0, 2.0]}))
    print(sess.run([z, g], {x: [0.5]}))
    print(sess.run([s, p], {x: [3.0]}))
    print(sess.run(grads, {x: [3.0, -1.0]}))
    print(sess.run(w, {x: [1.0, 2.0]}))
