# mode: graph
# checks: tf.layers.dense in name scopes, sparse softmax cross entropy, in_top_k accuracy
import numpy as np
import tensorflow as tf

tf.set_random_seed(3)
X = tf.placeholder(tf.float32, shape=[None, 4], name="X")
y = tf.placeholder(tf.int64, shape=[None], name="y")
with tf.name_scope("dnn"):
    hidden = tf.layers.dense(X, 5, name="hidden1", activation=tf.nn.relu)
    logits = tf.layers.dense(hidden, 3, name="outputs")
with tf.name_scope("loss"):
    xent = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits)
    loss = tf.reduce_mean(xent, name="loss")
with tf.name_scope("train"):
    op = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
with tf.name_scope("eval"):
    correct = tf.nn.in_top_k(logits, y, 1)
    accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))
rng = np.random.RandomState(0)
xs = rng.randn(12, 4).astype(np.float32)
ys = rng.randint(0, 3, size=12)
with tf.Session() as sess:
    tf.global_variables_initializer().run()
    for epoch in range(5):
        sess.run(op, feed_dict={X: xs, y: ys})
        print(epoch, accuracy.eval(feed_dict={X: xs, y: ys}))
    print([v.name for v in tf.trainable_variables()])
