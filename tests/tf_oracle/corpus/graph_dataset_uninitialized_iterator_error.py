# mode: graph
# checks: get_next of an initializable iterator before its initializer ran is FailedPreconditionError
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [None])
it = tf.data.make_initializable_iterator(tf.data.Dataset.from_tensor_slices(x))
nxt = it.get_next()
sess = tf.Session()
print(sess.run(nxt))
