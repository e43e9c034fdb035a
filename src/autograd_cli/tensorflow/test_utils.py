"""tf.test: the build's facts (a CPU-only TensorFlow: no CUDA, no GPU), `compute_gradient`
(the theoretical and the numeric Jacobian, TensorFlow's gradient checker) and the parts of
`tf.test.TestCase` a snippet's checks use.

`compute_gradient(f, [x, ...], delta=1/1024)` gives, per argument, the Jacobian from reverse
mode (one backward pass per element of f(x), a one-hot upstream gradient each) and the one
from central differences, (f(x + delta) - f(x - delta)) / (2 delta), both (size of f(x),
size of the argument) arrays in the argument's dtype, the perturbation made in that dtype.
"""
from __future__ import annotations

import unittest

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import convert_to_tensor, ctx
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.gradients import unannounced


@tf_export("test.is_built_with_cuda")
def is_built_with_cuda():
    return False


@tf_export("test.is_built_with_gpu_support")
def is_built_with_gpu_support():
    return False


@tf_export("test.is_built_with_rocm")
def is_built_with_rocm():
    return False


@tf_export("test.is_built_with_xla")
def is_built_with_xla():
    return True


@tf_export("test.gpu_device_name")
def gpu_device_name():
    return ""


@tf_export("test.is_gpu_available")
def is_gpu_available(cuda_only=False, min_cuda_compute_capability=None):
    return False


@tf_export("test.main")
def main(argv=None):
    unittest.main(argv=argv)


_CHECKED = (dtypes.float16, dtypes.float32, dtypes.float64, dtypes.complex64, dtypes.complex128)


@tf_export("test.compute_gradient")
def compute_gradient(f, x, delta=None):
    if not isinstance(x, (list, tuple)):
        raise ValueError("`x` must be a list or tuple of values convertible to a Tensor (arguments to `f`), "
                         f"not a {type(x)}")
    if not ctx.eager:
        raise NotImplementedError("tf.test.compute_gradient runs eagerly (TensorFlow 2); in a TF1 graph use "
                                  "tf.gradients and a Session")
    delta = 1.0 / 1024 if delta is None else delta
    xs = [convert_to_tensor(v) for v in x]
    y = convert_to_tensor(f(*xs))
    for k, t in enumerate(xs):
        if t.dtype not in _CHECKED:
            raise AssertionError(f"Cannot compute gradient for unsupported type {t.dtype.name} of argument {k}")
    if y.dtype not in _CHECKED:
        raise AssertionError(f"Cannot compute gradient for unsupported type {y.dtype.name} of y")
    if any(t.dtype.is_complex for t in xs + [y]):
        raise NotImplementedError("tf.test.compute_gradient of complex tensors is not supported here")
    with unannounced():
        pairs = [(_theoretical(f, xs, k, y), _numeric(f, xs, k, y, delta)) for k in range(len(xs))]
    return tuple(zip(*pairs))


def _theoretical(f, xs, k, y):
    from autograd_cli.tensorflow.tape import GradientTape

    x = xs[k]
    y_size, x_size = int(np.prod(y.shape)), int(np.prod(x.shape))
    jacobian = np.zeros((y_size, x_size), dtype=x.dtype.np)
    upstream = np.zeros(y_size, dtype=y.dtype.np)
    for row in range(y_size):
        upstream[row] = 1
        with GradientTape() as tape:
            tape.watch(x)
            out = f(*xs)
        grad = tape.gradient(out, x, output_gradients=convert_to_tensor(upstream.reshape(y.shape)))
        if grad is not None:
            jacobian[row, :] = np.asarray(convert_to_tensor(grad).numpy()).ravel()
        upstream[row] = 0
    return jacobian


def _numeric(f, xs, k, y, delta):
    arrays = [np.array(t.numpy()) for t in xs]
    flat = arrays[k].reshape(-1)      # (a view: the perturbation is made in place, in x's dtype)
    y_type = y.dtype.np
    scale = np.asarray(2 * delta, dtype=y_type)[()]
    jacobian = np.zeros((int(np.prod(y.shape)), flat.size), dtype=xs[k].dtype.np)

    def value():
        return np.asarray(convert_to_tensor(f(*map(convert_to_tensor, arrays))).numpy())
    for col in range(flat.size):
        original = flat[col]
        flat[col] += delta
        y_pos = value()
        flat[col] = original
        flat[col] -= delta
        y_neg = value()
        flat[col] = original
        jacobian[:, col] = ((y_pos - y_neg) / scale).ravel()
    return jacobian


@tf_class("tensorflow.python.framework.test_util.TensorFlowTestCase")
@tf_export("test.TestCase")
class TestCase(unittest.TestCase):
    """unittest's TestCase with TensorFlow's array assertions (their messages as TensorFlow
    words them) and `evaluate`."""

    def evaluate(self, tensors):
        from autograd_cli.tensorflow.lowering import _flatten, _rebuild

        structure, flat = _flatten(tensors)
        return _rebuild(structure, [_array(t) for t in flat])

    def assertAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):
        a, b = _array(a), _array(b)
        self.assertEqual(a.shape, b.shape, _shape_mismatch(a, b))
        if np.allclose(a, b, rtol=rtol, atol=atol):
            return
        msgs = [msg or "Mismatched value: a is different from b. "]
        cond = np.logical_or(np.abs(a - b) > atol + rtol * np.abs(b), np.isnan(a) != np.isnan(b))
        if a.ndim:
            x, y = a[np.where(cond)], b[np.where(cond)]
            msgs.append(f"not close where = {np.where(cond)}")
        else:
            x, y = a, b
        msgs += [f"not close lhs = {x}", f"not close rhs = {y}", f"not close dif = {np.abs(x - y)}",
                 f"not close tol = {atol + rtol * np.abs(y)}", f"dtype = {a.dtype}, shape = {a.shape}"]
        np.testing.assert_allclose(a, b, rtol=rtol, atol=atol, err_msg="\n".join(msgs), equal_nan=True)

    def assertAllEqual(self, a, b, msg=None):
        msg = msg or ""
        a, b = _array(a), _array(b)
        self.assertEqual(a.shape, b.shape, f"Shape mismatch: expected {a.shape}, got {b.shape}. Contents: {b!r}. "
                                           f"\n{msg}.")
        same = a == b
        if a.dtype.kind == "f":
            same = np.logical_or(same, np.logical_and(np.isnan(a), np.isnan(b)))
        msgs = [msg]
        if not np.all(same):
            diff = np.logical_not(same)
            if a.ndim:
                x, y = a[np.where(diff)], b[np.where(diff)]
                msgs.append(f"not equal where = {np.where(diff)}")
            else:
                x, y = a, b
            msgs += [f"not equal lhs = {x!r}", f"not equal rhs = {y!r}"]
            np.testing.assert_array_equal(a, b, err_msg="\n".join(msgs))

    def assertNear(self, f1, f2, err, msg=None):
        f1, f2 = np.squeeze(f1), np.squeeze(f2)
        if f1 != f2:        # (inf and inf are near)
            diff = abs(float(f1) - float(f2))
            self.assertTrue(diff <= err, "%f != %f +/- %f (difference: %g)%s"
                            % (f1, f2, err, diff, f" ({msg})" if msg is not None else ""))


def _shape_mismatch(a, b) -> str:
    if b.ndim <= 3 or b.size < 500:
        return f"Shape mismatch: expected {a.shape}, got {b.shape} with contents {b}."
    return f"Shape mismatch: expected {a.shape}, got {b.shape}."


def _array(value):
    if hasattr(value, "numpy"):
        value = value.numpy()
    return np.asarray(value)
