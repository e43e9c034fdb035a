# mode: eager
# checks: tf.nn.softmax_cross_entropy_with_logits and its gradient softmax - labels
import tensorflow as tf

logits = tf.Variable([[2.0, 1.0, 0.1], [0.5, 2.5, -1.0]])
labels = tf.constant([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
with tf.GradientTape() as tape:
    ce = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    loss = tf.reduce_mean(ce)
print(ce.numpy())
print(loss.numpy())
print(tape.gradient(loss, logits).numpy())
print(tf.nn.softmax(logits).numpy())
