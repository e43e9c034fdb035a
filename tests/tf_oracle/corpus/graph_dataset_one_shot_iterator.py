# mode: graph
# checks: a one-shot iterator's get_next in graph mode: each run takes the next batch, OutOfRangeError at the end, a new Session starts again
import numpy as np
import tensorflow as tf

x = np.arange(12, dtype=np.float32).reshape(6, 2)
y = np.array([0, 1, 0, 1, 1, 0], dtype=np.int64)
ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(6, seed=4).batch(3).repeat(2)
it = tf.data.make_one_shot_iterator(ds)
xb, yb = it.get_next()
print(xb, yb)
w = tf.Variable([[1.0], [-1.0]])
loss = tf.reduce_sum(tf.matmul(xb, w) * tf.cast(yb[:, None], tf.float32))
g = tf.gradients(loss, w)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    while True:
        try:
            print(sess.run([loss, yb]))
        except tf.errors.OutOfRangeError:
            print("out of range")
            break
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(xb))
