"""Control flow and custom gradients: the rows the builder's cond, while_loop and
`def f(x) = expr grad(dy) = rule` make.

cond and while_loop are resolved when the program is built: the predicate's value then
(variables at their initial values, step 0) picks the branch, or the number of
iterations, and only that is in the graph. A `branch` node passes the result through
and checks, each time it runs, that the predicates still have those values (a shape
that depends on data is checked when computed). Its other inputs are the tensors the
untaken branch (or the loop) reads: TensorFlow gives them zeros, not None
(cond_v2's _IfGrad, while_v2's unconnected_gradients='zero').
"""
from __future__ import annotations

import numpy as np

from autograd_cli.ops.table import op


def _branch(value, pred, *captured, expected, what, zeros=None, second=()):
    got = tuple(bool(v) for v in np.asarray(pred).reshape(-1))
    if got != expected:
        if what == "cond":
            raise ValueError(f"pred is {got[0]} here but was {expected[0]} when the program was built, and only "
                             "that branch is in the graph: a cond's branch must not change between steps")
        raise ValueError("the loop's cond changed between steps: the number of iterations is fixed when the "
                         f"program is built ({sum(expected)} here)")
    return value


def _branch_grad(g, n, dy, i):
    """Input 0 gets dy, the captured inputs zeros. A cond's node (`zeros` set) also holds,
    after its `zeros` captured inputs, what only its gradient reads (`second`: the input
    indices the gradient of either branch reads): as TensorFlow's gradient of an If is an
    If over those, every gradient it sends is such a node, so a second derivative gives
    zeros, not None, to what the gradient reads only in the other branch."""
    if i == 1:
        return None
    zeros = n.params.get("zeros")
    if zeros is None:                 # while_loop
        return dy if i == 0 else g.zeros(n.inputs[i].shape)
    if i >= 2 + zeros:
        return None                   # read only by the gradient: no first derivative
    base = dy if i == 0 else g.zeros(n.inputs[i].shape)
    captured = [n.inputs[k] for k in n.params["second"]]
    if not captured:
        return base
    return g.apply("branch", base, n.inputs[1], *captured, expected=n.params["expected"], what=n.params["what"],
                   zeros=len(captured), second=())


op("branch", _branch, lambda s, *rest, **params: s, shown="control flow",
   sym=lambda S, value, *rest, **params: value, vjp=_branch_grad, cut=(1,))


def _custom_grad(g, n, dy, i):
    # input 0 is the forward's value: not differentiated (TF wraps it in an IdentityN)
    return None if i == 0 else n.params["rule"](g, dy, i - 1)


op("custom_gradient", lambda value, *xs, rule, name: value, lambda s, *rest, rule, name: s,
   vjp=_custom_grad, cut=(0,), shown="custom gradient")


# A Python function a TensorFlow snippet runs inside its graph (tf.py_func, tf.numpy_function):
# `call(index, *inputs)` gives its output `index` each time the node is computed. TensorFlow
# gives such a function no gradient.
op("py_function", lambda *xs, call, index, shape: call(index, *xs), lambda *shapes, call, index, shape: tuple(shape),
   shown="py_func")
