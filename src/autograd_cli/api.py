"""The Python API: compute a .ag program's values and gradients (no rendering here;
a TensorFlow snippet's and the entry for either dialect are dialects.py's).

    >>> from autograd_cli import evaluate
    >>> result = evaluate("w = 2.0\\ny = w * w\\ng = gradients(y, w)")
    >>> float(result.values["g"][0])
    4.0
"""
from __future__ import annotations

import gc
import re
from contextlib import contextmanager
import sys

import numpy as np

from autograd_cli.core import autodiff
from autograd_cli.compile.builder import Builder
from autograd_cli.core.program import BuiltProgram, GradientRecord, plain
from autograd_cli.core.results import GradientResult
from autograd_cli.support.errors import AgError, user_warning
from autograd_cli.evaluate import Schedule
from autograd_cli.core.graph import Node, NoGradient
from autograd_cli.language.syntax import parse
from autograd_cli.language.tree import Program
from autograd_cli.support.display import HtmlDisplay
from autograd_cli.support.records import Record



class Evaluation(HtmlDisplay, Record):
    _fields = ("values", "gradients", "warnings", "program", "node_values")
    _repr_fields = ("values", "gradients", "warnings", "program")

    def __init__(self, values, gradients, warnings, program, node_values=None):
        self.values = values            # name -> ndarray | list | None | bool | str
        self.gradients = gradients      # [GradientResult]
        self.warnings = warnings        # ["line N: ..."]
        self.program = program          # BuiltProgram
        self.node_values = {} if node_values is None else node_values


def build(source, sets=None, unconnected: str = "none", grads=(), wrt=(), feed=None) -> BuiltProgram:
    """Parse and build the graph (shapes checked), adding --grad/--wrt gradients.
    `source` is program text, or a `tree.Program` already parsed. `feed` (a feed.Feed)
    gives placeholders their per-step columns (run --feed)."""
    _allow_deep_nesting()
    with gc_paused():
        tree = source if isinstance(source, Program) else parse(source)
        builder = Builder(tree, sets=sets, unconnected=unconnected, feed=feed)
        del tree   # parsed here: the builder releases each statement's tree once built
        built = builder.build(release=not isinstance(source, Program))
        del builder
        for y_name in grads:
            add_gradient(built, y_name, list(wrt), unconnected)
    return built


def evaluate(source, sets=None, unconnected: str = "none", grads=(), wrt=()) -> Evaluation:
    """Compute every value and gradient of a program (step 0)."""
    built = build(source, sets, unconnected, grads, wrt)
    warnings: list = list(built.warnings)
    # compiled once (not cached: a one-off); only the results' arrays need to survive
    keep = result_ids(built)
    built.graph.check_memory(keep)   # MAX_MEMORY, before anything is computed
    with gc_paused():
        node_values = Schedule(built.graph.nodes).run(warnings=warnings, keep=keep, last=True)
    return Evaluation(
        values={name: plain(v, node_values) for name, v in built.named.items()},
        gradients=[gradient_result(r, node_values) for r in built.gradients],
        warnings=[user_warning(str(w), source if isinstance(source, str) else None) for w in warnings],
        program=built,
        node_values=node_values,
    )


@contextmanager
def gc_paused():
    """No cyclic garbage collection while a graph is made: the graph has no cycles,
    and with a million live objects each automatic full collection walks them all
    (a 10,000-statement program built 2-3x slower)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        if gc.get_count()[0] > 50_000:
            # A big graph was made: move what exists now out of the collector's sight
            # (freeze), or its first collection after this walks every node again.
            # Acyclic objects are still freed as usual when no longer used. (The count is
            # of objects made and not freed: a 10,000-statement chain makes about 110,000
            # nodes; collecting them once cost its `eval` about 0.1 s.)
            gc.freeze()
        gc.enable()


def result_ids(built: BuiltProgram) -> set:
    """Ids of the nodes whose values an Evaluation reports (named values, gradients)."""
    ids: set = set()
    stack = list(built.named.values()) + [v for r in built.gradients for v in r.values]
    while stack:
        value = stack.pop()
        if isinstance(value, Node):
            ids.add(value.id)
        elif isinstance(value, list):
            stack.extend(value)
    return ids


def add_gradient(built: BuiltProgram, y_name: str, wrt: list, unconnected: str) -> GradientRecord:
    y = _named_node(built, y_name, "--grad")
    if wrt:
        xs = [_named_node(built, name, "--wrt") for name in wrt]
        texts = list(wrt)
    else:
        from autograd_cli.evaluate import needed
        xs = [n for n in needed([y]) if n.op.free]
        texts = [n.label or f"#{n.id}" for n in xs]
    g = built.graph
    g.pos = y.pos
    values = autodiff.gradients(g, [y], xs, unconnected=unconnected, x_texts=texts)
    record = GradientRecord("gradients", f"--grad {y_name}", 0, [y_name], texts, values, xs, [y])
    built.gradients.append(record)
    return record


def _named_node(built: BuiltProgram, name: str, option: str) -> Node:
    value = built.named.get(name)
    if value is None and name not in built.named:
        from autograd_cli.support.errors import suggest

        raise AgError(f"{option} {name}: the program has no value named '{name}'"
                      f"{suggest(name, list(built.named))}")
    if not isinstance(value, Node):
        raise AgError(f"{option} {name}: '{name}' is not a tensor")
    return value


def gradient_result(record: GradientRecord, node_values) -> GradientResult:
    return GradientResult(
        kind=record.kind, name=record.name, line=record.line, ys=record.ys, xs=record.xs,
        values=[plain(v, node_values) for v in record.values],
        unconnected={x: v.reason for x, v in zip(record.xs, record.values) if isinstance(v, NoGradient)},
    )


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def parse_set(text: str) -> tuple[str, np.ndarray]:
    """--set NAME=VALUE with VALUE a number or a JSON array of numbers."""
    import json

    name, sep, raw = text.partition("=")
    name = name.strip()
    if not sep or not _NAME.match(name):
        raise AgError(f"--set {text!r}: expected NAME=VALUE, e.g. --set x=3 or --set x='[1, 2]'")
    refused = AgError(f"--set {name}: {raw!r} is not a number or a rectangular JSON array of numbers")
    if not raw.isascii():   # float() would read other scripts' digits ('\u0663' is 3)
        raise refused
    try:
        return name, np.asarray(float(raw), dtype=np.float64)
    except ValueError:
        pass
    try:
        data = json.loads(raw)
        if not isinstance(data, list) or not _numbers_only(data):
            raise TypeError   # null, true, "3", {...}: NumPy would make them NaN, 1, 3
        array = np.asarray(data, dtype=np.float64)
    except (ValueError, TypeError, RecursionError):
        raise refused from None
    return name, array


def _numbers_only(data: list) -> bool:
    """Every leaf of nested lists is a JSON number (not a boolean, string or null)."""
    stack = [data]
    while stack:
        for item in stack.pop():
            if isinstance(item, list):
                stack.append(item)
            elif isinstance(item, bool) or not isinstance(item, (int, float)):
                return False
    return True


def _allow_deep_nesting():
    # The builder recurses a few frames per nesting level (MAX_NESTING bounds it).
    from autograd_cli.support.limits import limit

    wanted = max(20000, 8 * limit("MAX_NESTING") + 1000)
    if sys.getrecursionlimit() < wanted:
        sys.setrecursionlimit(wanted)
