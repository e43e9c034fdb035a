# mode: eager
# checks: Keras 3's newer activations (mish, celu, glu, log_sigmoid, hard_tanh, the shrinks, squareplus, threshold): values, get / serialize, gradients through a Dense
import numpy as np
import tensorflow as tf

x = tf.constant([-3.0, -1.0, -0.4, 0.0, 0.3, 0.7, 2.5])
acts = tf.keras.activations
for name in ["mish", "celu", "log_sigmoid", "hard_tanh", "soft_shrink", "hard_shrink", "tanh_shrink", "squareplus"]:
    fn = acts.get(name)
    print(name, fn is getattr(acts, name), acts.serialize(fn), fn(x).numpy())
print(acts.celu(x, alpha=0.5).numpy())
print(acts.soft_shrink(x, threshold=1.0).numpy(), acts.hard_shrink(x, threshold=0.35).numpy())
print(acts.squareplus(x, b=1).numpy())
print(acts.threshold(x, 0.5, -2.0).numpy())
print(acts.glu(tf.reshape(tf.range(8, dtype=tf.float32) - 4.0, (2, 4))).numpy())
print(acts.glu(tf.reshape(tf.range(8, dtype=tf.float32) / 4.0, (4, 2)), axis=0).numpy())
print(acts.mish(np.array([1.0, -2.0], dtype=np.float32)).numpy())
tf.keras.utils.set_random_seed(3)
for name in ["mish", "celu", "log_sigmoid", "hard_tanh", "tanh_shrink", "squareplus", "soft_shrink"]:
    layer = tf.keras.layers.Dense(3, activation=name, kernel_initializer=tf.keras.initializers.GlorotUniform(seed=1))
    inputs = tf.constant([[0.5, -1.5], [2.0, 0.25]])
    with tf.GradientTape() as tape:
        out = layer(inputs)
        loss = tf.reduce_sum(out * out)
    grads = tape.gradient(loss, layer.trainable_variables)
    print(name, out.numpy().round(6), grads[0].numpy().round(6), grads[1].numpy().round(6))
x2 = tf.Variable([-1.5, -0.2, 0.6, 1.7])
with tf.GradientTape(persistent=True) as tape:
    ys = [acts.get(n)(x2) for n in ["mish", "celu", "log_sigmoid", "hard_tanh", "hard_shrink", "squareplus"]]
    yt = acts.threshold(x2, 0.0, 0.5)
for y in ys + [yt]:
    print(tape.gradient(y, x2).numpy())
print(tf.keras.layers.Activation("mish")(x).numpy())
