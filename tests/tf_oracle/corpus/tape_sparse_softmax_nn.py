# mode: eager
# checks: tf.nn.sparse_softmax_cross_entropy_with_logits with int32 labels
import tensorflow as tf

logits = tf.Variable([[2.0, 1.0, 0.1], [0.5, 2.5, -1.0]])
labels = tf.constant([0, 2])
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
print(loss)
print(tape.gradient(loss, logits))
