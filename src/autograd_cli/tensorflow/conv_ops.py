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


def _padding_name(padding):
    padding = padding.upper() if isinstance(padding, str) else padding
    if padding not in ("SAME", "VALID"):
        raise ValueError(f"`padding` must be 'SAME' or 'VALID'; received {padding!r}")
    return padding


def _windows(x, window, strides, padding, pad_value, dilations=(1, 1)):
    """The windows of x (N, H, W, C): a list of kh * kw tensors (N, oh, ow, C), and (oh, ow).
    A dilated window takes every dh-th row and dw-th column of its (kh - 1) * dh + 1 rows."""
    padding = _padding_name(padding)
    shape = x.shape.as_list()
    if len(shape) != 4 or shape[1] is None or shape[2] is None:
        raise ValueError(f"input must be 4-dimensional (NHWC) with known height and width; got shape {shape}")
    (kh, kw), (sh, sw), (dh, dw) = window, strides, dilations
    oh, top, bottom = _padding(shape[1], (kh - 1) * dh + 1, sh, padding)
    ow, left, right = _padding(shape[2], (kw - 1) * dw + 1, sw, padding)
    if top or bottom or left or right:
        x = array_ops.pad(x, [[0, 0], [top, bottom], [left, right], [0, 0]], constant_values=pad_value)
    parts = [x[:, i * dh:i * dh + (oh - 1) * sh + 1:sh, j * dw:j * dw + (ow - 1) * sw + 1:sw, :]
             for i in range(kh) for j in range(kw)]
    return parts, (oh, ow), (top, bottom, left, right)


def _patches(parts):
    return array_ops.concat(parts, axis=-1) if len(parts) > 1 else parts[0]


@tf_export("nn.conv2d")
def conv2d(*args, **kwargs):
    """TF2's `tf.nn.conv2d(input, filters, strides, padding, data_format, dilations, name)`;
    in TF1 code TF1's `(input, filter, strides, padding, use_cudnn_on_gpu, data_format, ...)`."""
    return (conv2d_v1 if ctx.v1 else _conv2d)(*args, **kwargs)


def _nhwc(op, data_format):
    if data_format not in (None, "NHWC"):
        raise NotImplementedError(f"{op}: only data_format='NHWC' is supported here")


def _conv2d(input, filters, strides, padding, data_format="NHWC", dilations=None, name=None):  # noqa: A002
    _nhwc("conv2d", data_format)
    x, w = convert_to_tensor(input), convert_to_tensor(filters)
    kh, kw, cin, cout = w.shape.as_list()
    channels = x.shape.as_list()[-1]
    if channels is not None and channels != cin:
        raise ValueError(f"Depth of input ({channels}) is not a multiple of input depth of filter ({cin})")
    parts, (oh, ow), _ = _windows(x, (kh, kw), _pair(strides, "strides"), padding, 0, _pair(dilations, "dilations"))
    out = math_ops.tensordot(_patches(parts), array_ops.reshape(w, [kh * kw * cin, cout]), [[3], [0]])
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


# ---------------------------------------------------------------- conv1d, transposed, depthwise, separable

@tf_export("nn.conv1d")
def conv1d(*args, **kwargs):
    """TF2's `tf.nn.conv1d(input, filters, stride, padding, ...)`; TF1's `(value, filters, stride,
    padding, use_cudnn_on_gpu, data_format, name, input, dilations)` in TF1 code."""
    return (conv1d_v1 if ctx.v1 else _conv1d)(*args, **kwargs)


def _single(value, name):
    """stride / dilations of conv1d: n, [n] or [1, n, 1]."""
    if value is None:
        return 1
    if isinstance(value, int):
        return value
    values = [int(v) for v in value]
    if len(values) == 1:
        return values[0]
    if len(values) == 3 and values[0] == 1 and values[2] == 1:
        return values[1]
    raise ValueError(f"{name} should be of length 1 or 3 (NWC). Received: {name}={value} of length {len(values)}")


def _conv1d(input, filters, stride, padding, data_format="NWC", dilations=None, name=None):  # noqa: A002
    """TensorFlow's composition: a height of 1 added (expand_dims), conv2d, the height taken off."""
    from autograd_cli.tensorflow.modes import name_scope

    if data_format not in (None, "NWC"):
        raise NotImplementedError("conv1d: only data_format='NWC' is supported here")
    with name_scope(name, "conv1d"):
        x = array_ops.expand_dims(convert_to_tensor(input), -3)
        w = array_ops.expand_dims(convert_to_tensor(filters), 0)
        y = _conv2d(x, w, [1, _single(stride, "stride")], padding, dilations=[1, _single(dilations, "dilations")])
        return array_ops.squeeze(y, [-3])


@tf_export("compat.v1.nn.conv1d")
def conv1d_v1(value=None, filters=None, stride=None, padding=None, use_cudnn_on_gpu=None, data_format=None,  # noqa: A002
              name=None, input=None, dilations=None):
    return _conv1d(value if value is not None else input, filters, stride, padding, data_format, dilations, name)


def transposed_conv(x, w, out_hw, strides, padding):
    """The transpose of a stride-s conv2d whose input is out_hw (TensorFlow's Conv2DBackpropInput):
    x (N, h, w, cin) spread out by the strides (zeros between), padded so each output element
    meets the inputs its forward window covered, convolved with the kernel (kh, kw, cout, cin)
    turned round (flipped, its channel axes swapped). Its gradients are conv2d's."""
    _, h, wd, c = x.shape.as_list()
    (kh, kw), (sh, sw) = w.shape.as_list()[:2], strides
    if sh > 1 or sw > 1:
        x = array_ops.reshape(x, [-1, h, 1, wd, 1, c])
        x = array_ops.pad(x, [[0, 0], [0, 0], [0, sh - 1], [0, 0], [0, sw - 1], [0, 0]])
        x = array_ops.reshape(x, [-1, h * sh, wd * sw, c])[:, :(h - 1) * sh + 1, :(wd - 1) * sw + 1, :]
    pads = []
    for size, out, window, stride in ((h, out_hw[0], kh, sh), (wd, out_hw[1], kw, sw)):
        before = window - 1 - _padding(out, window, stride, padding)[1]
        pads.append([before, out + window - 1 - before - ((size - 1) * stride + 1)])
    x = array_ops.pad(x, [[0, 0], pads[0], pads[1], [0, 0]])
    return _conv2d(x, array_ops.transpose(array_ops.reverse(w, [0, 1]), [0, 1, 3, 2]), 1, "VALID")


def kernel_error(op_type, text, named=False):
    """A CPU kernel's InvalidArgumentError. In a graph TensorFlow raises it at the Session.run that
    computes the op; here it is raised where the op is made (the same type and message)."""
    from autograd_cli.tensorflow.failures import InvalidArgumentError, kernel_message

    return InvalidArgumentError(None, None, kernel_message(op_type, text, named=named) if ctx.eager else text)


def _backprop_input_error(text):
    return kernel_error("Conv2DBackpropInput", text)


@tf_export("nn.conv2d_transpose")
def conv2d_transpose(*args, **kwargs):
    """TF2's `tf.nn.conv2d_transpose(input, filters, output_shape, strides, padding, ...)`; TF1's
    `(value, filter, output_shape, strides, padding, data_format, name, input, filters, dilations)`."""
    return (conv2d_transpose_v1 if ctx.v1 else _conv2d_transpose)(*args, **kwargs)


def _conv2d_transpose(input, filters, output_shape, strides, padding="SAME", data_format="NHWC",  # noqa: A002
                      dilations=None, name=None, scope="conv2d_transpose"):
    from autograd_cli.tensorflow.modes import name_scope

    _nhwc(scope, data_format)
    padding = _padding_name(padding)
    x, w = convert_to_tensor(input), convert_to_tensor(filters)
    out = _output_shape(output_shape)
    (sh, sw), (dh, dw) = _pair(strides, "strides"), _pair(dilations, "dilations")
    if (dh, dw) != (1, 1):
        raise _backprop_input_error("Current CPU implementations do not yet support dilation rates larger than 1.")
    xs, ws = x.shape.as_list(), w.shape.as_list()
    if len(xs) != 4 or None in xs[1:] or len(ws) != 4:
        raise ValueError(f"conv2d_transpose needs a 4-D input of known height, width and depth and a 4-D filter; "
                         f"got shapes {xs} and {ws}")
    if out[3] != ws[2]:
        raise _backprop_input_error("Conv2DCustomBackpropInput: input depth must be evenly divisible by filter depth")
    if xs[3] != ws[3] and not ctx.eager:
        raise ValueError(f"Dimensions must be equal, but are {xs[3]} and {ws[3]} for '{{{{node {scope}}}}} = "
                         f"Conv2DBackpropInput[T=DT_FLOAT]' with input shapes: [4], {_dims(ws)}, {_dims(xs)}.")
    if xs[3] != ws[3]:
        raise _backprop_input_error("Conv2DCustomBackpropInput: filter and out_backprop must have the same out_depth")
    for dim, (size, full, window, stride) in enumerate(((xs[1], out[1], ws[0], sh), (xs[2], out[2], ws[1], sw))):
        computed = -(-full // stride) if padding == "SAME" else (full - window) // stride + 1
        if computed != size:
            raise _backprop_input_error(
                f"Conv2DCustomBackpropInput: Size of out_backprop doesn't match computed: actual = {size}, "
                f"computed = {computed} spatial_dim: {dim + 1} input: {full} filter: {window} output: {size} "
                f"stride: {stride} dilation: 1")
    with name_scope(name, scope):
        return array_ops.identity(transposed_conv(x, w, out[1:3], (sh, sw), padding), name=scope)


def _dims(shape):
    return "[" + ",".join("?" if d is None else str(d) for d in shape) + "]"


def _output_shape(output_shape):
    """conv2d_transpose's output_shape: its height, width and depth must be known here (the batch
    is the input's, so `tf.stack([tf.shape(x)[0], h, w, c])` of a placeholder works)."""
    found = array_ops.int_list(output_shape)
    if found is None and isinstance(output_shape, (list, tuple)) and len(output_shape) == 4:
        found = [-1] + [array_ops.int_list(d) for d in output_shape[1:]]
        found = None if None in found else found[:1] + [d[0] for d in found[1:]]
    if found is None:
        found = _stacked(output_shape)
    if found is None or len(found) != 4:
        raise NotImplementedError("conv2d_transpose: output_shape must be 4 numbers (or a stack of a batch "
                                  "size and 3 numbers) here")
    return found


def _stacked(value):
    """[batch, h, w, c] of a graph tensor made by tf.stack of a batch size and three constants."""
    op = getattr(value, "op", None)
    if op is None or getattr(op, "type", "") != "Pack" or len(op.inputs) != 4:
        return None
    rest = [array_ops.int_list(t) for t in op.inputs[1:]]
    return None if None in rest else [-1] + [r[0] for r in rest]


@tf_export("compat.v1.nn.conv2d_transpose")
def conv2d_transpose_v1(value=None, filter=None, output_shape=None, strides=None, padding="SAME",  # noqa: A002
                        data_format="NHWC", name=None, input=None, filters=None, dilations=None):  # noqa: A002
    return _conv2d_transpose(value if value is not None else input, filter if filter is not None else filters,
                             output_shape, strides, padding, data_format, dilations, name)


@tf_export("compat.v1.nn.conv2d_backprop_input")
def conv2d_backprop_input(input_sizes, filter=None, out_backprop=None, strides=None, padding=None,  # noqa: A002
                          use_cudnn_on_gpu=True, data_format="NHWC", dilations=None, name=None, filters=None):
    """conv2d's gradient with respect to its input (of shape input_sizes): conv2d_transpose's op."""
    return _conv2d_transpose(out_backprop, filter if filter is not None else filters, input_sizes, strides, padding,
                             data_format, dilations, name, scope="Conv2DBackpropInput")


@tf_export("compat.v1.nn.conv2d_backprop_filter")
def conv2d_backprop_filter(input, filter_sizes, out_backprop, strides, padding, use_cudnn_on_gpu=True,  # noqa: A002
                           data_format="NHWC", dilations=None, name=None):
    """conv2d's gradient with respect to its filter (of shape filter_sizes): each filter element's
    window of the input summed against out_backprop, one tensordot of the windows with it."""
    from autograd_cli.tensorflow.modes import name_scope

    _nhwc("conv2d_backprop_filter", data_format)
    x, dy = convert_to_tensor(input), convert_to_tensor(out_backprop)
    sizes = array_ops.int_list(filter_sizes)
    if sizes is None or len(sizes) != 4:
        raise NotImplementedError("conv2d_backprop_filter: filter_sizes must be 4 known numbers here")
    kh, kw, cin, cout = sizes
    with name_scope(name, "Conv2DBackpropFilter"):
        parts, (oh, ow), _ = _windows(x, (kh, kw), _pair(strides, "strides"), padding, 0, _pair(dilations, "dilations"))
        _check_backprop_filter(x.shape.as_list(), dy.shape.as_list(), sizes, (oh, ow), _pair(strides, "strides"),
                               _pair(dilations, "dilations"))
        summed = math_ops.tensordot(_patches(parts), dy, [[0, 1, 2], [0, 1, 2]])
        return array_ops.reshape(summed, sizes, name="Conv2DBackpropFilter")


def _check_backprop_filter(xs, ds, sizes, out_hw, strides, dilations):
    """Conv2DBackpropFilter's kernel checks, in its words."""
    def fail(text):
        raise kernel_error("Conv2DBackpropFilter", f"Conv2DCustomBackpropFilter: {text}")

    if xs[3] is not None and xs[3] != sizes[2]:
        fail("input depth must be evenly divisible by filter depth")
    if len(ds) != 4:
        fail("out_backprop must be 4-dimensional")
    for dim in (1, 2):
        if ds[dim] is not None and ds[dim] != out_hw[dim - 1]:
            fail(f"Size of out_backprop doesn't match computed: actual = {ds[dim]}, computed = {out_hw[dim - 1]} "
                 f"spatial_dim: {dim} input: {xs[dim]} filter: {sizes[dim - 1]} output: {ds[dim]} "
                 f"stride: {strides[dim - 1]} dilation: {dilations[dim - 1]}")
    if ds[3] is not None and ds[3] != sizes[3]:
        fail("filter and out_backprop must have the same out_depth")


def _depthwise(x, w, strides, padding, dilations, name):
    """Each input channel convolved with its own channel_multiplier filters: output channel
    c * multiplier + m (TensorFlow's order)."""
    x, w = convert_to_tensor(x), convert_to_tensor(w)
    kh, kw, cin, mult = w.shape.as_list()
    channels = x.shape.as_list()[-1]
    if channels is not None and channels != cin:
        raise ValueError(f"Dimensions must be equal, but are {channels} and {cin} for "
                         f"'{{{{node depthwise}}}} = DepthwiseConv2dNative[T=DT_FLOAT]'")
    sh, sw = _pair(strides, "strides")
    if sh != sw:
        raise kernel_error("DepthwiseConv2dNative", "Current implementation only supports equal length strides in "
                           "the row and column dimensions.", named=True)
    parts, (oh, ow), _ = _windows(x, (kh, kw), (sh, sw), padding, 0, _pair(dilations, "dilations"))
    stacked = array_ops.stack(parts, axis=3)
    out = array_ops.einsum("nhwkc,kcm->nhwcm", stacked, array_ops.reshape(w, [kh * kw, cin, mult]))
    return array_ops.reshape(out, [-1, oh, ow, cin * mult], name=name)


def _rate(rate, dilations):
    return dilations if rate is None else rate


@tf_export("nn.depthwise_conv2d")
def depthwise_conv2d(*args, **kwargs):
    """TF2's `(input, filter, strides, padding, data_format, dilations, name)`; TF1's `(input,
    filter, strides, padding, rate, name, data_format, dilations)` in TF1 code."""
    return (depthwise_conv2d_v1 if ctx.v1 else _depthwise_conv2d)(*args, **kwargs)


def _depthwise_conv2d(input, filter, strides, padding, data_format=None, dilations=None, name=None):  # noqa: A002
    from autograd_cli.tensorflow.modes import name_scope

    _nhwc("depthwise_conv2d", data_format)
    with name_scope(name, "depthwise"):
        return _depthwise(input, filter, strides, padding, dilations, "depthwise")


@tf_export("compat.v1.nn.depthwise_conv2d")
def depthwise_conv2d_v1(input, filter, strides, padding, rate=None, name=None, data_format=None,  # noqa: A002
                        dilations=None):
    return _depthwise_conv2d(input, filter, strides, padding, data_format, _rate(rate, dilations), name)


@tf_export("nn.separable_conv2d")
def separable_conv2d(*args, **kwargs):
    """TF2's `(input, depthwise_filter, pointwise_filter, strides, padding, data_format, dilations,
    name)`; TF1's `(..., padding, rate, name, data_format, dilations)` in TF1 code."""
    return (separable_conv2d_v1 if ctx.v1 else _separable_conv2d)(*args, **kwargs)


def _separable_conv2d(input, depthwise_filter, pointwise_filter, strides, padding, data_format=None,  # noqa: A002
                      dilations=None, name=None):
    """TensorFlow's composition: the depthwise convolution, then a 1x1 VALID conv2d."""
    from autograd_cli.tensorflow.modes import name_scope

    _nhwc("separable_conv2d", data_format)
    with name_scope(name, "separable_conv2d"):
        middle = _depthwise(input, depthwise_filter, strides, padding, dilations, "depthwise")
        return _conv2d(middle, pointwise_filter, 1, "VALID")


@tf_export("compat.v1.nn.separable_conv2d")
def separable_conv2d_v1(input, depthwise_filter, pointwise_filter, strides, padding, rate=None, name=None,  # noqa: A002
                        data_format=None, dilations=None):
    return _separable_conv2d(input, depthwise_filter, pointwise_filter, strides, padding, data_format,
                             _rate(rate, dilations), name)


@tf_export("nn.atrous_conv2d")
def atrous_conv2d(value, filters, rate, padding, name=None):
    """conv2d with dilation `rate` and stride 1."""
    if int(rate) < 1:
        raise ValueError(f"rate {rate} cannot be less than one")
    return _conv2d(value, filters, 1, padding, dilations=[int(rate), int(rate)], name=name)
