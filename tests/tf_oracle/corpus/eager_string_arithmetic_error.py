# mode: eager
# checks: eager string tensors in arithmetic: TensorFlow's errors for Add with a number (an int, a float tensor), Mul, Sub, a reduction, a cast, a comparison; then a number added to a string tensor
import tensorflow as tf

s = tf.constant(["ab", "cd"])
for make in (lambda: s + 1, lambda: s + tf.constant(1.0), lambda: tf.multiply(s, s), lambda: s * 2,
             lambda: tf.subtract(s, s), lambda: tf.reduce_sum(s), lambda: tf.cast(s, tf.float32), lambda: s < "b",
             lambda: s / 2, lambda: s / s, lambda: tf.strings.to_number(["x"]), lambda: tf.strings.join([s, ["a", "b", "c"]])):
    try:
        make()
    except (TypeError, tf.errors.OpError) as exc:
        print(type(exc).__name__, str(exc).split(" [Op:")[0].split("}} ")[-1])
print(tf.constant([1.0, 2.0]) + s)
