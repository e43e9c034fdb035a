"""Eager or graph execution, and TF1 behaviour (tf.compat.v1.disable_v2_behavior)."""
from __future__ import annotations

from autograd_cli.tensorflow import devices
from autograd_cli.tensorflow import shape as shapes
from autograd_cli.tensorflow.core import ctx
from autograd_cli.tensorflow.exports import tf_class, tf_export


@tf_export("executing_eagerly", "compat.v1.executing_eagerly")
def executing_eagerly():
    return ctx.eager


@tf_export("compat.v1.disable_eager_execution", "disable_eager_execution")
def disable_eager_execution():
    ctx.eager = False


@tf_export("compat.v1.enable_eager_execution", "enable_eager_execution")
def enable_eager_execution(config=None, device_policy=None, execution_mode=None):
    ctx.eager = True


@tf_export("compat.v1.disable_v2_behavior", "disable_v2_behavior")
def disable_v2_behavior():
    ctx.eager = False
    ctx.v1 = True
    shapes.V1[0] = True


@tf_export("compat.v1.enable_v2_behavior", "enable_v2_behavior")
def enable_v2_behavior():
    ctx.eager = True
    ctx.v1 = False
    shapes.V1[0] = False


@tf_export("compat.v1.disable_resource_variables", "disable_resource_variables",
           "compat.v1.enable_resource_variables", "enable_resource_variables", "compat.v1.disable_tensor_equality",
           "compat.v1.disable_control_flow_v2", "compat.v1.enable_control_flow_v2")
def _no_effect(*args, **kwargs):
    return None


def graph_mode():
    """Run TF1-style code: graph mode with TF1 printing (what disable_v2_behavior does)."""
    disable_v2_behavior()


def eager_mode():
    enable_v2_behavior()


@tf_export("compat.v1.reset_default_graph", "reset_default_graph")
def reset_default_graph():
    ctx.reset_graph()


@tf_export("compat.v1.get_default_graph", "get_default_graph")
def get_default_graph():
    return ctx.graph


@tf_export("name_scope", "compat.v1.name_scope")
def name_scope(name, default_name=None, values=None):

    if ctx.eager:
        return _EagerScope(name or default_name)
    return ctx.graph.name_scope(name or default_name)


@tf_class("tensorflow.python.framework.ops.name_scope_v2")
class _EagerScope:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        from autograd_cli.tensorflow.variables import _EAGER_SCOPE

        if self.name:
            _EAGER_SCOPE.append(self.name.rstrip("/"))
        return (self.name or "") + "/"

    def __exit__(self, *exc):
        from autograd_cli.tensorflow.variables import _EAGER_SCOPE

        if self.name and _EAGER_SCOPE:
            _EAGER_SCOPE.pop()
        return False


@tf_class("tensorflow.python.eager.context._EagerDeviceContext")
class _EagerDeviceContext:
    """Eager code is placed softly (TensorFlow 2's default): a device scope changes nothing."""

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


@tf_export("device", "compat.v1.device")
def device(device_name):
    if ctx.eager:
        if callable(device_name):
            raise RuntimeError("tf.device does not support functions when eager execution is enabled.")
        devices.parse(device_name)
        return _EagerDeviceContext()
    return ctx.graph.device(device_name)
