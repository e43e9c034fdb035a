# mode: graph
# checks: an MLP with tf.get_variable layers, trained on minibatches, evaluated on a test set of another size
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(42)
X_all = rng.randn(120, 4).astype(np.float32)
y_all = (X_all[:, 0] * X_all[:, 1] > 0).astype(np.int64)
X_train, y_train, X_test, y_test = X_all[:100], y_all[:100], X_all[100:], y_all[100:]

def dense(x, n_in, n_out, name, activation=None):
    with tf.variable_scope(name):
        w = tf.get_variable("w", [n_in, n_out], initializer=tf.constant_initializer(0.1 * (1 + np.arange(n_in * n_out).reshape(n_in, n_out) % 3 - 1)))
        b = tf.get_variable("b", [n_out], initializer=tf.zeros_initializer())
        z = tf.matmul(x, w) + b
        return activation(z) if activation else z

x = tf.placeholder(tf.float32, [None, 4])
y = tf.placeholder(tf.int64, [None])
h = dense(x, 4, 8, "hidden", tf.nn.relu)
logits = dense(h, 8, 2, "out")
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
train = tf.train.GradientDescentOptimizer(0.3).minimize(loss)
accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1), y), tf.float32))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for epoch in range(30):
        for i in range(0, 100, 25):
            sess.run(train, {x: X_train[i:i + 25], y: y_train[i:i + 25]})
        if epoch % 10 == 9:
            print(epoch + 1, sess.run([loss, accuracy], {x: X_train, y: y_train}))
    print("test accuracy", sess.run(accuracy, {x: X_test, y: y_test}))
