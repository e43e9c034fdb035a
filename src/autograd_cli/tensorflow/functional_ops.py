"""tf.scan, tf.foldl, tf.foldr (and their tf.compat.v1 spellings), tf.identity_n,
tf.compat.v1.parallel_stack, tf.case and tf.switch_case.

The loops are Python loops of the package's own ops over the first axis of `elems` (a nested
structure of tensors sliced together), as tf.map_fn is: tapes and tf.gradients see every
step, so they are differentiable through fn. In a graph the loop is unrolled while the graph
is built, so the first axis must have a known size. TensorFlow's messages where the loop's
values do not fit (an empty `elems` without initializer, a result of another structure or
dtype than the accumulator).
"""
from __future__ import annotations

import functools

from autograd_cli.tensorflow import dtype as dtypes

from autograd_cli.tensorflow.array_ops import identity, stack, stop_gradient, zeros
from autograd_cli.tensorflow.control import cond, control_dependencies
from autograd_cli.tensorflow.core import Tensor, convert_to_tensor, ctx, make_op
from autograd_cli.tensorflow.effects import Assert
from autograd_cli.tensorflow.exports import refresh, tf_export
from autograd_cli.tensorflow.failures import InvalidArgumentError, OutOfRangeError
from autograd_cli.tensorflow.lowering import Recipe
from autograd_cli.tensorflow.math_ops import cast, equal, less_equal, reduce_any, reduce_sum
from autograd_cli.tensorflow.modes import name_scope
from autograd_cli.tensorflow.lowering import _flatten, _rebuild


def _elements(elems, what):
    """elems flattened: (its structure, its tensors, their common size along axis 0)."""
    structure, flat = _flatten(elems)
    flat = [convert_to_tensor(t) for t in flat]
    for t in flat:
        if t._shape is not None and not t._shape:
            raise IndexError("tuple index out of range")       # (TensorFlow's, for a scalar: no axis 0)
    sizes = [None if t._shape is None else t._shape[0] for t in flat]
    if None in sizes:
        raise NotImplementedError(f"{what} over an axis 0 of unknown size is not supported here: the loop is "
                                  "unrolled when the graph is built (give the placeholder a known size)")
    for size in sizes[1:]:
        if size != sizes[0]:
            raise ValueError(f"Cannot unstack {size} tensors into a TensorArray of static size {sizes[0]} ")
    return structure, flat, sizes[0]


def _slice(structure, flat, k):
    return _rebuild(structure, [t[k] for t in flat])


def _no_elements():
    return OutOfRangeError(None, None, "Tried to read from index 0 but array size is: 0 ")


def _accumulated(structure, previous, result, declared):
    """fn's result as the accumulator's tensors: the same structure and dtypes (TensorFlow's
    errors otherwise; `declared`: the initializer, or elems, which TensorFlow's names)."""
    shape, flat = _flatten(result)
    if not _same_structure(structure, shape):
        before = declared
        raise ValueError("The two structures don't have the same nested structure.\n\n"
                         f"First structure: type={type(before).__name__} str={before}\n\n"
                         f"Second structure: type={type(result).__name__} str={result}")
    out = []
    for old, new in zip(previous, flat):
        new = convert_to_tensor(new, dtype_hint=old.dtype)
        if new.dtype != old.dtype:
            raise InvalidArgumentError(None, None, f"TensorArray dtype is {old.dtype.name} but Op is trying to write "
                                                   f"dtype {new.dtype.name} ")
        out.append(new)
    return out


def _same_structure(a, b) -> bool:
    if isinstance(a, dict) or isinstance(b, dict):
        return (isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys()
                and all(_same_structure(a[k], b[k]) for k in a))
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return (isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b)
                and all(_same_structure(x, y) for x, y in zip(a, b)))
    return True


def _start(structure, flat, count, initializer, first):
    """The accumulator's structure and tensors before the loop: the initializer, or the
    element `first` of elems."""
    if initializer is not None:
        acc_structure, acc = _flatten(initializer)
        return acc_structure, [convert_to_tensor(a) for a in acc]
    if count == 0:
        raise _no_elements()
    return structure, [t[first] for t in flat]


@tf_export("scan", "compat.v1.scan")
def scan(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, infer_shape=True,
         reverse=False, name=None):
    """fn(accumulator, element) over elems' first axis (from the end with reverse=True), every
    accumulator stacked in the elements' order; without initializer the first element (the
    last, reversed) is the first accumulator and output."""
    with name_scope(name, "scan"):
        structure, flat, count = _elements(elems, "tf.scan")
        order = list(range(count - 1, -1, -1)) if reverse else list(range(count))
        acc_structure, acc = _start(structure, flat, count, initializer, order[0] if order else 0)
        outputs = []
        if initializer is None:
            outputs.append(acc)
            order = order[1:]
        for k in order:
            acc = _accumulated(acc_structure, acc, fn(_rebuild(acc_structure, acc), _slice(structure, flat, k)),
                              elems if initializer is None else initializer)
            outputs.append(acc)
        if reverse:
            outputs.reverse()
        stacked = []
        for j, first in enumerate(acc):
            label = f"TensorArrayStack{f'_{j}' if j else ''}/TensorArrayGatherV3"
            if outputs:
                column = stack([step[j] for step in outputs], name=label)
            else:
                column = zeros((0,) + tuple(first._shape), first.dtype, name=label)
            stacked.append(column if back_prop else stop_gradient(column))
        return _rebuild(acc_structure, stacked)


def _fold(what, fn, elems, initializer, back_prop, name, backwards):
    with name_scope(name, what):
        structure, flat, count = _elements(elems, f"tf.{what}")
        order = list(range(count - 1, -1, -1)) if backwards else list(range(count))
        acc_structure, acc = _start(structure, flat, count, initializer, order[0] if order else 0)
        if initializer is None:
            order = order[1:]
        for k in order:
            acc = _accumulated(acc_structure, acc, fn(_rebuild(acc_structure, acc), _slice(structure, flat, k)),
                              elems if initializer is None else initializer)
        # (TensorFlow's result is its while loop's exit: `foldl/while/Exit_2:0`)
        out = [identity(a, name=f"while/Exit_{2 + j}") for j, a in enumerate(acc)]
        return _rebuild(acc_structure, out if back_prop else [stop_gradient(a) for a in out])


@tf_export("foldl", "compat.v1.foldl")
def foldl(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    """fn(accumulator, element) from the first element to the last; the final accumulator."""
    return _fold("foldl", fn, elems, initializer, back_prop, name, backwards=False)


@tf_export("foldr", "compat.v1.foldr")
def foldr(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    """fn(accumulator, element) from the last element to the first; the final accumulator."""
    return _fold("foldr", fn, elems, initializer, back_prop, name, backwards=True)


@tf_export("identity_n", "compat.v1.identity_n")
def identity_n(input, name=None):   # noqa: A002 (TensorFlow's name)
    """One IdentityN op with an output per input (`IdentityN:0`, `IdentityN:1`)."""
    tensors = [convert_to_tensor(t) for t in input]
    recipe = Recipe("fn", lambda L, *nodes: [L.g.apply("identity", n) for n in nodes])
    return make_op("IdentityN", recipe, tensors, [t.dtype for t in tensors], name,
                   eager_fn=lambda *arrays: list(arrays))


@tf_export("compat.v1.parallel_stack", "parallel_stack")
def parallel_stack(values, name="parallel_stack"):
    """tf.stack along a new axis 0, in a graph only, without a gradient (TensorFlow's
    ParallelConcat)."""
    from autograd_cli.tensorflow.custom_gradients import _memo_rule, no_gradient_error

    if ctx.eager:
        raise RuntimeError("tf.parallel_stack() is not compatible with eager execution.")
    with name_scope(name, "parallel_stack") as scope:
        tensors = [convert_to_tensor(v) for v in values]
        op_name = f"{scope}ParallelConcat"

        def no_gradient(g, dy):
            raise no_gradient_error(op_name, "ParallelConcat")

        def lower(L, *nodes):
            out = L.g.apply("stack", *nodes, axis=0)
            return L.g.apply("custom_gradient", out, *nodes, rule=_memo_rule(L.g, no_gradient, len(nodes)),
                             name="ParallelConcat")
        first = tensors[0]
        shape = None if first._shape is None else (len(tensors),) + tuple(first._shape)
        out = make_op("ParallelConcat", Recipe("fn", lower), tensors, [first.dtype], "ParallelConcat")[0]
        if shape is not None and out._shape is None:
            out._shape = shape
        return out


def _case_pairs(pred_fn_pairs, exclusive, name):
    """TensorFlow's checks of tf.case's pairs, and their order: a dict's in a graph is its
    predicates' names sorted (eagerly its own, and only with exclusive=True)."""
    if not isinstance(pred_fn_pairs, (list, tuple, dict)):
        raise TypeError(f"'pred_fn_pairs' must be a list, tuple, or dict. Received: {type(pred_fn_pairs)}")
    if isinstance(pred_fn_pairs, dict):
        if ctx.eager:
            if not exclusive:
                raise ValueError("Unordered dictionaries are not supported for the 'pred_fn_pairs' argument when "
                                 "`exclusive=False` and eager mode is enabled.")
            pred_fn_pairs = list(pred_fn_pairs.items())
        else:
            pred_fn_pairs = sorted(pred_fn_pairs.items(), key=lambda item: item[0].name)
    for pair in pred_fn_pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError(f"Each entry in 'pred_fn_pairs' must be a 2-tuple. Received {pair}.")
        pred, fn = pair
        if not isinstance(pred, Tensor):
            raise TypeError(f"pred must be a Tensor, got: {pred}")
        if pred.dtype.base_dtype is not dtypes.bool_:
            raise TypeError(f"pred must be Tensor of type bool: {pred.name}")
        if not callable(fn):
            raise TypeError(f"fn for pred {pred.name} must be callable.")
    return [p for p, _ in pred_fn_pairs], [f for _, f in pred_fn_pairs]


def _count_true(predicates, n, msg):
    """TensorFlow's Assert that at most n of the predicates are true."""
    preds = stack(predicates, name="preds_c")
    count = reduce_sum(cast(preds, dtypes.int32), name="num_true_conds")
    names = ", ".join(getattr(p, "name", "?") for p in predicates)
    return Assert(less_equal(count, convert_to_tensor(n, name="n_true_conds")),
                  [f"{msg}: more than {n} conditions ({names}) evaluated as True:", preds],
                  summarize=len(predicates))


@tf_export("case", "compat.v1.case")
def case(pred_fn_pairs, default=None, exclusive=False, strict=False, name="case"):
    """The first pair whose predicate holds gives the result (nested tf.cond, as TensorFlow
    builds it); with no default, the last pair's function is the default and none holding is
    TensorFlow's InvalidArgumentError."""
    predicates, actions = _case_pairs(pred_fn_pairs, exclusive, name)
    with name_scope(name, "case"):
        if default is None:
            last_pred, last_action, all_preds = predicates[-1], actions[-1], list(predicates)
            predicates, actions = predicates[:-1], actions[:-1]

            def default():
                # (TensorFlow asserts the last predicate where its default runs; this cond builds
                # both branches, so the assert is that any holds, the same condition there)
                holds = last_pred if not predicates else reduce_any(stack(all_preds))
                if not ctx.eager:
                    ctx.graph.unique_name("Assert")     # (TensorFlow's assert of the other predicates)
                with control_dependencies([Assert(holds, ("Input error: None of conditions evaluated as True:",
                                                          stack(all_preds, name="preds_c")))]):
                    return last_action()
        fn = default
        for predicate, action in reversed(list(zip(predicates, actions))):
            fn = functools.partial(cond, predicate, action, fn, strict=strict)
        if exclusive:
            with control_dependencies([_count_true(predicates, 1, "Input error: exclusive=True")]):
                return fn()
        return fn()


@tf_export("switch_case")
def switch_case(branch_index, branch_fns, default=None, name="switch_case"):
    """branch_fns[branch_index]() (a list, a tuple or a dict of int keys); out of range,
    default() or, without one, the last branch."""
    if not isinstance(branch_fns, (list, tuple, dict)):
        raise TypeError("branch_fns must be a list, tuple, or dict")
    items = sorted(branch_fns.items()) if isinstance(branch_fns, dict) else list(enumerate(branch_fns))
    if not items:
        raise ValueError("branch_fns cannot be empty")
    for pair in items:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError("branch_fns must be a sequence of (int, callable) pairs")
        if not callable(pair[1]):
            raise TypeError("fn for key %s must be callable." % pair[0])
    fns = [fn for _, fn in items]
    if default is not None:
        fns.append(default)
    with name_scope(name, "switch_case"):
        index = convert_to_tensor(branch_index, name="branch_index")
        if index.dtype is not dtypes.int32:
            raise TypeError("branch_index must be an int32 Tensor")
        if ctx.eager:
            k = int(index._value)
            return fns[k] if 0 <= k < len(items) else fns[-1]
        result = fns[-1]
        for position in reversed(range(len(items) if default is not None else len(items) - 1)):
            result = functools.partial(cond, equal(index, position), fns[position], result)
        return result()


refresh()     # this module is deferred (tensorflow/__init__): its names join the namespaces now
