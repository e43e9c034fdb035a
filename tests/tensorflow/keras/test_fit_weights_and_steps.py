"""fit's sample_weight, class_weight and steps_per_epoch, the weighted loss reduction, the
optimizers' weight decay and ignore_class, on small cases derived by hand (the oracle corpus
checks the same against TensorFlow 2.21: keras_fit_sample_weight, keras_fit_class_weight,
keras_fit_steps_per_epoch, keras_optimizer_weight_decay, keras_sparse_cce_ignore_class)."""
from __future__ import annotations

import numpy as np
import pytest

import autograd_cli.tensorflow as tf
from autograd_cli.tensorflow.keras.losses import reduce_weighted
from autograd_cli.tensorflow.keras.training_data import EpochIterator, class_weight_to_sample_weights


def _epochs(iterator, count):
    """The first x value of each batch, per epoch."""
    return [[float(batch[0].numpy()[0, 0]) for _, batch in iterator.epoch()] for _ in range(count)]


def test_arrays_with_steps_per_epoch_and_no_batch_size_take_ceil_n_over_steps():
    x = np.arange(7, dtype=np.float32).reshape(7, 1)
    it = EpochIterator(x, x, steps_per_epoch=3)
    # batch size ceil(7 / 3) = 3: batches start at 0, 3, 6
    assert it.num_batches == 3 and _epochs(it, 2) == [[0.0, 3.0, 6.0], [0.0, 3.0, 6.0]]


def test_steps_per_epoch_goes_on_where_the_last_epoch_stopped_and_restarts_when_data_is_used_up():
    x = np.arange(6, dtype=np.float32).reshape(6, 1)
    finite = tf.data.Dataset.from_tensor_slices((x, x)).batch(2)       # 3 batches: 0, 2, 4
    # epoch 1 takes 2 batches; epoch 2 the third, then the data is used up; epoch 3 starts again
    assert _epochs(EpochIterator(finite, steps_per_epoch=2), 3) == [[0.0, 2.0], [4.0], [0.0, 2.0]]
    repeated = tf.data.Dataset.from_tensor_slices((x, x)).batch(2).repeat()
    assert _epochs(EpochIterator(repeated, steps_per_epoch=2), 3) == [[0.0, 2.0], [4.0, 0.0], [2.0, 4.0]]
    arrays = EpochIterator(x, x, batch_size=4, steps_per_epoch=5)    # 2 batches: an epoch is both, no more
    assert arrays.num_batches == 5 and _epochs(arrays, 2) == [[0.0, 4.0], [0.0, 4.0]]


def test_a_dataset_of_unknown_length_that_runs_out_ends_the_epoch():
    x = np.arange(4, dtype=np.float32).reshape(4, 1)
    filtered = tf.data.Dataset.from_tensor_slices((x, x)).filter(lambda a, b: a[0] > 0.5).batch(2)   # 1, 3
    assert _epochs(EpochIterator(filtered, steps_per_epoch=3), 2) == [[1.0, 3.0], [1.0, 3.0]]


@pytest.mark.parametrize("bad", [0, -2, 1.5])
def test_steps_per_epoch_must_be_a_positive_integer(bad):
    with pytest.raises(ValueError, match="steps_per_epoch"):
        EpochIterator(np.ones((2, 1)), np.ones((2, 1)), steps_per_epoch=bad)


def test_class_weights_of_sparse_one_hot_and_column_labels():
    weights = {0: 0.5, 2: 4.0}
    assert class_weight_to_sample_weights(np.array([0, 1, 2, 2]), weights).tolist() == [0.5, 1.0, 4.0, 4.0]
    one_hot = np.eye(3)[[2, 0, 1]]
    assert class_weight_to_sample_weights(one_hot, weights).tolist() == [4.0, 0.5, 1.0]
    column = np.array([[1.9], [0.2]])       # (N, 1): squeezed and rounded
    assert class_weight_to_sample_weights(column, weights).tolist() == [4.0, 0.5]


def test_the_weighted_reduction_divides_by_the_number_of_losses_not_the_weights():
    values = tf.constant([1.0, 2.0, 3.0, 4.0])
    weights = np.array([1.0, 0.0, 2.0, 0.5], dtype=np.float32)
    # weighted: 1 + 0 + 6 + 2 = 9
    assert float(reduce_weighted(values, weights)) == pytest.approx(9.0 / 4)
    assert float(reduce_weighted(values, weights, "sum")) == pytest.approx(9.0)
    assert float(reduce_weighted(values, weights, "mean_with_sample_weight")) == pytest.approx(9.0 / 3.5)
    mask = tf.constant([True, False, True, True])
    # a mask: the mean over the 3 kept losses, 1 + 6 + 2 over 3
    assert float(reduce_weighted(values, weights, mask=mask)) == pytest.approx(9.0 / 3)
    column = np.array([[2.0], [1.0], [1.0], [1.0]], dtype=np.float32)      # (N, 1) weights of (N,) losses
    assert float(reduce_weighted(values, column)) == pytest.approx(11.0 / 4)


def _zero_line():
    model = tf.keras.Sequential([tf.keras.Input(shape=(1,)),
                                 tf.keras.layers.Dense(1, kernel_initializer="zeros", bias_initializer="zeros")])
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.5), loss="mse")
    return model


def test_fit_with_sample_weight_takes_a_step_on_the_weighted_loss():
    x = np.array([[1.0], [2.0]], dtype=np.float32)
    y = np.array([[2.0], [1.0]], dtype=np.float32)
    model = _zero_line()
    history = model.fit(x, y, sample_weight=np.array([3.0, 0.0]), epochs=1, batch_size=2, verbose=0)
    # zero weights: loss (3 * 4 + 0 * 1) / 2 = 6; d/dw = (3 * 2 * (0 - 2) * 1) / 2 = -6, d/db = -6
    assert history.history["loss"] == [pytest.approx(6.0)]
    w, b = model.get_weights()
    assert w.ravel().tolist() == [pytest.approx(3.0)] and b.tolist() == [pytest.approx(3.0)]


def test_class_weight_and_sample_weight_together_are_refused():
    model = _zero_line()
    with pytest.raises(ValueError, match="at the same time"):
        model.fit(np.ones((2, 1)), np.ones((2, 1)), class_weight={1: 2.0}, sample_weight=np.ones(2), verbose=0)
    with pytest.raises(ValueError, match="at the same time"):
        model.train_on_batch(np.ones((2, 1)), np.ones((2, 1)), class_weight={1: 2.0}, sample_weight=np.ones(2))


def test_validation_split_splits_the_sample_weights_too():
    x = np.array([[1.0], [2.0], [3.0], [4.0]], dtype=np.float32)
    y = np.array([[1.0], [1.0], [1.0], [2.0]], dtype=np.float32)
    model = _zero_line()
    history = model.fit(x, y, sample_weight=np.array([1.0, 1.0, 1.0, 5.0]), validation_split=0.25, epochs=1,
                        batch_size=3, shuffle=False, verbose=0)
    # the validation sample is the last: after the first step (loss 1; w += 0.5 * 2, b += 0.5 * 2 * 1 / 1:
    # d/dw = mean(2 * (0 - 1) * x) = -4, d/db = -2 -> w = 2, b = 1), 2 * 4 + 1 = 9, (9 - 2)^2 * 5 = 245
    assert history.history["loss"] == [pytest.approx(1.0)]
    assert history.history["val_loss"] == [pytest.approx(245.0)]


def test_sgd_weight_decay_is_applied_before_the_update():
    w = tf.Variable([2.0])
    opt = tf.keras.optimizers.SGD(learning_rate=0.1, weight_decay=0.5)
    opt.apply_gradients([(tf.constant([1.0]), w)])
    # 2 - 2 * 0.5 * 0.1 = 1.9, then - 0.1 * 1 = 1.8
    assert w.numpy().tolist() == [pytest.approx(1.8)]


def test_weight_decay_refusals():
    with pytest.raises(ValueError, match="weight_decay"):
        tf.keras.optimizers.AdamW(weight_decay=None)
    opt = tf.keras.optimizers.AdamW()
    w = tf.Variable([1.0])
    opt.apply_gradients([(tf.constant([1.0]), w)])
    with pytest.raises(ValueError, match="before the optimizer is built"):
        opt.exclude_from_weight_decay(var_names=["bias"])


def test_ignore_class_zeroes_the_ignored_losses_and_the_mean_is_over_the_others():
    logits = tf.constant([[0.0, 0.0], [5.0, -5.0], [0.0, 0.0]])
    labels = tf.constant([0, -1, 1])
    values = tf.keras.losses.sparse_categorical_crossentropy(labels, logits, from_logits=True, ignore_class=-1)
    np.testing.assert_allclose(values.numpy(), [np.log(2.0), 0.0, np.log(2.0)], rtol=1e-6)
    mean = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=-1)(labels, logits)
    assert float(mean) == pytest.approx(np.log(2.0), rel=1e-6)


def test_weighted_metrics_take_the_sample_weights_and_keras_names():
    x = np.array([[1.0], [2.0]], dtype=np.float32)
    y = np.array([[2.0], [1.0]], dtype=np.float32)
    model = _zero_line()
    model.compile(optimizer="sgd", loss="mse", metrics=["mae", "mae"], weighted_metrics=["mae", "mse"])
    logs = model.evaluate(x, y, sample_weight=np.array([3.0, 1.0]), verbose=0, return_dict=True)
    # zero predictions: |errors| 2, 1; mae 1.5 unweighted, (3 * 2 + 1) / 4 weighted; mse weighted (12 + 1) / 4
    assert logs == {"loss": pytest.approx(13.0 / 2), "mae": pytest.approx(1.5), "mae_1": pytest.approx(1.5),
                    "mse": pytest.approx(13.0 / 4), "weighted_mae": pytest.approx(7.0 / 4)}
