"""Source text -> syntax tree with positions. Nothing here knows what a name means.

The Lark LALR parser runs our `_ToAst` callbacks while it reduces (a parse-time
transformer), so no Lark tree is built and nothing recurses per nesting level.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

from ..errors import AgError, Pos, pos_at
from .grammars import grammar_text
from ..limits import MAX_NESTING, limit, over  # noqa: F401 (MAX_NESTING: the default depth


# ---------------------------------------------------------------- syntax tree

@dataclass(eq=False, slots=True)
class Expr:
    pos: Pos            # where errors about this expression point
    start: int          # source offsets of the whole expression
    end: int
    depth: int


@dataclass(eq=False, slots=True)
class Num(Expr):
    value: float
    text: str


@dataclass(eq=False, slots=True)
class Str(Expr):
    value: str


@dataclass(eq=False, slots=True)
class Const(Expr):
    value: object       # None, True or False


@dataclass(eq=False, slots=True)
class Name(Expr):
    id: str


@dataclass(eq=False, slots=True)
class ListExpr(Expr):
    items: list


@dataclass(eq=False, slots=True)
class BinOp(Expr):
    op: str             # + - * / // % @ ** < <= > >= == !=
    left: Expr
    right: Expr


@dataclass(eq=False, slots=True)
class Unary(Expr):
    op: str             # + or -
    operand: Expr


@dataclass(eq=False, slots=True)
class Keyword:
    name: str
    value: Expr
    pos: Pos


@dataclass(eq=False, slots=True)
class Call(Expr):
    func: str
    args: list
    kwargs: list        # [Keyword]


@dataclass(eq=False, slots=True)
class Slice(Expr):
    lower: Expr | None
    upper: Expr | None
    stride: Expr | None


@dataclass(eq=False, slots=True)
class Index(Expr):
    target: Expr
    subscripts: list    # [Expr | Slice]


@dataclass(eq=False, slots=True)
class Stmt:
    pos: Pos


@dataclass(eq=False, slots=True)
class Assign(Stmt):
    targets: list       # [str]; more than one means unpacking
    target_pos: list    # [Pos]
    value: Expr


@dataclass(eq=False, slots=True)
class FuncDef(Stmt):
    name: str
    params: list        # [str]
    param_pos: list
    body: Expr
    grad_param: str | None = None    # custom_gradient: `grad(dy) = expr`
    grad_body: Expr | None = None


@dataclass(eq=False, slots=True)
class ExprStmt(Stmt):
    value: Expr
    text: str           # source text, used as the output's name


@dataclass
class Program:
    source: str
    statements: list = field(default_factory=list)


# ---------------------------------------------------------------- parser

class _BracketNewlines:
    """Drop newlines inside (...) and [...], remembering open brackets for errors."""

    always_accept = ("_NL",)

    def __init__(self):
        self.open_brackets: list = []

    def process(self, stream):
        self.open_brackets = []
        for tok in stream:
            kind = tok.type
            if kind in ("LPAR", "LSQB"):
                self.open_brackets.append(tok)
            elif kind in ("RPAR", "RSQB"):
                if self.open_brackets:
                    self.open_brackets.pop()
            elif kind == "_NL" and self.open_brackets:
                continue
            yield tok


@functools.lru_cache(maxsize=1)
def _parser():
    from lark import Lark  # deferred: keeps `import autograd_cli` light

    postlex = _BracketNewlines()
    try:
        lark = Lark(grammar_text("ag.lark"), parser="lalr", lexer="contextual", postlex=postlex,
                    transformer=_ToAst(), maybe_placeholders=True, cache=True)
    except OSError:  # an unwritable temp dir only costs the cache
        lark = Lark(grammar_text("ag.lark"), parser="lalr", lexer="contextual", postlex=postlex,
                    transformer=_ToAst(), maybe_placeholders=True)
    return lark, postlex


def parse(source: str) -> Program:
    """Parse a whole program; raises AgError with a position on any syntax error."""
    from .fastparse import Unsupported, parse_statements

    size = len(source.encode("utf-8", "surrogatepass")) if len(source) * 4 > limit("MAX_PROGRAM_BYTES") else 0
    if size > limit("MAX_PROGRAM_BYTES"):
        raise over("MAX_PROGRAM_BYTES", "the program is too large", size, "bytes")
    _ToAst.source = source
    _ToAst.max_nesting = limit("MAX_NESTING")
    try:  # well-formed programs: the quick parser (same tree, same callbacks)
        statements = parse_statements(source, _ToAst())
        return Program(source=source, statements=statements)
    except Unsupported:
        pass  # anything else: Lark, the reference (and its error messages)
    from lark.exceptions import UnexpectedInput

    lark, postlex = _parser()
    _ToAst.source = source
    try:
        statements = lark.parse(source)
    except UnexpectedInput as exc:
        raise _syntax_error(exc, source, postlex.open_brackets) from None
    return Program(source=source, statements=[s for s in statements if s is not None])


# ---------------------------------------------------------------- syntax errors

_WORDS = {
    "NAME": "a name", "NUMBER": "a number", "STRING": "a string", "CONST_KW": "None/True/False",
    "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "COMMA": "','",
    "EQUAL": "'='", "COLON": "':'", "SEMICOLON": "';'", "_NL": "end of line",
    "ADD_OP": "'+' or '-'", "MUL_OP": "'*', '/', '//', '%' or '@'", "COMPARE": "a comparison",
    "__ANON_0": "'**'", "DEF": "'def'", "ELLIPSIS": "'...'", "GRAD": "'grad'", "$END": "end of input",
}


def _describe_expected(expected, open_brackets=()) -> str:
    # LALR's expected sets include tokens of other contexts; drop the impossible ones.
    impossible = {"_NL"} if open_brackets else {"RPAR", "RSQB", "COLON"}
    words = sorted({_WORDS.get(name, name.lower()) for name in expected if name not in impossible})
    starts_expression = {"a name", "a number", "'('", "'['"}
    if starts_expression <= set(words):
        words = ["an expression"] + [w for w in words if w not in starts_expression
                                     and w not in ("a string", "None/True/False", "'+' or '-'")]
    if len(words) > 6:
        words = words[:6] + ["..."]
    return ", ".join(words)


def _syntax_error(exc, source: str, open_brackets) -> AgError:
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    if isinstance(exc, UnexpectedCharacters):
        char = source[exc.pos_in_stream] if exc.pos_in_stream < len(source) else ""
        pos = Pos(exc.line, exc.column)
        if char in "\"'":
            return AgError("unterminated string", pos)
        if char == ".":
            return AgError("unexpected '.': attribute access is not part of the language", pos)
        if char == "\x00":
            return AgError("unexpected NUL character", pos)
        shown = repr(char) if char.isprintable() else f"U+{ord(char):04X}" if char else "end of input"
        return AgError(f"unexpected character {shown}", pos)
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        if token.type == "$END":
            if open_brackets:
                first = open_brackets[-1]
                return AgError(f"'{first}' is never closed", Pos(first.line, first.column))
            line, col = _end_position(source)
            return AgError(f"unexpected end of input; expected {_describe_expected(exc.expected)}",
                           Pos(line, col))
        if open_brackets and token.line > open_brackets[-1].line and not _closed_later(source, token.start_pos):
            first = open_brackets[-1]
            return AgError(f"'{first}' is never closed", Pos(first.line, first.column))
        reserved = _assigned_reserved(source, token)
        if reserved is not None:
            return reserved
        what = {"_NL": "end of line"}.get(token.type, repr(str(token)))
        message = f"unexpected {what}; expected {_describe_expected(exc.expected, open_brackets)}"
        if token.type == "EQUAL" and "EQUAL" not in exc.expected and not open_brackets:
            message = "cannot assign here: the left side of '=' must be a name (use '==' to compare)"
        if token.type == "NAME" and token.start_pos and source[token.start_pos - 1] in "0123456789.":
            start = token.start_pos
            while start > 0 and source[start - 1] in "0123456789.":
                start -= 1
            message = f"malformed number {source[start:token.end_pos][:40]!r}"
            return AgError(message, Pos(token.line, token.column - (token.start_pos - start)))
        if token.type == "COMPARE" and "COMPARE" not in exc.expected:
            message = "comparisons cannot be chained (write them separately)"
        if token.type == "NUMBER" and str(token).startswith("."):
            message = f"malformed number near {str(token)!r}"
        return AgError(message, Pos(token.line or 1, token.column or 1))
    return AgError("syntax error", Pos(getattr(exc, "line", 1) or 1, getattr(exc, "column", 1) or 1))


def _closed_later(source: str, offset: int) -> bool:
    """Whether the innermost bracket open at `offset` is closed somewhere after it."""
    import re

    rest = re.sub(r"\"[^\"\n]*\"|'[^'\n]*'|#[^\n]*", "", source[offset:])
    depth = 0
    for ch in rest:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
            if depth < 0:
                return True
    return False


def _assigned_reserved(source: str, token):
    """`None = 1`, `True, x = ...`, `def = 2`: a reserved word where a name is assigned."""
    if token.type not in ("EQUAL", "COMMA", "LPAR") or token.start_pos is None:
        return None
    line_start = source.rfind("\n", 0, token.start_pos) + 1
    before = source[line_start:token.start_pos]
    stmt_start = max(before.rfind(";"), -1) + 1
    words = before[stmt_start:].replace(",", " ").split()
    targets = token.type != "LPAR" and all(w.isidentifier() for w in words)
    if words and words[-1] in ("None", "True", "False", "def") and targets:
        offset = line_start + stmt_start + before[stmt_start:].rfind(words[-1])
        line = source.count("\n", 0, offset) + 1
        return AgError(f"'{words[-1]}' is reserved and cannot be assigned", Pos(line, offset - line_start + 1))
    return None


def _end_position(source: str) -> tuple[int, int]:
    lines = source.split("\n")
    return len(lines), len(lines[-1]) + 1


# ---------------------------------------------------------------- tree building

def _tok_pos(tok) -> int:
    return pos_at(tok.line, tok.column)


def _nest(*children) -> int:
    depth = 1 + max((c.depth for c in children if isinstance(c, Expr)), default=0)
    if depth > _ToAst.max_nesting:
        first = next(c for c in children if isinstance(c, Expr))
        raise over("MAX_NESTING", "expression nested too deeply", depth, "levels", first.pos)
    return depth


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


class _ToAst:
    """Callbacks named after the grammar's rule aliases (as lark's calc example)."""

    source = ""
    max_nesting = MAX_NESTING

    def __getattr__(self, name):  # lark asks for one callback per rule alias
        raise AttributeError(name)

    # statements
    def start(self, children):
        return children

    def assign(self, c):
        name, value = c
        return Assign(_tok_pos(name), [str(name)], [_tok_pos(name)], value)

    def unpack(self, c):
        *names, value = c
        return Assign(_tok_pos(names[0]), [str(n) for n in names], [_tok_pos(n) for n in names], value)

    def funcdef(self, c):
        name, *params, body, grad_kw, grad_param, grad_body = c
        params = [p for p in params if p is not None]
        return FuncDef(_tok_pos(name), str(name), [str(p) for p in params],
                       [_tok_pos(p) for p in params], body,
                       None if grad_param is None else str(grad_param), grad_body)

    def expr_stmt(self, c):
        (value,) = c
        return ExprStmt(value.pos, value, self.source[value.start:value.end].strip())

    # expressions
    def compare(self, c):
        left, op, right = c
        return BinOp(_tok_pos(op), left.start, right.end, _nest(left, right), str(op), left, right)

    def binop(self, c):
        left, op, right = c
        return BinOp(_tok_pos(op), left.start, right.end, _nest(left, right), str(op), left, right)

    def pow(self, c):
        left, right = c
        return BinOp(left.pos, left.start, right.end, _nest(left, right), "**", left, right)

    def unary(self, c):
        op, operand = c
        return Unary(_tok_pos(op), op.start_pos, operand.end, _nest(operand), str(op), operand)

    def call(self, c):
        name, args, rpar = c
        positional, keywords = [], []
        for a in args or []:
            (keywords if isinstance(a, Keyword) else positional).append(a)
            if isinstance(a, Expr) and keywords:
                raise AgError("positional argument after keyword argument", a.pos)
        values = positional + [k.value for k in keywords]
        return Call(_tok_pos(name), name.start_pos, rpar.end_pos, _nest(*values),
                    str(name), positional, keywords)

    def args(self, c):
        return [a for a in c if a is not None]

    def kwarg(self, c):
        name, value = c
        return Keyword(str(name), value, _tok_pos(name))

    def index(self, c):
        target, subs, rsqb = c
        return Index(target.pos, target.start, rsqb.end_pos, _nest(target, *subs), target, subs)

    def ellipsis(self, c):
        (tok,) = c
        return Const(_tok_pos(tok), tok.start_pos, tok.end_pos, 1, Ellipsis)

    def subscripts(self, c):
        return [s for s in c if s is not None]

    def slice(self, c):
        lower, upper, stride = c
        parts = [p for p in c if p is not None]
        start = parts[0].start if parts else 0
        pos = parts[0].pos if parts else pos_at(0, 0)
        return Slice(pos, start, parts[-1].end if parts else 0, _nest(*parts), lower, upper, stride)

    # atoms
    def number(self, c):
        (tok,) = c
        return Num(_tok_pos(tok), tok.start_pos, tok.end_pos, 1, float(tok), str(tok))

    def string(self, c):
        (tok,) = c
        return Str(_tok_pos(tok), tok.start_pos, tok.end_pos, 1, _unquote(str(tok)))

    def name(self, c):
        (tok,) = c
        return Name(_tok_pos(tok), tok.start_pos, tok.end_pos, 1, str(tok))

    def keyword_const(self, c):
        (tok,) = c
        value = {"None": None, "True": True, "False": False}[str(tok)]
        return Const(_tok_pos(tok), tok.start_pos, tok.end_pos, 1, value)

    def paren(self, c):
        lpar, inner, rpar = c
        inner.start, inner.end = lpar.start_pos, rpar.end_pos
        return inner

    def list(self, c):
        lsqb, *items, rsqb = c
        items = [i for i in items if i is not None]
        return ListExpr(_tok_pos(lsqb), lsqb.start_pos, rsqb.end_pos, _nest(*items), items)
