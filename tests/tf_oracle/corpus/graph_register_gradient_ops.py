# mode: graph
# checks: RegisterGradient imported from tensorflow.python.framework.ops (sign with a straight-through gradient)
import tensorflow as tf
from tensorflow.python.framework import ops

@ops.RegisterGradient("SignSTE")
def sign_ste(op, grad):
    x = op.inputs[0]
    return grad * tf.cast(tf.abs(x) <= 1.0, tf.float32)

w = tf.Variable([-2.0, -0.5, 0.3, 1.5])
with tf.get_default_graph().gradient_override_map({"Sign": "SignSTE"}):
    s = tf.sign(w)
loss = tf.reduce_sum(s * s * tf.constant([1.0, 2.0, 3.0, 4.0]))
g = tf.gradients(loss, w)[0]
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([s, g]))
