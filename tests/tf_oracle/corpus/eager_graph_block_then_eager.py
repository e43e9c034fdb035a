# mode: eager
# checks: TF2 code builds a graph in `with tf.Graph().as_default():` through tf.compat.v1 (graph mode inside, eager after), as the migration guides do
import tensorflow as tf

print(tf.executing_eagerly())
g = tf.Graph()
with g.as_default():
    print(tf.executing_eagerly())
    x = tf.compat.v1.placeholder(tf.float32, [None])
    v = tf.Variable(2.0)
    y = x * v + tf.reduce_sum(x)
    grad = tf.gradients(y, [x, v])
    print(y, v.name, y.graph is g)
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        out, (gx, gv) = sess.run([y, grad], {x: [1.0, 2.0]})
        print(out, gx, float(gv))
print(tf.executing_eagerly())
w = tf.Variable(3.0)
with tf.GradientTape() as tape:
    z = w * w
print(tape.gradient(z, w))
with tf.Graph().as_default() as h:
    c = tf.constant([1.0, 2.0]) * 3.0
    print(c, tf.compat.v1.get_default_graph() is h)
print(tf.constant(1.0) + 1.0)
