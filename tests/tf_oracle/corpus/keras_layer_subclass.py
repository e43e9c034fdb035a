# mode: eager
# checks: a custom Layer with add_weight in build(), called twice (built once)
import tensorflow as tf

class Linear(tf.keras.layers.Layer):
    def __init__(self, units=2):
        super().__init__()
        self.units = units

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units),
                                 initializer='ones', trainable=True, name='w')
        self.b = self.add_weight(shape=(self.units,), initializer='zeros',
                                 trainable=True, name='b')

    def call(self, inputs):
        return tf.matmul(inputs, self.w) + self.b

layer = Linear(2)
x = tf.constant([[1.0, 2.0, 3.0]])
with tf.GradientTape() as tape:
    y = layer(x)
    loss = tf.reduce_sum(y * y)
print(y)
print([w.name for w in layer.weights], layer.built)
dw, db = tape.gradient(loss, [layer.w, layer.b])
print(dw.numpy().tolist(), db.numpy().tolist())
print(layer(x * 2).numpy())
