# mode: graph
# checks: a TF1 linear model on sparse features (tf.sparse_placeholder fed a SparseTensorValue, sparse_tensor_dense_matmul) trained by GradientDescentOptimizer.minimize on a squared error: the losses, weights and predictions; a second batch of another size and dense shape; compute_gradients' pairs
import numpy as np
import tensorflow as tf

x = tf.sparse_placeholder(tf.float32, name="x")
y_ = tf.placeholder(tf.float32, [None, 1])
W = tf.Variable(tf.zeros([5, 1]), name="W")
b = tf.Variable(tf.zeros([1]), name="b")
logits = tf.sparse_tensor_dense_matmul(x, W) + b
loss = tf.reduce_mean(tf.square(logits - y_))
opt = tf.train.GradientDescentOptimizer(0.3)
grads = opt.compute_gradients(loss)
train = opt.apply_gradients(grads)
print(logits, loss, [v.name for _, v in grads])
feed = {x: tf.SparseTensorValue([[0, 0], [0, 3], [1, 1], [2, 4], [3, 0], [3, 2]],
                                [1.0, 0.5, 1.0, 2.0, 1.0, 1.0], [4, 5]),
        y_: np.array([[1.0], [0.0], [1.0], [0.0]])}
other = {x: ([[0, 1], [1, 4]], [3.0, -1.0], [2, 5]), y_: np.array([[0.5], [2.0]])}
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(30):
        _, l = sess.run([train, loss], feed)
        if step % 6 == 0:
            print(step, l)
    print(sess.run(W).ravel(), sess.run(b))
    print(sess.run(logits, feed).ravel())
    print(sess.run([loss, grads], other))
    sess.run(train, other)
    print(sess.run([W, b]))
