"""keras.models: Sequential, Model subclassing, and the simple training loop
(compile, fit, evaluate, predict) on eager tensors."""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow.keras import callbacks as keras_callbacks
from autograd_cli.tensorflow.keras import losses as keras_losses
from autograd_cli.tensorflow.keras import metric_lookup
from autograd_cli.tensorflow.keras.reduction_metrics import Mean
from autograd_cli.tensorflow.keras import optimizers as keras_optimizers
from autograd_cli.tensorflow.keras._support import PATH, as_float_tensor, is_tensor, tf, unique_name
from autograd_cli.tensorflow.keras.compile_outputs import CompileLoss, output_metrics, targets
from autograd_cli.tensorflow.keras.functional import (KerasTensor, OperatorCall, calls_between, flat, run_calls,
                                                      substitute)
from autograd_cli.tensorflow.keras.layers import InputLayer, KerasInput, Layer, takes_training
from autograd_cli.tensorflow.keras.training_data import (EpochIterator, arrays, as_array,
                                                         class_weight_to_sample_weights, first_batch_size, is_dataset,
                                                         take, unpack)
from autograd_cli.tensorflow.exports import tf_class


@tf_class("keras.src.models.model.Model")
class Model(Layer):
    """A Layer with the training loop (compile, fit, evaluate, predict). Subclass it and
    define `call`, or give it the functional API's `inputs` and `outputs`; fit calls
    `train_step(data)`, which a subclass may override as in Keras 3."""

    def __init__(self, *args, **kwargs):
        inputs = kwargs.pop("inputs", args[0] if args else None)
        outputs = kwargs.pop("outputs", args[1] if len(args) > 1 else None)
        if inputs is not None and outputs is None or outputs is not None and inputs is None:
            raise ValueError("A functional model needs both `inputs` and `outputs`")
        if inputs is not None and "name" not in kwargs and type(self) is Model:
            kwargs["name"] = unique_name("functional")
        super().__init__(**kwargs)
        self.optimizer = None
        self.loss = None
        self._compile_metrics = []
        self._loss_tracker = None
        self._functional = None
        if inputs is not None:
            self._init_functional(inputs, outputs)

    # -- the functional API
    def _init_functional(self, inputs, outputs):
        for t in flat(inputs):
            if not isinstance(t, KerasTensor) or t.producer is not None:
                raise ValueError(f"The inputs of a functional model must be keras.Input tensors; received {t!r}")
        calls = calls_between(inputs, outputs)
        self._functional = (inputs, outputs, calls)
        input_layers = {id(t): InputLayer(shape=t.shape[1:], name=t.name, dtype=t.dtype) for t in flat(inputs)}
        for layer in _layers_by_depth(inputs, outputs, input_layers):
            if layer not in self._tracked_layers:
                self._tracked_layers.append(layer)
        self.built = True

    @property
    def inputs(self):
        return None if self._functional is None else flat(self._functional[0])

    @property
    def outputs(self):
        return None if self._functional is None else flat(self._functional[1])

    def get_layer(self, name=None, index=None):
        if index is not None:
            if len(self.layers) <= index:
                raise ValueError(f"Was asked to retrieve layer at index {index} but model only has "
                                 f"{len(self.layers)} layers.")
            return self.layers[index]
        for layer in self.layers:
            if layer.name == name:
                return layer
        raise ValueError(f"No such layer: {name}. Existing layers are: {[layer.name for layer in self.layers]}.")

    def call(self, inputs, training=None, mask=None):
        if self._functional is None:
            raise NotImplementedError(f"Model {self.name} has no `call`: subclass keras.Model and define call(), or "
                                      f"create it with keras.Model(inputs, outputs)")
        model_inputs, outputs, calls = self._functional
        given = inputs if isinstance(inputs, (list, tuple, dict)) else [inputs]
        expected = flat(model_inputs)
        if isinstance(given, dict):
            given = [given[t.name] for t in expected]
        given = flat(list(given))
        if len(given) != len(expected):
            raise ValueError(f"Layer \"{self.name}\" expects {len(expected)} input(s), but it received "
                             f"{len(given)} input tensors.")
        values = {id(t): as_float_tensor(v) if not is_tensor(v) else v for t, v in zip(expected, given)}
        values = run_calls(calls, model_inputs, values, training)
        return substitute(outputs, values)

    # -- compile, and what train_step uses
    def compile(self, optimizer="rmsprop", loss=None, loss_weights=None, metrics=None, weighted_metrics=None,
                run_eagerly=False, steps_per_execution=1, jit_compile="auto", auto_scale_loss=True):
        self.optimizer = keras_optimizers.get(optimizer)
        names = self.output_names
        several = names is not None and len(names) > 1
        if loss is not None:        # (Keras 3: a compile without a loss keeps the one compiled before)
            if several:
                losses = loss if isinstance(loss, (list, tuple, dict)) else [loss] * len(names)
                self.loss = CompileLoss(losses, loss_weights, names)
                self.loss.run_eagerly = bool(run_eagerly)
            else:
                self.loss = keras_losses.get(loss)
        self._loss_tracker = Mean(name="loss")
        if metrics is not None or weighted_metrics is not None or not self.__dict__.get("_compiled"):
            if several:         # (and so does one without metrics keep the metrics)
                losses = self.loss.losses if isinstance(self.loss, CompileLoss) else [self.loss] * len(names)
                self._compile_metrics = output_metrics(metrics or [], names, losses)
                self._weighted_metrics = output_metrics(weighted_metrics or [], names, losses)
            else:
                self._compile_metrics = [metric_lookup.get(m, self.loss) for m in (metrics or [])]
                self._weighted_metrics = [metric_lookup.get(m, self.loss) for m in (weighted_metrics or [])]
        object.__setattr__(self, "_compiled", True)

    _weighted_metrics: list = []      # (compile sets both lists)

    @property
    def metrics(self):
        if self._loss_tracker is None:
            return []
        compiled = self._compile_metrics or self._weighted_metrics
        trackers = self.loss.metrics if isinstance(self.loss, CompileLoss) else []
        return [self._loss_tracker] + ([CompileMetrics(self._compile_metrics, self._weighted_metrics)]
                                       if compiled else []) + trackers

    @property
    def output_names(self):
        """A functional model's output layers' names (None for another model)."""
        if self._functional is None:
            return None
        return [t.producer[0].name if t.producer is not None else t.name for t in flat(self._functional[1])]

    @property
    def metrics_names(self):
        return [m.name for m in self.metrics]

    def reset_metrics(self):
        """Keras resets `self.metrics` (a subclass's own list too) at each epoch and evaluate."""
        compiled = [self._loss_tracker] + self._compile_metrics + self._weighted_metrics
        for metric in compiled + [m for m in self.metrics if not any(m is c for c in compiled)]:
            if metric is not None and hasattr(metric, "reset_state"):
                metric.reset_state()

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        """Keras 3's: the compiled loss (when there is one and targets), plus each of `self.losses`
        (add_loss, regularizers), summed."""
        losses = []
        if isinstance(self.loss, CompileLoss):
            value = self.loss(y, y_pred, sample_weight, reduce=_one_loss, training=training)
            if value is not None:
                losses.append(value)
        elif self.loss is not None:
            losses.append(_one_loss(self.loss, y, y_pred, sample_weight))
        losses += [tf.cast(loss, "float32") for loss in self.losses]
        if not losses:
            raise ValueError("No loss to compute. Provide a `loss` argument in `compile()`.")
        return losses[0] if len(losses) == 1 else tf.reduce_sum(tf.stack(losses))

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        names = self.output_names
        if names is not None and len(names) > 1:
            y = targets(y, names)
        CompileMetrics(self._compile_metrics, self._weighted_metrics).update_state(y, y_pred, sample_weight)
        return self.get_metrics_result()

    def get_metrics_result(self):
        out = {}
        for metric in self.metrics:
            result = metric.result()
            if isinstance(result, dict):
                out.update(result)
            else:
                out[metric.name] = result
        return out

    def train_step(self, data):
        x, y, sample_weight = unpack(data)
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight)
        self._loss_tracker.update_state(loss, sample_weight=first_batch_size(x))
        variables = self.trainable_variables
        grads = tape.gradient(loss, variables)
        self.optimizer.apply_gradients(zip(grads, variables))
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    def test_step(self, data):
        x, y, sample_weight = unpack(data)
        y_pred = self(x, training=False)
        loss = self.compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight, training=False)
        self._loss_tracker.update_state(loss, sample_weight=first_batch_size(x))
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    # -- the loops
    def fit(self, x=None, y=None, batch_size=None, epochs=1, verbose="auto", callbacks=None, validation_split=0.0,
            validation_data=None, shuffle=True, class_weight=None, sample_weight=None, initial_epoch=0,
            steps_per_epoch=None, validation_steps=None, validation_batch_size=None, validation_freq=1):
        if self.optimizer is None:
            raise ValueError("You must call `compile()` before using the model.")
        if not tf.executing_eagerly():
            raise NotImplementedError("Model.fit runs eagerly here (TensorFlow 2 code); in graph mode, write the "
                                      "training loop with a Session")
        if validation_split and validation_data is None:
            if is_dataset(x):
                raise ValueError("`validation_split` is only supported for Tensors or NumPy arrays")
            x, y = as_array(x), as_array(y)
            split = int(x.shape[0] * (1.0 - validation_split))     # Keras: the last samples, before shuffling
            x, y, validation_data = x[:split], y[:split], (x[split:], y[split:])
            if sample_weight is not None:
                sample_weight = as_array(sample_weight)
                sample_weight, validation_data = sample_weight[:split], validation_data + (sample_weight[split:],)
        history = keras_callbacks.History()
        hooks = list(callbacks or []) + [history]
        if verbose not in (0, False) and not any(isinstance(h, keras_callbacks.ProgbarLogger) for h in hooks):
            hooks.append(keras_callbacks.ProgbarLogger())
        batches = EpochIterator(x, y, sample_weight, batch_size, steps_per_epoch, shuffle, class_weight)
        params = {"verbose": verbose, "epochs": epochs, "steps": batches.num_batches}
        for hook in hooks:
            hook.set_model(self)
            hook.set_params(params)
        self.stop_training = False
        epoch_logs = {}
        for hook in hooks:
            hook.on_train_begin({})
        for epoch in range(initial_epoch, epochs):
            self.reset_metrics()
            for hook in hooks:
                hook.on_epoch_begin(epoch, {})
            logs = {}
            for step, data in batches.epoch():
                for hook in hooks:
                    hook.on_train_batch_begin(step, {})
                logs = self.train_step(data)
                for hook in hooks:
                    hook.on_train_batch_end(step, _pythonify(logs))
                if self.stop_training:      # (a callback's stop ends the epoch after this batch, as Keras 3)
                    break
            epoch_logs = dict(logs)
            if validation_data is not None and (epoch + 1) % validation_freq == 0:
                val_x, val_y, val_weight = unpack(tuple(validation_data)) if not is_dataset(validation_data) \
                    else (validation_data, None, None)
                # (Keras resets the evaluation iterator at each evaluate: validation_steps from the start)
                validation = EpochIterator(val_x, val_y, val_weight, validation_batch_size or batch_size,
                                           validation_steps)
                val_logs = self._evaluate(validation, return_dict=True)
                epoch_logs.update({"val_" + name: value for name, value in val_logs.items()})
            epoch_logs = _pythonify(epoch_logs)
            for hook in hooks:
                hook.on_epoch_end(epoch, epoch_logs)
            if self.stop_training:
                break
        for hook in hooks:
            hook.on_train_end(epoch_logs)
        history.params = params
        return history

    def evaluate(self, x=None, y=None, batch_size=None, verbose="auto", sample_weight=None, steps=None,
                 callbacks=None, return_dict=False):
        if self._loss_tracker is None:
            raise ValueError("You must call `compile()` before using the model.")
        return self._evaluate(EpochIterator(x, y, sample_weight, batch_size, steps), return_dict, verbose)

    def _evaluate(self, batches, return_dict, verbose=0):
        self.reset_metrics()
        logs, count = {}, 0
        for _, data in batches.epoch():
            logs = self.test_step(data)
            count += 1
        if verbose not in (0, False):
            print(keras_callbacks.progress_line(count, _pythonify(logs), 1 if verbose == "auto" else verbose))
        if return_dict:
            return _pythonify(logs)         # (sorted, as Keras)
        return self._in_metrics_order(_pythonify(logs, ordered=False))

    def _in_metrics_order(self, logs):
        """Keras' _flatten_metrics_in_order: the values of the metrics' names in their order,
        then the other keys sorted (a weighted metric renamed `weighted_...`)."""
        if isinstance(self.loss, CompileLoss):      # (each output's loss; its metrics sorted with the rest)
            names = ["loss"] + [tracker.name for tracker in self.loss.metrics]
        else:
            names = ["loss"] + [m.name for m in self._compile_metrics + self._weighted_metrics]
        values = [logs[n] for n in names if n in logs]      # (a name twice: its value twice, as Keras)
        values += [logs[key] for key in sorted(logs) if key not in names]
        return values[0] if len(values) == 1 else values

    def predict(self, x, batch_size=None, verbose="auto", steps=None, callbacks=None):
        if is_dataset(x):
            parts = [self(unpack(b)[0] if isinstance(b, tuple) else b, training=False).numpy() for b in x]
            iter(x)     # Keras' epoch iterator makes a new iterator at the end, never read
        else:
            x = arrays(x)
            batch_size = batch_size or 32
            n = (x[0] if isinstance(x, list) else x).shape[0]
            parts = [self(take(x, slice(start, start + batch_size), as_float_tensor), training=False).numpy()
                     for start in range(0, n, batch_size)]
        if verbose not in (0, False):
            print(keras_callbacks.progress_line(len(parts), {}))
        return np.concatenate(parts, axis=0)

    def predict_on_batch(self, x):
        return self(as_float_tensor(as_array(x)), training=False).numpy()

    def train_on_batch(self, x, y=None, sample_weight=None, class_weight=None, return_dict=False):
        if class_weight is not None:
            if sample_weight is not None:
                raise ValueError(f"Arguments `sample_weight` and `class_weight` cannot be specified at the same "
                                 f"time. Received: sample_weight={sample_weight}, class_weight={class_weight}")
            sample_weight = class_weight_to_sample_weights(y, class_weight)
        return self._on_batch(self.train_step, x, y, sample_weight, return_dict)

    def test_on_batch(self, x, y=None, sample_weight=None, return_dict=False):
        return self._on_batch(self.test_step, x, y, sample_weight, return_dict)

    def _on_batch(self, step, x, y, sample_weight, return_dict):
        if self.optimizer is None:
            raise ValueError("You must call `compile()` before using the model.")
        self.reset_metrics()
        data = (as_float_tensor(as_array(x)), as_float_tensor(as_array(y), None))
        if sample_weight is not None:
            data += (as_float_tensor(as_array(sample_weight), "float32"),)
        logs = _pythonify(step(data), ordered=False)
        if return_dict:
            return logs
        return self._in_metrics_order(logs)

    # -- saving (kept in memory for the run: a snippet has no files)
    def save_weights(self, filepath, overwrite=True, max_shard_size=None):
        from autograd_cli.tensorflow.checkpoints import STORE, _key

        if not str(filepath).endswith(".weights.h5"):
            raise ValueError(f"The filename must end in `.weights.h5`. Received: filepath={filepath}")
        STORE.checkpoints[_key(filepath)] = {"keras weights": self.get_weights()}

    def load_weights(self, filepath, skip_mismatch=False, **kwargs):
        from autograd_cli.tensorflow.checkpoints import STORE, _key

        saved = STORE.checkpoints.get(_key(filepath), {}).get("keras weights")
        if saved is None:
            if not str(filepath).endswith((".weights.h5", ".keras", ".h5")):
                raise ValueError("File format not supported: filepath=" + str(filepath) + ". Keras 3 only supports "
                                 "V3 `.keras` and `.weights.h5` files, or legacy V1/V2 `.h5` files.")
            raise FileNotFoundError(f"[Errno 2] Unable to synchronously open file (unable to open file: name = "
                                    f"'{_key(filepath)}', errno = 2, error message = 'No such file or directory', "
                                    "flags = 0, o_flags = 0)")
        self.set_weights(saved)

    def save(self, filepath, overwrite=True, zipped=None, **kwargs):
        if not str(filepath).endswith((".keras", ".h5")):
            raise ValueError("Invalid filepath extension for saving. Please add either a `.keras` extension for the "
                             "native Keras format (recommended) or a `.h5` extension. Use `model.export(filepath)` if "
                             "you want to export a SavedModel for use with TFLite/TFServing/etc. Received: "
                             f"filepath={filepath}.")
        raise NotImplementedError("model.save writes the whole model (its architecture, weights and compile state) "
                                  "to a file, which autograd-cli's TensorFlow does not do: model.save_weights("
                                  "'NAME.weights.h5') and load_weights keep the weights for the snippet's run")

    # -- summary
    def summary(self, line_length=None, positions=None, print_fn=None, expand_nested=False, show_trainable=False,
                layer_range=None):
        from autograd_cli.tensorflow.keras.summary import print_summary

        print_summary(self, print_fn or print)


class CompileMetrics:
    """The metrics given to compile, as one entry of `model.metrics` (Keras 3's
    `compile_metrics`): update_state updates each (`metrics` unweighted, `weighted_metrics` with
    the sample weights), result is a dict of theirs under Keras' names (a repeated name gets
    `_1`, ...; a weighted metric's name already taken becomes `weighted_NAME`)."""

    name = "compile_metrics"

    def __init__(self, metrics, weighted=()):
        self._metrics, self._weighted = list(metrics), list(weighted)

    @property
    def metrics(self):
        return self._metrics + self._weighted

    def update_state(self, y_true, y_pred, sample_weight=None):
        for metric in self._metrics:
            metric.update_state(y_true, y_pred)
        for metric in self._weighted:
            metric.update_state(y_true, y_pred, sample_weight)

    def result(self):
        out, counts = {}, {}

        def named(name):
            if name not in counts:
                counts[name] = 1
                return name
            counts[name] += 1
            return f"{name}_{counts[name] - 1}"
        for metric in self._metrics:
            out[named(metric.name)] = metric.result()
        for metric in self._weighted:
            out[named(metric.name if metric.name not in counts else f"weighted_{metric.name}")] = metric.result()
        return out

    def reset_state(self):
        for metric in self.metrics:
            metric.reset_state()


def _layers_by_depth(inputs, outputs, input_layers):
    """A functional model's layers in Keras 3's order: by depth from the outputs (the deepest
    first, a layer at its greatest depth), then by a depth-first walk from the outputs."""
    depth, order, operation_of = {}, {}, {}

    def operation(t):
        return input_layers[id(t)] if id(t) in input_layers else t.producer[0]

    def walk(t, d):
        op = operation(t)
        order.setdefault(id(op), len(order))
        operation_of[id(op)] = op
        if depth.get(id(t), -1) >= d and id(t) in depth:
            return
        depth[id(t)] = max(depth.get(id(t), -1), d)
        depth[("op", id(op))] = max(depth.get(("op", id(op)), -1), d)
        if id(t) not in input_layers:
            step = 0 if isinstance(op, OperatorCall) and op.part is not None else 1
            for source in flat(t.producer[1]):
                if isinstance(source, KerasTensor):
                    walk(source, d + step)
    for t in flat(outputs):
        walk(t, 0)
    ops = [op for key, op in operation_of.items() if not isinstance(op, OperatorCall)]
    ops += [layer for key, layer in input_layers.items() if id(layer) not in operation_of]
    return sorted(ops, key=lambda op: (-depth.get(("op", id(op)), 0), order.get(id(op), len(order))))


def _one_loss(loss, y, y_pred, sample_weight):
    """One compiled loss's value: a loss object's, or a function's values reduced as Keras
    wraps a function (a loss object's reduction)."""
    if isinstance(loss, keras_losses.Loss):
        return loss(y, y_pred, sample_weight=sample_weight)
    y_true, y_pred = keras_losses._inputs(y, y_pred)
    y, y_pred = keras_losses.same_rank(y_true, y_pred)
    value = loss(y, y_pred)
    return keras_losses.reduce_weighted(value, sample_weight, mask=keras_losses.keras_mask(value))


def _pythonify(logs, ordered=True):
    """Logs as fit's History keeps them: floats, nested dicts flattened, keys sorted (Keras
    sorts them; evaluate keeps the metrics' order)."""
    out = {}
    for key, value in (sorted(logs.items()) if ordered else logs.items()):
        if isinstance(value, dict):
            out.update(_pythonify(value, ordered))
        else:
            out[key] = float(value.numpy() if hasattr(value, "numpy") else value)
    return out


@tf_class("keras.src.models.sequential.Sequential")
class Sequential(Model):
    def __init__(self, layers=None, trainable=True, name=None):
        Layer.__init__(self, trainable=trainable, name=name)
        self.optimizer = None
        self.loss = None
        self._compile_metrics = []
        self._loss_tracker = None
        self._functional = None
        self._input_shape = None
        for layer in layers or []:
            self.add(layer)

    def add(self, layer, rebuild=True):
        if isinstance(layer, KerasInput):
            self._input_shape = layer.shape[1:]
            object.__setattr__(self, "_input_tensor", layer)
            return
        if isinstance(layer, InputLayer):
            self._input_shape = layer._input_shape_arg
            return
        if not isinstance(layer, Layer):
            raise ValueError(f"Only instances of `keras.Layer` can be added to a Sequential model. Received: {layer} "
                             f"(of type {type(layer)})")
        if not self._tracked_layers and self._input_shape is None and layer._input_shape_arg is not None:
            self._input_shape = layer._input_shape_arg
        self._tracked_layers.append(layer)
        if self._input_shape is not None:
            self._build_from_shape((None,) + tuple(self._input_shape))

    def pop(self, rebuild=True):
        return self._tracked_layers.pop()

    def _build_from_shape(self, shape):
        """Build every layer not yet built on the shapes the layers before it give (Keras
        builds a Sequential with a known input shape at once)."""
        PATH.append(self.name)
        try:
            for layer in self._tracked_layers:
                if not layer.built:
                    PATH.append(layer.name)
                    try:
                        layer.build(shape)
                    finally:
                        PATH.pop()
                    layer.built = True
                shape = layer.compute_output_shape(shape)
                layer._output_shape = shape
        finally:
            PATH.pop()
        self.built = True
        self._link_outputs()

    def _link_outputs(self):
        """Keras makes an Input-built Sequential a functional graph: each layer's `output` is a
        symbolic tensor of it, so `Model(seq.inputs, [l.output for l in seq.layers])` replays them."""
        if self._input_shape is None:
            return
        if self.__dict__.get("_input_tensor") is None:
            object.__setattr__(self, "_input_tensor", KerasInput(tuple(self._input_shape)))
        x = self._input_tensor
        for layer in self._tracked_layers:
            if layer.__dict__.get("_output_tensor") is None:
                object.__setattr__(layer, "_output_tensor",
                                   KerasTensor(tuple(layer._output_shape), layer.dtype, producer=(layer, x, (), {})))
            x = layer._output_tensor

    @property
    def inputs(self):
        if self._input_shape is None:
            raise AttributeError(f"Sequential model '{self.name}' has no defined inputs yet.")
        self._link_outputs()
        return [self._input_tensor]

    def build(self, input_shape=None):
        if input_shape is not None:
            self._build_from_shape(tuple(input_shape))

    def call(self, inputs, training=None, mask=None):
        x = inputs
        for layer in self._tracked_layers:
            kwargs = {"training": training} if training is not None and takes_training(layer) else {}
            x = layer(x, **kwargs)
            if getattr(layer, "_output_shape", None) is None:     # (Keras builds on the first call's shape)
                layer._output_shape = tuple(x.shape.as_list())
        return x

    def __call__(self, inputs, *args, **kwargs):
        if isinstance(inputs, KerasTensor):
            return self._symbolic_call(inputs, args, kwargs)
        if not is_tensor(inputs):
            inputs = as_float_tensor(inputs, self.dtype)
        if not self.built:
            self.built = True       # the layers build themselves on their first call, inside this scope
        return self._run_call(inputs, args, kwargs)

    @property
    def layers(self):
        return list(self._tracked_layers)

    @property
    def input_shape(self):
        return None if self._input_shape is None else (None,) + tuple(self._input_shape)


def clone_model(model):
    raise NotImplementedError("keras.models.clone_model is not supported here")


def load_model(filepath, custom_objects=None, compile=True, safe_mode=True):   # noqa: A002
    """A model file is never written here (Model.save says so): Keras' error for a missing file."""
    filepath = str(filepath)
    if not filepath.endswith((".keras", ".h5")):
        raise ValueError(f"File format not supported: filepath={filepath}. Keras 3 only supports V3 `.keras` files, "
                         "legacy H5 format files (`.h5` extension). Note that the legacy SavedModel format is not "
                         "supported by `load_model()` in Keras 3.")
    raise ValueError(f"File not found: filepath={filepath}. Please ensure the file is an accessible `.keras` zip file.")


CLASSES = {"Model": Model, "Sequential": Sequential}
__all__ = ["Model", "Sequential", "clone_model", "load_model"]
