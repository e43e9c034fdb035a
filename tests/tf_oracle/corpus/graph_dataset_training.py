# mode: graph
# checks: a TF1 linear regression fed from ds.make_one_shot_iterator() over shuffled, repeated batches
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(3)
features = rng.rand(20, 1).astype(np.float32)
labels = 3.0 * features + 1.0
dataset = tf.data.Dataset.from_tensor_slices((features, labels)).shuffle(20, seed=1).batch(5).repeat()
x, y = dataset.make_one_shot_iterator().get_next()
w = tf.Variable(tf.zeros([1, 1]))
b = tf.Variable(tf.zeros([1]))
loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - y))
train = tf.train.GradientDescentOptimizer(0.5).minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(200):
        _, value = sess.run([train, loss])
        if step % 50 == 0:
            print(step, value)
    print(sess.run([w, b]))
