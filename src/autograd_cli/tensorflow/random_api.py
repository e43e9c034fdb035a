"""tf.random: TensorFlow's random ops and seed rules, drawing from random_streams (TF's own
Philox streams, so a seeded snippet prints TensorFlow's numbers).

Eagerly an op draws at once from the kernel the eager seed state keeps for its op, dtype
and seed pair (`tf.random.set_seed` resets them). In a graph an op is a leaf whose values a
Session draws at each run from that session's own kernel for the op: two runs of the same
op give new numbers, a new Session starts the stream again, as in TensorFlow. An op's seed
pair is fixed when it is made (`get_seed`: the graph's or eager global seed and the op seed).
"""
from __future__ import annotations

import weakref

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow import random_streams
from autograd_cli.tensorflow.array_ops import int_list, static_value
from autograd_cli.tensorflow.core import EagerTensor, Operation, Tensor, _add_op, convert_to_tensor, ctx, user_pos
from autograd_cli.tensorflow.dtype import as_dtype
from autograd_cli.tensorflow.exports import tf_export
from autograd_cli.tensorflow.lowering import STAND_IN, Recipe
from autograd_cli.support.errors import AgError

EAGER_SEEDS = random_streams.EagerSeedState()
_GRAPH_SEEDS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()   # Graph -> GraphSeedState


@tf_export("random.set_seed", "compat.v1.set_random_seed", "set_random_seed", "compat.v1.random.set_random_seed")
def set_seed(seed):
    """The global seed (eager) or the default graph's seed (graph mode)."""
    if ctx.eager:
        EAGER_SEEDS.set_seed(seed)
    else:
        ctx.graph.seed = seed


def _graph_seeds(graph) -> random_streams.GraphSeedState:
    state = _GRAPH_SEEDS.get(graph)
    if state is None:
        state = _GRAPH_SEEDS[graph] = random_streams.GraphSeedState()
    state.seed = graph.seed
    return state


def _op_seeds(seed):
    """The (seed, seed2) of a random op made now with this op seed (TensorFlow's get_seed:
    under a global seed an unseeded op takes the next op seed of the sequence)."""
    if seed is not None:
        seed = int(static_value(seed))
    if ctx.eager:
        return EAGER_SEEDS.op_seeds(seed)
    return _graph_seeds(ctx.graph).op_seeds(seed)


class Sampler:
    """What one random op draws from its kernel: `kernel_op` (TF's kernel name), the shape,
    the dtype and the bounds or moments (numbers, fixed when the op is made)."""

    __slots__ = ("kernel_op", "shape", "dtype", "arguments", "seeds")

    def __init__(self, kernel_op, shape, dtype, arguments, seeds):
        self.kernel_op, self.shape, self.dtype, self.arguments, self.seeds = kernel_op, shape, dtype, arguments, seeds

    def draw(self, kernel: random_streams.StatefulKernel, shape=None) -> np.ndarray:
        """`shape`: the run's, for an op whose shape is a tensor (else the op's own)."""
        name, shape = self.dtype.np, self.shape if shape is None else shape
        if self.kernel_op == "RandomStandardNormal":
            return kernel.normal(shape, name, *self.arguments)
        if self.kernel_op == "TruncatedNormal":
            return kernel.truncated_normal(shape, name, *self.arguments)
        if self.kernel_op == "RandomShuffle":
            return kernel.shuffle(*self.arguments)
        return kernel.uniform(shape, name, *self.arguments)

    def new_kernel(self) -> random_streams.StatefulKernel:
        seed, seed2 = self.seeds
        return random_streams.StatefulKernel(0, 0) if seed is None else random_streams.StatefulKernel(seed, seed2)

    def __repr__(self):
        return f"Sampler({self.kernel_op}, {self.shape}, {self.dtype.name}, {self.arguments}, {self.seeds})"


def _lower_random(L, *shape_node, sampler=None, uid=None):
    """A Session's lowering draws the values at each run, in the shape of this run's feeds
    when the op's shape is a tensor (`shape_node`); any other lowering (static shapes,
    gradients) sees a leaf of the op's static shape (STAND_IN for a size known only then).
    Other leaves drawn per run call it as `_lower_random(L, sampler, uid)` (data.py's
    iterator: its sampler has `shape`, `new_kernel()` and `draw(kernel)`)."""
    if sampler is None:
        (sampler, uid), shape_node = shape_node, ()
    random_leaf = getattr(L, "random_leaf", None)
    if random_leaf is not None:
        dims = tuple(L.integers(shape_node[0], L.g.pos, "a random op's shape")) if shape_node else sampler.shape
        if any(d < 0 for d in dims):
            raise AgError(f"a random tensor's dimensions are >= 0, got {list(dims)}", L.g.pos)
        return random_leaf(uid, sampler, dims)
    dims = tuple(STAND_IN if d is None else d for d in sampler.shape)
    return L.g.apply("placeholder", value=np.broadcast_to(np.float64(0.0), dims))


def _number(value, what):
    found = static_value(value, what)
    if found is None or np.ndim(found) != 0:
        raise TypeError(f"{what} of a random op must be a number (or a constant scalar tensor) here, got {value!r}")
    return found.item() if isinstance(found, np.ndarray | np.generic) else found


def _random(kernel_op, op_name, shape, dtype, arguments, seed, name):
    dims = int_list(shape)
    inputs = []
    if dims is None:       # a shape known when the graph runs: tf.shape(x), [tf.shape(x)[0], 10]
        shape_tensor = convert_to_tensor(shape, dtype_hint=dtypes.int32)
        dims = _static_dims(shape_tensor)
        inputs = [shape_tensor]
    elif any(d < 0 for d in dims):
        raise ValueError("Dimension -1 must be >= 0" if -1 in dims else f"a random tensor's dimensions are >= 0, "
                         f"got {dims}")
    seeds = _op_seeds(seed)
    sampler = Sampler(kernel_op, tuple(dims), dtype, arguments, seeds)
    if ctx.eager:
        value = EAGER_SEEDS.kernel(kernel_op, dtype.np, *seeds)
        array = sampler.draw(value)
        return EagerTensor(None, 0, dtype, array.shape, array)
    op, out = random_leaf_op(kernel_op, name or op_name, sampler, dtype, dims, inputs)
    op.attrs.update(seed=seeds[0] or 0, seed2=seeds[1] or 0, dtype=dtype)
    return out


def random_leaf_op(kernel_op, name, sampler, dtype, dims, inputs=()):
    """A random op of the graph being built: a leaf whose values each run draws from
    `sampler` (a Session's run from its kernel for the op, a tf.function's call before its
    graph runs); see _lower_random. Returns the op and its output."""
    graph = ctx.graph
    op = Operation(kernel_op, graph.unique_name(name), list(inputs), None, graph, user_pos())
    out = _add_op(graph, op, [(dtype, tuple(dims))])[0]
    op.recipe = Recipe("fn", _lower_random, {"sampler": sampler, "uid": op.uid})
    return op, out


def _static_dims(shape_tensor) -> list:
    """What is known of the sizes a shape tensor will hold: those of `tf.shape(x)`'s x, the
    constant parts of a stacked list; None for the rest."""
    if shape_tensor._shape is None or len(shape_tensor._shape) != 1 or shape_tensor._shape[0] is None:
        raise TypeError("the shape of a random op must be a list or a 1-D tensor of known length here")
    op = shape_tensor.op
    if op is not None and op.type == "Shape" and op.inputs and op.inputs[0]._shape is not None:
        return list(op.inputs[0]._shape)
    if op is not None and op.type == "Pack":
        parts = [static_value(t) for t in op.inputs]
        return [None if part is None else int(part) for part in parts]
    return [None] * shape_tensor._shape[0]


def _float_type(dtype, op):
    kind = as_dtype(dtype)
    if kind not in (dtypes.float32, dtypes.float64):
        raise TypeError(f"Value for attr 'dtype' of {kind.name} is not in the list of allowed values: float32, "
                        f"float64 here (op {op})")
    return kind


@tf_export("random.normal", "random_normal", "compat.v1.random_normal")
def normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None):
    kind = _float_type(dtype, "RandomStandardNormal")
    if not _all_known(mean, stddev):
        return _shifted(_random("RandomStandardNormal", "random_normal", shape, kind, (0.0, 1.0), seed, name),
                        stddev, mean)
    moments = (_number(mean, "mean"), _number(stddev, "stddev"))
    return _random("RandomStandardNormal", "random_normal", shape, kind, moments, seed, name)


def _all_known(*values) -> bool:
    """Whether each bound or moment is a number now (else a tensor computed when the graph runs)."""
    for value in values:
        found = value if value is None else static_value(value, "a bound")
        if (isinstance(value, Tensor) or hasattr(value, "_as_tensor")) and (found is None or np.ndim(found) != 0):
            return False
    return True


def _shifted(draws, scale, shift):
    """`draws * scale + shift` as ops, as TensorFlow applies a bound or moment that is a tensor."""
    from autograd_cli.tensorflow import math_ops

    return math_ops.add(math_ops.multiply(draws, convert_to_tensor(scale, draws.dtype)),
                        convert_to_tensor(shift, draws.dtype))


@tf_export("random.truncated_normal", "truncated_normal", "compat.v1.truncated_normal")
def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None):
    kind = _float_type(dtype, "TruncatedNormal")
    if not _all_known(mean, stddev):
        return _shifted(_random("TruncatedNormal", "truncated_normal", shape, kind, (0.0, 1.0), seed, name),
                        stddev, mean)
    moments = (_number(mean, "mean"), _number(stddev, "stddev"))
    return _random("TruncatedNormal", "truncated_normal", shape, kind, moments, seed, name)


@tf_export("random.uniform", "random_uniform", "compat.v1.random_uniform")
def uniform(shape, minval=0, maxval=None, dtype=dtypes.float32, seed=None, name=None):
    kind = as_dtype(dtype)
    if kind.is_integer:
        if kind not in (dtypes.int32, dtypes.int64):
            raise TypeError(f"Value for attr 'Tout' of {kind.name} is not in the list of allowed values: int32, int64")
        if maxval is None:
            raise ValueError(f"Must specify maxval for integer dtype {kind!r}")
        bounds = (int(_number(minval, "minval")), int(_number(maxval, "maxval")))
        if not bounds[0] < bounds[1]:
            raise ValueError(f"Need minval < maxval, got {bounds[0]} >= {bounds[1]}")
        kernel_op = "RandomUniformInt"
    else:
        kind = _float_type(kind, "RandomUniform")
        if not _all_known(minval, maxval):
            from autograd_cli.tensorflow import math_ops

            low, high = convert_to_tensor(minval, kind), convert_to_tensor(1 if maxval is None else maxval, kind)
            draws = _random("RandomUniform", "random_uniform", shape, kind, (0, 1), seed, name)
            return math_ops.add(math_ops.multiply(draws, math_ops.subtract(high, low)), low)
        bounds = (_number(minval, "minval"), 1 if maxval is None else _number(maxval, "maxval"))
        kernel_op = "RandomUniform"
    return _random(kernel_op, "random_uniform", shape, kind, bounds, seed, name)


def _stateless(draw, shape, seed, dtype, arguments, name):
    dims = int_list(shape)
    pair = static_value(seed)
    if dims is None or pair is None or np.shape(pair) != (2,):
        raise ValueError("a stateless random op needs a known shape and a seed of shape [2] here")
    kind = as_dtype(dtype)
    array = draw(dims, [int(s) for s in pair], *arguments, dtype=kind.np).astype(kind.np)
    from autograd_cli.tensorflow.core import constant_tensor

    return constant_tensor(array, kind, name, op_name=draw.__name__.replace("stateless_", "stateless_random_"))


@tf_export("random.stateless_normal")
def stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None, alg="auto_select"):
    return _stateless(random_streams.stateless_normal, shape, seed, dtype,
                      (_number(mean, "mean"), _number(stddev, "stddev")), name)


@tf_export("random.stateless_truncated_normal")
def stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None,
                               alg="auto_select"):
    return _stateless(random_streams.stateless_truncated_normal, shape, seed, dtype,
                      (_number(mean, "mean"), _number(stddev, "stddev")), name)


@tf_export("random.stateless_uniform")
def stateless_uniform(shape, seed, minval=0, maxval=None, dtype=dtypes.float32, name=None, alg="auto_select"):
    """An integer dtype with minval and maxval None: every value of the dtype."""
    kind = as_dtype(dtype)
    if kind.is_integer and (minval is None) != (maxval is None):
        raise ValueError(f"For integer `dtype` argument {kind}, argument `minval` and `maxval` must be both None or "
                         f"not None. Got `minval`={minval} and `maxval`={maxval}.")
    minval, maxval = (None if b is None else _number(b, what) for b, what in ((minval, "minval"), (maxval, "maxval")))
    return _stateless(random_streams.stateless_uniform, shape, seed, dtype, (minval, maxval), name)


@tf_export("random.split", "random.experimental.stateless_split")
def split(seed, num=2, alg="auto_select"):
    """`num` new seed pairs: full-range integers of the seed's dtype drawn from it, shape [num, 2]."""
    seed = convert_to_tensor(seed)
    return stateless_uniform([num, 2], seed, None, None, seed.dtype)


@tf_export("random.fold_in", "random.experimental.stateless_fold_in")
def fold_in(seed, data, alg="auto_select"):
    """The pair [a full-range integer drawn from the seed, data], in data's dtype."""
    from autograd_cli.tensorflow.array_ops import stack

    data = convert_to_tensor(data)
    return stack([stateless_uniform([], seed, None, None, data.dtype), data])


@tf_export("random.shuffle", "random_shuffle", "compat.v1.random_shuffle")
def shuffle(value, seed=None, name=None):
    """Along the first axis. In a graph the input must be known when the op is made (a
    constant): the op is then a leaf drawn at each run like the other random ops."""
    tensor = value if isinstance(value, Tensor) else convert_to_tensor(value)     # TF's dtype inference
    if ctx.eager:
        shuffled = EAGER_SEEDS.shuffle(tensor._need_value("a shuffle's input"), *(
            [] if seed is None else [int(static_value(seed))]))
        return EagerTensor(None, 0, tensor.dtype, shuffled.shape, shuffled)
    values = static_value(tensor)
    if values is not None and np.ndim(values) == 0:
        raise ValueError("Shape must be at least rank 1 but is rank 0 for 'RandomShuffle'")
    if values is None or tensor.dtype is dtypes.string:
        raise NotImplementedError("tf.random.shuffle in graph mode needs a constant numeric input here (a "
                                  "placeholder's or variable's value is not supported)")
    return _random("RandomShuffle", "RandomShuffle", values.shape, tensor.dtype, (np.asarray(values),), seed, name)
