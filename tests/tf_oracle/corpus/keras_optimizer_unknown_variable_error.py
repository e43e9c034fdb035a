# mode: eager
# checks: gradients taken and applied with a Keras SGD inside a persistent tape's context, the tensors and variables printed
import tensorflow as tf
import tensorflow.keras as kr

optimizer = kr.optimizers.SGD(1.)
x = tf.Variable(3.)
y = tf.Variable(5.)
tape = tf.GradientTape(True)
with tape:
    for _ in range(3):
        l1 = x * x + y * x
        l2 = y * y + x * y
        g1 = tape.gradient(l1, x)
        g2 = tape.gradient(l2, y)
        optimizer.apply_gradients([(g1, x)])
        optimizer.apply_gradients([(g2, y)])
        print(g1, g2, x, y)
