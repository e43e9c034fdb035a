# mode: graph
# checks: a one-shot iterator cannot hold a dataset made of a placeholder (ValueError), an initializable one can
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, [None])
ds = tf.data.Dataset.from_tensor_slices(x)
print(type(tf.data.make_initializable_iterator(ds)).__name__)
it = tf.data.make_one_shot_iterator(ds)
