"""Model.summary(): Keras 3's table as its rich console prints it, 76 characters wide: three
columns (Layer (type), Output Shape, Param #) for a Sequential or a functional chain, four (and
Connected to) for a functional model of another topology (several inputs, a branch, a merge, a
layer called twice). A cell wraps at spaces; a word longer than its column is cut with `…`."""
from __future__ import annotations

import math

import numpy as np

from autograd_cli.tensorflow.keras._support import tf
from autograd_cli.tensorflow.keras.functional import KerasTensor, OperatorCall, flat

_THREE = (31, 22, 13)
_FOUR = (19, 17, 10, 17)


def print_summary(model, print_fn):
    connected = _connections(model)
    widths = _FOUR if connected is not None else _THREE
    header = ["Layer (type)", "Output Shape", "Param #"] + (["Connected to"] if connected is not None else [])
    rows = []
    for layer in model.layers:
        row = [f"{layer.name} ({_class_name(layer)})", _output_shape_text(layer), f"{layer.count_params():,}"]
        if connected is not None:
            row.append(connected.get(id(layer), "-"))
        rows.append(row)
    print_fn(f'Model: "{model.name}"')
    print_fn("┏" + "┳".join("━" * (w + 2) for w in widths) + "┓")
    print_fn("┃" + "┃".join(f" {_cell(text, w, k == 2)} " for k, (text, w) in enumerate(zip(header, widths))) + "┃")
    print_fn("┡" + "╇".join("━" * (w + 2) for w in widths) + "┩")
    for k, row in enumerate(rows):
        cells = [_wrapped(text, w) for text, w in zip(row, widths)]
        for i in range(max(len(c) for c in cells)):
            print_fn("│" + "│".join(f" {_cell(c[i] if i < len(c) else '', w, j == 2)} "
                                   for j, (c, w) in enumerate(zip(cells, widths))) + "│")
        if k < len(rows) - 1:
            print_fn("├" + "┼".join("─" * (w + 2) for w in widths) + "┤")
    print_fn("└" + "┴".join("─" * (w + 2) for w in widths) + "┘")
    parts = [("Trainable", model.trainable_weights), ("Non-trainable", model.non_trainable_weights)]
    optimizer = getattr(model, "optimizer", None)
    if optimizer is not None and getattr(optimizer, "_built", False):     # (Keras counts a built optimizer's too)
        parts.append(("Optimizer", optimizer.variables))
    sizes = [(label, _count(weights), _memory(weights)) for label, weights in parts]
    total = ("Total", sum(c for _, c, _ in sizes), sum(m for _, _, m in sizes))
    for label, count, memory in [total] + sizes:
        print_fn(f" {label} params: {count:,} ({_readable(memory)})")


def _cell(text, width, right):
    return f"{text:>{width}}" if right else f"{text:<{width}}"


def _producer_layer(tensor):
    """The layer whose call made a KerasTensor (through an operator's part-taking step)."""
    while tensor.producer is not None and isinstance(tensor.producer[0], OperatorCall):
        inner = [t for t in flat(tensor.producer[1]) if isinstance(t, KerasTensor)]
        if not inner:
            return None
        tensor = inner[0]
    return None if tensor.producer is None else tensor.producer[0]


def _connections(model):
    """For a functional model that is not a chain: each layer's inbound tensors as Keras names
    them (`layer[node][tensor]`); None for a Sequential or a chain."""
    functional = getattr(model, "_functional", None)
    if functional is None:
        return None
    inputs, _, calls = functional
    steps = [t for t in calls if t.producer is not None and not isinstance(t.producer[0], OperatorCall)]
    consumers: dict = {}
    seen_layers: dict = {}
    chain = len(flat(inputs)) == 1
    for t in steps:
        layer = t.producer[0]
        sources = [s for s in flat(t.producer[1]) if isinstance(s, KerasTensor)]
        if len(sources) != 1 or id(layer) in seen_layers:
            chain = False
        seen_layers.setdefault(id(layer), t)
        for source in sources:
            consumers[id(source)] = consumers.get(id(source), 0) + 1
    if chain and all(count == 1 for count in consumers.values()):
        return None
    names = {id(t): t.name for t in flat(inputs)}
    out = {}
    for layer_id, t in seen_layers.items():
        parts = []
        for source in (s for s in flat(t.producer[1]) if isinstance(s, KerasTensor)):
            producer = _producer_layer(source)
            step = source.producer[0] if source.producer is not None else None
            index = step.part if isinstance(step, OperatorCall) and step.part is not None else 0
            name = names.get(id(source)) or (producer.name if producer is not None else source.name)
            parts.append(f"{name}[0][{index}]")
        out[layer_id] = ", ".join(parts)
    return out


def _class_name(layer):
    """Keras' class name: a `Model(inputs, outputs)` is a `Functional`."""
    if type(layer).__name__ == "Model" and getattr(layer, "_functional", None) is not None:
        return "Functional"
    return type(layer).__name__


def _wrapped(text, width):
    """A cell's lines: words (split at spaces) joined while they fit; a longer word is cut short
    with an ellipsis (rich's overflow)."""
    lines = []
    for word in text.split(" "):
        if len(word) > width:
            word = word[:width - 1] + "\u2026"
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _count(weights):
    return int(sum(math.prod(w.shape.as_list()) for w in {id(w): w for w in weights}.values()))


def _memory(weights):
    """Bytes, by each weight's dtype (an int64 step counter takes 8)."""
    return sum(math.prod(w.shape.as_list()) * np.dtype(tf.as_dtype(w.dtype).as_numpy_dtype).itemsize
               for w in {id(w): w for w in weights}.values())


def _readable(size):
    for unit in ("B", "KB", "MB", "GB"):
        if size / 1024 < 1:
            return f"{float(size):.2f} {unit}"
        size /= 1024
    return f"{float(size):.2f} TB"


def _output_shape_text(layer):
    several = getattr(layer, "_output_shapes", None)
    if several:
        return "[" + ", ".join(str(tuple(shape)) for shape in several) + "]"
    shape = getattr(layer, "_output_shape", None)
    return str(tuple(shape)) if shape is not None else "?"
