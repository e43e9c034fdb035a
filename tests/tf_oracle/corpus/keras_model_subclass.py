# mode: eager
# checks: a tf.keras.Model subclass with two Dense layers trained for a few SGD steps
import numpy as np
import tensorflow as tf

class TwoLayer(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(4, activation='tanh',
                                            kernel_initializer=tf.keras.initializers.Constant(0.2))
        self.out = tf.keras.layers.Dense(1, kernel_initializer=tf.keras.initializers.Constant(0.3))

    def call(self, inputs):
        return self.out(self.hidden(inputs))

X = np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [2.0, -1.0]], dtype=np.float32)
Y = np.array([[1.0], [2.0], [3.0], [1.5]], dtype=np.float32)
model = TwoLayer()
opt = tf.keras.optimizers.SGD(learning_rate=0.1)
for step in range(5):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(X) - Y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    print(step, float(loss))
print(len(model.trainable_variables), [v.shape for v in model.trainable_variables])
