# mode: eager
# checks: @tf.custom_gradient that clips the incoming gradient (identity forward)
import tensorflow as tf

@tf.custom_gradient
def clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)
    return y, backward

v = tf.Variable(2.0)
with tf.GradientTape() as t:
    output = clip_gradients(v * v)
print(output)
print(t.gradient(output, v))  # calls "backward", which clips 4 to 2
