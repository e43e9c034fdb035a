# mode: eager
# checks: loss objects with reduction= 'sum_over_batch_size', 'sum' and None
import tensorflow as tf

y_true = tf.constant([[0.0, 1.0], [0.0, 0.0], [1.0, 1.0]])
y_pred = tf.constant([[1.0, 1.0], [1.0, 0.0], [0.5, 0.25]])

for reduction in ['sum_over_batch_size', 'sum', None]:
    mse = tf.keras.losses.MeanSquaredError(reduction=reduction)
    print(reduction, mse(y_true, y_pred).numpy())
mae = tf.keras.losses.MeanAbsoluteError()
print(mae(y_true, y_pred).numpy())
print(mae(y_true, y_pred, sample_weight=tf.constant([1.0, 0.0, 2.0])).numpy())
