# mode: graph
# checks: a graph tf.while_loop whose condition reads a variable: run at session time, again after the variable changes
import tensorflow as tf
tf.disable_v2_behavior()

a = tf.get_variable("a", dtype=tf.int32, shape=[], initializer=tf.ones_initializer())
b = tf.constant(2)
f = tf.constant(6)


def cond(a, b, f):
    return a < f


def body(a, b, f):
    print("body sees", a, b, f)
    return a + 1, b * 2, f


a2, b2, f2 = tf.while_loop(cond, body, [a, b, f])
print(a2, b2, f2)
print(tf.while_loop(lambda i: i < 10, lambda i: i * 3, [a]))
print(tf.while_loop(lambda i: i < 10, lambda i: [i * 3], [a], return_same_structure=True))
with tf.Session() as sess:
    tf.global_variables_initializer().run()
    print(sess.run([a2, b2, f2]))
    sess.run(tf.assign(a, 4))
    print(sess.run([a2, b2, f2]))
    sess.run(tf.assign(a, 9))
    print(sess.run([a2, b2]))
