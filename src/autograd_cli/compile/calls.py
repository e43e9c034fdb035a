"""Calls in a .ag program: the one argument binder (a built-in's parameters, defaults,
TensorFlow's name=), NumPy's functions on constants, and `def`s: inlined where they are
called, with their custom gradient rule (`grad(dy) = ...`)."""
from __future__ import annotations

import numpy as np

from autograd_cli.compile.spellings import NUMPY_PREFIX, numpy_builtin
from autograd_cli.core.graph import Node, nodes_in
from autograd_cli.evaluate import needed
from autograd_cli.language import tree as ast
from autograd_cli.library.functions import BUILTINS, Call
from autograd_cli.support.errors import AgError, suggest
from autograd_cli.support.limits import over
from autograd_cli.support.records import Record


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


def unknown_hint(name: str, known) -> str:
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


class Calls:
    """The Builder's calls (a mixin: it uses the Builder's expr, tensor and graph)."""

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
            raise AgError(f"unknown function '{e.func}'{unknown_hint(e.func, known)}", e.pos)
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
            raise AgError(f"np.{name} is not available in .ag{unknown_hint(name, list(BUILTINS))}", pos)
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
        raw = {}
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
