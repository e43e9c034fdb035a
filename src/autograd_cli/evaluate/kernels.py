"""The compiled evaluator's building blocks: the step table (`Steps`), chains run block by
block, constant folding (`_Known`, `_fold`), NumPy steps with buffer reuse (`_numpy_step`,
the pool), and the fused add. `schedule.Schedule` compiles a graph into these."""
from __future__ import annotations

import math
from array import array
from functools import partial
from operator import itemgetter

import numpy as np


BIG = 4096  # elements: arrays at least this size are released / reused when dead


def _identity(x):
    return x


class _Freed:
    __slots__ = ()

    def __repr__(self):
        return "<freed>"


FREED = _Freed()


DIRECT = 4     # a step kind: a NumPy call `run`'s loop makes itself, (fn, input slots) in the table

KEPT_STEPS = 1 << 18   # a schedule of at most this many steps keeps them as one list of tuples
                       # (80 bytes a step; 1.6 times faster to run than from the columns)


def _runnable(steps):
    """The steps as `run`'s loop reads them, (fn, a, b, out): b set for a binary float step,
    only a for a unary one, neither for a step that reads the slots itself."""
    table = steps.table
    for code, a, b, out in zip(steps.codes, steps.ins, steps.bs, steps.outs):
        kind, fn = table[code]
        if kind == 2:
            yield fn, a, b, out
        elif kind == 1:
            yield fn, a, None, out
        elif kind == 0:
            yield fn, None, None, out
        elif kind == DIRECT:
            fn, slots = fn
            if len(slots) == 2:
                yield fn, slots[0], slots[1], out
            elif len(slots) == 1:
                yield fn, slots[0], None, out
            else:
                yield _gathering(fn, slots, out), None, None, out
        else:
            yield _gathering(fn, a, out), None, None, out


def _gathering(fn, slots, out):
    """A float step of several inputs (add_n of three or more) as a step reading the slots."""
    def step(vals):
        vals[out] = fn(*[vals[s] for s in slots])
    return step


def _noop(vals):
    pass


CHAIN_BLOCK = 1 << 17   # elements per block of a chain (1 MB of float64)


class _Chain:
    __slots__ = ("members", "member_set", "shape", "deferred", "after", "step")

    def __init__(self, members, shape, deferred):
        self.members, self.shape, self.deferred = members, shape, deferred
        self.member_set = set(members)
        self.after: list = []   # the deferred steps' functions, run after the chain
        self.step = None


def _chainable(node, plan, uniform) -> bool:
    """A step a chain may run block by block: an exact ufunc (or an alias such as x*1)
    over a big float array, every input of its shape (or 0-d), each a float."""
    fn, used, ufunc, alias = plan
    shape = node.shape
    if node.dtype != "float" or not shape or _size(node) < BIG:
        return False
    if ufunc is None:              # x*1, x**1: the input itself (of the same shape)
        return alias and fn is _identity and len(used) == 1
    if ufunc is np.matmul or not (node.op.exact or ufunc is np.square):   # (x**2 runs as square)
        return False
    return all(i.dtype == "float" and (i.shape == shape or i.shape == ()) for i in node.inputs)


_SPARE = 64   # template slots made in advance for Python-float shadows


def _put(template, used, value) -> int:
    """Put a value in the template's next free slot (`used` = [slots in use]); its slot."""
    slot = used[0]
    if slot < len(template):
        template[slot] = value
    else:
        template.append(value)
    used[0] = slot + 1
    return slot


class Steps:
    """A schedule's steps as parallel columns: step i runs `table[codes[i]]` = (kind, fn)
    on inputs `ins[i]` (and `bs[i]`) into slot `outs[i]`. The codes are one byte a step
    while the table is small (the float path uses a dozen functions; each NumPy step
    has its own entry, whose function `with_table` supplies once buffers are planned)."""

    __slots__ = ("codes", "table", "ins", "bs", "outs", "count", "capacity", "_code_of", "_index")

    def __init__(self, codes, table, ins, bs, outs):
        self.codes, self.table, self.ins, self.bs, self.outs = codes, table, ins, bs, outs
        self.count = self.capacity = len(ins)
        self._code_of = ({}, {}, {}, {})    # per kind: function -> code
        self._index = None

    @classmethod
    def sized(cls, capacity: int) -> "Steps":
        """Empty, with room for `capacity` steps made in advance (see `trim`)."""
        steps = cls(bytearray(capacity), [], [None] * capacity, [None] * capacity, [None] * capacity)
        steps.count = 0
        return steps

    def with_table(self, table) -> "Steps":
        steps = Steps(self.codes, table, self.ins, self.bs, self.outs)
        steps._index = self._index
        return steps

    def append(self, kind, fn, a, b, out):
        code = self._code_of[kind].get(fn) if kind else None   # (each NumPy step: its own code)
        if code is None:
            code = self._new_code(kind, fn)
        i = self.count
        if i < self.capacity:
            self.codes[i] = code
            self.ins[i] = a
            self.bs[i] = b
            self.outs[i] = out
        else:
            self.codes.append(code)
            self.ins.append(a)
            self.bs.append(b)
            self.outs.append(out)
        self.count = i + 1

    def _new_code(self, kind, fn) -> int:
        code = len(self.table)
        self.table.append((kind, fn))
        if kind:
            self._code_of[kind][fn] = code
        if code == 256 and type(self.codes) is bytearray:
            self.codes = array("I", list(self.codes))   # (more than 256 codes)
        return code

    def trim(self):
        """Drop the room made in advance and not used."""
        for column in (self.codes, self.ins, self.bs, self.outs):
            del column[self.count:]
        self.capacity = self.count
        self._code_of = ({}, {}, {}, {})

    def rows(self):
        """(kind, a, b, out) of each step."""
        if type(self.codes) is bytearray:     # at most 256 codes: map them to kinds in C
            kinds = bytes(kind for kind, _ in self.table).ljust(256, b"\0")
            return zip(self.codes.translate(kinds), self.ins, self.bs, self.outs)
        table = self.table
        return zip((table[code][0] for code in self.codes), self.ins, self.bs, self.outs)

    def index_of(self, out) -> int:
        """The step writing slot `out` (each step writes its own slot); for errors only."""
        if self._index is None:
            self._index = {slot: i for i, slot in enumerate(self.outs)}
        return self._index[out]


def _uniform_value(value):
    """The one number every element of a constant equals, or None (small or cheap cases)."""
    arr = np.asarray(value)
    if arr.dtype.kind != "f" or arr.size == 0:
        return None
    first = float(arr.flat[0])
    if arr.size == 1 or not any(arr.strides):    # one element, or a broadcast of one
        return first
    if arr.size <= 1 << 22 and not math.isnan(first) and bool((arr == first).all()):
        return first
    return None


class _Known:
    """Which slots are known before running (constants, folded nodes), and the one
    number all elements of such a value equal (looked up when asked, then remembered)."""

    __slots__ = ("template", "flags", "cache")

    def __init__(self, template, n):
        self.template, self.flags, self.cache = template, bytearray(n), {}

    def mark(self, slot):
        self.flags[slot] = 1

    def __contains__(self, slot):
        return 0 <= slot < len(self.flags) and self.flags[slot] == 1

    def __getitem__(self, slot):
        return self.template[slot]

    def get(self, slot, default=None):
        if slot not in self:
            return default
        found = self.cache.get(slot, self)
        if found is self:
            found = self.cache[slot] = _uniform_value(self.template[slot])
        return default if found is None else found


def _fold(node, ins, known):
    """The value of a node computed from constants alone (a broadcast view when every
    element is one number), or None: not folded when not finite or on any error."""
    op = node.op
    try:
        with np.errstate(all="ignore"):
            return _fold_value(node, op, ins, known)
    except Exception:  # noqa: BLE001 - not folded: the run reports it with its position
        return None


def _fold_value(node, op, ins, known):
    if (op.elementwise or op.rearranges) and all(i.dtype == "float" for i in node.inputs):
        scalars = [known.get(s) for s in ins]
        if None not in scalars:
            # every element is one number: compute it once, keep a broadcast view
            scalar = np.float64(op.forward(*map(np.float64, scalars), **node.params)
                                if op.elementwise else scalars[0])
            if not math.isfinite(scalar):
                return None
            return scalar if node.shape == () else np.broadcast_to(scalar, node.shape)
    if _size(node) > BIG:
        return None
    value = op.forward(*[known[s] for s in ins], **node.params)
    if not np.isfinite(value).all():
        return None
    return value


def _size(node) -> int:
    size = 1
    for d in node.shape:
        size *= d
    return size


def _bind(fn, params):
    return partial(fn, **params)      # (a C call: cheaper than a lambda around fn)


def _finite(value) -> bool:
    kind = type(value)
    if kind is np.float64 or kind is float:
        return math.isfinite(value)
    if kind is np.ndarray and value.dtype.kind == "f":
        size = value.size
        if size <= 64:          # a few elements: as Python floats, the cheapest calls
            return all(map(math.isfinite, value.ravel().tolist()))
        # A NaN or inf makes the sum (below BIG elements: the dot product with itself, one C
        # call) non-finite; one pass, no temporary array. Overflow to inf only sends the value
        # to the exact check.
        if math.isfinite(np.vdot(value, value) if size < BIG else np.add.reduce(value, axis=None)):
            return True
    return bool(np.isfinite(value).all())


def _numpy_step(fn, in_slots, out, inplace, dead, check, flag, ufunc, pooled_shape=None, give=()):
    if len(in_slots) == 1 and inplace is None and not dead and pooled_shape is None:
        (a,) = in_slots

        def step(vals):
            value = vals[out] = fn(vals[a])
            if check and not flag[0] and not _finite(value):
                flag[0] = True
        return step

    if len(in_slots) > 1:
        read = itemgetter(*in_slots)          # a tuple of the inputs, in C
    else:
        read = lambda vals: tuple(vals[s] for s in in_slots)  # noqa: E731

    def step(vals):
        args = read(vals)
        if inplace is not None:
            value = ufunc(*args, out=args[inplace])
        elif pooled_shape is not None:
            buffer = POOL.take(pooled_shape)
            value = fn(*args) if buffer is None else ufunc(*args, out=buffer)
        else:
            value = fn(*args)
        _finish(vals, out, value, check, flag, give, dead)
    return step


def _finish(vals, out, value, check, flag, give, dead):
    """The end of a NumPy step: store the value, flag a NaN/inf, give the dead inputs'
    buffers to the pool (`give`) and release the dead inputs."""
    vals[out] = value
    if check and not flag[0] and not _finite(value):
        flag[0] = True
    for s in give:
        POOL.give(vals[s])
    for s in dead:
        vals[s] = FREED


class _Pool:
    """Big float64 buffers released by a run, reused by the next allocations of the same
    shape (this run or a later one): no fresh pages for the kernel to fault in and zero.
    Holds at most `cap` bytes."""

    def __init__(self, cap: int):
        self.cap, self.size, self.free = cap, 0, {}

    def take(self, shape):
        stack = self.free.get(shape)
        if not stack:
            return None
        buffer = stack.pop()
        self.size -= buffer.nbytes
        return buffer

    def give(self, array):
        if (type(array) is not np.ndarray or array.dtype != np.float64 or array.base is not None
                or not array.flags.c_contiguous or not array.flags.writeable
                or self.size + array.nbytes > self.cap):
            return
        self.free.setdefault(array.shape, []).append(array)
        self.size += array.nbytes


POOL = _Pool(cap=128 << 20)


def _leading_pair(parts, shape):
    """(start, stop) when a fused add's first two parts are one simple 1-D slice, else None."""
    if len(parts) < 2 or parts[0][1] != parts[1][1] or len(shape) != 1:
        return None
    index = parts[0][1]
    if index is None or len(index) != 1 or not isinstance(index[0], slice) or index[0].step not in (None, 1):
        return None
    start, stop, _ = index[0].indices(shape[0])
    return start, max(start, stop)


def _fused_add_step(parts, out, shape, dead, check, flag, give=(), sunk=False):
    """add_n whose scatter inputs add into one buffer, in input order: ((x0 + x1) + x2) ...
    The leading parts with one index (or none) are added straight into the buffer, and
    the buffer is zeroed only where they do not write (1-D slices) instead of everywhere.
    `sunk`: the number of leading parts the chain before it has added into the buffer
    already (its edges zeroed; the buffer is in the add's slot)."""
    first = [parts[0]]
    for part in parts[1:]:
        if part[1] != first[0][1] or len(first) == 2:
            break
        first.append(part)
    index = first[0][1]
    rest = parts[len(first):]
    simple = index is not None and len(shape) == 1 and len(index) == 1 and \
        isinstance(index[0], slice) and index[0].step in (None, 1)
    if simple:
        start, stop, _ = index[0].indices(shape[0])
        stop = max(start, stop)

    def step(vals):
        if sunk:
            total = vals[out]
            for slot, part_index in parts[sunk:]:
                if part_index is None:
                    total += vals[slot]
                else:
                    total[part_index] += vals[slot]
            _finish(vals, out, total, check, flag, give, dead)
            return
        total = POOL.take(shape)
        fresh = total is None
        if fresh:
            total = np.empty(shape, dtype=np.float64) if simple or index is None else np.zeros(shape)
        if index is None:
            target = total
        elif simple:
            target = total[start:stop]
            total[:start] = 0.0
            total[stop:] = 0.0
        else:
            if not fresh:
                total.fill(0.0)
            target = total[index]
        values = [vals[slot] for slot, _ in first]
        if len(values) == 2:
            np.add(values[0], values[1], out=target)
        else:
            target[...] = values[0]
        for slot, part_index in rest:
            if part_index is None:
                total += vals[slot]
            else:
                total[part_index] += vals[slot]
        _finish(vals, out, total, check, flag, give, dead)
    return step
