"""TensorFlow's functions and gradient kernels, checked against references
written here (hand derivations, NumPy/math, TensorFlow's documented values from its
docstrings), never against the code under test.

TensorFlow's documented numbers are float32: compared with rtol ~1e-4 / atol ~1e-6.
"""
from __future__ import annotations

import math

import numpy as np
import pytest

from autograd_cli import evaluate
from autograd_cli.support.errors import AgError


def run(source, **kw):
    return evaluate(source, **kw)


def value(source, name="y", **kw):
    return np.asarray(run(source, **kw).values[name], dtype=np.float64)


def grads(source, name="g", **kw):
    """The values of the gradients record `name` (None entries stay None)."""
    result = run(source, **kw)
    record = next(r for r in result.gradients if r.name == name)
    return record.values


def exactly(actual, expected):
    actual = np.asarray(actual, dtype=np.float64)
    expected = np.asarray(expected, dtype=np.float64)
    assert actual.shape == expected.shape, (actual, expected)
    assert np.array_equal(actual, expected, equal_nan=True), (actual, expected)


def close(actual, expected, rtol=1e-12, atol=1e-12):
    actual = np.asarray(actual, dtype=np.float64)
    expected = np.asarray(expected, dtype=np.float64)
    assert actual.shape == expected.shape, (actual, expected)
    np.testing.assert_allclose(actual, expected, rtol=rtol, atol=atol)


def sigmoid(x):
    return 1 / (1 + np.exp(-np.asarray(x, dtype=np.float64)))


def softmax(x):
    e = np.exp(x - np.max(x, axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


# ================================================================ where TensorFlow differs from the plain derivative

# ---- 1. ReluGradGrad: the second derivative of relu / relu6 / leaky_relu is zeros, not None

@pytest.mark.parametrize("call", ["relu(x)", "relu6(x)", "leaky_relu(x)", "leaky_relu(x, alpha=0.1)"])
def test_second_derivative_of_piecewise_linear_activations_is_zeros(call):
    source = (f"x = variable([-1.0, 0.0, 2.0, 6.0, 7.0])\n"
              f"g1 = gradients(reduce_sum({call}), x)[0]\n"
              f"g = gradients(g1, x)\n"
              f"h = hessians(reduce_sum({call}), x)")
    result = run(source)
    record = next(r for r in result.gradients if r.name == "g")
    assert record.unconnected == [None] or not any(record.unconnected), record.unconnected
    exactly(record.values[0], np.zeros(5))
    exactly(result.values["h"][0], np.zeros((5, 5)))


def test_first_derivatives_at_the_kinks_follow_tensorflow():
    # relu'(0) = 0; relu6' = 0 at 0, at 6 and above; leaky_relu'(0) = alpha (strict x > 0)
    (g,) = grads("x = variable([-1.0, 0.0, 3.0, 6.0, 7.0]); g = gradients(reduce_sum(relu6(x)), x)")
    exactly(g, [0, 0, 1, 0, 0])
    (g,) = grads("x = variable([-1.0, 0.0, 2.0]); g = gradients(reduce_sum(leaky_relu(x)), x)")
    exactly(g, [0.2, 0.2, 1.0])
    (g,) = grads("x = variable([-1.0, 0.0, 2.0]); g = gradients(reduce_sum(leaky_relu(x, alpha=1.5)), x)")
    exactly(g, [1.5, 1.5, 1.0])


def test_a_gradient_of_the_relu_gradient_with_respect_to_the_upstream_gradient():
    # d/d(dy) of relu_grad(dy, out) is the mask again (ReluGradGrad's first output)
    source = ("x = variable([-1.0, 2.0]); w = variable([3.0, 4.0])\n"
              "gx = gradients(reduce_sum(relu(x) * w), x)[0]\n"
              "g = gradients(reduce_sum(gx), w)")
    (g,) = grads(source)
    exactly(g, [0.0, 1.0])


# ---- 2. SqrtGrad / RsqrtGrad / ReciprocalGrad: 0 where the upstream gradient is 0

def test_sqrt_under_where_has_gradient_zero_where_not_taken():
    # notes' reference: [0, 0, 0.25] with sqrt; Pow keeps 0 * inf = nan
    (g,) = grads("x = variable([0.0, -1.0, 4.0]); g = gradients(reduce_sum(where(x > 0, sqrt(x), 0.0)), x)")
    exactly(g, [0.0, 0.0, 0.25])
    (g,) = grads("x = variable([0.0, -1.0, 4.0]); g = gradients(reduce_sum(where(x > 0, x ** 0.5, 0.0)), x)")
    exactly(g, [np.nan, np.nan, 0.25])


@pytest.mark.parametrize("fn, taken", [("rsqrt", -0.5 * 4.0 ** -1.5), ("reciprocal", -1 / 16)])
def test_rsqrt_and_reciprocal_under_where(fn, taken):
    (g,) = grads(f"x = variable([0.0, -1.0, 4.0]); g = gradients(reduce_sum(where(x > 0, {fn}(x), 0.0)), x)")
    exactly(g, [0.0, 0.0, taken])


def test_log_and_divide_keep_nan_as_tensorflow():
    (g,) = grads("x = variable([0.0, 4.0]); g = gradients(reduce_sum(where(x > 0, log(x), 0.0)), x)")
    exactly(g, [np.nan, 0.25])
    (g,) = grads("x = variable([0.0, 4.0]); g = gradients(reduce_sum(where(x > 0, 1.0 / x, 0.0)), x)")
    exactly(g, [np.nan, -1 / 16])


def test_sqrt_first_derivative_at_zero_is_still_inf():
    (g,) = grads("x = variable([0.0, 4.0]); g = gradients(reduce_sum(sqrt(x)), x)")
    exactly(g, [np.inf, 0.25])


def test_second_derivatives_through_the_kernels_match_hand_derivations():
    # d2 sqrt = -x^-1.5 / 4; d2 rsqrt = 0.75 x^-2.5; d2 reciprocal = 2 / x^3
    x = np.array([0.5, 2.0])
    for fn, ref in (("sqrt", -0.25 * x ** -1.5), ("rsqrt", 0.75 * x ** -2.5), ("reciprocal", 2 / x ** 3)):
        h = value(f"x = variable([0.5, 2.0]); y = hessians(reduce_sum({fn}(x)), x)[0]")
        close(h, np.diag(ref))


# ---- 3. reduce_prod's Hessian at zeros: div_no_nan in cumprod's gradient

def test_reduce_prod_hessian_at_zero_uses_div_no_nan():
    # the notes' values, TF's rules applied by hand (asymmetric: TF's result)
    result = run("x = variable([0.0, 2.0]); h = hessians(reduce_prod(x), x); g = gradients(reduce_prod(x), x)")
    exactly(result.values["h"][0], [[0.0, 1.0], [0.0, 0.0]])
    exactly(result.values["g"][0], [2.0, 0.0])
    assert not any("divide" in str(w) or "nan" in str(w) for w in result.warnings), result.warnings
    h = value("x = variable([0.0, 2.0, 3.0]); y = hessians(reduce_prod(x), x)[0]")
    exactly(h, [[0, 3, 2], [0, 0, 0], [0, 0, 0]])


def test_reduce_prod_hessian_away_from_zero_is_the_true_one():
    x = np.array([1.5, 2.0, -3.0])
    h = value("x = variable([1.5, 2.0, -3.0]); y = hessians(reduce_prod(x), x)[0]")
    ref = np.array([[0 if i == j else np.prod(np.delete(x, [i, j])) for j in range(3)] for i in range(3)])
    close(h, ref)


# ---- 4. Keras crossentropy from the logits

def test_categorical_crossentropy_of_a_saturated_softmax_works_from_the_logits():
    # notes: z = [[100, 0, 0]], y = [[0, 1, 0]] -> (p - y) / N = [[1, -1, 0]]
    (g,) = grads("z = variable([[100.0, 0.0, 0.0]]); g = gradients(categorical_crossentropy([[0.0, 1.0, 0.0]], "
                 "softmax(z)), z)")
    close(g, [[1.0, -1.0, 0.0]], atol=1e-30)
    (g,) = grads("z = variable([[100.0, 0.0, 0.0]]); g = gradients(categorical_crossentropy([[0.0, 1.0, 0.0]], "
                 "z, from_logits=True), z)")
    close(g, [[1.0, -1.0, 0.0]], atol=1e-30)


def test_categorical_crossentropy_gradient_is_p_minus_y_per_sample():
    # one loss per sample (Keras' loss function); reduce_mean of it is the loss object, gradient / N
    z = np.array([[0.3, -1.2, 2.0], [1.0, 0.5, -0.5]])
    y = np.array([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]])
    source = (f"z = variable({z.tolist()}); y = {y.tolist()}\nl = categorical_crossentropy(y, softmax(z))\n"
              "g = gradients(l, z)\nm = reduce_mean(l)\ngm = gradients(m, z)")
    result = run(source)
    close(result.values["l"], -np.sum(y * np.log(softmax(z)), axis=-1))
    close(result.values["g"][0], softmax(z) - y)
    close(result.values["m"], np.mean(-np.sum(y * np.log(softmax(z)), axis=-1)))
    close(result.values["gm"][0], (softmax(z) - y) / 2)


def test_the_softmax_output_itself_gets_no_gradient_as_in_keras():
    # the loss reads the logits, so the softmax node is not on its path (TF graph mode: None)
    result = run("z = variable([[1.0, 2.0]]); p = softmax(z); g = gradients(categorical_crossentropy([[0.0, 1.0]], p), p)")
    record = next(r for r in result.gradients if r.name == "g")
    assert record.values[0] is None


def test_categorical_crossentropy_clips_probabilities_that_are_not_a_softmax():
    # notes: p = [[1, 0, 0]], y = [[0, 1, 0]]: the loss is -log(1e-7) (Keras clips in float32), the
    # gradient all zeros
    result = run("p = variable([[1.0, 0.0, 0.0]]); l = categorical_crossentropy([[0.0, 1.0, 0.0]], p)\n"
                 "g = gradients(l, p)")
    close(result.values["l"], [-math.log(np.float32(1e-7))])
    exactly(result.values["g"][0], [[0.0, 0.0, 0.0]])


def test_keras_documented_crossentropy_values():
    # keras backend docstring: eye(3) vs [[.9,.05,.05],[.05,.89,.06],[.05,.01,.94]] -> [0.10536, 0.11653, 0.06188]
    y = value("y = categorical_crossentropy(eye(3), [[.9, .05, .05], [.05, .89, .06], [.05, .01, .94]])")
    close(y, [0.10536, 0.11653, 0.06188], rtol=1e-4)
    # keras.losses.categorical_crossentropy docstring: [0.0513, 2.303]; the loss object gives 1.1769392
    y = value("y = categorical_crossentropy([[0, 1, 0], [0, 0, 1]], [[0.05, 0.95, 0], [0.1, 0.8, 0.1]])")
    close(y, [0.0513, 2.303], rtol=1e-3)
    close(np.mean(y), 1.1769392, rtol=1e-6)
    # binary_crossentropy docstring: [0.916, 0.714]; BinaryCrossentropy() gives 0.8149245 (Keras 3)
    y = value("y = binary_crossentropy([[0, 1], [0, 0]], [[0.6, 0.4], [0.4, 0.6]])")
    close(y, [0.916, 0.714], rtol=1e-3)
    close(np.mean(y), 0.8149245, rtol=1e-6)


def test_binary_crossentropy_of_a_saturated_sigmoid_works_from_the_logits():
    # d/dz mean(bce) = (sigmoid(z) - y) / N, no clipping
    z = np.array([[100.0, -3.0]])
    for call in ("binary_crossentropy([[0.0, 1.0]], sigmoid(z))",
                 "binary_crossentropy([[0.0, 1.0]], z, from_logits=True)"):
        (g,) = grads(f"z = variable({z.tolist()}); g = gradients({call}, z)")
        close(g, (sigmoid(z) - [[0.0, 1.0]]) / 2)
    # a plain probability is clipped in float32: at p = 1 with y = 0 the loss is -log(1 - 0.99999988)
    close(value("y = binary_crossentropy([0.0], [1.0])"), -math.log(1 - float(np.float32(1 - 1e-7))), rtol=1e-9)


def test_sigmoid_cross_entropy_with_logits_gradient_at_zero_is_exact():
    # sigmoid(0) - z = 0.5 - z; labels get -x
    result = run("x = variable([0.0, 2.0]); z = variable([0.25, 1.0])\n"
                 "g = gradients(reduce_sum(sigmoid_cross_entropy_with_logits(labels=z, logits=x)), [x, z])")
    gx, gz = result.values["g"]
    close(gx, [0.5 - 0.25, sigmoid(2.0) - 1.0])
    close(gz, [-0.0, -2.0])


def test_softmax_cross_entropy_with_logits_uses_the_kernel_backprop():
    # labels that do not sum to 1: TF's gradient is softmax - labels (not softmax * sum - labels)
    z = np.array([0.5, -1.0, 2.0])
    lab = np.array([0.5, 0.5, 0.5])
    result = run(f"z = variable({z.tolist()}); t = variable({lab.tolist()})\n"
                 "y = softmax_cross_entropy_with_logits(t, z); g = gradients(y, [t, z])")
    log_p = z - np.log(np.exp(z).sum())
    close(result.values["y"], -np.sum(lab * log_p))
    gt, gz = result.values["g"]
    close(gt, -log_p)
    close(gz, softmax(z) - lab)


# ---- 5. a negative seed is refused, as numpy.random.default_rng refuses it

@pytest.mark.parametrize("call", ["random_normal([2], seed=-1)", "random_uniform([2], seed=-5)",
                                  "random_int(0, 3, [2], seed=-1)"])
def test_negative_seed_is_an_error(call):
    with pytest.raises(ValueError):
        np.random.default_rng(-1)
    with pytest.raises(AgError, match="seed"):
        run(f"y = {call}")


def test_large_seed_is_default_rng_with_that_seed():
    seed = 2**62
    close(value(f"y = random_normal([3], seed={seed})"), np.random.default_rng(seed).normal(0, 1, 3))


# ================================================================ clip_by_value (TF's composite)

def test_clip_by_value_gradients_reach_t_and_the_bounds():
    # maximum(minimum(t, hi), lo): a value at a bound passes the gradient; hi gets it where t > hi
    result = run("t = variable([-1.0, 0.0, 0.5, 1.0, 2.0]); lo = variable(0.0); hi = variable(1.0)\n"
                 "y = clip_by_value(t, lo, hi); g = gradients(reduce_sum(y), [t, lo, hi])")
    exactly(result.values["y"], [0, 0, 0.5, 1, 1])
    gt, glo, ghi = result.values["g"]
    exactly(gt, [0, 1, 1, 1, 0])
    exactly(glo, 1.0)
    exactly(ghi, 1.0)


# ================================================================ more elementwise math

def test_floormod_floordiv_truncatediv_values():
    # the sign of floormod follows the divisor (Python's %); truncatediv rounds toward zero
    result = run("a = floormod(-7, 2); b = floormod(7, -2); c = mod(-7, -2); d = floordiv(-7, 2)\n"
                 "e = truncatediv(-7, 2); f = -7 % 2; h = -7 // 2; k = 7.5 % 2; m = -7 % 2 * 3")
    for name, expected in dict(a=1, b=-1, c=-1, d=-4, e=-3, f=1, h=-4, k=1.5, m=3).items():
        exactly(result.values[name], expected)


def test_truncatediv_by_zero_is_an_error_as_in_tensorflow():
    with pytest.raises(AgError, match="division by zero"):
        run("y = truncatediv(1.0, [1.0, 0.0])")


def test_floormod_gradient_and_floordiv_has_none():
    # d/dx (x mod y) = 1, d/dy = -floor(x / y); floordiv is NotDifferentiable
    result = run("x = variable([7.5, -7.5]); y = variable([2.0, 2.0])\n"
                 "g = gradients(reduce_sum(x % y), [x, y]); h = gradients(reduce_sum(x // y), [x, y])")
    gx, gy = result.values["g"]
    exactly(gx, [1, 1])
    exactly(gy, [-3, 4])
    assert result.values["h"] == [None, None]


def test_floormod_second_derivative_is_none():
    result = run("x = variable(7.5); y = variable(2.0); gx = gradients(x % y, x)[0]; g = gradients(gx, [x, y])")
    assert result.values["g"] == [None, None]


def test_cast_truncates_toward_zero_and_only_float_keeps_the_gradient():
    result = run("x = variable([-2.7, -0.5, 0.0, 1.5])\n"
                 "i = cast(x, int32); j = cast(x, dtype=\"int64\"); k = cast(x, bool); f = cast(x, float32)\n"
                 "gi = gradients(reduce_sum(i), x); gf = gradients(reduce_sum(f * x), x)\n"
                 "b = cast(x > 0, float64)")
    exactly(result.values["i"], [-2, 0, 0, 1])
    assert not np.signbit(result.values["i"][1])              # an integer has no -0
    exactly(result.values["j"], [-2, 0, 0, 1])
    assert np.asarray(result.values["k"]).dtype == bool
    assert list(result.values["k"]) == [True, True, False, True]
    assert result.values["gi"] == [None]
    exactly(result.values["gf"][0], [-5.4, -1.0, 0.0, 3.0])
    exactly(result.values["b"], [0, 0, 0, 1])


def test_dtype_names_are_values_unless_assigned():
    exactly(value("float32 = 2.0; y = float32 * 3"), 6.0)
    exactly(value("y = constant([1, 2], dtype=int32)"), [1, 2])
    exactly(value("y = zeros([2], float64) + ones([2], dtype=bool)"), [1, 1])
    with pytest.raises(AgError, match="dtype must be one of"):
        run("y = cast(1.0, 'complex64')")
    with pytest.raises(AgError, match="whole number"):
        run("y = constant(2.5, dtype=int32)")
    with pytest.raises(AgError, match="expected a tensor"):
        run("y = float32 + 1")
    # where TensorFlow takes a dtype: creation, random, variables (values stay float64)
    close(value("y = random_normal([3], seed=2, dtype=float32)"), np.random.default_rng(2).normal(0, 1, 3))
    close(value("y = random_uniform([2], seed=1, dtype='float64')"), np.random.default_rng(1).uniform(0, 1, 2))
    exactly(value("y = eye(2, dtype=int32)"), np.eye(2))
    exactly(value("v = variable([1, 2], dtype=int64); y = v * 1"), [1, 2])
    with pytest.raises(AgError, match="float dtype"):
        run("y = random_normal([2], dtype=int32)")
    with pytest.raises(AgError, match="whole number"):
        run("v = variable(1.5, dtype=int32)")
    exactly(value("y = argmin([2.0, 1.0], output_type=int32) + top_k([1.0, 2.0], index_type=int64)[1][0]"), 2)


def test_ones_like_and_zeros_like_cut_the_path():
    result = run("x = variable([1.0, 2.0]); y = ones_like(x) * x + zeros_like(x)\n"
                 "g = gradients(reduce_sum(ones_like(x)), x); h = gradients(reduce_sum(y), x)")
    assert result.values["g"] == [None]
    exactly(result.values["h"][0], [1, 1])


def test_special_function_values():
    mpmath = pytest.importorskip("mpmath")   # an independent reference (SymPy's dependency)
    xs = [0.05, 0.5, 1.0, 2.5, 7.25, 30.0, -0.5, -2.3]
    for n in range(3):
        got = value(f"y = polygamma({n}.0, {xs})")
        close(got, [float(mpmath.polygamma(n, x)) for x in xs], rtol=1e-13)
    close(value(f"y = digamma({xs})"), [float(mpmath.digamma(x)) for x in xs], rtol=1e-13)
    close(value(f"y = lgamma({xs})"), [math.lgamma(x) for x in xs])
    # poles: lgamma is +inf (log|Gamma|), digamma NaN
    exactly(value("y = lgamma([0.0, -1.0, -2.0])"), [np.inf] * 3)
    exactly(value("y = digamma([0.0, -1.0])"), [np.nan] * 2)
    close(value("y = erf([-1.0, 0.0, 0.5]) + erfc([-1.0, 0.0, 0.5])"), [1.0, 1.0, 1.0])


def test_special_function_gradients_by_hand():
    # d lgamma = digamma; d digamma = polygamma(1); d erf = 2/sqrt(pi) exp(-x^2); d polygamma(n) = polygamma(n+1)
    result = run("x = variable([1.0, 0.5])\n"
                 "a = gradients(reduce_sum(lgamma(x)), x); b = gradients(reduce_sum(digamma(x)), x)\n"
                 "c = gradients(reduce_sum(erf(x)), x); d = gradients(reduce_sum(erfc(x)), x)\n"
                 "n = variable(1.0); e = gradients(reduce_sum(polygamma(n, x)), [n, x])")
    euler = 0.5772156649015329
    close(result.values["a"][0], [-euler, -euler - 2 * math.log(2)])
    close(result.values["b"][0], [math.pi ** 2 / 6, math.pi ** 2 / 2])
    x = np.array([1.0, 0.5])
    close(result.values["c"][0], 2 / math.sqrt(math.pi) * np.exp(-x * x))
    close(result.values["d"][0], -2 / math.sqrt(math.pi) * np.exp(-x * x))
    gn, gx = result.values["e"]
    assert gn is None
    close(gx, [-2 * 1.2020569031595942, -14 * 1.2020569031595942], rtol=1e-13)   # polygamma(2, .) = -2 zeta(3) ...


def test_inverse_trig_and_hyperbolic_gradients_by_hand():
    x = np.array([-0.5, 0.25])
    result = run(f"x = variable({x.tolist()}); h = variable([1.5, 3.0])\n"
                 "a = gradients(reduce_sum(asin(x)), x); b = gradients(reduce_sum(acos(x)), x)\n"
                 "c = gradients(reduce_sum(atanh(x)), x); d = gradients(reduce_sum(asinh(x)), x)\n"
                 "e = gradients(reduce_sum(acosh(h)), h); f = gradients(reduce_sum(expm1(x)), x)")
    close(result.values["a"][0], 1 / np.sqrt(1 - x * x))
    close(result.values["b"][0], -1 / np.sqrt(1 - x * x))
    close(result.values["c"][0], 1 / (1 - x * x))
    close(result.values["d"][0], 1 / np.sqrt(1 + x * x))
    h = np.array([1.5, 3.0])
    close(result.values["e"][0], 1 / np.sqrt(h * h - 1))
    close(result.values["f"][0], np.exp(x))
    # acosh at 1: dy / sinh(0) = inf (TensorFlow's rule through the output)
    exactly(grads("h = variable(1.0); g = gradients(acosh(h), h)")[0], np.inf)


def test_atan2_gradient_and_its_parameter_order():
    # atan2(y, x): d/dy = x / (x^2 + y^2), d/dx = -y / (x^2 + y^2); 0/0 at the origin
    result = run("y = variable(1.0); x = variable(-2.0); a = atan2(y, x); g = gradients(a, [y, x])")
    close(result.values["a"], math.atan2(1.0, -2.0))
    close(result.values["g"], [-2 / 5, -1 / 5])
    exactly(grads("y = variable(0.0); x = variable(0.0); g = gradients(atan2(y, x), [y, x])"), [np.nan, np.nan])


def test_no_nan_ops_and_their_gradients():
    result = run("x = variable([3.0, 3.0]); y = variable([0.0, 2.0])\n"
                 "d = div_no_nan(x, y); gd = gradients(reduce_sum(d), [x, y])\n"
                 "m = mul_no_nan(x, y); gm = gradients(reduce_sum(multiply_no_nan(x, y)), [x, y])")
    exactly(result.values["d"], [0, 1.5])
    gx, gy = result.values["gd"]
    exactly(gx, [0, 0.5])
    exactly(gy, [0, -0.75])
    exactly(result.values["m"], [0, 6])
    exactly(result.values["gm"][0], [0, 2])
    exactly(result.values["gm"][1], [3, 3])


def test_xlogy_family_and_their_second_derivatives():
    result = run("x = variable([0.0, 2.0]); y = variable([0.5, 3.0])\n"
                 "g = gradients(reduce_sum(xlogy(x, y)), [x, y])\n"
                 "gx = g[0]; gg = gradients(reduce_sum(gx), [x, y])\n"
                 "h = gradients(reduce_sum(xlog1py(x, y) + xdivy(x, y)), [x, y])")
    gx, gy = result.values["g"]
    exactly(gx, [0.0, math.log(3.0)])          # xlogy(x != 0, y): 0 where x == 0
    close(gy, [0.0, 2 / 3])
    ggx, ggy = result.values["gg"]
    assert ggx is None                         # x reaches its gradient only through x != 0
    close(ggy, [0.0, 1 / 3])
    hx, hy = result.values["h"]
    close(hx, [0.0, math.log1p(3.0) + 1 / 3])
    close(hy, [0.0, 2 / 4 - 2 / 9])


def test_squared_difference_and_identity():
    result = run("x = variable([1.0, 4.0]); y = variable(2.0)\n"
                 "s = squared_difference(x, y); g = gradients(reduce_sum(s) + reduce_sum(identity(x)), [x, y])")
    exactly(result.values["s"], [1, 4])
    exactly(result.values["g"][0], [-2 + 1, 4 + 1])
    exactly(result.values["g"][1], 2 - 4)


# ================================================================ an elementwise op is one row

def test_an_elementwise_ufunc_op_is_one_row(monkeypatch):
    """A throwaway row (cube root) is a built-in, runs on both evaluators and differentiates,
    with nothing else added anywhere."""
    from autograd_cli.library import functions
    from autograd_cli.evaluate import needed, run_plain
    from autograd_cli.api import build
    from autograd_cli.ops import OPS, Op
    from autograd_cli.ops.table import same_shape

    row = Op("cbrt", np.cbrt, same_shape, elementwise=True, args=("x",), aliases=("cube_root",),
             vjp=(lambda g, n, dy: g.divide(dy, g.multiply(g.const(3.0), g.square(n))),),
             sym=lambda S, x: S.cbrt(x))
    monkeypatch.setitem(OPS, "cbrt", row)
    for name in ("cbrt", "cube_root"):
        monkeypatch.setitem(functions.BUILTINS, name, None)   # restored (removed) afterwards
    functions.register_row(row)                               # what importing the table does for every row
    assert row.ufunc is np.cbrt                               # the compiled evaluator's fact, from the row

    source = "x = variable([8.0, -8.0]); y = cbrt(x) + cube_root(x); g = gradients(reduce_sum(y), x)"
    result = run(source)
    exactly(result.values["y"], [4.0, -4.0])
    close(result.values["g"][0], 2 / (3 * np.cbrt([8.0, -8.0]) ** 2))
    built = build(source)                                     # the reference evaluator, node by node
    plain = run_plain(needed(built.graph.nodes))
    y = built.named["y"]
    exactly(plain[y.id], [4.0, -4.0])


# ================================================================ activations

def test_gelu_matches_tensorflows_documented_values():
    # nn_ops.py docstring (float32): exact and approximate
    close(value("y = gelu([-3.0, -1.0, 0.0, 1.0, 3.0])"),
          [-0.00404951, -0.15865529, 0.0, 0.8413447, 2.9959507], rtol=1e-4, atol=1e-6)
    close(value("y = gelu([-3.0, -1.0, 0.0, 1.0, 3.0], approximate=True)"),
          [-0.00363752, -0.15880796, 0.0, 0.841192, 2.9963627], rtol=1e-4, atol=1e-6)


def test_gelu_gradient_by_hand():
    # d/dx x Phi(x) = Phi(x) + x phi(x)
    x = np.array([-1.5, 0.0, 0.7])
    phi = np.exp(-x * x / 2) / math.sqrt(2 * math.pi)
    big_phi = 0.5 * (1 + np.vectorize(math.erf)(x / math.sqrt(2)))
    (g,) = grads(f"x = variable({x.tolist()}); g = gradients(reduce_sum(gelu(x)), x)")
    close(g, big_phi + x * phi)


def test_elu_selu_values_and_second_derivatives():
    close(value("y = elu(-1.0)"), -0.63212056, rtol=1e-8)
    close(value("y = selu([-1.0, 0.0, 1.0])"), [-1.11133074, 0, 1.05070099], rtol=1e-8)
    x = np.array([-1.0, 0.0, 2.0])
    result = run(f"x = variable({x.tolist()})\n"
                 "ge = gradients(reduce_sum(elu(x)), x); he = hessians(reduce_sum(elu(x)), x)\n"
                 "gs = gradients(reduce_sum(selu(x)), x); hs = hessians(reduce_sum(selu(x)), x)")
    scale, scale_alpha = 1.0507009873554805, 1.7580993408473768
    close(result.values["ge"][0], np.where(x < 0, np.exp(x), 1.0))        # slope 1 at 0 (out = 0 is not < 0)
    close(result.values["he"][0], np.diag(np.where(x < 0, np.exp(x), 0.0)))
    close(result.values["gs"][0], np.where(x < 0, scale_alpha * np.exp(x), scale))
    close(result.values["hs"][0], np.diag(np.where(x < 0, scale_alpha * np.exp(x), 0.0)))


def test_softsign_value_gradient_and_no_second_derivative():
    exactly(value("y = softsign([-1.0, 1.0])"), [-0.5, 0.5])
    result = run("x = variable([-1.0, 3.0]); g1 = gradients(reduce_sum(softsign(x)), x)[0]; g = gradients(g1, x)\n"
                 "h = hessians(reduce_sum(softsign(x)), x)")
    close(result.values["g1"], [0.25, 1 / 16])
    assert result.values["g"] == [None]             # TensorFlow: SoftsignGrad has no gradient
    exactly(result.values["h"][0], np.zeros((2, 2)))   # hessians: an unconnected second derivative is zeros


def test_hard_sigmoid_is_keras3_relu6_form():
    exactly(value("y = hard_sigmoid([-3.0, -1.0, 0.0, 1.0, 3.0])"), [0, 1 / 3, 0.5, 2 / 3, 1])
    (g,) = grads("x = variable([-3.0, 0.0, 3.0, 5.0]); g = gradients(reduce_sum(hard_sigmoid(x)), x)")
    exactly(g, [0, 1 / 6, 0, 0])                   # 0 at exactly +-3 (relu6's kinks)


def test_swish_is_silu_and_beta_gets_a_gradient():
    x, beta = np.array([-1.0, 0.5, 2.0]), 1.5
    result = run(f"x = variable({x.tolist()}); beta = variable({beta})\n"
                 "y = swish(x, beta); z = silu(x, beta=beta); g = gradients(reduce_sum(y), [x, beta])")
    s = sigmoid(beta * x)
    close(result.values["y"], x * s)
    close(result.values["z"], x * s)
    gx, gb = result.values["g"]
    close(gx, s * (1 + beta * x * (1 - s)))        # TensorFlow's custom gradient
    close(gb, np.sum(x * x * s * (1 - s)))


# ================================================================ reductions

def test_cumsum_matches_tensorflows_docstring():
    for call, expected in [("cumsum(x)", [2, 6, 12, 20]), ("cumsum(x, exclusive=True)", [0, 2, 6, 12]),
                           ("cumsum(x, reverse=True)", [20, 18, 14, 8]),
                           ("cumsum(x, exclusive=True, reverse=True)", [18, 14, 8, 0])]:
        exactly(value(f"x = [2.0, 4.0, 6.0, 8.0]; y = {call}"), expected)


def test_cumprod_gradient_at_zero_is_div_no_nan():
    # TF's _CumprodGrad: div_no_nan(cumsum(out * dy, reverse), x): 0 at x = 0 (not the true 2 * 3 + 2 ...)
    (g,) = grads("x = variable([2.0, 0.0, 3.0]); g = gradients(reduce_sum(cumprod(x)), x)")
    exactly(g, [1 + 0 + 0, 0.0, 0.0])
    (g,) = grads("x = variable([2.0, 5.0, 3.0]); g = gradients(reduce_sum(cumprod(x)), x)")
    close(g, [1 + 5 + 15, 2 + 6, 10])


def test_norms_and_their_gradients():
    close(value("y = l2_loss([3.0, 4.0])"), 12.5)
    close(value("y = norm([3.0, 4.0])"), 5.0)
    close(value("y = reduce_euclidean_norm([[3.0, 4.0], [6.0, 8.0]], axis=1)"), [5.0, 10.0])
    x = np.array([3.0, -4.0])
    result = run(f"x = variable({x.tolist()})\n"
                 "a = gradients(norm(x), x); b = gradients(reduce_euclidean_norm(x), x); c = gradients(l2_loss(x), x)\n"
                 "d = gradients(norm(x, ord=1), x); e = gradients(norm(x, ord='inf'), x)")
    close(result.values["a"][0], x / 5)
    close(result.values["b"][0], x / 5)
    close(result.values["c"][0], x)
    close(result.values["d"][0], np.sign(x))
    close(result.values["e"][0], [0.0, -1.0])
    # at the zero vector the gradient is 0/0 = NaN, as TensorFlow
    result = run("x = variable([0.0, 0.0]); a = gradients(norm(x), x); b = gradients(reduce_euclidean_norm(x), x)")
    exactly(result.values["a"][0], [np.nan, np.nan])
    exactly(result.values["b"][0], [np.nan, np.nan])


def test_norm_refuses_what_tensorflow_refuses():
    with pytest.raises(AgError, match="matrix norm"):
        run("y = norm([1.0, 2.0], ord='fro')")
    with pytest.raises(AgError, match="ord must be"):
        run("y = norm([1.0, 2.0], ord=-1)")


def test_top_k_values_indices_and_gradient():
    # equal values: the lower index first; the gradient goes to the picked positions (no splitting)
    result = run("x = variable([1.0, 3.0, 3.0, 2.0]); v, i = top_k(x, k=2); g = gradients(reduce_sum(v), x)\n"
                 "w = top_k([[1.0, 5.0, 2.0], [7.0, 0.0, 9.0]])")
    exactly(result.values["v"], [3, 3])
    exactly(result.values["i"], [1, 2])
    exactly(result.values["g"][0], [0, 1, 1, 0])
    exactly(result.values["w"][0], [[5.0], [9.0]])
    exactly(result.values["w"][1], [[1.0], [2.0]])
    with pytest.raises(AgError, match="out of range"):
        run("y = top_k([1.0, 2.0], 3)")


def test_argmin_and_reduce_any_all():
    result = run("a = argmin([3.0, 1.0, 1.0]); b = argmin([[3.0, 1.0], [0.0, 2.0]], axis=1)\n"
                 "c = reduce_any([0.0, 0.0]); d = reduce_all([[1.0, 0.0], [1.0, 1.0]], axis=1)\n"
                 "e = reduce_any([[1.0, 0.0], [0.0, 0.0]], axis=0, keepdims=True)\n"
                 "x = variable([1.0, 2.0]); g = gradients(argmin(x) + reduce_sum(cast(reduce_all(x > 0), float32)), x)")
    exactly(result.values["a"], 1)
    exactly(result.values["b"], [1, 0])
    assert bool(result.values["c"]) is False
    assert list(result.values["d"]) == [False, True]
    assert np.asarray(result.values["e"]).tolist() == [[True, False]]
    assert result.values["g"] == [None]


# ================================================================ losses (Keras' loss objects, tf.nn)

def test_keras_documented_loss_values():
    # keras/src/losses/losses.py docstrings
    # (the functions give one loss per sample; the docstrings' single numbers are the loss objects' means)
    y = value("y = sparse_categorical_crossentropy([1, 2], [[0.05, 0.95, 0], [0.1, 0.8, 0.1]])")
    close(y, [0.0513, 2.303], rtol=1e-3)
    close(np.mean(y), 1.1769392, rtol=1e-6)
    y = value("y = huber([[0, 1], [0, 0]], [[0.6, 0.4], [0.4, 0.6]])")
    close(y, [(0.5 * 0.36 + 0.5 * 0.36) / 2, (0.5 * 0.16 + 0.5 * 0.36) / 2], rtol=1e-12)
    close(np.mean(y), 0.155, rtol=1e-6)
    y = value("y = log_cosh([[0.0, 1.0], [0.0, 0.0]], [[1.0, 1.0], [0.0, 0.0]])")
    close(np.mean(y), 0.108, rtol=5e-3)
    close(value("y = logcosh([[0.0, 1.0], [0.0, 0.0]], [[1.0, 1.0], [0.0, 0.0]])"), [math.log(math.cosh(1.0)) / 2, 0.0],
          rtol=1e-12, atol=1e-15)
    close(value("y = mean_absolute_error([[0.0, 1.0], [0.0, 0.0]], [[1.0, 1.0], [1.0, 0.0]])"), [0.5, 0.5])
    close(value("y = mae([[1.0], [2.0]], [3.0, 5.0])"), [2.0, 3.0])   # y_pred (2,) is expanded to (2, 1) (Keras)


def test_huber_gradient_inside_and_outside_delta():
    # d/d y_pred: e inside |e| <= delta (also at the edge), delta * sign(e) outside; / N
    (g,) = grads("p = variable([0.5, 1.0, 3.0, -2.0]); g = gradients(huber([0.0, 0.0, 0.0, 0.0], p), p)")
    close(g, np.array([0.5, 1.0, 1.0, -1.0]) / 4)


def test_log_cosh_gradient_is_tanh_over_n():
    e = np.array([0.3, -2.0, 5.0])
    (g,) = grads(f"p = variable({e.tolist()}); g = gradients(log_cosh([0.0, 0.0, 0.0], p), p)")
    close(g, np.tanh(e) / 3)


def test_sparse_crossentropy_from_logits_and_its_labels():
    z = np.array([[0.5, -1.0, 2.0], [1.0, 1.0, -3.0]])
    labels = [2, 0]
    onehot = np.eye(3)[labels]
    result = run(f"z = variable({z.tolist()})\n"
                 f"s = sparse_softmax_cross_entropy_with_logits(labels={labels}, logits=z)\n"
                 "g = gradients(reduce_sum(s), z)\n"
                 f"k = sparse_categorical_crossentropy({labels}, softmax(z)); gk = gradients(reduce_mean(k), z)")
    close(result.values["s"], -np.sum(onehot * np.log(softmax(z)), axis=-1))
    close(result.values["g"][0], softmax(z) - onehot)
    close(result.values["gk"][0], (softmax(z) - onehot) / 2)
    with pytest.raises(AgError, match="not a class id"):
        run("y = sparse_softmax_cross_entropy_with_logits(labels=[3], logits=[[1.0, 2.0, 3.0]])")
    # the labels get no gradient
    result = run("t = variable([1.0]); g = gradients(sparse_categorical_crossentropy(t, [[1.0, 2.0]], "
                 "from_logits=True), t)")
    assert result.values["g"] == [None]


# ================================================================ the rows' forwards on Python floats
# (every row's facts against its forward: test_row_facts.py)

def test_elementwise_forwards_take_python_floats_as_numpy_scalars():
    """The compiled schedule's 0-d float path may hand Python floats to a row's forward: the
    result must be NumPy's (1.0 / 0.0 raises in Python, gives inf in NumPy)."""
    import itertools

    from autograd_cli.ops import OPS

    for name, op in OPS.items():
        if not op.elementwise or op.leaf or name == "where":
            continue
        params = {"alpha": 0.2} if "leaky" in name else {}
        for arity in (1, 2, 3):
            try:
                with np.errstate(all="ignore"):
                    op.forward(*[np.float64(1.0)] * arity, **params)
                break
            except TypeError:
                continue
        for values in itertools.product((0.0, 1.0, -2.5), repeat=arity):
            expected = error = None
            try:
                with np.errstate(all="ignore"):
                    expected = np.asarray(op.forward(*map(np.float64, values), **params), dtype=np.float64)
            except ValueError as exc:     # a row's own error (truncatediv by zero)
                error = type(exc)
            if error is not None:
                with pytest.raises(error):
                    op.forward(*values, **params)
                continue
            with np.errstate(all="ignore"):
                got = np.asarray(op.forward(*values, **params), dtype=np.float64)
            assert np.array_equal(got, expected, equal_nan=True), (name, values, got, expected)


def test_div_no_nan_at_zero_on_the_compiled_float_path():
    result = run("v0 = variable(0.0); w = variable(3.0); y = div_no_nan(w * w, v0 * v0); z = y * y\n"
                 "g = gradients(z, [v0, w])")
    exactly(result.values["y"], 0.0)
    exactly(result.values["g"][1], 0.0)


def test_add_n_adds_tensors_of_one_shape_and_passes_the_gradient_to_each():
    # tf.add_n([a, a*b, c, b]) = a + a*b + c + b: d/da = 1 + b, d/db = a + 1, d/dc = 1
    source = ("a = variable([2.0, -1.0])\nb = variable([3.0, 0.5])\nc = variable([5.0, 4.0])\n"
              "s = reduce_sum(add_n([a, a * b, c, b]))\ng = gradients(s, [a, b, c])\n")
    a, b = np.array([2.0, -1.0]), np.array([3.0, 0.5])
    assert float(value(source, "s")) == np.sum(a + a * b + np.array([5.0, 4.0]) + b)
    ga, gb, gc = grads(source)
    np.testing.assert_array_equal(ga, 1 + b)
    np.testing.assert_array_equal(gb, a + 1)
    np.testing.assert_array_equal(gc, np.ones(2))


def test_add_n_of_one_tensor_is_that_tensor_and_refuses_broadcasting():
    assert float(value("x = variable(4.0)\ny = add_n([x])\n")) == 4.0
    with pytest.raises(AgError, match=r"inputs must all have one shape: \(2,\) and \(\)"):
        run("a = variable([1.0, 2.0])\ny = add_n([a, 1.0])\n")
    with pytest.raises(AgError, match="inputs must not be empty"):
        run("y = add_n([])\n")


@pytest.mark.parametrize("order, said", [("m", "got a tensor of shape (2, 2)"), ("v", "got a tensor of shape (3,)"),
                                         ("True", "got True"), ("None", "got None")])
def test_norm_ord_that_is_not_a_number_or_a_name_is_a_located_error(order, said):
    # found by the fuzzing run: a tensor or a list as ord ended in a Python TypeError
    source = f"m = constant([[1.0, 0.0], [2.0, 1.0]])\nv = [1.0, 2.0, 3.0]\nx = variable([3.0, 4.0])\ny = norm(x, ord={order})\n"
    with pytest.raises(AgError, match="ord must be 'euclidean', 'fro', a number > 0 or inf") as info:
        run(source)
    assert said in info.value.message and (info.value.pos.line, info.value.pos.col) == (4, 17)
    assert float(value(source.replace(f"ord={order}", "ord=1"))) == 7.0    # |3| + |4|
