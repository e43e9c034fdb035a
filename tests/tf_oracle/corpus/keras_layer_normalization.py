# mode: eager
# checks: Keras 3's LayerNormalization: axis (int, negative, list), epsilon, center, scale, its weights' names / shapes / paths, values and gradients under a tape, printing, in a Sequential fit
import numpy as np
import tensorflow as tf

x = tf.constant(np.arange(24, dtype=np.float32).reshape(2, 3, 4) ** 1.5 / 10.0)
ln = tf.keras.layers.LayerNormalization()
print(ln, ln.axis, ln.epsilon, ln.center, ln.scale)
out = ln(x)
print(ln, ln.axis, [(w.name, w.path, tuple(w.shape)) for w in ln.weights])
print(out.numpy())
print(type(ln), ln.gamma, ln.beta)
for kwargs in [dict(axis=1), dict(axis=[1, 2], epsilon=0.5), dict(axis=-2, center=False), dict(scale=False, epsilon=1e-5),
               dict(axis=(2, 1), center=False, scale=False), dict(beta_initializer="ones", gamma_initializer=tf.keras.initializers.Constant(2.0))]:
    layer = tf.keras.layers.LayerNormalization(**kwargs)
    y = layer(x)
    print(sorted(kwargs), layer.name, layer.axis, [(w.path, tuple(w.shape)) for w in layer.weights])
    print(y.numpy().round(5))
layer = tf.keras.layers.LayerNormalization(axis=[1, 2], gamma_initializer=tf.keras.initializers.RandomNormal(seed=4),
                                           beta_initializer=tf.keras.initializers.RandomUniform(seed=5))
xv = tf.Variable(tf.reshape(tf.range(12, dtype=tf.float32) ** 2 / 7.0, (2, 2, 3)))
with tf.GradientTape() as tape:
    y = layer(xv)
    loss = tf.reduce_sum(y * tf.constant([1.0, -2.0, 0.5]))
grads = tape.gradient(loss, [xv] + layer.trainable_variables)
for g in grads:
    print(g.numpy())
print(layer.count_params(), len(layer.non_trainable_weights))
tf.keras.utils.set_random_seed(1)
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3), tf.keras.layers.LayerNormalization(), tf.keras.layers.Dense(1)])
xs = np.linspace(-1, 1, 32, dtype=np.float32).reshape(8, 4)
ys = xs.sum(axis=1, keepdims=True)
model.compile(optimizer=tf.keras.optimizers.SGD(0.05), loss="mse")
hist = model.fit(xs, ys, epochs=3, batch_size=4, shuffle=False, verbose=0)
print(np.round(hist.history["loss"], 5), [w.path for w in model.weights])
print(model.layers[1].gamma.numpy(), model.layers[1].beta.numpy())
model.summary()
