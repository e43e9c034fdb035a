# mode: graph
# checks: the first TF1 program: a string constant run in a Session is bytes; str and bytes constants, non-ASCII UTF-8, nested lists come back as object arrays of bytes; how they print inside a list of results
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()

hello = tf.constant('hello,tensorflow')
sess = tf.compat.v1.Session()
print(sess.run(hello))
print(hello)
words = tf.constant(["héllo", "wörld"])
raw = tf.constant([b"\xff\x00", b"ok"])
grid = tf.constant([["a", "b"], ["c", "d"]])
print(sess.run(words), sess.run(raw))
print(sess.run([hello, words, grid]))
print(sess.run({"w": words[1], "n": tf.constant(3)}))
print(repr(sess.run(grid)))
print(sess.run(tf.reshape(grid, [4])), sess.run(tf.concat([words, ["x"]], 0)))
print(sess.run(tf.stack([hello, words[0]])), sess.run(tf.identity(grid[:, 1])))
print(sess.run(tf.zeros([2], tf.string)), hello.eval(session=sess))
print(sess.run(tf.equal(words, "héllo")), sess.run(tf.not_equal(grid, "b")))
