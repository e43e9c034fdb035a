# mode: graph
# checks: a GradientTape in a TF1 graph, 1500 steps each differentiating the last step's tensor (a chain of gradient ops): the tape differentiates the ops it recorded (dy/dw is x, not through the earlier steps), each step looking at its own ops only
import tensorflow as tf

with tf.compat.v1.Session() as sess:
    x = tf.constant(3.0)
    w = tf.constant(0.5)
    for step in range(1500):
        with tf.GradientTape() as g:
            g.watch([x, w])
            y = x * x + w * x
        dy_dx, dy_dw = g.gradient(y, [x, w])
        x -= dy_dx * 0.001
        if step % 500 == 0:
            print(step, dy_dx.shape, dy_dw.dtype)
    print(sess.run([x, dy_dx, dy_dw]))
