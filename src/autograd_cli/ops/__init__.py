"""The one table of operations (see table.py for what a row holds)."""
# Importing the group modules registers their rows, in this order.
from autograd_cli.ops import state
from autograd_cli.ops import elementwise
from autograd_cli.ops import linalg
from autograd_cli.ops import reductions
from autograd_cli.ops import arrays
from autograd_cli.ops import indexing
from autograd_cli.ops import segments
from autograd_cli.ops import control
from autograd_cli.ops import learning
from autograd_cli.ops.elementwise import ROUND_FLOAT32
from autograd_cli.ops.table import OPS, SAME, Op, ShapeError, fmt

__all__ = ["OPS", "Op", "SAME", "ShapeError", "fmt", "ROUND_FLOAT32"]
