# mode: graph
# checks: GradientsDebugger.watch_gradients_by_tensors / _by_tensor_names after the forward graph is built; two debuggers and the active one
import tensorflow as tf
from tensorflow.python import debug as tf_debug

x = tf.Variable(3.0, name="x")
y = tf.multiply(x, x, name="y")
u = tf.sin(y, name="u")
z = tf.square(u, name="z")
first = tf_debug.GradientsDebugger()
second = tf_debug.GradientsDebugger()
with first.watch_gradients_by_tensors(tf.get_default_graph(), y):
    g = tf.gradients(z, x)
print(first.gradient_tensor(y))
print(sorted(first.gradient_tensors()))
print(second.gradient_tensors())
with second.watch_gradients_by_tensor_names(tf.get_default_graph(), r"(u|z):0$"):
    g2 = tf.gradients(z, x)
print(sorted(second.gradient_tensors()))
print(sorted(first.gradient_tensors()))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([g, g2]))
    print(sess.run([first.gradient_tensor("y:0"), second.gradient_tensor("u:0")]))

third = tf_debug.GradientsDebugger()
t = third.identify_gradient(u)
v = tf.gradients(t * 2.0, x)
print(sorted(third.gradient_tensors()))
