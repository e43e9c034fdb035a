# mode: eager
# checks: tf.gather's gradient (IndexedSlices) converted to a dense tensor, with repeated indices
import tensorflow as tf

params = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape() as tape:
    rows = tf.gather(params, [0, 2, 0])
    loss = tf.reduce_sum(rows * rows)
g = tape.gradient(loss, params)
print(type(g).__name__)
print(tf.convert_to_tensor(g).numpy())
