# mode: eager
# checks: GradientTape gradients through a tf.TensorArray's writes, reads, stack, gather and unstack: eagerly, around a tf.function that fills one, and taken inside a tf.function
import tensorflow as tf

x = tf.Variable([1.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    ta = tf.TensorArray(tf.float32, size=3, clear_after_read=False)
    for i in range(3):
        ta = ta.write(i, tf.sin(x) * float(i + 1))
    s = ta.stack()
    loss = tf.reduce_sum(s * s) + tf.reduce_sum(ta.read(1) * x) + tf.reduce_sum(ta.gather([0, 2]))
print(s)
print(loss)
print(tape.gradient(loss, x))
print(tape.gradient(ta.read(2), x))


@tf.function
def cumulative(v):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    total = tf.zeros_like(v)
    for i in range(4):
        total = total + v ** (i + 1)
        ta = ta.write(i, total)
    return tf.reduce_sum(ta.stack() * tf.constant([[1.0], [0.5], [0.25], [0.125]]))


with tf.GradientTape() as tape:
    y = cumulative(x)
print(y, tape.gradient(y, x))


@tf.function
def inner(v):
    with tf.GradientTape() as t:
        t.watch(v)
        rows = tf.TensorArray(tf.float32, size=2).unstack(v)
        out = rows.read(0) * rows.read(1) + tf.square(rows.read(1))
    return out, t.gradient(out, v)


print(inner(tf.constant([3.0, 4.0])))
