# mode: graph
# checks: running an unconnected (None) gradient in a Session is a TypeError
import tensorflow as tf

w1 = tf.Variable(2.0)
w2 = tf.Variable(3.0)
loss = w1 * 4.0
grads = tf.gradients(loss, [w1, w2])
print(grads)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(grads))
