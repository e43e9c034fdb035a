# mode: eager
# checks: an error of the function's own code while a tf.function traces (an attribute a Keras 3 optimizer lacks) is TensorFlow's "in user code:" error, at the call
import tensorflow as tf

x = tf.Variable(0.0, name="x")
optimizer = tf.keras.optimizers.SGD(learning_rate=0.01)


@tf.function
def train(epoch):
    for _ in tf.range(epoch):
        optimizer.minimize(lambda: (x - 1.0) ** 2, [x])
    tf.print("epoch =", epoch)
    return x


print("before")
train(1000)
