# mode: eager
# checks: type(x) and reprs of the package's objects print TensorFlow's and Keras 3's class paths; an EagerTensor's AttributeError names its module
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


class Net(tf.keras.Model):
    pass


d = tf.data.Dataset.range(4)
things = {
    "tensor": x, "variable": v, "tape": tape, "grad": tape.gradient(y, v), "indexed_slices": t2.gradient(z, emb),
    "function": f, "module": M(), "user_model": Net(), "dense": tf.keras.layers.Dense(2),
    "sequential": tf.keras.Sequential([tf.keras.layers.Dense(1)]), "shape": x.shape, "dtype": x.dtype,
    "sgd": tf.keras.optimizers.SGD(0.1), "adam": tf.keras.optimizers.Adam(), "rmsprop": tf.keras.optimizers.RMSprop(),
    "mse": tf.keras.losses.MeanSquaredError(), "cce": tf.keras.losses.CategoricalCrossentropy(),
    "metric_mean": tf.keras.metrics.Mean(), "accuracy": tf.keras.metrics.SparseCategoricalAccuracy(),
    "slices": tf.data.Dataset.from_tensor_slices([1, 2]), "tensors": tf.data.Dataset.from_tensors([1]),
    "range": d, "zip": tf.data.Dataset.zip((d, d)), "batch": d.batch(2), "repeat": d.repeat(2), "take": d.take(2),
    "skip": d.skip(1), "shuffle": d.shuffle(2, seed=1), "map": d.map(lambda e: e + 1), "filter": d.filter(lambda e: e > 1),
    "enumerate": d.enumerate(), "tensorspec": tf.TensorSpec([2]), "assign_result": v.assign([3.0, 4.0]),
    "conv": tf.keras.layers.Conv2D(2, 3), "pool": tf.keras.layers.MaxPooling2D(), "dropout": tf.keras.layers.Dropout(0.5),
    "input": tf.keras.Input(shape=(3,)), "glorot": tf.keras.initializers.GlorotUniform(),
    "he_normal": tf.keras.initializers.HeNormal(), "zeros": tf.keras.initializers.Zeros(),
    "l2": tf.keras.regularizers.l2(0.01), "bn": tf.keras.layers.BatchNormalization(), "lstm": tf.keras.layers.LSTM(2),
    "gru": tf.keras.layers.GRU(2), "embedding": tf.keras.layers.Embedding(4, 2), "flatten": tf.keras.layers.Flatten(),
    "concat": tf.keras.layers.Concatenate(), "schedule": tf.keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.9),
    "early_stopping": tf.keras.callbacks.EarlyStopping(), "tensor_shape": tf.TensorShape([None, 3]),
    "name_scope": tf.name_scope("a"),
}
for name, obj in things.items():
    print(name, type(obj))
print(type(tf), type(tf.nn), type(tf.keras))
print(tf.Variable, tf.Tensor, tf.GradientTape, tf.Module, tf.keras.layers.Layer, tf.keras.Model)
print(repr(tape)[:45], repr(f)[:50])
try:
    x.foo
except AttributeError as e:
    print(e)
try:
    v.foo
except AttributeError as e:
    print(e)
