# mode: graph
# checks: a variable used on several paths: the gradients of the paths add up
import tensorflow as tf

w = tf.Variable(2.0)
a = w * 3.0
b = w * w
c = tf.sin(w)
out = a + b + c
g = tf.gradients(out, w)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(out), sess.run(g))
