# mode: graph
# checks: tf.set_random_seed(777) then tf.random_normal([1]) for W and b (the common TF1 tutorial start)
import tensorflow as tf

tf.set_random_seed(777)
W = tf.Variable(tf.random_normal([1]), name='weight')
b = tf.Variable(tf.random_normal([1]), name='bias')
x_train = [1, 2, 3]
y_train = [1, 2, 3]
hypothesis = x_train * W + b
cost = tf.reduce_mean(tf.square(hypothesis - y_train))
train = tf.train.GradientDescentOptimizer(learning_rate=0.01).minimize(cost)
sess = tf.Session()
sess.run(tf.global_variables_initializer())
for step in range(2001):
    sess.run(train)
    if step % 400 == 0:
        print(step, sess.run(cost), sess.run(W), sess.run(b))
