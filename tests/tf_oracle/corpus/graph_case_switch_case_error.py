# mode: graph
# checks: tf.case (a dict of pairs, exclusive, a default; a list without default) and tf.switch_case, their gradients and names, TF1 cond's names; no predicate true is the default's InvalidArgumentError
import tensorflow as tf

x = tf.placeholder(tf.float32, [])
y = tf.placeholder(tf.float32, [])
out = tf.case({tf.less(x, y): lambda: tf.add(x, y), tf.greater(x, y): lambda: tf.subtract(x, y)},
              default=lambda: tf.constant(0.0), exclusive=True)
r = tf.case([(tf.less(x, 0.0), lambda: x * 2.0), (tf.greater(x, 5.0), lambda: x * 3.0)])
g = tf.gradients(out, [x, y])
i = tf.placeholder(tf.int32, [])
s = tf.switch_case(i, [lambda: tf.constant(10.0), lambda: x * 10.0], default=lambda: tf.constant(-1.0))
pair = tf.cond(x > 0, lambda: (x, x * 2.0), lambda: (x - 1.0, x))
print(out, r, pair)
with tf.Session() as sess:
    for a, b in [(1.0, 2.0), (3.0, 1.0), (2.0, 2.0)]:
        print(sess.run([out, g], {x: a, y: b}))
    print(sess.run(r, {x: -1.0}), sess.run(r, {x: 6.0}), sess.run(pair, {x: 2.0}))
    print([sess.run(s, {i: k, x: 2.0}) for k in (0, 1, 2, -1)])
    print(sess.run(r, {x: 1.0}))
