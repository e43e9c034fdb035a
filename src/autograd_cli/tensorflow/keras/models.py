"""keras.models: Sequential, Model subclassing, and the simple training loop
(compile, fit, evaluate, predict) on eager tensors."""
from __future__ import annotations

import math

import numpy as np

from autograd_cli.tensorflow.keras import losses as keras_losses
from autograd_cli.tensorflow.keras import optimizers as keras_optimizers
from autograd_cli.tensorflow.keras._support import PATH, as_float_tensor, is_tensor, tf
from autograd_cli.tensorflow.keras.layers import InputLayer, KerasInput, Layer, takes_training


class History:
    def __init__(self):
        self.history: dict[str, list] = {}
        self.epoch: list = []
        self.params: dict = {}


class Model(Layer):
    """A Layer with the training loop. Subclass it and define `call`; Model(inputs, outputs),
    the functional API, is not supported here."""

    def __init__(self, *args, **kwargs):
        if args or "inputs" in kwargs or "outputs" in kwargs:
            raise NotImplementedError("keras.Model(inputs, outputs) (the functional API) is not supported here: "
                                      "subclass keras.Model, or use keras.Sequential")
        super().__init__(**kwargs)
        self.optimizer = None
        self.loss = None
        self.compiled_metrics = []

    # -- training loop
    def compile(self, optimizer="rmsprop", loss=None, loss_weights=None, metrics=None, weighted_metrics=None,
                run_eagerly=False, steps_per_execution=1, jit_compile="auto", auto_scale_loss=True):
        self.optimizer = keras_optimizers.get(optimizer)
        self.loss = keras_losses.get(loss)
        self.compiled_metrics = [m for m in (metrics or [])]
        for metric in self.compiled_metrics:
            if metric not in ("accuracy", "acc", "mae", "mse"):
                raise NotImplementedError(f"metric {metric!r} is not supported here (only 'accuracy', 'mae', 'mse')")

    def _loss_value(self, y, y_pred):
        if self.loss is None:
            raise ValueError("No loss to compute. Provide a `loss` argument in `compile()`.")
        value = self.loss(y, y_pred)
        if len(value.shape) > 0:
            value = tf.reduce_mean(value)        # a loss function: the loss object's batch mean
        return value

    def _metric_values(self, y, y_pred):
        out = {}
        for metric in self.compiled_metrics:
            if metric in ("accuracy", "acc"):
                out[metric] = _accuracy(self.loss, y, y_pred)
            else:
                fn = keras_losses.MSE if metric == "mse" else keras_losses.MAE
                out[metric] = float(tf.reduce_mean(fn(y, y_pred)).numpy())
        return out

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self._loss_value(y, y_pred)
        variables = self.trainable_variables
        grads = tape.gradient(loss, variables)
        self.optimizer.apply_gradients(zip(grads, variables))
        return loss, y_pred

    def fit(self, x=None, y=None, batch_size=None, epochs=1, verbose="auto", callbacks=None, validation_split=0.0,
            validation_data=None, shuffle=True, class_weight=None, sample_weight=None, initial_epoch=0,
            steps_per_epoch=None, validation_steps=None, validation_batch_size=None, validation_freq=1):
        if self.optimizer is None:
            raise RuntimeError("You must call `compile()` before using the model.")
        if not tf.executing_eagerly():
            raise NotImplementedError("Model.fit runs eagerly here (TensorFlow 2 code); in graph mode, write the "
                                      "training loop with a Session")
        if callbacks or validation_split or validation_data is not None or class_weight or sample_weight is not None:
            raise NotImplementedError("fit's callbacks, validation, class_weight and sample_weight are not supported "
                                      "here")
        x, y = _array(x), _array(y)
        n = x.shape[0]
        batch_size = batch_size or 32
        history = History()
        history.params = {"verbose": verbose, "epochs": epochs, "steps": math.ceil(n / batch_size)}
        for epoch in range(initial_epoch, epochs):
            order = np.random.permutation(n) if shuffle else np.arange(n)
            total, seen, metrics = 0.0, 0, {}
            for start in range(0, n, batch_size):
                index = order[start:start + batch_size]
                loss, y_pred = self.train_step(as_float_tensor(x[index]), as_float_tensor(y[index], None))
                # Keras' progress bar shows the running mean of the batches' losses
                total += float(loss.numpy()) * len(index)
                seen += len(index)
                for key, value in self._metric_values(y[index], y_pred).items():
                    metrics[key] = metrics.get(key, 0.0) + value * len(index)
            history.epoch.append(epoch)
            history.history.setdefault("loss", []).append(total / seen)
            for key, value in metrics.items():
                history.history.setdefault(key, []).append(value / seen)
            if verbose not in (0, False):
                shown = " - ".join([f"loss: {total / seen:.4f}"] + [f"{k}: {v / seen:.4f}" for k, v in metrics.items()])
                print(f"Epoch {epoch + 1}/{epochs}\n{history.params['steps']}/{history.params['steps']} - {shown}")
        return history

    def evaluate(self, x=None, y=None, batch_size=None, verbose="auto", sample_weight=None, steps=None,
                 callbacks=None, return_dict=False):
        x, y = _array(x), _array(y)
        y_pred = self.predict(x, batch_size=batch_size, verbose=0)
        loss = float(self._loss_value(as_float_tensor(y, None), as_float_tensor(y_pred)).numpy())
        metrics = self._metric_values(y, as_float_tensor(y_pred))
        if return_dict:
            return {"loss": loss, **metrics}
        return [loss, *metrics.values()] if metrics else loss

    def predict(self, x, batch_size=None, verbose="auto", steps=None, callbacks=None):
        x = _array(x)
        batch_size = batch_size or 32
        parts = [self(as_float_tensor(x[start:start + batch_size]), training=False).numpy()
                 for start in range(0, x.shape[0], batch_size)]
        return np.concatenate(parts, axis=0)

    def predict_on_batch(self, x):
        return self(as_float_tensor(_array(x)), training=False).numpy()

    def train_on_batch(self, x, y=None, sample_weight=None, class_weight=None, return_dict=False):
        loss, _ = self.train_step(as_float_tensor(_array(x)), as_float_tensor(_array(y), None))
        return float(loss.numpy())

    # -- summary
    def summary(self, line_length=None, positions=None, print_fn=None, expand_nested=False, show_trainable=False,
                layer_range=None):
        print_fn = print_fn or print
        rows = [(f"{layer.name} ({type(layer).__name__})", _output_shape_text(layer), layer.count_params())
                for layer in self.layers]
        width = 65
        print_fn(f'Model: "{self.name}"')
        print_fn("┏" + "━" * 29 + "┳" + "━" * 22 + "┳" + "━" * 12 + "┓")
        print_fn(f"┃ {'Layer (type)':<27} ┃ {'Output Shape':<20} ┃ {'Param #':>10} ┃")
        print_fn("┡" + "━" * 29 + "╇" + "━" * 22 + "╇" + "━" * 12 + "┩")
        for k, (name, shape, params) in enumerate(rows):
            print_fn(f"│ {name:<27} │ {shape:<20} │ {params:>10,} │")
            if k < len(rows) - 1:
                print_fn("├" + "─" * 29 + "┼" + "─" * 22 + "┼" + "─" * 12 + "┤")
        print_fn("└" + "─" * 29 + "┴" + "─" * 22 + "┴" + "─" * 12 + "┘")
        total = self.count_params()
        trainable = int(sum(math.prod(v.shape.as_list()) for v in self.trainable_weights))
        for label, count in (("Total", total), ("Trainable", trainable), ("Non-trainable", total - trainable)):
            print_fn(f" {label} params: {count:,} ({_bytes(count)})")
        del width


def _bytes(count):
    size = count * 4
    if size < 1024:
        return f"{float(size):.2f} B"
    if size < 1024 ** 2:
        return f"{size / 1024:.2f} KB"
    return f"{size / 1024 ** 2:.2f} MB"


def _output_shape_text(layer):
    shape = getattr(layer, "_output_shape", None)
    return str(tuple(shape)).replace("None", "None") if shape is not None else "?"


def _array(value):
    if value is None:
        raise ValueError("fit / evaluate / predict need NumPy arrays or tensors (x, y)")
    if hasattr(value, "numpy") and is_tensor(value):
        return value.numpy()
    return np.asarray(value)


def _accuracy(loss, y, y_pred):
    """Keras' "accuracy" for the compiled loss: categorical, sparse categorical or binary."""
    y, p = np.asarray(y), np.asarray(y_pred.numpy() if hasattr(y_pred, "numpy") else y_pred)
    name = getattr(loss, "__name__", None) or getattr(loss, "name", "")
    if "sparse" in name:
        return float(np.mean(np.argmax(p, -1) == y.reshape(p.shape[:-1])))
    if "binary" in name or p.shape[-1] == 1:
        return float(np.mean((p > 0.5) == (y > 0.5)))
    return float(np.mean(np.argmax(p, -1) == np.argmax(y, -1)))


class Sequential(Model):
    def __init__(self, layers=None, trainable=True, name=None):
        Layer.__init__(self, trainable=trainable, name=name)
        self.optimizer = None
        self.loss = None
        self.compiled_metrics = []
        self._input_shape = None
        for layer in layers or []:
            self.add(layer)

    def add(self, layer, rebuild=True):
        if isinstance(layer, KerasInput):
            self._input_shape = layer.shape[1:]
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

    def build(self, input_shape=None):
        if input_shape is not None:
            self._build_from_shape(tuple(input_shape))

    def call(self, inputs, training=None, mask=None):
        x = inputs
        for layer in self._tracked_layers:
            kwargs = {"training": training} if training is not None and takes_training(layer) else {}
            x = layer(x, **kwargs)
            layer._output_shape = (None,) + tuple(x.shape.as_list()[1:])
        return x

    def __call__(self, inputs, *args, **kwargs):
        if not is_tensor(inputs):
            inputs = as_float_tensor(inputs, self.dtype)
        if not self.built:
            self.built = True       # the layers build themselves on their first call, inside this scope
        PATH.append(self.name)
        try:
            return self.call(inputs, *args, **kwargs)
        finally:
            PATH.pop()

    @property
    def layers(self):
        return list(self._tracked_layers)

    @property
    def input_shape(self):
        return None if self._input_shape is None else (None,) + tuple(self._input_shape)


def clone_model(model):
    raise NotImplementedError("keras.models.clone_model is not supported here")


def load_model(*args, **kwargs):
    raise OSError("keras.models.load_model: a snippet cannot read files")


CLASSES = {"Model": Model, "Sequential": Sequential}
__all__ = ["Model", "Sequential", "clone_model", "load_model"]
