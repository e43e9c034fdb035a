# mode: eager
# checks: categorical / binary crossentropy from_logits=True, functions and objects
import tensorflow as tf

logits = tf.constant([[2.0, -1.0, 0.5], [0.0, 3.0, -2.0]])
labels = tf.constant([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
print(tf.keras.losses.categorical_crossentropy(labels, logits, from_logits=True).numpy())
print(tf.keras.losses.CategoricalCrossentropy(from_logits=True)(labels, logits).numpy())
print(tf.keras.losses.binary_crossentropy(labels, logits, from_logits=True).numpy())
print(tf.keras.losses.BinaryCrossentropy(from_logits=True)(labels, logits).numpy())
