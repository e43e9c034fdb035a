# mode: eager
# checks: a Dense(softmax) layer then CategoricalCrossentropy() on a saturated input
import tensorflow as tf

layer = tf.keras.layers.Dense(3, activation='softmax',
                              kernel_initializer=tf.keras.initializers.Constant([[10.0, 0.0, -10.0]]),
                              bias_initializer='zeros')
x = tf.constant([[10.0]])
y = tf.constant([[0.0, 0.0, 1.0]])
with tf.GradientTape() as tape:
    p = layer(x)
    loss = tf.keras.losses.CategoricalCrossentropy()(y, p)
print(p.numpy())
print(loss.numpy())
g = tape.gradient(loss, layer.trainable_variables)
print([t.numpy().tolist() for t in g])
