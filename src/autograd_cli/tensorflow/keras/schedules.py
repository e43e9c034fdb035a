"""keras.optimizers.schedules: learning rates as a function of the optimizer's step, computed
in the initial rate's dtype (float32) with Keras' formulas; an optimizer given one calls it
with its `iterations` at every update."""
from __future__ import annotations

import math

from autograd_cli.tensorflow.keras._support import tf
from autograd_cli.tensorflow.exports import tf_class


@tf_class("keras.src.optimizers.schedules.learning_rate_schedule.LearningRateSchedule")
class LearningRateSchedule:
    def __call__(self, step):
        raise NotImplementedError("Learning rate schedule must override __call__")

    def get_config(self):
        raise NotImplementedError(f"Learning rate schedule '{type(self).__name__}' must override `get_config()` "
                                  f"in order to be serializable.")


def _float(value):
    return tf.convert_to_tensor(value, dtype="float32") if not hasattr(value, "dtype") else value


def _progress(schedule, step):
    """The initial rate as a tensor, and step / decay_steps in its dtype (floored if staircase)."""
    initial = _float(schedule.initial_learning_rate)
    p = tf.cast(step, initial.dtype) / tf.cast(schedule.decay_steps, initial.dtype)
    return initial, tf.floor(p) if schedule.staircase else p


@tf_class("keras.src.optimizers.schedules.learning_rate_schedule.ExponentialDecay")
class ExponentialDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False, name="ExponentialDecay"):
        if decay_steps <= 0:
            raise ValueError(f"Argument `decay_steps` must be > 0. Received: decay_steps={decay_steps}")
        self.initial_learning_rate, self.decay_steps = initial_learning_rate, decay_steps
        self.decay_rate, self.staircase, self.name = decay_rate, staircase, name

    def __call__(self, step):
        initial, p = _progress(self, step)
        return tf.multiply(initial, tf.pow(tf.cast(self.decay_rate, initial.dtype), p))

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "decay_rate": self.decay_rate, "staircase": self.staircase, "name": self.name}


@tf_class("keras.src.optimizers.schedules.learning_rate_schedule.InverseTimeDecay")
class InverseTimeDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False, name="InverseTimeDecay"):
        self.initial_learning_rate, self.decay_steps = initial_learning_rate, decay_steps
        self.decay_rate, self.staircase, self.name = decay_rate, staircase, name

    def __call__(self, step):
        initial, p = _progress(self, step)
        return tf.divide(initial, 1 + tf.cast(self.decay_rate, initial.dtype) * p)


@tf_class("keras.src.optimizers.schedules.learning_rate_schedule.PolynomialDecay")
class PolynomialDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate, decay_steps, end_learning_rate=0.0001, power=1.0, cycle=False,
                 name="PolynomialDecay"):
        self.initial_learning_rate, self.decay_steps = initial_learning_rate, decay_steps
        self.end_learning_rate, self.power, self.cycle, self.name = end_learning_rate, power, cycle, name

    def __call__(self, step):
        initial = _float(self.initial_learning_rate)
        dtype = initial.dtype
        end, power = tf.cast(self.end_learning_rate, dtype), tf.cast(self.power, dtype)
        step = tf.cast(step, dtype)
        steps = tf.cast(self.decay_steps, dtype)
        if self.cycle:
            multiplier = tf.where(tf.equal(step, 0), 1.0, tf.math.ceil(step / steps))
            steps = tf.multiply(steps, multiplier)
        else:
            step = tf.minimum(step, steps)
        return tf.add(tf.multiply(initial - end, tf.pow(1 - step / steps, power)), end)


@tf_class("keras.src.optimizers.schedules.learning_rate_schedule.CosineDecay")
class CosineDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate, decay_steps, alpha=0.0, name="CosineDecay", warmup_target=None,
                 warmup_steps=0):
        if warmup_target is not None or warmup_steps:
            raise NotImplementedError("CosineDecay's warmup is not supported here")
        self.initial_learning_rate, self.decay_steps, self.alpha, self.name = initial_learning_rate, decay_steps, \
            alpha, name

    def __call__(self, step):
        initial = _float(self.initial_learning_rate)
        dtype = initial.dtype
        steps = tf.cast(self.decay_steps, dtype)
        fraction = tf.minimum(tf.cast(step, dtype), steps) / steps
        cosine = 0.5 * (1.0 + tf.cos(tf.constant(math.pi, dtype=dtype) * fraction))
        alpha = tf.cast(self.alpha, dtype)
        return tf.multiply(initial, (1 - alpha) * cosine + alpha)


@tf_class("keras.src.optimizers.schedules.learning_rate_schedule.PiecewiseConstantDecay")
class PiecewiseConstantDecay(LearningRateSchedule):
    def __init__(self, boundaries, values, name="PiecewiseConstant"):
        if len(boundaries) != len(values) - 1:
            raise ValueError(f"The length of boundaries should be 1 less than the length of values. Received: "
                             f"boundaries={boundaries} of length {len(boundaries)}, and values={values} of length "
                             f"{len(values)}.")
        self.boundaries, self.values, self.name = list(boundaries), list(values), name

    def __call__(self, step):
        step = int(tf.convert_to_tensor(step).numpy()) if tf.executing_eagerly() else step
        if not isinstance(step, int):
            raise NotImplementedError("PiecewiseConstantDecay in graph mode is not supported here")
        for boundary, value in zip(self.boundaries, self.values):
            if step <= boundary:
                return _float(value)
        return _float(self.values[-1])


__all__ = ["LearningRateSchedule", "ExponentialDecay", "InverseTimeDecay", "PolynomialDecay", "CosineDecay",
           "PiecewiseConstantDecay"]
