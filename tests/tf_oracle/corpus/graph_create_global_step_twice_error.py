# mode: graph
# checks: tf.train.create_global_step makes an int64 global_step once; get_global_step finds it; a second create is TensorFlow's ValueError
import tensorflow as tf

print(tf.train.get_global_step())
step = tf.train.create_global_step()
print(step, tf.train.get_global_step() is step, tf.get_collection(tf.GraphKeys.GLOBAL_STEP))
lr = tf.train.piecewise_constant(step, [tf.constant(3, tf.int64)], [0.1, 0.01])
inc = tf.assign_add(step, 2)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for _ in range(3):
        print(tf.train.global_step(sess, step), sess.run(lr))
        sess.run(inc)
tf.train.create_global_step()
