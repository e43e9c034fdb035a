"""Control flow helpers (cond, while_loop, custom_gradient)."""
from __future__ import annotations
