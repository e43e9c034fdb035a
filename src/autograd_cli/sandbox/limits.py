"""The box's limits: time, memory and output, with their defaults and how to raise them.

Standard library only: the parent reads them, and the child (which must start fast and
import nothing of the tool before it is locked down) receives them as JSON.
"""
from __future__ import annotations

import os

SECONDS_VARIABLE = "AUTOGRAD_CLI_SNIPPET_SECONDS"
MEMORY_VARIABLE = "AUTOGRAD_CLI_MAX_MEMORY"
OUTPUT_VARIABLE = "AUTOGRAD_CLI_MAX_OUTPUT"
SECONDS_OPTION = "--time-limit SECONDS"
MEMORY_OPTION = "--max-memory SIZE"

DEFAULT_SECONDS = 5.0               # a runaway snippet ends within 10 s, start-up included
DEFAULT_OUTPUT_BYTES = 10_000_000   # what a snippet may print (stdout and stderr together)
DEFAULT_MEMORY_CAP = 2 << 30        # default memory: at most this ...
MEMORY_SHARE = 0.5                  # ... and at most this share of the machine (or its cgroup)
MAX_SECONDS = 86_400.0
MAX_BYTES = 1 << 50
STARTUP_SECONDS = 30.0              # the child's start and the job's preparation (not the snippet)
RESULT_BYTES = 1 << 28              # the JSON the job sends back


class BoxError(Exception):
    """The box could not run the job: a bad limit value, a child that could not start, a
    broken protocol, or a failure of the job's own code (never the snippet's fault). The
    message is one paragraph for the user; `detail` holds what the child left on stderr."""

    def __init__(self, message: str, detail: str = ""):
        super().__init__(message)
        self.message = message
        self.detail = detail


class Limits:
    """What a boxed snippet may use.

    - `seconds`: CPU time of the snippet (default 5). Raise it with the option
      `--time-limit SECONDS` or the environment variable `AUTOGRAD_CLI_SNIPPET_SECONDS`.
      A snippet that waits instead of computing stops after `wall_seconds`
      (1.5 x seconds + 1.5 s: 9 s by default) of wall-clock time.
    - `memory`: bytes the snippet may allocate on top of the box's own start
      (default: the smaller of 2 GiB and half the machine's memory). Raise it with
      `--max-memory SIZE` or `AUTOGRAD_CLI_MAX_MEMORY` (bytes, or with a unit: 512M, 4G). The kernel enforces it
      (RLIMIT_AS / RLIMIT_DATA), for NumPy arrays as for Python objects.
    - `output_bytes`: what the snippet may print, stdout and stderr together
      (default 10,000,000). Raise it with `AUTOGRAD_CLI_MAX_OUTPUT`.
    Options given on the command line win over the environment; both only raise or lower
    the limits of the person running the tool (a snippet cannot read the environment).
    """

    __slots__ = ("seconds", "memory", "output_bytes")

    def __init__(self, seconds: float = DEFAULT_SECONDS, memory: int | None = None,
                 output_bytes: int = DEFAULT_OUTPUT_BYTES):
        memory = default_memory() if memory is None else memory
        check_seconds(seconds, "seconds")
        check_bytes(memory, "memory")
        check_bytes(output_bytes, "output_bytes")
        object.__setattr__(self, "seconds", float(seconds))
        object.__setattr__(self, "memory", memory)
        object.__setattr__(self, "output_bytes", output_bytes)

    def __setattr__(self, name, value):
        raise AttributeError("Limits are fixed once made (make another)")

    def __eq__(self, other):
        return isinstance(other, Limits) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return f"Limits(seconds={self.seconds:g}, memory={self.memory}, output_bytes={self.output_bytes})"

    def _key(self):
        return (self.seconds, self.memory, self.output_bytes)

    @property
    def wall_seconds(self) -> float:
        return self.seconds * 1.5 + 1.5

    @classmethod
    def from_environment(cls, seconds: float | None = None, memory: int | None = None,
                         output_bytes: int | None = None, environ=None) -> "Limits":
        """The defaults, changed by the environment variables, changed by explicit values
        (the CLI's options). A malformed variable is a BoxError naming it."""
        environ = os.environ if environ is None else environ
        if seconds is None:
            seconds = _read(environ, SECONDS_VARIABLE, _parse_seconds)
        if memory is None:
            memory = _read(environ, MEMORY_VARIABLE, parse_bytes)
        if output_bytes is None:
            output_bytes = _read(environ, OUTPUT_VARIABLE, parse_bytes)
        values = {"seconds": seconds, "memory": memory, "output_bytes": output_bytes}
        return cls(**{name: value for name, value in values.items() if value is not None})

    @classmethod
    def from_options(cls, time_limit: str | None = None, max_memory: str | None = None, environ=None) -> "Limits":
        """The command line's `--time-limit SECONDS` and `--max-memory SIZE` (their text, or
        None where not given) over the environment. A malformed value is a BoxError."""
        seconds = None if time_limit is None else _parsed(time_limit, SECONDS_OPTION.split()[0], _parse_seconds)
        memory = None if max_memory is None else _parsed(max_memory, MEMORY_OPTION.split()[0], parse_bytes)
        return cls.from_environment(seconds, memory, environ=environ)

    def to_json(self) -> dict:
        return {"seconds": self.seconds, "memory": self.memory, "output_bytes": self.output_bytes,
                "wall_seconds": self.wall_seconds}

    # What the user is told when a limit stops a snippet.
    def time_message(self) -> str:
        return (f"the snippet used up its time limit of {_seconds_text(self.seconds)} of CPU time "
                f"(raise it with {SECONDS_OPTION} or {SECONDS_VARIABLE}=SECONDS)")

    def wall_message(self, cpu_seconds: float = 0.0) -> str:
        # computing, starved by other processes: it got half its CPU budget or more
        if cpu_seconds >= 0.5 * self.seconds:
            why = f"it used {cpu_seconds:.1f} s of CPU in that time: the machine is busy"
        else:
            why = "it was waiting rather than computing"
        return (f"the snippet ran for {_seconds_text(self.wall_seconds)} of wall-clock time without "
                f"finishing ({why}; the wall-clock limit is 1.5 x the time limit + 1.5 s: raise the "
                f"time limit with {SECONDS_OPTION} or {SECONDS_VARIABLE}=SECONDS)")

    def memory_message(self) -> str:
        return (f"the snippet ran out of memory: it may use {self.memory:,} bytes "
                f"({_bytes_text(self.memory)}; raise it with {MEMORY_OPTION} or "
                f"{MEMORY_VARIABLE}=SIZE)")

    def output_message(self) -> str:
        return (f"the snippet printed more than {self.output_bytes:,} bytes, the output limit "
                f"(raise it with {OUTPUT_VARIABLE}=BYTES)")


def _read(environ, name, parse):
    raw = environ.get(name)
    if raw is None or not raw.strip():
        return None
    return _parsed(raw, name, parse, f"{name}={raw!r}")


def _parsed(raw: str, name: str, parse, shown: str | None = None):
    """`raw` read by `parse`, or a BoxError naming the variable or option it came from."""
    value = parse(raw.strip())
    if value is None:
        seconds = parse is _parse_seconds
        kind = "a number of seconds" if seconds else "a number of bytes (or with a unit: 512M, 4G)"
        ceiling = f"{MAX_SECONDS:,.0f}" if seconds else f"{MAX_BYTES:,} bytes"
        raise BoxError(f"{shown or f'{name} {raw!r}'} must be {kind}, positive and at most {ceiling}")
    return value


def _parse_seconds(text: str):
    try:
        value = float(text.replace("_", ""))
    except ValueError:
        return None
    return value if 0 < value <= MAX_SECONDS else None


_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def parse_bytes(text: str):
    """Whole bytes, or a whole number of K, M, G or T (powers of 1024; `4G`, `4GB`, `4GiB`)."""
    text = text.replace("_", "").strip().upper().removesuffix("B")
    if text.endswith("I") and text[-2:-1] in ("K", "M", "G", "T"):
        text = text[:-1]
    unit = text[-1:] if text[-1:] in _UNITS and text[-1:] else ""
    digits = text[:-1].strip() if unit else text
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 20):
        return None
    value = int(digits) * _UNITS[unit]
    return value if 0 < value <= MAX_BYTES else None


def check_seconds(value, name: str) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= MAX_SECONDS:
        raise BoxError(f"the time limit ({name}) must be a number of seconds, positive and at most "
                       f"{MAX_SECONDS:,.0f}; got {value!r}")


def check_bytes(value, name: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_BYTES:
        raise BoxError(f"the {name.replace('_', ' ')} limit must be a whole number of bytes, positive "
                       f"and at most {MAX_BYTES:,}; got {value!r}")


_MACHINE_MEMORY = None


def machine_memory() -> int:
    """The machine's memory in bytes, or its cgroup's limit when that is smaller (read once)."""
    global _MACHINE_MEMORY
    if _MACHINE_MEMORY is None:
        total = 0
        try:
            total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        except (ValueError, OSError, AttributeError):
            pass
        for path in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
            try:
                with open(path) as handle:
                    text = handle.read().strip()
            except OSError:
                continue
            if text.isdigit() and 0 < int(text) < (total or 1 << 62):
                total = int(text)
        _MACHINE_MEMORY = total or 8 << 30
    return _MACHINE_MEMORY


def default_memory() -> int:
    return min(DEFAULT_MEMORY_CAP, int(machine_memory() * MEMORY_SHARE))


def _seconds_text(seconds: float) -> str:
    return f"{seconds:g} s"


def _bytes_text(amount: int) -> str:
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if amount >= size:
            return f"{amount / size:.1f} {unit}"
    return f"{amount} bytes"
