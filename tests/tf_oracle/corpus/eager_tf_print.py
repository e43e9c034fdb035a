# mode: eager
# checks: tf.print writes to stderr unless output_stream=sys.stdout; Python print in tf.function runs when tracing
import sys
import tensorflow as tf

print("start")
tf.print(tf.constant([1.0, 2.5]), output_stream=sys.stdout)
tf.print("this goes to stderr")

@tf.function
def double(x):
    print("tracing with", x.dtype)
    tf.print("running", x, output_stream=sys.stdout)
    return x * 2

print(double(tf.constant(1.0)).numpy())
print(double(tf.constant(2.0)).numpy())
print("end")
