# mode: eager
# checks: ForwardAccumulator.jvp of a Python number is TensorFlow's AttributeError
import tensorflow as tf

x = tf.constant(2.0)
with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
    y = x * x
print(acc.jvp(y))
print(acc.jvp(3.0))
