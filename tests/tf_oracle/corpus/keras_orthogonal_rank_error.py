# mode: eager
# checks: the Orthogonal initializer refuses a 1-D shape, as Keras 3 does
import tensorflow as tf

init = tf.keras.initializers.Orthogonal(seed=1)
print(init(shape=(2, 2)).numpy())
print(init(shape=(3,)).numpy())
