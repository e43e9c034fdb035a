# mode: graph
# checks: LayerNormalization, celu and glu in a TF1 graph: a placeholder fed through a Session, tf.gradients to the input and to gamma / beta
import numpy as np
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()
x = tf.compat.v1.placeholder(tf.float32, [None, 4])
ln = tf.keras.layers.LayerNormalization(axis=-1, epsilon=0.01)
y = tf.keras.activations.celu(ln(x), alpha=0.5) + tf.keras.activations.glu(x)[:, :1]
g = tf.gradients(tf.reduce_sum(y * y), [x] + ln.trainable_weights)
with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    out, grads = sess.run([y, g], {x: np.arange(8, dtype=np.float32).reshape(2, 4) ** 1.3})
    print(out)
    for v in grads:
        print(v)
