# mode: graph
# checks: while_loop shape_invariants (a growing loop variable), nested loops, back_prop=False, names of loop tensors
import tensorflow as tf
tf.disable_v2_behavior()

v0 = tf.placeholder(tf.float32, [1])
z = tf.while_loop(lambda v: tf.reduce_sum(v) < 10.0, lambda v: tf.concat([v, v * 2.0], 0), [v0],
                  shape_invariants=[tf.TensorShape([None])])
print(z)
gz = tf.gradients(tf.reduce_sum(z), v0)


def outer_body(i, total):
    inner = tf.while_loop(lambda j, t: j < i, lambda j, t: (j + 1, t + tf.cast(j, tf.float32)), [0, total])
    return i + 1, inner[1]


i, total = tf.while_loop(lambda i, t: i < 4, outer_body, [tf.constant(0), tf.constant(0.0)], name="outer")
print(i, total)
c = tf.Variable(3.0)
_, frozen = tf.while_loop(lambda k, p: k < 3, lambda k, p: (k + 1, p * c), [0, c], back_prop=False)
print(tf.gradients(frozen, c))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([z, gz], {v0: [1.0]}))
    print(sess.run([z, gz], {v0: [3.0]}))
    print(sess.run([i, total, frozen]))
