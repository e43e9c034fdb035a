"""Every size limit in one place.

Each limit has a default here and can be changed for one run with the environment
variable `AUTOGRAD_CLI_<NAME>` (e.g. `AUTOGRAD_CLI_MAX_ELEMENTS=200000000`). An error
about a limit names the limit, the amount asked for, and that variable. (A program
cannot read the environment; only the person running the tool sets these.)
"""
from __future__ import annotations

import functools
import os

from autograd_cli.support.errors import AgError, Pos

MAX_ELEMENTS = 50_000_000        # elements of any one tensor (checked before it is allocated)
MAX_NESTING = 2_500              # expression nesting depth (the builder recurses per level)
MAX_PROGRAM_BYTES = 10_000_000   # size of a program's text
MAX_FEED_BYTES = 200_000_000     # size of a run --feed CSV file
MAX_JACOBIAN_ROWS = 4_096        # gradient passes of one hessians/jacobian
MAX_NODES = 2_000_000            # graph nodes: the 100k-statement chain with its gradient is 1.1M;
                                 # def inlining can double them per level
MAX_LIST_ITEMS = 1_000_000       # items in one list value, shared sublists counted each time
MAX_LOOP_ITERATIONS = 100_000    # iterations of one while_loop (unrolled when the program is built)
MAX_INLINED = 1_000_000          # expressions built from def bodies in all (each call inlines its
                                 # body: a def calling the previous one twice doubles per level)

MAX_MEMORY = 0                   # bytes of tensors one run may hold at once; 0 here: the default is
                                 # MEMORY_FRACTION of the machine's memory (default_memory())

DEFAULTS = {name: value for name, value in globals().items() if name.startswith("MAX_")}
MAX_RANK = 32                    # dimensions of a tensor: NumPy's own ceiling, fixed
PREFIX = "AUTOGRAD_CLI_"
# The most an environment variable may ask for: deeper nesting than this overflows the
# C stack in NumPy and json (a crash, not an error), whatever Python's recursion limit.
CEILINGS = {"MAX_NESTING": 30_000}
CEILING = 10**15

MEMORY_FRACTION = 0.5            # default MAX_MEMORY: this share of the machine's memory


def limit(name: str) -> int:
    """The limit in force: the environment's override or the default."""
    raw = os.environ.get(PREFIX + name)
    if raw is None or not raw.strip():
        return DEFAULTS[name] if name != "MAX_MEMORY" else default_memory()
    text = raw.strip().replace("_", "")
    ceiling = CEILINGS.get(name, CEILING)
    if name == "MAX_MEMORY":        # read as the box reads it: bytes, or with a unit (4G)
        from autograd_cli.sandbox.limits import parse_bytes

        value = parse_bytes(text) or 0
    else:
        value = int(text) if text.isascii() and text.isdigit() and len(text) <= 20 else 0
    if not 0 < value <= ceiling:
        raise AgError(f"{PREFIX}{name}={raw!r} must be a positive integer" + (
            " (or with a unit: 512M, 4G)" if name == "MAX_MEMORY" else "") + f", at most {ceiling:,}")
    return value


def check_environment() -> None:
    """Every limit's environment variable, where set, holds a valid value (else AgError):
    checked at the start of a command, not only when a limit is reached."""
    for name in DEFAULTS:
        limit(name)


@functools.lru_cache(maxsize=1)
def default_memory() -> int:
    """MAX_MEMORY's default: a share of the machine's memory (or of a cgroup's limit).
    Read once: every evaluation checks its memory (two files and a sysconf each time cost
    a one-off evaluation of W3 about 0.08 ms)."""
    from autograd_cli.sandbox.limits import machine_memory   # one reading of the machine, shared with the box

    return int(machine_memory() * MEMORY_FRACTION)


def over(name: str, what: str, amount: int, unit: str, pos: Pos | None = None) -> AgError:
    """The error for `amount` exceeding limit `name`, saying how to raise it."""
    return AgError(f"{what}: {amount:,} {unit}, over the limit of {limit(name):,} ({name}; "
                   f"raise it with the environment variable {PREFIX}{name}=N)", pos)


def element_count(shape) -> int:
    count = 1
    for d in shape:
        count *= int(d)
        if count == 0:
            return 0
    return count


def check_elements(shape, pos: Pos | None = None, what: str | None = None) -> None:
    """Refuse a tensor shape that is too big, before anything is allocated."""
    shape = tuple(shape)
    if len(shape) > MAX_RANK:
        raise AgError(f"{what or 'a tensor'}: {len(shape)} dimensions, over NumPy 1.x's ceiling of "
                      f"{MAX_RANK} (MAX_RANK, fixed)", pos)
    count = element_count(shape)
    if count == 0 and element_count(d for d in shape if int(d) != 0) >= 2**60:
        # empty, yet NumPy refuses sizes whose product overflows its byte count
        raise AgError(f"{what or f'a tensor of shape {shape_text(shape)}'}: its other dimensions "
                      "multiply past what NumPy can address (2**60 elements), even though it is empty", pos)
    if count > limit("MAX_ELEMENTS"):
        raise over("MAX_ELEMENTS", what or f"a tensor of shape {shape_text(shape)}", count, "elements", pos)


def shape_text(shape) -> str:
    if len(shape) > 8:
        return "(" + ", ".join(str(d) for d in shape[:4]) + ", ..., " + ", ".join(str(d) for d in shape[-2:]) + ")"
    return "(" + ", ".join(str(d) for d in shape) + (",)" if len(shape) == 1 else ")")
