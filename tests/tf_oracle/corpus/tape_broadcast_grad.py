# mode: eager
# checks: broadcasting in the forward pass sums the gradient back to the source's shape
import tensorflow as tf

b = tf.Variable([1.0, 2.0, 3.0])
s = tf.Variable(2.0)
x = tf.ones([4, 3])
with tf.GradientTape() as tape:
    y = tf.reduce_sum((x + b) * s)
db, ds = tape.gradient(y, [b, s])
print(db)
print(ds)
