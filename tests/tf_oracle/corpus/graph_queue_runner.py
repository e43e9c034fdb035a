# mode: graph
# checks: tf.train.QueueRunner moving a closed queue's elements into a second queue (one thread: TensorFlow's order), Coordinator, OutOfRangeError at the end
import tensorflow as tf
tf.disable_v2_behavior()

source = tf.FIFOQueue(10, tf.float32, shapes=[[]])
fill = source.enqueue_many([[1.0, 2.0, 3.0, 4.0]])
sink = tf.FIFOQueue(2, tf.float32, shapes=[[]])
qr = tf.train.QueueRunner(sink, [sink.enqueue(source.dequeue() * 10.0)])
tf.train.add_queue_runner(qr)
print(type(qr), qr.name, len(tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS)))
out = sink.dequeue() + 0.5
with tf.Session() as sess:
    sess.run(fill)
    sess.run(source.close())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    print(type(coord), len(threads), coord.should_stop())
    values = []
    try:
        while not coord.should_stop():
            values.append(sess.run(out))
    except tf.errors.OutOfRangeError:
        print("done", values)
    finally:
        coord.request_stop()
    coord.join(threads)
    print(coord.should_stop())
