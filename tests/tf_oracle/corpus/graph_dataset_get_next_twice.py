# mode: graph
# checks: two get_next() calls of one iterator are two ops: one sess.run of both takes two elements (in either order), separate runs advance each
import numpy as np
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices(np.arange(12, dtype=np.float32)).batch(2)
it = tf.data.make_one_shot_iterator(ds)
a = it.get_next()
b = it.get_next()
print(a, b)
print(a is b, a.op.type, b.op.name)
total = a + b
with tf.Session() as sess:
    print(sorted(v.tolist() for v in sess.run([a, b])))
    print(sess.run(a), sess.run(b))
    print(sess.run(total))
    try:
        sess.run([a, b])
    except tf.errors.OutOfRangeError:
        print('out of range')
it2 = tf.data.make_initializable_iterator(tf.data.Dataset.range(6))
c, d = it2.get_next(), it2.get_next(name='second')
print(d.op.name)
with tf.Session() as sess:
    sess.run(it2.initializer)
    first = sess.run([c, d, c])
    print(first[0] == first[2], sorted(first[:2]), sess.run(d), sess.run(c + d))
