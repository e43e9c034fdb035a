# mode: graph
# checks: posts import tfdbg (tensorflow.python.debug) and leave its wrapper commented out: the program runs
import tensorflow as tf
from tensorflow.python import debug as tf_debug
tf.disable_v2_behavior()
x = tf.Variable(3.0)
y = x * x
g = tf.gradients(y, x)
with tf.Session() as sess:
    # sess = tf_debug.LocalCLIDebugWrapperSession(sess)
    sess.run(tf.global_variables_initializer())
    print(sess.run([y, g]))
print(tf_debug.LocalCLIDebugWrapperSession)
