# mode: graph
# checks: the names of the tensors tf.gradients returns, printed before running them
import tensorflow as tf

x = tf.placeholder(tf.float32, shape=[], name='x')
w = tf.Variable(3.0, name='w')
y = w * x
z = tf.square(y) + tf.sin(x)
grads = tf.gradients(z, [x, w])
print(grads)
print([g.name for g in grads])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(grads, feed_dict={x: 2.0}))
