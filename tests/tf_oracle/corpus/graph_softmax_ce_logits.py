# mode: graph
# checks: tf.nn.softmax_cross_entropy_with_logits_v2 and sparse in graph mode, with gradients
import tensorflow as tf

logits = tf.Variable([[2.0, 1.0, 0.1], [0.5, 2.5, -1.0]])
labels = tf.constant([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
ce = tf.nn.softmax_cross_entropy_with_logits_v2(labels=labels, logits=logits)
sce = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 2], logits=logits)
loss = tf.reduce_mean(ce)
g = tf.gradients(loss, logits)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(ce))
    print(sess.run(sce))
    print(sess.run(g))
