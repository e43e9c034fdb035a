# mode: eager
# checks: tf.equal / greater / less / logical_and / logical_or / logical_not and the accuracy idiom
import tensorflow as tf

pred = tf.constant([0.9, 0.2, 0.6, 0.4])
labels = tf.constant([1.0, 0.0, 0.0, 1.0])
print(tf.greater(pred, 0.5))
print(tf.less(pred, 0.5))
print(tf.equal(tf.cast(pred > 0.5, tf.float32), labels))
both = tf.logical_and(pred > 0.3, pred < 0.8)
print(both, tf.logical_or(pred > 0.8, pred < 0.3), tf.logical_not(both))
acc = tf.reduce_mean(tf.cast(tf.equal(tf.round(pred), labels), tf.float32))
print("accuracy:", acc.numpy())
print(tf.greater_equal(pred, 0.6).numpy(), tf.not_equal(labels, 1.0).numpy())
