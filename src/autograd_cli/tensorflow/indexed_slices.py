"""tf.IndexedSlices: the gradient of a variable or watched tensor read only through tf.gather
(TensorFlow's ResourceGather and GatherV2 gradients): the gathered rows' gradients and their indices. It converts to
the dense tensor (duplicate indices summed) wherever a tensor is needed."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import EagerTensor, convert_to_tensor
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.shape import TensorShape


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

    @property
    def shape(self):
        return TensorShape(None if self._dense_shape is None else [int(d) for d in self._dense_shape._value])

    def _as_tensor(self, dtype=None):
        shape = tuple(int(d) for d in self._dense_shape._value)
        dense = np.zeros(shape, dtype=self._values.dtype.np)
        np.add.at(dense, self._indices._value.reshape(-1), self._values._value.reshape((-1,) + shape[1:]))
        tensor = EagerTensor(None, 0, self._values.dtype, dense.shape, dense)
        return tensor if dtype is None else convert_to_tensor(tensor, dtype)

    def __neg__(self):
        return IndexedSlices(-self._values._value, self._indices, self._dense_shape)

    def __repr__(self):
        return f"IndexedSlices(indices={self._indices!s}, values={self._values!s}, dense_shape={self._dense_shape!s})"

    __str__ = __repr__


def of_gathers(var, ops, values_of):
    """The IndexedSlices gradient of `var` (a variable, or a tensor a tape watched) when every
    op (of those the target needs) reading it is an axis-0 gather of its value (else None), as
    TensorFlow's GatherV2 gradient; values_of(tensors) gives the gradients of the gathers' outputs."""
    from autograd_cli.tensorflow.variables import Variable

    if isinstance(var, Variable):
        def is_it(t):
            return t._var is var
    else:
        def is_it(t):
            return t.uid == var.uid
    reads = [op for op in ops if any(is_it(t) for t in op.inputs)]
    if not reads or any(op.type != "GatherV2" or not is_it(op.inputs[0]) or is_it(op.inputs[1])
                        or _static(op) != (0, 0) for op in reads):
        return None
    grads = values_of([op.outputs[0] for op in reads])
    # a gather whose output the target does not depend on differentiably adds no slices
    reads, grads = [op for op, g in zip(reads, grads) if g is not None], [g for g in grads if g is not None]
    if not grads:
        return None
    rows = tuple(var._shape[1:])
    values = np.concatenate([g._value.reshape((-1,) + rows) for g in grads])
    indices = np.concatenate([op.inputs[1]._value.reshape(-1) for op in reads]).astype(np.int32)
    return IndexedSlices(EagerTensor(None, 0, grads[0].dtype, values.shape, values),
                         EagerTensor(None, 0, dtypes.int32, indices.shape, indices),
                         EagerTensor(None, 0, dtypes.int32, (len(var._shape),), np.array(var._shape, np.int32)))


def _static(op):
    static = op.recipe.params.get("static", {})
    return static.get("axis", 0), static.get("batch_dims", 0)
