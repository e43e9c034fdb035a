# mode: graph
# checks: tf.custom_gradient in graph mode (clip the gradient), fed batches of two sizes
import tensorflow as tf

@tf.custom_gradient
def clip_grad(x):
    def grad(dy):
        return tf.clip_by_value(dy, -0.5, 0.5)
    return tf.identity(x), grad

x = tf.placeholder(tf.float32, [None])
y = tf.reduce_sum(clip_grad(x * 3.0) * tf.constant(2.0))
g = tf.gradients(y, x)
print(y)
with tf.Session() as sess:
    print(sess.run([y, g], {x: [1.0, 2.0]}))
    print(sess.run(g, {x: [1.0, 2.0, 3.0]}))
