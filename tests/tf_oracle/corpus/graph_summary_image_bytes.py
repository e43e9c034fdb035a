# mode: graph
# checks: image summaries' bytes: TensorFlow's float-to-uint8 scaling (per image; with negative values zero at 128), tags img/image/N, and the PNG libpng writes (adaptive row filters, deflate) for gray, RGB, RGBA, one-row, one-column and larger images
import tensorflow as tf
import numpy as np

tf.compat.v1.disable_v2_behavior()
rng = np.random.RandomState(0)
cases = [rng.rand(2, 4, 5, 1).astype(np.float32), rng.randn(1, 3, 3, 3).astype(np.float32),
         (rng.rand(1, 6, 7, 4) * 255).astype(np.uint8), rng.rand(1, 1, 5, 1).astype(np.float32),
         rng.rand(1, 5, 1, 3).astype(np.float32), np.linspace(0, 1, 64, dtype=np.float32).reshape(1, 8, 8, 1),
         rng.rand(4, 20, 30, 3).astype(np.float32)]
ops = [tf.compat.v1.summary.image('im%d' % i, tf.constant(c)) for i, c in enumerate(cases)]
ops.append(tf.compat.v1.summary.image('one', tf.constant(cases[0]), max_outputs=1))
print(ops[0], ops[-1])
with tf.compat.v1.Session() as sess:
    for out in sess.run(ops):
        print(len(out), out[:60])
    print(sess.run(ops[1]))
    print(sess.run(tf.compat.v1.summary.merge([ops[3], ops[4]])))
