# mode: eager
# checks: a tf.function with a Python if on a tensor (AutoGraph makes it a cond) and its gradient
import tensorflow as tf

@tf.function
def relu_or_square(x):
    if tf.reduce_sum(x) > 0:
        return tf.nn.relu(x)
    return x * x

for values in ([1.0, -2.0, 3.0], [-1.0, -2.0, 0.5]):
    x = tf.constant(values)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(relu_or_square(x))
    print(y.numpy(), tape.gradient(y, x).numpy())
