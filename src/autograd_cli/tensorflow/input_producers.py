"""TF1's queue-based input pipelines: tf.train.input_producer, range_input_producer,
slice_input_producer, batch and shuffle_batch, composed as TensorFlow composes them of queues
(queues.py) and queue runners (queue_runners.py): each makes a queue, an enqueue op and a
QueueRunner in the QUEUE_RUNNERS collection, and returns the queue or a dequeue of it; so
`tf.train.start_queue_runners` starts them and a dequeue runs them in this tool's one order
(queue_runners.py). `num_epochs` limits the producer's enqueue runs (TensorFlow counts them in a
local variable; here the queue counts them) and a run after the last is OutOfRangeError, which
ends the runner and closes its queue.
"""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow.core import convert_to_tensor, ctx
from autograd_cli.tensorflow.exports import tf_export
from autograd_cli.tensorflow.queue_runners import QueueRunner, add_queue_runner
from autograd_cli.tensorflow.queues import FIFOQueue, PaddingFIFOQueue, RandomShuffleQueue
from autograd_cli.tensorflow.shape import TensorShape


def _not_eager():
    if ctx.eager:
        raise RuntimeError("Input pipelines based on Queues are not supported when eager execution is enabled. "
                           "Please use tf.data to ingest data into your model instead.")


@tf_export("train.input_producer")
def input_producer(input_tensor, element_shape=None, num_epochs=None, shuffle=True, seed=None, capacity=32,
                   shared_name=None, summary_name=None, name=None, cancel_op=None):
    _not_eager()
    with ctx.graph.name_scope(name or "input_producer"):
        return _produce(convert_to_tensor(input_tensor), element_shape, num_epochs, shuffle, seed, capacity,
                        cancel_op)


def _produce(values, element_shape, num_epochs, shuffle, seed, capacity, cancel_op=None):
    """The producer's queue, its enqueue_many of (a shuffle of) the values, and its runner."""
    if shuffle:
        from autograd_cli.tensorflow.random_api import shuffle as random_shuffle

        values = random_shuffle(values, seed=seed)
    shape = TensorShape(element_shape) if element_shape is not None else values.shape[1:]
    q = FIFOQueue(capacity, [values.dtype], shapes=[shape])
    put = q.enqueue_many([values])
    if num_epochs is not None:
        put.recipe.params["epochs"] = (int(num_epochs), ctx.graph.unique_name("limit_epochs/CountUpTo", False))
    add_queue_runner(QueueRunner(q, [put], cancel_op=cancel_op))
    return q


@tf_export("train.range_input_producer")
def range_input_producer(limit, num_epochs=None, shuffle=True, seed=None, capacity=32, shared_name=None, name=None):
    _not_eager()
    with ctx.graph.name_scope(name or "input_producer"):
        return _range(limit, num_epochs, shuffle, seed, capacity)


def _range(limit, num_epochs, shuffle, seed, capacity):
    from autograd_cli.tensorflow import dtype as dtypes
    from autograd_cli.tensorflow.array_ops import static_value
    from autograd_cli.tensorflow.core import constant_tensor

    count = static_value(limit)
    if count is None:
        raise TypeError("tf.train.range_input_producer with a limit known only when the graph runs is not "
                        "supported here")
    indices = constant_tensor(np.arange(int(count), dtype=np.int32), dtypes.int32, name="range")
    return _produce(indices, [], num_epochs, shuffle, seed, capacity)


@tf_export("train.slice_input_producer")
def slice_input_producer(tensor_list, num_epochs=None, shuffle=True, seed=None, capacity=32, shared_name=None,
                         name=None):
    from autograd_cli.tensorflow.array_ops import gather

    _not_eager()
    with ctx.graph.name_scope(name or "input_producer"):
        tensors = [convert_to_tensor(t) for t in tensor_list]
        if not tensors:
            raise ValueError("Expected at least one tensor in slice_input_producer().")
        size = tensors[0]._shape[0] if tensors[0]._shape else None
        if size is None:
            raise TypeError("tf.train.slice_input_producer of tensors whose first size is known only when the graph "
                            "runs is not supported here")
        queue = _range(size, num_epochs, shuffle, seed, capacity)
        index = queue.dequeue()
        return [gather(t, index) for t in tensors]


def _as_list(tensors):
    if isinstance(tensors, dict):
        return [tensors[k] for k in sorted(tensors)], sorted(tensors)
    if isinstance(tensors, (list, tuple)):
        return list(tensors), None
    return [tensors], None


def _batch(queue_kind, tensors, batch_size, capacity, enqueue_many, shapes, allow_smaller_final_batch, name,
           num_threads, extra, default_name):
    _not_eager()
    flat, keys = _as_list(tensors)
    flat = [convert_to_tensor(t) for t in flat]
    with ctx.graph.name_scope(name or default_name) as scope:
        if shapes is None:
            shapes = [t.shape[1:] if enqueue_many else t.shape for t in flat]
        shapes = [TensorShape(s) for s in shapes]
        if queue_kind is not PaddingFIFOQueue and not all(s.is_fully_defined() for s in shapes):
            raise ValueError(f"All shapes must be fully defined: {shapes}")
        q = queue_kind(capacity, *extra, [t.dtype for t in flat], shapes=shapes)
        put = q.enqueue_many(flat) if enqueue_many else q.enqueue(flat)
        add_queue_runner(QueueRunner(q, [put] * int(num_threads)))
        size = int(batch_size)
        out = q.dequeue_up_to(size, name=scope) if allow_smaller_final_batch else q.dequeue_many(size, name=scope)
    if keys is not None:
        return dict(zip(keys, out if isinstance(out, list) else [out]))
    return out


@tf_export("train.batch")
def batch(tensors, batch_size, num_threads=1, capacity=32, enqueue_many=False, shapes=None, dynamic_pad=False,
          allow_smaller_final_batch=False, shared_name=None, name=None):
    kind = PaddingFIFOQueue if dynamic_pad else FIFOQueue
    return _batch(kind, tensors, batch_size, capacity, enqueue_many, shapes, allow_smaller_final_batch, name,
                  num_threads, (), "batch")


@tf_export("train.shuffle_batch")
def shuffle_batch(tensors, batch_size, capacity, min_after_dequeue, num_threads=1, seed=None, enqueue_many=False,
                  shapes=None, allow_smaller_final_batch=False, shared_name=None, name=None):
    batched = _batch(_Seeded(seed), tensors, batch_size, capacity, enqueue_many, shapes, allow_smaller_final_batch,
                     name, num_threads, (min_after_dequeue,), "shuffle_batch")
    return batched


class _Seeded:
    """RandomShuffleQueue with the batch's seed (its other arguments as _batch passes them)."""

    def __init__(self, seed):
        self.seed = seed

    def __call__(self, capacity, min_after_dequeue, dtypes_, shapes):
        return RandomShuffleQueue(capacity, min_after_dequeue, dtypes_, shapes=shapes, seed=self.seed)
