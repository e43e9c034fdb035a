# mode: graph
# checks: a Keras Model subclass built inside a TF1 graph makes its sublayers' weights in that graph (Keras runs the call on stand-ins first); a GradientTape there differentiates the graph; Keras' optimizer builds the update ops
import tensorflow as tf
import numpy as np


class LinearLayer(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(name="w", shape=[input_shape[-1], 1], initializer=tf.zeros_initializer())
        self.b = self.add_weight(name="b", shape=[1], initializer=tf.zeros_initializer())

    def call(self, inputs):
        return tf.matmul(inputs, self.w) + self.b


class LinearModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.layer = LinearLayer()

    def call(self, inputs):
        return self.layer(inputs)


X = tf.constant(np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32))
y = tf.constant(np.array([[10.0], [20.0]], np.float32))
model = LinearModel()
with tf.GradientTape() as tape:
    loss = tf.reduce_mean(tf.square(model(X) - y))
grads = tape.gradient(loss, model.variables)
print(model.variables, [g.shape for g in grads], tf.executing_eagerly())
update = tf.keras.optimizers.SGD(learning_rate=0.01).apply_gradients(zip(grads, model.variables))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([loss] + grads))
