# mode: eager
# checks: BatchNormalization in a tape with training=True, its moving statistics after a step
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(6)
bn = tf.keras.layers.BatchNormalization()
dense = tf.keras.layers.Dense(1, kernel_initializer='ones')
x = tf.constant(np.array([[1., 2.], [3., 5.], [0., -1.]], dtype=np.float32))
with tf.GradientTape() as tape:
    h = bn(x, training=True)
    out = tf.reduce_sum(dense(h))
grads = tape.gradient(out, bn.trainable_variables)
print(h)
print(grads)
print(bn.moving_mean.numpy(), bn.moving_variance.numpy())
print([v.name for v in bn.variables])
