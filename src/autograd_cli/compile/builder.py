"""Syntax tree -> graph: statements, names (reassignment, unpacking, inputs, --set),
expressions and values, shapes checked as nodes are made. Calls and defs are calls.py's,
brackets indexing.py's, TensorFlow's spellings spellings.py's."""
from __future__ import annotations

import numpy as np

from autograd_cli.compile.calls import Calls, UserFunction, unknown_hint
from autograd_cli.compile.indexing import Indexing
from autograd_cli.compile.spellings import Spellings
from autograd_cli.core.graph import Graph, Node, NoGradient
from autograd_cli.core.program import BuiltProgram, GradientRecord
from autograd_cli.evaluate import needed, run, run_plain
from autograd_cli.language import tree as ast
from autograd_cli.library.dtypes import result_dtype
from autograd_cli.library.functions import BUILTINS, DTYPES, INTEGER_DTYPES, DType
from autograd_cli.ops import OPS
from autograd_cli.support.errors import AgError, Pos, line_of, suggest
from autograd_cli.support.limits import element_count, limit, over

RESERVED = {"def", "None", "True", "False", "step"}
_INF = float("inf")


class Builder(Calls, Indexing):
    def __init__(self, program: ast.Program, sets=None, unconnected="none", feed=None):
        self.program = program
        self.source = program.source
        self.g = Graph()
        self.sets = dict(sets or {})
        self.unconnected_default = unconnected
        self.env: dict = {}
        self.functions: dict[str, UserFunction] = {}
        self.named: dict = {}
        self.records: list[GradientRecord] = []
        self.leaves: dict[str, Node] = {}
        self.step_node: Node | None = None
        self.assigns: list = []
        self.groups: list = []
        self.feed = feed           # feed.Feed from run --feed, or None
        self.fed: list = []
        self.def_stack: list[UserFunction] = []
        self.current_target: str | None = None
        self.current_rhs = None
        self._static_cache: dict[int, np.ndarray] = {}
        self._list_sizes: dict[int, tuple] = {}   # id -> (list, (items, numbers) in it)
        self.max_list_items = limit("MAX_LIST_ITEMS")
        self.max_nesting = limit("MAX_NESTING")
        self.max_inlined = limit("MAX_INLINED")
        self.inlined = 0          # expressions built from def bodies so far (MAX_INLINED)
        self._outer_call = None
        self.warnings: list = []  # found while building (a literal too large for float64)
        self._packed: dict[int, tuple] = {}
        self._current: dict[int, np.ndarray] = {}
        self.int_dtypes: dict[int, str] = {}   # node id -> "int32"/"int64" (library/dtypes.py)
        self._int_literals: dict = {}          # float -> the params of its consts written without a point
        self.spellings = Spellings(self.source)
        self.first_assignment, self.assign_counts, self.used_names = _survey(program)
        self.defined_names = {s.name for s in program.statements if isinstance(s, ast.FuncDef)}
        self._check_sets()

    # ------------------------------------------------------------ statements

    def build(self, release: bool = False) -> BuiltProgram:
        """`release`: drop each statement's syntax tree once built (the caller owns no
        other reference), so a long program's tree and graph do not both peak at once."""
        statements = self.program.statements
        for index, stmt in enumerate(statements):
            if release:
                statements[index] = None
            self.g.pos = stmt.pos
            if isinstance(stmt, ast.FuncDef):
                self._define(stmt)
            elif isinstance(stmt, ast.Import):
                self.spellings.declare(stmt)
            elif isinstance(stmt, ast.Assign):
                self._assign(stmt)
            else:
                self.current_target, self.current_rhs = stmt.text, stmt.value
                self.named[stmt.text] = self.expr(stmt.value, self.env)
        return BuiltProgram(self.g, self.named, self.records, self.leaves, self.step_node, self.assigns,
                            self.groups, self.fed, self.warnings)

    def _assign(self, stmt: ast.Assign):
        for name, pos in zip(stmt.targets, stmt.target_pos):
            if name in RESERVED:
                raise AgError(f"'{name}' is reserved and cannot be assigned", pos)
        self.current_target, self.current_rhs = ", ".join(stmt.targets), stmt.value
        value = self._settable(stmt) if stmt.targets[0] in self.sets else self.expr(stmt.value, self.env)
        if len(stmt.targets) == 1:
            pairs = [(stmt.targets[0], value)]
        else:
            if not isinstance(value, list) or len(value) != len(stmt.targets):
                got = f"a list of {len(value)}" if isinstance(value, list) else "a single value"
                raise AgError(f"cannot unpack {got} into {len(stmt.targets)} names", stmt.pos)
            pairs = list(zip(stmt.targets, value))
        for name, item in pairs:
            if isinstance(item, Node) and item.label is None:
                item.label = name
            self.env[name] = item
            self.named[name] = item

    def _define(self, stmt: ast.FuncDef):
        if stmt.name in RESERVED:
            raise AgError(f"'{stmt.name}' is reserved and cannot name a function", stmt.pos)
        if stmt.name in BUILTINS:
            raise AgError(f"'{stmt.name}' is a built-in function and cannot be redefined", stmt.pos)
        seen = set()
        for p, pos in zip(stmt.params, stmt.param_pos):
            if p in RESERVED or p in seen:
                raise AgError(f"bad parameter name '{p}'", pos)
            seen.add(p)
        self._check_def_body(stmt, seen, stmt.body)
        if stmt.grad_body is not None:
            if stmt.grad_param in RESERVED or stmt.grad_param in seen:
                raise AgError(f"bad gradient parameter name '{stmt.grad_param}' (it must differ from the "
                              "parameters)", stmt.grad_body.pos)
            self._check_def_body(stmt, seen | {stmt.grad_param}, stmt.grad_body)
        self.functions[stmt.name] = UserFunction(stmt.name, stmt.params, stmt.body, dict(self.env),
                                                 dict(self.functions), stmt.pos, stmt.grad_param, stmt.grad_body,
                                                 sum(1 for _ in _walk(stmt.body)))

    def _check_def_body(self, stmt: ast.FuncDef, params: set, body):
        """A def's names and calls are checked where it is defined, called or not."""
        prefixes = self.spellings.prefixes
        for e in _walk(body):
            if isinstance(e, ast.Name) and e.id not in params and e.id not in self.env and e.id != "step" \
                    and e.id not in DTYPES and e.id not in self.functions and e.id not in BUILTINS \
                    and e.id not in prefixes:
                raise AgError(f"'{e.id}' is not visible inside def {stmt.name}: a def sees its "
                              "parameters and the names assigned before it", e.pos)
            if isinstance(e, ast.Call) and not isinstance(e.func, str):
                found = self.spellings.target(e.func, params)
                if found is not None and found[0] == "numpy":
                    self._numpy_spec(found[1], e.pos)
            elif isinstance(e, ast.Call) and e.func not in self.functions and e.func not in BUILTINS:
                if e.func == stmt.name:
                    raise AgError(f"def {e.func} calls itself: recursion is not allowed", e.pos)
                if e.func in self.defined_names:
                    raise AgError(f"def {e.func} is defined after this def and is not visible here", e.pos)
                raise AgError(f"unknown function '{e.func}'"
                              f"{unknown_hint(e.func, list(BUILTINS) + list(self.functions))}", e.pos)

    # ------------------------------------------------------------ --set

    def _check_sets(self):
        for name in self.sets:
            if name not in self.used_names and name not in self.assign_counts:
                raise AgError(f"--set {name}: the program has no name '{name}'"
                              f"{suggest(name, list(self.used_names) + list(self.assign_counts))}")
            count = self.assign_counts.get(name, 0)
            if count == 0:
                continue
            stmt = self.first_assignment[name]
            if count > 1 or len(stmt.targets) > 1 or not _is_settable(stmt.value, self._called_builtin):
                how = f"is assigned {count} times" if count > 1 else "is computed here"
                raise AgError(f"--set {name}: '{name}' {how}; --set replaces only inputs and "
                              "names assigned once by a literal, constant(), variable() or placeholder()",
                              stmt.pos)

    def _called_builtin(self, func) -> str | None:
        """The built-in a call's func names, with every import of the program declared (--set
        is checked before the program is built)."""
        if isinstance(func, str):
            return func
        spelled = Spellings(self.source)
        for stmt in self.program.statements:
            if isinstance(stmt, ast.Import):
                try:
                    spelled.declare(stmt)
                except AgError:
                    pass        # reported where the program is built
        try:
            found = spelled.target(func, {})
        except AgError:
            return None
        return found[1] if found is not None and found[0] == "builtin" else None

    def _settable(self, stmt: ast.Assign):
        name, value = stmt.targets[0], self.sets[stmt.targets[0]]
        rhs = stmt.value
        if isinstance(rhs, ast.Call) and not isinstance(rhs.func, str):
            rhs = self.current_rhs = self.spellings.call(rhs, self.env)
        self.g.pos = rhs.pos
        if isinstance(rhs, ast.Call) and rhs.func == "placeholder":
            return self.expr(rhs, self.env)   # the handler checks the declared shape
        if isinstance(rhs, ast.Call) and rhs.func == "variable":
            return self._leaf(rhs.func, name, value)
        return self.g.const(value)

    def _leaf(self, kind: str, name: str, value) -> Node:
        node = self.g.apply(kind, value=np.asarray(value, dtype=np.float64), name=name)
        node.label = name
        self.leaves[name] = node
        return node

    # ------------------------------------------------------------ expressions

    def expr(self, e, scope):
        g = self.g
        if isinstance(e, ast.Num):
            g.pos = e.pos
            if e.value == _INF:
                self._warn_literal(e)
            if e.text.isdigit():
                return self._int_literal(e.value)
            return g.const(e.value)
        if isinstance(e, ast.Name):
            return self._lookup(e, scope)
        if isinstance(e, ast.BinOp):
            left, right = self.expr(e.left, scope), self.expr(e.right, scope)
            g.pos = e.pos
            return self.apply(BINARY[e.op], self.tensor(left, e.left.pos), self.tensor(right, e.right.pos))
        if isinstance(e, ast.Unary):
            operand = self.tensor(self.expr(e.operand, scope), e.operand.pos)
            g.pos = e.pos
            return operand if e.op == "+" else self.apply("negative", operand)
        if isinstance(e, ast.Call):
            return self._call(e, scope)
        if isinstance(e, ast.ListExpr):
            items = [self.expr(item, scope) for item in e.items]
            leaves, numbers, depth = self._list_size(items)
            if depth > self.max_nesting:   # `x = [x]` repeated: deep, though no line is
                raise over("MAX_NESTING", "a list nested too deeply", depth, "levels", e.pos)
            if leaves > self.max_list_items:
                raise over("MAX_LIST_ITEMS", "a list would hold too many items in all", leaves, "items", e.pos)
            if numbers > self.g.max_elements:
                raise over("MAX_ELEMENTS", "a list would hold too many numbers in all", numbers, "numbers", e.pos)
            return items
        if isinstance(e, ast.Index):
            return self._index(e, scope)
        if isinstance(e, (ast.Str, ast.Const)):
            return e.value
        if isinstance(e, ast.Attr):
            return self._attribute(e, scope)
        if isinstance(e, ast.Slice):
            raise AgError("a slice is only allowed inside [...]", e.pos)
        raise AgError("unsupported expression", getattr(e, "pos", None))

    def _attribute(self, e: ast.Attr, scope):
        """TensorFlow's spellings of values: tf.float32, tf.UnconnectedGradients.ZERO, tf.newaxis,
        np.pi, x.T, x.shape."""
        self.spellings.undeclared(e, scope)
        module = self.spellings.path(e)
        if module is not None:
            path, _, name = module.rpartition(".")
            if name in DTYPES and path in ("tf", "np", "tf.compat.v1", "tf.dtypes"):
                return DType(name)
            if path.endswith("UnconnectedGradients") and name in ("NONE", "ZERO"):
                return name.lower()
            if name == "newaxis":
                return None
            if path == "np" and name in ("pi", "e"):
                self.g.pos = e.pos
                return self.g.const(float(np.pi if name == "pi" else np.e))
            raise AgError(f"{self.source_text(e)} is not a value in .ag (call a function with (...); dtypes are "
                          "tf.float32, tf.float64, tf.int32, tf.int64, tf.bool)", e.pos)
        if isinstance(e.value, ast.Attr) and self.spellings.path(e.value) is None:
            raise AgError(f".{e.value.attr}.{e.attr}: tensors have no such attribute in .ag", e.pos)
        value = self.expr(e.value, scope)
        if e.attr == "T":
            node = self.tensor(value, e.value.pos)
            self.g.pos = e.pos
            return self.apply("transpose", node, perm=None)
        if e.attr == "shape":
            node = self.tensor(value, e.value.pos)
            self.g.pos = e.pos
            return self.g.const(np.array(node.shape, dtype=np.float64))
        raise AgError(f"'.{e.attr}': attribute access is not part of the language, except TensorFlow's .T and "
                      ".shape (and the methods assign, assign_add, assign_sub)", e.pos)

    def _warn_literal(self, e):
        from autograd_cli.evaluate.reference import ProgramWarning

        text = e.text if len(e.text) <= 40 else e.text[:37] + "..."
        warning = ProgramWarning(line_of(e.pos), f"the number {text} is too large for float64: it is inf")
        if warning not in self.warnings:
            self.warnings.append(warning)

    def apply(self, op_name, *inputs, **params) -> Node:
        """Apply an op to tensors; booleans become 0/1 except as where's condition. An
        integer input gives an integer result, or TensorFlow's error (library/dtypes.py)."""
        inputs = [self.g.to_float(x) if x.op.dtype == "bool" and not (op_name == "where" and k == 0) else x
                  for k, x in enumerate(inputs)]
        if not self.int_dtypes:
            return self.g.apply(op_name, *inputs, **params)
        kind = result_dtype(OPS[op_name], inputs, self.int_dtypes, self.is_int_literal, self.g.pos)
        node = self.g.apply(op_name, *inputs, **params)
        if kind is not None:
            self.int_dtypes[node.id] = kind
        return node

    def set_dtype(self, node: Node, kind) -> Node:
        """Make node an integer tensor ("int32"/"int64"); other dtypes are float64 values."""
        if kind in INTEGER_DTYPES:
            self.int_dtypes[node.id] = kind
        return node

    def dtype_of(self, node) -> str | None:
        return self.int_dtypes.get(node.id) if isinstance(node, Node) else None

    def _int_literal(self, value: float) -> Node:
        # a whole number written without a point: float64, but it takes an integer tensor's
        # dtype where it meets one (a Python int in TensorFlow); its consts share a params dict
        params = self._int_literals.get(value)
        if params is None:
            array = np.asarray(value, dtype=np.float64)
            array.flags.writeable = False
            params = self._int_literals[value] = {"value": array}
        node = self.g.apply("const", value=params["value"])
        node.params = params
        return node

    def is_int_literal(self, node: Node) -> bool:
        return node.params is self._int_literals.get(float(node.params["value"]))

    def _lookup(self, e: ast.Name, scope):
        if e.id in scope:
            return scope[e.id]
        if e.id == "step":
            if self.step_node is None:
                self.g.pos = e.pos
                self.step_node = self.g.apply("step", value=np.float64(0.0))
                self.step_node.label = "step"
            return self.step_node
        if e.id in ("True", "False", "None"):
            return {"True": True, "False": False, "None": None}[e.id]
        if e.id in DTYPES:   # float32, int64, bool, ...: a dtype (unless assigned)
            return DType(e.id)
        if self.def_stack:
            f = self.def_stack[-1]
            raise AgError(f"'{e.id}' is not visible inside def {f.name}: a def sees its parameters "
                          "and the names assigned before it", e.pos)
        if e.id in self.assign_counts:
            line = line_of(self.first_assignment[e.id].pos)
            raise AgError(f"'{e.id}' is used before it is assigned (first assigned at line {line})", e.pos)
        if e.id in self.functions or e.id in BUILTINS:
            raise AgError(f"'{e.id}' is a function; call it with (...)", e.pos)
        if e.id not in self.sets:
            hint = suggest(e.id, list(self.env) + list(self.assign_counts))
            raise AgError(f"'{e.id}' is never assigned, so it is an input: give its value with "
                          f"--set {e.id}=VALUE{hint}", e.pos)
        self.g.pos = e.pos
        node = self._leaf("input", e.id, self.sets[e.id])
        self.env[e.id] = node
        self.named.setdefault(e.id, node)
        return node

    # ------------------------------------------------------------ conversions

    def tensor(self, value, pos: Pos) -> Node:
        """A builder value as a tensor node (lists are packed like tf.convert_to_tensor).
        Packing is attributed to `pos`; the caller's position (g.pos) is kept."""
        if isinstance(value, Node):
            return value
        caller = self.g.pos
        try:
            return self._to_tensor(value, pos)
        finally:
            self.g.pos = caller

    def _to_tensor(self, value, pos: Pos) -> Node:
        if isinstance(value, NoGradient):
            raise value.error(pos)
        if isinstance(value, (bool, int, float)):   # also built-ins' numeric defaults
            self.g.pos = pos
            return self.g.const(float(value))
        if isinstance(value, list):
            return self._pack(value, pos)
        what = "None" if value is None else f"the string {value!r}" if isinstance(value, str) else "this"
        raise AgError(f"expected a tensor, got {what}", pos)

    def _list_size(self, items: list) -> tuple:
        """(items, numbers, depth) of a list, counting shared sublists each time they appear
        (`x = [x, x]` doubles both): what printing it would cost."""
        known = self._list_sizes.get(id(items))
        if known is not None and known[0] is items:
            return known[1]
        leaves = numbers = depth = 0
        for v in items:
            if isinstance(v, list):
                more, more_numbers, more_depth = self._list_size(v)
                depth = max(depth, more_depth)
            else:
                more, more_numbers = 1, element_count(v.shape) if isinstance(v, Node) else 1
            leaves, numbers = leaves + more, numbers + more_numbers
        self._list_sizes[id(items)] = (items, (leaves, numbers, depth + 1))
        return leaves, numbers, depth + 1

    def _pack(self, items, pos: Pos) -> Node:
        if not items:
            self.g.pos = pos
            return self.g.const(np.zeros((0,)))
        # Every number is a tensor, so packing stacks the items (gradients reach
        # them, as tf.convert_to_tensor's Pack op); a list is packed once, so
        # `x = [1.0, 2.0]; gradients(reduce_sum(x * x), x)` is [2, 4].
        packed = self._packed.get(id(items))
        if packed is not None:
            return packed[1]
        nodes = [self.tensor(item, pos) for item in items]
        self.g.pos = pos
        shapes = {n.shape for n in nodes}
        if len(shapes) > 1:
            raise AgError("list items have different shapes: "
                          + " and ".join(str(s) for s in list(shapes)[:2]), pos)
        node = self.apply("stack", *nodes, axis=0)
        self._packed[id(items)] = (items, node)   # keeps `items` alive, so its id stays unique
        return node

    def static(self, value, pos: Pos, what: str):
        """A value needed before the program runs (axis, shape, seed, ...) as NumPy."""
        if isinstance(value, (bool, int, float)):
            return np.asarray(float(value))
        if isinstance(value, list):
            parts = [self.static(v, pos, what) for v in value]
            try:
                return np.array(parts, dtype=np.float64)
            except ValueError:
                raise AgError(f"{what} must be a rectangular list of numbers", pos) from None
        node = self.tensor(value, pos)
        if node.id in self._static_cache:
            return self._static_cache[node.id]
        order = needed([node])
        moving = [n for n in order if n.op.varies]
        if moving:
            raise AgError(f"{what} must be known before the program runs, but it depends on "
                          f"{moving[0].describe()}", pos)
        result = np.asarray(run(order)[node.id], dtype=np.float64)
        self._static_cache[node.id] = result
        return result

    def integer(self, value, pos: Pos, what: str) -> int:
        arr = self.static(value, pos, what)
        if arr.shape != ():
            raise AgError(f"{what} must be a single integer, got shape {arr.shape}", pos)
        return _integral(float(arr), pos, what)

    def integers(self, value, pos: Pos, what: str) -> list[int]:
        arr = self.static(value, pos, what)
        return [_integral(float(v), pos, what) for v in np.atleast_1d(arr).ravel()]

    # ------------------------------------------------------------ calls

    # ------------------------------------------------------------ build-time values, undo

    def current(self, node: Node) -> np.ndarray:
        """The value a node has now (variables at their initial values, step 0), computing
        only what earlier calls have not (while_loop asks once per iteration)."""
        cache = self._current
        if node.id in cache:
            return cache[node.id]
        order = needed([node], stop_at=cache.keys())
        values = run_plain(order, {i: cache[i] for i in (n.id for n in order) if i in cache})
        for n in order:
            cache[n.id] = values[n.id]
        return cache[node.id]

    def mark(self) -> tuple:
        return (len(self.g.nodes), len(self.records), len(self.assigns), len(self.groups), len(self.fed),
                self.step_node)

    def rollback(self, mark: tuple):
        """Forget every node made since `mark` (cond's untaken branch: built to check its
        shapes and find what it reads, never run)."""
        count, records, assigns, groups, fed, step_node = mark
        del self.g.nodes[count:]
        del self.records[records:], self.assigns[assigns:], self.groups[groups:], self.fed[fed:]
        self.step_node = step_node
        for cache in (self._static_cache, self._current, self.int_dtypes):
            for k in [k for k in cache if k >= count]:
                del cache[k]
        for k in [k for k, (_, node) in self._packed.items() if node.id >= count]:
            del self._packed[k]
        for name in [n for n, node in self.leaves.items() if node.id >= count]:
            del self.leaves[name]

    # ------------------------------------------------------------ names for records

    def source_text(self, e) -> str:
        return self.source[e.start:e.end].strip() if e is not None else ""

    def record_name(self, call: ast.Call) -> str:
        if call is self.current_rhs and self.current_target is not None:
            return self.current_target
        return self.source_text(call)


BINARY = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "@": "matmul", "**": "pow",
          "//": "floordiv", "%": "floormod",
          "<": "less", "<=": "less_equal", ">": "greater", ">=": "greater_equal",
          "==": "equal", "!=": "not_equal"}




def _integral(value: float, pos: Pos, what: str) -> int:
    if not np.isfinite(value) or value != int(value):
        raise AgError(f"{what} must be an integer, got {value:g}", pos)
    if abs(value) > 2**62:
        raise AgError(f"{what} {value:g} is too large", pos)
    return int(value)


def _is_settable(rhs, called) -> bool:
    """A literal, or a call of constant, variable or placeholder (`called(func)`: the
    built-in a call's func names)."""
    if isinstance(rhs, ast.Num):
        return True
    if isinstance(rhs, ast.Unary) and isinstance(rhs.operand, ast.Num):
        return True
    if isinstance(rhs, ast.ListExpr):
        return all(_is_settable(i, called) for i in rhs.items)
    return isinstance(rhs, ast.Call) and called(rhs.func) in ("constant", "variable", "placeholder")


def _walk(root):
    """Every expression inside root (root included), without recursion. Written out per
    class, not through Node.children(): _survey walks every expression of the program,
    and the generic walk took 3x as long (~0.1 s of a 10,000-statement build)."""
    stack = [root]
    while stack:
        e = stack.pop()
        yield e
        if isinstance(e, ast.BinOp):
            stack += [e.left, e.right]
        elif isinstance(e, ast.Unary):
            stack.append(e.operand)
        elif isinstance(e, ast.Call):
            stack += e.args + [k.value for k in e.kwargs]
            if not isinstance(e.func, str):
                stack.append(e.func)
        elif isinstance(e, ast.ListExpr):
            stack += e.items
        elif isinstance(e, ast.Index):
            stack += [e.target] + e.subscripts
        elif isinstance(e, ast.Slice):
            stack += [p for p in (e.lower, e.upper, e.stride) if p is not None]
        elif isinstance(e, ast.Attr):
            stack.append(e.value)


def _survey(program: ast.Program):
    """Names assigned (first assignment, counts) and every name used anywhere."""
    first, counts, used = {}, {}, set()
    stack, imported = [], set()
    for stmt in program.statements:
        if isinstance(stmt, ast.Assign):
            for name in stmt.targets:
                first.setdefault(name, stmt)
                counts[name] = counts.get(name, 0) + 1
            stack.append(stmt.value)
        elif isinstance(stmt, ast.FuncDef):
            stack.append(stmt.body)
            if stmt.grad_body is not None:
                stack.append(stmt.grad_body)
        elif isinstance(stmt, ast.Import):
            imported.add(stmt.alias)
        else:
            stack.append(stmt.value)
    for root in stack:
        used.update(e.id for e in _walk(root) if isinstance(e, ast.Name))
    return first, counts, used - imported
