# mode: graph
# checks: the TF1 "deep MNIST" layer helpers (conv2d SAME, 2x2 max_pool SAME) trained a few steps on seeded data
import numpy as np
import tensorflow as tf

tf.set_random_seed(0)

def weight_variable(shape):
    return tf.Variable(tf.truncated_normal(shape, stddev=0.1))

def bias_variable(shape):
    return tf.Variable(tf.constant(0.1, shape=shape))

def conv2d(x, W):
    return tf.nn.conv2d(x, W, strides=[1, 1, 1, 1], padding='SAME')

def max_pool_2x2(x):
    return tf.nn.max_pool(x, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding='SAME')

x = tf.placeholder(tf.float32, [None, 36])
y_ = tf.placeholder(tf.float32, [None, 3])
x_image = tf.reshape(x, [-1, 6, 6, 1])
W_conv1 = weight_variable([3, 3, 1, 4])
b_conv1 = bias_variable([4])
h_pool1 = max_pool_2x2(tf.nn.relu(conv2d(x_image, W_conv1) + b_conv1))
print(h_pool1.shape)
W_fc = weight_variable([3 * 3 * 4, 3])
b_fc = bias_variable([3])
y_conv = tf.matmul(tf.reshape(h_pool1, [-1, 3 * 3 * 4]), W_fc) + b_fc
cross_entropy = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y_, logits=y_conv))
train_step = tf.train.AdamOptimizer(1e-2).minimize(cross_entropy)
correct = tf.equal(tf.argmax(y_conv, 1), tf.argmax(y_, 1))
accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))
rng = np.random.RandomState(0)
xs = rng.rand(8, 36).astype(np.float32)
ys = np.eye(3, dtype=np.float32)[rng.randint(0, 3, size=8)]
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(4):
        _, ce = sess.run([train_step, cross_entropy], feed_dict={x: xs, y_: ys})
        print(i, ce)
    print(accuracy.eval(feed_dict={x: xs, y_: ys}))
