# mode: graph
# checks: tf.while_loop over nested loop variables (a tuple inside the tuple, a dict), results nested alike, gradients through them
import tensorflow as tf
tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [])
n = tf.placeholder(tf.int32, [])


def body(i, pair):
    a, b = pair
    return i + 1, (a * x, b + a)


out = tf.while_loop(lambda i, p: i < n, body, (tf.constant(0), (tf.constant(1.0), tf.constant(0.0))))
print(out)
g = tf.gradients(out[1][1], x)
d = tf.while_loop(lambda s: s["k"] < 4, lambda s: [{"k": s["k"] + 1, "v": s["v"] * x}], [{"k": 0, "v": x}])
print(d)
gd = tf.gradients(d[0]["v"], x)
with tf.Session() as sess:
    print(sess.run([out, g], {x: 2.0, n: 3}))
    print(sess.run([out, g], {x: 0.5, n: 5}))
    print(sess.run([d, gd], {x: 1.5}))
