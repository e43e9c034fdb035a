# mode: eager
# checks: a GradientTape inside a tf.function differentiates the ops it recorded: a target made after its block is None (ZERO: zeros), an op made before it or under stop_recording is a constant to it, an intermediate result has a gradient
import tensorflow as tf

x = tf.Variable(2.0)
c = tf.constant(3.0)


@tf.function
def f():
    before = x * c
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(c)
        y = x * x + before
        with tape.stop_recording():
            u = x * c
        v = u * x
    after = y + v
    return (tape.gradient(y, [x, c]), tape.gradient(v, x), tape.gradient(after, [x, c]),
            tape.gradient(after, x, unconnected_gradients=tf.UnconnectedGradients.ZERO), tape.gradient(v, [u, before]))


for part in f():
    print(part)
