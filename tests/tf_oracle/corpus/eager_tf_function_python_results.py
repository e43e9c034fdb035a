# mode: eager
# checks: a tf.function returns Python numbers as tensors (also where the trace gives way to an eager run); TensorSpec's default float32 dtype
import tensorflow as tf


@tf.function
def simple_relu(x):
    if tf.greater(x, 0):
        return x
    else:
        return 0


print(simple_relu(tf.constant(1)), simple_relu(tf.constant(-1)))


@tf.function
def constant_pair():
    return 1, [2.5, True]


print(constant_pair())
print(tf.TensorSpec(None), tf.TensorSpec([None, 2]))


@tf.function(input_signature=[tf.TensorSpec(None)])
def double(x):
    return x * 2


print(double(3.0), double([1.0, 2.0]))
