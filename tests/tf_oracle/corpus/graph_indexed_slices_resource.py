# mode: graph
# checks: IndexedSlices gradients of a resource variable (ResourceGather, Gather_grad/Const): gathers and embedding_lookup concatenated, a dense read too made dense (AddN), fetched in a run
import tensorflow as tf

r = tf.Variable(tf.ones([4, 2]), use_resource=True)
ra = tf.gather(r, [0, 1])
g12 = tf.gradients(tf.reduce_sum(ra) + tf.reduce_sum(tf.nn.embedding_lookup(r, [2])), r)[0]
print(g12)
g13 = tf.gradients(tf.reduce_sum(ra) + tf.reduce_sum(r), r)[0]
print(g13)
g14 = tf.gradients(tf.reduce_sum(ra * 5.0), r)[0]
print(g14, g14.shape)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for g in (g12, g13, g14):
        print(sess.run(g))
