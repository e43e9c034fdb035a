"""tf.errors: TensorFlow's exception classes, with its names."""
from __future__ import annotations

from autograd_cli.tensorflow.exports import tf_export


@tf_export("errors.OpError", "OpError")
class OpError(Exception):
    error_code = 2

    def __init__(self, node_def=None, op=None, message="", *args):
        if op is None and not message and isinstance(node_def, str):   # OpError("message")
            node_def, message = None, node_def
        super().__init__(message)
        self.node_def = node_def
        self.op = op
        self.message = message

    def __str__(self):
        return self.message


def _error(name, code):
    cls = type(name, (OpError,), {"error_code": code, "__module__": "tensorflow.python.framework.errors_impl"})
    tf_export(f"errors.{name}")(cls)
    return cls


CancelledError = _error("CancelledError", 1)
UnknownError = _error("UnknownError", 2)
InvalidArgumentError = _error("InvalidArgumentError", 3)
DeadlineExceededError = _error("DeadlineExceededError", 4)
NotFoundError = _error("NotFoundError", 5)
AlreadyExistsError = _error("AlreadyExistsError", 6)
PermissionDeniedError = _error("PermissionDeniedError", 7)
ResourceExhaustedError = _error("ResourceExhaustedError", 8)
FailedPreconditionError = _error("FailedPreconditionError", 9)
AbortedError = _error("AbortedError", 10)
OutOfRangeError = _error("OutOfRangeError", 11)
UnimplementedError = _error("UnimplementedError", 12)
InternalError = _error("InternalError", 13)
UnavailableError = _error("UnavailableError", 14)
DataLossError = _error("DataLossError", 15)
UnauthenticatedError = _error("UnauthenticatedError", 16)
OpError.__module__ = "tensorflow.python.framework.errors_impl"


@tf_export("errors.OperatorNotAllowedInGraphError")
class OperatorNotAllowedInGraphError(TypeError):
    """A Python operator (bool, iteration) a graph tensor does not allow."""


OperatorNotAllowedInGraphError.__module__ = "tensorflow.python.framework.errors_impl"


def hinted(error: Exception, hint: str) -> Exception:
    """Attach a hint the job prints after TensorFlow's message (why a gradient is None ...)."""
    if isinstance(error, OpError):
        error.message = f"{error.message}\n({hint})"
        error.args = (error.message,)
    else:
        error.ag_hint = hint
    return error


def kernel_message(op_type: str, text: str, named: bool = True, name: str = "", function: str = "") -> str:
    """An eager kernel's error as TensorFlow 2.21 words it: each op runs as a wrapped function,
    whose node the message names first (`function`: the op type, followed for ops with a count
    attribute by it, `ConcatV2_N_2`); most ops' messages end with their name (often empty)."""
    node = (f"{{{{function_node __wrapped__{function or op_type}_device_/job:localhost/replica:0/task:0/"
            f"device:CPU:0}}}}")
    return f"{node} {text} [Op:{op_type}]" + (f" name: {name}" if named else "")
