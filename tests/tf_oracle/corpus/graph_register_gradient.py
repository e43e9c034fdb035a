# mode: graph
# checks: a gradient registered with tf.RegisterGradient and used through gradient_override_map
import tensorflow as tf

@tf.RegisterGradient("ClipGrad")
def _clip_grad(op, grad):
    return tf.clip_by_value(grad, -0.1, 0.1)

x = tf.constant([1.0, -3.0, 0.05])
with tf.get_default_graph().gradient_override_map({"Identity": "ClipGrad"}):
    y = tf.identity(x)
z = tf.reduce_sum(y * tf.constant([5.0, 1.0, 0.01]))
grad = tf.gradients(z, x)
with tf.Session() as sess:
    print(sess.run(grad))
