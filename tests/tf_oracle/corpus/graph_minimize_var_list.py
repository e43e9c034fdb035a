# mode: graph
# checks: minimize(var_list=[...]) only updates the listed variables
import tensorflow as tf

a = tf.Variable(1.0, name='a')
b = tf.Variable(1.0, name='b')
loss = tf.square(a - 3.0) + tf.square(b + 2.0)
step_a = tf.train.GradientDescentOptimizer(0.25).minimize(loss, var_list=[a])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for _ in range(3):
        sess.run(step_a)
        print(sess.run([a, b]))
