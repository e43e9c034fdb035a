# mode: graph
# checks: TF1 AdadeltaOptimizer, FtrlOptimizer (L1/L2, learning_rate_power), ProximalGradientDescent and ProximalAdagrad (L1/L2) on small quadratics: losses per step, slot names and values
import numpy as np
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [0.5, -1.0], [-1.5, 0.3]])
y = tf.constant([[1.0], [-0.5], [2.0]])
opts = [
    tf.train.AdadeltaOptimizer(1.0),
    tf.train.AdadeltaOptimizer(0.5, rho=0.9, epsilon=1e-6),
    tf.train.FtrlOptimizer(0.3),
    tf.train.FtrlOptimizer(0.3, l1_regularization_strength=0.05, l2_regularization_strength=0.1),
    tf.train.FtrlOptimizer(0.2, learning_rate_power=-0.7, initial_accumulator_value=0.5,
                           l1_regularization_strength=0.01),
    tf.train.ProximalGradientDescentOptimizer(0.1),
    tf.train.ProximalGradientDescentOptimizer(0.1, l1_regularization_strength=0.2, l2_regularization_strength=0.5),
    tf.train.ProximalAdagradOptimizer(0.3),
    tf.train.ProximalAdagradOptimizer(0.3, initial_accumulator_value=0.2, l1_regularization_strength=0.05,
                                      l2_regularization_strength=0.1),
    tf.train.FtrlOptimizer(0.5, l1_regularization_strength=1.5),
    tf.train.ProximalGradientDescentOptimizer(0.2, l1_regularization_strength=1.5),
]
ws, losses, steps = [], [], []
for i, opt in enumerate(opts):
    w = tf.Variable(np.array([[0.5], [-0.3]], dtype=np.float32), name="w%d" % i)
    loss = tf.reduce_mean(tf.square(tf.matmul(x, w) - y))
    ws.append(w)
    losses.append(loss)
    steps.append(opt.minimize(loss))
for opt, w in zip(opts, ws):
    print(type(opt).__name__, [opt.get_slot(w, n).name for n in opt.get_slot_names()])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(5):
        print(step, sess.run(losses))
        sess.run(steps)
    for w in ws:
        print(sess.run(w).ravel())
    print(sess.run(opts[3].get_slot(ws[3], "accum")).ravel(), sess.run(opts[3].get_slot(ws[3], "linear")).ravel())
