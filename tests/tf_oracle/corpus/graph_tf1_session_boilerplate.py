# mode: graph
# checks: TF1 boilerplate around a training loop: tf.logging.set_verbosity, ConfigProto with gpu_options.allow_growth given to the Session, tf.get_collection(GraphKeys..., scope), tf.train.Saver() before any variable (ValueError), tf.nn.rnn_cell under Keras 3 (AttributeError)
import tensorflow as tf

tf.logging.set_verbosity(tf.logging.ERROR)
try:
    tf.train.Saver()
except ValueError as error:
    print("Saver:", error)
try:
    tf.nn.rnn_cell.BasicLSTMCell(4)
except AttributeError as error:
    print("rnn_cell:", error)
x = tf.placeholder(tf.float32, [None, 1])
with tf.variable_scope("model"):
    w = tf.get_variable("w", [1, 1], initializer=tf.constant_initializer(0.5))
    b = tf.get_variable("b", [1], initializer=tf.zeros_initializer())
step = tf.Variable(0, trainable=False, name="step")
loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - 2.0 * x))
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=step)
print([v.name for v in tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES)])
print([v.name for v in tf.get_collection(tf.GraphKeys.GLOBAL_VARIABLES, scope="model")])
config = tf.ConfigProto(allow_soft_placement=True)
config.gpu_options.allow_growth = True
print(tf.GPUOptions(allow_growth=True))
with tf.Session(config=config) as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(20):
        _, l = sess.run([train, loss], {x: [[1.0], [2.0], [3.0]]})
    print(sess.run(step), l, sess.run(w))
