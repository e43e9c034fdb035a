"""The forwards written for speed (reduce_sum, reduce_mean, round_float32) give the bits and
types of the NumPy calls they stand for (np.sum, np.mean, asarray to float32 and back)."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from autograd_cli.ops import OPS

SHAPES = [(), (1,), (7,), (8, 1), (3, 5), (2, 3, 4), (33, 65), (4097,)]
DTYPES = [np.float64, np.float32]


def _arrays():
    rng = np.random.default_rng(7)
    for shape, dtype in itertools.product(SHAPES, DTYPES):
        # values of many magnitudes: the sums' roundings differ by the order they are added in
        yield (rng.standard_normal(shape) * 10.0 ** rng.integers(-8, 9, size=shape)).astype(dtype)


def _axes_of(x):
    yield ()
    yield tuple(range(x.ndim))
    for a in range(x.ndim):
        yield (a,)
    if x.ndim == 3:
        yield (0, 2)


def _same(got, want):
    assert type(got) is type(want)
    assert np.asarray(got).dtype == np.asarray(want).dtype
    assert np.asarray(got).shape == np.asarray(want).shape
    assert np.asarray(got).tobytes() == np.asarray(want).tobytes()


@pytest.mark.parametrize("name, reference", [("reduce_sum", np.sum), ("reduce_mean", np.mean)])
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_reductions_give_numpys_bits(name, reference):
    forward = OPS[name].forward
    for x in _arrays():
        for axes, keepdims in itertools.product(_axes_of(x), (False, True)):
            if name == "reduce_mean" and not axes:
                continue     # (np.mean over no axes divides by 1: the same; skipped, as TF never asks it)
            _same(forward(x, axes=axes, keepdims=keepdims), reference(x, axis=axes, keepdims=keepdims))


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_reductions_of_numpy_scalars_and_non_finite_values():
    for name, reference in (("reduce_sum", np.sum), ("reduce_mean", np.mean)):
        forward = OPS[name].forward
        for x in (np.float64(2.5), np.array([np.inf, -np.inf, 1.0]), np.array([[np.nan], [3.0]], np.float32)):
            axes = tuple(range(np.ndim(x)))
            _same(forward(x, axes=axes, keepdims=False), reference(x, axis=axes, keepdims=False))


def test_reduce_mean_of_an_empty_axis_is_an_error():
    with pytest.raises(ValueError, match="empty axis"):
        OPS["reduce_mean"].forward(np.zeros((0, 3)), axes=(0,), keepdims=False)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_round_float32_is_numpys_conversion():
    reference = lambda x: np.asarray(x, dtype=np.float32).astype(np.float64)  # noqa: E731
    forward = OPS["round_float32"].forward
    for x in [*_arrays(), np.float64(0.1), np.array(1e39), np.array([1e-46, -0.0, np.nan, 3.4028235e38])]:
        _same(forward(x), reference(x))


def test_the_broadcast_shape_rule_is_numpys():
    from autograd_cli.ops.table import ShapeError, broadcast

    rng = np.random.default_rng(11)
    for _ in range(3000):
        shapes = [tuple(int(d) for d in rng.choice([0, 1, 1, 2, 3], size=rng.integers(0, 4)))
                  for _ in range(rng.integers(1, 4))]
        try:
            want = np.broadcast_shapes(*shapes)
        except ValueError:
            with pytest.raises(ShapeError, match="cannot be broadcast together"):
                broadcast(*shapes)
            continue
        assert broadcast(*shapes) == want
