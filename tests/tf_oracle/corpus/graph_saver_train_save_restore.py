# mode: graph
# checks: the classic TF1 program: train, save, change the variables, restore the saved values (checkpoints kept for the run)
import tensorflow as tf
import numpy as np

tf.compat.v1.disable_v2_behavior()
x = tf.compat.v1.placeholder(tf.float32, [None, 2], name='x')
y = tf.compat.v1.placeholder(tf.float32, [None, 1], name='y')
W = tf.Variable([[0.5], [-0.5]], name='W')
b = tf.Variable([0.0], name='b')
loss = tf.reduce_mean(tf.square(tf.matmul(x, W) + b - y))
train = tf.compat.v1.train.GradientDescentOptimizer(0.02).minimize(loss)
xs = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
ys = np.array([[1.0], [2.0]], np.float32)
saver = tf.compat.v1.train.Saver()
with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    for step in range(3):
        _, l = sess.run([train, loss], {x: xs, y: ys})
        print(step, l)
    path = saver.save(sess, './model.ckpt')
    print('saved to', path)
    trained = sess.run(W)
    sess.run(W.assign([[9.0], [9.0]]))
    print(sess.run(W))
    saver.restore(sess, 'model.ckpt')
    print(sess.run(W), (sess.run(W) == trained).all())
    print(sess.run(loss, {x: xs, y: ys}))
with tf.compat.v1.Session() as sess2:
    saver.restore(sess2, path)
    print(sess2.run([W, b]))
