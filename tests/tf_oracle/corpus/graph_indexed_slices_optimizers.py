# mode: graph
# checks: TF1 optimizers with an IndexedSlices gradient (an embedding fed different ids each step, one repeated): GradientDescent, Momentum (also Nesterov), Adagrad, RMSProp (also centered), Adam take TensorFlow's sparse paths (repeated ids summed first; only the gathered rows' slots move, except Adam's m and v which decay on every row); reference and resource variables
import numpy as np
import tensorflow as tf

BATCHES = [[0, 2, 2], [1, 3], [0, 4], [2]]


def run(label, make, resource=False):
    tf.reset_default_graph()
    emb = tf.Variable(np.arange(10.0, dtype=np.float32).reshape(5, 2) / 10.0, use_resource=resource)
    w = tf.Variable([0.5, -1.0])
    ids = tf.placeholder(tf.int32, [None])
    loss = tf.reduce_sum(tf.square(tf.nn.embedding_lookup(emb, ids) * w - 1.0))
    opt = make()
    pairs = opt.compute_gradients(loss)
    train = opt.apply_gradients(pairs)
    print(label, "resource" if resource else "ref", type(pairs[0][0]).__name__, type(pairs[1][0]).__name__)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for batch in BATCHES:
            sess.run(train, {ids: batch})
        print(sess.run(emb))
        for name in sorted(opt.get_slot_names()):
            print(name, sess.run(opt.get_slot(emb, name)))


for resource in (False, True):
    run("sgd", lambda: tf.train.GradientDescentOptimizer(0.1), resource)
    run("momentum", lambda: tf.train.MomentumOptimizer(0.1, 0.9), resource)
    run("nesterov", lambda: tf.train.MomentumOptimizer(0.1, 0.9, use_nesterov=True), resource)
    run("adagrad", lambda: tf.train.AdagradOptimizer(0.1), resource)
    run("rmsprop", lambda: tf.train.RMSPropOptimizer(0.1), resource)
    run("centered", lambda: tf.train.RMSPropOptimizer(0.1, momentum=0.5, centered=True), resource)
    run("adam", lambda: tf.train.AdamOptimizer(0.1), resource)
