# mode: eager
# checks: the variable used in the branch not taken gets a None gradient (TF guide)
import tensorflow as tf

x = tf.constant(1.0)
v0 = tf.Variable(2.0)
v1 = tf.Variable(2.0)

with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    if x > 0.0:
        result = v0
    else:
        result = v1**2

dv0, dv1 = tape.gradient(result, [v0, v1])
print(dv0)
print(dv1)
dx = tape.gradient(result, x)
print(dx)
