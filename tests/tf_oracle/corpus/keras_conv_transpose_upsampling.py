# mode: eager
# checks: Conv2DTranspose (strides 1 and 2, 'valid' and 'same', kernel layout (kh, kw, filters, in)), UpSampling2D, GlobalMaxPooling1D / 2D, Conv1D: values, shapes, a functional model's summary-free shapes, and the gradients under a tape
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(11)
x = tf.constant(np.random.RandomState(0).uniform(-1, 1, (2, 3, 3, 2)).astype("float32"))
for strides, padding, kernel in (((1, 1), "valid", 3), ((2, 2), "same", 4), ((2, 2), "valid", 3), (2, "same", 1)):
    layer = tf.keras.layers.Conv2DTranspose(3, kernel, strides=strides, padding=padding,
                                            kernel_initializer="glorot_uniform", bias_initializer="ones")
    y = layer(x)
    print(strides, padding, kernel, layer.kernel.shape, y.shape, np.round(y.numpy()[1, :, :, 0], 5))
    print(layer.compute_output_shape((None, 3, 3, 2)))
up = tf.keras.layers.UpSampling2D((2, 3))(x)
print(up.shape, up.numpy()[0, :, :, 1])
print(tf.keras.layers.GlobalMaxPooling2D()(x).numpy(), tf.keras.layers.GlobalMaxPooling2D(keepdims=True)(x).shape)
seq = tf.reshape(x, (2, 9, 2))
print(tf.keras.layers.GlobalMaxPooling1D()(seq).numpy())
conv1 = tf.keras.layers.Conv1D(2, 3, strides=2, activation="relu")
print(conv1(seq).numpy(), conv1.kernel.shape)
same1 = tf.keras.layers.Conv1D(1, 4, padding="same", use_bias=False)
print(same1(seq).numpy()[:, :, 0])

inputs = tf.keras.Input((4, 4, 1))
h = tf.keras.layers.Conv2DTranspose(2, 3, strides=2, padding="same", activation="relu")(inputs)
h = tf.keras.layers.UpSampling2D()(h)
out = tf.keras.layers.GlobalMaxPooling2D()(h)
model = tf.keras.Model(inputs, out)
print(h.shape, out.shape, [w.shape for w in model.weights])
image = tf.constant(np.random.RandomState(1).uniform(0, 1, (1, 4, 4, 1)).astype("float32"))
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(model(image) ** 2)
grads = tape.gradient(loss, model.trainable_weights)
print(float(loss), [np.round(g.numpy(), 5) for g in grads])
