# mode: eager
# checks: tf.Module names, name_scope, with_name_scope, submodules and variables in lists and dicts
import tensorflow as tf

class Scale(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        with self.name_scope:
            self.k = tf.Variable(2.0, name="k")
            self.frozen = tf.Variable(1.0, name="frozen", trainable=False)

    @tf.Module.with_name_scope
    def __call__(self, x):
        return x * self.k + self.frozen

class Stack(tf.Module):
    def __init__(self):
        super().__init__()
        self.layers = [Scale(name="first"), Scale(name="second")]
        self.extra = {"z": tf.Variable(0.5, name="z"), "a": tf.Variable(0.25, name="a")}

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x * self.extra["z"] + self.extra["a"]

model = Stack()
print(model.name, [m.name for m in model.submodules])
print([v.name for v in model.variables])
print([v.name for v in model.trainable_variables], len(model.non_trainable_variables))
with tf.GradientTape() as tape:
    y = model(tf.constant(3.0))
print(y.numpy(), [g.numpy() for g in tape.gradient(y, model.trainable_variables)])
