"""What tf.keras refuses as TensorFlow 2.21 does (names it does not export, the network), and
the `.ag` spellings of the Keras losses meaning what the package's tf.keras.losses computes."""
from __future__ import annotations

import json
import pathlib

import numpy as np
import pytest

import autograd_cli.tensorflow as tf
from autograd_cli import evaluate

LOSS_CASES = json.loads((pathlib.Path(__file__).parents[2] / "library" / "tf_losses.json").read_text())["cases"]
# .ag's tf.keras.losses spelling of each built-in (TensorFlow 2.21's export names)
SPELLING = {"categorical_crossentropy": "categorical_crossentropy", "binary_crossentropy": "binary_crossentropy",
            "sparse_categorical_crossentropy": "sparse_categorical_crossentropy", "mean_squared_error": "MSE",
            "mean_absolute_error": "MAE", "huber": "huber", "log_cosh": "logcosh"}
PLAIN = [c for c in LOSS_CASES if c["kind"] in ("p", "logits")]


@pytest.mark.parametrize("case", PLAIN, ids=[c["id"] for c in PLAIN])
def test_ag_spelling_and_package_agree_and_match_tensorflow(case):
    name = SPELLING[case["function"]]
    keywords = dict(case["keywords"], **({"from_logits": True} if case["kind"] == "logits" else {}))
    extra = "".join(f", {k}={v!r}" for k, v in keywords.items())
    ag = evaluate(f"import tensorflow as tf\ny = tf.keras.losses.{name}({case['y_true']}, {case['y_pred']}{extra})")
    package = getattr(tf.keras.losses, name)(tf.constant(case["y_true"], tf.float32),
                                             tf.constant(case["y_pred"], tf.float32), **keywords)
    np.testing.assert_allclose(np.asarray(ag.values["y"], dtype=np.float64), package.numpy(), rtol=2e-6, atol=2e-6)
    np.testing.assert_allclose(package.numpy(), case["per_sample"], rtol=2e-6, atol=2e-6)


@pytest.mark.parametrize("name", ["mean_squared_error", "mean_absolute_error", "log_cosh"])
def test_tf_keras_losses_has_only_tensorflows_spellings(name):
    with pytest.raises(AttributeError, match=f"no attribute '{name}'"):
        getattr(tf.keras.losses, name)


@pytest.mark.parametrize("name", ["placeholder", "function", "get_session"])
def test_tf_keras_backend_has_no_tf1_session_functions(name):
    with pytest.raises(AttributeError, match=f"has no attribute '{name}'"):
        getattr(tf.keras.backend, name)


def test_keras_optimizers_have_no_minimize():
    with pytest.raises(AttributeError, match="no attribute 'minimize'"):
        tf.keras.optimizers.SGD(0.1).minimize


def test_masking_is_refused_with_the_reason():
    # (TF 2.21 has the layer; a silently unmasked one would train on the padding)
    with pytest.raises(AttributeError, match="no attribute 'Masking': Keras' masks .* not supported"):
        tf.keras.layers.Masking


def test_datasets_need_the_network():
    with pytest.raises(OSError, match="no network"):
        tf.keras.datasets.mnist.load_data()


def test_loss_reduction_is_checked():
    with pytest.raises(ValueError, match="Invalid value for argument `reduction`"):
        tf.keras.losses.MeanSquaredError(reduction="average")


def test_summary_counts_the_parameters(capsys):
    tf.keras.backend.clear_session()
    model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(4), tf.keras.layers.Dense(2)])
    model.summary()
    text = capsys.readouterr().out
    # 3*4 + 4 and 4*2 + 2 parameters, counted by hand
    assert 'Model: "sequential"' in text and "Total params: 26" in text and "dense_1 (Dense)" in text
