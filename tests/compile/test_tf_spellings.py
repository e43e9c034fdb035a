""".ag programs written with TensorFlow's spellings (spec section 4): import lines declare
prefixes, tf.X / tf.math.X / tf.nn.X / K.X name the built-ins, tf.Variable(..., name=),
dtype=tf.float32, tf.placeholder(tf.float32, ...), w.assign(...), x.T, x.shape."""
from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from autograd_cli.api import evaluate
from autograd_cli.library.functions import BUILTINS
from autograd_cli.library.spellings import spellings_of
from autograd_cli.support.errors import AgError
from autograd_cli.render.jsonout import dumps, eval_document

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(p for p in (ROOT / "samples").rglob("*.ag"))


def _spelling(builtin: str) -> str | None:
    """A built-in's TensorFlow spelling (the first the reference lists: tf.X where TensorFlow
    has one), or None when no tf. spelling names it."""
    found = [s for s in spellings_of(builtin) if not s.startswith("tf.keras.backend.")]
    return found[0] if found else None


SPELLED = {name: _spelling(name) for name in BUILTINS if _spelling(name)}


def tf_spelled(source: str) -> str:
    """The same program with every built-in call that TensorFlow spells written as TensorFlow
    does (variable -> tf.Variable, placeholder(s) -> tf.placeholder(tf.float32, s)); the import
    shares line 1, so every line number stays the same."""
    names = "|".join(sorted((re.escape(n) for n in SPELLED), key=len, reverse=True))
    call = re.compile(rf"(?<![\w.])(?<!def )({names})\(")

    def spell(m):
        name = m.group(1)
        if name == "placeholder":
            return "tf.placeholder(tf.float32, "
        return f"{SPELLED[name]}("
    out = []
    for line in source.split("\n"):
        code, hash_, comment = line.partition("#")
        strings = re.split(r"(\"[^\"]*\"|'[^']*')", code)
        code = "".join(part if k % 2 else call.sub(spell, part) for k, part in enumerate(strings))
        out.append(code + hash_ + comment)
    return "import tensorflow as tf; " + "\n".join(out)


def _normal(document: dict) -> str:
    """JSON with the TensorFlow spellings taken out of names (bare expressions are named by their text)."""
    text = dumps(document).replace("tf.placeholder(tf.float32, ", "placeholder(")
    for name, spelled in sorted(SPELLED.items(), key=lambda item: -len(item[1])):
        text = text.replace(spelled + "(", name + "(")
    return text


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_every_sample_in_tf_spelling_gives_identical_json(path):
    source = path.read_text(encoding="utf-8")
    try:
        plain = evaluate(source)
    except AgError as exc:
        pytest.skip(f"needs --set or a feed: {exc.message[:60]}")
    spelled = tf_spelled(source)
    assert "tf." in spelled
    assert _normal(eval_document(evaluate(spelled))) == _normal(eval_document(plain))


def values(source, **kw):
    return evaluate(source, **kw).values


def test_prefixes_name_the_builtins():
    v = values("""import tensorflow as tf
import numpy as np
from tensorflow.keras import backend as K
x = tf.constant([1.0, 2.0, 3.0], dtype=tf.float32)
a = tf.math.reduce_sum(x, axis=0, name='a')
b = tf.nn.relu(x - 2.0)
c = K.mean(K.square(x))
d = tf.compat.v1.reduce_max(x)
e = tf.linalg.matmul([[1.0, 2.0]], [[3.0], [4.0]])
f = np.sum(x)
""")
    assert float(v["a"]) == 6.0 and v["b"].tolist() == [0.0, 0.0, 1.0]
    assert float(v["c"]) == pytest.approx(14 / 3) and float(v["d"]) == 3.0
    assert v["e"].tolist() == [[11.0]] and float(v["f"]) == 6.0


def test_variable_placeholder_assign_and_attributes():
    result = evaluate("""import tensorflow as tf
w = tf.Variable(2.0, name='weight')
x = tf.placeholder(tf.float32, shape=None, name='x')
y = x * w
g = tf.gradients(y, [w, x])
nw = w.assign(w - 0.5 * g[0])
m = tf.constant([[1.0, 2.0], [3.0, 4.0]])
mt = m.T
s = m.shape
""", sets={"x": np.asarray(3.0)})
    v = result.values
    assert float(v["y"]) == 6.0 and [float(t) for t in v["g"]] == [3.0, 2.0]   # dy/dw = x, dy/dx = w
    assert float(v["nw"]) == 0.5                                                # 2 - 0.5 * 3
    assert v["mt"].tolist() == [[1.0, 3.0], [2.0, 4.0]] and v["s"].tolist() == [2.0, 2.0]


def test_unconnected_gradients_zero_spelling():
    v = values("""import tensorflow as tf
a = tf.Variable(1.0)
b = tf.Variable(2.0)
g = tf.gradients(a * 3.0, [a, b], unconnected_gradients=tf.UnconnectedGradients.ZERO)
""")
    assert [float(t) for t in v["g"]] == [3.0, 0.0]


def test_any_alias():
    v = values("import tensorflow as T\nfrom tensorflow.keras import backend as kb\n"
               "y = T.square(3.0) + kb.sum([1.0, 2.0])\n")
    assert float(v["y"]) == 12.0


@pytest.mark.parametrize("source, where, words", [
    ("x = tf.reduce_sum([1.0])\n", (1, 5), "import tensorflow as tf"),
    ("y = K.square(2.0)\n", (1, 5), "from tensorflow.keras import backend as K"),
    ("z = np.sum([1.0])\n", (1, 5), "import numpy as np"),
    ("import os\n", (1, 8), "unexpected 'os'"),
    ("import tensorflow as tf\nwith tf.Session() as sess:\n    x = 1\n", (2, 1), "TensorFlow snippet"),
    ("for i in range(3):\n    x = i\n", (1, 1), "run FILE --steps N"),
    ("import tensorflow as tf\nx = tf.constant(1.0)\nsess.run(x)\n", (3, 1), "no sessions"),
    ("import tensorflow as tf\nopt = tf.train.GradientDescentOptimizer(0.1)\n", (2, 7), "TensorFlow snippet"),
    ("x = 1.0\ny = x.numpy()\n", (2, 5), "assign"),
    ("x = 1.0\ny = x.__class__\n", (2, 6), "attribute access is not part of the language"),
])
def test_errors_say_how_to_write_it(source, where, words):
    with pytest.raises(AgError) as info:
        evaluate(source)
    assert words in info.value.message
    assert (info.value.pos.line, info.value.pos.col) == where


def test_python_names_as_keywords_fall_back_to_lark_consistently():
    # `import` and `from` start statements now; the quick parser leaves those words to Lark
    assert float(values("as = 1\ny = as + 1\n")["y"]) == 2.0
    with pytest.raises(AgError):
        evaluate("import = 1\n")


def test_cli_json_of_a_tf_spelled_program(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "p.ag"
    path.write_text("import tensorflow as tf\nw = tf.Variable(2.0, name='w')\ny = tf.square(w)\n"
                    "g = tf.gradients(y, w)\n")
    done = subprocess.run([sys.executable, "-m", "autograd_cli", "eval", str(path), "--json"], capture_output=True,
                          text=True, env={"PYTHONPATH": str(ROOT / "src")})
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["values"]["y"] == 4.0 and doc["gradients"][0]["values"] == [4.0]


# ---------------------------------------------------------------- one table of names

def test_the_spellings_table_is_the_packages_declarations():
    """library/spellings_data.py is what docgen derives from the TensorFlow package now."""
    from autograd_cli.cli import docgen

    builtin, other = docgen.spellings_table()
    assert docgen.SPELLINGS.read_text(encoding="utf-8") == docgen.spellings_source(builtin, other), \
        "stale: run python -m autograd_cli.cli.docgen"


def _package_builtin_paths() -> dict:
    """Every exported name of the TensorFlow package (and its tf.compat.v1 / v2 mirror) whose
    object, as `tf.PATH` resolves it, is declared a built-in."""
    import functools

    import autograd_cli.tensorflow as tf
    from autograd_cli.tensorflow.exports import all_exports

    exported = all_exports()

    found = {}
    for path in exported:
        # (a compat path is not mirrored again: tf.compat.v1.compat.v1.X is TensorFlow's nesting of
        # the same namespace, not a spelling of its own)
        mirrored = () if path.startswith("compat.") else (f"compat.v1.{path}", f"compat.v2.{path}")
        for spelled in (path, *mirrored):
            try:
                obj = functools.reduce(getattr, spelled.split("."), tf)
            except AttributeError:
                continue
            if isinstance(getattr(obj, "ag_builtin", None), str):
                found[spelled] = obj.ag_builtin
    return found


def test_ag_accepts_exactly_the_tf_names_the_package_maps_to_builtins():
    """Every tf.PATH the package declares a built-in is that built-in in .ag, and the table
    .ag reads has no other path."""
    from autograd_cli.compile.spellings import Spellings
    from autograd_cli.language.syntax import parse
    from autograd_cli.library.spellings import BUILTIN

    assert _package_builtin_paths() == BUILTIN
    paths = sorted(BUILTIN)
    source = "import tensorflow as tf\n" + "".join(f"y{k} = tf.{p}(x)\n" for k, p in enumerate(paths))
    program = parse(source)
    resolver = Spellings(source)
    resolver.declare(program.statements[0])
    for path, stmt in zip(paths, program.statements[1:]):
        assert resolver.target(stmt.value.func, {}) == ("builtin", BUILTIN[path]), path


@pytest.mark.parametrize("source, words", [
    ("import tensorflow as tf\ny = tf.nn.reduce_sum([1.0])\n", "tf.nn.reduce_sum: TensorFlow has no such name; "
                                                                 "did you mean 'tf.reduce_sum'?"),
    ("import tensorflow as tf\ny = tf.reduce_summ([1.0])\n", "did you mean 'tf.reduce_sum'?"),
    ("from tensorflow.keras import backend as K\ny = K.binary_crossentropy([1.0], [0.5])\n",
     "K.binary_crossentropy (tf.keras.backend.binary_crossentropy) is TensorFlow's, but not a built-in of .ag; "
     "did you mean 'tf.losses.binary_crossentropy'?"),      # (TF 2's tf.losses are Keras' losses)
    ("from tensorflow.keras import backend as K\ny = K.sqrt([4.0])\n", "did you mean 'tf.sqrt'?"),
    ("import tensorflow as tf\nopt = tf.train.AdamOptimizer(0.1)\n", "TensorFlow snippet"),
])
def test_a_tf_name_that_is_no_builtin_says_what_to_write(source, words):
    with pytest.raises(AgError) as info:
        evaluate(source)
    assert words in info.value.message
    assert info.value.pos.line == 2


LIST_INPUT = ("add_n", "stack", "concat")     # their one argument is a list of tensors
BOOL_INPUT = ("reduce_any", "reduce_all")
SQUARE_INPUT = ("cholesky", "matrix_determinant", "matrix_inverse")     # symmetric positive definite


def _spellings_taking(count: int, skip):
    """(path, built-in) of every spelling that both the built-in and the package's function
    take with `count` tensors (the others have defaults), leaving out what `skip(path, name)` says."""
    import functools
    import inspect

    import autograd_cli.tensorflow as tf
    from autograd_cli.library.spellings import BUILTIN

    out = []
    for path, name in sorted(BUILTIN.items()):
        spec = BUILTINS[name]
        function = functools.reduce(getattr, path.split("."), tf)
        try:
            params = inspect.signature(function).parameters.values()
        except (TypeError, ValueError):
            continue
        theirs = [p for p in params if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        ours = [p for p in spec.params if p not in spec.defaults]
        if path.startswith("compat.") or len(ours) != count or len(theirs) != count or spec.variadic \
                or spec.functions or skip(path, name):
            continue
        out.append((path, name))
    return out


def _one_argument_spellings():
    return _spellings_taking(1, lambda path, name: name in LIST_INPUT or name in (
        "variable", "placeholder", "constant", "zeros", "ones", "eye"))


@pytest.mark.parametrize("path, name", _one_argument_spellings(), ids=lambda v: str(v))
def test_a_tf_spelling_means_in_ag_what_it_means_in_the_package(path, name):
    """tf.PATH(x) in .ag and the TensorFlow package's tf.PATH(x) give the same numbers (the
    package computes them its own way, eagerly)."""
    import functools

    import autograd_cli.tensorflow as tf

    x = [[0.25, -0.5, 0.75], [0.5, 0.125, -0.25]]
    if name in SQUARE_INPUT:
        x = [[2.0, 0.5], [0.5, 1.0]]
    given = "x > 0.0" if name in BOOL_INPUT else "x"
    ours = evaluate(f"import tensorflow as tf\nx = constant({x})\ny = tf.{path}({given})\n").values["y"]
    function = functools.reduce(getattr, path.split("."), tf)
    t = tf.constant(np.array(x))
    theirs = function(t > 0.0 if name in BOOL_INPUT else t)
    np.testing.assert_allclose(np.asarray(ours, dtype=float), np.asarray(theirs, dtype=float), rtol=1e-6)


def _loss_spellings():
    from autograd_cli.library.spellings import BUILTIN

    return sorted(p for p in BUILTIN if p.startswith("keras.losses.") or p.startswith("nn.") and "entropy" in p)


@pytest.mark.parametrize("path", _loss_spellings())
def test_a_loss_spelling_means_in_ag_what_it_means_in_the_package(path):
    """Each Keras loss function and tf.nn cross-entropy: the same call in .ag and on the
    TensorFlow package gives the same per-sample values."""
    import functools

    import autograd_cli.tensorflow as tf

    sparse = "sparse" in path
    y_true = [1.0, 0.0] if sparse else [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]
    y_pred = [[0.2, 0.7, 0.1], [0.5, 0.3, 0.2]]
    nn = path.startswith("nn.")
    call = "labels=t, logits=p" if nn else "t, p"
    ours = evaluate(f"import tensorflow as tf\nt = constant({y_true})\np = constant({y_pred})\n"
                    f"y = tf.{path}({call})\n").values["y"]
    function = functools.reduce(getattr, path.split("."), tf)
    t, p = tf.constant(np.array(y_true)), tf.constant(np.array(y_pred))
    theirs = function(labels=t, logits=p) if nn else function(t, p)
    np.testing.assert_allclose(np.asarray(ours, dtype=float), np.asarray(theirs, dtype=float), rtol=1e-6)


def test_keras_backend_updates_are_the_assign_built_ins():
    """K.update / update_add / update_sub are Keras' assign, assign_add, assign_sub."""
    v = values("from tensorflow.keras import backend as K\nw = K.variable(2.0)\na = K.update(w, 5.0)\n"
               "b = K.update_add(w, 0.5)\nc = K.update_sub(w, 0.5)\n")
    assert (float(v["a"]), float(v["b"]), float(v["c"])) == (5.0, 2.5, 1.5)   # each from w's value, 2


NOT_TWO_TENSORS = {     # two required parameters, the second not a tensor of the first's shape
    "reshape": "a shape", "tile": "multiples", "expand_dims": "an axis", "cast": "a dtype", "fill": "a value",
    "one_hot": "a depth", "gather": "indices", "gather_nd": "indices", "boolean_mask": "a mask",
    "broadcast_to": "a shape", "split": "a count", "reverse": "axes", "pad": "paddings", "slice": "begin, size",
    "segment_sum": "segment ids", "segment_mean": "segment ids", "segment_max": "segment ids",
    "polygamma": "an integer order", "gradients": "a gradient", "hessians": "a gradient", "matmul": "a matrix",
    "tensordot": "axes", "concat": "a list", "stack": "a list", "transpose": "a permutation", "squeeze": "an axis",
    "linspace": "numbers", "where": "three", "variable": "a value", "assign": "a variable",
    "assign_add": "a variable", "assign_sub": "a variable", "clip_by_value": "three",
}


def _two_argument_spellings():
    return _spellings_taking(2, lambda path, name: name in NOT_TWO_TENSORS or path.startswith("keras.losses.")
                             or "entropy" in name)


@pytest.mark.parametrize("path, name", _two_argument_spellings(), ids=lambda v: str(v))
def test_a_two_argument_spelling_means_in_ag_what_it_means_in_the_package(path, name):
    """tf.PATH(x, y) in .ag and on the TensorFlow package give the same numbers."""
    import functools

    import autograd_cli.tensorflow as tf

    x, y = [[0.25, 0.5, 0.75], [1.5, 2.0, 3.0]], [[0.5, 0.25, 2.0], [1.0, 3.0, 0.5]]
    ours = evaluate(f"import tensorflow as tf\nx = constant({x})\ny = constant({y})\nz = tf.{path}(x, y)\n").values["z"]
    function = functools.reduce(getattr, path.split("."), tf)
    theirs = function(tf.constant(np.array(x)), tf.constant(np.array(y)))
    np.testing.assert_allclose(np.asarray(ours, dtype=float), np.asarray(theirs, dtype=float), rtol=1e-6)


def test_top_k_in_ag_and_in_the_package():
    """tf.math.top_k: the values and int32 indices real TensorFlow 2.21 printed for this input
    ([[5, 2], [9, 7]], [[1, 2], [2, 0]]), in .ag and on the package; the gradient of the
    values' sum is 1 at each picked position, 0 elsewhere (by hand)."""
    import autograd_cli.tensorflow as tf

    x = [[1.0, 5.0, 2.0], [7.0, 0.0, 9.0]]
    r = evaluate(f"import tensorflow as tf\nx = variable({x})\nv, i = tf.math.top_k(x, k=2)\n"
                 "g = tf.gradients(tf.reduce_sum(v), x)\n")
    assert r.values["v"].tolist() == [[5.0, 2.0], [9.0, 7.0]] and r.values["i"].tolist() == [[1, 2], [2, 0]]
    np.testing.assert_array_equal(r.values["g"][0], [[0, 1, 1], [1, 0, 1]])
    t = tf.Variable(np.array(x))
    with tf.GradientTape() as tape:
        values, indices = tf.nn.top_k(t, 2)
        total = tf.reduce_sum(values)
    assert indices.dtype == tf.int32 and indices.numpy().tolist() == [[1, 2], [2, 0]]
    np.testing.assert_array_equal(values.numpy(), [[5.0, 2.0], [9.0, 7.0]])
    np.testing.assert_array_equal(tape.gradient(total, t).numpy(), [[0, 1, 1], [1, 0, 1]])
