"""Every sample in samples/ through the real CLI (subprocess), checked against TensorFlow's answers.

The expected numbers are derived independently here: by hand (the seeds' printed TensorFlow
output, chain rule written out) or with plain NumPy written in this file, never with the engine.
"""
import math

import numpy as np
import pytest

from conftest import ROOT, cli, cli_json

SAMPLES = sorted((ROOT / "samples").glob("*.ag"))


def run(name):
    return cli_json("eval", ROOT / "samples" / name)


def grad_entry(out, name):
    for entry in out["gradients"]:
        if entry["name"] == name:
            return entry
    raise AssertionError(f"no gradients entry {name!r} in {[e['name'] for e in out['gradients']]}")


def close(actual, expected):
    np.testing.assert_allclose(np.asarray(actual, dtype=float), np.asarray(expected, dtype=float),
                               rtol=1e-12, atol=1e-12)


# --- every sample: tables mode works, and it says what it shows -------------------------------

def test_there_are_samples():
    names = {p.name for p in SAMPLES}
    assert {"linear_model.ag", "seed_chain_rule_3_1.ag", "seed_stop_gradients_arg.ag",
            "seed_stop_gradient_w1_none.ag", "seed_stop_gradient_two_paths.ag",
            "seed_matmul_unrelated_w2.ag", "seed_matmul_unrelated_w2_zero.ag",
            "seed_gradients_of_stopped.ag", "seed_straight_through_estimator.ag",
            "seed_softmax_dense_784.ag", "second_derivatives.ag",
            "softmax_crossentropy_hessian.ag"} <= names


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_runs_as_tables(path):
    proc = cli("eval", path)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    assert proc.stdout.strip()


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_starts_with_a_comment(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# ") and len(first) > 10


# --- the spec's first example ------------------------------------------------------------------

def test_linear_model():
    out = run("linear_model.ag")
    v = out["values"]
    # y = 3w + b = 7; loss = (10 - y)^2 / 2 = 4.5; dloss/dw = -(10 - y) * x = -9; dloss/db = -3
    assert v["y"] == 7.0 and v["loss"] == 4.5
    assert (v["gw"], v["gb"]) == (-9.0, -3.0)
    assert grad_entry(out, "gw, gb")["values"] == [-9.0, -3.0]
    # z = stop_gradient(y)^2 + y: only the second y carries gradient -> dz/dw = x = 3, dz/db = 1
    assert v["z"] == 7.0 ** 2 + 7.0
    assert grad_entry(out, "gradients(z, [w, b])")["values"] == [3.0, 1.0]


# --- seed 000 / 001: tf.gradients and stop_gradient --------------------------------------------

def test_chain_rule_3_1():
    out = run("seed_chain_rule_3_1.ag")
    # c = a + 2a: dc/da = 1 + 2 = 3 (direct plus through b); dc/db = 1  (TF prints [3.0, 1.0])
    assert out["values"]["g"] == [3.0, 1.0]
    entry = grad_entry(out, "g")
    assert entry["values"] == [3.0, 1.0] and entry["unconnected"] == {}
    assert entry["xs"] == ["a", "b"] and entry["ys"] == ["c"]


def test_stop_gradients_argument():
    out = run("seed_stop_gradients_arg.ag")
    # a and b held constant: only the direct edges of c = a + b count -> [1, 1]
    assert out["values"]["g"] == [1.0, 1.0]
    assert grad_entry(out, "g")["unconnected"] == {}


def test_stop_gradient_gives_none_for_w1():
    out = run("seed_stop_gradient_w1_none.ag")
    # b = stop_gradient(3 w1) * w2: w1's only path is cut -> None; db/dw2 = 3 * w1 = 6
    assert out["values"]["b"] == 12.0
    assert out["values"]["g"] == [None, 6.0]
    entry = grad_entry(out, "g")
    assert entry["values"] == [None, 6.0]
    reason = entry["unconnected"]["w1"]
    assert "stop_gradient" in reason and "line 5" in reason
    assert "w2" not in entry["unconnected"]


def test_stop_gradient_two_paths():
    out = run("seed_stop_gradient_two_paths.ag")
    # e = stop_gradient(a + b) + (a + b): the gradient still arrives through d -> [1, 1]
    assert out["values"]["e"] == 4.0
    assert out["values"]["g"] == [1.0, 1.0]


def test_matmul_unrelated_w2_is_none():
    out = run("seed_matmul_unrelated_w2.ag")
    # res = w1 @ [[2], [1]] = 1*2 + 2*1 = 4; d res / d w1 = [[2, 1]] (TF prints [[2, 1]]); w2 unrelated
    assert out["values"]["res"] == [[4.0]]
    assert out["values"]["grads"] == [[[2.0, 1.0]], None]
    entry = grad_entry(out, "grads")
    assert "path" in entry["unconnected"]["w2"]
    assert "w1" not in entry["unconnected"]


def test_matmul_unrelated_w2_zero():
    out = run("seed_matmul_unrelated_w2_zero.ag")
    assert out["values"]["grads"] == [[[2.0, 1.0]], [[0.0, 0.0]]]
    assert grad_entry(out, "grads")["unconnected"] == {}


def test_gradients_of_stopped_value():
    out = run("seed_gradients_of_stopped.ag")
    # z = stop_gradient(x**2): value 4 passes, gradient is None (TF: [None])
    assert out["values"]["z"] == 4.0
    assert out["values"]["grads"] == [None]
    assert "stop_gradient" in grad_entry(out, "grads")["unconnected"]["x"]


@pytest.mark.parametrize("name", ["seed_straight_through_estimator.ag",
                                  "seed_straight_through_estimator_custom_gradient.ag"])
def test_straight_through_estimator(name):
    out = run(name)
    x = [0.5, 1.5, 2.3, -0.7]
    # forward: round half to even (TensorFlow's round): 0.5 -> 0, 1.5 -> 2, 2.3 -> 2, -0.7 -> -1
    expected = [0.0, 2.0, 2.0, -1.0]
    assert [round(t) for t in x] == expected            # Python's round is also half-to-even
    close(out["values"]["y"], expected)
    # backward: d/dx [x + stop_gradient(...)] = 1 everywhere; the custom_gradient form's
    # rule grad(dy) = dy passes the upstream ones (the same numbers)
    assert out["values"]["g"] == [[1.0, 1.0, 1.0, 1.0]]


# --- second derivatives --------------------------------------------------------------------------

def test_second_derivatives():
    v = run("second_derivatives.ag")["values"]
    x = 2.0
    assert v["dy"] == 3 * x ** 2            # d(x^3)/dx
    assert v["d2y"] == 6 * x                # d2(x^3)/dx2
    assert v["d3y"] == [6.0]
    # s = x sin x: s' = sin x + x cos x; s'' = 2 cos x - x sin x
    assert math.isclose(v["ds"], math.sin(x) + x * math.cos(x), rel_tol=1e-12)
    assert math.isclose(v["d2s"], 2 * math.cos(x) - x * math.sin(x), rel_tol=1e-12)
    # f = u0^2 u1 + u1^3 at u = (1, 2)
    u0, u1 = 1.0, 2.0
    assert v["f"] == u0 ** 2 * u1 + u1 ** 3
    close(v["gf"], [[2 * u0 * u1, u0 ** 2 + 3 * u1 ** 2]])
    hessian = [[2 * u1, 2 * u0], [2 * u0, 6 * u1]]
    close(v["hess"], [hessian])
    close(v["jac_of_grad"], hessian)
    close(v["jac"], [[2 * u0, 0.0], [0.0, 2 * u1]])     # jacobian of u*u: diag(2u)
    close(v["lin"], [np.zeros((2, 2))])                 # a linear y: zeros (spec §3)


# --- seed 004: softmax dense layer with categorical cross-entropy ------------------------------

EPS = 1e-7   # Keras backend epsilon
# Keras clips float32 probabilities to [eps, 1 - eps] in float32
EPS32, ONE_MINUS_EPS32 = float(np.float32(EPS)), float(np.float32(1 - EPS))


def keras_cce(y_true, y_pred):
    """keras.losses.categorical_crossentropy on probabilities, in plain NumPy: one loss per sample."""
    p = y_pred / y_pred.sum(axis=-1, keepdims=True)
    p = np.clip(p, EPS32, ONE_MINUS_EPS32)
    return -np.sum(y_true * np.log(p), axis=-1)


def np_softmax(z):
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def test_softmax_dense_784():
    out = run("seed_softmax_dense_784.ag")
    v = out["values"]
    x = np.ones((1, 784))
    y = np.zeros((1, 10))
    y[0, 0] = 1.0
    limit = math.sqrt(6 / (784 + 10))
    W = np.random.default_rng(4).uniform(-limit, limit, (784, 10))   # spec §4 random_uniform
    b = np.zeros(10)
    close(v["W"], W)
    p = np_softmax(x @ W + b)
    close(v["probs"], p)
    assert np.all((p > EPS) & (p < 1 - EPS))     # no clipping active: the analytic gradient holds
    loss_of = lambda W_, b_: np.mean(keras_cce(y, np_softmax(x @ W_ + b_)))   # CategoricalCrossentropy()
    np.testing.assert_allclose(v["loss"], loss_of(W, b), rtol=1e-12)
    np.testing.assert_allclose(v["loss"], -math.log(p[0, 0]), rtol=1e-12)

    batch = x.shape[0]
    gW_expected = x.T @ (p - y) / batch          # softmax + cross-entropy: dL/dlogits = (p - y) / batch
    gb_expected = (p - y).sum(axis=0) / batch
    gW, gb = np.asarray(v["gW"]), np.asarray(v["gb"])
    assert gW.shape == (784, 10) and gb.shape == (10,)
    np.testing.assert_allclose(gW, gW_expected, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(gb, gb_expected, rtol=1e-10, atol=1e-12)
    assert grad_entry(out, "gW, gb")["unconnected"] == {}

    # central finite differences of the NumPy loss on a few entries
    h = 1e-6
    for (i, j) in [(0, 0), (5, 3), (400, 2), (783, 9)]:
        Wp, Wm = W.copy(), W.copy()
        Wp[i, j] += h
        Wm[i, j] -= h
        fd = (loss_of(Wp, b) - loss_of(Wm, b)) / (2 * h)
        assert abs(gW[i, j] - fd) < 1e-7, (i, j, gW[i, j], fd)
    for j in [0, 7]:
        bp, bm = b.copy(), b.copy()
        bp[j] += h
        bm[j] -= h
        fd = (loss_of(W, bp) - loss_of(W, bm)) / (2 * h)
        assert abs(gb[j] - fd) < 1e-7, (j, gb[j], fd)


def test_categorical_crossentropy_per_sample_mean_over_batch_and_clipping():
    # unnormalised probabilities, batch of 2, one entry clipped (0 -> 1e-7): Keras's normalise, clip,
    # one loss per sample; reduce_mean of them is CategoricalCrossentropy()
    prog = ("q = variable([[0.2, 0.6, 0.2], [0.0, 3.0, 1.0]])\n"
            "t = [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]\n"
            "per_sample = categorical_crossentropy(t, q)\n"
            "loss = reduce_mean(per_sample)\n"
            "g = gradients(loss, q)\n")
    v = cli_json("eval", "-", stdin=prog)["values"]
    q = np.array([[0.2, 0.6, 0.2], [0.0, 3.0, 1.0]])
    t = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]])
    expected = [-math.log(0.6), -math.log(EPS32)]
    close(keras_cce(t, q), expected)   # the reference agrees with the hand value
    close(v["per_sample"], expected)
    assert math.isclose(v["loss"], sum(expected) / 2, rel_tol=1e-12)
    # hand gradient: row 0: L0 = -log(q01 / s0) / 2 -> dL/dq0k = (1/s0 - [k=1]/q01) / 2
    # row 1: the clipped q10/s1 is constant (clip passes no gradient below eps) -> dL/dq1 = 0
    s0 = q[0].sum()
    row0 = np.array([1 / s0, 1 / s0 - 1 / q[0, 1], 1 / s0]) / 2
    close(v["g"], [[row0, np.zeros(3)]])


def test_softmax_crossentropy_hessian():
    v = run("softmax_crossentropy_hessian.ag")["values"]
    z = np.array([0.5, -1.0, 2.0])
    y = np.array([0.0, 1.0, 0.0])
    p = np.exp(z) / np.exp(z).sum()
    # L = -log p1 (no clipping active): dL/dz = p - y; d2L/dz2 = d p / d z = diag(p) - p p^T
    assert np.all((p > 1e-7) & (p < 1 - 1e-7))
    hessian = np.diag(p) - np.outer(p, p)
    np.testing.assert_allclose(v["loss"], -math.log(p[1]), rtol=1e-12)
    np.testing.assert_allclose(v["g"], [p - y], rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(v["H"], [hessian], rtol=1e-10, atol=1e-15)
    np.testing.assert_allclose(v["J"], hessian, rtol=1e-10, atol=1e-15)
    np.testing.assert_allclose(v["row2"], [hessian[2]], rtol=1e-10, atol=1e-15)
