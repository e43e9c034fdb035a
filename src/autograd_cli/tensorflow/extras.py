"""Small TF APIs snippets call along the way: tf.summary (recorded nowhere), tf.print,
tf.debugging, tf.config (tf.print also as an op inside a tf.function)."""
from __future__ import annotations

import sys

from autograd_cli.tensorflow.core import ctx
from autograd_cli.tensorflow.exports import refresh, tf_export


def _summary(name, tensor=None, *args, **kwargs):
    """Summaries are written nowhere (a snippet has no files); the call is accepted."""
    if ctx.eager:
        return True
    from autograd_cli.tensorflow.control import no_op

    return no_op(name="summary")


for _kind in ("histogram", "scalar", "image", "audio", "text"):
    tf_export(f"summary.{_kind}", f"compat.v1.summary.{_kind}")(_summary)


@tf_export("summary.merge_all", "compat.v1.summary.merge_all")
def merge_all(key=None, scope=None, name=None):
    from autograd_cli.tensorflow.control import no_op

    return None if ctx.eager else no_op(name="Merge/MergeSummary")


@tf_export("summary.FileWriter", "compat.v1.summary.FileWriter")
class FileWriter:
    def __init__(self, logdir=None, graph=None, *args, **kwargs):
        pass

    def add_summary(self, *args, **kwargs):
        pass

    def add_graph(self, *args, **kwargs):
        pass

    def flush(self):
        pass

    def close(self):
        pass


@tf_export("print")
def print_(*inputs, output_stream=None, sep=" ", end="\n", summarize=3, name=None):
    """Eagerly: printed at once. Inside a tf.function: an op printing at each call."""
    from autograd_cli.tensorflow.core import Tensor
    from autograd_cli.tensorflow.tracing import tracing_function

    stream = sys.stderr if output_stream is None else output_stream
    inputs = [x._as_tensor() if hasattr(x, "_as_tensor") else x for x in inputs]     # variables: their values
    function = tracing_function()
    if function is not None and any(isinstance(x, Tensor) and x._value is None for x in inputs):
        return _print_op(function, inputs, stream, sep, end)
    print(sep.join(_printed(x._value if isinstance(x, Tensor) else x) for x in inputs), end=end, file=stream)


def _printed(value) -> str:
    """A value as tf.print shows it: numbers with 6 significant digits (`1`, `2.5`), arrays
    with spaces (`[1 2.5]`)."""
    import numpy as np

    if isinstance(value, np.ndarray) and value.dtype != object:
        if value.ndim == 0:
            value = value[()]
        else:
            return np.array2string(value, separator=" ", formatter={"float_kind": lambda v: f"{v:g}",
                                                                   "bool": lambda v: str(bool(v)).lower()})
    if isinstance(value, (float, np.floating)):
        return f"{value:g}"
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value)).lower()
    return str(value)


def _print_op(function, inputs, stream, sep, end):
    """The op of a tf.print inside a tf.function: the op table's py_function row, which runs
    whenever the call is computed (the function keeps it among the outputs it computes)."""
    import numpy as np

    from autograd_cli.tensorflow import dtype as dtypes
    from autograd_cli.tensorflow.core import Operation, Tensor, _add_op, user_pos
    from autograd_cli.tensorflow.lowering import Recipe

    tensors = [x for x in inputs if isinstance(x, Tensor)]

    def show(index, *arrays):
        values = iter(arrays)
        parts = [_printed(np.asarray(next(values)).astype(x.dtype.np)) if isinstance(x, Tensor) else _printed(x)
                 for x in inputs]
        print(sep.join(parts), end=end, file=stream)
        return np.zeros(())

    def lower(L, *nodes):
        return L.g.apply("py_function", *nodes, call=show, index=0, shape=())
    graph = function
    op = Operation("PrintV2", graph.unique_name("PrintV2"), tensors, Recipe("fn", lower), graph, user_pos())
    out = _add_op(graph, op, [(dtypes.float32, ())])[0]
    function.side_effects.append(out)
    return op

refresh()     # this module is deferred (tensorflow/__init__): its names join the namespaces now
