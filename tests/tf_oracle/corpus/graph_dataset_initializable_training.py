# mode: graph
# checks: a TF1 linear regression trained from an initializable iterator over fed NumPy data, shuffled with a seed, re-initialized each epoch
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

tf.set_random_seed(1)
xs = np.linspace(0.0, 1.0, 10).astype(np.float32).reshape(-1, 1)
ys = (3.0 * xs + 1.0).astype(np.float32)
x_in = tf.placeholder(tf.float32, [None, 1])
y_in = tf.placeholder(tf.float32, [None, 1])
ds = tf.data.Dataset.from_tensor_slices((x_in, y_in)).shuffle(10, seed=7).batch(4)
it = ds.make_initializable_iterator()
bx, by = it.get_next()
w = tf.Variable([[0.5]])
b = tf.Variable([0.0])
loss = tf.reduce_mean(tf.square(tf.matmul(bx, w) + b - by))
train = tf.train.GradientDescentOptimizer(0.5).minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for epoch in range(5):
        sess.run(it.initializer, feed_dict={x_in: xs, y_in: ys})
        losses = []
        try:
            while True:
                _, l = sess.run([train, loss])
                losses.append(l)
        except tf.errors.OutOfRangeError:
            pass
        print(epoch, len(losses), losses[-1], sess.run(w).ravel(), sess.run(b))
    sess.run(it.initializer, feed_dict={x_in: xs[:4], y_in: ys[:4]})
    print(sess.run(by).ravel())
