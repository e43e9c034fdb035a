"""Ops that compute strings or compute from them (Add of strings, tf.strings, tf.as_string,
string casts), and the kernels of complex tensors' ops. A kernel is a function of NumPy arrays (object arrays of bytes for strings):
eagerly it runs at once on the tensors' values; in a graph it is the op table's
`py_function` node, which gets the engine's values (strings as pool positions,
engine_values.py) and gives its result back so. Such a node has no gradient, as no string
op has in TensorFlow.
"""
from __future__ import annotations

import numpy as np

from autograd_cli.ops import ShapeError
from autograd_cli.ops.table import broadcast
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import ctx, make_op
from autograd_cli.tensorflow.engine_values import engine_array, typed_value
from autograd_cli.tensorflow.failures import InvalidArgumentError, UnimplementedError, kernel_message
from autograd_cli.tensorflow.lowering import STAND_IN, Recipe


class KernelFailure(Exception):
    """A kernel's error: its TensorFlow class and text, worded for the mode where it ran."""

    def __init__(self, error_class, text):
        super().__init__(text)
        self.error_class, self.text = error_class, text


class _GraphCall:
    """A py_function node's call: engine values in, the kernel, engine values out."""

    def __init__(self, kernel, in_dtypes, out_dtype, node_name):
        self.kernel, self.in_dtypes, self.out_dtype, self.node_name = kernel, in_dtypes, out_dtype, node_name
        self.__qualname__ = node_name
        self.last = None     # (its last output,): the snippet job hands its graph back with it as a constant

    def __call__(self, index, *arrays):
        values = [typed_value(a, d) for a, d in zip(arrays, self.in_dtypes)]
        try:
            out = self.kernel(*values)
        except KernelFailure as failure:
            raise failure.error_class(None, None, f"{failure.text}\n\t [[{{{{node {self.node_name}}}}}]]") from None
        out = engine_array(out)
        self.last = (out,)
        return out


def _lower(L, *nodes, call, shape, refuse_gradient=None):
    """`shape` None: the values decide it (tf.strings.split), known from the leaves' values in a
    Session's lowering or from constants; a stand-in size elsewhere (tf.gradients' connectivity)."""
    from autograd_cli.evaluate import needed, run_plain

    found = shape(*[n.shape for n in nodes])
    order = needed(list(nodes))
    known = getattr(L, "session", None) is not None or not any(n.op.leaf and n.op.name != "const" for n in order)
    if found is None or known and call.last is None:
        # (computed now where the inputs are known: a graph handed back holds the value even if
        # no run computes it, a tf.gradients' y)
        if not known:
            found = (STAND_IN,)
        elif found is None:
            values = run_plain(order)
            found = np.shape(call(0, *[values[n.id] for n in nodes]))
        else:
            try:
                values = run_plain(order)
                call(0, *[values[n.id] for n in nodes])
            except Exception:  # noqa: BLE001 - (a run computes it, and reports its error, itself)
                pass
    out = L.g.apply("py_function", *nodes, call=call, index=0, shape=tuple(found))
    if refuse_gradient is None:
        return out
    # (a gradient reaching the node is refused, where a py_function node's is none)
    return L.g.apply("custom_gradient", out, *nodes, rule=lambda g, dy, i: refuse_gradient(g, dy),
                     name=call.node_name)


def string_op(op_type, kernel, inputs, out_dtype, shape, name=None, function="", refuse_gradient=None):
    """The op `op_type` of `kernel(*arrays) -> array` on tensors; `shape(*input shapes)` its
    output's shape (ShapeError where they do not fit). `function`: the wrapped function an
    eager error names, where not the op type. `refuse_gradient(g, dy)`: raises the error a
    gradient through the op gives (else the op has none)."""
    in_dtypes = [t.dtype for t in inputs]
    params = {"call": None, "shape": shape}
    if refuse_gradient is not None:
        params["refuse_gradient"] = refuse_gradient
    if ctx.eager:
        def eager(*arrays):
            try:
                shape(*[a.shape for a in arrays])
                out = kernel(*arrays)
            except ShapeError as exc:
                raise InvalidArgumentError(None, None, kernel_message(op_type, str(exc), function=function)) from None
            except KernelFailure as failure:
                raise failure.error_class(None, None, kernel_message(op_type, failure.text, function=function)) \
                    from None
            out = np.asarray(out, dtype=out_dtype.np)
            if ctx.tapes:       # (a tape's record: the graph handed back holds the value)
                call.last = (engine_array(out),)
            return out
        call = params["call"] = _GraphCall(kernel, in_dtypes, out_dtype, op_type)
        return make_op(op_type, Recipe("fn", _lower, params), inputs, [out_dtype], name, eager_fn=eager)[0]
    node_name = ctx.graph.unique_name(name or op_type, mark_as_used=False)
    params["call"] = _GraphCall(kernel, in_dtypes, out_dtype, node_name)
    return make_op(op_type, Recipe("fn", _lower, params), inputs, [out_dtype], name or op_type)[0]


def dims_text(shape) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


def broadcast_shapes(*shapes):
    """The inputs' broadcast shape, or TensorFlow's kernel error for shapes that do not broadcast."""
    try:
        return broadcast(*shapes)
    except ShapeError:
        raise ShapeError("Incompatible shapes: " + " vs. ".join(dims_text(s) for s in shapes)) from None


def elementwise(fn, out_dtype):
    """A kernel applying fn(*elements) -> element over its broadcast inputs."""
    def kernel(*arrays):
        arrays = np.broadcast_arrays(*[np.asarray(a) for a in arrays])
        out = np.empty(arrays[0].shape, dtype=out_dtype.np)
        for index in np.ndindex(out.shape):
            out[index] = fn(*[a[index] for a in arrays])
        return out
    return kernel


def same_shape(*shapes):
    return shapes[0]


def string_add(x, y, name=None):
    """TensorFlow's Add of two string tensors: their elements concatenated (broadcast)."""
    return string_op("Add", elementwise(lambda a, b: a + b, dtypes.string), [x, y], dtypes.string, broadcast_shapes,
                     name or "Add")


def complex_kernel_op(op_type, kernel, inputs, out_dtype, shape, name=None):
    """An op of complex tensors (complex_ops.py; the engine holds their values as complex
    numbers): a NumPy kernel node, and a gradient through it refused, the engine's rules
    being for real numbers."""
    def refuse(g, dy):
        raise NotImplementedError(f"The gradient of {op_type} is not supported here: gradients through complex "
                                  "tensors (tf.complex, real / imag / abs of complex, the FFTs) are not computed")
    return string_op(op_type, kernel, inputs, out_dtype, shape, name or op_type, refuse_gradient=refuse)


def complex_abs(x, name=None):
    """tf.abs of a complex tensor: TensorFlow's ComplexAbs, a real tensor."""
    return complex_kernel_op("ComplexAbs", np.abs, [x], x.dtype.real_dtype, same_shape, name or "ComplexAbs")


def complex_to_real(x, dtype, name=None):
    """A cast from complex to a real dtype keeps the real part, as TensorFlow's Cast."""
    return complex_kernel_op("Cast", lambda a: np.real(a).astype(dtype.np), [x], dtype, same_shape, name or "Cast")


def string_cast(x, dtype, name=None):
    """A cast from or to strings: built, then TensorFlow's UnimplementedError when it runs."""
    text = f"Cast {x.dtype.kernel_name} to {dtype.kernel_name} is not supported"

    def kernel(a):
        raise KernelFailure(UnimplementedError, text)
    return string_op("Cast", kernel, [x], dtype, same_shape, name or "Cast")
