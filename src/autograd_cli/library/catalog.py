"""The built-in functions as a user reads them: signature, TensorFlow name(s), gradient
note, group. Generated from the op table rows (`args`, `aliases`, `vjp`, `doc`) and the
composite built-ins of functions.py, so `autograd-cli functions` and the reference in
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

# Composite built-ins (written by hand in functions.py): their group and gradient note.
COMPOSITES = {
    "shape": ("arrays", "a constant: no gradient"),
    "size": ("arrays", "a constant: no gradient"),
    "constant": ("creation", "a constant: no gradient"),
    "zeros": ("creation", "a constant: no gradient"),
    "ones": ("creation", "a constant: no gradient"),
    "fill": ("creation", "to value (summed)"),
    "eye": ("creation", "a constant: no gradient"),
    "linspace": ("creation", "a constant: no gradient"),
    "random_normal": ("random", "to mean and stddev (as TensorFlow); the draws are constants"),
    "random_uniform": ("random", "to minval and maxval; the draws are constants"),
    "random_int": ("random", "a constant: no gradient"),
    "categorical_crossentropy": ("learning", "to y_pred and y_true (clipped to [1e-7, 1 - 1e-7] as Keras)"),
    "mean_squared_error": ("learning", "to y_true and y_pred; one loss per sample (the mean over the last axis)"),
    "gradients": ("autodiff", "differentiable again (second derivatives)"),
    "hessians": ("autodiff", "differentiable again"),
    "jacobian": ("autodiff", "differentiable again"),
    "variable": ("state", "a leaf: gradients are taken with respect to it"),
    "placeholder": ("state", "a leaf: gradients are taken with respect to it"),
    "assign": ("state", "no gradient (an update, applied at the end of each step)"),
    "assign_add": ("state", "no gradient (an update, applied at the end of each step)"),
    "assign_sub": ("state", "no gradient (an update, applied at the end of each step)"),
    "group": ("state", "evaluates to None"),
    "cast": ("elementwise", "to x for a float dtype (dy passes); None for an integer or bool dtype, as TensorFlow"),
    "ones_like": ("creation", "no gradient (None)"),
    "zeros_like": ("creation", "no gradient (None)"),
    "clip_by_value": ("elementwise", "to t where it is not clipped, to the bounds where they clip"),
    "binary_crossentropy": ("learning", "to y_pred (from the logits of a sigmoid) and y_true; one loss per "
                            "sample (the mean over axis)"),
    "sigmoid_cross_entropy_with_logits": ("learning", "to labels and logits"),
    "cond": ("control", "through the taken branch; zeros (not None) to what only the other branch uses"),
    "while_loop": ("control", "through every iteration"),
    "rank": ("arrays", "a constant: no gradient"),
    "reverse": ("arrays", "grad reversed back"), "slice": ("arrays", "grad put back in the slice, 0 elsewhere"),
    "split": ("arrays", "the parts' grads concatenated back"), "unstack": ("arrays", "the parts' grads stacked back"),
    "det": ("linalg", OPS["matrix_determinant"].doc),      # det and inv are those ops
    "inv": ("linalg", OPS["matrix_inverse"].doc),
    "trace": ("linalg", "grad on the diagonal, 0 elsewhere"), "diag": ("linalg", "the diagonal of grad"),
    "tensordot": ("linalg", "grad contracted with the other input (matmul and transposes)"),
    "segment_mean": ("segments", "to data"), "unsorted_segment_sum": ("segments", "to data"),
    "unsorted_segment_max": ("segments", "shared by the elements equal to their segment's max; none to an empty one"),
    "unsorted_segment_min": ("segments", "shared by the elements equal to their segment's min; none to an empty one"),
    # activations, norms, top_k and losses built from several ops
    "gelu": ("elementwise", "differentiable (through erf, or tanh and pow)"),
    "swish": ("elementwise", "to features and beta"), "silu": ("elementwise", "to features and beta"),
    "hard_sigmoid": ("elementwise", "1/6 inside (-3, 3), 0 at and beyond the knees (relu6)"),
    "norm": ("reductions", "differentiable; NaN at the zero vector (as TensorFlow)"),
    "l2_loss": ("reductions", "t * dy"),
    "top_k": ("reductions", "values: to the picked positions only; indices: no gradient"),
    "huber": ("learning", "to y_pred and y_true: (the error inside delta, delta * sign(error) outside) / n; "
              "one loss per sample (the mean over the last axis of n)"),
    "mean_absolute_error": ("learning", "to y_true and y_pred (0 where equal); one loss per sample"),
    "mae": ("learning", "to y_true and y_pred (0 where equal); one loss per sample"),
    "log_cosh": ("learning", "to y_true and y_pred: tanh(error) / n; one loss per sample (the mean over the last "
                 "axis of n)"),
    "logcosh": ("learning", "to y_true and y_pred: tanh(error) / n; one loss per sample"),
    "sparse_categorical_crossentropy": ("learning", "to y_pred (from the logits of a softmax); labels: no gradient; "
                                        "one loss per label"),
    "sparse_softmax_cross_entropy_with_logits": ("learning", "to logits: softmax - one_hot(labels); labels: no gradient"),
}
COMPOSITES["categorical_crossentropy"] = ("learning", "to y_pred and y_true; from the logits of a softmax, "
                                          "else y_pred normalised and clipped to [1e-7, 1 - 1e-7] (Keras); one "
                                          "loss per sample (reduce_mean: the loss object)")

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
        if name in COMPOSITES:
            group, note = COMPOSITES[name]
        elif op is not None:
            group, note = GROUP.get(name, "other"), gradient_note(op)
        else:
            group, note = "other", ""
        group = group or "other"
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
