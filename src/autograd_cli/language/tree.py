"""The .ag syntax tree: one base class whose subclasses declare their fields, and the
callbacks the parsers build the tree with, generated from the classes.

Each class lists its own fields in `__slots__` (after its base's); `_fields` is the whole
list in order, and the constructor takes them positionally. `rules` names the grammar
aliases (grammars/ag.lark) a class is built by and `from_rule` reads that rule's children:
the tree is built from the class declarations, with no callback written per rule. Nothing
here knows what a name means, and nothing is kept between parses.

Classes, not dataclasses: a @dataclass costs ~0.2 ms to create at import, and the tree's
nineteen of them were ~4 ms of every `eval`'s start. Equality is identity; repr shows the
fields (tests compare the two parsers' trees by repr).
"""
from __future__ import annotations

import types

from autograd_cli.support.errors import AgError, pos_at


# ---------------------------------------------------------------- the base

# Constructor templates, one per number of fields: `self.f0 = a; self.f1 = b; ...`. A class's
# constructor is its template with the attribute names replaced by its fields (the code
# object's names; no source is generated or compiled): as fast as a written-out __init__,
# which a loop over the fields (setattr, or the slots' descriptors) is not (3x slower: ~15%
# of a 10,000-statement parse).
def _t1(self, a):
    self.f0 = a


def _t2(self, a, b):
    self.f0 = a
    self.f1 = b


def _t3(self, a, b, c):
    self.f0 = a
    self.f1 = b
    self.f2 = c


def _t4(self, a, b, c, d):
    self.f0 = a
    self.f1 = b
    self.f2 = c
    self.f3 = d


def _t5(self, a, b, c, d, e):
    self.f0 = a
    self.f1 = b
    self.f2 = c
    self.f3 = d
    self.f4 = e


def _t6(self, a, b, c, d, e, f):
    self.f0 = a
    self.f1 = b
    self.f2 = c
    self.f3 = d
    self.f4 = e
    self.f5 = f


def _t7(self, a, b, c, d, e, f, g):
    self.f0 = a
    self.f1 = b
    self.f2 = c
    self.f3 = d
    self.f4 = e
    self.f5 = f
    self.f6 = g


_TEMPLATES = {1: _t1, 2: _t2, 3: _t3, 4: _t4, 5: _t5, 6: _t6, 7: _t7}


def _constructor(cls):
    template = _TEMPLATES[len(cls._fields)]
    code = template.__code__
    assert code.co_names == tuple(f"f{k}" for k in range(len(cls._fields)))
    init = types.FunctionType(code.replace(co_names=cls._fields, co_name="__init__",
                                           co_qualname=f"{cls.__name__}.__init__"), {}, "__init__")
    init.__doc__ = f"{cls.__name__}({', '.join(cls._fields)})"
    return init


class Node:
    __slots__ = ()
    _fields: tuple = ()
    rules: tuple = ()       # grammar aliases whose callback is this class's from_rule

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls._fields = cls.__mro__[1]._fields + cls.__dict__.get("__slots__", ())
        if cls._fields:
            cls.__init__ = _constructor(cls)

    def __repr__(self):
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._fields)
        return f"{type(self).__name__}({inner})"

    def children(self):
        """The nodes directly inside this one, in field order."""
        for name in self._fields:
            value = getattr(self, name)
            if isinstance(value, Node):
                yield value
            elif isinstance(value, list):
                yield from (v for v in value if isinstance(v, Node))


def _tok_pos(tok) -> int:
    return pos_at(tok.line, tok.column)


def _depth(*children) -> int:
    return 1 + max((c.depth for c in children if isinstance(c, Expr)), default=0)


# ---------------------------------------------------------------- expressions

class Expr(Node):
    # pos: where errors about this expression point; start, end: source offsets of the
    # whole expression; depth: its nesting (MAX_NESTING is checked once parsed)
    __slots__ = ("pos", "start", "end", "depth")


class _OneToken(Expr):
    """An expression made of one token: its own fields come from the token's text."""
    __slots__ = ()

    @staticmethod
    def fields_of(text: str) -> tuple:
        return (text,)

    @classmethod
    def from_rule(cls, c):
        (tok,) = c
        return cls(_tok_pos(tok), tok.start_pos, tok.end_pos, 1, *cls.fields_of(str(tok)))


class Num(_OneToken):
    __slots__ = ("value", "text")       # float; the digits as written
    rules = ("number",)

    @staticmethod
    def fields_of(text: str) -> tuple:
        return float(text), text


class Str(_OneToken):
    __slots__ = ("value",)
    rules = ("string",)

    @staticmethod
    def fields_of(text: str) -> tuple:
        return (_unquote(text),)


class Const(_OneToken):
    __slots__ = ("value",)      # None, True or False (Ellipsis for `...`)
    rules = ("keyword_const", "ellipsis")

    @staticmethod
    def fields_of(text: str) -> tuple:
        return ({"None": None, "True": True, "False": False, "...": Ellipsis}[text],)


class Name(_OneToken):
    __slots__ = ("id",)
    rules = ("name",)


class ListExpr(Expr):
    __slots__ = ("items",)
    rules = ("list",)

    @classmethod
    def from_rule(cls, c):
        lsqb, *items, rsqb = c
        items = [i for i in items if i is not None]
        return cls(_tok_pos(lsqb), lsqb.start_pos, rsqb.end_pos, _depth(*items), items)


class BinOp(Expr):
    __slots__ = ("op", "left", "right")     # + - * / // % @ ** < <= > >= == !=
    rules = ("binop", "compare", "pow")

    @classmethod
    def from_rule(cls, c):
        if len(c) == 2:                 # pow: `**` is not a token of its own
            left, right = c
            return cls(left.pos, left.start, right.end, _depth(left, right), "**", left, right)
        left, op, right = c
        return cls(_tok_pos(op), left.start, right.end, _depth(left, right), str(op), left, right)


class Unary(Expr):
    __slots__ = ("op", "operand")       # + or -
    rules = ("unary",)

    @classmethod
    def from_rule(cls, c):
        op, operand = c
        return cls(_tok_pos(op), op.start_pos, operand.end, _depth(operand), str(op), operand)


class Keyword(Node):
    __slots__ = ("name", "value", "pos")
    rules = ("kwarg",)

    @classmethod
    def from_rule(cls, c):
        name, value = c
        return cls(str(name), value, _tok_pos(name))


class Call(Expr):
    """`func(args)`: func is a name (str) or, for a TensorFlow spelling, an Attr."""
    __slots__ = ("func", "args", "kwargs")      # kwargs: [Keyword]
    rules = ("call",)

    @classmethod
    def from_rule(cls, c):
        name, args, rpar = c
        positional, keywords = [], []
        for a in args or []:
            (keywords if isinstance(a, Keyword) else positional).append(a)
            if isinstance(a, Expr) and keywords:
                raise AgError("positional argument after keyword argument", a.pos)
        values = positional + [k.value for k in keywords]
        if isinstance(name, Attr):
            return cls(name.pos, name.start, rpar.end_pos, _depth(name, *values), name, positional, keywords)
        return cls(_tok_pos(name), name.start_pos, rpar.end_pos, _depth(*values), str(name), positional, keywords)


class Slice(Expr):
    __slots__ = ("lower", "upper", "stride")    # Expr | None, each
    rules = ("slice",)

    @classmethod
    def from_rule(cls, c):
        lower, upper, stride = c
        parts = [p for p in c if p is not None]
        start = parts[0].start if parts else 0
        pos = parts[0].pos if parts else pos_at(0, 0)
        return cls(pos, start, parts[-1].end if parts else 0, _depth(*parts), lower, upper, stride)


class Index(Expr):
    __slots__ = ("target", "subscripts")        # subscripts: [Expr | Slice]
    rules = ("index",)

    @classmethod
    def from_rule(cls, c):
        target, subs, rsqb = c
        return cls(target.pos, target.start, rsqb.end_pos, _depth(target, *subs), target, subs)


class Attr(Expr):
    """`value.attr`: TensorFlow's spellings (`tf.math`, `x.T`, `w.assign`), resolved by compile/."""
    __slots__ = ("value", "attr")
    rules = ("attr",)

    @classmethod
    def from_rule(cls, c):
        value, name = c
        return cls(pos_at(name.line, max(name.column - 1, 1)), value.start, name.end_pos, _depth(value), value,
                   str(name))


# ---------------------------------------------------------------- statements

class Stmt(Node):
    __slots__ = ("pos",)


class Assign(Stmt):
    __slots__ = ("targets", "target_pos", "value")      # more than one target: unpacking
    rules = ("assign", "unpack")

    @classmethod
    def from_rule(cls, c):
        *names, value = c
        return cls(_tok_pos(names[0]), [str(n) for n in names], [_tok_pos(n) for n in names], value)


class FuncDef(Stmt):
    # grad_param, grad_body: custom_gradient's `grad(dy) = expr` (None without one)
    __slots__ = ("name", "params", "param_pos", "body", "grad_param", "grad_body")
    rules = ("funcdef",)

    @classmethod
    def from_rule(cls, c):
        name, *params, body, grad_kw, grad_param, grad_body = c
        params = [p for p in params if p is not None]
        return cls(_tok_pos(name), str(name), [str(p) for p in params], [_tok_pos(p) for p in params], body,
                   None if grad_param is None else str(grad_param), grad_body)


class ExprStmt(Stmt):
    __slots__ = ("value", "text")       # text: the source, the output's name (filled once parsed)
    rules = ("expr_stmt",)

    @classmethod
    def from_rule(cls, c):
        (value,) = c
        return cls(value.pos, value, None)


class Import(Stmt):
    """`import tensorflow as tf`: binds `alias` to the module (compile/ declares the prefix)."""
    __slots__ = ("alias", "module")
    rules = ("import_name", "import_from")

    @classmethod
    def from_rule(cls, c):
        if len(c) == 2:         # import a.b [as c]: binds a (Python's reading), or c to a.b
            (module, tok), alias = c
            top = module.split(".")[0]
            return cls(_tok_pos(tok), top if alias is None else str(alias), top if alias is None else module)
        (module, tok), name, alias = c      # from a import b [as c]
        return cls(_tok_pos(tok), str(alias or name), f"{module}.{name}")


_NEW_LIST = object()    # Program's default: a fresh list


class Program:
    """A parsed program. Compared by value (source and statements)."""

    _fields = ("source", "statements")
    __hash__ = None     # mutable and compared by value: unhashable

    def __init__(self, source, statements=_NEW_LIST):
        self.source = source
        self.statements = [] if statements is _NEW_LIST else statements

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.source, self.statements) == (other.source, other.statements)
        return NotImplemented

    __repr__ = Node.__repr__


# ---------------------------------------------------------------- the callbacks

class _Structure:
    """Rules that make no node of their own."""

    @staticmethod
    def start(children):
        return children

    @staticmethod
    def args(c):
        return [a for a in c if a is not None]

    @staticmethod
    def subscripts(c):
        return [s for s in c if s is not None]

    @staticmethod
    def paren(c):
        lpar, inner, rpar = c
        inner.start, inner.end = lpar.start_pos, rpar.end_pos
        return inner

    @staticmethod
    def dotted(c):
        return ".".join(str(t) for t in c), c[0]


def _node_classes(root=Node):
    for cls in root.__subclasses__():
        yield cls
        yield from _node_classes(cls)


class Callbacks(_Structure):
    """The callback of every grammar alias, by name (what Lark's transformer and the quick
    parser call): each node class's from_rule under its rules, and the structural rules.
    It holds no state: one instance serves every parse."""

    def __getattr__(self, name):  # lark asks for one callback per rule alias
        raise AttributeError(name)


for _cls in _node_classes():
    for _rule in _cls.rules:
        setattr(Callbacks, _rule, staticmethod(_cls.from_rule))

CALLBACKS = Callbacks()


_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", "'": "'", '"': '"', "0": "\0"}


def _unquote(text: str) -> str:
    body, out, i = text[1:-1], [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            out.append(_ESCAPES.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)
