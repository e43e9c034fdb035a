# mode: graph
# checks: @tf.custom_gradient with tf.log in graph mode; the gradient at x = 100 with and without it
import tensorflow as tf

@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)
    def grad(dy):
        return dy * (1 - 1 / (1 + e))
    return tf.log(1 + e), grad

def naive(x):
    return tf.log(1 + tf.exp(x))

x = tf.constant(100.)
dy = tf.gradients(log1pexp(x), x)
dn = tf.gradients(naive(x), x)
with tf.Session() as sess:
    print("output: ", sess.run(dy))
    print("naive: ", sess.run(dn))
