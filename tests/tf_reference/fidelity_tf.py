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


def main():
    out = {"tensorflow": tf.__version__}
    for name, fn in CASES.items():
        out[name] = fn()
    print(json.dumps(out, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
