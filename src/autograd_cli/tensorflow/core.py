"""Tensors, operations and graphs: ordinary Python classes with operators.

Eager mode (TF2): an op computes its value at once, on NumPy arrays of the tensor's
dtype; active GradientTapes record it. Graph mode (TF1): an op makes an Operation in
the default Graph whose output tensors are symbolic (static shapes with `None` sizes);
a Session lowers the records it needs into an engine graph and evaluates it.
Either way an Operation keeps a Recipe (lowering.py): how to build its engine nodes.
"""
from __future__ import annotations

import itertools
import weakref
import os
import sys

import numpy as np

from autograd_cli.ops import ShapeError
from autograd_cli.support.errors import AgError, pos_at
from autograd_cli.tensorflow import devices
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.dtype import DType, as_dtype
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.failures import InvalidArgumentError, kernel_message
from autograd_cli.tensorflow import printing
from autograd_cli.tensorflow.lowering import STAND_IN, VARIABLES, Lowering, Recipe, RoundingGraph, row_shape  # noqa: F401
from autograd_cli.tensorflow.shape import TensorShape, shape_with_unknown_sizes
from autograd_cli.tensorflow.engine_values import engine_array

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # src/autograd_cli
_PACKAGE_PREFIX = __name__.split(".")[0] + "."       # "autograd_cli."
_uids = itertools.count(1)
HOOKS: dict = {}        # filled by the modules above this one (sessions, slicing, stacking)


class Context:
    """The process-wide mode: eager or graph, the graph stack, the active tapes."""

    def __init__(self):
        self.eager = True
        self.v1 = False               # disable_v2_behavior(): TF1 printing and shapes
        self.graphs: list = []        # as_default() stack
        self._default_graph = None
        self.tapes: list = []         # active GradientTapes, innermost last
        self.autograph = 0            # tf.function bodies being inlined in a TF1 graph (their loops are AutoGraph's)
        self.on_gradient = None       # job hook: called with each gradient record
        self.on_warning = None        # job hook: called with (line, message)
        self.gradient_overrides: list = []   # gradient_override_map stack
        self.variable_watchers: list = []    # dicts (uid -> Variable) of the variables read while each is active
        self.stand_ins = 0            # Keras' shape inference calling a layer on stand-ins: a bool of a tensor is refused, as in its graph

    @property
    def graph(self) -> "Graph":
        if self.graphs:
            return self.graphs[-1]
        if self._default_graph is None:
            self._default_graph = Graph()
        return self._default_graph

    def reset_graph(self):
        self._default_graph = Graph()


ctx = Context()


def user_line() -> int:
    """The line of the innermost frame outside this package (the user's call site). Told by
    the frame's module name: reading a frame's f_code raises an audit event, which the box's
    hook would see for every op."""
    frame = sys._getframe(1)
    while frame is not None:
        if not frame.f_globals.get("__name__", "").startswith(_PACKAGE_PREFIX):
            return frame.f_lineno
        frame = frame.f_back
    return 0


def user_pos() -> int:
    """The position of the user's call site: its line, and the column where the expression
    being computed starts (`tf.multiply(x, w)` inside `y = tf.add(tf.multiply(x, w), b)`),
    which labels the snippet's graph as written."""
    frame = sys._getframe(1)
    while frame is not None:
        # (the package's frames are told by their module's name, as in user_line: only the
        # user's frame has its f_code read, and its code is keyed without id(): each of
        # those raises an audit event the box's hook sees, at every op)
        if not frame.f_globals.get("__name__", "").startswith(_PACKAGE_PREFIX):
            code = frame.f_code
            key = (_identity(code), frame.f_lasti)
            known = _COLUMNS.get(key)
            if known is None or known[0] is not code:
                known = (code, _column(code, frame.f_lasti))
                if len(_COLUMNS) < MAX_COLUMNS:
                    _COLUMNS[key] = known
            return pos_at(frame.f_lineno, known[1])
        frame = frame.f_back
    return pos_at(0, 1)


_identity = object.__hash__    # unique among live objects, as id() is, without id()'s audit event
_COLUMNS: dict = {}      # (identity of a code object, instruction offset) -> (the code object, its column)
MAX_COLUMNS = 100_000


_CODE_COLUMNS: dict = {}  # identity of a code object -> (the code object, each instruction's start column)
MAX_CODES = 256


def _column(code, offset: int) -> int:
    """The 1-based column where the instruction at `offset` starts (1 when Python does not know)."""
    # (each code object's positions are read once: reading them up to `offset` at each new
    # call site made a module of a few thousand tf calls quadratic, seconds per thousand)
    known = _CODE_COLUMNS.get(_identity(code))
    if known is None or known[0] is not code:
        known = (code, [col for _, _, col, _ in code.co_positions()])
        if len(_CODE_COLUMNS) >= MAX_CODES:
            _CODE_COLUMNS.clear()
        _CODE_COLUMNS[_identity(code)] = known
    columns = known[1]
    col = columns[offset // 2] if 0 <= offset // 2 < len(columns) else None
    return col + 1 if col is not None else 1


# ---------------------------------------------------------------- graphs and operations

@tf_class("tensorflow.python.framework.ops.Graph")
@tf_export("Graph")
class Graph:
    captures_outer = False     # a FuncGraph (tracing.py) may use tensors of other graphs

    def __init__(self):
        self._ops: list = []
        self.rewired = False             # an op reads a later one (GradientsDebugger's watch): uid order is not enough
        self._names: dict = {}         # lower-cased name -> count used
        self._scope: list = []         # name scope stack
        self.collections: dict = {}
        self._variables: list = []
        self.version = 0
        self._finalized = False
        self.seed = None
        self._last_id = 0
        self._device = devices.NOWHERE     # the device scope ops made now are placed in
        self._device_function = None       # or a function of the op (TF1's device functions)

    def unique_name(self, base: str, mark_as_used: bool = True) -> str:
        if base.endswith("/"):      # a scope's own name (`with name_scope(...) as scope: op(name=scope)`), as is
            return base[:-1]
        prefix = "/".join(self._scope)
        name = f"{prefix}/{base}" if prefix else base
        key = name.lower()
        count = self._names.get(key, 0)
        if count:
            candidate = f"{name}_{count}"
            while candidate.lower() in self._names:
                count += 1
                candidate = f"{name}_{count}"
            if mark_as_used:
                self._names[key] = count + 1
                self._names[candidate.lower()] = 1
            return candidate
        if mark_as_used:
            self._names[key] = 1
        return name

    def as_default(self):
        return _DefaultGraph(self)

    def get_operations(self):
        return list(self._ops)

    def get_tensor_by_name(self, name):
        op_name, _, index = name.rpartition(":")
        for op in self._ops:
            if op.name == op_name:
                return op.outputs[int(index or 0)]
        raise KeyError(f"The name '{name}' refers to a Tensor which does not exist.")

    def get_operation_by_name(self, name):
        for op in self._ops:
            if op.name == name:
                return op
        raise KeyError(f"The name '{name}' refers to an Operation not in the graph.")

    def get_collection(self, key, scope=None):
        return list(self.collections.get(key, []))

    def add_to_collection(self, key, value):
        self.collections.setdefault(key, []).append(value)

    def finalize(self):
        self._finalized = True

    @property
    def finalized(self):
        return self._finalized

    def name_scope(self, name):
        return _NameScope(self, name)

    def gradient_override_map(self, mapping):
        return _OverrideMap(dict(mapping))

    def device(self, device_name_or_function):
        return devices.DeviceScope(self, device_name_or_function)

    def control_dependencies(self, inputs):
        return _ControlDependencies(self, inputs)

    def __enter__(self):
        return self.as_default().__enter__()

    def __exit__(self, *exc):
        ctx.graphs.pop()


class _DefaultGraph:
    """`with graph.as_default():` builds in that graph; in eager code (TensorFlow 2) the block
    is graph mode and eager execution resumes after it."""

    def __init__(self, graph):
        self.graph = graph
        self.was_eager = False

    def __enter__(self):
        ctx.graphs.append(self.graph)
        self.was_eager, ctx.eager = ctx.eager, False
        return self.graph

    def __exit__(self, *exc):
        if ctx.graphs and ctx.graphs[-1] is self.graph:
            ctx.graphs.pop()
        if self.was_eager:
            ctx.eager = True
        return False


class _Nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


@tf_class("tensorflow.python.framework.ops.name_scope_v1")
class _NameScope:
    def __init__(self, graph, name):
        self.graph, self.name = graph, name
        self.pushed = False

    def __enter__(self):
        if self.name:
            # "a/b/" (a scope's own name, as `with tf.name_scope(...) as scope` gives it) is entered again as is
            scoped = self.name.rstrip("/") if self.name.endswith("/") else self.graph.unique_name(self.name)
            self.graph._scope = scoped.split("/")
            self.pushed = True
            return scoped + "/"
        return ""

    def __exit__(self, *exc):
        if self.pushed:
            self.graph._scope = self.graph._scope[:-1] if len(self.graph._scope) > 1 else []
        return False


class _OverrideMap:
    def __init__(self, mapping):
        self.mapping = mapping

    def __enter__(self):
        ctx.gradient_overrides.append(self.mapping)
        return self

    def __exit__(self, *exc):
        ctx.gradient_overrides.pop()
        return False


class _ControlDependencies:
    stack: list = []

    def __init__(self, graph, inputs):
        self.inputs = list(inputs or [])

    def __enter__(self):
        _ControlDependencies.stack.append(self.inputs)
        return self

    def __exit__(self, *exc):
        _ControlDependencies.stack.pop()
        return False


@tf_class("tensorflow.python.framework.ops.Operation")
@tf_export("Operation")
class Operation:
    """One TensorFlow op: its type (`Mul`), name, inputs, outputs, and the recipe of
    its engine nodes."""

    __slots__ = ("type", "name", "inputs", "outputs", "graph", "recipe", "pos", "control_inputs", "uid",
                 "grad_override", "attrs", "device", "__weakref__")

    def __init__(self, type, name, inputs, recipe, graph=None, pos=0):
        self.type = type
        self.name = name
        self.inputs = inputs
        self.outputs = []
        self.graph = graph
        self.recipe = recipe
        self.pos = pos
        self.control_inputs = []
        self.uid = next(_uids)
        self.grad_override = None
        self.attrs = {}
        self.device = ""

    def run(self, feed_dict=None, session=None):
        (session or HOOKS["default_session"]()).run(self, feed_dict)

    @property
    def node_def(self):
        return self.name

    def get_attr(self, name):
        return self.attrs.get(name)

    def __repr__(self):
        return f'<tf.Operation \'{self.name}\' type={self.type}>'


# ---------------------------------------------------------------- tensors

@tf_class("tensorflow.python.framework.tensor.Tensor")
@tf_export("Tensor")
class Tensor:
    """A value of some dtype and shape, the output `value_index` of an operation."""

    __slots__ = ("_op", "_index", "dtype", "_shape", "_value", "uid", "_var", "_name", "__weakref__")
    __array_priority__ = 100

    def __init__(self, op, index, dtype, shape, value=None):
        self._op = op
        self._index = index
        self.dtype = dtype.base_dtype      # a reference variable's (or Keras') dtype makes tensors of its base
        self._shape = shape            # tuple of int | None (None: unknown rank)
        self._value = value
        self.uid = next(_uids)
        self._var = None               # the Variable this tensor reads, if any
        self._name = None              # a name of its own (gradient tensors)

    # -- properties
    @property
    def op(self):
        return self._op

    @property
    def value_index(self):
        return self._index

    @property
    def shape(self) -> TensorShape:
        return TensorShape(self._shape)

    def get_shape(self):
        return self.shape

    def set_shape(self, shape):
        merged = self.shape.merge_with(shape)
        self._shape = None if merged.dims is None else tuple(merged.dims)

    @property
    def ndim(self):
        return None if self._shape is None else len(self._shape)

    @property
    def graph(self):
        return None if self._op is None else self._op.graph

    @property
    def name(self):
        if self._name is not None:
            return self._name
        if self._op is None or self._op.graph is None:
            raise AttributeError("Tensor.name is undefined when eager execution is enabled.")
        return f"{self._op.name}:{self._index}"

    @property
    def device(self):
        return devices.EAGER_DEVICE if self._op is None or self._op.graph is None else self._op.device

    def ref(self):
        return _Ref(self)

    def experimental_ref(self):
        return _Ref(self)

    __hash__ = object.__hash__      # identity, without builtins.id's audit event (the box's hook)

    # -- Python protocol on tensors
    def _disallow(self, task):
        from autograd_cli.tensorflow.failures import OperatorNotAllowedInGraphError

        raise OperatorNotAllowedInGraphError(
            f"{task} is not allowed. You can attempt the following "
            "resolutions to the problem: If you are running in Graph mode, use Eager execution mode or decorate "
            "this function with @tf.function. If you are using AutoGraph, you can try decorating this function "
            "with @tf.function. If that does not work, then you may be using an unsupported feature or your "
            "source code may not be visible to AutoGraph. See https://github.com/tensorflow/tensorflow/blob/"
            "master/tensorflow/python/autograph/g3doc/reference/limitations.md#access-to-source-code for more "
            "information.")

    def __bool__(self):
        if self._value is None or ctx.stand_ins:
            self._disallow("Using a symbolic `tf.Tensor` as a Python `bool`")
        if self._value.size != 1:
            raise ValueError("The truth value of an array with more than one element is ambiguous. "
                             "Use a.any() or a.all()")
        return bool(self._value)

    def __len__(self):
        if self._shape is None or not self._shape:
            raise TypeError("len is not well defined for a rank-0 or unknown-rank tensor")
        if self._shape[0] is None:
            raise TypeError("len is not well defined for symbolic Tensors.")
        return self._shape[0]

    def __iter__(self):
        if self._value is None and not ctx.autograph and not getattr(self.op.graph, "captures_outer", False):
            # (a TF1 graph's tensor; a tf.function's loops are AutoGraph's, kept as Python's here)
            self._disallow("Iterating over a symbolic `tf.Tensor`")
        if self._shape is None or not self._shape:
            raise TypeError("Cannot iterate over a scalar tensor.")
        if self._shape[0] is None:
            raise TypeError("Cannot iterate over a tensor with unknown first dimension.")
        return iter(HOOKS["unstack"](self, num=self._shape[0]))

    def __index__(self):
        if self._value is None or not self.dtype.is_integer:
            raise TypeError("Only integer scalar eager tensors can be used as an index")
        return int(self._value)

    def __int__(self):
        return int(self._need_value("int"))

    def __float__(self):
        return float(self._need_value("float"))

    def __complex__(self):
        return complex(self._need_value("complex"))

    def __array__(self, dtype=None, copy=None):
        value = self._need_value("a NumPy array")
        return np.asarray(value, dtype=dtype)

    def _need_value(self, what):
        if self._value is None:
            raise TypeError(f"Cannot convert a symbolic tf.Tensor ({self.name}) to {what}. This error may "
                            "indicate that you're trying to pass a Tensor to a NumPy call, which is not supported.")
        return self._value

    def numpy(self):
        if self._value is None:      # a graph tensor has no numpy method in TensorFlow 2
            raise AttributeError(f"'{type(self).__name__}' object has no attribute 'numpy'")
        value = self._value
        return value.copy() if value.ndim else value[()]

    def eval(self, feed_dict=None, session=None):
        return (session or HOOKS["default_session"]()).run(self, feed_dict)

    def consumers(self):
        if self.graph is None:
            return []
        return [op for op in self.graph._ops if any(i is self for i in op.inputs)]

    def __repr__(self):
        return printing.tensor_repr(self)

    def __str__(self):
        return printing.tensor_str(self)

    def __format__(self, spec):
        if self._value is not None:      # as TensorFlow: its NumPy value formats ("{}" of a float32 is its float)
            return format(self.numpy(), spec)
        return format(str(self), spec)

    def __reduce__(self):
        return (np.asarray, (self.numpy(),))

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self

    # -- methods TensorFlow tensors have
    @property
    def T(self):
        return HOOKS["transpose"](self)


class _Ref:
    __slots__ = ("_tensor",)

    def __init__(self, tensor):
        self._tensor = tensor

    def deref(self):
        return self._tensor

    def __hash__(self):
        return object.__hash__(self._tensor)

    def __eq__(self, other):
        return isinstance(other, _Ref) and other._tensor is self._tensor


@tf_class("tensorflow.python.framework.ops.EagerTensor")
class EagerTensor(Tensor):
    __slots__ = ()

    def numpy(self):
        return Tensor.numpy(self)

    numpy.__qualname__ = "_EagerTensorBase.numpy"    # `print(t.numpy)` names TensorFlow's class of the method

    def __getattr__(self, name):
        """`v[0].assign(x)`: a slice of a variable read eagerly assigns into the variable."""
        target = VARIABLE_SLICES.get(self.uid) if name in ("assign", "assign_add", "assign_sub") else None
        if target is None:
            # (TensorFlow's EagerTensor is a C type: its AttributeError names the module too)
            raise AttributeError(f"'{type(self).__module__}.{type(self).__name__}' object has no attribute '{name}'")
        var, key = target
        return lambda value, use_locking=None, name=None, read_value=True, kind=name: var._assign_slice(key, value,
                                                                                                       kind)


VARIABLE_SLICES: dict = {}      # eager tensor uid -> (Variable, index) while the slice lives


def remember_slice(tensor, var, key):
    VARIABLE_SLICES[tensor.uid] = (var, key)
    weakref.finalize(tensor, VARIABLE_SLICES.pop, tensor.uid, None)
    return tensor


@tf_class("tensorflow.python.framework.ops.SymbolicTensor")
class SymbolicTensor(Tensor):
    __slots__ = ()



def eager_tensor(value: np.ndarray, dtype: DType) -> EagerTensor:
    return EagerTensor(None, 0, dtype, value.shape, value)


# ---------------------------------------------------------------- conversion

def is_tensor_like(value) -> bool:
    return isinstance(value, Tensor) or hasattr(value, "_as_tensor")


def to_array(value, dtype: DType | None):
    """A Python / NumPy value as an array of `dtype` (None: TensorFlow's inference:
    Python floats float32, ints int32, NumPy arrays keep theirs)."""
    if type(value) is float and dtype is not None and dtype.is_floating:   # (`0.1 * grad`: the usual operand)
        return np.array(value, dtype=dtype.np), dtype
    if isinstance(value, Tensor):
        value = value._need_value("a constant")
    if dtype is None:
        if isinstance(value, np.ndarray) or isinstance(value, np.generic):
            array = np.asarray(value)
            if array.dtype == np.float64 and not isinstance(value, (np.ndarray, np.generic)):
                array = array.astype(np.float32)
            inferred = dtypes.of_array(array)
            if array.dtype.kind in "US" or array.dtype == object and inferred is dtypes.string:
                return _bytes_array(array), dtypes.string
            return array, inferred
        try:
            array = np.asarray(_unwrap(value))
        except ValueError:
            raise ValueError("Can't convert non-rectangular Python sequence to Tensor.") from None
        kind = array.dtype.kind
        if kind == "f":
            return array.astype(np.float32), dtypes.float32
        if kind in "iu":
            if array.size and (array.max() > 2**31 - 1 or array.min() < -2**31):
                return array.astype(np.int64), dtypes.int64
            return array.astype(np.int32), dtypes.int32
        if kind == "b":
            return array, dtypes.bool_
        if kind == "c":
            return array.astype(np.complex128), dtypes.complex128
        if kind in "USO":
            return _bytes_array(_as_objects(value, array)), dtypes.string
        raise TypeError(f"Can't convert {value!r} to a Tensor.")
    array = np.asarray(_unwrap(value))
    if dtype.is_integer and array.dtype.kind == "f":
        # a Python float never converts to an integer tensor (1.0 neither); NumPy's integral ones do
        if not isinstance(value, (np.ndarray, np.generic)) or not np.all(array == np.trunc(array)):
            raise TypeError(f"Cannot convert {_short(value)} to EagerTensor of dtype {dtype.name}")
    if dtype.is_bool and array.dtype.kind != "b":
        raise TypeError(f"Cannot convert {_short(value)} to EagerTensor of dtype bool")
    if dtype is dtypes.string:
        return _bytes_array(_as_objects(value, array), value), dtype
    return array.astype(dtype.np), dtype


def _as_objects(value, array):
    """A Python sequence of strings as an object array: NumPy's fixed-width string arrays drop
    each element's trailing NUL bytes."""
    if array.dtype.kind in "US" and not isinstance(value, (np.ndarray, np.generic)):
        return np.array(_unwrap(value), dtype=object)
    return array


def _bytes_array(array, value=None):
    """A string tensor's elements are bytes, as TensorFlow's (`.numpy()` gives b'a'); text is UTF-8.
    Anything else is TensorFlow's TypeError (`value`: what was converted)."""
    out = array.astype(object)
    for index, item in np.ndenumerate(out):
        if isinstance(item, str):
            out[index] = item.encode("utf-8")
        elif not isinstance(item, bytes):
            if ctx.eager:
                raise TypeError(f"Cannot convert {_short(value if value is not None else array)} to EagerTensor "
                                "of dtype string")
            raise TypeError(f"Expected string, but got {item!r} of type '{type(item).__name__}'.")
    return out


def _short(value):
    return repr(value) if not isinstance(value, np.ndarray) else np.array2string(value)


def _unwrap(value):
    """Lists holding eager tensors or variables -> plain values."""
    if isinstance(value, (list, tuple)):
        return [_unwrap(v) for v in value]
    if isinstance(value, Tensor):
        return value._need_value("a constant")
    if hasattr(value, "_as_tensor"):
        return _unwrap(value._as_tensor())
    return value


def _holds_tensors(value) -> bool:
    if isinstance(value, (list, tuple)):
        return any(_holds_tensors(v) for v in value)
    return is_tensor_like(value)


@tf_export("convert_to_tensor", "compat.v1.convert_to_tensor")
def convert_to_tensor(value, dtype=None, name=None, preferred_dtype=None, dtype_hint=None):
    dtype = None if dtype is None else as_dtype(dtype)
    if isinstance(value, Tensor):
        if dtype is not None and value.dtype != dtype:
            raise ValueError(f"Tensor conversion requested dtype {dtype.name} for Tensor with dtype "
                             f"{value.dtype.name}: {value!r}")
        return value
    if hasattr(value, "_as_tensor"):
        return value._as_tensor(dtype)
    if isinstance(value, (list, tuple)) and _holds_tensors(value) and not ctx.eager:
        parts = [convert_to_tensor(v, dtype) for v in value]
        return HOOKS["stack"](parts, name=name or "packed")
    hint = dtype_hint or preferred_dtype
    if dtype is None and hint is not None:
        try:
            array, kind = to_array(value, as_dtype(hint))
        except TypeError:
            array, kind = to_array(value, None)
    else:
        array, kind = to_array(value, dtype)
    return constant_tensor(array, kind, name)


def constant_tensor(array: np.ndarray, dtype: DType, name=None, op_name="Const") -> Tensor:
    if ctx.eager:
        return EagerTensor(None, 0, dtype, array.shape, array)
    graph = ctx.graph
    op = Operation("Const", graph.unique_name(name or op_name), [], Recipe("fn", _lower_const, {"value": array}),
                   graph, user_pos())
    op.attrs["value"] = array
    return _add_op(graph, op, [(dtype, tuple(array.shape))])[0]


def _lower_const(L, value):
    return L.g.const(engine_array(value))


def _add_op(graph, op, outputs):
    if _ControlDependencies.stack:
        for group in _ControlDependencies.stack:
            op.control_inputs.extend(group)
    graph._ops.append(op)
    graph.version += 1
    if graph._device_function is not None:
        op.device = str(graph._device_function(op) or "")     # (as the function says it, unparsed)
    elif graph._device is not devices.NOWHERE:
        op.device = devices.text(graph._device)
    op.outputs = [SymbolicTensor(op, k, dt, shape) for k, (dt, shape) in enumerate(outputs)]
    if ctx.gradient_overrides:
        for mapping in reversed(ctx.gradient_overrides):
            if op.type in mapping:
                op.grad_override = mapping[op.type]
                HOOKS["override_gradient"](op)
                break
    return op.outputs


# ---------------------------------------------------------------- making ops

class Output:
    """What an op makes: a dtype and (graph mode) how its static shape is found."""


def make_op(op_type, recipe, inputs, out_dtypes, name=None, eager_fn=None):
    """Apply an op to tensors (already converted, dtypes checked). `eager_fn(*arrays)`
    computes it on NumPy arrays where given (else the recipe runs on a small engine
    graph). Returns the list of output tensors."""
    if ctx.eager:
        arrays = [t._value for t in inputs]
        if eager_fn is not None:
            values = eager_fn(*arrays)
        else:
            values = run_recipe(recipe, arrays, [t.dtype for t in inputs], out_dtypes, op_type)
        if not isinstance(values, (list, tuple)):
            values = [values]
        outputs = []
        for value, dt in zip(values, out_dtypes):
            value = np.asarray(value)
            if value.dtype != dt.np:
                value = value.astype(dt.np)
            outputs.append(EagerTensor(None, 0, dt, value.shape, value))
        if ctx.tapes:
            record_on_tapes(op_type, recipe, inputs, outputs)
        return outputs
    graph = ctx.graph
    for t in inputs:
        if t.graph is not None and t.graph is not graph and not graph.captures_outer:
            raise ValueError(f"Tensor {t.name} must be from the same graph as the other inputs of {op_type}.")
    op_name = graph.unique_name(name or op_type)
    op = Operation(op_type, op_name, list(inputs), recipe, graph, user_pos())
    shapes = static_shapes(op, inputs, out_dtypes)
    return _add_op(graph, op, list(zip(out_dtypes, shapes)))


def record_on_tapes(op_type, recipe, inputs, outputs):
    op = None
    for tape in ctx.tapes:
        if not tape._recording:
            continue
        tracked = tape._tracked
        seen = False
        for t in inputs:
            if t._var is not None and tape._reads(t):     # every variable read is seen, not only the first
                seen = True
            elif t.uid in tracked:
                seen = True
        if not seen:
            continue
        if op is None:
            op = Operation(op_type, op_type, list(inputs), recipe, None, user_pos() if tape._lines else 0)
            op.outputs = outputs
            for k, out in enumerate(outputs):
                out._op, out._index = op, k
        tape._ops.append(op)
        for out in outputs:
            tracked.add(out.uid)




def static_shapes(op, inputs, out_dtypes):
    """Output shapes of a graph op, `None` where they depend on a size fed later:
    the recipe is lowered on stand-in leaves (unknown sizes = STAND_IN)."""
    shapes = [t._shape for t in inputs]
    if any(s is None for s in shapes):
        return [None] * len(out_dtypes)
    stand = [tuple(STAND_IN if d is None else d for d in s) for s in shapes]
    recipe = op.recipe
    try:
        if recipe.kind == "row":
            result = [row_shape(recipe.target, stand, dict(recipe.params))]
        else:
            L = Lowering()
            L.g.max_elements = float("inf")
            L.g.max_memory = float("inf")
            L.g.max_nodes = float("inf")
            nodes = []
            for t, s in zip(inputs, stand):
                const = _const_value(t)
                if const is not None:
                    nodes.append(L.g.const(engine_array(const)))
                else:
                    leaf = L.g.apply("placeholder", value=np.broadcast_to(np.float64(0.0), s))
                    nodes.append(L.g.to_float(leaf) if False else leaf)
            out = recipe.lower(L, nodes)
            outs = out if isinstance(out, (list, tuple)) else [out]
            result = [None if o is None or not hasattr(o, "shape") else o.shape for o in outs]
    except (ShapeError, AgError, ValueError) as exc:
        found = shape_with_unknown_sizes(recipe, shapes)
        if found is None:
            raise shape_value_error(op, inputs, exc) from None
        return [found] + [None] * (len(out_dtypes) - 1)
    if len(result) < len(out_dtypes):
        result += [None] * (len(out_dtypes) - len(result))
    unknown = any(STAND_IN in s for s in stand)
    return [None if r is None else tuple(None if unknown and (d % STAND_IN == 0 and d) else d for d in r)
            for r in result]


def _const_value(t):
    """The value of a Const tensor (static arguments stay exact: axes, shapes)."""
    op = t._op
    if op is not None and op.type == "Const" and "value" in op.attrs:
        return op.attrs["value"]
    return None


def shape_value_error(op, inputs, exc):
    shapes = ", ".join("[" + ",".join("?" if d is None else str(d) for d in (t._shape or ())) + "]" for t in inputs)
    names = ", ".join(t._op.name if t._op is not None else "?" for t in inputs)
    message = _mismatch(inputs) or (exc.message if isinstance(exc, AgError) else str(exc))
    attrs = ", incompatible_shape_error=true" if op.type in ("Equal", "NotEqual") else ""    # (their attr)
    return ValueError(f"{message} for '{{{{node {op.name}}}}} = {op.type}[T=DT_{_dt(inputs)}{attrs}]({names})' with "
                      f"input shapes: {shapes}.")


def _dt(inputs):
    return (inputs[0].dtype.name.upper().replace("FLOAT32", "FLOAT").replace("FLOAT64", "DOUBLE")
            if inputs else "FLOAT")


def _mismatch(inputs):
    """TensorFlow's wording for two shapes that do not broadcast."""
    if len(inputs) != 2 or inputs[0]._shape is None or inputs[1]._shape is None:
        return None
    a, b = inputs[0]._shape, inputs[1]._shape
    for da, db in zip(reversed(a), reversed(b)):
        if da is not None and db is not None and da != db and da != 1 and db != 1:
            return f"Dimensions must be equal, but are {da} and {db}"
    return None


def run_recipe(recipe, arrays, in_dtypes, out_dtypes, op_type):
    """An op computed eagerly through its recipe, on a small engine graph."""
    from autograd_cli.evaluate import run_plain, needed

    if any(a.dtype == object for a in arrays) and all(d is dtypes.string for d in out_dtypes):
        return _run_moving_strings(recipe, arrays, in_dtypes, out_dtypes, op_type)
    if any(a.dtype.kind == "c" for a in arrays):
        raise NotImplementedError(f"{op_type} of complex tensors is not supported here (complex tensors are held and "
                                  "printed; few ops compute with them)")
    L = Lowering()
    g = L.g
    g.pos = user_pos()
    nodes = []
    for a, dt in zip(arrays, in_dtypes):
        nodes.append(g.const(np.asarray(a, dtype=np.float64)) if a.dtype != object else None)
    g.float32 = any(d is dtypes.float32 for d in out_dtypes)
    try:
        out = recipe.lower(L, nodes)
    except (ShapeError, AgError) as exc:
        raise InvalidArgumentError(None, None, kernel_message(
            op_type, _kernel_text(exc.message if isinstance(exc, AgError) else str(exc)), named=False)) from None
    outs = out if isinstance(out, (list, tuple)) else [out]
    order = needed([o for o in outs if isinstance(o, object) and hasattr(o, "id")])
    try:
        values = run_plain(order)
    except MemoryError:         # (the engine's OutOfMemory, as tape.gradient lets it through)
        raise
    except AgError as exc:
        raise InvalidArgumentError(None, None, kernel_message(op_type, _kernel_text(exc.message), named=False)) from None
    return [values[o.id] for o in outs]


def _kernel_text(text: str) -> str:
    """An engine error as the kernel words it: `gather: indices[1] = 7 ...` names no function in TF."""
    rest = text.split(": ", 1)[-1]
    return rest if rest.startswith("indices[") else text


def _run_moving_strings(recipe, arrays, in_dtypes, out_dtypes, op_type):
    """A string op that only moves elements (gather, reshape, slicing, concat, tile, ...): the
    engine computes in numbers, so it moves each string's position in a pool of all the
    inputs' strings instead, and the strings are taken back from the pool."""
    pool, positions = [], []
    for a in arrays:
        if a.dtype == object:
            positions.append(np.arange(len(pool), len(pool) + a.size, dtype=np.float64).reshape(a.shape))
            pool.extend(a.ravel().tolist())
        else:
            positions.append(a)
    moved = run_recipe(recipe, positions, [dtypes.float64 if a.dtype == object else d
                                           for a, d in zip(arrays, in_dtypes)],
                       [dtypes.float64] * len(out_dtypes), op_type)
    table = np.empty(len(pool), dtype=object)
    table[:] = pool
    return [table[np.asarray(v).astype(np.int64)] for v in moved]
