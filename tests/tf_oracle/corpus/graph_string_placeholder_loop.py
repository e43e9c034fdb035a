# mode: graph
# checks: a string placeholder fed str and bytes in a loop; Add of strings (concatenation, broadcast) and `+`; tf.strings.join / length / upper / lower; a string variable assigned and read
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()

name = tf.compat.v1.placeholder(tf.string, name="name")
greeting = "Hello, " + name + "!"
shout = tf.strings.upper(greeting)
size = tf.strings.length(name)
chars = tf.strings.length(name, unit="UTF8_CHAR")
print(greeting, greeting.op.type, size)
with tf.compat.v1.Session() as sess:
    for who in ["world", b"TF", "Zoë"]:
        print(sess.run([greeting, shout, size, chars], feed_dict={name: who}))
    batch = tf.compat.v1.placeholder(tf.string, shape=[None])
    joined = tf.strings.join([batch, "-", tf.strings.lower(batch)], separator="|")
    print(sess.run(joined, {batch: ["Ab", "CD", "e"]}))
    print(sess.run(tf.add(batch, "?"), {batch: ["x", "y"]}))
    label = tf.compat.v1.Variable("start")
    update = label.assign(label + ".")
    sess.run(tf.compat.v1.global_variables_initializer())
    for _ in range(3):
        sess.run(update)
    print(sess.run(label), label)
