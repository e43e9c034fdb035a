"""What fit / evaluate iterate, as Keras 3's data adapters and EpochIterator give it: NumPy data
(with its sample weights, or weights made from class_weight) cut into batches, or a
tf.data.Dataset's own elements (a class_weight adds the weights to each batch), for an epoch
of `steps_per_epoch` steps when it is given.

Keras' rules for `steps_per_epoch`: the iterator is kept from one epoch to the next (a
repeated dataset goes on where the last epoch stopped); an epoch also ends once the data's
known number of batches is used up (an array's, a finite dataset's), and the next one starts
the data again; a dataset that runs out before that ends the epoch there."""
from __future__ import annotations

import math

import numpy as np

from autograd_cli.tensorflow.keras._support import as_float_tensor, is_tensor, tf
from autograd_cli.tensorflow.keras.functional import flat


def unpack(data):
    """Keras' unpack_x_y_sample_weight: (x,), (x, y) or (x, y, sample_weight)."""
    if isinstance(data, list):
        data = tuple(data)
    if not isinstance(data, tuple):
        return data, None, None
    if len(data) == 1:
        return data[0], None, None
    if len(data) == 2:
        return data[0], data[1], None
    if len(data) == 3:
        return data
    raise ValueError(f"Data is expected to be in format `x`, `(x,)`, `(x, y)`, or `(x, y, sample_weight)`, found: "
                     f"{data}")


def class_weight_to_sample_weights(y, class_weight):
    """Keras' class_weight_to_sample_weights: each sample weighs its class's weight (1 for a
    class not in the dict); one-hot labels give their argmax, a last axis of 1 is squeezed,
    and labels are rounded to integers."""
    labels = as_array(y)
    weights = np.ones((labels.shape[0],), dtype=np.float32)
    if labels.ndim > 1:
        labels = np.argmax(labels, axis=-1) if labels.shape[-1] != 1 else np.squeeze(labels, axis=-1)
    labels = np.round(labels).astype("int32")
    for i in range(labels.shape[0]):
        weights[i] = class_weight.get(int(labels[i]), 1.0)
    return weights


def is_dataset(value) -> bool:
    return hasattr(value, "element_spec") and hasattr(value, "__iter__")


def _unsupported(name, description):
    raise ValueError(f"When providing `x` as a tf.data.Dataset, `{name}` should not be passed. Instead, "
                     f"{description} should be included as part of the tf.data.Dataset.")


def _one_output(y):
    if isinstance(y, (list, tuple, dict)):
        raise ValueError("`class_weight` is only supported for Models with a single output.")


class _ArrayData:
    """Keras' ArrayDataAdapter: x, y and the sample weights sliced together; the batch size is
    given, or made from the steps (ceil(n / steps)), or 32."""

    def __init__(self, x, y, sample_weight, batch_size, steps, class_weight):
        if sample_weight is not None and class_weight is not None:
            raise ValueError("You cannot `class_weight` and `sample_weight` at the same time.")
        if class_weight is not None:
            _one_output(y)
            sample_weight = class_weight_to_sample_weights(y, class_weight)
        self.x, self.y = arrays(x), (None if y is None else arrays(y))
        self.sample_weight = None if sample_weight is None else as_array(sample_weight)
        self.n = _first(self.x).shape[0]
        for label, value in (("y", self.y), ("sample_weight", self.sample_weight)):
            if value is not None and _first(value).shape[0] != self.n:
                size = _first(value).shape[0]
                raise ValueError(f"Data cardinality is ambiguous. Make sure all arrays contain the same number of "
                                 f"samples.\n'x' sizes: {self.n}\n'{label}' sizes: {size}")
        if not batch_size:
            batch_size = int(math.ceil(self.n / steps)) if steps else 32
        self.batch_size = batch_size
        self.num_batches = int(math.ceil(self.n / batch_size))

    def batches(self, shuffle):
        order = _epoch_order(self.n) if shuffle else np.arange(self.n)
        for start in range(0, self.n, self.batch_size):
            index = order[start:start + self.batch_size]
            batch = (take(self.x, index, as_float_tensor),
                     None if self.y is None else take(self.y, index, lambda a: as_float_tensor(a, None)))
            if self.sample_weight is not None:
                batch += (as_float_tensor(self.sample_weight[index], "float32"),)
            yield batch


def _epoch_order(n):
    """Keras' shuffled order of n samples: `tf.random.shuffle(tf.range(n, dtype=tf.int64))` in the
    function its data adapter maps over a one-element dataset, traced in a graph of its own; so
    under a global seed it is that graph's first unseeded random op (op seed 0), and every epoch
    (every fit too) gets the same order. A fresh tf.function is such a graph."""
    permutation = tf.function(lambda: tf.random.shuffle(tf.range(n, dtype=tf.int64)))
    return permutation().numpy()


class _DatasetData:
    """Keras' TFDatasetAdapter: the dataset's elements as they come; its number of batches is
    its cardinality when known; a class_weight adds each batch's weights."""

    def __init__(self, dataset, y, sample_weight, class_weight):
        if y is not None:
            _unsupported("y", "the targets")
        if sample_weight is not None:
            _unsupported("sample_weights", "the sample weights")
        self.dataset = dataset
        self.class_weight = class_weight
        count = int(dataset._count) if hasattr(dataset, "_count") else -1
        self.num_batches = count if count >= 0 else None

    def batches(self, shuffle):
        """An iterator made at once (a shuffle draws its order's seeds then), read lazily."""
        return self._elements(iter(self.dataset))

    def _elements(self, iterator):
        for element in iterator:
            element = element if isinstance(element, tuple) else (element,)
            if self.class_weight is not None:
                element = self._weighted(element)
            yield element

    def _weighted(self, element):
        """Keras' class weight map: the dict as a table of classes 0..max (1 where missing),
        gathered at each label."""
        x, y, sample_weight = unpack(element)
        if sample_weight is not None:
            raise ValueError("You cannot `class_weight` and `sample_weight` at the same time.")
        _one_output(y)
        table = tf.constant([float(self.class_weight.get(c, 1.0)) for c in range(max(self.class_weight) + 1)],
                            dtype="float32")
        labels = y.numpy()
        if labels.ndim >= 2:
            labels = np.argmax(labels, axis=-1) if labels.shape[-1] > 1 else np.round(np.squeeze(labels, -1))
        else:
            labels = np.round(labels)
        return x, y, tf.gather(table, tf.constant(labels.astype(np.int32)))


class EpochIterator:
    """Keras 3's EpochIterator over one of the adapters: `epoch()` yields each step's
    (step, batch); `num_batches` is what fit's callbacks get as params['steps']."""

    def __init__(self, x, y=None, sample_weight=None, batch_size=None, steps_per_epoch=None, shuffle=False,
                 class_weight=None):
        if steps_per_epoch is not None and (not isinstance(steps_per_epoch, int) or steps_per_epoch < 1):
            if not (isinstance(steps_per_epoch, int) and steps_per_epoch == -1):
                raise ValueError(f"`steps_per_epoch` must be a positive integer or -1. Received: "
                                 f"steps_per_epoch={steps_per_epoch!r}")
        if class_weight is not None and not isinstance(class_weight, dict):
            raise ValueError(f"Expected `class_weight` to be a dict with keys from 0 to one less than the number "
                             f"of classes, found {class_weight}")
        if is_dataset(x):
            self.data = _DatasetData(x, y, sample_weight, class_weight)
        else:
            self.data = _ArrayData(x, y, sample_weight, batch_size, steps_per_epoch, class_weight)
        self.steps_per_epoch = steps_per_epoch if steps_per_epoch != -1 else None
        self.shuffle = shuffle
        self._num_batches = self.data.num_batches
        self._current = None
        self._seen = 0

    @property
    def num_batches(self):
        return self.steps_per_epoch or self._num_batches

    def _start(self):
        return iter(self.data.batches(self.shuffle))

    def _ended(self):
        """An iterator that ran out (Keras' catch_stop_iteration): the next epoch starts
        the data again; a dataset of unknown length now has the steps it took as its length."""
        if self._num_batches is None:
            self._num_batches = self._seen
        self._current = None

    def epoch(self):
        steps = self.steps_per_epoch or self._num_batches or -1
        if steps < 0:
            iterator, step = self._start(), 0
            while True:
                self._seen = step + 1
                try:
                    batch = next(iterator)
                except StopIteration:
                    self._ended()
                    return
                yield step, batch
                step += 1
        if self._current is None or self.steps_per_epoch is None:
            self._current, self._seen = self._start(), 0
        for step in range(steps):
            if self._num_batches and self._seen >= self._num_batches:
                break       # Keras warns "Your input ran out of data" when steps_per_epoch asked for more
            self._seen += 1
            try:
                batch = next(self._current)
            except StopIteration:
                self._ended()
                return
            yield step, batch
        if self._num_batches and self._seen >= self._num_batches:
            # made now, read by the next epoch only with steps_per_epoch (otherwise an
            # epoch starts a new one: a dataset's reshuffling order has moved on by one)
            self._current, self._seen = self._start(), 0


def arrays(value):
    """fit's data: one array, or a list of them or a dict by name (one per input or output of
    a model with several)."""
    if isinstance(value, dict):
        return {key: as_array(v) for key, v in value.items()}
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, np.ndarray) or is_tensor(v)
                                                          for v in value):
        return [as_array(v) for v in value]
    return as_array(value)


def _first(data):
    return next(iter(data.values())) if isinstance(data, dict) else data[0] if isinstance(data, list) else data


def take(data, index, convert):
    if isinstance(data, dict):
        return {key: convert(a[index]) for key, a in data.items()}
    return [convert(a[index]) for a in data] if isinstance(data, list) else convert(data[index])


def as_array(value):
    if value is None:
        raise ValueError("fit / evaluate / predict need NumPy arrays or tensors (x, y)")
    if hasattr(value, "numpy") and is_tensor(value):
        return value.numpy()
    return np.asarray(value)


def first_batch_size(x):
    first = flat(x)[0]
    return int(first.shape[0]) if first.shape and first.shape[0] is not None else 1
