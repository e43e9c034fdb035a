# mode: eager
# checks: int32 / int32 is true division in float64; // and % stay int32
import tensorflow as tf

a = tf.constant(7)
b = tf.constant(2)
print(a / b)
print(a // b)
print(a % b)
print(tf.constant([7, -7]) // 2)
print(tf.math.truediv(a, b).dtype)
