# mode: eager
# checks: sparse categorical crossentropy with int32 labels is a float loss per sample
import tensorflow as tf

labels = tf.constant([2, 0], dtype=tf.int32)
probs = tf.constant([[0.3, 0.6, 0.1], [0.2, 0.1, 0.7]])
logits = tf.math.log(probs)
print(tf.keras.losses.sparse_categorical_crossentropy(labels, probs))
print(tf.keras.losses.sparse_categorical_crossentropy(labels, logits, from_logits=True))
obj = tf.keras.losses.SparseCategoricalCrossentropy()
print(obj(labels, probs))
print(obj(labels, probs).dtype)
