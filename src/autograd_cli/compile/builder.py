"""Syntax tree -> graph. Resolves names (reassignment, unpacking, inputs, --set),
inlines `def`s, binds call arguments, and checks shapes as nodes are made."""
from __future__ import annotations


import numpy as np

from autograd_cli.compile.spellings import NUMPY_PREFIX, Spellings, numpy_builtin
from autograd_cli.language import tree as ast
from autograd_cli.support.errors import AgError, Pos, line_of, suggest
from autograd_cli.evaluate import needed, run, run_plain
from autograd_cli.core.graph import Graph, Node, NoGradient, nodes_in
from autograd_cli.support.limits import element_count, limit, over
from autograd_cli.core.program import BuiltProgram, GradientRecord
from autograd_cli.support.records import Record
from autograd_cli.library.functions import BUILTINS, DTYPES, INTEGER_DTYPES, DType
from autograd_cli.library.dtypes import result_dtype
from autograd_cli.ops import OPS
from autograd_cli.library.tensor_functions import bracket_gather

RESERVED = {"def", "None", "True", "False", "step"}
_INF = float("inf")


class UserFunction(Record):
    _fields = ("name", "params", "body", "scope", "functions", "pos", "grad_param", "grad_body", "size")

    def __init__(self, name, params, body, scope, functions, pos, grad_param=None, grad_body=None, size=1):
        self.name = name
        self.params = params
        self.body = body                # ast.Expr
        self.scope = scope              # names visible in the body (snapshot at definition)
        self.functions = functions      # user functions visible in the body
        self.pos = pos
        self.grad_param = grad_param    # custom_gradient: grad(dy) = grad_body
        self.grad_body = grad_body
        self.size = size                # expressions in the body: the work of one inlining


class HostFunction:
    """A function of the snippet front-end given to cond or while_loop (a Python lambda or
    def): `call(args, pos)` runs it on graph nodes and gives back nodes (or lists of them)."""

    __slots__ = ("name", "call")

    def __init__(self, name: str, call):
        self.name, self.call = name, call


class Builder:
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
                              f"{_unknown_hint(e.func, list(BUILTINS) + list(self.functions))}", e.pos)

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

    def _call(self, e: ast.Call, scope):
        if not isinstance(e.func, str):      # tf.reduce_sum(...), w.assign(v): the built-in it spells
            spelled, e = e, self.spellings.call(e, scope)
            if spelled is self.current_rhs:   # records are named after the assignment
                self.current_rhs = e
        user = (self.def_stack[-1].functions if self.def_stack else self.functions).get(e.func)
        if user is None and any(f.name == e.func for f in self.def_stack):
            raise AgError(f"def {e.func} calls itself: recursion is not allowed", e.pos)
        if user is not None:
            return self._inline(user, e, scope)
        if e.func.startswith(NUMPY_PREFIX):
            return self._numpy_call(e, scope)
        spec = BUILTINS.get(e.func)
        if spec is None:
            known = list(BUILTINS) + list(self.functions)
            if e.func in self.functions:  # defined, but after the def that calls it
                raise AgError(f"def {e.func} is defined after this def and is not visible here", e.pos)
            raise AgError(f"unknown function '{e.func}'{_unknown_hint(e.func, known)}", e.pos)
        args, exprs = self._bind(e, spec.params, spec.defaults, spec.variadic, scope, spec.functions)
        self.g.pos = e.pos
        if e.func not in ("assign", "assign_add", "assign_sub"):
            return spec.handler(self, Call(e, args, exprs))
        try:
            return spec.handler(self, Call(e, args, exprs))
        except AgError as error:
            raise _list_hint(error, e, scope) from None

    def _numpy_spec(self, name: str, pos):
        spec = BUILTINS.get(numpy_builtin(name))
        if spec is None or spec.functions:
            raise AgError(f"np.{name} is not available in .ag{_unknown_hint(name, list(BUILTINS))}", pos)
        return name, spec

    def _numpy_call(self, e: ast.Call, scope):
        """np.sum(...) and the like: NumPy computes on arrays, so on constants it is the
        built-in; on a tensor that depends on a variable, placeholder or input it is
        TensorFlow's error (a symbolic tensor cannot become a NumPy array)."""
        name, spec = self._numpy_spec(e.func[len(NUMPY_PREFIX):], e.pos)
        args, exprs = self._bind(e, spec.params, spec.defaults, spec.variadic, scope)
        for value in args.values():
            for node in nodes_in(value):
                symbolic = next((n for n in needed([node]) if n.op.free or n.op.varies), None)
                if symbolic is not None:
                    builtin = numpy_builtin(name)
                    raise AgError(f"np.{name}(...) is given a tensor computed from {symbolic.describe()}: "
                                  "NumPy cannot compute on it (TensorFlow: NotImplementedError: Cannot convert "
                                  "a symbolic tf.Tensor to a numpy array. This error may indicate that you're "
                                  f"trying to pass a Tensor to a NumPy call, which is not supported); write "
                                  f"tf.{builtin}(...), which is differentiable", e.pos)
        self.g.pos = e.pos
        return spec.handler(self, Call(e, args, exprs))

    def _bind(self, e: ast.Call, params, defaults, variadic, scope, functions=()):
        values, exprs = {}, {}
        if functions:      # parameters naming a def: the def itself, not a value
            return self._bind_functions(e, params, defaults, scope, functions)
        positional = list(e.args)
        if variadic:
            values[params[0]] = [self.expr(a, scope) for a in positional]
            exprs[params[0]] = positional
            positional = []
        elif len(positional) > len(params):
            raise AgError(f"{e.func}() takes at most {len(params)} arguments "
                          f"({', '.join(params)}), got {len(positional)}", positional[len(params)].pos)
        for name, a in zip(params, positional):
            values[name], exprs[name] = self.expr(a, scope), a
        for kw in e.kwargs:
            if kw.name == "name" and "name" not in params:   # TensorFlow's op name: accepted, unused
                if not isinstance(kw.value, ast.Str):
                    raise AgError("name= must be a string", kw.pos)
                continue
            if kw.name not in params or variadic:
                raise AgError(f"{e.func}() has no parameter '{kw.name}'"
                              f"{suggest(kw.name, params)} ({_parameters(e.func, params, defaults, variadic)})",
                              kw.pos)
            if kw.name in values:
                raise AgError(f"{e.func}() got '{kw.name}' twice", kw.pos)
            values[kw.name], exprs[kw.name] = self.expr(kw.value, scope), kw.value
        for name in params:
            if name not in values:
                if name not in defaults:
                    raise AgError(f"{e.func}() is missing the argument '{name}' "
                                  f"({_parameters(e.func, params, defaults, variadic)})", e.pos)
                values[name], exprs[name] = defaults[name], None
        return values, exprs

    def _bind_functions(self, e: ast.Call, params, defaults, scope, functions):
        """_bind for built-ins taking defs (cond, while_loop): those arguments must be the
        name of a def and are passed as the UserFunction; the others are evaluated."""
        raw, order = {}, []
        if len(e.args) > len(params):
            raise AgError(f"{e.func}() takes at most {len(params)} arguments "
                          f"({', '.join(params)}), got {len(e.args)}", e.args[len(params)].pos)
        for name, a in zip(params, e.args):
            raw[name] = a
        for kw in e.kwargs:
            if kw.name not in params:
                raise AgError(f"{e.func}() has no parameter '{kw.name}'{suggest(kw.name, params)}", kw.pos)
            if kw.name in raw:
                raise AgError(f"{e.func}() got '{kw.name}' twice", kw.pos)
            raw[kw.name] = kw.value
        values, exprs = {}, {}
        for name in params:
            if name not in raw:
                if name not in defaults:
                    raise AgError(f"{e.func}() is missing the argument '{name}'", e.pos)
                values[name], exprs[name] = defaults[name], None
                continue
            a = raw[name]
            exprs[name] = a
            if name in functions:
                values[name] = self.function_named(a, e.func, name)
            else:
                values[name] = self.expr(a, scope)
        return values, exprs

    def function_named(self, a, caller: str, param: str) -> UserFunction:
        table = self.def_stack[-1].functions if self.def_stack else self.functions
        if isinstance(a, ast.Name) and a.id in table:
            return table[a.id]
        if isinstance(a, ast.Name) and any(f.name == a.id for f in self.def_stack):
            raise AgError(f"def {a.id} uses itself: recursion is not allowed", a.pos)
        raise AgError(f"{caller}'s {param} must be the name of a def (e.g. def {param}() = ...), "
                      f"got {self.source_text(a) or 'nothing'}", a.pos)

    def call_function(self, f: UserFunction, args: list, pos):
        """Inline a def with argument values (cond's branches, while_loop's cond and body)."""
        if isinstance(f, HostFunction):
            return f.call(args, pos)
        if len(args) != len(f.params):
            raise AgError(f"def {f.name} takes {len(f.params)} parameters "
                          f"({', '.join(f.params) or 'none'}) but is called here with {len(args)}", pos)
        return self._run_def(f, dict(zip(f.params, args)), pos)

    def _inline(self, f: UserFunction, e: ast.Call, scope):
        args, _ = self._bind(e, f.params, {}, False, scope)
        return self._run_def(f, args, e.pos)

    def _run_def(self, f: UserFunction, args: dict, pos):
        if len(self.def_stack) > 200:
            raise AgError("functions nested more than 200 calls deep", pos)
        if not self.def_stack:
            self._outer_call = (f.name, pos)
        # Work, not only nodes: a def calling the previous one twice doubles per level
        # even where no node is made (`[f(x), f(x)][z]` of constants).
        self.inlined += f.size
        if self.inlined > self.max_inlined:
            name, where = self._outer_call
            raise over("MAX_INLINED", f"calling {name}() would build too many expressions from "
                       "def bodies", self.inlined, "expressions or more", where)
        self.def_stack.append(f)
        try:
            value = self.expr(f.body, {**f.scope, **args})
        finally:
            self.def_stack.pop()
        if f.grad_body is not None:
            return self._custom_gradient(f, args, value, pos)
        return value

    def _custom_gradient(self, f: UserFunction, args: dict, value, pos):
        """`def f(x) = expr grad(dy) = rule`: f's value is expr; its gradient is the rule,
        one entry per parameter (TF's custom_gradient: the forward is not differentiated)."""
        xs = [self.tensor(args[p], pos) for p in f.params]
        out = self.tensor(value, pos)
        made: dict = {}
        builder = self

        program_graph = self.g

        def rule(g, dy, i):
            if g is not program_graph:      # explain differentiates again on scratch eager graphs
                return builder._gradient_rule(g, f, xs, dy, pos)[i]
            if dy.id not in made:
                made[dy.id] = builder._gradient_rule(g, f, xs, dy, pos)
            return made[dy.id][i]
        self.g.pos = pos
        return self.g.apply("custom_gradient", out, *xs, rule=rule, name=f.name)

    def _gradient_rule(self, g, f: UserFunction, xs: list, dy: Node, pos):
        saved_stack, saved_graph = self.def_stack, self.g
        saved_pos = g.pos
        self.def_stack, self.g = [f], g
        try:
            scope = {**f.scope, **dict(zip(f.params, xs)), f.grad_param: dy}
            result = self.expr(f.grad_body, scope)
            if len(xs) == 1 and not isinstance(result, list):
                result = [result]
            if not isinstance(result, list) or len(result) != len(xs):
                got = f"a list of {len(result)}" if isinstance(result, list) else "one value"
                raise AgError(f"the gradient rule of def {f.name} must give one gradient per parameter "
                              f"({len(xs)}, a list for several), got {got}", f.grad_body.pos)
            grads = []
            for x, r, name in zip(xs, result, f.params):
                if r is None:
                    grads.append(None)
                    continue
                r = self.tensor(r, f.grad_body.pos)
                if r.shape != x.shape:
                    try:
                        ok = np.broadcast_shapes(r.shape, x.shape) == x.shape
                    except ValueError:
                        ok = False
                    if not ok:
                        raise AgError(f"the gradient rule of def {f.name} gives shape {r.shape} for "
                                      f"{name}, which has shape {x.shape}", f.grad_body.pos)
                    self.g.pos = f.grad_body.pos
                    r = self.apply("broadcast_to", r, shape=x.shape)
                grads.append(r)
            return grads
        finally:
            g.pos = saved_pos
            self.def_stack, self.g = saved_stack, saved_graph

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

    def _index(self, e: ast.Index, scope):
        # Each subscript is built once (`x[x[x[i]]]` must not double per level).
        target = self.expr(e.target, scope)
        first = None   # the single subscript's value, once built
        if isinstance(target, list) and len(e.subscripts) == 1 and not isinstance(e.subscripts[0], ast.Slice):
            first = self.expr(e.subscripts[0], scope)
            if isinstance(first, Node) and _moving(first):
                target = self._pack(target, e.target.pos)   # data[step]: the list as a tensor
        if isinstance(target, list):
            if len(e.subscripts) != 1 or isinstance(e.subscripts[0], ast.Slice):
                if len(e.subscripts) == 1:
                    sl = e.subscripts[0]
                    bounds = [None if p is None else self.integer(self.expr(p, scope), p.pos, "a list index")
                              for p in (sl.lower, sl.upper, sl.stride)]
                    if bounds[2] == 0:
                        raise AgError("slice step cannot be zero", sl.stride.pos)
                    return target[slice(*bounds)]
                raise AgError("a list takes one index", e.pos)
            sub = e.subscripts[0]
            k = self.integer(first, sub.pos, "a list index")
            if not -len(target) <= k < len(target):
                raise AgError(f"index {k} is out of range for a list of {len(target)}", sub.pos)
            return target[k]
        tensor = self.tensor(target, e.target.pos)
        pattern, dynamic, gathers = [], [], []
        for k, sub in enumerate(e.subscripts):
            if isinstance(sub, ast.Slice):
                bounds = [None if p is None else self.integer(self.expr(p, scope), p.pos, "a slice bound")
                          for p in (sub.lower, sub.upper, sub.stride)]
                if bounds[2] == 0:
                    raise AgError("slice step cannot be zero", sub.pos)
                pattern.append(slice(*bounds))
                continue
            if isinstance(sub, ast.Const) and sub.value in (None, Ellipsis):
                if sub.value is Ellipsis and Ellipsis in pattern:
                    raise AgError("an index can have only one ellipsis ('...')", sub.pos)
                pattern.append(sub.value)
                continue
            value = first if k == 0 and first is not None else self.expr(sub, scope)
            node = self.tensor(value, sub.pos)
            if node.shape != ():   # a list or tensor of integers: gather (NumPy's reading)
                gathers.append((len(pattern), node, sub.pos))
                pattern.append(slice(None))
                continue
            if _moving(node):
                pattern.append(_DYNAMIC)
                dynamic.append(node)
            else:
                pattern.append(self.integer(node, sub.pos, "an index"))
        used = sum(1 for p in pattern if p is not None and p is not Ellipsis)
        if used > len(tensor.shape):
            raise AgError(f"too many indices ({used}) for a tensor of shape {tensor.shape}", e.pos)
        if gathers:
            return self._gather_index(e, tensor, pattern, dynamic, gathers)
        self.g.pos = e.pos
        if dynamic:
            if any(p is Ellipsis or p is None for p in pattern):
                raise AgError("an index that changes between steps cannot be combined with '...' or None",
                              e.pos)
            self._check_ints(e, tensor.shape, pattern)
            return self.apply("take", tensor, *dynamic, pattern=tuple(None if p is _DYNAMIC else p for p in pattern))
        self._check_ints(e, tensor.shape, pattern)
        return self.apply("getitem", tensor, index=tuple(pattern))

    def _check_ints(self, e, shape, pattern):
        """An integer index out of range is an error naming the brackets (slices clamp)."""
        axes = _index_axes(pattern, len(shape))
        for (k, p), axis in zip(enumerate(pattern), axes):
            if type(p) is int and axis is not None and not -shape[axis] <= p < shape[axis]:
                raise AgError(f"index {p} is out of range for axis {axis} of size {shape[axis]} "
                              f"(tensor shape {tuple(shape)})", e.subscripts[k].pos)

    def _gather_index(self, e, tensor, pattern, dynamic, gathers):
        if len(gathers) > 1 or dynamic or any(type(p) is int for p in pattern):
            raise AgError("a list or tensor of indices can be combined only with slices, '...' and None "
                          "(one list per index)", gathers[-1][2] if len(gathers) > 1 else e.pos)
        self._check_ints(e, tensor.shape, pattern)
        self.g.pos = e.pos
        k, index, pos = gathers[0]
        sliced = self.apply("getitem", tensor, index=tuple(pattern))
        axis = _index_axes(pattern, len(tensor.shape), result=True)[k]
        return bracket_gather(self, sliced, index, axis, pos, self.source_text(e))

    # ------------------------------------------------------------ names for records

    def source_text(self, e) -> str:
        return self.source[e.start:e.end].strip() if e is not None else ""

    def record_name(self, call: ast.Call) -> str:
        if call is self.current_rhs and self.current_target is not None:
            return self.current_target
        return self.source_text(call)


def _list_hint(error: AgError, call, scope) -> AgError:
    """An update whose value used a list by mistake (`g = gradients(loss, [w])` is a list:
    `w - 0.1 * g` has shape (1,)): say so, and how to take the gradient out of it."""
    if "cannot write a value of shape" not in error.message:
        return error
    lists = []
    stack = list(call.args[1:]) + list(call.kwargs or ())
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name) and isinstance(scope.get(node.id), list):
            lists.append(node.id)
        stack.extend(node.children())
    if not lists:
        return error
    name = lists[0]
    return AgError(f"{error.message}: {name} is a list (gradients always returns a list, one gradient per x); "
                   f"use {name}[0]", error.pos)


def _unknown_hint(name: str, known) -> str:
    """A common Python/NumPy name's TensorFlow spelling, else the closest known name."""
    from autograd_cli.library.names import foreign_hint

    return foreign_hint(name, known) or suggest(name, known)


def _parameters(func: str, params, defaults, variadic=False) -> str:
    """`its parameters: input_tensor, axis=None, keepdims=False`"""
    if variadic:
        return f"{func} takes any number of arguments"
    shown = [p if p not in defaults else f"{p}={_default(defaults[p])}" for p in params]
    return f"{func}'s parameters: {', '.join(shown)}"


def _default(value) -> str:
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


class Call(Record):
    """A bound call, handed to a built-in's handler."""

    _fields = ("ast", "args", "exprs")

    def __init__(self, ast, args, exprs):
        self.ast = ast          # ast.Call
        self.args = args
        self.exprs = exprs

    @property
    def pos(self) -> Pos:
        return self.ast.pos

    def at(self, name) -> Pos:
        e = self.exprs.get(name)
        return e.pos if e is not None else self.ast.pos


BINARY = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "@": "matmul", "**": "pow",
          "//": "floordiv", "%": "floormod",
          "<": "less", "<=": "less_equal", ">": "greater", ">=": "greater_equal",
          "==": "equal", "!=": "not_equal"}


def _moving(node: Node) -> bool:
    """Whether a value changes from step to step (depends on a variable, placeholder or step)."""
    return any(n.op.varies for n in needed([node]))


def _integral(value: float, pos: Pos, what: str) -> int:
    if not np.isfinite(value) or value != int(value):
        raise AgError(f"{what} must be an integer, got {value:g}", pos)
    if abs(value) > 2**62:
        raise AgError(f"{what} {value:g} is too large", pos)
    return int(value)


def _index_axes(pattern, rank, result=False):
    """For each entry of an index: the axis of the tensor it reads (None for a new axis),
    or with `result`, the axis of the result it makes (None for an integer)."""
    used = sum(1 for p in pattern if p is not None and p is not Ellipsis)
    out, axis, res = [], 0, 0
    for p in pattern:
        if p is Ellipsis:
            skip = max(rank - used, 0)
            out.append(None)
            axis, res = axis + skip, res + skip
        elif p is None:
            out.append(res if result else None)
            res += 1
        elif type(p) is int or p is _DYNAMIC:
            out.append(None if result else axis)
            axis += 1
        else:
            out.append(res if result else axis)
            axis, res = axis + 1, res + 1
    return out


_DYNAMIC = object()   # an index entry known only when the program runs


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
