# mode: eager
# checks: a tf.function train step (traced once) through mish / LayerNormalization / GaussianDropout(training=True) / squareplus with Nadam: losses, weights and Nadam's momentum product
import numpy as np
import tensorflow as tf
tf.keras.utils.set_random_seed(2)
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(4, activation="mish"),
                             tf.keras.layers.LayerNormalization(), tf.keras.layers.GaussianDropout(0.3, seed=1),
                             tf.keras.layers.Dense(1, activation="squareplus")])
opt = tf.keras.optimizers.Nadam(0.01)
x = tf.constant(np.linspace(-1, 1, 15, dtype=np.float32).reshape(5, 3))
y = tf.constant([[1.0], [2.0], [0.5], [1.5], [3.0]])

@tf.function
def step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((model(x, training=True) - y) ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss

for i in range(4):
    print(step(x, y).numpy())
print(model.layers[1].gamma.numpy(), opt.variables[-1].numpy(), opt.iterations.numpy())
