# mode: graph
# checks: an initializable iterator over placeholders through map (its element spec traced from the function) and batch
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
x = tf.placeholder(tf.float32, [None, 2])
labels = tf.placeholder(tf.int32, [None])
ds = tf.data.Dataset.from_tensor_slices((x, labels)).map(lambda a, l: (a * 2.0, tf.one_hot(l, 3))).batch(2)
it = tf.data.make_initializable_iterator(ds)
a, l = it.get_next()
print(a, l)
with tf.Session() as sess:
    sess.run(it.initializer, {x: np.ones((3, 2), np.float32), labels: [0, 2, 1]})
    print(sess.run([a, l]))
    print(sess.run([a, l]))
