# mode: graph
# checks: a while_loop bounded by a fed count and maximum_iterations, gradients through it wrt a variable and a placeholder (zeros for no iteration)
import tensorflow as tf
tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [None])
n = tf.placeholder(tf.int32, [])
w = tf.Variable(1.5)
i, y = tf.while_loop(lambda i, y: i < n, lambda i, y: (i + 1, y * w + x), (tf.constant(0), x),
                     maximum_iterations=4)
print(i, y)
loss = tf.reduce_sum(y * y)
gw, gx = tf.gradients(loss, [w, x])
_, s = tf.while_loop(lambda k, s: tf.reduce_sum(s) < 20.0, lambda k, s: (k + 1, s * w + 1.0),
                     [tf.constant(0), tf.ones([2]) * w], parallel_iterations=1)
gs = tf.gradients(s, w)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for count in (3, 0, 9):
        print(count, sess.run([i, y, loss, gw, gx], {x: [1.0, 2.0], n: count}))
    print(sess.run([s, gs]))
    sess.run(w.assign(2.5))
    print(sess.run([s, gs]))
