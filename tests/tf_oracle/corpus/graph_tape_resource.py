# mode: graph
# checks: a GradientTape in a TF1 graph (no tf.function) differentiates the graph: resource variables and watched tensors, persistent, unconnected None
import tensorflow as tf
import numpy as np

X = tf.constant(np.arange(6, dtype=np.float32).reshape(2, 3))
w = tf.Variable(tf.ones([3, 1]), use_resource=True)
c = tf.constant(2.0)
with tf.GradientTape() as tape:
    tape.watch(c)
    loss = tf.reduce_sum(tf.matmul(X, w) ** 2) * c
g = tape.gradient(loss, [w, c])
print([t.shape for t in g], tf.executing_eagerly())
with tf.GradientTape(persistent=True) as t2:
    t2.watch(c)
    y = c * c * c
dy = t2.gradient(y, c)
both = t2.gradient(y, [c, X])
print(both[1])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(g))
    print(sess.run([dy, both[0]]))
