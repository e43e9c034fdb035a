# mode: graph
# checks: tf.nn.embedding_lookup of a variable, MomentumOptimizer and RMSPropOptimizer in one graph
import numpy as np
import tensorflow as tf

emb = tf.Variable(np.arange(12, dtype=np.float32).reshape(4, 3) / 10)
ids = tf.placeholder(tf.int32, [None])
target = tf.placeholder(tf.float32, [None, 3])
vec = tf.nn.embedding_lookup(emb, ids)
loss = tf.reduce_mean(tf.square(vec - target))
w = tf.Variable(2.0)
loss2 = tf.square(w - 1.0)
step1 = tf.train.MomentumOptimizer(0.5, 0.9).minimize(loss)
step2 = tf.train.RMSPropOptimizer(0.1).minimize(loss2)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(3):
        _, _, l, l2 = sess.run([step1, step2, loss, loss2], {ids: [0, 2, 2], target: np.ones((3, 3))})
        print(i, l, l2)
    print(sess.run(emb))
