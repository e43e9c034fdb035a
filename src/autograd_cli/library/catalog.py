"""The built-in functions as a user reads them: signature, TensorFlow name(s), gradient
note, group. Generated from the registrations (library/functions.py's `builtin`: a
composite's `group=` and `grad=`), the op table rows (`args`, `aliases`, `vjp`, `doc`) and
the TensorFlow package's declarations, so `autograd-cli functions` and the reference in
docs/language.md (written by `python -m autograd_cli.cli.docgen`) never drift from
what the program accepts."""
from __future__ import annotations

import fnmatch
from dataclasses import dataclass

from autograd_cli.ops import OPS
from autograd_cli.ops.rule_text import rule_text
from autograd_cli.ops.table import GROUP
from autograd_cli.library.functions import BUILTINS
from autograd_cli.library.spellings import spellings_of

# Groups in the order the reference shows them (an op row's group is its ops module).
GROUPS = ("elementwise", "special", "reductions", "arrays", "indexing", "linalg", "segments", "creation",
          "random", "learning", "control", "autodiff", "state", "other")   # a new ops module is its own group, shown before "other"
GROUP_TITLES = {"elementwise": "arithmetic and elementwise", "arrays": "shape",
                "linalg": "linear algebra", "learning": "learning and losses",
                "special": "special functions"}

# What a built-in corresponds to where no `tf.` spelling names it (its TensorFlow spellings
# come from the TensorFlow package's declarations: spellings.py).
COUNTERPARTS = {
    "assign": ("Variable.assign",), "assign_add": ("Variable.assign_add",), "assign_sub": ("Variable.assign_sub",),
    "jacobian": ("GradientTape.jacobian",),
    "random_normal": ("numpy default_rng(seed).normal",), "random_uniform": ("numpy default_rng(seed).uniform",),
    "random_int": ("numpy default_rng(seed).integers",),
}


@dataclass(frozen=True)
class Entry:
    name: str
    signature: str
    tensorflow: tuple
    gradient: str
    group: str
    aliases: tuple = ()

    def document(self) -> dict:
        return {"name": self.name, "signature": self.signature, "aliases": list(self.aliases),
                "tensorflow": list(self.tensorflow), "gradient": self.gradient, "group": self.group}


def _signature(name, builtin) -> str:
    if builtin.variadic:
        return f"{name}({builtin.params[0]}, ...)"
    parts = []
    for p in builtin.params:
        if p in builtin.defaults:
            default = builtin.defaults[p]
            shown = repr(default) if isinstance(default, str) else (
                "None" if default is None else f"{default:g}" if isinstance(default, float) else str(default))
            parts.append(f"{p}={shown}")
        else:
            parts.append(p)
    return f"{name}({', '.join(parts)})"


def gradient_note(op) -> str:
    """An op row's gradient note: its `doc`, else its rule written out (elementwise rows),
    else derived from its vjp."""
    if getattr(op, "doc", None):
        return op.doc
    formula = rule_text(op)
    if formula is not None:
        return _kernels_in_words(formula)
    if op.name == "stop_gradient":
        return "cuts the gradient: nothing flows through it (derivative 0)"
    if op.vjp is None:
        return "no gradient (None), as TensorFlow's NotDifferentiable"
    params = op.args or ()
    if isinstance(op.vjp, tuple) and params and any(not op.carries(i) for i in range(len(params))):
        to = [p for i, p in enumerate(params) if op.carries(i)]
        return "to " + ", ".join(to) + " only"
    return "differentiable"


def _kernels_in_words(formula: str) -> str:
    """`dx = relu_grad(grad, out)` reads `dx = grad where out > 0, else 0`: a gradient
    kernel (a row of its own, TensorFlow's ReluGrad) is shown by its row's doc."""
    import re

    def words(match):
        row = OPS.get(match.group(1))
        return f"{match.group(0)[:match.start(1) - match.start(0)]}{row.doc}" if row is not None and row.doc else match.group(0)

    return re.sub(r"(?:(?<=^)|(?<== ))(\w+_grad)\([^()]*\)(?=;|$)", words, formula)


def group_and_note(name, builtin) -> tuple[str, str]:
    """A built-in's group and gradient note: as registered (a composite's `group=`, `grad=`),
    else from the op row of its name."""
    op = OPS.get(name)
    group = builtin.group or (GROUP.get(name) if op is not None else None) or "other"
    note = builtin.grad if builtin.grad is not None else gradient_note(op) if op is not None else ""
    return group, note


def catalog(spellings: dict | None = None) -> list[Entry]:
    """Every built-in's entry; `spellings` replaces the TensorFlow spellings table (docgen
    passes a fresh one)."""
    entries, aliases_of = {}, {}
    for op in OPS.values():
        if op.args is not None:
            for alias in op.aliases:
                aliases_of[alias] = op.name
    for name, builtin in BUILTINS.items():
        if name in aliases_of:
            continue                   # listed with its main name
        op = OPS.get(name)
        group, note = group_and_note(name, builtin)
        aliases = tuple(op.aliases) if op is not None and op.args is not None else ()
        tf = spellings_of(name, spellings) + COUNTERPARTS.get(name, ())
        entries[name] = Entry(name, _signature(name, builtin), tf, note, group, aliases)
    order = {g: k for k, g in enumerate(GROUPS)}
    late = order["other"] - 0.5          # groups not listed: after the known ones, before "other"
    return sorted(entries.values(), key=lambda e: (order.get(e.group, late), e.group, e.name))


def matching(entries, pattern) -> list[Entry]:
    """Entries whose name (or an alias, or TensorFlow name) contains PATTERN, or matches it
    as a shell pattern when it has * or ?."""
    if not pattern:
        return list(entries)
    pattern = pattern.lower()
    wild = any(c in pattern for c in "*?[")

    def hit(text: str) -> bool:
        text = text.lower()
        return fnmatch.fnmatchcase(text, pattern) if wild else pattern in text

    return [e for e in entries if any(hit(t) for t in (e.name, *e.aliases, *e.tensorflow))]


def find(pattern) -> list[Entry]:
    """The catalogue's entries matching PATTERN (all without one): what `functions` lists."""
    return matching(catalog(), pattern)
