# mode: eager
# checks: reduce_sum of per-sample categorical crossentropy: the loss and gradient are per batch sum
import tensorflow as tf

logits = tf.Variable([[1.0, 2.0, 0.5], [0.1, 0.2, 3.0]])
labels = tf.constant([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]])
with tf.GradientTape() as tape:
    probs = tf.nn.softmax(logits)
    per_sample = tf.keras.losses.categorical_crossentropy(labels, probs)
    loss = tf.reduce_sum(per_sample)
print(per_sample.numpy())
print(loss.numpy())
print(tape.gradient(loss, logits).numpy())
