"""tf.TensorShape and Dimension: static shapes whose sizes may be unknown (None)."""
from __future__ import annotations

import operator

from autograd_cli.tensorflow.exports import tf_class, tf_export

V1 = [False]   # TF1 behaviour (disable_v2_behavior): sizes print as '?', entries are Dimensions


def dimension_value(d):
    """One size as TensorFlow's Dimension reads it: None, a Dimension's value, or an integer
    (anything with __index__: a float or a string is TensorFlow's TypeError)."""
    if d is None or isinstance(d, Dimension):
        return None if d is None else d.value
    try:
        return operator.index(d)
    except TypeError:
        raise TypeError("Dimension value must be integer or None or have an __index__ method, "
                        f"got value '{d!r}' with type '{type(d)!r}'") from None


@tf_class("tensorflow.python.framework.tensor_shape.Dimension")
@tf_export("compat.v1.Dimension", "Dimension")
class Dimension:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = dimension_value(value)

    def __repr__(self):
        return f"Dimension({self.value})"

    def __str__(self):
        return "?" if self.value is None else str(self.value)

    def __int__(self):
        if self.value is None:
            raise TypeError("unknown dimension")
        return self.value

    __index__ = __int__

    def __eq__(self, other):
        other = other.value if isinstance(other, Dimension) else other
        if self.value is None or other is None:
            return None
        return self.value == other

    def __hash__(self):
        return hash(self.value)

    def _binary(self, other, fn):
        other = other.value if isinstance(other, Dimension) else other
        return Dimension(None if self.value is None or other is None else fn(self.value, int(other)))

    def __add__(self, other):
        return self._binary(other, lambda a, b: a + b)

    __radd__ = __add__

    def __mul__(self, other):
        return self._binary(other, lambda a, b: a * b)

    __rmul__ = __mul__

    def __sub__(self, other):
        return self._binary(other, lambda a, b: a - b)

    def __floordiv__(self, other):
        return self._binary(other, lambda a, b: a // b)


@tf_class("tensorflow.python.framework.tensor_shape.TensorShape")
@tf_export("TensorShape")
class TensorShape:
    """dims: a tuple of int-or-None, or None for an unknown rank."""

    __slots__ = ("_dims",)

    def __init__(self, dims):
        if isinstance(dims, TensorShape):
            dims = dims._dims
        elif dims is not None:
            if isinstance(dims, (int, Dimension)):
                dims = [dims]
            dims = tuple(dimension_value(d) for d in dims)
            for d in dims:
                if d is not None and d < 0:
                    raise ValueError(f"Dimension {d} must be >= 0")
        self._dims = dims

    # -- TF 2 behaviour: entries are ints or None
    @property
    def dims(self):
        return None if self._dims is None else list(self._dims)

    @property
    def rank(self):
        return None if self._dims is None else len(self._dims)

    @property
    def ndims(self):
        return self.rank

    def as_list(self):
        if self._dims is None:
            raise ValueError("as_list() is not defined on an unknown TensorShape.")
        return list(self._dims)

    def is_fully_defined(self):
        return self._dims is not None and all(d is not None for d in self._dims)

    def num_elements(self):
        if not self.is_fully_defined():
            return None
        n = 1
        for d in self._dims:
            n *= d
        return n

    def is_compatible_with(self, other):
        other = TensorShape(other)
        if self._dims is None or other._dims is None:
            return True
        return len(self._dims) == len(other._dims) and all(
            a is None or b is None or a == b for a, b in zip(self._dims, other._dims))

    def assert_is_compatible_with(self, other):
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {TensorShape(other)} are incompatible")

    def merge_with(self, other):
        other = TensorShape(other)
        if self._dims is None:
            return other
        if other._dims is None:
            return self
        self.assert_is_compatible_with(other)
        return TensorShape([a if a is not None else b for a, b in zip(self._dims, other._dims)])

    def with_rank(self, rank):
        return self

    def concatenate(self, other):
        other = TensorShape(other)
        if self._dims is None or other._dims is None:
            return TensorShape(None)
        return TensorShape(self._dims + other._dims)

    def __len__(self):
        if self._dims is None:
            raise ValueError("Cannot take the length of shape with unknown rank.")
        return len(self._dims)

    def __iter__(self):
        if self._dims is None:
            raise ValueError("Cannot iterate over a shape with unknown rank.")
        return iter(self._dims)

    def __getitem__(self, key):
        if isinstance(key, slice):
            return TensorShape(self._dims[key])
        return Dimension(self._dims[key]) if V1[0] else self._dims[key]

    def __bool__(self):
        return self._dims is not None

    def __eq__(self, other):
        try:
            other = TensorShape(other)
        except (TypeError, ValueError):
            return NotImplemented
        return self._dims == other._dims

    def __hash__(self):
        return hash(self._dims)

    def __add__(self, other):
        return self.concatenate(other)

    def __radd__(self, other):
        return TensorShape(other).concatenate(self)

    def __repr__(self):
        if self._dims is None:
            return "TensorShape(None)"
        if V1[0]:
            return "TensorShape([" + ", ".join(f"Dimension({d})" for d in self._dims) + "])"
        return f"TensorShape({list(self._dims)})"

    def __str__(self):
        if self._dims is None:
            return "<unknown>"
        unknown = "?" if V1[0] else "None"
        inner = ", ".join(unknown if d is None else str(d) for d in self._dims)
        return f"({inner},)" if len(self._dims) == 1 else f"({inner})"

    def graph_text(self) -> str:
        """TF1 graph mode prints unknown sizes as '?': `shape=(?, 3)`."""
        if self._dims is None:
            return "<unknown>"
        inner = ", ".join("?" if d is None else str(d) for d in self._dims)
        return f"({inner},)" if len(self._dims) == 1 else f"({inner})"


def shape_with_unknown_sizes(recipe, shapes):
    """A graph op's static shape where an input's size is unknown and the stand-in size made
    the op's shape rule fail: an elementwise op by TensorFlow's broadcasting rule ((2, 3) with
    (?, 3) is (2, 3)), a reshape to a full shape that shape; None where neither applies."""
    import numpy as np

    from autograd_cli.ops import OPS

    if recipe.kind != "row" or not any(d is None for s in shapes for d in s):
        return None
    if recipe.target == "reshape" and len(shapes) == 1:     # (?, 3) into (2, 3): the target, if it can hold it
        dims = list(recipe.params["shape"])
        known = int(np.prod([d for d in shapes[0] if d is not None]))
        wanted = int(np.prod([d for d in dims if d != -1]))
        if -1 in dims or known == 0 or wanted % known:
            return tuple(None if d == -1 else d for d in dims) if -1 in dims else None
        return tuple(dims)
    if not getattr(OPS.get(recipe.target), "elementwise", False):
        return None
    rank = max(len(s) for s in shapes)
    out = []
    for dims in zip(*[(1,) * (rank - len(s)) + tuple(s) for s in shapes]):
        known = {d for d in dims if d is not None and d != 1}
        if len(known) > 1:
            return None
        if known:
            out.append(known.pop())
        else:
            out.append(None if None in dims else 1)
    return tuple(out)
