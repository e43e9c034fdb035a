"""TF1's Adadelta, FTRL and proximal optimizers (tf.compat.v1.train): the dense update of
each of TensorFlow's training kernels (ApplyAdadelta, ApplyFtrl, ApplyProximalGradientDescent,
ApplyProximalAdagrad), in the variable's dtype and the kernels' order of operations.

Each update computes every new value from the values read at the start of the step, then
writes them (a Session applies a run's assigns after reading its variables, as the kernel
reads its inputs before writing)."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow import math_ops as m
from autograd_cli.tensorflow.array_ops import where, zeros_like
from autograd_cli.tensorflow.core import Tensor, convert_to_tensor
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.training import Optimizer


def _scalar(value, var):
    """A hyperparameter as the kernel gets it: a tensor of its own dtype cast to the variable's."""
    value = value() if callable(value) else value
    return m.cast(value if isinstance(value, Tensor) else convert_to_tensor(value), var.dtype.base_dtype)


def _write(*pairs):
    """Assign each (variable, new value); in a graph the assign ops, for the step's group."""
    return [var.assign(value) for var, value in pairs]


def _shrink(prox, threshold, denominator):
    """The proximal step of L1 and L2: sign(v) max(|v| - threshold, 0) / denominator (with no
    L1 the threshold is 0 and this is v / denominator exactly, the kernel's other branch)."""
    return m.divide(m.multiply(m.sign(prox), m.maximum(m.subtract(m.abs(prox), threshold), 0.0)), denominator)


@tf_class("tensorflow.python.training.adadelta.AdadeltaOptimizer")
@tf_export("compat.v1.train.AdadeltaOptimizer", "train.AdadeltaOptimizer")
class AdadeltaOptimizer(Optimizer):
    """accum = accum rho + g^2 (1 - rho); update = sqrt(accum_update + eps) rsqrt(accum + eps) g;
    var -= update lr; accum_update = accum_update rho + update^2 (1 - rho)."""

    def __init__(self, learning_rate=0.001, rho=0.95, epsilon=1e-8, use_locking=False, name="Adadelta"):
        super().__init__(learning_rate, use_locking, name)
        self._rho, self._eps = rho, epsilon

    def _update(self, g, v):
        accum, accum_update = self._slot(v, "accum"), self._slot(v, "accum_update")
        rho, eps, lr = _scalar(self._rho, v), _scalar(self._eps, v), self._lr_tensor(v)
        rest = m.subtract(np.array(1, v.dtype.base_dtype.np), rho)
        new_accum = m.add(m.multiply(accum, rho), m.multiply(m.square(g), rest))
        update = m.multiply(m.multiply(m.sqrt(m.add(accum_update, eps)), m.rsqrt(m.add(new_accum, eps))), g)
        new_var = m.subtract(v, m.multiply(update, lr))
        new_update = m.add(m.multiply(accum_update, rho), m.multiply(m.square(update), rest))
        return _write((accum, new_accum), (v, new_var), (accum_update, new_update))


@tf_class("tensorflow.python.training.proximal_gradient_descent.ProximalGradientDescentOptimizer")
@tf_export("compat.v1.train.ProximalGradientDescentOptimizer", "train.ProximalGradientDescentOptimizer")
class ProximalGradientDescentOptimizer(Optimizer):
    """FOBOS: v = var - lr g, then var = sign(v) max(|v| - lr l1, 0) / (1 + l2 lr)."""

    def __init__(self, learning_rate, l1_regularization_strength=0.0, l2_regularization_strength=0.0,
                 use_locking=False, name="ProximalGradientDescent"):
        super().__init__(learning_rate, use_locking, name)
        self._l1, self._l2 = l1_regularization_strength, l2_regularization_strength

    def _update(self, g, v):
        lr, l1, l2 = self._lr_tensor(v), _scalar(self._l1, v), _scalar(self._l2, v)
        prox = m.subtract(v, m.multiply(g, lr))
        new_var = _shrink(prox, m.multiply(lr, l1), m.add(1.0, m.multiply(l2, lr)))
        return _write((v, new_var))


@tf_class("tensorflow.python.training.proximal_adagrad.ProximalAdagradOptimizer")
@tf_export("compat.v1.train.ProximalAdagradOptimizer", "train.ProximalAdagradOptimizer")
class ProximalAdagradOptimizer(Optimizer):
    """FOBOS at Adagrad's rate: accum += g^2; r = lr rsqrt(accum); v = var - g r;
    var = sign(v) max(|v| - r l1, 0) / (1 + l2 r)."""

    def __init__(self, learning_rate, initial_accumulator_value=0.1, l1_regularization_strength=0.0,
                 l2_regularization_strength=0.0, use_locking=False, name="ProximalAdagrad"):
        if initial_accumulator_value <= 0.0:
            raise ValueError(f"initial_accumulator_value must be positive: {initial_accumulator_value}")
        super().__init__(learning_rate, use_locking, name)
        self._initial = initial_accumulator_value
        self._l1, self._l2 = l1_regularization_strength, l2_regularization_strength

    def _update(self, g, v):
        accum = self._slot(v, "accumulator", self._initial)
        lr, l1, l2 = self._lr_tensor(v), _scalar(self._l1, v), _scalar(self._l2, v)
        new_accum = m.add(accum, m.square(g))
        rate = m.multiply(lr, m.rsqrt(new_accum))
        prox = m.subtract(v, m.multiply(g, rate))
        new_var = _shrink(prox, m.multiply(rate, l1), m.add(1.0, m.multiply(l2, rate)))
        return _write((accum, new_accum), (v, new_var))


def _at_least_zero(value, what):
    if not isinstance(value, Tensor) and value < 0.0:
        raise ValueError(f"{what} {value:f} needs to be positive or zero")


@tf_class("tensorflow.python.training.ftrl.FtrlOptimizer")
@tf_export("compat.v1.train.FtrlOptimizer", "train.FtrlOptimizer")
class FtrlOptimizer(Optimizer):
    """FTRL-Proximal (ApplyFtrl; ApplyFtrlV2 with L2 shrinkage):
    n' = n + g^2; z += g - (n'^-p - n^-p) / lr var (p = learning_rate_power, -0.5: square roots);
    var = (l1 sign(z) - z) / (n'^-p / lr + 2 l2) where |z| > l1, else 0; n = n'."""

    def __init__(self, learning_rate, learning_rate_power=-0.5, initial_accumulator_value=0.1,
                 l1_regularization_strength=0.0, l2_regularization_strength=0.0, use_locking=False, name="Ftrl",
                 accum_name=None, linear_name=None, l2_shrinkage_regularization_strength=0.0, beta=None):
        _at_least_zero(initial_accumulator_value, "initial_accumulator_value")
        if not isinstance(learning_rate_power, Tensor) and learning_rate_power > 0.0:
            raise ValueError(f"learning_rate_power {learning_rate_power:f} needs to be negative or zero")
        _at_least_zero(l1_regularization_strength, "l1_regularization_strength")
        _at_least_zero(l2_regularization_strength, "l2_regularization_strength")
        _at_least_zero(l2_shrinkage_regularization_strength, "l2_shrinkage_regularization_strength")
        super().__init__(learning_rate, use_locking, name)
        self._power, self._initial = learning_rate_power, initial_accumulator_value
        self._l1, self._l2 = l1_regularization_strength, l2_regularization_strength
        self._shrinkage, self._beta = l2_shrinkage_regularization_strength, 0.0 if beta is None else beta
        self._accum_name, self._linear_name = accum_name, linear_name

    def _update(self, g, v):
        accum = self._slot(v, "accum", self._initial, self._accum_name)
        linear = self._slot(v, "linear", owner=self._linear_name)
        lr, l1 = self._lr_tensor(v), _scalar(self._l1, v)
        # TensorFlow folds beta into L2: l2 + beta / (2 max(lr, 1e-36))
        rate = self._lr() if callable(self._lr) else self._lr
        l2 = m.cast(m.add(self._l2, m.divide(self._beta, m.multiply(2.0, m.maximum(rate, 1e-36)))),
                    v.dtype.base_dtype)
        power = self._power
        new_accum = m.add(accum, m.square(g))
        if not isinstance(power, Tensor) and power == -0.5:
            new_root, old_root = m.sqrt(new_accum), m.sqrt(accum)
        else:
            exponent = m.negative(_scalar(power, v))
            new_root, old_root = m.pow(new_accum, exponent), m.pow(accum, exponent)
        step = g
        if isinstance(self._shrinkage, Tensor) or self._shrinkage > 0.0:
            step = m.add(g, m.multiply(m.multiply(2.0, _scalar(self._shrinkage, v)), v))
        new_linear = m.add(linear, m.subtract(step, m.multiply(m.divide(m.subtract(new_root, old_root), lr), v)))
        x = m.subtract(m.multiply(l1, m.sign(new_linear)), new_linear)
        y = m.add(m.divide(new_root, lr), m.multiply(2.0, l2))
        new_var = where(m.greater(m.abs(new_linear), l1), m.divide(x, y), zeros_like(v))
        return _write((linear, new_linear), (v, new_var), (accum, new_accum))
