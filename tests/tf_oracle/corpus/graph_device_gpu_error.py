# mode: graph
# checks: an op placed on a GPU the machine has not: printed with its device, and every session run fails (TF's placer)
import tensorflow as tf
tf.disable_v2_behavior()
a = tf.constant(1.)
with tf.device('/gpu:0'):
    e = a * 3
print(e, e.device)
with tf.Session() as sess:
    print(sess.run(a))
