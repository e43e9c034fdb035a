# mode: graph
# checks: a histogram summary of a NaN: TensorFlow's InvalidArgumentError when the op runs
import tensorflow as tf

tf.compat.v1.disable_v2_behavior()
x = tf.compat.v1.placeholder(tf.float32, [None])
h = tf.compat.v1.summary.histogram('activations', tf.math.log(x))
with tf.compat.v1.Session() as sess:
    print(len(sess.run(h, {x: [1.0, 2.0]})))
    sess.run(h, {x: [-1.0]})
