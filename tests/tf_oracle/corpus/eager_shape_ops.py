# mode: eager
# checks: reshape, transpose, concat, stack, expand_dims, squeeze, slicing
import tensorflow as tf

x = tf.reshape(tf.range(6), [2, 3])
print(x)
print(tf.transpose(x))
print(tf.concat([x, x], axis=0).shape, tf.stack([x, x]).shape)
print(tf.expand_dims(x, -1).shape, tf.squeeze(tf.ones([1, 3, 1])).shape)
print(x[:, 1], x[1, ::-1], x[..., tf.newaxis].shape)
print(tf.reshape(x, [-1]).numpy())
print(tf.shape(x), tf.size(x), tf.rank(x))
