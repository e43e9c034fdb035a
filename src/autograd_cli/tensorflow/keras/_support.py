"""What every Keras module here shares: TensorFlow reached lazily (this package is imported
at the end of the TensorFlow package's own import, before its namespaces exist), Keras'
name counters and path scopes, and the Keras variable."""
from __future__ import annotations

import re
import weakref

import numpy as np

from autograd_cli.tensorflow.exports import tf_class
from autograd_cli.tensorflow.variables import Variable as _TFVariable


class _LazyTensorFlow:
    """`tf.X` looked up when called, so `tf.nn.softmax` is the package's public function."""

    def __getattr__(self, name):
        import autograd_cli.tensorflow as package

        return getattr(package, name)


tf = _LazyTensorFlow()

# ---------------------------------------------------------------- names (backend.get_uid)

_UIDS: dict[str, int] = {}


def incompatible_input(message: str) -> ValueError:
    """A layer's input that fails its input spec: Keras checks it before the call, so the
    error is not re-raised with the call's arguments (layers.py)."""
    error = ValueError(message)
    error._keras_call_info = True
    return error


def unique_name(prefix: str) -> str:
    """Keras' automatic names: `dense`, `dense_1`, ... (one counter per prefix)."""
    count = _UIDS.get(prefix, 0)
    _UIDS[prefix] = count + 1
    return prefix if count == 0 else f"{prefix}_{count}"


def reset_names() -> None:
    _UIDS.clear()


def snake_case(name: str) -> str:
    """Keras' to_snake_case: `MyModel` -> `my_model`, `Dense` -> `dense`."""
    intermediate = re.sub("(.)([A-Z][a-z0-9]+)", r"\1_\2", name)
    insecure = re.sub("([a-z])([A-Z])", r"\1_\2", intermediate).lower()
    return insecure if insecure[0] != "_" else "private" + insecure


def bind_arguments(class_name: str, names: list, defaults: dict, args: tuple, kwargs: dict) -> dict:
    """The arguments of a generated class's __init__ as Python binds them: positional ones in
    `names` order, then keywords, over `defaults` (another keyword is a TypeError)."""
    if len(args) > len(names):
        raise TypeError(f"{class_name}.__init__() takes from 1 to {len(names) + 1} positional arguments "
                        f"but {len(args) + 1} were given")
    bound = dict(defaults)
    bound.update(zip(names, args))
    for key, value in kwargs.items():
        if key not in defaults:
            raise TypeError(f"{class_name}.__init__() got an unexpected keyword argument '{key}'")
        bound[key] = value
    return bound


# the layers whose __call__ is running: a variable made now has the path outer/inner/name
PATH: list[str] = []


def current_path(name: str) -> str:
    return "/".join(PATH + [name])


# ---------------------------------------------------------------- what Keras attaches to tensors

class TensorMarks:
    """A side table of what Keras sets on a tensor (its `_keras_logits`, `_keras_mask`), kept
    while the tensor lives."""

    def __init__(self):
        self._marks: dict[int, tuple] = {}      # tensor uid -> (weak reference to it, the mark)

    def set(self, tensor, mark):
        def forget(_ref, uid=tensor.uid):
            self._marks.pop(uid, None)
        self._marks[tensor.uid] = (weakref.ref(tensor, forget), mark)
        return tensor

    def get(self, tensor):
        entry = self._marks.get(getattr(tensor, "uid", None))
        if entry is None or entry[0]() is not tensor:
            return None
        return entry[1]


_LOGITS = TensorMarks()
MASKS = TensorMarks()       # a loss function's mask (ignore_class), which a loss object's reduction uses


def remember_logits(output, logits):
    """Keras marks a softmax / sigmoid activation's output with its logits (`_keras_logits`),
    so a crossentropy of it works from the logits even eagerly."""
    return _LOGITS.set(output, logits)


def keras_logits(tensor):
    return _LOGITS.get(tensor)


# ---------------------------------------------------------------- the Keras variable

class DTypeName(str):
    """Keras 3 gives a variable's dtype as its name (`float32`, a str, equal to tf.float32);
    the package's own code reads it as the DType it names."""

    def __getattr__(self, attr):
        return getattr(tf.as_dtype(str(self)), attr)


@tf_class("keras.src.backend.Variable")
class KerasVariable(_TFVariable):
    """A layer's weight as Keras 3 makes it: `name` is its own name (`kernel`), `path` the
    layers it was made in (`sequential/dense/kernel`), printed as Keras prints it; its class
    is Keras' `Variable`. A tape cannot watch it (TensorFlow's ValueError): only read, it is
    watched as a tf.Variable is."""

    watchable = False

    def __init__(self, initial_value, name, trainable=True, dtype=None):
        self._keras_name = name
        self._keras_path = current_path(name)
        super().__init__(initial_value, trainable=trainable, name=self._keras_path, dtype=dtype)

    @property
    def name(self):
        return self._keras_name

    @property
    def path(self):
        return self._keras_path

    @property
    def dtype(self):
        return DTypeName(self._dtype.name)

    @property
    def value(self):
        return self._as_tensor()

    def __repr__(self):
        if tf.executing_eagerly():
            value = np.asarray(self.numpy())
            # (Keras' f-string of the value: a float scalar as the Python float, 0.10000000149011612)
            value = repr(float(value)) if value.ndim == 0 and value.dtype.kind == "f" else str(value)
            return (f"<Variable path={self.path}, shape={tuple(self.shape.as_list())}, dtype={self.dtype}, "
                    f"value={value}>")
        return f"<Variable path={self.path}, shape={tuple(self.shape.as_list())}, dtype={self.dtype}>"

    __str__ = __repr__


def is_tensor(value) -> bool:
    return hasattr(value, "dtype") and hasattr(value, "shape") and not isinstance(value, np.ndarray)


def as_float_tensor(value, dtype=None):
    """Keras' convert_to_tensor: NumPy float64 data becomes the layer's float32."""
    if is_tensor(value):
        return value if dtype is None or value.dtype == dtype else tf.cast(value, dtype)
    array = np.asarray(value)
    if dtype is None:
        dtype = "float32" if array.dtype.kind in "fc" or array.dtype == object else None
    return tf.convert_to_tensor(array if dtype is None else array.astype(np.dtype(str(getattr(dtype, "name", dtype)))))


def run_symbolically(fn, inputs, kwargs):
    """Keras 3's compute_output_spec on the TensorFlow backend: `fn` run once in a function graph
    of its own on symbolic stand-ins of the tensors in `inputs` (same shapes and dtypes), its
    result discarded. Its Python runs (prints, NumPy draws) and the variables it makes are made
    as in an eager call; assignments stay in the discarded graph."""
    from autograd_cli.tensorflow.lowering import _flatten, _rebuild
    from autograd_cli.tensorflow.tracing import FuncGraph, symbolic_input, tracing

    graph = FuncGraph("compute_output_spec", function=True)
    structure, flat = _flatten([[inputs], dict(kwargs)])
    with tracing(graph):
        args = [symbolic_input(graph, v.dtype, v._shape, name=f"input_{k}") if is_tensor(v) else v
                for k, v in enumerate(flat)]
        positional, keywords = _rebuild(structure, args)
        fn(*positional, **keywords)

