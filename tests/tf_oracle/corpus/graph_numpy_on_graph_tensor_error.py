# mode: graph
# checks: .numpy() does not exist on a graph tensor
import tensorflow as tf

w = tf.Variable(3.0)
y = w * w
g = tf.gradients(y, w)[0]
print(g)
print(g.numpy())
