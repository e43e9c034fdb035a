"""Forward evaluation: nodes in id (= topological) order, with loops, never recursion.

`run(order, overrides, warnings, keep=None)` -> {node_id: value} (a read-only mapping).
Two implementations give the same numbers (tests/evaluate/test_schedule.py):

- `run_plain`: the reference. One node at a time, every value checked for NaN/inf.
- `Schedule` (what `run` uses): `order` compiled once into a flat list of steps over
  a preallocated value list (slots), executed by one loop:
  * 0-d float nodes of the arithmetic ops run on Python floats (`math.sin`,
    `operator.mul`, ...: the same IEEE results as NumPy's 0-d ufuncs; a function is
    used only after checking it agrees with NumPy on this machine). Where Python
    raises instead of returning inf/nan (x/0, sin(inf), sqrt(-1)), that step is
    recomputed with the NumPy forward.
  * other nodes call the op's NumPy forward. With `keep` given, arrays no longer
    needed are released after their last use and elementwise ufuncs write into a
    dead input's buffer (`out=`), so big programs reuse memory instead of
    allocating a fresh array per node. Released values are recomputed if read.
  * NaN/inf: only nodes whose non-finite value could vanish downstream are checked
    (see `_propagates`), the float path by one sum at the end. If anything is
    non-finite, the program is evaluated again by `run_plain`, whose warnings name
    the first line that produced it, exactly as before.
"""
from __future__ import annotations

import math
import operator
from collections import Counter
from collections.abc import Mapping

import numpy as np

from autograd_cli.support.errors import AgError, OutOfMemory, fmt
from autograd_cli.evaluate.float32 import float32_steps
from autograd_cli.evaluate.reference import ERRORS, _forward, needed, run_plain
from autograd_cli.evaluate.kernels import (BIG, DIRECT, FREED, _identity, CHAIN_BLOCK, KEPT_STEPS, POOL, Steps, _Chain, _Known, _SPARE, _bind, _chainable, _finite, _fold, _fused_add_step, _leading_pair, _noop, _numpy_step, _put, _runnable, _size)



def run(order, overrides=None, warnings=None, keep=None):
    """Evaluate nodes (already in order). `overrides` gives leaf values by node id
    (variables and placeholders in a step). Non-finite values first produced by
    a node from finite inputs are reported in `warnings` (a list) by line.
    `keep`: node ids whose values the caller reads; None keeps every value
    (others are still available, recomputed on access)."""
    if len(order) <= SMALL:   # a few nodes (static values while building): compiling costs more
        return run_plain(order, overrides, warnings)
    return schedule(order).run(overrides, warnings, keep)


SMALL = 24


_CACHE: dict = {}


def schedule(order) -> "Schedule":
    """The compiled schedule of `order` (a few recent ones are cached: `run` steps reuse them)."""
    key = tuple(order)
    found = _CACHE.get(key)
    if found is None:
        found = Schedule(order)
        if len(_CACHE) >= 8:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = found
    return found


# ---------------------------------------------------------------- the compiled schedule

def _sum_left(*xs):  # add_n's order: ((x0 + x1) + x2) + ...
    total = xs[0]
    for x in xs[1:]:
        total = total + x
    return total


def _agrees_with_numpy(op) -> bool:
    """Whether the row's Python-float function gives NumPy's bits here (math.sin need not)."""
    # 200 points over (0.01, 30), each argument on its own irregular spacing (no
    # numpy.random: loading it costs eval's start-up about 6 ms)
    args = [np.linspace(0.01, 30.0, 200) ** (1.0 + 0.1 * k) % 30.0 + 0.01 for k in range(len(op.args))]
    return all(op.scalar(*map(float, xs)) == float(op.forward(*xs)) for xs in zip(*args))


_FLOAT_FNS: dict = {}    # op name -> its Python-float function, or None (see _float_fn)
_UNCHECKED = object()


def _float_fn(op):
    """The row's Python-float function where it agrees with NumPy here, else None (stored
    in _FLOAT_FNS: each op is checked the first time a program uses it; checking all cost
    eval ~1.5 ms)."""
    fn = _FLOAT_FNS[op.name] = (op.scalar if op.scalar is not None and (op.args is None or _agrees_with_numpy(op))
                                else None)
    return fn


class Schedule:
    """`order` compiled into steps `(kind, fn, a, b, out)` over value slots:
    kind 1: slots[out] = fn(slots[a]); 2: fn(slots[a], slots[b]); 3: fn(*slots[a...]);
    0: fn(slots) for a NumPy node (a generic step: checks, in-place, releases).
    The steps are kept as parallel columns (`Steps`), not one tuple per step: a
    million-node program's schedule then costs 25 bytes a step instead of about 100.

    Compiling also folds nodes computed from constants alone (small ones, or ones whose
    every element is one number, kept as a broadcast view), when their value is finite."""

    def __init__(self, order):
        order = order if isinstance(order, list) else list(order)
        self.order = order
        n = len(order)
        if all(node.id == k for k, node in enumerate(order)):
            slot_of = None                                      # ids are slots
            self.slot_of = range(n)
        else:
            slot_of = self.slot_of = {node.id: k for k, node in enumerate(order)}
        # Lists are made at their final size where it is known: grown by appends, a
        # million-entry list leaves copies of itself behind in the heap (tens of MB).
        template: list = [None] * (n + _SPARE)
        used = [n]                # template slots in use: the nodes', then Python-float shadows
        known = _Known(template, n)   # slots whose value is known before running
        leaves = []             # (slot, node id, default) of the overridable leaves
        steps = Steps.sized(sum(1 for node in order if not node.op.leaf))   # (at most: plus conversions)
        is_float = bytearray(n)
        shadows: dict = {}      # slot -> slot holding it as a Python float
        numbers: dict = {}      # a constant's number -> its float slot
        step_node: dict = {}    # conversion step index -> node (for error messages)
        float_fns = _FLOAT_FNS
        append = steps.append

        for k, node in enumerate(order):
            if slot_of is None:
                k = node.id     # the same number: keep the node's int object, not a new one
            op = node.op
            if op.leaf:
                value = node.params.get("value")
                template[k] = value
                if op.name == "const":
                    known.mark(k)
                else:
                    leaves.append((k, node.id, value))
                continue
            inputs = node.inputs
            ins = [i.id for i in inputs] if slot_of is None else [slot_of[i.id] for i in inputs]
            is_float_node = op.dtype == "float"
            if is_float_node and ins and ins[0] in known and all(s in known for s in ins):
                folded = _fold(node, ins, known)
                if folded is not None:
                    template[k] = folded
                    known.mark(k)
                    continue
            fn = None
            if is_float_node and node.shape == ():
                name = op.name
                fn = float_fns.get(name, _UNCHECKED)
                if fn is _UNCHECKED:
                    fn = _float_fn(op)
                if name == "add_n":
                    fn = operator.add if len(ins) == 2 else _sum_left
                if fn is not None:
                    for i in inputs:
                        if i.shape != () or i.op.dtype != "float":
                            fn = None
                            break
            if fn is not None:
                for j, s in enumerate(ins):
                    if is_float[s]:
                        continue
                    shadow = shadows.get(s)
                    if shadow is None:
                        if s in known:
                            number = float(known[s])
                            # constants of the same number share one float slot
                            key = ("number", number) if number != 0.0 and number == number else s
                            shadow = numbers.get(key)
                            if shadow is None:
                                shadow = numbers[key] = _put(template, used, number)
                            shadows[s] = shadow
                        else:                    # a run-time value: convert it once
                            shadow = shadows[s] = _put(template, used, None)
                            step_node[steps.count] = order[s]
                            append(1, float, s, None, shadow)
                    ins[j] = shadow
                if len(ins) == 1:
                    append(1, fn, ins[0], None, k)
                elif len(ins) == 2 and fn is not _sum_left:
                    append(2, fn, ins[0], ins[1], k)
                else:
                    append(3, fn, tuple(ins), None, k)
                is_float[k] = 1
            else:
                append(0, None, tuple(ins), None, k)
        del template[used[0]:]   # (shrinking a list does not move it)
        steps.trim()
        self.template = template
        self.uniform = known      # .get(slot): the one number every element equals, or None
        self.leaves = leaves
        self.steps = steps
        self.step_node = step_node
        self._compiled_keep: dict = {}
        self._float32: dict = {}       # (kept node ids, leaves in float32 form) -> its float32 steps, or None

    def node_of_step(self, i):
        return self.step_node.get(i) or self.order[self.steps.outs[i]]

    # ------------------------------------------------------------ NumPy steps

    def _plan(self, node, in_slots):
        """(fn, input slots, ufunc or None, alias?) for a NumPy node."""
        name = node.op.name
        uniform = self.uniform
        exponent = uniform.get(in_slots[1]) if name == "pow" else None
        if exponent is not None and node.shape == node.inputs[0].shape:
            if exponent == 2.0:       # np.power(x, 2.0) == np.square(x), checked in the tests
                return np.square, in_slots[:1], np.square, False
            if exponent == 1.0:
                return _identity, in_slots[:1], None, True
        if name == "multiply":        # x * 1 is x, exactly
            for j in (0, 1):
                if uniform.get(in_slots[j]) == 1.0 and node.inputs[1 - j].shape == node.shape \
                        and node.inputs[1 - j].dtype == "float":
                    return _identity, in_slots[1 - j:2 - j], None, True
        ufunc = node.op.ufunc
        if ufunc is not None:
            return ufunc, in_slots, ufunc, False
        fn = _bind(node.op.forward, node.params) if node.params else node.op.forward
        return fn, in_slots, None, node.op.rearranges

    def _propagates(self, node, i, plan) -> bool:
        """A non-finite element in input i always leaves a non-finite element in the output."""
        if 0 in node.shape:
            return False
        if node.op.keeps_nonfinite(i):
            return True
        if node.op.name == "pow" and i == 0:
            exponent = self.uniform.get(plan[1][1] if len(plan[1]) > 1 else -1)
            return plan[3] or plan[0] is np.square or (exponent is not None and exponent > 0)
        return False

    def _numpy_steps(self, keep):
        """Generic steps for the NumPy nodes, given which values must survive."""
        frozen = None if keep is None else frozenset(keep)
        cached = self._compiled_keep.get(frozen)
        if cached is not None:
            return cached
        order, n = self.order, len(self.order)
        base = self.steps
        plans = {}
        numpy_steps = any(kind == 0 for kind, _ in base.table)   # (each has its own entry)
        for kind, ins, _, k in base.rows() if numpy_steps else ():
            if kind == 0:
                plans[k] = self._plan(order[k], ins)
        last_use = [-1] * n
        covered = bytearray(n)        # some consumer carries a non-finite value onward
        solid = bytearray(n)          # ... and it is not a mere rearrangement (see below)
        shared = bytearray(n)         # some consumer may keep a view of the value
        # Float-path steps: whether a NaN/inf in their first / other inputs always reaches
        # the output, per function (all of them, but a divisor; a conversion is no node: its
        # reader carries its source's).
        # Their last uses do not matter: they read only 0-d values, never released.
        carries = [(fn is not float, fn is not float and fn is not operator.truediv)
                   for _, fn in base.table]
        converted: dict = {}     # a conversion's float slot -> the node slot it converts (NaN/inf and all)
        for (kind, ins, b, k), code in zip(base.rows(), base.codes):
            if kind:
                first, rest = carries[code]
                if kind == 3:
                    for j, s in enumerate(ins):
                        if first if j == 0 else rest:
                            s = s if s < n else converted.get(s, n)
                            if s < n:
                                covered[s] = solid[s] = 1
                    continue
                if kind == 1 and not first:
                    converted[k] = ins
                    continue
                s = ins if ins < n else converted.get(ins, n)
                if first and s < n:
                    covered[s] = solid[s] = 1
                s = b if kind != 2 or b < n else converted.get(b, n)
                if kind == 2 and rest and s < n:
                    covered[s] = solid[s] = 1
                continue
            node, plan = order[k], plans[k]           # a NumPy step
            used = plan[1]
            if len(used) > 8:
                used = set(used)      # (membership per input: linear in a node's inputs)
            for s in ins:
                last_use[s] = k
            if node.dtype == "float":
                rearranges = node.op.rearranges
                for j, s in enumerate(ins):
                    if s in used and self._propagates(node, j, plan):
                        covered[s] = 1
                        if not rearranges:
                            solid[s] = 1
        for k, plan in plans.items():
            if plan[2] is None and (plan[3] or not order[k].op.fresh):  # may view its inputs
                used = plan[1]
                if plan[3] and len(used) == 1 and last_use[used[0]] == k:
                    continue          # an alias at the input's last use takes the buffer over
                for s in used:
                    shared[s] = 1
        fused = self._fusions(frozen, plans, last_use) if frozen is not None else {}
        self._sinks = {}              # fused add slot -> (last chain member, part, part, slice)
        chains = self._chains(frozen, plans, last_use, fused) if frozen is not None else {}
        sink_of = {v[0]: (k, v) for k, v in self._sinks.items()}
        owned = set()                 # slots holding a fresh array nothing else refers to
        table = list(base.table) if plans else base.table   # (only NumPy steps are replaced)
        codes = base.codes
        flag = [False]              # set by a step whose value is not finite
        freed_at_start = []
        array_checks = []           # NumPy steps' values checked after the run

        def needs_check(k):
            node = order[k]
            fn, in_slots, ufunc, _ = plans[k]
            check = node.dtype == "float" and not covered[k]
            if check and node.op.rearranges and len(in_slots) == 1:
                # A rearrangement makes no NaN/inf of its own: nothing to check when its
                # input is a leaf or constant (never warned about) or is carried onward
                # by another consumer that is not a rearrangement (checked there).
                (s,) = in_slots
                check = not (solid[s] or order[s].op.leaf or s in self.uniform)
            return check

        for idx, (kind, ins, _, k) in enumerate(base.rows() if plans else ()):
            if kind != 0:
                continue
            node = order[k]
            if k in fused and fused[k] is None:       # computed inside a fused step
                table[codes[idx]] = (0, _noop)
                freed_at_start.append(k)
                continue
            chain = chains.get(k)
            if chain is not None and k in chain.member_set:   # run block by block at its last member
                if chain.step is None:   # (made at the first member: it marks what it owns)
                    chain.step = self._chain_step(chain, plans, last_use, frozen, owned, shared, needs_check,
                                                  flag, freed_at_start, sink_of.get(chain.members[-1]))
                table[codes[idx]] = (0, chain.step if k == chain.members[-1] else _noop)
                continue
            fn, in_slots, ufunc, _ = plans[k]
            check = needs_check(k)
            inplace, dead = None, ()
            if frozen is not None:
                big = node.dtype == "float" and _size(node) >= BIG
                if ufunc is not None and big:
                    for pos, s in enumerate(in_slots if ufunc is not np.matmul else ()):
                        if (s in owned and last_use[s] == k and order[s].id not in frozen
                                and order[s].shape == node.shape and in_slots.count(s) == 1):
                            inplace = pos
                            break
                    if not shared[k]:
                        owned.add(k)
                elif big and not shared[k] and node.op.fresh and k not in fused:
                    owned.add(k)      # a fresh array (matmul, reduction, ...): ufuncs may reuse it
                elif plans[k][3] and big and len(in_slots) == 1 and not shared[k]:
                    # an alias (x**1, x*1, reshape, ...) of a buffer at its last use takes it over
                    (s,) = in_slots
                    if s in owned and last_use[s] == k and order[s].id not in frozen \
                            and _size(order[s]) == _size(node):
                        owned.add(k)
                reads = fused[k][1] if k in fused else in_slots
                dead = tuple(s for s in set(reads) if last_use[s] == k and order[s].id not in frozen
                             and not order[s].op.leaf and _size(order[s]) >= BIG)
                # dead buffers nothing else refers to go back to the pool (not the one
                # written in place, nor one an alias took over)
                # (a consumer whose result never shares an input's memory)
                fresh = ufunc is not None or k in fused or (node.op.fresh and not plans[k][3])
                give = tuple(s for s in dead if s in owned and fresh
                             and (inplace is None or in_slots[inplace] != s))
                take = big and ufunc is not None and inplace is None
            if k in fused:
                sunk = 2 + len(self._sinks[k][4]) if k in self._sinks else 0
                step = _fused_add_step(fused[k][0], k, node.shape, dead, check, flag, give, sunk)
            elif chain is None and not dead and (frozen is None or not big):
                # a plain call (no buffer to take, give or release; nothing writes into its
                # value or releases it later): `run`'s loop makes it, checks come after the run
                table[codes[idx]] = (DIRECT, (fn, in_slots))
                if check:
                    array_checks.append(k)
                continue
            else:
                step = _numpy_step(fn, in_slots, k, inplace, dead, check, flag, ufunc,
                                   node.shape if frozen is not None and take else None,
                                   give if frozen is not None else ())
            if chain is not None:      # a deferred step: the chain's step runs it
                chain.after.append(step)
                step = _noop
            table[codes[idx]] = (0, step)
        # float-path values to check at the end: those whose NaN/inf could vanish downstream
        # (kinds 1-3 are the float path; slots from n on hold conversions, not nodes)
        float_checks = tuple(k for kind, _, _, k in base.rows() if kind and k < n and not covered[k])
        steps = base.with_table(table) if plans else base
        self._compiled_keep[frozen] = (steps, tuple(freed_at_start), float_checks, tuple(array_checks), flag)
        return self._compiled_keep[frozen]

    def _chains(self, frozen, plans, last_use, fused) -> dict:
        """Runs of exact elementwise steps over one big shape (issue 16), run block by block
        so that values used only inside the run stay in the CPU's cache: {member slot: chain}.
        A step that reads nothing the run makes or reads may sit between members (it runs
        at its own place: a view such as x[1:]). Another NumPy step between members whose
        value no later member needs (W3's forward sum, between the forward and the gradient)
        is deferred: it runs right after the chain. A fused add of slice gradients, or a
        member or float-path step reading a deferred value, ends the run."""
        order, uniform = self.order, self.uniform
        chains: dict = {}
        current: list = []
        made: set = set()     # slots the current run computes (its deferred steps' too)
        reads: set = set()    # slots its members read
        deferred: list = []   # steps run after the chain
        later: set = set()    # what the deferred steps make
        shape = None

        def close(sink=None):
            if sum(plans[m][2] is not None for m in current) >= 2:
                # deferred steps after the last member are ordinary later steps
                last = current[-1]
                chain = _Chain(list(current), shape, [d for d in deferred if d < last])
                for m in current:
                    chains[m] = chain
                for d in chain.deferred:
                    chains[d] = chain
                if sink is not None:     # (only a chain that is made can sum the add's parts)
                    self._sinks[sink[0]] = sink[1]
            current.clear()
            made.clear()
            reads.clear()
            deferred.clear()
            later.clear()

        for kind, ins, b, k in self.steps.rows():            # (in step order)
            if kind:          # a float-path step: it must not read a deferred value
                if later and any(s in later for s in ((ins,) if kind == 1 else (ins, b) if kind == 2 else ins)):
                    close()
                continue
            plan = plans[k]
            node = order[k]
            if k in fused and fused[k] is None:
                continue                          # absorbed into a fused add: runs there
            member = _chainable(node, plan, uniform)
            if member and current and (node.shape != shape or any(s in later for s in plan[1])):
                close()
            if member:
                current.append(k)
                made.add(k)
                reads.update(plan[1])
                shape = node.shape
                continue
            inputs = fused[k][1] if k in fused else plan[1]
            if current and k in fused:
                close(self._sink(k, fused[k][0], current, shape, frozen, last_use))
            elif current and any(s in made or s in reads for s in inputs):
                deferred.append(k)
                made.add(k)
                later.add(k)
                reads.update(inputs)     # (a later step reading these runs after it too)
        close()
        return chains

    def _sink(self, k, parts, current, shape, frozen, last_use):
        """A fused add (gradients of slices) right after a chain whose first two parts are
        chain values of one simple slice: the chain adds them straight into the add's
        buffer, block by block (they are never written whole). (add slot, its sink) or None."""
        order = self.order
        node = order[k]
        pair = _leading_pair(parts, node.shape)
        if pair is None:
            return None
        (v0, _), (v1, _) = parts[:2]
        members = set(current)      # (not `made`: it also holds the deferred steps' values)
        ok = lambda v: (v in members and last_use[v] == k and order[v].id not in frozen   # noqa: E731
                        and order[v].shape == shape)
        if not (ok(v0) and ok(v1)):
            return None
        rest = ()
        if len(parts) == 3:    # one more part of another simple slice: added block by block too
            v2, index = parts[2]
            other = _leading_pair(((v2, index), (v2, index)), node.shape)
            shift = other[0] - pair[0] if other is not None else 0
            # (a part landing past the pair waits one block: at most a block's length)
            if other is not None and ok(v2) and v2 not in (v0, v1) and shift <= CHAIN_BLOCK:
                rest = ((v2, shift),)
        if {v0, v1} & {v for v, _ in parts[2 + len(rest):]}:
            return None       # (a part left to the add reads a value the chain would not keep)
        return k, (current[-1], v0, v1, pair, rest)

    def _chain_step(self, chain, plans, last_use, frozen, owned, shared, needs_check, flag, freed_at_start,
                    sink=None):
        """The step running a chain: for each block of rows, each member's ufunc on the
        block. Values read after the chain (or kept) are written whole (`out` buffers
        from the pool); the others live only in block-sized scratch buffers. `sink`:
        (the fused add's slot, (last member, part, part, (start, stop))): the first two
        parts of that add are summed into its buffer here (see `_sink`)."""
        order = self.order
        members = chain.members
        position = {m: i for i, m in enumerate(members)}
        last = members[-1]
        is_alias = {m: plans[m][2] is None for m in members}
        sunk = set(sink[1][1:3]) | {v for v, _ in sink[1][4]} if sink is not None else set()
        outside = {s for d in chain.deferred for s in plans[d][1]}   # read by the deferred steps
        whole_set = {m for m in members if order[m].id in frozen or shared[m] or m in outside
                     or (last_use[m] > last and m not in sunk)}
        for m in reversed(members):   # an alias needed whole needs its source whole
            source = plans[m][1][0]
            if m in whole_set and is_alias[m] and source in position:
                whole_set.add(source)
        # value numbers: the external arrays, the 0-d externals, then the members
        ext_full, ext_zero, seen = [], [], set()
        for m in members:
            for s in plans[m][1]:
                if s not in position and s not in seen:
                    seen.add(s)
                    (ext_zero if order[s].shape == () else ext_full).append(s)
        number = {s: j for j, s in enumerate(ext_full + ext_zero)}
        for m in members:
            number[m] = len(number)
        # a value in scratch keeps its buffer until its last use here (or its aliases')
        root = {}
        for m in members:
            source = plans[m][1][0]
            root[m] = root.get(source, source) if is_alias[m] and source in position else m
        ends: dict = {}
        for m in members:
            for s in plans[m][1]:
                if s in position:
                    ends[root[s]] = m
        for s in sunk:          # read by the sink after the members: kept to the block's end
            ends[root[s]] = None
        program, free, buffer_of, scratch_count = [], [], {}, 0
        for m in members:
            used = plans[m][1]
            check = needs_check(m) and m not in whole_set
            if is_alias[m]:
                program.append((None, (number[used[0]],), number[m], None, check))
                continue
            for s in set(used):        # inputs last used here give their scratch back
                r = root.get(s)
                if r is not None and ends.get(r) == m and r in buffer_of:
                    free.append(buffer_of.pop(r))
            dest = None
            if m not in whole_set:
                if free:
                    dest = free.pop()
                else:
                    dest, scratch_count = scratch_count, scratch_count + 1
                buffer_of[m] = dest
            program.append((plans[m][2], tuple(number[s] for s in used), number[m], dest, check))
        whole = [m for m in members if m in whole_set]
        whole_checks = tuple(m for m in whole if needs_check(m))
        # external arrays last used in the chain are released after it
        chain_set = set(members)
        dead = tuple(s for s in ext_full if last_use[s] in chain_set and order[s].id not in frozen
                     and not order[s].op.leaf and _size(order[s]) >= BIG)
        aliased = {plans[m][1][0] for m in members if is_alias[m]}
        give = tuple(s for s in dead if s in owned and s not in aliased)
        for m in members:
            if m not in whole_set:
                freed_at_start.append(m)
            elif not is_alias[m] and not shared[m]:
                owned.add(m)
        shape = chain.shape
        row = _size(order[last]) // shape[0] if shape[0] else 1
        rows = max(1, CHAIN_BLOCK // max(row, 1))
        made = tuple((m, number[m]) for m in whole if not is_alias[m])
        renamed = tuple((m, plans[m][1][0]) for m in whole if is_alias[m])
        ext_full_t, ext_zero_t, count = tuple(ext_full), tuple(ext_zero), len(number)
        scratch: list = []
        after = chain.after
        if sink is not None:
            add_slot, (_, v0, v1, (offset, end), rest) = sink
            add_shape, pair = order[add_slot].shape, (number[v0], number[v1])
            rest = tuple((number[v], shift) for v, shift in rest)

        def step(vals):
            if len(scratch) < scratch_count:
                scratch.extend(np.empty((rows,) + shape[1:]) for _ in range(scratch_count))
            full = {}
            for m, j in made:
                buffer = POOL.take(shape)
                full[j] = np.empty(shape) if buffer is None else buffer
            arrays = [vals[s] for s in ext_full_t]
            cur = [None] * count
            for j, s in enumerate(ext_zero_t, len(ext_full_t)):
                cur[j] = vals[s]
            if sink is not None:
                total = POOL.take(add_shape)
                if total is None:
                    total = np.empty(add_shape)
                total[:offset] = 0.0
                total[end:] = 0.0
                carry, carry_at = None, 0     # (carry_at is read only with a carry)
            bad = False
            for start in range(0, shape[0], rows):
                stop = min(start + rows, shape[0])
                for j, array in enumerate(arrays):
                    cur[j] = array[start:stop]
                for ufunc, args, j, dest, check in program:
                    if ufunc is None:
                        out = cur[j] = cur[args[0]]
                    else:
                        out = full[j][start:stop] if dest is None else scratch[dest][:stop - start]
                        ufunc(*[cur[a] for a in args], out=out)
                        cur[j] = out
                    if check and not bad and not _finite(out):
                        bad = True
                if sink is not None:
                    np.add(cur[pair[0]], cur[pair[1]], out=total[offset + start:offset + stop])
                    for j, shift in rest:
                        # element u gets (x0 + x1) first, then x2: where x2's element lands
                        # past this block's pair it waits (carry) for the next block's pair
                        if carry is not None:
                            total[carry_at:carry_at + len(carry)] += carry
                            carry = None
                        block = cur[j]
                        now = len(block) - max(shift, 0)
                        begin = offset + shift + start
                        if now > 0:
                            total[begin:begin + now] += block[:now]
                        if shift > 0:
                            carry, carry_at = block[max(now, 0):].copy(), begin + max(now, 0)
            if sink is not None:
                if carry is not None:     # past the pair's end: zeros there
                    total[carry_at:carry_at + len(carry)] += carry
                vals[add_slot] = total      # the fused add goes on from here
            for m, j in made:
                vals[m] = full[j]
            for m, source in renamed:   # (in order: a source alias is renamed first)
                vals[m] = vals[source]
            if bad or not all(_finite(vals[m]) for m in whole_checks):
                flag[0] = True
            for deferred in after:     # (before the releases: they may read the same inputs)
                deferred(vals)
            for s in give:
                POOL.give(vals[s])
            for s in dead:
                vals[s] = FREED
        return step

    def _fusions(self, frozen, plans, last_use):
        """add_n of scatters (gradients of slices): one buffer, each scatter added in place.
        {add_n slot: (parts, slots read)}, {scatter slot: None} for the scatters it absorbs."""
        order, fused = self.order, {}
        for k, plan in plans.items():
            node = order[k]
            if node.op.name != "add_n" or node.dtype != "float" or _size(node) < BIG:
                continue
            parts, reads, absorbed = [], [], []
            counts = Counter(plan[1])
            for s in plan[1]:
                src = order[s]
                if (src.op.name == "scatter" and s in plans and last_use[s] == k
                        and src.id not in frozen and src.shape == node.shape
                        and counts[s] == 1):
                    dy = plans[s][1][0]
                    parts.append((dy, src.params["index"]))
                    reads.append(dy)
                    absorbed.append(s)
                    if last_use[dy] < k:       # the add reads it now (not the scatter; a later
                        last_use[dy] = k       # step reading it too must not release it first)
                else:
                    parts.append((s, None))
                    reads.append(s)
            if absorbed:
                fused[k] = (tuple(parts), tuple(reads))
                for s in absorbed:
                    fused[s] = None
        return fused

    # ------------------------------------------------------------ running

    def run(self, overrides=None, warnings=None, keep=None, last=False, float32=None):
        """`last`: the schedule is not run again, so its template becomes the values
        instead of being copied (a million-node program saves 9 MB). `float32`: {leaf node
        id: its value's float32 form} for leaves whose (float64) value is a float32 number:
        with `keep`, a small schedule then runs its float32 ops in float32 (float32.py)."""
        if float32 is not None and keep is not None and not last:
            values = self._run_float32(overrides, warnings, keep, float32)
            if values is not None:
                return values
        compiled = self._numpy_steps(keep)
        steps, freed, float_checks, array_checks, flag = compiled[:5]
        flag[0] = False
        if self.template is None:
            raise RuntimeError("this schedule's last run has been made")
        vals = self.template if last else list(self.template)
        if last:
            self.template = None
        if overrides:
            for slot, node_id, default in self.leaves:
                vals[slot] = overrides.get(node_id, default)
        for s in freed:
            vals[s] = FREED
        if last or steps.count > KEPT_STEPS:
            remaining = _runnable(steps)          # made as it runs: no list of the steps
        else:
            if len(compiled) == 5:                # kept for the next runs (`run`'s steps)
                compiled = self._compiled_keep[frozenset(keep) if keep is not None else None] = (
                    *compiled, list(_runnable(steps)))
            remaining = iter(compiled[5])
        with np.errstate(all="ignore"):
            while True:
                try:
                    for fn, a, b, out in remaining:
                        if b is not None:
                            vals[out] = fn(vals[a], vals[b])
                        elif a is not None:
                            vals[out] = fn(vals[a])
                        else:
                            fn(vals)
                    break
                except MemoryError:
                    node = self.node_of_step(steps.index_of(out))
                    raise OutOfMemory(f"{node.op.title}: out of memory for a result of shape {fmt(node.shape)}",
                                      node.pos) from None
                except ERRORS as exc:
                    i = steps.index_of(out)    # (the failing step's loop variables are bound)
                    node = self.node_of_step(i)
                    kind = steps.table[steps.codes[i]][0]
                    if kind == 0 or kind == DIRECT:      # a NumPy step
                        raise AgError(f"{node.op.title}: {exc}", node.pos) from None
                    # Python raised where NumPy gives inf/nan: take NumPy's answer
                    a = steps.ins[i]
                    args = [vals[s] for s in ((a,) if kind == 1 else (a, b) if kind == 2 else a)]
                    vals[out] = float(node.op.forward(*args, **node.params))
                    # (`remaining` goes on after the failed step)
        if warnings is not None:
            isfinite = math.isfinite
            bad = (flag[0] or not all(isfinite(vals[k]) for k in float_checks)
                   or not all(_finite(vals[k]) for k in array_checks))
            if bad:
                return run_plain(self.order, overrides, warnings)
        return NodeValues(self, vals)


    def _run_float32(self, overrides, warnings, keep, float32):
        """A run of the float32 steps (float32.py), or None where there are none (or a step
        fails: the ordinary run then runs, and reports, it)."""
        key = (tuple(keep), tuple(float32))     # (a call site passes both in one order)
        found = self._float32.get(key, self)
        if found is self:
            found = self._float32[key] = self._float32_variant(frozenset(keep), float32)
        if found is None:
            return None
        steps, leaf_slots, template, float_checks, array_checks, shadow = found
        vals = list(template)
        if overrides:
            for slot, node_id, default in self.leaves:
                vals[slot] = overrides.get(node_id, default)
        for slot32, node_id in leaf_slots:
            vals[slot32] = float32[node_id]
        try:
            _run_calls(steps, vals)
        except (MemoryError, *ERRORS):
            return None
        if warnings is not None:
            isfinite = math.isfinite
            for k in float_checks:
                if not isfinite(vals[k]):
                    return run_plain(self.order, overrides, warnings)
            for k in array_checks:
                if not _finite(vals[k]):
                    return run_plain(self.order, overrides, warnings)
        return NodeValues(self, vals, shadow)

    def _float32_variant(self, frozen, float32):
        """(steps, (float32 slot, leaf node id) pairs, its template, checks, shadows) of the
        float32 steps for these kept nodes and leaves given in float32 form, or None."""
        compiled = self._numpy_steps(frozen)
        steps, _, float_checks, array_checks = compiled[:4]
        if compiled[1] or steps.count > KEPT_STEPS:
            return None                 # (a big schedule: it releases values as it runs)
        slot_of = self.slot_of
        leaf_ids = {slot: node_id for slot, node_id, _ in self.leaves}
        leaf32 = [slot for slot, node_id in leaf_ids.items() if node_id in float32]
        keep_slots = {slot_of[i] for i in frozen if i in slot_of} | set(array_checks)
        rewritten = float32_steps(self.order, slot_of, self.template, self.uniform, list(_runnable(steps)),
                                  keep_slots, leaf32)
        if rewritten is None:
            return None
        template = self.template + rewritten.template     # (its own: the new slots, the values it makes in neither form)
        for s in rewritten.freed:
            template[s] = FREED
        return (rewritten.steps, tuple((slot32, leaf_ids[slot]) for slot, slot32 in rewritten.leaf_slots), template,
                float_checks, array_checks, rewritten.shadow)


@np.errstate(all="ignore")     # (as a decorator: half the cost of a `with` block, per call)
def _run_calls(steps, vals):
    """Run steps (fn, a, b, out) that each call fn on one or two slots."""
    for fn, a, b, out in steps:
        if b is not None:
            vals[out] = fn(vals[a], vals[b])
        else:
            vals[out] = fn(vals[a])


class NodeValues(Mapping):
    """node id -> value of a schedule run. Python floats come back as np.float64 (as a
    NumPy 0-d op returns); values released during the run are recomputed when read."""

    __slots__ = ("_schedule", "_vals", "_shadow")

    def __init__(self, schedule: Schedule, vals: list, shadow=None):
        self._schedule = schedule
        self._vals = vals
        self._shadow = shadow     # {slot: the slot of its float32 form} of a run of float32 steps

    def float32_of(self, node_id):
        """The node's value in float32 form where the run made it so (float32.py), else None."""
        if not self._shadow:
            return None
        slot = self._shadow.get(self._schedule.slot_of[node_id])
        return None if slot is None else self._vals[slot]

    def __getitem__(self, node_id):
        vals = self._vals
        slot_of = self._schedule.slot_of
        if type(slot_of) is range and not (type(node_id) is int and 0 <= node_id < len(slot_of)):
            raise KeyError(node_id)
        slot = slot_of[node_id]
        value = vals[slot]
        if value is FREED:
            self._recompute(slot)
            value = vals[slot]
        if type(value) is float:
            return np.float64(value)
        return value

    def _recompute(self, slot):
        sched = self._schedule
        target = sched.order[slot]
        vals, slot_of = self._vals, sched.slot_of
        with np.errstate(all="ignore"):
            for node in needed([target]):
                s = slot_of[node.id]
                if vals[s] is FREED:
                    vals[s] = _forward(node, [vals[slot_of[i.id]] for i in node.inputs])

    def __iter__(self):
        return iter(self._schedule.slot_of)

    def __len__(self):
        return len(self._schedule.slot_of)

    def __contains__(self, node_id):
        return node_id in self._schedule.slot_of
