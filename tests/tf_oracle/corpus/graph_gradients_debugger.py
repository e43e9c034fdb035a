# mode: graph
# checks: tfdbg's GradientsDebugger hands back the gradient tensor that tf.gradients made for a tensor in the middle
import tensorflow as tf
from tensorflow.python import debug as tf_debug

x = tf.Variable(1.0)
y = tf.add(x, x)
grad_debugger = tf_debug.GradientsDebugger()
debug_y = grad_debugger.identify_gradient(y)
z = tf.square(debug_y)
with grad_debugger:
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(z)
y_grad = grad_debugger.gradient_tensor(y)
print(y_grad)
print(debug_y.dtype, debug_y.shape, debug_y.op.type)
print(list(grad_debugger.gradient_tensors()))
print(grad_debugger.gradient_tensor("Add:0") is y_grad)
w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
h = tf.matmul(w, w)
debug_h = grad_debugger.identify_gradient(h)
loss = tf.reduce_sum(tf.sigmoid(debug_h) * 3.0) + tf.reduce_sum(debug_h)
g_w = tf.gradients(loss, [w])
print(grad_debugger.gradient_tensor(h))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(y_grad))
    sess.run(train_op)
    print(sess.run([x, y_grad]))
    print(sess.run(grad_debugger.gradient_tensor(h)))
    print(sess.run(g_w))
