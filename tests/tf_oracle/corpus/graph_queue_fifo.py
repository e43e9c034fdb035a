# mode: graph
# checks: tf.FIFOQueue (dtype as a string, shapes, names): enqueue, enqueue_many, dequeue, dequeue_many, size, is_closed, close, dequeue_up_to
import tensorflow as tf
tf.disable_v2_behavior()

q = tf.FIFOQueue(3, 'float')
init = q.enqueue_many(([0., 0., 0.],))
x = q.dequeue()
y = x + 1
q_inc = q.enqueue([y])
print(type(q), q.name, q.dtypes, q.shapes, x, q.size())
with tf.Session() as sess:
    init.run()
    q_inc.run()
    q_inc.run()
    q_inc.run()
    print(sess.run(q.size()), sess.run([x, x]), sess.run(x), sess.run(x), sess.run(q.size()))

q2 = tf.FIFOQueue(10, [tf.int32, tf.float32], shapes=[[], [2]], names=["a", "b"])
e = q2.enqueue({"a": 1, "b": [1., 2.]})
em = q2.enqueue_many({"a": [2, 3, 4], "b": [[3., 4.], [5., 6.], [7., 8.]]})
d = q2.dequeue()
dm = q2.dequeue_many(2)
du = q2.dequeue_up_to(5)
print(q2.names, q2.shapes, d, dm, du, q2.is_closed(), sep="\n")
with tf.Session() as sess:
    sess.run(e)
    sess.run(em)
    print(sess.run(d))
    print(sess.run(dm))
    print(sess.run([q2.size(), q2.is_closed()]))
    sess.run(q2.close())
    print(sess.run(q2.is_closed()))
    print(sess.run(du))
    for op in (d, dm, du, e):
        try:
            sess.run(op)
        except (tf.errors.OutOfRangeError, tf.errors.CancelledError) as exc:
            print(type(exc).__name__)
