# mode: graph
# checks: tf.compat.v1's __version__ before any other name is looked up (the book's assert after disable_v2_behavior), then a placeholder run
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
assert tf.__version__.startswith('2.')
print(tf.__version__)

a = tf.placeholder(tf.float32, name='variable_a')
b = tf.placeholder(tf.float32, name='variable_b')
c = tf.add(a, b, name='variable_c')
w = tf.get_variable("w", [2], initializer=tf.initializers.ones())
g = tf.gradients(c * tf.reduce_sum(w * w), [a, w])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print('a+b=', sess.run(c, feed_dict={a: 2., b: 4.}))
    print(sess.run(g, feed_dict={a: 2., b: 4.}))
print(c.name, g[1].name)
