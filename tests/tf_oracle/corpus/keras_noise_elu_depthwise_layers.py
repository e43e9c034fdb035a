# mode: eager
# checks: Keras 3's ELU, Identity, ActivityRegularization (its losses, in fit), GaussianNoise / GaussianDropout (identity unless training=True; seeded draws; their seed generators), DepthwiseConv2D (weights, values, gradients)
import numpy as np
import tensorflow as tf

x = tf.constant([[-2.0, -0.5, 0.0, 1.5], [0.25, -1.0, 3.0, -4.0]])
for layer in [tf.keras.layers.ELU(), tf.keras.layers.ELU(alpha=0.3), tf.keras.layers.Identity(),
              tf.keras.layers.ActivityRegularization(l1=0.1, l2=0.01), tf.keras.layers.GaussianNoise(0.5, seed=3),
              tf.keras.layers.GaussianDropout(0.4, seed=7)]:
    print(layer, type(layer).__name__, layer(x).numpy(), [v.path for v in layer.variables], layer.losses)
noise, drop = tf.keras.layers.GaussianNoise(0.2, seed=11), tf.keras.layers.GaussianDropout(0.3, seed=12)
for _ in range(2):
    print(noise(x, training=True).numpy(), drop(x, training=True).numpy())
print(noise.seed_generator.state.numpy(), noise.stddev, drop.rate, len(noise.weights), len(noise.non_trainable_variables))
reg = tf.keras.layers.ActivityRegularization(l1=0.01, l2=0.1)
xv = tf.Variable(x)
with tf.GradientTape() as tape:
    y = reg(xv * 2.0)
    loss = tf.add_n(reg.losses)
print(y.numpy(), [l.numpy() for l in reg.losses], tape.gradient(loss, xv).numpy(), reg.l1, reg.l2)
img = tf.constant(np.arange(2 * 5 * 5 * 3, dtype=np.float32).reshape(2, 5, 5, 3) / 50.0 - 1.0)
for kwargs in [dict(kernel_size=3), dict(kernel_size=(2, 3), strides=2, padding="same", depth_multiplier=2, activation="relu")]:
    dw = tf.keras.layers.DepthwiseConv2D(depthwise_initializer=tf.keras.initializers.GlorotUniform(seed=2),
                                         bias_initializer="ones", **kwargs)
    with tf.GradientTape() as tape:
        out = dw(img)
        loss = tf.reduce_sum(out ** 2)
    grads = tape.gradient(loss, dw.trainable_weights)
    print(dw.name, [(w.path, tuple(w.shape)) for w in dw.weights], out.shape, dw.count_params())
    print(out.numpy()[0, :2].round(5), grads[0].numpy()[:, :, 0].round(4), grads[1].numpy().round(4))
tf.keras.utils.set_random_seed(5)
model = tf.keras.Sequential([tf.keras.Input((5, 5, 3)), tf.keras.layers.DepthwiseConv2D(2), tf.keras.layers.ELU(),
                             tf.keras.layers.GaussianNoise(0.1, seed=1), tf.keras.layers.Flatten(),
                             tf.keras.layers.GaussianDropout(0.2, seed=2), tf.keras.layers.Dense(1),
                             tf.keras.layers.ActivityRegularization(l2=0.05), tf.keras.layers.Identity()])
model.compile(optimizer="adam", loss="mse")
hist = model.fit(img.numpy(), np.array([[1.0], [-1.0]]), epochs=3, verbose=0)
print(np.round(hist.history["loss"], 5), model.predict(img.numpy(), verbose=0).round(5), len(model.losses))
print(model.layers[0].kernel.shape, model.layers[0].output.shape, model.layers[-1].output.shape)
