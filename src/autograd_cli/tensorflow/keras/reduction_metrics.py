"""keras.metrics' base class and reductions as Keras 3 defines them: Metric, Mean, Sum and
MeanMetricWrapper (the mean of a per-sample function). A metric's state is Keras variables
(non-trainable, under the metric's name: `mean/total`), updated with TensorFlow ops, so a
metric updates alike eagerly and inside a tf.function; `result()` is a tensor."""
from __future__ import annotations

from autograd_cli.tensorflow.exports import tf_class
from autograd_cli.tensorflow.keras._support import MASKS, PATH, KerasVariable, is_tensor, snake_case, tf, unique_name
from autograd_cli.tensorflow.keras.losses import same_rank


def as_tensor(value, dtype=None):
    """Keras' convert_to_tensor(value, dtype): Python and NumPy data converted as TensorFlow does,
    then cast to `dtype`."""
    if not is_tensor(value):
        value = tf.convert_to_tensor(value)
    if dtype is None or value.dtype == tf.as_dtype(str(getattr(dtype, "name", dtype))):
        return value
    return tf.cast(value, str(getattr(dtype, "name", dtype)))


def rank(tensor) -> int:
    return len(tensor.shape)


@tf_class("keras.src.metrics.metric.Metric")
class Metric:
    def __init__(self, dtype=None, name=None):
        self.name = name or unique_name(snake_case(type(self).__name__))
        self._dtype = str(getattr(dtype, "name", dtype) or "float32")
        self._state_variables = []

    @property
    def dtype(self):
        return self._dtype

    def _check_super_called(self):
        if "_state_variables" not in vars(self):
            raise RuntimeError("You forgot to call `super().__init__()` in the `__init__()` method. Go add it!")

    def add_variable(self, shape, initializer, dtype=None, aggregation="sum", name=None):
        """A state variable (non-trainable; `reset_state` gives it zeros again), its path under the metric's name."""
        from autograd_cli.tensorflow.keras import initializers

        self._check_super_called()
        dtype = str(getattr(dtype, "name", dtype) or self.dtype)
        PATH.append(self.name.replace("/", ">"))
        try:
            value = initializers.get(initializer)(tuple(shape), dtype=dtype)
            variable = KerasVariable(value, name=name or unique_name("variable"), trainable=False, dtype=dtype)
        finally:
            PATH.pop()
        self._state_variables.append(variable)
        return variable

    def add_weight(self, shape=(), initializer=None, dtype=None, name=None):
        return self.add_variable(shape, initializer, dtype=dtype, name=name)

    @property
    def variables(self):
        return list(self._state_variables)

    def reset_state(self):
        for variable in self.variables:
            variable.assign(tf.zeros(variable.shape, dtype=variable.dtype))

    def update_state(self, *args, **kwargs):
        raise NotImplementedError

    def result(self):
        raise NotImplementedError

    def __call__(self, *args, **kwargs):
        self._check_super_called()
        self.update_state(*args, **kwargs)
        return self.result()

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}>"

    __str__ = __repr__


def apply_mask(sample_weight, mask, dtype):
    """Keras' apply_mask with the `sum` reduction: the mask's entries multiply the weights."""
    if mask is None:
        return sample_weight
    mask = tf.cast(mask, dtype)
    if sample_weight is None:
        return mask
    mask, sample_weight = same_rank(mask, tf.cast(as_tensor(sample_weight), dtype))
    return sample_weight * mask


def samplewise(values, sample_weight, reduce_fn, dtype):
    """Keras' reduce_to_samplewise_values: the weights matched to the values' rank (a last axis of
    1 squeezed or added), the values reduced to the weights' rank and multiplied by them, then each
    sample's values reduced to one; the weights reduced to one per sample too."""
    mask = MASKS.get(values)
    values = as_tensor(values, dtype)
    if sample_weight is not None:
        sample_weight = apply_mask(as_tensor(sample_weight, dtype), mask, dtype)
        values, sample_weight = same_rank(values, sample_weight)
        weight_rank, values_rank = rank(sample_weight), rank(values)
        if values_rank > weight_rank:
            values = reduce_fn(values, axis=list(range(weight_rank, values_rank)))
        sample_weight = tf.broadcast_to(sample_weight, tf.shape(values))
        values = values * sample_weight
        if weight_rank > 1:
            sample_weight = reduce_fn(sample_weight, axis=list(range(1, weight_rank)))
    if rank(values) > 1:
        values = reduce_fn(values, axis=list(range(1, rank(values))))
    return values, sample_weight


@tf_class("keras.src.metrics.reduction_metrics.Sum")
class Sum(Metric):
    def __init__(self, name="sum", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable((), "zeros", dtype=self.dtype, name="total")

    def update_state(self, values, sample_weight=None):
        values, _ = samplewise(values, sample_weight, tf.reduce_sum, self.dtype)
        self.total.assign_add(tf.reduce_sum(values))

    def result(self):
        return tf.cast(self.total, self.dtype)


@tf_class("keras.src.metrics.reduction_metrics.Mean")
class Mean(Metric):
    def __init__(self, name="mean", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable((), "zeros", dtype=self.dtype, name="total")
        self.count = self.add_variable((), "zeros", dtype=self.dtype, name="count")

    def update_state(self, values, sample_weight=None):
        values, sample_weight = samplewise(values, sample_weight, tf.reduce_mean, self.dtype)
        self.total.assign_add(tf.reduce_sum(values))
        if sample_weight is not None:
            count = tf.reduce_sum(sample_weight)
        elif rank(values) >= 1:
            count = values.shape[0] if values.shape[0] is not None else tf.shape(values)[0]
        else:
            count = 1
        self.count.assign_add(tf.cast(count, self.dtype))

    def result(self):
        return tf.math.divide_no_nan(tf.identity(self.total), tf.cast(self.count, self.dtype))


@tf_class("keras.src.metrics.reduction_metrics.MeanMetricWrapper")
class MeanMetricWrapper(Mean):
    """The mean of `fn(y_true, y_pred, **kwargs)` over the samples (weighted by sample_weight)."""

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype)
        self._fn, self._fn_kwargs = fn, kwargs

    def update_state(self, y_true, y_pred, sample_weight=None):
        mask = MASKS.get(y_pred)
        values = self._fn(y_true, y_pred, **self._fn_kwargs)
        return super().update_state(values, sample_weight=apply_mask(sample_weight, mask, self.dtype))


__all__ = ["Metric", "Mean", "Sum", "MeanMetricWrapper"]
