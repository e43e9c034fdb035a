# mode: graph
# checks: using a Session after close() is a RuntimeError
import tensorflow as tf

a = tf.constant(1.0)
sess = tf.Session()
print(sess.run(a))
sess.close()
print(sess.run(a))
