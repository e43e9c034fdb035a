# mode: graph
# checks: the names TF1 code prints for tensors of composite ops (each made in TensorFlow's name scope: dropout, the cross entropies, tf.losses' value, clip_by_value, zeros_like, l2_normalize, moments), the optimizers' update ops and slot variables (VAR/Adam outside a user's name scope), and that later top-level ops keep TensorFlow's numbering (TF1's tf.where is a Select); TF1's softmax_cross_entropy_with_logits gives its labels no gradient, _v2 does
import numpy as np
import tensorflow as tf

tf.set_random_seed(1)
x = tf.placeholder(tf.float32, [None, 3], name="x")
labels = tf.placeholder(tf.float32, [None, 3], name="labels")
ids = tf.placeholder(tf.int32, [None], name="ids")
keep_prob = tf.placeholder(tf.float32)
W = tf.Variable(tf.random_normal([3, 3], seed=2), name="W")
logits = tf.matmul(tf.nn.dropout(x, keep_prob), W)
shown = [tf.nn.dropout(x, keep_prob), tf.nn.dropout(x, 0.5),
         tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits),
         tf.nn.softmax_cross_entropy_with_logits_v2(labels=labels, logits=logits),
         tf.nn.sparse_softmax_cross_entropy_with_logits(labels=ids, logits=logits),
         tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits),
         tf.losses.mean_squared_error(labels, logits), tf.losses.softmax_cross_entropy(labels, logits),
         tf.losses.sparse_softmax_cross_entropy(ids, logits), tf.clip_by_value(logits, -1.0, 1.0),
         tf.zeros_like(x), tf.ones_like(x), tf.nn.l2_normalize(x, 1)] + list(tf.nn.moments(x, [0]))
for t in shown:
    print(t)
g_labels = tf.gradients(tf.reduce_sum(shown[3]), labels)[0]
print(tf.gradients(tf.reduce_sum(shown[2]), labels), g_labels.shape)
b = tf.Variable(tf.zeros([3]), name="b")
loss = tf.reduce_mean(tf.square(logits + b - labels))
with tf.name_scope("train"):
    adam = tf.train.AdamOptimizer(0.01).minimize(loss)
sgd = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
momentum = tf.train.MomentumOptimizer(0.1, 0.9).minimize(loss, name="with_momentum")
print(adam.name, sgd.name, momentum.name)
print([v.name for v in tf.global_variables()])
print(tf.multiply(x, 2.0), tf.subtract(x, 1.0), tf.maximum(x, 0.0), tf.sqrt(x), tf.shape(x), tf.where(x > 0, x, x), tf.where(x > 0, x, x, name="picked"))
feed = {x: np.arange(6, dtype=np.float32).reshape(2, 3) / 4, labels: [[0, 1, 0], [1, 0, 0]], ids: [1, 0],
        keep_prob: 1.0}
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(g_labels, feed))
    print([sess.run([loss, adam], feed)[0] for step in range(3)], [sess.run([loss, sgd], feed)[0] for _ in "ab"])
    print(sess.run(shown[2:9], feed))
