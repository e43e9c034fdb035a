# mode: eager
# checks: a source the target does not depend on has a None gradient
import tensorflow as tf

x = tf.Variable(2.)
y = tf.Variable(3.)

with tf.GradientTape() as tape:
    z = y * y
print(tape.gradient(z, x))
