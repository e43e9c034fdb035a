"""keras.activations: Keras 3's activation functions on the TensorFlow package's ops (each
formula is TensorFlow's own tf.nn / tf.math function)."""
from __future__ import annotations

from autograd_cli.tensorflow.keras._support import remember_logits, tf
from autograd_cli.tensorflow.exports import tf_export
from autograd_cli.tensorflow.math_ops import builtin_op


@tf_export(builtin="relu")
def relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    if negative_slope == 0.0 and max_value is None and threshold == 0.0:
        return tf.nn.relu(x)
    if max_value == 6.0 and negative_slope == 0.0 and threshold == 0.0:
        return tf.nn.relu6(x)
    x = tf.convert_to_tensor(x)
    positive = tf.where(x > threshold, x, tf.zeros_like(x)) if threshold else tf.nn.relu(x)
    if max_value is not None:
        positive = tf.minimum(positive, tf.cast(max_value, x.dtype))
    if negative_slope:
        below = tf.where(x < threshold, x - threshold, tf.zeros_like(x))
        positive = positive + tf.cast(negative_slope, x.dtype) * below
    return positive


@tf_export(builtin="relu6")
def relu6(x):
    return tf.nn.relu6(x)


@tf_export(builtin="leaky_relu")
def leaky_relu(x, negative_slope=0.2):
    return tf.nn.leaky_relu(x, alpha=negative_slope)


@tf_export(builtin="sigmoid")
def sigmoid(x):
    x = tf.convert_to_tensor(x)
    return remember_logits(tf.nn.sigmoid(x), x)


@tf_export(builtin="softmax")
def softmax(x, axis=-1):
    x = tf.convert_to_tensor(x)
    return remember_logits(tf.nn.softmax(x, axis=axis), x)


@tf_export(builtin="log_softmax")
def log_softmax(x, axis=-1):
    return tf.nn.log_softmax(x, axis=axis)


@tf_export(builtin="tanh")
def tanh(x):
    return tf.nn.tanh(x)


def linear(x):
    return x


def exponential(x):
    return tf.exp(x)


@tf_export(builtin="elu")
def elu(x, alpha=1.0):
    out = tf.nn.elu(x)
    if alpha == 1.0:
        return out
    x = tf.convert_to_tensor(x)
    return tf.where(x > 0, out, tf.cast(alpha, x.dtype) * out)


@tf_export(builtin="selu")
def selu(x):
    return tf.nn.selu(x)


@tf_export(builtin="softplus")
def softplus(x):
    return tf.nn.softplus(x)


@tf_export(builtin="softsign")
def softsign(x):
    return tf.nn.softsign(x)


@tf_export(builtin="swish")
def silu(x):
    return tf.nn.silu(x)


swish = silu


@tf_export(builtin="gelu")
def gelu(x, approximate=False):
    return tf.nn.gelu(x, approximate=approximate)


@tf_export(builtin="hard_sigmoid")
def hard_sigmoid(x):
    # Keras 3's relu6(x + 3) / 6: the .ag built-in of that name
    x = tf.convert_to_tensor(x)
    return builtin_op("HardSigmoid", "hard_sigmoid", {"x": x}, {}, x.dtype)


def hard_silu(x):
    x = tf.convert_to_tensor(x)
    return x * hard_sigmoid(x)


hard_swish = hard_silu


# Keras 3's newer activations, each as its TensorFlow backend composes it
def mish(x):
    x = tf.convert_to_tensor(x)
    return x * tf.nn.tanh(tf.nn.softplus(x))


def celu(x, alpha=1.0):
    x = tf.convert_to_tensor(x)
    return tf.maximum(x, tf.zeros([], x.dtype)) + alpha * tf.math.expm1(tf.minimum(x, tf.zeros([], x.dtype)) / alpha)


def glu(x, axis=-1):
    x = tf.convert_to_tensor(x)
    size = x.shape.as_list()[axis]      # (an int in a TF1 graph too, where shape[i] is a Dimension)
    if size is not None and size % 2 != 0:
        raise ValueError(f"axis size must be divisible by 2. Received: x.shape={x.shape} with axis={axis}")
    first, second = tf.split(x, num_or_size_splits=2, axis=axis)
    return first * tf.nn.sigmoid(second)


def log_sigmoid(x):
    return tf.math.log_sigmoid(tf.convert_to_tensor(x))


def hard_tanh(x):
    return tf.clip_by_value(tf.convert_to_tensor(x), clip_value_min=-1.0, clip_value_max=1.0)


def soft_shrink(x, threshold=0.5):
    x = tf.convert_to_tensor(x)
    zeros = tf.zeros_like(x)
    return tf.where(x > threshold, x - threshold, tf.where(x < -threshold, x + threshold, zeros))


def hard_shrink(x, threshold=0.5):
    x = tf.convert_to_tensor(x)
    return tf.where(tf.abs(x) > threshold, x, tf.zeros_like(x))


def tanh_shrink(x):
    x = tf.convert_to_tensor(x)
    return x - tf.nn.tanh(x)


def squareplus(x, b=4):
    x = tf.convert_to_tensor(x)
    return (x + tf.sqrt(tf.square(x) + tf.cast(b, x.dtype))) / 2


def threshold(x, threshold, default_value):
    x = tf.convert_to_tensor(x)
    return tf.where(x > threshold, x, tf.cast(default_value, x.dtype))


ALL = {"relu": relu, "relu6": relu6, "leaky_relu": leaky_relu, "sigmoid": sigmoid, "softmax": softmax,
       "log_softmax": log_softmax, "tanh": tanh, "linear": linear, "exponential": exponential, "elu": elu,
       "selu": selu, "softplus": softplus, "softsign": softsign, "silu": silu, "swish": swish, "gelu": gelu,
       "hard_sigmoid": hard_sigmoid, "hard_silu": hard_silu, "hard_swish": hard_swish, "mish": mish, "celu": celu,
       "glu": glu, "log_sigmoid": log_sigmoid, "hard_tanh": hard_tanh, "soft_shrink": soft_shrink,
       "hard_shrink": hard_shrink, "tanh_shrink": tanh_shrink, "squareplus": squareplus, "threshold": threshold}


def get(identifier):
    """An activation from its name, a function, or None (linear), as keras.activations.get."""
    if identifier is None:
        return linear
    if callable(identifier):
        return identifier
    if isinstance(identifier, str) and identifier in ALL:
        return ALL[identifier]
    raise ValueError(f"Could not interpret activation function identifier: {identifier}")


def serialize(activation):
    for name, fn in ALL.items():
        if fn is activation:
            return name
    return getattr(activation, "__name__", str(activation))


deserialize = get

__all__ = sorted(ALL) + ["get", "serialize", "deserialize"]
