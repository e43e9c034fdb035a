"""What a boxed run gives back: the job's data, or an error located in the snippet."""
from __future__ import annotations


# LocatedError.kind
EXCEPTION = "exception"    # the snippet raised (its own exception, TensorFlow's, a SyntaxError)
REFUSED = "refused"        # the snippet tried to leave the box (a file, a process, the network)
TIME = "time"              # the CPU time limit
WALL = "wall"              # the wall-clock limit (a snippet that waits)
MEMORY = "memory"          # the memory limit
OUTPUT = "output"          # the output limit
CRASH = "crash"            # the child died by a signal (a segfault in C code, an abort)
EXIT = "exit"              # sys.exit(non-zero)


class LocatedError:
    """An error at a place in the snippet. `line` and `col` are 1-based (col counts
    characters); `line` is None only when no frame of the snippet was running (then the
    message says so). `called_from` lists the snippet's own outer frames as (file, line),
    the nearest caller first; repeats of a recursion are folded and `hidden_frames` counts
    what was left out. `end_col` (exclusive, on `line`) marks the end of the expression when
    Python knows it."""

    __slots__ = ("line", "col", "type_name", "message", "called_from", "kind", "end_col", "hidden_frames")

    def __init__(self, line, col, type_name: str, message: str, called_from=(), kind: str = EXCEPTION,
                 end_col=None, hidden_frames: int = 0):
        self.line = line
        self.col = col
        self.type_name = type_name
        self.message = message
        self.called_from = [tuple(c) for c in called_from]
        self.kind = kind
        self.end_col = end_col
        self.hidden_frames = hidden_frames

    def __eq__(self, other):
        return isinstance(other, LocatedError) and self.to_json() == other.to_json()

    def __repr__(self):
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"LocatedError({fields})"

    def to_json(self) -> dict:
        return {"line": self.line, "col": self.col, "type_name": self.type_name,
                "message": self.message, "called_from": [list(c) for c in self.called_from],
                "kind": self.kind, "end_col": self.end_col, "hidden_frames": self.hidden_frames}

    @classmethod
    def from_json(cls, data) -> "LocatedError":
        """Rebuilt from the child's message; anything malformed raises ValueError."""
        if not isinstance(data, dict):
            raise ValueError("a located error must be an object")

        def number(name):
            value = data.get(name)
            if value is None:
                return None
            if type(value) is not int or value < 0:
                raise ValueError(f"{name} must be a non-negative integer")
            return value

        called = data.get("called_from") or []
        if not isinstance(called, list) or not all(
                isinstance(c, list) and len(c) == 2 and isinstance(c[0], str) and type(c[1]) is int
                for c in called):
            raise ValueError("called_from must be a list of [file, line]")
        type_name, message, kind = data.get("type_name"), data.get("message"), data.get("kind", EXCEPTION)
        if not (isinstance(type_name, str) and isinstance(message, str) and isinstance(kind, str)):
            raise ValueError("type_name, message and kind must be strings")
        return cls(number("line"), number("col"), type_name, message,
                   [tuple(c) for c in called], kind, number("end_col"), number("hidden_frames") or 0)


class BoxResult:
    """How a boxed run ended, when the box itself worked. `error` is None when the job
    finished (then `data` is what it returned, JSON as Python's json module reads it),
    otherwise the snippet's located error (`data` is then None unless the job sent some
    with the error). `output` holds what the snippet printed when no `on_output` callback
    took it; `stderr` likewise for its standard error. `layers` says what protected this
    run: {"rlimits": [...], "capabilities_dropped": bool, "landlock": ABI or None,
    "seccomp": bool, "audit_hook": bool}."""

    def __init__(self, data=None, error: LocatedError | None = None, output: str = "", stderr: str = "",
                 layers: dict | None = None, seconds: float = 0.0):
        self.data = data
        self.error = error
        self.output = output
        self.stderr = stderr
        self.layers = layers or {}
        self.startup_seconds = None    # spawn to the start of the snippet (the child ready)
        self.seconds = seconds         # spawn to the end of the child
        self.cpu_seconds = 0.0         # the child's CPU time
        self.peak_memory = 0           # the child's peak resident memory, bytes

    def __repr__(self):
        return f"BoxResult(data={self.data!r}, error={self.error!r}, layers={self.layers!r})"

    @property
    def ok(self) -> bool:
        return self.error is None
