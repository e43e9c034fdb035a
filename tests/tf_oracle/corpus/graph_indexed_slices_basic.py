# mode: graph
# checks: tf.gradients of a variable read only by tf.gather is an IndexedSlices (TF's tensor names); sess.run gives an IndexedSlicesValue; it converts to the dense tensor; `*` is a TypeError
import tensorflow as tf

emb = tf.Variable(tf.ones([4, 2]))
gs = tf.gradients(tf.reduce_sum(tf.gather(emb, [0, 1]) * 3.0), emb)[0]
print(type(gs).__name__)
print(gs)
print(gs.values, gs.indices, gs.dense_shape)
print(gs.dtype, gs.shape, gs.name)
dense = tf.convert_to_tensor(gs)
print(dense)
print(-gs)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    r = sess.run(gs)
    print(type(r).__name__)
    print(r)
    print(r.values, r.indices, r.dense_shape)
    print(sess.run(dense))
    print(sess.run([gs, gs.values]))
    print(sess.run({"g": gs}))
    print(sess.run(tf.multiply(gs, 2.0)))
    print(sess.run(-gs))
try:
    gs * 2.0
except TypeError as e:
    print("TypeError:", e)
try:
    2.0 * gs
except TypeError as e:
    print("TypeError:", e)
try:
    gs + gs
except TypeError as e:
    print("TypeError:", e)
