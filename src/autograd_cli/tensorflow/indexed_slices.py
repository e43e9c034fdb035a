"""tf.IndexedSlices: the gradient of a variable or tensor read only through tf.gather
(TensorFlow's ResourceGather and GatherV2 gradients): the gathered rows' gradients and their
indices, eager tensors or graph tensors. It converts to the dense tensor (duplicate indices
summed; in a graph an UnsortedSegmentSum op) wherever a tensor is needed; a Session's run of it
gives an IndexedSlicesValue."""
from __future__ import annotations

import collections

import numpy as np

from autograd_cli.tensorflow.core import (EagerTensor, Operation, _add_op, _const_value, convert_to_tensor, ctx,
                                          user_pos)
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.lowering import Recipe
from autograd_cli.tensorflow.shape import TensorShape

IndexedSlicesValue = tf_class("tensorflow.python.framework.indexed_slices.IndexedSlicesValue")(
    collections.namedtuple("IndexedSlicesValue", ["values", "indices", "dense_shape"]))


@tf_class("tensorflow.python.framework.indexed_slices.IndexedSlices")
@tf_export("IndexedSlices")
class IndexedSlices:
    def __init__(self, values, indices, dense_shape=None):
        self._values, self._indices = convert_to_tensor(values), convert_to_tensor(indices)
        self._dense_shape = None if dense_shape is None else convert_to_tensor(dense_shape)

    values = property(lambda self: self._values)
    indices = property(lambda self: self._indices)
    dense_shape = property(lambda self: self._dense_shape)
    dtype = property(lambda self: self._values.dtype)
    name = property(lambda self: self._values.name)
    op = property(lambda self: self._values.op)
    graph = property(lambda self: self._values.graph)
    device = property(lambda self: self._values.device)

    @property
    def shape(self):
        dims = self._static_dense_shape()
        return TensorShape(None if dims is None else [None if d < 0 else int(d) for d in dims])

    def _static_dense_shape(self):
        """The dense shape where it is known when the graph is made (-1 for an unknown size)."""
        s = self._dense_shape
        if s is None:
            return None
        if s._value is not None:
            return [int(d) for d in s._value]
        const = _const_value(s)
        if const is not None:
            return [int(d) for d in const]
        of = s.op.attrs.get("shape_of") if s.op is not None else None    # a Shape op's input
        if of is not None and of._shape is not None:
            return [-1 if d is None else d for d in of._shape]
        return None

    def _as_tensor(self, dtype=None):
        if self._dense_shape is None:
            raise ValueError(f"Tensor conversion requested for IndexedSlices without dense_shape: {self!s}")
        if self._values._value is not None:          # eager
            dense = dense_value(IndexedSlicesValue(self._values._value, self._indices._value,
                                                   self._dense_shape._value))
            tensor = EagerTensor(None, 0, self._values.dtype, dense.shape, dense)
        else:
            # TensorFlow's conversion: unsorted_segment_sum(values, indices, dense_shape[0])
            self._dense_shape[0]          # (its strided_slice op, as TensorFlow makes one)
            graph = ctx.graph
            op = Operation("UnsortedSegmentSum", graph.unique_name("UnsortedSegmentSum"),
                           [self._values, self._indices, self._dense_shape], Recipe("fn", _lower_dense), graph,
                           user_pos())
            dims = self._static_dense_shape()
            tensor = _add_op(graph, op, [(self._values.dtype, None if dims is None else
                                          tuple(None if d < 0 else d for d in dims))])[0]
        return tensor if dtype is None else convert_to_tensor(tensor, dtype)

    def __neg__(self):
        from autograd_cli.tensorflow.math_ops import negative

        return IndexedSlices(negative(self._values), self._indices, self._dense_shape)

    def __str__(self):
        shape = "" if self._dense_shape is None else f", dense_shape={self._dense_shape!s}"
        return f"IndexedSlices(indices={self._indices!s}, values={self._values!s}{shape})"


def dense_value(value: IndexedSlicesValue) -> np.ndarray:
    """The dense array of a run's IndexedSlicesValue: the rows added at their indices."""
    shape = tuple(int(d) for d in value.dense_shape)
    dense = np.zeros(shape, dtype=value.values.dtype)
    np.add.at(dense, np.asarray(value.indices).reshape(-1), np.asarray(value.values).reshape((-1,) + shape[1:]))
    return dense


def _lower_dense(L, values, indices, dense_shape):
    """The dense tensor: the rows added at their indices (a dense shape known when the run is planned)."""
    if dense_shape.op.name != "const":
        from autograd_cli.support.errors import AgError

        raise AgError("an IndexedSlices whose dense_shape is fed cannot be made dense here", L.g.pos)
    dims = [int(d) for d in np.asarray(dense_shape.params["value"]).reshape(-1)]
    rows = L.apply("reshape", values, shape=(-1,) + tuple(dims[1:]))
    ids = L.apply("reshape", indices, shape=(-1,))
    return L.call_builtin("unsorted_segment_sum", ("data", "segment_ids"), [rows, ids], {"num_segments": dims[0]})


def gather_axis(op):
    """(axis, batch_dims) of a gather op."""
    static = op.recipe.params.get("static", {})
    return static.get("axis", 0), static.get("batch_dims", 0)
