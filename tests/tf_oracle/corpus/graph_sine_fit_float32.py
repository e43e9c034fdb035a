# mode: graph
# checks: float32 sin and cos are TensorFlow's Eigen kernels in a TF1 graph too: a sine fit by sess.run, its gradients through cos
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

xs = np.linspace(-3.0, 3.0, 21, dtype=np.float32)
ys = (1.7 * np.sin(1.3 * xs)).astype(np.float32)
x = tf.placeholder(tf.float32, [None])
y = tf.placeholder(tf.float32, [None])
a = tf.Variable(1.0)
b = tf.Variable(1.0)
pred = a * tf.sin(b * x) + 0.1 * tf.cos(3.0 * x)
loss = tf.reduce_mean(tf.square(pred - y))
ga, gb = tf.gradients(loss, [a, b])
train = tf.train.GradientDescentOptimizer(0.05).minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(pred, {x: xs}))
    for step in range(30):
        l, g1, g2 = sess.run([loss, ga, gb], {x: xs, y: ys})    # (before the update: one run would race it)
        sess.run(train, {x: xs, y: ys})
        if step % 6 == 0:
            print(step, l, g1, g2)
    print(sess.run([a, b]))
