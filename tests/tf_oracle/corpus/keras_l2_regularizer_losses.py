# mode: eager
# checks: kernel_regularizer=l2 on a Dense, model.losses added to the loss in a tape loop
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(13)
model = tf.keras.Sequential([tf.keras.Input(shape=(3,)),
                             tf.keras.layers.Dense(2, kernel_regularizer=tf.keras.regularizers.l2(0.01)),
                             tf.keras.layers.Dense(1)])
x = tf.constant([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]])
y = tf.constant([[1.0], [0.0]])
opt = tf.keras.optimizers.SGD(0.05)
for step in range(3):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y)) + tf.add_n(model.losses)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    print(step, loss.numpy(), len(model.losses), model.losses[0].numpy())
