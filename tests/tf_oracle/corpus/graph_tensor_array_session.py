# mode: graph
# checks: a TF1 tf.TensorArray filled by a Python loop over a placeholder: its tensors' names and static shapes, sess.run of stack/read/gather/concat/size, tf.gradients through the stack, a dynamic array's unknown length
import tensorflow as tf

tf.disable_v2_behavior()
x = tf.placeholder(tf.float32, [2], name="x")
ta = tf.TensorArray(tf.float32, size=3, clear_after_read=False)
print(ta.size(), ta.element_shape, ta.dynamic_size)
for i in range(3):
    ta = ta.write(i, x * float(i + 1))
print(ta.element_shape)
s = ta.stack()
r = ta.read(1)
loss = tf.reduce_sum(s * s)
(g,) = tf.gradients(loss, x)
print(s)
print(r)
dyn = tf.TensorArray(tf.float32, size=0, dynamic_size=True, clear_after_read=False)
dyn = dyn.unstack(tf.constant([[1.0, 2.0], [3.0, 4.0]]))
print(dyn.stack())
print(dyn.concat())
print(dyn.size())
with tf.Session() as sess:
    out = sess.run([s, r, loss, g], {x: [1.0, -2.0]})
    for value in out:
        print(value)
    print(sess.run([dyn.stack(), dyn.size(), dyn.concat(), dyn.gather([1])]))
    print(sess.run(ta.size()))
