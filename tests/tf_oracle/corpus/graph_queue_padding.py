# mode: graph
# checks: tf.PaddingFIFOQueue: elements of different lengths, dequeue_many pads with zeros to the longest
import tensorflow as tf
tf.disable_v2_behavior()

q = tf.PaddingFIFOQueue(10, [tf.float32, tf.int32], shapes=[[None], []])
v = tf.placeholder(tf.float32, [None])
put = q.enqueue([v, tf.size(v)])
batch = q.dequeue_many(3)
single = q.dequeue()
print(type(q), q.shapes, batch, single)
with tf.Session() as sess:
    for value in ([1.0], [2.0, 3.0, 4.0], [5.0, 6.0], [7.0, 8.0]):
        sess.run(put, {v: value})
    print(sess.run(batch))
    print(sess.run(single))
