# mode: eager
# checks: a Keras model and its optimizer in a tf.train.Checkpoint: trained weights saved, overwritten, restored
import tensorflow as tf
import numpy as np

model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer='ones')])
opt = tf.keras.optimizers.SGD(0.1)
ckpt = tf.train.Checkpoint(model=model, optimizer=opt)
x = tf.constant([[1.0, 2.0]])
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(model(x) ** 2)
opt.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
print(ckpt.save('./training/ckpt'))
saved = [w.numpy() for w in model.weights]
for w in model.weights:
    w.assign(tf.zeros_like(w))
print(model(x).numpy())
ckpt.restore('./training/ckpt-1')
print(model(x).numpy(), all(np.array_equal(a, w.numpy()) for a, w in zip(saved, model.weights)))
try:
    ckpt.restore('./training/ckpt-2')
except tf.errors.NotFoundError as e:
    print('NotFoundError:', str(e).splitlines()[0])
