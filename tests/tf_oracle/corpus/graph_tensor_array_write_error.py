# mode: graph
# checks: a TF1 tf.TensorArray: a write past its fixed size is TensorArrayV3's InvalidArgumentError, raised by the sess.run that reads the array (not when the graph is built)
import tensorflow as tf

tf.disable_v2_behavior()
ok = tf.TensorArray(tf.float32, size=2, element_shape=[])
ok = ok.write(0, 1.5)
bad = tf.TensorArray(tf.float32, size=2)
bad = bad.write(0, 1.0).write(1, 2.0).write(2, 3.0)
total = tf.reduce_sum(bad.stack())
print(total)
with tf.Session() as sess:
    print(sess.run(ok.stack()))
    print(sess.run(total))
