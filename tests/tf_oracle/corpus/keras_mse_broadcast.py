# mode: eager
# checks: MSE of a (N,) target against a (N, 1) prediction: Keras loss vs hand-written broadcasting
import tensorflow as tf

y_true = tf.constant([1.0, 2.0, 3.0])
y_pred = tf.constant([[1.5], [2.0], [2.0]])
print(tf.keras.losses.MeanSquaredError()(y_true, y_pred).numpy())
print(tf.keras.losses.mse(y_true, y_pred).numpy())
print(tf.reduce_mean(tf.square(y_true - y_pred)).numpy())
print((y_true - y_pred).shape)
