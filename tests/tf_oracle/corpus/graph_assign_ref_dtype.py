# mode: graph
# checks: a TF1 reference variable's assign ops give float32_ref / int32_ref tensors; their reads are plain
import tensorflow as tf
tf.disable_v2_behavior()
v = tf.Variable([1, 2, 3])
w = tf.Variable(1.0)
a = tf.assign(v, [4, 5, 6])
b = w.assign_add(2.0)
c = tf.assign_sub(w, 1.0)
print(a, b, c)
print([a, b])
print(v.value(), a.op.type, b.op.type)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(a), sess.run(b), sess.run(c))
    print(sess.run(b + 1.0))
