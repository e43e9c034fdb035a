"""The forward rebuilt in SymPy from the op table's SymPy forms, and differentiated."""
from __future__ import annotations

import math

import numpy as np

from autograd_cli.evaluate import needed
from autograd_cli.core.graph import Node
from autograd_cli.analysis.verify.common import (SYMBOLIC_MAX_ELEMENTS, SYMBOLIC_MAX_SIZE, Skip, entry_text,
                                                 jacobian_entry, jacobian_rows, result_shape)


def symbolic(program, values, index, k, entries) -> dict:
    forms = SymbolicForward(program, values)
    record = program.gradients[index]
    exprs = forms.derivative(index, k, {}, entries)
    sp = forms.sp
    out = {"values": {}, "formulas": {}, "zero": {}}
    for e, expr in exprs.items():
        size = _tree_size(sp, expr, SYMBOLIC_MAX_SIZE)
        if size > SYMBOLIC_MAX_SIZE:
            raise Skip(f"the derivative{' entry ' + entry_text(result_shape(record, k), e) if e else ''} "
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
        self.S = namespace(sympy, self.number_value)
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
            return self.leaf(n) if op.free else self.frozen(n)
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
            if node.op.free and node.id not in env:
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
        shape = result_shape(record, k)
        total = int(np.prod(shape, dtype=np.int64))
        wanted = range(total) if entries is None else entries
        n = wrt.size
        out = {}
        if record.kind in ("jacobian", "batch_jacobian"):
            flat_y = jacobian_rows(record, ys[0])
            for e in wanted:
                i, j = jacobian_entry(record, x.shape, e)
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


def namespace(sympy, value_of=None):
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
