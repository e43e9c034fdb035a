"""keras.regularizers: a weight's penalty, which the layer's `losses` lists (computed anew on
each read, as Keras 3 does) and compile's loss adds."""
from __future__ import annotations

from autograd_cli.tensorflow.keras._support import tf
from autograd_cli.tensorflow.exports import tf_class


@tf_class("keras.src.regularizers.regularizers.Regularizer")
class Regularizer:
    def __call__(self, x):
        return 0.0

    def get_config(self):
        return {}


@tf_class("keras.src.regularizers.regularizers.L1L2")
class L1L2(Regularizer):
    def __init__(self, l1=0.0, l2=0.0):
        self.l1, self.l2 = float(l1), float(l2)

    def __call__(self, x):
        penalty = tf.constant(0.0, dtype=x.dtype)
        if self.l1:
            penalty = penalty + tf.multiply(tf.cast(self.l1, x.dtype), tf.reduce_sum(tf.abs(x)))
        if self.l2:
            penalty = penalty + tf.multiply(tf.cast(self.l2, x.dtype), tf.reduce_sum(tf.square(x)))
        return penalty

    def get_config(self):
        return {"l1": self.l1, "l2": self.l2}


@tf_class("keras.src.regularizers.regularizers.L1")
class L1(L1L2):
    def __init__(self, l1=0.01):
        super().__init__(l1=l1)

    def __call__(self, x):
        return tf.multiply(tf.cast(self.l1, x.dtype), tf.reduce_sum(tf.abs(x)))


@tf_class("keras.src.regularizers.regularizers.L2")
class L2(L1L2):
    def __init__(self, l2=0.01):
        super().__init__(l2=l2)

    def __call__(self, x):
        return tf.multiply(tf.cast(self.l2, x.dtype), tf.reduce_sum(tf.square(x)))


def get(identifier):
    if identifier is None or isinstance(identifier, Regularizer) or callable(identifier):
        return identifier
    named = {"l1": L1, "l2": L2, "l1_l2": L1L2}
    if identifier in named:
        return named[identifier]()
    raise ValueError(f"Could not interpret regularizer identifier: {identifier}")


l1, l2, l1_l2 = L1, L2, L1L2
CLASSES = {"Regularizer": Regularizer, "L1": L1, "L2": L2, "L1L2": L1L2, "l1": L1, "l2": L2, "l1_l2": L1L2}
__all__ = sorted(CLASSES) + ["get"]
