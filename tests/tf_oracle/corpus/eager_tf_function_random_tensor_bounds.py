# mode: eager
# checks: random ops whose bounds / moments are tensors computed in a tf.function (uniform * (max - min) + min as ops); each layer's initializer op with seed=22 starts its own kernel; the eager op of that seed afterwards too
import tensorflow as tf

tf.random.set_seed(22)


def glorot(shape):
    fan_in, fan_out = shape
    limit = tf.sqrt(6.0) / tf.sqrt(tf.cast(fan_in + fan_out, tf.float32))
    return tf.random.uniform(shape=shape, minval=-limit, maxval=limit, seed=22)


class Dense(tf.Module):
    def __init__(self, units):
        self.units, self.built = units, False

    def __call__(self, x):
        if not self.built:
            self.w = tf.Variable(glorot((x.shape[1], self.units)))
            self.built = True
        return tf.nn.relu(tf.matmul(x, self.w))


class Stack(tf.Module):
    def __init__(self, layers):
        self.layers = layers

    @tf.function
    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


net = Stack([Dense(3), Dense(2)])
print(net(tf.ones([2, 4])))
print(net.layers[0].w.numpy())
print(net.layers[1].w.numpy())
print(glorot((2, 2)))
