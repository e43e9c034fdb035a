# mode: eager
# checks: model.summary() of a small Sequential with an Input
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input(shape=(4,)),
                             tf.keras.layers.Dense(8, activation='relu'),
                             tf.keras.layers.Dense(3)])
model.summary()
print(model.count_params())
