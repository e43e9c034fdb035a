# mode: eager
# checks: tape.watch of a list of variables, tanh * softplus, tf.math.scalar_mul updates
import tensorflow as tf

b = tf.Variable(0.5, trainable=True, dtype=tf.float32)
a = tf.Variable(2, trainable=True, dtype=tf.float32)
variables = [a, b]
for step in range(30):
    with tf.GradientTape() as g:
        g.watch(variables)
        pred = tf.math.tanh(b) * tf.math.softplus(a)
        current_loss = (1 - pred)**2
    da, db = g.gradient(current_loss, variables)
    a.assign_sub(tf.math.scalar_mul(0.1, da))
    b.assign_sub(tf.math.scalar_mul(0.1, db))
    if step % 10 == 0:
        print(step, current_loss.numpy(), a.numpy(), b.numpy())
print(a, b)
