"""A failed `from tensorflow... import NAME` names the module as the snippet wrote it."""
from __future__ import annotations

import pytest

from autograd_cli.dialects import evaluate_snippet
from autograd_cli.support.errors import AgError


@pytest.mark.parametrize("module, name", [("tensorflow.keras.layers", "Densee"), ("tensorflow.nn", "relux")])
def test_an_unknown_name_imported_from_tensorflow_names_tensorflows_module_and_no_file_of_ours(module, name):
    with pytest.raises(AgError) as info:
        evaluate_snippet(f"import numpy\nfrom {module} import {name}\n", seed=0)
    message = info.value.message
    assert message == f"ImportError: cannot import name '{name}' from '{module}' (unknown location)"
    assert "autograd_cli" not in message and info.value.pos.line == 2


@pytest.mark.parametrize("source", [
    "from tensorflow.keras.datasets import mnist\n",
    "import tensorflow.keras.datasets.cifar10 as cifar10\n",
    "from keras.datasets import fashion_mnist as mnist\n",
])
def test_keras_data_sets_import_and_fail_where_they_download(source):
    # TensorFlow imports them; only load_data() reaches the network, so that line is the error's
    with pytest.raises(AgError) as info:
        evaluate_snippet(source + "print('imported')\n(x, y), _ = mnist.load_data()\n" if "cifar10" not in source
                         else source + "print('imported')\ncifar10.load_data()\n", seed=0)
    assert info.value.pos.line == 3
    assert info.value.message.startswith("NoNetworkError:") and "no network" in info.value.message


def test_tf1_mnist_reader_is_missing_as_in_tensorflow_2_and_the_error_says_why():
    with pytest.raises(AgError) as info:
        evaluate_snippet("import numpy\nfrom tensorflow.examples.tutorials.mnist import input_data\n", seed=0)
    message = info.value.message
    assert message.startswith("ModuleNotFoundError: No module named 'tensorflow.examples' (")
    assert "no network" in message and info.value.pos.line == 2


def test_tfdbg_wrappers_import_and_refuse_clearly_where_a_session_is_wrapped():
    source = ("import tensorflow as tf\nfrom tensorflow.python import debug as tf_debug\n"
              "tf.disable_v2_behavior()\nsess = tf.Session()\nsess = tf_debug.LocalCLIDebugWrapperSession(sess)\n")
    with pytest.raises(AgError) as info:
        evaluate_snippet(source, seed=0)
    assert info.value.pos.line == 5
    assert info.value.message.startswith("NotImplementedError: tf_debug.LocalCLIDebugWrapperSession is tfdbg's "
                                         "interactive terminal debugger")
