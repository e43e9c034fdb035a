"""The recurrent layers on hand-set weights, against the cell equations written in NumPy here
(Keras 3's gate orders), and what they refuse. TensorFlow's own numbers for seeded weights,
gradients and fit are the oracle corpus' (keras_simple_rnn_tape, keras_lstm_tape,
keras_gru_tape, keras_rnn_fit, graph_keras_lstm_session)."""
from __future__ import annotations

import numpy as np
import pytest

import autograd_cli.tensorflow as tf

RNG = np.random.RandomState(0)
X = RNG.uniform(-1, 1, (2, 3, 2)).astype(np.float32)


def sigmoid(v):
    return 1 / (1 + np.exp(-v))


def set_weights(layer, *arrays):
    layer(tf.constant(X))
    layer.set_weights([np.asarray(a, np.float32) for a in arrays])


def test_simple_rnn_steps_and_go_backwards():
    k, r, b = RNG.uniform(-1, 1, (2, 3)), RNG.uniform(-1, 1, (3, 3)), RNG.uniform(-1, 1, 3)
    for backwards in (False, True):
        layer = tf.keras.layers.SimpleRNN(3, return_sequences=True, go_backwards=backwards)
        set_weights(layer, k, r, b)
        h, expected = np.zeros((2, 3)), []
        for t in (range(2, -1, -1) if backwards else range(3)):
            h = np.tanh(X[:, t] @ k + b + h @ r)
            expected.append(h)
        np.testing.assert_allclose(layer(tf.constant(X)).numpy(), np.stack(expected, 1), rtol=1e-5, atol=1e-6)


def test_lstm_gates_i_f_c_o_and_states():
    k, r, b = RNG.uniform(-1, 1, (2, 8)), RNG.uniform(-1, 1, (2, 8)), RNG.uniform(-1, 1, 8)
    layer = tf.keras.layers.LSTM(2, return_state=True)
    set_weights(layer, k, r, b)
    h0, c0 = RNG.uniform(-1, 1, (2, 2)), RNG.uniform(-1, 1, (2, 2))
    h, c = h0, c0
    for t in range(3):
        z = X[:, t] @ k + h @ r + b
        i, f, g, o = sigmoid(z[:, :2]), sigmoid(z[:, 2:4]), np.tanh(z[:, 4:6]), sigmoid(z[:, 6:])
        c = f * c + i * g
        h = o * np.tanh(c)
    out, h_last, c_last = layer(tf.constant(X), initial_state=[tf.constant(h0, tf.float32),
                                                               tf.constant(c0, tf.float32)])
    np.testing.assert_allclose(out.numpy(), h, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(h_last.numpy(), h, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(c_last.numpy(), c, rtol=1e-5, atol=1e-6)


def test_lstm_unit_forget_bias_and_weight_paths():
    tf.keras.backend.clear_session()
    layer = tf.keras.layers.LSTM(3)
    layer(tf.constant(X))
    assert layer.cell.bias.numpy().tolist() == [0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    assert [v.path for v in layer.weights] == ["lstm/lstm_cell/kernel", "lstm/lstm_cell/recurrent_kernel",
                                               "lstm/lstm_cell/bias"]
    # 4 gates of (2 inputs + 3 units) weights and a bias each: 4 * (2 * 3 + 3 * 3 + 3)
    assert layer.count_params() == 72


@pytest.mark.parametrize("reset_after", [True, False])
def test_gru_gates_z_r_h(reset_after):
    k, r = RNG.uniform(-1, 1, (2, 6)), RNG.uniform(-1, 1, (2, 6))
    b = RNG.uniform(-1, 1, (2, 6) if reset_after else (6,))
    layer = tf.keras.layers.GRU(2, reset_after=reset_after)
    set_weights(layer, k, r, b)
    bx, bh = (b[0], b[1]) if reset_after else (b, np.zeros(6))
    h = np.zeros((2, 2))
    for t in range(3):
        x = X[:, t] @ k + bx
        inner = h @ r + bh
        z, rr = sigmoid(x[:, :2] + inner[:, :2]), sigmoid(x[:, 2:4] + inner[:, 2:4])
        candidate = rr * inner[:, 4:] if reset_after else (rr * h) @ r[:, 4:]
        h = z * h + (1 - z) * np.tanh(x[:, 4:] + candidate)
    np.testing.assert_allclose(layer(tf.constant(X)).numpy(), h, rtol=1e-5, atol=1e-6)


def simple_rnn_numpy(x, k, r, b, backwards=False):
    h, out = np.zeros((x.shape[0], r.shape[0])), []
    for t in (range(x.shape[1] - 1, -1, -1) if backwards else range(x.shape[1])):
        h = np.tanh(x[:, t] @ k + b + h @ r)
        out.append(h)
    return np.stack(out, 1)


def test_bidirectional_concatenates_forward_and_flipped_backward():
    layer = tf.keras.layers.Bidirectional(tf.keras.layers.SimpleRNN(2, return_sequences=True))
    weights = [RNG.uniform(-1, 1, shape) for shape in ((2, 2), (2, 2), (2,)) * 2]
    set_weights(layer, *weights)
    forward = simple_rnn_numpy(X, *weights[:3])
    backward = simple_rnn_numpy(X, *weights[3:], backwards=True)[:, ::-1]
    np.testing.assert_allclose(layer(tf.constant(X)).numpy(), np.concatenate([forward, backward], -1),
                               rtol=1e-5, atol=1e-6)
    assert [v.path.split("/")[1] for v in layer.weights] == ["forward_simple_rnn"] * 3 + ["backward_simple_rnn"] * 3


def test_functional_states_feed_another_layer():
    tf.keras.backend.clear_session()
    k, r, b = RNG.uniform(-1, 1, (2, 3)), RNG.uniform(-1, 1, (3, 3)), RNG.uniform(-1, 1, 3)
    inputs = tf.keras.Input((3, 2))
    encoder = tf.keras.layers.SimpleRNN(3, return_state=True)
    decoder = tf.keras.layers.SimpleRNN(3)
    _, state = encoder(inputs)
    model = tf.keras.Model(inputs, decoder(inputs, initial_state=state))
    set_weights(encoder, k, r, b)
    set_weights(decoder, k, r, b)
    h = simple_rnn_numpy(X, k, r, b)[:, -1]
    for t in range(3):      # the decoder starts from the encoder's last state
        h = np.tanh(X[:, t] @ k + b + h @ r)
    np.testing.assert_allclose(model(tf.constant(X)).numpy(), h, rtol=1e-5, atol=1e-6)


def test_orthogonal_is_orthogonal_and_scaled():
    q = tf.keras.initializers.Orthogonal(gain=3.0, seed=1)((5, 3)).numpy()
    np.testing.assert_allclose(q.T @ q, 9 * np.eye(3), atol=1e-5)
    wide = tf.keras.initializers.Orthogonal(seed=1)((3, 5)).numpy()
    np.testing.assert_allclose(wide @ wide.T, np.eye(3), atol=1e-5)


def test_gradients_through_the_loop_match_finite_differences():
    layer = tf.keras.layers.GRU(2, kernel_initializer=tf.keras.initializers.GlorotUniform(seed=2),
                                recurrent_initializer=tf.keras.initializers.Orthogonal(seed=3))
    x = tf.constant(X.astype(np.float64))
    layer(x)

    def loss(values):
        return float(tf.reduce_sum(layer(tf.constant(values, tf.float32)) ** 2))
    with tf.GradientTape() as tape:
        tape.watch(x)
        value = tf.reduce_sum(layer(x) ** 2)
    grad = tape.gradient(value, x).numpy()
    eps, numeric = 1e-3, np.zeros_like(X)
    for index in np.ndindex(X.shape):
        up, down = X.copy(), X.copy()
        up[index] += eps
        down[index] -= eps
        numeric[index] = (loss(up) - loss(down)) / (2 * eps)
    np.testing.assert_allclose(grad, numeric, rtol=2e-2, atol=2e-3)


@pytest.mark.parametrize("build, error, message", [
    (lambda: tf.keras.layers.LSTM(2)(tf.ones((2, 3))), ValueError, "expected ndim=3, found ndim=2"),
    (lambda: tf.keras.layers.GRU(0), ValueError, "expected a positive integer, got 0"),
    (lambda: tf.keras.initializers.Orthogonal()((3,)), ValueError, "at least two-dimensional"),
    (lambda: tf.keras.layers.LSTM(2)(tf.ones((1, 3, 2)), initial_state=[tf.ones((1, 2))]), ValueError,
     "expects 2 initial state"),
    (lambda: tf.keras.layers.LSTM(2, dropout=0.5)(tf.ones((1, 3, 2)), training=True), NotImplementedError,
     "dropout"),
    (lambda: tf.keras.layers.SimpleRNN(2, stateful=True), NotImplementedError, "stateful"),
    (lambda: tf.keras.layers.Bidirectional(tf.keras.layers.Dense(2)), NotImplementedError, "only SimpleRNN"),
    (lambda: tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2), merge_mode="max"), ValueError,
     "Invalid merge mode"),
    (lambda: tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2, return_state=True))(tf.keras.Input((3, 2))),
     NotImplementedError, "return_state"),
    (lambda: tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2))(tf.ones((3, 2))), ValueError,
     "expected ndim=3, found ndim=2"),
])
def test_refusals(build, error, message):
    with pytest.raises(error, match=message):
        build()
