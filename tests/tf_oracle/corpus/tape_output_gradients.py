# mode: eager
# checks: output_gradients weights the target's components (a vector-Jacobian product)
import tensorflow as tf

x = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    y = x * x
g = tape.gradient(y, x, output_gradients=tf.constant([1.0, 0.0, -1.0]))
print(g)
