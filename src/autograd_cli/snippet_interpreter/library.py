"""The library a TensorFlow snippet sees (spec section 9): tf / tf.keras / K / numpy
names, the methods of tensors, variables, sessions, tapes, optimizers and Keras
objects, Python's built-ins on plain values, and Python's printing of all of them.

Every TensorFlow function that is a built-in of the .ag language is that built-in
(build/functions.py), called through its handler; the rest (sessions, optimizers,
tapes, Keras layers) is made of the same graph ops. NumPy functions run on plain
data only (numbers, lists, arrays), never on anything a snippet could make callable.
"""
from __future__ import annotations

import math

import numpy as np

from autograd_cli.core import autodiff
from autograd_cli.support.errors import AgError, line_of
from autograd_cli.evaluate import needed, run
from autograd_cli.core.graph import Node, NoGradient
from autograd_cli.support.limits import check_elements
from autograd_cli.compile.builder import Call as BCall
from autograd_cli.library.functions import BUILTINS
from autograd_cli.snippet_interpreter.values import (ASSIGN_OPS, DTYPES, K_ALIASES, MAX_SEQUENCE, NP_DTYPES, SUBMODULES, TF_ALIASES,
                      TF_TYPES, BoundMethod, Dense, DType, Fn, KerasLoss, Module, Operation, Optimizer,
                      Sequential, Session, Tape, Tensor, UserFunction, Variable, _camel, _is_int, _is_none,
                      _NameScope, _plain_ok, FeedShape)


# ---------------------------------------------------------------- calling built-ins

KW_ALIASES = {"keep_dims": "keepdims", "reduction_indices": "axis", "features": "x", "logits_x": "x",
              "input": "x", "tensor": "x", "a_": "a", "dim": "axis"}


def call_builtin(I, bname, args, kwargs, site, display, tf_type=None):
    spec = BUILTINS[bname]
    kwargs = dict(kwargs)
    tf_name = kwargs.pop("name", None)
    dtype = kwargs.pop("dtype", None)
    if tf_name is not None and not isinstance(tf_name, str):
        raise AgError(f"{display}(): name must be a string", site.pos)
    params = spec.params
    values, exprs = {}, {}
    arg_exprs = list(getattr(site, "args", []))
    kw_exprs = {k.name: k.value for k in getattr(site, "kwargs", [])}

    def convert(param, value, expr):   # cond's branches, while_loop's cond and body: functions
        if param in spec.functions:
            return I.host_function(value, expr or site, display, param)
        return I.to_builder(value, expr or site)
    if spec.variadic:
        values[params[0]] = [I.to_builder(a, x) for a, x in zip(args, arg_exprs + [site] * len(args))]
        exprs[params[0]] = None
    else:
        if len(args) > len(params):
            raise AgError(f"TypeError: {display}() takes at most {len(params)} positional arguments "
                          f"({', '.join(params)}), got {len(args)}", site.pos)
        for k, (p, a) in enumerate(zip(params, args)):
            x = arg_exprs[k] if k < len(arg_exprs) else None
            values[p], exprs[p] = convert(p, a, x), x
    for k, v in kwargs.items():
        key = k
        if key not in params:
            alias = KW_ALIASES.get(k)
            if alias in params:
                key = alias
            elif k in ("input_tensor", "x", "input", "features", "logits") and params and params[0] not in values:
                key = params[0]
            elif k in ("use_locking", "validate_args", "experimental_use_pfor", "colocate_gradients_with_ops",
                       "gate_gradients", "aggregation_method", "seed2"):
                continue
            else:
                raise AgError(f"TypeError: {display}() got an unexpected keyword argument '{k}'"
                              f"{_suggest(k, params)}", kw_exprs[k].pos if k in kw_exprs else site.pos)
        if key in values:
            raise AgError(f"TypeError: {display}() got multiple values for argument '{key}'", site.pos)
        x = kw_exprs.get(k)
        values[key], exprs[key] = convert(key, v, x), x
    for p in params:
        if p not in values:
            if p not in spec.defaults:
                raise AgError(f"TypeError: {display}() missing required argument '{p}'", site.pos)
            values[p], exprs[p] = spec.defaults[p], None
    start = len(I.g.nodes)
    I.g.pos = site.pos
    result = spec.handler(I.b, BCall(site, values, exprs))
    if spec.functions:
        I.forget_taken_back()
    out_dtype = dtype.name if isinstance(dtype, DType) else (dtype if isinstance(dtype, str) else
                                                           I.result_dtype(list(args) + list(kwargs.values())))
    if spec.functions and dtype is None:   # cond, while_loop: each value has the dtype the branch or body gave
        return _wrap_branches(I, result, tf_type or TF_TYPES.get(bname, _camel(bname)), start, tf_name)
    if bname in ("argmax", "argmin"):
        out_dtype = "int64"
    elif dtype is None and bname in FLOAT_CREATION:
        out_dtype = "float32"
    return I.wrap_new(result, out_dtype, tf_type or TF_TYPES.get(bname, _camel(bname)), start, tf_name)


def _wrap_branches(I, result, tf_type, start, tf_name):
    """cond's and while_loop's values (each a `branch` node over what a branch or the
    body gave), with that value's dtype."""
    if isinstance(result, list):
        return [_wrap_branches(I, r, tf_type, start, tf_name) for r in result]
    inner = I.tensors.get(result.inputs[0].id) if isinstance(result, Node) and result.inputs else None
    return I.wrap_new(result, inner.dtype if inner is not None else "float32", tf_type, start, tf_name)


FLOAT_CREATION = {"zeros", "ones", "eye", "one_hot", "random_normal", "random_uniform", "linspace", "softmax",
                  "sigmoid", "exp", "log", "sqrt", "categorical_crossentropy", "mean_squared_error",
                  "reduce_mean"}


def builtin_fn(display, bname, tf_type=None):
    def impl(I, args, kwargs, site):
        return call_builtin(I, bname, args, kwargs, site, display, tf_type)
    return Fn(display, impl)


def _suggest(name, candidates):
    import difflib

    close = difflib.get_close_matches(name, sorted(set(candidates)), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


def _arg(args, kwargs, index, name, default=..., display="function"):
    if len(args) > index:
        if name in kwargs:
            raise AgError(f"TypeError: {display}() got multiple values for argument '{name}'")
        return args[index]
    if name in kwargs:
        return kwargs[name]
    if default is ...:
        raise AgError(f"TypeError: {display}() missing required argument '{name}'")
    return default


def _check_kwargs(kwargs, allowed, display, site):
    for k in kwargs:
        if k not in allowed:
            raise AgError(f"TypeError: {display}() got an unexpected keyword argument '{k}'"
                          f"{_suggest(k, allowed)}", site.pos)


def _checked(fn):
    """Wrap an impl so that argument errors raised without a position point at the call."""
    def impl(I, args, kwargs, site):
        try:
            return fn(I, args, kwargs, site)
        except AgError as exc:
            if exc.pos is None:
                exc.pos = site.pos if not hasattr(exc, "_p") else exc.pos
                from autograd_cli.support.errors import Pos
                exc.pos = Pos.of(site.pos)
            raise
    return impl


def lib(display):
    def register(fn):
        return Fn(display, _checked(fn))
    return register


# ---------------------------------------------------------------- tensors and variables

def _static_value(I, value, site, what):
    """A value needed now (a variable's initial value, a constant): plain NumPy float64."""
    if isinstance(value, (Tensor, Variable)):
        if not I.graph_mode:
            return np.asarray(I.value_of(value, site), dtype=np.float64)
        return np.asarray(I.b.static(value.node, site.pos, what), dtype=np.float64)
    if isinstance(value, NoGradient):
        raise AgError(f"{what} is None (the gradient with respect to {value.x_text} is None: {value.reason})",
                      site.pos)
    plain = _plain_data(I, value, site)
    try:
        arr = np.asarray(plain)
    except ValueError:
        raise AgError(f"{what} must be a rectangular list of numbers", site.pos) from None
    if arr.dtype.kind not in "biuf":
        raise AgError(f"{what} must be numbers, got {I.describe(value)}", site.pos)
    return arr.astype(np.float64)


def _plain_data(I, value, site):
    if isinstance(value, (Tensor, Variable)):
        return np.asarray(_static_value(I, value, site, "a value"))
    if isinstance(value, (list, tuple)):
        return [_plain_data(I, v, site) for v in value]
    return value


def _dtype_arg(value, site):
    if value is None:
        return None
    if isinstance(value, DType):
        return value.name
    if isinstance(value, str) and value in DTYPES:
        return value
    if isinstance(value, Fn) and value.name in ("float", "int", "bool"):
        return {"float": "float32", "int": "int32", "bool": "bool"}[value.name]
    if isinstance(value, Fn) and value.name.startswith("np."):
        return value.name[3:]
    raise AgError(f"dtype must be a TensorFlow dtype such as tf.float32, got {value!r}", site.pos)


def new_variable(I, initial, dtype, name, trainable, site):
    value = _static_value(I, initial, site, "a variable's initial value")
    check_elements(value.shape, site.pos)
    dtype = dtype or I.dtype_of(initial)
    if dtype.startswith("int"):
        value = np.trunc(value)
    tf_name = I.unique(name or "Variable")
    I.g.pos = site.pos
    node = I.g.apply("variable", value=np.asarray(value, dtype=np.float64), name=tf_name)
    var = Variable(node, dtype, tf_name, bool(trainable), not I.graph_mode)
    I.variables.append(var)
    if not I.graph_mode:
        I.values[node.id] = node.params["value"]
        I.evaluated = max(I.evaluated, len(I.g.nodes)) if I.evaluated == node.id else I.evaluated
        I.eager_eval()
    return var


@lib("tf.Variable")
def tf_variable(I, args, kwargs, site):
    _check_kwargs(kwargs, {"initial_value", "trainable", "name", "dtype", "validate_shape", "shape",
                           "use_resource", "collections", "caching_device", "expected_shape",
                           "constraint", "synchronization", "aggregation", "import_scope"}, "tf.Variable", site)
    initial = _arg(args, kwargs, 0, "initial_value", display="tf.Variable")
    trainable = _arg(args, kwargs, 1, "trainable", True)
    if trainable is None:
        trainable = True
    dtype = _dtype_arg(kwargs.get("dtype"), site)
    if isinstance(initial, UserFunction):
        initial = I.call_user(initial, [], {}, site)
    return new_variable(I, initial, dtype, kwargs.get("name"), trainable, site)


@lib("K.variable")
def k_variable(I, args, kwargs, site):
    value = _arg(args, kwargs, 0, "value", display="K.variable")
    dtype = _dtype_arg(_arg(args, kwargs, 1, "dtype", None), site) or "float32"
    return new_variable(I, value, dtype, _arg(args, kwargs, 2, "name", None), True, site)


@lib("tf.constant")
def tf_constant(I, args, kwargs, site):
    _check_kwargs(kwargs, {"value", "dtype", "shape", "name", "verify_shape"}, "tf.constant", site)
    value = _arg(args, kwargs, 0, "value", display="tf.constant")
    dtype = _dtype_arg(_arg(args, kwargs, 1, "dtype", None), site)
    shape = _arg(args, kwargs, 2, "shape", None)
    arr = _static_value(I, value, site, "tf.constant's value")
    if shape is not None:
        dims = tuple(int(d) for d in (shape if isinstance(shape, (list, tuple)) else [shape]))
        check_elements(dims, site.pos)
        try:
            arr = np.broadcast_to(arr, dims).copy() if arr.size == 1 else arr.reshape(dims)
        except ValueError:
            raise AgError(f"tf.constant: cannot make shape {dims} from {arr.size} values", site.pos) from None
    dtype = dtype or I.dtype_of(value)
    if dtype.startswith("int"):
        arr = np.trunc(arr)
    start = len(I.g.nodes)
    I.g.pos = site.pos
    node = I.g.const(arr)
    return I.wrap_new(node, dtype, "Const", start, kwargs.get("name"))


@lib("tf.convert_to_tensor")
def tf_convert(I, args, kwargs, site):
    value = _arg(args, kwargs, 0, "value", display="tf.convert_to_tensor")
    if isinstance(value, (Tensor, Variable)):
        return value
    return tf_constant.impl(I, [value], {k: v for k, v in kwargs.items() if k in ("dtype", "name")}, site)


@lib("tf.placeholder")
def tf_placeholder(I, args, kwargs, site):
    _check_kwargs(kwargs, {"dtype", "shape", "name"}, "tf.placeholder", site)
    dtype = _dtype_arg(_arg(args, kwargs, 0, "dtype", display="tf.placeholder"), site)
    shape = _arg(args, kwargs, 1, "shape", None)
    name = _arg(args, kwargs, 2, "name", None)
    return make_placeholder(I, dtype, shape, name, site)


def make_placeholder(I, dtype, shape, name, site):
    if not I.graph_mode:
        raise AgError("tf.placeholder() is not compatible with eager execution", site.pos)
    number = I.placeholders
    I.placeholders += 1
    if shape is None:
        declared = None
        dims = ()
    else:
        seq = shape if isinstance(shape, (list, tuple)) else [shape]
        declared = tuple(None if d is None else int(d) for d in seq)
        dims = tuple(1 if d is None else d for d in declared)
    if number in I.placeholder_shapes:       # known from its first feed (run_snippet reruns)
        dims = I.placeholder_shapes[number]
    check_elements(dims, site.pos)
    tf_name = I.unique(name or "Placeholder")
    I.g.pos = site.pos
    node = I.g.apply("placeholder", value=np.zeros(dims), name=tf_name)
    I.declared[node.id] = declared
    I.placeholder_numbers[node.id] = number
    t = Tensor(node, dtype or "float32", tf_name, False)
    I.tensors[node.id] = t
    return t


@lib("K.placeholder")
def k_placeholder(I, args, kwargs, site):
    shape = _arg(args, kwargs, 0, "shape", None)
    ndim = kwargs.get("ndim")
    if shape is None and ndim is not None:
        shape = [None] * int(ndim)
    dtype = _dtype_arg(kwargs.get("dtype"), site) or "float32"
    return make_placeholder(I, dtype, shape, kwargs.get("name"), site)


def tf_assign_kind(kind):
    @lib(f"tf.{kind}")
    def impl(I, args, kwargs, site):
        ref = _arg(args, kwargs, 0, "ref", display=f"tf.{kind}")
        value = _arg(args, kwargs, 1, "value", display=f"tf.{kind}")
        return do_assign(I, kind, ref, value, site, kwargs.get("name"))
    return impl


def do_assign(I, kind, ref, value, site, name=None):
    if not isinstance(ref, Variable):
        raise AgError(f"{kind} needs a tf.Variable as its first argument, got {I.describe(ref)}", site.pos)
    if isinstance(value, NoGradient):
        raise AgError(f"cannot {kind} {ref.name}: the value is None (the gradient with respect to "
                      f"{value.x_text} is None: {value.reason})", site.pos)
    start = len(I.g.nodes)
    I.g.pos = site.pos
    vnode = I.node(value, site)
    node = I.b.apply(kind, ref.node, vnode)
    t = I.wrap_new(node, ref.dtype, {"assign": "Assign", "assign_add": "AssignAdd",
                                     "assign_sub": "AssignSub"}[kind], start, name)
    if not I.graph_mode:
        I.values[ref.node.id] = np.asarray(I.values[node.id], dtype=np.float64).copy()
    return t


# ---------------------------------------------------------------- sessions

@lib("tf.Session")
def tf_session(I, args, kwargs, site):
    if not I.graph_mode:
        raise AgError("tf.Session is TensorFlow 1.x graph code", site.pos)
    return Session(I)


@lib("tf.InteractiveSession")
def tf_interactive(I, args, kwargs, site):
    sess = Session(I, interactive=True)
    I.interactive = sess
    return sess


@lib("K.get_session")
def k_get_session(I, args, kwargs, site):
    if I.interactive is None:
        I.interactive = Session(I, interactive=True)
    return I.interactive


def default_session(I, site, given=None):
    if given is not None:
        if not isinstance(given, Session):
            raise AgError("session= must be a tf.Session", site.pos)
        return given
    if I.sessions:
        return I.sessions[-1]
    if I.interactive is not None:
        return I.interactive
    raise AgError("ValueError: Cannot evaluate tensor using `.eval()`: No default session is registered. "
                  "Use `with sess.as_default()`, `with tf.Session() as sess:` or pass session=sess", site.pos)


def session_run(I, sess, fetches, feed, site):
    if sess.closed:
        raise AgError("RuntimeError: Attempted to use a closed Session.", site.pos)
    nodes, inits = [], []

    def collect(f):
        if isinstance(f, (Tensor, Variable)):
            nodes.append(f.node)
        elif isinstance(f, Operation):
            nodes.extend(f.nodes)
            inits.extend(f.init_vars)
        elif isinstance(f, NoGradient):
            raise AgError("TypeError: Fetch argument None has invalid type <class 'NoneType'>: the gradient "
                          f"with respect to {f.x_text} is None ({f.reason})", site.pos)
        elif f is None:
            raise AgError("TypeError: Fetch argument None has invalid type <class 'NoneType'>", site.pos)
        elif isinstance(f, (list, tuple)):
            for item in f:
                collect(item)
        elif isinstance(f, dict):
            for item in f.values():
                collect(item)
        else:
            raise AgError(f"TypeError: Fetch argument {I.py_repr(f)} has invalid type "
                          f"<class '{I.type_name(f)}'>, must be a string or Tensor", site.pos)
    collect(fetches)
    overrides = {}
    if feed is not None:
        if not isinstance(feed, dict):
            raise AgError("feed_dict must be a dict {placeholder: value}", site.pos)
        for key, value in feed.items():
            if not isinstance(key, (Tensor, Variable)):
                raise AgError(f"TypeError: The value of a feed cannot be a tf.Tensor object... a feed_dict key "
                              f"must be a placeholder tensor, got {I.describe(key)}", site.pos)
            if isinstance(value, (Tensor, Variable)):
                raise AgError("TypeError: The value of a feed cannot be a tf.Tensor object. Acceptable feed "
                              "values include Python scalars, strings, lists, numpy ndarrays, or "
                              "TensorHandles.", site.pos)
            arr = np.asarray(_plain_data(I, value, site))
            if arr.dtype.kind not in "biuf":
                raise AgError(f"cannot feed {I.describe(value)} to {key.name}", site.pos)
            np_type = NP_DTYPES.get(key.dtype, np.float32)
            arr = arr.astype(np_type).astype(np.float64)   # fed through the placeholder's dtype
            declared = I.declared.get(key.node.id, ())
            if arr.shape != key.node.shape:
                number = I.placeholder_numbers.get(key.node.id)
                fits = declared is None or (len(declared) == arr.ndim and
                                            all(d is None or d == s for d, s in zip(declared, arr.shape)))
                if fits and number is not None and number not in I.placeholder_shapes:
                    check_elements(arr.shape, site.pos)
                    raise FeedShape(number, key.name, arr.shape, site.pos)
                if fits:
                    raise AgError(f"placeholder {key.name} is fed shape {arr.shape} here and "
                                  f"{key.node.shape} before: this tool builds one graph per placeholder shape",
                                  site.pos)
                shown = "None (a scalar here)" if declared is None else str(list(declared))
                raise AgError(f"ValueError: Cannot feed value of shape {arr.shape} for Tensor "
                              f"'{key.name}:0', which has shape {shown}", site.pos)
            overrides[key.node.id] = arr
    for var in inits:
        sess.state[var.node.id] = np.asarray(var.initial, dtype=np.float64)
    order = needed(nodes)
    for n in order:
        if n.op.name == "placeholder" and n.id not in overrides:
            t = I.tensors.get(n.id)
            raise AgError(f"InvalidArgumentError: You must feed a value for placeholder tensor "
                          f"'{t.name if t else n.label}' with dtype {t.dtype if t else 'float'} "
                          "(sess.run(..., feed_dict={...}))", site.pos)
        if n.op.name == "variable":
            if n.id not in sess.state:
                var = next((v for v in I.variables if v.node is n), None)
                raise AgError(f"FailedPreconditionError: Attempting to use uninitialized value "
                              f"{var.name if var else n.label}: run tf.global_variables_initializer() "
                              "in this session first", site.pos)
            overrides[n.id] = sess.state[n.id]
    warnings: list = []
    values = run(order, overrides, warnings) if order else {}
    for w in warnings:
        if str(w) not in I.warnings:
            I.warnings.append(str(w))
    for n in order:
        if n.op.name in ASSIGN_OPS:
            sess.state[n.inputs[0].id] = np.array(values[n.id], dtype=np.float64)
    computed = {n.id for n in order}
    for k, record in enumerate(I.b.records):
        ids = [v.id for v in record.values if isinstance(v, Node)]
        if ids and all(i in computed for i in ids):
            I.record_values[k] = {i: np.asarray(values[i]) for i in ids}
            I.record_runs[k] = dict(overrides)

    def result(f):
        if isinstance(f, Tensor):
            return I.as_numpy(values[f.node.id], f.dtype)
        if isinstance(f, Variable):
            return I.as_numpy(values[f.node.id], f.dtype)
        if isinstance(f, Operation):
            return None
        if isinstance(f, list):
            return [result(x) for x in f]
        if isinstance(f, tuple):
            return tuple(result(x) for x in f)
        if isinstance(f, dict):
            return {k: result(v) for k, v in f.items()}
        return None
    return result(fetches)


def graph_value(I, value):
    """A graph tensor's value now (the default session's variables, else initial values), or None."""
    node = value.node
    order = needed([node])
    session = I.sessions[-1] if I.sessions else I.interactive
    overrides = {}
    for n in order:
        if n.op.name == "placeholder":
            return None
        if n.op.name == "variable":
            if session is not None and n.id in session.state:
                overrides[n.id] = session.state[n.id]
    try:
        return np.asarray(run(order, overrides, [])[node.id])
    except AgError:
        return None


# ---------------------------------------------------------------- gradients

def record_texts(I, record, xs_values):
    """Gradient tables name each x by its source text; entries given through a name
    (xs=tf.trainable_variables()) get the variable's or tensor's name instead."""
    import re

    for k, text in enumerate(record.xs):
        if re.fullmatch(r"(xs|ys|sources|target)\[\d+\]", text) and k < len(xs_values):
            v = xs_values[k]
            record.xs[k] = v.node.label or v.name if isinstance(v, (Tensor, Variable)) else text
            if isinstance(record.values[k], NoGradient):
                record.values[k].x_text = record.xs[k]


def _flat(value):
    return list(value) if isinstance(value, (list, tuple)) else [value]


@lib("tf.gradients")
def tf_gradients(I, args, kwargs, site):
    if not I.graph_mode:
        raise AgError("RuntimeError: tf.gradients is not supported when eager execution is enabled. "
                      "Use tf.GradientTape instead.", site.pos)
    kwargs = dict(kwargs)
    mode = kwargs.get("unconnected_gradients")
    if isinstance(mode, _Unconnected):
        kwargs["unconnected_gradients"] = mode.value
    xs_value = _arg(args, kwargs, 1, "xs", display="tf.gradients")
    n_records = len(I.b.records)
    scope = I.unique("gradients")
    out = call_builtin(I, "gradients", args, kwargs, site, "tf.gradients")
    if len(I.b.records) > n_records:
        record = I.b.records[-1]
        record_texts(I, record, _flat(xs_value))
        xs = _flat(xs_value)
        for k, t in enumerate(out):
            if isinstance(t, Tensor):
                x = xs[k] if k < len(xs) else None
                t.dtype = x.dtype if isinstance(x, (Tensor, Variable)) else t.dtype
                t.name = _grad_name(I, scope, t.node, x.node if isinstance(x, (Tensor, Variable)) else None,
                                    record.y_nodes)
    return out


def _grad_name(I, scope, gnode, xnode, ys):
    """TensorFlow's name of a gradient tensor: gradients/Mul_1_grad/Reshape_1 for one
    consumer, gradients/AddN where several contributions are summed."""
    if xnode is None or gnode.op.name == "add_n":
        return I.unique(f"{scope}/AddN")
    consumers = [n for n in I.g.nodes[xnode.id + 1:gnode.id] if xnode in n.inputs and n.op.name != "stop_gradient"
                 and n.id in {m.id for m in needed(ys)}]
    if len(consumers) != 1:
        return I.unique(f"{scope}/AddN")
    c = consumers[0]
    t = I.tensors.get(c.id)
    cname = t.name if t is not None else c.op.name
    index = list(c.inputs).index(xnode)
    if c.op.name in ("add", "subtract", "multiply", "divide", "pow", "maximum", "minimum"):
        part = "Reshape" if index == 0 else "Reshape_1"
    elif c.op.name == "matmul":
        part = "MatMul" if index == 0 else "MatMul_1"
    else:
        part = TF_TYPES.get(gnode.op.name, _camel(gnode.op.name))
    return I.unique(f"{scope}/{cname}_grad/{part}")


class _Unconnected:
    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return f"<UnconnectedGradients.{self.value.upper()}: '{self.value}'>"


UNCONNECTED = Module("tf.UnconnectedGradients")


# ---------------------------------------------------------------- GradientTape

@lib("tf.GradientTape")
def tf_tape(I, args, kwargs, site):
    _check_kwargs(kwargs, {"persistent", "watch_accessed_variables"}, "tf.GradientTape", site)
    persistent = bool(_arg(args, kwargs, 0, "persistent", False))
    watch = bool(_arg(args, kwargs, 1, "watch_accessed_variables", True))
    return Tape(persistent, watch)


def tape_watch(I, tape, args, kwargs, site):
    for v in _flat(_arg(args, kwargs, 0, "tensor", display="watch")):
        if isinstance(v, (Tensor, Variable)):
            tape.watched.add(v.node.id)
        else:
            raise AgError(f"GradientTape.watch takes tensors or variables, got {I.describe(v)}", site.pos)
    return None


def _tape_window(I, tape):
    start = tape.start if tape.start is not None else len(I.g.nodes)
    stop = tape.stop if tape.stop is not None else len(I.g.nodes)
    return start, stop


def _tape_sources(I, tape, sources, site):
    start, stop = _tape_window(I, tape)
    window = I.g.nodes[start:stop]
    accessed = set()
    for n in window:
        for i in n.inputs:
            if i.op.name == "variable":
                accessed.add(i.id)
    watched = []
    for s in sources:
        if isinstance(s, Variable):
            ok = s.node.id in tape.watched or (tape.watch_accessed and s.trainable and s.node.id in accessed)
            why = ("the tape was made with watch_accessed_variables=False and did not watch it"
                   if not tape.watch_accessed else "it is not trainable" if not s.trainable
                   else "it was not used while the tape was recording")
        elif isinstance(s, Tensor):
            ok = s.node.id in tape.watched
            why = "a tensor is watched only after tape.watch(it) (only trainable variables are watched " \
                  "automatically)"
        elif _is_none(s):
            raise AgError("GradientTape.gradient: a source is None", site.pos)
        else:
            raise AgError(f"GradientTape.gradient: sources must be tensors or variables, got {I.describe(s)}",
                          site.pos)
        watched.append((ok, why))
    stop_nodes = []
    source_ids = {s.node.id for s in sources}
    seen = set()
    for n in window:
        for i in n.inputs:
            if i.id < start and i.id not in source_ids and not i.op.leaf and i.id not in seen:
                seen.add(i.id)
                stop_nodes.append(i)
    return watched, stop_nodes


def _source_text(I, value, expr, k, n):
    if isinstance(value, Variable):
        return value.node.label or value.name
    if isinstance(value, Tensor):
        return value.node.label or (value.name if not value.eager else f"sources[{k}]")
    return f"sources[{k}]"


def tape_gradient(I, tape, args, kwargs, site, kind="gradient"):
    display = f"GradientTape.{kind}"
    _check_kwargs(kwargs, {"target", "sources", "output_gradients", "unconnected_gradients",
                           "parallel_iterations", "experimental_use_pfor"}, display, site)
    if tape.used and not tape.persistent:
        raise AgError("RuntimeError: A non-persistent GradientTape can only be used to compute one set of "
                      "gradients (or jacobians); use tf.GradientTape(persistent=True)", site.pos)
    tape.used = True
    target = _arg(args, kwargs, 0, "target", display=display)
    sources = _arg(args, kwargs, 1, "sources", display=display)
    mode = kwargs.get("unconnected_gradients", "none")
    if isinstance(mode, _Unconnected):
        mode = mode.value
    if not isinstance(mode, str) or mode.lower() not in ("none", "zero"):
        raise AgError("unconnected_gradients must be tf.UnconnectedGradients.NONE or .ZERO", site.pos)
    mode = mode.lower()
    flat_sources = _flat(sources) if not isinstance(sources, dict) else list(sources.values())
    targets = [t for t in _flat(target)]
    for t in targets:
        if isinstance(t, NoGradient) or t is None:
            raise AgError("GradientTape.gradient: the target is None", site.pos)
    ys = [I.node(t, site) for t in targets]
    watched, stop_nodes = _tape_sources(I, tape, flat_sources, site)
    src_exprs = getattr(site, "args", [])
    src_expr = src_exprs[1] if len(src_exprs) > 1 else next((k.value for k in getattr(site, "kwargs", [])
                                                             if k.name == "sources"), None)
    items = getattr(src_expr, "items", None)
    texts = [I.b.source_text(items[k]) if items is not None and k < len(items)
             else (I.b.source_text(src_expr) if not isinstance(sources, (list, tuple, dict)) and src_expr is not None
                   else _source_text(I, s, None, k, len(flat_sources))) for k, s in enumerate(flat_sources)]
    y_expr = src_exprs[0] if src_exprs else None
    y_texts = [I.b.source_text(y_expr)] if y_expr is not None else ["target"]
    grad_ys = None
    og = kwargs.get("output_gradients")
    if og is not None:
        grad_ys = [I.node(v, site) for v in _flat(og)]
    start = len(I.g.nodes)
    I.g.pos = site.pos
    results = []
    for s, (ok, why), text in zip(flat_sources, watched, texts):
        x = s.node
        if not ok:
            if mode == "zero":
                results.append(I.g.zeros(x.shape))
            else:
                results.append(NoGradient(text, (lambda why=why: f"not watched by the tape: {why}"), site.pos))
            continue
        if kind == "jacobian":
            if len(ys) != 1:
                raise AgError("GradientTape.jacobian takes one target", site.pos)
            value = autodiff.jacobian(I.g, ys[0], x, text)
            if isinstance(value, NoGradient) and mode == "zero":
                value = I.g.zeros(ys[0].shape + x.shape)
        else:
            value = autodiff.gradients(I.g, ys, [x], grad_ys, stop_nodes, mode, [text])[0]
        results.append(value)
    from autograd_cli.core.program import GradientRecord
    I.b.records.append(GradientRecord("jacobian" if kind == "jacobian" else "gradients",
                                      I.b.record_name(site), line_of(site.pos), y_texts, texts, list(results),
                                      [s.node for s in flat_sources], ys, stop_nodes, grad_ys))
    wrapped = []
    for s, r in zip(flat_sources, results):
        if isinstance(r, Node):
            t = I.wrap_new(r, s.dtype, "gradient", start)
            wrapped.append(t)
        else:
            wrapped.append(r)
    I.eager_eval()
    if not I.graph_mode:
        record = I.b.records[-1]
        I.record_values[len(I.b.records) - 1] = {v.id: I.values[v.id] for v in record.values
                                                 if isinstance(v, Node) and v.id in I.values}
        I.leaf_snapshots[len(I.b.records) - 1] = {n.id: I.values[n.id] for n in needed(ys)
                                                  if n.op.name == "variable" and n.id in I.values}
    if isinstance(sources, dict):
        return dict(zip(sources.keys(), wrapped))
    if isinstance(sources, tuple):
        return tuple(wrapped)
    if isinstance(sources, list):
        return wrapped
    return wrapped[0]


# ---------------------------------------------------------------- optimizers

def _opt_factory(kind, display, keras=False):
    if kind == "sgd" and not keras:
        names, defaults = ["learning_rate"], {}
    elif kind == "momentum":
        names, defaults = ["learning_rate", "momentum", "use_nesterov"], {"use_nesterov": False}
    elif kind == "adam" and not keras:
        names, defaults = ["learning_rate", "beta1", "beta2", "epsilon"], \
            {"learning_rate": 0.001, "beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8}
    elif kind == "sgd":
        names, defaults = ["learning_rate", "momentum", "nesterov"], \
            {"learning_rate": 0.01, "momentum": 0.0, "nesterov": False}
    else:
        names, defaults = ["learning_rate", "beta_1", "beta_2", "epsilon", "amsgrad"], \
            {"learning_rate": 0.001, "beta_1": 0.9, "beta_2": 0.999, "epsilon": 1e-7, "amsgrad": False}

    @lib(display)
    def impl(I, args, kwargs, site):
        kwargs = dict(kwargs)
        if "lr" in kwargs:
            kwargs["learning_rate"] = kwargs.pop("lr")
        kwargs.pop("name", None)
        kwargs.pop("use_locking", None)
        params = {}
        for k, n in enumerate(names):
            params[n] = _arg(args, kwargs, k, n, defaults.get(n, ...), display)
        _check_kwargs(kwargs, set(names), display, site)
        for n, v in params.items():
            if isinstance(v, (Tensor, Variable)):
                raise AgError(f"{display}: {n} must be a number here", site.pos)
            if isinstance(v, bool) or not isinstance(v, (int, float, np.generic)):
                if n in ("use_nesterov", "nesterov", "amsgrad"):
                    continue
                raise AgError(f"{display}: {n} must be a number", site.pos)
        if params.get("use_nesterov") or params.get("nesterov") or params.get("amsgrad"):
            raise AgError(f"{display}: Nesterov momentum and AMSGrad are not supported", site.pos)
        return Optimizer(kind, float(params["learning_rate"]), params, keras)
    return impl


def _trainable(I):
    return [v for v in I.variables if v.trainable]


def opt_compute_gradients(I, opt, loss, var_list, site):
    if isinstance(loss, UserFunction):
        loss = I.call_user(loss, [], {}, site)
    variables = _trainable(I) if var_list is None else _flat(var_list)
    for v in variables:
        if not isinstance(v, Variable):
            raise AgError(f"var_list must hold variables, got {I.describe(v)}", site.pos)
    y = I.node(loss, site)
    start = len(I.g.nodes)
    I.g.pos = site.pos
    grads = autodiff.gradients(I.g, [y], [v.node for v in variables], None, (), "none",
                               [v.node.label or v.name for v in variables])
    out = []
    for v, g in zip(variables, grads):
        out.append((I.wrap_new(g, v.dtype, "gradient", start) if isinstance(g, Node) else g, v))
    return out


def _slot(I, opt, var, slot, site, initial=0.0):
    key = (slot, var.node.id)
    if key not in opt.slots:
        value = np.full(var.node.shape, initial)
        opt.slots[key] = new_variable(I, value, var.dtype, f"{var.name}/{opt.name}" +
                                      ("" if slot in ("m", "momentum") else "_1"), False, site)
    return opt.slots[key]


def _extra(I, opt, key, value, site):
    if key not in opt.extra:
        opt.extra[key] = new_variable(I, float(value), "float32", key, False, site)
    return opt.extra[key]


def opt_apply(I, opt, pairs, site):
    pairs = [(g, v) for g, v in pairs]
    for g, v in pairs:
        if not isinstance(v, Variable):
            raise AgError(f"apply_gradients: each pair is (gradient, variable), got {I.describe(v)}", site.pos)
    live = [(g, v) for g, v in pairs if not _is_none(g)]
    if not live:
        names = ", ".join(v.name for _, v in pairs)
        raise AgError(f"ValueError: No gradients provided for any variable: [{names}]", site.pos)
    start = len(I.g.nodes)
    g_ = I.g
    b = I.b
    I.g.pos = site.pos
    updates = []
    lr = g_.const(opt.lr)
    if opt.kind == "adam":
        b1 = opt.params.get("beta1", opt.params.get("beta_1"))
        b2 = opt.params.get("beta2", opt.params.get("beta_2"))
        eps = opt.params["epsilon"]
        p1 = _extra(I, opt, "beta1_power", b1, site)
        p2 = _extra(I, opt, "beta2_power", b2, site)
        I.g.pos = site.pos
        lr_t = b.apply("divide", b.apply("multiply", lr, b.apply("sqrt", b.apply("subtract", g_.const(1.0), p2.node))),
                       b.apply("subtract", g_.const(1.0), p1.node))
    for grad, var in live:
        gnode = I.node(grad, site)
        if gnode.shape != var.node.shape:
            raise AgError(f"apply_gradients: gradient of shape {gnode.shape} for variable {var.name} of shape "
                          f"{var.node.shape}", site.pos)
        if opt.kind == "sgd" and not opt.params.get("momentum"):
            updates.append(b.apply("assign_sub", var.node, b.apply("multiply", lr, gnode)))
        elif opt.kind == "momentum":
            acc = _slot(I, opt, var, "momentum", site)
            I.g.pos = site.pos
            new_acc = b.apply("add", b.apply("multiply", g_.const(float(opt.params["momentum"])), acc.node), gnode)
            updates.append(b.apply("assign", acc.node, new_acc))
            updates.append(b.apply("assign_sub", var.node, b.apply("multiply", lr, new_acc)))
        elif opt.kind == "sgd":   # Keras SGD with momentum: v = m*v - lr*g; var += v
            vel = _slot(I, opt, var, "momentum", site)
            I.g.pos = site.pos
            new_vel = b.apply("subtract", b.apply("multiply", g_.const(float(opt.params["momentum"])), vel.node),
                              b.apply("multiply", lr, gnode))
            updates.append(b.apply("assign", vel.node, new_vel))
            updates.append(b.apply("assign_add", var.node, new_vel))
        else:
            m = _slot(I, opt, var, "m", site)
            v = _slot(I, opt, var, "v", site)
            I.g.pos = site.pos
            new_m = b.apply("add", b.apply("multiply", g_.const(b1), m.node),
                            b.apply("multiply", g_.const(1.0 - b1), gnode))
            new_v = b.apply("add", b.apply("multiply", g_.const(b2), v.node),
                            b.apply("multiply", g_.const(1.0 - b2), b.apply("square", gnode)))
            step = b.apply("divide", b.apply("multiply", lr_t, new_m),
                           b.apply("add", b.apply("sqrt", new_v), g_.const(float(eps))))
            updates.append(b.apply("assign", m.node, new_m))
            updates.append(b.apply("assign", v.node, new_v))
            updates.append(b.apply("assign_sub", var.node, step))
    if opt.kind == "adam":
        updates.append(b.apply("assign", p1.node, b.apply("multiply", p1.node, g_.const(b1))))
        updates.append(b.apply("assign", p2.node, b.apply("multiply", p2.node, g_.const(b2))))
    if I.graph_mode:
        return Operation(I.unique(opt.name), updates, type_="NoOp")
    # eager: compute every update from the current values, then write them all
    I.eager_eval()
    writes = [(u.inputs[0].id, np.asarray(I.values[u.id], dtype=np.float64).copy()) for u in updates]
    for vid, value in writes:
        I.values[vid] = value
    del start
    return None


def opt_method(I, opt, name, site):
    if name == "minimize":
        def impl(I, obj, args, kwargs, site):
            loss = _arg(args, kwargs, 0, "loss", display="minimize")
            var_list = _arg(args, kwargs, 2 if opt.keras else 1, "var_list", None)
            if opt.keras and len(args) > 1:
                var_list = args[1]
            pairs = opt_compute_gradients(I, opt, loss, var_list, site)
            return opt_apply(I, opt, pairs, site)
        return BoundMethod(opt, name, impl)
    if name == "compute_gradients":
        def impl(I, obj, args, kwargs, site):
            return opt_compute_gradients(I, opt, _arg(args, kwargs, 0, "loss", display=name),
                                         _arg(args, kwargs, 1, "var_list", None), site)
        return BoundMethod(opt, name, impl)
    if name == "apply_gradients":
        def impl(I, obj, args, kwargs, site):
            pairs = _arg(args, kwargs, 0, "grads_and_vars", display=name)
            items = I.iterate(pairs, site)
            out = []
            for item in items:
                if not isinstance(item, (tuple, list)) or len(item) != 2:
                    raise AgError("apply_gradients takes (gradient, variable) pairs, e.g. zip(grads, vars)",
                                  site.pos)
                out.append(tuple(item))
            return opt_apply(I, opt, out, site)
        return BoundMethod(opt, name, impl)
    if name in ("learning_rate", "lr", "_lr"):
        return opt.lr
    raise AgError(f"AttributeError: '{opt.name}Optimizer' object has no attribute '{name}'", site.pos)


# ---------------------------------------------------------------- Keras

def _initializer(I, spec, shape, fan_in, fan_out, site):
    kind, params = spec if isinstance(spec, tuple) else (spec, {})
    if isinstance(kind, str):
        kind = kind.lower()
    rng = I.rng
    check_elements(shape, site.pos)
    if kind in ("zeros", "zero", None):
        return np.zeros(shape)
    if kind in ("ones", "one"):
        return np.ones(shape)
    if kind == "constant":
        return np.full(shape, float(params.get("value", 0.0)))
    if kind in ("glorot_uniform", "xavier_uniform"):
        limit_ = math.sqrt(6.0 / (fan_in + fan_out))
        return rng.uniform(-limit_, limit_, shape)
    if kind in ("he_uniform",):
        limit_ = math.sqrt(6.0 / fan_in)
        return rng.uniform(-limit_, limit_, shape)
    if kind in ("lecun_uniform",):
        limit_ = math.sqrt(3.0 / fan_in)
        return rng.uniform(-limit_, limit_, shape)
    if kind in ("glorot_normal", "he_normal", "lecun_normal"):
        scale = {"glorot_normal": 2.0 / (fan_in + fan_out), "he_normal": 2.0 / fan_in,
                 "lecun_normal": 1.0 / fan_in}[kind]
        stddev = math.sqrt(scale) / 0.87962566103423978
        return _truncated(rng, 0.0, stddev, shape)
    if kind == "random_normal":
        return rng.normal(params.get("mean", 0.0), params.get("stddev", 0.05), shape)
    if kind == "random_uniform":
        return rng.uniform(params.get("minval", -0.05), params.get("maxval", 0.05), shape)
    if kind == "truncated_normal":
        return _truncated(rng, params.get("mean", 0.0), params.get("stddev", 0.05), shape)
    raise AgError(f"unknown initializer {kind!r} (zeros, ones, constant, glorot_uniform, glorot_normal, "
                  "he_uniform, he_normal, lecun_uniform, lecun_normal, random_normal, random_uniform, "
                  "truncated_normal)", site.pos)


def _truncated(rng, mean, stddev, shape):
    out = rng.normal(0.0, 1.0, shape)
    bad = np.abs(out) > 2
    while bad.any():
        out[bad] = rng.normal(0.0, 1.0, int(bad.sum()))
        bad = np.abs(out) > 2
    return mean + stddev * out


@lib("tf.keras.layers.Dense")
def keras_dense(I, args, kwargs, site):
    allowed = {"units", "activation", "use_bias", "kernel_initializer", "bias_initializer", "input_shape",
               "input_dim", "name", "kernel_regularizer", "bias_regularizer", "dtype", "trainable"}
    _check_kwargs(kwargs, allowed, "Dense", site)
    units = _arg(args, kwargs, 0, "units", display="Dense")
    if not _is_int(units) or int(units) <= 0:
        raise AgError("Dense: units must be a positive integer", site.pos)
    activation = _arg(args, kwargs, 1, "activation", None)
    use_bias = _arg(args, kwargs, 2, "use_bias", True)
    kinit = _arg(args, kwargs, 3, "kernel_initializer", "glorot_uniform")
    binit = _arg(args, kwargs, 4, "bias_initializer", "zeros")
    for r in ("kernel_regularizer", "bias_regularizer"):
        if kwargs.get(r) is not None:
            raise AgError(f"Dense: {r} is not supported", site.pos)
    input_dim = kwargs.get("input_dim")
    if kwargs.get("input_shape") is not None:
        shape = kwargs["input_shape"]
        shape = shape if isinstance(shape, (list, tuple)) else (shape,)
        input_dim = shape[-1]
    name = kwargs.get("name") or I.layer_name("dense")
    layer = Dense(int(units), activation, bool(use_bias), kinit, binit, name, input_dim)
    if input_dim is not None:
        build_dense(I, layer, int(input_dim), site)
    return layer


def build_dense(I, layer, fan_in, site):
    if layer.kernel is not None:
        return
    shape = (fan_in, layer.units)
    value = _initializer(I, layer.kernel_init, shape, fan_in, layer.units, site)
    layer.kernel = new_variable(I, value, "float32", f"{layer.name}/kernel", True, site)
    layer.kernel.node.label = layer.kernel.name       # named by Keras, not by a Python name
    if layer.use_bias:
        value = _initializer(I, layer.bias_init, (layer.units,), fan_in, layer.units, site)
        layer.bias = new_variable(I, value, "float32", f"{layer.name}/bias", True, site)
        layer.bias.node.label = layer.bias.name


@lib("tf.keras.Sequential")
def keras_sequential(I, args, kwargs, site):
    layers = _arg(args, kwargs, 0, "layers", None) or []
    for layer in layers:
        if not isinstance(layer, (Dense, Sequential)):
            raise AgError(f"Sequential takes Keras layers (Dense), got {I.describe(layer)}", site.pos)
    return Sequential(layers, kwargs.get("name") or I.layer_name("sequential"))


def keras_call(I, layer, x, site):
    if isinstance(layer, Sequential):
        for item in layer.layers:
            x = keras_call(I, item, x, site)
        return x
    xt = x if isinstance(x, (Tensor, Variable)) else None
    if xt is None:
        arr = np.asarray(_plain_data(I, x, site), dtype=np.float64)
        xt = tf_constant.impl(I, [arr.astype(np.float32)], {}, site)
    node = xt.node
    if not node.shape:
        raise AgError("a Dense layer needs inputs with a feature axis (shape (batch, features))", site.pos)
    build_dense(I, layer, node.shape[-1], site)
    if node.shape[-1] != layer.kernel.node.shape[0]:
        raise AgError(f"Dense layer {layer.name} expects {layer.kernel.node.shape[0]} input features, got shape "
                      f"{node.shape}", site.pos)
    y = I.tensor_op("matmul", [xt, layer.kernel], [site, site], site.pos, tf_name=f"{layer.name}/MatMul")
    if layer.bias is not None:
        y = I.tensor_op("add", [y, layer.bias], [site, site], site.pos, tf_name=f"{layer.name}/BiasAdd")
    return activate(I, layer.activation, y, site, keras=True)


ACTIVATIONS = {"relu": "relu", "sigmoid": "sigmoid", "tanh": "tanh", "softmax": "softmax", "softplus": "softplus",
               "elu": "elu", "selu": "selu", "exponential": "exp", "swish": "swish", "gelu": "gelu",
               "relu6": "relu6", "softsign": "softsign", "hard_sigmoid": "hard_sigmoid", "log_softmax": "log_softmax",
               "leaky_relu": "leaky_relu", "silu": "swish"}


def activate(I, activation, y, site, keras=False):
    if activation is None or activation == "linear":
        return y
    if isinstance(activation, str):
        name = ACTIVATIONS.get(activation)
        if name is None or name not in BUILTINS:
            raise AgError(f"unknown activation {activation!r}", site.pos)
        out = I.tensor_op(name, [y], [site], site.pos)
        if name == "softmax":
            out.keras_softmax = True
        return out
    if isinstance(activation, (Fn, UserFunction)):
        return I.invoke(activation, [y], {}, site)
    raise AgError(f"activation must be a name or a function, got {I.describe(activation)}", site.pos)


LOSSES = {"CategoricalCrossentropy": "categorical_crossentropy", "MeanSquaredError": "mean_squared_error",
          "BinaryCrossentropy": "binary_crossentropy", "SparseCategoricalCrossentropy":
          "sparse_categorical_crossentropy", "MeanAbsoluteError": "mean_absolute_error", "Huber": "huber",
          "LogCosh": "log_cosh"}


def _loss_class(cls):
    @lib(f"tf.keras.losses.{cls}")
    def impl(I, args, kwargs, site):
        kwargs = dict(kwargs)
        from_logits = bool(kwargs.pop("from_logits", False))
        kwargs.pop("name", None)
        reduction = kwargs.pop("reduction", None)
        if reduction not in (None, "auto", "sum_over_batch_size"):
            raise AgError(f"{cls}: only the default reduction is supported", site.pos)
        for k in ("label_smoothing", "delta", "axis"):
            if k in kwargs and kwargs[k] not in (0, 0.0, -1, 1.0):
                raise AgError(f"{cls}: {k} is not supported", site.pos)
            kwargs.pop(k, None)
        _check_kwargs(kwargs, set(), cls, site)
        return KerasLoss(cls, from_logits, cls)
    return impl


def keras_loss(I, loss, args, kwargs, site):
    _check_kwargs(kwargs, {"y_true", "y_pred", "sample_weight"}, loss.kind, site)
    y_true = _arg(args, kwargs, 0, "y_true", display=loss.kind)
    y_pred = _arg(args, kwargs, 1, "y_pred", display=loss.kind)
    if _arg(args, kwargs, 2, "sample_weight", None) is not None:
        raise AgError(f"{loss.kind}: sample_weight is not supported", site.pos)
    name = LOSSES[loss.kind]
    if name not in BUILTINS:
        raise AgError(f"{loss.kind} is not available (the built-in {name} is missing)", site.pos)
    spec = BUILTINS[name]
    kw = {}
    if loss.from_logits:
        if "from_logits" in spec.params:
            kw["from_logits"] = True
        elif name == "categorical_crossentropy":
            y_pred = I.tensor_op("softmax", [y_pred], [site], site.pos)
        else:
            raise AgError(f"{loss.kind}(from_logits=True) is not supported", site.pos)
    per_sample = call_builtin(I, name, [y_true, y_pred], kw, site, loss.kind, tf_type=name)
    # a loss object reduces the loss function's per-sample values: the batch mean
    return call_builtin(I, "reduce_mean", [per_sample], {}, site, loss.kind, tf_type=name)


# ---------------------------------------------------------------- numpy

def _np_plain(I, v, site):
    if isinstance(v, (Tensor, Variable)):
        return I.plain(v, site)
    if isinstance(v, (list, tuple)):
        return type(v)(_np_plain(I, x, site) for x in v)
    if isinstance(v, DType):
        return NP_DTYPES.get(v.name, np.float64)
    if isinstance(v, Fn) and v.name in NP_TYPE_NAMES:
        return NP_TYPE_NAMES[v.name]
    if isinstance(v, NoGradient):
        raise AgError(f"a None gradient ({v.x_text}: {v.reason}) cannot be used here", site.pos)
    if not _plain_ok(v) or isinstance(v, dict):
        raise AgError(f"NumPy functions take numbers, lists and arrays here, got {I.describe(v)}", site.pos)
    return v


NP_TYPE_NAMES = {"np.float32": np.float32, "np.float64": np.float64, "np.int32": np.int32,
                 "np.int64": np.int64, "float": float, "int": int, "bool": bool, "np.bool_": np.bool_}


def _np_size_check(shape, site):
    if shape is None:
        return
    dims = shape if isinstance(shape, (list, tuple)) else (shape,)
    try:
        dims = tuple(int(d) for d in dims)
    except (TypeError, ValueError):
        raise AgError("a shape must be integers", site.pos) from None
    if any(d < 0 for d in dims):
        raise AgError(f"negative dimensions are not allowed: {dims}", site.pos)
    check_elements(dims, site.pos)


NP_FUNCS = {
    "array": (np.array, ("object", "dtype")), "asarray": (np.asarray, ("a", "dtype")),
    "zeros": (np.zeros, ("shape", "dtype")), "ones": (np.ones, ("shape", "dtype")),
    "full": (np.full, ("shape", "fill_value", "dtype")), "empty": (np.zeros, ("shape", "dtype")),
    "zeros_like": (np.zeros_like, ("a", "dtype")), "ones_like": (np.ones_like, ("a", "dtype")),
    "eye": (np.eye, ("N", "M", "k", "dtype")), "identity": (np.identity, ("n", "dtype")),
    "linspace": (np.linspace, ("start", "stop", "num", "endpoint")),
    "arange": (np.arange, ("start", "stop", "step", "dtype")),
}
NP_SIMPLE = ("mean sum std var max min argmax argmin abs sqrt exp log log1p square sin cos tan tanh dot "
             "matmul transpose reshape concatenate stack vstack hstack expand_dims squeeze clip maximum minimum "
             "where allclose isclose round floor ceil sign power prod cumsum outer sort argsort sigmoid_ "
             "float_power mod floor_divide add subtract multiply divide negative exp2 log2 log10 amax amin "
             "array_equal all any count_nonzero diag trace tile repeat flip ravel average median percentile "
             "isnan isinf isfinite nan_to_num shape size ndim abs absolute unique").split()
NP_CONSTANTS = {"pi": np.pi, "e": np.e, "inf": np.inf, "nan": np.nan, "newaxis": None}


def np_attr(I, mod, name, pos):
    if mod.path == "np":
        if name in NP_CONSTANTS:
            return NP_CONSTANTS[name]
        if name in ("float32", "float64", "int32", "int64", "bool_", "float16", "int8", "uint8"):
            return Fn(f"np.{name}", _np_scalar_type(name))
        if name == "ndarray":
            return TypeMarker("numpy.ndarray")
        if name in NP_FUNCS:
            return Fn(f"np.{name}", _np_func(name, *NP_FUNCS[name]))
        if name in NP_SIMPLE:
            return Fn(f"np.{name}", _np_simple(name))
    if mod.path == "np.random":
        if name in NP_RANDOM:
            return Fn(f"np.random.{name}", NP_RANDOM[name])
    if mod.path == "np.linalg":
        if name in ("norm", "inv", "det", "solve", "eig", "svd", "pinv", "matrix_rank"):
            fn = getattr(np.linalg, name)

            def impl(I, args, kwargs, site, fn=fn):
                return _np_call(I, fn, args, kwargs, site, f"np.linalg.{name}")
            return Fn(f"np.linalg.{name}", impl)
    raise AgError(f"`{_np_display(mod.path)}.{name}` is not part of the TensorFlow snippet subset's NumPy "
                  f"(arrays, creation, np.random's legacy generator, elementwise math and reductions)", pos)


def _np_display(path):
    return path


def _np_call(I, fn, args, kwargs, site, display):
    args = [_np_plain(I, a, site) for a in args]
    kwargs = {k: _np_plain(I, v, site) for k, v in kwargs.items()}
    for k in kwargs:
        if k in ("out", "where", "casting", "order", "like", "subok"):
            raise AgError(f"{display}: the argument {k}= is not supported here", site.pos)
    try:
        with np.errstate(all="ignore"):
            result = fn(*args, **kwargs)
    except MemoryError:
        raise AgError(f"{display}: out of memory", site.pos) from None
    except (TypeError, ValueError, IndexError, np.linalg.LinAlgError, OverflowError) as exc:
        raise AgError(f"{display}: {type(exc).__name__}: {exc}", site.pos) from None
    if isinstance(result, np.ndarray) and result.dtype.kind not in "biuf":
        raise AgError(f"{display}: the result is not numbers", site.pos)
    if isinstance(result, tuple):
        return tuple(result)
    return result


def _np_func(name, fn, params):
    def impl(I, args, kwargs, site):
        display = f"np.{name}"
        if name in ("zeros", "ones", "full", "empty"):
            _np_size_check(_arg(args, kwargs, 0, "shape", display=display), site)
        if name in ("eye", "identity"):
            n = _arg(args, kwargs, 0, "N" if name == "eye" else "n", display=display)
            m = _arg(args, kwargs, 1, "M", None) if name == "eye" else None
            _np_size_check((n, m if m is not None else n), site)
        if name == "linspace":
            _np_size_check(_arg(args, kwargs, 2, "num", 50), site)
        if name == "arange":
            a = [_np_plain(I, x, site) for x in args[:3]]
            try:
                count = len(range(0, int(math.ceil((a[1] - a[0]) / (a[2] if len(a) > 2 else 1)))) if len(a) > 1
                            else range(int(math.ceil(a[0]))))
            except (TypeError, ValueError, ZeroDivisionError, IndexError, OverflowError):
                count = 0
            _np_size_check((count,), site)
        if name in ("array", "asarray", "zeros_like", "ones_like"):
            if args and isinstance(args[0], (Tensor, Variable)) and I.graph_mode:
                raise AgError(f"{display}: a graph tensor has no value here; use sess.run", site.pos)
        return _np_call(I, fn, args, kwargs, site, display)
    return impl


def _np_simple(name):
    fn = getattr(np, name.rstrip("_"))

    def impl(I, args, kwargs, site):
        if name in ("tile", "repeat"):
            result_shape = None
            try:
                arr = np.asarray(_np_plain(I, args[0], site))
                reps = _np_plain(I, args[1], site)
                result_shape = (arr.size * int(np.prod(reps)),)
            except (IndexError, TypeError, ValueError):
                pass
            _np_size_check(result_shape, site)
        if name in ("outer",) and len(args) == 2:
            _np_size_check((np.size(_np_plain(I, args[0], site)), np.size(_np_plain(I, args[1], site))), site)
        return _np_call(I, fn, args, kwargs, site, f"np.{name}")
    return impl


def _np_scalar_type(name):
    fn = getattr(np, name)

    def impl(I, args, kwargs, site):
        return _np_call(I, fn, args, kwargs, site, f"np.{name}")
    return impl


def _rand_sized(method, size_from_args=False):
    def impl(I, args, kwargs, site):
        rng = I.rng
        if size_from_args:
            dims = [_np_plain(I, a, site) for a in args]
            _np_size_check(tuple(dims), site)
            _check_kwargs(kwargs, set(), f"np.random.{method}", site)
            return getattr(rng, method)(*dims)
        size = kwargs.get("size")
        names = {"randint": ("low", "high", "size", "dtype"), "normal": ("loc", "scale", "size"),
                 "uniform": ("low", "high", "size"), "random": ("size",), "random_sample": ("size",),
                 "standard_normal": ("size",), "choice": ("a", "size", "replace", "p"),
                 "binomial": ("n", "p", "size"), "poisson": ("lam", "size"), "exponential": ("scale", "size")}[method]
        if "size" in names and len(args) > names.index("size"):
            size = args[names.index("size")]
        if size is not None:
            _np_size_check(_np_plain(I, size, site), site)
        if method == "choice" and args and _is_int(args[0]):
            _np_size_check((int(args[0]),), site)
        return _np_call(I, getattr(rng, method), args, kwargs, site, f"np.random.{method}")
    return impl


def _np_seed(I, args, kwargs, site):
    seed = _arg(args, kwargs, 0, "seed", None)
    seed = _np_plain(I, seed, site)
    try:
        I.rng = np.random.RandomState(seed)
    except (TypeError, ValueError) as exc:
        raise AgError(f"np.random.seed: {exc}", site.pos) from None
    return None


def _np_shuffle(I, args, kwargs, site):
    x = _arg(args, kwargs, 0, "x", display="np.random.shuffle")
    if isinstance(x, list):
        order = I.rng.permutation(len(x))
        x[:] = [x[i] for i in order]
        return None
    if isinstance(x, np.ndarray):
        I.rng.shuffle(x)
        return None
    raise AgError("np.random.shuffle takes a list or an array", site.pos)


def _np_permutation(I, args, kwargs, site):
    x = _np_plain(I, _arg(args, kwargs, 0, "x", display="np.random.permutation"), site)
    if _is_int(x):
        _np_size_check((int(x),), site)
    return _np_call(I, I.rng.permutation, [x], {}, site, "np.random.permutation")


NP_RANDOM = {"seed": _np_seed, "randn": _rand_sized("randn", True), "rand": _rand_sized("rand", True),
             "randint": _rand_sized("randint"), "normal": _rand_sized("normal"), "uniform": _rand_sized("uniform"),
             "random": _rand_sized("random"), "random_sample": _rand_sized("random_sample"),
             "standard_normal": _rand_sized("standard_normal"), "choice": _rand_sized("choice"),
             "binomial": _rand_sized("binomial"), "poisson": _rand_sized("poisson"),
             "exponential": _rand_sized("exponential"), "shuffle": _np_shuffle, "permutation": _np_permutation}


class TypeMarker:
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"<class '{self.name}'>"


# ---------------------------------------------------------------- modules

TF_SPECIAL = {}


def _register_tf():
    t = TF_SPECIAL
    t["Variable"] = tf_variable
    t["constant"] = tf_constant
    t["convert_to_tensor"] = tf_convert
    t["placeholder"] = tf_placeholder
    t["Session"] = tf_session
    t["InteractiveSession"] = tf_interactive
    t["gradients"] = tf_gradients
    t["GradientTape"] = tf_tape
    for kind in ("assign", "assign_add", "assign_sub"):
        t[kind] = tf_assign_kind(kind)

    @lib("tf.global_variables_initializer")
    def init(I, args, kwargs, site):
        return Operation(I.unique("init"), init_vars=list(I.variables))
    t["global_variables_initializer"] = init
    t["initialize_all_variables"] = init

    @lib("tf.variables_initializer")
    def var_init(I, args, kwargs, site):
        vs = _flat(_arg(args, kwargs, 0, "var_list", display="tf.variables_initializer"))
        return Operation(I.unique("init"), init_vars=[v for v in vs if isinstance(v, Variable)])
    t["variables_initializer"] = var_init

    @lib("tf.local_variables_initializer")
    def local_init(I, args, kwargs, site):
        return Operation(I.unique("init"))
    t["local_variables_initializer"] = local_init

    @lib("tf.trainable_variables")
    def trainable(I, args, kwargs, site):
        return _trainable(I)
    t["trainable_variables"] = trainable

    @lib("tf.global_variables")
    def global_vars(I, args, kwargs, site):
        return list(I.variables)
    t["global_variables"] = global_vars

    @lib("tf.group")
    def group(I, args, kwargs, site):
        nodes, inits = [], []
        for a in args:
            for item in (a if isinstance(a, (list, tuple)) else [a]):
                if isinstance(item, Operation):
                    nodes.extend(item.nodes)
                    inits.extend(item.init_vars)
                elif isinstance(item, (Tensor, Variable)):
                    nodes.append(item.node)
                elif _is_none(item):
                    raise AgError("tf.group: an input is None" + (
                        f" (the gradient with respect to {item.x_text} is None: {item.reason})"
                        if isinstance(item, NoGradient) else ""), site.pos)
        return Operation(I.unique(kwargs.get("name") or "group_deps"), nodes, inits)
    t["group"] = group

    @lib("tf.reset_default_graph")
    def noop(I, args, kwargs, site):
        return None
    for name in ("reset_default_graph", "set_random_seed", "disable_eager_execution", "enable_eager_execution",
                 "disable_v2_behavior", "enable_v2_behavior"):
        t[name] = noop

    @lib("tf.executing_eagerly")
    def executing(I, args, kwargs, site):
        return not I.graph_mode
    t["executing_eagerly"] = executing

    @lib("tf.cast")
    def cast(I, args, kwargs, site):
        x = _arg(args, kwargs, 0, "x", display="tf.cast")
        dtype = _dtype_arg(_arg(args, kwargs, 1, "dtype", display="tf.cast"), site)
        if "cast" in BUILTINS:
            out = call_builtin(I, "cast", [x, dtype], {}, site, "tf.cast", "Cast")
        else:
            node = I.node(x, site)
            start = len(I.g.nodes)
            if dtype.startswith("int"):
                node = I.b.apply("multiply", I.b.apply("sign", node), I.b.apply("floor", I.b.apply("abs", node)))
            out = I.wrap_new(node, dtype, "Cast", start)
        if isinstance(out, Tensor):
            out.dtype = dtype
        return out
    t["cast"] = cast

    @lib("tf.identity")
    def identity(I, args, kwargs, site):
        x = _arg(args, kwargs, 0, "input", display="tf.identity")
        if "identity" in BUILTINS:
            return call_builtin(I, "identity", [x], {}, site, "tf.identity", "Identity")
        return I.tensor_op("add", [x, 0.0], [site, site], site.pos, tf_name="Identity")
    t["identity"] = identity

    @lib("tf.name_scope")
    def name_scope(I, args, kwargs, site):
        return _NameScope()
    t["name_scope"] = name_scope
    t["variable_scope"] = name_scope

    @lib("tf.hessians")
    def hessians(I, args, kwargs, site):
        return call_builtin(I, "hessians", args, kwargs, site, "tf.hessians")
    t["hessians"] = hessians


_register_tf()

TF_TYPE_MARKERS = {"Tensor": TypeMarker("Tensor"), "Variable": TypeMarker("Variable")}
UNSUPPORTED_TF = {"summary", "data", "estimator", "io", "image", "saved_model", "distribute", "debugging",
                  "strings", "sparse", "signal", "config", "test", "lite", "feature_column", "metrics",
                  "logging", "app", "flags", "layers", "contrib", "Graph", "py_function",
                  "function", "print", "Print", "map_fn", "scan", "get_variable", "Operation"}


def module_attr(I, mod, name, pos):
    path = mod.path
    full = f"{path}.{name}"
    if full in SUBMODULES:
        return Module(SUBMODULES[full])
    if path == "tf.UnconnectedGradients":
        if name in ("NONE", "ZERO"):
            return _Unconnected(name.lower())
        raise AgError(f"AttributeError: UnconnectedGradients has no member '{name}' (NONE, ZERO)", pos)
    if path.startswith("np"):
        return np_attr(I, mod, name, pos)
    if path in ("tf", "tf.compat", "tf.math", "tf.nn", "tf.linalg", "tf.random", "tf.train", "tf.losses"):
        found = _tf_attr(I, path, name, pos)
        if found is not None:
            return found
    if path == "tf.train":
        if name == "GradientDescentOptimizer":
            return _opt_factory("sgd", "tf.train.GradientDescentOptimizer")
        if name == "MomentumOptimizer":
            return _opt_factory("momentum", "tf.train.MomentumOptimizer")
        if name == "AdamOptimizer":
            return _opt_factory("adam", "tf.train.AdamOptimizer")
    if path.startswith("keras") or path == "K":
        found = _keras_attr(I, path, name, pos)
        if found is not None:
            return found
    if path.startswith("tf.unsupported"):
        return _refused_fn(f"tf.{path[len('tf.unsupported.'):]}.{name}" if path != "tf.unsupported" else
                           f"tf.{name}")
    shown = {"tf": "tensorflow", "K": "keras.backend"}.get(path, path)
    known = _known_names(path)
    raise AgError(f"AttributeError: module '{shown}' has no attribute '{name}' in the TensorFlow snippet "
                  f"subset{_suggest(name, known)}", pos)


def _refused_fn(display):
    def impl(I, args, kwargs, site):
        raise AgError(f"{display} is not part of the TensorFlow snippet subset", site.pos)
    return Fn(display, impl)


def _known_names(path):
    if path in ("tf", "tf.math", "tf.nn", "tf.linalg"):
        return list(BUILTINS) + list(TF_SPECIAL) + list(DTYPES)
    if path == "K":
        return list(K_ALIASES) + list(BUILTINS)
    return []


def _tf_attr(I, path, name, pos):
    if path == "tf":
        if name in DTYPES:
            return DTYPES[name]
        if name == "UnconnectedGradients":
            return UNCONNECTED
        if name in TF_TYPE_MARKERS:
            if name == "Variable":
                return TF_SPECIAL["Variable"]
            return TF_TYPE_MARKERS[name]
        if name in UNSUPPORTED_TF:
            if name in ("summary", "data", "estimator", "io", "image", "saved_model", "distribute", "debugging",
                        "strings", "sparse", "signal", "config", "test", "lite", "feature_column", "metrics",
                        "logging", "app", "flags", "layers", "contrib"):
                return Module(f"tf.unsupported.{name}")
            return _refused_fn(f"tf.{name}")
        if name in TF_SPECIAL:
            return TF_SPECIAL[name]
        if name == "random_normal":
            return builtin_fn("tf.random_normal", "random_normal", "random_normal")
        if name == "random_uniform":
            return builtin_fn("tf.random_uniform", "random_uniform", "random_uniform")
    if path == "tf.random":
        if name in ("normal", "uniform"):
            b = "random_" + name
            return builtin_fn(f"tf.random.{name}", b, b)
        if name == "set_seed":
            return TF_SPECIAL["reset_default_graph"]
    if path == "tf.losses" and name == "mean_squared_error":
        def mse(I, args, kwargs, site):
            kwargs = dict(kwargs)
            labels = _arg(args, kwargs, 0, "labels", display="tf.losses.mean_squared_error")
            preds = _arg(args, kwargs, 1, "predictions", display="tf.losses.mean_squared_error")
            per_sample = call_builtin(I, "mean_squared_error", [labels, preds], {}, site,
                                      "tf.losses.mean_squared_error", "mean_squared_error")
            # TF1's tf.losses.mean_squared_error is the mean over every element
            return call_builtin(I, "reduce_mean", [per_sample], {}, site, "tf.losses.mean_squared_error",
                                "mean_squared_error")
        return Fn("tf.losses.mean_squared_error", mse)
    if path == "tf.train":
        return None
    bname = TF_ALIASES.get(name, name)
    if bname in BUILTINS and bname not in ("variable", "placeholder", "assign", "assign_add", "assign_sub"):
        prefix = {"tf": "tf"}.get(path, path)
        return builtin_fn(f"{prefix}.{name}", bname)
    return None


def _keras_attr(I, path, name, pos):
    if path == "keras":
        if name == "Sequential":
            return keras_sequential
        if name == "backend":
            return Module("K")
        if name in ("Model", "Input"):
            return _refused_fn(f"tf.keras.{name} (the functional API)")
        return None
    if path == "keras.models" and name == "Sequential":
        return keras_sequential
    if path == "keras.layers":
        if name == "Dense":
            return keras_dense
        return _refused_fn(f"tf.keras.layers.{name}")
    if path == "keras.losses":
        if name in LOSSES:
            return _loss_class(name)
        fn_names = {"categorical_crossentropy": "categorical_crossentropy", "mean_squared_error": "mean_squared_error",
                    "mse": "mean_squared_error", "binary_crossentropy": "binary_crossentropy",
                    "sparse_categorical_crossentropy": "sparse_categorical_crossentropy",
                    "mean_absolute_error": "mean_absolute_error", "mae": "mean_absolute_error"}
        if name in fn_names and fn_names[name] in BUILTINS:
            return builtin_fn(f"tf.keras.losses.{name}", fn_names[name], fn_names[name])
        return None
    if path == "keras.optimizers":
        if name == "SGD":
            return _opt_factory("sgd", "tf.keras.optimizers.SGD", keras=True)
        if name == "Adam":
            return _opt_factory("adam", "tf.keras.optimizers.Adam", keras=True)
        return None
    if path == "keras.activations":
        if name in ACTIVATIONS and ACTIVATIONS[name] in BUILTINS:
            b = ACTIVATIONS[name]

            def act(I, args, kwargs, site, b=b):
                out = call_builtin(I, b, args, kwargs, site, f"tf.keras.activations.{name}")
                if b == "softmax" and isinstance(out, Tensor):
                    out.keras_softmax = True
                return out
            return Fn(f"tf.keras.activations.{name}", act)
        if name == "linear":
            return Fn("tf.keras.activations.linear", lambda I, a, k, s: a[0])
        return None
    if path == "keras.initializers":
        kinds = {"Zeros": "zeros", "Ones": "ones", "Constant": "constant", "RandomNormal": "random_normal",
                 "RandomUniform": "random_uniform", "GlorotUniform": "glorot_uniform",
                 "GlorotNormal": "glorot_normal", "HeNormal": "he_normal", "HeUniform": "he_uniform",
                 "TruncatedNormal": "truncated_normal", "zeros": "zeros", "ones": "ones",
                 "LecunNormal": "lecun_normal", "LecunUniform": "lecun_uniform"}
        if name in kinds:
            kind = kinds[name]
            order = {"constant": ("value",), "random_normal": ("mean", "stddev", "seed"),
                     "random_uniform": ("minval", "maxval", "seed"),
                     "truncated_normal": ("mean", "stddev", "seed")}.get(kind, ("seed",))

            def init(I, args, kwargs, site, kind=kind, order=order):
                params = {n: a for n, a in zip(order, args)}
                params.update(kwargs)
                return (kind, {k: _np_plain(I, v, site) for k, v in params.items()})
            return Fn(f"tf.keras.initializers.{name}", init)
        return None
    if path == "K":
        special = {"variable": k_variable, "placeholder": k_placeholder, "constant": tf_constant,
                   "gradients": Fn("K.gradients", lambda I, a, k, s: tf_gradients.impl(I, a, k, s)),
                   "get_session": k_get_session}
        if name in special:
            return special[name]
        if name in ("get_value", "eval"):
            def get_value(I, args, kwargs, site):
                x = _arg(args, kwargs, 0, "x", display=f"K.{name}")
                if not isinstance(x, (Tensor, Variable)):
                    return x
                if not I.graph_mode:
                    return I.plain(x, site)
                sess = I.sessions[-1] if I.sessions else I.interactive
                if sess is None:
                    sess = k_get_session.impl(I, [], {}, site)
                if isinstance(x, Variable) and x.node.id not in sess.state:
                    sess.state[x.node.id] = np.asarray(x.initial)
                return session_run(I, sess, x, None, site)
            return Fn(f"K.{name}", get_value)
        if name == "epsilon":
            return Fn("K.epsilon", lambda I, a, k, s: 1e-7)
        bname = K_ALIASES.get(name, name)
        if bname in BUILTINS:
            return builtin_fn(f"K.{name}", bname)
        return None
    return None


# ---------------------------------------------------------------- attributes of values

LIST_METHODS = {"append", "extend", "pop", "insert", "index", "count", "reverse", "copy", "clear", "remove"}
DICT_METHODS = {"items", "keys", "values", "get", "update", "pop", "copy", "setdefault"}
STR_METHODS = {"format", "join", "upper", "lower", "strip", "lstrip", "rstrip", "split", "replace", "startswith",
               "endswith", "ljust", "rjust", "center", "zfill", "title", "capitalize", "count", "find",
               "splitlines", "isdigit"}
ARRAY_ATTRS = {"shape", "dtype", "ndim", "size", "T"}
ARRAY_METHODS = {"astype", "reshape", "flatten", "ravel", "sum", "mean", "max", "min", "std", "var", "argmax",
                 "argmin", "prod", "cumsum", "tolist", "item", "copy", "squeeze", "transpose", "dot", "round",
                 "clip", "any", "all"}


def attribute(I, obj, name, e):
    pos = e.pos
    if isinstance(obj, (Tensor, Variable)):
        return tensor_attr(I, obj, name, e)
    if isinstance(obj, Session):
        if name == "run":
            def run_(I, sess, args, kwargs, site):
                _check_kwargs(kwargs, {"fetches", "feed_dict", "options", "run_metadata"}, "Session.run", site)
                fetches = _arg(args, kwargs, 0, "fetches", display="Session.run")
                feed = _arg(args, kwargs, 1, "feed_dict", None)
                return session_run(I, sess, fetches, feed, site)
            return BoundMethod(obj, name, run_)
        if name == "close":
            def close(I, sess, args, kwargs, site):
                sess.closed = True
                if I.interactive is sess:
                    I.interactive = None
                return None
            return BoundMethod(obj, name, close)
        if name == "as_default":
            return BoundMethod(obj, name, lambda I, sess, a, k, s: sess)
        raise AgError(f"AttributeError: 'Session' object has no attribute '{name}' in the snippet subset "
                      "(run, close, as_default)", pos)
    if isinstance(obj, Operation):
        if name == "run":
            def op_run(I, op, args, kwargs, site):
                sess = default_session(I, site, kwargs.get("session"))
                session_run(I, sess, op, kwargs.get("feed_dict", args[0] if args else None), site)
                return None
            return BoundMethod(obj, name, op_run)
        if name == "name":
            return obj.name
        if name == "type":
            return obj.type
        raise AgError(f"AttributeError: 'Operation' object has no attribute '{name}' in the snippet subset", pos)
    if isinstance(obj, Tape):
        if name == "watch":
            return BoundMethod(obj, name, lambda I, t, a, k, s: tape_watch(I, t, a, k, s))
        if name == "gradient":
            return BoundMethod(obj, name, lambda I, t, a, k, s: tape_gradient(I, t, a, k, s))
        if name == "jacobian":
            return BoundMethod(obj, name, lambda I, t, a, k, s: tape_gradient(I, t, a, k, s, "jacobian"))
        raise AgError(f"AttributeError: 'GradientTape' object has no attribute '{name}' in the snippet subset "
                      "(watch, gradient, jacobian)", pos)
    if isinstance(obj, Optimizer):
        return opt_method(I, obj, name, e)
    if isinstance(obj, (Dense, Sequential)):
        return keras_attr(I, obj, name, e)
    if isinstance(obj, KerasLoss):
        if name == "name":
            return obj.name
        raise AgError(f"AttributeError: '{obj.kind}' object has no attribute '{name}'", pos)
    if isinstance(obj, _Unconnected) and name == "value":
        return obj.value
    if isinstance(obj, DType):
        if name == "name":
            return obj.name
        if name == "as_numpy_dtype":
            return Fn(f"np.{obj.name}", _np_scalar_type(obj.name if obj.name != "bool" else "bool_"))
        raise AgError(f"AttributeError: 'DType' object has no attribute '{name}'", pos)
    if isinstance(obj, str) and name in STR_METHODS:
        if name == "format":
            return BoundMethod(obj, name, lambda I, s, a, k, site: str_format(I, s, a, k, site))
        return BoundMethod(obj, name, _plain_method)
    if isinstance(obj, list) and name in LIST_METHODS:
        return BoundMethod(obj, name, _plain_method)
    if isinstance(obj, dict) and name in DICT_METHODS:
        return BoundMethod(obj, name, _plain_method)
    if isinstance(obj, (np.ndarray, np.generic)):
        if name in ARRAY_ATTRS:
            value = getattr(obj, name)
            return value
        if name in ARRAY_METHODS:
            return BoundMethod(obj, name, _array_method)
    raise AgError(f"AttributeError: '{I.type_name(obj)}' object has no attribute '{name}'"
                  + ("" if not isinstance(obj, (list, dict, str, np.ndarray, np.generic))
                     else " in the TensorFlow snippet subset"), pos)


def _plain_method(I, obj, args, kwargs, site):
    name = site.func.attr if hasattr(site, "func") and hasattr(site.func, "attr") else None
    if name is None:
        raise AgError("method call not supported here", site.pos)
    args = list(args)
    if isinstance(obj, str) and name == "join":
        items = I.iterate(args[0], site) if args else []
        if not all(isinstance(i, str) for i in items):
            raise AgError("TypeError: sequence item: expected str instance", site.pos)
        return obj.join(items)
    if isinstance(obj, str) and name in ("ljust", "rjust", "center", "zfill") and args and _is_int(args[0]):
        if int(args[0]) > MAX_SEQUENCE:
            raise AgError("the string would be too long", site.pos)
    if isinstance(obj, str):
        for a in args:
            if not isinstance(a, (str, int)) and a is not None:
                raise AgError(f"TypeError: str.{name}() got {I.describe(a)}", site.pos)
    if isinstance(obj, list) and name == "extend":
        args = [I.iterate(args[0], site)] if args else args
    if isinstance(obj, dict) and name == "update" and args and not isinstance(args[0], dict):
        raise AgError("dict.update takes a dict here", site.pos)
    if isinstance(obj, dict) and name in ("get", "pop", "setdefault") and args:
        args[0] = I.hashable(args[0], site)
    if isinstance(obj, list) and name in ("index", "count", "remove") and args:
        matches = [i for i, v in enumerate(obj) if I.equal_plain(v, args[0])]
        if name == "count":
            return len(matches)
        if not matches:
            raise AgError(f"ValueError: {I.py_repr(args[0])} is not in list", site.pos)
        if name == "index":
            return matches[0]
        del obj[matches[0]]
        return None
    try:
        result = getattr(obj, name)(*args, **kwargs)
    except (TypeError, ValueError, IndexError, KeyError) as exc:
        raise AgError(f"{type(exc).__name__}: {exc}", site.pos) from None
    if name in ("items", "keys", "values"):
        return [tuple(x) if isinstance(x, tuple) else x for x in result]
    return result


def _array_method(I, obj, args, kwargs, site):
    name = site.func.attr
    args = [_np_plain(I, a, site) for a in args]
    kwargs = {k: _np_plain(I, v, site) for k, v in kwargs.items()}
    if name == "astype" and args and isinstance(args[0], str) and args[0] not in NP_DTYPES:
        raise AgError(f"astype: unknown dtype {args[0]!r}", site.pos)
    try:
        return getattr(obj, name)(*args, **kwargs)
    except (TypeError, ValueError, IndexError) as exc:
        raise AgError(f"{type(exc).__name__}: {exc}", site.pos) from None


def tensor_attr(I, obj, name, e):
    pos = e.pos
    is_var = isinstance(obj, Variable)
    if name == "name":
        if isinstance(obj, Tensor) and obj.eager:
            raise AgError("AttributeError: Tensor.name is undefined when eager execution is enabled.", pos)
        return f"{obj.name}:0"
    if name == "shape":
        return TensorShape(shape_of(I, obj))
    if name == "get_shape":
        return Fn("get_shape", lambda I, a, k, s: TensorShape(shape_of(I, obj)))
    if name == "dtype":
        return DTYPES.get(obj.dtype, DType(obj.dtype))
    if name == "T":
        return I.tensor_op("transpose", [obj], [e], pos, tf_name="transpose")
    if name == "ndim":
        return len(obj.node.shape)
    if name == "numpy":
        if I.graph_mode:
            raise AgError(f"AttributeError: '{'RefVariable' if is_var else 'Tensor'}' object has no attribute "
                          "'numpy' (graph mode: use sess.run(...) or .eval())", pos)
        return Fn("numpy", lambda I, a, k, s: I.plain(obj, s))
    if name == "eval":
        def eval_(I, args, kwargs, site):
            if not I.graph_mode:
                return I.plain(obj, site)
            sess = default_session(I, site, kwargs.get("session"))
            return session_run(I, sess, obj, kwargs.get("feed_dict", args[0] if args else None), site)
        return Fn("eval", eval_)
    if is_var:
        if name in ("assign", "assign_add", "assign_sub"):
            def assign(I, args, kwargs, site, kind=name):
                value = _arg(args, kwargs, 0, "value", display=kind)
                return do_assign(I, kind, obj, value, site, kwargs.get("name"))
            return Fn(name, assign)
        if name == "initializer":
            return Operation(f"{obj.name}/Assign", init_vars=[obj], type_="Assign")
        if name == "initial_value":
            start = len(I.g.nodes)
            return I.wrap_new(I.g.const(np.asarray(obj.initial)), obj.dtype, f"{obj.name}/initial_value", start)
        if name in ("value", "read_value"):
            return Fn(name, lambda I, a, k, s: obj)
        if name == "trainable":
            return obj.trainable
    raise AgError(f"AttributeError: '{I.type_name(obj)}' object has no attribute '{name}' in the TensorFlow "
                  "snippet subset (name, shape, dtype, T, numpy, eval" + (", assign, assign_add, assign_sub, "
                                                                        "initializer" if is_var else "") + ")", pos)


class TensorShape(tuple):
    """A tensor's shape: a tuple that prints as TensorFlow's TensorShape does."""

    def as_list(self):
        return list(self)


def shape_of(I, obj):
    declared = I.declared.get(obj.node.id, ...)
    if declared is None:
        return None
    if declared is not ...:
        return tuple(declared)
    return tuple(obj.node.shape)


def keras_attr(I, obj, name, e):
    pos = e.pos
    if name in ("trainable_variables", "trainable_weights", "variables", "weights"):
        layers = obj.layers if isinstance(obj, Sequential) else [obj]
        out = []
        for layer in _all_layers(layers):
            out += [v for v in (layer.kernel, layer.bias) if v is not None]
        return out
    if name == "get_weights":
        def get(I, args, kwargs, site):
            return [I.as_numpy(I.values.get(v.node.id, v.initial), v.dtype)
                    for v in keras_attr(I, obj, "weights", e)]
        return Fn("get_weights", get)
    if name == "name":
        return obj.name
    if isinstance(obj, Sequential):
        if name == "layers":
            return list(obj.layers)
        if name == "add":
            def add(I, args, kwargs, site):
                layer = _arg(args, kwargs, 0, "layer", display="add")
                if not isinstance(layer, (Dense, Sequential)):
                    raise AgError(f"Sequential.add takes a Keras layer, got {I.describe(layer)}", site.pos)
                obj.layers.append(layer)
                return None
            return Fn("add", add)
    else:
        if name in ("kernel", "bias"):
            value = getattr(obj, name)
            if value is None:
                raise AgError(f"AttributeError: the layer {obj.name} has no {name} yet (it is built on its "
                              "first call)", pos)
            return value
        if name == "units":
            return obj.units
    raise AgError(f"AttributeError: the Keras object has no attribute '{name}' in the TensorFlow snippet subset",
                  pos)


def _all_layers(layers):
    out = []
    for layer in layers:
        if isinstance(layer, Sequential):
            out += _all_layers(layer.layers)
        else:
            out.append(layer)
    return out


# ---------------------------------------------------------------- printing

def _legacy():
    return np.printoptions(legacy="1.25")


def shape_text(shape, tf1=False):
    if shape is None:
        return "<unknown>"
    dims = ["?" if (d is None and tf1) else str(d) for d in shape]
    if len(dims) == 1:
        return f"({dims[0]},)"
    return "(" + ", ".join(dims) + ")"


def py_repr(I, value):
    with _legacy():
        return _repr(I, value)


def py_str(I, value):
    with _legacy():
        return _str(I, value)


def _repr(I, v):
    if v is None or isinstance(v, NoGradient):
        return "None"
    if isinstance(v, (bool, int, str, range)):
        return repr(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, TensorShape):
        return f"TensorShape({list(v)!r})"
    if isinstance(v, (np.ndarray, np.generic)):
        return repr(v)
    if isinstance(v, list):
        return "[" + ", ".join(_repr(I, x) for x in v) + "]"
    if isinstance(v, tuple):
        if len(v) == 1:
            return "(" + _repr(I, v[0]) + ",)"
        return "(" + ", ".join(_repr(I, x) for x in v) + ")"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_repr(I, k)}: {_repr(I, x)}" for k, x in v.items()) + "}"
    if isinstance(v, Tensor):
        if v.eager:
            return (f"<tf.Tensor: shape={shape_text(v.node.shape)}, dtype={v.dtype}, "
                    f"numpy={repr(I.plain(v, None))}>")
        return f"<tf.Tensor '{v.name}:0' shape={shape_text(shape_of(I, v), True)} dtype={v.dtype}>"
    if isinstance(v, Variable):
        if v.eager:
            return (f"<tf.Variable '{v.name}:0' shape={shape_text(v.node.shape)} dtype={v.dtype}, "
                    f"numpy={repr(I.plain(v, None))}>")
        return f"<tf.Variable '{v.name}:0' shape={shape_text(v.node.shape, True)} dtype={v.dtype}_ref>"
    if isinstance(v, Operation):
        return f"<tf.Operation '{v.name}' type={v.type}>"
    if isinstance(v, DType):
        return repr(v)
    if isinstance(v, Module):
        return repr(v)
    if isinstance(v, (Fn, UserFunction, BoundMethod)):
        return f"<function {getattr(v, 'name', '?')}>"
    if isinstance(v, Session):
        return "<tensorflow.python.client.session.Session object>"
    if isinstance(v, Tape):
        return "<tensorflow.python.eager.backprop.GradientTape object>"
    if isinstance(v, Dense):
        return "<keras.layers.core.dense.Dense object>"
    if isinstance(v, Sequential):
        return "<keras.engine.sequential.Sequential object>"
    if isinstance(v, Optimizer):
        return f"<tensorflow.python.training.{v.name}Optimizer object>"
    if isinstance(v, KerasLoss):
        return f"<keras.losses.{v.kind} object>"
    if isinstance(v, _Unconnected):
        return repr(v)
    if isinstance(v, TypeMarker):
        return repr(v)
    return f"<{type(v).__name__} object>"


def _str(I, v):
    if isinstance(v, str):
        return v
    if isinstance(v, TensorShape):
        if v is None:
            return "<unknown>"
        return shape_text(["None" if d is None else d for d in v]) if len(v) != 1 else f"({v[0]},)"
    if isinstance(v, (np.ndarray, np.generic)):
        return str(v)
    if isinstance(v, Tensor) and v.eager:
        text = str(I.plain(v, None))
        if "\n" in text:
            text = "\n" + text
        return f"tf.Tensor({text}, shape={shape_text(v.node.shape)}, dtype={v.dtype})"
    if isinstance(v, Operation):
        return f'name: "{v.name}"\nop: "{v.type}"\n'
    if isinstance(v, DType):
        return str(v)
    return _repr(I, v)


def json_value(I, v):
    if isinstance(v, str) or v is None or isinstance(v, (bool, int, float)):
        return v
    if isinstance(v, NoGradient):
        return None
    if isinstance(v, (np.ndarray, np.generic)):
        return np.asarray(v).tolist()
    if isinstance(v, (list, tuple)):
        return [json_value(I, x) for x in v]
    if isinstance(v, dict):
        return {py_str(I, k) if not isinstance(k, str) else k: json_value(I, x) for k, x in v.items()}
    if isinstance(v, Tensor):
        if v.eager:
            return np.asarray(I.plain(v, None)).tolist()
        value = graph_value(I, v)
        return {"tensor": py_str(I, v), "value": None if value is None else
                np.asarray(I.as_numpy(value, v.dtype)).tolist()}
    if isinstance(v, Variable):
        if v.eager:
            value = I.values.get(v.node.id, v.initial)
        else:
            session = I.sessions[-1] if I.sessions else I.interactive
            value = session.state.get(v.node.id, v.initial) if session is not None else v.initial
        return {"tensor": py_str(I, v), "value": np.asarray(I.as_numpy(value, v.dtype)).tolist()}
    return py_str(I, v)


def format_field(I, value, conversion, spec, expr):
    if conversion == "r":
        value = py_repr(I, value)
    elif conversion == "s":
        value = py_str(I, value)
    elif conversion == "a":
        value = ascii(py_repr(I, value))
    if not spec:
        return py_str(I, value)
    if isinstance(value, Tensor) and value.eager:
        value = I.plain(value, expr)
    if isinstance(value, Variable) and value.eager:
        value = I.plain(value, expr)
    if isinstance(value, (str, int, float, bool, np.generic)) or (isinstance(value, np.ndarray) and value.ndim == 0):
        try:
            with _legacy():
                return format(value, spec)
        except (ValueError, TypeError) as exc:
            raise AgError(f"{type(exc).__name__}: {exc}", getattr(expr, "pos", None)) from None
    raise AgError(f"TypeError: unsupported format string passed to {I.type_name(value)}.__format__",
                  getattr(expr, "pos", None))


def str_format(I, fmt, args, kwargs, site):
    auto = [0]
    manual = [False]

    def resolve(field_name):
        if field_name == "":
            if manual[0]:
                raise AgError("ValueError: cannot switch from manual field specification to automatic field "
                              "numbering", site.pos)
            k = auto[0]
            auto[0] += 1
            if k >= len(args):
                raise AgError(f"IndexError: Replacement index {k} out of range for positional args tuple",
                              site.pos)
            return args[k]
        if any(c in field_name for c in ".["):
            raise AgError("attribute and index access inside a format field ({0.name}, {0[1]}) is not part of "
                          "the TensorFlow snippet subset: pass the value itself", site.pos)
        if field_name.isdigit():
            manual[0] = True
            k = int(field_name)
            if k >= len(args):
                raise AgError(f"IndexError: Replacement index {k} out of range for positional args tuple",
                              site.pos)
            return args[k]
        if field_name not in kwargs:
            raise AgError(f"KeyError: '{field_name}'", site.pos)
        return kwargs[field_name]

    def render(text, depth=0):
        if depth > 2:
            raise AgError("ValueError: Max string recursion exceeded", site.pos)
        out = []
        try:
            import string

            parsed = list(string.Formatter().parse(text))
        except ValueError as exc:
            raise AgError(f"ValueError: {exc}", site.pos) from None
        for literal, field_name, spec, conversion in parsed:
            out.append(literal)
            if field_name is None:
                continue
            value = resolve(field_name)
            spec = render(spec, depth + 1) if spec and "{" in spec else (spec or "")
            out.append(format_field(I, value, conversion or "", spec, site))
        return "".join(out)
    result = render(fmt)
    if len(result) > MAX_SEQUENCE:
        raise AgError("the string would be too long", site.pos)
    return result


# ---------------------------------------------------------------- Python built-ins

def _print(I, args, kwargs, site):
    _check_kwargs(kwargs, {"sep", "end", "flush", "file"}, "print", site)
    if kwargs.get("file") is not None:
        raise AgError("print(file=...) is not part of the TensorFlow snippet subset (output goes to stdout)",
                      site.pos)
    sep = kwargs.get("sep", " ")
    end = kwargs.get("end", "\n")
    sep = " " if sep is None else sep
    end = "\n" if end is None else end
    if not isinstance(sep, str) or not isinstance(end, str):
        raise AgError("TypeError: sep and end must be strings", site.pos)
    text = sep.join(py_str(I, a) for a in args) + end
    I.output_size = getattr(I, "output_size", 0) + len(text)
    if I.output_size > 50_000_000:
        raise AgError("the snippet printed more than 50 MB; stopped", site.pos)
    I.emit(text, line_of(site.pos), [json_value(I, a) for a in args])
    return None


def _len(I, args, kwargs, site):
    if len(args) != 1 or kwargs:
        raise AgError("TypeError: len() takes exactly one argument", site.pos)
    v = args[0]
    if isinstance(v, (list, tuple, str, dict, range)):
        return len(v)
    if isinstance(v, np.ndarray):
        if v.ndim == 0:
            raise AgError("TypeError: len() of unsized object", site.pos)
        return len(v)
    if isinstance(v, (Tensor, Variable)):
        if not v.node.shape:
            raise AgError("TypeError: len() of a scalar tensor", site.pos)
        return v.node.shape[0]
    raise AgError(f"TypeError: object of type '{I.type_name(v)}' has no len()", site.pos)


def _range(I, args, kwargs, site):
    if kwargs or not 1 <= len(args) <= 3:
        raise AgError("TypeError: range expected 1 to 3 integer arguments", site.pos)
    ints = []
    for a in args:
        if isinstance(a, (Tensor, Variable)) and not I.graph_mode and not a.node.shape:
            a = I.plain(a, site)
        if not _is_int(a):
            raise AgError(f"TypeError: '{I.type_name(a)}' object cannot be interpreted as an integer", site.pos)
        ints.append(int(a))
    try:
        r = range(*ints)
    except ValueError as exc:
        raise AgError(f"ValueError: {exc}", site.pos) from None
    if len(r) > MAX_SEQUENCE:
        raise AgError(f"range of {len(r):,} items is too long for a snippet", site.pos)
    return r


def _zip(I, args, kwargs, site):
    if kwargs:
        raise AgError("zip() takes no keyword arguments here", site.pos)
    seqs = [I.iterate(a, site) for a in args]
    return list(zip(*seqs))


def _enumerate(I, args, kwargs, site):
    seq = I.iterate(_arg(args, kwargs, 0, "iterable", display="enumerate"), site)
    start = _arg(args, kwargs, 1, "start", 0)
    if not _is_int(start):
        raise AgError("enumerate's start must be an integer", site.pos)
    return list(enumerate(seq, int(start)))


def _number(kind):
    def impl(I, args, kwargs, site):
        if kwargs or len(args) > (2 if kind == "int" else 1):
            raise AgError(f"TypeError: {kind}() takes at most one argument here", site.pos)
        if not args:
            return {"float": 0.0, "int": 0, "bool": False}[kind]
        v = args[0]
        if isinstance(v, (Tensor, Variable)):
            if I.graph_mode:
                raise AgError(f"TypeError: {kind}() argument must be a number, not 'Tensor' (graph mode: use "
                              "sess.run(...) first)", site.pos)
            v = I.plain(v, site)
        if isinstance(v, NoGradient):
            raise AgError(f"TypeError: {kind}() argument must be a string or a number, not 'NoneType' (the "
                          f"gradient with respect to {v.x_text} is None: {v.reason})", site.pos)
        if kind == "bool":
            return I.truth(v, site)
        if isinstance(v, np.ndarray) and v.size != 1:
            raise AgError("TypeError: only size-1 arrays can be converted to Python scalars", site.pos)
        if not isinstance(v, (str, int, float, bool, np.generic, np.ndarray)):
            raise AgError(f"TypeError: {kind}() argument must be a string or a number, not "
                          f"'{I.type_name(v)}'", site.pos)
        try:
            if kind == "int" and len(args) == 2:
                return int(v, int(args[1]))
            if isinstance(v, str) and len(v) > 5000:
                raise AgError(f"ValueError: the string is too long for {kind}()", site.pos)
            return float(v) if kind == "float" else int(v)
        except (ValueError, TypeError, OverflowError) as exc:
            raise AgError(f"{type(exc).__name__}: {exc}", site.pos) from None
    return impl


def _str_fn(I, args, kwargs, site):
    if kwargs or len(args) > 1:
        raise AgError("TypeError: str() takes one argument here", site.pos)
    return py_str(I, args[0]) if args else ""


def _repr_fn(I, args, kwargs, site):
    if kwargs or len(args) != 1:
        raise AgError("TypeError: repr() takes exactly one argument", site.pos)
    return py_repr(I, args[0])


def _abs(I, args, kwargs, site):
    if kwargs or len(args) != 1:
        raise AgError("TypeError: abs() takes exactly one argument", site.pos)
    v = args[0]
    if isinstance(v, (Tensor, Variable)):
        return I.tensor_op("abs", [v], [site], site.pos, tf_name="Abs")
    if not isinstance(v, (int, float, bool, np.ndarray, np.generic)):
        raise AgError(f"TypeError: bad operand type for abs(): '{I.type_name(v)}'", site.pos)
    return abs(v)


def _minmax(kind):
    def impl(I, args, kwargs, site):
        _check_kwargs(kwargs, {"default"}, kind, site)
        items = I.iterate(args[0], site) if len(args) == 1 else list(args)
        if not items:
            if "default" in kwargs:
                return kwargs["default"]
            raise AgError(f"ValueError: {kind}() arg is an empty sequence", site.pos)
        items = [I.plain(v, site) if isinstance(v, (Tensor, Variable)) else v for v in items]
        best = items[0]
        for v in items[1:]:
            better = I.py_binary(
                (lambda a, b: a < b) if kind == "min" else (lambda a, b: a > b), v, best, site.pos, "<")
            if I.truth(better, site):
                best = v
        return best
    return impl


def _sum(I, args, kwargs, site):
    if not args:
        raise AgError("TypeError: sum() takes at least 1 positional argument", site.pos)
    items = I.iterate(args[0], site)
    total = args[1] if len(args) > 1 else kwargs.get("start", 0)
    for v in items:
        total = I.binop("+", total, v, site, site, site.pos)
    return total


def _round(I, args, kwargs, site):
    v = _arg(args, kwargs, 0, "number", display="round")
    nd = _arg(args, kwargs, 1, "ndigits", None)
    if isinstance(v, (Tensor, Variable)):
        return I.tensor_op("round", [v], [site], site.pos, tf_name="Round")
    if not isinstance(v, (int, float, np.generic, np.ndarray)) or isinstance(v, bool) and False:
        raise AgError(f"TypeError: type {I.type_name(v)} doesn't define __round__ method", site.pos)
    if nd is not None and not _is_int(nd):
        raise AgError("TypeError: ndigits must be an integer", site.pos)
    try:
        return round(v, nd) if nd is not None else round(v)
    except (TypeError, ValueError, OverflowError) as exc:
        raise AgError(f"{type(exc).__name__}: {exc}", site.pos) from None


def _list(I, args, kwargs, site):
    if kwargs or len(args) > 1:
        raise AgError("TypeError: list() takes at most 1 argument", site.pos)
    return list(I.iterate(args[0], site)) if args else []


def _tuple(I, args, kwargs, site):
    if kwargs or len(args) > 1:
        raise AgError("TypeError: tuple() takes at most 1 argument", site.pos)
    return tuple(I.iterate(args[0], site)) if args else ()


def _dict(I, args, kwargs, site):
    out = {}
    if args:
        src = args[0]
        if isinstance(src, dict):
            out.update(src)
        else:
            for item in I.iterate(src, site):
                if not isinstance(item, (list, tuple)) or len(item) != 2:
                    raise AgError("dict() takes (key, value) pairs", site.pos)
                out[I.hashable(item[0], site)] = item[1]
    out.update(kwargs)
    return out


PY_TYPES = {"int": (int,), "float": (float,), "str": (str,), "list": (list,), "tuple": (tuple,), "dict": (dict,),
            "bool": (bool,), "range": (range,)}


def _isinstance(I, args, kwargs, site):
    if kwargs or len(args) != 2:
        raise AgError("TypeError: isinstance expected 2 arguments", site.pos)
    value, types = args
    for t in (types if isinstance(types, tuple) else (types,)):
        if isinstance(t, Fn) and t.name in PY_TYPES:
            if isinstance(value, PY_TYPES[t.name]) and not (t.name == "int" and isinstance(value, bool)):
                return True
            if t.name == "float" and isinstance(value, np.floating):
                return True
        elif isinstance(t, Fn) and t.name.startswith("np.") and isinstance(value, np.generic):
            if type(value).__name__ == t.name[3:]:
                return True
        elif isinstance(t, TypeMarker):
            if t.name == "Tensor" and isinstance(value, Tensor):
                return True
            if t.name == "Variable" and isinstance(value, Variable):
                return True
            if t.name == "numpy.ndarray" and isinstance(value, np.ndarray):
                return True
        elif isinstance(t, Fn) and t.name == "tf.Variable":
            if isinstance(value, Variable):
                return True
        else:
            raise AgError("TypeError: isinstance() arg 2 must be a type or tuple of types", site.pos)
    return False


def _sorted(I, args, kwargs, site):
    _check_kwargs(kwargs, {"reverse"}, "sorted", site)
    items = [I.plain(v, site) if isinstance(v, (Tensor, Variable)) else v for v in I.iterate(args[0], site)]
    for v in items:
        if not isinstance(v, (int, float, str, np.generic)):
            raise AgError("sorted() sorts numbers or strings here", site.pos)
    try:
        return sorted(items, reverse=bool(kwargs.get("reverse", False)))
    except TypeError as exc:
        raise AgError(f"TypeError: {exc}", site.pos) from None


def _reversed(I, args, kwargs, site):
    return list(reversed(I.iterate(args[0], site)))


def _any_all(kind):
    def impl(I, args, kwargs, site):
        items = I.iterate(args[0], site)
        truths = (I.truth(v, site) for v in items)
        return any(truths) if kind == "any" else all(truths)
    return impl


def _map(I, args, kwargs, site):
    if len(args) < 2:
        raise AgError("TypeError: map() must have at least two arguments.", site.pos)
    fn = args[0]
    seqs = [I.iterate(a, site) for a in args[1:]]
    return [I.invoke(fn, list(items), {}, site) for items in zip(*seqs)]


PY_BUILTINS = {
    "print": _print, "len": _len, "range": _range, "zip": _zip, "enumerate": _enumerate,
    "float": _number("float"), "int": _number("int"), "bool": _number("bool"), "str": _str_fn,
    "repr": _repr_fn, "abs": _abs, "min": _minmax("min"), "max": _minmax("max"), "sum": _sum,
    "round": _round, "list": _list, "tuple": _tuple, "dict": _dict, "isinstance": _isinstance,
    "sorted": _sorted, "reversed": _reversed, "any": _any_all("any"), "all": _any_all("all"), "map": _map,
}
