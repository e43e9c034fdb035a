# mode: eager
# checks: get_concrete_function (a tensor, a TensorSpec with unknown sizes, Python values), calling it, its signature's text, graph ops and Identity outputs; a relaxed trace serves later calls; pretty_printed_concrete_signatures
import tensorflow as tf


@tf.function
def double(a):
    print("Tracing with", a)
    return a + a


print(double(tf.constant(1)), double(tf.constant(1.5)))
print(double.pretty_printed_concrete_signatures())
c = double.get_concrete_function(tf.constant("a"))
print(c(tf.constant("x")), c(a=tf.constant("y")), c is double.get_concrete_function(tf.constant("b")))
s = double.get_concrete_function(tf.TensorSpec(shape=[None], dtype=tf.float32))
print(s(tf.constant([1.0, 2.0])), double(tf.constant([3.0, 4.0, 5.0])))
print(c)
print(s.function_type)
print(c.structured_outputs, c.inputs, c.outputs)
cube = tf.function(lambda x: x ** 3).get_concrete_function(tf.constant(2.0))
ops = cube.graph.get_operations()
print([op.name for op in ops], [op.type for op in ops], list(ops[2].inputs), cube.graph.get_tensor_by_name("Identity:0"))


@tf.function
def pair(x, n=2, scale=None):
    return {"sum": x * n, "parts": (x, x + 1.0)}


p = pair.get_concrete_function(tf.TensorSpec(None, tf.float32), n=3)
print(p)
print(p(tf.constant(2.0)), pair.experimental_get_tracing_count(), double.experimental_get_tracing_count())
try:
    p(tf.constant(2.0), 4)
except TypeError as e:
    print("TypeError", str(e).splitlines()[0])
try:
    c(tf.constant(1))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError", type(e).__name__)
