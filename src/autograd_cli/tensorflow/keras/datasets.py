"""keras.datasets: every load_data() downloads its data; a snippet has no network."""
from __future__ import annotations

import sys
import types


class NoNetworkError(OSError):
    pass


def _dataset(name):
    def load_data(*args, **kwargs):
        raise NoNetworkError(f"tf.keras.datasets.{name}.load_data() downloads the data set, and a snippet has no "
                             "network: build the arrays in the snippet (e.g. NumPy random data of the same shapes)")
    module = types.ModuleType(f"autograd_cli.tensorflow.keras.datasets.{name}")
    module.load_data = load_data
    sys.modules[module.__name__] = module      # `import tensorflow.keras.datasets.mnist` finds it
    return module


__path__: list = []      # a package, as Keras': each data set is a submodule

NAMES = ("mnist", "fashion_mnist", "cifar10", "cifar100", "imdb", "reuters", "boston_housing", "california_housing")
for _name in NAMES:
    globals()[_name] = _dataset(_name)

__all__ = list(NAMES)
