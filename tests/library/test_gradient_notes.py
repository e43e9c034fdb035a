"""Every gradient note `autograd-cli functions` shows (and docs/language.md's reference)
is checked against what the built-in does: for each registered built-in (its `grad=`, or
its op row's note), a small program calls it on a variable and takes the gradient; a note
that says "no gradient" / "a constant" / "cuts" must give None there, any other note about
that parameter a gradient. TensorFlow's rule for the float and integer casts is checked by
hand."""
from __future__ import annotations

import numpy as np
import pytest

from autograd_cli.api import evaluate
from autograd_cli.library.catalog import catalog, group_and_note
from autograd_cli.library.functions import BUILTINS
from autograd_cli.ops import OPS
from autograd_cli.support.errors import AgError

# values for the parameters after the first (the first is the variable x)
SAMPLES = {
    "y": "[0.4, 0.9]", "b": "[[0.4], [0.9]]", "clip_value_min": "0.1", "clip_value_max": "0.8",
    "axis": "0", "depth": "3", "indices": "[0, 1]", "segment_ids": "[0, 1]", "num_segments": "2",
    "dtype": "float32", "multiples": "[2]", "paddings": "[[1, 1]]", "begin": "[0]", "size": "[1]",
    "num_or_size_splits": "2", "shape": "[2]", "mask": "[True, False]", "y_pred": "[0.4, 0.6]",
    "logits": "[0.4, 0.6]", "updates": "[0.4, 0.9]", "value": "0.5", "num": "3", "stop": "1.0",
}


def claim(note: str, param: str):
    """What the note says the gradient with respect to `param` is: "none", "value", or
    None where it says nothing checkable this way."""
    note = note.lower()
    if note.startswith(("a leaf", "evaluates to", "differentiable again", "through", "no gradient (an update")):
        return None
    if note.startswith(("no gradient", "a constant")) or "cuts the gradient" in note:
        return "none"
    if note.startswith("to "):
        listed = note[3:].split(";")[0].split(":")[0].split("(")[0]
        names = {n.strip(" ,") for n in listed.replace(" and ", ",").replace(" only", "").split(",")}
        return "value" if param in names else None
    return "value"


def program(name) -> str | None:
    spec = BUILTINS[name]
    if spec.functions or not spec.params:
        return None
    args = ["x"]
    for p in spec.params[1:]:
        if p in spec.defaults:
            continue
        if p not in SAMPLES:
            return None
        args.append(f"{p}={SAMPLES[p]}")
    return f"x = variable([[0.3, 0.7], [0.2, 0.6]])\nr = {name}({', '.join(args)})\n"


def gradient_of(name):
    """The gradient of the built-in's (first) result with respect to x, or the reason it
    could not be called this way."""
    src = program(name)
    if src is None:
        return "skipped", None
    for pick in ("r", "r[0]"):       # lists (split, top_k, unstack): their first item
        try:
            e = evaluate(src + f"g = gradients(reduce_sum({pick}), x)\n")
        except AgError:
            continue
        value = e.gradients[0].values[0]
        return "done", None if value is None else np.asarray(value)
    return "skipped", None


# the registry: every built-in with the note the catalogue shows for it
NOTES = {name: group_and_note(name, spec)[1] for name, spec in BUILTINS.items()}
CHECKED = [name for name, note in NOTES.items() if claim(note, BUILTINS[name].params[0] if BUILTINS[name].params else "")]


@pytest.mark.parametrize("name", CHECKED)
def test_the_gradient_note_says_what_the_builtin_does(name):
    said = claim(NOTES[name], BUILTINS[name].params[0])
    status, grad = gradient_of(name)
    if status == "skipped":
        pytest.skip("not callable on one variable with the sample arguments")
    got = "none" if grad is None else "value"
    assert got == said, f"{name}: the note says {NOTES[name]!r}, the gradient is {grad}"


def test_most_notes_are_checked():
    checked = sum(1 for name in CHECKED if gradient_of(name)[0] == "done")
    assert checked >= 100, checked


def test_a_builtin_no_op_row_supplies_states_its_group_and_note():
    # (else the catalogue shows it under "other" with no gradient note)
    from_rows = {n for op in OPS.values() if op.args is not None for n in (op.name, *op.aliases)}
    missing = [name for name, spec in BUILTINS.items()
               if name not in OPS and name not in from_rows and not (spec.group and spec.grad)]
    assert not missing, f"register these with group= and grad=: {missing}"


def test_the_catalogue_shows_the_registered_notes():
    shown = {e.name: (e.group, e.gradient) for e in catalog()}
    assert shown["cast"] == ("elementwise", BUILTINS["cast"].grad)
    assert shown["det"] == ("linalg", OPS["matrix_determinant"].doc)
    assert shown["reshape"][0] == "arrays" and shown["reshape"][1] != ""     # from its op row
    assert all(group != "other" and note for group, note in shown.values())


@pytest.mark.parametrize("dtype, expected", [("float32", 1.0), ("float64", 1.0), ("int32", None),
                                             ("int64", None), ("bool", None)])
def test_cast_has_tensorflows_gradient(dtype, expected):
    # TensorFlow's _CastGrad: the gradient passes (cast back) between float dtypes; a cast
    # to an integer or bool dtype is not differentiable (None)
    e = evaluate(f"x = variable([0.5, 2.5])\ny = cast(x, {dtype})\ng = gradients(reduce_sum(y), x)\n")
    got = e.gradients[0].values[0]
    if expected is None:
        assert got is None
    else:
        np.testing.assert_array_equal(got, [expected, expected])
