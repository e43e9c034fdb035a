"""Indexing, shape, linear algebra and segment built-ins with TensorFlow's names,
parameters and gradient rules. Expected values come from NumPy written here, from
derivations by hand, or from TensorFlow's documented values; never from the tool's own
output."""
from __future__ import annotations

import numpy as np
import pytest

from autograd_cli.api import evaluate
from autograd_cli.support.errors import AgError


def ev(source, **sets):
    return evaluate(source, sets={k: np.asarray(v, dtype=float) for k, v in sets.items()})


def val(source, name="y", **sets):
    return np.asarray(ev(source, **sets).values[name])


def grads(source, k=0):
    """The values of the first gradients record's entries."""
    result = ev(source).gradients[k]
    return [None if v is None else np.asarray(v) for v in result.values]


X = np.arange(1.0, 7.0).reshape(2, 3)
XS = "x = variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])\n"


# ---------------------------------------------------------------- brackets

@pytest.mark.parametrize("index, numpy", [
    ("x[..., 0]", X[..., 0]), ("x[:, None]", X[:, None]), ("x[None]", X[None]),
    ("x[::-1]", X[::-1]), ("x[:, ::-2]", X[:, ::-2]), ("x[-1, 1:]", X[-1, 1:]),
    ("x[..., None, 1]", X[..., None, 1]), ("x[[1, 0, 1]]", X[[1, 0, 1]]),
    ("x[[-1]]", X[[-1]]), ("x[:, [2, 0]]", X[:, [2, 0]]), ("x[1:, [0, 0]]", X[1:, [0, 0]]),
    ("x[constant([1, 1])]", X[[1, 1]]), ("x[5:9]", X[5:9]), ("x[:, -10:2]", X[:, -10:2]),
])
def test_brackets_match_numpy(index, numpy):
    np.testing.assert_array_equal(val(XS + f"y = {index}\n"), numpy)


def test_bracket_gradients_scatter_back():
    # d/dx sum(x[[1, 0, 1]] * w): row 0 once, row 1 twice (duplicates add, as TF's scatter)
    g, = grads(XS + "y = reduce_sum(x[[1, 0, 1]])\ng = gradients(y, x)\n")
    np.testing.assert_array_equal(g, [[1, 1, 1], [2, 2, 2]])
    g, = grads(XS + "y = reduce_sum(x[..., None, ::-2] * 3.0)\ng = gradients(y, x)\n")
    np.testing.assert_array_equal(g, [[3, 0, 3], [3, 0, 3]])


@pytest.mark.parametrize("index, message", [
    ("x[::0]", "slice step cannot be zero"),
    ("x[2]", "index 2 is out of range for axis 0 of size 2"),
    ("x[:, -4]", "index -4 is out of range for axis 1 of size 3"),
    ("x[[0, 3]]", "x[[0, 3]]: indices[1] = 3 is not in [-2, 2)"),
    ("x[..., ...]", "only one ellipsis"),
    ("x[0, 0, 0]", "too many indices"),
    ("x[[0], [1]]", "one list per index"),
])
def test_bracket_errors_are_located_and_name_the_brackets(index, message):
    with pytest.raises(AgError) as info:
        ev(XS + f"y = {index}\n")
    assert message in str(info.value)
    assert info.value.pos.line == 2
    assert "getitem" not in str(info.value) and "take" not in str(info.value)


# ---------------------------------------------------------------- gather family

def test_gather_matches_numpy_take_and_axis_is_a_keyword():
    np.testing.assert_array_equal(val(XS + "y = gather(x, [1, 0, 1])\n"), np.take(X, [1, 0, 1], axis=0))
    np.testing.assert_array_equal(val(XS + "y = gather(x, [[2], [0]], axis=1)\n"),
                                  np.take(X, [[2], [0]], axis=1))
    # the third positional parameter is validate_indices (TF2's order), so axis must be a keyword
    np.testing.assert_array_equal(val(XS + "y = gather(x, [1], None, 1)\n"), np.take(X, [1], axis=1))


def test_gather_batch_dims():
    idx = [[2, 0], [1, 1]]
    want = np.stack([np.take(X[b], idx[b]) for b in range(2)])
    np.testing.assert_array_equal(val(XS + f"y = gather(x, {idx}, batch_dims=1)\n"), want)
    g, = grads(XS + f"y = reduce_sum(gather(x, {idx}, batch_dims=1))\ng = gradients(y, x)\n")
    np.testing.assert_array_equal(g, [[1, 0, 1], [0, 2, 0]])


def test_gather_gradient_is_a_scatter_add_and_indices_get_none():
    # TF: unsorted_segment_sum(dy, indices, n): duplicates accumulate
    g = grads(XS + "i = constant([2, 0, 2])\ny = reduce_sum(gather(x, i, axis=1) * [10.0, 1.0, 100.0])\n"
                   "g = gradients(y, [x, i])\n")
    np.testing.assert_array_equal(g[0], [[1, 0, 110], [1, 0, 110]])
    assert g[1] is None


def test_gather_second_derivative():
    # y = sum(gather(x, [0, 0])^3) -> dy/dx0 = 6 x0^2 ... d2/dx0^2 = 12 x0
    h = ev("x = variable([2.0, 5.0])\ny = reduce_sum(gather(x, [0, 0]) ** 3)\nh = hessians(y, x)\n")
    np.testing.assert_allclose(h.gradients[0].values[0], [[24.0, 0.0], [0.0, 0.0]])


@pytest.mark.parametrize("call", ["gather(x, [0, 2])", "gather(x, [-1])", "gather(x, [0, 5], axis=1)"])
def test_gather_out_of_range_is_a_located_error(call):
    with pytest.raises(AgError) as info:
        ev(XS + f"\ny = {call}\n")
    assert "gather" in str(info.value) and "is not in [0," in str(info.value)
    assert info.value.pos.line == 3


def test_gather_with_runtime_indices_checks_when_run():
    src = "x = variable([1.0, 2.0])\ni = variable(0.0)\ny = gather(x, reshape(i + 3.0, [1]))\n"
    with pytest.raises(AgError) as info:
        ev(src)
    assert "gather" in str(info.value) and "3 is not in [0, 2)" in str(info.value)
    assert info.value.pos.line == 3


def test_gather_nd_and_scatter_nd():
    idx = [[0, 1], [1, 2], [0, 1]]
    np.testing.assert_array_equal(val(XS + f"y = gather_nd(x, {idx})\n"), [2, 6, 2])
    np.testing.assert_array_equal(val(XS + "y = gather_nd(x, [[1], [0]])\n"), X[[1, 0]])
    g, = grads(XS + f"y = reduce_sum(gather_nd(x, {idx}))\ng = gradients(y, x)\n")
    np.testing.assert_array_equal(g, [[0, 2, 0], [0, 0, 1]])
    # TF's scatter_nd doc example: indices [[4], [3], [1], [7]], updates [9, 10, 11, 12], shape [8]
    np.testing.assert_array_equal(val("y = scatter_nd([[4], [3], [1], [7]], [9.0, 10.0, 11.0, 12.0], [8])\n"),
                                  [0, 11, 0, 10, 9, 0, 0, 12])
    # duplicates are summed; the gradient to updates is gather_nd(dy, indices)
    src = ("u = variable([1.0, 2.0, 3.0])\ny = scatter_nd([[1], [1], [0]], u, [3])\n"
           "g = gradients(reduce_sum(y * [10.0, 100.0, 1000.0]), u)\n")
    np.testing.assert_array_equal(val(src), [3, 3, 0])
    np.testing.assert_array_equal(grads(src)[0], [100, 100, 10])
    with pytest.raises(AgError, match="scatter_nd: index \\[3\\] does not point into shape"):
        ev("y = scatter_nd([[3]], [1.0], [3])\n")
    with pytest.raises(AgError, match="updates must have shape"):
        ev("y = scatter_nd([[1]], [1.0, 2.0], [3])\n")


def test_boolean_mask():
    np.testing.assert_array_equal(val(XS + "y = boolean_mask(x, x > 2.5)\n"), X[X > 2.5])
    np.testing.assert_array_equal(val(XS + "y = boolean_mask(x, [False, True, True], axis=1)\n"),
                                  X[:, [1, 2]])
    np.testing.assert_array_equal(val(XS + "y = boolean_mask(x, [True, False])\n"), X[[0]])
    g = grads(XS + "m = x > 2.5\ny = reduce_sum(boolean_mask(x * x, m))\ng = gradients(y, [x, m])\n")
    np.testing.assert_array_equal(g[0], np.where(X > 2.5, 2 * X, 0))
    assert g[1] is None
    with pytest.raises(AgError, match="does not match"):
        ev(XS + "y = boolean_mask(x, [True, False, True])\n")


def test_boolean_mask_shape_is_checked_when_computed():
    from autograd_cli.api import build
    from autograd_cli.evaluate import run

    built = build("x = variable([1.0, -2.0, 3.0])\ny = boolean_mask(x, x > 0.0)\n")
    node = built.named["y"]
    assert node.shape == (2,)
    xnode = built.named["x"]
    with pytest.raises(AgError, match="selects 1 elements here but selected 2"):
        run(built.graph.nodes, {xnode.id: np.array([1.0, -2.0, -3.0])})


# ---------------------------------------------------------------- shape

def test_tile_gradient_sums_the_copies():
    src = "x = variable([[1.0, 2.0]])\ny = reduce_sum(tile(x, [3, 2]) * [1.0, 2.0, 3.0, 4.0])\ng = gradients(y, x)\n"
    np.testing.assert_array_equal(grads(src)[0], [[3 * (1 + 3), 3 * (2 + 4)]])


def test_slice_split_unstack_reverse_values_and_gradients():
    np.testing.assert_array_equal(val(XS + "y = slice(x, [1, 0], [1, -1])\n"), X[1:2, 0:])
    src = XS + "a, b = split(x, [2, -1], axis=1)\ny = reduce_sum(b * 5.0)\ng = gradients(y, x)\n"
    np.testing.assert_array_equal(val(src, "a"), X[:, :2])
    # TF: the unused piece gets zeros, so x's gradient is zeros there
    np.testing.assert_array_equal(grads(src)[0], [[0, 0, 5], [0, 0, 5]])
    u = ev(XS + "u = unstack(x, axis=1)\n").values["u"]
    assert isinstance(u, list) and len(u) == 3
    np.testing.assert_array_equal(u[2], X[:, 2])
    np.testing.assert_array_equal(val(XS + "y = reverse(x, [0, 1])\n"), X[::-1, ::-1])
    assert float(val(XS + "y = rank(x)\n")) == 2.0
    with pytest.raises(AgError, match="do not divide axis 1 of size 3"):
        ev(XS + "y = split(x, 2, axis=1)\n")


def test_pad_modes_and_gradients():
    np.testing.assert_array_equal(val(XS + "y = pad(x, [[1, 1], [2, 2]], 'REFLECT')\n"),
                                  np.pad(X, [(1, 1), (2, 2)], mode="reflect"))
    np.testing.assert_array_equal(val(XS + "y = pad(x, [[2, 2], [3, 3]], 'symmetric')\n"),
                                  np.pad(X, [(2, 2), (3, 3)], mode="symmetric"))
    g = grads(XS + "c = constant(2.0)\ny = reduce_sum(pad(x, [[1, 0], [0, 1]], constant_values=c) ** 2)\n"
                   "g = gradients(y, [x, c])\n")
    np.testing.assert_array_equal(g[0], 2 * X)
    assert g[1] is None            # TF: constant_values gets no gradient
    # MirrorPadGrad: each mirrored copy folds back onto its source element
    g, = grads("x = variable([1.0, 2.0, 3.0])\ny = reduce_sum(pad(x, [[2, 1]], 'REFLECT'))\ng = gradients(y, x)\n")
    np.testing.assert_array_equal(g, [1, 3, 2])   # the padded tensor is [3, 2, 1, 2, 3, 2]
    with pytest.raises(AgError, match="too large"):
        ev(XS + "y = pad(x, [[2, 2], [0, 0]], 'REFLECT')\n")


# ---------------------------------------------------------------- linear algebra

A2 = "a = variable([[2.0, 1.0], [0.5, 3.0]])\n"


def test_matmul_transposes_and_batch_broadcasting():
    rng = np.random.default_rng(3)
    t, m = rng.normal(size=(2, 3, 4)), rng.normal(size=(5, 4))
    src = (f"t = variable({t.tolist()})\nm = variable({m.tolist()})\nw = constant({rng.normal(size=(2, 3, 5)).tolist()})\n"
           "y = reduce_sum(matmul(t, m, transpose_b=True) * w)\ng = gradients(y, [t, m])\n")
    e = ev(src)
    w = np.asarray(e.values["w"])
    np.testing.assert_allclose(e.values["y"], np.sum((t @ m.T) * w))
    gt, gm = e.gradients[0].values
    np.testing.assert_allclose(gt, w @ m)                           # dy @ b (b = m^T)
    np.testing.assert_allclose(gm, np.einsum("bik,bij->kj", w, t))  # summed over the broadcast batch
    with pytest.raises(AgError, match="rank 2 or more"):
        ev("y = matmul([1.0, 2.0], [[1.0], [2.0]])\n")


def test_determinant_and_inverse_gradients_by_hand():
    # d det / dA = det(A) A^-T = the cofactor matrix [[a22, -a21], [-a12, a11]]
    g, = grads(A2 + "y = matrix_determinant(a)\ng = gradients(y, a)\n")
    np.testing.assert_allclose(g, [[3.0, -0.5], [-1.0, 2.0]])
    a = np.array([[2.0, 1.0], [0.5, 3.0]])
    inv = np.linalg.inv(a)
    g, = grads(A2 + "y = reduce_sum(matrix_inverse(a))\ng = gradients(y, a)\n")
    np.testing.assert_allclose(g, -inv.T @ np.ones((2, 2)) @ inv.T)
    with pytest.raises(AgError, match="not invertible") as info:
        ev("a = [[1.0, 2.0], [2.0, 4.0]]\n\ny = matrix_inverse(a)\n")
    assert info.value.pos.line == 3


def test_cholesky_gradient_matches_tf_formula():
    spd = np.array([[4.0, 2.0], [2.0, 3.0]])
    dy = np.array([[1.0, 0.0], [2.0, -1.0]])
    src = f"a = variable({spd.tolist()})\ny = reduce_sum(cholesky(a) * {dy.tolist()})\ng = gradients(y, a)\n"
    L = np.linalg.cholesky(spd)
    linv = np.linalg.inv(L)
    phi = np.tril(L.T @ dy)
    phi[np.diag_indices(2)] *= 0.5
    ga = linv.T @ phi @ linv
    np.testing.assert_allclose(grads(src)[0], 0.5 * (ga + ga.T))
    with pytest.raises(AgError, match="not positive definite"):
        ev("y = cholesky([[1.0, 2.0], [2.0, 1.0]])\n")


def test_einsum_trace_diag_gradients():
    g, = grads(A2 + "y = einsum('ii', a)\ng = gradients(y, a)\n")
    np.testing.assert_array_equal(g, np.eye(2))
    g, = grads(A2 + "y = trace(a) * 3.0\ng = gradients(y, a)\n")
    np.testing.assert_array_equal(g, 3 * np.eye(2))
    g, = grads("x = variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])\ny = reduce_sum(diag_part(x) * [2.0, 5.0])\n"
               "g = gradients(y, x)\n")
    np.testing.assert_array_equal(g, [[2, 0, 0], [0, 5, 0]])
    g, = grads("d = variable([1.0, 2.0])\ny = reduce_sum(diag(d) * [[1.0, 7.0], [7.0, 3.0]])\ng = gradients(y, d)\n")
    np.testing.assert_array_equal(g, [1, 3])
    np.testing.assert_allclose(val(A2 + "y = einsum('ij,jk->ik', a, a)\n"), np.array([[2.0, 1.0], [0.5, 3.0]]) @
                               np.array([[2.0, 1.0], [0.5, 3.0]]))
    with pytest.raises(AgError, match="label 'j' has sizes"):
        ev("y = einsum('ij,jk->ik', [[1.0, 2.0]], [[1.0, 2.0]])\n")


# ---------------------------------------------------------------- segments

def test_segment_ops_tf_documented_values():
    # TF's segment_sum doc: c = [[1,2,3,4], [4,3,2,1], [5,6,7,8]], ids [0, 0, 1] -> [[5,5,5,5], [5,6,7,8]]
    c = "c = constant([[1.0, 2.0, 3.0, 4.0], [4.0, 3.0, 2.0, 1.0], [5.0, 6.0, 7.0, 8.0]])\n"
    np.testing.assert_array_equal(val(c + "y = segment_sum(c, [0, 0, 1])\n"), [[5, 5, 5, 5], [5, 6, 7, 8]])
    np.testing.assert_array_equal(val(c + "y = segment_mean(c, [0, 0, 1])\n"), [[2.5] * 4, [5, 6, 7, 8]])
    np.testing.assert_array_equal(val(c + "y = segment_max(c, [0, 0, 1])\n"), [[4, 3, 3, 4], [5, 6, 7, 8]])
    # unsorted_segment_sum doc: ids [0, 1, 0], num_segments 2 -> [[6,8,10,12], [-1,-2,-3,-4]]
    c2 = "c = constant([[1.0, 2.0, 3.0, 4.0], [-1.0, -2.0, -3.0, -4.0], [5.0, 6.0, 7.0, 8.0]])\n"
    np.testing.assert_array_equal(val(c2 + "y = unsorted_segment_sum(c, [0, 1, 0], 2)\n"),
                                  [[6, 8, 10, 12], [-1, -2, -3, -4]])
    # an empty segment gives 0 (TF's docs), for the mean and the max too
    np.testing.assert_array_equal(val("y = segment_max([1.0, -2.0], [0, 2])\n"), [1, 0, -2])
    np.testing.assert_array_equal(val("y = segment_mean([1.0, -2.0], [0, 2])\n"), [1, 0, -2])


def test_segment_gradients_as_tf():
    # segment_max ties share evenly, as TensorFlow: [1, 3, 3] with ids [0, 0, 0] -> [0, 0.5, 0.5]
    g, = grads("x = variable([1.0, 3.0, 3.0])\ny = reduce_sum(segment_max(x, [0, 0, 0]))\ng = gradients(y, x)\n")
    np.testing.assert_array_equal(g, [0, 0.5, 0.5])
    # segment_mean: gather(dy / counts, ids)
    g = grads("x = variable([1.0, 2.0, 4.0])\ni = constant([0, 0, 1])\ny = reduce_sum(segment_mean(x, i) * [6.0, 5.0])\n"
              "g = gradients(y, [x, i])\n")
    np.testing.assert_array_equal(g[0], [3, 3, 5])
    assert g[1] is None
    # unsorted_segment_sum: a negative id drops the row, so its gradient is 0
    g, = grads("x = variable([1.0, 2.0, 4.0])\ny = reduce_sum(unsorted_segment_sum(x, [1, -1, 0], 2) * [7.0, 9.0])\n"
               "g = gradients(y, x)\n")
    np.testing.assert_array_equal(g, [9, 0, 7])


@pytest.mark.parametrize("call, message", [
    ("segment_sum([1.0, 2.0], [1, 0])", "sorted"),
    ("segment_sum([1.0, 2.0], [0, -1])", "sorted and not negative"),
    ("segment_sum([1.0, 2.0], [0])", "must match"),
    ("unsorted_segment_sum([1.0, 2.0], [0, 2], 2)", "not in [0, 2)"),
])
def test_segment_errors(call, message):
    with pytest.raises(AgError, match=message.replace("[", "\\[").replace(")", "\\)")) as info:
        ev(f"\ny = {call}\n")
    assert info.value.pos.line == 2


def test_runtime_index_errors_name_indexing_not_internal_ops():
    with pytest.raises(AgError) as info:
        ev("x = variable([1.0, 2.0])\ni = variable(5.0)\ny = x[i]\n")
    assert str(info.value).startswith("indexing: index 5 is out of range") and info.value.pos.line == 3
    assert "take" not in str(info.value)


def test_tensordot_axes_are_checked():
    with pytest.raises(AgError, match="do not name distinct axes"):
        ev("a = [[1.0, 2.0]]\ny = tensordot(a, a, [[5], [0]])\n")
    with pytest.raises(AgError, match="differ in size"):
        ev("a = [[1.0, 2.0]]\ny = tensordot(a, a, 1)\n")     # a's last axis (2) against a's first (1)
