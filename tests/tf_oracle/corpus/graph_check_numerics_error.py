# mode: graph
# checks: tf.add_check_numerics_ops checks every float tensor of the graph at each run; a NaN ends the run with TensorFlow's InvalidArgumentError naming the tensor
import tensorflow as tf

x = tf.placeholder(tf.float32, [2], name="x")
w = tf.Variable([1.0, 2.0], name="w")
y = tf.log(x * w, name="logs")
total = tf.reduce_sum(y, name="total")
check = tf.add_check_numerics_ops()
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([total, check], {x: [1.0, 2.0]})[0])
    sess.run([total, check], {x: [-1.0, 2.0]})
