# mode: graph
# checks: with tf.Graph().as_default(): two independent graphs and their op names
import tensorflow as tf

g1 = tf.Graph()
with g1.as_default():
    a = tf.constant(1.0)
    b = a * 2.0
    grad = tf.gradients(b, a)
g2 = tf.Graph()
with g2.as_default():
    c = tf.constant(5.0)
    d = c * c
print(b.graph is g1, d.graph is g2, b)
print(d)
with tf.Session(graph=g1) as sess:
    print(sess.run([b, grad]))
with tf.Session(graph=g2) as sess:
    print(sess.run(d))
with tf.Graph().as_default():
    x = tf.placeholder(tf.float32)
    y = 3 * x
    with tf.Session() as sess:
        print(sess.run(tf.gradients(y, x), {x: 1.0}))
