"""Source text -> syntax tree (language/tree.py) with positions. Nothing here knows what a
name means, and nothing is kept between parses.

The Lark LALR parser runs the tree's callbacks while it reduces (a parse-time transformer),
so no Lark tree is built and nothing recurses per nesting level.
"""
from __future__ import annotations

import re
import threading

from autograd_cli.language.grammars import grammar_text
from autograd_cli.language.tree import CALLBACKS, Expr, ExprStmt, FuncDef, Keyword, Program
from autograd_cli.support.errors import AgError, Pos
from autograd_cli.support.limits import limit, over


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


_PER_THREAD = threading.local()


def _parser():
    """Lark and its post-lexer, one pair per thread: the post-lexer remembers the open
    brackets of the parse in progress (for the error), so two parses never share one."""
    made = getattr(_PER_THREAD, "parser", None)
    if made is None:
        made = _PER_THREAD.parser = _make_parser()
    return made


def _make_parser():
    from lark import Lark  # deferred: keeps `import autograd_cli` light

    postlex = _BracketNewlines()
    try:
        lark = Lark(grammar_text("ag.lark"), parser="lalr", lexer="contextual", postlex=postlex,
                    transformer=CALLBACKS, maybe_placeholders=True, cache=True)
    except OSError:  # an unwritable temp dir only costs the cache
        lark = Lark(grammar_text("ag.lark"), parser="lalr", lexer="contextual", postlex=postlex,
                    transformer=CALLBACKS, maybe_placeholders=True)
    return lark, postlex


def parse(source: str) -> Program:
    """Parse a whole program; raises AgError with a position on any syntax error."""
    from autograd_cli.language.fastparse import Unsupported, parse_statements

    size = len(source.encode("utf-8", "surrogatepass")) if len(source) * 4 > limit("MAX_PROGRAM_BYTES") else 0
    if size > limit("MAX_PROGRAM_BYTES"):
        raise over("MAX_PROGRAM_BYTES", "the program is too large", size, "bytes")
    if "\r" in source:  # a lone CR ends a line too (old Mac files); same length, same offsets
        source = re.sub("\r(?!\n)", "\n", source)
    try:  # well-formed programs: the quick parser (same tree, same callbacks)
        return finish(source, parse_statements(source, CALLBACKS))
    except Unsupported as stop:
        start = stop.offset  # anything else: Lark, the reference (and its error messages)
    if start > 0:
        _lark_suffix(source, start)   # raises the error if there is one in the suffix
    from lark.exceptions import UnexpectedInput

    lark, postlex = _parser()
    try:
        statements = lark.parse(source)
    except UnexpectedInput as exc:
        raise _syntax_error(exc, source, postlex.open_brackets) from None
    return finish(source, [s for s in statements if s is not None])


def finish(source: str, statements: list) -> Program:
    """The parsed statements as a Program: each expression statement's text (its output's
    name) read from the source, and no expression nested deeper than MAX_NESTING."""
    deepest = limit("MAX_NESTING")
    for stmt in statements:
        if isinstance(stmt, ExprStmt):
            stmt.text = source[stmt.value.start:stmt.value.end].strip()
            roots = (stmt.value,)
        else:
            roots = (stmt.body, stmt.grad_body) if isinstance(stmt, FuncDef) else (getattr(stmt, "value", None),)
        for root in roots:
            if isinstance(root, Expr) and root.depth > deepest:
                _too_deep(root, deepest)
    return Program(source=source, statements=statements)


def _too_deep(node, deepest: int):
    """The error for the first expression (leftmost, innermost) nested deeper than `deepest`,
    located at its first operand."""
    while True:
        exprs = [c.value if isinstance(c, Keyword) else c for c in node.children()]
        over_limit = next((c for c in exprs if isinstance(c, Expr) and c.depth > deepest), None)
        if over_limit is None:
            first = next(c for c in exprs if isinstance(c, Expr))
            raise over("MAX_NESTING", "expression nested too deeply", node.depth, "levels", first.pos)
        node = over_limit


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
    try:
        finish(text, [s for s in lark.parse(text) if s is not None])
    except UnexpectedInput as exc:
        error = _syntax_error(exc, text, postlex.open_brackets)
    except AgError as exc:
        error = exc
    else:
        return  # well formed after all (the quick parser stopped for another reason)
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
