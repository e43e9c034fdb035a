# mode: graph
# checks: tf.numpy_function on a placeholder with two outputs runs once per sess.run; its outputs have no gradient
import numpy as np
import tensorflow as tf

calls = []

def stats(a):
    calls.append(a.shape)
    return np.float32(a.mean()), (a - a.mean()).astype(np.float32)

x = tf.placeholder(tf.float32, [None])
mean, centred = tf.numpy_function(stats, [x], [tf.float32, tf.float32])
print(mean, centred)
loss = tf.reduce_sum(centred * x)
print(tf.gradients(loss, x))
with tf.Session() as sess:
    print(sess.run([mean, centred], {x: [1.0, 2.0, 6.0]}))
    print(sess.run(loss, {x: [1.0, 3.0]}))
    print(sess.run(mean, {x: [4.0]}))
print(len(calls), calls)
