"""tf.train (TF1 optimizers): minimize = compute_gradients + apply_gradients, the
updates being assign ops of the graph (or eager updates of the variables)."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow import math_ops as m
from autograd_cli.tensorflow import sparse_updates
from autograd_cli.tensorflow.core import Tensor, convert_to_tensor, ctx
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.indexed_slices import IndexedSlices


class Optimizer:
    _sparse = None      # its update for an IndexedSlices gradient (sparse_updates), where it differs from the dense one

    def __init__(self, learning_rate=0.001, use_locking=False, name=None):
        self._lr = learning_rate
        self._name = name or type(self).__name__.replace("Optimizer", "")
        self._slots: dict = {}
        self._step = None

    def _variables(self, loss, var_list):
        from autograd_cli.tensorflow.variables import trainable_variables

        return list(var_list) if var_list is not None else trainable_variables()

    def compute_gradients(self, loss, var_list=None, gate_gradients=1, aggregation_method=None,
                          colocate_gradients_with_ops=False, grad_loss=None, tape=None):
        if callable(loss) and ctx.eager:
            from autograd_cli.tensorflow.tape import GradientTape

            with GradientTape() as t:
                value = loss()
            variables = var_list if var_list is not None else t.watched_variables()
            grads = t.gradient(value, list(variables))
            return list(zip(grads, variables))
        from autograd_cli.tensorflow.gradients import gradients

        variables = self._variables(loss, var_list)
        grads = gradients(loss, variables, grad_ys=grad_loss, gate_gradients=gate_gradients == 1)   # (GATE_OP)
        return list(zip(grads, variables))

    def minimize(self, loss, global_step=None, var_list=None, gate_gradients=1, aggregation_method=None,
                 colocate_gradients_with_ops=False, name=None, grad_loss=None, tape=None):
        pairs = self.compute_gradients(loss, var_list, gate_gradients, grad_loss=grad_loss)
        if not any(g is not None for g, _ in pairs):
            raise ValueError(f"No gradients provided for any variable, check your graph for ops that do not "
                             f"support gradients, between variables {[v.name for _, v in pairs]} and loss {loss}.")
        return self.apply_gradients(pairs, global_step, name)

    def apply_gradients(self, grads_and_vars, global_step=None, name=None):
        from autograd_cli.tensorflow.control import group

        pairs = [(g, v) for g, v in grads_and_vars]
        if not any(g is not None for g, _ in pairs):
            raise ValueError(f"No gradients provided for any variable: {[v.name for _, v in pairs]}.")
        updates = []
        self._prepare()
        if ctx.eager:
            for g, v in pairs:
                if g is not None:
                    self._apply(g, v)
            if global_step is not None:
                global_step.assign_add(1)
            self._finish()
            return None
        # TensorFlow's scopes: the updates under NAME/update_VAR (the slots are named by their
        # variable alone, see _slot)
        graph = ctx.graph
        with graph.name_scope(name or self._name) as scope:
            for g, v in pairs:
                if g is not None:
                    with graph.name_scope("update_" + v.name.split(":")[0]):
                        updates.append(self._apply(g, v))
            self._finish()
            if global_step is not None:
                updates.append(global_step.assign_add(1))
            return group(*updates, name=scope)

    def _apply(self, g, v):
        if isinstance(g, IndexedSlices) and self._sparse is not None:
            return self._sparse(g, v)
        return self._update(g, v)

    def _lr_tensor(self, var):
        lr = self._lr() if callable(self._lr) else self._lr
        return lr if isinstance(lr, Tensor) and lr.dtype == var.dtype else convert_to_tensor(lr, var.dtype) \
            if not isinstance(lr, Tensor) else m.cast(lr, var.dtype)

    def _prepare(self):
        pass

    def _finish(self):
        pass

    def _slot(self, var, name, initial=0.0, owner=None):
        """The slot `name` of var, made at the first call as the variable VAR/OWNER (OWNER: the
        optimizer's name unless given)."""
        from autograd_cli.tensorflow.variables import Variable

        key = (var.uid, name)
        if key not in self._slots:
            init = np.full(var._shape, initial, dtype=var.dtype.np)
            graph = None if ctx.eager else ctx.graph
            inside = graph._scope if graph is not None else None
            if graph is not None:
                graph._scope = []       # VAR/Adam whatever name scope the update is made in
            try:
                self._slots[key] = Variable(init, trainable=False, name=f"{var._name}/{owner or self._name}")
            finally:
                if graph is not None:
                    graph._scope = inside
        return self._slots[key]

    def get_slot(self, var, name):
        return self._slots.get((var.uid, name))

    def get_slot_names(self):
        return sorted({name for _, name in self._slots})

    def variables(self):
        return list(self._slots.values())


@tf_class("tensorflow.python.training.gradient_descent.GradientDescentOptimizer")
@tf_export("compat.v1.train.GradientDescentOptimizer", "train.GradientDescentOptimizer")
class GradientDescentOptimizer(Optimizer):
    def __init__(self, learning_rate, use_locking=False, name="GradientDescent"):
        super().__init__(learning_rate, use_locking, name)

    def _update(self, g, v):
        return v.assign_sub(m.multiply(self._lr_tensor(v), g))


@tf_class("tensorflow.python.training.momentum.MomentumOptimizer")
@tf_export("compat.v1.train.MomentumOptimizer", "train.MomentumOptimizer")
class MomentumOptimizer(Optimizer):
    _sparse = sparse_updates.momentum

    def __init__(self, learning_rate, momentum, use_locking=False, name="Momentum", use_nesterov=False):
        super().__init__(learning_rate, use_locking, name)
        self._momentum = momentum
        self._nesterov = use_nesterov

    def _update(self, g, v):
        acc = self._slot(v, "momentum")
        lr = self._lr_tensor(v)
        new_acc = m.add(m.multiply(acc, self._momentum), g)
        if ctx.eager:
            acc.assign(new_acc)
            step = m.add(m.multiply(g, lr), m.multiply(m.multiply(new_acc, self._momentum), lr)) if self._nesterov \
                else m.multiply(new_acc, lr)
            return v.assign_sub(step)
        acc_update = acc.assign(new_acc)
        step = m.add(m.multiply(g, lr), m.multiply(m.multiply(acc_update, self._momentum), lr)) if self._nesterov \
            else m.multiply(acc_update, lr)
        return v.assign_sub(step)


@tf_class("tensorflow.python.training.rmsprop.RMSPropOptimizer")
@tf_export("compat.v1.train.RMSPropOptimizer", "train.RMSPropOptimizer")
class RMSPropOptimizer(Optimizer):
    """TF1's ApplyRMSProp: ms (starting at 1) += (g^2 - ms)(1 - decay); mom = mom * momentum +
    g lr / sqrt(ms + eps); var -= mom (centered: ms - mg^2 under the root)."""

    _sparse = sparse_updates.rmsprop

    def __init__(self, learning_rate, decay=0.9, momentum=0.0, epsilon=1e-10, use_locking=False, centered=False,
                 name="RMSProp"):
        super().__init__(learning_rate, use_locking, name)
        self._decay, self._momentum, self._eps, self._centered = decay, momentum, epsilon, centered

    def _update(self, g, v):
        ms, mom = self._slot(v, "rms", 1.0), self._slot(v, "momentum")
        rest = m.subtract(1.0, np.float32(self._decay))
        new_ms = m.add(ms, m.multiply(m.subtract(m.square(g), ms), rest))
        ms_t = ms.assign(new_ms)
        denominator = ms_t if not ctx.eager else new_ms
        if self._centered:
            mg = self._slot(v, "mg")
            new_mg = m.add(mg, m.multiply(m.subtract(g, mg), rest))
            mg_t = mg.assign(new_mg)
            denominator = m.subtract(denominator, m.square(new_mg if ctx.eager else mg_t))
        step = m.divide(m.multiply(g, self._lr_tensor(v)), m.sqrt(m.add(denominator, self._eps)))
        new_mom = m.add(m.multiply(mom, self._momentum), step)
        mom_t = mom.assign(new_mom)
        return v.assign_sub(new_mom if ctx.eager else mom_t)


@tf_class("tensorflow.python.training.adagrad.AdagradOptimizer")
@tf_export("compat.v1.train.AdagradOptimizer", "train.AdagradOptimizer")
class AdagradOptimizer(Optimizer):
    """TF1's ApplyAdagrad: accum (starting at initial_accumulator_value) += g^2;
    var -= lr g rsqrt(accum)."""

    _sparse = sparse_updates.adagrad

    def __init__(self, learning_rate, initial_accumulator_value=0.1, use_locking=False, name="Adagrad"):
        super().__init__(learning_rate, use_locking, name)
        self._initial = initial_accumulator_value

    def _update(self, g, v):
        accum = self._slot(v, "accumulator", self._initial)
        new_accum = m.add(accum, m.square(g))
        accum_t = accum.assign(new_accum)
        scale = m.rsqrt(new_accum if ctx.eager else accum_t)
        return v.assign_sub(m.multiply(m.multiply(g, self._lr_tensor(v)), scale))


@tf_class("tensorflow.python.training.adam.AdamOptimizer")
@tf_export("compat.v1.train.AdamOptimizer", "train.AdamOptimizer")
class AdamOptimizer(Optimizer):
    _sparse = sparse_updates.adam

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8, use_locking=False, name="Adam"):
        super().__init__(learning_rate, use_locking, name)
        self._b1, self._b2, self._eps = beta1, beta2, epsilon
        self._powers = None

    def _prepare(self):
        from autograd_cli.tensorflow.variables import Variable

        if self._powers is None:
            self._powers = (Variable(np.float32(self._b1), trainable=False, name="beta1_power"),
                            Variable(np.float32(self._b2), trainable=False, name="beta2_power"))

    def _update(self, g, v):
        # TensorFlow's ApplyAdam kernel, in float32 and in its order: alpha = lr sqrt(1 - b2^t) / (1 - b1^t),
        # m += (g - m)(1 - b1), v += (g^2 - v)(1 - b2), var -= m alpha / (sqrt(v) + eps)
        b1p, b2p = self._powers
        mslot, vslot = self._slot(v, "m"), self._slot(v, "v")
        alpha = m.divide(m.multiply(self._lr_tensor(v), m.sqrt(m.subtract(1.0, b2p))), m.subtract(1.0, b1p))
        new_m = m.add(mslot, m.multiply(m.subtract(g, mslot), m.subtract(1.0, np.float32(self._b1))))
        new_v = m.add(vslot, m.multiply(m.subtract(m.square(g), vslot), m.subtract(1.0, np.float32(self._b2))))
        if ctx.eager:
            mslot.assign(new_m)
            vslot.assign(new_v)
            return v.assign_sub(m.divide(m.multiply(new_m, alpha), m.add(m.sqrt(new_v), self._eps)))
        m_t, v_t = mslot.assign(new_m), vslot.assign(new_v)
        return v.assign_sub(m.divide(m.multiply(m_t, alpha), m.add(m.sqrt(v_t), self._eps)))

    def _finish(self):
        b1p, b2p = self._powers
        if ctx.eager:
            b1p.assign(m.multiply(b1p, self._b1))
            b2p.assign(m.multiply(b2p, self._b2))
        else:
            self._pending = [b1p.assign(m.multiply(b1p, self._b1)), b2p.assign(m.multiply(b2p, self._b2))]

    def apply_gradients(self, grads_and_vars, global_step=None, name=None):
        op = super().apply_gradients(grads_and_vars, global_step, name)
        if op is not None and getattr(self, "_pending", None):
            op.control_inputs.extend(t.op for t in self._pending)
        return op




@tf_export("compat.v1.train.get_global_step", "train.get_global_step")
def get_global_step(graph=None):
    """The graph's global step: the one variable of its GraphKeys.GLOBAL_STEP collection, else the
    tensor named global_step:0, else None (TensorFlow's order)."""
    from autograd_cli.tensorflow.variables import GraphKeys

    graph = graph or ctx.graph
    found = graph.get_collection(GraphKeys.GLOBAL_STEP)
    if len(found) > 1:
        return None
    if found:
        step = found[0]
    else:
        try:
            step = graph.get_tensor_by_name("global_step:0")
        except KeyError:
            return None
    assert_global_step(step)
    return step


@tf_export("compat.v1.train.assert_global_step", "train.assert_global_step")
def assert_global_step(global_step_tensor):
    from autograd_cli.tensorflow.variables import Variable

    if not isinstance(global_step_tensor, (Variable, Tensor)):
        raise TypeError(f'Existing "global_step" must be a Variable or Tensor: {global_step_tensor}.')
    if not global_step_tensor.dtype.base_dtype.is_integer:
        raise TypeError(f'Existing "global_step" does not have integer type: {global_step_tensor.dtype}')
    shape = global_step_tensor.get_shape()
    if shape.ndims != 0 and shape.is_fully_defined():
        raise TypeError(f'Existing "global_step" is not scalar: {shape}')


@tf_export("compat.v1.train.create_global_step", "train.create_global_step")
def create_global_step(graph=None):
    """An int64 scalar variable `global_step` (outside any name scope), in the GLOBAL_VARIABLES
    and GraphKeys.GLOBAL_STEP collections."""
    from autograd_cli.tensorflow.init_ops import Zeros
    from autograd_cli.tensorflow.variable_scopes import get_variable
    from autograd_cli.tensorflow.variables import GraphKeys

    graph = graph or ctx.graph
    if get_global_step(graph) is not None:
        raise ValueError('"global_step" already exists.')
    with graph.as_default():
        saved = graph._scope
        graph._scope = []
        try:
            return get_variable(GraphKeys.GLOBAL_STEP, shape=[], dtype="int64", initializer=Zeros(), trainable=False,
                                collections=[GraphKeys.GLOBAL_VARIABLES, GraphKeys.GLOBAL_STEP])
        finally:
            graph._scope = saved


@tf_export("compat.v1.train.get_or_create_global_step", "train.get_or_create_global_step")
def get_or_create_global_step(graph=None):
    graph = graph or ctx.graph
    found = get_global_step(graph)
    return found if found is not None else create_global_step(graph)


@tf_export("compat.v1.train.global_step", "train.global_step")
def global_step(sess, global_step_tensor):
    """The step's value as a Python int."""
    if ctx.eager:
        return int(global_step_tensor.numpy())
    return int(sess.run(global_step_tensor))
