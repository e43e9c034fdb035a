"""Writes keras_outputs.json: what each case of keras_cases.py gives under real TensorFlow
2.21 with Keras 3 (never a dependency of the project):
    /work/tfvenv/bin/python tests/tensorflow/keras/keras_generate.py
"""
from __future__ import annotations

import json
import os
import pathlib
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import warnings  # noqa: E402

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
import keras  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from keras_cases import CASES  # noqa: E402


def main():
    warnings.simplefilter("ignore")
    results = {"tensorflow": tf.__version__, "keras": keras.__version__, "cases": {}}
    for name, source in CASES.items():
        out: dict = {}
        exec(compile(source, f"<{name}>", "exec"), {"tf": tf, "np": np, "out": out})
        results["cases"][name] = out
    path = pathlib.Path(__file__).with_name("keras_outputs.json")
    path.write_text(json.dumps(results, indent=1) + "\n")
    print(f"wrote {len(CASES)} cases to {path}")


if __name__ == "__main__":
    main()
