"""keras.callbacks: what fit calls at the start and end of training, of each epoch and of
each batch (Keras 3's hooks and their logs), History, LambdaCallback, EarlyStopping,
LearningRateScheduler, ReduceLROnPlateau, TerminateOnNaN and TensorBoard (which writes nothing)."""
from __future__ import annotations

import warnings

import numpy as np
from autograd_cli.tensorflow.exports import tf_class


@tf_class("keras.src.callbacks.callback.Callback")
class Callback:
    def __init__(self):
        self.model = None
        self.params = {}

    def set_model(self, model):
        self.model = model

    def set_params(self, params):
        self.params = params

    def on_train_begin(self, logs=None):
        pass

    def on_train_end(self, logs=None):
        pass

    def on_epoch_begin(self, epoch, logs=None):
        pass

    def on_epoch_end(self, epoch, logs=None):
        pass

    def on_train_batch_begin(self, batch, logs=None):
        self.on_batch_begin(batch, logs)

    def on_train_batch_end(self, batch, logs=None):
        self.on_batch_end(batch, logs)

    def on_batch_begin(self, batch, logs=None):
        pass

    def on_batch_end(self, batch, logs=None):
        pass


@tf_class("keras.src.callbacks.history.History")
class History(Callback):
    def __init__(self):
        super().__init__()
        self.history: dict[str, list] = {}
        self.epoch: list = []

    def on_train_begin(self, logs=None):
        self.epoch = []

    def on_epoch_end(self, epoch, logs=None):
        self.epoch.append(epoch)
        for key, value in (logs or {}).items():
            self.history.setdefault(key, []).append(value)


@tf_class("keras.src.callbacks.lambda_callback.LambdaCallback")
class LambdaCallback(Callback):
    def __init__(self, on_epoch_begin=None, on_epoch_end=None, on_train_begin=None, on_train_end=None,
                 on_train_batch_begin=None, on_train_batch_end=None, **kwargs):
        super().__init__()
        hooks = {"on_epoch_begin": on_epoch_begin, "on_epoch_end": on_epoch_end, "on_train_begin": on_train_begin,
                 "on_train_end": on_train_end, "on_train_batch_begin": on_train_batch_begin,
                 "on_train_batch_end": on_train_batch_end, **kwargs}
        for name, hook in hooks.items():
            if hook is not None:
                setattr(self, name, hook)


@tf_class("keras.src.callbacks.early_stopping.EarlyStopping")
class EarlyStopping(Callback):
    """Stop when `monitor` has not improved by more than min_delta for `patience` epochs."""

    def __init__(self, monitor="val_loss", min_delta=0, patience=0, verbose=0, mode="auto", baseline=None,
                 restore_best_weights=False, start_from_epoch=0):
        super().__init__()
        self.monitor, self.patience, self.verbose = monitor, patience, verbose
        self.baseline, self.restore_best_weights, self.start_from_epoch = baseline, restore_best_weights, \
            start_from_epoch
        if mode == "auto":
            mode = "max" if "acc" in monitor or monitor.endswith("auc") else "min"
        self.better = np.greater if mode == "max" else np.less
        self.min_delta = abs(min_delta) * (1 if mode == "max" else -1)
        self.stopped_epoch = 0

    def on_train_begin(self, logs=None):
        self.wait, self.stopped_epoch, self.best_weights, self.best_epoch = 0, 0, None, 0
        self.best = np.inf if self.better is np.less else -np.inf

    def on_epoch_end(self, epoch, logs=None):
        current = (logs or {}).get(self.monitor)
        if current is None or epoch < self.start_from_epoch:
            return
        if self.restore_best_weights and self.best_weights is None:
            self.best_weights = self.model.get_weights()
        self.wait += 1
        if self.better(current - self.min_delta, self.best):
            self.best, self.best_epoch = current, epoch
            if self.restore_best_weights:
                self.best_weights = self.model.get_weights()
            if self.baseline is None or self.better(current - self.min_delta, self.baseline):
                self.wait = 0
            return
        if self.wait >= self.patience and epoch > 0:
            self.stopped_epoch = epoch
            self.model.stop_training = True
            if self.restore_best_weights and self.best_weights is not None:
                self.model.set_weights(self.best_weights)

    def on_train_end(self, logs=None):
        if self.stopped_epoch > 0 and self.verbose > 0:
            print(f"Epoch {self.stopped_epoch + 1}: early stopping")
        if self.restore_best_weights and self.verbose > 0 and self.stopped_epoch > 0:
            print(f"Restoring model weights from the end of the best epoch: {self.best_epoch + 1}.")


def _learning_rate(optimizer) -> float:
    value = optimizer.learning_rate
    return float(value.numpy()) if hasattr(value, "numpy") else float(value)


@tf_class("keras.src.callbacks.learning_rate_scheduler.LearningRateScheduler")
class LearningRateScheduler(Callback):
    """At each epoch's start the optimizer's learning rate becomes schedule(epoch, lr) (or
    schedule(epoch), a one-argument schedule); the epoch's logs get `learning_rate`."""

    def __init__(self, schedule, verbose=0):
        super().__init__()
        self.schedule, self.verbose = schedule, verbose

    def on_epoch_begin(self, epoch, logs=None):
        optimizer = self.model.optimizer
        if not hasattr(optimizer, "learning_rate"):
            raise ValueError('Optimizer must have a "learning_rate" attribute.')
        try:
            learning_rate = self.schedule(epoch, _learning_rate(optimizer))
        except TypeError:       # (Keras' fallback for a schedule of the epoch alone)
            learning_rate = self.schedule(epoch)
        if not isinstance(learning_rate, (float, np.float32, np.float64)):
            raise ValueError(f"The output of the `schedule` function should be a float. Got: {learning_rate}")
        optimizer.learning_rate = learning_rate
        if self.verbose > 0:
            print(f"\nEpoch {epoch + 1}: LearningRateScheduler setting learning rate to {learning_rate}.")

    def on_epoch_end(self, epoch, logs=None):
        if logs is not None:
            logs["learning_rate"] = _learning_rate(self.model.optimizer)


@tf_class("keras.src.callbacks.terminate_on_nan.TerminateOnNaN")
class TerminateOnNaN(Callback):
    """Stops fit after the batch whose loss is NaN or infinite (or raises, with raise_error)."""

    def __init__(self, raise_error=False):
        super().__init__()
        self.raise_error = raise_error

    def on_batch_end(self, batch, logs=None):
        loss = (logs or {}).get("loss")
        if loss is not None and (np.isnan(loss) or np.isinf(loss)):
            if self.raise_error:
                raise RuntimeError(f"NaN or Inf loss encountered at batch {batch}. Loss value: {loss}. Terminating "
                                   "training immediately.")
            print(f"Batch {batch}: Invalid loss, terminating training")
            self.model.stop_training = True


# the metrics Keras 3 maximises (its metrics' direction "up"); `auto` minimises the losses and the others
_UPWARD = ("acc", "auc", "precision", "recall", "f1_score", "fbeta_score", "r2_score", "true_positives",
           "true_negatives", "cosine_similarity", "iou", "at_recall", "at_precision", "at_sensitivity",
           "at_specificity")
_DOWNWARD = ("loss", "error", "crossentropy", "hinge", "poisson", "divergence", "mse", "mae", "mape", "msle",
             "logcosh", "false_positives", "false_negatives")


@tf_class("keras.src.callbacks.reduce_lr_on_plateau.ReduceLROnPlateau")
class ReduceLROnPlateau(Callback):
    """The learning rate times `factor` (not below min_lr) once `monitor` has not improved by
    min_delta for `patience` epochs; then `cooldown` epochs without counting. The epoch's logs
    get `learning_rate` (before the reduction)."""

    def __init__(self, monitor="val_loss", factor=0.1, patience=10, verbose=0, mode="auto", min_delta=1e-4, cooldown=0,
                 min_lr=0.0, **kwargs):
        super().__init__()
        if mode not in ("auto", "min", "max"):
            warnings.warn(f"ReduceLROnPlateau mode '{mode}' is unknown, fallback to auto mode.", stacklevel=2)
            mode = "auto"
        self.monitor, self.mode, self.min_delta, self.monitor_op, self.best = monitor, mode, abs(min_delta), None, None
        if factor >= 1.0:
            raise ValueError(f"ReduceLROnPlateau does not support a factor >= 1.0. Received factor={factor}")
        self.factor, self.min_lr, self.patience, self.verbose, self.cooldown = factor, min_lr, patience, verbose, cooldown
        self.cooldown_counter = self.wait = 0

    def _set_monitor_op(self):
        name = self.monitor.removeprefix("val_")
        if self.mode == "max" or (self.mode == "auto" and name != "loss" and any(k in name for k in _UPWARD)):
            self.monitor_op = np.greater
        elif self.mode == "min" or any(k in name for k in _DOWNWARD):
            self.monitor_op = np.less
        else:
            raise ValueError(f"ReduceLROnPlateau callback received monitor={self.monitor}, but Keras isn't able to "
                             "automatically determine whether that metric should be maximized or minimized. Pass "
                             "`mode='max'` in order to monitor based on the highest metric value, or pass "
                             "`mode='min'` in order to use the lowest value.")
        if self.monitor_op is np.less:
            self.min_delta *= -1

    def in_cooldown(self):
        return self.cooldown_counter > 0

    def on_train_begin(self, logs=None):
        self.best, self.cooldown_counter, self.wait = None, 0, 0

    def on_epoch_end(self, epoch, logs=None):
        if self.monitor_op is None:
            self._set_monitor_op()
        logs = logs if logs is not None else {}
        logs["learning_rate"] = _learning_rate(self.model.optimizer)
        current = logs.get(self.monitor)
        if current is None:
            warnings.warn(f"Learning rate reduction is conditioned on metric `{self.monitor}` which is not available. "
                          f"Available metrics are: {','.join(logs)}.", stacklevel=2)
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self.best is None or self.monitor_op(current - self.min_delta, self.best):
            self.best, self.wait = current, 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience and self._reduce(self.model.optimizer, epoch):
                self.cooldown_counter, self.wait = self.cooldown, 0

    def _reduce(self, optimizer, epoch):
        old = _learning_rate(optimizer)
        if not old > np.float32(self.min_lr):
            return False
        new = max(old * self.factor, self.min_lr)
        optimizer.learning_rate = new
        if self.verbose > 0:
            print(f"\nEpoch {epoch + 1}: ReduceLROnPlateau reducing learning rate to {new}.")
        return True


def progress_value(value, verbose=1) -> str:
    """A progress bar's number: 4 decimals, or 4 significant digits in e-notation from 1e-3 down
    (verbose 1 compares the magnitude, verbose 2 the signed value, as Keras' Progbar)."""
    value = value if isinstance(value, float) else float(np.mean(value))
    return f"{value:.4f}" if (abs(value) if verbose == 1 else value) > 1e-3 else f"{value:.4e}"


def progress_line(steps, logs, verbose=1) -> str:
    """The final state of Keras' progress bar, without its bar and timings (which are the run's
    own): `4/4 - loss: 0.6931 - accuracy: 0.5000`; predict's has no values."""
    return " - ".join([f"{steps}/{steps}"] + [f"{k}: {progress_value(v, verbose)}" for k, v in logs.items()])


@tf_class("keras.src.callbacks.progbar_logger.ProgbarLogger")
class ProgbarLogger(Callback):
    """fit's printing (verbose 1 or 2; "auto" is 1): `Epoch i/N` at each epoch's start when there
    are several epochs, then the epoch's final progress line (the last batch's logs in their
    order, then the validation's); the validation inside fit prints nothing."""

    def __init__(self):
        super().__init__()
        self.verbose, self.epochs, self.target, self.seen, self._order = 1, 1, None, 0, []

    def set_params(self, params):
        super().set_params(params)
        verbose = params.get("verbose", 1)
        self.verbose = 1 if verbose == "auto" else verbose
        self.epochs, self.target = params.get("epochs", 1), params.get("steps")

    def on_epoch_begin(self, epoch, logs=None):
        self.seen, self._order = 0, []
        if self.verbose and self.epochs > 1:
            print(f"Epoch {epoch + 1}/{self.epochs}")

    def on_train_batch_end(self, batch, logs=None):
        self.seen = batch + 1
        self._order += [key for key in (logs or {}) if key not in self._order]

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        order = self._order + [key for key in logs if key not in self._order]
        if self.verbose:
            print(progress_line(self.target or self.seen, {k: logs[k] for k in order if k in logs}, self.verbose))


@tf_class("keras.src.callbacks.tensorboard.TensorBoard")
class TensorBoard(Callback):
    """Writes nothing (a snippet has no files): the callback is accepted and does nothing."""

    def __init__(self, log_dir="logs", histogram_freq=0, write_graph=True, write_images=False, write_steps_per_second=False,
                 update_freq="epoch", profile_batch=0, embeddings_freq=0, embeddings_metadata=None):
        super().__init__()
        self.log_dir, self.histogram_freq, self.update_freq = log_dir, histogram_freq, update_freq


CLASSES = {"Callback": Callback, "TensorBoard": TensorBoard, "History": History, "LambdaCallback": LambdaCallback,
           "EarlyStopping": EarlyStopping, "ProgbarLogger": ProgbarLogger,
           "LearningRateScheduler": LearningRateScheduler, "TerminateOnNaN": TerminateOnNaN,
           "ReduceLROnPlateau": ReduceLROnPlateau}
__all__ = sorted(CLASSES)
