# mode: eager
# checks: tf.random.Generator states with words beyond int64 (split keys, wrapped seeds, a full counter) keep every bit from draw to draw; a negative size moves the counter back before the kernel refuses it
import tensorflow as tf
g = tf.random.Generator.from_seed(42)
a, b = g.split(2)
print(a.normal([3]), a.normal([2]), a.state.numpy())
print(b.uniform([2], 0, 100, tf.int64), b.uniform([2]), b.state.numpy())
h = tf.random.Generator.from_state([2**64 - 5, 2**63, 2**64 - 1], "philox")
print(h.state.numpy(), h.normal([2]), h.normal([2]), h.state.numpy())
k = tf.random.Generator.from_seed(2**200 - 1)
print(k.state.numpy(), k.normal([2]), k.state.numpy())
g = tf.random.Generator.from_seed(1)
try:
    g.normal([-1, 3])
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)
print(g.state.numpy())
try:
    g.uniform([2], dtype=tf.int8, minval=0, maxval=3)
except Exception as e:
    print(type(e).__name__)
k = tf.random.Generator.from_key_counter(key=2**64 - 3, counter=[2**64 - 1, 0], alg="philox")
print(k.state.numpy(), k.normal([2]), k.state.numpy())
k.reset_from_key_counter(2**63 + 1, [5, 2**64 - 2])
print(k.state.numpy(), k.uniform([2]))
print(tf.random.Generator.from_seed([2**64 - 1, 0]).state.numpy())
