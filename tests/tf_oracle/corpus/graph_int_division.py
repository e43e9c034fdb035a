# mode: graph
# checks: int32 / int32 in a graph is float64; run through a Session
import tensorflow as tf

a = tf.constant(7)
b = tf.constant(2)
c = a / b
print(c)
with tf.Session() as sess:
    print(sess.run(c), sess.run(a // b))
