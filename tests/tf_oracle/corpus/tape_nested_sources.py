# mode: eager
# checks: nested sources (a tuple inside a list) keep their structure in the result
import tensorflow as tf

a = tf.Variable(1.0)
b = tf.Variable(2.0)
c = tf.Variable(3.0)

with tf.GradientTape() as tape:
    out = a * b + b * c + c * a

grads = tape.gradient(out, [a, (b, c)])
print(type(grads).__name__, type(grads[1]).__name__)
print(grads[0].numpy(), grads[1][0].numpy(), grads[1][1].numpy())
