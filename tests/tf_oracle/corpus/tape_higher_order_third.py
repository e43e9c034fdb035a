# mode: eager
# checks: three nested tapes give the third derivative of tanh at 0.5
import tensorflow as tf

x = tf.constant(0.5)
with tf.GradientTape() as g3:
    g3.watch(x)
    with tf.GradientTape() as g2:
        g2.watch(x)
        with tf.GradientTape() as g1:
            g1.watch(x)
            y = tf.tanh(x)
        d1 = g1.gradient(y, x)
    d2 = g2.gradient(d1, x)
d3 = g3.gradient(d2, x)
print(f"{d1.numpy():.6f} {d2.numpy():.6f} {d3.numpy():.6f}")
