# mode: eager
# checks: Keras SGD with clipnorm and clipvalue options
import tensorflow as tf

for kwargs in ({}, {'clipnorm': 1.0}, {'clipvalue': 0.5}, {'global_clipnorm': 1.0}):
    w = tf.Variable([3.0, 4.0])
    opt = tf.keras.optimizers.SGD(learning_rate=1.0, **kwargs)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(w * w)
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    print(sorted(kwargs), w.numpy())
