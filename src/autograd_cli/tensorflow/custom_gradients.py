"""Gradients the user writes: `tf.custom_gradient`, and `tf.RegisterGradient` used through
`Graph.gradient_override_map` (the straight-through estimator of TF1 posts).

Either becomes the op table's `custom_gradient` node: its value is the forward's, and its
gradient rule lowers the user's Python gradient function, traced into a FuncGraph
(tracing.py), onto the engine graph being differentiated, so the gradient is made of
ordinary engine nodes (printed, explained, differentiated again).

A custom_gradient's grad function is traced when the decorated function is called (TF calls
it when the gradient is taken: a `print` inside it runs at the call here); a registered
gradient function is traced when the gradient is taken, as in TensorFlow. A gradient
function of an op with several outputs is applied to each output's upstream gradient in
turn (the others zero) and the parts summed: the same for every gradient linear in its
upstream gradients.
"""
from __future__ import annotations

import functools
import inspect

from autograd_cli.tensorflow.core import HOOKS, convert_to_tensor, ctx, make_op
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.lowering import Recipe
from autograd_cli.tensorflow.lowering import _flatten, _rebuild
from autograd_cli.tensorflow.tracing import lower_traced, trace


# ---------------------------------------------------------------- tf.custom_gradient

@tf_export("custom_gradient")
def custom_gradient(f=None):
    """`@tf.custom_gradient`: f(*x) returns (y, grad_fn); grad_fn(*dy) returns one gradient
    per x (and, with `variables=`, the gradients of the variables f read)."""
    if f is None:
        return lambda func: custom_gradient(func)

    @functools.wraps(f)
    def decorated(*args, **kwargs):
        return _custom_call(f, args, kwargs)
    return decorated


class _CustomSpec:
    """A custom gradient's traced grad function and where its captures are among the op's inputs."""

    __slots__ = ("trace", "n_results", "n_xs", "capture_at", "name")

    def __init__(self, tr, n_results, n_xs, capture_at, name):
        self.trace, self.n_results, self.n_xs, self.capture_at, self.name = tr, n_results, n_xs, capture_at, name

    def __repr__(self):
        return f"<custom gradient of {self.name}>"

    def gradients(self, g, k, dy, nodes):
        """One node (or None) per x: the grad function at upstream dy for result k."""
        upstream = [dy if j == k else g.zeros(nodes[j].shape) for j in range(self.n_results)]
        return lower_traced(g, self.trace, upstream, [nodes[at] for at in self.capture_at])


def _lower_custom(L, *nodes, spec, key):
    rest = nodes[spec.n_results:]
    outs = []
    for k in range(spec.n_results):
        outs.append(L.g.apply("custom_gradient", nodes[k], *rest, rule=_memo_rule(
            L.g, lambda g, dy, k=k: spec.gradients(g, k, dy, nodes), spec.n_xs), name=spec.name))
    return outs


def _memo_rule(home, grads_of, count):
    """rule(g, dy, i) for the custom_gradient row: the i-th of grads_of(g, dy), made once
    per upstream node on the graph being built (explain differentiates again on graphs of
    its own: there it is made again)."""
    made: dict = {}

    def rule(g, dy, i):
        if i >= count:
            return None
        if g is not home:
            return grads_of(g, dy)[i]
        if dy.id not in made:
            made[dy.id] = grads_of(g, dy)
        return made[dy.id][i]
    return rule


def _custom_call(f, args, kwargs):

    watched: dict = {}
    ctx.variable_watchers.append(watched)
    try:
        result, grad_fn = f(*args, **kwargs)
    finally:
        ctx.variable_watchers.pop()
    flat_args = _flatten(list(args))[1]
    inputs = flat_args + _flatten(kwargs)[1]
    variables = [v for v in watched.values() if all(v is not i for i in inputs)]
    if variables and not _takes_variables(grad_fn):
        raise TypeError("@tf.custom_gradient grad_fn must accept keyword argument 'variables', since function uses "
                        f"variables: {variables}")
    structure, flat_result = _flatten(result)
    flat_result = [convert_to_tensor(r) for r in flat_result]
    arg_tensors = [convert_to_tensor(a) for a in flat_args]
    n_args = len(arg_tensors)

    def call_grad(*upstream):
        if variables:
            input_grads, variable_grads = grad_fn(*upstream, variables=variables)
            variable_grads = list(variable_grads)
            if len(variable_grads) != len(variables):
                raise ValueError("Must return gradient for each variable from @custom_gradient grad_fn.")
        else:
            input_grads, variable_grads = grad_fn(*upstream), []
        flat_grads = _flatten(input_grads)[1]
        if len(flat_grads) != n_args:
            raise ValueError(f"custom_gradient function expected to return {n_args} gradients, but returned "
                             f"{len(flat_grads)} instead.")
        return flat_grads + variable_grads

    tr = trace(call_grad, [(t.dtype, t._shape) for t in flat_result], name=f.__name__)
    op_inputs = flat_result + arg_tensors + [v._as_tensor() for v in variables]
    at = {t.uid: k for k, t in enumerate(op_inputs)}
    capture_at = []
    for t in tr.captures:
        if t.uid not in at:
            at[t.uid] = len(op_inputs)
            op_inputs.append(t)
        capture_at.append(at[t.uid])
    n = len(flat_result)
    spec = _CustomSpec(tr, n, n_args + len(variables), capture_at, f.__name__)
    outs = make_op("IdentityN", Recipe("fn", _lower_custom, {"spec": spec, "key": (tr.key, n, tuple(capture_at))}),
                   op_inputs, [t.dtype for t in flat_result], eager_fn=lambda *arrays: list(arrays[:n]))
    return _rebuild(structure, outs)


def _takes_variables(fn) -> bool:
    try:
        spec = inspect.getfullargspec(fn)
    except TypeError:
        return True
    return "variables" in spec.args or "variables" in spec.kwonlyargs or spec.varkw is not None


# ---------------------------------------------------------------- RegisterGradient

_REGISTERED: dict = {}      # name -> gradient function (op, *grads) -> grads, or None (not differentiable)
_PASS_THROUGH = "Identity"  # TensorFlow's own gradients an override map may name
_NO_GRADIENT = ("StopGradient", "PreventGradient")


@tf_export("recompute_grad")
def recompute_grad(f):
    """TensorFlow recomputes f's forward pass when the gradient is taken, to keep less memory;
    the values and gradients are f's own, which is what this gives (nothing is kept here that
    a recomputation would save)."""
    import functools

    @functools.wraps(f)
    def inner(*args, **kwargs):
        return f(*args, **kwargs)
    return inner


@tf_class("tensorflow.python.framework.ops.RegisterGradient")
@tf_export("RegisterGradient", "python.framework.ops.RegisterGradient")
class RegisterGradient:
    """`@tf.RegisterGradient("Name")` on `def grad(op, grad)`: a gradient function that
    `gradient_override_map({"OpType": "Name"})` gives the ops made under it."""

    def __init__(self, op_type):
        if not isinstance(op_type, str):
            raise TypeError("op_type must be a string")
        self._op_type = op_type

    def __call__(self, f):
        _register(self._op_type, f)
        return f


def _register(name, fn):
    if name in _REGISTERED or name == _PASS_THROUGH or name in _NO_GRADIENT:
        raise KeyError(f"Registering two gradient with name '{name}'!")
    _REGISTERED[name] = fn


@tf_export("no_gradient", "NotDifferentiable", "python.framework.ops.NotDifferentiable",
           "python.framework.ops.no_gradient")
def no_gradient(op_type):
    if not isinstance(op_type, str):
        raise TypeError("op_type must be a string")
    _register(op_type, None)


def _override(op):
    """Called for each op made under gradient_override_map: its recipe now wraps its
    float outputs in custom_gradient nodes whose rule is the named gradient."""
    op.recipe = Recipe("fn", _lower_overridden, {"inner": op.recipe, "op": op, "name": op.grad_override})


def _lower_overridden(L, *nodes, inner, op, name):
    result = inner.lower(L, list(nodes))
    outs = list(result) if isinstance(result, (list, tuple)) else [result]
    wrapped = []
    for k, out in enumerate(outs):
        if out is None or out.op.dtype != "float":
            wrapped.append(out)
            continue
        grads_of = functools.partial(_override_gradients, op, name, k, list(nodes), outs)
        wrapped.append(L.g.apply("custom_gradient", out, *nodes, rule=_memo_rule(L.g, grads_of, len(nodes)),
                                 name=name))
    return wrapped if isinstance(result, (list, tuple)) else wrapped[0]


def no_gradient_error(op_name, op_type) -> LookupError:
    """TensorFlow's error for the gradient of an op that has none registered."""
    return LookupError(f"No gradient defined for operation'{op_name}' (op type: {op_type}). In general every "
                       "operation must have an associated `@tf.RegisterGradient` for correct autodiff, which this "
                       "op is lacking. If you want to pretend this operation is a constant in your program, you "
                       "may insert `tf.stop_gradient`. This can be useful to silence the error in cases where you "
                       "know gradients are not needed, e.g. the forward pass of tf.custom_gradient. Please see more "
                       "details in https://www.tensorflow.org/api_docs/python/tf/custom_gradient.")


def _override_gradients(op, name, k, in_nodes, out_nodes, g, dy):
    """The gradients the function registered as `name` gives op's inputs, for upstream dy of
    output k (looked up now: registering after the op was made counts, as in TensorFlow)."""
    count = len(in_nodes)
    if name == _PASS_THROUGH:
        return [dy] + [None] * (count - 1)
    if name in _NO_GRADIENT:
        return [None] * count
    if name not in _REGISTERED:
        raise no_gradient_error(op.name, op.type)
    fn = _REGISTERED[name]
    if fn is None:
        return [None] * count
    tr = trace(lambda *grads: fn(op, *grads), [(t.dtype, t._shape) for t in op.outputs], name=name)
    if len(tr.outputs) != count:
        raise ValueError(f"Num gradients {len(tr.outputs)} generated for op name: \"{op.name}\"\nop: \"{op.type}\" "
                         f"do not match num inputs {count}")
    known = {t.uid: n for t, n in zip(op.inputs, in_nodes)}
    known.update({t.uid: n for t, n in zip(op.outputs, out_nodes)})
    captured = []
    for t in tr.captures:
        if t.uid not in known:
            raise ValueError(f"the gradient function registered as '{name}' uses a tensor that is neither an input "
                             f"nor an output of {op.name}: not supported here")
        captured.append(known[t.uid])
    upstream = [dy if j == k else g.zeros(out_nodes[j].shape) for j in range(len(out_nodes))]
    return lower_traced(g, tr, upstream, captured)


HOOKS["override_gradient"] = _override
