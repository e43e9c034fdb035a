# mode: eager
# checks: variables made in a tf.function's first call from seeded random ops (the build-once idiom of a tf.Module) get the trace's random numbers, float32
import tensorflow as tf

tf.random.set_seed(22)


class Linear(tf.Module):
    def __init__(self):
        self.built = False

    @tf.function
    def __call__(self, x):
        if not self.built:
            self.w = tf.Variable(tf.random.uniform(shape=[x.shape[-1], 1]))
            self.b = tf.Variable(tf.random.uniform(shape=[]))
            self.built = True
        return tf.squeeze(tf.add(tf.matmul(x, self.w), self.b), axis=1)


model = Linear()
print(model(tf.ones([2, 3])))
print(model.w.dtype, model.w.numpy().ravel(), model.b.numpy())
