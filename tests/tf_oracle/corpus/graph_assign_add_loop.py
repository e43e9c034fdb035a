# mode: graph
# checks: a counter updated with tf.assign_add in a loop of sess.run calls
import tensorflow as tf

counter = tf.Variable(0, name="counter")
increment = tf.assign_add(counter, 1)
total = tf.Variable(0.0)
accumulate = tf.assign_add(total, tf.cast(counter, tf.float32) * 0.5)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for _ in range(4):
        sess.run(increment)
        print(sess.run(counter), sess.run(accumulate))
