# mode: graph
# checks: TF1 graph: weighted_cross_entropy_with_logits(targets=), log_poisson_loss, erfinv, ndtri, rint, cumulative_logsumexp, segment_prod, unsorted_segment_mean, confusion_matrix (TF1 order), bincount, sufficient_statistics of a fed batch, tf.gradients
import numpy as np
import tensorflow as tf
tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [None, 3])
z = tf.placeholder(tf.float32, [None, 3])
wce = tf.nn.weighted_cross_entropy_with_logits(targets=z, logits=x, pos_weight=3.0)
lp = tf.nn.log_poisson_loss(z * 4.0, x, compute_full_loss=True)
sq = tf.sigmoid(x) * 1.8 - 0.9
e, n, r = tf.math.erfinv(sq), tf.math.ndtri(tf.sigmoid(x)), tf.math.rint(x * 2.0)
c = tf.math.cumulative_logsumexp(x, axis=1, reverse=True)
sp = tf.math.segment_prod(tf.transpose(x), [0, 0, 1])
um = tf.math.unsorted_segment_mean(tf.transpose(x), [1, -1, 1], 2)
counts, m_ss, v_ss, _ = tf.nn.sufficient_statistics(x, [0])
mean, var = tf.nn.normalize_moments(counts, m_ss, v_ss, None)
cm = tf.confusion_matrix([0, 1, 2, 2], [0, 2, 2, 1], 3, tf.float32, weights=[1.0, 2.0, 3.0, 4.0])
bc = tf.math.bincount([1, 1, 4], minlength=6)
total = (tf.reduce_sum(wce) + tf.reduce_sum(lp) + tf.reduce_sum(e * n) + tf.reduce_sum(c) + tf.reduce_sum(sp)
         + tf.reduce_sum(um) + tf.reduce_sum(var) + tf.reduce_sum(r))
g = tf.gradients(total, [x, z])
print(wce.shape, c.shape, sp.shape, counts.shape, cm.dtype, bc.shape)
feed = {x: np.array([[1.5, -2.0, 0.25], [-0.5, 3.0, -1.0]]), z: np.array([[1.0, 0.0, 0.5], [0.0, 1.0, 1.0]])}
with tf.Session() as sess:
    for v in sess.run([wce, lp, e, n, r, c, sp, um, counts, mean, var, cm, bc] + g, feed):
        print(v)
