# mode: eager
# checks: seeded Keras 3 initializers called directly (each call of one initializer gives the same values) and in Dense layers
import tensorflow as tf

print(tf.keras.initializers.RandomNormal(mean=0.0, stddev=1.0, seed=3)(shape=(2, 2)).numpy())
init = tf.keras.initializers.RandomUniform(minval=-1.0, maxval=1.0, seed=5)
print(init(shape=(3,)).numpy(), init(shape=(3,)).numpy())
print(tf.keras.initializers.TruncatedNormal(stddev=0.2, seed=8)(shape=(4,)).numpy())
print(tf.keras.initializers.HeNormal(seed=1)(shape=(2, 3)).numpy())
print(tf.keras.initializers.GlorotNormal(seed=2)(shape=(3, 2)).numpy())
print(tf.keras.initializers.LecunUniform(seed=4)(shape=(2, 2)).numpy())
layer = tf.keras.layers.Dense(2, kernel_initializer=tf.keras.initializers.GlorotUniform(seed=9),
                              bias_initializer=tf.keras.initializers.RandomNormal(stddev=0.1, seed=10))
out = layer(tf.constant([[1.0, 2.0, 3.0]]))
print(layer.kernel.numpy())
print(out.numpy())
