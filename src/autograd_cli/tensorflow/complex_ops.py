"""Complex tensors' ops (tf.complex, real / imag / conj / angle, abs of complex) and the FFTs
of tf.signal (TF1's tf.fft, tf.spectral). Each is a NumPy kernel (string_kernels.string_op):
eagerly it runs on the tensors' values, in a graph it is a py_function node of the engine, which
holds a complex tensor's values as complex128 arrays. The engine's gradient rules are for real
numbers, so a gradient that reaches one of these ops is refused (NotImplementedError).
"""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import convert_to_tensor
from autograd_cli.tensorflow.exports import tf_export
from autograd_cli.tensorflow.failures import InvalidArgumentError
from autograd_cli.tensorflow.string_kernels import broadcast_shapes, same_shape
from autograd_cli.tensorflow.string_kernels import complex_kernel_op as kernel_op

_COMPLEX_OF = {"float32": dtypes.complex64, "float64": dtypes.complex128}


@tf_export("complex", "dtypes.complex")
def complex(real, imag, name=None):  # noqa: A001
    re, im = convert_to_tensor(real), convert_to_tensor(imag)
    out = _COMPLEX_OF.get(re.dtype.name)
    if re.dtype != im.dtype or out is None:
        raise TypeError(f"The `real` and `imag` components have incorrect types: {re.dtype.name} {im.dtype.name}. "
                        "They must be consistent, and one of [tf.float32, tf.float64]")
    return kernel_op("Complex", lambda a, b: np.asarray(a) + 1j * np.asarray(b), [re, im], out, broadcast_shapes,
                     name)


def _part(op_type, fn, real_input, complex_out=False):
    def part(input, name=None):  # noqa: A002
        x = convert_to_tensor(input)
        if not x.dtype.is_complex:
            return real_input(x, name)
        return kernel_op(op_type, fn, [x], x.dtype if complex_out else x.dtype.real_dtype, same_shape, name)
    part.__name__ = part.__qualname__ = op_type.lower()
    return part


def _itself(x, name):
    return x


def _zeros(x, name):
    from autograd_cli.tensorflow import array_ops

    return array_ops.zeros_like(x, name=name)


def _real_angle(x, name):
    # (TensorFlow's angle of real numbers: pi where negative, else 0)
    return kernel_op("Angle", lambda a: np.where(np.asarray(a) < 0, np.pi, 0.0), [x], x.dtype, same_shape, name)


real = tf_export("math.real", "compat.v1.real")(_part("Real", np.real, _itself))
imag = tf_export("math.imag", "compat.v1.imag")(_part("Imag", np.imag, _zeros))
conj = tf_export("math.conj", "compat.v1.conj")(_part("Conj", np.conj, _itself, complex_out=True))
angle = tf_export("math.angle", "compat.v1.angle")(_part("Angle", np.angle, _real_angle))


# ---------------------------------------------------------------- FFTs

def _check_complex(op_type, x):
    if not x.dtype.is_complex:
        raise InvalidArgumentError(None, None, (
            f"Value for attr 'Tcomplex' of {x.dtype.kernel_name} is not in the list of allowed values: complex64, "
            f"complex128\n\t; NodeDef: {{{{node {op_type}}}}}; Op<name={op_type}; signature=input:Tcomplex -> "
            f"output:Tcomplex; attr=Tcomplex:type,default=DT_COMPLEX64,allowed=[DT_COMPLEX64, DT_COMPLEX128]> "
            f"[Op:{op_type}] name: "))


def _rank_at_least(op_type, shape, rank):
    if shape is not None and len(shape) < rank:
        raise ValueError(f"Shape must be at least rank {rank} but is rank {len(shape)} for '{{{{node {op_type}}}}} = "
                         f"{op_type}[Tcomplex=DT_COMPLEX64](Placeholder)' with input shapes: "
                         f"[{','.join('?' if d is None else str(d) for d in shape)}].")


def _fft(op_type, rank, inverse, *paths):
    axes = tuple(range(-rank, 0))
    numpy_fn = np.fft.ifftn if inverse else np.fft.fftn

    def fft(input, name=None):  # noqa: A002
        x = convert_to_tensor(input)
        _check_complex(op_type, x)
        _rank_at_least(op_type, x.shape.as_list() if x.shape.rank is not None else None, rank)
        return kernel_op(op_type, lambda a: numpy_fn(a, axes=axes).astype(x.dtype.np), [x], x.dtype, same_shape,
                         name)
    fft.__name__ = fft.__qualname__ = op_type.lower()
    return tf_export(*paths)(fft)


def _v1(name):
    return (f"signal.{name}", f"compat.v1.spectral.{name}", f"compat.v1.{name}")


fft, ifft = _fft("FFT", 1, False, *_v1("fft")), _fft("IFFT", 1, True, *_v1("ifft"))
fft2d, ifft2d = _fft("FFT2D", 2, False, *_v1("fft2d")), _fft("IFFT2D", 2, True, *_v1("ifft2d"))
fft3d, ifft3d = _fft("FFT3D", 3, False, *_v1("fft3d")), _fft("IFFT3D", 3, True, *_v1("ifft3d"))


def _lengths(fft_length, rank):
    from autograd_cli.tensorflow.array_ops import int_list

    if fft_length is None:
        return None
    found = int_list(fft_length)
    if found is None or len(found) != rank:
        raise ValueError(f"fft_length must be {rank} known numbers here")
    return found


def _rfft(op_type, rank, inverse, *paths):
    axes = tuple(range(-rank, 0))

    def rfft(input_tensor, fft_length=None, name=None):
        x = convert_to_tensor(input_tensor)
        lengths = _lengths(fft_length, rank)
        shape = x.shape.as_list()
        if lengths is None:
            # (TensorFlow's default: the input's sizes; irfft's last one 2 * (n - 1))
            lengths = shape[-rank:]
            if inverse:
                lengths = lengths[:-1] + [2 * (lengths[-1] - 1)]
        if inverse:
            if not x.dtype.is_complex:
                x = convert_to_tensor(x, dtypes.complex64)
            out = x.dtype.real_dtype

            def kernel(a):
                return np.fft.irfftn(a, s=lengths, axes=axes)
            sizes = list(lengths)
        else:
            out = _COMPLEX_OF.get(x.dtype.name, dtypes.complex64)

            def kernel(a):
                return np.fft.rfftn(a, s=lengths, axes=axes)
            sizes = list(lengths[:-1]) + [lengths[-1] // 2 + 1]

        def result_shape(s):
            return tuple(s[:len(s) - rank]) + tuple(sizes)
        return kernel_op(op_type, lambda a: kernel(a).astype(out.np), [x], out, result_shape,
                         name or op_type.lower())
    rfft.__name__ = rfft.__qualname__ = op_type.lower()
    return tf_export(*paths)(rfft)


def _signal(name):
    return (f"signal.{name}", f"compat.v1.spectral.{name}")


rfft, irfft = _rfft("RFFT", 1, False, *_signal("rfft")), _rfft("IRFFT", 1, True, *_signal("irfft"))
rfft2d, irfft2d = _rfft("RFFT2D", 2, False, *_signal("rfft2d")), _rfft("IRFFT2D", 2, True, *_signal("irfft2d"))
rfft3d, irfft3d = _rfft("RFFT3D", 3, False, *_signal("rfft3d")), _rfft("IRFFT3D", 3, True, *_signal("irfft3d"))
