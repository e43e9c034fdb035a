# mode: eager
# checks: eager tf.device: soft placement (a GPU scope runs on the CPU), what the scope gives, tensors' device
import tensorflow as tf
with tf.device('/gpu:0'):
    a = tf.constant(1.) * 2
print(a, a.device)
with tf.device('/cpu:0') as scope:
    print(scope)
    v = tf.Variable(3.0)
print(v.device, type(tf.device('CPU:0')))
x = tf.Variable(2.0)
with tf.device('/device:CPU:0'):
    with tf.GradientTape() as tape:
        y = x * x
print(tape.gradient(y, x))
