# mode: eager
# checks: binary crossentropy of probabilities 0 and 1 is clipped at Keras' epsilon
import tensorflow as tf

y_true = tf.constant([[1.0, 0.0, 1.0]])
y_pred = tf.constant([[0.0, 1.0, 1.0]])
print(tf.keras.losses.binary_crossentropy(y_true, y_pred).numpy())
print(tf.keras.losses.BinaryCrossentropy()(y_true, y_pred).numpy())
print(tf.keras.backend.epsilon())
p = tf.Variable([[0.0, 1.0, 0.5]])
with tf.GradientTape() as tape:
    loss = tf.keras.losses.binary_crossentropy(y_true, p)
print(tape.gradient(loss, p).numpy())
