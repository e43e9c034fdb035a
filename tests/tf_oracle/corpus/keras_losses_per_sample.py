# mode: eager
# checks: Keras loss functions return one loss per sample (categorical, binary, mse, mae)
import tensorflow as tf

y_true = tf.constant([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]])
y_pred = tf.constant([[0.05, 0.9, 0.05], [0.3, 0.5, 0.2]])

print(tf.keras.losses.categorical_crossentropy(y_true, y_pred))
print(tf.keras.losses.binary_crossentropy(y_true, y_pred))
print(tf.keras.losses.MSE(y_true, y_pred))
print(tf.keras.losses.mse(y_true, y_pred))
print(tf.keras.losses.mae(y_true, y_pred))
print(tf.keras.losses.MAE(y_true, y_pred))
