# mode: eager
# checks: Bidirectional over LSTM and GRU with set_random_seed (the forward and backward copies draw their own weights), merge modes concat / sum / None, return_state, its weight paths, tape gradients, and a short fit in a Sequential model
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(3)
x = tf.constant(np.sin(np.arange(24.0)).reshape(2, 4, 3), tf.float32)
bi = tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2, return_sequences=True))
with tf.GradientTape() as tape:
    tape.watch(x)
    y = bi(x)
    loss = tf.reduce_sum(y * tf.constant([1.0, 2.0, -1.0, 0.5]))
print(bi.name, [v.path for v in bi.weights])
print(y.numpy())
print(tape.gradient(loss, x).numpy())
summed = tf.keras.layers.Bidirectional(tf.keras.layers.GRU(2), merge_mode='sum')
print(summed(x).numpy())
both = tf.keras.layers.Bidirectional(tf.keras.layers.SimpleRNN(2, return_state=True,
                                     kernel_initializer=tf.keras.initializers.GlorotUniform(seed=1)), merge_mode=None)
outs = both(x)
print(len(outs), [o.numpy() for o in outs])
print(np.allclose(both.forward_layer.cell.kernel.numpy(), both.backward_layer.cell.kernel.numpy()))
rng = np.random.RandomState(3)
data, target = rng.rand(6, 4, 3).astype('float32'), rng.rand(6, 1).astype('float32')
model = tf.keras.Sequential([tf.keras.Input((4, 3)), tf.keras.layers.Bidirectional(tf.keras.layers.GRU(3)),
                             tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss='mse')
history = model.fit(data, target, epochs=2, batch_size=3, shuffle=False, verbose=0)
print([round(v, 5) for v in history.history['loss']], model.count_params())
print(model.predict(data[:2], verbose=0))
