# mode: eager
# checks: an eager tf.nn.softmax that saturates, then CategoricalCrossentropy(): Keras clips probabilities
import tensorflow as tf

logits = tf.Variable([[100.0, 0.0, -100.0], [0.0, 20.0, 0.0]])
labels = tf.constant([[0.0, 0.0, 1.0], [0.0, 1.0, 0.0]])
loss_fn = tf.keras.losses.CategoricalCrossentropy()
with tf.GradientTape() as tape:
    probs = tf.nn.softmax(logits)
    loss = loss_fn(labels, probs)
print(probs.numpy())
print(loss.numpy())
print(tape.gradient(loss, logits).numpy())
print(tf.keras.losses.categorical_crossentropy(labels, probs).numpy())
