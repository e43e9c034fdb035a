# mode: graph
# checks: a GradientTape in a TF1 graph differentiates the ops made while it recorded: an op made before it or under stop_recording is a constant to it (a partial derivative), an unwatched tensor made outside it has None, an intermediate result a gradient; reset forgets the watched tensors
import tensorflow as tf

w = tf.constant(1.5)
x = tf.constant(2.0)
z = w * 2.0
with tf.GradientTape(persistent=True) as tape:
    tape.watch([w, x])
    y = z * x + w * x
    with tape.stop_recording():
        u = w * w
    v = u * x
    s = v * v
print(tape.gradient(z * x, w), tape.gradient(v, w), tape.gradient(y, z))
gw, gx = tape.gradient(y, [w, x])
gu, gv = tape.gradient(s, [x, v])
zero = tape.gradient(y, z, unconnected_gradients=tf.UnconnectedGradients.ZERO)
with tf.GradientTape() as t2:
    t2.watch(x)
    a = x * x
    t2.reset()
    b = a * x
print(t2.gradient(b, x))
with tf.compat.v1.Session() as sess:
    print(sess.run([gw, gx, gu, gv, zero]))
