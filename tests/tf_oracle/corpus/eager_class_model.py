# mode: eager
# checks: a plain Python class (not tf.Module) holding variables, trained with a tape
import tensorflow as tf

class Quadratic:
    def __init__(self):
        self.a = tf.Variable(1.0)
        self.b = tf.Variable(0.0)
        self.c = tf.Variable(0.0)

    def __call__(self, x):
        return self.a * x ** 2 + self.b * x + self.c

    @property
    def variables(self):
        return [self.a, self.b, self.c]

model = Quadratic()
xs = tf.constant([-1.0, 0.0, 1.0, 2.0])
ys = tf.constant([2.0, 1.0, 2.0, 5.0])  # x**2 + 1
for step in range(200):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((model(xs) - ys) ** 2)
    for v, g in zip(model.variables, tape.gradient(loss, model.variables)):
        v.assign_sub(0.05 * g)
print([round(float(v), 3) for v in model.variables], round(float(loss), 6))
