"""autograd-cli: differentiate small .ag programs with tf.gradients semantics."""
from .api import Evaluation, GradientResult, build, evaluate
from .errors import AgError

__all__ = ["evaluate", "build", "Evaluation", "GradientResult", "AgError"]
__version__ = "0.1.0"
