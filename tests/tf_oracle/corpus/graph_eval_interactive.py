# mode: graph
# checks: tf.InteractiveSession with Tensor.eval() and Variable initializer.run()
import tensorflow as tf

sess = tf.InteractiveSession()
x = tf.Variable([1.0, 2.0])
x.initializer.run()
y = x * 3.0
print(y.eval())
print(tf.gradients(tf.reduce_sum(y), x)[0].eval())
x.assign([5.0, 6.0]).eval()
print(x.eval())
sess.close()
