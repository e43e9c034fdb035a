# mode: graph
# checks: minimize of a loss reading an embedding only through embedding_lookup (Momentum, Adam): the sparse updates; the same loss with a dense read of the embedding too: the dense updates (every row's slots move)
import numpy as np
import tensorflow as tf

tf.set_random_seed(0)
emb = tf.Variable(np.linspace(-1.0, 1.0, 12, dtype=np.float32).reshape(6, 2))
ids = tf.placeholder(tf.int64, [None])
labels = tf.placeholder(tf.float32, [None])
logits = tf.reduce_sum(tf.nn.embedding_lookup(emb, ids), axis=1)
loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits))
dense_loss = loss + 0.01 * tf.reduce_sum(emb * emb)
feeds = [([0, 1, 1], [1.0, 0.0, 0.0]), ([5, 2], [1.0, 1.0]), ([3, 0, 4, 3], [0.0, 1.0, 0.0, 1.0])]
for make in (lambda: tf.train.MomentumOptimizer(0.5, 0.9), lambda: tf.train.AdamOptimizer(0.05)):
    for objective in (loss, dense_loss):
        opt = make()
        train = opt.minimize(objective, var_list=[emb])
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            for step in range(2):
                for i, y in feeds:
                    _, value = sess.run([train, objective], {ids: i, labels: y})
            print(round(float(value), 6))
            print(sess.run(emb))
            print(sess.run(opt.get_slot(emb, opt.get_slot_names()[0])))
