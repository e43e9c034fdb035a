# mode: eager
# checks: float32 arithmetic: (x + 1) - x at 1e8 is 0; 0.1 + 0.2; float64 for comparison
import tensorflow as tf

x = tf.constant(1e8)
print(((x + 1.0) - x).numpy())
print((tf.constant(0.1) + tf.constant(0.2)).numpy())
x64 = tf.constant(1e8, dtype=tf.float64)
print(((x64 + 1.0) - x64).numpy())
print(tf.constant(16777217.0).numpy())
print((tf.constant(1.0) / 3.0).numpy(), float(tf.constant(1.0) / 3.0))
s = tf.constant(0.0)
for _ in range(10):
    s = s + 0.1
print(s.numpy(), s.numpy() == 1.0)
