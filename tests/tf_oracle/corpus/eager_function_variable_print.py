# mode: eager
# checks: a variable printed inside a tf.function's trace prints as a graph variable (no value), outside with its value; a Python print runs once, at the trace
import tensorflow as tf

w = tf.Variable(2.0)
v = tf.Variable([1.0, 2.0], name="v")


@tf.function
def step(x):
    print("tracing", w, v)
    w.assign_add(x)
    return v * w


print(step(tf.constant(3.0)))
print(step(tf.constant(1.0)))
print(w, v)
