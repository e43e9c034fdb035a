# mode: graph
# checks: the straight-through estimator with gradient_override_map (Round -> Identity)
import tensorflow as tf

x = tf.Variable([0.2, 0.7, 1.4])
g = tf.get_default_graph()
with g.gradient_override_map({"Round": "Identity"}):
    q = tf.round(x)
y = tf.reduce_sum(q * tf.constant([1.0, 2.0, 3.0]))
plain = tf.gradients(tf.reduce_sum(tf.round(x)), x)
ste = tf.gradients(y, x)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(q))
    print(sess.run(ste))
    print(plain)
