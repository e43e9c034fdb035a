# mode: graph
# checks: tf.train.MomentumOptimizer and AdamOptimizer on the same quadratic
import tensorflow as tf

for name in ["momentum", "adam"]:
    with tf.Graph().as_default():
        w = tf.Variable([2.0, -1.0])
        loss = tf.reduce_sum(w * w * tf.constant([1.0, 4.0]))
        if name == "momentum":
            opt = tf.train.MomentumOptimizer(learning_rate=0.05, momentum=0.9)
        else:
            opt = tf.train.AdamOptimizer(learning_rate=0.1)
        train = opt.minimize(loss)
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            for i in range(4):
                _, l = sess.run([train, loss])
                print(name, i, l, sess.run(w))
