"""What real TensorFlow 2.21 answers for the cases tests/test_fidelity.py checks .ag against.

Run with the TensorFlow virtual environment (never a project dependency):
    /work/tfvenv/bin/python tests/tf_reference/fidelity_tf.py > tests/tf_reference/fidelity_tf.json
The JSON is committed; the tests read it and never import TensorFlow."""
import json
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

CASES = {}


def case(name):
    def register(fn):
        CASES[name] = fn
        return fn
    return register


def plain(value):
    """Tensors, lists and None as JSON: {"value": nested list, "dtype": name} or None."""
    if value is None:
        return None
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    t = tf.convert_to_tensor(value)
    return {"value": t.numpy().tolist(), "dtype": t.dtype.name}


def failure(fn):
    try:
        fn()
    except Exception as exc:     # noqa: BLE001  (the kind and message are what is stored)
        return {"error": type(exc).__name__, "message": str(exc).split("\n")[0]}
    return {"error": None}


@case("dtype_names_in_a_loop_body")
def _loop_body():
    v = tf.constant(2.0)
    return plain(tf.while_loop(lambda i, a: i < 3, lambda i, a: [i + 1, a + tf.cast(v, tf.int32)], [0, 0]))


def gradient_pair(f, *inputs):
    """f's value and the gradients of sum(f * weights) with respect to each input (weights:
    1, 2, 3, ... over f's elements, so every element's gradient counts)."""
    xs = [tf.constant(np.asarray(x, dtype=np.float64)) for x in inputs]
    with tf.GradientTape() as tape:
        tape.watch(xs)
        y = f(*xs)
        weights = tf.reshape(tf.range(1, tf.size(y) + 1, dtype=tf.float64), tf.shape(y))
        total = tf.reduce_sum(y * weights)
    return {"value": plain(y), "gradients": plain(tape.gradient(total, xs))}


A3 = [[2.0, 1.0, 0.5], [0.0, 3.0, 1.0], [1.0, -1.0, 4.0]]


@case("matrix_inverse_adjoint")
def _inverse_adjoint():
    return gradient_pair(lambda a: tf.linalg.inv(a, adjoint=True), A3)


@case("matrix_inverse_adjoint_batched")
def _inverse_adjoint_batched():
    batch = [A3, [[1.0, 2.0, 0.0], [0.0, 1.0, 0.0], [2.0, 0.0, 5.0]]]
    return gradient_pair(lambda a: tf.linalg.inv(a, adjoint=True), batch)


def einsum_inputs():
    a = np.arange(1, 3 * 1 * 3 * 2 + 1, dtype=np.float64).reshape(3, 1, 3, 2) / 10
    b = np.arange(1, 1 * 5 * 2 * 4 + 1, dtype=np.float64).reshape(1, 5, 2, 4) / 20 - 1
    return a, b


@case("einsum_ellipsis_broadcast")
def _einsum_broadcast():
    return gradient_pair(lambda a, b: tf.einsum("...ij,...jk->...ik", a, b), *einsum_inputs())


@case("einsum_ellipsis_ranks")
def _einsum_ranks():
    a, b = einsum_inputs()
    return gradient_pair(lambda a, b: tf.einsum("...ij,jk->...ik", a, b), a, b[0, 0])


@case("einsum_ellipsis_inner")
def _einsum_inner():
    # the ellipsis between labels, of different ranks: (3, 1) and (4,) broadcast to (3, 4)
    a = np.arange(1, 2 * 3 * 1 * 2 + 1, dtype=np.float64).reshape(2, 3, 1, 2) / 4
    b = np.arange(1, 2 * 4 + 1, dtype=np.float64).reshape(2, 4) / 8 - 0.5
    return gradient_pair(lambda a, b: tf.einsum("i...j,j...->i...", a, b), a, b)


@case("numpy_on_a_symbolic_tensor")
def _numpy_sum():
    with tf.Graph().as_default():        # a graph, as a .ag program is (tf.gradients, placeholders)
        x = tf.compat.v1.placeholder(tf.float32, name="x")
        return failure(lambda: np.sum(x ** 2))


def session_values(tensors):
    """Evaluate (lists of) graph tensors in a session; None stays None."""
    flat = [t for t in tensors if t is not None]
    with tf.compat.v1.Session() as session:
        got = iter(session.run(flat))
    return [None if t is None else float(next(got)) for t in tensors]


@case("cond_second_derivatives")
def _cond_second():
    """tf.gradients of a cond's gradients (cond_v2: the gradient of an If is an If)."""
    out = {}
    with tf.Graph().as_default():
        x, z, w = (tf.constant(v, tf.float64) for v in (1.5, 2.0, 3.0))
        y = tf.cond(x > 0.0, lambda: x * x, lambda: z * z * z)
        gx, gz = tf.gradients(y, [x, z])
        out["cubic"] = {"first": session_values([gx, gz]), "d_gx": session_values(tf.gradients(gx, [x, z])),
                        "d_gz": session_values(tf.gradients(gz, [x, z]))}
        y = tf.cond(x > 0.0, lambda: x * x + tf.stop_gradient(w), lambda: z + 0.0)
        gx, gw, gz = tf.gradients(y, [x, w, z])
        out["linear"] = {"first": session_values([gx, gw, gz]), "d_gx": session_values(tf.gradients(gx, [x, w, z])),
                         "d_gz": session_values(tf.gradients(gz, [x, w, z]))}
    return out


@case("integer_tensors")
def _integers():
    w = tf.Variable([[1, 2]])
    return {
        "inferred_dtype": w.dtype.name, "inferred_large": tf.constant(2**40).dtype.name,
        "times_half": failure(lambda: w * 0.5), "times_two_point_zero": failure(lambda: w * 2.0),
        "cast_plus_w": failure(lambda: tf.cast(w, tf.float32) * 0.5 + w),
        "int32_plus_int64": failure(lambda: tf.constant(1) + tf.constant(1, tf.int64)),
        "exp": failure(lambda: tf.exp(tf.constant(1))),
        "times_two": plain(w * 2), "plus_list": plain(w + [[1, 2]]), "floordiv": plain(w // 2),
        "truediv": plain(w / 2), "reduce_sum": plain(tf.reduce_sum(w)),
        "cast_half": plain(tf.cast(w, tf.float32) * 0.5),
    }


@case("integer_cast_gradient")
def _integer_cast_gradient():
    with tf.Graph().as_default():
        x = tf.constant(2.0, tf.float64)
        w = tf.constant(3)
        return session_values(tf.gradients(tf.cast(w, tf.float64) * x, [x, w]))


def main():
    out = {"tensorflow": tf.__version__}
    for name, fn in CASES.items():
        out[name] = fn()
    print(json.dumps(out, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
