# mode: eager
# checks: keras.random.normal / uniform with a SeedGenerator (each draw the next), an int seed (the same each time) and none (a global generator); keras.backend.random_normal / random_uniform seeded from NumPy's generator
import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(4)
gen = keras.random.SeedGenerator(1337)
print(keras.random.normal((2, 3), seed=gen).numpy())
print(keras.random.normal((2, 3), seed=gen).numpy())
print(keras.random.uniform((3,), minval=-1.0, maxval=2.0, seed=gen).numpy(), gen.state.numpy())
print(keras.random.normal((2,), seed=7).numpy(), keras.random.normal((2,), seed=7).numpy())
print(keras.random.uniform((2,)).numpy(), keras.random.uniform((2,)).numpy())
print(keras.backend.random_normal((2, 2)).numpy(), np.random.randint(100))
print(keras.backend.random_uniform((3,), maxval=5.0).numpy(), keras.backend.random_normal((1,), seed=3).numpy())
