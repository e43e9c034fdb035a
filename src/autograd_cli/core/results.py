"""What a gradients call hands back to the API's user, in either dialect: its values.
(No NumPy or graph here: a snippet's results reach the command line without either.)"""
from __future__ import annotations

import struct

from autograd_cli.support.records import Record


class Float32(float):
    """A float32 result held as the Python float it widens to (JSON keeps that exact value);
    shown with the fewest digits that give back that float32, as TensorFlow and NumPy print
    a float32 (0.2514041, not 0.2514041066)."""

    __slots__ = ()

    def shortest(self) -> str:
        if self != self or self in (float("inf"), float("-inf")):
            return repr(float(self))
        for digits in range(1, 10):       # nine significant digits always give a float32 back
            text = f"{self:.{digits}g}"
            if struct.unpack("f", struct.pack("f", float(text)))[0] == self:
                return text
        return f"{self:.9g}"


class GradientResult(Record):
    _fields = ("kind", "name", "line", "ys", "xs", "values", "unconnected")

    def __init__(self, kind, name, line, ys, xs, values, unconnected):
        self.kind = kind
        self.name = name
        self.line = line
        self.ys = ys
        self.xs = xs
        self.values = values            # ndarray (a snippet's scalar: a Python number), or None for an unconnected x
        self.unconnected = unconnected  # x text -> reason
