# mode: graph
# checks: clip_by_global_norm, global_norm, clip_by_norm, clip_by_value and identity of an IndexedSlices gradient keep it an IndexedSlices (its values scaled: the norm counts each repeated index's row, not the dense tensor); the clipped pair trains with Momentum's sparse update
import numpy as np
import tensorflow as tf

emb = tf.Variable(np.arange(8.0, dtype=np.float32).reshape(4, 2))
w = tf.Variable([1.0, 2.0])
loss = tf.reduce_sum(tf.gather(emb, [0, 2, 2]) * w)
gs = tf.gradients(loss, [emb, w])
clipped, norm = tf.clip_by_global_norm(gs, 1.0)
print([type(c).__name__ for c in clipped])
by_norm = tf.clip_by_norm(gs[0], 1.0)
by_value = tf.clip_by_value(gs[0], 0.0, 1.5)
same = tf.identity(gs[0])
print(type(by_norm).__name__, type(by_value).__name__, type(same).__name__)
print(by_norm.indices, by_norm.dense_shape)
opt = tf.train.MomentumOptimizer(0.1, 0.9)
train = opt.apply_gradients(zip(clipped, [emb, w]))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(clipped))
    print(sess.run([norm, tf.global_norm(gs), tf.global_norm([gs[0]])]))
    print(sess.run(by_norm))
    print(sess.run(by_value))
    print(sess.run(same))
    print(sess.run(tf.reduce_sum(gs[0])), sess.run(tf.square(gs[0])))
    for _ in range(2):
        sess.run(train)
    print(sess.run(emb))
    print(sess.run(opt.get_slot(emb, "momentum")))
