"""Keras' functional API: a layer called on `keras.Input(...)` (or on what such a call gave)
builds its weights for that shape and returns a symbolic KerasTensor that remembers the call;
`keras.Model(inputs, outputs)` replays the recorded calls, in the order they were made, on
the tensors it is given."""
from __future__ import annotations

import itertools

from autograd_cli.tensorflow.keras._support import tf, unique_name
from autograd_cli.tensorflow.exports import tf_class

_ORDER = itertools.count()


_NOT_A_TF_INPUT = (
    "A KerasTensor cannot be used as input to a TensorFlow function. A KerasTensor is a symbolic placeholder for a "
    "shape and dtype, used when constructing Keras Functional models or Keras Functions. You can only use it as "
    "input to a Keras layer or a Keras operation (from the namespaces `keras.layers` and `keras.ops`). You are "
    "likely doing something like:\n\n```\nx = Input(...)\n...\ntf_fn(x)  # Invalid.\n```\n\nWhat you should do "
    "instead is wrap `tf_fn` in a layer:\n\n```\nclass MyLayer(Layer):\n    def call(self, x):\n        return "
    "tf_fn(x)\n\nx = MyLayer()(x)\n```\n")


@tf_class("keras.src.backend.common.keras_tensor.KerasTensor")
class KerasTensor:
    """A symbolic tensor of the functional API: a shape with a None batch axis, a dtype, and
    the layer call that made it (None for a model input)."""

    def __init__(self, shape, dtype="float32", name=None, producer=None):
        self.shape = tuple(shape)
        self.dtype = getattr(dtype, "name", dtype) or "float32"
        self.name = name or unique_name("keras_tensor")
        self.producer = producer        # (layer, inputs, args, kwargs)
        self.order = next(_ORDER)

    @property
    def ndim(self):
        return len(self.shape)

    def __repr__(self):
        return (f"<KerasTensor shape={self.shape}, dtype={self.dtype}, sparse=False, ragged=False, "
                f"name={self.name}>")

    def __bool__(self):
        raise TypeError("A symbolic KerasTensor cannot be used as a Python bool")

    def _as_tensor(self, dtype=None):
        """A TensorFlow function of a symbolic tensor: Keras 3's error (only layers and operators
        take them)."""
        raise ValueError(_NOT_A_TF_INPUT)

    # Python operators on symbolic tensors are recorded as calls too (Keras' symbolic ops)
    def _op(self, fn, *others):
        inputs = [self, *others]
        example = [tf.zeros([1 if d is None else d for d in t.shape], t.dtype) if isinstance(t, KerasTensor) else t
                   for t in inputs]
        out = fn(*example)
        return KerasTensor((None,) + tuple(out.shape.as_list()[1:]), out.dtype.name,
                           producer=(OperatorCall(fn), inputs, (), {}))

    def __add__(self, other):
        return self._op(lambda a, b: a + b, other)

    def __radd__(self, other):
        return self._op(lambda a, b: b + a, other)

    def __sub__(self, other):
        return self._op(lambda a, b: a - b, other)

    def __rsub__(self, other):
        return self._op(lambda a, b: b - a, other)

    def __mul__(self, other):
        return self._op(lambda a, b: a * b, other)

    def __rmul__(self, other):
        return self._op(lambda a, b: b * a, other)

    def __truediv__(self, other):
        return self._op(lambda a, b: a / b, other)

    def __rtruediv__(self, other):
        return self._op(lambda a, b: b / a, other)

    def __pow__(self, other):
        return self._op(lambda a, b: a ** b, other)

    def __matmul__(self, other):
        return self._op(lambda a, b: a @ b, other)

    def __neg__(self):
        return self._op(lambda a: -a)

    def __getitem__(self, key):
        return self._op(lambda a: a[key])


class OperatorCall:
    """A Python operator on KerasTensors (`x + inputs`, `2 * x`, `x[:, 0]`) as a step of a
    functional model: not one of its layers, as in Keras."""

    def __init__(self, fn, part=None):
        self.fn = fn
        self.part = part        # the index of one of a layer call's several outputs (no operation of its own)

    def call(self, inputs):
        return self.fn(*inputs)

    __call__ = call


def flat(structure):
    if isinstance(structure, (list, tuple)):
        return [t for item in structure for t in flat(item)]
    if isinstance(structure, dict):
        return [t for item in structure.values() for t in flat(item)]
    return [structure]


def is_symbolic(inputs) -> bool:
    return any(isinstance(t, KerasTensor) for t in flat(inputs))


def substitute(structure, values):
    """The structure with each KerasTensor replaced by values[id(it)]."""
    if isinstance(structure, KerasTensor):
        return values[id(structure)]
    if isinstance(structure, list):
        return [substitute(s, values) for s in structure]
    if isinstance(structure, tuple):
        return tuple(substitute(s, values) for s in structure)
    if isinstance(structure, dict):
        return {k: substitute(v, values) for k, v in structure.items()}
    return structure


def calls_between(inputs, outputs):
    """The KerasTensors made by layer calls from the inputs to the outputs, in call order."""
    sources = {id(t) for t in flat(inputs)}
    found, todo = {}, list(flat(outputs))
    while todo:
        t = todo.pop()
        if id(t) in found or id(t) in sources:
            continue
        if not isinstance(t, KerasTensor):
            continue
        if t.producer is None:
            raise ValueError(f"Functional model: the output depends on {t.name}, which is not one of the model's "
                             f"inputs")
        found[id(t)] = t
        todo.extend(flat(t.producer[1]))
    return sorted(found.values(), key=lambda t: t.order)


def run_calls(calls, inputs, values, training=None):
    """Replay the recorded layer calls; values maps id(input KerasTensor) -> its tensor."""
    for t in calls:
        layer, call_inputs, args, kwargs = t.producer
        if training is not None and "training" not in kwargs and takes_training(layer):
            kwargs = dict(kwargs, training=training)
        values[id(t)] = layer(substitute(call_inputs, values), *args, **kwargs)
    return values


def takes_training(layer) -> bool:
    import inspect

    try:
        parameters = inspect.signature(layer.call).parameters
    except (TypeError, ValueError):
        return False
    return "training" in parameters or any(p.kind is p.VAR_KEYWORD for p in parameters.values())
