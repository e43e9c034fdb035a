# mode: graph
# checks: the MNIST-for-beginners softmax regression on seeded synthetic data, accuracy idiom
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
prototypes = rng.rand(10, 16).astype(np.float32)
def make(n):
    labels = rng.randint(0, 10, n)
    images = prototypes[labels] + 0.3 * rng.randn(n, 16).astype(np.float32)
    return images, np.eye(10, dtype=np.float32)[labels]
train_images, train_labels = make(200)
test_images, test_labels = make(50)

x = tf.placeholder(tf.float32, [None, 16])
W = tf.Variable(tf.zeros([16, 10]))
b = tf.Variable(tf.zeros([10]))
y = tf.nn.softmax(tf.matmul(x, W) + b)
y_ = tf.placeholder(tf.float32, [None, 10])
cross_entropy = tf.reduce_mean(-tf.reduce_sum(y_ * tf.log(y), reduction_indices=[1]))
train_step = tf.train.GradientDescentOptimizer(0.5).minimize(cross_entropy)

sess = tf.InteractiveSession()
tf.global_variables_initializer().run()
for i in range(100):
    start = (i * 20) % 200
    batch_xs, batch_ys = train_images[start:start + 20], train_labels[start:start + 20]
    sess.run(train_step, feed_dict={x: batch_xs, y_: batch_ys})
correct_prediction = tf.equal(tf.argmax(y, 1), tf.argmax(y_, 1))
accuracy = tf.reduce_mean(tf.cast(correct_prediction, tf.float32))
print(sess.run(accuracy, feed_dict={x: test_images, y_: test_labels}))
print(sess.run(cross_entropy, feed_dict={x: train_images, y_: train_labels}))
sess.close()
