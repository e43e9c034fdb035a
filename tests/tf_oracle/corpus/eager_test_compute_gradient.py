# mode: eager
# checks: tf.test.compute_gradient gives the theoretical (backprop) and numeric (central differences, delta 1/1024 in the argument's dtype) Jacobians; the build facts of a CPU-only TensorFlow
import tensorflow as tf
import numpy as np

print(tf.test.is_built_with_cuda(), tf.test.is_built_with_gpu_support(), tf.test.is_gpu_available(),
      repr(tf.test.gpu_device_name()))
th, nu = tf.test.compute_gradient(lambda x: x ** 3 - 2.0 * x, [tf.constant([1.0, 2.0])])
print(type(th), len(th), th[0].dtype, th[0].shape)
print(th, nu)
th, nu = tf.test.compute_gradient(lambda a, b: tf.matmul(a, b), [tf.constant([[1.0, 2.0]]), tf.constant([[3.0], [4.0]])])
print(th, nu)
th, nu = tf.test.compute_gradient(lambda x: tf.reduce_sum(x ** 2), [tf.constant([[1.0, 2.0], [3.0, 4.0]], tf.float64)])
print(th, nu)
th, nu = tf.test.compute_gradient(lambda x: x * 2.0, [np.array([1.0, 2.0, 3.0])], delta=0.1)
print(th, nu, np.max(np.abs(th[0] - nu[0])))
th, nu = tf.test.compute_gradient(lambda x, y: x * y, [1.5, 2.0])
print(th, nu)
th, nu = tf.test.compute_gradient(lambda x: tf.stop_gradient(x) * 3.0, [tf.constant([1.0, 2.0])])
print(th, nu)
th, nu = tf.test.compute_gradient(lambda x: tf.nn.softmax(x), [tf.constant([0.5, -1.0, 2.0], tf.float64)])
print(th, nu)
for bad in (tf.constant([1.0]), [tf.constant([1, 2])]):
    try:
        tf.test.compute_gradient(lambda x: x * 2, bad)
    except (ValueError, AssertionError) as e:
        print(type(e).__name__, e)
