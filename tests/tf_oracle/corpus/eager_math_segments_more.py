# mode: eager
# checks: tf.math.segment_min, segment_prod (zeros, an empty segment), unsorted_segment_prod / _mean / _sqrt_n (dropped -1 ids, int data): values, dtypes, tape gradients, tf.function
import tensorflow as tf

d = tf.Variable([[1.0, 2.0], [0.0, 3.0], [4.0, -1.0], [2.0, 0.5]])
ids = tf.constant([0, 0, 2, 2])
with tf.GradientTape(persistent=True) as tape:
    outs = [tf.math.segment_min(d, ids), tf.math.segment_prod(d, ids),
            tf.math.unsorted_segment_prod(d, [1, 1, -1, 0], 3), tf.math.unsorted_segment_mean(d, [1, 1, 0, 1], 3),
            tf.math.unsorted_segment_sqrt_n(d, [1, 1, 0, 1], 3)]
for o in outs:
    print(o.numpy(), tape.gradient(o, d).numpy())
print(tf.math.segment_min(tf.constant([3, 1, 2]), [0, 0, 1]))
print(tf.math.segment_prod(tf.constant([3, 1, 2]), [0, 1, 1]))
print(tf.math.unsorted_segment_mean(tf.constant([1, 2, 3]), [0, 1, 1], 3))
x = tf.constant([[0.0, 2.0], [0.0, 3.0], [5.0, 0.0]])
with tf.GradientTape() as tape:
    tape.watch(x)
    p = tf.math.unsorted_segment_prod(x, [0, 0, 0], 1)
print(p.numpy(), tape.gradient(p, x).numpy())


@tf.function
def f(data, seg):
    with tf.GradientTape() as tape:
        tape.watch(data)
        y = tf.reduce_sum(tf.math.segment_prod(data, seg) * tf.math.segment_min(data, seg))
        y += tf.reduce_sum(tf.math.unsorted_segment_sqrt_n(data, seg, 3))
    return y, tape.gradient(y, data)


print(f(tf.constant([1.5, -2.0, 0.5, 3.0]), tf.constant([0, 0, 1, 1])))
