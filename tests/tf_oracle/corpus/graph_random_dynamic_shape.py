# mode: graph
# checks: random ops whose shape is a tensor (a VAE's eps = tf.random_normal(tf.shape(mu)), [tf.shape(x)[0], 2]) drawn for each batch size fed, and a gradient through the reparameterised sample
import numpy as np
import tensorflow as tf

tf.set_random_seed(11)
x = tf.placeholder(tf.float32, [None, 3])
W = tf.Variable(tf.ones([3, 2]) * 0.5)
mu = tf.matmul(x, W)
log_sigma = tf.Variable(tf.zeros([2]))
eps = tf.random_normal(tf.shape(mu))
z = mu + tf.exp(log_sigma) * eps
noise = tf.random_uniform([tf.shape(x)[0], 2], -1.0, 1.0)
print(eps)
print(z)
loss = tf.reduce_sum(tf.square(z)) + tf.reduce_sum(noise)
grads = tf.gradients(loss, [W, log_sigma])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    batch = np.array([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]], dtype=np.float32)
    print(sess.run(eps, {x: batch}))
    print(sess.run([z, noise], {x: batch[:1]}))
    value, (gW, gs) = sess.run([loss, grads], {x: batch})
    print(value)
    print(gW)
    print(gs)
