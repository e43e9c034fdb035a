# mode: eager
# checks: tape.watched_variables() lists the variables the tape saw, in order
import tensorflow as tf

a = tf.Variable(1.0, name='a')
b = tf.Variable(2.0, name='b')
c = tf.Variable(3.0, name='c', trainable=False)

with tf.GradientTape() as tape:
    y = b * a + c

print([var.name for var in tape.watched_variables()])
print(len(tape.watched_variables()))
