# mode: eager
# checks: tf.nn.sufficient_statistics (shift, keepdims, several axes) and tf.nn.normalize_moments against tf.nn.moments, their tape gradients, in tf.function
import tensorflow as tf

x = tf.Variable([[1.0, 2.0, 4.0], [0.5, -1.0, 3.0]])
with tf.GradientTape(persistent=True) as tape:
    counts, m_ss, v_ss, shift = tf.nn.sufficient_statistics(x, [0], shift=0.5)
    mean, var = tf.nn.normalize_moments(counts, m_ss, v_ss, shift)
    c2, m2, v2, s2 = tf.nn.sufficient_statistics(x, [0, 1], keepdims=True)
    mean2, var2 = tf.nn.normalize_moments(c2, m2, v2, s2)
print(counts, shift)
print(m_ss.numpy(), v_ss.numpy(), c2.numpy(), m2.numpy(), v2.numpy(), s2)
print(mean.numpy(), var.numpy(), mean2.numpy(), var2.numpy())
print(tf.nn.moments(x, [0]))
print(tape.gradient(var, x).numpy())
print(tape.gradient(mean2, x).numpy(), tape.gradient(var2, x).numpy())


@tf.function
def stats(t):
    c, m, v, s = tf.nn.sufficient_statistics(t, [1], shift=tf.constant([[1.0], [0.0]]))
    return tf.nn.normalize_moments(c, m, v, s)


print(stats(tf.constant([[1.0, 2.0, 4.0], [0.5, -1.0, 3.0]])))
print(tf.nn.sufficient_statistics(tf.constant([[1, 2], [3, 4]], tf.float64), [1]))
