# mode: graph
# checks: a variable fetched in the same sess.run as its update gets the value after the update
import tensorflow as tf

v = tf.Variable(1.0)
update = tf.assign(v, v + 10.0)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([update, v]))
    print(sess.run([v, update]))
    print(sess.run(v))
    print(sess.run(v * 2.0))
