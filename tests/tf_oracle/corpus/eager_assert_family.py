# mode: eager
# checks: tf.debugging's comparison asserts eagerly (equal, none_equal, less, greater, positive, negative, near): None when they hold, TensorFlow's errors and messages when not
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
