"""TensorFlow's conventions where the textbook derivative is undefined or not what it gives:
kinks, ties, domain edges, ops without a gradient, unconnected sources, Hessians and
Jacobians of simple functions; each checked exactly against the TensorFlow value derived
by hand (not against the code under test)."""
from __future__ import annotations

import numpy as np
import pytest

from autograd_cli import evaluate


def grads(source, name="g", **kw):
    """The values of the gradients result assigned to `name`."""
    result = evaluate(source, **kw)
    record = next(r for r in result.gradients if r.name == name)
    return record.values, record.unconnected


def exactly(actual, expected):
    actual = np.asarray(actual)
    expected = np.asarray(expected, dtype=np.float64)
    assert actual.shape == expected.shape, (actual, expected)
    assert np.array_equal(actual, expected, equal_nan=True), (actual, expected)


def test_relu_derivative_at_zero_is_zero():
    (g,), _ = grads("x = constant([-1.0, 0.0, 2.0]); g = gradients(relu(x), x)")
    exactly(g, [0.0, 0.0, 1.0])


def test_abs_derivative_at_zero_is_zero():
    (g,), _ = grads("x = constant([-3.0, 0.0, 2.0]); g = gradients(abs(x), x)")
    exactly(g, [-1.0, 0.0, 1.0])


def test_sqrt_derivative_at_zero_is_inf():
    (g,), _ = grads("x = constant([0.0, 4.0]); g = gradients(sqrt(x), x)")
    exactly(g, [np.inf, 0.25])


@pytest.mark.parametrize("fn", ["maximum", "minimum"])
def test_maximum_minimum_tie_goes_to_the_first_argument(fn):
    (ga, gb), _ = grads(f"a = constant([2.0, 1.0, 3.0]); b = constant([2.0, 1.0, 0.0])\n"
                        f"g = gradients({fn}(a, b), [a, b])")
    if fn == "maximum":                      # ties at 0 and 1 go to a; 3 > 0 at 2
        exactly(ga, [1.0, 1.0, 1.0])
        exactly(gb, [0.0, 0.0, 0.0])
    else:                                    # ties at 0 and 1 go to a; 0 < 3 at 2
        exactly(ga, [1.0, 1.0, 0.0])
        exactly(gb, [0.0, 0.0, 1.0])
    # the other order: the tie still goes to the first argument (now b)
    (ga, gb), _ = grads(f"a = constant([2.0]); b = constant([2.0]); g = gradients({fn}(b, a), [a, b])")
    exactly(ga, [0.0])
    exactly(gb, [1.0])


def test_maximum_tie_with_a_broadcast_scalar_first():
    # maximum(2, a) with a = [2, 1]: the tie at a[0] goes to the scalar 2, so a gets 0 there
    (ga,), _ = grads("a = constant([2.0, 1.0]); g = gradients(maximum(2.0, a), a)")
    exactly(ga, [0.0, 0.0])
    (ga,), _ = grads("a = constant([2.0, 1.0]); g = gradients(maximum(a, 2.0), a)")
    exactly(ga, [1.0, 0.0])


def test_reduce_max_and_min_split_ties_evenly():
    (g,), _ = grads("x = constant([3.0, 1.0, 3.0, 3.0]); g = gradients(reduce_max(x), x)")
    exactly(g, [1 / 3, 0.0, 1 / 3, 1 / 3])
    (g,), _ = grads("x = constant([1.0, 5.0, 1.0]); g = gradients(reduce_min(x), x)")
    exactly(g, [0.5, 0.0, 0.5])
    (g,), _ = grads("x = constant([[3.0, 1.0], [3.0, 3.0]]); g = gradients(reduce_max(x, axis=1), x)")
    exactly(g, [[1.0, 0.0], [0.5, 0.5]])
    (g,), _ = grads("x = constant([[3.0, 1.0], [3.0, 1.0]])\n"
                    "g = gradients(reduce_min(x, axis=0, keepdims=True), x, grad_ys=[[2.0, 4.0]])")
    exactly(g, [[1.0, 2.0], [1.0, 2.0]])


def test_round_is_half_to_even():
    result = evaluate("r = round([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49, 2.51])")
    exactly(result.values["r"], [0.0, 2.0, 2.0, -0.0, -2.0, -2.0, 0.0, 3.0])


def test_pow_exponent_gradient_is_zero_where_base_is_not_positive():
    # d(a**b)/db = a**b * log(a) for a > 0, and 0 where a <= 0 (TensorFlow)
    (ga, gb), _ = grads("a = constant([0.0, -2.0, 3.0]); b = constant([2.0, 2.0, 2.0])\n"
                        "g = gradients(a ** b, [a, b])")
    exactly(ga, [0.0, -4.0, 6.0])                        # b * a**(b-1)
    np.testing.assert_allclose(gb, [0.0, 0.0, 9.0 * np.log(3.0)], rtol=1e-15)
    assert gb[0] == 0.0 and gb[1] == 0.0


def test_sign_has_a_zero_gradient_not_none():
    (g,), unconnected = grads("x = constant([-2.0, 0.0, 3.0]); g = gradients(sign(x), x)")
    exactly(g, [0.0, 0.0, 0.0])
    assert unconnected == {}


@pytest.mark.parametrize("expr, op", [("round(x)", "round"), ("floor(x)", "floor"), ("ceil(x)", "ceil"),
                                      ("x > 0", "greater"), ("x <= 0", "less_equal"),
                                      ("x == 1", "equal"), ("argmax(x)", "argmax")])
def test_ops_without_gradient_give_none_with_the_reason(expr, op):
    (g,), unconnected = grads(f"x = constant([1.5, -2.5])\ng = gradients({expr}, x)")
    assert g is None
    assert unconnected == {"x": f"{op} has no gradient (line 2)"}


def test_stop_gradient_gives_none_naming_its_line():
    (g,), unconnected = grads("x = constant([1.5, -2.5])\n\ny = stop_gradient(x * 2)\ng = gradients(y, x)")
    assert g is None
    assert unconnected == {"x": "cut by stop_gradient at line 3"}


def test_grad_ys_broadcasts_to_the_shape_of_y():
    x = "x = constant([[1.0, -2.0, 3.0], [1.0, 2.0, 3.0]])\n"
    (g,), _ = grads(x + "g = gradients(x * x, x, grad_ys=2.0)")
    exactly(g, [[4.0, -8.0, 12.0], [4.0, 8.0, 12.0]])                  # 2 * 2x
    (g,), _ = grads(x + "g = gradients(x * x, x, grad_ys=[[1.0, 2.0, 3.0]])")
    exactly(g, [[2.0, -8.0, 18.0], [2.0, 8.0, 18.0]])                  # (1,3) -> (2,3)
    (g,), _ = grads(x + "g = gradients([x * x, 3 * x], x, grad_ys=[[1.0, 0.0, 1.0], 10.0])")
    exactly(g, [[32.0, 30.0, 36.0], [32.0, 30.0, 36.0]])               # 2x*w + 30


def test_unconnected_zero_gives_zeros_of_the_shape_of_x():
    src = "x = constant([[1.0, -2.0, 3.0], [1.0, 2.0, 3.0]])\ny = constant(3.0)\n"
    (g,), unconnected = grads(src + "g = gradients(y, x, unconnected_gradients=\"zero\")")
    exactly(g, np.zeros((2, 3)))
    assert unconnected == {}
    (g,), _ = grads(src + "g = gradients(y, x)", unconnected="zero")   # the --unconnected default
    exactly(g, np.zeros((2, 3)))
    (g,), unconnected = grads(src + "g = gradients(y, x, unconnected_gradients='none')", unconnected="zero")
    assert g is None and unconnected == {"x": "no path to ys"}


def test_hessians_of_a_linear_y_are_zeros():
    # TensorFlow would fail (the second derivative is unconnected); the spec asks for zeros
    (h,), _ = grads("x = constant([1.0, -2.0]); h = hessians(reduce_sum(3 * x), x)", name="h")
    exactly(h, np.zeros((2, 2)))
    (h,), _ = grads("x = constant([[1.0], [2.0]]); y = 4.0; h = hessians(reduce_sum(x) + y, x)", name="h")
    exactly(h, np.zeros((2, 1, 2, 1)))


def test_hessians_of_a_cubic_by_hand():
    # y = sum(x^3) + x0*x1: H = diag(6x) + [[0, 1], [1, 0]]
    (h,), _ = grads("x = constant([1.0, -2.0]); h = hessians(reduce_sum(x ** 3) + x[0] * x[1], x)", name="h")
    exactly(h, [[6.0, 1.0], [1.0, -12.0]])


def test_jacobian_by_hand():
    (j,), _ = grads("x = constant([1.0, 2.0]); j = jacobian(x * x[0], x)", name="j")
    exactly(j, [[2.0, 0.0], [2.0, 1.0]])     # d(x0^2, x1 x0)/d(x0, x1)


def test_a_runtime_index_has_no_gradient_and_says_so():
    # t[i] with i a variable: the gradient reaches t (a one-hot scatter), the index gets None
    # because the indexing op has no gradient for its index (as tf.gather's indices)
    (gt, gi), unconnected = grads("i = variable(1.0)\nt = constant([1.0, 2.0, 3.0])\ny = t[i] * 2\n"
                                  "g = gradients(y, [t, i])")
    exactly(gt, [0.0, 2.0, 0.0])
    assert gi is None and unconnected == {"i": "take has no gradient (line 3)"}
