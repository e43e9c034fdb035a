"""Ops that act when they run: tf.debugging.Assert, tf.compat.v1.Print (and the graph form of
tf.print), and the machinery the assert family and check_numerics share.

An effect op calls `act(arrays)` on its inputs' values each time it is computed: eagerly at
once; inside a tf.function at each call (the function computes it among its side effects);
in a TF1 graph at each `sess.run` that needs it (fetched, an input of a fetch, or a control
dependency of one), as the op table's py_function node, kept by the run as an effect. `act`
raises to fail the run (an assertion) or prints. A pass-through effect op's output is its
first input (Print, CheckNumerics), its gradient the upstream gradient, as in TensorFlow.

Values in messages are summarised as TensorFlow's kernels do (`Tensor::SummarizeValue`):
`[1 2.5 3...]`, nested brackets by dimension, at most `summarize` elements (3 by default).
"""
from __future__ import annotations

import sys

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import (Operation, Tensor, _add_op, _const_value, convert_to_tensor,
                                          ctx, user_pos)
from autograd_cli.tensorflow.exports import refresh, tf_export
from autograd_cli.tensorflow.failures import InvalidArgumentError
from autograd_cli.tensorflow.engine_values import typed_value
from autograd_cli.tensorflow.lowering import Recipe
from autograd_cli.tensorflow.tracing import tracing_function


# ---------------------------------------------------------------- TensorFlow's summaries of values

def element_text(value, dtype) -> str:
    """One element as a kernel's message prints it: floats with 6 significant digits, or 9
    (17 for float64) where 6 do not give the value back; bools as 1 / 0; strings C-escaped."""
    if dtype is dtypes.string:
        text = value.decode("utf-8", "backslashreplace") if isinstance(value, bytes) else str(value)
        return c_escape(text)
    if dtype.is_bool:
        return "1" if value else "0"
    if dtype.is_floating:
        short, long_ = (6, 9) if dtype.np != np.float64 else (15, 17)
        text = f"{float(value):.{short}g}"
        if dtype.np(float(text)) != dtype.np(value) and np.isfinite(value):
            text = f"{float(value):.{long_}g}"
        return text
    return str(int(value)) if dtype.is_integer else str(value)


def c_escape(text: str) -> str:
    escapes = {"\n": "\\n", "\r": "\\r", "\t": "\\t", '"': '\\"', "'": "\\'", "\\": "\\\\"}
    out = []
    for ch in text:
        if ch in escapes:
            out.append(escapes[ch])
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append(f"\\{ord(ch):03o}")
        else:
            out.append(ch)
    return "".join(out)


def summarize(array, dtype, limit=None) -> str:
    """TensorFlow's (v1) SummarizeValue: the first `limit` elements (3 when None, all when
    negative), brackets per dimension, `...` where elements are left out."""
    array = np.asarray(array)
    count = array.size
    limit = 3 if limit is None else int(limit)
    limit = count if limit < 0 else min(limit, count)
    flat = array.reshape(-1)
    if array.ndim == 0:
        return element_text(flat[0], dtype) if limit else ("..." if count > limit else "")
    parts: list = []
    index = [0]

    def dim(k):
        if index[0] >= limit:
            return
        if k == array.ndim - 1:
            for i in range(array.shape[k]):
                if index[0] >= limit:
                    if k != 0:
                        parts.append("...")
                    return
                if i:
                    parts.append(" ")
                parts.append(element_text(flat[index[0]], dtype))
                index[0] += 1
            return
        for _ in range(array.shape[k]):
            opened = index[0] < limit
            if opened:
                parts.append("[")
            dim(k + 1)
            if index[0] < limit or opened:
                parts.append("]")
    dim(0)
    if count > limit:
        parts.append("...")
    return "".join(parts)


class Item:
    """One entry of an effect op's data: a tensor computed at run time (its input index), or
    a string known when the op was made (a Python str, a string constant)."""

    __slots__ = ("index", "dtype", "value")

    def __init__(self, index=None, dtype=None, value=None):
        self.index, self.dtype, self.value = index, dtype, value

    def shown(self, arrays, limit) -> str:
        if self.index is None:
            return summarize(self.value, dtypes.string, limit)
        return summarize(arrays[self.index], self.dtype, limit)


def data_items(data, inputs: list) -> list:
    """The data list as Items, its tensors appended to `inputs`."""
    items = []
    for entry in data:
        if isinstance(entry, (str, bytes)):
            items.append(Item(value=np.asarray(entry, dtype=object)))
            continue
        tensor = convert_to_tensor(entry)
        if tensor.dtype is dtypes.string:
            value = tensor._value if tensor._value is not None else _const_value(tensor)
            if value is not None:
                items.append(Item(value=value))
                continue
        items.append(Item(index=len(inputs), dtype=tensor.dtype))
        inputs.append(tensor)
    return items


def shown_items(items, arrays, limit) -> list:
    return [item.shown(arrays, limit) for item in items]


# ---------------------------------------------------------------- effect ops

def _nothing(session, values):
    pass


def remembering(call):
    """A py_function node's call of one output that keeps its last result as `call.last`, as
    tf.py_func's calls do: the snippet job hands its graph back with the run's values."""
    def remembered(index, *arrays):
        out = call(index, *arrays)
        remembered.last = (out,)
        return out
    remembered.last = None
    return remembered


def _lower_effect(L, *nodes, act, kinds, through, op_type):
    """A py_function node calling `act` (its extra placeholder input is never known before a
    run, so a compiled schedule does not fold the node away), kept by a Session's run as an
    effect; a pass-through op's value is its first input's, with the upstream gradient."""
    fresh = L.g.apply("placeholder", value=np.zeros(()))

    @remembering
    def call(index, *arrays):
        values = [typed_value(a, k) for a, k in zip(arrays, kinds)]
        act(values)
        return np.asarray(arrays[0], dtype=np.float64) if through else np.zeros(())

    node = L.g.apply("py_function", *nodes, fresh, call=call, index=0, shape=nodes[0].shape if through else ())
    if through:
        rule = through if callable(through) else (lambda g, dy, i: dy if i == 0 else None)
        node = L.g.apply("custom_gradient", node, nodes[0], rule=rule, name=op_type)
    effect = getattr(L, "effect", None)
    if effect is not None:
        effect([node], _nothing)
    return node


def effect_op(op_type, name, inputs, act, through=False, record=None):
    """Run `act` on the inputs' values when the op runs (see the module's docstring). `name`:
    the op's full name in a graph. Returns the output tensor (pass-through ops) or the
    Operation (None eagerly). `through` may be a gradient rule(g, dy, i) of the engine."""
    kinds = [t.dtype for t in inputs]
    if ctx.eager:
        act([t._value for t in inputs])
        if not through:
            return None
        from autograd_cli.tensorflow.core import make_op

        recipe = Recipe("fn", _lower_effect, {"act": lambda values: None, "kinds": kinds[:1],
                                               "through": through, "op_type": op_type})
        return make_op(op_type, recipe, inputs[:1], kinds[:1], eager_fn=lambda a: a)[0]
    graph = ctx.graph
    op = Operation(op_type, name, list(inputs), Recipe("fn", _lower_effect, {
        "act": act, "kinds": kinds, "through": through, "op_type": op_type}), graph, user_pos())
    out = _add_op(graph, op, [(kinds[0], inputs[0]._shape) if through else (dtypes.float32, ())])[0]
    function = tracing_function()
    if function is not None:
        function.side_effects.append(out)     # (computed at each call, whatever the function returns)
        op.recipe.params["act"] = _in_function(act, name, function.name)
    return out if through else op


def _in_function(act, node, function):
    """A tf.function's failed op: TensorFlow's message starts `Graph execution error:`."""
    def run(values):
        try:
            act(values)
        except InvalidArgumentError as exc:
            raise InvalidArgumentError(None, None, f"Graph execution error:\n\nDetected at node {node}:\n\n"
                                       f"{exc.message} [Op:__inference_{function}]") from None
    return run


def scoped(base: str) -> str:
    """The scope prefix `base/` (made unique) of a graph op's name; `base/` eagerly."""
    if ctx.eager:
        return base + "/"
    return ctx.graph.unique_name(base) + "/"


# ---------------------------------------------------------------- tf.debugging.Assert

@tf_export("debugging.Assert", "Assert")
def Assert(condition, data, summarize=None, name=None):   # noqa: N802 (TensorFlow's name)
    """Eagerly: InvalidArgumentError when the condition is false. In a graph: an op that
    fails the run when it is, its message the data summarised (`assertion failed: [..] [..]`)."""
    if ctx.eager:
        if not condition:
            shown = [_summarize_eager(convert_to_tensor(x), summarize) for x in data]
            raise InvalidArgumentError(None, None, f"Expected '{condition!s}' to be true. Summarized data: "
                                                   + "\n".join(shown))
        return None
    scope = scoped(name or "Assert")
    condition = convert_to_tensor(condition, name="Condition" if not isinstance(condition, Tensor) else None)
    inputs = [condition]
    items = data_items(data, inputs)
    plain = all(i.index is None or i.dtype is dtypes.int32 for i in items)
    op_name = f"{scope}Assert" if plain else f"{scope}AssertGuard/Assert"

    def act(values):
        if not bool(np.all(values[0])):
            shown = " ".join(f"[{text}]" for text in shown_items(items, values, summarize))
            raise InvalidArgumentError(None, None, f"assertion failed: {shown}\n\t [[{{{{node {op_name}}}}}]]")
    return effect_op("Assert", op_name, inputs, act)


def _summarize_eager(tensor, limit):
    """An eager Assert's data entry: `1.0, 2.0, 3.0, ...` (NumPy's str of each element)."""
    value = np.asarray(tensor._value)
    limit = 3 if limit is None else (value.size if limit < 0 else limit)
    if value.ndim:
        flat = value.reshape(-1)
        parts = [str(v) for v in flat[:limit]]
        if len(parts) < flat.size:
            parts.append("...")
        return ", ".join(parts)
    return str(value[()]) if limit != 0 else ""


# ---------------------------------------------------------------- tf.compat.v1.Print, tf.print in a graph

@tf_export("compat.v1.Print")
def Print(input_, data, message=None, first_n=None, summarize=None, name=None):   # noqa: N802
    """The identity of input_ that prints `message` and the data's values (each `[...]`) to
    stderr each time it runs (the first `first_n` times when given)."""
    x = convert_to_tensor(input_)
    inputs = [x]
    items = data_items(data, inputs)
    count = [0]
    text = message or ""

    def act(values):
        count[0] += 1
        if first_n is not None and first_n >= 0 and count[0] > first_n:
            return
        shown = "".join(f"[{t}]" for t in shown_items(items, values, summarize))
        print(text + shown, file=sys.stderr)
    return effect_op("Print", scoped(name or "Print")[:-1], inputs, act, through=True)


def print_op(parts, stream, sep, end, printed, name=None):
    """tf.print's PrintV2 op in a TF1 graph: `parts` are tensors and other values, printed as
    tf.print prints them (`printed(value, tensor)`, `printed(value)`) at each run."""
    tensors = [p for p in parts if isinstance(p, Tensor)]

    def act(values):
        it = iter(values)
        print(sep.join(printed(next(it), p) if isinstance(p, Tensor) else printed(p) for p in parts), end=end,
              file=stream)
    # (an op runs on inputs: a constant, never shown, where no tensor is printed)
    return effect_op("PrintV2", ctx.graph.unique_name(name or "PrintV2"), tensors or [convert_to_tensor(0.0)], act)


refresh()     # this module is deferred (tensorflow/__init__): its names join the namespaces now
