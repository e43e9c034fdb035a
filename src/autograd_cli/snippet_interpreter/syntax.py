"""TensorFlow snippets (spec section 9): Python source -> syntax tree with positions.

grammars/tf.lark is a Lark LALR grammar of the Python subset tutorial code is written
in; lark's PythonIndenter turns indentation into _INDENT/_DEDENT tokens. The tree is
plain classes (the style of language/syntax.py: every expression keeps `pos`,
`start`, `end`, `depth`); the interpreter (build/snippet.py) gives it meaning.
Nothing here, and nothing there, hands text to Python's eval/exec/import.
This module is imported only for snippets (the .ag path never loads it).
"""
from __future__ import annotations

import ast as _pyast   # only for literal_eval of one string/number token (no names, no calls)
import functools

from autograd_cli.support.errors import AgError, pos_at


# ---------------------------------------------------------------- syntax tree
# Plain classes with __slots__ (a @dataclass costs ~0.2 ms to create; forty of them were
# 8 ms of every snippet's start). `_fields` lists the constructor's parameters in order.

class _Tree:
    __slots__ = ()
    _fields: tuple = ()
    _defaults: dict = {}

    def __init__(self, *args, **kwargs):
        fields = self._fields
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__} takes {len(fields)} arguments")
        for name, value in zip(fields, args):
            setattr(self, name, value)
        for name in fields[len(args):]:
            setattr(self, name, kwargs.pop(name) if name in kwargs else self._defaults[name])
        if kwargs:
            raise TypeError(f"{type(self).__name__} has no field {next(iter(kwargs))!r}")

    def __repr__(self):
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._fields)
        return f"{type(self).__name__}({inner})"

class Expr(_Tree):
    __slots__ = ('pos', 'start', 'end', 'depth')
    _fields = ('pos', 'start', 'end', 'depth')
    # pos: packed position (errors.pos_at) errors point to
    # start: source offsets of the whole expression


class Num(Expr):
    __slots__ = ('value',)
    _fields = Expr._fields + ('value',)
    # value: int, float or complex (Python's reading of the literal)


class Str(Expr):
    __slots__ = ('value',)
    _fields = Expr._fields + ('value',)


class FStr(Expr):
    __slots__ = ('parts',)
    _fields = Expr._fields + ('parts',)
    # parts: str | FField


class FField(_Tree):
    __slots__ = ('value', 'conversion', 'spec', 'text', 'debug')
    _fields = ('value', 'conversion', 'spec', 'text', 'debug')
    # conversion: "", "r", "s", "a"
    # spec: parts of the format spec (str | FField), like FStr.parts
    # text: the expression's text (for f"{x=}")


class Const(Expr):
    __slots__ = ('value',)
    _fields = Expr._fields + ('value',)
    # value: None, True, False, Ellipsis


class Name(Expr):
    __slots__ = ('id',)
    _fields = Expr._fields + ('id',)


class Attr(Expr):
    __slots__ = ('value', 'attr', 'attr_pos')
    _fields = Expr._fields + ('value', 'attr', 'attr_pos')


class Keyword(_Tree):
    __slots__ = ('name', 'value', 'pos')
    _fields = ('name', 'value', 'pos')


class Call(Expr):
    __slots__ = ('func', 'args', 'kwargs')
    _fields = Expr._fields + ('func', 'args', 'kwargs')
    # kwargs: [Keyword]


class Slice(Expr):
    __slots__ = ('lower', 'upper', 'stride')
    _fields = Expr._fields + ('lower', 'upper', 'stride')


class Index(Expr):
    __slots__ = ('target', 'subscripts', 'tuple_form')
    _fields = Expr._fields + ('target', 'subscripts', 'tuple_form')
    # subscripts: [Expr | Slice]
    # tuple_form: x[a, b] (or x[a,]) rather than x[a]


class ListExpr(Expr):
    __slots__ = ('items',)
    _fields = Expr._fields + ('items',)


class TupleExpr(Expr):
    __slots__ = ('items',)
    _fields = Expr._fields + ('items',)


class DictExpr(Expr):
    __slots__ = ('keys', 'values')
    _fields = Expr._fields + ('keys', 'values')


class BinOp(Expr):
    __slots__ = ('op', 'left', 'right')
    _fields = Expr._fields + ('op', 'left', 'right')
    # op: + - * / // % @ **


class Unary(Expr):
    __slots__ = ('op', 'operand')
    _fields = Expr._fields + ('op', 'operand')
    # op: + -


class Compare(Expr):
    __slots__ = ('left', 'ops', 'rights')
    _fields = Expr._fields + ('left', 'ops', 'rights')
    # ops: "<", "in", "not in", "is", "is not", ...


class BoolOp(Expr):
    __slots__ = ('op', 'values')
    _fields = Expr._fields + ('op', 'values')
    # op: and | or


class Not(Expr):
    __slots__ = ('operand',)
    _fields = Expr._fields + ('operand',)


class IfExp(Expr):
    __slots__ = ('test', 'body', 'orelse')
    _fields = Expr._fields + ('test', 'body', 'orelse')


class Lambda(Expr):
    __slots__ = ('params', 'body')
    _fields = Expr._fields + ('params', 'body')
    # params: [str]


class Comprehension(_Tree):
    __slots__ = ('target', 'iter', 'ifs')
    _fields = ('target', 'iter', 'ifs')


class ListComp(Expr):
    __slots__ = ('elt', 'generators')
    _fields = Expr._fields + ('elt', 'generators')
    # generators: [Comprehension]


class Refused(Expr):
    __slots__ = ('what',)
    _fields = Expr._fields + ('what',)
    # what: a construct outside the subset, named in the error when reached


class Stmt(_Tree):
    __slots__ = ('pos',)
    _fields = ('pos',)


class Import(Stmt):
    __slots__ = ('module', 'names', 'alias', 'star')
    _fields = Stmt._fields + ('module', 'names', 'alias', 'star')
    _defaults = {'star': False}
    # module: dotted module name ("tensorflow", "tensorflow.keras", ...)
    # names: [(name, alias)] for `from M import ...`; [] for `import M`
    # alias: `import M as alias`


class Assign(Stmt):
    __slots__ = ('targets', 'value')
    _fields = Stmt._fields + ('targets', 'value')
    # targets: [Expr] (a = b = value has two)


class AugAssign(Stmt):
    __slots__ = ('target', 'op', 'value')
    _fields = Stmt._fields + ('target', 'op', 'value')
    # op: + - * / // % ** @


class ExprStmt(Stmt):
    __slots__ = ('value',)
    _fields = Stmt._fields + ('value',)


class Del(Stmt):
    __slots__ = ('targets',)
    _fields = Stmt._fields + ('targets',)


class Pass(Stmt):
    __slots__ = ()
    _fields = Stmt._fields + ()


class Break(Stmt):
    __slots__ = ()
    _fields = Stmt._fields + ()


class Continue(Stmt):
    __slots__ = ()
    _fields = Stmt._fields + ()


class Return(Stmt):
    __slots__ = ('value',)
    _fields = Stmt._fields + ('value',)


class If(Stmt):
    __slots__ = ('branches', 'orelse')
    _fields = Stmt._fields + ('branches', 'orelse')
    # branches: [(test, [Stmt])]


class For(Stmt):
    __slots__ = ('target', 'iter', 'body', 'orelse')
    _fields = Stmt._fields + ('target', 'iter', 'body', 'orelse')


class With(Stmt):
    __slots__ = ('items', 'body')
    _fields = Stmt._fields + ('items', 'body')
    # items: [(Expr, name | None, pos)]


class FuncDef(Stmt):
    __slots__ = ('name', 'params', 'body')
    _fields = Stmt._fields + ('name', 'params', 'body')
    # params: [(name, default Expr | None, pos)]


class Snippet:
    __slots__ = ("source", "statements")

    def __init__(self, source, statements=None):
        self.source = source
        self.statements = [] if statements is None else statements


# ---------------------------------------------------------------- parser

def _grammar_text() -> str:
    from autograd_cli.language.grammars import grammar_text
    return grammar_text("tf.lark")


@functools.lru_cache(maxsize=1)
def _parser():
    from lark import Lark

    options = dict(parser="lalr", lexer="basic", postlex=_Indenter(), start=["file_input", "expr_input"],
                   propagate_positions=True, maybe_placeholders=True)
    try:   # the LALR tables are cached in the temp dir (as for ag.lark): building them costs ~0.2 s
        return Lark(_grammar_text(), cache=True, **options)
    except OSError:  # an unwritable temp dir only costs the cache
        return Lark(_grammar_text(), **options)


def _indenter_base():
    from lark.indenter import PythonIndenter
    return PythonIndenter


class _Indenter:
    """PythonIndenter, plus: a keyword outside the subset stops with an error naming it."""

    def __init__(self):
        self._inner = _indenter_base()()
        self.always_accept = self._inner.always_accept

    def process(self, stream):
        for tok in self._inner.process(stream):
            if tok.type == "REFUSED_KW":
                raise AgError(_refused_message(str(tok)), pos_at(tok.line, tok.column))
            yield tok


REFUSALS = {
    "while": "a `while` loop is not part of the TensorFlow snippet subset: use `for _ in range(N):` "
             "(or tf.while_loop in a .ag program)",
    "class": "`class` is not part of the TensorFlow snippet subset (use def functions and Keras' "
             "Sequential)",
    "try": "`try`/`except` is not part of the TensorFlow snippet subset",
    "except": "`try`/`except` is not part of the TensorFlow snippet subset",
    "finally": "`try`/`finally` is not part of the TensorFlow snippet subset",
    "global": "`global` is not part of the TensorFlow snippet subset",
    "nonlocal": "`nonlocal` is not part of the TensorFlow snippet subset",
    "assert": "`assert` is not part of the TensorFlow snippet subset",
    "raise": "`raise` is not part of the TensorFlow snippet subset",
    "yield": "`yield` (generators) is not part of the TensorFlow snippet subset",
    "await": "`await` (async code) is not part of the TensorFlow snippet subset",
    "async": "`async` code is not part of the TensorFlow snippet subset",
}


def _refused_message(word: str) -> str:
    return REFUSALS.get(word, f"`{word}` is not part of the TensorFlow snippet subset")


def parse_snippet(source: str) -> Snippet:
    """Parse a snippet (raises AgError at the first problem, with its position)."""
    from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

    text = source if source.endswith("\n") else source + "\n"
    try:
        tree = _parser().parse(text, start="file_input")
        statements = _ToTree(text).transform(tree)
    except AgError:
        raise
    except UnexpectedToken as exc:
        raise _syntax_error(exc, text) from None
    except UnexpectedCharacters as exc:
        raise AgError(f"unexpected character {text[exc.pos_in_stream]!r}" if exc.pos_in_stream < len(text)
                      else "unexpected end of file", pos_at(exc.line, exc.column)) from None
    except UnexpectedInput as exc:
        raise AgError("syntax error", pos_at(getattr(exc, "line", 1), getattr(exc, "column", 1))) from None
    except RecursionError:
        raise AgError("the snippet nests too deeply to parse") from None
    except LarkError as exc:
        inner = getattr(exc, "orig_exc", None)
        if isinstance(inner, AgError):
            raise inner from None
        if isinstance(inner, RecursionError):
            raise AgError("the snippet nests too deeply to parse") from None
        raise AgError(f"syntax error: {str(exc).splitlines()[0]}") from None
    return Snippet(source, statements)


def _syntax_error(exc, text) -> AgError:
    tok = exc.token
    line, col = getattr(tok, "line", None), getattr(tok, "column", None)
    if tok.type == "$END":
        lines = text.splitlines()
        return AgError("unexpected end of file", pos_at(max(len(lines), 1), len(lines[-1]) + 1 if lines else 1))
    if tok.type == "_INDENT":
        return AgError("unexpected indent", pos_at(line or 1, col or 1))
    if tok.type == "_DEDENT":
        return AgError("unindent does not match what the block expects", pos_at(line or 1, col or 1))
    if tok.type == "_NEWLINE":
        shown = "end of line"
    else:
        shown = repr(str(tok))
    expected = sorted(_describe_terminal(t) for t in exc.expected if not t.startswith("_"))[:8]
    hint = f"; expected {', '.join(expected)}" if expected else ""
    if str(tok) in ("lambda",):
        hint = ""
    return AgError(f"invalid syntax: unexpected {shown}{hint}", pos_at(line or 1, col or 1))


_TERMINALS = {"NAME": "a name", "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'",
              "LBRACE": "'{'", "RBRACE": "'}'", "COLON": "':'", "COMMA": "','", "EQUAL": "'='",
              "DEC_NUMBER": "a number", "FLOAT_NUMBER": "a number", "STRING": "a string",
              "DOT": "'.'", "IN": "'in'", "AS": "'as'", "IMPORT": "'import'"}


def _describe_terminal(name: str) -> str:
    return _TERMINALS.get(name, name.lower())


def parse_fstring_expr(text: str, line: int, col: int, offset: int) -> Expr:
    """One `{...}` field of an f-string, positioned where it sits in the file."""
    from lark.exceptions import UnexpectedInput

    try:
        tree = _parser().parse(text.strip() + "\n", start="expr_input")
    except UnexpectedInput:
        raise AgError(f"invalid expression in f-string: {text.strip()!r}", pos_at(line, col)) from None
    lead = len(text) - len(text.lstrip())
    return _ToTree(text.strip() + "\n", line_base=line, col_base=col + lead, offset_base=offset + lead).transform(tree)


def _lark_transformer():
    from lark import Transformer, v_args

    @v_args(meta=True)
    class T(Transformer):
        def __init__(self, text, line_base=1, col_base=1, offset_base=0):
            super().__init__(visit_tokens=False)
            self.text = text
            self.line_base, self.col_base, self.offset_base = line_base, col_base, offset_base

        # positions ----------------------------------------------------
        def p(self, line, col):
            if line == 1:
                return pos_at(self.line_base, col + self.col_base - 1)
            return pos_at(line + self.line_base - 1, col)

        def mp(self, meta):
            return self.p(meta.line, meta.column)

        def tp(self, tok):
            return self.p(tok.line, tok.column)

        def span(self, meta):
            return meta.start_pos + self.offset_base, meta.end_pos + self.offset_base

        def mk(self, cls, meta, *args):
            start, end = self.span(meta)
            return cls(self.mp(meta), start, end, 0, *args)

        # statements ---------------------------------------------------
        def file_input(self, meta, children):
            out = []
            for c in children:
                if isinstance(c, list):
                    out.extend(c)
                elif c is not None:
                    out.append(c)
            return out

        def expr_input(self, meta, children):
            return children[0]

        def simple_stmt(self, meta, children):
            out = []
            for c in children:
                if isinstance(c, list):
                    out.extend(c)
                elif c is not None:
                    out.append(c)
            return out

        def suite(self, meta, children):
            out = []
            for c in children:
                if isinstance(c, list):
                    out.extend(c)
                elif c is not None:
                    out.append(c)
            return out

        def assign_stmt(self, meta, children):
            return Assign(self.mp(meta), children[:-1], children[-1])

        def augassign_stmt(self, meta, children):
            target, op, value = children
            return AugAssign(self.mp(meta), target, str(op)[:-1], value)

        def expr_stmt(self, meta, children):
            return ExprStmt(self.mp(meta), children[0])

        def del_stmt(self, meta, children):
            t = children[0]
            return Del(self.mp(meta), t.items if isinstance(t, TupleExpr) else [t])

        def pass_stmt(self, meta, children):
            return Pass(self.mp(meta))

        def break_stmt(self, meta, children):
            return Break(self.mp(meta))

        def continue_stmt(self, meta, children):
            return Continue(self.mp(meta))

        def return_stmt(self, meta, children):
            return Return(self.mp(meta), children[0])

        def refused(self, meta, children):
            raise AgError(_refused_message(str(children[0])), self.mp(meta))

        def dotted_name(self, meta, children):
            return ".".join(str(c) for c in children)

        def dotted_as_name(self, meta, children):
            return (children[0], None if children[1] is None else str(children[1]))

        def import_as_name(self, meta, children):
            return (str(children[0]), None if children[1] is None else str(children[1]))

        def import_list(self, meta, children):
            if len(children) == 1 and not isinstance(children[0], tuple) and children[0] is not None \
                    and getattr(children[0], "type", "") == "MUL_OP":
                return "*"
            return [c for c in children if isinstance(c, tuple)]

        def import_name(self, meta, children):
            return [Import(self.mp(meta), module, [], alias) for module, alias in children]

        def import_from(self, meta, children):
            module, names = children
            if names == "*":
                return Import(self.mp(meta), module, [], None, star=True)
            return Import(self.mp(meta), module, names, None)

        def if_stmt(self, meta, children):
            test, body, *rest = children
            orelse = rest.pop() if rest else None
            branches = [(test, body)] + [c for c in rest if c is not None]
            return If(self.mp(meta), branches, orelse or [])

        def elif_part(self, meta, children):
            return (children[0], children[1])

        def for_stmt(self, meta, children):
            target, it, body, orelse = children
            return For(self.mp(meta), target, it, body, orelse or [])

        def with_stmt(self, meta, children):
            return With(self.mp(meta), children[:-1], children[-1])

        def with_item(self, meta, children):
            return (children[0], None if children[1] is None else str(children[1]), self.mp(meta))

        def funcdef(self, meta, children):
            name, params, _ret, body = children
            return FuncDef(self.mp(meta), str(name), params or [], body)

        def parameters(self, meta, children):
            return list(children)

        def param(self, meta, children):
            name, _annotation, default = children
            return (str(name), default, self.tp(name))

        # expressions ----------------------------------------------------
        def test_tuple(self, meta, children):
            return self.mk(TupleExpr, meta, [c for c in children if c is not None])

        target_tuple = test_tuple

        def ifexp(self, meta, children):
            body, test, orelse = children
            return self.mk(IfExp, meta, test, body, orelse)

        def lambdef(self, meta, children):
            params, body = children
            return self.mk(Lambda, meta, params or [], body)

        def lambda_params(self, meta, children):
            return [str(c) for c in children]

        def or_op(self, meta, children):
            return self.mk(BoolOp, meta, "or", children)

        def and_op(self, meta, children):
            return self.mk(BoolOp, meta, "and", children)

        def not_op(self, meta, children):
            return self.mk(Not, meta, children[0])

        def compare(self, meta, children):
            left, rest = children[0], children[1:]
            ops, rights = rest[0::2], rest[1::2]
            return self.mk(Compare, meta, left, ops, rights)

        def comp_op(self, meta, children):
            return " ".join(str(c) for c in children)

        def binop(self, meta, children):
            left, op, right = children
            start, end = self.span(meta)
            return BinOp(self.tp(op), start, end, 0, str(op), left, right)

        def pow(self, meta, children):
            left, _op, right = children
            start, end = self.span(meta)
            return BinOp(self.mp(meta), start, end, 0, "**", left, right)

        def unary(self, meta, children):
            op, operand = children
            return self.mk(Unary, meta, str(op), operand)

        def call(self, meta, children):
            func, arguments = children
            args, kwargs = [], []
            for a in arguments or []:
                if isinstance(a, Keyword):
                    kwargs.append(a)
                else:
                    if kwargs and not isinstance(a, Refused):
                        raise AgError("positional argument follows keyword argument", a.pos)
                    args.append(a)
            start, end = self.span(meta)
            return Call(func.pos if not isinstance(func, Attr) else func.attr_pos, start, end, 0,
                        func, args, kwargs)

        def arguments(self, meta, children):
            return list(children)

        def kwarg(self, meta, children):
            name, value = children
            return Keyword(str(name), value, self.tp(name))

        def genexp_arg(self, meta, children):
            elt, gens = children
            return self.mk(ListComp, meta, elt, gens)

        def star_arg(self, meta, children):
            raise AgError("`*args` / `**kwargs` unpacking in a call is not part of the TensorFlow "
                          "snippet subset", self.mp(meta))

        def index(self, meta, children):
            target, subs = children
            items, tuple_form = subs
            start, end = self.span(meta)
            return Index(target.pos, start, end, 0, target, items, tuple_form)

        def subscriptlist(self, meta, children):
            items = [c for c in children if c is not None]
            text = self.text[meta.start_pos:meta.end_pos] if self.offset_base == 0 else ""
            return items, len(items) > 1 or text.rstrip().endswith(",")

        def slice(self, meta, children):
            lower, upper, stride = (list(children) + [None, None, None])[:3]
            return self.mk(Slice, meta, lower, upper, stride)

        def attr(self, meta, children):
            value, name = children
            start, end = self.span(meta)
            return Attr(self.tp(name), start, end, 0, value, str(name), self.tp(name))

        def empty_tuple(self, meta, children):
            return self.mk(TupleExpr, meta, [])

        def paren_tuple(self, meta, children):
            t = children[0]
            start, end = self.span(meta)
            return TupleExpr(t.pos, start, end, 0, t.items)

        def paren(self, meta, children):
            return children[0]

        def genexp(self, meta, children):
            elt, gens = children
            return self.mk(ListComp, meta, elt, gens)

        def empty_list(self, meta, children):
            return self.mk(ListExpr, meta, [])

        def list(self, meta, children):
            return self.mk(ListExpr, meta, [c for c in children if c is not None])

        def listcomp(self, meta, children):
            elt, gens = children
            return self.mk(ListComp, meta, elt, gens)

        def comp_for(self, meta, children):
            target, it, *ifs = children
            return [Comprehension(target, it, list(ifs))]

        def comp_if(self, meta, children):
            return children[0]

        def empty_dict(self, meta, children):
            return self.mk(DictExpr, meta, [], [])

        def dict(self, meta, children):
            items = [c for c in children if c is not None]
            return self.mk(DictExpr, meta, [k for k, _ in items], [v for _, v in items])

        def dict_item(self, meta, children):
            return (children[0], children[1])

        def set(self, meta, children):
            return self.mk(Refused, meta, "a set literal {...}")

        def name(self, meta, children):
            return self.mk(Name, meta, str(children[0]))

        def const_none(self, meta, children):
            return self.mk(Const, meta, None)

        def const_true(self, meta, children):
            return self.mk(Const, meta, True)

        def const_false(self, meta, children):
            return self.mk(Const, meta, False)

        def ellipsis(self, meta, children):
            return self.mk(Const, meta, Ellipsis)

        def number(self, meta, children):
            text = str(children[0]).replace("_", "")
            try:
                value = _pyast.literal_eval(text)
            except (ValueError, SyntaxError):
                raise AgError(f"invalid number {text!r}", self.mp(meta)) from None
            return self.mk(Num, meta, value)

        def strings(self, meta, children):
            parts: list = []
            fstring = False
            for tok in children:
                piece = self._string(tok)
                if isinstance(piece, list):
                    fstring = True
                    parts.extend(piece)
                else:
                    parts.append(piece)
            if not fstring:
                return self.mk(Str, meta, "".join(parts))
            merged: list = []
            for piece in parts:
                if isinstance(piece, str) and merged and isinstance(merged[-1], str):
                    merged[-1] += piece
                elif piece != "":
                    merged.append(piece)
            return self.mk(FStr, meta, merged)

        def _string(self, tok):
            raw = str(tok)
            prefix = ""
            while raw and raw[0] not in "'\"":
                prefix += raw[0].lower()
                raw = raw[1:]
            if "b" in prefix:
                raise AgError("bytes literals are not part of the TensorFlow snippet subset", self.tp(tok))
            if "f" not in prefix:
                try:
                    return _pyast.literal_eval(prefix.replace("u", "") + raw)
                except (ValueError, SyntaxError):
                    raise AgError("invalid string literal", self.tp(tok)) from None
            quote = 3 if raw[:3] in ('"""', "'''") else 1
            body = raw[quote:-quote]
            body_offset = tok.start_pos + len(prefix) + quote
            return self._fparts(body, "r" in prefix, tok, body_offset)

        def _fparts(self, body, raw, tok, body_offset):
            """Split an f-string body into text and {fields} (positions kept for errors)."""
            parts: list = []
            i, n, text = 0, len(body), ""
            while i < n:
                ch = body[i]
                if ch == "{" and body[i + 1:i + 2] == "{":
                    text += "{"
                    i += 2
                    continue
                if ch == "}" and body[i + 1:i + 2] == "}":
                    text += "}"
                    i += 2
                    continue
                if ch == "}":
                    raise AgError("f-string: single '}' is not allowed", self._at(tok, body_offset + i))
                if ch != "{":
                    text += ch
                    i += 1
                    continue
                if text:
                    parts.append(self._unescape(text, raw, tok))
                    text = ""
                field, i = self._field(body, i + 1, raw, tok, body_offset)
                parts.append(field)
            if text:
                parts.append(self._unescape(text, raw, tok))
            return parts

        def _field(self, body, i, raw, tok, body_offset):
            depth, j, quote = 0, i, None
            n = len(body)
            while j < n:
                ch = body[j]
                if quote:
                    if ch == quote:
                        quote = None
                elif ch in "'\"":
                    quote = ch
                elif ch in "([{":
                    depth += 1
                elif ch in ")]}":
                    if depth == 0 and ch == "}":
                        break
                    depth -= 1
                elif depth == 0 and (ch in ":!" and body[j:j + 2] != "!="):
                    break
                j += 1
            expr_text = body[i:j]
            debug = False
            if expr_text.rstrip().endswith("=") and not expr_text.rstrip().endswith(("==", "!=", "<=", ">=")):
                debug = True
                expr_text = expr_text.rstrip()[:-1]
            if not expr_text.strip():
                raise AgError("f-string: empty expression not allowed", self._at(tok, body_offset + i))
            line, col = self._line_col(body_offset + i)
            value = parse_fstring_expr(expr_text, line, col, body_offset + i)
            conversion, spec = "", []
            if j < n and body[j] == "!":
                conversion = body[j + 1:j + 2]
                j += 2
            if j < n and body[j] == ":":
                k, depth2 = j + 1, 0
                while k < n and not (body[k] == "}" and depth2 == 0):
                    if body[k] == "{":
                        depth2 += 1
                    elif body[k] == "}":
                        depth2 -= 1
                    k += 1
                spec = self._fparts(body[j + 1:k], raw, tok, body_offset + j + 1)
                j = k
            if j >= n or body[j] != "}":
                raise AgError("f-string: expecting '}'", self._at(tok, body_offset + i))
            return FField(value, conversion, spec, body[i:j].split("!")[0].split(":")[0], debug), j + 1

        def _unescape(self, text, raw, tok):
            if raw:
                return text
            try:
                return _pyast.literal_eval('"""' + text.replace('"', '\\"') + ' """')[:-1]
            except (ValueError, SyntaxError):
                raise AgError("invalid escape in string", self.tp(tok)) from None

        def _line_col(self, offset):
            local = offset - self.offset_base
            before = self.text[:local]
            line = before.count("\n") + 1
            col = local - (before.rfind("\n") + 1) + 1
            return (self.line_base + line - 1, (col + self.col_base - 1) if line == 1 else col)

        def _at(self, tok, offset):
            return pos_at(*self._line_col(offset))

    return T


_T = None


def _ToTree(text, line_base=1, col_base=1, offset_base=0):
    global _T
    if _T is None:
        _T = _lark_transformer()
    return _T(text, line_base, col_base, offset_base)
