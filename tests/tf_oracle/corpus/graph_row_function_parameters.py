# mode: graph
# checks: the functions made from op rows take TensorFlow's parameter names (atan2(y, x), softplus(features)): keywords bind as there, and the dtype errors name them
import tensorflow as tf

x = tf.placeholder(tf.float32, name="x")
a = tf.math.atan2(x=x, y=1.0)
b = tf.nn.softplus(features=x)
c = tf.math.xlogy(y=x, x=2.0)
with tf.Session() as sess:
    print(sess.run([a, b, c], {x: 3.0}))
print(a.name, b.name, c.name)
try:
    tf.math.atan2(tf.constant(1.0), tf.constant(1))
except TypeError as e:
    print("TypeError:", e)
try:
    tf.math.atan2(tf.constant(1), tf.constant(1))
except TypeError as e:
    print("TypeError:", e)
try:
    tf.nn.softplus(tf.constant(1))
except TypeError as e:
    print("TypeError:", e)
