# mode: eager
# checks: Dataset.map / filter trace their function once (a Python print runs once), then run it on each element
import tensorflow as tf

def f(x):
    print("tracing map", x.dtype)
    return x * 2, tf.cast(x, tf.float32) + 0.5

ds = tf.data.Dataset.range(5).map(f).filter(lambda a, b: b > 1.0)
print([(int(a), float(b)) for a, b in ds])
print([(a.numpy().tolist(), b.numpy().tolist()) for a, b in ds.batch(2)])
scale = tf.Variable(10.0)
scaled = tf.data.Dataset.from_tensor_slices([1.0, 2.0]).map(lambda v: v * scale)
print([float(v) for v in scaled])
scale.assign(100.0)
print([float(v) for v in scaled])
