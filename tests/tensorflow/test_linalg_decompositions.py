"""tf.linalg's band part, triangular / Cholesky / least-squares solves, QR, eigh, slogdet,
logdet, pinv and cross against NumPy written here, their tape and graph gradients against
central differences of the NumPy formulas (float64), and the rows' SymPy forms against their
numbers. Eigenvectors are compared through sign-invariant quantities."""
from __future__ import annotations

import numpy as np
import pytest
from conftest import central_difference

import autograd_cli.tensorflow as tf
from autograd_cli.ops import OPS

RNG = np.random.RandomState(7)


def _tape_gradient(fn, value, w):
    x = tf.constant(value)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(fn(x) * w)
    return tape.gradient(y, x).numpy()


def _check_gradient(fn, reference, value, rtol=1e-6, atol=1e-8):
    """fn on tensors and reference on arrays compute the same thing: the tape gradient of
    sum(fn(x) * w) against central differences of sum(reference(x) * w)."""
    w = RNG.randn(*np.shape(reference(value)))
    numeric = central_difference(lambda v: float(np.sum(reference(v) * w)), value)
    np.testing.assert_allclose(_tape_gradient(fn, value, w), numeric, rtol=rtol, atol=atol)


def _well_conditioned(*shape):
    return RNG.randn(*shape) * 0.3 + np.eye(shape[-2], shape[-1]) * 2.0


# ---------------------------------------------------------------- band part, cross

@pytest.mark.parametrize("lower, upper", [(0, 0), (1, 0), (-1, 0), (0, -1), (2, 1), (-1, -1)])
def test_band_part_keeps_the_diagonals_between_lower_and_upper(lower, upper):
    x = RNG.randn(2, 3, 4)
    i, j = np.arange(3)[:, None], np.arange(4)[None, :]
    keep = ((lower < 0) | (i - j <= lower)) & ((upper < 0) | (j - i <= upper))
    np.testing.assert_array_equal(tf.linalg.band_part(x, lower, upper).numpy(), np.where(keep, x, 0.0))
    _check_gradient(lambda t: tf.linalg.band_part(t, lower, upper), lambda v: np.where(keep, v, 0.0), x)


def test_band_part_of_integers_stays_integer():
    got = tf.linalg.band_part(tf.constant([[1, 2], [3, 4]]), 0, -1)
    assert got.dtype == tf.int32 and got.numpy().tolist() == [[1, 2], [0, 4]]


def test_cross_and_its_gradients():
    a, b = RNG.randn(2, 3), RNG.randn(2, 3)
    np.testing.assert_allclose(tf.linalg.cross(a, b).numpy(), np.cross(a, b), rtol=1e-12)
    _check_gradient(lambda t: tf.linalg.cross(t, tf.constant(b)), lambda v: np.cross(v, b), a)
    _check_gradient(lambda t: tf.linalg.cross(tf.constant(a), t), lambda v: np.cross(a, v), b)


# ---------------------------------------------------------------- triangular, Cholesky and least-squares solves

@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("adjoint", [True, False])
def test_triangular_solve_reads_one_triangle_and_broadcasts_the_batch(lower, adjoint):
    a = _well_conditioned(2, 3, 3)
    b = RNG.randn(3, 2)                 # one right-hand side for both matrices

    def reference(m, rhs=b):
        t = np.tril(m) if lower else np.triu(m)
        return np.linalg.solve(np.swapaxes(t, -1, -2) if adjoint else t, np.broadcast_to(rhs, (2, 3, 2)))
    got = tf.linalg.triangular_solve(a, b, lower=lower, adjoint=adjoint).numpy()
    np.testing.assert_allclose(got, reference(a), rtol=1e-12)
    _check_gradient(lambda t: tf.linalg.triangular_solve(t, b, lower=lower, adjoint=adjoint), reference, a)
    _check_gradient(lambda t: tf.linalg.triangular_solve(a, t, lower=lower, adjoint=adjoint),
                    lambda v: reference(a, v), b)


def test_cholesky_solve_solves_with_the_factor():
    m = _well_conditioned(3, 3)
    spd = m @ m.T
    rhs = RNG.randn(3, 2)
    got = tf.linalg.cholesky_solve(tf.linalg.cholesky(spd), rhs).numpy()
    np.testing.assert_allclose(got, np.linalg.solve(spd, rhs), rtol=1e-10)


@pytest.mark.parametrize("shape, l2", [((4, 2), 0.0), ((4, 2), 0.5), ((2, 4), 0.0), ((2, 4), 0.3)])
def test_lstsq_solves_the_regularised_normal_equations(shape, l2):
    a, b = _well_conditioned(*shape), RNG.randn(shape[0], 2)

    def reference(m, rhs=b):
        if m.shape[-2] >= m.shape[-1]:
            return np.linalg.solve(m.T @ m + l2 * np.eye(m.shape[1]), m.T @ rhs)
        return m.T @ np.linalg.solve(m @ m.T + l2 * np.eye(m.shape[0]), rhs)
    np.testing.assert_allclose(tf.linalg.lstsq(a, b, l2_regularizer=l2).numpy(), reference(a), rtol=1e-10)
    _check_gradient(lambda t: tf.linalg.lstsq(t, b, l2_regularizer=l2), reference, a, rtol=1e-5)
    _check_gradient(lambda t: tf.linalg.lstsq(a, t, l2_regularizer=l2), lambda v: reference(a, v), b, rtol=1e-5)


def test_lstsq_fast_false_is_the_minimum_norm_solution_and_has_no_gradient():
    a = np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]])     # rank 2
    b = np.array([[1.0], [2.0], [0.5]])
    np.testing.assert_allclose(tf.linalg.lstsq(a, b, fast=False).numpy(), np.linalg.lstsq(a, b, rcond=None)[0],
                               rtol=1e-10, atol=1e-12)
    x = tf.Variable(a)
    with tf.GradientTape() as tape:
        y = tf.linalg.lstsq(x, b, fast=False)
    with pytest.raises(ValueError, match="Gradient not defined for fast=False"):
        tape.gradient(y, x)


# ---------------------------------------------------------------- QR

@pytest.mark.parametrize("shape", [(3, 3), (4, 2), (2, 4), (2, 3, 2)])
@pytest.mark.parametrize("full", [False, True])
def test_qr_is_lapacks_householder_qr(shape, full):
    a = _well_conditioned(*shape)
    q, r = tf.linalg.qr(a, full_matrices=full)
    nq, nr = np.linalg.qr(a, mode="complete" if full else "reduced")
    np.testing.assert_allclose(q.numpy(), nq, atol=1e-12)
    np.testing.assert_allclose(r.numpy(), nr, atol=1e-12)
    np.testing.assert_allclose(q.numpy() @ r.numpy(), a, atol=1e-12)


@pytest.mark.parametrize("shape", [(3, 3), (4, 2), (2, 4), (2, 3, 2), (2, 2, 3)])
def test_qr_gradients_are_the_finite_differences(shape):
    a = _well_conditioned(*shape)
    _check_gradient(lambda t: tf.linalg.qr(t)[0], lambda v: np.linalg.qr(v)[0], a, rtol=1e-5)
    _check_gradient(lambda t: tf.linalg.qr(t)[1], lambda v: np.linalg.qr(v)[1], a, rtol=1e-5)
    both = lambda t: tf.concat([tf.linalg.qr(t)[0], tf.linalg.matrix_transpose(tf.linalg.qr(t)[1])], -2)  # noqa: E731
    _check_gradient(both, lambda v: np.concatenate([np.linalg.qr(v)[0], np.swapaxes(np.linalg.qr(v)[1], -1, -2)], -2),
                    a, rtol=1e-5)


def test_qr_gradient_of_a_tall_full_qr_is_tensorflows_not_implemented_error():
    x = tf.Variable(_well_conditioned(4, 3))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.linalg.qr(x, full_matrices=True).q)
    with pytest.raises(NotImplementedError, match="nrows > ncols and full_matrices is true"):
        tape.gradient(y, x)


# ---------------------------------------------------------------- eigh

def _symmetric(n, lead=()):
    q = np.linalg.qr(RNG.randn(*lead, n, n))[0]
    values = np.sort(RNG.randn(*lead, n), axis=-1) + np.arange(n) * 0.7     # well separated
    return (q * values[..., None, :]) @ np.swapaxes(q, -1, -2)


def test_eigh_reads_the_lower_triangle_and_sorts_the_values():
    a = _symmetric(3, (2,))
    garbage = np.tril(a) + np.triu(RNG.randn(2, 3, 3), 1)
    e, v = tf.linalg.eigh(garbage)
    np.testing.assert_allclose(e.numpy(), np.linalg.eigvalsh(a), rtol=1e-12)
    np.testing.assert_allclose(tf.linalg.eigvalsh(garbage).numpy(), np.linalg.eigvalsh(a), rtol=1e-12)
    v = v.numpy()
    np.testing.assert_allclose((v * e.numpy()[..., None, :]) @ np.swapaxes(v, -1, -2), a, atol=1e-12)
    np.testing.assert_allclose(np.swapaxes(v, -1, -2) @ v, np.broadcast_to(np.eye(3), (2, 3, 3)), atol=1e-12)


@pytest.mark.parametrize("n", [1, 2, 5, 65])     # (65: past symmetric_eigen.LARGE, LAPACK's)
def test_eigh_of_float32_is_a_float32_decomposition(n):
    a = _symmetric(n, (2,)).astype(np.float32)
    e, v = tf.linalg.eigh(a)
    assert e.dtype == tf.float32 and v.dtype == tf.float32
    scale = np.abs(a).max()
    np.testing.assert_allclose(e.numpy(), np.linalg.eigvalsh(a.astype(np.float64)), atol=1e-5 * n * scale)
    v = v.numpy().astype(np.float64)
    np.testing.assert_allclose((v * e.numpy()[..., None, :]) @ np.swapaxes(v, -1, -2), a, atol=1e-5 * n * scale)
    np.testing.assert_allclose(np.swapaxes(v, -1, -2) @ v, np.broadcast_to(np.eye(n), (2, n, n)), atol=1e-5 * n)


def test_eigh_of_a_nan_is_the_kernels_error_and_of_an_inf_nan_values():
    """(Eigen's solver never deflates a NaN: no convergence, TensorFlow's error; an inf scales
    every entry to 0 or NaN, which converges at once)"""
    with pytest.raises(tf.errors.InvalidArgumentError, match="Self-adjoint eigen decomposition was not successful"):
        tf.linalg.eigh(tf.constant([[1.0, np.nan], [np.nan, 2.0]]))
    e, v = tf.linalg.eigh(tf.constant([[np.inf, 1.0], [1.0, 2.0]]))
    assert np.isnan(e.numpy()).all() and v.numpy().tolist() == [[1.0, 0.0], [0.0, 1.0]]


def test_eigh_gradients_are_the_finite_differences_through_a_symmetric_input():
    a = _symmetric(3, (2,))

    def sym(t):
        return (t + tf.linalg.matrix_transpose(t)) / 2

    def np_sym(v):
        return (v + np.swapaxes(v, -1, -2)) / 2
    _check_gradient(lambda t: tf.linalg.eigvalsh(sym(t)), lambda v: np.linalg.eigvalsh(np_sym(v)), a)
    _check_gradient(lambda t: tf.linalg.eigh(sym(t))[0], lambda v: np.linalg.eigh(np_sym(v))[0], a)
    # (v * v: unchanged by each eigenvector's sign)
    _check_gradient(lambda t: tf.linalg.eigh(sym(t))[1] ** 2, lambda v: np.linalg.eigh(np_sym(v))[1] ** 2, a,
                    rtol=1e-5)


# ---------------------------------------------------------------- determinants, pinv

def test_slogdet_and_logdet_and_their_gradients():
    a = _well_conditioned(2, 3, 3) * np.array([1.0, -1.0])[:, None, None]
    sign, log_abs = tf.linalg.slogdet(a)
    ns, nl = np.linalg.slogdet(a)
    np.testing.assert_array_equal(sign.numpy(), ns)
    np.testing.assert_allclose(log_abs.numpy(), nl, rtol=1e-12)
    _check_gradient(lambda t: tf.linalg.slogdet(t)[1], lambda v: np.linalg.slogdet(v)[1], a)
    assert not np.any(_tape_gradient(lambda t: tf.linalg.slogdet(t)[0], a, np.ones(2)))     # the sign's: zeros
    spd = a @ np.swapaxes(a, -1, -2)
    np.testing.assert_allclose(tf.linalg.logdet(spd).numpy(), np.linalg.slogdet(spd)[1], rtol=1e-12)
    # (logdet reads the Cholesky factor: the lower triangle, its gradient symmetrised)
    _check_gradient(lambda t: tf.linalg.logdet((t + tf.linalg.matrix_transpose(t)) / 2),
                    lambda v: np.linalg.slogdet((v + np.swapaxes(v, -1, -2)) / 2)[1], spd)


@pytest.mark.parametrize("shape", [(3, 3), (4, 2), (2, 4), (2, 3, 2)])
def test_pinv_and_its_gradient(shape):
    a = _well_conditioned(*shape)
    np.testing.assert_allclose(tf.linalg.pinv(a).numpy(), np.linalg.pinv(a), rtol=1e-10, atol=1e-12)
    _check_gradient(tf.linalg.pinv, np.linalg.pinv, a, rtol=1e-5)


def test_pinv_cuts_singular_values_below_rcond_times_the_largest():
    a = np.outer([1.0, 2.0, 3.0], [1.0, -1.0]) + 1e-9 * RNG.randn(3, 2)      # rank 1 and a 1e-9 one
    np.testing.assert_allclose(tf.linalg.pinv(a, rcond=1e-6).numpy(), np.linalg.pinv(a, rcond=1e-6), rtol=1e-9)
    assert abs(tf.linalg.pinv(a).numpy()).max() > 1e6      # the default (10 * 3 * eps) keeps it
    # one cutoff per matrix of a batch, a tensor fed to a graph too
    both = np.stack([a, a])
    got = tf.linalg.pinv(both, rcond=tf.constant([1e-6, 1e-12], dtype=tf.float64)).numpy()
    np.testing.assert_allclose(got, np.stack([np.linalg.pinv(a, rcond=1e-6), np.linalg.pinv(a, rcond=1e-12)]),
                               rtol=1e-6)


def test_pinv_takes_a_fed_cutoff_in_a_graph(tf_graph_mode):
    a = np.outer([1.0, 2.0, 3.0], [1.0, -1.0]) + 1e-9 * RNG.randn(3, 2)
    cutoff = tf.placeholder(tf.float64, [])
    with tf.Session() as sess:
        got = sess.run(tf.linalg.pinv(tf.constant(a), rcond=cutoff), {cutoff: 1e-6})
    np.testing.assert_allclose(got, np.linalg.pinv(a, rcond=1e-6), rtol=1e-9)


# ---------------------------------------------------------------- graphs, SymPy forms

def test_graph_gradients_are_the_tape_gradients(tf_graph_mode):
    a = _well_conditioned(3, 2)
    x = tf.placeholder(tf.float64, [3, 2])
    sym = tf.matmul(x, x, transpose_b=True) + tf.eye(3, dtype=tf.float64)
    q, r = tf.qr(x)
    loss = (tf.reduce_sum(q * q[:, :1]) + tf.reduce_sum(r) + tf.reduce_sum(tf.self_adjoint_eigvals(sym) ** 2)
            + tf.reduce_sum(tf.matrix_triangular_solve(sym, x, adjoint=True)) + tf.reduce_sum(tf.linalg.pinv(x)))
    grad = tf.gradients(loss, x)[0]
    with tf.Session() as sess:
        got = sess.run(grad, {x: a})

    def reference(v):
        nq, nr = np.linalg.qr(v)
        gram = v @ v.T + np.eye(3)
        return (np.sum(nq * nq[:, :1]) + np.sum(nr) + np.sum(np.linalg.eigvalsh(gram) ** 2)
                + np.sum(np.linalg.solve(np.tril(gram).T, v)) + np.sum(np.linalg.pinv(v)))
    np.testing.assert_allclose(got, central_difference(reference, a), rtol=1e-5, atol=1e-8)


@pytest.mark.parametrize("row, arrays, params", [
    ("band_part", [RNG.randn(3, 3)], {"num_lower": 1, "num_upper": 0}),
    ("triangular_solve", [_well_conditioned(3, 3), RNG.randn(3, 2)], {"lower": False, "adjoint": True}),
    ("log_abs_det", [_well_conditioned(2, 2, 2)], {}),
    ("det_sign", [-_well_conditioned(2, 2)], {}),
    ("cross", [RNG.randn(2, 3), RNG.randn(2, 3)], {}),
    ("pinv", [_well_conditioned(2, 3, 2), np.array([1e-15, 1e-15])], {}),
])
def test_sympy_forms_give_the_forward_numbers(row, arrays, params):
    import sympy

    op = OPS[row]
    symbolic = op.sym_form(sympy, *[np.asarray(a, dtype=object) for a in arrays], **params)
    got = np.asarray(symbolic, dtype=object).astype(np.float64) if np.ndim(symbolic) else float(symbolic)
    np.testing.assert_allclose(got, op.forward(*arrays, **params), rtol=1e-9, atol=1e-12)
