# mode: graph
# checks: TF1 asserts while building: a static check when both operands are constant (InvalidArgumentError), rank / scalar / integer / type checks of the static shape and dtype
import numpy as np
import tensorflow as tf

tf.disable_v2_behavior()


def failure_lines(e):
    return [ln for ln in str(e).splitlines() if ln.startswith("assertion failed") or ln.startswith("x (") or
            ln.startswith("Condition") or " : Tensor had " in ln]


a = tf.constant([1.0, 2.0, 3.0])
b = tf.constant([1.0, 2.0, 4.0])
try:
    tf.assert_equal(a, b)
except tf.errors.InvalidArgumentError as e:
    print("static:", str(e))
try:
    tf.assert_positive(a - 2.0 + 1.0, message="not folded")
    print("a computed tensor is not checked while building")
    tf.assert_non_positive(a)
except tf.errors.InvalidArgumentError as e:
    print("static:", str(e))
for fn in (lambda: tf.assert_rank(a, 2), lambda: tf.assert_scalar(a), lambda: tf.assert_integer(a),
           lambda: tf.assert_type(a, tf.int32, message="want ints")):
    try:
        fn()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, str(e))
print(tf.assert_type(a, tf.float32).type, tf.assert_rank(a, 1).name)
