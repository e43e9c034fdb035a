# mode: eager
# checks: the Huber loss function and object (delta=1.0 and delta=0.5)
import tensorflow as tf

y_true = tf.constant([[0.0, 1.0], [0.0, 0.0]])
y_pred = tf.constant([[0.6, 0.4], [0.4, 2.6]])
print(tf.keras.losses.huber(y_true, y_pred).numpy())
print(tf.keras.losses.Huber()(y_true, y_pred).numpy())
print(tf.keras.losses.Huber(delta=0.5)(y_true, y_pred).numpy())
x = tf.Variable(y_pred)
with tf.GradientTape() as tape:
    loss = tf.keras.losses.Huber()(y_true, x)
print(tape.gradient(loss, x).numpy())
