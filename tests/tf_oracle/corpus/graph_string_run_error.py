# mode: graph
# checks: a string that is not a number: StringToNumber fails when the Session runs it (InvalidArgumentError, the node named); the fetches before it run
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()

p = tf.compat.v1.placeholder(tf.string)
n = tf.strings.to_number(p)
with tf.compat.v1.Session() as sess:
    for item in ["1.5", "2e3", " 7"]:
        print(sess.run(n * 2, {p: item}))
    print(sess.run(n, {p: "x1"}))
