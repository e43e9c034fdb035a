"""The package's public tree is built from the declarations; Keras, tf.data and extras
are imported at the first name they declare. Each check runs in a fresh interpreter, where
nothing has loaded them yet."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
DEFERRED = ("autograd_cli.tensorflow.keras", "autograd_cli.tensorflow.data", "autograd_cli.tensorflow.extras")


def fresh(code: str):
    prelude = f"import sys, json\nsys.path.insert(0, {str(SRC)!r})\nimport autograd_cli.tensorflow as tf\n"
    proc = subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_importing_the_package_loads_none_of_the_deferred_parts():
    assert fresh(f"print(json.dumps([m for m in {DEFERRED!r} if m in sys.modules]))") == []


def test_the_package_does_not_load_the_ag_front_end():
    # (the box's child runs snippets: the .ag parser and compiler are not its business)
    front_end = ("lark", "autograd_cli.language", "autograd_cli.compile")
    assert fresh(f"print(json.dumps(sorted(m for m in sys.modules if m.startswith({front_end!r}))))") == []


def test_an_attribute_of_tf_loads_them_and_every_namespace_then_has_their_names():
    found = fresh("""
        sgd = tf.keras.optimizers.SGD
        print(json.dumps([sgd is tf.optimizers.SGD, sgd is tf.compat.v1.keras.optimizers.SGD,
                          tf.compat.v2.data.Dataset is tf.data.Dataset, callable(tf.print),
                          "autograd_cli.tensorflow.extras" in sys.modules]))
    """)
    assert found == [True, True, True, True, True]


def test_an_import_statement_of_a_deferred_module_publishes_its_names():
    # the real module `keras.layers` receives the conv layers declared in keras/__init__
    found = fresh("""
        from autograd_cli.tensorflow.keras import layers
        data_loaded = "autograd_cli.tensorflow.data" in sys.modules     # (only Keras was asked for)
        import autograd_cli.tensorflow.compat.v1.keras.layers as v1_layers
        print(json.dumps([layers.Conv2D.__name__, data_loaded, v1_layers.Conv2D is layers.Conv2D]))
    """)
    assert found == ["Conv2D", False, True]


def test_dir_and_unknown_names_see_the_whole_tree():
    found = fresh("""
        names = dir(tf)
        try:
            tf.optimizers.Adamm
        except AttributeError as error:
            message = str(error)
        try:
            tf.Sequentail
        except AttributeError as error:
            top = str(error)
        print(json.dumps(["keras" in names, "data" in names, message, top]))
    """)
    assert found[:2] == [True, True]
    assert found[2] == "module 'tensorflow._api.v2.optimizers' has no attribute 'Adamm'"
    assert found[3].startswith("module 'tensorflow' has no attribute 'Sequentail'")


def test_a_star_import_gives_the_public_names_with_the_deferred_ones():
    found = fresh("""
        v1, top = {}, {}
        exec("from autograd_cli.tensorflow.compat.v1 import *", v1)
        exec("from autograd_cli.tensorflow import *", top)
        print(json.dumps([[name in v1 for name in ("placeholder", "Session", "keras", "layers", "nn")],
                          [name in top for name in ("reduce_sum", "keras", "data", "compat", "array_ops", "core")]]))
    """)
    # the v1 mirror holds the whole tree; implementation modules (array_ops, core) are not public
    assert found == [[True, True, True, True, True], [True, True, True, True, False, False]]


def test_the_compat_namespaces_nest_as_tensorflows_do_and_load_at_their_first_use():
    found = fresh("""
        before = "autograd_cli.tensorflow.extras" in sys.modules
        v1 = tf.compat.v1
        print(json.dumps([before, v1.compat.v1 is v1, v1.compat.v2 is tf.compat.v2,
                          tf.compat.v2.compat.v1 is v1, v1.compat.v1.compat.v2.reduce_sum is tf.reduce_sum,
                          v1.compat.as_bytes("ab") == b"ab", tf.compat.as_text(b"cd") == "cd",
                          "autograd_cli.tensorflow.keras" in sys.modules]))
    """)
    assert found == [False, True, True, True, True, True, True, True]


def test_every_exported_class_is_named_as_tensorflow_or_keras_defines_it():
    # (type(x) prints the class path: a class added without @tf_class would print ours; the
    # paths themselves are checked against TensorFlow 2.21 by the oracle's *_class_paths cases)
    ours = fresh("""
        from autograd_cli.tensorflow import exports
        exports.complete()
        print(json.dumps(sorted({f"{o.__module__}.{o.__qualname__} ({path})" for path, o in exports.EXPORTS.items()
                                 if isinstance(o, type) and o.__module__.startswith("autograd_cli")})))
    """)
    assert ours == []
