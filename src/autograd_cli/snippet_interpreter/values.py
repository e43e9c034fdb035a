"""The values a TensorFlow snippet computes with (build/snippet.py runs the snippet,
build/snippet_lib.py is its library): tensors, variables, ops, sessions, tapes,
optimizers, Keras objects, TensorFlow's names, and small shared helpers."""
from __future__ import annotations

import operator
import numpy as np

from autograd_cli.support.errors import AgError
from autograd_cli.evaluate.reference import ERRORS
from autograd_cli.core.graph import NoGradient
from autograd_cli.snippet_interpreter import syntax as S
from autograd_cli.support.records import Record

MAX_SEQUENCE = 10_000_000    # items of a Python list/range/string a snippet may make
ASSIGN_OPS = ("assign", "assign_add", "assign_sub")


class DType:
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"tf.{self.name}"

    def __str__(self):
        return f"<dtype: '{self.name}'>"


DTYPES = {n: DType(n) for n in ("float32", "float64", "float16", "int32", "int64", "bool", "string",
                                "int8", "int16", "uint8", "bfloat16")}
NP_DTYPES = {"float32": np.float32, "float64": np.float64, "float16": np.float16, "int32": np.int32,
             "int64": np.int64, "bool": np.bool_, "int8": np.int8, "int16": np.int16,
             "uint8": np.uint8, "bfloat16": np.float32}


class Tensor:
    """A graph node seen from the snippet: its TensorFlow name and dtype."""
    __slots__ = ("node", "dtype", "name", "eager", "keras_softmax")

    def __init__(self, node, dtype, name, eager):
        self.node, self.dtype, self.name, self.eager = node, dtype, name, eager
        self.keras_softmax = False

    @property
    def shape(self):
        return self.node.shape


class Variable:
    __slots__ = ("node", "dtype", "name", "trainable", "eager", "initial")

    def __init__(self, node, dtype, name, trainable, eager):
        self.node, self.dtype, self.name, self.trainable, self.eager = node, dtype, name, trainable, eager
        self.initial = node.params["value"]

    @property
    def shape(self):
        return self.node.shape


class Operation:
    """A TensorFlow op run for its effect: train ops, initializers, groups (sess.run gives None)."""
    __slots__ = ("name", "nodes", "init_vars", "type")

    def __init__(self, name, nodes=(), init_vars=(), type_="NoOp"):
        self.name, self.nodes, self.init_vars, self.type = name, list(nodes), list(init_vars), type_


class Module:
    __slots__ = ("path",)

    def __init__(self, path):
        self.path = path

    def __repr__(self):
        return f"<module '{self.path}'>"


class Fn:
    """A library or Python built-in function: impl(interp, args, kwargs, site)."""
    __slots__ = ("name", "impl")

    def __init__(self, name, impl):
        self.name, self.impl = name, impl

    def __repr__(self):
        return f"<function {self.name}>"


class BoundMethod:
    __slots__ = ("obj", "name", "impl")

    def __init__(self, obj, name, impl):
        self.obj, self.name, self.impl = obj, name, impl


class UserFunction:
    __slots__ = ("name", "params", "body", "closure", "is_lambda")

    def __init__(self, name, params, body, closure, is_lambda=False):
        self.name, self.params, self.body, self.closure, self.is_lambda = name, params, body, closure, is_lambda


class Session:
    def __init__(self, interp, interactive=False):
        self.interp = interp
        self.state: dict = {}        # variable node id -> value
        self.closed = False
        self.interactive = interactive


class Tape:
    def __init__(self, persistent, watch_accessed):
        self.persistent = persistent
        self.watch_accessed = watch_accessed
        self.start = None
        self.stop = None
        self.watched: set = set()
        self.used = False
        self.recording = False


class Dense:
    def __init__(self, units, activation, use_bias, kernel_init, bias_init, name, input_dim):
        self.units, self.activation, self.use_bias = units, activation, use_bias
        self.kernel_init, self.bias_init, self.name = kernel_init, bias_init, name
        self.input_dim = input_dim
        self.kernel = self.bias = None


class Sequential:
    def __init__(self, layers, name):
        self.layers, self.name = list(layers), name


class KerasLoss:
    def __init__(self, kind, from_logits, name):
        self.kind, self.from_logits, self.name = kind, from_logits, name


class Optimizer:
    def __init__(self, kind, lr, params, keras=False):
        self.kind, self.lr, self.params, self.keras = kind, lr, params, keras
        self.slots: dict = {}       # (slot name, var id) -> Variable
        self.extra: dict = {}       # beta powers / iterations
        self.name = {"sgd": "GradientDescent", "momentum": "Momentum", "adam": "Adam"}[kind]


NO_DEFAULT = object()


class _Break(Exception):
    pass


class _Continue(Exception):
    pass


class _Return(Exception):
    def __init__(self, value):
        self.value = value


def _is_none(v):
    return v is None or isinstance(v, NoGradient)


# TensorFlow's op type names (graph tensors print as <tf.Tensor 'Mul_1:0' ...>)
TF_TYPES = {"add": "Add", "subtract": "Sub", "multiply": "Mul", "divide": "RealDiv", "pow": "Pow",
            "matmul": "MatMul", "reduce_sum": "Sum", "reduce_mean": "Mean", "reduce_max": "Max",
            "reduce_min": "Min", "reduce_prod": "Prod", "reduce_logsumexp": "ReduceLogSumExp",
            "stop_gradient": "StopGradient", "negative": "Neg", "constant": "Const", "where": "Select",
            "transpose": "transpose", "concat": "concat", "stack": "stack", "one_hot": "one_hot",
            "argmax": "ArgMax", "softmax": "Softmax", "log_softmax": "LogSoftmax", "zeros": "zeros",
            "ones": "ones", "shape": "Shape", "size": "Size", "reshape": "Reshape", "assign": "Assign",
            "assign_add": "AssignAdd", "assign_sub": "AssignSub", "squeeze": "Squeeze",
            "expand_dims": "ExpandDims", "categorical_crossentropy": "categorical_crossentropy",
            "mean_squared_error": "mean_squared_error", "sigmoid": "Sigmoid", "relu": "Relu"}
OPERATOR_NAMES = {"+": "add", "-": "sub", "*": "mul", "/": "truediv", "**": "pow", "@": "matmul",
                  "//": "floordiv", "%": "mod"}
OPERATOR_BUILTINS = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "**": "pow",
                     "@": "matmul", "//": "floordiv", "%": "floormod"}
COMPARE_OPS = {"<": "less", "<=": "less_equal", ">": "greater", ">=": "greater_equal",
               "==": "equal", "!=": "not_equal"}
PY_COMPARE = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
              "==": operator.eq, "!=": operator.ne}
PY_BINARY = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
             "//": operator.floordiv, "%": operator.mod, "**": operator.pow, "@": operator.matmul}

# TensorFlow spellings of the built-ins (tf.X, tf.math.X, tf.nn.X, K.X ...)
TF_ALIASES = {"div": "divide", "truediv": "divide", "mul": "multiply", "sub": "subtract",
              "divide_no_nan": "div_no_nan", "multiply_no_nan": "mul_no_nan", "neg": "negative",
              "inv": "matrix_inverse", "det": "matrix_determinant", "random_normal": "random_normal",
              "mod": "floormod", "silu": "swish", "softmax_cross_entropy_with_logits_v2":
              "softmax_cross_entropy_with_logits"}
K_ALIASES = {"sum": "reduce_sum", "mean": "reduce_mean", "max": "reduce_max", "min": "reduce_min",
             "prod": "reduce_prod", "dot": "matmul", "pow": "pow", "logsumexp": "reduce_logsumexp",
             "clip": "clip_by_value"}
K_AXIS = {"reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod", "reduce_logsumexp"}
SUBMODULES = {
    "tf.nn": "tf.nn", "tf.math": "tf.math", "tf.linalg": "tf.linalg", "tf.train": "tf.train",
    "tf.random": "tf.random", "tf.compat": "tf.compat", "tf.compat.v1": "tf", "tf.compat.v2": "tf",
    "tf.keras": "keras", "tf.losses": "tf.losses", "tf.initializers": "keras.initializers",
    "tf.compat.v1.train": "tf.train", "tf.compat.v1.nn": "tf.nn", "tf.compat.v1.losses": "tf.losses",
    "tf.compat.v1.keras": "keras", "tf.compat.v1.math": "tf.math",
    "keras.layers": "keras.layers", "keras.models": "keras.models", "keras.losses": "keras.losses",
    "keras.optimizers": "keras.optimizers", "keras.backend": "K", "keras.activations": "keras.activations",
    "keras.initializers": "keras.initializers", "np.random": "np.random", "np.linalg": "np.linalg",
    "tf.keras.layers": "keras.layers",
}
IMPORTABLE = {
    "tensorflow": "tf", "tensorflow.compat.v1": "tf", "tensorflow.compat": "tf.compat",
    "tensorflow.keras": "keras", "keras": "keras", "tensorflow.keras.backend": "K", "keras.backend": "K",
    "tensorflow.keras.layers": "keras.layers", "keras.layers": "keras.layers",
    "tensorflow.keras.models": "keras.models", "keras.models": "keras.models",
    "tensorflow.keras.losses": "keras.losses", "keras.losses": "keras.losses",
    "tensorflow.keras.optimizers": "keras.optimizers", "keras.optimizers": "keras.optimizers",
    "tensorflow.keras.activations": "keras.activations", "keras.activations": "keras.activations",
    "tensorflow.keras.initializers": "keras.initializers", "keras.initializers": "keras.initializers",
    "numpy": "np", "numpy.random": "np.random", "tensorflow.nn": "tf.nn", "tensorflow.math": "tf.math",
    "tensorflow.train": "tf.train", "tensorflow.linalg": "tf.linalg",
}
GRAPH_MARKERS = {"Session", "InteractiveSession", "placeholder", "gradients", "global_variables_initializer",
                 "initialize_all_variables", "disable_eager_execution", "disable_v2_behavior",
                 "GradientDescentOptimizer", "MomentumOptimizer", "AdamOptimizer", "get_session"}


def _uses_graph_mode(tree) -> bool:
    """TF 1.x graph code (sessions, placeholders, tf.gradients) or TF 2 eager code."""
    stack = list(tree.statements)
    while stack:
        item = stack.pop()
        if isinstance(item, S.Attr) and item.attr in GRAPH_MARKERS:
            return True
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, tuple):
            stack.extend(item)
        elif hasattr(item, "_fields"):
            for name in item._fields:
                value = getattr(item, name, None)
                if isinstance(value, (list, tuple)) or hasattr(value, "_fields"):
                    stack.append(value)
    return False


class _NameScope:
    pass


class _Site(Record):
    """Where a built-in call made by an operator or method sits (for handler positions)."""

    _fields = ("pos", "exprs")

    def __init__(self, pos, exprs=None):
        self.pos = pos
        self.exprs = [] if exprs is None else exprs

    @property
    def start(self):
        return min((x.start for x in self.exprs if hasattr(x, "start")), default=0)

    @property
    def end(self):
        return max((x.end for x in self.exprs if hasattr(x, "end")), default=0)


class _At:
    """An index expression stand-in (iteration over an eager tensor)."""

    def __init__(self, e):
        self.pos = e.pos
        self.target = e


TF_COMPARE = {"<": "Less", "<=": "LessEqual", ">": "Greater", ">=": "GreaterEqual", "==": "Equal",
              "!=": "NotEqual"}


def _forward(node, args):
    try:
        return node.op.forward(*args, **node.params)
    except ERRORS as exc:
        raise AgError(f"{node.op.name}: {exc}", node.pos) from None


def _camel(name):
    return "".join(p.capitalize() for p in name.split("_"))


def _np_dtype_name(dt):
    dt = np.dtype(dt)
    if dt.kind == "b":
        return "bool"
    if dt.kind in "iu":
        return "int64" if dt.itemsize == 8 else "int32"
    return "float64" if dt.itemsize == 8 else "float32"


def _is_int(v):
    return (isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, np.generic) and
                                                               np.issubdtype(type(v), np.integer))


def _plain_ok(v):
    return v is None or isinstance(v, (bool, int, float, str, list, tuple, dict, range, np.ndarray, np.generic))




class FeedShape(Exception):
    """A placeholder of unknown shape got its first feed (see snippet.run_snippet)."""

    def __init__(self, number, name, shape, pos):
        super().__init__(name)
        self.number, self.name, self.shape, self.pos = number, name, shape, pos
