# mode: graph
# checks: several gathers of one variable: the IndexedSlices concatenated in TensorFlow's backward order (concat / concat_1, the first one's dense_shape); a dense read too makes it dense (AddN); resource variables (ResourceGather, Gather_grad/Const), embedding_lookup, tensors, fed indices, int64 indices, Identity
import numpy as np
import tensorflow as tf

emb = tf.Variable(np.arange(8.0, dtype=np.float32).reshape(4, 2))
a = tf.gather(emb, [0, 1])
b = tf.gather(emb, [3])
g1 = tf.gradients(tf.reduce_sum(a * 3.0) + tf.reduce_sum(b), emb)[0]
print(g1)
g2 = tf.gradients(tf.reduce_sum(a * 3.0) + tf.reduce_sum(tf.nn.embedding_lookup(emb, [2, 2])), emb)[0]
print(g2)
g3 = tf.gradients(tf.reduce_sum(a * 3.0) + tf.reduce_sum(emb), emb)[0]
print(g3)
ids = tf.placeholder(tf.int32, [None])
g4 = tf.gradients(tf.reduce_sum(tf.gather(emb, ids) * emb[0, 0]), emb)[0]
print(type(g4).__name__)
g5 = tf.gradients(tf.reduce_sum(tf.gather(emb, ids)), emb)[0]
print(g5, g5.shape)
g6 = tf.gradients(tf.reduce_sum(tf.gather(emb, tf.constant([1, 2], tf.int64))) + tf.reduce_sum(a), emb)[0]
print(g6)
g7 = tf.gradients(tf.reduce_sum(tf.gather(emb, [[0, 1], [2, 2]]) ** 2), emb)[0]
print(g7)
w = tf.Variable([1.0, 2.0, 3.0])
g8 = tf.gradients(tf.reduce_sum(a) * tf.reduce_sum(w), [emb, w])
print(type(g8[0]).__name__, g8[1])
t = tf.constant(np.arange(6.0, dtype=np.float32).reshape(3, 2))
g9 = tf.gradients(tf.reduce_sum(tf.gather(tf.identity(t), [0])) + tf.reduce_sum(tf.gather(t, [1]) * 2.0), t)[0]
print(g9)
g10 = tf.gradients(tf.reduce_sum(tf.gather(tf.gather(emb, [1, 2]), [0])), emb)[0]
print(g10)
g11 = tf.gradients(tf.reduce_sum(tf.stop_gradient(tf.gather(emb, [1]))) + tf.reduce_sum(a), emb)[0]
print(g11)
print(tf.gradients(tf.reduce_sum(a), emb, stop_gradients=[a]))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for g in (g1, g2, g3, g6, g7, g9, g10, g11):
        print(sess.run(g))
    print(sess.run(g5, {ids: [3, 3, 1]}))
    print(sess.run(tf.convert_to_tensor(g5), {ids: [3, 3, 1]}))
    print(sess.run(g4, {ids: [0, 2]}))
    print(sess.run(tf.convert_to_tensor(g2)))
