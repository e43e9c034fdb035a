# mode: graph
# checks: tf.Print is the identity of its input (values and gradient; what it prints goes to stderr); tf.print in a TF1 graph is an op printing when it runs
import sys
import tensorflow as tf

x = tf.placeholder(tf.float32, [None], name="x")
shown = tf.Print(x, [x, tf.reduce_sum(x)], message="x and its sum: ", summarize=2)
print(shown)
loss = tf.reduce_sum(shown * shown)
grad = tf.gradients(loss, x)[0]
printer = tf.print("loss is", loss, "for", x, output_stream=sys.stdout)
print(type(printer).__name__)
with tf.control_dependencies([printer]):
    doubled = tf.identity(loss * 2.0)
hello = tf.print("a constant message", output_stream=sys.stdout)
with tf.Session() as sess:
    print(sess.run([shown, grad], {x: [1.0, 2.0, 3.0]}))
    print("before the print op")
    sess.run(printer, {x: [1.0, -1.0]})
    print(sess.run(doubled, {x: [0.5, 0.25]}))
    sess.run(hello)
    sess.run(hello)
