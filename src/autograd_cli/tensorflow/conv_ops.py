"""tf.nn.conv2d and the 2-D poolings (NHWC), written with the package's own ops: the input's
windows are strided slices side by side (TensorFlow's `extract_patches` order: rows of the
window, then columns, then channels), so a convolution is one matmul of them with the filter
and a pooling one reduction over them; their gradients are those ops' gradients. Padding is
TensorFlow's: SAME puts the odd row or column at the bottom / right."""
from __future__ import annotations

import math

from autograd_cli.tensorflow import array_ops, math_ops
from autograd_cli.tensorflow.core import convert_to_tensor, ctx
from autograd_cli.tensorflow.exports import tf_export


def _pair(value, name, rank=4):
    """strides / ksize / dilations given as n, [n, n] or [1, n, n, 1]."""
    if value is None:
        return 1, 1
    if isinstance(value, int):
        return value, value
    values = [int(v) for v in value]
    if len(values) == 1:
        return values[0], values[0]
    if len(values) == 2:
        return values[0], values[1]
    if len(values) == rank:
        if values[0] != 1 or values[-1] != 1:
            raise ValueError(f"{name} in the batch and depth dimensions must be 1 (NHWC); got {values}")
        return values[1], values[2]
    raise ValueError(f"{name} should be of length 1, 2 or 4. Received: {name}={value} of length {len(values)}")


def _padding(size, window, stride, padding):
    """(output size, padding before, padding after) along one axis."""
    if padding == "VALID":
        out = (size - window) // stride + 1
        if out <= 0:
            raise ValueError(f"Computed output size would be negative: {out} [input_size: {size}, "
                             f"effective_filter_size: {window}, stride: {stride}]")
        return out, 0, 0
    out = math.ceil(size / stride)
    total = max((out - 1) * stride + window - size, 0)
    return out, total // 2, total - total // 2


def _windows(x, window, strides, padding, pad_value):
    """The windows of x (N, H, W, C): a list of kh * kw tensors (N, oh, ow, C), and (oh, ow)."""
    padding = padding.upper() if isinstance(padding, str) else padding
    if padding not in ("SAME", "VALID"):
        raise ValueError(f"`padding` must be 'SAME' or 'VALID'; received {padding!r}")
    shape = x.shape.as_list()
    if len(shape) != 4 or shape[1] is None or shape[2] is None:
        raise ValueError(f"input must be 4-dimensional (NHWC) with known height and width; got shape {shape}")
    (kh, kw), (sh, sw) = window, strides
    oh, top, bottom = _padding(shape[1], kh, sh, padding)
    ow, left, right = _padding(shape[2], kw, sw, padding)
    if top or bottom or left or right:
        x = array_ops.pad(x, [[0, 0], [top, bottom], [left, right], [0, 0]], constant_values=pad_value)
    parts = [x[:, i:i + (oh - 1) * sh + 1:sh, j:j + (ow - 1) * sw + 1:sw, :] for i in range(kh) for j in range(kw)]
    return parts, (oh, ow), (top, bottom, left, right)


@tf_export("nn.conv2d")
def conv2d(*args, **kwargs):
    """TF2's `tf.nn.conv2d(input, filters, strides, padding, data_format, dilations, name)`;
    in TF1 code TF1's `(input, filter, strides, padding, use_cudnn_on_gpu, data_format, ...)`."""
    return (conv2d_v1 if ctx.v1 else _conv2d)(*args, **kwargs)


def _conv2d(input, filters, strides, padding, data_format="NHWC", dilations=None, name=None):  # noqa: A002
    if data_format not in (None, "NHWC"):
        raise NotImplementedError("conv2d: only data_format='NHWC' is supported here")
    if _pair(dilations, "dilations") != (1, 1):
        raise NotImplementedError("conv2d: dilations are not supported here")
    x, w = convert_to_tensor(input), convert_to_tensor(filters)
    kh, kw, cin, cout = w.shape.as_list()
    channels = x.shape.as_list()[-1]
    if channels is not None and channels != cin:
        raise ValueError(f"Depth of input ({channels}) is not a multiple of input depth of filter ({cin})")
    parts, (oh, ow), _ = _windows(x, (kh, kw), _pair(strides, "strides"), padding, 0)
    patches = array_ops.concat(parts, axis=-1) if len(parts) > 1 else parts[0]
    out = math_ops.tensordot(patches, array_ops.reshape(w, [kh * kw * cin, cout]), [[3], [0]])
    return array_ops.identity(out, name=name or "Conv2D")


@tf_export("compat.v1.nn.conv2d")
def conv2d_v1(input, filter=None, strides=None, padding=None, use_cudnn_on_gpu=True,  # noqa: A002
              data_format="NHWC", dilations=None, name=None, filters=None):
    return _conv2d(input, filter if filter is not None else filters, strides, padding, data_format, dilations, name)


@tf_export("nn.max_pool")
def max_pool(*args, **kwargs):
    """TF2's `tf.nn.max_pool(input, ksize, strides, padding, ...)`; TF1's `(value, ...)` in TF1 code."""
    return (max_pool_v1 if ctx.v1 else max_pool2d)(*args, **kwargs)


@tf_export("nn.max_pool2d")
def max_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):  # noqa: A002
    x = convert_to_tensor(input)
    parts, _, _ = _windows(x, _pair(ksize, "ksize"), _pair(strides, "strides"), padding, float("-inf"))
    return math_ops.reduce_max(array_ops.stack(parts, axis=-1), axis=-1, name=name or "MaxPool")


@tf_export("compat.v1.nn.max_pool")
def max_pool_v1(value=None, ksize=None, strides=None, padding=None, data_format="NHWC", name=None, input=None):  # noqa: A002
    return max_pool2d(value if value is not None else input, ksize, strides, padding, data_format, name)


@tf_export("nn.avg_pool")
def avg_pool(*args, **kwargs):
    """TF2's `tf.nn.avg_pool(input, ...)`; TF1's `(value, ...)` in TF1 code."""
    return (avg_pool_v1 if ctx.v1 else avg_pool2d)(*args, **kwargs)


@tf_export("nn.avg_pool2d")
def avg_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):  # noqa: A002
    """The mean over each window's elements inside the input (SAME's padding is not counted)."""
    x = convert_to_tensor(input)
    window = _pair(ksize, "ksize")
    parts, _, pads = _windows(x, window, _pair(strides, "strides"), padding, 0)
    total = math_ops.add_n(parts) if len(parts) > 1 else parts[0]
    if not any(pads):
        return math_ops.divide(total, float(window[0] * window[1]), name=name or "AvgPool")
    ones = array_ops.ones_like(x[:1, :, :, :1])
    counts, _, _ = _windows(ones, window, _pair(strides, "strides"), padding, 0)
    return math_ops.divide(total, math_ops.add_n(counts), name=name or "AvgPool")


@tf_export("compat.v1.nn.avg_pool")
def avg_pool_v1(value=None, ksize=None, strides=None, padding=None, data_format="NHWC", name=None, input=None):  # noqa: A002
    return avg_pool2d(value if value is not None else input, ksize, strides, padding, data_format, name)
