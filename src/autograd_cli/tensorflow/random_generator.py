"""tf.random.Generator: TensorFlow 2.21's stateful random-number generator, its numbers bit
for bit.

A generator's state is an int64 Variable [counter low, counter high, key] (Philox, the only
algorithm TensorFlow's CPU kernels run). Each draw reads the state and advances its 128-bit
counter by 256 per output element (TensorFlow's RngReadAndSkip), then fills the output as the
stateless V2 kernels do from the key and counter it read (random_kernels), the moments and
bounds applied by ops afterwards, as in TensorFlow. `make_seeds` and `split` draw full-range
int64s. A seed becomes a state as `create_rng_state` does: a Python int cut into 64-bit words
from the low end, a vector padded with zeros on the left.

In a tf.function a draw is a random op that each call draws before the function's graph runs,
in program order, the state advanced in Python (as tf_function draws its random ops); what
the engine's float64 values would round (full-range int64s, the state itself) or what sets the
state mid-call stops the trace instead, and the function runs eagerly, with the same numbers.
A TF1 graph refuses a generator.
"""
from __future__ import annotations

import contextlib
import enum
import random as _python_random
import weakref

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.array_ops import int_list, static_value
from autograd_cli.tensorflow.core import EagerTensor, Tensor, convert_to_tensor, ctx
from autograd_cli.tensorflow.dtype import as_dtype
from autograd_cli.tensorflow.exports import refresh, tf_class, tf_export
from autograd_cli.tensorflow.failures import InvalidArgumentError, UnimplementedError, kernel_message
from autograd_cli.tensorflow.random_api import EAGER_SEEDS, _float_type, random_leaf_op
from autograd_cli.tensorflow.random_kernels import (
    MASK64, RESERVED_COUNTERS_PER_ELEMENT, kernel_normal, kernel_truncated_normal, kernel_uniform,
    kernel_uniform_full_int, kernel_uniform_int)
from autograd_cli.tensorflow.tracing import outermost_context, tracing_function

_STATE_SIZES = {1: 3, 2: 2, 3: 3}       # Philox: two counter words and the key; ThreeFry: one and one
_MAX_INT64 = 2**63 - 1
_GENERATORS: "weakref.WeakSet" = weakref.WeakSet()      # the live generators, for draws_discarded


@tf_class("tensorflow.python.ops.random_ops_util.Algorithm")
@tf_export("random.Algorithm", "random.experimental.Algorithm")
class Algorithm(enum.Enum):
    PHILOX = 1
    THREEFRY = 2
    AUTO_SELECT = 3


def _unsupported(alg) -> str:
    if isinstance(alg, str):
        names = ("philox", "threefry", "auto_select")
    elif isinstance(alg, int):
        names = (1, 2, 3)
    else:
        names = (Algorithm.PHILOX, Algorithm.THREEFRY, Algorithm.AUTO_SELECT)
    return (f"Argument `alg` got unsupported value {alg}. Supported values are {names[0]} for the Philox "
            f"algorithm, {names[1]} for the ThreeFry algorithm, and {names[2]} for auto-selection.")


def _alg_id(alg) -> int:
    """TensorFlow's convert_alg_to_int (a scalar tensor gives its value here)."""
    if isinstance(alg, Algorithm):
        return alg.value
    if isinstance(alg, Tensor):
        alg = static_value(alg).item()
    if isinstance(alg, (int, np.integer)):
        return int(alg)
    if isinstance(alg, str):
        canonical = alg.strip().lower().replace("-", "").replace("_", "")
        found = {"philox": 1, "threefry": 2, "autoselect": 3}.get(canonical)
        if found is None:
            raise ValueError(_unsupported(alg))
        return found
    raise TypeError(f"Can't convert argument `alg` (of value {alg} and type {type(alg)}) to int.")


def _state_size(alg: int) -> int:
    if alg not in _STATE_SIZES:
        raise ValueError(_unsupported(alg))
    return _STATE_SIZES[alg]


def _as_int64(values) -> np.ndarray:
    """Words above int64's range wrap to negative, as TensorFlow's _uint_to_int does. Python
    ints are taken one by one: NumPy makes a list of large and small ones float64."""
    if isinstance(values, (list, tuple)):
        values = np.array([_wrapped(v) for v in values], dtype=np.int64)
    array = np.asarray(values)
    if array.dtype.kind == "u" or array.dtype == object:
        array = np.array([_wrapped(v) for v in array.ravel()], dtype=np.int64).reshape(array.shape)
    return array.astype(np.int64)


def _wrapped(value) -> int:
    value = int(value)
    return value - 2**64 if value > _MAX_INT64 else value


def _state_from_seed(seed, alg: int) -> np.ndarray:
    size = _state_size(alg)
    if isinstance(seed, int):
        words = []
        for _ in range(size):       # (a negative seed's words are all ones above its own)
            words.append(seed & MASK64)
            seed >>= 64
        seed = words
    elif isinstance(seed, Tensor) or hasattr(seed, "_as_tensor"):
        seed = static_value(seed)
    words = _as_int64(seed).reshape(-1)[:size]
    return np.concatenate([np.zeros(size - words.size, dtype=np.int64), words])


def _state_tensor(array) -> EagerTensor:
    array = np.asarray(array, dtype=np.int64)
    return EagerTensor(None, 0, dtypes.int64, array.shape, array)


@tf_export("random.create_rng_state", "random.experimental.create_rng_state")
def create_rng_state(seed, alg):
    return _state_tensor(_state_from_seed(seed, _alg_id(alg)))


def _state_value(state, alg: int) -> np.ndarray:
    if isinstance(state, Tensor) or hasattr(state, "_as_tensor"):
        state = static_value(state)
    array = _as_int64(state)
    if array.shape != (_state_size(alg),):
        raise ValueError(f"Shapes {array.shape} and ({_state_size(alg)},) are incompatible")
    return array


_TF1_REFUSED = "tf.random.Generator is not supported in a TF1 graph here (it runs eagerly, and in a tf.function)"


def _no_tf1_graph() -> None:
    if not ctx.eager and tracing_function() is None:
        raise NotImplementedError(_TF1_REFUSED)


def _eager_only(what: str) -> None:
    """What a traced draw cannot do (int64s the engine's float64 would round, the state read or
    set mid-call) stops the trace: the tf.function then runs eagerly, with the same numbers."""
    _no_tf1_graph()
    if not ctx.eager:
        raise NotImplementedError(f"a tf.random.Generator's {what} inside a tf.function runs eagerly here")


class _TracedDraw:
    """A traced draw, as tf_function's random ops are (random_api.Sampler's interface): each
    call of the function draws it from the generator's state then."""

    __slots__ = ("generator", "fill", "shape", "dtype", "op_type")

    def __init__(self, generator, fill, dims, kind, op_type):
        self.generator, self.fill, self.shape, self.dtype, self.op_type = generator, fill, tuple(dims), kind, op_type

    def new_kernel(self):
        return self.generator

    def draw(self, generator, shape=None):
        return generator._draw_now(self.fill, self.shape, self.dtype, self.op_type)


def _read_and_skip(alg: int, state, count: int) -> tuple[int, int, np.ndarray]:
    """The key and counter a draw of `count` elements reads from the state, and the state after
    it: the 128-bit counter 256 further per element."""
    if alg == Algorithm.THREEFRY.value:
        raise UnimplementedError(None, None, kernel_message(
            "RngReadAndSkip", "Non-XLA devices don't support the ThreeFry algorithm."))
    if alg not in _STATE_SIZES:
        raise InvalidArgumentError(None, None, kernel_message("RngReadAndSkip", f"Unsupported algorithm id: {alg}"))
    low, high, key = (int(w) & MASK64 for w in np.asarray(state))
    counter = low | (high << 64)
    # (TensorFlow's skip adds a uint64: a negative size moves the counter back within 2**64)
    after = (counter + ((count * RESERVED_COUNTERS_PER_ELEMENT) & MASK64)) & (2**128 - 1)
    return key, counter, _as_int64([after & MASK64, after >> 64, key])


def _variable(value, name="StateVar"):
    from autograd_cli.tensorflow.variables import Variable

    return Variable(value, trainable=False, name=name, dtype=dtypes.int64)


@tf_class("tensorflow.python.ops.stateful_random_ops.Generator")
@tf_export("random.Generator", "random.experimental.Generator")
class Generator:
    def __init__(self, copy_from=None, state=None, alg=None):
        from autograd_cli.tensorflow.variables import Variable

        _no_tf1_graph()
        if copy_from is not None:
            if (alg or state) is not None:
                raise AssertionError("Generator(copy_from=...) takes no state or alg")
            state, alg = copy_from._state_var._value.copy(), copy_from.algorithm
        elif alg is None or state is None:
            raise AssertionError("Generator() needs copy_from, or both state and alg")
        self._alg = _alg_id(alg)
        if isinstance(state, Variable):
            if state.shape.as_list() != [_state_size(self._alg)]:
                raise ValueError(f"Shapes {state.shape} and ({_state_size(self._alg)},) are incompatible")
            self._state_var = state
        else:
            with outermost_context():      # (made in a trace: an eager variable, as TensorFlow lifts it)
                self._state_var = _variable(_state_value(state, self._alg))
        _GENERATORS.add(self)

    @classmethod
    def from_state(cls, state, alg):
        return cls(state=state, alg=alg)

    @classmethod
    def from_seed(cls, seed, alg=None):
        alg = _alg_id(Algorithm.PHILOX if alg is None else alg)
        return cls(state=_state_from_seed(seed, alg), alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg=None):
        """Unseeded: the OS's random words (TensorFlow's NonDeterministicInts), other numbers each run."""
        alg = _alg_id(Algorithm.PHILOX if alg is None else alg)
        source = _python_random.SystemRandom()
        return cls(state=[source.getrandbits(64) for _ in range(_state_size(alg))], alg=alg)

    @classmethod
    def from_key_counter(cls, key, counter, alg):
        alg = _alg_id(alg)
        return cls(state=_key_counter_state(key, counter, alg), alg=alg)

    # -- the state
    @property
    def state(self):
        if tracing_function() is not None:      # (read at a call's start here, and rounded: it runs eagerly)
            _eager_only("state")
        return self._state_var

    @property
    def algorithm(self):
        return self._alg

    @property
    def key(self):
        if self._alg not in _STATE_SIZES:
            raise ValueError(_unsupported(self._alg))
        if tracing_function() is not None:
            _eager_only("key")
        return self._state_var[-1]

    def _checkpointed_variables(self):
        """What a tf.train.Checkpoint saves and restores of it."""
        return [self._state_var]

    def reset(self, state):
        _eager_only("reset")
        self._state_var.assign(_state_value(state, self._alg))

    def reset_from_seed(self, seed):
        _eager_only("reset_from_seed")
        self._state_var.assign(_state_from_seed(seed, self._alg))

    def reset_from_key_counter(self, key, counter):
        _eager_only("reset_from_key_counter")
        self._state_var.assign(_key_counter_state(key, counter, self._alg))

    def skip(self, delta):
        """Advance the counter as a draw of `delta` elements does; the state before, as a tensor."""
        _eager_only("skip")
        before = _state_tensor(self._state_var._value.copy())
        self._draw_now(None, [int(static_value(delta))], None)
        return before

    def _draw_now(self, fill, dims, kind, op_type=None):
        """`fill(key, counter, size, numpy dtype)`'s array of these dims, the state's counter
        moved past it first (TensorFlow's RngReadAndSkip); no fill: only the skip."""
        size = int(np.prod(dims, dtype=np.int64))
        key, counter, after = _read_and_skip(self._alg, self._state_var._value, size)
        self._state_var.assign(after)
        if fill is None:
            return None
        for d in dims:      # (a negative size has moved the counter back, as in TensorFlow)
            if d < 0:
                raise InvalidArgumentError(None, None, kernel_message(op_type, f"Dimension {d} must be >= 0"))
        return fill(key, counter, size, np.dtype(kind.np)).reshape(dims)

    def _draw(self, fill, shape, kind, op_type):
        """The draw as a tensor: eagerly now; in a tf.function's trace a random op that each
        call draws before the function's graph runs, in program order (tf_function draws its
        random ops so), the state advanced in Python (the engine's float64 would round it)."""
        _no_tf1_graph()
        dims = _dims(shape)
        if ctx.eager:
            return EagerTensor(None, 0, kind, tuple(dims), self._draw_now(fill, dims, kind, op_type))
        if any(d < 0 for d in dims):
            _eager_only("draw of a negative size")
        _op, out = random_leaf_op(op_type, op_type, _TracedDraw(self, fill, dims, kind, op_type), kind, dims)
        tracing_function().side_effects.append(out)     # (drawn at each call, used or not)
        return out

    # -- draws: the kernel's numbers, then TensorFlow's ops for the moments and bounds
    def normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
        return self._shifted(kernel_normal, "StatelessRandomNormalV2", shape, mean, stddev, dtype)

    def truncated_normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
        return self._shifted(kernel_truncated_normal, "StatelessTruncatedNormalV2", shape, mean, stddev, dtype)

    def _shifted(self, kernel, op, shape, mean, stddev, dtype):
        """`draws * stddev + mean`, ops after the kernel as in TensorFlow (moments checked before the draw)."""
        from autograd_cli.tensorflow import math_ops

        kind = _float_type(dtype, op)
        mean, stddev = convert_to_tensor(mean, kind), convert_to_tensor(stddev, kind)
        return math_ops.add(math_ops.multiply(self._draw(kernel, shape, kind, op), stddev), mean)

    def uniform(self, shape, minval=0, maxval=None, dtype=dtypes.float32, name=None):
        from autograd_cli.tensorflow import math_ops

        kind = as_dtype(dtype)
        if kind.is_integer:
            if (minval is None) != (maxval is None):
                raise ValueError(f"For integer dtype {kind}, minval and maxval must be both `None` or both "
                                 f"non-`None`; got minval={minval} and maxval={maxval}")
            if minval is None:
                return self.uniform_full_int(shape, kind)
            return self._uniform_int(shape, minval, maxval, kind)
        kind = _float_type(kind, "StatelessRandomUniformV2")
        low, high = convert_to_tensor(minval, kind), convert_to_tensor(1 if maxval is None else maxval, kind)
        draws = self._draw(kernel_uniform, shape, kind, "StatelessRandomUniformV2")
        return math_ops.add(math_ops.multiply(draws, math_ops.subtract(high, low)), low)

    def _uniform_int(self, shape, minval, maxval, kind):
        bounds = [static_value(convert_to_tensor(b, kind)) for b in (minval, maxval)]
        _check_int_kind(self, kind, "StatelessRandomUniformIntV2", shape)
        if any(b is None for b in bounds):
            raise NotImplementedError("a generator's integer bounds must be known when the draw is made here")
        if any(np.ndim(b) for b in bounds):
            raise InvalidArgumentError(None, None, kernel_message(
                "StatelessRandomUniformIntV2", "minval must be 0-D, got shape " + str(list(np.shape(bounds[0])))))
        low, high = (int(b) for b in bounds)
        if kind == dtypes.int64 and max(abs(low), abs(high)) > 2**53:
            _eager_only("draws int64s beyond 2**53")

        def fill(key, counter, size, np_dtype):
            if size and not low < high:     # (TensorFlow's kernel checks after the state's skip)
                raise InvalidArgumentError(None, None, kernel_message(
                    "StatelessRandomUniformIntV2", f"Need minval < maxval, got {low} >= {high}"))
            return kernel_uniform_int(key, counter, size, low, high, np_dtype)

        return self._draw(fill, shape, kind, "StatelessRandomUniformIntV2")

    def uniform_full_int(self, shape, dtype="uint64", name=None):
        """Every value of the integer dtype: int32 and int64 here (uint64, TensorFlow's default, is no dtype here)."""
        if dtype == "uint64":
            raise NotImplementedError("Generator.uniform_full_int draws int32 or int64 here (uint64, its default, "
                                      "is not a dtype here): pass dtype=tf.int64")
        kind = as_dtype(dtype)
        _check_int_kind(self, kind, "StatelessRandomUniformFullIntV2", shape)
        if kind == dtypes.int64:
            _eager_only("draws full-range int64s")
        return self._draw(kernel_uniform_full_int, shape, kind, "StatelessRandomUniformFullIntV2")

    def make_seeds(self, count=1):
        """Seed pairs for the stateless ops, shape [2, count]: full-range int64 keys over zeros."""
        from autograd_cli.tensorflow import array_ops

        keys = self.uniform_full_int([count], dtypes.int64)
        return array_ops.stack([keys, array_ops.zeros_like(keys)])

    def split(self, count=1):
        """`count` new generators, each keyed by a full-range int64 draw (their counters 0)."""
        _eager_only("split")
        keys = self.uniform_full_int([count], dtypes.int64)._value
        size = _state_size(self._alg)
        return [Generator(state=[0] * (size - 1) + [int(key)], alg=self._alg) for key in keys]

    def binomial(self, shape, counts, probs, dtype=dtypes.int32, name=None):
        raise NotImplementedError("tf.random.Generator.binomial is not supported here")


def _words(value):
    """A list of Python ints as it is (for _as_int64), a tensor's value, or a number."""
    if isinstance(value, (list, tuple)) and not any(isinstance(v, Tensor) for v in value):
        return value
    return static_value(value) if isinstance(value, Tensor) or hasattr(value, "_as_tensor") else value


def _key_counter_state(key, counter, alg: int) -> np.ndarray:
    size = _state_size(alg)
    counter = _as_int64(_words(counter)).reshape(-1)
    key = _as_int64(_words(key))
    if counter.shape != (size - 1,) or key.shape != ():
        raise ValueError(f"a {size - 1}-word counter and a scalar key, got shapes {counter.shape} and {key.shape}")
    return np.concatenate([counter, key.reshape(1)])


def _dims(shape) -> list[int]:
    dims = int_list(shape)
    if dims is None:
        # (in a trace this stops it: the function runs eagerly, where the shape is known)
        raise NotImplementedError("the shape of a generator's draw must be known when the draw is made here")
    return dims


_INT_SIGNATURES = {
    "StatelessRandomUniformIntV2": ("shape:Tshape, key:uint64, counter:uint64, alg:int32, minval:dtype, "
                                    "maxval:dtype -> output:dtype", "attr=dtype:type,allowed="),
    "StatelessRandomUniformFullIntV2": ("shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype",
                                        "attr=dtype:type,default=DT_UINT64,allowed="),
}


def _check_int_kind(generator, kind, op, shape) -> None:
    """An integer dtype the kernel does not take: TensorFlow finds it when it makes the kernel,
    after the state's skip."""
    if kind in (dtypes.int32, dtypes.int64):
        return
    _eager_only("draw of a refused dtype")
    generator._draw_now(None, _dims(shape), None)
    signature, attr = _INT_SIGNATURES[op]
    raise InvalidArgumentError(None, None, (
        f"Value for attr 'dtype' of {kind.name} is not in the list of allowed values: int32, int64, uint32, uint64"
        f"\n\t; NodeDef: {{{{node {op}}}}}; Op<name={op}; signature={signature}; {attr}[DT_INT32, DT_INT64, "
        f"DT_UINT32, DT_UINT64]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:{op}] name: "))


@contextlib.contextmanager
def draws_discarded():
    """Eager random draws made inside leave the streams as they were (the generators' states,
    the eager kernels and op-seed sequence): Keras' call of a layer on stand-ins, which
    TensorFlow makes in a scratch graph that draws nothing."""
    generators = [(g, g._state_var._value.copy()) for g in _GENERATORS]
    kernels = EAGER_SEEDS.snapshot()
    try:
        yield
    finally:
        EAGER_SEEDS.restore(kernels)
        for g, state in generators:
            if g._state_var._graph is None:
                g._state_var._value[...] = state


_GLOBAL: list = [None]      # the global generator, made unseeded at the first get_global_generator


@tf_export("random.get_global_generator", "random.experimental.get_global_generator")
def get_global_generator():
    if _GLOBAL[0] is None:
        with outermost_context():
            _GLOBAL[0] = Generator.from_non_deterministic_state()
    return _GLOBAL[0]


@tf_export("random.set_global_generator", "random.experimental.set_global_generator")
def set_global_generator(generator):
    _GLOBAL[0] = generator


refresh()     # this module is deferred (tensorflow/__init__): its names join the namespaces now
