# mode: graph
# checks: tf.train's learning-rate schedules of a global step (piecewise, polynomial with cycle, natural_exp, inverse_time, cosine, cosine restarts, linear cosine) per step
import tensorflow as tf

step = tf.train.get_or_create_global_step()
print(step, tf.train.get_global_step() is step)
rates = [
    tf.train.piecewise_constant(step, [2, 4], [1.0, 0.5, 0.1]),
    tf.train.polynomial_decay(0.1, step, 3, end_learning_rate=0.01, power=2.0),
    tf.train.polynomial_decay(0.1, step, 3, end_learning_rate=0.01, cycle=True),
    tf.train.natural_exp_decay(0.1, step, 2, 0.5),
    tf.train.natural_exp_decay(0.1, step, 2, 0.5, staircase=True),
    tf.train.inverse_time_decay(0.1, step, 2, 0.5),
    tf.train.inverse_time_decay(0.1, step, 2, 0.5, staircase=True),
    tf.train.cosine_decay(0.1, step, 4, alpha=0.1),
    tf.train.cosine_decay_restarts(0.1, step, 2),
    tf.train.cosine_decay_restarts(0.1, step, 2, t_mul=1.0, m_mul=0.5, alpha=0.05),
    tf.train.linear_cosine_decay(0.1, step, 5),
    tf.train.exponential_decay(0.1, step, 3, 0.9),
]
print([r.dtype for r in rates])
w = tf.Variable(2.0)
train = tf.train.GradientDescentOptimizer(rates[1]).minimize(tf.square(w), global_step=step)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(7):
        print(tf.train.global_step(sess, step), sess.run(rates))
        sess.run(train)
    print(sess.run(w), sess.run(step))
