# mode: eager
# checks: tf.optimizers.SGD is Keras' SGD; minimizing (w - 3)**2 + (b + 1)**2
import tensorflow as tf

w = tf.Variable(0.0)
b = tf.Variable(0.0)
optimizer = tf.optimizers.SGD(0.2)
print(type(optimizer).__name__)
for i in range(10):
    with tf.GradientTape() as tape:
        loss = (w - 3.0) ** 2 + (b + 1.0) ** 2
    gradients = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(gradients, [w, b]))
print(w.numpy(), b.numpy())
print(optimizer.iterations.numpy())
