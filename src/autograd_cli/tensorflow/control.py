"""Grouping and control: tf.group, tf.no_op, control_dependencies, tf.cond, tf.while_loop."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow.core import Operation, Tensor, _add_op, convert_to_tensor, ctx, user_pos
from autograd_cli.tensorflow.exports import tf_export
from autograd_cli.tensorflow.lowering import Recipe, _flatten


def _lower_nothing(L, *nodes):
    return []


def _op_of(item):
    if isinstance(item, Operation):
        return item
    if isinstance(item, Tensor):
        return item.op
    if hasattr(item, "_initializer") and item._graph is not None:   # a Variable: its value op
        return item._var_op
    return None


@tf_export("group", builtin="group")
def group(*inputs, name=None):
    if ctx.eager:
        return None
    graph = ctx.graph
    op = Operation("NoOp", graph.unique_name(name or "group_deps"), [], Recipe("fn", _lower_nothing), graph,
                   user_pos())
    stack = list(inputs)
    while stack:
        item = stack.pop(0)
        if isinstance(item, (list, tuple)):
            stack[:0] = list(item)
        elif isinstance(item, dict):
            stack[:0] = list(item.values())
        elif item is not None:
            found = _op_of(item)
            if found is not None:
                op.control_inputs.append(found)
    _add_op(graph, op, [])
    return op


@tf_export("no_op")
def no_op(name=None):
    return group(name=name or "NoOp")


@tf_export("control_dependencies")
def control_dependencies(control_inputs):
    from autograd_cli.tensorflow.core import _ControlDependencies, _Nothing

    if ctx.eager:
        return _Nothing()
    # (iterated as TensorFlow does: a single graph tensor is its "Iterating over" error)
    ops = [_op_of(c) for c in control_inputs] if control_inputs is not None else []
    return _ControlDependencies(ctx.graph, [o for o in ops if o is not None])


@tf_export("tuple")
def tuple_(tensors, name=None, control_inputs=None):
    return list(tensors)


@tf_export("cond", builtin="cond")
def cond(pred, true_fn=None, false_fn=None, strict=False, name=None, fn1=None, fn2=None):
    true_fn = true_fn or fn1
    false_fn = false_fn or fn2
    if not callable(true_fn):
        raise TypeError("true_fn must be callable.")
    if not callable(false_fn):
        raise TypeError("false_fn must be callable.")
    pred_t = convert_to_tensor(pred)
    if ctx.eager:
        return true_fn() if bool(pred_t) else false_fn()
    from autograd_cli.tensorflow.array_ops import where

    # graph mode: both branches are built and the result selected (their values agree where
    # TensorFlow's cond is well defined; a NaN in the untaken branch stays out of the value),
    # named as TensorFlow names them: the branches' ops in `cond/`, the results TF1's
    # `cond/Merge` or control flow v2's `cond/Identity`
    merge = "Merge" if ctx.v1 else "Identity"
    with ctx.graph.name_scope(name or "cond"):
        a, b = true_fn(), false_fn()
        if isinstance(a, (list, tuple)):
            return type(a)(where(pred_t, x, y, name=merge) for x, y in zip(a, b))
        return where(pred_t, a, b, name=merge)


@tf_export("while_loop", builtin="while_loop")
def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,
               swap_memory=False, maximum_iterations=None, name=None, return_same_structure=None):
    """Eagerly a Python loop; in a graph one While op (while_loops.py). TF1 code's loop
    (tf.compat.v1's, return_same_structure=False) gives a single loop variable's result alone."""
    if not callable(cond):
        raise TypeError("'cond' must be callable.")
    if not callable(body):
        raise TypeError("'body' must be callable.")
    single = not isinstance(loop_vars, (list, tuple))
    values = [loop_vars] if single else list(loop_vars)
    if not values:
        raise ValueError("No loop variables provided")
    if return_same_structure is None:
        return_same_structure = not ctx.v1
    # the results take the structure of what body returns (loop_vars' when body never ran)
    structure = None if single else type(loop_vars)
    if not ctx.eager:
        from autograd_cli.tensorflow.while_loops import graph_while_loop

        values, returned = graph_while_loop(cond, body, values, shape_invariants, maximum_iterations, back_prop,
                                            name)
        structure = returned or structure
    else:
        values = [convert_to_tensor(v) if isinstance(v, (bool, int, float, np.ndarray, np.generic)) else v
                  for v in values]        # (TensorFlow's loop variables are tensors)
        count = 0
        while maximum_iterations is None or count < int(maximum_iterations):
            if not bool(convert_to_tensor(cond(*values))):
                break
            out = body(*values)
            values = [out] if not isinstance(out, (list, tuple)) else list(out)
            structure = type(out) if isinstance(out, (list, tuple)) else structure
            count += 1
    # (TF1's loop gives a single loop variable's result alone: one tensor, not one nest of them)
    if structure is None or (len(values) == 1 and not return_same_structure and len(_flatten(values)[1]) == 1):
        return values[0]
    return tuple(values) if structure is tuple else list(values)
