# mode: graph
# checks: tf.metrics accuracy, mean (weighted), mean_squared/absolute_error, root_mean_squared_error, precision, recall, auc (ROC, PR) over batches: local variables' names, (value, update_op), local_variables_initializer restarting them
import numpy as np
import tensorflow as tf

labels = tf.placeholder(tf.int64, [None])
probs = tf.placeholder(tf.float32, [None])
target = tf.placeholder(tf.float32, [None, 1])
guess = tf.placeholder(tf.float32, [None])
predicted = tf.cast(probs > 0.5, tf.int64)
acc, acc_op = tf.metrics.accuracy(labels, predicted)
avg, avg_op = tf.metrics.mean(probs, weights=tf.cast(labels, tf.float32) + 1.0)
mse, mse_op = tf.metrics.mean_squared_error(target, guess)
mae, mae_op = tf.metrics.mean_absolute_error(target, guess)
rmse, rmse_op = tf.metrics.root_mean_squared_error(target, guess)
prec, prec_op = tf.metrics.precision(labels, predicted)
rec, rec_op = tf.metrics.recall(labels, predicted, name="my_recall")
auc, auc_op = tf.metrics.auc(labels, probs, num_thresholds=20)
pr_auc, pr_auc_op = tf.metrics.auc(labels, probs, curve="PR", summation_method="careful_interpolation")
acc2, acc2_op = tf.metrics.accuracy(labels, predicted)
print(acc, acc_op)
print(prec, rec_op, auc)
print([v.name for v in tf.local_variables()])
print(tf.global_variables(), len(tf.get_collection(tf.GraphKeys.METRIC_VARIABLES)))
ops = [acc_op, avg_op, mse_op, mae_op, rmse_op, prec_op, rec_op, auc_op, pr_auc_op, acc2_op]
values = [acc, avg, mse, mae, rmse, prec, rec, auc, pr_auc, acc2]
rng = np.random.RandomState(0)
with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    print(sess.run(values))
    for batch in range(3):
        y = rng.randint(0, 2, size=6)
        p = np.clip(y * 0.25 + rng.uniform(0, 0.75, size=6), 0, 1).astype(np.float32)
        t = rng.normal(size=(6, 1)).astype(np.float32)
        g = (t[:, 0] + rng.normal(scale=0.5, size=6)).astype(np.float32)
        print(batch, sess.run(ops, {labels: y, probs: p, target: t, guess: g}))
    print(sess.run(values))
    sess.run(tf.local_variables_initializer())
    print(sess.run([acc, auc]))
