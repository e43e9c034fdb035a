"""The one table of operations (see table.py for what a row holds)."""
# Importing the group modules registers their rows, in this order.
from . import state  # noqa: F401  (isort: skip)
from . import elementwise  # noqa: F401  (isort: skip)
from . import linalg  # noqa: F401  (isort: skip)
from . import reductions  # noqa: F401  (isort: skip)
from . import arrays  # noqa: F401  (isort: skip)
from . import indexing  # noqa: F401  (isort: skip)
from . import segments  # noqa: F401  (isort: skip)
from . import control  # noqa: F401  (isort: skip)
from . import learning  # noqa: F401  (isort: skip)
from .table import OPS, SAME, Op, ShapeError, fmt

__all__ = ["OPS", "Op", "SAME", "ShapeError", "fmt"]
