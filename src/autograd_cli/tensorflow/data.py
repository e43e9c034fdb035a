"""tf.data: `Dataset` pipelines iterated eagerly (a `for` loop, `iter`, `make_one_shot_iterator`).

A dataset is a recipe for a Python iterator of elements (an element: a tensor, or tuples and
dicts of tensors). `from_tensor_slices` slices its tensors along the first axis (a list is
one tensor, as in TensorFlow; tuples and dicts are structures); `batch`, `repeat`, `take`,
`skip`, `shuffle`, `map`, `filter`, `enumerate`, `zip`, `range`, `from_tensors` compose them.
`shuffle(buffer_size, seed=)` gives TensorFlow's own order for a seed (random_streams'
DatasetShuffle: its buffer and Philox stream), reshuffled at each iteration (each epoch of
a `repeat`) unless `reshuffle_each_iteration=False`; unseeded, the order is random.

`map` and `filter` trace their function as a tf.function (once per element shape: a
Python `print` inside runs then, as TensorFlow traces it once) and run it on each element.
"""
from __future__ import annotations

import copy
import itertools

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow import random_streams
from autograd_cli.tensorflow.core import EagerTensor, Tensor, _const_value, ctx, to_array
from autograd_cli.tensorflow.engine_values import engine_array
from autograd_cli.tensorflow.exports import tf_class, export_value, refresh, tf_export
from autograd_cli.tensorflow.failures import FailedPreconditionError, InvalidArgumentError, OutOfRangeError
from autograd_cli.tensorflow.shape import TensorShape

INFINITE = -1
UNKNOWN = -2


# ---------------------------------------------------------------- element structures

def _flatten(element):
    if isinstance(element, tuple):
        return [leaf for item in element for leaf in _flatten(item)]
    if isinstance(element, dict):
        return [leaf for key in sorted(element) for leaf in _flatten(element[key])]
    return [element]


def _pack(like, leaves):
    it = iter(leaves)

    def build(item):
        if isinstance(item, tuple):
            return type(item)(*[build(i) for i in item]) if hasattr(item, "_fields") else tuple(build(i) for i in item)
        if isinstance(item, dict):
            return {key: build(item[key]) for key in sorted(item)}
        return next(it)
    return build(like)


def _structured(value, top=True):
    """Tensors given to a dataset as an element: tuples and dicts are structures, a list is
    one tensor (except a map function's whole result, which is taken as a tuple)."""
    if isinstance(value, list) and top:
        value = tuple(value)
    if isinstance(value, tuple):
        return type(value)(*[_structured(v, False) for v in value]) if hasattr(value, "_fields") else \
            tuple(_structured(v, False) for v in value)
    if isinstance(value, dict):
        return {k: _structured(v, False) for k, v in value.items()}
    return _eager(value)


def _eager(value):
    """A value as an eager tensor, in graph mode too (a dataset holds values, not graph ops)."""
    if hasattr(value, "_as_tensor") and getattr(value, "_graph", None) is None:
        value = value._as_tensor()
    if isinstance(value, Tensor):
        known = value._value if value._value is not None else _const_value(value)
        if known is None:
            return value       # a placeholder (or what is computed from one): an initializer feeds it
        return _tensor(np.asarray(known), value.dtype)
    array, kind = to_array(value, None)
    return _tensor(array, kind)


def _tensor(array, dtype):
    if not isinstance(array, np.ndarray):       # an element of a string tensor: a bytes object
        array = np.array(array, dtype=object) if dtype is dtypes.string else np.asarray(array)
    return EagerTensor(None, 0, dtype, array.shape, array)


@tf_class("tensorflow.python.framework.tensor.TensorSpec")
class TensorSpec:
    def __init__(self, shape, dtype=dtypes.float32, name=None):
        self.shape, self.dtype, self.name = TensorShape(shape), dtypes.as_dtype(dtype), name

    def __repr__(self):
        return f"TensorSpec(shape={self.shape}, dtype=tf.{self.dtype.name}, name={self.name!r})"

    def __eq__(self, other):
        return isinstance(other, TensorSpec) and (self.shape.dims, self.dtype) == (other.shape.dims, other.dtype)


tf_export("TensorSpec")(TensorSpec)


def _spec_of(element, batch=None):
    def one(t):
        shape = tuple(t._shape) if batch is None else (batch,) + tuple(t._shape)
        return TensorSpec(shape, t.dtype)
    return _pack(element, [one(t) for t in _flatten(element)])


# ---------------------------------------------------------------- datasets

@tf_class("tensorflow.python.data.ops.dataset_ops.DatasetV2")
@tf_export("data.Dataset")
class Dataset:
    """A pipeline; subclasses give `_elements()` (a new iterator each time) and `_count`."""

    _count = UNKNOWN
    _kind = "Dataset"

    # -- sources
    @staticmethod
    def from_tensor_slices(tensors, name=None):
        return _Slices(tensors)

    @staticmethod
    def from_tensors(tensors, name=None):
        return _Tensors(tensors)

    @staticmethod
    def from_generator(generator, output_types=None, output_shapes=None, args=None, output_signature=None,
                       name=None):
        return _Generator(generator, output_types, output_shapes, args, output_signature)

    @staticmethod
    def range(*args, output_type=dtypes.int64, name=None):
        return _Range(range(*[int(a) for a in args]), output_type)

    @staticmethod
    def zip(*datasets, name=None):
        if len(datasets) == 1 and isinstance(datasets[0], (tuple, list)):
            datasets = tuple(datasets[0])
        return _Zip(datasets)

    # -- transformations
    def batch(self, batch_size, drop_remainder=False, num_parallel_calls=None, deterministic=None, name=None):
        return _Batch(self, int(batch_size), bool(drop_remainder))

    def repeat(self, count=None, name=None):
        return _Repeat(self, -1 if count is None else int(count))

    def take(self, count, name=None):
        return _Take(self, int(count))

    def skip(self, count, name=None):
        return _Skip(self, int(count))

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=None, name=None):
        return _Shuffle(self, int(buffer_size), seed, True if reshuffle_each_iteration is None
                        else bool(reshuffle_each_iteration))

    def map(self, map_func, num_parallel_calls=None, deterministic=None, name=None):
        return _Map(self, map_func)

    def filter(self, predicate, name=None):
        return _Filter(self, predicate)

    def enumerate(self, start=0, name=None):
        return _Zip((_Range(int(start), dtypes.int64), self))

    def prefetch(self, buffer_size, name=None):
        return self

    def cache(self, filename="", name=None):
        return self

    def with_options(self, options, name=None):
        return self

    def apply(self, transformation_func):
        return transformation_func(self)

    # -- iteration
    def _begin_iteration(self):
        """What making an iterator does at once, before any element: each shuffle it reaches
        (not through a repeat, whose repetitions start later) draws its order's seeds then, as
        TensorFlow's shuffle does when its iterator is made."""
        for source in [getattr(self, "_source", None), *getattr(self, "_datasets", ())]:
            if isinstance(source, Dataset):
                source._begin_iteration()

    def __iter__(self):
        if not ctx.eager:
            raise RuntimeError("`tf.data.Dataset` only supports Python-style iteration in eager mode or within "
                               "tf.function.")
        return Iterator(self)

    def as_numpy_iterator(self):
        for element in self:
            yield _pack(element, [t.numpy() for t in _flatten(element)])

    def make_one_shot_iterator(self):
        return Iterator(self)

    def make_initializable_iterator(self, shared_name=None):
        return make_initializable_iterator(self, shared_name)

    def cardinality(self):
        return _tensor(np.array(self._count, dtype=np.int64), dtypes.int64)

    def __len__(self):
        if self._count == INFINITE:
            raise TypeError("The dataset is infinite.")
        if self._count == UNKNOWN:
            raise TypeError("The dataset length is unknown.")
        return self._count

    def __bool__(self):
        return True

    @property
    def element_spec(self):
        return self._spec()

    @property
    def output_types(self):
        return _output_types(self._v1_spec("output_types"))

    @property
    def output_shapes(self):
        return _output_shapes(self._v1_spec("output_shapes"))

    def _v1_spec(self, attribute):
        """TF1's Dataset has output_types and output_shapes; TF2's has not."""
        if not ctx.v1:
            raise AttributeError(f"'_{self._kind}Dataset' object has no attribute '{attribute}'")
        return self._spec()

    def _spec(self):
        first = _first(self)
        if first is None:
            raise ValueError("the element spec of an empty dataset is not known here")
        return _spec_of(first)

    def __repr__(self):
        return f"<_{self._kind}Dataset element_spec={self._spec()}>"


_PEEKING = [False]


def _first(dataset):
    """The dataset's first element, without moving a shuffle's stream of orders."""
    from autograd_cli.tensorflow.tracing import init_scope

    _PEEKING[0] = True
    try:
        with init_scope():
            return next(iter(dataset._elements()), None)
    finally:
        _PEEKING[0] = False


@tf_class("tensorflow.python.data.ops.iterator_ops.Iterator")
class Iterator:
    """What iterating a dataset gives: `next(it)`, `it.get_next()` (OutOfRangeError at the end).
    In graph mode `get_next()` is an op each Session run takes the next element from (each
    Session has its own position, as TensorFlow's one-shot iterator); each call makes another
    op, and the ops one run fetches take consecutive elements."""

    def __init__(self, dataset):
        self._dataset = dataset
        if ctx.eager:
            dataset._begin_iteration()
        self._elements = dataset._elements() if ctx.eager else None
        self._next_op = None
        if not ctx.eager and _symbolic(dataset):
            raise ValueError(f"Cannot capture a placeholder (name:{_symbolic(dataset)[0].op.name}, type:Placeholder) "
                             "by value.")

    @property
    def element_spec(self):
        return self._dataset._spec()

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._elements)

    def get_next(self, name=None):
        if not ctx.eager:
            return _graph_get_next(self, name)
        try:
            return next(self._elements)
        except StopIteration:
            raise OutOfRangeError(None, None, "End of sequence") from None

    def _pipeline(self):
        """A Session's own pipeline: its shuffles start their streams of orders again."""
        return _Pipeline(copy.deepcopy(self._dataset))

    output_types = property(lambda self: _output_types(self.element_spec))
    output_shapes = property(lambda self: _output_shapes(self.element_spec))


def _output_types(spec):
    return _pack(spec, [s.dtype for s in _flatten(spec)])


def _output_shapes(spec):
    return _pack(spec, [s.shape for s in _flatten(spec)])


class InitializableIterator(Iterator):
    """A TF1 graph's iterator whose dataset may be made of placeholders: `sess.run(it.initializer,
    feed_dict=...)` starts it (again) in that Session on the values fed; `get_next()` before
    that is FailedPreconditionError. `Iterator.from_structure` makes one with no dataset:
    each `make_initializer(dataset)` starts it on that dataset."""

    def __init__(self, dataset=None, spec=None):
        self._dataset = dataset
        self._spec_given = spec
        self._elements = None
        self._next_op = None
        self._initializer = None

    @property
    def element_spec(self):
        return self._spec_given if self._dataset is None else self._dataset._spec()

    @property
    def initializer(self):
        if self._initializer is None:
            self._initializer = self.make_initializer(self._dataset)
        return self._initializer

    def make_initializer(self, dataset, name=None):
        from autograd_cli.tensorflow.core import Operation, _add_op, user_pos
        from autograd_cli.tensorflow.lowering import Recipe

        fed = _symbolic(dataset)
        graph = ctx.graph
        op = Operation("MakeIterator", graph.unique_name(name or "MakeIterator"), fed, None, graph, user_pos())
        op.recipe = Recipe("fn", _lower_initializer, {"iterator": self, "start": _Start(dataset, fed)})
        _add_op(graph, op, [])
        return op

    def _pipeline(self):
        raise FailedPreconditionError(None, None, "GetNext() failed because the iterator has not been initialized. "
                                      "Ensure that you have run the initializer operation for this iterator before "
                                      f"getting the next element.\n\t [[{{{{node {self._next_op_name}}}}}]]")


class _Start:
    """What an initializer starts its iterator on: the dataset with the values fed to the
    placeholders it was made of."""

    def __init__(self, dataset, fed):
        self.dataset, self.fed = dataset, fed

    def pipeline(self, arrays):
        memo = {id(t): _tensor(np.asarray(a, dtype=t.dtype.np), t.dtype) for t, a in zip(self.fed, arrays)}
        return _Pipeline(copy.deepcopy(self.dataset, memo))


def _lower_initializer(L, *nodes, iterator, start):
    effect = getattr(L, "effect", None)
    if effect is not None:
        effect(nodes, lambda session, arrays: session._random_kernels.__setitem__(iterator, start.pipeline(arrays)))
    return []


def _symbolic(dataset) -> list:
    """The graph tensors without a value a dataset was made of (placeholders): what an
    initializer feeds it."""
    found: list = []

    def walk(item):
        if isinstance(item, Tensor):
            if item._value is None and not any(item is t for t in found):
                found.append(item)
        elif isinstance(item, Dataset):
            for value in vars(item).values():
                walk(value)
        elif isinstance(item, (tuple, list)):
            for value in item:
                walk(value)
        elif isinstance(item, dict):
            for value in item.values():
                walk(value)
    walk(dataset)
    return found


class _Pipeline:
    """An iterator's elements in one Session, computed eagerly (a dataset is values, also in
    a TF1 graph); the next one is looked at before it is taken, so a plan can be made for
    its shapes."""

    def __init__(self, dataset):
        self._elements = dataset._elements()
        self._ahead = []

    def peek(self, offset=0):
        from autograd_cli.tensorflow.tracing import init_scope

        while len(self._ahead) <= offset and (not self._ahead or self._ahead[-1] is not _END):
            with init_scope():
                element = next(self._elements, _END)
            self._ahead.append(element)
        return self._ahead[min(offset, len(self._ahead) - 1)]

    def next_shapes(self, offset=0):
        element = self.peek(offset)
        return None if element is _END else tuple(tuple(t._value.shape) for t in _flatten(element))

    def take(self):
        return self._ahead.pop(0) if self._ahead[0] is not _END else _END


class _Ahead:
    """The kernel of a run's second (third, ...) get_next op of one iterator: the iterator's
    pipeline in this Session (the one its initializer last started), seen `offset` elements
    ahead, where this op's element is when the ops before it have taken theirs."""

    def __init__(self, kernels, iterator, offset):
        self.kernels, self.iterator, self.offset = kernels, iterator, offset

    def pipeline(self):
        if self.iterator not in self.kernels:
            self.kernels[self.iterator] = self.iterator._pipeline()
        return self.kernels[self.iterator]

    def next_shapes(self, offset=0):
        return self.pipeline().next_shapes(self.offset + offset)

    def take(self):
        return self.pipeline().take()


_END = object()


class _NextDraw:
    """The values a graph's get_next op takes at each Session run, drawn like a random op's
    (session.py: the Session's kernel is the iterator's _Pipeline): one flat vector of every
    component in the shapes this plan was made for (another shape: the Session makes a plan
    for it, `replans`)."""

    replans = True

    def __init__(self, iterator, shapes, op_name, group):
        self.iterator, self.shapes, self.op_name = iterator, shapes, op_name
        self.shape = (sum(int(np.prod(s)) for s in shapes),)
        self.group, self.index = group, len(group)      # the plan's get_next ops of this iterator
        group.append(self)

    def new_kernel(self):
        return self.iterator._pipeline()

    def draw(self, pipeline):
        from autograd_cli.tensorflow.session import Replan

        if self.index == 0:     # (drawn first: every op's element is checked before any is taken)
            for member in self.group:
                shapes = pipeline.next_shapes(member.index)
                if shapes is None:
                    raise OutOfRangeError(None, None, f"End of sequence\n\t [[{{{{node {member.op_name}}}}}]]")
                if shapes != member.shapes:
                    raise Replan()
        parts = [engine_array(t._value).reshape(-1) for t in _flatten(pipeline.take())]
        return np.concatenate(parts) if parts else np.zeros(0)


def _lower_next(L, iterator, op_name, static):
    """A Session's lowering takes the element its iterator's pipeline has next, in its
    shapes; any other lowering (gradients, static shapes) sees leaves of the static shapes."""
    from autograd_cli.tensorflow.lowering import STAND_IN, unflatten

    session = getattr(L, "session", None)
    if session is None:
        return [L.g.apply("placeholder", value=np.zeros(tuple(STAND_IN if d is None else d for d in dims)))
                for dims in static]
    kernels = session._random_kernels
    if iterator not in kernels:
        kernels[iterator] = iterator._pipeline()
    group = L.__dict__.setdefault("get_next_groups", {}).setdefault(iterator, [])
    key = iterator if not group else (iterator, len(group))
    if group and key not in kernels:
        kernels[key] = _Ahead(kernels, iterator, len(group))
    shapes = kernels[iterator].next_shapes(len(group)) or tuple(tuple(d or 0 for d in dims) for dims in static)
    draw = _NextDraw(iterator, shapes, op_name, group)
    flat = L.random_leaf(key, draw, draw.shape)
    return unflatten(L.g, flat, shapes)


def _graph_get_next(iterator, name):
    from autograd_cli.tensorflow.core import Operation, _add_op, user_pos
    from autograd_cli.tensorflow.lowering import Recipe

    static = _flatten(iterator.element_spec)          # (None, ...) for a batch that may be short
    graph = ctx.graph
    op = Operation("IteratorGetNext", graph.unique_name(name or "IteratorGetNext"), [], None, graph, user_pos())
    outs = _add_op(graph, op, [(s.dtype, tuple(s.shape.dims)) for s in static])
    iterator._next_op_name = op.name
    op.recipe = Recipe("fn", _lower_next, {"iterator": iterator, "op_name": op.name,
                                           "static": tuple(tuple(s.shape.dims) for s in static)})
    return _pack(iterator.element_spec, outs)


@tf_export("compat.v1.data.make_one_shot_iterator")
def make_one_shot_iterator(dataset):
    return Iterator(dataset)


@tf_export("compat.v1.data.make_initializable_iterator")
def make_initializable_iterator(dataset, shared_name=None):
    if ctx.eager:
        raise RuntimeError("`make_initializable_iterator()` is not supported in eager mode. Use Python-style "
                           "iteration instead.")
    return InitializableIterator(dataset)


def _from_structure(output_types, output_shapes=None, shared_name=None, output_classes=None):
    from autograd_cli.tensorflow.dtype import as_dtype

    kinds = _flatten(output_types if isinstance(output_types, (tuple, dict)) else output_types)
    if output_shapes is None:
        shapes = [None] * len(kinds)
    else:
        shapes = _flatten(output_shapes) if isinstance(output_shapes, (tuple, dict)) else [output_shapes]
    spec = _pack(output_types, [TensorSpec(TensorShape(s).dims, as_dtype(k)) for k, s in zip(kinds, shapes)])
    return InitializableIterator(None, spec)


InitializableIterator.from_structure = staticmethod(_from_structure)
tf_class("tensorflow.python.data.ops.iterator_ops.Iterator")(InitializableIterator)    # (TensorFlow's one class)
tf_export("compat.v1.data.Iterator")(InitializableIterator)


@tf_class("tensorflow.python.data.ops.from_tensor_slices_op._TensorSliceDataset")
class _Slices(Dataset):
    _kind = "TensorSlice"

    def __init__(self, tensors):
        self._like = _structured(tensors, top=False)
        self._components = _flatten(self._like)
        sizes = set()
        for t in self._components:
            if t._shape is not None and not t._shape:
                raise ValueError(f"Unbatching a tensor is only supported for rank >= 1, got a scalar ({t})")
            if t._shape is not None and t._shape[0] is not None:
                sizes.add(t._shape[0])
        if len(sizes) > 1:
            first, other = sorted(sizes)[:2]
            raise ValueError(f"Dimensions {first} and {other} are not compatible")
        self._count = sizes.pop() if sizes else UNKNOWN    # (placeholders: known once fed)

    def _elements(self):
        for k in range(len(self._components[0]._value)):
            yield _pack(self._like, [_tensor(t._value[k], t.dtype) for t in self._components])

    def _spec(self):
        return _pack(self._like, [TensorSpec(t._shape[1:], t.dtype) for t in self._components])


@tf_class("tensorflow.python.data.ops.from_tensors_op._TensorDataset")
class _Tensors(Dataset):
    _kind = "Tensor"
    _count = 1

    def __init__(self, tensors):
        self._element = _structured(tensors, top=False)

    def _elements(self):
        yield self._element


@tf_class("tensorflow.python.data.ops.flat_map_op._FlatMapDataset")
class _Generator(Dataset):
    """Elements a Python generator yields, each iteration calling it again; each component
    takes output_types' (or output_signature's) dtype and is checked against its shape."""

    _kind = "FlatMap"

    def __init__(self, generator, types, shapes, args, signature):
        if not callable(generator):
            raise TypeError("`generator` must be a Python callable.")
        if signature is not None:
            types = _pack(signature, [s.dtype for s in _flatten(signature)])
            shapes = _pack(signature, [s.shape.dims for s in _flatten(signature)])
        if types is None:
            raise TypeError("The `output_types` argument can not be None.")
        self._generator, self._args = generator, tuple(args or ())
        self._types = types
        self._shapes = shapes if shapes is not None else _pack(types, [None] * len(_flatten(types)))

    def _elements(self):
        from autograd_cli.tensorflow.dtype import as_dtype

        kinds = [as_dtype(t) for t in _flatten(self._types)]
        shapes = _flatten(self._shapes) if isinstance(self._shapes, (tuple, dict)) else [self._shapes]
        for item in self._generator(*self._args):
            values = _flatten(item)
            if len(values) != len(kinds):
                raise TypeError(f"`generator` yielded an element that did not match the expected structure: "
                                f"{len(values)} components where output_types names {len(kinds)}")
            parts = []
            for value, kind, shape in zip(values, kinds, shapes):
                array, _ = to_array(value, kind)
                if shape is not None and not TensorShape(shape).is_compatible_with(TensorShape(array.shape)):
                    raise InvalidArgumentError(None, None, f"`generator` yielded an element of shape "
                                               f"{array.shape} where an element of shape {TensorShape(shape)} was "
                                               "expected.")
                parts.append(_tensor(array, kind))
            yield _pack(self._types, parts)

    def _spec(self):
        from autograd_cli.tensorflow.dtype import as_dtype

        shapes = _flatten(self._shapes) if isinstance(self._shapes, (tuple, dict)) else [self._shapes]
        return _pack(self._types, [TensorSpec(TensorShape(s).dims, as_dtype(t)) for t, s in
                                   zip(_flatten(self._types), shapes)])


@tf_class("tensorflow.python.data.ops.range_op._RangeDataset")
class _Range(Dataset):
    _kind = "Range"

    def __init__(self, values, dtype):
        """values: a range, or the int an endless count starts at."""
        self._values, self._dtype = values, dtype
        self._count = len(values) if isinstance(values, range) else INFINITE

    def _elements(self):
        for v in self._values if isinstance(self._values, range) else itertools.count(self._values):
            yield _tensor(np.array(v, dtype=self._dtype.np), self._dtype)

    def _spec(self):
        return TensorSpec((), self._dtype)


@tf_class("tensorflow.python.data.ops.zip_op._ZipDataset")
class _Zip(Dataset):
    _kind = "Zip"

    def __init__(self, datasets):
        self._datasets = tuple(datasets)
        counts = [d._count for d in self._datasets]
        finite = [c for c in counts if c >= 0]
        self._count = min(finite) if finite else (UNKNOWN if UNKNOWN in counts else INFINITE)

    def _elements(self):
        yield from zip(*[d._elements() for d in self._datasets])

    def _spec(self):
        return tuple(d._spec() for d in self._datasets)


@tf_class("tensorflow.python.data.ops.batch_op._BatchDataset")
class _Batch(Dataset):
    _kind = "Batch"

    def __init__(self, source, size, drop_remainder):
        if size <= 0:
            raise InvalidArgumentError(None, None, "Batch size must be greater than zero.")
        self._source, self._size, self._drop = source, size, drop_remainder
        n = source._count
        self._count = n if n < 0 else (n // size if drop_remainder else -(-n // size))

    def _elements(self):
        it = self._source._elements()
        while True:
            group = list(itertools.islice(it, self._size))
            if not group or (self._drop and len(group) < self._size):
                return
            columns = zip(*[_flatten(e) for e in group])
            stacked = []
            for column in columns:
                first = column[0]._value.shape
                other = next((t._value.shape for t in column if t._value.shape != first), None)
                if other is not None:
                    raise InvalidArgumentError(None, None, "Cannot add tensor to the batch: number of elements does "
                                               f"not match. Shapes are: [tensor]: {list(first)}, [batch]: "
                                               f"{list(other)} [Op:IteratorGetNext] name: ")
                stacked.append(_tensor(np.stack([t._value for t in column]), column[0].dtype))
            yield _pack(group[0], stacked)

    def _spec(self):
        inner = self._source._spec()
        batch = self._size if self._drop else None
        return _pack(inner, [TensorSpec((batch,) + tuple(s.shape.dims), s.dtype) for s in _flatten(inner)])


@tf_class("tensorflow.python.data.ops.repeat_op._RepeatDataset")
class _Repeat(Dataset):
    _kind = "Repeat"

    def __init__(self, source, count):
        self._source, self._times = source, count
        n = source._count
        self._count = 0 if n == 0 else INFINITE if count < 0 else n if n < 0 else n * count

    def _elements(self):
        epochs = itertools.count() if self._times < 0 else range(self._times)
        for _ in epochs:
            empty = True
            for element in self._source._elements():
                empty = False
                yield element
            if empty:
                return

    def _spec(self):
        return self._source._spec()


@tf_class("tensorflow.python.data.ops.take_op._TakeDataset")
class _Take(Dataset):
    _kind = "Take"

    def __init__(self, source, count):
        self._source, self._n = source, count
        n = source._count
        self._count = n if count < 0 else count if n == INFINITE else UNKNOWN if n == UNKNOWN else min(count, n)

    def _elements(self):
        it = self._source._elements()
        return it if self._n < 0 else itertools.islice(it, self._n)

    def _spec(self):
        return self._source._spec()


@tf_class("tensorflow.python.data.ops.skip_op._SkipDataset")
class _Skip(Dataset):
    _kind = "Skip"

    def __init__(self, source, count):
        self._source, self._n = source, count
        n = source._count
        self._count = n if n < 0 else (0 if count < 0 else max(n - count, 0))

    def _elements(self):
        it = self._source._elements()
        if self._n < 0:
            return iter(())
        return itertools.islice(it, self._n, None)

    def _spec(self):
        return self._source._spec()


@tf_class("tensorflow.python.data.ops.shuffle_op._ShuffleDataset")
class _Shuffle(Dataset):
    _kind = "Shuffle"

    def __init__(self, source, buffer_size, seed, reshuffle):
        from autograd_cli.tensorflow.random_api import _op_seeds

        seeds = _op_seeds(seed)
        self._source, self._count = source, source._count
        self._order = random_streams.DatasetShuffle(buffer_size, seeds[0] or 0, seeds[1] or 0, reshuffle)
        self._drawn: list = []      # the seeds the latest iterator made drew (until it starts)

    def _begin_iteration(self):
        self._drawn = [self._order.iterator_seeds()]       # (an iterator made and never read keeps its draw)
        super()._begin_iteration()

    def _elements(self):
        if self._source._count == INFINITE:
            raise NotImplementedError("shuffle of an infinite dataset (a repeat() before shuffle) is not supported "
                                      "here: put the shuffle before the repeat")
        elements = self._source._elements()
        if _PEEKING[0]:
            yield from elements
            return
        seeds = self._drawn.pop(0) if self._drawn else None
        elements = list(elements)
        for k in self._order.order(len(elements), seeds):
            yield elements[k]

    def _spec(self):
        return self._source._spec()


def _call(fn, element):
    return fn(*element) if isinstance(element, tuple) and not hasattr(element, "_fields") else fn(element)


def _traced(fn):
    """The function as a tf.function: traced once per element signature (a Python `print`
    inside runs then), as TensorFlow traces a dataset's function."""
    from autograd_cli.tensorflow.tf_function import Function

    return Function(fn)


@tf_class("tensorflow.python.data.ops.map_op._MapDataset")
class _Map(Dataset):
    _kind = "Map"

    def __init__(self, source, fn):
        self._source, self._fn, self._count = source, _traced(fn), source._count

    def _elements(self):
        for element in self._source._elements():
            yield _structured(_call(self._fn, element))

    def _spec(self):
        """Over placeholders (an initializable iterator's dataset, no element yet): the
        function traced on symbolic elements of the source's spec."""
        if not _symbolic(self._source):
            return Dataset._spec(self)
        from autograd_cli.tensorflow.tracing import FuncGraph, symbolic_input, tracing

        inner = self._source._spec()
        graph = FuncGraph(f"{self._kind}_spec")
        with tracing(graph):
            element = _pack(inner, [symbolic_input(graph, s.dtype, s.shape.dims) for s in _flatten(inner)])
            result = _structured(_call(self._fn.python_function, element))
        return _spec_of(result)


@tf_class("tensorflow.python.data.ops.filter_op._FilterDataset")
class _Filter(Dataset):
    _kind = "Filter"

    def __init__(self, source, predicate):
        self._source, self._predicate = source, _traced(predicate)
        self._count = UNKNOWN if source._count != INFINITE else INFINITE

    def _elements(self):
        for element in self._source._elements():
            keep = _eager(_call(self._predicate, element))
            if keep.dtype is not dtypes.bool_ or keep._value.shape != ():
                raise ValueError(f"Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its "
                                 f"return type was {TensorSpec(keep._shape, keep.dtype)}.")
            if bool(keep._value):
                yield element

    def _spec(self):
        return self._source._spec()


export_value("data.AUTOTUNE", -1)
export_value("data.experimental.AUTOTUNE", -1)


@tf_export("compat.v1.data.get_output_types")
def get_output_types(dataset_or_iterator):
    return dataset_or_iterator.output_types


@tf_export("compat.v1.data.get_output_shapes")
def get_output_shapes(dataset_or_iterator):
    return dataset_or_iterator.output_shapes

refresh()     # this module is deferred (tensorflow/__init__): its names join the namespaces now
