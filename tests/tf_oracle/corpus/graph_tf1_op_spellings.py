# mode: graph
# checks: TF1-only op spellings: tf.arg_max / tf.arg_min, tf.count_nonzero (axis, dtype), tf.nn.in_top_k(predictions, targets, k) with a tie at the boundary, a nan row an out-of-range target and a row with a nan, tf.nn.xw_plus_b, tf.diag of a vector; their printed names
import numpy as np
import tensorflow as tf

scores = tf.placeholder(tf.float32, [None, 4], name="scores")
labels = tf.placeholder(tf.int32, [None], name="labels")
W = tf.Variable(np.arange(8, dtype=np.float32).reshape(4, 2) / 4, name="W")
b = tf.Variable([0.5, -0.5], name="b")

best = tf.arg_max(scores, 1)
worst = tf.arg_min(scores, dimension=1)
nonzero = tf.count_nonzero(scores)
nonzero_rows = tf.count_nonzero(scores, 1, dtype=tf.int32)
top1 = tf.nn.in_top_k(scores, labels, 1)
top2 = tf.nn.in_top_k(scores, labels, 2)
hidden = tf.nn.xw_plus_b(scores, W, b)
square = tf.diag(b)
for t in (best, worst, nonzero, nonzero_rows, top1, top2, hidden, square):
    print(t)

feed = {scores: [[0.25, 0.5, 0.5, 0.0], [2.0, 1.0, 3.0, 0.0], [-1.0, 1.0, 0.0, 2.0], [0.0, 0.0, 0.0, 1.0]],
        labels: [2, 1, 3, 7]}
with_nan = {scores: [[np.nan, 1.0, 0.0, 2.0], [0.5, 1.0, 0.0, 2.0]], labels: [3, 3]}
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for name, value in zip(["best", "worst", "nonzero", "rows", "top1", "top2", "hidden", "diag"],
                           sess.run([best, worst, nonzero, nonzero_rows, top1, top2, hidden, square], feed)):
        print(name, value)
    accuracy = tf.reduce_mean(tf.cast(top1, tf.float32))
    print("accuracy", sess.run(accuracy, feed))
    print("nan row", sess.run([top1, top2], with_nan))
