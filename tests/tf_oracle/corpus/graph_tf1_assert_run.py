# mode: graph
# checks: TF1 asserts as ops: a check failing the sess.run that needs it (through control_dependencies, fetched), check_numerics and its gradient at run time
import numpy as np
import tensorflow as tf


def failure_lines(e):
    return [ln for ln in str(e).splitlines() if ln.startswith("assertion failed") or ln.startswith("x (") or
            ln.startswith("Condition") or " : Tensor had " in ln]


x = tf.placeholder(tf.float32, [None], name="x")
labels = tf.placeholder(tf.int32, [None], name="labels")
checks = [tf.assert_non_negative(x, message="x must be >= 0"),
          tf.assert_less(labels, 3, summarize=2),
          tf.debugging.assert_near(x, tf.sqrt(x * x)),
          tf.assert_rank(x, 1)]
with tf.control_dependencies(checks):
    total = tf.reduce_sum(x) + tf.cast(tf.reduce_sum(labels), tf.float32)
numerics = tf.check_numerics(tf.log(x), "log x")
grad = tf.gradients(tf.reduce_sum(numerics), x)[0]
with tf.Session() as sess:
    print(sess.run(total, {x: [0.5, 2.0], labels: [0, 2]}))
    for xs, ls in (([-1.0, 2.0], [0, 1]), ([1.0, 2.0], [1, 4, 5, 7])):
        try:
            sess.run(total, {x: xs, labels: ls})
        except tf.errors.InvalidArgumentError as e:
            print("run:", failure_lines(e))
    print(sess.run([numerics, grad], {x: [1.0, 4.0]}))
    try:
        sess.run(grad, {x: [0.0, 1.0]})
    except tf.errors.InvalidArgumentError as e:
        print("run:", failure_lines(e))
    print(sess.run(checks[0], {x: [1.0]}))
