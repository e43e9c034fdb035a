"""TF1 queues: tf.FIFOQueue, tf.RandomShuffleQueue, tf.PaddingFIFOQueue.

A queue's elements live in each Session (eagerly, in the queue object). Its ops are graph ops
like any other: an enqueue is an effect of the run (the elements are added after the run has
computed them), a dequeue, `size` and `is_closed` are leaves the Session sets at each run, as it
draws a random op's values, so a run that dequeues and enqueues (`q.enqueue(q.dequeue() + 1)`)
takes its element first. TensorFlow's blocking calls cannot block here (one thread): a dequeue
that finds too few elements first lets the queue's started queue runners (queue_runners.py) fill
it, one enqueue op of each runner in turn, one possible interleaving of TensorFlow's threads;
without a runner and with the queue open it is a DeadlineExceededError saying TensorFlow would
wait forever, as is an enqueue into a full queue. A closed queue gives TensorFlow's
OutOfRangeError (dequeue) and CancelledError (enqueue).

RandomShuffleQueue picks each element as TensorFlow's kernel does: the next 32-bit word of its
Philox stream (seeded from the graph and op seeds) modulo the size, the last element moved into
the gap; PaddingFIFOQueue pads a dequeue_many's components with zeros to the batch's largest.
"""
from __future__ import annotations

import itertools
import weakref

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import EagerTensor, Operation, _add_op, convert_to_tensor, ctx, user_pos
from autograd_cli.tensorflow.dtype import as_dtype
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.failures import (CancelledError, DeadlineExceededError, InvalidArgumentError,
                                              OutOfRangeError, kernel_message)
from autograd_cli.tensorflow.lowering import STAND_IN, Recipe, unflatten
from autograd_cli.tensorflow.random_kernels import philox_words, stateful_key_counter
from autograd_cli.tensorflow.shape import TensorShape

# TensorFlow numbers each queue resource its process makes ('_0_fifo_queue'); here the count is
# the graph's (a snippet may be run more than once in one process)
_RESOURCES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()     # Graph -> its count
_EAGER_RESOURCES = itertools.count()
_SESSION_QUEUES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()   # Session -> {queue: _State}


class _State:
    """One queue's elements (tuples of arrays in the components' dtypes) in one Session."""

    def __init__(self, queue, session=None):
        self.queue, self.session = queue, session
        self.items: list = []
        self.closed = False
        graph = queue._graph
        if graph is None:          # (an eager queue's resource is named by its number alone)
            self.label = str(next(_EAGER_RESOURCES))
        elif getattr(session, "_scratch", False):     # (a session the tool makes to show a value)
            self.label = f"_{queue.name}"
        else:
            self.label = f"_{next(_RESOURCES.setdefault(graph, itertools.count()))}_{queue.name}"
        self.words = None             # a RandomShuffleQueue's Philox stream: [key, counter, buffered words]
        self.runners: list = []       # the started queue runners that fill it (queue_runners.py)
        self.held: dict = {}          # dequeue op name -> what it took in shapes its plan was not made for
        self.runs: dict = {}          # enqueue op name -> its runs, where an input producer limits them

    def what(self):
        return f"{self.queue._kind} '{self.label}'"

    # -- enqueue
    def put(self, arrays, many, op_name, epochs=None):
        if self.closed:
            raise CancelledError(None, None, f"{self.what()} is closed.{_node(op_name)}")
        if epochs is not None:
            limit, counter = epochs
            done = self.runs.get(op_name, 0)
            if done >= limit:
                raise OutOfRangeError(None, None, f"Reached limit of {limit}{_node(counter)}")
            self.runs[op_name] = done + 1
        arrays = [_component(a, dt, self.queue, k, many, op_name) for k, (a, dt) in
                  enumerate(zip(arrays, self.queue._dtypes))]
        rows = [tuple(arrays)] if not many else [tuple(a[i] for a in arrays) for i in range(len(arrays[0]))]
        if len(self.items) + len(rows) > self.queue._capacity and not self.runners:
            raise DeadlineExceededError(None, None, f"{self.what()} is full (capacity {self.queue._capacity}): "
                                        "TensorFlow's enqueue would wait here forever, with no dequeue running "
                                        f"beside it{_node(op_name)}")
        self.items.extend(rows)

    # -- dequeue
    def take(self, count, up_to, op_name):
        """`count` elements (dequeue_many / up_to), None for a single dequeue."""
        want = 1 if count is None else count
        floor = 0 if self.closed else self.queue._min_after_dequeue
        if len(self.items) < want + floor and not self.closed:
            _fill(self, want + floor)
            floor = 0 if self.closed else self.queue._min_after_dequeue
        if len(self.items) < want + floor:
            if not self.closed:
                raise DeadlineExceededError(None, None, (
                    f"{self.what()} has {len(self.items)} elements and the dequeue needs {want + floor}: TensorFlow "
                    "would wait here forever (no queue runner was started for it, and it is not closed; "
                    "tf.train.start_queue_runners(sess) starts them)") + _node(op_name))
            if not (up_to and self.items):
                raise OutOfRangeError(None, None, f"{self.what()} is closed and has insufficient elements "
                                      f"(requested {want}, current size {len(self.items)})"
                                      + _node(op_name))
            want = len(self.items)
        return [self._one() for _ in range(want)]

    def _one(self):
        if self.queue._kind != "RandomShuffleQueue":
            return self.items.pop(0)
        index = self._word() % len(self.items)
        item = self.items[index]
        self.items[index] = self.items[-1]
        self.items.pop()
        return item

    def _word(self):
        """The next 32-bit word of the queue's Philox stream (one block of four at a time)."""
        if self.words is None:
            seed, seed2 = self.queue._seeds
            if not seed and not seed2:
                seed, seed2 = (int(v) for v in np.random.default_rng().integers(1, 2**63, size=2))
            self.words = [*stateful_key_counter(seed, seed2), []]
        key, counter, buffered = self.words
        if not buffered:
            buffered.extend(philox_words(key, counter, 1))
            self.words[1] = counter + 1
        return buffered.pop(0)


def _fill(state, needed):
    """Run the started runners of a queue (queue_runners.py; each a record with `round()` and
    `finished`) until it holds `needed` elements, it is closed, or no runner is left running."""
    while len(state.items) < needed and not state.closed:
        running = [r for r in state.runners if not r.finished]
        if not running:
            return
        before = len(state.items)
        ran = [r.round() for r in running]
        if len(state.items) == before and not state.closed and not any(r.finished for r in running) and any(ran):
            raise DeadlineExceededError(None, None, f"{state.what()} gets no element from its queue runners' enqueue "
                                        "ops (they enqueue elsewhere): TensorFlow's dequeue would wait here forever")


def _node(op_name):
    """How a graph run's error names its op ("" for an eager op: `_eagerly` words it)."""
    return "" if op_name is None else f"\n\t [[{{{{node {op_name}}}}}]]"


def _eagerly(queue, op_type, suffix, fn):
    """fn() as an eager queue op: a kernel error worded as TensorFlow's eager one."""
    from autograd_cli.tensorflow.failures import OpError

    try:
        return fn()
    except OpError as exc:
        function = f"{op_type}_component_types_{len(queue._dtypes)}" if "Dequeue" in op_type else op_type
        exc.message = kernel_message(op_type, exc.message, True, f"Empty_{suffix}", function)
        exc.args = (exc.message,)
        raise


def _component(array, dt, queue, k, many, op_name):
    array = np.asarray(array)
    if dt.is_integer or dt is dtypes.bool_:
        with np.errstate(all="ignore"):
            array = np.round(array).astype(dt.np) if array.dtype.kind == "f" else array.astype(dt.np)
    elif dt is not dtypes.string:
        array = array.astype(dt.np)
    expected = queue.shapes[k]
    dims = array.shape[1:] if many else array.shape
    if expected.dims is not None and not TensorShape(dims).is_compatible_with(expected):
        shown = "[" + ",".join("?" if d is None else str(d) for d in expected.dims) + "]"
        raise InvalidArgumentError(None, None, f"Shape mismatch in tuple component {k}. Expected {shown}, got "
                                   f"[{','.join(str(d) for d in dims)}]{_node(op_name)}")
    return array


def state_of(queue, session):
    if session is None:
        if queue._eager_state is None:
            queue._eager_state = _State(queue)
        return queue._eager_state
    queues = _SESSION_QUEUES.setdefault(session, {})
    found = queues.get(queue)
    if found is None:
        found = queues[queue] = _State(queue, session)
    return found


def _stack(items, k, pad):
    parts = [item[k] for item in items]
    if pad and parts and parts[0].ndim:
        rank = parts[0].ndim
        top = [max(p.shape[d] for p in parts) for d in range(rank)]
        parts = [np.pad(p, [(0, t - s) for s, t in zip(p.shape, top)]) for p in parts]
    return np.stack(parts) if parts else None


class _Draw:
    """The values a dequeue (`kind` "dequeue"), size or is_closed op takes at each run: the
    Session draws them like a random op's (its kernel is the queue's state there); one flat
    vector of the components in the shapes its plan was made for (other shapes: a new plan)."""

    def __init__(self, queue, session, kind, count, up_to, op_name, shapes):
        self.queue, self.session, self.kind = queue, session, kind
        self.count, self.up_to, self.op_name, self.shapes = count, up_to, op_name, shapes
        self.shape = (sum(int(np.prod(s)) for s in shapes),)
        if kind == "dequeue":
            self.replans = True       # (drawn before the random ops: a Replan moves no stream)

    def new_kernel(self):
        return state_of(self.queue, self.session)

    def draw(self, state):
        from autograd_cli.tensorflow.session import Replan

        if self.kind == "size":
            return np.array([float(len(state.items))])
        if self.kind == "closed":
            return np.array([float(state.closed)])
        if self.count is not None and any(s.dims is None or None in s.dims for s in self.queue.shapes) and \
                self.queue._kind != "PaddingFIFOQueue":
            raise InvalidArgumentError(None, None, f"{self.queue._kind}'s DequeueMany and DequeueUpTo require the "
                                       f"components to have specified shapes.{_node(self.op_name)}")
        items = state.held.pop(self.op_name, None) or state.take(self.count, self.up_to, self.op_name)
        arrays = _arrays(items, self.count, self.queue)
        if tuple(a.shape for a in arrays) != tuple(self.shapes):
            # kept for the plan of these shapes, which the Session makes now (this one is dropped)
            state.held[self.op_name] = items
            session = self.session
            session._plans = {key: plan for key, plan in session._plans.items() if not any(
                found[1] is self for found in plan.lowering.random_leaves.values())}
            raise Replan()
        parts = [np.asarray(a, dtype=np.float64).reshape(-1) for a in arrays]
        return np.concatenate(parts) if parts else np.zeros(0)


def _arrays(items, count, queue):
    if count is None:
        return [np.asarray(a) for a in items[0]]
    pad = queue._kind == "PaddingFIFOQueue"
    return [_stack(items, k, pad) for k in range(len(queue._dtypes))]


def _lower_draw(L, queue, kind, count, up_to, op_name, op_uid, static):
    """In a Session's run: leaves the run sets (see _Draw); elsewhere (gradients' connectivity)
    stand-in leaves of the static shapes."""
    session = getattr(L, "session", None)
    if session is None:
        return [L.g.apply("placeholder", value=np.zeros(tuple(STAND_IN if d is None else d for d in dims or ())))
                for dims in static]
    state = state_of(queue, session)
    held = state.held.get(op_name)
    shapes = [a.shape for a in _arrays(held, count, queue)] if held else _guess(state, queue, kind, count, static)
    draw = _Draw(queue, session, kind, count, up_to, op_name, shapes)
    flat = L.random_leaf(("queue", op_uid), draw, draw.shape)
    if kind != "dequeue":
        return [L.g.reshape(flat, shape=())]
    return unflatten(L.g, flat, shapes)


def _guess(state, queue, kind, count, static):
    """The shapes a plan is made for: those of the elements the queue has next, else the
    static shapes (an unknown size 0: the run makes a plan for what it takes)."""
    if kind != "dequeue":
        return [()]
    need = 1 if count is None else count
    if len(state.items) >= need and (count is None or queue._kind == "PaddingFIFOQueue"
                                     or all(s.is_fully_defined() for s in queue.shapes)):
        return [a.shape for a in _arrays(state.items[:need], count, queue)]
    return [tuple(0 if d is None else d for d in (dims or ())) for dims in static]


def _lower_put(L, *nodes, queue, many, op_name, epochs=None):
    """`epochs`: (how many runs may enqueue, the name of the op counting them) for an input
    producer's `num_epochs`; a run after them is TensorFlow's OutOfRangeError."""
    effect = getattr(L, "effect", None)
    if effect is not None:
        effect(nodes, lambda session, arrays: state_of(queue, session).put(arrays, many, op_name, epochs))
    return []


def _lower_close(L, queue):
    effect = getattr(L, "effect", None)
    if effect is not None:
        effect([], lambda session, arrays: setattr(state_of(queue, session), "closed", True))
    return []


@tf_class("tensorflow.python.ops.data_flow_ops.QueueBase")
@tf_export("queue.QueueBase", "compat.v1.QueueBase", "compat.v1.io.QueueBase")
class QueueBase:
    _kind = "Queue"
    _min_after_dequeue = 0

    def __init__(self, capacity, dtypes_, shapes, names, name, seed=None):
        given = list(dtypes_) if isinstance(dtypes_, (list, tuple)) else [dtypes_]
        self._given_dtypes = given            # (TensorFlow's `dtypes` shows them as given: ['float'])
        self._dtypes = [as_dtype(d) for d in given]
        if shapes is None:
            self._shapes = [TensorShape(None)] * len(self._dtypes)
        else:
            given = list(shapes) if isinstance(shapes, (list, tuple)) and shapes and (
                isinstance(shapes[0], (list, tuple, TensorShape))) else [shapes]
            if len(given) != len(self._dtypes):
                raise ValueError("Queue shapes must have the same length as dtypes")
            self._shapes = [TensorShape(s) for s in given]
        if names is not None:
            names = list(names) if isinstance(names, (list, tuple)) else [names]
            if len(names) != len(self._dtypes):
                raise ValueError("Queue names must have the same length as dtypes")
        self._names = names
        self._capacity = int(capacity)
        self._eager_state = None
        self._seeds = (0, 0)
        if self._kind == "RandomShuffleQueue":      # (TensorFlow's get_seed, as a random op's)
            from autograd_cli.tensorflow.random_api import _op_seeds

            found = _op_seeds(seed)
            self._seeds = (0, 0) if found[0] is None else found
        if ctx.eager:
            self._name = name
            self._graph = None
            return
        graph = ctx.graph
        self._graph = graph
        op = Operation(f"{self._kind}V2", graph.unique_name(name), [], Recipe("fn", _lower_nothing), graph,
                       user_pos())
        self._queue_ref = _add_op(graph, op, [(dtypes.int32, ())])[0]
        self._name = op.name

    # -- properties
    @property
    def name(self):
        return self._name

    @property
    def dtypes(self):
        return list(self._given_dtypes)

    @property
    def shapes(self):
        return list(self._shapes)

    @property
    def names(self):
        return self._names

    @property
    def queue_ref(self):
        return self._queue_ref

    # -- the ops
    def _components(self, vals, many):
        if self._names is not None:
            if not isinstance(vals, dict):
                raise ValueError("Queue must have names to enqueue a dictionary")
            if sorted(vals) != sorted(self._names):
                raise ValueError(f"Keys in dictionary to enqueue do not match names of Queue.  Dictionary: "
                                 f"{sorted(vals)}, Queue: {sorted(self._names)}")
            vals = [vals[n] for n in self._names]
        elif isinstance(vals, dict):
            raise ValueError("Queue must have names to enqueue a dictionary")
        if not isinstance(vals, (list, tuple)):
            vals = [vals]
        if len(vals) < len(self._dtypes):       # (TensorFlow zips them with the dtypes: more are left out)
            raise ValueError(f"Expected {len(self._dtypes)} components, got {len(vals)}")
        tensors = []
        for k, (v, dt, shape) in enumerate(zip(vals, self._dtypes, self._shapes)):
            t = convert_to_tensor(v, dtype=dt)
            dims = t.shape[1:] if many and t._shape else t.shape
            if many and t._shape == ():
                raise ValueError(f"Shape must be at least rank 1 but is rank 0 for component {k} of enqueue_many")
            if not dims.is_compatible_with(shape):
                raise ValueError(f"Shapes {dims} and {shape} are incompatible")
            tensors.append(t)
        return tensors

    def _put(self, vals, many, name, suffix, op_type):
        tensors = self._components(vals, many)
        if ctx.eager:
            _eagerly(self, op_type, suffix, lambda: state_of(self, None).put([t._value for t in tensors], many, None))
            return None
        graph = ctx.graph
        op_name = graph.unique_name(name or f"{self._name}_{suffix}")
        op = Operation(op_type, op_name, tensors,
                       Recipe("fn", _lower_put, {"queue": self, "many": many, "op_name": op_name}), graph, user_pos())
        _add_op(graph, op, [])
        return op

    def enqueue(self, vals, name=None):
        return self._put(vals, False, name, "enqueue", "QueueEnqueueV2")

    def enqueue_many(self, vals, name=None):
        return self._put(vals, True, name, "EnqueueMany", "QueueEnqueueManyV2")

    def _take(self, count, up_to, name, suffix, op_type):
        if count is not None:
            count = int(convert_to_tensor(count)._value) if ctx.eager else _static_count(count)
        if ctx.eager:
            def take():
                if count is not None and any(not s.is_fully_defined() for s in self._shapes) and \
                        self._kind != "PaddingFIFOQueue":
                    raise InvalidArgumentError(None, None, f"{self._kind}'s DequeueMany and DequeueUpTo require the "
                                               "components to have specified shapes.")
                return state_of(self, None).take(count, up_to, None)
            arrays = _arrays(_eagerly(self, op_type, suffix, take), count, self)
            outs = [EagerTensor(None, 0, dt, a.shape, np.asarray(a, dtype=dt.np)) for a, dt in zip(arrays, self._dtypes)]
        else:
            graph = ctx.graph
            op_name = graph.unique_name(name or f"{self._name}_{suffix}")
            lead = () if count is None else ((None,) if up_to else (count,))
            static = [None if s.dims is None else lead + tuple(s.dims) for s in self._shapes]
            op = Operation(op_type, op_name, [], None, graph, user_pos())
            outs = _add_op(graph, op, [(dt, s) for dt, s in zip(self._dtypes, static)])
            op.recipe = Recipe("fn", _lower_draw, {"queue": self, "kind": "dequeue", "count": count, "up_to": up_to,
                                                   "op_name": op_name, "op_uid": op.uid, "static": static})
        if self._names is not None:
            return dict(zip(self._names, outs))
        return outs[0] if len(outs) == 1 else outs

    def dequeue(self, name=None):
        return self._take(None, False, name, "Dequeue", "QueueDequeueV2")

    def dequeue_many(self, n, name=None):
        return self._take(n, False, name, "DequeueMany", "QueueDequeueManyV2")

    def dequeue_up_to(self, n, name=None):
        return self._take(n, True, name, "DequeueUpTo", "QueueDequeueUpToV2")

    def _read(self, kind, name, suffix, op_type, dt):
        if ctx.eager:
            state = state_of(self, None)
            value = len(state.items) if kind == "size" else state.closed
            return EagerTensor(None, 0, dt, (), np.asarray(value, dtype=dt.np))
        graph = ctx.graph
        op_name = graph.unique_name(name or f"{self._name}_{suffix}")
        op = Operation(op_type, op_name, [], None, graph, user_pos())
        out = _add_op(graph, op, [(dt, ())])[0]
        op.recipe = Recipe("fn", _lower_draw, {"queue": self, "kind": kind, "count": None, "up_to": False,
                                               "op_name": op_name, "op_uid": op.uid, "static": [()]})
        return out

    def size(self, name=None):
        return self._read("size", name, "Size", "QueueSizeV2", dtypes.int32)

    def is_closed(self, name=None):
        return self._read("closed", name, "Is_Closed", "QueueIsClosedV2", dtypes.bool_)

    def close(self, cancel_pending_enqueues=False, name=None):
        if ctx.eager:
            state_of(self, None).closed = True
            return None
        graph = ctx.graph
        op = Operation("QueueCloseV2", graph.unique_name(name or f"{self._name}_Close"), [],
                       Recipe("fn", _lower_close, {"queue": self}), graph, user_pos())
        op.attrs["cancel_pending_enqueues"] = bool(cancel_pending_enqueues)
        _add_op(graph, op, [])
        return op


def _lower_nothing(L, *nodes):
    return L.g.const(np.zeros(()))


def _static_count(n):
    from autograd_cli.tensorflow.array_ops import static_value

    value = static_value(n)
    if value is None:
        raise TypeError("a dequeue_many / dequeue_up_to count known only when the graph runs is not supported here")
    return int(value)


@tf_class("tensorflow.python.ops.data_flow_ops.FIFOQueue")
@tf_export("queue.FIFOQueue", "compat.v1.FIFOQueue", "compat.v1.io.FIFOQueue")
class FIFOQueue(QueueBase):
    _kind = "FIFOQueue"

    def __init__(self, capacity, dtypes, shapes=None, names=None, shared_name=None, name="fifo_queue"):
        super().__init__(capacity, dtypes, shapes, names, name)


@tf_class("tensorflow.python.ops.data_flow_ops.PaddingFIFOQueue")
@tf_export("queue.PaddingFIFOQueue", "compat.v1.PaddingFIFOQueue", "compat.v1.io.PaddingFIFOQueue")
class PaddingFIFOQueue(QueueBase):
    _kind = "PaddingFIFOQueue"

    def __init__(self, capacity, dtypes, shapes, names=None, shared_name=None, name="padding_fifo_queue"):
        if shapes is None:
            raise ValueError("shapes must be specified for PaddingFIFOQueue")
        super().__init__(capacity, dtypes, shapes, names, name)


@tf_class("tensorflow.python.ops.data_flow_ops.RandomShuffleQueue")
@tf_export("queue.RandomShuffleQueue", "compat.v1.RandomShuffleQueue", "compat.v1.io.RandomShuffleQueue")
class RandomShuffleQueue(QueueBase):
    _kind = "RandomShuffleQueue"

    def __init__(self, capacity, min_after_dequeue, dtypes, shapes=None, names=None, seed=None, shared_name=None,
                 name="random_shuffle_queue"):
        self._min_after_dequeue = int(min_after_dequeue)
        super().__init__(capacity, dtypes, shapes, names, name, seed)
