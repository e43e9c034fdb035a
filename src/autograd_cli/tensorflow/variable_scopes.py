"""TF1's variable sharing: `tf.variable_scope` and `tf.get_variable`.

A variable scope names variables ("layer1/w") and says whether `get_variable` may create
(reuse None), must find (reuse True, inherited by inner scopes) or may do either
(`tf.AUTO_REUSE`); each graph keeps the variables `get_variable` made, by full name.
Entering a scope also opens a name scope for the ops made inside ("layer1/MatMul"; the
second entry of the same scope is "layer1_1/..." for ops, still "layer1/w" for variables).
Eagerly, as in TensorFlow 2, nothing is shared: each `get_variable` makes a new variable.
"""
from __future__ import annotations

import enum
import os
import sys
import weakref

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow import init_ops
from autograd_cli.tensorflow.core import Tensor, ctx
from autograd_cli.tensorflow.dtype import as_dtype
from autograd_cli.tensorflow.exports import tf_class, export_value, tf_export
from autograd_cli.tensorflow.shape import TensorShape
from autograd_cli.tensorflow.variables import _EAGER_SCOPE, GraphKeys, Variable


class _ReuseMode(enum.Enum):
    AUTO_REUSE = 1


AUTO_REUSE = _ReuseMode.AUTO_REUSE
export_value("AUTO_REUSE", AUTO_REUSE)


class _Store:
    """One graph's variables made by get_variable, and the count of each scope name used."""

    def __init__(self):
        self.variables: dict = {}      # full name -> (Variable, where it was made)
        self.scope_counts: dict = {}


_STORES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _store() -> _Store:
    graph = ctx.graph
    found = _STORES.get(graph)
    if found is None:
        found = _STORES[graph] = _Store()
    return found


@tf_class("tensorflow.python.ops.variable_scope.VariableScope")
@tf_export("VariableScope")
class VariableScope:
    def __init__(self, reuse, name="", initializer=None, dtype=dtypes.float32, name_scope="", trainable=None,
                 regularizer=None):
        self._reuse, self._name, self._initializer = reuse, name, initializer
        self._dtype, self._name_scope, self._trainable = as_dtype(dtype), name_scope, trainable
        self._regularizer = regularizer

    @property
    def name(self):
        return self._name

    @property
    def original_name_scope(self):
        return self._name_scope

    @property
    def reuse(self):
        return self._reuse

    @property
    def initializer(self):
        return self._initializer

    @property
    def dtype(self):
        return self._dtype

    @property
    def regularizer(self):
        return self._regularizer

    def set_regularizer(self, regularizer):
        self._regularizer = regularizer

    def reuse_variables(self):
        self._reuse = True

    def set_initializer(self, initializer):
        self._initializer = initializer

    def set_dtype(self, dtype):
        self._dtype = as_dtype(dtype)

    def get_variable(self, name, *args, **kwargs):
        return get_variable(name, *args, **kwargs)

    def __repr__(self):
        return f"<tensorflow.python.ops.variable_scope.VariableScope object at {hex(id(self))}>"


_SCOPES: list = [VariableScope(False)]


@tf_export("get_variable_scope")
def get_variable_scope():
    return _SCOPES[-1]


@tf_class("tensorflow.python.ops.variable_scope.variable_scope")
@tf_export("variable_scope")
class variable_scope:    # noqa: N801 (TensorFlow's name)
    def __init__(self, name_or_scope, default_name=None, values=None, initializer=None, regularizer=None,
                 caching_device=None, partitioner=None, custom_getter=None, reuse=None, dtype=None,
                 use_resource=None, constraint=None, auxiliary_name_scope=True):
        if name_or_scope is None and default_name is None:
            raise TypeError("If default_name is None then name_or_scope is required")
        if name_or_scope is not None and not isinstance(name_or_scope, (str, VariableScope)):
            raise TypeError("VariableScope: name_or_scope must be a string or VariableScope.")
        if reuse not in (None, True, False, AUTO_REUSE):
            raise ValueError("The reuse parameter must be True or False or None.")
        self._name, self._default = name_or_scope, default_name
        self._reuse = None if reuse is False else reuse
        self._initializer, self._dtype, self._regularizer = initializer, dtype, regularizer
        self._auxiliary = auxiliary_name_scope

    def __enter__(self):
        parent = _SCOPES[-1]
        store = _store()
        if isinstance(self._name, VariableScope):
            full, reuse, base = self._name.name, self._reuse or self._name.reuse, self._name
        else:
            leaf = self._name if self._name is not None else self._unique_default(parent, store)
            full = f"{parent.name}/{leaf}" if parent.name else leaf
            reuse, base = self._reuse or parent.reuse, parent
        store.scope_counts[full] = store.scope_counts.get(full, 0) + 1
        self._saved_name_scope = self._open_name_scope(full.rpartition("/")[2])
        scope = VariableScope(reuse, full, self._initializer or base.initializer, self._dtype or base.dtype,
                              self._opened, regularizer=self._regularizer or base.regularizer)
        _SCOPES.append(scope)
        return scope

    def _unique_default(self, parent, store):
        prefix = f"{parent.name}/" if parent.name else ""
        name, k = self._default, 0
        while store.scope_counts.get(prefix + name, 0):
            k += 1
            name = f"{self._default}_{k}"
        return name

    def _open_name_scope(self, leaf):
        """The name scope of the ops made inside: a new one named after the scope's last part
        ("net", then "net_1" when the scope is entered again, by name or as an object)."""
        if ctx.eager:
            saved = list(_EAGER_SCOPE)
            if self._auxiliary:
                _EAGER_SCOPE.append(leaf)
            self._opened = "/".join(_EAGER_SCOPE) + "/" if _EAGER_SCOPE else ""
            return saved
        graph = ctx.graph
        saved = list(graph._scope)
        if self._auxiliary:
            graph._scope = graph.unique_name(leaf).split("/")
        self._opened = "/".join(graph._scope) + "/" if graph._scope else ""
        return saved

    def __exit__(self, *exc):
        _SCOPES.pop()
        if ctx.eager:
            _EAGER_SCOPE[:] = self._saved_name_scope
        else:
            ctx.graph._scope = self._saved_name_scope
        return False


@tf_export("get_variable")
def get_variable(name, shape=None, dtype=None, initializer=None, regularizer=None, trainable=None, collections=None,
                 caching_device=None, partitioner=None, validate_shape=True, use_resource=None, custom_getter=None,
                 constraint=None, synchronization=None, aggregation=None):
    scope = _SCOPES[-1]
    full = f"{scope.name}/{name}" if scope.name else name
    kind = as_dtype(dtype) if dtype is not None else scope.dtype
    dims = None if shape is None else TensorShape(shape).dims
    store = _store()
    found = None if ctx.eager else store.variables.get(full)
    if found is not None:
        if not scope.reuse:
            raise ValueError(f"Variable {full} already exists, disallowed. Did you mean to set reuse=True or "
                             f"reuse=tf.AUTO_REUSE in VarScope? Originally defined at:\n\n{found[1]}")
        var = found[0]
        if dims is not None and not TensorShape(var._shape).is_compatible_with(TensorShape(dims)):
            raise ValueError(f"Trying to share variable {full}, but specified shape {TensorShape(dims)} and found "
                             f"shape {TensorShape(var._shape)}.")
        if dtype is not None and kind != var.dtype.base_dtype:
            raise ValueError(f"Trying to share variable {full}, but specified dtype {kind.name} and found dtype "
                             f"{var.dtype.base_dtype.name}.")
        return var
    if scope.reuse is True and not ctx.eager:
        raise ValueError(f"Variable {full} does not exist, or was not created with tf.get_variable(). Did you mean "
                         "to set reuse=tf.AUTO_REUSE in VarScope?")
    initial = _initial_value(full, dims, kind, initializer if initializer is not None else scope.initializer)
    var = _make_variable(full, initial, trainable if trainable is not None else scope._trainable, collections,
                         constraint)
    if not ctx.eager:
        store.variables[full] = (var, _where_made())
        _regularize(full, var, regularizer if regularizer is not None else scope.regularizer)
    return var


def _regularize(full, var, regularizer):
    """The regularizer's penalty of a new variable, made in the name scope FULL/Regularizer/,
    joins REGULARIZATION_LOSSES (what tf.losses.get_regularization_loss adds up)."""
    if regularizer is None:
        return
    graph = ctx.graph
    saved = graph._scope
    try:
        # (TensorFlow calls it once more first, outside any name scope, to see whether it gives
        # None: that call's ops take names there too)
        graph._scope = []
        if regularizer(var) is None:
            return
        graph._scope = full.split("/") + ["Regularizer"]
        penalty = regularizer(var)
    finally:
        graph._scope = saved
    graph.add_to_collection(GraphKeys.REGULARIZATION_LOSSES, penalty)


def _initial_value(full, dims, kind, initializer):
    if isinstance(initializer, type):
        initializer = initializer()
    if initializer is not None and not callable(initializer):      # a constant: its value and shape
        if dims is not None:
            raise ValueError("If initializer is a constant, do not specify shape.")
        return initializer if isinstance(initializer, Tensor) else _in_scope(full, lambda: _constant(initializer, kind))
    if dims is None or any(d is None for d in dims):
        raise ValueError(f"Shape of a new variable ({full}) must be fully defined, but instead was "
                         f"{TensorShape(dims)}.")
    if initializer is None:
        initializer = init_ops.GlorotUniform() if kind.is_floating else init_ops.Zeros()
    return _in_scope(full, lambda: initializer(list(dims), dtype=kind))


def _constant(value, kind):
    from autograd_cli.tensorflow.array_ops import constant

    return constant(value, dtype=kind)


def _in_scope(full, make):
    """The initializer's ops go to the name scope `FULL/Initializer/` (TF's names)."""
    if ctx.eager:
        return make()
    graph = ctx.graph
    saved = graph._scope
    graph._scope = full.split("/") + ["Initializer"]
    try:
        return make()
    finally:
        graph._scope = saved


def _make_variable(full, initial, trainable, collections, constraint):
    """A variable named exactly `full`, whatever name scope is open."""
    if ctx.eager:
        saved = list(_EAGER_SCOPE)
        _EAGER_SCOPE.clear()
        try:
            return Variable(initial, trainable=trainable, name=full, collections=collections, constraint=constraint)
        finally:
            _EAGER_SCOPE[:] = saved
    graph = ctx.graph
    saved = graph._scope
    graph._scope = []
    try:
        return Variable(initial, trainable=trainable, name=full, collections=collections, constraint=constraint)
    finally:
        graph._scope = saved


def _where_made() -> str:
    """`  File "NAME", line N, in FUNCTION` of the user's call (TensorFlow's "Originally defined at")."""
    from autograd_cli.tensorflow.core import _PACKAGE_DIR

    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE_DIR):
        frame = frame.f_back
    if frame is None:
        return ""
    return f'  File "{os.path.basename(frame.f_code.co_filename)}", line {frame.f_lineno}, in {frame.f_code.co_name}'
