# mode: eager
# checks: the names and paths Keras 3 gives a Sequential model's variables
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input(shape=(4,)),
    tf.keras.layers.Dense(3, name='hidden'),
    tf.keras.layers.Dense(1, name='output'),
], name='net')
for v in model.trainable_variables:
    print(v.name, v.path, v.shape, v.dtype)
print(len(model.layers), model.layers[0].name)
print([type(v).__name__ for v in model.trainable_variables][:1])
