"""tf.image: the few image ops snippets use along the way."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import convert_to_tensor, make_op
from autograd_cli.tensorflow.exports import refresh, tf_export
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


refresh()     # this module is deferred (tensorflow/__init__): its names join the namespaces now
