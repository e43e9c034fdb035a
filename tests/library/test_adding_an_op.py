"""Adding an elementwise TensorFlow op is one op row, one declaration in the TensorFlow
package and one test entry. These tests add `cube` (x**3) in fresh interpreters, as an op
author would:
- the row and the declaration reach everything the project shows ops in: `.ag` (its value
  and gradient), the TF package (eager and its tape gradient), the `functions` catalogue
  with the rule written out, the generated reference in docs, and `.ag`'s `tf.math.cube`
  spelling (after regenerating the spellings table, which `python -m
  autograd_cli.cli.docgen` writes);
- the test entry (an `OpSpec` in tests/ops/op_specs.py) is all the spec-driven tests need:
  with it, the forward, gradient, second-derivative and verify tests run cases of cube and
  pass; without it, test_op_specs.py fails and names cube."""
import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"

# 1. the row (ops/elementwise.py is where it would go)
ROW = textwrap.dedent('''
    from autograd_cli.ops.table import op, same_shape
    op("cube", lambda x: x ** 3, same_shape, elementwise=True, args=("x",),
       vjp=(lambda g, n, dy: g.multiply(dy, g.multiply(g.const(3.0), g.square(n.inputs[0]))),),
       sym=lambda S, x: x ** 3)
    # (a row in ops/ is registered as a built-in when the library is imported; the package
    # __init__ has imported it already here, so the fixture registers the added row itself)
    from autograd_cli.library.functions import register_row
    from autograd_cli.ops import OPS
    register_row(OPS["cube"])
''')

# 2. the test entry (in SPECS, tests/ops/op_specs.py, is where it would go); the forward
# reference is NumPy's, the gradient is checked against finite differences, verify's
# program against SymPy
ENTRY = textwrap.dedent('''
    import op_specs
    from op_specs import A, OpSpec, program, unary, uniform
    op_specs.SPECS.append(OpSpec("cube", domain=unary(uniform(-2, 2)), second=True,
                                 forward=[("cube(a)", A ** 3)], verify=[program("y = cube(a) * b")]))
''')

SCRIPT = ROW + textwrap.dedent('''
    import json
    import numpy as np

    # 3. the TensorFlow package's declaration (tensorflow/math_ops.py is where it would go)
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


SPEC_TESTS = ["tests/ops/test_op_specs.py", "tests/ops/test_ops_forward.py", "tests/ops/test_ops_gradients.py",
              "tests/analysis/test_verify.py"]


def run_spec_tests(tmp_path, plugin, select):
    """pytest on the spec-driven test files, in a fresh interpreter that first imports
    `plugin` (the row, with or without its entry); the outcome of each test it ran."""
    (tmp_path / "adds_cube.py").write_text(plugin)
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "adds_cube", "-n0", "-p", "no:cacheprovider", "-q", "-rA",
         "-k", select, *[str(ROOT / f) for f in SPEC_TESTS]],
        capture_output=True, text=True, timeout=600, cwd=tmp_path,
        env={"PYTHONPATH": f"{tmp_path}:{SRC}:{ROOT / 'tests' / 'ops'}", "PATH": "/usr/bin:/bin",
             "PYTHONDONTWRITEBYTECODE": "1"})
    outcomes = {}
    for line in proc.stdout.splitlines():
        word, _, test = line.partition(" ")
        if word in ("PASSED", "FAILED", "ERROR"):
            outcomes[test.split(" - ")[0].split("::", 1)[1]] = word
    return proc, outcomes


def test_one_test_entry_is_what_the_spec_driven_tests_need(tmp_path):
    proc, outcomes = run_spec_tests(tmp_path, ROW + ENTRY, "cube or exactly_one_entry or exercises_its_op")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    for test in ("test_every_op_and_builtin_has_exactly_one_entry", "test_each_entry_has_its_checks_or_a_reason[cube]",
                 "test_each_verify_program_exercises_its_op", "test_forward_matches_numpy[cube(a)]",
                 "test_gradient_matches_finite_differences[cube]",
                 "test_second_derivative_matches_finite_differences_of_the_gradient[cube]",
                 "test_every_op_verifies_at_random_points[y = cube(a) * b]"):
        assert outcomes.get(test) == "PASSED", (test, outcomes)


def test_a_row_without_a_test_entry_fails_the_suite(tmp_path):
    proc, outcomes = run_spec_tests(tmp_path, ROW, "exactly_one_entry")
    assert proc.returncode == 1
    assert outcomes == {"test_every_op_and_builtin_has_exactly_one_entry": "FAILED"}, outcomes
    assert "without an entry in tests/ops/op_specs.py: ['cube']" in proc.stdout
