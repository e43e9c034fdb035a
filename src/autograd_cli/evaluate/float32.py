"""float32 steps in a compiled schedule (the TensorFlow package's float32 graphs).

The TensorFlow package computes a float32 op in float64 and rounds the result to float32
(`round_float32`). For an exact op (+ - * / sqrt square negative abs: IEEE basic
operations) of values that are float32 numbers, float32 arithmetic gives that rounded
result bit for bit (float64 has more than 2*24 + 2 bits: the double rounding is harmless).
So where such an op's one reader is its rounding, the op runs on float32 arrays and the
rounding costs nothing; a value is kept as float32 ("its float32 form", in a slot of its
own) where float32 steps read it, and made float64 only where a float64 step reads it or
the caller keeps it. A value neither form of which is made is released (FREED: read
later, it is recomputed from its inputs, as the schedule's released values are).

`float32_steps` rewrites the run's steps (fn, a, b, out) of a small schedule: every step
a call of one or two slots (no generic NumPy step). Which values are float32 numbers: the
roundings' results, constants that are, the leaves the caller gives a float32 form of, and
rearrangements (identity, reshape, transpose, broadcast_to) of those, and the results of
float32 ops (`float32_op`: TensorFlow's float32 kernel, whose float64 forward narrows its
inputs and widens the kernel's result): such a step calls the kernel on its inputs'
float32 forms, and its value is widened only where a float64 step reads it.
"""
from __future__ import annotations

from functools import partial
from operator import methodcaller

import numpy as np

from autograd_cli.evaluate.kernels import _identity
from autograd_cli.ops import OPS

_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)
EXACT = frozenset((np.add, np.subtract, np.multiply, np.divide, np.square, np.sqrt, np.negative, np.abs))
REARRANGING = frozenset(("identity", "reshape", "transpose", "broadcast_to"))
ROUND = OPS["round_float32"].forward


def narrow(x):
    """A float64 value's float32 form (the rounding's first half)."""
    return x.astype(_F32) if type(x) is np.ndarray else np.asarray(x, dtype=_F32)


def widen(x):
    """A float32 form's float64 value, as round_float32 returns it (an array, 0-d too)."""
    return x.astype(_F64) if type(x) is np.ndarray else np.asarray(x, dtype=_F64)


# narrow and widen of a value of a shape with dimensions (an array): the method, called in C
_NARROW_ARRAY, _WIDEN_ARRAY = methodcaller("astype", _F32), methodcaller("astype", _F64)


def _casts(node):
    """(narrow, widen) for the node's values."""
    return (_NARROW_ARRAY, _WIDEN_ARRAY) if node.shape else (narrow, widen)


def _kernel32(fn):
    """The float32 kernel that a float32 op's step calls through its float64 forward, bound
    to the step's parameters, or None for any other step."""
    forward, params = (fn.func, fn.keywords) if type(fn) is partial else (fn, None)
    kernel = getattr(forward, "float32_kernel", None)
    if kernel is None or (type(fn) is partial and fn.args):
        return None
    return partial(kernel, **params) if params else kernel


def _exact32(value):
    """A constant's float32 form where it is a float32 number (finite), else None."""
    if not isinstance(value, (np.ndarray, np.floating)) or np.asarray(value).dtype.kind != "f":
        return None
    array = np.asarray(value)
    with np.errstate(all="ignore"):
        narrowed = array.astype(_F32)
        if not np.isfinite(narrowed).all() or not np.array_equal(narrowed.astype(_F64), array):
            return None
    return narrowed


class Float32Steps:
    """The rewritten steps: `steps` (fn, a, b, out) as `run` loops over them, `template`
    entries for the new slots (constants' float32 forms), `leaf_slots` (leaf slot, its
    float32 slot) the run fills from the caller's float32 forms, `freed` (slots made in
    neither form), `shadow` {slot: its float32 slot} of the float32 forms a run makes."""

    __slots__ = ("steps", "template", "leaf_slots", "freed", "shadow")


def float32_steps(order, slot_of, template, known, runnable, keep_slots, leaf32):
    """`runnable`'s steps with float32 pairs, or None where nothing would change (or a
    step is not a call of slots). `leaf32`: the leaf slots given in float32 form;
    `keep_slots`: the slots the caller reads (made in both forms where a float32 one can be had)."""
    n = len(order)
    if any(a is None for _, a, _, _ in runnable):
        return None
    node_at = order if type(slot_of) is range else None
    if node_at is None:
        node_at = [None] * n
        for node in order:
            node_at[slot_of[node.id]] = node
    readers: dict = {}            # slot -> the steps reading it
    for i, (_, a, b, _) in enumerate(runnable):
        readers.setdefault(a, []).append(i)
        if b is not None and b != a:
            readers.setdefault(b, []).append(i)
    kinds = []                    # per step: "round", "fused", "round_fused", "rearranging", "kernel" or "other"
    kernels: dict = {}            # step index -> the float32 kernel a "kernel" step calls
    avail = set(leaf32)           # slots whose float32 form can be had
    const32 = {}                  # constant slot -> its float32 form
    fused_of_round: dict = {}

    def has32(s):
        if s in avail:
            return True
        if s < n and s in known and s not in const32:
            value = _exact32(template[s])
            if value is not None:
                const32[s] = value
                avail.add(s)
                return True
        return s in const32

    for i, (fn, a, b, out) in enumerate(runnable):
        node = node_at[out] if out < n else None
        if fn is ROUND:
            kinds.append("round_fused" if a in fused_of_round else "round")
            avail.add(out)
            continue
        if node is not None and fn in EXACT and out not in keep_slots and has32(a) and (b is None or has32(b)):
            users = readers.get(out, ())
            if len(users) == 1 and runnable[users[0]][0] is ROUND and runnable[users[0]][1] == out:
                kinds.append("fused")
                fused_of_round[out] = i
                continue
        kernel = _kernel32(fn) if node is not None else None
        if kernel is not None and has32(a) and (b is None or has32(b)):
            kinds.append("kernel")
            kernels[i] = kernel
            avail.add(out)
            continue
        if node is not None and b is None and (fn is _identity or node.op.name in REARRANGING) and has32(a):
            kinds.append("rearranging")
            avail.add(out)
            continue
        kinds.append("other")
    if "fused" not in kinds and "kernel" not in kinds:
        return None
    # which forms are read, from the last step back (the kept values in both forms: a caller
    # may pass a kept float32 form back as a leaf's, a variable's next value)
    need64 = set(keep_slots)
    need32 = {s for s in keep_slots if s in avail}
    for i in range(len(runnable) - 1, -1, -1):
        fn, a, b, out = runnable[i]
        kind = kinds[i]
        if kind == "fused" or kind == "kernel":
            need32.add(a)
            if b is not None:
                need32.add(b)
        elif kind == "round_fused":
            pass                                   # (its float32 form is the fused op's result)
        elif kind == "rearranging":
            if out in need32:
                need32.add(a)
            if out in need64:
                need64.add(a)
        else:                                      # "other", and a rounding of a float64 value
            need64.add(a)
            if b is not None:
                need64.add(b)
    shadow: dict = {}
    extra: list = []

    def slot32(s):
        found = shadow.get(s)
        if found is None:
            found = shadow[s] = len(template) + len(extra)
            extra.append(const32.get(s))
        return found

    steps, freed = [], []
    for i, (fn, a, b, out) in enumerate(runnable):
        kind = kinds[i]
        if kind == "fused":
            steps.append((fn, slot32(a), None if b is None else slot32(b), slot32(out)))
            freed.append(out)
        elif kind == "kernel":
            steps.append((kernels[i], slot32(a), None if b is None else slot32(b), slot32(out)))
            if out in need64:
                steps.append((_casts(node_at[out])[1], slot32(out), None, out))
            else:
                freed.append(out)
        elif kind == "round_fused":
            shadow[out] = slot32(a)
            if out in need64:
                steps.append((_casts(node_at[out])[1], shadow[out], None, out))
            else:
                freed.append(out)
        elif kind == "round":
            to32, to64 = _casts(node_at[out])
            if out in need32 and out in need64:
                steps.append((to32, a, None, slot32(out)))
                steps.append((to64, slot32(out), None, out))
            elif out in need32:
                steps.append((to32, a, None, slot32(out)))
                freed.append(out)
            else:
                steps.append((fn, a, b, out))
        elif kind == "rearranging":
            if out in need32:
                steps.append((fn, slot32(a), None, slot32(out)))
            if out in need64 or out not in need32:
                steps.append((fn, a, b, out))
            else:
                freed.append(out)
        else:
            steps.append((fn, a, b, out))
    result = Float32Steps()
    result.steps = steps
    result.template = extra
    result.leaf_slots = tuple((s, shadow[s]) for s in leaf32 if s in shadow)
    result.freed = tuple(freed)
    # (the roundings' and kernels' float32 forms: arrays each run makes anew, never a
    # constant's, a leaf's or a view of one)
    rounded = {out for (_, _, _, out), kind in zip(runnable, kinds) if kind in ("round", "round_fused", "kernel")}
    result.shadow = {s: slot for s, slot in shadow.items() if s in rounded}
    return result
