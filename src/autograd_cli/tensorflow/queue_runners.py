"""tf.train.QueueRunner, add_queue_runner, start_queue_runners and tf.train.Coordinator.

TensorFlow runs each enqueue op of a queue runner in a thread of its own, so what a program
dequeues depends on timing. Here no thread runs: `create_threads(sess, coord, start=True)`
(and `start_queue_runners`) registers the runner with its queue in that Session and returns
thread objects that do nothing themselves. A dequeue that finds too few elements then runs, in
rounds, one enqueue op of each started runner in the order they were started (each op of a
runner with several), until the queue holds what the dequeue needs: one interleaving
TensorFlow's threads may take, the same at every run. As in TensorFlow, an enqueue op that
raises OutOfRangeError or CancelledError ends its thread, and when all of a runner's have ended
the runner closes its queue; `coord.request_stop()` closes the queues of the runners started
with that coordinator (TensorFlow's cancel op), and another error stops the coordinator, which
re-raises it at `coord.join()`.
"""
from __future__ import annotations

import itertools

from autograd_cli.tensorflow.core import ctx
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.failures import CancelledError, OutOfRangeError
from autograd_cli.tensorflow.queues import state_of
from autograd_cli.tensorflow.variables import GraphKeys

_THREAD_NUMBERS = itertools.count(1)


@tf_class("tensorflow.python.training.queue_runner_impl.QueueRunner")
@tf_export("train.QueueRunner", "train.queue_runner.QueueRunner")
class QueueRunner:
    def __init__(self, queue=None, enqueue_ops=None, close_op=None, cancel_op=None,
                 queue_closed_exception_types=None, queue_runner_def=None, import_scope=None):
        if ctx.eager:
            raise RuntimeError("QueueRunners are not supported when eager execution is enabled. Instead, please use "
                               "tf.data to get data into your model.")
        if queue is None or not enqueue_ops:
            raise ValueError("Either QueueRunnerDef or queue and enqueue_ops must be specified.")
        self._queue = queue
        self._enqueue_ops = list(enqueue_ops)
        self._close_op = close_op if close_op is not None else queue.close()
        self._cancel_op = cancel_op if cancel_op is not None else queue.close(cancel_pending_enqueues=True)
        self._exception_types = tuple(queue_closed_exception_types or (OutOfRangeError, CancelledError))
        self._records: dict = {}          # Session -> its _Record

    @property
    def queue(self):
        return self._queue

    @property
    def enqueue_ops(self):
        return self._enqueue_ops

    @property
    def close_op(self):
        return self._close_op

    @property
    def cancel_op(self):
        return self._cancel_op

    @property
    def queue_closed_exception_types(self):
        return self._exception_types

    @property
    def name(self):
        return self._queue.name

    @property
    def exceptions_raised(self):
        return [r.error for r in self._records.values() if r.error is not None]

    def create_threads(self, sess, coord=None, daemon=False, start=False):
        found = self._records.get(sess)
        if found is not None and not found.finished:     # (TensorFlow: one set of threads per session)
            return []
        record = self._records[sess] = _Record(self, sess, coord)
        threads = [_Thread(record, daemon) for _ in self._enqueue_ops]
        if coord is not None:
            threads.append(_Thread(record, True))         # (TensorFlow's thread closing the queue on stop)
            coord._records.append(record)
            for t in threads:
                coord.register_thread(t)
        if start:
            for t in threads:
                t.start()
        return threads


class _Record:
    """A runner started in one Session: which of its enqueue ops have ended."""

    def __init__(self, runner, session, coord):
        self.runner, self.session, self.coord = runner, session, coord
        self.ended: set = set()
        self.started = False
        self.finished = False
        self.error = None

    def state(self):
        return state_of(self.runner.queue, self.session)

    def start(self):
        if not self.started:
            self.started = True
            self.state().runners.append(self)

    def stop(self):
        """The coordinator stopped: the cancel op closes the queue."""
        if self.started and not self.finished:
            self.finished = True
            self.state().closed = True

    def round(self) -> bool:
        """One enqueue op of this runner each (TensorFlow's threads, one step each); whether
        any of them ran."""
        ran = False
        for k, op in enumerate(self.runner.enqueue_ops):
            if k in self.ended or self.finished:
                continue
            if self.coord is not None and self.coord.should_stop():
                self.stop()
                break
            try:
                self.session.run(op)
                ran = True
            except self.runner.queue_closed_exception_types:
                self.ended.add(k)
                if len(self.ended) == len(self.runner.enqueue_ops):      # the last thread closes the queue
                    self.finished = True
                    self.state().closed = True
                ran = True
            except Exception as exc:
                self.error = exc
                if self.coord is None:
                    raise
                self.coord.request_stop(exc)
                ran = True
        return ran


@tf_class("threading.Thread")
class _Thread:
    """What a queue runner's create_threads returns: a thread object whose work the dequeues
    do (see the module's docstring)."""

    def __init__(self, record, daemon):
        self._record = record
        self.daemon = daemon
        self.name = f"Thread-{next(_THREAD_NUMBERS)}"
        self.ident = None

    def start(self):
        self._record.start()

    def join(self, timeout=None):
        return None

    def is_alive(self):
        record = self._record
        return record.started and not record.finished and not (record.coord is not None and record.coord.should_stop())

    def __repr__(self):
        state = "started daemon" if self.daemon else "started"
        return f"<Thread({self.name}, {state if self._record.started else 'initial'})>"


@tf_export("train.add_queue_runner", "train.queue_runner.add_queue_runner")
def add_queue_runner(qr, collection=GraphKeys.QUEUE_RUNNERS):
    ctx.graph.add_to_collection(collection, qr)


@tf_export("train.start_queue_runners", "train.queue_runner.start_queue_runners")
def start_queue_runners(sess=None, coord=None, daemon=True, start=True, collection=GraphKeys.QUEUE_RUNNERS):
    if ctx.eager:
        raise RuntimeError("Queues are not compatible with eager execution.")
    if sess is None:
        from autograd_cli.tensorflow.session import get_default_session

        sess = get_default_session()
        if sess is None:
            raise ValueError("Cannot start queue runners: No default session is registered. Use `with "
                             "sess.as_default()` or pass an explicit session to tf.start_queue_runners(sess=sess)")
    threads = []
    for qr in sess.graph.get_collection(collection):
        threads.extend(qr.create_threads(sess, coord=coord, daemon=daemon, start=start))
    return threads


@tf_class("tensorflow.python.training.coordinator.Coordinator")
@tf_export("train.Coordinator")
class Coordinator:
    def __init__(self, clean_stop_exception_types=None):
        self._clean = tuple(clean_stop_exception_types if clean_stop_exception_types is not None
                            else (OutOfRangeError,))
        self._stopped = False
        self._error = None
        self._joined = False
        self._threads: list = []
        self._records: list = []      # the runners started with this coordinator

    def request_stop(self, ex=None):
        if self._stopped:
            return
        if isinstance(ex, tuple):       # (an exc_info triple)
            ex = ex[1]
        if ex is not None and not isinstance(ex, self._clean):
            self._error = ex
        self._stopped = True
        for record in self._records:
            record.stop()

    def should_stop(self):
        return self._stopped

    def clear_stop(self):
        self._stopped = False
        self._error = None
        self._joined = False

    def wait_for_stop(self, timeout=None):
        return self._stopped

    def stop_on_exception(self):
        return _StopOnException(self)

    def register_thread(self, thread):
        self._threads.append(thread)

    def raise_requested_exception(self):
        if self._error is not None:
            raise self._error

    def join(self, threads=None, stop_grace_period_secs=120, ignore_live_threads=False):
        # (the threads do no work of their own: nothing to wait for)
        self._joined = True
        self._threads = []
        if self._error is not None:
            error, self._error = self._error, None
            raise error

    @property
    def joined(self):
        return self._joined


class _StopOnException:
    def __init__(self, coord):
        self.coord = coord

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if value is not None:
            self.coord.request_stop(value)
            return True
        return False
