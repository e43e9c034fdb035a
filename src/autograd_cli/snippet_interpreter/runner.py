"""TensorFlow snippets (spec section 9): run a parsed snippet onto the same graph.

The interpreter walks the syntax tree of language/snippet.py. Python-level values
(numbers, strings, lists, NumPy arrays) are computed with Python and NumPy; every
TensorFlow call becomes nodes of the one graph (graph.Graph) through the same built-in
functions the .ag builder uses (the op table, its gradient rules and autodiff are
shared, nothing is duplicated). TF 1.x graph code runs in sessions (`sess.run`
evaluates exactly the fetched nodes with the session's variable values and the feed,
then applies the assign/update ops among them); eager code (TF 2: GradientTape, Keras
models) is evaluated as it is built. Nothing of the snippet reaches Python's
eval/exec/import: names resolve only to what this module defines.
"""
from __future__ import annotations

import os

import numpy as np

from autograd_cli.support.errors import AgError
from autograd_cli.evaluate import needed, run
from autograd_cli.core.graph import Node, NoGradient
from autograd_cli.snippet_interpreter import syntax as S
from autograd_cli.language.syntax import Program
from autograd_cli.support.limits import check_elements
from autograd_cli.core.program import BuiltProgram
from autograd_cli.support.records import Record
from autograd_cli.compile.builder import Builder, Call as BCall, HostFunction
from autograd_cli.library.functions import BUILTINS
from autograd_cli.snippet_interpreter.values import (COMPARE_OPS, MAX_SEQUENCE, NO_DEFAULT, OPERATOR_BUILTINS,
                             OPERATOR_NAMES, PY_BINARY, PY_COMPARE, TF_COMPARE, TF_TYPES, BoundMethod, Dense,
                             DType, Fn, KerasLoss, Module, NP_DTYPES, Operation, Sequential, Session, Tape,
                             Tensor, UserFunction, Variable, _Break, _camel, _Continue, _is_int, _is_none,
                             _NameScope, _np_dtype_name, _plain_ok, _Return, _Site, _At, _forward,
                             _uses_graph_mode, IMPORTABLE)
from autograd_cli.snippet_interpreter.library import PY_BUILTINS
from autograd_cli.snippet_interpreter.values import FeedShape

MAX_STEPS = 20_000_000       # statements and expressions one snippet may evaluate
MAX_CALL_DEPTH = 200


# ---------------------------------------------------------------- results

class PrintRecord(Record):
    _fields = ("line", "text", "values")

    def __init__(self, line, text, values):
        self.line = line
        self.text = text            # what print wrote (with its `end`)
        self.values = values        # one JSON-able value per argument


class GradientValues(Record):
    _fields = ("record", "values", "unconnected")

    def __init__(self, record, values, unconnected):
        self.record = record            # program.GradientRecord
        self.values = values            # ndarray, or None per x
        self.unconnected = unconnected  # x text -> reason (None gradients, and gradients never evaluated)


class SnippetRun(Record):
    _fields = ("prints", "gradients", "warnings", "built", "output", "node_values")

    def __init__(self, prints, gradients, warnings, built, output="", node_values=None):
        self.prints = prints
        self.gradients = gradients      # [GradientValues]
        self.warnings = warnings
        self.built = built              # BuiltProgram
        self.output = output
        self.node_values = {} if node_values is None else node_values  # values the gradients were computed from


def run_snippet(source: str, seed=None, on_print=None, unconnected: str = "none") -> SnippetRun:
    """Parse and run a snippet. `on_print(text)` receives printed text as it happens
    (lines printed before an error are shown, as Python would). `seed` seeds NumPy's
    legacy generator before the snippet runs (tests); None draws fresh entropy."""
    tree = S.parse_snippet(source)
    if seed is None:      # fresh entropy, drawn once: a rerun (below) makes the same data
        seed = int.from_bytes(os.urandom(4), "little")
    shapes: dict = {}     # placeholder number -> the shape its first feed had
    printed = 0
    for _ in range(MAX_RERUNS):
        interp = Interpreter(source, tree, seed=seed, on_print=on_print, unconnected=unconnected,
                             placeholder_shapes=shapes, already_printed=printed)
        try:
            interp.execute()
        except FeedShape as fed:
            # A placeholder with unknown sizes (shape=None, [None, 784]) was fed: the graph is
            # made with static shapes, so the snippet runs again from the start with that
            # placeholder's shape known. The run is deterministic (same seed), so the lines
            # printed before are printed again identically: they are not shown twice.
            if fed.number in shapes:
                raise AgError(f"placeholder {fed.name} is fed shape {fed.shape} here and {shapes[fed.number]} "
                              "before: this tool builds one graph per placeholder shape", fed.pos) from None
            shapes[fed.number] = fed.shape
            printed = max(printed, len(interp.prints))
            continue
        return interp.result()
    raise AgError(f"more than {MAX_RERUNS} placeholders with unknown shapes were fed")


MAX_RERUNS = 16




# ---------------------------------------------------------------- value kinds

# ---------------------------------------------------------------- interpreter

class Interpreter:
    def __init__(self, source, tree, seed=None, on_print=None, unconnected="none", placeholder_shapes=None,
                 already_printed=0):
        self.source = source
        self.placeholder_shapes = placeholder_shapes or {}
        self.placeholders = 0           # placeholders made so far (their numbers)
        self.already_printed = already_printed
        self.tree = tree
        self.b = Builder(Program(source="", statements=[]), unconnected=unconnected)
        self.b.source = source
        self.g = self.b.g
        self.graph_mode = _uses_graph_mode(tree)
        self._seed = seed
        self._rng = None                # NumPy's legacy generator, made when first used
        self.on_print = on_print
        self.prints: list[PrintRecord] = []
        self.output: list[str] = []
        self.warnings: list = []
        self.globals: dict = {}
        self.used_names: set = set()
        self.name_counts: dict = {}
        self.variables: list[Variable] = []
        self.values: dict = {}          # eager values by node id (and last session values)
        self.evaluated = 0              # eager: nodes[:evaluated] have values
        self.sessions: list[Session] = []   # default-session stack (with blocks)
        self.interactive: Session | None = None
        self.tapes: list[Tape] = []
        self.steps = 0
        self.depth = 0
        self.grad_scopes = 0
        self.layer_counts: dict = {}
        self.tensors: dict = {}         # node id -> Tensor (so a node keeps one name)
        self.record_values: dict = {}   # record index -> {node id: value}
        self.record_runs: dict = {}     # record index -> the session run's values (graph mode)
        self.leaf_snapshots: dict = {}  # record index -> {variable id: value when taken} (eager)
        self.declared: dict = {}        # placeholder node id -> declared shape (None: unknown)
        self.placeholder_numbers: dict = {}   # placeholder node id -> its number (creation order)

    @property
    def rng(self):
        if self._rng is None:
            self._rng = np.random.RandomState(self._seed)
        return self._rng

    @rng.setter
    def rng(self, value):
        self._rng = value

    def layer_name(self, base):
        k = self.layer_counts.get(base, 0)
        self.layer_counts[base] = k + 1
        return base if k == 0 else f"{base}_{k}"

    # ------------------------------------------------------------ running

    def execute(self):
        try:
            self.block(self.tree.statements, None)
        except _Return:
            pass
        except (_Break, _Continue):
            pass
        except MemoryError:
            raise AgError("out of memory") from None

    def result(self) -> SnippetRun:
        results = []
        # one table per call site: a tape.gradient in a training loop reports its last call
        last = {}
        for k, record in enumerate(self.b.records):
            last[(record.line, record.name, record.kind)] = k
        keep = sorted(last.values())
        for k in keep:
            record = self.b.records[k]
            known = self.record_values.get(k)
            if known is None:
                known = self._final_values(record, k)
            values = []
            for v in record.values:
                if isinstance(v, NoGradient):
                    values.append(None)
                elif isinstance(v, Node) and known is not None and v.id in known:
                    values.append(np.asarray(known[v.id]))
                else:
                    values.append(None)
            unconnected = {x: v.reason for x, v in zip(record.xs, record.values) if isinstance(v, NoGradient)}
            if known is None:
                for x, v in zip(record.xs, record.values):
                    if isinstance(v, Node):
                        unconnected[x] = "not evaluated: it needs a placeholder's value (sess.run with feed_dict)"
            results.append(GradientValues(record, values, unconnected))
        shown = [self.b.records[k] for k in keep if k in self.record_runs or not self.graph_mode]
        named = {}
        for name, value in self.globals.items():
            node = self._node_of(value)
            if node is not None:
                named[name] = node
        built = BuiltProgram(self.g, named, shown, {v.name: v.node for v in self.variables}, None, [])
        node_values: dict = dict(self.values) if not self.graph_mode else {}
        for k in keep:        # eager: the variables as they were when each gradient was taken
            node_values.update(self.leaf_snapshots.get(k, {}))
        for k, overrides in self.record_runs.items():
            if k not in keep:
                continue
            record = self.b.records[k]
            order = needed(list(record.y_nodes) + list(record.x_nodes) +
                           [v for v in record.values if isinstance(v, Node)])
            values = run(order, overrides, [])
            for n in order:
                node_values[n.id] = values[n.id]
        return SnippetRun(self.prints, results, [str(w) for w in self.warnings], built, "".join(self.output),
                          node_values)

    def _final_values(self, record, k):
        nodes = [v for v in record.values if isinstance(v, Node)]
        if not nodes:
            return {}
        if not self.graph_mode:
            return {n.id: self.values[n.id] for n in nodes if n.id in self.values}
        order = needed(nodes)
        if any(n.op.name == "placeholder" for n in order):
            return None
        overrides = {}
        session = self.sessions[-1] if self.sessions else self.interactive
        for n in order:
            if n.op.name == "variable" and session is not None and n.id in session.state:
                overrides[n.id] = session.state[n.id]
        values = run(order, overrides, [])
        self.record_runs[k] = overrides
        return {n.id: values[n.id] for n in nodes}

    def tick(self, pos):
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise AgError(f"the snippet ran more than {MAX_STEPS:,} steps; stopped", pos)

    # ------------------------------------------------------------ statements

    def block(self, statements, env):
        for stmt in statements:
            self.stmt(stmt, env)

    def stmt(self, st, env):
        self.tick(st.pos)
        self.g.pos = st.pos
        if isinstance(st, S.Assign):
            rhs = st.value
            self.b.current_rhs = rhs
            self.b.current_target = _target_text(st.targets[-1], self.source)
            value = self.expr(rhs, env)
            self.b.current_rhs = self.b.current_target = None
            for target in st.targets:
                self.assign(target, value, env, st.pos)
        elif isinstance(st, S.ExprStmt):
            self.b.current_rhs = self.b.current_target = None
            self.expr(st.value, env)
        elif isinstance(st, S.AugAssign):
            current = self.expr(st.target, env)
            value = self.binop(st.op, current, self.expr(st.value, env), st.target, st.value, st.pos)
            self.assign(st.target, value, env, st.pos)
        elif isinstance(st, S.Import):
            self.do_import(st, env)
        elif isinstance(st, S.If):
            for test, body in st.branches:
                if self.truth(self.expr(test, env), test):
                    self.block(body, env)
                    return
            self.block(st.orelse, env)
        elif isinstance(st, S.For):
            self.do_for(st, env)
        elif isinstance(st, S.With):
            self.do_with(st, env)
        elif isinstance(st, S.FuncDef):
            params = [(n, NO_DEFAULT if d is None else self.expr(d, env), p) for n, d, p in st.params]
            self.set_name(st.name, UserFunction(st.name, params, st.body, env), env)
        elif isinstance(st, S.Return):
            if env is None:
                raise AgError("'return' outside function", st.pos)
            raise _Return(None if st.value is None else self.expr(st.value, env))
        elif isinstance(st, S.Del):
            for t in st.targets:
                self.delete(t, env)
        elif isinstance(st, S.Pass):
            pass
        elif isinstance(st, S.Break):
            raise _Break()
        elif isinstance(st, S.Continue):
            raise _Continue()
        else:
            raise AgError("this statement is not part of the TensorFlow snippet subset", st.pos)

    def do_import(self, st, env):
        module = st.module
        if module == "__future__":
            return
        if st.names or st.star:
            if st.star:
                raise AgError(f"`from {module} import *` is not part of the snippet subset: import the "
                              "names you use", st.pos)
            for name, alias in st.names:
                full = f"{module}.{name}"
                if full in IMPORTABLE:
                    value = Module(IMPORTABLE[full])
                elif module in IMPORTABLE:
                    value = self.module_attr(Module(IMPORTABLE[module]), name, st.pos)
                else:
                    raise AgError(_import_refusal(module), st.pos)
                self.set_name(alias or name, value, env)
            return
        if module not in IMPORTABLE:
            raise AgError(_import_refusal(module), st.pos)
        if st.alias:
            self.set_name(st.alias, Module(IMPORTABLE[module]), env)
        else:
            top = module.split(".")[0]
            self.set_name(top, Module(IMPORTABLE[top]), env)

    def do_for(self, st, env):
        iterable = self.iterate(self.expr(st.iter, env), st.iter)
        for item in iterable:
            self.tick(st.pos)
            self.assign(st.target, item, env, st.pos)
            try:
                self.block(st.body, env)
            except _Break:
                return
            except _Continue:
                continue
        self.block(st.orelse, env)

    def do_with(self, st, env):
        entered = []
        try:
            for expr, name, pos in st.items:
                value = self.expr(expr, env)
                self.enter(value, expr)
                entered.append(value)
                if name is not None:
                    self.set_name(name, value, env)
            self.block(st.body, env)
        finally:
            for value in reversed(entered):
                self.exit(value)

    def enter(self, value, expr):
        if isinstance(value, Session):
            self.sessions.append(value)
        elif isinstance(value, Tape):
            value.start = len(self.g.nodes)
            value.recording = True
            self.tapes.append(value)
        elif isinstance(value, _NameScope):
            pass
        else:
            raise AgError(f"`with` needs a session, tf.GradientTape() or a name scope, got "
                          f"{self.describe(value)}", expr.pos)

    def exit(self, value):
        if isinstance(value, Session):
            if self.sessions and self.sessions[-1] is value:
                self.sessions.pop()
            value.closed = True
        elif isinstance(value, Tape):
            value.stop = len(self.g.nodes)
            value.recording = False
            if value in self.tapes:
                self.tapes.remove(value)

    # ------------------------------------------------------------ names

    def lookup(self, name, env, pos):
        if env is not None:
            scope = env
            while scope is not None:
                if name in scope.vars:
                    return scope.vars[name]
                scope = scope.parent
        if name in self.globals:
            return self.globals[name]
        fn = PY_BUILTINS.get(name)
        if fn is not None:
            return Fn(name, fn)
        if name in ("tf", "tensorflow"):
            raise AgError(f"NameError: name '{name}' is not defined; add `import tensorflow as tf`", pos)
        if name in ("np", "numpy"):
            raise AgError(f"NameError: name '{name}' is not defined; add `import numpy as np`", pos)
        if name in ("K", "k"):
            raise AgError(f"NameError: name '{name}' is not defined; add "
                          f"`from tensorflow.keras import backend as {name}`", pos)
        if name in REFUSED_BUILTINS:
            raise AgError(f"`{name}` is not part of the TensorFlow snippet subset", pos)
        raise AgError(f"NameError: name '{name}' is not defined", pos)

    def set_name(self, name, value, env):
        if env is not None:
            env.vars[name] = value
        else:
            self.globals[name] = value
        node = self._node_of(value)
        if node is not None and node.label is None:
            node.label = name

    def assign(self, target, value, env, pos):
        if isinstance(target, S.Name):
            self.set_name(target.id, value, env)
        elif isinstance(target, (S.TupleExpr, S.ListExpr)):
            items = self.unpack(value, len(target.items), target)
            for t, v in zip(target.items, items):
                self.assign(t, v, env, pos)
        elif isinstance(target, S.Index):
            container = self.expr(target.target, env)
            key = self.subscript_value(target, env)
            if isinstance(container, list):
                if not isinstance(key, (int, slice)) or isinstance(key, bool):
                    raise AgError("list indices must be integers", target.pos)
                try:
                    container[key] = value
                except (IndexError, TypeError, ValueError) as exc:
                    raise AgError(f"{type(exc).__name__}: {exc}", target.pos) from None
            elif isinstance(container, dict):
                container[self.hashable(key, target)] = value
            elif isinstance(container, np.ndarray):
                try:
                    container[key] = self.plain(value, target)
                except (IndexError, TypeError, ValueError) as exc:
                    raise AgError(f"{type(exc).__name__}: {exc}", target.pos) from None
            else:
                raise AgError(f"TypeError: {self.type_name(container)} does not support item assignment"
                              + ("; use tf.tensor_scatter_nd_update or build a new tensor"
                                 if isinstance(container, (Tensor, Variable)) else ""), target.pos)
        elif isinstance(target, S.Attr):
            raise AgError("assigning to an attribute is not part of the TensorFlow snippet subset", target.pos)
        else:
            raise AgError("cannot assign to this expression", target.pos)

    def unpack(self, value, n, target):
        if isinstance(value, (list, tuple)):
            items = list(value)
        elif isinstance(value, (Tensor, Variable)) or isinstance(value, np.ndarray):
            items = list(self.iterate(value, target))
        elif isinstance(value, dict):
            items = list(value)
        elif isinstance(value, (range, str)):
            items = list(value)
        else:
            raise AgError(f"TypeError: cannot unpack non-iterable {self.type_name(value)} object", target.pos)
        if len(items) != n:
            more = "too many values to unpack" if len(items) > n else "not enough values to unpack"
            raise AgError(f"ValueError: {more} (expected {n}, got {len(items)})", target.pos)
        return items

    def delete(self, t, env):
        if isinstance(t, S.Name):
            scope = env.vars if env is not None else self.globals
            if t.id not in scope:
                raise AgError(f"NameError: name '{t.id}' is not defined", t.pos)
            del scope[t.id]
        elif isinstance(t, S.Index):
            container = self.expr(t.target, env)
            key = self.subscript_value(t, env)
            if isinstance(container, (list, dict)):
                try:
                    del container[key if isinstance(container, list) else self.hashable(key, t)]
                except (IndexError, KeyError, TypeError) as exc:
                    raise AgError(f"{type(exc).__name__}: {exc}", t.pos) from None
            else:
                raise AgError(f"TypeError: {self.type_name(container)} does not support item deletion", t.pos)
        else:
            raise AgError("cannot delete this expression", t.pos)

    # ------------------------------------------------------------ expressions

    def expr(self, e, env):
        self.tick(e.pos)
        kind = type(e)
        if kind is S.Name:
            return self.lookup(e.id, env, e.pos)
        if kind is S.Num:
            if isinstance(e.value, complex):
                raise AgError("complex numbers are not part of the TensorFlow snippet subset", e.pos)
            return e.value
        if kind is S.Str:
            return e.value
        if kind is S.Const:
            return e.value
        if kind is S.Attr:
            return self.attribute(self.expr(e.value, env), e.attr, e)
        if kind is S.Call:
            return self.call(e, env)
        if kind is S.BinOp:
            left = self.expr(e.left, env)
            right = self.expr(e.right, env)
            return self.binop(e.op, left, right, e.left, e.right, e.pos)
        if kind is S.Unary:
            value = self.expr(e.operand, env)
            return self.unary(e.op, value, e)
        if kind is S.ListExpr:
            return [self.expr(i, env) for i in e.items]
        if kind is S.TupleExpr:
            return tuple(self.expr(i, env) for i in e.items)
        if kind is S.DictExpr:
            return {self.hashable(self.expr(k, env), k): self.expr(v, env) for k, v in zip(e.keys, e.values)}
        if kind is S.Index:
            return self.index(self.expr(e.target, env), self.subscript_value(e, env), e)
        if kind is S.Compare:
            return self.compare(e, env)
        if kind is S.BoolOp:
            value = None
            for item in e.values:
                value = self.expr(item, env)
                truth = self.truth(value, item)
                if (e.op == "and" and not truth) or (e.op == "or" and truth):
                    return value
            return value
        if kind is S.Not:
            return not self.truth(self.expr(e.operand, env), e.operand)
        if kind is S.IfExp:
            return self.expr(e.body if self.truth(self.expr(e.test, env), e.test) else e.orelse, env)
        if kind is S.FStr:
            return self.fstring(e.parts, env)
        if kind is S.ListComp:
            out = []
            self.comprehension(e, e.generators, 0, Scope(env, {}), out)
            return out
        if kind is S.Lambda:
            raise AgError("`lambda` is allowed only as an argument of a call (e.g. tf.cond(p, lambda: a, "
                          "lambda: b)); use def", e.pos)
        if kind is S.Refused:
            raise AgError(f"{e.what} is not part of the TensorFlow snippet subset", e.pos)
        if kind is S.Slice:
            raise AgError("a slice is only allowed inside [...]", e.pos)
        raise AgError("this expression is not part of the TensorFlow snippet subset", e.pos)

    def comprehension(self, e, gens, k, scope, out):
        if k == len(gens):
            out.append(self.expr(e.elt, scope))
            if len(out) > MAX_SEQUENCE:
                raise AgError("a list comprehension made too many items", e.pos)
            return
        gen = gens[k]
        for item in self.iterate(self.expr(gen.iter, scope), gen.iter):
            self.assign(gen.target, item, scope, e.pos)
            if all(self.truth(self.expr(c, scope), c) for c in gen.ifs):
                self.comprehension(e, gens, k + 1, scope, out)

    def subscript_value(self, e, env):
        items = []
        for sub in e.subscripts:
            if isinstance(sub, S.Slice):
                bounds = [None if p is None else self.expr(p, env) for p in (sub.lower, sub.upper, sub.stride)]
                for p, v in zip((sub.lower, sub.upper, sub.stride), bounds):
                    if v is not None and not _is_int(v):
                        v2 = self.eager_int(v)
                        if v2 is None:
                            raise AgError("slice indices must be integers or None", p.pos)
                bounds = [None if v is None else (v if _is_int(v) else self.eager_int(v)) for v in bounds]
                items.append(slice(*[None if v is None else int(v) for v in bounds]))
            else:
                items.append(self.expr(sub, env))
        if e.tuple_form:
            return tuple(items)
        return items[0]

    def eager_int(self, v):
        if isinstance(v, np.generic) and np.issubdtype(type(v), np.integer):
            return int(v)
        return None

    def compare(self, e, env):
        left = self.expr(e.left, env)
        result = True
        for op, right_e in zip(e.ops, e.rights):
            right = self.expr(right_e, env)
            if op in ("is", "is not"):
                same = (_is_none(left) and _is_none(right)) or left is right
                value = same if op == "is" else not same
            elif op in ("in", "not in"):
                value = self.contains(right, left, right_e)
                value = value if op == "in" else not value
            elif isinstance(left, (Tensor, Variable)) or isinstance(right, (Tensor, Variable)):
                if len(e.ops) > 1:
                    raise AgError("a chained comparison of tensors is not supported; compare two at a time", e.pos)
                start = len(self.g.nodes)
                a, b = self.node(left, e.left), self.node(right, right_e)
                self.g.pos = e.pos
                return self.wrap_new(self.b.apply(COMPARE_OPS[op], a, b), "bool", TF_COMPARE[op], start)
            else:
                value = self.py_binary(PY_COMPARE[op], left, right, e.pos, op)
                if isinstance(value, np.ndarray) and len(e.ops) > 1:
                    raise AgError("a chained comparison of arrays is ambiguous", e.pos)
            if len(e.ops) == 1:
                return value
            if not self.truth(value, e):
                return False
            left = right
        return result

    def contains(self, container, item, where):
        if isinstance(container, (list, tuple)):
            return any(self.equal_plain(item, c) for c in container)
        if isinstance(container, dict):
            return self.hashable(item, where) in container
        if isinstance(container, str):
            if not isinstance(item, str):
                raise AgError("TypeError: 'in <string>' requires string as left operand", where.pos)
            return item in container
        if isinstance(container, range):
            return item in container
        if isinstance(container, np.ndarray):
            return bool(np.any(container == self.plain(item, where)))
        raise AgError(f"TypeError: argument of type '{self.type_name(container)}' is not iterable", where.pos)

    def equal_plain(self, a, b):
        if isinstance(a, (Tensor, Variable, Module, Fn)) or isinstance(b, (Tensor, Variable, Module, Fn)):
            return a is b
        try:
            result = a == b
            return bool(result) if not isinstance(result, np.ndarray) else bool(result.all())
        except Exception:  # noqa: BLE001  (plain values only reach here)
            return False

    def truth(self, value, e):
        if isinstance(value, (Tensor, Variable)):
            raise AgError("a tensor cannot be a Python condition (TensorFlow: \"using a tf.Tensor as a "
                          "Python bool is not allowed\"); use tf.cond(pred, true_fn, false_fn) or "
                          "tf.where(cond, a, b)", e.pos)
        if isinstance(value, NoGradient):
            return False
        if isinstance(value, np.ndarray):
            if value.size != 1:
                raise AgError("ValueError: the truth value of an array with more than one element is "
                              "ambiguous; use a.any() or a.all()", e.pos)
            return bool(value.reshape(()))
        if isinstance(value, (bool, int, float, str, list, tuple, dict, range, np.generic)) or value is None:
            return bool(value)
        return True

    # ------------------------------------------------------------ operators

    def binop(self, op, left, right, le, re, pos):
        if isinstance(left, NoGradient) or isinstance(right, NoGradient):
            bad = left if isinstance(left, NoGradient) else right
            other = right if bad is left else left
            names = ("NoneType", self.type_name(other)) if bad is left else (self.type_name(other), "NoneType")
            raise AgError(f"TypeError: unsupported operand type(s) for {op}: '{names[0]}' and '{names[1]}' "
                          f"(the gradient with respect to {bad.x_text} is None: {bad.reason})",
                          (le if bad is left else re).pos)
        if isinstance(left, (Tensor, Variable)) or isinstance(right, (Tensor, Variable)):
            name = OPERATOR_BUILTINS[op]
            if name not in BUILTINS:
                raise AgError(f"the operator {op} on tensors is not available", pos)
            return self.tensor_op(name, [left, right], [le, re], pos, tf_name=OPERATOR_NAMES[op])
        return self.py_binary(PY_BINARY[op], left, right, pos, op)

    def py_binary(self, fn, left, right, pos, op):
        for v in (left, right):
            if not _plain_ok(v):
                raise AgError(f"TypeError: unsupported operand type(s) for {op}: '{self.type_name(left)}' "
                              f"and '{self.type_name(right)}'", pos)
        if op == "*" and (isinstance(left, (list, tuple, str)) or isinstance(right, (list, tuple, str))):
            seq, n = (left, right) if isinstance(left, (list, tuple, str)) else (right, left)
            if _is_int(n) and len(seq) * max(int(n), 0) > MAX_SEQUENCE:
                raise AgError("the sequence would be too long", pos)
        if op == "**" and _is_int(left) and _is_int(right) and not isinstance(left, np.generic) \
                and abs(int(right)) > 10_000 and abs(int(left)) > 1:
            raise AgError("the integer power is too large", pos)
        if isinstance(left, np.ndarray) and isinstance(right, np.ndarray):
            try:
                check_elements(np.broadcast_shapes(left.shape, right.shape), pos)
            except ValueError:
                pass
        try:
            with np.errstate(all="ignore"):
                return fn(left, right)
        except ZeroDivisionError as exc:
            raise AgError(f"ZeroDivisionError: {exc}", pos) from None
        except (TypeError, ValueError, OverflowError) as exc:
            raise AgError(f"{type(exc).__name__}: {exc}", pos) from None

    def unary(self, op, value, e):
        if isinstance(value, (Tensor, Variable)):
            if op == "+":
                return value
            return self.tensor_op("negative", [value], [e.operand], e.pos, tf_name="Neg")
        if isinstance(value, NoGradient):
            raise AgError(f"TypeError: bad operand type for unary {op}: 'NoneType' (the gradient with "
                          f"respect to {value.x_text} is None: {value.reason})", e.pos)
        if not _plain_ok(value) or isinstance(value, (str, list, tuple, dict)):
            raise AgError(f"TypeError: bad operand type for unary {op}: '{self.type_name(value)}'", e.pos)
        return -value if op == "-" else +value

    # ------------------------------------------------------------ indexing

    def index(self, target, key, e):
        if isinstance(target, (Tensor, Variable)):
            return self.tensor_index(target, key, e)
        if isinstance(target, NoGradient):
            raise AgError(f"TypeError: 'NoneType' object is not subscriptable (the gradient with respect "
                          f"to {target.x_text} is None: {target.reason})", e.pos)
        if isinstance(target, (list, tuple, str, range)):
            if isinstance(key, np.generic) and np.issubdtype(type(key), np.integer):
                key = int(key)
            if not isinstance(key, (int, slice)) or isinstance(key, bool):
                raise AgError(f"TypeError: {self.type_name(target)} indices must be integers or slices, "
                              f"not {self.type_name(key)}", e.pos)
            try:
                return target[key]
            except IndexError:
                raise AgError(f"IndexError: {self.type_name(target)} index out of range", e.pos) from None
        if isinstance(target, dict):
            try:
                return target[self.hashable(key, e)]
            except KeyError:
                raise AgError(f"KeyError: {self.py_repr(key)}", e.pos) from None
        if isinstance(target, (np.ndarray, np.generic)):
            key = self.np_key(key, e)
            try:
                return target[key]
            except (IndexError, TypeError, ValueError) as exc:
                raise AgError(f"{type(exc).__name__}: {exc}", e.pos) from None
        if isinstance(target, tuple):
            return target[key]
        raise AgError(f"TypeError: '{self.type_name(target)}' object is not subscriptable", e.pos)

    def np_key(self, key, e):
        parts = key if isinstance(key, tuple) else (key,)
        out = []
        for p in parts:
            if p is None or p is Ellipsis or isinstance(p, slice) or _is_int(p):
                out.append(p)
            elif isinstance(p, (list, np.ndarray)):
                arr = np.asarray(self.plain(p, e))
                if arr.dtype.kind not in "iub":
                    raise AgError("IndexError: arrays used as indices must be of integer (or boolean) type", e.pos)
                out.append(arr)
            elif isinstance(p, (Tensor, Variable)):
                out.append(np.asarray(self.plain(p, e)).astype(np.int64))
            else:
                raise AgError(f"IndexError: only integers, slices, None, ... and integer or boolean arrays "
                              f"are valid indices (got {self.type_name(p)})", e.pos)
        return tuple(out) if isinstance(key, tuple) else out[0]

    def tensor_index(self, target, key, e):
        parts = key if isinstance(key, tuple) else (key,)
        pattern = []
        for p in parts:
            if p is None or p is Ellipsis or isinstance(p, slice):
                pattern.append(p)
            elif _is_int(p):
                pattern.append(int(p))
            else:
                raise AgError("a tensor index must be an integer, a slice, None or ... (static); for "
                              "gathering use tf.gather", e.pos)
        node = self.node(target, e.target)
        try:
            np.empty(node.shape)[tuple(pattern)] if int(np.prod(node.shape)) < 10**6 else None
        except IndexError as exc:
            raise AgError(f"IndexError: {exc} (shape {node.shape})", e.pos) from None
        start = len(self.g.nodes)
        self.g.pos = e.pos
        out = self.g.apply("getitem", node, index=tuple(pattern))
        return self.wrap_new(out, target.dtype, "strided_slice", start)

    # ------------------------------------------------------------ iteration

    def iterate(self, value, e):
        if isinstance(value, (list, tuple, str, range)):
            return list(value)
        if isinstance(value, dict):
            return list(value)
        if isinstance(value, np.ndarray):
            if value.ndim == 0:
                raise AgError("TypeError: iteration over a 0-d array", e.pos)
            return list(value)
        if isinstance(value, (Tensor, Variable)):
            node = self.node(value, e)
            if not node.shape:
                raise AgError("TypeError: iterating over a scalar tensor is not allowed", e.pos)
            if not self.is_eager(value):
                raise AgError("TypeError: a graph tensor is not iterable (TensorFlow: \"Tensor objects "
                              "are only iterable when eager execution is enabled\"); use tf.unstack", e.pos)
            return [self.tensor_index(value, k, _At(e)) for k in range(node.shape[0])]
        raise AgError(f"TypeError: '{self.type_name(value)}' object is not iterable", e.pos)

    # ------------------------------------------------------------ calls

    def call(self, e, env):
        func = self.expr(e.func, env)
        args = []
        for a in e.args:
            if isinstance(a, S.Lambda):
                args.append(UserFunction("<lambda>", [(p, NO_DEFAULT, a.pos) for p in a.params],
                                         [S.Return(a.body.pos, a.body)], env, True))
            else:
                args.append(self.expr(a, env))
        kwargs = {}
        for kw in e.kwargs:
            if kw.name in kwargs:
                raise AgError(f"SyntaxError: keyword argument repeated: {kw.name}", kw.pos)
            if isinstance(kw.value, S.Lambda):
                kwargs[kw.name] = UserFunction("<lambda>", [(p, NO_DEFAULT, kw.pos) for p in kw.value.params],
                                               [S.Return(kw.value.body.pos, kw.value.body)], env, True)
            else:
                kwargs[kw.name] = self.expr(kw.value, env)
        return self.invoke(func, args, kwargs, e)

    def invoke(self, func, args, kwargs, site):
        self.g.pos = site.pos
        if isinstance(func, Fn):
            return func.impl(self, args, kwargs, site)
        if isinstance(func, BoundMethod):
            return func.impl(self, func.obj, args, kwargs, site)
        if isinstance(func, UserFunction):
            return self.call_user(func, args, kwargs, site)
        if isinstance(func, (Dense, Sequential)):
            if kwargs.keys() - {"training"}:
                raise AgError("a Keras layer or model is called with one input (and training=)", site.pos)
            if len(args) != 1:
                raise AgError("a Keras layer or model is called with one input", site.pos)
            return self.keras_call(func, args[0], site)
        if isinstance(func, KerasLoss):
            return self.keras_loss(func, args, kwargs, site)
        if isinstance(func, NoGradient):
            raise AgError(f"TypeError: 'NoneType' object is not callable (the gradient with respect to "
                          f"{func.x_text} is None: {func.reason})", site.pos)
        raise AgError(f"TypeError: '{self.type_name(func)}' object is not callable", site.pos)

    def call_user(self, f, args, kwargs, site):
        if self.depth >= MAX_CALL_DEPTH:
            raise AgError(f"functions nested more than {MAX_CALL_DEPTH} calls deep (recursion?)", site.pos)
        scope = Scope(f.closure, {})
        names = [p[0] for p in f.params]
        if len(args) > len(names):
            raise AgError(f"TypeError: {f.name}() takes {len(names)} positional arguments but {len(args)} "
                          "were given", site.pos)
        for (name, _, _), value in zip(f.params, args):
            scope.vars[name] = value
        for name, value in kwargs.items():
            if name not in names:
                raise AgError(f"TypeError: {f.name}() got an unexpected keyword argument '{name}'", site.pos)
            if name in scope.vars:
                raise AgError(f"TypeError: {f.name}() got multiple values for argument '{name}'", site.pos)
            scope.vars[name] = value
        for name, default, _ in f.params:
            if name not in scope.vars:
                if default is NO_DEFAULT:
                    raise AgError(f"TypeError: {f.name}() missing required argument: '{name}'", site.pos)
                scope.vars[name] = default
        self.depth += 1
        saved = self.b.current_rhs, self.b.current_target
        try:
            self.block(f.body, scope)
        except _Return as r:
            return r.value
        finally:
            self.depth -= 1
            self.b.current_rhs, self.b.current_target = saved
        return None

    # ------------------------------------------------------------ tensors

    def is_eager(self, value) -> bool:
        return not self.graph_mode

    def node(self, value, e) -> Node:
        """A snippet value as a graph node (lists packed as tf.convert_to_tensor does)."""
        if isinstance(value, Tensor):
            return value.node
        if isinstance(value, Variable):
            return value.node
        b = self.b
        converted = self.to_builder(value, e)
        pos = e.pos if e is not None else self.g.pos
        return b.tensor(converted, pos)

    def to_builder(self, value, e):
        """Snippet value -> what the built-in handlers take (Node, list, number, str, None)."""
        if isinstance(value, (Tensor, Variable)):
            return value.node
        if isinstance(value, NoGradient):
            return value
        if isinstance(value, (bool, int, float)):
            return value
        if isinstance(value, (np.ndarray, np.generic)):
            arr = np.asarray(value)
            if arr.dtype.kind not in "biuf":
                raise AgError(f"cannot convert an array of {arr.dtype} to a tensor", getattr(e, "pos", None))
            self.g.pos = getattr(e, "pos", self.g.pos)
            node = self.g.const(arr.astype(np.float64))
            self.tensors[node.id] = Tensor(node, _np_dtype_name(arr.dtype), self.unique("Const"), not self.graph_mode)
            self.eager_eval()
            return node
        if isinstance(value, (list, tuple)):
            return [self.to_builder(v, e) for v in value]
        if isinstance(value, (str,)) or value is None:
            return value
        if isinstance(value, DType):
            return value.name
        if isinstance(value, Tape):
            raise AgError("expected a tensor, got a GradientTape", getattr(e, "pos", None))
        raise AgError(f"expected a tensor, got {self.describe(value)}", getattr(e, "pos", None))

    def host_function(self, value, e, display, param):
        """A lambda or def given to tf.cond / tf.while_loop, as the builder calls it: on
        graph nodes, giving nodes back."""
        if not isinstance(value, (UserFunction, Fn)):
            raise AgError(f"TypeError: {display}(): {param} must be a function (a lambda or def), got "
                          f"{self.describe(value)}", getattr(e, "pos", None))

        def call(nodes, pos):
            self.forget_taken_back()
            args = []
            for n in nodes:
                known = self.tensors.get(n.id)
                args.append(known if known is not None and known.node is n else
                            self.wrap_new(n, "float32", "Identity", n.id))
            return self.to_builder(self.invoke(value, args, {}, e), e)
        return HostFunction(value.name, call)

    def forget_taken_back(self):
        """Drop what the snippet knew of nodes the builder took back (cond's untaken branch
        is built, then removed): their tensors and eager values, whose ids new nodes reuse."""
        count = len(self.g.nodes)
        for table in (self.tensors, self.values):
            for k in [k for k in table if k >= count]:
                del table[k]
        self.evaluated = min(self.evaluated, count)

    def dtype_of(self, value, default="float32"):
        if isinstance(value, (Tensor, Variable)):
            return value.dtype
        if isinstance(value, bool):
            return "bool"
        if isinstance(value, int):
            return "int32"
        if isinstance(value, float):
            return "float32"
        if isinstance(value, (np.ndarray, np.generic)):
            return _np_dtype_name(np.asarray(value).dtype)
        if isinstance(value, (list, tuple)) and value:
            kinds = [self.dtype_of(v, None) for v in value]
            for k in ("float64", "float32"):
                if k in kinds:
                    return k
            if any(k and k.startswith("int") for k in kinds):
                return "int32"
            return kinds[0] or default
        return default

    def result_dtype(self, values):
        for v in values:
            if isinstance(v, (Tensor, Variable)) or isinstance(v, (np.ndarray, np.generic)):
                return self.dtype_of(v)
        for v in values:
            if isinstance(v, (list, tuple)) and v:
                return self.dtype_of(v)
        floats = any(isinstance(v, float) for v in values)
        if floats:
            return "float32"
        if any(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return "int32"
        return "float32"

    def unique(self, base):
        if base not in self.used_names:
            self.used_names.add(base)
            return base
        i = self.name_counts.get(base, 0) + 1
        while f"{base}_{i}" in self.used_names:
            i += 1
        self.name_counts[base] = i
        name = f"{base}_{i}"
        self.used_names.add(name)
        return name

    def wrap_new(self, result, dtype, tf_type, start, name=None):
        """Wrap a handler's result (Node, list of nodes, NoGradient...) as snippet values."""
        if isinstance(result, Node):
            if result.id < start and result.id in self.tensors:
                return self.tensors[result.id]
            t = Tensor(result, "bool" if result.op.dtype == "bool" else dtype,
                       self.unique(name or tf_type), not self.graph_mode)
            self.tensors[result.id] = t
            self.eager_eval()
            return t
        if isinstance(result, list):
            return [self.wrap_new(r, dtype, tf_type, start, name) for r in result]
        self.eager_eval()
        return result

    def tensor_op(self, builtin, values, exprs, pos, tf_name=None, kwargs=None, name=None):
        """Apply a built-in to positional snippet values (operators, methods)."""
        spec = BUILTINS[builtin]
        args = {}
        ex = {}
        for p, v, x in zip(spec.params, values, exprs):
            args[p] = self.to_builder(v, x)
            ex[p] = x
        for k, v in (kwargs or {}).items():
            args[k] = v
            ex[k] = None
        for p in spec.params:
            if p not in args:
                args[p] = spec.defaults[p]
                ex[p] = None
        start = len(self.g.nodes)
        self.g.pos = pos
        site = _Site(pos, exprs)
        result = spec.handler(self.b, BCall(site, args, {k: (v if v is not None else site) for k, v in ex.items()}))
        return self.wrap_new(result, self.result_dtype(values), tf_name or TF_TYPES.get(builtin, _camel(builtin)),
                             start, name)

    def eager_eval(self):
        if self.graph_mode:
            return
        nodes = self.g.nodes
        values = self.values
        for node in nodes[self.evaluated:]:
            if node.op.leaf:
                if node.op.name == "placeholder":
                    continue
                value = node.params.get("value")
                if node.op.name == "variable" and node.id in values:
                    continue
            else:
                try:
                    args = [values[i.id] for i in node.inputs]
                except KeyError:
                    continue
                value = _forward(node, args)
                if node.dtype == "float" and not np.all(np.isfinite(value)):
                    self.warn(node)
            values[node.id] = value
        self.evaluated = len(nodes)

    def warn(self, node):
        text = f"line {node.line}: {node.op.name} produced nan or inf"
        if text not in self.warnings:
            self.warnings.append(text)

    def value_of(self, value, e):
        """The current value of an eager tensor or variable (NumPy, float64)."""
        node = value.node
        if node.id not in self.values:
            self.eager_eval()
        if node.id not in self.values:
            raise AgError("this tensor has no value yet", getattr(e, "pos", None))
        return np.asarray(self.values[node.id])

    def as_numpy(self, value, dtype):
        arr = np.asarray(value)
        np_type = NP_DTYPES.get(dtype, np.float32)
        if np_type is not np.bool_ and arr.dtype == bool:
            arr = arr.astype(np.float64)
        with np.errstate(all="ignore"):
            out = arr.astype(np_type)
        return out[()] if out.ndim == 0 else out

    def plain(self, value, e):
        """A snippet value as plain NumPy/Python data (eager tensors give their value)."""
        if isinstance(value, (Tensor, Variable)):
            if self.graph_mode:
                raise AgError("a graph tensor has no value outside a session: use sess.run(...) or "
                              ".eval()", getattr(e, "pos", None))
            return self.as_numpy(self.value_of(value, e), value.dtype)
        if isinstance(value, (list, tuple)):
            return [self.plain(v, e) for v in value]
        return value

    def _node_of(self, value):
        if isinstance(value, (Tensor, Variable)):
            return value.node
        return None

    # ------------------------------------------------------------ attributes

    def attribute(self, obj, name, e):
        if isinstance(obj, Module):
            return self.module_attr(obj, name, e.pos)
        if isinstance(obj, NoGradient):
            raise AgError(f"AttributeError: 'NoneType' object has no attribute '{name}' (the gradient with "
                          f"respect to {obj.x_text} is None: {obj.reason})", e.pos)
        from autograd_cli.snippet_interpreter import library as L
        return L.attribute(self, obj, name, e)

    def module_attr(self, mod, name, pos):
        from autograd_cli.snippet_interpreter import library as L
        return L.module_attr(self, mod, name, pos)

    # ------------------------------------------------------------ Keras (in snippet_lib)

    def keras_call(self, layer, x, site):
        from autograd_cli.snippet_interpreter import library as L
        return L.keras_call(self, layer, x, site)

    def keras_loss(self, loss, args, kwargs, site):
        from autograd_cli.snippet_interpreter import library as L
        return L.keras_loss(self, loss, args, kwargs, site)

    # ------------------------------------------------------------ printing

    def py_str(self, value):
        from autograd_cli.snippet_interpreter import library as L
        return L.py_str(self, value)

    def py_repr(self, value):
        from autograd_cli.snippet_interpreter import library as L
        return L.py_repr(self, value)

    def fstring(self, parts, env):
        from autograd_cli.snippet_interpreter import library as L
        out = []
        for part in parts:
            if isinstance(part, str):
                out.append(part)
                continue
            value = self.expr(part.value, env)
            spec = self.fstring(part.spec, env) if part.spec else ""
            conversion = part.conversion or ("r" if part.debug and not spec else "")
            text = L.format_field(self, value, conversion, spec, part.value)
            out.append((part.text if part.debug else "") + text)
        return "".join(out)

    def emit(self, text, line, values):
        self.output.append(text)
        self.prints.append(PrintRecord(line, text, values))
        if self.on_print is not None and len(self.prints) > self.already_printed:
            self.on_print(text)

    # ------------------------------------------------------------ helpers

    def hashable(self, key, e):
        if isinstance(key, (str, int, float, bool, tuple)) or key is None:
            try:
                hash(key)
                return key
            except TypeError:
                pass
        if isinstance(key, (Tensor, Variable, Module, Fn, Session, Operation)):
            return key
        if isinstance(key, np.generic):
            return key.item()
        raise AgError(f"TypeError: unhashable type: '{self.type_name(key)}'", getattr(e, "pos", None))

    def type_name(self, value):
        if value is None or isinstance(value, NoGradient):
            return "NoneType"
        if isinstance(value, Tensor):
            return "EagerTensor" if value.eager else "Tensor"
        if isinstance(value, Variable):
            return "ResourceVariable" if value.eager else "RefVariable"
        if isinstance(value, np.ndarray):
            return "numpy.ndarray"
        if isinstance(value, np.generic):
            return f"numpy.{type(value).__name__}"
        if isinstance(value, (Fn, UserFunction, BoundMethod)):
            return "function"
        if isinstance(value, Module):
            return "module"
        return type(value).__name__

    def describe(self, value):
        if isinstance(value, (Tensor, Variable)):
            return self.py_repr(value)
        return f"a {self.type_name(value)}"


class Scope:
    __slots__ = ("parent", "vars")

    def __init__(self, parent, vars_):
        self.parent, self.vars = parent, vars_


def _target_text(target, source):
    if isinstance(target, S.Name):
        return target.id
    if isinstance(target, (S.TupleExpr, S.ListExpr)) and all(isinstance(t, S.Name) for t in target.items):
        return ", ".join(t.id for t in target.items)
    return source[target.start:target.end].strip()


def _import_refusal(module):
    return (f"`import {module}` is not part of the TensorFlow snippet subset: a snippet may import "
            "tensorflow (and tensorflow.keras: backend, layers, models, losses, optimizers) and numpy")


REFUSED_BUILTINS = {"open", "exec", "eval", "compile", "__import__", "getattr", "setattr", "delattr",
                    "globals", "locals", "vars", "dir", "input", "exit", "quit", "help", "breakpoint",
                    "memoryview", "bytearray", "bytes", "object", "type", "super", "classmethod",
                    "staticmethod", "property", "iter", "next", "hasattr", "id", "hash", "callable"}

