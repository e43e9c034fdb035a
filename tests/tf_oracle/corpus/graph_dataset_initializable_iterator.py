# mode: graph
# checks: make_initializable_iterator over placeholders: the initializer fed, short last batches, OutOfRangeError at the end, re-initialized on other data
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, shape=[None, 2], name="x")
y = tf.placeholder(tf.float32, shape=[None], name="y")
dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(2)
iterator = tf.data.make_initializable_iterator(dataset)
features, labels = iterator.get_next()
print(features, labels)
print(iterator.initializer.type, iterator.initializer.name)
print(tf.data.get_output_types(iterator), tf.data.get_output_shapes(iterator))
total = tf.reduce_sum(features) + tf.reduce_sum(labels)
data_x = np.arange(10, dtype=np.float32).reshape(5, 2)
data_y = np.array([1, 2, 3, 4, 5], dtype=np.float32)
with tf.Session() as sess:
    for epoch in range(2):
        sess.run(iterator.initializer, feed_dict={x: data_x, y: data_y})
        while True:
            try:
                f, l, t = sess.run([features, labels, total])
                print(epoch, f.tolist(), l, t)
            except tf.errors.OutOfRangeError as e:
                print("end of epoch", epoch, type(e).__name__, e.message.splitlines()[-2:])
                break
    sess.run(iterator.initializer, feed_dict={x: data_x[:3] * 10, y: data_y[:3]})
    print(sess.run(features), sess.run(total))
    try:
        sess.run(labels)
    except tf.errors.OutOfRangeError:
        print("done")
