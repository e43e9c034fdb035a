# mode: eager
# checks: nested tf.Modules (two dense modules) and their trainable_variables
import tensorflow as tf

class Dense(tf.Module):
    def __init__(self, w, b, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(w, name='w')
        self.b = tf.Variable(b, name='b')

    def __call__(self, x):
        return tf.nn.relu(x @ self.w + self.b)

class MLP(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.dense_1 = Dense([[0.5, -0.5, 0.25], [0.1, 0.2, -0.3]], [0.0, 0.1, 0.0], name='dense_1')
        self.dense_2 = Dense([[1.0], [-1.0], [0.5]], [0.2], name='dense_2')

    def __call__(self, x):
        return self.dense_2(self.dense_1(x))

model = MLP(name="the_model")
x = tf.constant([[2.0, 2.0], [1.0, -1.0]])
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(model(x))
print("Model results:", model(x).numpy().tolist())
grads = tape.gradient(loss, model.trainable_variables)
for v, g in zip(model.trainable_variables, grads):
    print(v.name, v.shape, g.numpy().tolist())
