# mode: graph
# checks: tf.unique in a TF1 graph of a constant tensor (values in order of first appearance, int32 / int64 indices; y's static shape is (?,)), its namedtuple, a sum of it
import tensorflow as tf
x = tf.constant([5, 2, 3, 5, 10, 6, 2, 3, 4, 2, 1, 1, 0, 9])
unique_values, indices = tf.unique(x)
r = tf.unique(tf.constant([2.5, -1.0, 2.5, 7.0]), out_idx=tf.int64)
print(unique_values, indices, r.y, r.idx)
with tf.Session() as sess:
    print(sess.run([unique_values, indices, r]))
    print(sess.run(tf.reduce_sum(unique_values) + tf.size(indices)))
