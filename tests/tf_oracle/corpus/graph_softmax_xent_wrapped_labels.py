# mode: graph
# checks: softmax_cross_entropy_with_logits_v2 with labels tf.stop_gradient([one_hot]) (a list around them: rank 3 against rank-2 logits, flattened as TensorFlow does) trains a softmax classifier; tf.one_hot's tensor is named one_hot
import numpy as np
import tensorflow as tf

tf.set_random_seed(5)
rng = np.random.RandomState(2)
features = rng.randint(0, 2, (30, 6)).astype(np.float32)
classes = (features[:, :3].sum(1) % 4).astype(np.int32).reshape(-1, 1)

X = tf.placeholder(tf.float32, [None, 6])
Y = tf.placeholder(tf.int32, [None, 1])
Y_one_hot = tf.one_hot(Y, 4)
print(Y_one_hot)
Y_flat = tf.reshape(Y_one_hot, [-1, 4])
print(Y_flat)
W = tf.Variable(tf.random_normal([6, 4]))
b = tf.Variable(tf.random_normal([4]))
logits = tf.matmul(X, W) + b
xent = tf.nn.softmax_cross_entropy_with_logits_v2(logits=logits, labels=tf.stop_gradient([Y_flat]))
print(xent.shape)
cost = tf.reduce_mean(xent)
train = tf.train.GradientDescentOptimizer(0.5).minimize(cost)
correct = tf.equal(tf.argmax(logits, 1), tf.argmax(Y_flat, 1))
accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(201):
        c, _ = sess.run([cost, train], {X: features, Y: classes})
        if step % 50 == 0:
            print(step, f"{c:.5f}", sess.run(accuracy, {X: features, Y: classes}))
