"""tf.autodiff.ForwardAccumulator: forward-mode Jacobian-vector products of the ops run
under it, for the tangents given with its primals.

TensorFlow propagates tangents op by op as the ops run. Here the accumulator records the
ops on a tape of its own and, when a JVP is asked for, takes it from reverse mode twice:
the vector-Jacobian product g(u) = J^T u is linear in u, so J v is the gradient of
<g(u), v> with respect to u (at u = 0). Gradients the snippet takes under the accumulator
are recorded as well, so a JVP of a gradient is a Hessian-vector product, as in TensorFlow.
"""
from __future__ import annotations

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import Tensor, convert_to_tensor
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.gradients import unannounced, unconnected_mode
from autograd_cli.tensorflow.lowering import _flatten, _rebuild
from autograd_cli.tensorflow.tape import GradientTape


@tf_class("tensorflow.python.eager.forwardprop.ForwardAccumulator")
@tf_export("autodiff.ForwardAccumulator")
class ForwardAccumulator:
    def __init__(self, primals, tangents):
        from autograd_cli.tensorflow.variables import Variable

        _, self._primals = _flatten(primals)
        _, given = _flatten(tangents)
        if len(given) != len(self._primals):
            raise ValueError(f"The two structures don't have the same nested structure.\n\nFirst structure: "
                             f"{primals}\n\nSecond structure: {tangents}")
        seen = set()
        for p in self._primals:
            if id(p) in seen:
                raise ValueError("Tensor {} was specified as a primal multiple times. This may indicate an error. "
                                 "If it was intended, please sum the corresponding tangents.")
            seen.add(id(p))
        self._tangents = []
        for p, t in zip(self._primals, given):
            dtype = p.dtype if isinstance(p, (Tensor, Variable)) else None
            tangent = convert_to_tensor(t, dtype=dtype)
            shape, wanted = list(tangent.shape), list(p.shape)
            if shape != wanted:
                raise ValueError(_shape_mismatch(shape, wanted))
            self._tangents.append(tangent)
        self._tape = GradientTape(persistent=True, watch_accessed_variables=False)
        self._recording = False

    def __enter__(self):
        if self._recording:
            raise ValueError("Accumulator is already recording.")
        self._recording = True
        self._tape.__enter__()
        for p in self._primals:
            if _differentiable(p):
                self._tape.watch(p)
        return self

    def __exit__(self, *exc):
        self._recording = False
        self._tape.__exit__(*exc)
        return False

    def jvp(self, primals, unconnected_gradients="none"):
        """The JVP of each tensor in `primals` (a tensor or a structure of them), None where
        it does not depend on the primals (zeros with unconnected_gradients=ZERO)."""
        zero = unconnected_mode(unconnected_gradients) == "zero"
        structure, targets = _flatten(primals)
        return _rebuild(structure, [self._jvp(t, zero) for t in targets])

    def _jvp(self, target, zero):
        from autograd_cli.tensorflow import array_ops, math_ops
        from autograd_cli.tensorflow.variables import Variable

        if not isinstance(target, (Tensor, Variable)):     # (TensorFlow's words: it reads the tensor's id)
            raise AttributeError(f"'{type(target).__name__}' object has no attribute '_id'")
        for p, t in zip(self._primals, self._tangents):
            if p is target:
                return t if _differentiable(p) else None
        target = convert_to_tensor(target)
        pairs = [(p, t) for p, t in zip(self._primals, self._tangents) if _differentiable(p)]
        found = None
        if pairs and target.dtype.is_floating:
            with unannounced():     # (the two reverse passes are not the snippet's calls)
                with GradientTape() as outer:
                    u = array_ops.zeros_like(target)
                    outer.watch(u)
                    vjps = self._tape.gradient(target, [p for p, _ in pairs], output_gradients=u)
                    parts = [math_ops.reduce_sum(g * t) for g, (_, t) in zip(vjps, pairs) if g is not None]
                    total = math_ops.add_n(parts) if len(parts) > 1 else parts[0] if parts else None
                if total is not None:
                    found = outer.gradient(total, u, unconnected_gradients="zero")
        if found is None and zero:
            return array_ops.zeros_like(target)
        return found


def _differentiable(value) -> bool:
    dtype = getattr(value, "dtype", None)
    return dtype is not None and dtypes.as_dtype(dtype).is_floating


def _shape_mismatch(shape, wanted) -> str:
    if len(shape) != len(wanted):
        return f"Shapes must be equal rank, but are {len(shape)} and {len(wanted)}"
    k = next(k for k, (a, b) in enumerate(zip(shape, wanted)) if a != b)
    return (f"Dimension {k} in both shapes must be equal, but are {shape[k]} and {wanted[k]}. Shapes are "
            f"[{','.join(map(str, shape))}] and [{','.join(map(str, wanted))}].")
