"""Small TF APIs snippets call along the way: tf.print (in a
graph an op printing when it runs: effects.print_op), tf.config, tf.autograph, tf.compat's text
and dimension helpers."""
from __future__ import annotations

import collections as _collections
import sys

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import Tensor, ctx
from autograd_cli.tensorflow.exports import tf_class, export_value, refresh, tf_export


@tf_export("print")
def print_(*inputs, output_stream=None, sep=" ", end="\n", summarize=3, name=None):
    """Eagerly: printed at once. In a graph (TF1, or a tf.function being traced): a PrintV2 op
    printing each time it runs (effects.print_op)."""
    stream = sys.stderr if output_stream is None else output_stream
    inputs = [x._as_tensor() if hasattr(x, "_as_tensor") else x for x in inputs]     # variables: their values
    quoted = len(inputs) > 1
    if not ctx.eager:
        from autograd_cli.tensorflow.effects import print_op
        from autograd_cli.tensorflow.engine_values import typed_value

        def shown(value, tensor=None):
            if tensor is None:
                return _printed(value, summarize)
            if tensor.dtype is not dtypes.string:      # (a number's engine value as its dtype's; strings are)
                value = typed_value(value, tensor.dtype)
            return _printed(value, summarize, quoted)
        return print_op(inputs, stream, sep, end, shown, name)
    print(sep.join(_printed(x._value, summarize, quoted) if isinstance(x, Tensor) else _printed(x, summarize)
                   for x in inputs), end=end, file=stream)


def _printed(value, summarize=3, quoted=False) -> str:
    """A value as tf.print shows it: a tensor's (a NumPy value) as TensorFlow's print_v2
    summary, other Python values as str() shows them."""
    import numpy as np

    if isinstance(value, np.ndarray) and value.dtype == object:
        return printed_value(value, dtypes.string, summarize, quoted)
    if isinstance(value, (np.ndarray, np.generic)):
        return printed_value(value, None, summarize, quoted)
    if isinstance(value, bytes):
        return value.decode("utf-8", "backslashreplace")
    return str(value)


def _number_text(v) -> str:
    """One number as TensorFlow's print_v2 writes it: a float in 6 (float64: 15) significant
    digits where that reads back as the same value, else 9 (17); a bool as 1 or 0."""
    import numpy as np

    if isinstance(v, (bool, np.bool_)):
        return "1" if v else "0"
    if isinstance(v, np.floating):
        kind = np.float64 if v.dtype == np.float64 else np.float32
        short, full = (15, 17) if kind is np.float64 else (6, 9)
        text = f"{float(v):.{short}g}"
        return text if not np.isfinite(v) or kind(float(text)) == kind(v) else f"{float(v):.{full}g}"
    if isinstance(v, np.integer):
        return str(int(v))
    return str(v)


def printed_value(array, dtype, summarize=3, quoted=False) -> str:
    """TensorFlow's print_v2 summary of a tensor's value (tf.print, tf.strings.format): at most
    `summarize` elements at each end of every dimension (all when negative), strings quoted and
    escaped inside arrays (a scalar string too when `quoted`)."""
    import numpy as np

    from autograd_cli.tensorflow.effects import c_escape

    array = np.asarray(array)

    def element(v):
        if dtype is dtypes.string:
            text = v.decode("utf-8", "backslashreplace") if isinstance(v, bytes) else str(v)
            return f'"{c_escape(text)}"' if quoted or array.ndim else text
        return _number_text(v)

    def block(a, depth):
        if not isinstance(a, np.ndarray):      # (an element of an object array)
            return element(a)
        if a.ndim == 0:
            return element(a[()])
        size = a.shape[0]
        cut = 0 <= summarize and 2 * summarize < size
        indices = list(range(summarize)) + [None] + list(range(size - summarize, size)) if cut else range(size)
        rows = ["..." if k is None else block(a[k], depth + 1) for k in indices]
        gap = " " if a.ndim == 1 else "\n" * (a.ndim - 1) + " " * (depth + 1)
        return "[" + gap.join(rows) + "]"
    return block(array, 0)


# ---------------------------------------------------------------- tf.config's devices
# One CPU and no GPU, as TensorFlow's CPU build on this machine; the virtual CPUs a snippet
# configures before it runs an op are its logical devices.

PhysicalDevice = tf_export("config.PhysicalDevice")(tf_class("tensorflow.python.eager.context.PhysicalDevice")(
    _collections.namedtuple("PhysicalDevice", ["name", "device_type"])))
LogicalDevice = tf_export("config.LogicalDevice")(tf_class("tensorflow.python.eager.context.LogicalDevice")(
    _collections.namedtuple("LogicalDevice", ["name", "device_type"])))
_CPU = PhysicalDevice("/physical_device:CPU:0", "CPU")
_VIRTUAL = {"count": 1}


@tf_class("tensorflow.python.eager.context.LogicalDeviceConfiguration")
@tf_export("config.LogicalDeviceConfiguration", "config.experimental.VirtualDeviceConfiguration")
class LogicalDeviceConfiguration(_collections.namedtuple(
        "LogicalDeviceConfiguration", ["memory_limit", "experimental_priority", "experimental_device_ordinal"])):
    def __new__(cls, memory_limit=None, experimental_priority=None, experimental_device_ordinal=None):
        return super().__new__(cls, memory_limit, experimental_priority, experimental_device_ordinal)


@tf_export("config.list_physical_devices", "config.experimental.list_physical_devices")
def list_physical_devices(device_type=None):
    return [_CPU] if device_type is None or str(device_type).upper() == "CPU" else []


@tf_export("config.get_visible_devices", "config.experimental.get_visible_devices")
def get_visible_devices(device_type=None):
    return list_physical_devices(device_type)


@tf_export("config.set_visible_devices", "config.experimental.set_visible_devices")
def set_visible_devices(devices, device_type=None):
    pass


@tf_export("config.list_logical_devices", "config.experimental.list_logical_devices")
def list_logical_devices(device_type=None):
    _VIRTUAL["initialized"] = True
    if device_type is not None and str(device_type).upper() != "CPU":
        return []
    return [LogicalDevice(f"/device:CPU:{k}", "CPU") for k in range(_VIRTUAL["count"])]


@tf_export("config.set_logical_device_configuration", "config.experimental.set_virtual_device_configuration")
def set_logical_device_configuration(device, logical_devices):
    if device != _CPU:
        raise ValueError(f"Unrecognized device: {device!r}")
    if _VIRTUAL.get("initialized"):
        raise RuntimeError("Virtual devices cannot be modified after being initialized")
    _VIRTUAL["count"] = max(1, len(logical_devices or ()))


@tf_export("config.get_logical_device_configuration", "config.experimental.get_virtual_device_configuration")
def get_logical_device_configuration(device):
    return [LogicalDeviceConfiguration() for _ in range(_VIRTUAL["count"])] if _VIRTUAL["count"] > 1 else None


@tf_export("config.experimental.set_memory_growth")
def set_memory_growth(device, enable):
    if device == _CPU:
        raise ValueError("Cannot set memory growth on device when virtual devices configured")


@tf_export("config.experimental.get_memory_growth")
def get_memory_growth(device):
    return None


@tf_export("config.threading.set_inter_op_parallelism_threads", "config.threading.set_intra_op_parallelism_threads")
def set_parallelism_threads(num_threads):
    pass


@tf_export("config.threading.get_inter_op_parallelism_threads", "config.threading.get_intra_op_parallelism_threads")
def get_parallelism_threads():
    return 0


@tf_export("config.run_functions_eagerly")
def run_functions_eagerly(run_eagerly):
    _VIRTUAL["functions_eagerly"] = bool(run_eagerly)


@tf_export("config.functions_run_eagerly")
def functions_run_eagerly():
    return _VIRTUAL.get("functions_eagerly", False)


# ---------------------------------------------------------------- tf.autograph
# A tf.function here is traced without rewriting its Python source (docs/snippets.md): there
# is no generated code to show, and these say so.

@tf_export("autograph.to_code")
def to_code(entity, recursive=True, experimental_optional_features=None):
    raise NotImplementedError("tf.autograph.to_code is not supported here: a tf.function is traced without "
                              "AutoGraph's rewrite of its Python source, so there is no generated code to show")


@tf_export("autograph.to_graph")
def to_graph(entity, recursive=True, experimental_optional_features=None):
    raise NotImplementedError("tf.autograph.to_graph is not supported here: a tf.function is traced without "
                              "AutoGraph's rewrite of its Python source; decorate the function with tf.function")


@tf_export("autograph.experimental.do_not_convert")
def do_not_convert(func=None):
    return (lambda f: f) if func is None else func


@tf_export("autograph.set_verbosity")
def set_verbosity(level, alsologtostdout=False):
    pass


# ---------------------------------------------------------------- tf.compat's helpers
# (also tf.compat.v1.compat / tf.compat.v2.compat: exports.build_namespaces nests them)

@tf_export("compat.as_bytes")
def as_bytes(bytes_or_text, encoding="utf-8"):
    if isinstance(bytes_or_text, bytearray):
        return bytes(bytes_or_text)
    if isinstance(bytes_or_text, str):
        return bytes_or_text.encode(encoding)
    if isinstance(bytes_or_text, bytes):
        return bytes_or_text
    raise TypeError(f"Expected binary or unicode string, got {bytes_or_text!r}")


@tf_export("compat.as_text", "compat.as_str")
def as_text(bytes_or_text, encoding="utf-8"):
    if isinstance(bytes_or_text, str):
        return bytes_or_text
    if isinstance(bytes_or_text, bytes):
        return bytes_or_text.decode(encoding)
    raise TypeError(f"Expected binary or unicode string, got {bytes_or_text!r}")


@tf_export("compat.as_str_any")
def as_str_any(value, encoding="utf-8"):
    return as_text(value, encoding) if isinstance(value, bytes) else str(value)


@tf_export("compat.path_to_str")
def path_to_str(path):
    import os

    return os.fspath(path) if hasattr(path, "__fspath__") else path


@tf_export("compat.dimension_value")
def dimension_value(dimension):
    return getattr(dimension, "value", dimension)


@tf_export("compat.dimension_at_index")
def dimension_at_index(shape, index):
    from autograd_cli.tensorflow.shape import Dimension, TensorShape

    shape = TensorShape(shape)
    return Dimension(None) if shape.rank is None else shape.dims[index]


def _number_types():
    import numbers

    import numpy as np

    export_value("compat.bytes_or_text_types", (bytes, str))
    export_value("compat.integral_types", (numbers.Integral, np.integer))
    export_value("compat.real_types", (numbers.Real, np.integer, np.floating))
    export_value("compat.complex_types", (numbers.Complex, np.number))


_number_types()

refresh()     # this module is deferred (tensorflow/__init__): its names join the namespaces now


@tf_export("debugging.set_log_device_placement")
def set_log_device_placement(enabled):
    """Accepted; a no-op here: every op runs on the CPU, and nothing logs where."""
