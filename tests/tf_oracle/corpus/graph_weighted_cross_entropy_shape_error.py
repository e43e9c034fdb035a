# mode: graph
# checks: TF1 tf.nn.weighted_cross_entropy_with_logits of labels and logits of different shapes: TensorFlow's ValueError while the graph is built
import tensorflow as tf
tf.disable_v2_behavior()

logits = tf.placeholder(tf.float32, [None, 3])
labels = tf.placeholder(tf.float32, [None, 2])
print(tf.nn.weighted_cross_entropy_with_logits(targets=tf.ones([2, 3]), logits=tf.zeros([2, 3]), pos_weight=2.0).shape)
tf.nn.weighted_cross_entropy_with_logits(labels=labels, logits=logits, pos_weight=2.0)
