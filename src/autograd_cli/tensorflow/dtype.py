"""TensorFlow's dtypes: `tf.float32` and friends, and the strings that name them."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow.exports import tf_class, export_value, tf_export


@tf_class("tensorflow.python.framework.dtypes.DType")
@tf_export("dtypes.DType", "DType")
class DType:
    __slots__ = ("name", "np", "kernel_name", "_ref")

    def __init__(self, name, np_type, kernel_name):
        self.name = name
        self.np = np_type
        self.kernel_name = kernel_name   # how kernel errors name it: 'float', 'double', ...
        self._ref = None                 # a reference dtype's base (float32_ref -> float32)

    @property
    def is_floating(self) -> bool:
        return self.base_dtype.name in ("float16", "float32", "float64", "bfloat16")

    @property
    def is_integer(self) -> bool:
        return self.base_dtype.name.startswith(("int", "uint"))

    @property
    def is_bool(self) -> bool:
        return self.base_dtype.name == "bool"

    @property
    def as_numpy_dtype(self):
        return self.np

    @property
    def base_dtype(self):
        return self._ref or self

    @property
    def _as_ref(self):
        return self if self._ref else _REFS[self.name]

    @property
    def real_dtype(self):
        return {"complex64": float32, "complex128": float64}.get(self.base_dtype.name, self)

    @property
    def is_complex(self):
        return self.base_dtype.name.startswith("complex")

    @property
    def min(self):
        return np.finfo(self.np).min if self.is_floating else np.iinfo(self.np).min

    @property
    def max(self):
        return np.finfo(self.np).max if self.is_floating else np.iinfo(self.np).max

    def __repr__(self):
        return f"tf.{self.name}"

    def __str__(self):
        return f"<dtype: '{self.name}'>"

    def __eq__(self, other):
        if isinstance(other, DType):
            return other.name == self.name
        try:
            return as_dtype(other).name == self.name
        except TypeError:
            return False

    def __hash__(self):
        return hash(self.name)

    def __reduce__(self):
        return as_dtype, (self.name,)


float16 = DType("float16", np.float16, "half")
float32 = DType("float32", np.float32, "float")
float64 = DType("float64", np.float64, "double")
int8 = DType("int8", np.int8, "int8")
int16 = DType("int16", np.int16, "int16")
int32 = DType("int32", np.int32, "int32")
int64 = DType("int64", np.int64, "int64")
uint8 = DType("uint8", np.uint8, "uint8")
bool_ = DType("bool", np.bool_, "bool")
string = DType("string", np.object_, "string")
complex64 = DType("complex64", np.complex64, "complex64")     # (held and printed; few ops compute with them)
complex128 = DType("complex128", np.complex128, "complex128")

ALL = (float16, float32, float64, int8, int16, int32, int64, uint8, bool_, string, complex64, complex128)
_BY_NAME = {d.name: d for d in ALL}
_BY_NAME.update({"float": float32, "double": float64, "half": float16, "int": int32, "long": int64})
_BY_NP = {np.dtype(d.np): d for d in ALL if d is not string}


def _reference(base: DType) -> DType:
    """What a TF1 graph's reference variable reports as its dtype (`<dtype: 'float32_ref'>`):
    unequal to its base, as in TensorFlow; tensors made with it get the base dtype."""
    ref = DType(f"{base.name}_ref", base.np, base.kernel_name)
    ref._ref = base
    return ref


_REFS = {d.name: _reference(d) for d in ALL}
_BY_NAME.update({r.name: r for r in _REFS.values()})

for _d in ALL:
    export_value(f"dtypes.{_d.name}", _d)
    export_value(_d.name, _d)
export_value("double", float64)
export_value("half", float16)
export_value("dtypes.double", float64)


_ENUM_NAMES = {1: "float32", 2: "float64", 3: "int32", 4: "uint8", 5: "int16", 6: "int8", 7: "string",
               8: "complex64", 9: "int64", 10: "bool", 14: "bfloat16", 17: "uint16", 18: "complex128",
               19: "float16", 22: "uint32", 23: "uint64"}


@tf_export("dtypes.as_dtype", "as_dtype")
def as_dtype(value) -> DType:
    if isinstance(value, DType):
        return value
    if isinstance(value, str):
        found = _BY_NAME.get(value)
        if found is not None:
            return found
        raise TypeError(f"Cannot convert value {value!r} to a TensorFlow DType.")
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        found = _BY_NAME.get(_ENUM_NAMES.get(int(value), ""))      # TensorFlow's DataType enum values
        if found is None:
            raise TypeError(f"Cannot convert the argument `type_value`: {value!r} to a TensorFlow DType.")
        return found
    if value is float:
        return float64
    if value is int:
        return int64
    if value is bool:
        return bool_
    try:
        found = _BY_NP.get(np.dtype(value))
    except TypeError:
        found = None
    if found is None:
        raise TypeError(f"Cannot convert value {value!r} to a TensorFlow DType.")
    return found


def of_array(array) -> DType:
    """The dtype TensorFlow gives a NumPy array (float64 stays float64)."""
    kind = array.dtype
    if kind.kind in "USO":
        return string
    return _BY_NP.get(kind, float32)
