# mode: graph
# checks: gradient_override_map naming a gradient nobody registered fails when the gradient is taken
import tensorflow as tf

x = tf.Variable([0.4, 1.6])
with tf.get_default_graph().gradient_override_map({"Round": "NoSuchGradient"}):
    q = tf.round(x)
print(q)
g = tf.gradients(tf.reduce_sum(q), x)
