"""Forward evaluation: nodes in id (= topological) order, with loops, never recursion.

`run(order, overrides, warnings, keep=None)` -> {node_id: value} (a read-only mapping).
Two implementations give the same numbers (tests/test_fast_paths.py):

- `run_plain`: the reference. One node at a time, every value checked for NaN/inf.
- `Schedule` (what `run` uses): `order` compiled once into a flat list of steps over
  a preallocated value list (slots), executed by one loop:
  * 0-d float nodes of the arithmetic ops run on Python floats (`math.sin`,
    `operator.mul`, ...: the same IEEE results as NumPy's 0-d ufuncs; a function is
    used only after checking it agrees with NumPy on this machine). Where Python
    raises instead of returning inf/nan (x/0, sin(inf), sqrt(-1)), that step is
    recomputed with the NumPy forward.
  * other nodes call the op's NumPy forward. With `keep` given, arrays no longer
    needed are released after their last use and elementwise ufuncs write into a
    dead input's buffer (`out=`), so big programs reuse memory instead of
    allocating a fresh array per node. Released values are recomputed if read.
  * NaN/inf: only nodes whose non-finite value could vanish downstream are checked
    (see `_propagates`), the float path by one sum at the end. If anything is
    non-finite, the program is evaluated again by `run_plain`, whose warnings name
    the first line that produced it, exactly as before.
"""
from __future__ import annotations

import math
import operator
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from .errors import AgError
from .graph import Node

ERRORS = (ValueError, IndexError, TypeError, ZeroDivisionError, OverflowError)
BIG = 4096  # elements: arrays at least this size are released / reused when dead


@dataclass(frozen=True)
class Warning_:
    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


def needed(roots) -> list[Node]:
    """Every node the roots are computed from, in evaluation order."""
    seen: dict[int, Node] = {}
    stack = list(roots)
    while stack:
        node = stack.pop()
        if node.id not in seen:
            seen[node.id] = node
            stack.extend(node.inputs)
    return [seen[i] for i in sorted(seen)]


def run(order, overrides=None, warnings=None, keep=None):
    """Evaluate nodes (already in order). `overrides` gives leaf values by node id
    (variables and placeholders in a step). Non-finite values first produced by
    a node from finite inputs are reported in `warnings` (a list) by line.
    `keep`: node ids whose values the caller reads; None keeps every value
    (others are still available, recomputed on access)."""
    return schedule(order).run(overrides, warnings, keep)


_CACHE: dict = {}


def schedule(order) -> "Schedule":
    """The compiled schedule of `order` (a few recent ones are cached: `run` steps reuse them)."""
    key = tuple(order)
    found = _CACHE.get(key)
    if found is None:
        found = Schedule(order)
        if len(_CACHE) >= 8:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = found
    return found


# ---------------------------------------------------------------- the reference evaluator

def run_plain(order, overrides=None, warnings=None) -> dict[int, np.ndarray]:
    """The plain evaluator: one node at a time, every value checked."""
    values: dict[int, np.ndarray] = {}
    overrides = overrides or {}
    warned_lines = set()
    with np.errstate(all="ignore"):
        for node in order:
            if node.op.leaf:
                value = overrides.get(node.id, node.params.get("value"))
            else:
                value = _forward(node, [values[i.id] for i in node.inputs])
            values[node.id] = value
            if warnings is not None and node.dtype == "float" and not node.op.leaf:
                _check_finite(node, value, values, warnings, warned_lines)
    return values


def _forward(node, args):
    try:
        return node.op.forward(*args, **node.params)
    except ERRORS as exc:
        raise AgError(f"{node.op.name}: {exc}", node.pos) from None
    except MemoryError:
        raise AgError(f"{node.op.name}: out of memory", node.pos) from None


def _check_finite(node, value, values, warnings, warned_lines):
    if np.isfinite(value).all():
        return
    if not all(np.isfinite(values[i.id]).all() for i in node.inputs if i.dtype == "float"):
        return  # not the first place it appeared
    if node.line in warned_lines:
        return
    warned_lines.add(node.line)
    kinds = [k for k, bad in (("nan", np.isnan(value).any()), ("inf", np.isinf(value).any())) if bad]
    warnings.append(Warning_(node.line, f"{node.op.name} produced {' and '.join(kinds)}"))


# ---------------------------------------------------------------- the compiled schedule

def _square(x):
    return x * x


def _identity(x):
    return x


def _sum_left(*xs):  # add_n's order: ((x0 + x1) + x2) + ...
    total = xs[0]
    for x in xs[1:]:
        total = total + x
    return total


FLOAT_UNARY = {"negative": operator.neg, "square": _square, "abs": abs, "stop_gradient": _identity,
               "sin": math.sin, "cos": math.cos, "sqrt": math.sqrt}
FLOAT_BINARY = {"add": operator.add, "subtract": operator.sub, "multiply": operator.mul,
                "divide": operator.truediv}
_CHECKED_AGAINST_NUMPY = ("sin", "cos", "sqrt")

# ufunc ops that return a fresh array of the broadcast shape (may write into a dead input)
UFUNCS = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide,
          "negative": np.negative, "square": np.square, "abs": np.abs, "sqrt": np.sqrt,
          "exp": np.exp, "log": np.log, "log1p": np.log1p, "sin": np.sin, "cos": np.cos,
          "tan": np.tan, "tanh": np.tanh, "sinh": np.sinh, "cosh": np.cosh, "atan": np.arctan,
          "reciprocal": np.reciprocal, "pow": np.power, "maximum": np.maximum, "minimum": np.minimum}

# a non-finite element in input i always leaves a non-finite element in the output
_PROPAGATE_ALL = {"add", "subtract", "multiply", "add_n", "negative", "square", "abs", "sqrt", "sin",
                  "cos", "tan", "sinh", "cosh", "log", "log1p", "stop_gradient", "reduce_sum",
                  "reduce_mean", "reduce_prod", "reshape", "transpose", "expand_dims", "squeeze",
                  "broadcast_to", "concat", "stack", "cumsum"}


def _propagates(node: Node, i: int) -> bool:
    if 0 in node.shape:
        return False
    name = node.op.name
    return name in _PROPAGATE_ALL or (name == "divide" and i == 0)


def _agrees_with_numpy(name) -> bool:
    fn, ufunc = FLOAT_UNARY[name], UFUNCS[name]
    xs = np.random.default_rng(0).uniform(0.01, 30.0, 200)
    return all(fn(float(x)) == float(ufunc(x)) for x in xs)


_FLOAT_OK: dict[str, bool] = {}


def _float_fn(node: Node):
    """The Python-float function for a 0-d float node, or None."""
    if node.shape != () or node.dtype != "float":
        return None
    name = node.op.name
    fn = FLOAT_BINARY.get(name) or FLOAT_UNARY.get(name)
    if fn is None and name == "add_n":
        fn = operator.add if len(node.inputs) == 2 else _sum_left
    if fn is None:
        return None
    if name in _CHECKED_AGAINST_NUMPY:
        ok = _FLOAT_OK.get(name)
        if ok is None:
            ok = _FLOAT_OK[name] = _agrees_with_numpy(name)
        if not ok:
            return None
    if any(i.shape != () or i.dtype != "float" for i in node.inputs):
        return None
    return fn


class _Freed:
    __slots__ = ()

    def __repr__(self):
        return "<freed>"


FREED = _Freed()


class Schedule:
    """`order` compiled into steps `(kind, fn, a, b, out)` over value slots:
    kind 1: slots[out] = fn(slots[a]); 2: fn(slots[a], slots[b]); 3: fn(*slots[a...]);
    0: fn(slots, i) for a NumPy node (a generic step: checks, in-place, releases)."""

    def __init__(self, order):
        order = list(order)
        self.order = order
        self.slot_of = {node.id: k for k, node in enumerate(order)}
        slot_of = self.slot_of
        template: list = [None] * len(order)
        self.leaves = []                       # (slot, node id, default)
        self.float_slots = []                  # outputs of the float path
        self.float_steps = set()               # step indices on the float path
        steps = []
        self.step_nodes = []
        consumers: dict[int, list] = {}
        for node in order:
            for i, inp in enumerate(node.inputs):
                consumers.setdefault(inp.id, []).append((node, i))
        shadows: dict[int, int] = {}           # slot -> slot holding it as a Python float

        def as_float(slot, node):
            """A slot holding this input as a Python float (a conversion step if needed)."""
            if slot in shadows:
                return shadows[slot]
            if node.op.name == "const" and np.shape(node.params.get("value")) == ():
                template.append(float(node.params["value"]))
                shadows[slot] = len(template) - 1
                return shadows[slot]
            if self.slot_is_float.get(slot):
                return slot
            template.append(None)
            new = shadows[slot] = len(template) - 1
            steps.append((1, float, slot, None, new))
            self.step_nodes.append(node)
            self.float_steps.add(len(steps) - 1)
            return new

        self.slot_is_float = {}
        for k, node in enumerate(order):
            if node.op.leaf:
                value = node.params.get("value")
                template[k] = value
                if node.op.name != "const":
                    self.leaves.append((k, node.id, value))
                continue
            fn = _float_fn(node)
            if fn is not None:
                ins = [as_float(slot_of[i.id], i) for i in node.inputs]
                if len(ins) == 1:
                    steps.append((1, fn, ins[0], None, k))
                elif len(ins) == 2 and fn is not _sum_left:
                    steps.append((2, fn, ins[0], ins[1], k))
                else:
                    steps.append((3, fn, tuple(ins), None, k))
                self.float_steps.add(len(steps) - 1)
                self.float_slots.append(k)
                self.slot_is_float[k] = True
            else:
                steps.append((0, None, None, None, k))
            self.step_nodes.append(node)
        self.template = template
        self.steps = steps
        self.consumers = consumers
        self._compiled_keep = {}

    # ------------------------------------------------------------ NumPy steps

    def _plan(self, node):
        """(fn, input slots, ufunc or None, alias?) for a NumPy node."""
        slot_of = self.slot_of
        in_slots = tuple(slot_of[i.id] for i in node.inputs)
        name, params = node.op.name, node.params
        ufunc = UFUNCS.get(name)
        if name == "pow" and node.inputs[1].op.name == "const" and node.inputs[1].shape == ():
            exponent = float(node.inputs[1].params["value"])
            if exponent == 2.0:       # np.power(x, 2.0) == np.square(x), checked in the tests
                return np.square, in_slots[:1], np.square, False
            if exponent == 1.0 and node.shape == node.inputs[0].shape:
                return _identity, in_slots[:1], None, True
        if ufunc is not None:
            return ufunc, in_slots, ufunc, False
        fn = _bind(node.op.forward, params) if params else node.op.forward
        return fn, in_slots, None, name == "stop_gradient"

    def _numpy_steps(self, keep):
        """Generic steps for the NumPy nodes, given which values must survive."""
        frozen = None if keep is None else frozenset(keep)
        cached = self._compiled_keep.get(frozen)
        if cached is not None:
            return cached
        order, slot_of, consumers = self.order, self.slot_of, self.consumers
        plans = {k: self._plan(order[k]) for kind, _, _, _, k in self.steps if kind == 0}
        last_use: dict[int, int] = {}
        for k, node in enumerate(order):
            for inp in node.inputs:
                last_use[slot_of[inp.id]] = k
        owned = set()      # slots holding a fresh array that nothing else refers to
        steps = list(self.steps)
        flag = self._flag = [False]
        for idx, (kind, _, _, _, k) in enumerate(steps):
            if kind != 0:
                continue
            node = order[k]
            fn, in_slots, ufunc, alias = plans[k]
            check = node.dtype == "float" and not any(
                _propagates(c, i) and c.dtype == "float" for c, i in consumers.get(node.id, ()))
            inplace, dead = None, ()
            if frozen is not None:
                if ufunc is not None and node.dtype == "float" and _size(node) >= BIG:
                    for pos, s in enumerate(in_slots):
                        if (s in owned and last_use.get(s) == k and order[s].id not in frozen
                                and order[s].shape == node.shape and in_slots.count(s) == 1):
                            inplace = pos
                            break
                    users = consumers.get(node.id, ())
                    if all(slot_of[c.id] in plans and plans[slot_of[c.id]][2] is not None
                           for c, _ in users):
                        owned.add(k)
                dead = tuple(s for s in set(in_slots) if last_use.get(s) == k
                             and order[s].id not in frozen and not order[s].op.leaf
                             and _size(order[s]) >= BIG)
            steps[idx] = (0, _numpy_step(fn, in_slots, k, inplace, dead, check, flag, ufunc),
                          None, None, k)
        self._compiled_keep[frozen] = steps
        return steps

    # ------------------------------------------------------------ running

    def run(self, overrides=None, warnings=None, keep=None):
        steps = self._numpy_steps(keep)
        self._flag[0] = False
        vals = list(self.template)
        if overrides:
            for slot, node_id, default in self.leaves:
                vals[slot] = overrides.get(node_id, default)
        n = len(steps)
        i = 0
        with np.errstate(all="ignore"):
            while i < n:
                try:
                    for i in range(i, n):
                        kind, fn, a, b, out = steps[i]
                        if kind == 2:
                            vals[out] = fn(vals[a], vals[b])
                        elif kind == 1:
                            vals[out] = fn(vals[a])
                        elif kind == 0:
                            fn(vals)
                        else:
                            vals[out] = fn(*[vals[s] for s in a])
                    i = n
                except MemoryError:
                    node = self.step_nodes[i]
                    raise AgError(f"{node.op.name}: out of memory", node.pos) from None
                except ERRORS as exc:
                    node = self.step_nodes[i]
                    if i not in self.float_steps:
                        raise AgError(f"{node.op.name}: {exc}", node.pos) from None
                    # Python raised where NumPy gives inf/nan: take NumPy's answer
                    kind, fn, a, b, out = steps[i]
                    args = [vals[s] for s in ((a,) if kind == 1 else (a, b) if kind == 2 else a)]
                    vals[out] = float(node.op.forward(*args, **node.params))
                    i += 1
        if warnings is not None:
            floats = self.float_slots
            bad = self._flag[0] or (floats and not math.isfinite(sum(map(vals.__getitem__, floats))))
            if bad:
                return run_plain(self.order, overrides, warnings)
        return NodeValues(self, vals)


def _size(node) -> int:
    size = 1
    for d in node.shape:
        size *= d
    return size


def _bind(fn, params):
    return lambda *args: fn(*args, **params)


def _finite(value) -> bool:
    if type(value) is np.float64 or type(value) is float:
        return math.isfinite(value)
    return bool(np.isfinite(value).all())


def _numpy_step(fn, in_slots, out, inplace, dead, check, flag, ufunc):
    if len(in_slots) == 1 and inplace is None and not dead:
        (a,) = in_slots

        def step(vals):
            value = vals[out] = fn(vals[a])
            if check and not flag[0] and not _finite(value):
                flag[0] = True
        return step

    def step(vals):
        args = [vals[s] for s in in_slots]
        if inplace is not None:
            value = ufunc(*args, out=args[inplace])
        else:
            value = fn(*args)
        vals[out] = value
        if check and not flag[0] and not _finite(value):
            flag[0] = True
        for s in dead:
            vals[s] = FREED
    return step


class NodeValues(Mapping):
    """node id -> value of a schedule run. Python floats come back as np.float64 (as a
    NumPy 0-d op returns); values released during the run are recomputed when read."""

    __slots__ = ("_schedule", "_vals")

    def __init__(self, schedule: Schedule, vals: list):
        self._schedule = schedule
        self._vals = vals

    def __getitem__(self, node_id):
        vals = self._vals
        slot = self._schedule.slot_of[node_id]
        value = vals[slot]
        if value is FREED:
            self._recompute(slot)
            value = vals[slot]
        if type(value) is float:
            return np.float64(value)
        return value

    def _recompute(self, slot):
        sched = self._schedule
        target = sched.order[slot]
        vals, slot_of = self._vals, sched.slot_of
        with np.errstate(all="ignore"):
            for node in needed([target]):
                s = slot_of[node.id]
                if vals[s] is FREED:
                    vals[s] = _forward(node, [vals[slot_of[i.id]] for i in node.inputs])

    def __iter__(self):
        return iter(self._schedule.slot_of)

    def __len__(self):
        return len(self._schedule.slot_of)

    def __contains__(self, node_id):
        return node_id in self._schedule.slot_of
