# mode: eager
# checks: draws from a tf.random.Generator traced in a tf.function: traced once (its print once), each call goes on from the state (an unused draw too), in program order, under a tape inside and outside, a Python loop of draws
import tensorflow as tf
g = tf.random.Generator.from_seed(3)
w = tf.Variable([0.5, -0.5, 1.0])
@tf.function
def f(x):
    print("tracing")
    g.normal([7])                       # unused: the state moves on all the same
    a = g.normal(tf.shape(x), stddev=0.1)
    b = g.uniform([2, 2], 0, 5, dtype=tf.int32)
    c = g.truncated_normal([2], dtype=tf.float64)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum((w * x + a) ** 2)
    return loss, tape.gradient(loss, w), tf.reduce_sum(b, axis=1), c
x = tf.constant([1.0, 2.0, 3.0])
print(f(x)); print(f(x)); print(g.state.numpy())
print(f(tf.constant([1.0, 2.0, 4.0])))
print(f.experimental_get_tracing_count(), g.uniform([2]))
@tf.function
def noise_steps(n):
    total = tf.constant(0.0)
    for _ in range(n):
        total += g.uniform([])
    return total
print(noise_steps(3), noise_steps(3), g.state.numpy())
with tf.GradientTape() as tape:
    y = tf.reduce_sum(w * noise_steps(2))
print(y, tape.gradient(y, w))
