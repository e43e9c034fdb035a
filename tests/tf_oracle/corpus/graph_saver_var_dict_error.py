# mode: graph
# checks: a Saver of a dict saves under the dict's names; another graph restores them by name, and a name the checkpoint lacks is TensorFlow's NotFoundError
import tensorflow as tf

tf.compat.v1.disable_v2_behavior()
v = tf.Variable([1.0, 2.0], name='v')
saver = tf.compat.v1.train.Saver({'weights': v})
with tf.compat.v1.Session() as sess:
    sess.run(v.initializer)
    print(saver.save(sess, './dict.ckpt'))
tf.compat.v1.reset_default_graph()
weights = tf.Variable([0.0, 0.0], name='weights')
with tf.compat.v1.Session() as sess:
    tf.compat.v1.train.Saver().restore(sess, './dict.ckpt')
    print(sess.run(weights))
tf.compat.v1.reset_default_graph()
other = tf.Variable([0.0, 0.0], name='other')
with tf.compat.v1.Session() as sess:
    tf.compat.v1.train.Saver().restore(sess, './dict.ckpt')
