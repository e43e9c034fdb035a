# mode: graph
# checks: restoring a checkpoint that was never saved: TensorFlow's ValueError (a fresh directory has none)
import tensorflow as tf

tf.compat.v1.disable_v2_behavior()
w = tf.Variable(1.0, name='w')
saver = tf.compat.v1.train.Saver()
with tf.compat.v1.Session() as sess:
    print(tf.compat.v1.train.latest_checkpoint('.'))
    saver.restore(sess, './model.ckpt')
    print(sess.run(w))
