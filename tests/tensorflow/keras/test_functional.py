"""The functional API: layers called on keras.Input record their calls, Model(inputs, outputs)
replays them; checked against NumPy computing the same layers from their weights."""
from __future__ import annotations

import numpy as np
import pytest

import autograd_cli.tensorflow as tf


def test_a_functional_model_computes_its_layers_in_order():
    inputs = tf.keras.Input(shape=(3,))
    hidden = tf.keras.layers.Dense(4, activation="relu")(inputs)
    outputs = tf.keras.layers.Dense(2)(hidden)
    assert hidden.shape == (None, 4) and outputs.shape == (None, 2)
    model = tf.keras.Model(inputs, outputs)
    x = np.array([[1.0, -2.0, 0.5], [0.0, 1.0, 3.0]], dtype=np.float32)
    w1, b1, w2, b2 = model.get_weights()
    expected = np.maximum(x @ w1 + b1, 0) @ w2 + b2
    np.testing.assert_allclose(model(x).numpy(), expected, rtol=1e-6)
    assert [type(layer).__name__ for layer in model.layers] == ["InputLayer", "Dense", "Dense"]
    assert [tuple(v.shape) for v in model.trainable_variables] == [(3, 4), (4,), (4, 2), (2,)]


def test_a_subclass_given_inputs_and_outputs_is_functional_and_overrides_train_step():
    calls = []

    class Counting(tf.keras.Model):
        def train_step(self, data):
            calls.append(len(data))
            return super().train_step(data)

    inputs = tf.keras.Input(shape=(1,))
    model = Counting(inputs, tf.keras.layers.Dense(1, kernel_initializer="zeros")(inputs))
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse", metrics=["mae"])
    x = np.array([[1.0], [2.0]], dtype=np.float32)
    y = np.array([[2.0], [4.0]], dtype=np.float32)
    history = model.fit(x, y, epochs=1, batch_size=2, shuffle=False, verbose=0)
    assert calls == [2]
    # zero weights: the first batch's loss is mean(y^2) = 10, its mae mean(|y|) = 3 (sorted keys, as Keras)
    assert list(history.history) == ["loss", "mae"]
    assert history.history["loss"] == [pytest.approx(10.0)] and history.history["mae"] == [pytest.approx(3.0)]


def test_a_model_input_must_be_a_keras_input():
    with pytest.raises(ValueError, match="keras.Input"):
        tf.keras.Model(inputs=1, outputs=2)


def test_compile_matches_the_ranks_of_labels_and_predictions():
    inputs = tf.keras.Input(shape=(1,))
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(1, kernel_initializer="ones")(inputs))
    model.compile(optimizer="sgd", loss="mse")
    x = np.array([[1.0], [2.0], [3.0]], dtype=np.float32)
    # labels of shape (3,) against predictions (3, 1): per-sample, not broadcast to (3, 3)
    assert model.evaluate(x, np.array([1.0, 2.0, 4.0]), verbose=0) == pytest.approx(1.0 / 3.0)
