# mode: eager
# checks: `x = x + 1` replaces the variable by a tensor, so the next gradient is None
import tensorflow as tf

x = tf.Variable(2.0)

for epoch in range(2):
    with tf.GradientTape() as tape:
        y = x + 1

    print(type(x).__name__, ":", tape.gradient(y, x))
    x = x + 1   # this should be `x.assign_add(1)`
