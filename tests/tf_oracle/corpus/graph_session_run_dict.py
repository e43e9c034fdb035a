# mode: graph
# checks: sess.run with a dict and a nested tuple of fetches
import tensorflow as tf

a = tf.constant(2.0)
b = tf.constant(3.0)
c = a * b
with tf.Session() as sess:
    print(sess.run({'sum': a + b, 'prod': c}))
    print(sess.run((a, [b, c])))
    print(sess.run(c, feed_dict={a: 10.0}))
