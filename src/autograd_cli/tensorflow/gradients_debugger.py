"""tfdbg's GradientsDebugger (`from tensorflow.python import debug as tf_debug`): the gradient
tensors that `tf.gradients` (and the optimizers built on it) make for tensors in the middle
of a graph, which `tf.gradients` itself does not hand back.

`identify_gradient(t)` puts a DebugGradientIdentity op after t; a `tf.gradients` call whose
backward pass goes through it (the op lies between its xs and its ys) also computes the
gradient at the op's output, the tensor TensorFlow's gradient function of the op receives,
and gives it to the debugger (gradients.py asks each such op's `on_gradient`). As in
TensorFlow, a debugger takes gradients while it is the only one made, or inside `with` it.
"""
from __future__ import annotations

import re
import uuid

from autograd_cli.tensorflow.core import Tensor, convert_to_tensor, ctx, make_op
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.lowering import Recipe

_DEBUGGERS: dict = {}      # uuid -> every GradientsDebugger made (TensorFlow never forgets one either)
_TAG = "gradient_debug_"


def _debug_op_name(tensor_name, key):
    op_name, _, slot = tensor_name.rpartition(":")
    return f"{op_name}_{slot}/{_TAG}{key}"


@tf_class("tensorflow.python.debug.lib.debug_gradients.GradientsDebugger")
@tf_export("python.debug.GradientsDebugger")
class GradientsDebugger:
    def __init__(self, y_tensor=None):
        self._uuid = uuid.UUID(int=len(_DEBUGGERS) + 1).hex     # (a name part only: made in order, not drawn)
        _DEBUGGERS[self._uuid] = self
        self._gradient_tensors = {}
        self._y_tensor = y_tensor
        self._graph = y_tensor.graph if y_tensor is not None else None
        self._is_active_context = False

    @property
    def y_tensor(self):
        return self._y_tensor

    @property
    def graph(self):
        return self._graph

    def __enter__(self):
        self._is_active_context = True

    def __exit__(self, *exc):
        self._is_active_context = False

    def identify_gradient(self, input_tensor):
        """An identity of input_tensor whose gradient, when a tf.gradients call computes it, is
        registered here under input_tensor's name."""
        tensor = convert_to_tensor(input_tensor)
        if ctx.eager:
            raise RuntimeError("GradientsDebugger works on graph tensors (tf.gradients); in eager mode a "
                               "tf.GradientTape gives the gradient of any tensor it watched")
        x_name = getattr(input_tensor, "name", tensor.name)      # (a variable's own name, `Variable:0`)
        name = _debug_op_name(x_name, self._uuid)
        out = make_op("DebugGradientIdentity", Recipe("row", "identity"), [tensor], [tensor.dtype], name)[0]
        if out.op.name != name:      # (inside a name scope, or the name taken: TensorFlow's check)
            raise ValueError(f"The graph already contains an op named {name}")
        out.op.attrs["on_gradient"] = lambda gradient: self.register_gradient_tensor(x_name, gradient)
        return out

    def watch_gradients_by_tensors(self, graph, tensors):
        if not isinstance(tensors, list):
            tensors = [tensors]
        pattern = "(" + "|".join(re.escape(t.name) + "$" for t in tensors) + ")"
        return self.watch_gradients_by_tensor_names(graph, pattern)

    def watch_gradients_by_tensor_names(self, graph, tensor_name_regex):
        """A debug identity after each tensor whose name matches, its consumers rewired to read it."""
        pattern = re.compile(tensor_name_regex)
        with graph.as_default():
            for op in graph.get_operations():
                for output in op.outputs:
                    if not pattern.match(output.name):
                        continue
                    debug = self.identify_gradient(output)
                    graph.rewired = True      # (its consumers were made before it)
                    for consumer in graph.get_operations():
                        if consumer is not debug.op:
                            consumer.inputs = [debug if t is output else t for t in consumer.inputs]
            graph.version += 1        # (plans made before read the tensors directly)
        return self

    def register_gradient_tensor(self, x_tensor_name, gradient_tensor):
        if len(_DEBUGGERS) == 1 or self._is_active_context:
            if self._graph is None:
                self._graph = gradient_tensor.graph
            elif self._graph is not gradient_tensor.graph:
                raise ValueError(f"The graph of the value ({gradient_tensor.graph}) is not the same as the graph "
                                 f"{self._graph}")
            self._gradient_tensors[x_tensor_name] = gradient_tensor

    def gradient_tensor(self, x_tensor):
        name = self._tensor_name(x_tensor)
        if name not in self._gradient_tensors:
            raise LookupError(f"This GradientsDebugger has not received any gradient tensor for x-tensor {name}")
        return self._gradient_tensors[name]

    def gradient_tensors(self):
        return self._gradient_tensors

    @staticmethod
    def _tensor_name(tensor):
        from autograd_cli.tensorflow.variables import Variable

        if isinstance(tensor, (Tensor, Variable)):
            return tensor.name
        if isinstance(tensor, str):
            return tensor
        raise TypeError(f"x_tensor must be a str or tf.Tensor or tf.Variable, but instead has type {type(tensor)}")
