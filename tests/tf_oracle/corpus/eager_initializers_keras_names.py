# mode: eager
# checks: TF 2's tf.initializers is Keras' (RandomNormal, GlorotUniform, Constant classes, get), a Dense layer built from one and trained a step on a tape
import tensorflow as tf

init = tf.initializers.RandomNormal(stddev=0.01, seed=3)
print(type(init).__name__, init.get_config())
print(type(tf.initializers.GlorotUniform()).__name__, type(tf.initializers.get("zeros")).__name__)
print(tf.initializers.Constant(2.0)(shape=(2, 2)))
print(tf.initializers.Zeros()(shape=(3,)))

net = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer=tf.initializers.Constant(0.5))])
x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
y = tf.constant([[1.0], [2.0]])
opt = tf.keras.optimizers.SGD(learning_rate=0.03)
with tf.GradientTape() as tape:
    loss = tf.reduce_mean((net(x) - y) ** 2)
grads = tape.gradient(loss, net.trainable_variables)
opt.apply_gradients(zip(grads, net.trainable_variables))
print(loss.numpy(), [g.numpy().tolist() for g in grads])
print(net.layers[0].kernel.numpy().ravel(), net.layers[0].bias.numpy())
