# mode: eager
# checks: Keras 3's seeded Orthogonal initializer (QR of a normal draw, sign-corrected; transposed for wide shapes; gain; a 3-D kernel) and its name spellings
import numpy as np
import tensorflow as tf

tall = tf.keras.initializers.Orthogonal(seed=3)(shape=(3, 2)).numpy()
print(tall)
print(tf.keras.initializers.Orthogonal(seed=3)(shape=(2, 3)).numpy())
print(tf.keras.initializers.Orthogonal(gain=2.0, seed=4)(shape=(4, 4)).numpy())
print(tf.keras.initializers.OrthogonalInitializer(seed=5)(shape=(2, 2, 3)).numpy())
print(np.round(tall.T @ tall, 5))
print(type(tf.keras.initializers.get('orthogonal')).__name__)
layer = tf.keras.layers.Dense(3, kernel_initializer=tf.keras.initializers.Orthogonal(seed=7))
print(layer(tf.ones((1, 3))).numpy())
