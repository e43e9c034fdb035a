# mode: eager
# checks: a Sequential regression model trained with a custom GradientTape loop and a loss object
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(7)
x = np.linspace(-1, 1, 32).astype(np.float32).reshape(-1, 1)
y = 2 * x ** 2 - 0.5

model = tf.keras.Sequential([
    tf.keras.Input(shape=(1,)),
    tf.keras.layers.Dense(8, activation='tanh', kernel_initializer='ones', bias_initializer=tf.keras.initializers.Constant(0.1)),
    tf.keras.layers.Dense(1, kernel_initializer=tf.keras.initializers.Constant(0.5)),
])
loss_fn = tf.keras.losses.MeanSquaredError()
optimizer = tf.keras.optimizers.Adam(0.05)
for epoch in range(40):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_weights)
    optimizer.apply_gradients(zip(grads, model.trainable_weights))
    if epoch % 10 == 9:
        print("epoch %d loss %.5f" % (epoch + 1, loss))
