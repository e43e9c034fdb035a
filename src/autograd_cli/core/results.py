"""What a gradients call hands back to the API's user, in either dialect: its values.
(No NumPy or graph here: a snippet's results reach the command line without either.)"""
from __future__ import annotations

from autograd_cli.support.records import Record


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
