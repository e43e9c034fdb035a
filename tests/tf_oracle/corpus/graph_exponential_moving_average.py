# mode: graph
# checks: tf.train.ExponentialMovingAverage of trained variables (with num_updates from the global step) and of a tensor: the shadow variables' names, average_name, variables_to_restore, the averages per step
import tensorflow as tf

step = tf.train.get_or_create_global_step()
w = tf.Variable([1.0, -2.0], name="w")
b = tf.Variable(0.5, name="b")
loss = tf.reduce_sum(tf.square(w - 3.0)) + tf.square(b + 1.0)
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=step)
ema = tf.train.ExponentialMovingAverage(0.9, num_updates=step)
with tf.control_dependencies([train]):
    train_ema = ema.apply([w, b])
loss_avg = tf.train.ExponentialMovingAverage(0.5, name="loss_avg")
track = loss_avg.apply([loss])
print(ema.average(w), ema.average_name(b), ema.name)
print(loss_avg.average(loss).name, ema.average(loss))
print(sorted(ema.variables_to_restore()))
print(tf.get_collection(tf.GraphKeys.MOVING_AVERAGE_VARIABLES))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([ema.average(w), ema.average(b), loss_avg.average(loss)]))
    for i in range(4):
        sess.run([train_ema, track])
        print(sess.run(step), sess.run(w), sess.run([ema.average(w), ema.average(b), loss_avg.average(loss)]))
