# mode: graph
# checks: allow_soft_placement lets a GPU-placed op run on the CPU; a device function; an unknown device field
import tensorflow as tf
tf.disable_v2_behavior()
a = tf.constant(2.)
with tf.device('/device:GPU:0'):
    e = a * 3
with tf.device(lambda op: '/cpu:0'):
    f = a + e
print(f, f.device)
config = tf.ConfigProto(allow_soft_placement=True, log_device_placement=False)
with tf.Session(config=config) as sess:
    print(sess.run([e, f]))
try:
    tf.device('/foo:0')
except ValueError as error:
    print('ValueError:', error)
