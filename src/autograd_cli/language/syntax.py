"""Source text -> syntax tree with positions. Nothing here knows what a name means.

The Lark LALR parser runs our `_ToAst` callbacks while it reduces (a parse-time
transformer), so no Lark tree is built and nothing recurses per nesting level.
"""
from __future__ import annotations

import functools
import re

from autograd_cli.support.errors import AgError, Pos, pos_at
from autograd_cli.language.grammars import grammar_text
from autograd_cli.support.limits import MAX_NESTING, limit, over


# ---------------------------------------------------------------- syntax tree
# Plain classes with __slots__ and written-out constructors (as language/snippet.py's):
# a @dataclass costs ~0.2 ms to create at import, and nineteen of them were ~4 ms of every
# `eval`'s start. Equality is identity (they were eq=False). `_fields` lists the
# constructor's parameters in order; repr shows them (tests compare the two parsers' trees
# by repr).

class _Node:
    __slots__ = ()
    _fields: tuple = ()

    def __repr__(self):
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._fields)
        return f"{type(self).__name__}({inner})"


class Expr(_Node):
    __slots__ = _fields = ("pos", "start", "end", "depth")
    # pos: where errors about this expression point; start, end: source offsets of the
    # whole expression

    def __init__(self, pos, start, end, depth):
        self.pos = pos
        self.start = start
        self.end = end
        self.depth = depth


class Num(Expr):
    __slots__ = ("value", "text")
    _fields = Expr._fields + __slots__

    def __init__(self, pos, start, end, depth, value, text):
        self.pos = pos
        self.start = start
        self.end = end
        self.depth = depth
        self.value = value      # float
        self.text = text


class Str(Expr):
    __slots__ = ("value",)
    _fields = Expr._fields + __slots__

    def __init__(self, pos, start, end, depth, value):
        self.pos = pos
        self.start = start
        self.end = end
        self.depth = depth
        self.value = value


class Const(Expr):
    __slots__ = ("value",)
    _fields = Expr._fields + __slots__

    def __init__(self, pos, start, end, depth, value):
        self.pos = pos
        self.start = start
        self.end = end
        self.depth = depth
        self.value = value      # None, True or False (Ellipsis for `...`)


class Name(Expr):
    __slots__ = ("id",)
    _fields = Expr._fields + __slots__

    def __init__(self, pos, start, end, depth, id):  # noqa: A002 (the field's name)
        self.pos = pos
        self.start = start
        self.end = end
        self.depth = depth
        self.id = id


class ListExpr(Expr):
    __slots__ = ("items",)
    _fields = Expr._fields + __slots__

    def __init__(self, pos, start, end, depth, items):
        self.pos = pos
        self.start = start
        self.end = end
        self.depth = depth
        self.items = items


class BinOp(Expr):
    __slots__ = ("op", "left", "right")
    _fields = Expr._fields + __slots__

    def __init__(self, pos, start, end, depth, op, left, right):
        self.pos = pos
        self.start = start
        self.end = end
        self.depth = depth
        self.op = op            # + - * / // % @ ** < <= > >= == !=
        self.left = left
        self.right = right


class Unary(Expr):
    __slots__ = ("op", "operand")
    _fields = Expr._fields + __slots__

    def __init__(self, pos, start, end, depth, op, operand):
        self.pos = pos
        self.start = start
        self.end = end
        self.depth = depth
        self.op = op            # + or -
        self.operand = operand


class Keyword(_Node):
    __slots__ = _fields = ("name", "value", "pos")

    def __init__(self, name, value, pos):
        self.name = name
        self.value = value
        self.pos = pos


class Call(Expr):
    """`func(args)`: func is a name (str) or, for a TensorFlow spelling, an Attr."""
    __slots__ = ("func", "args", "kwargs")
    _fields = Expr._fields + __slots__

    def __init__(self, pos, start, end, depth, func, args, kwargs):
        self.pos = pos
        self.start = start
        self.end = end
        self.depth = depth
        self.func = func        # str | Attr
        self.args = args
        self.kwargs = kwargs    # [Keyword]


class Slice(Expr):
    __slots__ = ("lower", "upper", "stride")
    _fields = Expr._fields + __slots__

    def __init__(self, pos, start, end, depth, lower, upper, stride):
        self.pos = pos
        self.start = start
        self.end = end
        self.depth = depth
        self.lower = lower      # Expr | None, each
        self.upper = upper
        self.stride = stride


class Index(Expr):
    __slots__ = ("target", "subscripts")
    _fields = Expr._fields + __slots__

    def __init__(self, pos, start, end, depth, target, subscripts):
        self.pos = pos
        self.start = start
        self.end = end
        self.depth = depth
        self.target = target
        self.subscripts = subscripts    # [Expr | Slice]


class Attr(Expr):
    """`value.attr`: TensorFlow's spellings (`tf.math`, `x.T`, `w.assign`), resolved by compile/."""
    __slots__ = ("value", "attr")
    _fields = Expr._fields + __slots__

    def __init__(self, pos, start, end, depth, value, attr):
        self.pos = pos
        self.start = start
        self.end = end
        self.depth = depth
        self.value = value
        self.attr = attr


class Stmt(_Node):
    __slots__ = _fields = ("pos",)

    def __init__(self, pos):
        self.pos = pos


class Assign(Stmt):
    __slots__ = ("targets", "target_pos", "value")
    _fields = Stmt._fields + __slots__

    def __init__(self, pos, targets, target_pos, value):
        self.pos = pos
        self.targets = targets          # [str]; more than one means unpacking
        self.target_pos = target_pos    # [Pos]
        self.value = value


class FuncDef(Stmt):
    __slots__ = ("name", "params", "param_pos", "body", "grad_param", "grad_body")
    _fields = Stmt._fields + __slots__

    def __init__(self, pos, name, params, param_pos, body, grad_param=None, grad_body=None):
        self.pos = pos
        self.name = name
        self.params = params            # [str]
        self.param_pos = param_pos
        self.body = body
        self.grad_param = grad_param    # custom_gradient: `grad(dy) = expr`
        self.grad_body = grad_body


class ExprStmt(Stmt):
    __slots__ = ("value", "text")
    _fields = Stmt._fields + __slots__

    def __init__(self, pos, value, text):
        self.pos = pos
        self.value = value
        self.text = text                # source text, used as the output's name


class Import(Stmt):
    """`import tensorflow as tf`: binds `alias` to the module (compile/ declares the prefix)."""
    __slots__ = ("alias", "module")
    _fields = Stmt._fields + __slots__

    def __init__(self, pos, alias, module):
        self.pos = pos
        self.alias = alias
        self.module = module


_NEW_LIST = object()    # Program's default: a fresh list


class Program:
    """A parsed program. Compared by value (source and statements), as the dataclass it was."""

    _fields = ("source", "statements")
    __hash__ = None     # mutable and compared by value: unhashable

    def __init__(self, source, statements=_NEW_LIST):
        self.source = source
        self.statements = [] if statements is _NEW_LIST else statements

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.source, self.statements) == (other.source, other.statements)
        return NotImplemented

    __repr__ = _Node.__repr__


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
    from autograd_cli.language.fastparse import Unsupported, parse_statements

    size = len(source.encode("utf-8", "surrogatepass")) if len(source) * 4 > limit("MAX_PROGRAM_BYTES") else 0
    if size > limit("MAX_PROGRAM_BYTES"):
        raise over("MAX_PROGRAM_BYTES", "the program is too large", size, "bytes")
    if "\r" in source:  # a lone CR ends a line too (old Mac files); same length, same offsets
        source = re.sub("\r(?!\n)", "\n", source)
    _ToAst.source = source
    _ToAst.max_nesting = limit("MAX_NESTING")
    try:  # well-formed programs: the quick parser (same tree, same callbacks)
        statements = parse_statements(source, _ToAst())
        return Program(source=source, statements=statements)
    except Unsupported as stop:
        start = stop.offset  # anything else: Lark, the reference (and its error messages)
    if start > 0:
        _lark_suffix(source, start)   # raises the error if there is one in the suffix
    from lark.exceptions import UnexpectedInput

    lark, postlex = _parser()
    _ToAst.source = source
    try:
        statements = lark.parse(source)
    except UnexpectedInput as exc:
        raise _syntax_error(exc, source, postlex.open_brackets) from None
    return Program(source=source, statements=[s for s in statements if s is not None])


def _lark_suffix(source: str, start: int) -> None:
    """Lark on the statements from offset `start` on (the quick parser accepted all before
    it): a syntax error at the end of a 10 MB file costs the last statement, not the file.
    The prefix is replaced by its last line's width of spaces; positions are moved back."""
    from lark.exceptions import UnexpectedInput

    line_start = source.rfind("\n", 0, start) + 1
    lines_before = source.count("\n", 0, line_start)
    if lines_before == 0 and line_start == 0 and start < 4096:
        return  # nothing worth skipping
    text = " " * (start - line_start) + source[start:]
    lark, postlex = _parser()
    _ToAst.source = text
    try:
        lark.parse(text)
    except UnexpectedInput as exc:
        error = _syntax_error(exc, text, postlex.open_brackets)
    except AgError as exc:
        error = exc
    else:
        return  # well formed after all (the quick parser stopped for another reason)
    finally:
        _ToAst.source = source
    if error.pos is not None:
        error.pos = Pos(error.pos.line + lines_before, error.pos.col)
    raise error


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
        if char == "^":
            return AgError("unexpected character '^': write x ** 2 for a power (^ is not an operator here)", pos)
        return AgError(f"unexpected character {shown}", pos)
    python = _python_statement(exc, source)
    if python is not None:
        return python
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
        if token.type == "NUMBER" and token.start_pos and source[token.start_pos - 1] == "." \
                and token.start_pos >= 2 and source[token.start_pos - 2].isdigit():
            # `1.2.3`: the "." after a number is read as an attribute's dot (TF spellings)
            return AgError(f"malformed number near {source[token.start_pos - 1:token.end_pos]!r}",
                           Pos(token.line, token.column - 1))
        if token.type == "NUMBER" and str(token).startswith("."):
            message = f"malformed number near {str(token)!r}"
        return AgError(message, Pos(token.line or 1, token.column or 1))
    return AgError("syntax error", Pos(getattr(exc, "line", 1) or 1, getattr(exc, "column", 1) or 1))


def _python_statement(exc, source: str):
    """A Python statement (with, for, while, if, ...) where a .ag statement was expected:
    say how to write it in .ag, or that the file could run as a TensorFlow snippet."""
    line = getattr(exc, "line", None)
    if not line:
        return None
    text = (source.splitlines() or [""])[line - 1] if line <= len(source.splitlines()) else ""
    stripped = text.lstrip()
    word = stripped.split(" ", 1)[0].split("(", 1)[0].rstrip(":")
    if word in PYTHON_STATEMENTS and (stripped.rstrip().endswith(":") or word in ("return", "lambda", "class")):
        return AgError(PYTHON_STATEMENTS[word], Pos(line, len(text) - len(stripped) + 1))
    if text[:1] in (" ", "\t") and stripped and (source.splitlines()[line - 2].rstrip().endswith(":")
                                                 if line >= 2 else False):
        return AgError("an indented block is Python, not .ag; this file could run as a TensorFlow snippet "
                       "(save it as .py, or --dialect tf)", Pos(line, len(text) - len(stripped) + 1))
    return None


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
        if isinstance(name, Attr):
            return Call(name.pos, name.start, rpar.end_pos, _nest(name, *values), name, positional, keywords)
        return Call(_tok_pos(name), name.start_pos, rpar.end_pos, _nest(*values),
                    str(name), positional, keywords)

    def attr(self, c):
        value, name = c
        return Attr(pos_at(name.line, max(name.column - 1, 1)), value.start, name.end_pos, _nest(value), value,
                    str(name))

    def dotted(self, c):
        return ".".join(str(t) for t in c), c[0]

    def import_name(self, c):
        (module, tok), alias = c
        top = module.split(".")[0]      # `import a.b` binds a; `import a.b as c` binds c to a.b
        return Import(pos_at(tok.line, tok.column), top if alias is None else str(alias),
                      top if alias is None else module)

    def import_from(self, c):
        (module, tok), name, alias = c
        return Import(pos_at(tok.line, tok.column), str(alias or name), f"{module}.{name}")

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


# ---------------------------------------------------------------- Python statements

PYTHON_STATEMENTS = {
    "with": "a `with` block is not part of .ag: a program has no sessions or tapes, eval computes and prints "
            "every name; this file could run as a TensorFlow snippet (save it as .py, or --dialect tf)",
    "for": "a `for` loop is not part of .ag: `run FILE --steps N` repeats the program (step is the counter); "
           "or run this file as a TensorFlow snippet (save it as .py, or --dialect tf)",
    "while": "a `while` loop is not part of .ag: `run FILE --steps N` repeats the program, while_loop(cond, body, "
             "loop_vars) loops inside it; or run this file as a TensorFlow snippet (--dialect tf)",
    "if": "an `if` statement is not part of .ag: use where(cond, a, b) or cond(pred, true_fn, false_fn); or run "
          "this file as a TensorFlow snippet (--dialect tf)",
    "class": "`class` is not part of .ag (nor of TensorFlow snippets)",
    "return": "`return` is not part of .ag: a def is one expression, `def f(x) = x * x`",
    "lambda": "`lambda` is not part of .ag: write `def f(x) = ...`",
    "try": "`try` is not part of .ag",
}
