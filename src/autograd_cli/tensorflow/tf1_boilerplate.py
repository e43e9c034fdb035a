"""The TF1 boilerplate around a graph program: session options (ConfigProto, GPUOptions),
graph collections (get_collection, GraphKeys), tf.logging, and TF1's tf.nn.rnn_cell, whose cells were
Keras 2's (every name an AttributeError under Keras 3, as in TensorFlow 2.21)."""
from __future__ import annotations

import re
import sys

from autograd_cli.tensorflow.core import ctx
from autograd_cli.tensorflow.exports import tf_class, export_value, tf_export
from autograd_cli.tensorflow.tf1_legacy import _LayersGoneWithKeras3


class _Options:
    """A protocol-buffer message of options: any field may be given or set; none has an effect here."""

    def __init__(self, **fields):
        for key, value in fields.items():
            setattr(self, key, value)

    def __repr__(self):
        return "".join(f"{k}: {str(v).lower() if isinstance(v, bool) else v}\n" for k, v in vars(self).items()
                       if not isinstance(v, _Options))


@tf_class("tensorflow.core.protobuf.config_pb2.GPUOptions")
@tf_export("compat.v1.GPUOptions", "GPUOptions")
class GPUOptions(_Options):
    pass


@tf_class("tensorflow.core.protobuf.config_pb2.ConfigProto")
@tf_export("compat.v1.ConfigProto", "ConfigProto")
class ConfigProto(_Options):
    def __init__(self, **fields):
        self.gpu_options = fields.pop("gpu_options", None) or GPUOptions()
        super().__init__(**fields)


@tf_export("compat.v1.get_collection", "get_collection")
def get_collection(key, scope=None):
    items = ctx.graph.get_collection(key)
    if scope is None:
        return items
    return [item for item in items if re.match(scope, getattr(item, "name", "") or "")]


@tf_export("compat.v1.add_to_collection", "add_to_collection")
def add_to_collection(name, value):
    ctx.graph.add_to_collection(name, value)


class _Logging:
    """tf.compat.v1.logging: messages at or above the verbosity (WARN at first) go to stderr."""
    DEBUG, INFO, WARN, ERROR, FATAL = 10, 20, 30, 40, 50
    WARNING = WARN

    def __init__(self):
        self._level = self.WARN

    def set_verbosity(self, level):
        self._level = int(level)

    def get_verbosity(self):
        return self._level

    def _log(self, level, tag, msg, *args):
        if level >= self._level:
            print(f"{tag}:tensorflow:{msg % args if args else msg}", file=sys.stderr)

    def debug(self, msg, *args):
        self._log(self.DEBUG, "DEBUG", msg, *args)

    def info(self, msg, *args):
        self._log(self.INFO, "INFO", msg, *args)

    def warn(self, msg, *args):
        self._log(self.WARN, "WARNING", msg, *args)

    warning = warn

    def error(self, msg, *args):
        self._log(self.ERROR, "ERROR", msg, *args)


_LOGGING = _Logging()
for _name in ("DEBUG", "INFO", "WARN", "WARNING", "ERROR", "FATAL", "set_verbosity", "get_verbosity", "debug",
              "info", "warn", "warning", "error"):
    export_value(f"compat.v1.logging.{_name}", getattr(_LOGGING, _name))
    export_value(f"logging.{_name}", getattr(_LOGGING, _name))
export_value("compat.v1.nn.rnn_cell", _LayersGoneWithKeras3())
export_value("nn.rnn_cell", _LayersGoneWithKeras3())


class _DebugWrapperSession:
    """tfdbg's session wrappers (`from tensorflow.python import debug as tf_debug`): posts
    import them, often to wrap a session in a line left commented out."""

    def __init__(self, sess, *args, **kwargs):
        raise NotImplementedError(f"tf_debug.{type(self).__name__} {self._does}; a snippet has no terminal and no "
                                  "files: run the session itself (autograd-cli's explain and graph show its tensors)")


@tf_class("tensorflow.python.debug.wrappers.local_cli_wrapper.LocalCLIDebugWrapperSession")
@tf_export("python.debug.LocalCLIDebugWrapperSession")
class LocalCLIDebugWrapperSession(_DebugWrapperSession):
    _does = "is tfdbg's interactive terminal debugger"


@tf_class("tensorflow.python.debug.wrappers.dumping_wrapper.DumpingDebugWrapperSession")
@tf_export("python.debug.DumpingDebugWrapperSession")
class DumpingDebugWrapperSession(_DebugWrapperSession):
    _does = "writes tfdbg dump files"


@tf_class("tensorflow.python.debug.wrappers.grpc_wrapper.TensorBoardDebugWrapperSession")
@tf_export("python.debug.TensorBoardDebugWrapperSession")
class TensorBoardDebugWrapperSession(_DebugWrapperSession):
    _does = "streams to TensorBoard's debugger over the network"
