# mode: eager
# checks: tf.debugging's asserts eagerly: None when they hold, InvalidArgumentError / ValueError / TypeError with TensorFlow's messages when not
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


show("equal holds", lambda: tf.debugging.assert_equal(x, x + 0.0))
show("equal", lambda: tf.debugging.assert_equal(x, y))
show("equal message", lambda: tf.debugging.assert_equal(x, y, message="x and y differ"))
show("equal summarize", lambda: tf.debugging.assert_equal(tf.range(10), tf.range(10) + 1, summarize=2))
show("equal all", lambda: tf.debugging.assert_equal(tf.range(5), tf.range(5) * 2, summarize=-1))
show("equal broadcast", lambda: tf.debugging.assert_equal(x, 1.0))
show("equal matrix", lambda: tf.debugging.assert_equal(tf.constant([[1, 2], [3, 4]]), tf.constant([[1, 2], [3, 5]])))
show("equal shapes", lambda: tf.debugging.assert_equal(x, tf.constant([1.0, 2.0])))
show("equal dtypes", lambda: tf.debugging.assert_equal(x, tf.constant([1, 2, 3])))
show("none_equal", lambda: tf.debugging.assert_none_equal(x, y))
show("less", lambda: tf.debugging.assert_less(x, y))
show("less holds", lambda: tf.debugging.assert_less(x, x + 1.0))
show("less_equal holds", lambda: tf.debugging.assert_less_equal(x, y))
show("greater", lambda: tf.debugging.assert_greater(y, x))
show("greater_equal", lambda: tf.debugging.assert_greater_equal(x, y))
show("root less scalar", lambda: tf.assert_less(3, 2))
show("root greater holds", lambda: tf.assert_greater(3.0, 2.0))
show("positive", lambda: tf.debugging.assert_positive(x - 1.0))
show("positive int", lambda: tf.debugging.assert_positive(tf.constant([1, -2, 3]), message="counts"))
show("negative", lambda: tf.debugging.assert_negative(x))
show("non_negative", lambda: tf.debugging.assert_non_negative(x - 2.0))
show("non_negative holds", lambda: tf.debugging.assert_non_negative(x))
show("non_positive", lambda: tf.debugging.assert_non_positive(x))
show("near", lambda: tf.debugging.assert_near(x, y))
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
