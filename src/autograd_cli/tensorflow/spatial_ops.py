"""tf.nn.space_to_depth / depth_to_space, tf.nn.local_response_normalization and
tf.image.extract_patches (NHWC), composed of reshapes, transposes, slices and a matmul, so
their gradients are those ops' (TensorFlow's SpaceToDepth, DepthToSpace, LRN and
ExtractImagePatches gradients are the same linear maps)."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow import array_ops, math_ops
from autograd_cli.tensorflow.conv_ops import _pair, _patches, _windows, kernel_error
from autograd_cli.tensorflow.core import constant_tensor, convert_to_tensor, ctx
from autograd_cli.tensorflow.exports import refresh, tf_export


def _node(op_type, x, attrs):
    """The op builder's text for a graph op (`'{{node SpaceToDepth}} = SpaceToDepth[...]' with input
    shapes: [1,5,4,3].`): TensorFlow's shape errors end with it."""
    dims = "[" + ",".join("?" if d is None else str(d) for d in x.shape.as_list()) + "]"
    return f"'{{{{node {op_type}}}}} = {op_type}[T=DT_{x.dtype.kernel_name.upper()}{attrs}]' with input shapes: {dims}."


def _rank4(op_type, x, attrs):
    rank = len(x.shape.as_list())
    if rank == 4:
        return
    if ctx.eager:
        raise kernel_error(op_type, f"Input rank should be 4 instead of {rank}", named=True)
    raise ValueError(f"Shape must be rank 4 but is rank {rank} for {_node(op_type, x, attrs)}")


def _block(op_type, block_size):
    block = int(block_size)
    if block < 2:
        from autograd_cli.tensorflow.failures import InvalidArgumentError

        text = f"Value for attr 'block_size' of {block} must be at least minimum 2"
        if ctx.eager:
            text += (f"\n\t; NodeDef: {{{{node {op_type}}}}}; Op<name={op_type}; signature=input:T -> output:T; "
                     f"attr=T:type; attr=block_size:int,min=2> [Op:{op_type}] name: ")
        raise InvalidArgumentError(None, None, text)
    return block


def _nhwc(op, data_format):
    if data_format not in (None, "NHWC"):
        raise NotImplementedError(f"{op}: only data_format='NHWC' is supported here")


def _image(op_type, input, block_size, data_format):  # noqa: A002
    """The NHWC input, the block and the known height, width and depth, checked as TensorFlow's
    kernel (eagerly) or shape function (a graph) checks them; `attrs` for the graph's texts."""
    _nhwc(op_type, data_format)
    x = convert_to_tensor(input)
    block = _block(op_type, block_size)
    attrs = f", block_size={block}, data_format=\"NHWC\""
    _rank4(op_type, x, attrs)
    _, h, w, c = x.shape.as_list()
    if None in (h, w, c):
        raise NotImplementedError(f"tf.nn.{_SNAKE[op_type]} needs a known height, width and depth here")
    return x, block, attrs, h, w, c


_SNAKE = {"SpaceToDepth": "space_to_depth", "DepthToSpace": "depth_to_space"}


def _both_orders(compute):
    """TF2's `(input, block_size, data_format, name)`, and TF1's `(input, block_size, name,
    data_format)` in TF1 code (and under its compat.v1 spelling)."""
    def v2(input, block_size, data_format="NHWC", name=None):  # noqa: A002
        return compute(input, block_size, name, data_format)

    def v1(input, block_size, name=None, data_format="NHWC"):  # noqa: A002
        return compute(input, block_size, name, data_format)

    def either(*args, **kwargs):
        return (v1 if ctx.v1 else v2)(*args, **kwargs)
    either.__doc__ = compute.__doc__
    either.__name__ = either.__qualname__ = v1.__name__ = v1.__qualname__ = compute.__name__.lstrip("_")
    return either, v1


def _space_to_depth(input, block_size, name, data_format):  # noqa: A002
    """Each block x block tile of the image becomes one pixel of block * block * C channels: the
    channel of tile row i, column j and input channel c is (i * block + j) * C + c."""
    x, block, attrs, h, w, c = _image("SpaceToDepth", input, block_size, data_format)
    if h % block or w % block:
        if ctx.eager:
            raise kernel_error("SpaceToDepth", f"Image width {w} and height {h} should be divisible by block_size: "
                               f"{block}", named=True)
        bad = h if h % block else w
        raise ValueError(f"Dimension size must be evenly divisible by {block} but is {bad} for "
                         f"{_node('SpaceToDepth', x, attrs)}")
    y = array_ops.reshape(x, [-1, h // block, block, w // block, block, c])
    y = array_ops.transpose(y, [0, 1, 3, 2, 4, 5])
    return array_ops.reshape(y, [-1, h // block, w // block, block * block * c], name=name or "SpaceToDepth")


def _depth_to_space(input, block_size, name, data_format):  # noqa: A002
    """space_to_depth's inverse."""
    x, block, attrs, h, w, c = _image("DepthToSpace", input, block_size, data_format)
    if c % (block * block):
        if ctx.eager:
            raise kernel_error("DepthToSpace", f"Input depth dimension {c} should be divisible by: {block * block}",
                               named=True)
        raise ValueError(f"Dimension size must be evenly divisible by {block * block} but is {c} for "
                         f"{_node('DepthToSpace', x, attrs)}")
    y = array_ops.reshape(x, [-1, h, w, block, block, c // (block * block)])
    y = array_ops.transpose(y, [0, 1, 3, 2, 4, 5])
    return array_ops.reshape(y, [-1, h * block, w * block, c // (block * block)], name=name or "DepthToSpace")


space_to_depth, space_to_depth_v1 = _both_orders(_space_to_depth)
depth_to_space, depth_to_space_v1 = _both_orders(_depth_to_space)
tf_export("nn.space_to_depth", "space_to_depth")(space_to_depth)
tf_export("compat.v1.nn.space_to_depth", "compat.v1.space_to_depth")(space_to_depth_v1)
tf_export("nn.depth_to_space", "depth_to_space")(depth_to_space)
tf_export("compat.v1.nn.depth_to_space", "compat.v1.depth_to_space")(depth_to_space_v1)


@tf_export("nn.local_response_normalization", "nn.lrn")
def local_response_normalization(input, depth_radius=5, bias=1, alpha=1, beta=0.5, name=None):  # noqa: A002
    """input / (bias + alpha * sqr_sum) ** beta, sqr_sum the sum of the squares of the channels
    within depth_radius of each channel (a matmul with a band of ones)."""
    x = convert_to_tensor(input)
    math_ops.check_kernel("LRN", x, ("half", "bfloat16", "float"), "input:T -> output:T", "input")
    shape = x.shape.as_list()
    if len(shape) != 4:
        if ctx.eager:
            raise kernel_error("LRN", "in must be 4-dimensional")
        raise ValueError(f"Shape must be rank 4 but is rank {len(shape)} for "
                         f"{_node('LRN', x, f', alpha={alpha:g}, beta={beta:g}, bias={bias:g}, depth_radius={depth_radius}')}")
    depth, radius = shape[3], int(depth_radius)
    if depth is None:
        raise NotImplementedError("local_response_normalization needs a known depth here")
    index = np.arange(depth)
    band = (np.abs(index[:, None] - index[None, :]) <= radius).astype(x.dtype.np)
    sqr_sum = math_ops.tensordot(math_ops.square(x), constant_tensor(band, x.dtype), [[3], [0]])
    scale = math_ops.add(math_ops.multiply(sqr_sum, float(alpha)), float(bias))
    if float(beta) == 0.5:
        return math_ops.multiply(x, math_ops.rsqrt(scale), name=name or "LRN")
    if float(beta) == 1.0:
        return math_ops.divide(x, scale, name=name or "LRN")
    return math_ops.multiply(x, math_ops.exp(math_ops.multiply(math_ops.log(scale), -float(beta))), name=name or "LRN")


def _quad(value, name):
    values = [int(v) for v in value]
    if len(values) < 4:
        from autograd_cli.tensorflow.failures import InvalidArgumentError

        text = f"Length for attr '{name}' of {len(values)} must be at least minimum 4"
        raise InvalidArgumentError(None, None, text)
    return _pair(values, name)


@tf_export("image.extract_patches")
def extract_patches(images, sizes, strides, rates, padding, name=None):
    """The (dilated) windows' elements side by side in the depth: rows of the window, then
    columns, then channels (TensorFlow's order); SAME pads with zeros."""
    x = convert_to_tensor(images)
    parts, _, _ = _windows(x, _quad(sizes, "ksizes"), _quad(strides, "strides"), padding, 0,
                           _quad(rates, "rates"))
    return array_ops.identity(_patches(parts), name=name or "ExtractImagePatches")


@tf_export("compat.v1.extract_image_patches", "compat.v1.image.extract_image_patches", "extract_image_patches",
           "image.extract_image_patches")
def extract_image_patches(images, ksizes=None, strides=None, rates=None, padding=None, name=None, sizes=None):
    return extract_patches(images, ksizes if ksizes is not None else sizes, strides, rates, padding, name)


refresh()     # this module is deferred (tensorflow/__init__): its names join the namespaces now
