"""TF1's scatter ops on variables (tf.compat.v1.scatter_update / scatter_add / scatter_sub,
scatter_nd_update / scatter_nd_add / scatter_nd_sub, and the Variable methods of the same
names): the variable's new value computed whole, from scatter_nd of the updates, and
assigned by one op named as TensorFlow's (ScatterUpdate, ScatterNdAdd, ...); and
clip_by_average_norm."""
from __future__ import annotations

from autograd_cli.tensorflow import array_ops as a
from autograd_cli.tensorflow import math_ops as m
from autograd_cli.tensorflow.core import convert_to_tensor
from autograd_cli.tensorflow.exports import tf_export
from autograd_cli.tensorflow.modes import name_scope
from autograd_cli.tensorflow.variables import Variable


def _scatter(ref, indices, updates, mode, op_type, name, nd):
    """ref with the updates written (mode "update"), added or subtracted at indices: rows of
    the first dimension, or (nd) the index tuples of indices' last dimension."""
    from autograd_cli.tensorflow.linalg_ops import scatter_nd

    if ref._shape is None or any(d is None for d in ref._shape):
        raise NotImplementedError(f"tf.{op_type} of a variable of unknown shape is not supported here")
    indices = convert_to_tensor(indices)
    updates = convert_to_tensor(updates, ref.dtype.base_dtype)
    positions = indices if nd else a.expand_dims(indices, -1)
    shape = list(ref._shape)
    scattered = scatter_nd(positions, updates, shape)
    current = ref.value()
    if mode == "add":
        new = m.add(current, scattered)
    elif mode == "sub":
        new = m.subtract(current, scattered)
    else:
        # (where an index repeats, TensorFlow leaves undefined which update wins; the updates
        # are added up here)
        hit = m.greater(scatter_nd(positions, a.ones_like(updates), shape), 0)
        new = a.where(hit, scattered, current)
    return ref._assign(new, "assign", name or op_type, op_type=op_type)


def _exported(op_type, mode, nd):
    def scatter(ref, indices, updates, use_locking=True, name=None):
        return _scatter(ref, indices, updates, mode, op_type, name, nd)
    path = f"scatter_{'nd_' if nd else ''}{mode}"
    scatter.__name__ = scatter.__qualname__ = path
    return tf_export(f"compat.v1.{path}", path)(scatter)


scatter_update = _exported("ScatterUpdate", "update", nd=False)
scatter_add = _exported("ScatterAdd", "add", nd=False)
scatter_sub = _exported("ScatterSub", "sub", nd=False)
scatter_nd_update = _exported("ScatterNdUpdate", "update", nd=True)
scatter_nd_add = _exported("ScatterNdAdd", "add", nd=True)
scatter_nd_sub = _exported("ScatterNdSub", "sub", nd=True)


def variable_scatter(var, mode, sparse_delta=None, indices=None, updates=None, name=None):
    """Variable.scatter_update(IndexedSlices) / scatter_nd_update(indices, updates) and the
    add / sub forms."""
    if sparse_delta is not None:
        from autograd_cli.tensorflow.indexed_slices import IndexedSlices

        if not isinstance(sparse_delta, IndexedSlices):
            raise TypeError(f"sparse_delta is not IndexedSlices: {sparse_delta}")
        op_type = {"update": "ScatterUpdate", "add": "ScatterAdd", "sub": "ScatterSub"}[mode]
        return _scatter(var, sparse_delta.indices, sparse_delta.values, mode, op_type, name, nd=False)
    op_type = {"update": "ScatterNdUpdate", "add": "ScatterNdAdd", "sub": "ScatterNdSub"}[mode]
    return _scatter(var, indices, updates, mode, op_type, name, nd=True)


def _method(mode, nd):
    if nd:
        def method(self, indices, updates, name=None):
            return variable_scatter(self, mode, indices=indices, updates=updates, name=name)
    else:
        def method(self, sparse_delta, use_locking=False, name=None):
            return variable_scatter(self, mode, sparse_delta, name=name)
    method.__name__ = method.__qualname__ = f"scatter_{'nd_' if nd else ''}{mode}"
    return method


# Variable.scatter_update and the others (here, where the ops are: variables.py is below them)
for _mode in ("update", "add", "sub"):
    for _nd in (False, True):
        setattr(Variable, f"scatter_{'nd_' if _nd else ''}{_mode}", _method(_mode, _nd))


@tf_export("compat.v1.clip_by_average_norm", "clip_by_average_norm")
def clip_by_average_norm(t, clip_norm, name=None):
    """t * clip_norm * min(size(t) / ||t||, 1 / clip_norm): t scaled so that its L2 norm over its
    number of elements is at most clip_norm (TensorFlow's composition)."""
    with name_scope(name, "clip_by_average_norm") as scope:
        t = convert_to_tensor(t, name="t")
        count = m.cast(a.size(t), "float32")
        axes = list(range(len(t._shape))) if t._shape is not None else a.range_(a.rank(t))
        inverse = m.rsqrt(m.reduce_sum(m.multiply(t, t), axes))
        return a.identity(m.multiply(m.multiply(t, clip_norm), m.minimum(m.multiply(inverse, count),
                                                                          m.divide(1.0, clip_norm))),
                          name=scope or None)
