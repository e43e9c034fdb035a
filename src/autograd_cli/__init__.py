"""autograd-cli: differentiate small .ag programs with tf.gradients semantics."""
from autograd_cli.api import Evaluation, GradientResult, build, evaluate
from autograd_cli.support.errors import AgError

__all__ = ["evaluate", "build", "Evaluation", "GradientResult", "AgError"]
__version__ = "0.1.0"
