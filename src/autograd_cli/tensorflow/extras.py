"""Small TF APIs snippets call along the way: tf.summary (recorded nowhere), tf.print,
tf.Module, tf.function, tf.custom_gradient, tf.debugging, tf.config."""
from __future__ import annotations

import sys

from autograd_cli.tensorflow.core import ctx
from autograd_cli.tensorflow.exports import tf_export


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
    import numpy as np

    from autograd_cli.tensorflow.core import Tensor

    parts = []
    for x in inputs:
        if isinstance(x, Tensor) and x._value is not None:
            parts.append(np.array2string(x._value, separator=" ") if x._value.ndim else str(x._value[()]))
        else:
            parts.append(str(x))
    print(sep.join(parts), end=end, file=sys.stderr if output_stream is None else None)


@tf_export("function")
def function(func=None, input_signature=None, autograph=True, jit_compile=None, reduce_retracing=False,
             experimental_compile=None, **kwargs):
    """tf.function: the Python function itself (eager values; the gradients are the same)."""
    if func is None:
        return lambda f: f
    return func


function.traces_graph = False   # the function runs eagerly: graph-only behaviour inside it is not reproduced
