"""compile() for a model with several outputs, as Keras 3's CompileLoss / CompileMetrics take it:
a loss per output (a list in the outputs' order or a dict by output name, None for none), their
`loss_weights`, and metrics per output (a list of lists or a dict), named `OUTPUT_loss` and
`OUTPUT_METRIC`; the targets as a list or a dict by output name."""
from __future__ import annotations

from autograd_cli.tensorflow.keras import losses as keras_losses
from autograd_cli.tensorflow.keras import metric_lookup
from autograd_cli.tensorflow.keras.reduction_metrics import Mean
from autograd_cli.tensorflow.keras._support import tf


def per_output(value, names, what):
    """A list (one entry per output) or a dict by output name, as a list in the outputs' order."""
    if isinstance(value, dict):
        unknown = set(value) - set(names)
        if unknown:
            raise ValueError(f"In the dict argument `{what}`, key '{min(unknown)}' does not correspond to any "
                             f"model output. Received:\n{what}={value}")
        return [value.get(name) for name in names]
    value = list(value)
    if len(value) != len(names):
        raise ValueError(f"For a model with multiple outputs, when providing the `{what}` argument as a list, it "
                         f"should have as many entries as the model has outputs. Received:\n{what}={value}\nof "
                         f"length {len(value)} whereas the model has {len(names)} outputs.")
    return value


def targets(y, names):
    """The targets in the outputs' order."""
    if isinstance(y, dict):
        return [y.get(name) for name in names]
    return list(y) if isinstance(y, (list, tuple)) else [y]


class CompileLoss:
    """The losses of a multi-output model: the weighted sum of each output's loss; each
    output's unweighted loss is tracked as `OUTPUT_loss`."""

    def __init__(self, loss, loss_weights, names):
        self.names = list(names)
        self._missing = None        # (a dict without every output: Keras' error at the first use)
        if isinstance(loss, dict) and set(loss) != set(self.names) and set(loss) <= set(self.names):
            self._missing = (f"Expected keys {self.names} in loss dict, but found loss.keys()={list(loss)}")
        self.losses = [None if v is None else keras_losses.get(v) for v in per_output(loss, self.names, "loss")]
        weights = [None] * len(self.names) if loss_weights is None else per_output(loss_weights, self.names,
                                                                                    "loss_weights")
        self.weights = weights
        several = sum(fn is not None for fn in self.losses) > 1      # (one loss: no per-output tracker)
        self.trackers = [Mean(name=f"{name}_loss") if fn is not None and several else None
                         for name, fn in zip(self.names, self.losses)]

    @property
    def metrics(self):
        return [t for t in self.trackers if t is not None]

    run_eagerly = False

    def _batch_weight(self, size, training):
        """Keras weighs each output's loss by the batch's static size: in its traced step function
        the batch dimension is unknown (its dataset's element_spec), so each batch weighs 1;
        run eagerly, by its size."""
        return size if self.run_eagerly else None

    def __call__(self, y, y_pred, sample_weight=None, reduce=None, training=True):
        if self._missing:
            raise ValueError(self._missing)
        y_true, y_pred = targets(y, self.names), list(y_pred) if isinstance(y_pred, (list, tuple)) else [y_pred]
        total = None
        for fn, weight, tracker, t, p in zip(self.losses, self.weights, self.trackers, y_true, y_pred):
            if fn is None:
                continue
            value = tf.cast(reduce(fn, t, p, sample_weight), "float32")
            if tracker is not None:
                tracker.update_state(value, sample_weight=self._batch_weight(int(p.shape[0]), training))
            if weight is not None:
                value = value * weight
            total = value if total is None else total + value
        return total


class OutputMetric:
    """A metric of one output: its name `OUTPUT_NAME`, updated with that output's targets."""

    def __init__(self, metric, index, output):
        self.metric, self.index = metric, index
        self.name = f"{output}_{metric.name}"

    def update_state(self, y_true, y_pred, sample_weight=None):
        """y_true and y_pred: the lists of every output's (see `targets`)."""
        self.metric.update_state(y_true[self.index], y_pred[self.index], sample_weight)

    def result(self):
        return self.metric.result()

    def reset_state(self):
        self.metric.reset_state()


def output_metrics(metrics, names, losses):
    """compile(metrics=...) per output: OutputMetric objects in the outputs' order (a flat list
    of metrics: each for every output)."""
    out = []
    if isinstance(metrics, (list, tuple)) and not any(isinstance(m, (list, tuple, dict)) or m is None
                                                      for m in metrics):
        metrics = [list(metrics)] * len(names)
    for index, (name, entries, loss) in enumerate(zip(names, per_output(metrics, names, "metrics"), losses)):
        for entry in entries or []:
            out.append(OutputMetric(metric_lookup.get(entry, loss), index, name))
    return out
