# mode: graph
# checks: TF1 code's tf.contrib under TensorFlow 2.21: the module names in AttributeError messages (tensorflow.compat.v1 and tensorflow._api.v2.compat.v1.nn), then tf.contrib.layers.xavier_initializer() in a get_variable ends the program
import tensorflow as tf

X = tf.placeholder(tf.float32, [None, 4])
for lookup in (lambda: tf.nn.no_such_op, lambda: tf.train.NoSuchOptimizer):
    try:
        lookup()
    except AttributeError as error:
        print(error)
W1 = tf.get_variable("W1", shape=[4, 3], initializer=tf.contrib.layers.xavier_initializer())
