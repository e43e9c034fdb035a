# mode: eager
# checks: GRU (gates z, r, h; reset_after=True with a (2, 3*units) bias, and reset_after=False), go_backwards, with set_random_seed weights: outputs and tape gradients w.r.t. inputs and weights
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(11)
x = tf.constant(np.cos(np.arange(24.0)).reshape(2, 4, 3) * 0.5, tf.float32)
gru = tf.keras.layers.GRU(2, return_sequences=True, go_backwards=True,
                          bias_initializer=tf.keras.initializers.RandomUniform(-0.5, 0.5, seed=3))
before = tf.keras.layers.GRU(2, reset_after=False, return_state=True)
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    seq = gru(x)
    out, state = before(x)
    loss = tf.reduce_sum(tf.sin(seq)) + tf.reduce_sum(out * state)
print([(v.path, tuple(v.shape)) for v in gru.weights + before.weights])
print(gru.cell.bias.numpy())
print(seq.numpy())
print(out.numpy())
print(tape.gradient(loss, x).numpy())
for g in tape.gradient(loss, gru.trainable_variables + before.trainable_variables):
    print(g.numpy())
