# mode: eager
# checks: LSTM (gates i, f, c, o; unit_forget_bias) with seeded initializers and a given initial state: outputs, both final states and tape gradients w.r.t. inputs, initial state and weights
import numpy as np
import tensorflow as tf

layer = tf.keras.layers.LSTM(3, return_sequences=True, return_state=True,
                             kernel_initializer=tf.keras.initializers.GlorotUniform(seed=1),
                             recurrent_initializer=tf.keras.initializers.Orthogonal(seed=2))
x = tf.constant(np.sin(np.arange(18.0)).reshape(2, 3, 3), tf.float32)
h0 = tf.constant([[0.1, -0.2, 0.3], [0.0, 0.5, -0.5]])
c0 = tf.constant([[1.0, 0.0, -1.0], [0.2, 0.2, 0.2]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, h0, c0])
    seq, h, c = layer(x, initial_state=[h0, c0])
    loss = tf.reduce_sum(seq * tf.constant([1.0, -2.0, 0.5])) + tf.reduce_sum(c ** 2)
print([v.name for v in layer.weights], [tuple(v.shape) for v in layer.weights])
print(layer.cell.bias.numpy())
print(seq.numpy())
print(h.numpy())
print(c.numpy())
print(np.allclose(seq[:, -1].numpy(), h.numpy()))
for g in tape.gradient(loss, [x, h0, c0] + layer.trainable_variables):
    print(g.numpy())
plain = tf.keras.layers.LSTM(2, unit_forget_bias=False, bias_initializer='ones', kernel_initializer='zeros',
                             recurrent_initializer='zeros')
print(plain(x).numpy(), plain.cell.bias.numpy())
