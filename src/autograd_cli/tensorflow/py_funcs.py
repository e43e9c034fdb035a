"""tf.py_func / tf.numpy_function (and tf.py_function eagerly): a Python function of NumPy
arrays inside the computation. Eagerly it is simply called; in a graph it is the op table's
`py_function` node, called on its inputs' values each time a Session computes it. Its
gradient is None, as in TensorFlow.

The output's shape is found by calling the function once on the inputs' values when a
Session first lowers the graph; that result is then the one the first run uses, so the
function runs once per run, as in TensorFlow.
"""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow.core import EagerTensor, Operation, _add_op, convert_to_tensor, ctx, user_pos
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.dtype import as_dtype
from autograd_cli.tensorflow.engine_values import engine_array, typed_value
from autograd_cli.tensorflow.exports import tf_export
from autograd_cli.tensorflow.lowering import Recipe
from autograd_cli.tensorflow.tracing import tracing_function


class _PyCall:
    """The function with its dtypes; remembers the result for the inputs it last saw, until
    each output has taken its part once."""

    def __init__(self, fn, in_dtypes, out_dtypes, name):
        self.fn, self.in_dtypes, self.out_dtypes = fn, in_dtypes, out_dtypes
        self.__qualname__ = getattr(fn, "__qualname__", name)
        self._kept = None        # (key, outputs, outputs not yet taken)
        self.last = None         # the outputs of the last call

    def outputs(self, arrays):
        arrays = [np.asarray(a) for a in arrays]      # (a compiled schedule holds a scalar as a Python float)
        key = tuple((a.shape, a.tobytes()) for a in arrays)
        if self._kept is not None and self._kept[0] == key:
            return self._kept[1]
        values = _call(self.fn, [typed_value(a, d) if d is dtypes.string else np.asarray(a).astype(d.np)
                                 for a, d in zip(arrays, self.in_dtypes)], self.out_dtypes)
        self._kept = (key, values, set(range(len(values))))
        self.last = values       # the snippet job hands its graph back with these as constants
        return values

    def __call__(self, index, *arrays):
        values = self.outputs(arrays)
        left = self._kept[2] if self._kept is not None else set()
        left.discard(index)
        if not left:
            self._kept = None
        return engine_array(values[index])


def _call(fn, arrays, out_dtypes):
    result = fn(*arrays)
    values = list(result) if isinstance(result, (list, tuple)) else [result]
    if len(values) != len(out_dtypes):
        raise ValueError(f"the function returned {len(values)} values where Tout names {len(out_dtypes)}")
    return [np.asarray(v).astype(d.np) for v, d in zip(values, out_dtypes)]


def _lower_py_func(L, *nodes, call):
    """A Session's lowering (its leaves hold the run's values) or inputs made of constants:
    the function is called for its outputs' shapes. Any other lowering (tf.gradients'
    connectivity, on stand-in values) does not call it: the outputs take the first input's
    shape there."""
    from autograd_cli.evaluate import needed, run_plain

    order = needed(list(nodes))
    if getattr(L, "session", None) is None and any(n.op.leaf and n.op.name != "const" for n in order):
        shape = nodes[0].shape if nodes else ()
        return [L.g.apply("py_function", *nodes, call=call, index=k, shape=shape) for k in range(len(call.out_dtypes))]
    values = run_plain(order)
    outs = call.outputs([values[n.id] for n in nodes])
    return [L.g.apply("py_function", *nodes, call=call, index=k, shape=tuple(np.shape(v))) for k, v in
            enumerate(outs)]


@tf_export("numpy_function", "compat.v1.py_func", "py_func")
def numpy_function(func, inp, Tout, stateful=True, name=None):   # noqa: N803 (TensorFlow's name)
    single = not isinstance(Tout, (list, tuple))
    out_dtypes = [as_dtype(Tout)] if single else [as_dtype(t) for t in Tout]
    inputs = [convert_to_tensor(x) for x in inp]
    if ctx.eager:
        values = _call(func, [t.numpy() for t in inputs], out_dtypes)
        outs = [EagerTensor(None, 0, d, v.shape, v) for v, d in zip(values, out_dtypes)]
    else:
        graph = ctx.graph
        call = _PyCall(func, [t.dtype for t in inputs], out_dtypes, name or "py_func")
        op = Operation("PyFunc", graph.unique_name(name or "PyFunc"), inputs, Recipe("fn", _lower_py_func,
                       {"call": call}), graph, user_pos())
        outs = _add_op(graph, op, [(d, None) for d in out_dtypes])
    return outs[0] if single else outs


@tf_export("py_function")
def py_function(func, inp, Tout, name=None):   # noqa: N803
    """Eagerly: the function called on the tensors themselves (its ops are recorded by tapes).
    In a graph: an EagerPyFunc op that calls it on eager tensors each time a Session computes
    it, differentiable as in TensorFlow (its gradient runs the function's ops back on a tape)."""
    single = not isinstance(Tout, (list, tuple))
    kinds = [as_dtype(Tout)] if single else [as_dtype(t) for t in Tout]
    if not ctx.eager:
        if tracing_function() is not None:
            # (stops the trace: the tf.function runs eagerly, the tape seeing the function's own ops)
            raise NotImplementedError("tf.py_function inside a tf.function runs eagerly here")
        inputs = [convert_to_tensor(x) for x in inp]
        graph = ctx.graph
        eager = _EagerCall(func, [t.dtype for t in inputs], kinds)
        op = Operation("EagerPyFunc", graph.unique_name(name or "EagerPyFunc"), inputs,
                       Recipe("fn", _lower_eager_py_func, {"eager": eager}), graph, user_pos())
        outs = _add_op(graph, op, [(d, None) for d in kinds])
        return outs[0] if single else outs
    result = func(*[convert_to_tensor(x) for x in inp])
    values = list(result) if isinstance(result, (list, tuple)) else [result]
    outs = [convert_to_tensor(v, dtype=k) for v, k in zip(values, kinds)]
    return outs[0] if single else outs


class _EagerCall:
    """A graph's tf.py_function: the function run eagerly on a persistent tape, so that its
    gradient (for each output's upstream gradient) is that tape's, without calling it again
    for the same inputs (TensorFlow runs it once per Session run)."""

    def __init__(self, func, in_dtypes, out_dtypes):
        self.func, self.in_dtypes, self.out_dtypes = func, in_dtypes, out_dtypes
        self._last = None        # (inputs' key, tape, input tensors, output tensors)
        self.forward = _PyCall(self._values, in_dtypes, out_dtypes, getattr(func, "__qualname__", "py_function"))

    def _run(self, arrays, again=False):
        from autograd_cli.tensorflow.tape import GradientTape
        from autograd_cli.tensorflow.tracing import init_scope

        key = tuple((a.shape, a.tobytes()) for a in arrays)
        if again and self._last is not None and self._last[0] == key:
            return self._last
        with init_scope():
            tensors = [EagerTensor(None, 0, d, np.shape(a), np.asarray(a, dtype=d.np))
                       for a, d in zip(arrays, self.in_dtypes)]
            with GradientTape(persistent=True) as tape:
                for t in tensors:
                    if t.dtype.is_floating:
                        tape.watch(t)
                result = self.func(*tensors)
            values = list(result) if isinstance(result, (list, tuple)) else [result]
            if len(values) != len(self.out_dtypes):
                raise ValueError(f"the function returned {len(values)} values where Tout names "
                                 f"{len(self.out_dtypes)}")
            outs = [convert_to_tensor(v, dtype=k) for v, k in zip(values, self.out_dtypes)]
        self._last = (key, tape, tensors, outs)
        return self._last

    def _values(self, *arrays):
        return [out.numpy() for out in self._run(arrays)[3]]

    def gradients(self, k):
        """The function giving output k's gradients of the inputs for its upstream gradient."""
        def vjp(*arrays):
            *inputs, upstream, _forward = arrays        # (the forward's output: computed first, in this run)
            _, tape, tensors, outs = self._run(inputs, again=True)
            from autograd_cli.tensorflow.gradients import unannounced
            from autograd_cli.tensorflow.tracing import init_scope

            with unannounced(), init_scope():
                grads = tape.gradient(outs[k], tensors, output_gradients=np.asarray(upstream, dtype=outs[k].dtype.np))
            return [np.zeros(np.shape(t.numpy())) if g is None else g.numpy() for g, t in zip(grads, tensors)]
        return _PyCall(vjp, self.in_dtypes + [self.out_dtypes[k]] * 2, self.in_dtypes, "EagerPyFuncGrad")


def _lower_eager_py_func(L, *nodes, eager):
    """py_function nodes for the outputs, each with the tape's gradient as its custom rule."""
    from autograd_cli.tensorflow.custom_gradients import _memo_rule

    outs = _lower_py_func(L, *nodes, call=eager.forward)
    wrapped = []
    for k, out in enumerate(outs):
        grads = eager.gradients(k)

        def grads_of(g, dy, grads=grads, out=out):
            return [g.apply("py_function", *nodes, dy, out, call=grads, index=i, shape=n.shape)
                    for i, n in enumerate(nodes)]
        wrapped.append(L.g.apply("custom_gradient", out, *nodes, rule=_memo_rule(L.g, grads_of, len(nodes)),
                                 name="EagerPyFunc"))
    return wrapped


def _now():
    import time

    return np.float64(time.time())


@tf_export("timestamp")
def timestamp(name=None):
    """The seconds since the epoch as a float64 scalar, taken when the op runs (at each
    `sess.run` or tf.function call that needs it in a graph)."""
    if ctx.eager:
        value = _now()
        return EagerTensor(None, 0, dtypes.float64, (), value)
    graph = ctx.graph
    call = _PyCall(lambda: _now(), [], [dtypes.float64], name or "Timestamp")
    op = Operation("Timestamp", graph.unique_name(name or "Timestamp"), [], Recipe("fn", _lower_py_func,
                   {"call": call}), graph, user_pos())
    return _add_op(graph, op, [(dtypes.float64, ())])[0]
