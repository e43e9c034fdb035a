"""tf.keras: Keras 3 as TensorFlow 2.21 ships it (`keras._tf_keras.keras`), written on this
TensorFlow package's public API only (tf.Variable, tf.matmul, tf.nn, tf.GradientTape, ...),
so it runs in eager and graph mode like the rest of the package. The loss functions and
activations are the `.ag` built-ins of the same names (one formula each)."""
from __future__ import annotations

import sys

from autograd_cli.tensorflow import tf1_legacy
from autograd_cli.tensorflow.core import ctx
from autograd_cli.tensorflow.exports import EXPORTS, NOT_SUPPORTED, export_value, refresh, unknown_name
from autograd_cli.tensorflow.keras import (activations, backend, callbacks, constraints, conv_layers, datasets,
                                           initializers,
                                           keras_random, layers, losses, merging, metric_lookup, models, optimizers,
                                           recurrent, regularizers, schedules, simple_layers, utils)
from autograd_cli.tensorflow.keras.layers import Input, Layer
from autograd_cli.tensorflow.keras.models import Model, Sequential

__version__ = "3.15.1"        # Keras' version alongside TensorFlow 2.21 in the reference
SUBMODULES = {"activations": activations, "backend": backend, "callbacks": callbacks, "constraints": constraints,
              "datasets": datasets,
              "initializers": initializers, "layers": layers, "losses": losses, "models": models, "optimizers": optimizers,
              "random": keras_random, "regularizers": regularizers, "utils": utils}

# The public names, declared once: each submodule's __all__ (tf.keras.X.Y, also under
# tf.compat.v1.keras), and tf.optimizers / tf.losses as TensorFlow 2 aliases them.
for _sub, _module in SUBMODULES.items():
    for _name in _module.__all__:
        export_value(f"keras.{_sub}.{_name}", getattr(_module, _name))
for _name, _value in metric_lookup.PUBLIC.items():     # (tf.keras.metrics is a namespace: its public names only)
    export_value(f"keras.metrics.{_name}", _value)
for _name in optimizers.__all__:
    export_value(f"optimizers.{_name}", getattr(optimizers, _name))
for _module in (conv_layers, merging, recurrent, simple_layers):
    for _name in _module.__all__:
        export_value(f"keras.layers.{_name}", _module.CLASSES[_name])
export_value("keras.preprocessing.sequence.pad_sequences", utils.pad_sequences)
for _name in schedules.__all__:
    export_value(f"keras.optimizers.schedules.{_name}", getattr(schedules, _name))
    export_value(f"optimizers.schedules.{_name}", getattr(schedules, _name))
for _name in initializers.__all__:  # tf.initializers is Keras' in TF 2 (TF1's lowercase names stay where declared)
    if f"initializers.{_name}" not in EXPORTS:
        export_value(f"initializers.{_name}", getattr(initializers, _name))
for _name in losses.__all__:        # tf.losses: Keras' (TF1's reduced losses where TF1 has them)
    if f"losses.{_name}" not in EXPORTS:
        export_value(f"losses.{_name}", getattr(losses, _name))


def _losses_mean_squared_error(*args, **kwargs):
    """`tf.losses.mean_squared_error`: TF1's reduced loss in TF1 code (`import tensorflow` is
    `tensorflow.compat.v1` there); TF 2.21's tf.keras.losses has no such name."""
    if ctx.v1:
        return tf1_legacy.mean_squared_error_v1(*args, **kwargs)
    return losses.mean_squared_error(*args, **kwargs)


export_value("losses.mean_squared_error", _losses_mean_squared_error)
for _name, _value in (("Sequential", Sequential), ("Model", Model), ("Input", Input), ("Layer", Layer),
                      ("__version__", __version__)):
    export_value(f"keras.{_name}", _value)

__all__ = ["Input", "Layer", "Model", "Sequential", "metrics", *SUBMODULES]
# Keras 3 has it; its masks would have to reach the later layers, the RNNs and the losses
NOT_SUPPORTED["keras.layers.Masking"] = "Keras' masks"

def _unknown_names(module):
    def __getattr__(name):      # TensorFlow's AttributeError, its module named as TF 2.21 shows it
        raise unknown_name(module, name)
    return __getattr__


for _module in SUBMODULES.values():
    if "__getattr__" not in vars(_module):       # (backend and losses word their own)
        _module.__getattr__ = _unknown_names(_module)
__getattr__ = _unknown_names(sys.modules[__name__])

refresh()     # this module is deferred (tensorflow/__init__): its names join the namespaces now
