# mode: graph
# checks: reading a variable before global_variables_initializer is FailedPreconditionError
import tensorflow as tf

w = tf.Variable(1.0, name="w")
y = w * 2.0
with tf.Session() as sess:
    print(sess.run(y))
