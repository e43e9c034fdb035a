"""The one table of operations (see table.py for what a row holds)."""
# Importing the group modules registers their rows, in this order.
from autograd_cli.ops import state, elementwise, linalg, decompositions, reductions  # noqa: F401
from autograd_cli.ops import arrays, indexing, segments, control, learning  # noqa: F401
from autograd_cli.ops.elementwise import ROUND_FLOAT32
from autograd_cli.ops.table import OPS, SAME, Op, ShapeError, fmt

__all__ = ["OPS", "Op", "SAME", "ShapeError", "fmt", "ROUND_FLOAT32"]
