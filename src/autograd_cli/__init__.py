"""autograd-cli: differentiate small .ag programs with tf.gradients semantics."""
from autograd_cli.api import Evaluation, GradientResult, build, evaluate
from autograd_cli.support.errors import AgError
from autograd_cli.notebook import load_ipython_extension, register_displays, why_none

register_displays()   # cheap: the HTML renderers load when a notebook first displays a result

__all__ = ["evaluate", "build", "Evaluation", "GradientResult", "AgError", "load_ipython_extension", "why_none"]
__version__ = "0.1.0"
