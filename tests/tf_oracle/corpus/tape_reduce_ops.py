# mode: eager
# checks: gradients of reduce_mean / reduce_sum / reduce_prod / reduce_logsumexp over an axis
import tensorflow as tf

x = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
with tf.GradientTape(persistent=True) as tape:
    m = tf.reduce_mean(x, axis=0)
    s = tf.reduce_sum(x, axis=1, keepdims=True)
    p = tf.reduce_prod(x)
    l = tf.reduce_logsumexp(x)
for name, t in [("mean", m), ("sum", s), ("prod", p), ("logsumexp", l)]:
    print(name, t.numpy(), tape.gradient(t, x).numpy().tolist())
