# mode: eager
# checks: tf.function(input_signature=[TensorSpec([None])]) traces once for every length and refuses another rank
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def total(x):
    print("tracing", x.shape)
    return tf.reduce_sum(x * x)

print(total(tf.constant([1.0, 2.0])).numpy())
print(total(tf.constant([1.0, 2.0, 3.0])).numpy())
print(total([4.0]).numpy())
print(total.experimental_get_tracing_count())
try:
    total(tf.constant([[1.0]]))
except TypeError as e:
    print("TypeError")
