# mode: eager
# checks: seeded random initial values of variables, then one gradient step
import tensorflow as tf

tf.random.set_seed(777)
W = tf.Variable(tf.random.normal([1]), name='weight')
b = tf.Variable(tf.random.normal([1]), name='bias')
print(W.numpy(), b.numpy())
x = tf.constant([1.0, 2.0, 3.0])
y = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    cost = tf.reduce_mean(tf.square(x * W + b - y))
dW, db = tape.gradient(cost, [W, b])
print(cost.numpy(), dW.numpy(), db.numpy())
