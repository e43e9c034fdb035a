# mode: graph
# checks: TF1 AdagradOptimizer and RMSPropOptimizer (with momentum, centered) minimising small quadratics
import tensorflow as tf

a = tf.Variable([1.0, -2.0])
b = tf.Variable([0.5, 3.0])
c = tf.Variable(2.0)
la = tf.reduce_sum(tf.square(a - 0.5))
lb = tf.reduce_sum(tf.square(b) * [1.0, 0.1])
lc = tf.square(c - 1.0) + c
sa = tf.train.AdagradOptimizer(0.3).minimize(la)
sb = tf.train.RMSPropOptimizer(0.05, momentum=0.5).minimize(lb)
sc = tf.train.RMSPropOptimizer(0.1, decay=0.8, centered=True).minimize(lc)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(4):
        print(i, sess.run([sa, sb, sc, la, lb, lc])[3:])
    print(sess.run([a, b, c]))
