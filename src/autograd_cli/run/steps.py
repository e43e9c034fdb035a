"""State and steps (`run`): variables live across steps, assigns update them.

Semantics: within a step every read of a variable sees its
value at the start of the step; every `assign*` in the program is applied at the
end of the step in program order, so of two assigns to one variable the later
wins, each computed from start-of-step values. `eval` is exactly step 0: it shows
what each assign would write and applies nothing.

The graph is built once; each step evaluates one precomputed order with
overrides for variables, placeholders fed from --feed, and `step`.
"""
from __future__ import annotations


import numpy as np

from autograd_cli.core.program import plain
from autograd_cli.support.errors import AgError, suggest
from autograd_cli.evaluate import needed, run, schedule
from autograd_cli.core.graph import Node, nodes_in
from autograd_cli.ops import OPS
from autograd_cli.support.records import replace




def _freeze_static(order, roots):
    """Evaluate once what no step changes (nodes computed from constants only), and give
    each step frozen copies of just the values it reads: a const leaf with the same id.
    Returns the per-step order and the warnings the static part produced."""
    moving: set[int] = set()
    for node in order:
        if node.op.varies or any(i.id in moving for i in node.inputs):
            moving.add(node.id)
    static = [n for n in order if n.id not in moving]
    if not static:
        return order, []
    read = {i.id for n in order if n.id in moving for i in n.inputs} | {r.id for r in roots}
    warnings: list = []
    values = run(static, None, warnings)
    frozen = {}
    for n in static:
        if n.id in read:
            value = np.asarray(values[n.id])
            if value.flags.writeable:       # shared by every step: nothing may write into it
                value = value.view()
                value.flags.writeable = False
            copy = Node(n.id, _const_of(n.dtype), (), {"value": value}, n.shape, n.pos)
            copy.label = n.label
            frozen[n.id] = copy
    return [frozen.get(n.id, n) for n in order if n.id in moving or n.id in frozen], warnings


def default_fetch(built) -> list[str]:
    """Every named scalar (variables included: their start-of-step value)."""
    return [name for name, value in built.named.items()
            if isinstance(value, Node) and value.shape == ()]


class Plan:
    """What one step evaluates, computed once for a whole run."""

    def __init__(self, built, fetch: list[str] | None = None, feed=None):
        self.built = built
        self.fetch = default_fetch(built) if fetch is None else list(fetch)
        for name in self.fetch:
            if name not in built.named:
                raise AgError(f"--fetch {name}: the program has no value named '{name}'"
                              f"{suggest(name, list(built.named))}")
        # The whole program runs each step (every named value, every assign and group),
        # whatever --fetch shows, so a step behaves the same whichever columns are shown.
        roots = [n for value in built.named.values() for n in nodes_in(value)]
        roots += [a.node for a in built.assigns] + list(built.groups)
        full = needed(roots)
        in_order = {n.id for n in full}
        self.roots, self.full_order, self.order = roots, full, None   # order: made by the first step
        self.variables = [n for n in full if n.op.name == "variable"]
        self.writes = [(a.var.id, a.node.id) for a in built.assigns]
        # the values a step's caller reads: the rest may be released early (big arrays)
        self.keep = frozenset([n.id for name in self.fetch for n in nodes_in(built.named[name])]
                              + [node_id for _, node_id in self.writes])
        self.fed = [(node.id, feed.columns[column]) for node, column in built.fed
                    if node.id in in_order] if feed is not None else []
        step = built.step_node
        self.step_id = step.id if step is not None and step.id in in_order else None
        self.final_names = {name: node for name, node in built.leaves.items() if node.op.name == "variable"}
        built.graph.check_memory(self.keep)   # MAX_MEMORY, before the first step

    def initial_state(self) -> dict[int, np.ndarray]:
        state = {n.id: n.params["value"] for n in self.variables}
        for node in self.final_names.values():
            state.setdefault(node.id, node.params["value"])
        return state

    def steps(self, count: int, state: dict, warnings: list | None = None):
        """Yield (step, node values) for steps 0..count-1, updating `state` after each."""
        if count <= 0:
            return
        if self.order is None:
            self.order, static_warnings = _freeze_static(self.full_order, self.roots)
            if warnings is not None:
                warnings.extend(self.built.warnings + static_warnings)
        compiled, keep = schedule(self.order), self.keep   # compiled once for the whole run
        writes, fed, step_id = self.writes, self.fed, self.step_id
        for i in range(count):
            overrides = dict(state)
            for node_id, column in fed:
                overrides[node_id] = column[i % len(column)]
            if step_id is not None:
                overrides[step_id] = np.float64(i)
            try:
                values = compiled.run(overrides, warnings, keep)
            except AgError as error:
                raise AgError(f"{error.message} (at step {i})", error.pos) from None
            state.update([(var_id, values[node_id]) for var_id, node_id in writes])  # later wins
            yield i, values

    def row(self, values) -> dict:
        named = self.built.named
        return {name: plain(named[name], values) for name in self.fetch}

    def final(self, state) -> dict:
        return {name: state[node.id] for name, node in self.final_names.items()}


def _const_of(dtype: str):
    """The const op whose nodes have this dtype (a frozen comparison stays bool)."""
    const = OPS["const"]
    return const if const.dtype == dtype else replace(const, dtype=dtype)


class History:
    """What a run remembers besides its table rows: each fetched scalar's series (for the
    sparkline and --plot; at most CAP points, every other point dropped and the stride
    doubled when full) and which fetched columns never changed (shown once above the table)."""

    CAP = 20_000

    def __init__(self, names):
        self.names = list(names)
        self.scalar: list[str] | None = None
        self.series: dict[str, list] = {}
        self.steps: list[int] = []
        self.stride = 1
        self.first: dict | None = None
        self.constant: set[str] = set()
        self.count = 0

    def observe(self, step: int, row: dict) -> None:
        if self.first is None:
            self.first = row
            self.constant = set(self.names)
            self.scalar = [n for n in self.names if _is_scalar(row[n])]
            self.series = {n: [] for n in self.scalar}
        elif self.constant:
            first = self.first
            self.constant = {n for n in self.constant if _same(first[n], row[n])}
        self.count += 1
        if step % self.stride:
            return
        self.steps.append(step)
        for name in self.scalar:
            self.series[name].append(float(row[name]))
        if len(self.steps) > self.CAP:
            self.stride *= 2
            keep = [k for k, s in enumerate(self.steps) if s % self.stride == 0]
            self.steps = [self.steps[k] for k in keep]
            for name in self.scalar:
                values = self.series[name]
                self.series[name] = [values[k] for k in keep]

    def constants(self) -> list[str]:
        """Columns with one value at every step (only said for runs of 2 steps or more)."""
        return [n for n in self.names if n in self.constant] if self.count >= 2 else []

    def loss_name(self) -> str | None:
        """The series the sparkline draws: a scalar named like a loss, else the only
        scalar that changes."""
        if not self.scalar:
            return None
        for word in ("loss", "cost", "error", "objective"):
            for name in self.scalar:
                if word in name.lower():
                    return name
        moving = [n for n in self.scalar if n not in self.constant]
        return moving[0] if len(moving) == 1 else None


def _is_scalar(value) -> bool:
    return isinstance(value, np.ndarray) and value.shape == () and value.dtype != bool \
        or isinstance(value, (float, np.floating))


def _same(a, b) -> bool:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        try:
            return np.array_equal(a, b, equal_nan=True)
        except (TypeError, ValueError):
            return False
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001 - lists of arrays etc.: shown per row
        return False


def rebinding(plan) -> str | None:
    """Before a run: a variable's name rebound (`w = w - 0.1 * g`) while nothing assigns the
    variable, so the run cannot train it; said first, before any step is shown."""
    from autograd_cli.support.errors import line_of

    built = plan.built
    assigned = {a.var.id for a in built.assigns}
    for name, node in plan.final_names.items():
        value = built.named.get(name)
        if value is None or value is node or node.id in assigned:
            continue
        where = line_of(getattr(value, "pos", None))
        at = f"line {where} " if where else ""
        return (f"{at}rebinds the name '{name}' to a new value instead of updating the variable, so no "
                f"step changes it; write assign({name}, ...) (or assign_sub({name}, ...)) to change it at "
                "the end of each step")
    return None


def untrained(plan, initial: dict, state: dict, steps: int) -> str | None:
    """Why no variable changed in a run of `steps` steps, or None if one did (or there is
    nothing to train). Names the likely cause: no assign, or a name rebound
    (`w = w - 0.1 * g`) where `assign(w, ...)` was meant."""
    if steps < 2 or not plan.final_names:
        return None
    if any(not _same(initial[node.id], state[node.id]) for node in plan.final_names.values()):
        return None
    from autograd_cli.support.errors import line_of

    built = plan.built
    rebound = [(name, built.named[name]) for name, node in plan.final_names.items()
               if name in built.named and built.named[name] is not node]
    head = f"no variable changed in {steps:,} steps"
    if rebound:
        name, value = rebound[0]
        where = line_of(getattr(value, "pos", None))
        at = f"line {where} " if where else ""
        return (f"{head}: {at}rebinds the name '{name}' to a new value instead of updating the "
                f"variable; write assign({name}, ...) (or assign_sub({name}, ...)) to change it at the "
                "end of each step")
    if not built.assigns:
        return (f"{head}: the program has no assign(...); a variable changes only through "
                "assign, assign_add or assign_sub, e.g. assign(w, w - 0.1 * g)")
    return f"{head}: every assign wrote the value the variable already had (are its gradients zero?)"


def series_levels(values: list, count: int, log: bool = False) -> list:
    """A series in `count` buckets, each its mean (of logs when `log`) scaled to 0..1 between
    the lowest and highest bucket; None for a bucket with no finite value (the sparkline)."""
    import math

    f = math.log if log else float
    n = len(values)
    levels = []
    for k in range(count):
        lo = k * n // count
        chunk = values[lo:max((k + 1) * n // count, lo + 1)]
        good = [f(v) for v in chunk if math.isfinite(v) and (not log or v > 0)]
        levels.append(sum(good) / len(good) if good else None)
    known = [v for v in levels if v is not None]
    if not known:
        return levels
    low, high = min(known), max(known)
    return [None if v is None else (0.0 if high == low else (v - low) / (high - low)) for v in levels]


MAX_STEPS = 10**15


def parse_steps(text) -> int:
    """--steps N: an integral number (1000, 1e3 and 1000.0 alike), 0 or more."""
    import math

    try:
        value = float(str(text).strip())
    except ValueError:
        raise AgError(f"--steps must be a whole number of steps, got {text!r}") from None
    if not math.isfinite(value) or value < 0 or value != int(value):
        raise AgError(f"--steps must be a whole number of steps, 0 or more, got {text!r}")
    if value > MAX_STEPS:
        raise AgError(f"--steps {text} is more than {MAX_STEPS:.0e} steps")
    return int(value)


def split_fetch(text: str, named) -> list[str]:
    """--fetch a,b: names separated by commas; a bare expression's name may itself hold
    commas (`--fetch "assign_add(v, 1),w"`), so the longest known name is taken first."""
    parts = text.split(",")
    # a known name spans at most this many parts (trying every span was cubic in the parts:
    # 2,000 names took 9 s); a name given twice is shown once
    widest = max((name.count(",") for name in named), default=0) + 1
    names, seen, k = [], set(), 0
    while k < len(parts):
        for end in range(min(len(parts), k + widest), k, -1):
            candidate = ",".join(parts[k:end]).strip()
            if candidate in named:
                break
        else:
            end, candidate = k + 1, parts[k].strip()
        if candidate and candidate not in seen:
            names.append(candidate)
            seen.add(candidate)
        k = end
    if not names:
        raise AgError("--fetch needs names separated by commas, e.g. --fetch loss,w")
    return names


def plan_program(source: str, dialect: str = "ag", feed_path=None, fetch=None, sets=None, filename="") -> Plan:
    """run's plan for a .ag program (a snippet runs its own loop: an error saying so): the
    program built with its feed, the values each step fetches."""
    from autograd_cli.api import build
    from autograd_cli.run.feed import read_feed

    if dialect == "tf":
        raise AgError(f"run is for .ag programs: a TensorFlow snippet runs its own loop (sess.run, "
                      f"optimizer steps); run it with autograd-cli eval {filename or 'FILE.py'}")
    feed = None if feed_path is None else read_feed(feed_path)
    built = build(source, sets=sets, feed=feed)
    plan = Plan(built, None if fetch is None else split_fetch(fetch, built.named), feed)
    plan.source = source
    return plan
