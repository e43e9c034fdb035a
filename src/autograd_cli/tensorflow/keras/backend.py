"""keras.backend (`from tensorflow.keras import backend as K`) as TensorFlow 2.21 exports it:
Keras' legacy backend functions on TensorFlow ops. TF 2.21's tf.keras.backend has no
`placeholder`, `function` or `get_session` (TF1's Keras had them); asking for one is
TensorFlow's AttributeError, with the TF1 spelling that still exists."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow.keras import _support
from autograd_cli.tensorflow.keras._support import tf
from autograd_cli.tensorflow.exports import tf_export

_EPSILON = [1e-7]
_FLOATX = ["float32"]


def epsilon():
    return _EPSILON[0]


def set_epsilon(value):
    _EPSILON[0] = float(value)


def floatx():
    return _FLOATX[0]


def set_floatx(value):
    _FLOATX[0] = str(value)


def clear_session(free_memory=True):
    """Resets Keras' layer names (`dense`, `dense_1`, ... start again)."""
    _support.reset_names()


def get_uid(prefix=""):
    count = _support._UIDS.get(prefix, 0) + 1
    _support._UIDS[prefix] = count
    return count


@tf_export(builtin="variable")
def variable(value, dtype=None, name=None, constraint=None):
    """TensorFlow's own resource variable (Keras 3's backend makes one, graph mode or eager)."""
    return tf.Variable(tf.convert_to_tensor(np.asarray(value), dtype=dtype or floatx()), name=name,
                       dtype=dtype or floatx(), use_resource=True)


@tf_export(builtin="constant")
def constant(value, dtype=None, shape=None, name=None):
    return tf.constant(value, dtype=dtype or floatx(), shape=shape)


def get_value(x):
    return x.numpy()


def batch_get_value(tensors):
    return [x.numpy() for x in tensors]


def set_value(x, value):
    x.assign(np.asarray(value, dtype=x.dtype.np))


def batch_set_value(pairs):
    for x, value in pairs:
        set_value(x, value)


def eval(x):  # noqa: A001 (Keras' name)
    return get_value(x)


@tf_export(builtin="gradients")
def gradients(loss, variables):
    return tf.compat.v1.gradients(loss, variables)


def _axis_reduce(fn):
    def reduce(x, axis=None, keepdims=False):
        return fn(x, axis=axis, keepdims=keepdims)
    return reduce


sum = tf_export(builtin="reduce_sum")(_axis_reduce(lambda x, **k: tf.reduce_sum(x, **k)))  # noqa: A001
mean = tf_export(builtin="reduce_mean")(_axis_reduce(lambda x, **k: tf.reduce_mean(x, **k)))
max = tf_export(builtin="reduce_max")(_axis_reduce(lambda x, **k: tf.reduce_max(x, **k)))  # noqa: A001
min = tf_export(builtin="reduce_min")(_axis_reduce(lambda x, **k: tf.reduce_min(x, **k)))  # noqa: A001
prod = tf_export(builtin="reduce_prod")(_axis_reduce(lambda x, **k: tf.reduce_prod(x, **k)))
any = _axis_reduce(lambda x, **k: tf.reduce_any(tf.cast(x, "bool"), **k))  # noqa: A001
all = _axis_reduce(lambda x, **k: tf.reduce_all(tf.cast(x, "bool"), **k))  # noqa: A001


def var(x, axis=None, keepdims=False):
    m = tf.reduce_mean(x, axis=axis, keepdims=True)
    return tf.reduce_mean(tf.square(x - m), axis=axis, keepdims=keepdims)


def std(x, axis=None, keepdims=False):
    return tf.sqrt(var(x, axis, keepdims))


@tf_export(builtin="square")
def square(x):
    return tf.square(x)


def sqrt(x):
    x = tf.convert_to_tensor(x)
    return tf.sqrt(tf.clip_by_value(x, tf.cast(0.0, x.dtype), tf.cast(np.inf, x.dtype)))


@tf_export(builtin="exp")
def exp(x):
    return tf.exp(x)


@tf_export(builtin="log")
def log(x):
    return tf.math.log(x)


@tf_export(builtin="abs")
def abs(x):  # noqa: A001
    return tf.abs(x)


@tf_export(builtin="pow")
def pow(x, a):  # noqa: A001
    return tf.pow(x, a)


@tf_export(builtin="sign")
def sign(x):
    return tf.sign(x)


@tf_export(builtin="round")
def round(x):  # noqa: A001
    return tf.round(x)


@tf_export(builtin="sin")
def sin(x):
    return tf.sin(x)


@tf_export(builtin="cos")
def cos(x):
    return tf.cos(x)


@tf_export(builtin="tanh")
def tanh(x):
    return tf.nn.tanh(x)


@tf_export(builtin="sigmoid")
def sigmoid(x):
    return tf.nn.sigmoid(x)


@tf_export(builtin="softplus")
def softplus(x):
    return tf.nn.softplus(x)


@tf_export(builtin="softsign")
def softsign(x):
    return tf.nn.softsign(x)


@tf_export(builtin="relu")
def relu(x, alpha=0.0, max_value=None, threshold=0.0):
    from autograd_cli.tensorflow.keras import activations

    return activations.relu(x, negative_slope=alpha, max_value=max_value, threshold=threshold)


@tf_export(builtin="elu")
def elu(x, alpha=1.0):
    from autograd_cli.tensorflow.keras import activations

    return activations.elu(x, alpha)


@tf_export(builtin="softmax")
def softmax(x, axis=-1):
    return tf.nn.softmax(x, axis=axis)


@tf_export(builtin="hard_sigmoid")
def hard_sigmoid(x):
    from autograd_cli.tensorflow.keras import activations

    return activations.hard_sigmoid(x)


@tf_export(builtin="maximum")
def maximum(x, y):
    return tf.maximum(x, y)


@tf_export(builtin="minimum")
def minimum(x, y):
    return tf.minimum(x, y)


@tf_export(builtin="clip_by_value")
def clip(x, min_value, max_value):
    return tf.clip_by_value(x, min_value, max_value)


def dot(x, y):
    return tf.matmul(x, y) if len(x.shape) <= 2 and len(y.shape) <= 2 else tf.tensordot(x, y, [[len(x.shape) - 1],
                                                                                          [len(y.shape) - 2]])


def batch_dot(x, y, axes=None):
    return tf.matmul(x, y)


@tf_export(builtin="transpose")
def transpose(x):
    return tf.transpose(x)


def permute_dimensions(x, pattern):
    return tf.transpose(x, perm=list(pattern))


@tf_export(builtin="reshape")
def reshape(x, shape):
    return tf.reshape(x, shape)


def expand_dims(x, axis=-1):
    return tf.expand_dims(x, axis)


@tf_export(builtin="squeeze")
def squeeze(x, axis):
    return tf.squeeze(x, [axis])


def concatenate(tensors, axis=-1):
    return tf.concat(list(tensors), axis)


@tf_export(builtin="stack")
def stack(x, axis=0):
    return tf.stack(list(x), axis=axis)


def flatten(x):
    return tf.reshape(x, [-1])


def batch_flatten(x):
    return tf.reshape(x, [-1, int(np.prod(x.shape.as_list()[1:]))])


@tf_export(builtin="tile")
def tile(x, n):
    return tf.tile(x, n)


@tf_export(builtin="gather")
def gather(reference, indices):
    return tf.gather(reference, indices)


@tf_export(builtin="one_hot")
def one_hot(indices, num_classes):
    return tf.one_hot(indices, num_classes)


def argmax(x, axis=-1):
    return tf.argmax(x, axis)


def argmin(x, axis=-1):
    return tf.argmin(x, axis)


def equal(x, y):
    return tf.equal(x, y)


def not_equal(x, y):
    return tf.not_equal(x, y)


def greater(x, y):
    return tf.greater(x, y)


def greater_equal(x, y):
    return tf.greater_equal(x, y)


def less(x, y):
    return tf.less(x, y)


def less_equal(x, y):
    return tf.less_equal(x, y)


@tf_export(builtin="cast")
def cast(x, dtype):
    return tf.cast(x, dtype)


def cast_to_floatx(x):
    return np.asarray(x, dtype=floatx())


@tf_export(builtin="zeros")
def zeros(shape, dtype=None, name=None):
    return variable(np.zeros(shape), dtype=dtype, name=name)


@tf_export(builtin="ones")
def ones(shape, dtype=None, name=None):
    return variable(np.ones(shape), dtype=dtype, name=name)


@tf_export(builtin="eye")
def eye(size, dtype=None, name=None):
    return variable(np.eye(size), dtype=dtype, name=name)


@tf_export(builtin="zeros_like")
def zeros_like(x, dtype=None, name=None):
    return tf.zeros_like(x, dtype=dtype)


@tf_export(builtin="ones_like")
def ones_like(x, dtype=None, name=None):
    return tf.ones_like(x, dtype=dtype)


@tf_export(builtin="shape")
def shape(x):
    return tf.shape(x)


def int_shape(x):
    return tuple(x.shape.as_list())


def ndim(x):
    return len(x.shape)


def dtype(x):
    return x.dtype.name


def count_params(x):
    return int(np.prod(x.shape.as_list()))


@tf_export(builtin="stop_gradient")
def stop_gradient(variables):
    if isinstance(variables, (list, tuple)):
        return [tf.stop_gradient(v) for v in variables]
    return tf.stop_gradient(variables)


def switch(condition, then_expression, else_expression):
    return tf.where(condition, then_expression, else_expression)


@tf_export(builtin="assign")
def update(x, new_x):
    return x.assign(new_x)


@tf_export(builtin="assign_add")
def update_add(x, increment):
    return x.assign_add(increment)


@tf_export(builtin="assign_sub")
def update_sub(x, decrement):
    return x.assign_sub(decrement)


def is_keras_tensor(x):
    return False


def image_data_format():
    return "channels_last"


def l2_normalize(x, axis=None):
    return tf.nn.l2_normalize(x, axis=axis)


# TF 2.21's legacy backend crossentropies: no softmax detection (they clip any probabilities),
# and binary_crossentropy is elementwise with 1e-7 added inside its logs
def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    target, output = tf.convert_to_tensor(target), tf.convert_to_tensor(output)
    if from_logits:
        return tf.nn.softmax_cross_entropy_with_logits(labels=target, logits=output, axis=axis)
    output = output / tf.reduce_sum(output, axis, keepdims=True)
    eps = tf.cast(epsilon(), output.dtype)
    output = tf.clip_by_value(output, eps, 1.0 - eps)
    return -tf.reduce_sum(target * tf.math.log(output), axis)


def sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1, ignore_class=None):
    from autograd_cli.tensorflow.keras import losses

    return losses.sparse_categorical_crossentropy(target, output, from_logits=from_logits, axis=axis)


def binary_crossentropy(target, output, from_logits=False):
    target, output = tf.convert_to_tensor(target), tf.convert_to_tensor(output)
    if from_logits:
        return tf.nn.sigmoid_cross_entropy_with_logits(labels=target, logits=output)
    eps = tf.cast(epsilon(), output.dtype)
    output = tf.clip_by_value(output, eps, 1.0 - eps)
    bce = target * tf.math.log(output + epsilon())
    bce += (1 - target) * tf.math.log(1 - output + epsilon())
    return -bce


def random_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Keras' legacy draw: tf.random.normal with an op seed from NumPy's global generator when
    none is given (so `set_random_seed` makes it repeatable)."""
    seed = np.random.randint(10e6) if seed is None else seed
    return tf.random.normal(shape, mean=mean, stddev=stddev, dtype=dtype or floatx(), seed=seed)


def random_uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    seed = np.random.randint(10e6) if seed is None else seed
    return tf.random.uniform(shape, minval=minval, maxval=maxval, dtype=dtype or floatx(), seed=seed)


_TF1_ONLY = {"placeholder": "tf.compat.v1.placeholder", "function": "a tf.function, or a Session's run",
             "get_session": "tf.compat.v1.Session() (or tf.compat.v1.keras.backend.get_session)",
             "set_session": "tf.compat.v1.Session()", "learning_phase": "training=True in the layer's call"}


def __getattr__(name):
    hint = _TF1_ONLY.get(name)
    text = f"module 'keras._tf_keras.keras.backend' has no attribute '{name}'"
    raise AttributeError(text + (f" (TensorFlow 2.21's Keras has no K.{name}; use {hint})" if hint else ""))


__all__ = [n for n in dir() if not n.startswith("_") and n not in ("annotations", "np", "tf", "tf_export")]
