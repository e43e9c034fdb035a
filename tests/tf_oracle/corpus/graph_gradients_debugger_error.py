# mode: graph
# checks: GradientsDebugger.gradient_tensor of a tensor it has no gradient for is TensorFlow's LookupError (a learner's program passed z as the learning rate)
import tensorflow as tf
from tensorflow.python import debug as tf_debug

x = tf.Variable(1.0)
y = tf.add(x, x)
grad_debugger = tf_debug.GradientsDebugger()
debug_y = grad_debugger.identify_gradient(y)
z = tf.square(debug_y)
try:
    grad_debugger.gradient_tensor(3)
except TypeError as e:
    print("TypeError", e)
with grad_debugger:
    train_op = tf.train.GradientDescentOptimizer(z)
    debug_x = grad_debugger.identify_gradient(x)
    x_grad = grad_debugger.gradient_tensor(x)
