# mode: graph
# checks: tf.train.slice_input_producer (no shuffle) and tf.train.batch with queue runners: one thread each, TensorFlow's order; num_epochs and a smaller final batch
import numpy as np
import tensorflow as tf
tf.disable_v2_behavior()

x_data = np.arange(10, dtype=np.float32).reshape(5, 2)
y_data = np.arange(5, dtype=np.int32)
x, y = tf.train.slice_input_producer([x_data, y_data], shuffle=False)
print(x, y)
xb, yb = tf.train.batch([x, y], batch_size=3)
print(xb, yb)
ex, ey = tf.train.slice_input_producer([x_data, y_data], num_epochs=1, shuffle=False)
eb = tf.train.batch({"x": ex, "y": ey}, batch_size=3, allow_smaller_final_batch=True)
print(eb)
with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    for _ in range(3):
        print(sess.run([xb, yb]))
    try:
        while True:
            print(sess.run(eb))
    except tf.errors.OutOfRangeError:
        print("epoch done")
    coord.request_stop()
    coord.join(threads)
