"""The snippet job: CPython runs the code with the project's TensorFlow package.
Expected values are derived by hand or printed by TensorFlow 2.21 (noted)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from autograd_cli.snippets import job
from autograd_cli.snippets.runner import run_snippet
from autograd_cli.support.errors import AgError

ROOT = Path(__file__).resolve().parents[2]


def prints(source):
    return "".join(p["text"] for p in run_snippet(source)["prints"])


def test_tf1_markers_choose_graph_mode():
    assert job.wants_graph_mode("import tensorflow as tf\nx = tf.placeholder(tf.float32)\n")
    assert job.wants_graph_mode("import tensorflow.compat.v1 as tf\n")
    assert not job.wants_graph_mode("import tensorflow as tf\nwith tf.GradientTape() as tape:\n    pass\n")


def test_every_spelling_of_the_import_resolves_to_the_package():
    source = ("import tensorflow as tf\nimport tensorflow.compat.v1 as v1\nfrom tensorflow import math\n"
              "print(tf.__version__, v1.placeholder is tf.placeholder, math.reduce_sum is tf.reduce_sum)\n")
    assert prints(source) == "2.21.0 True True\n"


def test_python_is_python_classes_try_assert_decorators():
    source = '''import tensorflow as tf
class Model(tf.Module if hasattr(tf, "Module") else object):
    def __init__(self):
        self.w = tf.Variable(3.0)
    def __call__(self, x):
        return self.w * x
def twice(f):
    return lambda *a: 2 * f(*a)
m = Model()
with tf.GradientTape() as tape:
    y = twice(m)(tf.constant(2.0))
g = tape.gradient(y, m.w)
assert float(g) == 4.0
try:
    tf.constant(1) + tf.constant(1.0)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
print("%.1f" % float(y))
'''
    # y = 2 * w * x = 12, dy/dw = 2x = 4
    assert prints(source) == "InvalidArgumentError\n12.0\n"


def test_error_is_located_at_the_users_line_with_the_tf_exception_type():
    with pytest.raises(AgError) as info:
        run_snippet("import tensorflow as tf\nx = tf.ones([2])\ny = x + tf.ones([3])\n")
    assert info.value.pos.line == 3
    # TensorFlow 2.21's own text (its eager kernels run as wrapped functions, which it names first)
    assert info.value.message.startswith("InvalidArgumentError: {{function_node __wrapped__AddV2_device_/job:localhost/"
                                         "replica:0/task:0/device:CPU:0}} Incompatible shapes: [2] vs. [3] [Op:AddV2]")


def test_print_records_one_json_value_per_argument():
    data = run_snippet("import tensorflow as tf\nfor i in range(2):\n    print('step', i, tf.constant([1.0, 2.0]) * i)\n")
    assert [p["values"] for p in data["prints"]] == [["step", 0, [0.0, 0.0]], ["step", 1, [1.0, 2.0]]]
    assert [p["line"] for p in data["prints"]] == [3, 3]


def test_printed_arrays_keep_a_run_s_budget_of_numbers_and_say_what_they_leave_out():
    # 600,000 + 600,000 elements pass the run's 1,000,000: the second array and every one
    # after it (in a list, an eager tensor) is described, not copied; small ones still fit
    data = run_snippet("import numpy as np\nimport tensorflow as tf\na = np.ones(600000, dtype=np.float32)\n"
                       "print(a)\nprint('x', [a], tf.constant(a))\nprint(np.arange(3))\n")
    first, second, third = (p["values"] for p in data["prints"])
    assert first == [[1.0] * 600000]
    omitted = {"omitted": f"the printed values of a run keep {job.PRINTED_NUMBERS:,} array elements in all; "
                          "this array's are left out", "shape": [600000], "dtype": "float32", "text": "[1. 1. 1. ... 1. 1. 1.]"}
    assert second == ["x", [omitted], omitted]
    assert third == [[0, 1, 2]]
    assert job.PRINTED_NUMBERS == 1_000_000

def test_intermediate_tensor_gradient_on_a_tape():
    # y = x^2 at x = 3 (an intermediate recorded on the tape), z = y^2: dz/dy = 2y = 18 (TF gives 18.0)
    source = ("import tensorflow as tf\nx = tf.Variable(3.0)\nwith tf.GradientTape() as t:\n    y = x * x\n"
              "    z = y * y\nprint(t.gradient(z, y))\n")
    assert prints(source) == "tf.Tensor(18.0, shape=(), dtype=float32)\n"


def test_cli_prints_only_shows_only_the_snippets_output():
    path = ROOT / "samples" / "tf" / "seed000_4_stop_gradient.py"
    done = subprocess.run([sys.executable, "-m", "autograd_cli", "eval", str(path), "--prints-only"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ("[None, <tf.Tensor 'gradients/Mul_1_grad/Mul_1:0' shape=() dtype=float32>]\n"
                           "[1.0, 1.0]\n")


def test_keras_and_tf_data_load_in_the_box_at_their_first_use():
    """Deferred parts of the package are imported after the lockdown, from the package the
    box may read; the names they declare then appear in every namespace and import form."""
    source = '''import sys
import tensorflow as tf
loaded = lambda: sorted(m.rsplit(".", 1)[1] for m in sys.modules
                        if m in ("autograd_cli.tensorflow.keras", "autograd_cli.tensorflow.data"))
print(loaded())
from tensorflow.keras import layers
print(loaded(), layers.Conv2D.__name__, tf.optimizers.SGD.__name__)
print("keras" in dir(tf), [int(x) for x in tf.data.Dataset.range(3)], loaded())
'''
    result = run_snippet(source, boxed=True)
    assert "".join(p["text"] for p in result["prints"]) == "[]\n['keras'] Conv2D SGD\nTrue [0, 1, 2] ['data', 'keras']\n"
