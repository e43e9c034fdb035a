# mode: graph
# checks: minimize with global_step increments it; exponential_decay of the learning rate
import tensorflow as tf

global_step = tf.Variable(0, trainable=False)
lr = tf.train.exponential_decay(0.5, global_step, decay_steps=2, decay_rate=0.5, staircase=True)
w = tf.Variable(4.0)
loss = w * w
train = tf.train.GradientDescentOptimizer(lr).minimize(loss, global_step=global_step)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for _ in range(5):
        _, step, rate = sess.run([train, global_step, lr])
        print(step, rate, sess.run(w))
