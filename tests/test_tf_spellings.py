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
from autograd_cli.support.errors import AgError
from autograd_cli.render.jsonout import dumps, eval_document

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted(p for p in (ROOT / "samples").rglob("*.ag"))


def tf_spelled(source: str) -> str:
    """The same program with every built-in call spelled tf.X (variable -> tf.Variable,
    placeholder(s) -> tf.placeholder(tf.float32, s)); the import shares line 1, so
    every line number stays the same."""
    names = "|".join(sorted((re.escape(n) for n in BUILTINS), key=len, reverse=True))
    call = re.compile(rf"(?<![\w.])(?<!def )({names})\(")

    def spell(m):
        name = m.group(1)
        if name == "variable":
            return "tf.Variable("
        if name == "placeholder":
            return "tf.placeholder(tf.float32, "
        return f"tf.{name}("
    out = []
    for line in source.split("\n"):
        code, hash_, comment = line.partition("#")
        strings = re.split(r"(\"[^\"]*\"|'[^']*')", code)
        code = "".join(part if k % 2 else call.sub(spell, part) for k, part in enumerate(strings))
        out.append(code + hash_ + comment)
    return "import tensorflow as tf; " + "\n".join(out)


def _normal(document: dict) -> str:
    """JSON with the tf. prefixes taken out of names (bare expressions are named by their text)."""
    return re.sub(r"tf\.(Variable|placeholder\(tf\.float32, )?", lambda m: "variable" if m.group(1) == "Variable"
                  else "placeholder(" if m.group(1) else "", dumps(document))


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
