# mode: graph
# checks: a layer function called twice under tf.AUTO_REUSE shares its variables; op names get name scopes
import tensorflow as tf

def layer(x, name):
    with tf.variable_scope(name, reuse=tf.AUTO_REUSE):
        w = tf.get_variable("w", [2, 1], initializer=tf.ones_initializer())
        b = tf.get_variable("b", [1], initializer=tf.constant_initializer(-1.0))
        return tf.matmul(x, w) + b

x1 = tf.constant([[1.0, 2.0]])
x2 = tf.constant([[3.0, 4.0]])
y1 = layer(x1, "shared")
y2 = layer(x2, "shared")
print(y1, y2)
print([v.name for v in tf.global_variables()])
print(tf.AUTO_REUSE)
g = tf.gradients(y1 + 2.0 * y2, tf.trainable_variables())
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([y1, y2]))
    print(sess.run(g))
