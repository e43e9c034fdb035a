# mode: eager
# checks: Keras 3's Dropout: its SeedGenerator state variable (seeded from Python's random by set_random_seed, or its seed), stateless masks that change per call, noise_shape, and where the state is listed
import tensorflow as tf
tf.keras.utils.set_random_seed(3)
d = tf.keras.layers.Dropout(0.5)
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3), d])
print(len(model.variables), [v.path for v in model.non_trainable_variables], [v.path for v in model.variables])
print(d.seed_generator.state, d.seed_generator.state.dtype)
x = tf.ones([2, 4])
print(d(x, training=True))
print(d(x, training=True))
print(d.seed_generator.state.numpy())
d2 = tf.keras.layers.Dropout(0.25, seed=7)
print(d2(tf.ones([6]), training=True))
print(d2(tf.ones([6]), training=True))
d3 = tf.keras.layers.Dropout(0.5, noise_shape=(1, 4), seed=1)
print(d3(tf.ones([2, 4]), training=True))
