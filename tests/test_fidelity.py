"""`.ag` answers checked against TensorFlow 2.21's own: the values and errors real TensorFlow
printed are stored in tests/tf_reference/fidelity_tf.json (made by fidelity_tf.py beside it,
run with a TensorFlow install); others are derived by hand in the test."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from autograd_cli.api import evaluate
from autograd_cli.support.errors import AgError

TF = json.loads((Path(__file__).parent / "tf_reference" / "fidelity_tf.json").read_text())


def ev(source, **kw):
    return evaluate(source, **kw)


def error_of(source) -> AgError:
    with pytest.raises(AgError) as info:
        ev(source)
    return info.value


def tf_values(name):
    entry = TF[name]
    if isinstance(entry, list):
        return [None if e is None else np.asarray(e["value"]) for e in entry]
    return np.asarray(entry["value"])


# ---------------------------------------------------------------- dtype names inside a def

@pytest.mark.parametrize("dtype", ["int32", "tf.int32"])
def test_dtype_names_are_visible_inside_a_def(dtype):
    src = ("import tensorflow as tf\nv = 2.0\ndef keep_going(i, a) = i < 3\n"
           f"def loop_body(i, a) = [i + 1, a + cast(v, {dtype})]\n"
           "r = while_loop(keep_going, loop_body, [0, 0])\n")
    i, a = ev(src).values["r"]
    expected_i, expected_a = tf_values("dtype_names_in_a_loop_body")
    assert float(i) == expected_i == 3 and float(a) == expected_a == 6


def test_a_dtype_name_assigned_as_a_variable_is_that_value_inside_a_def():
    # dtype names are constants only where the program does not assign them
    src = "float32 = 3.0\ndef f(t) = t * float32\ny = f(2.0)\n"
    assert float(ev(src).values["y"]) == 6.0


# ---------------------------------------------------------------- value and gradients against TF

def weighted_program(inputs: dict, expression: str, shape) -> str:
    """A program computing `y = expression` of variables `inputs` and the gradients of
    sum(y * [1, 2, 3, ...]) with respect to each (as fidelity_tf.py's gradient_pair)."""
    size = int(np.prod(shape))
    lines = ["import tensorflow as tf"]
    lines += [f"{name} = variable({np.asarray(value).tolist()})" for name, value in inputs.items()]
    lines += [f"y = {expression}",
              f"weights = reshape(linspace(1.0, {size}.0, {size}), {list(shape)})",
              f"g = gradients(reduce_sum(y * weights), [{', '.join(inputs)}])"]
    return "\n".join(lines) + "\n"


def check_against_tf(case: str, inputs: dict, expression: str):
    expected = TF[case]
    value = np.asarray(expected["value"]["value"])
    e = ev(weighted_program(inputs, expression, value.shape))
    np.testing.assert_allclose(e.values["y"], value, rtol=1e-12, atol=1e-12)
    for got, want in zip(e.gradients[0].values, expected["gradients"]):
        np.testing.assert_allclose(got, want["value"], rtol=1e-11, atol=1e-12)


A3 = [[2.0, 1.0, 0.5], [0.0, 3.0, 1.0], [1.0, -1.0, 4.0]]
B3 = [[1.0, 2.0, 0.0], [0.0, 1.0, 0.0], [2.0, 0.0, 5.0]]


@pytest.mark.parametrize("expression", ["matrix_inverse(a, adjoint=True)", "tf.linalg.inv(a, adjoint=True)",
                                        "tf.linalg.inv(a, True)"])
def test_matrix_inverse_adjoint(expression):
    check_against_tf("matrix_inverse_adjoint", {"a": A3}, expression)
    # by hand: the adjoint of a real matrix is its transpose
    e = ev(f"import tensorflow as tf\na = constant({A3})\ny = {expression}\n")
    np.testing.assert_allclose(e.values["y"] @ np.array(A3).T, np.eye(3), atol=1e-14)


def test_matrix_inverse_adjoint_batched():
    check_against_tf("matrix_inverse_adjoint_batched", {"a": [A3, B3]}, "matrix_inverse(a, adjoint=True)")


def test_matrix_inverse_adjoint_false_is_the_plain_inverse():
    e = ev(f"a = constant({A3})\ny = matrix_inverse(a, adjoint=False)\nz = matrix_inverse(a)\n")
    np.testing.assert_allclose(e.values["y"], np.linalg.inv(A3), rtol=1e-13)
    np.testing.assert_array_equal(e.values["y"], e.values["z"])


def test_matrix_inverse_adjoint_of_a_non_square_matrix_names_its_shape():
    err = error_of("a = ones([2, 3])\ny = matrix_inverse(a, adjoint=True)\n")
    assert "(2, 3)" in str(err) and "square" in str(err)


# ---------------------------------------------------------------- einsum broadcasting across '...'

EINSUM_A = np.arange(1, 19, dtype=np.float64).reshape(3, 1, 3, 2) / 10
EINSUM_B = np.arange(1, 41, dtype=np.float64).reshape(1, 5, 2, 4) / 20 - 1


def test_einsum_broadcasts_across_the_ellipsis():
    check_against_tf("einsum_ellipsis_broadcast", {"a": EINSUM_A, "b": EINSUM_B}, 'einsum("...ij,...jk->...ik", a, b)')
    # by hand: NumPy's matmul broadcasts the same way
    e = ev(f"a = constant({EINSUM_A.tolist()})\nb = constant({EINSUM_B.tolist()})\n"
           'y = einsum("...ij,...jk->...ik", a, b)\n')
    assert e.values["y"].shape == (3, 5, 3, 4)
    np.testing.assert_allclose(e.values["y"], EINSUM_A @ EINSUM_B, rtol=1e-13)


def test_einsum_ellipsis_of_different_ranks():
    check_against_tf("einsum_ellipsis_ranks", {"a": EINSUM_A, "b": EINSUM_B[0, 0]}, 'einsum("...ij,jk->...ik", a, b)')


def test_einsum_ellipsis_between_labels_broadcasts():
    a = np.arange(1, 13, dtype=np.float64).reshape(2, 3, 1, 2) / 4
    b = np.arange(1, 9, dtype=np.float64).reshape(2, 4) / 8 - 0.5
    check_against_tf("einsum_ellipsis_inner", {"a": a, "b": b}, 'einsum("i...j,j...->i...", a, b)')


def test_einsum_ellipsis_sizes_that_do_not_broadcast_are_an_error():
    err = error_of(f"a = constant({EINSUM_A.tolist()})\nb = ones([2, 5, 2, 4])\n"
                   'y = einsum("...ij,...jk->...ik", a, b)\n')
    assert "sizes 3 and 2" in str(err) and "(3, 1, 3, 2)" in str(err) and err.pos.line == 3


def test_einsum_labels_outside_the_ellipsis_do_not_broadcast():
    # TF and NumPy broadcast only the dimensions '...' stands for
    err = error_of('a = ones([2, 1])\nb = ones([3, 4])\ny = einsum("ij,jk->ik", a, b)\n')
    assert "label 'j' has sizes 1 and 3" in str(err)


# ---------------------------------------------------------------- NumPy functions on tensors

@pytest.mark.parametrize("call, builtin", [("np.sum(x ** 2)", "reduce_sum"), ("np.mean(x)", "reduce_mean"),
                                           ("np.exp(x)", "exp"), ("np.sum(w * 2.0)", "reduce_sum")])
def test_numpy_on_a_tensor_is_tensorflows_error_at_its_place(call, builtin):
    stored = TF["numpy_on_a_symbolic_tensor"]
    assert stored["error"] == "NotImplementedError"
    src = f"import numpy as np\nx = variable([1.0, 2.0])\nw = placeholder()\ny = {call}\n"
    with pytest.raises(AgError) as info:
        ev(src, sets={"w": np.asarray(1.0)})
    err = info.value
    assert (err.pos.line, err.pos.col) == (4, 5)
    # TensorFlow's words, without the tensor's graph name ("(pow:0)")
    assert stored["message"].replace(" (pow:0)", "") .split(". This")[0] in err.message
    assert f"tf.{builtin}" in err.message


def test_numpy_on_constants_is_computed():
    e = ev("import numpy as np\nc = np.sum([1.0, 2.0, 3.0])\nd = np.mean(constant([2.0, 3.0])) * np.pi\n")
    assert float(e.values["c"]) == 6.0 and float(e.values["d"]) == pytest.approx(2.5 * np.pi)


# ---------------------------------------------------------------- cond: second derivatives

def _gradient_list(e, k):
    return [None if v is None else float(v) for v in e.gradients[k].values]


@pytest.mark.parametrize("case, taken, other, xs", [
    ("cubic", "x * x", "z * z * z", ["x", "z"]),
    ("linear", "x * x + stop_gradient(w)", "z + 0.0", ["x", "w", "z"]),
])
def test_cond_second_derivatives_follow_tensorflow(case, taken, other, xs):
    # TensorFlow's gradient of an If is an If over what the branches' gradients read: the
    # gradient of a cond gradient gives zeros (not None) to what only the untaken branch's
    # gradient reads, None to what no gradient reads
    expected = TF["cond_second_derivatives"][case]
    listed = ", ".join(xs)
    src = (f"x = variable(1.5)\nz = variable(2.0)\nw = variable(3.0)\ndef a() = {taken}\ndef b() = {other}\n"
           f"y = cond(x > 0.0, a, b)\ng = gradients(y, [{listed}])\n"
           f"d_gx = gradients(g[0], [{listed}])\nd_gz = gradients(g[{len(xs) - 1}], [{listed}])\n")
    e = ev(src)
    assert _gradient_list(e, 0) == expected["first"]
    assert _gradient_list(e, 1) == expected["d_gx"]
    assert _gradient_list(e, 2) == expected["d_gz"]


def test_cond_hessian_with_respect_to_an_untaken_input_is_zeros():
    # tf.hessians: zeros where the second derivative is unconnected; here it is connected (zeros)
    src = ("x = variable([1.0, 2.0])\nz = variable([3.0, 4.0])\ndef a() = reduce_sum(x * x)\n"
           "def b() = reduce_sum(z * z * z)\ny = cond(reduce_sum(x) > 0.0, a, b)\n"
           "g = gradients(y, [z])\nh = gradients(reduce_sum(g[0]), [x, z])\n")
    e = ev(src)
    hx, hz = e.gradients[1].values
    np.testing.assert_array_equal(hx, [0.0, 0.0])
    np.testing.assert_array_equal(hz, [0.0, 0.0])


# ---------------------------------------------------------------- integer tensors meeting floats

INTEGERS = TF["integer_tensors"]
W = "import tensorflow as tf\nw = tf.Variable([[1, 2]])\n"


def _tf_words(message: str) -> str:
    """TensorFlow's message without its op's graph name and trailer ("AddV2", "[Op:...]")."""
    return message.split(" [Op:")[0].split("compute AddV2 as ")[-1]


@pytest.mark.parametrize("line, case", [("y = w * 0.5", "times_half"), ("y = w * 2.0", "times_two_point_zero"),
                                        ("y = cast(w, float32) * 0.5 + w", "cast_plus_w")])
def test_an_integer_tensor_meeting_a_float_is_tensorflows_error(line, case):
    assert INTEGERS["inferred_dtype"] == "int32"
    err = error_of(W + line + "\n")
    assert err.pos.line == 3
    assert _tf_words(INTEGERS[case]["message"]) in err.message
    assert "cast(" in err.message                              # the fix


def test_the_error_is_at_the_operator_that_mixes():
    err = error_of(W + "y = cast(w, float32) * 0.5 + w\n")
    assert (err.pos.line, err.pos.col) == (3, 28)                # the `+`, not the `*`


def test_integer_dtypes_do_not_mix_either():
    err = error_of("import tensorflow as tf\na = tf.constant(1)\nb = tf.constant(1, dtype=tf.int64)\ny = a + b\n")
    assert _tf_words(INTEGERS["int32_plus_int64"]["message"]) in err.message


def test_a_float_only_op_refuses_an_integer_tensor():
    err = error_of("import tensorflow as tf\ny = exp(tf.constant(1))\n")
    assert "int32" in err.message and "cast(x, float32)" in err.message
    assert INTEGERS["exp"]["error"] == "InvalidArgumentError"


@pytest.mark.parametrize("line, case", [("y = w * 2", "times_two"), ("y = w + [[1, 2]]", "plus_list"),
                                        ("y = w // 2", "floordiv"), ("y = w / 2", "truediv"),
                                        ("y = reduce_sum(w)", "reduce_sum"), ("y = cast(w, float32) * 0.5", "cast_half")])
def test_integer_tensors_compute_as_tensorflow(line, case):
    e = ev(W + line + "\n")
    np.testing.assert_array_equal(e.values["y"], INTEGERS[case]["value"])


def test_where_integer_tensors_come_from():
    # explicit integer dtypes, and TensorFlow's inference from whole numbers in tf.Variable / tf.constant
    for src in ("w = cast(variable(2.7), int32)\n", "w = constant([1.0, 2.0], dtype=int32)\n",
                "w = variable([1, 2], dtype=int64)\n", "w = zeros([2], dtype=int32)\n",
                "import tensorflow as tf\nw = tf.constant([-1, 2])\n", "import tensorflow as tf\nw = tf.Variable(3)\n"):
        with pytest.raises(AgError, match="TensorFlow"):
            ev(src + "y = w * 0.5\n")
    # the rest stays float64, as every number in .ag: existing programs do not change
    for src in ("w = variable([[1, 2]])\n", "w = constant([1, 2])\n", "import tensorflow as tf\nw = tf.Variable(3.0)\n",
                "import tensorflow as tf\nw = tf.constant([1, 2.0])\n", "import tensorflow as tf\nw = tf.Variable([1, 2], dtype=tf.float32)\n",
                "from tensorflow.keras import backend as K\nw = K.variable([1, 2])\n", "w = argmax([1.0, 3.0])\n"):
        assert ev(src + "y = w * 0.5\n").values["y"] is not None


def test_large_whole_numbers_infer_int64():
    assert INTEGERS["inferred_large"] == "int64"
    err = error_of(f"import tensorflow as tf\na = tf.constant({2**40})\nb = tf.constant(1)\ny = a + b\n")
    assert "expected to be a int64 tensor but is a int32 tensor" in err.message


def test_a_cast_from_an_integer_tensor_has_no_gradient():
    expected = TF["integer_cast_gradient"]          # [3.0, None]
    e = ev("import tensorflow as tf\nx = variable(2.0)\nw = tf.constant(3)\ny = cast(w, float64) * x\n"
           "g = gradients(y, [x, w])\n")
    got = [None if v is None else float(v) for v in e.gradients[0].values]
    assert got == expected


def test_integer_loop_variables_keep_their_dtype():
    # a while_loop over integer tensors: the results are integer tensors too
    src = ("import tensorflow as tf\nv = 2.0\ndef more(i, a) = i < 3\ndef body(i, a) = [i + 1, a + cast(v, int32)]\n"
           "r = while_loop(more, body, [tf.constant(0), tf.constant(0)])\n")
    assert [float(t) for t in ev(src).values["r"]] == [3.0, 6.0]
    with pytest.raises(AgError, match="cannot convert 0.5"):
        ev(src + "y = r[1] * 0.5\n")
