# mode: eager
# checks: tf.debugging's rank, type, integer, scalar, finite asserts and tf.debugging.Assert eagerly: None when they hold, TensorFlow's errors and messages when not
import numpy as np
import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0])
y = tf.constant([1.0, 2.0, 4.0])


def show(label, fn):
    try:
        print(label, "->", fn())
    except (tf.errors.InvalidArgumentError, ValueError, TypeError) as e:
        print(label, "raised", type(e).__name__)
        print(str(e))


show("near holds", lambda: tf.debugging.assert_near(x, x + 1e-7))
show("near tolerances", lambda: tf.debugging.assert_near(x, y, rtol=0.1, atol=0.0, message="close"))
show("near float64", lambda: tf.debugging.assert_near(tf.constant([1.0], tf.float64), tf.constant([1.5], tf.float64)))
show("rank", lambda: tf.debugging.assert_rank(x, 2))
show("rank holds", lambda: tf.debugging.assert_rank(x, 1))
show("rank message", lambda: tf.debugging.assert_rank(x, 0, message="need a scalar"))
show("rank_at_least", lambda: tf.debugging.assert_rank_at_least(x, 2))
show("rank_in", lambda: tf.debugging.assert_rank_in(x, [0, 2]))
show("type", lambda: tf.debugging.assert_type(x, tf.int32))
show("type holds", lambda: tf.debugging.assert_type(x, tf.float32))
show("integer", lambda: tf.debugging.assert_integer(x))
show("integer holds", lambda: tf.debugging.assert_integer(tf.constant([1, 2])))
show("scalar", lambda: tf.debugging.assert_scalar(x))
show("scalar holds", lambda: tf.debugging.assert_scalar(tf.constant(2.0)))
show("all_finite holds", lambda: tf.debugging.assert_all_finite(x, "not finite"))
show("check_numerics holds", lambda: tf.debugging.check_numerics(x * 2.0, "doubled"))
show("Assert", lambda: tf.debugging.Assert(tf.reduce_all(x > 1.0), [x, "x must be > 1", 3]))
show("Assert python bool", lambda: tf.debugging.Assert(False, [np.arange(5)], summarize=2))
show("Assert holds", lambda: tf.debugging.Assert(True, [x]))
show("root rank", lambda: tf.assert_rank(tf.zeros([2, 2]), 3))
