# mode: graph
# checks: a dequeue from a closed queue with too few elements is TensorFlow's OutOfRangeError
import tensorflow as tf
tf.disable_v2_behavior()

q = tf.FIFOQueue(5, tf.float32, shapes=[[2]])
v = tf.placeholder(tf.float32, [2])
put = q.enqueue(v)
pair = q.dequeue_many(2)
with tf.Session() as sess:
    sess.run(put, {v: [1.0, 2.0]})
    sess.run(q.close())
    print(sess.run(q.size()))
    sess.run(pair)
