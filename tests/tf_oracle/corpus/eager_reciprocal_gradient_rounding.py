# mode: eager
# checks: log, log1p, tan and atan gradients multiply by a float32 reciprocal as TensorFlow's rules do (dy * (1/x), not dy / x): the last bit of float32 gradients, printed in full
import numpy as np
import tensorflow as tf

x = tf.constant(np.linspace(0.1, 1.4, 24).astype(np.float32))
for f in (tf.math.log, tf.math.log1p, tf.math.tan, tf.math.atan):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(3.7 * f(x))
    print(f.__name__, [float(v) for v in tape.gradient(y, x).numpy()])
