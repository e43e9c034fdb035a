"""tf.compat.v1.train.ExponentialMovingAverage: a shadow variable per averaged variable
(VAR/ExponentialMovingAverage, starting at the variable's initial value), moved by `apply`'s
op as TensorFlow's assign_moving_average does: avg -= (avg - var) (1 - decay), with decay
min(decay, (1 + n) / (10 + n)) when num_updates n is given."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow import math_ops as m
from autograd_cli.tensorflow.core import Tensor, convert_to_tensor, ctx
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.modes import name_scope
from autograd_cli.tensorflow.variables import GraphKeys



def _key(item):
    return item.ref()


@tf_class("tensorflow.python.training.moving_averages.ExponentialMovingAverage")
@tf_export("compat.v1.train.ExponentialMovingAverage", "train.ExponentialMovingAverage")
class ExponentialMovingAverage:
    def __init__(self, decay, num_updates=None, zero_debias=False, name="ExponentialMovingAverage"):
        self._decay, self._num_updates, self._zero_debias, self._name = decay, num_updates, zero_debias, name
        self._averages: dict = {}

    @property
    def name(self):
        return self._name

    def apply(self, var_list=None):
        from autograd_cli.tensorflow.control import group
        from autograd_cli.tensorflow.variables import Variable, trainable_variables

        var_list = list(trainable_variables() if var_list is None else var_list)
        for var in var_list:
            if isinstance(var, Tensor) and ctx.eager:
                raise TypeError("tf.train.ExponentialMovingAverage does not support non-Variable tensors when "
                                "eager execution is enabled.")
        for var in var_list:
            if var.dtype.base_dtype not in (dtypes.float16, dtypes.float32, dtypes.float64):
                raise TypeError(f"The variables must be half, float, or double: {var.name}")
            if _key(var) not in self._averages:
                if isinstance(var, Variable):
                    start = var._value.copy() if ctx.eager else var.initial_value
                    self._averages[_key(var)] = _shadow(f"{var._name}/{self._name}", start, var.dtype.base_dtype)
                    if not ctx.eager:
                        ctx.graph.add_to_collection(GraphKeys.MOVING_AVERAGE_VARIABLES, var)
                else:
                    if self._zero_debias:
                        raise NotImplementedError("ExponentialMovingAverage(zero_debias=True) of a tensor is not "
                                                  "supported here")
                    shape = var._shape
                    if shape is None or any(d is None for d in shape):
                        raise NotImplementedError("the moving average of a tensor of unknown shape is not supported "
                                                  "here")
                    self._averages[_key(var)] = _shadow(f"{var.op.name}/{self._name}", np.zeros(shape, var.dtype.np), var.dtype)
        with name_scope(self._name) as scope:
            decay = convert_to_tensor(self._decay, dtype=dtypes.float32, name="decay")
            if self._num_updates is not None:
                n = m.cast(_after_dependencies(self._num_updates), dtypes.float32, name="num_updates")
                decay = m.minimum(decay, m.divide(m.add(1.0, n), m.add(10.0, n)))
            updates = [_assign_moving_average(self._averages[_key(var)], _after_dependencies(var), decay)
                       for var in var_list]
            return group(*updates, name=scope)

    def average(self, var):
        return self._averages.get(_key(var))

    def average_name(self, var):
        found = self._averages.get(_key(var))
        if found is not None:
            return found._name
        return ctx.graph.unique_name(f"{var.name[:-len(':0')]}/{self._name}", mark_as_used=False)

    def variables_to_restore(self, moving_avg_variables=None):
        """name -> variable as a Saver would restore them: each averaged variable under its
        average's name, every other global variable under its own."""
        from autograd_cli.tensorflow.variables import global_variables, trainable_variables

        if moving_avg_variables is None:
            moving_avg_variables = trainable_variables() + ctx.graph.get_collection(GraphKeys.MOVING_AVERAGE_VARIABLES)
        averaged = {_key(v): v for v in moving_avg_variables}
        names = {self.average_name(v): v for v in averaged.values()}
        own = {v.name for v in averaged.values()}
        for v in global_variables():
            if v.name not in own and v._name not in names:
                names[v._name] = v
        return names


def _after_dependencies(value):
    """A variable as an op made now reads it: after the assigns of the open
    control_dependencies (the documented `with control_dependencies([train_op]): ema.apply()`
    averages the trained values). A Session here reads every variable once at the start of
    a run, so the value those assigns write stands for the later read."""
    from autograd_cli.tensorflow.core import _ControlDependencies
    from autograd_cli.tensorflow.variables import Variable

    if ctx.eager or not isinstance(value, Variable):
        return value
    found, seen = None, set()
    stack = [op for group in _ControlDependencies.stack for op in group]
    while stack:
        op = stack.pop()
        if op.uid in seen:
            continue
        seen.add(op.uid)
        if op.type in ("Assign", "AssignAdd", "AssignSub") and op.recipe.params.get("var_uid") == value.uid \
                and op.outputs:
            found = op if found is None or op.uid > found.uid else found
        stack.extend(op.control_inputs)
    return value if found is None else found.outputs[0]


def _shadow(name, start, kind):
    """The average's variable VAR/NAME, outside any name scope (TensorFlow's slot names)."""
    from autograd_cli.tensorflow.variables import Variable

    if ctx.eager:
        return Variable(start, trainable=False, name=name, dtype=kind)
    graph = ctx.graph
    saved = graph._scope
    graph._scope = []
    try:
        return Variable(start, trainable=False, name=name, dtype=kind)
    finally:
        graph._scope = saved


def _assign_moving_average(average, value, decay):
    with name_scope("AssignMovingAvg") as scope:
        rate = m.subtract(1.0, decay, name="decay")
        if rate.dtype != average.dtype.base_dtype:
            rate = m.cast(rate, average.dtype.base_dtype)
        return average.assign_sub(m.multiply(m.subtract(average, value), rate), name=scope or None)
