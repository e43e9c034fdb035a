"""tf.compat.v1.losses' collections: every TF1 loss joins the graph's LOSSES collection
(tf1_legacy.compute_weighted_loss), a get_variable regularizer's penalty joins
GraphKeys.REGULARIZATION_LOSSES, and get_total_loss adds them up; and cosine_distance."""
from __future__ import annotations

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow import math_ops as m
from autograd_cli.tensorflow.core import constant_tensor, ctx
from autograd_cli.tensorflow.variables import GraphKeys
from autograd_cli.tensorflow.exports import tf_export
from autograd_cli.tensorflow.modes import name_scope
from autograd_cli.tensorflow.tf1_legacy import Reduction, compute_weighted_loss



def _collection(key, scope):
    import re

    items = ctx.graph.get_collection(key)
    return items if scope is None else [t for t in items if re.match(scope, getattr(t, "name", "") or "")]


@tf_export("compat.v1.losses.get_losses", "losses.get_losses")
def get_losses(scope=None, loss_collection=GraphKeys.LOSSES):
    return _collection(loss_collection, scope)


@tf_export("compat.v1.losses.get_regularization_losses", "losses.get_regularization_losses")
def get_regularization_losses(scope=None):
    return _collection(GraphKeys.REGULARIZATION_LOSSES, scope)


@tf_export("compat.v1.losses.get_regularization_loss", "losses.get_regularization_loss")
def get_regularization_loss(scope=None, name="total_regularization_loss"):
    """Their sum (an AddN named total_regularization_loss), or the constant 0.0."""
    found = get_regularization_losses(scope)
    if found:
        return _add_n(found, name)
    import numpy as np

    return constant_tensor(np.array(0.0, np.float32), dtypes.float32)


@tf_export("compat.v1.losses.get_total_loss", "losses.get_total_loss")
def get_total_loss(add_regularization_losses=True, name="total_loss", scope=None):
    found = get_losses(scope=scope)
    if add_regularization_losses:
        found += get_regularization_losses(scope=scope)
    return _add_n(found, name)


def _add_n(tensors, name):
    """add_n named as asked, also of a single tensor (TensorFlow's AddN of one input)."""
    from autograd_cli.tensorflow.array_ops import identity

    total = m.add_n(tensors, name=name)
    return identity(total, name=name) if len(tensors) == 1 else total


@tf_export("compat.v1.losses.cosine_distance", "losses.cosine_distance")
def cosine_distance(labels, predictions, axis=None, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
                    reduction=Reduction.SUM_BY_NONZERO_WEIGHTS, dim=None):
    """1 - sum(labels * predictions) along axis (the two already unit-normalized), reduced."""
    axis = axis if axis is not None else dim
    if axis is None:
        raise ValueError("You must specify argument `axis`.")
    if labels is None:
        raise ValueError("Argument `labels` must not be None.")
    if predictions is None:
        raise ValueError("Argument `predictions` must not be None.")
    with name_scope(scope, "cosine_distance_loss") as scoped:
        predictions = m.cast(predictions, dtypes.float32)
        labels = m.cast(labels, dtypes.float32)
        if not predictions.shape.is_compatible_with(labels.shape):
            raise ValueError(f"Shapes {predictions.shape} and {labels.shape} are incompatible")
        losses = m.subtract(1, m.reduce_sum(m.multiply(predictions, labels), axis=(axis,), keepdims=True))
        return compute_weighted_loss(losses, weights, scoped, loss_collection, reduction)
