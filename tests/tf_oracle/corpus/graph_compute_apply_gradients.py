# mode: graph
# checks: optimizer.compute_gradients / apply_gradients with gradients clipped in between
import tensorflow as tf

w = tf.Variable([1.0, -2.0], name='w')
b = tf.Variable(0.5, name='b')
loss = tf.reduce_sum(tf.square(w * 3.0 + b - 1.0))
opt = tf.train.GradientDescentOptimizer(learning_rate=0.1)
grads_and_vars = opt.compute_gradients(loss)
print([v.name for g, v in grads_and_vars])
capped = [(tf.clip_by_value(g, -1.0, 1.0), v) for g, v in grads_and_vars]
train_op = opt.apply_gradients(capped)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([g for g, v in grads_and_vars]))
    for _ in range(3):
        sess.run(train_op)
        print(sess.run([w, b]))
