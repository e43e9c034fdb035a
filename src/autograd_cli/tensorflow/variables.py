"""tf.Variable: state. Eagerly a NumPy value updated in place of the old one; in a
graph an op whose value lives in each Session (initialized by its initializer)."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.lowering import VARIABLES
from autograd_cli.tensorflow.core import (HOOKS, EagerTensor, Operation, Tensor, _add_op, convert_to_tensor, ctx,
                                          make_op, remember_slice, to_array, user_pos)
from autograd_cli.tensorflow.dtype import as_dtype
from autograd_cli.tensorflow.devices import EAGER_DEVICE
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.lowering import Recipe
from autograd_cli.tensorflow.operators import OPERATORS
from autograd_cli.tensorflow.tracing import outermost_context, tracing_function, value_now

@tf_class("tensorflow.python.framework.ops.GraphKeys")
@tf_export("compat.v1.GraphKeys", "GraphKeys")
class GraphKeys:
    """The graph collections' names: TensorFlow's, the only spelling of them here."""
    GLOBAL_VARIABLES = "variables"
    VARIABLES = "variables"
    TRAINABLE_VARIABLES = "trainable_variables"
    LOCAL_VARIABLES = "local_variables"
    MODEL_VARIABLES = "model_variables"
    GLOBAL_STEP = "global_step"
    LOSSES = "losses"
    REGULARIZATION_LOSSES = "regularization_losses"
    UPDATE_OPS = "update_ops"
    SUMMARIES = "summaries"
    TRAIN_OP = "train_op"
    MOVING_AVERAGE_VARIABLES = "moving_average_variables"
    METRIC_VARIABLES = "metric_variables"
    QUEUE_RUNNERS = "queue_runners"


def _lower_read(L, var_uid):
    return L.variable_leaf(var_uid)


def _lower_assign(L, value, var_uid, kind):
    node = L.assign(var_uid, value, kind)
    return node


@tf_class("tensorflow.python.ops.variables.Variable")
@tf_export("Variable", "compat.v1.Variable", builtin="variable")
class Variable:
    _eager_names: dict = {}
    __array_priority__ = 100      # `ndarray @ v` calls v.__rmatmul__ (a recorded op), as with a tensor

    def __new__(cls, *args, **kwargs):
        """tf.Variable(...) makes TensorFlow's kind: a ResourceVariable, or a RefVariable in a
        TF1 graph (after disable_v2_behavior)."""
        if cls is Variable:
            resource = kwargs.get("use_resource", args[13] if len(args) > 13 else None)
            cls = RefVariable if ctx.v1 and not ctx.eager and not resource else ResourceVariable
        return object.__new__(cls)

    def __init__(self, initial_value=None, trainable=None, validate_shape=True, caching_device=None, name=None,
                 variable_def=None, dtype=None, import_scope=None, constraint=None, synchronization=None,
                 aggregation=None, shape=None, collections=None, use_resource=None, experimental_enable_variable_lifting=None):
        from autograd_cli.tensorflow.core import _uids

        if initial_value is None:
            raise ValueError("The initial value must be specified.")
        if tracing_function() is not None:        # made while a tf.function is traced: made eagerly
            tracing_function().created_variables += 1
            if isinstance(initial_value, Tensor) and initial_value._value is None:
                initial_value = value_now(initial_value)
            with outermost_context():
                Variable.__init__(self, initial_value, trainable, validate_shape, caching_device, name, variable_def, dtype,
                              import_scope, constraint, synchronization, aggregation, shape, collections,
                              use_resource, experimental_enable_variable_lifting)
            return
        if callable(initial_value) and not isinstance(initial_value, (Tensor, Variable)):
            initial_value = initial_value()
        self.uid = next(_uids)
        VARIABLES[self.uid] = self
        self.trainable = True if trainable is None else bool(trainable)
        self.constraint = constraint
        self._collections = collections
        kind = None if dtype is None else as_dtype(dtype)
        base = (name or "Variable").rstrip("/")
        if ctx.eager:
            if isinstance(initial_value, Variable):
                initial_value = initial_value._value
            if isinstance(initial_value, Tensor):
                value = initial_value._need_value("a variable's initial value")
                if kind is not None and value.dtype != kind.np:
                    value = value.astype(kind.np)
                kind = kind or initial_value.dtype
            else:
                value, kind = to_array(initial_value, kind)
            self._dtype = kind
            self._value = np.array(value, dtype=kind.np)
            self._shape = tuple(self._value.shape) if shape is None else _shape_of(shape, self._value.shape)
            scope = "/".join(_EAGER_SCOPE)
            self._name = f"{scope}/{base}" if scope else base
            self._graph = None
            self._read_tensor = None
            self._initializer = None
            self._initial = None
            return
        # (TensorFlow makes a variable's ops under init_scope: outside any control_dependencies)
        from autograd_cli.tensorflow.core import _ControlDependencies

        saved_dependencies, _ControlDependencies.stack = _ControlDependencies.stack, []
        try:
            self._init_graph(initial_value, kind, base, shape, collections)
        finally:
            _ControlDependencies.stack = saved_dependencies

    def _init_graph(self, initial_value, kind, base, shape, collections):
        graph = ctx.graph
        self._graph = graph
        self._value = None
        op_name = graph.unique_name(base)
        self._name = op_name
        initial = initial_value._as_tensor() if isinstance(initial_value, Variable) else initial_value
        if isinstance(initial, Tensor):
            initial = convert_to_tensor(initial)
            if kind is not None and initial.dtype != kind:
                from autograd_cli.tensorflow.math_ops import cast

                initial = cast(initial, kind)
        else:
            from autograd_cli.tensorflow.core import constant_tensor

            array, kind2 = to_array(initial, kind)
            saved = graph._scope
            graph._scope = op_name.split("/")
            initial = constant_tensor(array, kind2, "initial_value")
            graph._scope = saved
        self._dtype = initial.dtype
        self._initial = initial
        self._shape = initial._shape if shape is None else _shape_of(shape, initial._shape)
        op = Operation("VariableV2", op_name, [], Recipe("fn", _lower_read, {"var_uid": self.uid}), graph, user_pos())
        op.attrs["variable"] = self
        self._var_op = op
        _add_op(graph, op, [(self._dtype, self._shape)])
        op.outputs[0]._var = self
        self._ref_tensor = op.outputs[0]
        saved = graph._scope
        graph._scope = op_name.split("/")
        read = Operation("Identity", graph.unique_name("read"), [op.outputs[0]], Recipe("row", "identity"), graph,
                         user_pos())
        self._read_tensor = _add_op(graph, read, [(self._dtype, self._shape)])[0]
        self._read_tensor._var = self
        assign = Operation("Assign", graph.unique_name("Assign"), [initial],
                           Recipe("fn", _lower_assign, {"var_uid": self.uid, "kind": "assign"}), graph, user_pos())
        _add_op(graph, assign, [(self._dtype, self._shape)])
        graph._scope = saved
        self._initializer = assign
        for key in (collections or ([GraphKeys.GLOBAL_VARIABLES] + ([GraphKeys.TRAINABLE_VARIABLES] if self.trainable else []))):
            graph.add_to_collection(key, self)
        graph._variables.append(self)

    # -- identity
    @property
    def dtype(self):
        return self._dtype

    @property
    def name(self):
        return f"{self._name}:0"

    @property
    def shape(self):
        from autograd_cli.tensorflow.shape import TensorShape

        return TensorShape(self._shape)

    def get_shape(self):
        return self.shape

    @property
    def op(self):
        return self._var_op if self._graph is not None else None

    @property
    def graph(self):
        return self._graph

    @property
    def device(self):
        return self._var_op.device if self._graph is not None else EAGER_DEVICE

    @property
    def initializer(self):
        return self._initializer

    @property
    def initial_value(self):
        return self._initial

    def initialized_value(self):
        return self._as_tensor()

    @property
    def ndim(self):
        return len(self._shape)

    def ref(self):
        from autograd_cli.tensorflow.core import _Ref

        return _Ref(self)

    experimental_ref = ref

    __hash__ = object.__hash__      # identity, without builtins.id's audit event (the box's hook)

    # -- reading
    def _as_tensor(self, dtype=None):
        for watched in ctx.variable_watchers:
            watched[self.uid] = self
        if self._graph is None and not ctx.eager:
            function = tracing_function()
            if function is not None:
                return function.read_variable(self)
        if dtype is not None and as_dtype(dtype).base_dtype != self._dtype:
            raise ValueError(f"Incompatible type conversion requested to type '{as_dtype(dtype).name}' for "
                             f"variable of type '{self._dtype.name}'")
        if self._graph is None:
            t = EagerTensor(None, 0, self._dtype, self._value.shape, self._value)
            t._var = self
            return t
        return self._read_tensor

    def value(self):
        return self._as_tensor()

    def read_value(self):
        return self._as_tensor()

    def numpy(self):
        if self._graph is not None:
            raise NotImplementedError("numpy() is only available when eager execution is enabled.")
        return self._value.copy() if self._value.ndim else self._value[()]

    numpy.__qualname__ = "BaseResourceVariable.numpy"    # `print(v.numpy)` names TensorFlow's class of the method

    def eval(self, session=None):
        return (session or HOOKS["default_session"]()).run(self)

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self._as_tensor().__array__(), dtype=dtype)

    def __float__(self):
        return float(self._as_tensor())

    def __int__(self):
        return int(self._as_tensor())

    def __bool__(self):
        return bool(self._as_tensor())

    def __len__(self):
        return len(self._as_tensor())

    def __iter__(self):
        return iter(self._as_tensor())

    def __getitem__(self, key):
        part = self._as_tensor()[key]
        return remember_slice(part, self, key) if isinstance(part, EagerTensor) else part

    def _assign_slice(self, key, value, kind):
        """`v[key].assign(x)` (and assign_add / assign_sub), eagerly: the variable with that part replaced."""
        part = np.asarray(convert_to_tensor(value, self._dtype)._value)
        new = self._value.copy()
        new[key] = part if kind == "assign" else new[key] + part if kind == "assign_add" else new[key] - part
        return self._assign(EagerTensor(None, 0, self._dtype, new.shape, new), "assign", None)

    def __format__(self, spec):
        """As TensorFlow's: "{}" is str(v); a format spec is a TypeError (format v.numpy())."""
        if not spec:
            return str(self)
        raise TypeError(f"unsupported format string passed to {type(self).__name__}.__format__")

    @property
    def T(self):
        return self._as_tensor().T

    # -- writing
    def _write_value(self, value, kind):
        value = convert_to_tensor(value, self._dtype) if not isinstance(value, Tensor) else value
        if value.dtype != self._dtype:
            raise TypeError(f"Input 'value' of 'Assign' Op has type {value.dtype.name} that does not match type "
                            f"{self._dtype.name} of argument 'ref'.")
        return value

    def _assign(self, value, kind, name, read_value=True, op_type=None):
        if isinstance(value, Variable):
            value = value._as_tensor()
        if value is None:
            raise ValueError(f"Cannot {kind} a variable with None (a gradient that is None?)")
        function = tracing_function() if self._graph is None and not ctx.eager else None
        if function is not None:           # inside a tf.function: the new value, written back after each call
            new = self._write_value(value, kind)
            if kind != "assign":
                from autograd_cli.tensorflow.math_ops import add, subtract

                new = (add if kind == "assign_add" else subtract)(function.read_variable(self), new)
            function.write_variable(self, new)
            return new
        if self._graph is None:
            value = self._write_value(value, kind)
            array = value._value
            if kind == "assign_add":
                array = self._value + array
            elif kind == "assign_sub":
                array = self._value - array
            if array.shape != self._value.shape:
                if kind == "assign":
                    raise ValueError(f"Cannot assign value to variable ' {self.name}': Shape mismatch.The variable "
                                     f"shape {tuple(self._value.shape)}, and the assigned value shape "
                                     f"{tuple(array.shape)} are incompatible.")
                from autograd_cli.tensorflow.failures import InvalidArgumentError

                raise InvalidArgumentError(None, None, "Cannot update variable with shape "
                                           f"{list(self._value.shape)} using a Tensor with shape "
                                           f"{list(value._value.shape)}, shapes must be equal.")
            self._value = np.array(array, dtype=self._dtype.np)
            if self.constraint is not None and kind == "assign":
                pass
            return _unread(self) if type(self) is ResourceVariable and read_value else self
        value = self._write_value(value, kind)
        op_type = op_type or {"assign": "Assign", "assign_add": "AssignAdd", "assign_sub": "AssignSub"}[kind]
        out = make_op(op_type, Recipe("fn", _lower_assign, {"var_uid": self.uid, "kind": kind}), [value],
                      [self._dtype], name or op_type)[0]
        if isinstance(self, RefVariable):       # a reference variable's assign gives the reference (float32_ref)
            out._op.attrs["ref_output"] = True
        return out

    def assign(self, value, use_locking=None, name=None, read_value=True):
        return self._assign(value, "assign", name, read_value)

    def assign_add(self, delta, use_locking=None, name=None, read_value=True):
        return self._assign(delta, "assign_add", name, read_value)

    def assign_sub(self, delta, use_locking=None, name=None, read_value=True):
        return self._assign(delta, "assign_sub", name, read_value)

    def load(self, value, session=None):
        (session or HOOKS["default_session"]())._values[self.uid] = np.asarray(value, dtype=self._dtype.np)

    def __repr__(self):
        from autograd_cli.tensorflow import printing

        return printing.variable_repr(self, with_value=self._graph is None and ctx.eager)

    __str__ = __repr__

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (np.asarray, (self.numpy(),))


@tf_class("tensorflow.python.ops.resource_variable_ops.ResourceVariable")
class ResourceVariable(Variable):
    _gather_op = "ResourceGather"        # tf.gather's op for it in a TF1 graph


@tf_class("tensorflow.python.ops.ref_variable.RefVariable")
class RefVariable(Variable):
    @property
    def dtype(self):
        """TF1 graphs' reference variables say `<dtype: 'float32_ref'>` (their value() is float32)."""
        return self._dtype._as_ref if self._graph is not None else self._dtype


@tf_export("is_tensor", "debugging.is_tensor")
def is_tensor(x):
    return isinstance(x, (Tensor, Variable))


for _name, _fn in OPERATORS.items():
    if _name not in ("__eq__", "__ne__"):
        setattr(Variable, _name, (lambda fn: lambda self, *other: fn(self._as_tensor(), *other))(_fn))


@tf_class("tensorflow.python.ops.resource_variable_ops._UnreadVariable")
class _UnreadVariable(ResourceVariable):
    """What an eager assign returns, as TensorFlow's: the same variable (its state is shared),
    named 'UnreadVariable' where it prints."""

    @property
    def name(self):
        return "UnreadVariable"


def _unread(var):
    unread = object.__new__(_UnreadVariable)
    unread.__dict__ = var.__dict__        # one state: later assigns show through either
    return unread


def _variable_eq(self, other):
    """TF2 eagerly: elementwise, as a tensor's `==` (False where the shapes do not match);
    in graphs and TF1 code: identity."""
    from autograd_cli.tensorflow.operators import _eq, eager_outside_functions

    if ctx.v1 or not eager_outside_functions() or type(self) not in _ELEMENTWISE_EQ:   # (Keras': identity)
        return self is other
    return _eq(self._as_tensor(), other)


def _variable_ne(self, other):
    from autograd_cli.tensorflow.operators import _ne, eager_outside_functions

    if ctx.v1 or not eager_outside_functions() or type(self) not in _ELEMENTWISE_EQ:
        return self is not other
    return _ne(self._as_tensor(), other)


Variable.__eq__ = _variable_eq
Variable.__ne__ = _variable_ne
_ELEMENTWISE_EQ = (ResourceVariable, _UnreadVariable)
Variable.__hash__ = lambda self: id(self)
# TensorFlow defines these on BaseResourceVariable, and Python's own messages name it
# (`BaseResourceVariable.assign() missing 1 required positional argument: 'value'`)
for _name in ("assign", "assign_add", "assign_sub"):
    getattr(Variable, _name).__qualname__ = f"BaseResourceVariable.{_name}"

_EAGER_SCOPE: list = []


def _shape_of(shape, default):
    from autograd_cli.tensorflow.shape import TensorShape

    dims = TensorShape(shape).dims
    return tuple(default) if dims is None else tuple(dims)


def all_variables(graph=None):
    graph = graph or ctx.graph
    return list(graph._variables)


@tf_export("compat.v1.assign", "assign", builtin="assign")
def assign(ref, value, validate_shape=None, use_locking=None, name=None):
    return ref.assign(value, name=name)


@tf_export("compat.v1.assign_add", "assign_add", builtin="assign_add")
def assign_add(ref, value, use_locking=None, name=None):
    return ref.assign_add(value, name=name)


@tf_export("compat.v1.assign_sub", "assign_sub", builtin="assign_sub")
def assign_sub(ref, value, use_locking=None, name=None):
    return ref.assign_sub(value, name=name)


@tf_export("compat.v1.global_variables", "global_variables")
def global_variables(scope=None):
    return [v for v in ctx.graph.get_collection(GraphKeys.GLOBAL_VARIABLES) if scope is None or v._name.startswith(scope)]


@tf_export("compat.v1.trainable_variables", "trainable_variables")
def trainable_variables(scope=None):
    return [v for v in ctx.graph.get_collection(GraphKeys.TRAINABLE_VARIABLES) if scope is None or v._name.startswith(scope)]


@tf_export("compat.v1.local_variables", "local_variables")
def local_variables(scope=None):
    return ctx.graph.get_collection(GraphKeys.LOCAL_VARIABLES)


@tf_export("compat.v1.model_variables", "model_variables")
def model_variables(scope=None):
    return []


@tf_export("compat.v1.variables_initializer", "variables_initializer")
def variables_initializer(var_list, name="init"):
    from autograd_cli.tensorflow.control import group

    if ctx.eager:
        return None
    return group(*[v.initializer for v in var_list], name=name)


@tf_export("compat.v1.global_variables_initializer", "global_variables_initializer",
           "compat.v1.initialize_all_variables", "initialize_all_variables")
def global_variables_initializer():
    return variables_initializer(global_variables())


@tf_export("compat.v1.local_variables_initializer", "local_variables_initializer")
def local_variables_initializer():
    return variables_initializer(local_variables(), name="init_1")


@tf_export("compat.v1.is_variable_initialized", "is_variable_initialized")
def is_variable_initialized(variable):
    from autograd_cli.tensorflow.core import constant_tensor

    return constant_tensor(np.array(True), dtypes.bool_)
