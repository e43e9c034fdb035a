# mode: graph
# checks: a hand-written gradient (reduce_mean((W*X - Y)*X)) applied with W.assign, the cost and W printed each step
import tensorflow as tf

xd = [1, 2, 3]
yd = [1, 2, 3]
W = tf.Variable([-2.5], name='weight')
X = tf.placeholder(tf.float32)
Y = tf.placeholder(tf.float32)
hyp = X * W
cost = tf.reduce_mean(tf.square(hyp - Y))
rate = 0.1
gradient = tf.reduce_mean((W * X - Y) * X)
update = W.assign(W - rate * gradient)
sess = tf.Session()
sess.run(tf.global_variables_initializer())
for step in range(8):
    sess.run(update, feed_dict={X: xd, Y: yd})
    print(step, sess.run(cost, feed_dict={X: xd, Y: yd}), sess.run(W))
