"""`verify`: every gradient the program computes, checked three independent ways.

1. the reverse-mode AD value (the gradient graph nodes, evaluated);
2. SymPy: the forward expression of the ys is rebuilt from the op table's SymPy
   forms (`op.sym_form`, never the gradient rules) and differentiated by SymPy;
3. central finite differences of the same function, evaluated numerically.

"The same function" means: `stop_gradient(e)` is a SymPy function whose
derivative is zero (finite differences hold its value), entries of
`stop_gradients=` are held as independent symbols (held at their value), ops
without a gradient (comparisons, round, argmax, ...) are frozen at their value,
and a gradient with respect to an intermediate node replaces that node by a
symbol (finite differences override its value).

SymPy is imported here only, and its work for each check runs in a forked child
process that is killed when the time budget runs out, so a swelling derivative
is reported as skipped, never a hang. Without `fork` (not POSIX) it runs in
process, guarded only by the size limits.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np

from autograd_cli.api import evaluate
from autograd_cli.dialects import evaluate_program, with_graph
from autograd_cli.support.errors import AgError
from autograd_cli.core.graph import NoGradient
from autograd_cli.evaluate import run_plain
from autograd_cli.ops import ROUND_FLOAT32
from autograd_cli.analysis.verify.finite import finite_differences
from autograd_cli.analysis.verify.judge import judge
from autograd_cli.analysis.verify.sandbox import run_limited
from autograd_cli.analysis.verify.common import DEFAULT_ATOL, DEFAULT_RTOL, DEFAULT_TIMEOUT, SAMPLE, Skip, result_shape
from autograd_cli.analysis.verify.symbolic import namespace, symbolic


@dataclass
class Check:
    gradient: str              # the gradients record's name
    kind: str                  # gradients | hessians | jacobian
    line: int
    ys: list
    x: str
    ad: np.ndarray | None      # None: the AD gradient is None
    shape: tuple               # shape of the gradient (for None too)
    entries: list              # flat indices compared (all, or an evenly spaced sample)
    symbolic: dict = field(default_factory=dict)      # entry -> float
    formulas: dict = field(default_factory=dict)      # entry -> str
    finite_difference: dict = field(default_factory=dict)
    max_error: float | None = None
    ok: bool = True
    skipped: list = field(default_factory=list)       # reasons
    notes: list = field(default_factory=list)         # why it agrees where that is not obvious
    bad_entries: list = field(default_factory=list)
    seconds: float = 0.0

    def dense(self, values: dict):
        """Entry values as nested lists of the gradient's shape (None where not computed)."""
        if not values:
            return None
        flat = [values.get(e) for e in range(int(np.prod(self.shape, dtype=np.int64)))]
        if not self.shape:
            return flat[0]
        return np.array(flat, dtype=object).reshape(self.shape).tolist()


@dataclass
class Report:
    checks: list
    warnings: list
    seconds: float
    error: object = None    # a snippet's located error after it built its graph: shown after the checks

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)


def verify_program(source: str, dialect: str = "ag", sets=None, grads=(), wrt=(), boxed: bool = False,
                   **options) -> Report:
    """verify for a program of either dialect: a snippet is checked on the graph its run
    built (and its values). `options`: verify's rtol, atol, timeout, on_check, budget."""
    evaluation = None
    if dialect == "tf":
        evaluation = with_graph(evaluate_program(source, dialect, sets, "none", grads, wrt, graph=True, boxed=boxed),
                                "verify")
    elif wrt and not grads:
        raise AgError("--wrt needs --grad")
    report = verify(source, sets=sets, grads=grads, wrt=wrt, evaluation=evaluation, **options)
    report.error = getattr(evaluation, "error", None)
    return report


def verify(source: str, sets=None, grads=(), wrt=(), rtol=DEFAULT_RTOL, atol=DEFAULT_ATOL,
           timeout=DEFAULT_TIMEOUT, on_check=None, evaluation=None, budget=None) -> Report:
    """Check every gradient of the program (and --grad/--wrt) three ways, within `timeout`
    seconds of SymPy per check and `budget` seconds for the whole run. `on_check(done,
    total, what)` is called before each check (verify's progress on a terminal).
    `evaluation`: one already made (a TensorFlow snippet's, dialects.evaluate_snippet: the
    values its gradients were computed from)."""
    budget = DEFAULT_BUDGET if budget is None else budget
    for option, value in (("--rtol", rtol), ("--atol", atol)):
        if not (isinstance(value, (int, float)) and 0 <= value < math.inf):
            raise AgError(f"--rtol and --atol must be >= 0 and finite, got {option} {value!r}")
    for option, value in (("--timeout", timeout), ("--budget", budget)):
        if not (isinstance(value, (int, float)) and 0 < value <= MAX_SECONDS):
            raise AgError(f"{option} must be a number of seconds, more than 0 and at most {MAX_SECONDS:,}, "
                          f"got {value!r}")
    start = time.perf_counter()
    deadline = time.monotonic() + budget
    if evaluation is None:
        evaluation = evaluate(source, sets=sets, grads=grads, wrt=wrt)
    program, values = evaluation.program, evaluation.node_values
    warnings = list(evaluation.warnings)
    if any(n.op.name == ROUND_FLOAT32 for n in program.graph.nodes):
        # A snippet's float32 graph (rounded after each op): the gradient graph is checked in
        # float64, as SymPy and finite differences are, so that rounding steps of 2**-24
        # do not pass for the derivative's own error.
        values = run_plain(program.graph.nodes, passthrough=(ROUND_FLOAT32,))
        warnings.append("the snippet computes in float32; verify computes its gradient graph in float64 "
                        "(the float32 rounding after each op left out), so AD's last digits may differ from eval's")
    _warm_up()  # SymPy imported and warmed once here, so each forked child starts ready

    checks = []
    total = sum(len(record.x_nodes) for record in program.gradients)
    for index, record in enumerate(program.gradients):
        slow = None   # SymPy ran out of time on an earlier x of this gradient (same forward)
        for k in range(len(record.x_nodes)):
            if on_check is not None:
                on_check(len(checks), total, f"{record.name}: d({', '.join(record.ys)})/d{record.xs[k]}")
            t0 = time.perf_counter()
            left = deadline - time.monotonic()
            if left <= 0:
                checks.append(_out_of_budget(record, k, values, budget))
                continue
            seconds, option = (timeout, "--timeout") if timeout <= left else (left, "--budget")
            check = _check(program, values, index, k, rtol, atol, seconds, slow, option)
            if any("time budget" in s for s in check.skipped):
                slow = slow or check.x
            check.seconds = time.perf_counter() - t0
            checks.append(check)
    return Report(checks, warnings, time.perf_counter() - start)


MAX_SECONDS = 86_400   # --timeout and --budget: at most a day (inf or 1e300 is a typo)
DEFAULT_BUDGET = 60.0  # seconds for a whole verify run


def _out_of_budget(record, k, values, budget) -> Check:
    """A check not made: the run's --budget is used up (reported as skipped, not failed)."""
    value = record.values[k]
    ad = None if isinstance(value, NoGradient) else np.asarray(values[value.id], dtype=np.float64)
    shape = result_shape(record, k)
    check = Check(record.name, record.kind, record.line, list(record.ys), record.xs[k], ad, shape,
                  _sample(int(np.prod(shape, dtype=np.int64))))
    reason = f"not tried: the run's time budget of {budget:g} s is used up (--budget)"
    check.skipped += [f"SymPy: {reason}", f"finite differences: {reason}"]
    check.ok = True
    return check


def _warm_up():
    """SymPy's first derivative pays for lazy imports and caches (~1 s); pay it before forking."""
    import sympy

    S = namespace(sympy)
    x, y = sympy.symbols("x y", real=True)
    f = (S.Max(x, 0) * sympy.exp(sympy.sin(x)) * S.stop_gradient(x * y) + sympy.log(1 + x**2)
         + sympy.Abs(x) + sympy.tanh(x) / y + S.Min(x, y) + sympy.Piecewise((x, True)) + sympy.sqrt(y))
    for d in (f.diff(x), f.diff(y).diff(x)):
        complex(d.xreplace({x: sympy.Float(0.5), y: sympy.Integer(2)}))
        sympy.sstr(d, full_prec=False)


# ---------------------------------------------------------------- one check

def _sample(total: int) -> list:
    if total <= SAMPLE:
        return list(range(total))
    return sorted(set(int(round(v)) for v in np.linspace(0, total - 1, SAMPLE)))


def _check(program, values, index, k, rtol, atol, timeout, slow=None, option="--timeout") -> Check:
    record = program.gradients[index]
    value = record.values[k]
    shape = result_shape(record, k)
    ad = None if isinstance(value, NoGradient) else np.asarray(values[value.id], dtype=np.float64)
    total = int(np.prod(shape, dtype=np.int64))
    check = Check(record.name, record.kind, record.line, list(record.ys), record.xs[k], ad, shape,
                  _sample(total))
    if total > SAMPLE:
        check.notes.append(f"{len(check.entries)} of {total} entries checked (evenly spaced)")

    custom = _custom_rule(record)
    try:
        if custom is not None:
            raise Skip(custom)
        if slow is not None:
            raise Skip(f"not tried: this gradient's SymPy forward already ran past its time budget "
                       f"of {timeout:g} s for {slow} ({option})")
        sym = run_limited(lambda: symbolic(program, values, index, k, check.entries), timeout, option)
        check.symbolic, check.formulas, zero = sym["values"], sym["formulas"], sym["zero"]
    except Skip as reason:
        check.skipped.append(f"SymPy: {reason}")
        zero = None
    try:
        if custom is not None:
            raise Skip(custom)
        fd, kinks, scale, undefined = finite_differences(program, values, record, k, check.entries)
        check.finite_difference = fd
    except Skip as reason:
        check.skipped.append(f"finite differences: {reason}")
        kinks, scale, undefined = {}, 1.0, set()

    judge(check, program, record, k, zero, kinks, scale, undefined, rtol, atol)
    return check


def _custom_rule(record):
    """Why SymPy and finite differences do not apply: a custom gradient on the way
    (`def f(x) = expr grad(dy) = rule`), whose rule *is* the derivative; else None."""
    from autograd_cli.evaluate import needed

    for n in needed(record.y_nodes):
        if n.op.name == "custom_gradient":
            return (f"def {n.params['name']} (called at line {n.line}) has a custom gradient: its rule defines this "
                    "derivative, so its forward's derivative is not a reference")
    return None
