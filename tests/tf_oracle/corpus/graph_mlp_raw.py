# mode: graph
# checks: a raw two-layer MLP learning XOR with explicit weights and tf.gradients updates
import numpy as np
import tensorflow as tf

X = tf.placeholder(tf.float32, [None, 2])
Y = tf.placeholder(tf.float32, [None, 1])
W1 = tf.Variable([[0.5, -0.4, 0.3], [-0.2, 0.6, 0.1]])
b1 = tf.Variable([0.0, 0.1, -0.1])
W2 = tf.Variable([[0.7], [-0.5], [0.2]])
b2 = tf.Variable([0.05])
h = tf.nn.sigmoid(tf.matmul(X, W1) + b1)
out = tf.nn.sigmoid(tf.matmul(h, W2) + b2)
loss = tf.reduce_mean(tf.square(out - Y))
params = [W1, b1, W2, b2]
grads = tf.gradients(loss, params)
with tf.control_dependencies(grads):  # every gradient is computed before any weight changes
    updates = [p.assign(p - 2.0 * g) for p, g in zip(params, grads)]

xor_x = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=np.float32)
xor_y = np.array([[0], [1], [1], [0]], dtype=np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(1500):
        l, _ = sess.run([loss, updates], feed_dict={X: xor_x, Y: xor_y})
        if step % 300 == 0:
            print(step, l)
    print(np.round(sess.run(out, feed_dict={X: xor_x}), 3))
