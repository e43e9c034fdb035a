# mode: eager
# checks: type(x) and reprs of TensorFlow's eager objects and tf.data datasets print TensorFlow's class paths; an EagerTensor's AttributeError names its module
import tensorflow as tf

x = tf.constant([1.0, 2.0])
v = tf.Variable([1.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    y = tf.reduce_sum(v * x)
emb = tf.Variable(tf.ones([4, 2]))
with tf.GradientTape() as t2:
    z = tf.reduce_sum(tf.gather(emb, [0, 2]))


@tf.function
def f(a):
    return a * 2.0


class M(tf.Module):
    pass


d = tf.data.Dataset.range(4)
things = {
    "tensor": x, "variable": v, "tape": tape, "grad": tape.gradient(y, v), "indexed_slices": t2.gradient(z, emb),
    "function": f, "module": M(), "shape": x.shape, "dtype": x.dtype, "tensor_shape": tf.TensorShape([None, 3]),
    "slices": tf.data.Dataset.from_tensor_slices([1, 2]), "tensors": tf.data.Dataset.from_tensors([1]),
    "range": d, "zip": tf.data.Dataset.zip((d, d)), "batch": d.batch(2), "repeat": d.repeat(2), "take": d.take(2),
    "skip": d.skip(1), "shuffle": d.shuffle(2, seed=1), "map": d.map(lambda e: e + 1), "filter": d.filter(lambda e: e > 1),
    "enumerate": d.enumerate(), "tensorspec": tf.TensorSpec([2]), "assign_result": v.assign([3.0, 4.0]),
    "name_scope": tf.name_scope("a"),
}
for name, obj in things.items():
    print(name, type(obj))
print(type(tf), type(tf.nn), tf.Variable, tf.Tensor, tf.GradientTape, tf.Module)
print(repr(tape)[:45], repr(f)[:50])
for obj in (x, v):
    try:
        obj.foo
    except AttributeError as e:
        print(e)
