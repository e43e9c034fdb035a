# mode: eager
# checks: a step-counted loop over dataset.repeat().take(n) with a Keras model and loss object
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
features = rng.rand(12, 2).astype(np.float32)
targets = (features @ np.array([[1.0], [-2.0]], dtype=np.float32)) + 0.5
ds = tf.data.Dataset.from_tensor_slices((features, targets)).shuffle(12, seed=3).batch(5).repeat().take(8)
model = tf.keras.Sequential([tf.keras.Input(shape=(2,)),
                             tf.keras.layers.Dense(1, kernel_initializer='zeros')])
loss_fn = tf.keras.losses.MeanSquaredError()
opt = tf.keras.optimizers.SGD(0.3)
for step, (xb, yb) in enumerate(ds):
    with tf.GradientTape() as tape:
        loss = loss_fn(yb, model(xb))
    opt.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
    print(step, xb.shape[0], f"{loss.numpy():.5f}")
