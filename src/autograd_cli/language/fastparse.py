"""A quick parser for well-formed programs; the Lark grammar stays the reference.

Lark's LALR parser costs about 8 µs per token in Python, most of a 10,000-statement
program's time. This recursive-descent parser follows grammars/ag.lark rule for
rule and builds the tree with the SAME callbacks (`tree.CALLBACKS`), so positions,
offsets, depths and texts are made by one piece of code. It only ever accepts:
at anything unexpected (a syntax error, a name it cannot classify the way Lark's
contextual lexer would, deep nesting, an error raised by a callback) it gives up
with `Unsupported` and `syntax.parse` runs Lark, whose result and error messages
are the reference. tests/language/test_fastparse.py checks both give the same trees.
"""
from __future__ import annotations

import re
from sys import intern

from autograd_cli.support.errors import AgError

MAX_DEPTH = 150   # deeper nesting goes to Lark (it does not recurse)

_TOKEN = re.compile(r"""
 (?P<WS>[ \t\f]+|\#[^\n]*)
|(?P<NL>\r?\n)
|(?P<NUMBER>(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)(?:[eE][+-]?[0-9]+)?)
|(?P<CONST_KW>(?:None|True|False)(?![A-Za-z0-9_]))
|(?P<NAME>[A-Za-z_][A-Za-z0-9_]*)
|(?P<STRING>"[^"\\\n]*(?:\\.[^"\\\n]*)*"|'[^'\\\n]*(?:\\.[^'\\\n]*)*')
|(?P<OP>\*\*|//|<=|>=|==|!=|\.\.\.|[<>+\-*/%@=(),\[\]:;.])
""", re.X)

_KINDS = {"<": "COMPARE", "<=": "COMPARE", ">": "COMPARE", ">=": "COMPARE", "==": "COMPARE",
          "!=": "COMPARE", "...": "ELLIPSIS", "+": "ADD_OP", "-": "ADD_OP", "*": "MUL_OP", "/": "MUL_OP", "@": "MUL_OP",
          "//": "MUL_OP", "%": "MUL_OP"}


class Unsupported(Exception):
    """Not something this parser handles: let Lark parse it. `offset`: where the statement
    it stopped in starts (every statement before it is well formed), so a syntax error at
    the end of a large file need not make Lark parse the whole file to find it."""

    offset = 0


class Tok:
    """A token with what the tree callbacks read from lark.Token (str(), float(), positions)."""

    __slots__ = ("text", "type", "line", "column", "start_pos", "end_pos")

    def __init__(self, text, kind, line, column, start_pos, end_pos):
        self.text, self.type, self.line, self.column = text, kind, line, column
        self.start_pos, self.end_pos = start_pos, end_pos

    def __str__(self):
        return self.text

    def __float__(self):
        return float(self.text)


def tokens(source: str):
    """The tokens, made as the parser asks for them (a program's tokens never all exist at once)."""
    line, line_start, depth = 1, 0, 0
    pos, n = 0, len(source)
    match = _TOKEN.match
    while pos < n:
        m = match(source, pos)
        if m is None:
            raise Unsupported
        kind, end = m.lastgroup, m.end()
        if kind == "WS":
            pos = end
            continue
        if kind == "NL":
            if depth == 0:
                yield Tok("\n", "_NL", line, pos - line_start + 1, pos, end)
            line += 1
            pos = line_start = end
            continue
        text = m.group()
        if kind == "OP":
            kind = _KINDS.get(text, text)
            if text in "([":
                depth += 1
            elif text in ")]":
                depth -= 1
                if depth < 0:
                    raise Unsupported
        elif kind == "NAME":
            if text == "def":
                kind = "DEF"
            elif text in ("import", "from", "as"):
                kind = "KEYWORD"        # an import's words; anywhere else Lark reads them (as names)
            text = intern(text)         # one string per distinct name
        yield Tok(text, kind, line, pos - line_start + 1, pos, end)
        pos = end
    if depth:
        raise Unsupported
    while True:
        yield Tok("", "$END", line, pos - line_start + 1, pos, pos)


def parse_statements(source: str, t) -> list:
    """Statements of a well-formed program, built by the callbacks `t` (tree.CALLBACKS)."""
    parser = None
    try:
        parser = _Parser(tokens(source), t)
        return parser.program()
    except (Unsupported, AgError, IndexError, RecursionError):
        stop = Unsupported()
        stop.offset = parser.stmt_start if parser is not None else 0
        raise stop from None


class _Parser:
    def __init__(self, toks, t):
        self.next_tok = toks.__next__
        self.cur = self.next_tok()      # the current token
        self.ahead = None               # the one after it, once looked at
        self.t = t
        self.depth = 0
        self.stmt_start = 0             # offset of the statement being parsed

    # ------------------------------------------------------------ helpers

    def peek(self, k=0):
        if k == 0:
            return self.cur
        if self.ahead is None:
            self.ahead = self.next_tok()
        return self.ahead

    def advance(self):
        if self.ahead is not None:
            self.cur, self.ahead = self.ahead, None
        else:
            self.cur = self.next_tok()

    def take(self, kind=None):
        tok = self.cur
        if kind is not None and tok.type != kind:
            raise Unsupported
        self.advance()
        return tok

    def at(self, kind) -> bool:
        return self.cur.type == kind

    # ------------------------------------------------------------ statements

    def program(self):
        statements = []
        while True:
            if self.at("$END"):
                return statements
            if self.at("_NL") or self.at(";"):
                self.advance()
                continue
            self.stmt_start = self.cur.start_pos
            statements.append(self.statement())
            if not (self.at("_NL") or self.at(";") or self.at("$END")):
                raise Unsupported

    def statement(self):
        t = self.t
        tok = self.peek()
        if tok.type == "KEYWORD":
            return self.import_statement()
        if tok.type == "DEF":
            self.advance()
            name = self.take("NAME")
            self.take("(")
            params = []
            if self.at("NAME"):
                params.append(self.take())
                while self.at(","):
                    self.advance()
                    params.append(self.take("NAME"))
            self.take(")")
            self.take("=")
            body = self.expr()
            grad = [None, None, None]
            if self.at("NAME") and self.cur.text == "grad":    # custom_gradient: grad(dy) = expr
                kw = self.take()
                self.take("(")
                dy = self.take("NAME")
                self.take(")")
                self.take("=")
                grad = [kw, dy, self.expr()]
            return t.funcdef([name, *(params or [None]), body, *grad])
        if tok.type == "NAME":
            nxt = self.peek(1).type
            if nxt == "=":
                self.advance()
                self.advance()
                return t.assign([tok, self.expr()])
            if nxt == ",":
                names = [self.take()]
                while self.at(","):
                    self.advance()
                    names.append(self.take("NAME"))
                self.take("=")
                return t.unpack([*names, self.expr()])
        return t.expr_stmt([self.expr()])

    def import_statement(self):
        """`import a.b [as c]` and `from a.b import c [as d]`."""
        t = self.t
        word = self.take("KEYWORD").text
        if word == "import":
            module = self.dotted()
            return t.import_name([module, self.alias()])
        if word != "from":
            raise Unsupported
        module = self.dotted()
        if not (self.at("KEYWORD") and self.take().text == "import"):
            raise Unsupported
        name = self.take("NAME")
        return t.import_from([module, name, self.alias()])

    def dotted(self):
        parts = [self.take("NAME")]
        while self.at("."):
            self.advance()
            parts.append(self.take("NAME"))
        return self.t.dotted(parts)

    def alias(self):
        if not self.at("KEYWORD"):
            return None
        if self.take().text != "as":
            raise Unsupported
        return self.take("NAME")

    # ------------------------------------------------------------ expressions

    def expr(self):
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise Unsupported
        left = self.sum()
        if self.at("COMPARE"):
            op = self.take()
            left = self.t.compare([left, op, self.sum()])
            if self.at("COMPARE"):
                raise Unsupported
        self.depth -= 1
        return left

    def sum(self):
        left = self.term()
        while self.at("ADD_OP"):
            op = self.take()
            left = self.t.binop([left, op, self.term()])
        return left

    def term(self):
        left = self.factor()
        while self.at("MUL_OP"):
            op = self.take()
            left = self.t.binop([left, op, self.factor()])
        return left

    def factor(self):
        if self.at("ADD_OP"):
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise Unsupported
            op = self.take()
            node = self.t.unary([op, self.factor()])
            self.depth -= 1
            return node
        return self.power()

    def power(self):
        base = self.postfix()
        if self.at("**"):
            self.advance()
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise Unsupported
            base = self.t.pow([base, self.factor()])
            self.depth -= 1
        return base

    def postfix(self):
        t = self.t
        tok = self.peek()
        if tok.type == "NAME" and self.peek(1).type == "(":
            self.advance()
            self.advance()
            args = None if self.at(")") else self.args()
            node = t.call([tok, args, self.take(")")])
        else:
            node = self.atom()
        while True:
            if self.at("["):
                self.advance()
                subs = self.subscripts()
                node = t.index([node, subs, self.take("]")])
            elif self.at("."):      # value.attr, and a call of it: tf.reduce_sum(x), w.assign(v)
                self.advance()
                node = t.attr([node, self.take("NAME")])
                if self.at("("):
                    self.advance()
                    args = None if self.at(")") else self.args()
                    node = t.call([node, args, self.take(")")])
            else:
                return node

    def args(self):
        items = [self.arg()]
        while self.at(","):
            self.advance()
            if self.at(")"):
                break
            items.append(self.arg())
        return self.t.args(items)

    def arg(self):
        if self.at("NAME") and self.peek(1).type == "=":
            name = self.take()
            self.advance()
            return self.t.kwarg([name, self.expr()])
        return self.expr()

    def subscripts(self):
        items = [self.subscript()]
        while self.at(","):
            self.advance()
            if self.at("]"):
                break
            items.append(self.subscript())
        return self.t.subscripts(items)

    def subscript(self):
        if self.at("ELLIPSIS"):
            return self.t.ellipsis([self.take()])
        lower = None if self.at(":") else self.expr()
        if not self.at(":"):
            return lower
        self.advance()
        upper = None if self.peek().type in (":", ",", "]") else self.expr()
        stride = None
        if self.at(":"):
            self.advance()
            stride = None if self.peek().type in (",", "]") else self.expr()
        return self.t.slice([lower, upper, stride])

    def atom(self):
        t = self.t
        tok = self.take()
        kind = tok.type
        if kind == "NUMBER":
            return t.number([tok])
        if kind == "NAME":
            return t.name([tok])
        if kind == "STRING":
            return t.string([tok])
        if kind == "CONST_KW":
            return t.keyword_const([tok])
        if kind == "(":
            inner = self.expr()
            return t.paren([tok, inner, self.take(")")])
        if kind == "[":
            items = []
            if not self.at("]"):
                items.append(self.expr())
                while self.at(","):
                    self.advance()
                    if self.at("]"):
                        break
                    items.append(self.expr())
            return t.list([tok, *(items or [None]), self.take("]")])
        raise Unsupported
