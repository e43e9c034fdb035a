# mode: graph
# checks: a Python operand of a graph op is a constant named in the op's scope (mul/y, sub/x, Add/y, MatMul/b, Greater/y, truediv/y), so tf.constant's own names start at Const
import tensorflow as tf

x = tf.placeholder(tf.float32, [2, 3])
ops = [x * 2.0, 3.0 - x, x + 1.0, x / 2.0, 2.0 / x, x ** 3, tf.pow(x, 2.0), x // 2.0, x % 2.0, tf.add(x, 1.0),
       tf.multiply(2.0, x), tf.maximum(x, 0.0), tf.matmul(x, [[1.0], [2.0], [3.0]]), x > 0.5, tf.equal(x, 1.0),
       tf.subtract(x, 1.0, name="shift"), tf.cast(x, tf.int32) + 1]
for t in ops:
    print(t.name, [i.name for i in t.op.inputs])
with tf.name_scope("layer"):
    h = tf.nn.relu(x) * 0.5 - 1.0
print(h.name, [i.name for i in h.op.inputs], h.op.inputs[0].op.inputs[1].name)
c = tf.constant(5.0)
d = tf.constant([1.0, 2.0])
print(c, d)
with tf.Session() as sess:
    print(sess.run(h + c, {x: [[1.0, -2.0, 3.0], [0.5, 0.0, -1.0]]}))
