# mode: eager
# checks: tf.timestamp eagerly and inside a tf.function (a float64 scalar of seconds, taken at each call), with a Python if on a tensor there
import tensorflow as tf

t = tf.timestamp()
print(t.dtype, t.shape, float(t) > 1.7e9)


@tf.function
def clock():
    now = tf.timestamp() % (24 * 60 * 60)
    second = tf.cast(tf.floor(now % 60), tf.int32)
    text = tf.strings.format("{}", second)
    if tf.strings.length(text) == 1:
        text = tf.strings.format("0{}", second)
    return tf.strings.length(text), tf.timestamp() - tf.timestamp()


print(clock()[0], clock()[1].dtype)
