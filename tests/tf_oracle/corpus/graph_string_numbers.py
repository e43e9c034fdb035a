# mode: graph
# checks: as_string / strings.to_number / strings.format / reduce_join in a Session; tf.print of strings; no gradient through strings (None); a computed string in tf.Print's data
import sys
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()

x = tf.compat.v1.placeholder(tf.float32, shape=[3])
text = tf.as_string(x, precision=2)
back = tf.strings.to_number(text)
y = back * x + tf.reduce_sum(x)
grads = tf.gradients(y, x)
line = tf.strings.format("x={} sum={}", [x, tf.reduce_sum(x)])
words = tf.constant([["the", "quick"], ["brown", "fox"]])
show = tf.print("text:", text, "first:", text[0], output_stream=sys.stdout)
printed = tf.compat.v1.Print(x, [tf.strings.reduce_join(text, separator="+")], "joined ")
with tf.compat.v1.Session() as sess:
    feed = {x: [1.0, 2.5, -3.125]}
    print(sess.run([text, back], feed))
    print(sess.run(grads, feed), tf.gradients(tf.strings.length(text), x))
    print(sess.run(line, feed))
    print(sess.run(words), sess.run(tf.strings.reduce_join(words, 0, separator=" ")))
    sess.run(show, feed)
    print(sess.run(tf.as_string(tf.constant([7, 42]), width=4)), sess.run(tf.as_string(True)))
    print(sess.run(tf.strings.to_number(["12", "-3"], out_type=tf.int32)))
