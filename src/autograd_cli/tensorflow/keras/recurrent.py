"""Keras 3's recurrent layers: the cells SimpleRNNCell, LSTMCell, GRUCell (one time step:
`cell(inputs_t, states) -> (output_t, new_states)`) and the RNN layer that runs a cell over
the time axis of a (batch, timesteps, features) input; SimpleRNN, LSTM and GRU are an RNN of
their cell, as in Keras, and Bidirectional runs a forward and a backward copy of one.

The loop is unrolled in Python over the static number of timesteps (Keras' TensorFlow
backend runs a tf.while_loop; the arithmetic of each step is the same), so the layers work
eagerly, under a GradientTape, in a functional or Sequential model, in `fit` and in a TF1
graph. Weights, gate orders and defaults are Keras 3's: kernel glorot_uniform,
recurrent_kernel orthogonal, bias zeros (LSTM: the forget gate's part ones, gates i f c o;
GRU: gates z r h, reset_after=True with a (2, 3 * units) bias, input bias then recurrent)."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow.keras import activations, initializers, regularizers
from autograd_cli.tensorflow.keras._support import as_float_tensor, incompatible_input, is_tensor, tf
from autograd_cli.tensorflow.keras.functional import KerasTensor, OperatorCall, flat
from autograd_cli.tensorflow.keras.layers import Layer, SeedGenerator
from autograd_cli.tensorflow.exports import tf_class


def _units(units):
    if not isinstance(units, (int, np.integer)) or units <= 0:
        raise ValueError(f"Received an invalid value for argument `units`, expected a positive integer, got {units}.")
    return int(units)


def _shape_of(value):
    if isinstance(value, KerasTensor):
        return tuple(value.shape)
    if is_tensor(value):
        return tuple(value.shape.as_list()) if value.shape.rank is not None else None
    if isinstance(value, (list, tuple)) and value and is_tensor(value[0]):
        return None         # a list of tensors: the layer's own check refuses it
    return tuple(np.shape(value))


def _check_ndim(layer, inputs):
    """Keras' InputSpec(ndim=3) of the recurrent layers, checked before the call."""
    shape = _shape_of(inputs)
    if shape is not None and len(shape) != 3:
        raise incompatible_input(f"Input 0 with name 'None' of layer '{layer.name}' is incompatible with the layer: "
                         f"expected ndim=3, found ndim={len(shape)}. Full shape received: {shape}")


class _Cell(Layer):
    """What the three cells share: their arguments, weights' initializers and regularizers,
    and the zeros a layer starts from when no initial state is given."""

    def __init__(self, units, activation="tanh", use_bias=True, kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal", bias_initializer="zeros", kernel_regularizer=None,
                 recurrent_regularizer=None, bias_regularizer=None, kernel_constraint=None,
                 recurrent_constraint=None, bias_constraint=None, dropout=0.0, recurrent_dropout=0.0, seed=None,
                 seed_first=False, **kwargs):
        units = _units(units)
        kwargs.pop("implementation", None)
        super().__init__(**kwargs)
        self.units = units
        self.seed = seed
        # Keras draws an unseeded seed from Python's `random` for the seed generator and for
        # each initializer, SimpleRNNCell's generator first, LSTMCell's and GRUCell's last: the
        # order decides the weights after keras.utils.set_random_seed.
        if seed_first:
            self.seed_generator = SeedGenerator(seed)
        self.activation, self.use_bias = activations.get(activation), use_bias
        for part, initializer, regularizer in (("kernel", kernel_initializer, kernel_regularizer),
                                               ("recurrent", recurrent_initializer, recurrent_regularizer),
                                               ("bias", bias_initializer, bias_regularizer)):
            setattr(self, f"{part}_initializer", initializers.get(initializer))     # (in Keras' order)
            setattr(self, f"{part}_regularizer", regularizers.get(regularizer))
        self.dropout = min(1.0, max(0.0, dropout))
        self.recurrent_dropout = min(1.0, max(0.0, recurrent_dropout))
        if not seed_first:
            self.seed_generator = SeedGenerator(seed)
        self.kernel = self.recurrent_kernel = self.bias = None

    def _weights(self, input_shape, gates, bias_shape, bias_initializer):
        if input_shape is None or input_shape[-1] is None:
            raise ValueError(f"The last dimension of the inputs to {type(self).__name__} should be defined. "
                             f"Found None.")
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units * gates), name="kernel",
                                      initializer=self.kernel_initializer, regularizer=self.kernel_regularizer)
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units * gates), name="recurrent_kernel",
                                                initializer=self.recurrent_initializer,
                                                regularizer=self.recurrent_regularizer)
        if self.use_bias:
            self.bias = self.add_weight(shape=bias_shape, name="bias", initializer=bias_initializer,
                                        regularizer=self.bias_regularizer)
        self.built = True

    def _no_dropout(self, training):
        if training and (self.dropout > 0 or self.recurrent_dropout > 0):
            raise NotImplementedError(f"{type(self).__name__}: dropout and recurrent_dropout in training are not "
                                      f"supported here")

    @property
    def state_sizes(self):
        return [self.state_size] if isinstance(self.state_size, int) else list(self.state_size)

    def get_initial_state(self, batch_size=None):
        return [tf.zeros([batch_size, size], dtype=self.dtype) for size in self.state_sizes]


def _previous(states):
    return states[0] if isinstance(states, (list, tuple)) else states


@tf_class("keras.src.layers.rnn.simple_rnn.SimpleRNNCell")
class SimpleRNNCell(_Cell):
    def __init__(self, units, activation="tanh", use_bias=True, **kwargs):
        super().__init__(units, activation=activation, use_bias=use_bias, seed_first=True, **kwargs)
        self.state_size = self.output_size = self.units

    def build(self, input_shape):
        self._weights(input_shape, 1, (self.units,), self.bias_initializer)

    def call(self, sequence, states, training=False):
        self._no_dropout(training)
        h = tf.matmul(sequence, self.kernel)
        if self.bias is not None:
            h = h + self.bias
        output = self.activation(h + tf.matmul(_previous(states), self.recurrent_kernel))
        return output, [output] if isinstance(states, (list, tuple)) else output


@tf_class("keras.src.layers.rnn.lstm.LSTMCell")
class LSTMCell(_Cell):
    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 unit_forget_bias=True, **kwargs):
        super().__init__(units, activation=activation, use_bias=use_bias, **kwargs)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.unit_forget_bias = unit_forget_bias
        self.state_size = [self.units, self.units]
        self.output_size = self.units

    def build(self, input_shape):
        initializer = self.bias_initializer
        if self.unit_forget_bias:
            def initializer(_shape, *args, **kwargs):     # Keras': the forget gate's quarter starts at one
                return tf.concat([self.bias_initializer((self.units,), *args, **kwargs),
                                  initializers.Ones()((self.units,), *args, **kwargs),
                                  self.bias_initializer((self.units * 2,), *args, **kwargs)], axis=0)
        self._weights(input_shape, 4, (self.units * 4,), initializer)

    def call(self, inputs, states, training=False):
        self._no_dropout(training)
        h_tm1, c_tm1 = states[0], states[1]
        z = tf.matmul(inputs, self.kernel)
        z = z + tf.matmul(h_tm1, self.recurrent_kernel)
        if self.bias is not None:
            z = z + self.bias
        z0, z1, z2, z3 = tf.split(z, 4, axis=1)
        i = self.recurrent_activation(z0)
        f = self.recurrent_activation(z1)
        c = f * c_tm1 + i * self.activation(z2)
        o = self.recurrent_activation(z3)
        h = o * self.activation(c)
        return h, [h, c]


@tf_class("keras.src.layers.rnn.gru.GRUCell")
class GRUCell(_Cell):
    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True, reset_after=True,
                 **kwargs):
        super().__init__(units, activation=activation, use_bias=use_bias, **kwargs)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.reset_after = reset_after
        self.state_size = self.output_size = self.units

    def build(self, input_shape):
        bias_shape = (2, 3 * self.units) if self.reset_after else (3 * self.units,)
        self._weights(input_shape, 3, bias_shape, self.bias_initializer)

    def call(self, inputs, states, training=False):
        self._no_dropout(training)
        h_tm1 = _previous(states)
        u = self.units
        input_bias = recurrent_bias = None
        if self.bias is not None:
            input_bias, recurrent_bias = (self.bias[0], self.bias[1]) if self.reset_after else (self.bias, None)
        matrix_x = tf.matmul(inputs, self.kernel)
        if input_bias is not None:
            matrix_x = matrix_x + input_bias
        x_z, x_r, x_h = tf.split(matrix_x, 3, axis=-1)
        if self.reset_after:
            matrix_inner = tf.matmul(h_tm1, self.recurrent_kernel)
            if recurrent_bias is not None:
                matrix_inner = matrix_inner + recurrent_bias
        else:
            matrix_inner = tf.matmul(h_tm1, self.recurrent_kernel[:, :2 * u])
        z = self.recurrent_activation(x_z + matrix_inner[:, :u])
        r = self.recurrent_activation(x_r + matrix_inner[:, u:2 * u])
        if self.reset_after:
            recurrent_h = r * matrix_inner[:, 2 * u:]
        else:
            recurrent_h = tf.matmul(r * h_tm1, self.recurrent_kernel[:, 2 * u:])
        hh = self.activation(x_h + recurrent_h)
        h = z * h_tm1 + (1 - z) * hh
        return h, [h] if isinstance(states, (list, tuple)) else h


@tf_class("keras.src.layers.rnn.rnn.RNN")
class RNN(Layer):
    """A cell run over the time axis: `layer(sequences, initial_state=None, training=...)`
    gives the last output (or all of them with return_sequences) and, with return_state, the
    final states after it."""

    def __init__(self, cell, return_sequences=False, return_state=False, go_backwards=False, stateful=False,
                 unroll=False, zero_output_for_mask=False, **kwargs):
        if isinstance(cell, (list, tuple)):
            raise NotImplementedError("RNN: a list of cells (StackedRNNCells) is not supported here")
        if not callable(getattr(cell, "call", None)):
            raise ValueError(f"Argument `cell` should have a `call` method. Received: cell={cell}")
        if getattr(cell, "state_size", None) is None:
            raise ValueError("The RNN cell should have a `state_size` attribute (single integer or list of "
                             f"integers, one integer per RNN state). Received: cell={cell}")
        if stateful:
            raise NotImplementedError(f"{type(self).__name__}: stateful=True is not supported here")
        super().__init__(**kwargs)
        self.cell = cell
        self.return_sequences, self.return_state = return_sequences, return_state
        self.go_backwards, self.stateful, self.unroll = go_backwards, stateful, unroll
        self.zero_output_for_mask = zero_output_for_mask
        size = cell.state_size
        self.state_size = [size] if isinstance(size, int) else list(size)

    @property
    def units(self):
        return self.cell.units

    def __call__(self, inputs, *args, **kwargs):
        _check_ndim(self, inputs)
        return super().__call__(inputs, *args, **kwargs)

    def _symbolic_call(self, inputs, args, kwargs):
        """In a functional model: the layer's call is recorded on the sequences and the symbolic
        initial states together (replayed as one list, which `call` takes apart), and with
        return_state each of the outputs is a KerasTensor picking its part of that call."""
        kwargs = dict(kwargs)
        initial_state = args[0] if args else kwargs.pop("initial_state", None)
        if not self.return_state and initial_state is None:
            return super()._symbolic_call(inputs, args, kwargs)
        states = [] if initial_state is None else list(flat(initial_state))
        self._build_inside(inputs.shape)
        self._output_shape = self.compute_output_shape(inputs.shape)
        packed = [inputs, *states] if states else inputs
        whole = KerasTensor(self._output_shape, self.dtype, producer=(self, packed, (), kwargs))
        if not self.return_state:
            return whole
        shapes = [self._output_shape] + [(inputs.shape[0], size) for size in self.state_size]
        self._output_shapes = shapes        # (the summary shows each)
        return [KerasTensor(shape, self.dtype, producer=(OperatorCall(lambda out, i=i: out[i], part=i), [whole], (), {}))
                for i, shape in enumerate(shapes)]

    def build(self, sequences_shape, initial_state_shape=None):
        step_shape = (sequences_shape[0],) + tuple(sequences_shape[2:])
        if isinstance(self.cell, Layer):
            self.cell._build_inside(step_shape)
        self.built = True

    def compute_output_shape(self, sequences_shape, initial_state_shape=None):
        batch, length = sequences_shape[0], sequences_shape[1]
        size = getattr(self.cell, "output_size", None) or self.state_size[0]
        return (batch, length, size) if self.return_sequences else (batch, size)

    def get_initial_state(self, batch_size):
        make = getattr(self.cell, "get_initial_state", None)
        if make is None:
            return [tf.zeros([batch_size, d], dtype=self.dtype) for d in self.state_size]
        state = make(batch_size=batch_size)
        return list(state) if isinstance(state, (list, tuple)) else [state]

    def _initial(self, sequences, initial_state):
        if initial_state is None:
            batch = sequences.shape.as_list()[0]
            if batch is not None:
                return self.get_initial_state(batch)
            # a graph's unknown batch: zeros of the input's batch, broadcast to each state's size
            column = tf.zeros_like(sequences[:, 0, :1])
            return [column + tf.zeros([1, size], dtype=sequences.dtype) for size in self.state_size]
        states = list(initial_state) if isinstance(initial_state, (list, tuple)) else [initial_state]
        states = [as_float_tensor(s, self.dtype) for s in states]
        if len(states) != len(self.state_size):
            raise ValueError(f"Layer {self.name} expects {len(self.state_size)} initial state tensor(s) "
                             f"(one per state: sizes {self.state_size}), but it received {len(states)}.")
        for s, size in zip(states, self.state_size):
            if s.shape.rank != 2 or s.shape.as_list()[-1] not in (None, size):
                raise ValueError(f"Layer {self.name}: an initial state of shape {tuple(s.shape.as_list())} does "
                                 f"not match its state size {size} (expected (batch_size, {size})).")
        return states

    def call(self, sequences, initial_state=None, mask=None, training=False):
        if isinstance(sequences, (list, tuple)) and len(sequences) > 1 and initial_state is None:
            sequences, initial_state = sequences[0], list(sequences[1:])     # a functional model's replay
        if mask is not None:
            raise NotImplementedError(f"{type(self).__name__}: masks are not supported here")
        if not sequences.dtype.is_floating:
            sequences = tf.cast(sequences, self.dtype)
        steps = sequences.shape.as_list()[1]
        if steps is None:
            raise NotImplementedError(f"{type(self).__name__}: an input with an unknown number of timesteps is not "
                                      f"supported here (its loop is unrolled over a known length)")
        states = self._initial(sequences, initial_state)
        order = range(steps - 1, -1, -1) if self.go_backwards else range(steps)
        cell_kwargs = {"training": training} if training else {}
        outputs = []
        for t in order:
            output, states = self.cell(sequences[:, t, :], states, **cell_kwargs)
            states = list(states) if isinstance(states, (list, tuple)) else [states]
            outputs.append(output)
        # as Keras: with go_backwards the sequence comes out in the order it was processed
        output = tf.stack(outputs, axis=1) if self.return_sequences else outputs[-1]
        return (output, *states) if self.return_state else output


def _layer(cell_class, cell_name):
    """SimpleRNN / LSTM / GRU: an RNN of its cell (named `simple_rnn_cell`, `lstm_cell`,
    `gru_cell` inside every layer, as Keras names it), with the cell's arguments."""
    rnn_arguments = ("return_sequences", "return_state", "go_backwards", "stateful", "unroll")
    layer_arguments = ("name", "input_shape", "input_dim", "batch_input_shape", "batch_size", "autocast",
                       "activity_regularizer")

    class Recurrent(RNN):
        def __init__(self, units, **kwargs):
            self._arguments = (units, dict(kwargs))        # what Bidirectional copies the layer from
            use_cudnn = kwargs.pop("use_cudnn", "auto")
            if use_cudnn not in ("auto", True, False):
                raise ValueError("Invalid valid received for argument `use_cudnn`. Expected one of {'auto', True, "
                                 f"False}}. Received: use_cudnn={use_cudnn}")
            outer = {k: kwargs.pop(k) for k in rnn_arguments + layer_arguments if k in kwargs}
            for shared in ("dtype", "trainable"):
                if shared in kwargs:
                    outer[shared] = kwargs[shared]
            cell = cell_class(units, name=cell_name, **kwargs)
            super().__init__(cell, **outer)

        def call(self, sequences, initial_state=None, mask=None, training=False):
            return super().call(sequences, initial_state=initial_state, mask=mask, training=training)

    # the cell's arguments read through the layer (layer.units, layer.activation, ...), as Keras' properties
    for name in _CELL_PROPERTIES:
        setattr(Recurrent, name, property(lambda self, name=name: getattr(self.cell, name)))
    return Recurrent


def _copy(layer, name, go_backwards):
    """A built-in recurrent layer made again from its arguments, as Keras' Bidirectional makes
    its forward and backward layers from the layer's config: its random initializers are
    built anew (an unseeded one draws a new seed), so the copies' weights are their own."""
    arguments = getattr(layer, "_arguments", None)
    if arguments is None or not isinstance(layer, RNN):
        raise NotImplementedError(f"Bidirectional: only SimpleRNN, LSTM and GRU layers are supported here, not "
                                  f"{type(layer).__name__}")
    units, kwargs = arguments
    kwargs = {k: v for k, v in kwargs.items() if k not in ("input_shape", "input_dim", "batch_input_shape")}
    for part in ("kernel", "recurrent", "bias"):
        kwargs[f"{part}_initializer"] = initializers.reissued(getattr(layer.cell, f"{part}_initializer"))
    return type(layer)(units, **dict(kwargs, name=name, go_backwards=go_backwards))


@tf_class("keras.src.layers.rnn.bidirectional.Bidirectional")
class Bidirectional(Layer):
    """Keras 3's: a forward and a backward copy of a recurrent layer on the same sequences, the
    backward one's outputs flipped back to time order (with return_sequences), merged by
    concat (default), sum, ave, mul or None (both); return_state adds the forward states,
    then the backward ones, and initial_state is split the same way."""

    MODES = ("sum", "mul", "ave", "concat", None)

    def __init__(self, layer, merge_mode="concat", weights=None, backward_layer=None, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError(f"Please initialize `Bidirectional` layer with a `keras.layers.Layer` instance. "
                             f"Received: {layer}")
        if backward_layer is not None and not isinstance(backward_layer, Layer):
            raise ValueError(f"`backward_layer` need to be a `keras.layers.Layer` instance. Received: "
                             f"{backward_layer}")
        if merge_mode not in self.MODES:
            raise ValueError(f"Invalid merge mode. Received: {merge_mode}. Merge mode should be one of "
                             '{"sum", "mul", "ave", "concat", None}')
        if weights is not None:
            raise NotImplementedError("Bidirectional: `weights=` is not supported here (use set_weights)")
        super().__init__(**kwargs)
        self.forward_layer = _copy(layer, f"forward_{layer.name.removeprefix('forward_')}",
                                   getattr(layer, "go_backwards", False))
        self.backward_layer = backward_layer if backward_layer is not None else \
            _copy(layer, f"backward_{layer.name.removeprefix('backward_')}", True)
        forward, backward = self.forward_layer, self.backward_layer
        if forward.go_backwards == backward.go_backwards:
            raise ValueError(f"Forward layer and backward layer should have different `go_backwards` value. "
                             f"Received: forward_layer.go_backwards {forward.go_backwards}, "
                             f"backward_layer.go_backwards={backward.go_backwards}")
        for attribute in ("stateful", "return_sequences", "return_state"):
            if getattr(forward, attribute) != getattr(backward, attribute):
                raise ValueError(f"Forward layer and backward layer are expected to have the same value for "
                                 f'attribute "{attribute}", got "{getattr(forward, attribute)}" for forward layer '
                                 f'and "{getattr(backward, attribute)}" for backward layer')
        self.merge_mode = merge_mode
        self.return_sequences, self.return_state = forward.return_sequences, forward.return_state

    def __call__(self, inputs, *args, **kwargs):
        _check_ndim(self, inputs)
        return super().__call__(inputs, *args, **kwargs)

    def _symbolic_call(self, inputs, args, kwargs):
        if self.return_state or self.merge_mode is None or args or kwargs.get("initial_state") is not None:
            raise NotImplementedError("Bidirectional: return_state, merge_mode=None or an initial_state in a "
                                      "functional model is not supported here (call the layer on tensors)")
        return super()._symbolic_call(inputs, args, kwargs)

    def build(self, sequences_shape, initial_state_shape=None):
        for layer in (self.forward_layer, self.backward_layer):
            layer._build_inside(sequences_shape)
        self.built = True

    def compute_output_shape(self, sequences_shape, initial_state_shape=None):
        shape = self.forward_layer.compute_output_shape(sequences_shape)
        if self.merge_mode == "concat":
            shape = shape[:-1] + (shape[-1] * 2,)
        return shape

    def call(self, sequences, initial_state=None, mask=None, training=None):
        if mask is not None:
            raise NotImplementedError("Bidirectional: masks are not supported here")
        forward_state = backward_state = None
        if initial_state is not None:
            half = len(initial_state) // 2
            forward_state, backward_state = list(initial_state[:half]), list(initial_state[half:])
        extra = {"training": training} if training else {}
        y = self.forward_layer(sequences, initial_state=forward_state, **extra)
        y_rev = self.backward_layer(sequences, initial_state=backward_state, **extra)
        states = ()
        if self.return_state:
            states = tuple(y[1:]) + tuple(y_rev[1:])
            y, y_rev = y[0], y_rev[0]
        if self.return_sequences:
            y_rev = tf.reverse(y_rev, axis=[1])
        if self.merge_mode == "concat":
            output = tf.concat([y, y_rev], axis=-1)
        elif self.merge_mode == "sum":
            output = y + y_rev
        elif self.merge_mode == "ave":
            output = (y + y_rev) / 2
        elif self.merge_mode == "mul":
            output = y * y_rev
        else:
            output = (y, y_rev)
        if self.return_state:
            return output + states if self.merge_mode is None else (output,) + states
        return output


_CELL_PROPERTIES = ("activation", "recurrent_activation", "use_bias", "unit_forget_bias", "kernel_initializer",
                    "recurrent_initializer", "bias_initializer", "kernel_regularizer", "recurrent_regularizer",
                    "bias_regularizer", "dropout", "recurrent_dropout", "reset_after")

SimpleRNN = tf_class("keras.src.layers.rnn.simple_rnn.SimpleRNN")(_layer(SimpleRNNCell, "simple_rnn_cell"))
LSTM = tf_class("keras.src.layers.rnn.lstm.LSTM")(_layer(LSTMCell, "lstm_cell"))
GRU = tf_class("keras.src.layers.rnn.gru.GRU")(_layer(GRUCell, "gru_cell"))

CLASSES = {"Bidirectional": Bidirectional, "RNN": RNN, "SimpleRNN": SimpleRNN, "LSTM": LSTM, "GRU": GRU, "SimpleRNNCell": SimpleRNNCell,
           "LSTMCell": LSTMCell, "GRUCell": GRUCell}
__all__ = sorted(CLASSES)
