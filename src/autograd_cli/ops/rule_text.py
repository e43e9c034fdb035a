"""An op row's gradient rule written out as a formula, by running the rule itself on
names instead of nodes (as a jaxpr is printed by tracing): `sin`'s rule
`g.multiply(dy, g.cos(n.inputs[0]))` reads `dx = grad * cos(x)`. `grad` is the
incoming gradient, `out` the op's result, the inputs are named by the row's `args`.
The text is what the rule computes, so it cannot drift from it; the reference
(`autograd-cli functions`) shows it for elementwise rows."""
from __future__ import annotations

INFIX = {"add": ("+", 5), "subtract": ("-", 5), "multiply": ("*", 6), "divide": ("/", 6)}
MAX_TEXT = 90      # longer formulas say less than the words the row's doc would


class Term:
    """A formula being built: its text and the precedence of its outermost operator."""

    def __init__(self, text: str, precedence: int = 9):
        self.text, self.precedence = text, precedence

    def __str__(self):
        return self.text

    def within(self, precedence: int) -> str:
        return f"({self.text})" if self.precedence < precedence else self.text


class _Result(Term):
    """The node a rule differentiates: `out`, with its inputs named."""

    def __init__(self, names):
        super().__init__("out")
        self.inputs = [Term(n) for n in names]
        self.params = {}          # rules of elementwise rows read params by name (alpha)


class _ParamNames(dict):
    def __missing__(self, key):
        return Term(key)


def _shown(value) -> str:
    if isinstance(value, Term):
        return value.text
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


class _Writer:
    """Stands where a rule expects the graph builder: each op call becomes text."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)

        def call(*args, **params):
            if name in INFIX and len(args) == 2 and not params:
                symbol, precedence = INFIX[name]
                right = precedence + (name in ("subtract", "divide"))
                return Term(f"{_term(args[0]).within(precedence)} {symbol} {_term(args[1]).within(right)}",
                            precedence)
            if name == "negative" and len(args) == 1:
                return Term(f"-{_term(args[0]).within(7)}", 7)
            if name == "const" and len(args) == 1:
                return Term(_shown(args[0]))
            if name == "square" and len(args) == 1:
                return Term(f"{_term(args[0]).within(8)}**2", 8)
            inner = ", ".join([_shown(a) for a in args] + [f"{k}={_shown(v)}" for k, v in params.items()])
            return Term(f"{name}({inner})")
        return call


def _term(value) -> Term:
    return value if isinstance(value, Term) else Term(_shown(value))


def rule_formulas(op) -> list[tuple[str, str | None]] | None:
    """[(input name, formula or None where no gradient flows)] for an elementwise row with
    named inputs, or None where the rule cannot be written this way."""
    names = op.args
    if not op.elementwise or op.vjp is None or not names:
        return None
    found = []
    for i, name in enumerate(names):
        rule = op.input_vjp(i)
        if rule is None:
            found.append((name, None))
            continue
        result = _Result(names)
        result.params = _ParamNames()
        try:
            text = _term(rule(_Writer(), result, Term("grad"))).text
        except Exception:  # noqa: BLE001 - a rule that needs real nodes (shapes, values): no formula
            return None
        if len(text) > MAX_TEXT or "shape" in text:
            return None
        found.append((name, text))
    return found


def rule_text(op) -> str | None:
    formulas = rule_formulas(op)
    if formulas is None:
        return None
    return "; ".join(f"d{name} = {text}" if text is not None else f"d{name}: None" for name, text in formulas)
