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

from . import why
from .api import evaluate
from .errors import AgError
from .evaluator import needed, run_plain
from .graph import Node, NoGradient

# ---------------------------------------------------------------- limits and tolerances (README: verify)
DEFAULT_TIMEOUT = 5.0          # seconds of SymPy work per check
DEFAULT_RTOL = 1e-6            # AD vs SymPy: |ad - sym| <= atol + rtol * max(|ad|, |sym|)
DEFAULT_ATOL = 1e-8
FD_RTOL = 1e-4                 # AD vs finite differences (first order), at least rtol
FD_ATOL = 1e-6                 # ... times max(1, largest |output|), at least atol
FD2_RTOL = 1e-3                # second differences (hessians)
FD2_ATOL = 1e-5
SAMPLE = 64                    # entries checked per gradient (evenly spaced when more)
SYMBOLIC_MAX_ELEMENTS = 1024   # largest tensor turned into SymPy expressions
SIMPLIFY_SECONDS = 0.5         # extra time per check for sympy.simplify on the shown formula
SYMBOLIC_MAX_SIZE = 2000       # largest derivative entry (SymPy expression tree nodes) evaluated

EPS = np.finfo(np.float64).eps
SYMBOLIC_LEAVES = ("variable", "input", "placeholder")


class Skip(Exception):
    """A part of a check that cannot be done (the reason is shown)."""


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

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)


def verify(source: str, sets=None, grads=(), wrt=(), rtol=DEFAULT_RTOL, atol=DEFAULT_ATOL,
           timeout=DEFAULT_TIMEOUT) -> Report:
    """Check every gradient of the program (and --grad/--wrt) three ways."""
    if not (rtol >= 0 and atol >= 0 and timeout > 0):
        raise AgError("--rtol and --atol must be >= 0 and --timeout > 0")
    start = time.perf_counter()
    evaluation = evaluate(source, sets=sets, grads=grads, wrt=wrt)
    program, values = evaluation.program, evaluation.node_values
    _warm_up()  # SymPy imported and warmed once here, so each forked child starts ready

    checks = []
    for index, record in enumerate(program.gradients):
        slow = None   # SymPy ran out of time on an earlier x of this gradient (same forward)
        for k in range(len(record.x_nodes)):
            t0 = time.perf_counter()
            check = _check(program, values, index, k, rtol, atol, timeout, slow)
            if any("time budget" in s for s in check.skipped):
                slow = slow or check.x
            check.seconds = time.perf_counter() - t0
            checks.append(check)
    return Report(checks, evaluation.warnings, time.perf_counter() - start)


def _warm_up():
    """SymPy's first derivative pays for lazy imports and caches (~1 s); pay it before forking."""
    import sympy

    S = _namespace(sympy)
    x, y = sympy.symbols("x y", real=True)
    f = (S.Max(x, 0) * sympy.exp(sympy.sin(x)) * S.stop_gradient(x * y) + sympy.log(1 + x**2)
         + sympy.Abs(x) + sympy.tanh(x) / y + S.Min(x, y) + sympy.Piecewise((x, True)) + sympy.sqrt(y))
    for d in (f.diff(x), f.diff(y).diff(x)):
        complex(d.xreplace({x: sympy.Float(0.5), y: sympy.Integer(2)}))
        sympy.sstr(d, full_prec=False)


# ---------------------------------------------------------------- one check

def _result_shape(record, k) -> tuple:
    x = record.x_nodes[k]
    if record.kind == "hessians":
        return x.shape + x.shape
    if record.kind == "jacobian":
        return record.y_nodes[0].shape + x.shape
    return x.shape


def _sample(total: int) -> list:
    if total <= SAMPLE:
        return list(range(total))
    return sorted(set(int(round(v)) for v in np.linspace(0, total - 1, SAMPLE)))


def _check(program, values, index, k, rtol, atol, timeout, slow=None) -> Check:
    record = program.gradients[index]
    value = record.values[k]
    shape = _result_shape(record, k)
    ad = None if isinstance(value, NoGradient) else np.asarray(values[value.id], dtype=np.float64)
    total = int(np.prod(shape, dtype=np.int64))
    check = Check(record.name, record.kind, record.line, list(record.ys), record.xs[k], ad, shape,
                  _sample(total))
    if total > SAMPLE:
        check.notes.append(f"{len(check.entries)} of {total} entries checked (evenly spaced)")

    try:
        if slow is not None:
            raise Skip(f"not tried: this gradient's SymPy forward already ran past its time budget "
                       f"of {timeout:g} s for {slow} (--timeout)")
        sym = _run_limited(lambda: _symbolic(program, values, index, k, check.entries), timeout)
        check.symbolic, check.formulas, zero = sym["values"], sym["formulas"], sym["zero"]
    except Skip as reason:
        check.skipped.append(f"SymPy: {reason}")
        zero = None
    try:
        fd, kinks, scale, undefined = _finite_differences(program, values, record, k, check.entries)
        check.finite_difference = fd
    except Skip as reason:
        check.skipped.append(f"finite differences: {reason}")
        kinks, scale, undefined = {}, 1.0, set()

    _judge(check, program, record, k, zero, kinks, scale, undefined, rtol, atol)
    return check


def _judge(check: Check, program, record, k, zero, kinks, scale, undefined, rtol, atol):
    second = record.kind == "hessians"
    fd_rtol = max(FD2_RTOL if second else FD_RTOL, rtol)
    fd_atol = max(FD2_ATOL if second else FD_ATOL, atol) * max(1.0, scale)
    errors = []
    if check.ad is None:
        x = record.x_nodes[k]
        stop_ids = {s.id for s in record.stop_nodes}
        if why.path_space(x, record.y_nodes, stop_ids).live:
            check.ok = False
            check.notes.append("AD says None, but gradient can flow from the ys to x (a live path exists)")
        else:
            reason = why.unconnected_reason(x, record.y_nodes, stop_ids)
            check.notes.append(f"None agrees with a zero derivative: no live path ({reason})")
        if zero is not None and not all(zero.get(e, False) for e in check.entries):
            check.ok = False
            check.notes.append("AD says None, but SymPy's derivative is not exactly 0")
        elif zero is not None:
            check.notes[-1] += "; SymPy's derivative is exactly 0"
        ad_flat = np.zeros(int(np.prod(check.shape, dtype=np.int64)))
    else:
        ad_flat = check.ad.reshape(-1)
    for e in check.entries:
        a = float(ad_flat[e])
        s = check.symbolic.get(e)
        f = None if e in undefined else check.finite_difference.get(e)
        kink = kinks.get(e)
        if kink is not None:
            lo, hi = kink
            margin = fd_atol + fd_rtol * max(abs(lo), abs(hi))
            inside = [v for v in (a, s) if v is not None and not (lo - margin <= v <= hi + margin)]
            if inside:
                check.bad_entries.append(e)
            errors += [abs(a - v) for v in (s, f) if v is not None]
            continue
        good = True
        if s is not None:
            good &= _close(a, s, rtol, atol)
            errors.append(_error(a, s))
        if f is not None:
            good &= _close(a, f, fd_rtol, fd_atol)
            errors.append(_error(a, f))
        if not good:
            check.bad_entries.append(e)
    if undefined:
        where = ", ".join(_entry_text(check.shape, e) or "x" for e in sorted(undefined)[:3])
        check.notes.append(f"finite differences undefined at {where}: the function is not finite "
                           "there or nearby, so only SymPy is compared")
    if kinks:
        where = ", ".join(_entry_text(check.shape, e) or "x" for e in list(kinks)[:3])
        check.notes.append(f"kink at {where}: one-sided slopes differ, so AD and SymPy need only lie "
                           "between them (TensorFlow and SymPy pick different values there)")
    if check.bad_entries:
        check.ok = False
    finite = [e for e in errors if not math.isnan(e)]
    check.max_error = max(finite) if finite else None


def _close(a: float, b: float, rtol: float, atol: float) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= atol + rtol * max(abs(a), abs(b))


def _error(a: float, b: float) -> float:
    if math.isnan(a) and math.isnan(b):
        return 0.0
    if math.isinf(a) and a == b:
        return 0.0
    return abs(a - b)


def _entry_text(shape, e) -> str:
    if not shape:
        return ""
    return "[" + ", ".join(str(int(i)) for i in np.unravel_index(e, shape)) + "]"


# ---------------------------------------------------------------- finite differences

def _frozen_ids(order, record, x: Node) -> set:
    """Nodes held at their value: stop_gradient, stop_gradients entries, ops without gradient."""
    held = {s.id for s in record.stop_nodes}
    for n in order:
        if n.op.name == "stop_gradient" or (not n.op.leaf and n.op.vjp is None):
            held.add(n.id)
    held.discard(x.id)
    return held


def _finite_differences(program, values, record, k, entries):
    """Central differences of the frozen function at the sampled entries.

    Returns ({entry: value}, {entry: (low, high) one-sided slopes at kinks}, output scale,
    {entries where the function is not finite at or next to the point})."""
    x = record.x_nodes[k]
    ys = record.y_nodes
    order = needed(ys)
    if x.id not in {n.id for n in order}:
        return {e: 0.0 for e in entries}, {}, 1.0, set()
    held = _frozen_ids(order, record, x)
    moving = {x.id}
    for n in order:
        if n.id > x.id and n.id not in held and any(i.id in moving for i in n.inputs):
            moving.add(n.id)
    feeds = {i.id for n in order if n.id in moving for i in n.inputs} | {y.id for y in ys}
    local = [n for n in order if n.id in moving or n.id in feeds]
    fixed = {n.id: values[n.id] for n in local if n.id not in moving}
    if record.kind == "gradients":
        weights = []
        for j, y in enumerate(ys):
            seed = record.grad_ys[j] if record.grad_ys else None
            weights.append(np.ones(y.shape) if seed is None else
                           np.broadcast_to(np.asarray(values[seed.id], dtype=np.float64), y.shape))

    def outputs(x_value):
        try:
            got = run_plain(local, overrides={**fixed, x.id: x_value})
        except AgError as exc:
            raise Skip(f"the program fails near x: {exc.message}") from None
        if record.kind == "hessians":
            return np.asarray(sum(float(np.sum(got[y.id])) for y in ys))
        if record.kind == "jacobian":
            return np.asarray(got[ys[0].id], dtype=np.float64).reshape(-1)
        return np.asarray(sum(float(np.sum(got[y.id] * w)) for y, w in zip(ys, weights)))

    base_x = np.array(values[x.id], dtype=np.float64)
    f0 = outputs(base_x)
    scale = float(np.max(np.abs(f0))) if f0.size and np.isfinite(f0).all() else 1.0
    n = base_x.size
    result, kinks, undefined = {}, {}, set()

    def moved(steps):
        xv = base_x.copy().reshape(-1)
        for j, h in steps:
            xv[j] += h
        return xv.reshape(base_x.shape)

    if record.kind == "hessians":
        cache = {}

        def f(steps):
            key = tuple(sorted(steps))
            if key not in cache:
                cache[key] = float(outputs(moved(steps)))
            return cache[key]
        for e in entries:
            j, m = divmod(e, n)
            hj = _step(base_x.reshape(-1)[j], 0.25)
            hm = _step(base_x.reshape(-1)[m], 0.25)
            if j == m:
                value = (f(((j, hj),)) - 2 * float(f0) + f(((j, -hj),))) / (hj * hj)
            else:
                value = (f(((j, hj), (m, hm))) - f(((j, hj), (m, -hm)))
                         - f(((j, -hj), (m, hm))) + f(((j, -hj), (m, -hm)))) / (4 * hj * hm)
            result[e] = float(value)
            if not (math.isfinite(value) and math.isfinite(float(f0))):
                undefined.add(e)
        return result, kinks, scale, undefined

    columns: dict = {}
    for e in entries:
        i, j = divmod(e, n) if record.kind == "jacobian" else (0, e)
        columns.setdefault(j, []).append((e, i))
    for j, wanted in columns.items():
        h = _step(base_x.reshape(-1)[j], 1 / 3)
        up, down = outputs(moved(((j, h),))), outputs(moved(((j, -h),)))
        for e, i in wanted:
            fp, fm, fc = float(up.reshape(-1)[i]), float(down.reshape(-1)[i]), float(f0.reshape(-1)[i])
            central = (fp - fm) / (2 * h)
            result[e] = float(central)
            right, left = (fp - fc) / h, (fc - fm) / h
            if not all(map(math.isfinite, (fp, fm, fc))):
                undefined.add(e)
            elif all(map(math.isfinite, (right, left))):
                gap = abs(right - left)
                if gap > 100 * (FD_ATOL * max(1.0, abs(fc)) + FD_RTOL * max(abs(right), abs(left))):
                    kinks[e] = (min(left, right), max(left, right))
    return result, kinks, scale, undefined


def _step(v: float, power: float) -> float:
    """A step per element: eps**power scaled by the element, exactly representable."""
    v = float(v)
    h = EPS ** power * max(1.0, abs(v)) if math.isfinite(v) else EPS ** power
    return (v + h) - v if math.isfinite(v) else h


# ---------------------------------------------------------------- SymPy, in a child process

def _run_limited(work, timeout: float):
    """Run `work` in a forked child; Skip on time-out (the child is killed) or failure."""
    import multiprocessing

    try:
        ctx = multiprocessing.get_context("fork")
    except ValueError:   # no fork here: in process, bounded by the size limits only
        payload = _guarded(work)
        return payload[0] if isinstance(payload, tuple) else payload
    receive, send = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_child, args=(work, send), daemon=True)
    child.start()
    send.close()
    start, status = time.monotonic(), None
    try:
        if not receive.poll(timeout):
            raise Skip(f"ran past its time budget of {timeout:g} s (--timeout)")
        status, payload = receive.recv()
        # then, within what is left of the budget (at most SIMPLIFY_SECONDS), simpler formulas
        more = min(SIMPLIFY_SECONDS, timeout - (time.monotonic() - start))
        if status == "ok" and more > 0 and receive.poll(more):
            kind, better = receive.recv()
            if kind == "refined":
                payload["formulas"].update(better)
    except (EOFError, OSError):
        if status != "ok":
            child.join(1.0)
            raise Skip(f"the SymPy process ended without an answer (exit code {child.exitcode}; "
                       "out of memory or stack?)") from None
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receive.close()
    if status == "skip":
        raise Skip(payload)
    return payload


def _child(work, send):
    later = None
    try:
        payload = _guarded(work)
        if isinstance(payload, tuple):
            payload, later = payload
        result = ("ok", payload)
    except Skip as reason:
        result = ("skip", str(reason))
    send.send(result)
    if later is not None:   # optional extra work; the parent stops waiting when it likes
        try:
            send.send(("refined", _guarded(later)))
        except Skip:
            pass
    send.close()


def _guarded(work):
    try:
        return work()
    except Skip:
        raise
    except RecursionError:
        raise Skip("the expression is nested too deeply for SymPy") from None
    except MemoryError:
        raise Skip("out of memory") from None
    except Exception as exc:  # SymPy's own failures end this part of the check, not the run
        raise Skip(f"SymPy failed ({type(exc).__name__}: {str(exc)[:200]})") from None


def _symbolic(program, values, index, k, entries) -> dict:
    forms = SymbolicForward(program, values)
    record = program.gradients[index]
    exprs = forms.derivative(index, k, {}, entries)
    sp = forms.sp
    out = {"values": {}, "formulas": {}, "zero": {}}
    for e, expr in exprs.items():
        size = _tree_size(sp, expr, SYMBOLIC_MAX_SIZE)
        if size > SYMBOLIC_MAX_SIZE:
            raise Skip(f"the derivative{' entry ' + _entry_text(_result_shape(record, k), e) if e else ''} "
                       f"has more than {SYMBOLIC_MAX_SIZE:,} terms (SYMBOLIC_MAX_SIZE)")
        out["zero"][e] = expr == 0
        out["values"][e] = forms.number_value(expr)
        out["formulas"][e] = forms.text(expr)

    def simpler():
        better = {}
        for e in list(exprs)[:1]:   # the formula the table shows (small ones only)
            if len(out["formulas"][e]) > 40 and _tree_size(sp, exprs[e], 400) <= 400:
                text = forms.text(sp.simplify(exprs[e]))
                if len(text) < len(out["formulas"][e]):
                    better[e] = text
        return better
    return out, simpler


def _tree_size(sp, expr, limit: int) -> int:
    count = 0
    for _ in sp.preorder_traversal(expr):
        count += 1
        if count > limit:
            break
    return count


class SymbolicForward:
    """SymPy expressions for graph nodes, built from the op table's `sym` column."""

    def __init__(self, program, values):
        import sympy

        self.sp = sympy
        self.program = program
        self.values = values
        self.S = _namespace(sympy, self.number_value)
        self.leaf_symbols: dict = {}       # node id -> object array of Symbols
        self.point: dict = {}              # Symbol -> its value
        self.names: set = set()
        self.frozen_cache: dict = {}
        self.memo: dict = {}
        self.result_of: dict = {}          # gradient result node id -> (record index, k)
        for index, record in enumerate(program.gradients):
            inputs = [n.id for n in record.x_nodes + record.y_nodes + record.stop_nodes]
            inputs += [n.id for n in record.grad_ys or [] if n is not None]
            for k, v in enumerate(record.values):
                if isinstance(v, Node) and v.id > max(inputs):
                    self.result_of[v.id] = (index, k)

    # ------------------------------------------------------------ values as SymPy

    def number(self, v):
        sp = self.sp
        if isinstance(v, (bool, np.bool_)):
            return sp.true if v else sp.false
        v = float(v)
        if math.isnan(v):
            return sp.nan
        if math.isinf(v):
            return sp.oo if v > 0 else -sp.oo
        if v == int(v) and abs(v) < 1e15:
            return sp.Integer(int(v))
        return sp.Float(v)

    def frozen(self, node: Node):
        if node.id not in self.frozen_cache:
            value = np.asarray(self.values[node.id])
            out = np.empty(value.shape, dtype=object)
            for idx in np.ndindex(value.shape):
                out[idx] = self.number(value[idx])
            self.frozen_cache[node.id] = out
        return self.frozen_cache[node.id]

    def leaf(self, node: Node):
        if node.id not in self.leaf_symbols:
            base = node.label or f"{node.op.name}{node.id}"
            if base in self.names:
                base = f"{base}#{node.id}"
            self.names.add(base)
            value = np.asarray(self.values[node.id], dtype=np.float64)
            out = np.empty(node.shape, dtype=object)
            for idx in np.ndindex(node.shape):
                name = base + ("[" + ",".join(map(str, idx)) + "]" if idx else "")
                out[idx] = self.sp.Symbol(name, real=True)
                self.point[out[idx]] = self.number(value[idx])
            self.leaf_symbols[node.id] = out
        return self.leaf_symbols[node.id]

    def dummies(self, node: Node, text: str):
        """Independent symbols standing for a node (their value: the node's value)."""
        value = np.asarray(self.values[node.id], dtype=np.float64)
        out = np.empty(node.shape, dtype=object)
        for idx in np.ndindex(node.shape):
            out[idx] = self.sp.Dummy(text + ("[" + ",".join(map(str, idx)) + "]" if idx else ""), real=True)
            self.point[out[idx]] = self.number(value[idx])
        return out

    # ------------------------------------------------------------ the forward

    def forward(self, roots, env: dict) -> dict:
        """Expressions (object arrays) for the roots and what they need; `env` replaces nodes."""
        exprs: dict = {}
        for n in needed(roots, stop_at=env.keys() | self.result_of.keys()):
            nid = n.id
            if nid in env:
                exprs[nid] = env[nid]
            elif nid in self.result_of:
                index, k = self.result_of[nid]
                exprs[nid] = self.derivative(index, k, env, None)
            else:
                exprs[nid] = self.node(n, exprs)
        return exprs

    def node(self, n: Node, exprs: dict):
        size = int(np.prod(n.shape, dtype=np.int64))
        if size > SYMBOLIC_MAX_ELEMENTS:
            raise Skip(f"{n.describe()} (line {n.line}) has {size:,} elements, over the limit of "
                       f"{SYMBOLIC_MAX_ELEMENTS:,} (SYMBOLIC_MAX_ELEMENTS)")
        op = n.op
        if op.leaf:
            return self.leaf(n) if op.name in SYMBOLIC_LEAVES else self.frozen(n)
        form = op.sym_form
        if form is None or (op.vjp is None and op.name != "stop_gradient"):
            return self.frozen(n)   # no symbolic form, or no gradient: its value is all that matters
        args = [exprs[i.id] if op.vjp is None or op.input_vjp(j) is not None else self.frozen(i)
                for j, i in enumerate(n.inputs)]
        S, params = self.S, n.params
        if op.elementwise:
            ufunc = np.frompyfunc(lambda *a: form(S, *a, **params), len(args), 1)
            out = ufunc(*args)
        else:
            out = form(S, *args, **params)
        return self.as_array(out, n.shape)

    def as_array(self, out, shape):
        if isinstance(out, np.ndarray):
            if out.dtype != object:
                out = np.vectorize(self.number, otypes=[object])(out) if out.size else out.astype(object)
        else:
            holder = np.empty((), dtype=object)
            holder[()] = out if isinstance(out, self.sp.Basic) else self.sp.sympify(out)
            out = holder
        if out.shape != tuple(shape):
            out = out.reshape(shape)
        return out

    # ------------------------------------------------------------ derivatives

    def derivative(self, index: int, k: int, env: dict, entries):
        """The derivative a gradient record computes for its k-th x, in terms of the leaves
        (replacements undone). `entries`: flat indices wanted (None: the whole array)."""
        key = (index, k, tuple(sorted(env)), None if entries is None else tuple(entries))
        if key in self.memo:
            return self.memo[key]
        record = self.program.gradients[index]
        x = record.x_nodes[k]
        sp = self.sp
        inner = dict(env)
        undo = {}

        def hold(node, text):
            if node.op.name in SYMBOLIC_LEAVES and node.id not in env:
                return self.leaf(node)
            real = self.forward([node], env)[node.id]
            symbols = self.dummies(node, text)
            for s, r in zip(symbols.reshape(-1), real.reshape(-1)):
                undo[s] = r
            inner[node.id] = symbols
            return symbols

        wrt = hold(x, record.xs[k]).reshape(-1)
        if record.kind == "gradients":
            for s in record.stop_nodes:
                if s.id != x.id:
                    hold(s, s.describe())
        exprs = self.forward(record.y_nodes, inner)
        ys = [exprs[y.id] for y in record.y_nodes]
        shape = _result_shape(record, k)
        total = int(np.prod(shape, dtype=np.int64))
        wanted = range(total) if entries is None else entries
        n = wrt.size
        out = {}
        if record.kind == "jacobian":
            flat_y = ys[0].reshape(-1)
            for e in wanted:
                i, j = divmod(e, n)
                out[e] = sp.diff(flat_y[i], wrt[j])
        else:
            f = self.objective(record, ys, env, undo)
            if record.kind == "hessians":
                first = {}
                for e in wanted:
                    j, m = divmod(e, n)
                    if j not in first:
                        first[j] = sp.diff(f, wrt[j])
                    out[e] = sp.diff(first[j], wrt[m])
            else:
                for e in wanted:
                    out[e] = sp.diff(f, wrt[e])
        out = {e: v.xreplace(undo) if undo else v for e, v in out.items()}
        if entries is None:
            array = np.empty(shape, dtype=object)
            for e, v in out.items():
                array[np.unravel_index(e, shape) if shape else ()] = v
            out = array
        self.memo[key] = out
        return out

    def objective(self, record, ys, env, undo):
        """sum over ys of sum(y * grad_y); grad_ys are held (dummies, undone afterwards)."""
        total = self.sp.Integer(0)
        for j, y in enumerate(ys):
            if record.y_nodes[j].dtype == "bool":
                continue  # a comparison's value has no gradient (and SymPy cannot add truth values)
            seed = record.grad_ys[j] if record.kind == "gradients" and record.grad_ys else None
            if seed is None:
                total += self.sp.Add(*y.reshape(-1))
                continue
            real = np.broadcast_to(self.forward([seed], env)[seed.id], y.shape)
            weights = np.empty(y.shape, dtype=object)
            for idx in np.ndindex(y.shape):
                weights[idx] = self.sp.Dummy(f"grad_ys{j}", real=True)
                undo[weights[idx]] = real[idx]
            total += self.sp.Add(*[a * b for a, b in zip(y.reshape(-1), weights.reshape(-1))])
        return total

    # ------------------------------------------------------------ results

    def number_value(self, expr) -> float:
        sp = self.sp
        value = expr.xreplace(self.point) if self.point else expr
        if value is sp.zoo:
            return math.inf
        if value is sp.nan:
            return math.nan
        if not value.is_Number:
            value = value.evalf()
        try:
            c = complex(value)
        except (TypeError, ValueError):
            return math.nan
        return c.real if c.imag == 0 else math.nan

    def text(self, expr) -> str:
        text = self.sp.sstr(expr, full_prec=False)
        return text if len(text) <= 400 else text[:399] + "…"


def _namespace(sympy, value_of=None):
    """The `S` handed to the op table's sym forms: sympy plus stop_gradient.

    `value_of(expr)` (the expression's value at the program's point) lets Max/Min keep
    only the arguments that win there: away from a tie the function *is* that argument
    near the point, so derivatives are unchanged, formulas stay short and SymPy avoids
    its slow symbolic comparisons. Tied arguments stay as Max/Min (a kink)."""

    class stop_gradient(sympy.Function):  # noqa: N801 (prints as the program's name)
        """Value passes, derivative is zero."""

        @classmethod
        def eval(cls, arg):
            if arg.is_Number:
                return arg

        def fdiff(self, argindex=1):
            return sympy.S.Zero

    def lazy(extreme):
        # SymPy's Max/Min compare their arguments symbolically when built (seconds on large
        # arguments): build them unevaluated unless all are numbers.
        def make(*args):
            args = [sympy.sympify(a) for a in args]
            if all(a.is_Number for a in args):
                return extreme(*args)
            if value_of is not None:
                values = [value_of(a) for a in args]
                if all(map(math.isfinite, values)):
                    best = max(values) if extreme is sympy.Max else min(values)
                    close = 1e-12 * max(1.0, abs(best))
                    args = [a for a, v in zip(args, values) if abs(v - best) <= close]
                    if len(args) == 1:
                        return args[0]
            return extreme(*args, evaluate=False)
        return make

    class Namespace:
        def __getattr__(self, name):
            return getattr(sympy, name)

    S = Namespace()
    S.stop_gradient = stop_gradient
    S.Max, S.Min = lazy(sympy.Max), lazy(sympy.Min)
    return S
