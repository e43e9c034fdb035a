# mode: graph
# checks: the learning rate fed through a placeholder, decayed by hand each epoch
import tensorflow as tf

lr = tf.placeholder(tf.float32, shape=[])
w = tf.Variable(10.0)
loss = tf.square(w - 1.0)
train = tf.train.GradientDescentOptimizer(lr).minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    rate = 0.4
    for epoch in range(5):
        sess.run(train, feed_dict={lr: rate})
        print(epoch, rate, sess.run(w))
        rate *= 0.5
