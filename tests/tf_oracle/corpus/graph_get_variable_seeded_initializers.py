# mode: graph
# checks: get_variable's default glorot_uniform and random_normal_initializer under a graph seed give TF's numbers
import tensorflow as tf

tf.set_random_seed(1234)
with tf.variable_scope("layer"):
    w = tf.get_variable("w", [3, 2])
    b = tf.get_variable("b", [2], initializer=tf.random_normal_initializer(stddev=0.1))
    c = tf.get_variable("c", [2], initializer=tf.truncated_normal_initializer(seed=5))
    n = tf.get_variable("n", [2], dtype=tf.int32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(w))
    print(sess.run([b, c, n]))
