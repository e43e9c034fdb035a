"""keras.optimizers (also tf.optimizers): Keras 3's SGD, Adam, AdamW, RMSprop and Adagrad, their
update formulas written with TensorFlow ops in Keras' order (float32 as Keras computes it).
`weight_decay` is Keras 3's decoupled decay: before a step's updates, each variable with a
gradient (and not excluded) becomes `variable - variable * weight_decay * learning_rate`.
`learning_rate` and `iterations` are variables as in Keras (`iterations` counts the
apply_gradients calls). In graph mode apply_gradients returns the group of its assign ops.
Keras 3's optimizers have no `minimize` (TF1's tf.compat.v1.train optimizers do)."""
from __future__ import annotations

import re

from autograd_cli.tensorflow.keras._support import PATH, KerasVariable, snake_case, tf, unique_name
from autograd_cli.tensorflow.exports import tf_class


@tf_class("keras.src.optimizers.optimizer.Optimizer")
class Optimizer:
    def __init__(self, learning_rate=0.001, weight_decay=None, clipnorm=None, clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        if kwargs.pop("lr", None) is not None:
            raise ValueError("Argument `lr` is no longer supported. Use `learning_rate` instead.")
        if kwargs:
            raise ValueError(f"Argument(s) not recognized: {kwargs}")
        if use_ema or loss_scale_factor or gradient_accumulation_steps:
            raise NotImplementedError("use_ema, loss_scale_factor and gradient_accumulation_steps are not supported "
                                      "here")
        self.weight_decay = weight_decay
        self._decay_excluded: set = set()
        self._decay_pattern = None
        self.name = name or unique_name(snake_case(type(self).__name__))
        self.clipnorm, self.clipvalue, self.global_clipnorm = clipnorm, clipvalue, global_clipnorm
        self._schedule = learning_rate if callable(learning_rate) and not hasattr(learning_rate, "dtype") else None
        PATH.append(self.name)
        try:
            self.iterations = KerasVariable(tf.constant(0, dtype="int64"), name="iteration", trainable=False)
            initial = 0.0 if self._schedule is not None else learning_rate
            if hasattr(initial, "numpy"):
                initial = initial.numpy()
            self._learning_rate = KerasVariable(tf.constant(float(initial), dtype="float32"), name="learning_rate",
                                                trainable=False)
        finally:
            PATH.pop()
        self._slots: dict = {}
        self._built = False
        self._known: set = set()
        self._variables = [self.iterations, self._learning_rate]

    # -- learning rate
    @property
    def learning_rate(self):
        if self._schedule is not None:
            return self._schedule(self.iterations)
        return self._learning_rate

    @learning_rate.setter
    def learning_rate(self, value):
        if callable(value) and not hasattr(value, "dtype"):
            self._schedule = value
            return
        self._schedule = None
        self._learning_rate.assign(tf.cast(value, "float32"))

    lr = learning_rate

    @property
    def variables(self):
        return list(self._variables)

    def _slot(self, variable, kind, initial=0.0):
        key = (id(variable), kind)
        if key not in self._slots:
            PATH.append(self.name)
            try:
                slot_name = f"{variable.path.replace('/', '_')}_{kind}" if hasattr(variable, "path") \
                    else f"{variable.name.replace('/', '_').replace(':', '_')}_{kind}"
                slot = KerasVariable(tf.fill(variable.shape.as_list(), tf.cast(initial, variable.dtype)),
                                     name=slot_name, trainable=False, dtype=variable.dtype)
            finally:
                PATH.pop()
            self._slots[key] = slot
            self._variables.append(slot)
        return self._slots[key]

    def __getattr__(self, name):
        if name == "minimize":
            raise AttributeError(f"'{type(self).__name__}' object has no attribute 'minimize' (Keras 3's optimizers "
                                 "have none: compute the gradients with tf.GradientTape and call apply_gradients, or "
                                 "use a tf.compat.v1.train optimizer)")
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def build(self, var_list):
        self._known = {id(v) for v in var_list}
        self._built = True

    def exclude_from_weight_decay(self, var_list=None, var_names=None):
        """Keras 3: the variables given, and those whose name contains one of var_names, are
        not decayed; only before the optimizer is built."""
        if self._built:
            raise ValueError("`exclude_from_weight_decay()` can only be configured before the optimizer is built.")
        self._decay_excluded = {id(v) for v in var_list or []}
        self._decay_pattern = re.compile("|".join(set(var_names))) if var_names else None

    def _decays(self, variable):
        if id(variable) in self._decay_excluded:
            return False
        return self._decay_pattern is None or self._decay_pattern.search(variable.name) is None

    def _apply_weight_decay(self, variables, lr):
        """Keras 3's decoupled weight decay: an assign of its own before the update step."""
        decays = []
        if self.weight_decay is None:
            return decays
        if not tf.executing_eagerly():
            # (a graph's group of the decay and the update would need the one to run first)
            raise NotImplementedError("an optimizer's weight_decay is not supported in graph mode here (TF 2.21's "
                                      "Keras optimizers refuse TF1 reference variables too)")
        for variable in variables:
            if self._decays(variable):
                rate = tf.cast(lr, variable.dtype)
                decay = tf.cast(self.weight_decay, variable.dtype)
                decays.append(variable.assign_sub(variable * decay * rate))
        return decays

    # -- applying
    def _clip(self, grads):
        if self.clipvalue is not None:
            grads = [None if g is None else tf.clip_by_value(g, -self.clipvalue, self.clipvalue) for g in grads]
        if self.clipnorm is not None:
            grads = [None if g is None else tf.clip_by_norm(g, self.clipnorm) for g in grads]
        if self.global_clipnorm is not None:
            grads, _ = tf.clip_by_global_norm(grads, self.global_clipnorm)
        return grads

    def apply_gradients(self, grads_and_vars, **kwargs):
        pairs = list(grads_and_vars)
        return self.apply([g for g, _ in pairs], [v for _, v in pairs])

    def apply(self, grads, trainable_variables=None):
        grads = list(grads)
        variables = list(trainable_variables) if trainable_variables is not None else []
        if len(grads) != len(variables):
            raise ValueError(f"Argument `grads` and `trainable_variables` must have the same length. Received: "
                             f"len(grads)={len(grads)}, len(trainable_variables)={len(variables)}")
        if not self._built:
            self.build(variables)
            self._built = True
        pairs = [(g, v) for g, v in zip(self._clip(grads), variables) if g is not None]
        if variables and not pairs:
            raise ValueError("No gradients provided for any variable.")
        for _, variable in pairs:
            if id(variable) not in self._known:
                raise ValueError(f"Unknown variable: {variable}. This optimizer can only be called for the variables "
                                 f"it was originally built with. When working with a new set of variables, you "
                                 f"should recreate a new optimizer instance.")
        lr = self.learning_rate
        updates = self._apply_weight_decay([v for _, v in pairs], lr)
        updates.extend(self._before_updates())
        for grad, variable in pairs:
            rate = tf.cast(lr, variable.dtype)
            if not (isinstance(grad, tf.IndexedSlices) and grad.dtype == variable.dtype):
                grad = tf.cast(grad, variable.dtype)
            updates.extend(self.update_step(grad, variable, rate) or [])
        # (Keras 3 projects each constrained variable after the step's updates)
        constrained = [v for v in variables if getattr(v, "constraint", None) is not None]
        if constrained:
            with tf.control_dependencies([u for u in updates if u is not None] if not tf.executing_eagerly() else None):
                updates.extend(v.assign(v.constraint(v)) for v in constrained)
        updates.append(self.iterations.assign_add(1))
        if tf.executing_eagerly():
            return self.iterations
        return tf.group(*[u for u in updates if u is not None])

    def get_config(self):
        return {"name": self.name, "learning_rate": float(self._learning_rate.numpy())
                if tf.executing_eagerly() else None, "weight_decay": self.weight_decay}

    def _before_updates(self):
        """The assigns of a step that come before its variables' updates (Nadam's)."""
        return []

    def update_step(self, gradient, variable, learning_rate):
        raise NotImplementedError


# In both modes an assign returns the updated value (the variable eagerly, the assign's output
# in a graph), so each formula reads what the previous assign wrote, as Keras' sequence does.

def _square(gradient):
    """tf.square of a gradient: of an IndexedSlices, its rows squared one by one (rows of a
    repeated index are summed after squaring, as TensorFlow's square of IndexedSlices does)."""
    if isinstance(gradient, tf.IndexedSlices):
        return tf.convert_to_tensor(tf.IndexedSlices(tf.square(gradient.values), gradient.indices,
                                                     gradient.dense_shape))
    return tf.square(gradient)


@tf_class("keras.src.optimizers.sgd.SGD")
class SGD(Optimizer):
    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        if not isinstance(momentum, (float, int)) or momentum < 0 or momentum > 1:
            raise ValueError("`momentum` must be a float between [0, 1].")
        self.momentum = float(momentum)
        self.nesterov = nesterov

    def update_step(self, gradient, variable, learning_rate):
        if self.momentum == 0:
            return [variable.assign_sub(gradient * learning_rate)]
        m = self._slot(variable, "momentum")
        momentum = tf.cast(self.momentum, variable.dtype)
        m = m.assign(m * momentum - gradient * learning_rate)
        if self.nesterov:
            return [m, variable.assign_add(m * momentum - gradient * learning_rate)]
        return [m, variable.assign_add(m)]


@tf_class("keras.src.optimizers.adam.Adam")
class Adam(Optimizer):
    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, amsgrad=False, name=None,
                 **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta_1, self.beta_2, self.epsilon, self.amsgrad = beta_1, beta_2, epsilon, amsgrad

    def update_step(self, gradient, variable, learning_rate):
        dt = variable.dtype
        local_step = tf.cast(self.iterations + 1, dt)
        beta_1_power = tf.pow(tf.cast(self.beta_1, dt), local_step)
        beta_2_power = tf.pow(tf.cast(self.beta_2, dt), local_step)
        m = self._slot(variable, "momentum")
        v = self._slot(variable, "velocity")
        alpha = learning_rate * tf.sqrt(1 - beta_2_power) / (1 - beta_1_power)
        m = m.assign_add((gradient - m) * (1 - self.beta_1))
        v = v.assign_add((_square(gradient) - v) * (1 - self.beta_2))
        updates = [m, v]
        if self.amsgrad:
            v_hat = self._slot(variable, "velocity_hat")
            v = v_hat.assign(tf.maximum(v_hat, v))
            updates.append(v)
        updates.append(variable.assign_sub((m * alpha) / (tf.sqrt(v) + self.epsilon)))
        return updates


@tf_class("keras.src.optimizers.adamw.AdamW")
class AdamW(Adam):
    """Adam with Keras 3's decoupled weight decay (0.004 unless given; None is refused)."""

    def __init__(self, learning_rate=0.001, weight_decay=0.004, beta_1=0.9, beta_2=0.999, epsilon=1e-7,
                 amsgrad=False, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, beta_1=beta_1, beta_2=beta_2,
                         epsilon=epsilon, amsgrad=amsgrad, name=name, **kwargs)
        if self.weight_decay is None:
            raise ValueError(f"Argument `weight_decay` must be a float. Received: weight_decay={weight_decay}")


@tf_class("keras.src.optimizers.rmsprop.RMSprop")
class RMSprop(Optimizer):
    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7, centered=False, name=None,
                 **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.rho, self.momentum, self.epsilon, self.centered = rho, momentum, epsilon, centered

    def update_step(self, gradient, variable, learning_rate):
        rho = self.rho
        velocity = self._slot(variable, "velocity")
        velocity = velocity.assign(rho * velocity + (1 - rho) * _square(gradient))
        updates = [velocity]
        if self.centered:
            average = self._slot(variable, "average_gradient")
            average = average.assign(rho * average + (1 - rho) * gradient)
            updates.append(average)
            denominator = velocity - tf.square(average) + self.epsilon
        else:
            denominator = velocity + self.epsilon
        increment = (learning_rate * gradient) / tf.sqrt(denominator)
        if self.momentum > 0:
            momentum = self._slot(variable, "momentum")
            momentum = momentum.assign(self.momentum * momentum + increment)
            updates += [momentum, variable.assign_sub(momentum)]
        else:
            updates.append(variable.assign_sub(increment))
        return updates


@tf_class("keras.src.optimizers.adagrad.Adagrad")
class Adagrad(Optimizer):
    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.initial_accumulator_value, self.epsilon = initial_accumulator_value, epsilon

    def update_step(self, gradient, variable, learning_rate):
        accumulator = self._slot(variable, "accumulator", self.initial_accumulator_value)
        accumulator = accumulator.assign_add(_square(gradient))
        return [accumulator, variable.assign_sub((learning_rate * gradient) / tf.sqrt(accumulator + self.epsilon))]


def _dense(gradient):
    return tf.convert_to_tensor(gradient) if isinstance(gradient, tf.IndexedSlices) else gradient


@tf_class("keras.src.optimizers.nadam.Nadam")
class Nadam(Optimizer):
    """Keras 3's Nadam: Adam with Nesterov momentum, the momentum schedule
    u_t = beta_1 * (1 - 0.5 * 0.96 ** t) and its running product, an optimizer variable of
    its own (`nadam/variable`, made after the slots, as Keras' build makes it)."""

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta_1, self.beta_2, self.epsilon = beta_1, beta_2, epsilon
        self._u_product = self._u_now = None

    def build(self, var_list):
        super().build(var_list)
        for variable in var_list:
            self._slot(variable, "momentum")
            self._slot(variable, "velocity")
        dtype = var_list[0].dtype if var_list else "float32"
        PATH.append(self.name)
        try:
            self._u_product = KerasVariable(tf.constant(1.0, dtype=dtype), name=unique_name("variable"),
                                            trainable=False, dtype=dtype)
        finally:
            PATH.pop()
        self._variables.append(self._u_product)

    def _before_updates(self):
        dtype = self._u_product.dtype
        step = tf.cast(self.iterations + 1, dtype)
        # (the assign's value: what the updates read, in a graph too)
        self._u_now = self._u_product.assign(self._u_product * self.beta_1 * (1.0 - 0.5 * tf.pow(
            tf.cast(0.96, dtype), step)))
        return [self._u_now]

    def update_step(self, gradient, variable, learning_rate):
        dt = variable.dtype
        gradient = _dense(gradient)
        local_step = tf.cast(self.iterations + 1, dt)
        next_step = tf.cast(self.iterations + 2, dt)
        decay = tf.cast(0.96, dt)
        beta_1, beta_2 = tf.cast(self.beta_1, dt), tf.cast(self.beta_2, dt)
        u_t = beta_1 * (1.0 - 0.5 * tf.pow(decay, local_step))
        u_t_1 = beta_1 * (1.0 - 0.5 * tf.pow(decay, next_step))
        u_product_t = tf.cast(self._u_now, dt)
        u_product_t_1 = u_product_t * u_t_1
        beta_2_power = tf.pow(beta_2, local_step)
        m = self._slot(variable, "momentum")
        v = self._slot(variable, "velocity")
        m = m.assign_add((gradient - m) * (1 - beta_1))
        v = v.assign_add((tf.square(gradient) - v) * (1 - beta_2))
        m_hat = u_t_1 * m / (1 - u_product_t_1) + (1 - u_t) * gradient / (1 - u_product_t)
        v_hat = v / (1 - beta_2_power)
        return [m, v, variable.assign_sub((m_hat * learning_rate) / (tf.sqrt(v_hat) + self.epsilon))]


@tf_class("keras.src.optimizers.adamax.Adamax")
class Adamax(Optimizer):
    """Adam on the infinity norm: u = max(beta_2 * u, |g|), steps of lr * m / ((1 - beta_1 ** t) * (u + eps))."""

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta_1, self.beta_2, self.epsilon = beta_1, beta_2, epsilon

    def build(self, var_list):
        super().build(var_list)
        for variable in var_list:
            self._slot(variable, "momentum")
            self._slot(variable, "norm")

    def update_step(self, gradient, variable, learning_rate):
        dt = variable.dtype
        gradient = _dense(gradient)
        beta_1_power = tf.pow(tf.cast(self.beta_1, dt), tf.cast(self.iterations + 1, dt))
        m = self._slot(variable, "momentum")
        u = self._slot(variable, "norm")
        m = m.assign_add((gradient - m) * (1 - self.beta_1))
        u = u.assign(tf.maximum(self.beta_2 * u, tf.abs(gradient)))
        return [m, u, variable.assign_sub((learning_rate * m) / ((1 - beta_1_power) * (u + self.epsilon)))]


@tf_class("keras.src.optimizers.adadelta.Adadelta")
class Adadelta(Optimizer):
    """Keras 3's Adadelta: running means of the squared gradients and of the squared steps;
    each step -sqrt(E[dx^2] + eps) / sqrt(E[g^2] + eps) * g, times the learning rate."""

    def __init__(self, learning_rate=0.001, rho=0.95, epsilon=1e-7, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.rho, self.epsilon = rho, epsilon

    def build(self, var_list):
        super().build(var_list)
        for variable in var_list:
            self._slot(variable, "accumulated_grad")
            self._slot(variable, "accumulated_delta_var")

    def update_step(self, gradient, variable, learning_rate):
        rho = self.rho
        gradient = _dense(gradient)
        accumulated_grad = self._slot(variable, "accumulated_grad")
        accumulated_delta = self._slot(variable, "accumulated_delta_var")

        def rms(x):
            return tf.sqrt(x + self.epsilon)
        accumulated_grad = accumulated_grad.assign(rho * accumulated_grad + (1 - rho) * tf.square(gradient))
        delta = -(rms(accumulated_delta) * gradient / rms(accumulated_grad))
        accumulated_delta = accumulated_delta.assign(rho * accumulated_delta + (1 - rho) * tf.square(delta))
        return [accumulated_grad, accumulated_delta, variable.assign_add(learning_rate * delta)]


CLASSES = {"Optimizer": Optimizer, "SGD": SGD, "Adam": Adam, "AdamW": AdamW, "RMSprop": RMSprop,
           "Adagrad": Adagrad, "Nadam": Nadam, "Adamax": Adamax, "Adadelta": Adadelta}
BY_NAME = {"sgd": SGD, "adam": Adam, "adamw": AdamW, "rmsprop": RMSprop, "adagrad": Adagrad, "nadam": Nadam,
           "adamax": Adamax, "adadelta": Adadelta}


def get(identifier):
    if isinstance(identifier, Optimizer):
        return identifier
    if isinstance(identifier, str) and identifier.lower() in BY_NAME:
        return BY_NAME[identifier.lower()]()
    raise ValueError(f"Could not interpret optimizer identifier: {identifier}")


__all__ = sorted(CLASSES) + ["get"]
