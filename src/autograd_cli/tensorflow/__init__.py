"""A TensorFlow-compatible package built on autograd-cli's graph, op table and autodiff.

`import autograd_cli.tensorflow as tf` gives `tf.constant`, `tf.Variable`, `tf.GradientTape`,
`tf.Session`, `tf.gradients`, `tf.nn`, `tf.math`, `tf.train`, ... with TensorFlow 2.21's
semantics (eager by default; TF1-style graph mode after `tf.compat.v1.disable_v2_behavior()`).
Public names are declared where they are defined (exports.tf_export); the namespaces are
built from those declarations.
"""
from __future__ import annotations

import importlib as _importlib

from autograd_cli.tensorflow import exports as _exports
from autograd_cli.tensorflow import (array_ops, control, conv_ops, core, custom_gradients, dtype, failures,  # noqa: F401
                                     gradients, indexed_slices, init_ops, linalg_ops, lr_decay, math_ops, modes, nn_ops,
                                     operators, printing, py_funcs, scatter_ops, session, module, shape, tape, tf1_legacy,
                                     tf_function, training, variable_scopes, variables)

_exports.export_value("__version__", "2.21.0")
_exports.export_value("compat.v1.__version__", "2.21.0")     # (a dunder is not looked up in the mirror)
_exports.export_value("compat.v2.__version__", "2.21.0")
_exports.export_value("version.VERSION", "2.21.0")
_exports.export_value("newaxis", None)
_exports.export_value("errors.OpError", failures.OpError)

# Loaded at the first name they declare (exports.defer): Keras, tf.data, the asserts and the small
# APIs in extras are most of what a TF1 graph snippet never touches.
_exports.defer(f"{__name__}.extras", f"{__name__}.tf1_boilerplate", f"{__name__}.data", f"{__name__}.image_ops",
               f"{__name__}.effects", f"{__name__}.check_ops", f"{__name__}.linalg_decompositions", f"{__name__}.functional_ops", f"{__name__}.spatial_ops",
               f"{__name__}.keras", f"{__name__}.tf1_optimizers", f"{__name__}.moving_averages",
               f"{__name__}.tf1_metrics", f"{__name__}.tf1_losses", f"{__name__}.tf1_flags",
               f"{__name__}.string_ops", f"{__name__}.queues", f"{__name__}.queue_runners",
               f"{__name__}.input_producers", f"{__name__}.checkpoints", f"{__name__}.summaries",
               f"{__name__}.complex_ops", f"{__name__}.gradients_debugger", f"{__name__}.tensor_arrays",
               f"{__name__}.forward_accumulator", f"{__name__}.test_utils",
               f"{__name__}.nn_impl", f"{__name__}.special_math_ops", f"{__name__}.segment_ops",
               f"{__name__}.random_generator",
               f"{__name__}.sparse_tensors")
_exports.build_namespaces(_importlib.import_module(__name__))
__version__ = "2.21.0"


def __getattr__(name):
    import sys

    return _exports.lookup(sys.modules[__name__], name)


def __dir__():
    _exports.complete()
    return sorted(globals())
