# mode: eager
# checks: a tf.random.Generator's state and key read inside a tf.function after a draw there: the values after that draw, every bit of a key beyond 2**53
import tensorflow as tf
g = tf.random.Generator.from_seed(42)
a, b = g.split(2)
@tf.function
def f():
    x = a.normal([2])
    return x, a.state.read_value(), a.key
print(f())
print(f())
