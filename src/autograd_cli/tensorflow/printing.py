"""How tensors, variables and session results print, as TensorFlow 2.21 prints them;
NumPy scalars inside lists print TF 1.x-era style (`[9.0, 6.0]`)."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow.shape import TensorShape


def _numpy_text(value: np.ndarray, is_repr: bool) -> str:
    if value.dtype == object:
        text = repr(value.item()) if value.ndim == 0 else repr(value) if is_repr else str(value)
        if value.ndim == 0 and isinstance(value.item(), str):
            text = repr(value.item().encode())
        return "\n" + text if "\n" in text and value.ndim else text
    if value.ndim == 0:      # (a repr shows the number as a Python scalar: float32 2.2 as 2.200000047683716)
        text = repr(value.item()) if is_repr and value.dtype.kind in "biufc" else str(value[()])
    else:
        text = repr(value) if is_repr else str(value)
    return "\n" + text if "\n" in text else text


def tensor_str(t) -> str:
    if t._value is not None:
        return f"tf.Tensor({_numpy_text(t._value, False)}, shape={TensorShape(t._shape)}, dtype={t.dtype.name})"
    # (unknown sizes print '?' in TF1 code, None in a TF2 graph: a tf.function's trace)
    shape = "" if t._shape is None else f", shape={TensorShape(t._shape)}"
    device = t._op.device if t._op is not None else ""
    return f'Tensor("{t.name}"{shape}, dtype={_graph_dtype(t)}{", device=" + device if device else ""})'


def tensor_repr(t) -> str:
    if t._value is not None:
        return (f"<tf.Tensor: shape={TensorShape(t._shape)}, dtype={t.dtype.name}, "
                f"numpy={_numpy_text(t._value, True)}>")
    return f"<tf.Tensor '{t.name}' shape={TensorShape(t._shape)} dtype={_graph_dtype(t)}>"


def _graph_dtype(t) -> str:
    """A TF1 reference variable's assign op gives a reference: `float32_ref`."""
    return t.dtype.name + ("_ref" if t._op is not None and t._op.attrs.get("ref_output") else "")


def variable_repr(v, with_value: bool) -> str:
    """`with_value`: an eager variable printed in eager code (inside a tf.function's trace
    TensorFlow prints it as a graph variable, without its value)."""
    shape = TensorShape(v._shape)
    if with_value:
        return f"<tf.Variable '{v.name}' shape={shape} dtype={v.dtype.name}, numpy={_numpy_text(v._value, True)}>"
    return f"<tf.Variable '{v.name}' shape={shape.graph_text()} dtype={v.dtype.name}>"


def _scalar_type(base):
    cls = type(base.__name__, (base,), {"__repr__": lambda self: base.__str__(self), "__module__": "numpy",
                                        "__slots__": ()})
    return cls


_SCALARS = {np.dtype(t): _scalar_type(t) for t in (np.float16, np.float32, np.float64, np.int8, np.int16, np.int32,
                                                    np.int64, np.uint8, np.bool_)}


def scalar_of(value):
    """A NumPy scalar that prints as TF 1.x-era NumPy did (repr = str: `9.0`, not `np.float32(9.0)`)."""
    if isinstance(value, np.generic):
        cls = _SCALARS.get(value.dtype)
        if cls is not None:
            return cls(value)
    return value
