# mode: eager
# checks: tf.nn.compute_average_loss of a float batch size (TypeError) caught, then of a scalar loss: TensorFlow's ValueError
import tensorflow as tf

losses = tf.constant([0.5, 1.5, 2.0])
print(tf.nn.compute_average_loss(losses).numpy())
try:
    tf.nn.compute_average_loss(losses, global_batch_size=4.0)
except TypeError as e:
    print("TypeError:", e)
tf.nn.compute_average_loss(tf.reduce_sum(losses))
