"""Adding an elementwise TensorFlow op is one op row, one declaration in the TensorFlow
package and one test entry: this test adds `cube` (x**3) in a fresh interpreter, as an
op author would, and finds it everywhere the project shows ops: `.ag` (its value and
gradient), the TF package (eager and its tape gradient), the `functions` catalogue with
the rule written out, the generated reference in docs, and `.ag`'s `tf.math.cube` spelling
(after regenerating the spellings table, which `python -m autograd_cli.cli.docgen` writes)."""
import json
import subprocess
import sys
import textwrap
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"

SCRIPT = textwrap.dedent('''
    import json
    import numpy as np

    # 1. the row (ops/elementwise.py is where it would go)
    from autograd_cli.ops.table import op, same_shape
    op("cube", lambda x: x ** 3, same_shape, elementwise=True, args=("x",),
       vjp=(lambda g, n, dy: g.multiply(dy, g.multiply(g.const(3.0), g.square(n.inputs[0]))),),
       sym=lambda S, x: x ** 3)
    # (a row in ops/ is registered as a built-in when the library is imported; the package
    # __init__ has imported it already here, so the fixture registers the added row itself)
    from autograd_cli.library.functions import register_row
    from autograd_cli.ops import OPS
    register_row(OPS["cube"])

    # 2. the TensorFlow package's declaration (tensorflow/math_ops.py is where it would go)
    import autograd_cli.tensorflow as tf
    from autograd_cli.tensorflow import exports, math_ops
    math_ops._float_unary("Cube", "cube", "cube", "math.cube")
    exports.build_namespaces(tf)

    found = {}
    # .ag
    from autograd_cli.api import evaluate
    result = evaluate("x = variable(2.0)\\ny = cube(x)\\ng = gradients(y, x)\\n")
    found["ag_value"] = float(np.asarray(result.values["y"]))
    found["ag_gradient"] = float(np.asarray(result.gradients[0].values[0]))
    # the package, eagerly, with a tape
    x = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        y = tf.math.cube(x)
    found["tf_value"] = float(y.numpy())
    found["tf_gradient"] = float(tape.gradient(y, x).numpy())
    # functions and the docs
    from autograd_cli.library.catalog import catalog
    from autograd_cli.render.functionsout import markdown
    entry = next(e for e in catalog() if e.name == "cube")
    found["functions_gradient"] = entry.gradient
    found["in_docs"] = "cube(x)" in markdown(catalog())
    # the spellings table, regenerated from the package's declarations
    from autograd_cli.cli.docgen import spellings_table
    builtin, _ = spellings_table()
    found["spelling"] = builtin.get("math.cube")
    from autograd_cli.library import spellings
    spellings.BUILTIN.update(builtin)
    spelled = evaluate("import tensorflow as tf\\nx = tf.Variable(3.0)\\ny = tf.math.cube(x)\\n"
                       "g = tf.gradients(y, x)\\n")
    found["spelled_gradient"] = float(np.asarray(spelled.gradients[0].values[0]))
    print(json.dumps(found))
''')


def test_one_row_and_one_declaration_reach_everything():
    proc = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0, proc.stderr
    found = json.loads(proc.stdout.strip().splitlines()[-1])
    # by hand: x**3 at 2 is 8, its derivative 3 x**2 is 12; at 3, 27
    assert found["ag_value"] == 8.0 and found["ag_gradient"] == 12.0
    assert found["tf_value"] == 8.0 and found["tf_gradient"] == 12.0
    assert found["functions_gradient"] == "dx = grad * 3 * x**2"
    assert found["in_docs"]
    assert found["spelling"] == "cube"
    assert found["spelled_gradient"] == 27.0
