"""keras.layers: the layer protocol of Keras 3 and its simplest layers.

A Layer is built on its first call (`build(input_shape)` makes the weights with
`add_weight`), then `call` computes. Layers and Keras variables assigned as attributes are
tracked in assignment order, so `weights` / `trainable_variables` list a layer's own
variables, then its sublayers' (as Keras 3; a plain tf.Variable attribute is not tracked,
as in Keras 3). Names are Keras': `dense`, `dense_1`, ...; a variable's `name` is `kernel`,
its `path` `sequential/dense/kernel`."""
from __future__ import annotations

import contextlib
import inspect
import math

import numpy as np

from autograd_cli.tensorflow.keras import activations, constraints, initializers, regularizers
from autograd_cli.tensorflow.keras.functional import KerasTensor, flat, is_symbolic, substitute, takes_training
from autograd_cli.tensorflow.keras._support import (PATH, KerasVariable, as_float_tensor, incompatible_input, is_tensor,
                                                   remember_logits, snake_case, tf, unique_name)
from autograd_cli.tensorflow.core import ctx
from autograd_cli.tensorflow.exports import tf_class
from autograd_cli.tensorflow.failures import OpError


_CALLS: list = []       # the layer calls under way, outermost first
_INFERRING: list = []   # the layers whose call on stand-ins finds a functional model's shapes


def _while_inferring(layer, error):
    """An error of a layer's call on a functional model's symbolic tensors, as Keras 3 reports
    it: the same type, its message after Keras' own first lines (ours unchanged when the layer
    meets a limit of this package, or the type cannot be made again)."""
    cls, text = type(layer).__name__, str(error)
    if "supported here" in text or getattr(error, "_keras_wrapped", False):
        return error
    try:
        wrapped = type(error)(f"Exception encountered when calling {cls}.call().\n\n\x1b[1mCould not "
                              f"automatically infer the output shape / dtype of '{layer.name}' (of type {cls}). "
                              f"Either the `{cls}.call()` method is incorrect, or you need to implement the "
                              f"`{cls}.compute_output_spec() / compute_output_shape()` method. Error "
                              f"encountered:\n\n{text}\x1b[0m")
    except Exception:       # noqa: BLE001 (an exception type with other arguments: kept as it is)
        return error
    wrapped.__traceback__ = error.__traceback__
    wrapped._keras_wrapped = True
    return wrapped


def _argument_text(value):
    if is_tensor(value):
        return f"tf.Tensor(shape={value.shape}, dtype={value.dtype.name})"
    if isinstance(value, (list, tuple)):
        return type(value)(_argument_text(v) for v in value)
    if isinstance(value, dict):
        return {k: _argument_text(v) for k, v in value.items()}
    return repr(value)


def _no_masks(inputs):
    if isinstance(inputs, (list, tuple)):
        return type(inputs)(_no_masks(v) for v in inputs)
    if isinstance(inputs, dict):
        return {k: _no_masks(v) for k, v in inputs.items()}
    return None


def _with_call_arguments(layer, error, inputs, args, kwargs):
    """An error raised inside a layer's `call`, as Keras 3 re-raises it: the same type, its
    message after the name of the call and followed by the arguments received (the innermost
    call's only; the original traceback kept)."""
    if getattr(error, "_keras_call_info", False) or _INFERRING:
        return error
    try:
        signature = inspect.signature(layer.call)
        bound = signature.bind(inputs, *args, **kwargs)
    except (TypeError, ValueError):
        return error
    def shown(p):
        if p.name in bound.arguments:
            return _argument_text(bound.arguments[p.name])
        if p.name == "mask":       # (Keras passes the inputs' masks: one None per input)
            return _argument_text(_no_masks(inputs))
        return p.default
    received = "\n".join(f"  \u2022 {p.name}={shown(p)}" for p in signature.parameters.values())
    if not received:
        return error
    call = f"{type(layer).__name__}.call()"
    text = error.message if isinstance(error, OpError) else error.args[0] if error.args else ""
    message = (f"Exception encountered when calling {call}.\n\n\x1b[1m{text}\x1b[0m\n\n"
               f"Arguments received by {call}:\n{received}")
    try:
        wrapped = type(error)(error.node_def, error.op, message) if isinstance(error, OpError) else type(error)(message)
    except Exception:       # noqa: BLE001 (a type made with other arguments: Keras makes a RuntimeError)
        wrapped = RuntimeError(message)
    wrapped.__traceback__ = error.__traceback__
    wrapped._keras_call_info = True
    return wrapped


@tf_class("keras.src.layers.layer.Layer")
class Layer:
    def __init__(self, trainable=True, name=None, dtype=None, input_shape=None, input_dim=None, **kwargs):
        object.__setattr__(self, "_tracked_layers", [])
        object.__setattr__(self, "_own_variables", [])
        object.__setattr__(self, "_regularized", [])
        object.__setattr__(self, "_added_losses", [])
        unknown = set(kwargs) - {"autocast", "activity_regularizer", "batch_input_shape", "batch_size"}
        if unknown:
            raise TypeError(f"Unrecognized keyword arguments passed to {type(self).__name__}: "
                            f"{ {k: kwargs[k] for k in sorted(unknown)} }")
        self.name = name or unique_name(snake_case(type(self).__name__))
        self.trainable = trainable
        self.built = False
        if isinstance(dtype, dict):         # a DTypePolicy's config (from get_config)
            dtype = dtype.get("config", {}).get("name")
        self.dtype = "float32" if dtype is None else getattr(dtype, "name", dtype)
        if input_dim is not None and input_shape is None:
            input_shape = (input_dim,)
        if kwargs.get("batch_input_shape") is not None:
            input_shape = tuple(kwargs["batch_input_shape"])[1:]
        self._input_shape_arg = None if input_shape is None else tuple(input_shape)
        self.activity_regularizer = regularizers.get(kwargs.get("activity_regularizer"))

    # -- tracking
    def __setattr__(self, name, value):
        tracked = self.__dict__.get("_tracked_layers")
        if tracked is not None:
            for item in value if isinstance(value, (list, tuple)) else [value]:
                if isinstance(item, Layer) and item is not self and item not in tracked:
                    tracked.append(item)
                elif isinstance(item, KerasVariable) and item not in self._own_variables:
                    self._own_variables.append(item)
        object.__setattr__(self, name, value)

    def add_weight(self, *args, shape=None, initializer=None, dtype=None, trainable=True, autocast=True,
                   regularizer=None, constraint=None, aggregation="none", overwrite_with_gradient=False, name=None):
        if args:        # (Keras 3 keeps positional arguments only to refuse Keras 2's positional name)
            if len(args) > 3:
                raise TypeError(f"add_weight() takes at most 3 positional arguments but {len(args)} were given.")
            if isinstance(args[0], str):
                raise ValueError(f"`name` must be passed as a keyword argument. Received: add_weight('{args[0]}', "
                                 f"...). Use: add_weight(shape=..., name='{args[0]}').")
            for word, given, value in zip(("shape", "initializer", "dtype"), (shape, initializer, dtype), args):
                if given is not None:
                    article = "`shape` was" if word == "shape" else f"`{word}` was"
                    raise ValueError(f"{article} passed both positionally and as a keyword argument.")
            shape, initializer, dtype = (list(args) + [shape, initializer, dtype][len(args):])[:3]
        shape = () if shape is None else tuple(int(d) for d in shape)
        dtype = getattr(dtype, "name", dtype) or self.dtype
        if initializer is None:
            initializer = "glorot_uniform" if dtype.startswith("float") else "zeros"
        init = initializers.get(initializer)
        inside = bool(PATH) and PATH[-1] == self.name      # built from this layer's own build / call
        if not inside:
            PATH.append(self.name)
        try:
            value = init(shape, dtype=dtype)
            variable = KerasVariable(value, name=name or unique_name("variable"), trainable=trainable, dtype=dtype)
        finally:
            if not inside:
                PATH.pop()
        self._own_variables.append(variable)
        variable.constraint = constraints.get(constraint)
        if regularizer is not None:
            self._regularized.append((variable, regularizers.get(regularizer)))
        return variable

    @property
    def losses(self):
        """Keras 3's order: the losses `add_loss` gave in the last call (this layer's, then its
        sublayers'), then the regularization penalties of the weights, computed now."""
        layers = self._flatten_layers()
        added = [loss for layer in layers for loss in layer._added_losses]
        return added + [penalty(variable) for layer in layers for variable, penalty in layer._regularized]

    def add_loss(self, loss):
        """A scalar loss of this call (Keras 3: eager values, cleared when the outermost layer's call starts)."""
        losses = flat(loss)
        for value in losses:
            if not is_tensor(value) or isinstance(value, KerasTensor):
                raise ValueError("`add_loss()` can only be called from inside `build()` or `call()`, on a tensor "
                                 f"input. Received invalid value: {value}")
        self._added_losses.extend(losses)

    def add_metric(self, *args, **kwargs):
        raise NotImplementedError("Layer `add_metric()` method is deprecated. Add your metric in "
                                  "`Model.compile(metrics=[...])`, or create metric trackers in init() or build() "
                                  "when subclassing the layer or model, then call `metric.update_state()` whenever "
                                  "necessary.")

    def _flatten_layers(self):
        """This layer and every layer under it, each once, depth first."""
        out, seen, stack = [], set(), [self]
        while stack:
            layer = stack.pop(0)
            if id(layer) not in seen:
                seen.add(id(layer))
                out.append(layer)
                stack[:0] = layer._tracked_layers
        return out

    def _clear_losses(self):
        for layer in self._flatten_layers():
            layer._added_losses.clear()

    def add_variable(self, shape, initializer, dtype=None, trainable=True, autocast=True, regularizer=None,
                     constraint=None, name=None):
        # (Keras 3's signature: the initializer is required, unlike add_weight's)
        return self.add_weight(shape=shape, initializer=initializer, dtype=dtype, trainable=trainable,
                               autocast=autocast, regularizer=regularizer, constraint=constraint, name=name)

    @property
    def layers(self):
        return list(self._tracked_layers)

    @property
    def weights(self):
        seen, out = set(), []
        for v in self._own_variables + [w for layer in self._tracked_layers for w in layer.weights]:
            if id(v) not in seen:
                seen.add(id(v))
                out.append(v)
        return out

    @property
    def variables(self):
        """The weights and, as Keras 3 lists them, the state of each seed generator."""
        seen, out = set(), []
        mine = self._own_variables + [g.state for g in self.__dict__.values() if isinstance(g, SeedGenerator)]
        for v in mine + [w for layer in self._tracked_layers for w in layer.variables]:
            if id(v) not in seen:
                seen.add(id(v))
                out.append(v)
        return out

    @property
    def trainable_weights(self):
        return [v for v in self.weights if v.trainable] if self.trainable else []

    trainable_variables = trainable_weights

    @property
    def non_trainable_weights(self):
        return [v for v in self.weights if not v.trainable] if self.trainable else self.weights

    @property
    def non_trainable_variables(self):
        return [v for v in self.variables if not v.trainable] if self.trainable else self.variables

    def get_weights(self):
        return [v.numpy() for v in self.weights]

    def set_weights(self, weights):
        mine = self.weights
        if len(weights) != len(mine):
            raise ValueError(f"You called `set_weights(weights)` on layer '{self.name}' with a weight list of length "
                             f"{len(weights)}, but the layer was expecting {len(mine)} weights.")
        for variable, value in zip(mine, weights):
            value = np.asarray(value)
            if tuple(value.shape) != tuple(variable.shape.as_list()):
                raise ValueError(f"Layer {self.name} weight shape {tuple(variable.shape.as_list())} is not "
                                 f"compatible with provided weight shape {value.shape}.")
            variable.assign(value.astype(variable.dtype.np))

    def count_params(self):
        return int(sum(math.prod(v.shape.as_list()) for v in self.weights))

    # -- the protocol
    def build(self, input_shape):
        self.built = True

    def call(self, inputs, *args, **kwargs):
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def _maybe_build(self, inputs, kwargs=None):
        if not self.built:
            if type(self).build is Layer.build and any(not layer.built for layer in self._tracked_layers):
                self._build_by_run(inputs, kwargs or {})
            self._build_inside(tuple(inputs.shape.as_list()) if is_tensor(inputs) else None)

    def _build_by_run(self, inputs, kwargs):
        """Keras 3 builds a layer that has no build() of its own but unbuilt sublayers by running
        its call once on symbolic inputs (its prints and random draws happen then too; its
        sublayers' weights are made); a failure there is ignored, as Keras only warns."""
        from autograd_cli.tensorflow.keras._support import run_symbolically

        PATH.append(self.name)
        _CALLS.append(self)
        try:
            with contextlib.suppress(Exception):      # (Keras logs a warning and builds without the run)
                run_symbolically(self.call, inputs, kwargs)
        finally:
            _CALLS.pop()
            PATH.pop()
            self._clear_losses()        # (the run's losses are symbolic: none is kept)

    def _build_inside(self, input_shape):
        """Build now, unless built, with this layer's name on the path (its weights are then
        `outer/.../this/kernel`, inside whichever layers are being built or called)."""
        if self.built:
            return
        PATH.append(self.name)
        try:
            self.build(input_shape)
        finally:
            PATH.pop()
        self.built = True

    def __call__(self, inputs, *args, **kwargs):
        if is_symbolic(inputs):
            return self._symbolic_call(inputs, args, kwargs)
        if not is_tensor(inputs) and not isinstance(inputs, (list, tuple, dict)):
            inputs = as_float_tensor(inputs, self.dtype)
        elif isinstance(inputs, (list, tuple)) and inputs and all(isinstance(i, np.ndarray) for i in inputs):
            inputs = [as_float_tensor(i, self.dtype) for i in inputs]     # one array per input
        elif isinstance(inputs, (list, tuple)) and inputs and not is_tensor(inputs[0]) and \
                not isinstance(inputs[0], (list, tuple)):
            inputs = as_float_tensor(inputs, self.dtype)
        if is_tensor(inputs) and inputs.dtype.is_floating and inputs.dtype != self.dtype and \
                str(self.dtype).startswith("float"):
            inputs = tf.cast(inputs, self.dtype)      # Keras' autocast of float inputs to the layer's dtype
        if "training" in kwargs and (kwargs["training"] is None or not takes_training(self)):
            kwargs.pop("training")     # Keras passes `training` only to a call that declares it
        self._maybe_build(inputs, kwargs)
        return self._run_call(inputs, args, kwargs)

    def _run_call(self, inputs, args, kwargs):
        """`call` inside this layer's scope; the outermost call first clears the added losses."""
        if not _CALLS:
            self._clear_losses()
        PATH.append(self.name)
        _CALLS.append(self)
        try:
            outputs = self.call(inputs, *args, **kwargs)
            if self.__dict__.get("activity_regularizer") is not None:
                self._regularize_activity(outputs)
            return outputs
        except Exception as error:     # noqa: BLE001 (re-raised, in Keras' words)
            raise _with_call_arguments(self, error, inputs, args, kwargs) from None
        finally:
            _CALLS.pop()
            PATH.pop()

    def _regularize_activity(self, outputs):
        """Keras 3: each output's penalty joins the call's losses, over the batch size."""
        for output in flat(outputs):
            if is_tensor(output):
                loss = self.activity_regularizer(output)
                if output.shape.rank:
                    loss = tf.math.divide_no_nan(loss, tf.cast(tf.shape(output)[0], loss.dtype))
                self.add_loss(loss)

    def _symbolic_call(self, inputs, args, kwargs):
        """A call on KerasTensors (the functional API): build for their shapes, record the call."""
        shapes = [t.shape for t in flat(inputs) if isinstance(t, KerasTensor)]
        self._build_inside(shapes[0] if isinstance(inputs, KerasTensor) else shapes)
        if type(self).compute_output_shape is not Layer.compute_output_shape:
            shape = self.compute_output_shape(shapes[0] if isinstance(inputs, KerasTensor) else shapes)
        else:       # what a call on zeros of these shapes (batch of 1) gives
            example = substitute(inputs, {id(t): tf.zeros([1 if d is None else d for d in t.shape], t.dtype)
                                          for t in flat(inputs) if isinstance(t, KerasTensor)})
            from autograd_cli.tensorflow.random_generator import draws_discarded

            _INFERRING.append(self)
            ctx.stand_ins += 1
            try:
                with draws_discarded():
                    out = self(example, *args, **kwargs)
            except Exception as error:      # noqa: BLE001 (re-raised, as Keras' symbolic call re-raises it)
                raise _while_inferring(self, error) from None
            finally:
                _INFERRING.pop()
                ctx.stand_ins -= 1
            self._clear_losses()     # (Keras records no loss while it builds a functional model)
            shape = (None,) + tuple(flat(out)[0].shape.as_list()[1:])
        self._output_shape = tuple(shape)
        out = KerasTensor(shape, self.dtype, producer=(self, inputs, args, kwargs))
        if self.__dict__.get("_output_tensor") is None:       # (`output` is its first call's)
            object.__setattr__(self, "_output_tensor", out)
        return out

    @property
    def output(self):
        """The symbolic output of this layer's first call in a functional (or Input-built
        Sequential) model."""
        found = self.__dict__.get("_output_tensor")
        if found is None:
            raise AttributeError(f"The layer {self.name} has never been called and thus has no defined output.")
        return found

    def get_config(self):
        """Keras 3's base config: the name, trainable, and the dtype as its DTypePolicy's config."""
        return {"name": self.name, "trainable": self.trainable,
                "dtype": {"module": "keras", "class_name": "DTypePolicy", "config": {"name": self.dtype},
                          "registered_name": None}}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}, built={self.built}>"


@tf_class("keras.src.layers.core.dense.Dense")
class Dense(Layer):
    def __init__(self, units, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, lora_rank=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        if int(units) <= 0:
            raise ValueError(f"Received an invalid value for `units`, expected a positive integer. Received: "
                             f"units={units}")
        self.units = int(units)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.kernel = None
        self.bias = None

    def build(self, input_shape):
        if input_shape is None or input_shape[-1] is None:
            raise ValueError("The last dimension of the inputs to a Dense layer should be defined. Found None.")
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer=self.kernel_initializer,
                                      name="kernel", regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint)
        if self.use_bias:
            self.bias = self.add_weight(shape=(self.units,), initializer=self.bias_initializer, name="bias",
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint)
        self.built = True

    def call(self, inputs, training=None):
        if not inputs.dtype.is_floating:
            inputs = tf.cast(inputs, self.kernel.dtype)     # Keras' matmul promotes integers to the float
        expected = self.kernel.shape[0]
        got = inputs.shape[-1] if inputs.shape.rank else None
        if got is not None and expected is not None and got != expected:
            raise incompatible_input(f"Input 0 with name 'None' of layer '{self.name}' is incompatible with the layer: "
                             f"expected axis -1 of input shape to have value {expected}, but received input with "
                             f"shape {tuple(inputs.shape.as_list())}")
        if len(inputs.shape) > 2:
            x = tf.tensordot(inputs, self.kernel, [[len(inputs.shape) - 1], [0]])
        else:
            x = tf.matmul(inputs, self.kernel)
        if self.bias is not None:
            x = tf.add(x, self.bias)
        return self.activation(x)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape[:-1]) + (self.units,)


@tf_class("keras.src.layers.core.embedding.Embedding")
class Embedding(Layer):
    """Rows of a trainable (input_dim, output_dim) table, looked up by integer ids."""

    def __init__(self, input_dim, output_dim, embeddings_initializer="uniform", embeddings_regularizer=None,
                 embeddings_constraint=None, mask_zero=False, weights=None, lora_rank=None, input_length=None,
                 **kwargs):
        super().__init__(**kwargs)
        self.input_dim, self.output_dim = int(input_dim), int(output_dim)
        self.embeddings_initializer = initializers.get(embeddings_initializer)
        self.embeddings_regularizer = regularizers.get(embeddings_regularizer)
        self.embeddings_constraint = constraints.get(embeddings_constraint)
        self.mask_zero = mask_zero
        self.embeddings = None

    def build(self, input_shape=None):
        self.embeddings = self.add_weight(shape=(self.input_dim, self.output_dim),
                                          initializer=self.embeddings_initializer, name="embeddings",
                                          regularizer=self.embeddings_regularizer,
                                          constraint=self.embeddings_constraint)
        self.built = True

    def call(self, inputs):
        if inputs.dtype.name not in ("int32", "int64"):
            inputs = tf.cast(inputs, "int32")
        return tf.gather(self.embeddings, inputs)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape) + (self.output_dim,)


@tf_class("keras.src.layers.activations.activation.Activation")
class Activation(Layer):
    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.activation = activations.get(activation)

    def call(self, inputs):
        return self.activation(inputs)


@tf_class("keras.src.layers.activations.softmax.Softmax")
class Softmax(Layer):
    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def call(self, inputs, mask=None):
        if mask is not None:
            inputs = inputs + (1.0 - tf.cast(mask, inputs.dtype)) * -1e9
        return remember_logits(tf.nn.softmax(inputs, axis=self.axis), inputs)


@tf_class("keras.src.layers.activations.relu.ReLU")
class ReLU(Layer):
    def __init__(self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs):
        super().__init__(**kwargs)
        self.max_value, self.negative_slope, self.threshold = max_value, negative_slope, threshold

    def call(self, inputs):
        return activations.relu(inputs, negative_slope=self.negative_slope, max_value=self.max_value,
                                threshold=self.threshold)


@tf_class("keras.src.layers.activations.leaky_relu.LeakyReLU")
class LeakyReLU(Layer):
    def __init__(self, negative_slope=0.3, **kwargs):
        kwargs.pop("alpha", None)
        super().__init__(**kwargs)
        self.negative_slope = negative_slope

    def call(self, inputs):
        return tf.nn.leaky_relu(inputs, alpha=self.negative_slope)


@tf_class("keras.src.layers.reshaping.flatten.Flatten")
class Flatten(Layer):
    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)

    def call(self, inputs):
        dims = inputs.shape.as_list()[1:]
        if all(d is not None for d in dims):
            return tf.reshape(inputs, [-1, int(np.prod(dims))])
        return tf.reshape(inputs, [tf.shape(inputs)[0], -1])

    def compute_output_shape(self, input_shape):
        rest = input_shape[1:]
        return (input_shape[0], None if None in rest else int(np.prod(rest)))


@tf_class("keras.src.random.seed_generator.SeedGenerator")
class SeedGenerator:
    """Keras 3's seed state: the int64 variable [seed, counter] (a non-trainable variable of
    its layer, not a weight), the seed drawn from Python's `random` when not given; `next()`
    gives the state and counts one on, so each draw is a new stateless one."""

    def __init__(self, seed=None):
        from autograd_cli.tensorflow import random_streams

        seed = random_streams.keras_default_seed() if seed is None else int(seed)
        self.name = unique_name("seed_generator")
        PATH.append(self.name)
        try:
            self.state = KerasVariable(np.array([seed, 0], dtype=np.int64), name="seed_generator_state",
                                       trainable=False, dtype="int64")
        finally:
            PATH.pop()

    def next(self, ordered=True):
        """The state, then the next: counted on by one, or (unordered, the global generator's)
        Keras' near-unique sequence (state + 1) * 5387 % 933199."""
        value = self.state.value * 1
        if ordered:
            self.state.assign_add(np.array([0, 1], dtype=np.int64))
        else:
            self.state.assign((value + 1) * 5387 % 933199)
        return value


@tf_class("keras.src.layers.regularization.dropout.Dropout")
class Dropout(Layer):
    """Keras 3's Dropout: the identity unless called with training=True (fit does); else
    TensorFlow's stateless dropout with the seed its SeedGenerator gives next (the int64
    state taken mod 2**31 - 2 into int32, as Keras' TensorFlow backend does)."""

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        if not 0 <= rate <= 1:
            raise ValueError(f"Invalid value received for argument `rate`. Expected a float value between 0 and 1. "
                             f"Received: rate={rate}")
        self.rate, self.noise_shape, self.seed = rate, noise_shape, seed
        if rate > 0:
            self.seed_generator = SeedGenerator(seed)

    def call(self, inputs, training=False):
        if not (training and self.rate > 0):
            return inputs
        x = as_float_tensor(inputs, self.dtype)
        seed = tf.cast(tf.math.floormod(self.seed_generator.next(), 2 ** 31 - 2), tf.int32)
        dims = x.shape.as_list()
        noise = dims if self.noise_shape is None else [d if n is None else n for n, d in zip(self.noise_shape, dims)]
        keep = tf.random.stateless_uniform(noise, seed, dtype=x.dtype) >= self.rate
        scaled = x * tf.cast(1 / (1 - self.rate), x.dtype)
        return tf.where(keep, scaled, tf.zeros([], x.dtype))


@tf_class("keras.src.layers.core.input_layer.InputLayer")
class InputLayer(Layer):
    def __init__(self, shape=None, batch_size=None, dtype=None, name=None, input_shape=None, **kwargs):
        super().__init__(name=name or unique_name("input_layer"), dtype=dtype)
        shape = shape if shape is not None else input_shape
        self._input_shape_arg = None if shape is None else tuple(shape)
        self.batch_size = batch_size
        if shape is not None:           # (a functional model's summary shows it)
            self._output_shape = (batch_size,) + tuple(shape)
        self.built = True


@tf_class("keras.src.backend.common.keras_tensor.KerasTensor")
class KerasInput(KerasTensor):
    """What keras.Input(shape) returns: a Sequential's first entry, or the start of a
    functional model's layer calls."""

    def __init__(self, shape, batch_size=None, dtype=None, name=None):
        unique_name("keras_tensor")         # (Keras counts its inputs among its symbolic tensors)
        super().__init__((batch_size,) + tuple(shape), dtype, name or unique_name("input_layer"))


def Input(shape=None, batch_size=None, dtype=None, sparse=None, batch_shape=None, name=None, tensor=None,
          optional=False):
    if batch_shape is not None:
        batch_size, shape = batch_shape[0], batch_shape[1:]
    if shape is None:
        raise ValueError("You must pass a `shape` argument.")
    return KerasInput(shape, batch_size, dtype, name)


CLASSES = {"Layer": Layer, "Dense": Dense, "Embedding": Embedding, "Activation": Activation, "Softmax": Softmax, "ReLU": ReLU,
           "LeakyReLU": LeakyReLU, "Flatten": Flatten, "Dropout": Dropout, "InputLayer": InputLayer, "Input": Input}

__all__ = sorted(CLASSES)
