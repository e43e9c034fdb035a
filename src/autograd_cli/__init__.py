"""autograd-cli: differentiate small .ag programs with tf.gradients semantics.

The public names load on first use (PEP 562): the command line's snippet path and the
box's child import parts of the package (the sandbox, the TensorFlow package) without
paying for the .ag compiler, its parser and NumPy."""
import sys as _sys
import types as _types

from autograd_cli.notebook import load_ipython_extension, register_displays, why_none

register_displays()   # cheap: the HTML renderers load when a notebook first displays a result

__all__ = ["evaluate", "build", "Evaluation", "GradientResult", "AgError", "load_ipython_extension", "why_none"]
__version__ = "0.1.0"


def __getattr__(name):
    if name in ("build", "Evaluation", "GradientResult"):
        from autograd_cli import api

        value = getattr(api, name)
    elif name == "AgError":
        from autograd_cli.support.errors import AgError as value
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))


class _Package(_types.ModuleType):
    """`autograd_cli.evaluate` is the API's function, though the subpackage that computes
    values has the same name: importing the subpackage (the import system then sets the
    attribute) leaves the function in place."""

    @property
    def evaluate(self):
        from autograd_cli.api import evaluate

        return evaluate

    @evaluate.setter
    def evaluate(self, _subpackage):
        pass


_sys.modules[__name__].__class__ = _Package
