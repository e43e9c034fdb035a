# mode: eager
# checks: a tape's gradients inside a tf.function are named as TensorFlow names them: gradient_tape/<the forward op's scope>/<op> (an operator's own scope: mul, sub; a tf.sin in a name scope: that scope), an aggregated gradient AddN at the root
import tensorflow as tf

x = tf.Variable(2.0)
w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
x1, x2 = tf.Variable(1.5), tf.Variable(-0.5)


@tf.function
def f():
    with tf.GradientTape(persistent=True) as tape:
        y = x * x
        z = (3.0 - x) ** 2
        m = tf.reduce_sum(tf.matmul(w, w) * x)
        with tf.name_scope("layer"):
            q = tf.sin(x) * 2.0
        loss = (1.0 - x1 * x2) ** 2
    print(tape.gradient(y, x))
    print(tape.gradient(z, x))
    print(tape.gradient(m, [w, x]))
    print(tape.gradient(q, x))
    print(tape.gradient(loss, [x1, x2]))
    return tape.gradient(loss, [x1, x2])


print(f())
