"""tf.image: resizing (bilinear and nearest), flips, random flips and crops, and the few image
ops snippets use along the way. Resizing is TensorFlow's kernels' arithmetic written with
gathers and float32 lerps (the weights computed as the kernels compute them), so its gradient
is the gathers' (TensorFlow's ResizeBilinearGrad / ResizeNearestNeighborGrad sum the same way);
the random ones are TensorFlow's compositions of tf.random.uniform, with its seeds."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import constant_tensor, convert_to_tensor, ctx, make_op
from autograd_cli.tensorflow.exports import refresh, tf_class, tf_export
from autograd_cli.tensorflow.lowering import Recipe


def _no_registered_gradient(op_type):
    """The rule of an op TensorFlow registers no gradient for: taking one is its LookupError."""
    def grads_of(g, dy):
        raise LookupError(f"gradient registry has no entry for: {op_type}")
    return grads_of


@tf_export("image.adjust_contrast")
def adjust_contrast(images, contrast_factor):
    """(x - mean) * contrast_factor + mean, the mean of each channel over the image's height
    and width; float images only here. Not differentiable (TensorFlow's AdjustContrastv2)."""
    from autograd_cli.tensorflow.custom_gradients import _memo_rule

    x = convert_to_tensor(images)
    if x.dtype not in (dtypes.float16, dtypes.float32):
        raise TypeError(f"tf.image.adjust_contrast here takes float16 or float32 images, got {x.dtype.name}")
    factor = convert_to_tensor(contrast_factor, dtypes.float32)
    if x._shape is not None and len(x._shape) < 3:
        raise ValueError(f"'images' must have at least 3 dimensions, got shape {list(x._shape)}")

    def eager(a, c):
        mean = np.mean(a, axis=(-3, -2), keepdims=True, dtype=np.float32)
        return ((a - mean) * np.float32(c) + mean).astype(a.dtype)

    def lower(L, a, c):
        g = L.g
        mean = g.reduce_mean(a, axis=[-3, -2], keepdims=True)
        out = g.add(g.multiply(g.subtract(a, mean), c), mean)
        return g.apply("custom_gradient", out, a, c, rule=_memo_rule(g, _no_registered_gradient("AdjustContrastv2"), 2),
                       name="AdjustContrastv2")
    return make_op("AdjustContrastv2", Recipe("fn", lower), [x, factor], [x.dtype], "adjust_contrast",
                   eager_fn=eager)[0]


# ---------------------------------------------------------------- resize

@tf_class("tensorflow.python.ops.image_ops_impl.ResizeMethod")
class ResizeMethod:
    """tf.image.ResizeMethod (TF2: strings)."""
    BILINEAR = "bilinear"
    NEAREST_NEIGHBOR = "nearest"
    BICUBIC = "bicubic"
    AREA = "area"
    LANCZOS3 = "lanczos3"
    LANCZOS5 = "lanczos5"
    GAUSSIAN = "gaussian"
    MITCHELLCUBIC = "mitchellcubic"


@tf_class("tensorflow.python.ops.image_ops_impl.ResizeMethodV1")
class ResizeMethodV1:
    """tf.compat.v1.image.ResizeMethod (TF1: numbers)."""
    BILINEAR = 0
    NEAREST_NEIGHBOR = 1
    BICUBIC = 2
    AREA = 3


tf_export("image.ResizeMethod")(ResizeMethod)
tf_export("compat.v1.image.ResizeMethod")(ResizeMethodV1)
_V1_METHODS = {0: "bilinear", 1: "nearest", 2: "bicubic", 3: "area"}


def _scale(in_size, out_size, align_corners):
    if align_corners and out_size > 1:
        return np.float32(in_size - 1) / np.float32(out_size - 1)
    return np.float32(in_size) / np.float32(out_size)


def _bilinear_weights(in_size, out_size, align_corners, half_pixel):
    """Per output index: the lower and upper input index and the lerp (float32, as the kernel)."""
    scale = _scale(in_size, out_size, align_corners)
    i = np.arange(out_size, dtype=np.float32)
    pos = (i + np.float32(0.5)) * scale - np.float32(0.5) if half_pixel else i * scale
    floor = np.floor(pos)
    lower = np.maximum(floor, 0).astype(np.int32)
    upper = np.minimum(np.ceil(pos), in_size - 1).astype(np.int32)
    return lower, upper, (pos - floor).astype(np.float32)


def _nearest_index(in_size, out_size, align_corners, half_pixel):
    scale = _scale(in_size, out_size, align_corners)
    i = np.arange(out_size, dtype=np.float32)
    pos = (i + np.float32(0.5)) * scale if half_pixel else i * scale
    index = np.floor(pos + np.float32(0.5)) if align_corners else np.floor(pos)    # (roundf: pos >= 0)
    return np.maximum(np.minimum(index, in_size - 1), 0).astype(np.int32)


def _resized(x, size, method, align_corners, half_pixel):
    """x (N, H, W, C) resized to size; bilinear gives float32, nearest keeps the dtype."""
    from autograd_cli.tensorflow import array_ops, math_ops
    from autograd_cli.tensorflow.core import constant_tensor

    _, h, w, _ = x.shape.as_list()
    if h is None or w is None:
        raise NotImplementedError("resizing needs images of known height and width here")
    (oh, ow) = size
    if method == "nearest":
        rows = array_ops.gather(x, constant_tensor(_nearest_index(h, oh, align_corners, half_pixel), dtypes.int32), axis=1)
        cols = _nearest_index(w, ow, align_corners, half_pixel)
        return array_ops.gather(rows, constant_tensor(cols, dtypes.int32), axis=2, name="ResizeNearestNeighbor")
    if x.dtype != dtypes.float32:
        x = math_ops.cast(x, dtypes.float32)
    top, bottom, y_lerp = _bilinear_weights(h, oh, align_corners, half_pixel)
    left, right, x_lerp = _bilinear_weights(w, ow, align_corners, half_pixel)

    def take(t, index, axis):
        return array_ops.gather(t, constant_tensor(index, dtypes.int32), axis=axis)

    upper, lower = take(x, top, 1), take(x, bottom, 1)
    xl = constant_tensor(x_lerp.reshape(1, 1, ow, 1), dtypes.float32)
    yl = constant_tensor(y_lerp.reshape(1, oh, 1, 1), dtypes.float32)

    def lerp(a, b, t, name=None):
        return math_ops.add(a, math_ops.multiply(math_ops.subtract(b, a), t), name=name)

    top_row = lerp(take(upper, left, 2), take(upper, right, 2), xl)
    bottom_row = lerp(take(lower, left, 2), take(lower, right, 2), xl)
    return lerp(top_row, bottom_row, yl, name="ResizeBilinear")


def _resize(images, size, method, align_corners, half_pixel, name, skip_same):
    from autograd_cli.tensorflow import array_ops
    from autograd_cli.tensorflow.modes import name_scope

    if method in ("bicubic", "area", "lanczos3", "lanczos5", "gaussian", "mitchellcubic"):
        raise NotImplementedError(f"tf.image.resize: method {method!r} is not supported here (bilinear and "
                                  "nearest are)")
    if method not in ("bilinear", "nearest"):
        raise ValueError(f"Resize method is not implemented: {method}")
    with name_scope(name, "resize"):
        x = convert_to_tensor(images, name="images")
        if x._shape is None or len(x._shape) not in (3, 4):
            raise ValueError("'images' must have either 3 or 4 dimensions.")
        dims = array_ops.int_list(size)
        if dims is None or len(dims) != 2:
            raise ValueError("'size' must be a 1-D Tensor of 2 elements: new_height, new_width")
        batched = x if len(x._shape) == 4 else array_ops.expand_dims(x, 0)
        if skip_same and batched.shape.as_list()[1:3] == dims:
            return x
        out = _resized(batched, dims, method, align_corners, half_pixel)
        return out if len(x._shape) == 4 else array_ops.squeeze(out, [0])


@tf_export("image.resize")
def resize(images, size, method=ResizeMethod.BILINEAR, preserve_aspect_ratio=False, antialias=False, name=None):
    """TF2's resize: half-pixel centers. In TF1 code (tf.image.resize is then TF1's resize_images)
    the v1 form."""
    if ctx.v1:
        return resize_images(images, size, method, antialias if isinstance(antialias, bool) else False,
                             preserve_aspect_ratio, name)
    if preserve_aspect_ratio or antialias:
        raise NotImplementedError("tf.image.resize: preserve_aspect_ratio and antialias are not supported here")
    return _resize(images, size, str(method), False, True, name, False)


@tf_export("compat.v1.image.resize_images", "compat.v1.image.resize", "image.resize_images")
def resize_images(images, size, method=ResizeMethodV1.BILINEAR, align_corners=False, preserve_aspect_ratio=False,
                  name=None):
    """TF1's resize: no half-pixel centers (align_corners= as given); the same size is the images."""
    if preserve_aspect_ratio:
        raise NotImplementedError("resize_images: preserve_aspect_ratio is not supported here")
    return _resize(images, size, _V1_METHODS.get(method, method), bool(align_corners), False, name, True)


@tf_export("compat.v1.image.resize_bilinear", "image.resize_bilinear")
def resize_bilinear(images, size, align_corners=False, name=None, half_pixel_centers=False):
    return _resize(images, size, "bilinear", bool(align_corners), bool(half_pixel_centers), name, False)


@tf_export("compat.v1.image.resize_nearest_neighbor", "image.resize_nearest_neighbor")
def resize_nearest_neighbor(images, size, align_corners=False, name=None, half_pixel_centers=False):
    return _resize(images, size, "nearest", bool(align_corners), bool(half_pixel_centers), name, False)


# ---------------------------------------------------------------- flips and crops

def _image(image, rank_name="image"):
    x = convert_to_tensor(image, name="image")
    if x._shape is not None and len(x._shape) < 3:
        raise ValueError(f"'{rank_name}' (shape {x.shape}) must be at least three-dimensional.")
    return x


def _flip(image, axis, scope, name=None):
    from autograd_cli.tensorflow import array_ops
    from autograd_cli.tensorflow.modes import name_scope

    with name_scope(name, scope):
        x = _image(image)
        return array_ops.reverse(x, [axis + (len(x._shape) == 4)])


@tf_export("image.flip_left_right")
def flip_left_right(image):
    """The width reversed (axis 1 of an image, 2 of a batch)."""
    return _flip(image, 1, "flip_left_right")


@tf_export("image.flip_up_down")
def flip_up_down(image):
    """The height reversed (axis 0 of an image, 1 of a batch)."""
    return _flip(image, 0, "flip_up_down")


def _random_flip(image, axis, seed, scope):
    """TensorFlow's composition: one uniform draw for an image (flipped when < 0.5, by a cond), one
    per image of a batch (flipped where it rounds to 1, by arithmetic)."""
    from autograd_cli.tensorflow import array_ops, math_ops, random_api
    from autograd_cli.tensorflow.control import cond
    from autograd_cli.tensorflow.modes import name_scope

    with name_scope(None, scope):
        x = _image(image)
        if len(x._shape) == 3:
            draw = random_api.uniform([], 0, 1.0, seed=seed)
            return cond(math_ops.less(draw, 0.5), lambda: array_ops.reverse(x, [axis]), lambda: x)
        batch = array_ops.shape(x)[0]
        draws = random_api.uniform(array_ops.stack([batch]), 0, 1.0, seed=seed)
        flips = math_ops.cast(math_ops.round_(array_ops.reshape(draws, [-1, 1, 1, 1])), x.dtype)
        flipped = array_ops.reverse(x, [axis + 1])
        return math_ops.add(math_ops.multiply(flips, flipped), math_ops.multiply(math_ops.subtract(1, flips), x))


@tf_export("image.random_flip_left_right")
def random_flip_left_right(image, seed=None):
    return _random_flip(image, 1, seed, "random_flip_left_right")


@tf_export("image.random_flip_up_down")
def random_flip_up_down(image, seed=None):
    return _random_flip(image, 0, seed, "random_flip_up_down")


@tf_export("image.random_crop", "random_crop", "compat.v1.random_crop")
def random_crop(value, size, seed=None, name=None):
    """TensorFlow's composition: offsets uniform int32 draws modulo shape - size + 1, then the
    slice (written as one gather per axis, so a graph's random offsets work)."""
    from autograd_cli.tensorflow import array_ops, math_ops, random_api
    from autograd_cli.tensorflow.failures import InvalidArgumentError
    from autograd_cli.tensorflow.modes import name_scope

    with name_scope(name, "random_crop"):
        x = convert_to_tensor(value, name="value")
        dims = array_ops.int_list(size)
        shape = x.shape.as_list()
        if dims is None or len(dims) != len(shape):
            raise NotImplementedError("random_crop needs a size of as many numbers as the value has dimensions here")
        if any(s is not None and d > s for d, s in zip(dims, shape)):
            message = (f"Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: b'Need "
                       f"value.shape >= size, got '\n{', '.join(map(str, shape))}\n{', '.join(map(str, dims))}")
            raise InvalidArgumentError(None, None, message)
        sizes = constant_tensor(np.array(dims, np.int32) - 1, dtypes.int32)
        if None in shape:       # (a placeholder's batch: the limit is computed when the graph runs)
            limit = math_ops.subtract(array_ops.shape(x), sizes)
        else:
            limit = constant_tensor(np.array(shape, np.int32) - np.array(dims, np.int32) + 1, dtypes.int32)
        draws = random_api.uniform([len(shape)], dtype=dtypes.int32, maxval=2 ** 31 - 1, seed=seed)
        offset = math_ops.floormod(draws, limit)
        out = x
        for axis, d in enumerate(dims):
            index = math_ops.add(array_ops.gather(offset, axis), constant_tensor(np.arange(d, dtype=np.int32),
                                                                               dtypes.int32))
            out = array_ops.gather(out, index, axis=axis)
        return array_ops.identity(out, name="random_crop")


refresh()     # this module is deferred (tensorflow/__init__): its names join the namespaces now
