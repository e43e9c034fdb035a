# mode: eager
# checks: SimpleRNN with set_random_seed weights (glorot_uniform kernel, orthogonal recurrent kernel, zero bias): its sequences, final state and tape gradients w.r.t. the inputs and weights
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(4)
layer = tf.keras.layers.SimpleRNN(3, return_sequences=True, return_state=True)
x = tf.constant(np.linspace(-1.0, 1.0, 16).reshape(2, 4, 2), tf.float32)
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    seq, state = layer(x)
    loss = tf.reduce_sum(seq ** 2) + tf.reduce_sum(state)
print(layer.name, [v.path for v in layer.weights], layer.count_params())
for w in layer.get_weights():
    print(w)
print(seq.numpy())
print(state.numpy())
print(tape.gradient(loss, x).numpy())
for g in tape.gradient(loss, layer.trainable_variables):
    print(g.numpy())
last = tf.keras.layers.SimpleRNN(2, activation='relu', kernel_initializer='ones', recurrent_initializer='identity', use_bias=False)
print(last(x).numpy(), [tuple(w.shape) for w in last.weights])
