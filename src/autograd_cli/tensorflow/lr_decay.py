"""tf.compat.v1.train's learning-rate schedules: a tensor of the global step in a graph (a
function of no arguments eagerly, which an optimizer calls at each step), computed as
TensorFlow 2.21's legacy schedules do: every number cast to the initial rate's dtype, in
TensorFlow's order of operations and under its name scopes."""
from __future__ import annotations

import math

import numpy as np

from autograd_cli.tensorflow import math_ops as m
from autograd_cli.tensorflow.array_ops import where
from autograd_cli.tensorflow.core import constant_tensor, convert_to_tensor, ctx
from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.exports import tf_export
from autograd_cli.tensorflow.modes import name_scope


def _schedule(compute, step):
    """The rate now (a graph's tensor), or eagerly the function giving it at each call."""
    if ctx.eager:
        return lambda: compute(step)
    return compute(step)


def _start(learning_rate, step, *numbers):
    """The initial rate as a tensor, the step and the numbers cast to its dtype."""
    initial = convert_to_tensor(learning_rate, name="initial_learning_rate")
    return (initial, m.cast(step, initial.dtype)) + tuple(m.cast(x, initial.dtype) for x in numbers)


def _pi():
    return constant_tensor(np.array(math.pi, dtype=np.float32), dtypes.float32)


def _periods(learning_rate, step, decay_steps, decay_rate, staircase):
    """The initial rate, the decay rate in its dtype and step / decay_steps (floored: staircase)."""
    initial, t, steps, rate = _start(learning_rate, step, decay_steps, decay_rate)
    p = m.divide(t, steps)
    return initial, rate, m.floor(p) if staircase else p


@tf_export("compat.v1.train.exponential_decay", "train.exponential_decay")
def exponential_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    def compute(step):
        with name_scope(name or "ExponentialDecay") as scope:
            initial, rate, p = _periods(learning_rate, step, decay_steps, decay_rate, staircase)
            return m.multiply(initial, m.pow(rate, p), name=scope)
    return _schedule(compute, global_step)


@tf_export("compat.v1.train.natural_exp_decay", "train.natural_exp_decay")
def natural_exp_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    """exponential_decay at the rate exp(-decay_rate) (TensorFlow's own composition)."""
    rate = m.exp(m.negative(decay_rate))
    return exponential_decay(learning_rate, global_step, decay_steps, rate, staircase, name)


@tf_export("compat.v1.train.inverse_time_decay", "train.inverse_time_decay")
def inverse_time_decay(learning_rate, global_step, decay_steps, decay_rate, staircase=False, name=None):
    def compute(step):
        with name_scope(name or "InverseTimeDecay") as scope:
            initial, rate, p = _periods(learning_rate, step, decay_steps, decay_rate, staircase)
            denominator = m.add(m.cast(1, initial.dtype), m.multiply(rate, p))
            return m.divide(initial, denominator, name=scope)
    return _schedule(compute, global_step)


@tf_export("compat.v1.train.polynomial_decay", "train.polynomial_decay")
def polynomial_decay(learning_rate, global_step, decay_steps, end_learning_rate=0.0001, power=1.0, cycle=False,
                     name=None):
    def compute(step):
        with name_scope(name or "PolynomialDecay") as scope:
            initial, t, end, exponent, steps = _start(learning_rate, step, end_learning_rate, power, decay_steps)
            if cycle:
                # the decay starts again at each multiple of decay_steps, over a period that grows
                periods = where(m.equal(t, 0), 1.0, m.ceil(m.divide(t, decay_steps)))
                steps = m.multiply(steps, periods)
            else:
                t = m.minimum(t, steps)
            p = m.divide(t, steps)
            return m.add(m.multiply(m.subtract(initial, end), m.pow(m.subtract(1, p), exponent)), end, name=scope)
    return _schedule(compute, global_step)


@tf_export("compat.v1.train.cosine_decay", "train.cosine_decay")
def cosine_decay(learning_rate, global_step, decay_steps, alpha=0.0, name=None):
    def compute(step):
        with name_scope(name or "CosineDecay"):
            initial, t, steps = _start(learning_rate, step, decay_steps)
            fraction = m.divide(m.minimum(t, steps), steps)
            cosine = m.multiply(0.5, m.add(1.0, m.cos(m.multiply(_pi(), fraction))))
            return m.multiply(initial, m.add(m.multiply(1 - alpha, cosine), alpha))
    return _schedule(compute, global_step)


@tf_export("compat.v1.train.cosine_decay_restarts", "train.cosine_decay_restarts")
def cosine_decay_restarts(learning_rate, global_step, first_decay_steps, t_mul=2.0, m_mul=1.0, alpha=0.0, name=None):
    """SGDR: cosine decays over periods each t_mul times longer than the last, restarting
    at m_mul times the last start."""
    def compute(step):
        with name_scope(name or "SGDRDecay") as scope:
            initial, t, first, low, grow, shrink = _start(learning_rate, step, first_decay_steps, alpha, t_mul, m_mul)
            fraction = m.divide(t, first)
            # (TensorFlow picks one branch with a cond on t_mul == 1; t_mul is known here)
            if float(t_mul) == 1.0:
                restart = m.floor(fraction)
                fraction = m.subtract(fraction, restart)
            else:
                restart = m.floor(m.divide(m.log(m.subtract(1.0, m.multiply(fraction, m.subtract(1.0, grow)))),
                                           m.log(grow)))
                done = m.divide(m.subtract(1.0, m.pow(grow, restart)), m.subtract(1.0, grow))
                fraction = m.divide(m.subtract(fraction, done), m.pow(grow, restart))
            factor = m.pow(shrink, restart)
            cosine = m.multiply(m.multiply(0.5, factor), m.add(1.0, m.cos(m.multiply(_pi(), fraction))))
            decayed = m.add(m.multiply(m.subtract(1, low), cosine), low)
            return m.multiply(initial, decayed, name=scope)
    return _schedule(compute, global_step)


@tf_export("compat.v1.train.linear_cosine_decay", "train.linear_cosine_decay")
def linear_cosine_decay(learning_rate, global_step, decay_steps, num_periods=0.5, alpha=0.0, beta=0.001, name=None):
    def compute(step):
        with name_scope(name or "LinearCosineDecay") as scope:
            initial, t, steps, periods, low, floor_ = _start(learning_rate, step, decay_steps, num_periods, alpha, beta)
            t = m.minimum(t, steps)
            linear = m.divide(m.subtract(steps, t), steps)
            fraction = m.multiply(m.multiply(2.0, periods), m.divide(t, steps))
            cosine = m.multiply(0.5, m.add(1.0, m.cos(m.multiply(_pi(), fraction))))
            return m.multiply(initial, m.add(m.multiply(m.add(low, linear), cosine), floor_), name=scope)
    return _schedule(compute, global_step)


@tf_export("compat.v1.train.piecewise_constant", "train.piecewise_constant",
           "compat.v1.train.piecewise_constant_decay", "train.piecewise_constant_decay")
def piecewise_constant(x, boundaries, values, name=None):
    """values[0] up to boundaries[0] (included), values[i] up to boundaries[i], values[-1] after."""
    bounds = [convert_to_tensor(b) for b in boundaries]
    levels = [convert_to_tensor(v) for v in values]
    step = convert_to_tensor(x)
    for i, b in enumerate(bounds):
        if b.dtype.base_dtype != step.dtype.base_dtype:
            if b.dtype.base_dtype == dtypes.int32 and step.dtype.base_dtype == dtypes.int64:
                bounds[i] = m.cast(b, dtypes.int64)
            else:
                raise ValueError(f"Boundaries ({b.dtype.base_dtype}) must have the same dtype as x "
                                 f"({step.dtype.base_dtype}).")
    for v in levels[1:]:
        if v.dtype.base_dtype != levels[0].dtype.base_dtype:
            raise ValueError(f"Values must have elements all with the same dtype ({levels[0].dtype.base_dtype} vs "
                             f"{v.dtype.base_dtype}).")
    if len(bounds) != len(levels) - 1:
        raise ValueError("The length of boundaries should be 1 less than the length of values")

    def compute(step):
        with name_scope(name or "PiecewiseConstant"):
            t = convert_to_tensor(step)
            # (TensorFlow's case of exclusive predicates; with ordered boundaries the first that
            # holds from the left is the one that holds)
            rate = levels[-1]
            for bound, level in reversed(list(zip(bounds, levels[:-1]))):
                rate = where(m.less_equal(t, bound), level, rate)
            return rate
    return _schedule(compute, step)
