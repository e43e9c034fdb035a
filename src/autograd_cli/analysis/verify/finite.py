"""Central finite differences of the frozen forward function, in float64 (a snippet's float32
rounding steps pass their input through: a step of the function is far smaller than float32's)."""
from __future__ import annotations

import math

import numpy as np

from autograd_cli.evaluate import needed, run_plain
from autograd_cli.core.graph import Node
from autograd_cli.ops import ROUND_FLOAT32
from autograd_cli.support.errors import AgError
from autograd_cli.analysis.verify.common import EPS, FD_ATOL, FD_RTOL, Skip, jacobian_entry, jacobian_rows


def _frozen_ids(order, record, x: Node) -> set:
    """Nodes held at their value: stop_gradient, stop_gradients entries, ops without gradient."""
    held = {s.id for s in record.stop_nodes}
    for n in order:
        if n.op.name == "stop_gradient" or (not n.op.leaf and n.op.vjp is None):
            held.add(n.id)
    held.discard(x.id)
    return held


def finite_differences(program, values, record, k, entries):
    """Central differences of the frozen function at the sampled entries.

    Returns ({entry: value}, {entry: (low, high) one-sided slopes at kinks}, output scale,
    {entries where the function is not finite at or next to the point})."""
    x = record.x_nodes[k]
    ys = record.y_nodes
    order = needed(ys)
    if x.id not in {n.id for n in order}:
        return {e: 0.0 for e in entries}, {}, 1.0, set()
    held = _frozen_ids(order, record, x)
    moving = {x.id}
    for n in order:
        if n.id > x.id and n.id not in held and any(i.id in moving for i in n.inputs):
            moving.add(n.id)
    feeds = {i.id for n in order if n.id in moving for i in n.inputs} | {y.id for y in ys}
    local = [n for n in order if n.id in moving or n.id in feeds]
    fixed = {n.id: values[n.id] for n in local if n.id not in moving}
    if record.kind == "gradients":
        weights = []
        for j, y in enumerate(ys):
            seed = record.grad_ys[j] if record.grad_ys else None
            weights.append(np.ones(y.shape) if seed is None else
                           np.broadcast_to(np.asarray(values[seed.id], dtype=np.float64), y.shape))

    def outputs(x_value):
        try:
            got = run_plain(local, overrides={**fixed, x.id: x_value}, passthrough=(ROUND_FLOAT32,))
        except AgError as exc:
            raise Skip(f"the program fails near x: {exc.message}") from None
        if record.kind == "hessians":
            return np.asarray(sum(float(np.sum(got[y.id])) for y in ys))
        if record.kind in ("jacobian", "batch_jacobian"):
            return jacobian_rows(record, np.asarray(got[ys[0].id], dtype=np.float64))
        return np.asarray(sum(float(np.sum(got[y.id] * w)) for y, w in zip(ys, weights)))

    base_x = np.array(values[x.id], dtype=np.float64)
    f0 = outputs(base_x)
    scale = float(np.max(np.abs(f0))) if f0.size and np.isfinite(f0).all() else 1.0
    n = base_x.size
    result, kinks, undefined = {}, {}, set()

    def moved(steps):
        xv = base_x.copy().reshape(-1)
        for j, h in steps:
            xv[j] += h
        return xv.reshape(base_x.shape)

    if record.kind == "hessians":
        cache = {}

        def f(steps):
            key = tuple(sorted(steps))
            if key not in cache:
                cache[key] = float(outputs(moved(steps)))
            return cache[key]
        for e in entries:
            j, m = divmod(e, n)
            hj = _step(base_x.reshape(-1)[j], 0.25)
            hm = _step(base_x.reshape(-1)[m], 0.25)
            if j == m:
                value = (f(((j, hj),)) - 2 * float(f0) + f(((j, -hj),))) / (hj * hj)
            else:
                value = (f(((j, hj), (m, hm))) - f(((j, hj), (m, -hm)))
                         - f(((j, -hj), (m, hm))) + f(((j, -hj), (m, -hm)))) / (4 * hj * hm)
            result[e] = float(value)
            if not (math.isfinite(value) and math.isfinite(float(f0))):
                undefined.add(e)
        return result, kinks, scale, undefined

    columns: dict = {}
    for e in entries:
        i, j = jacobian_entry(record, x.shape, e) if record.kind in ("jacobian", "batch_jacobian") else (0, e)
        columns.setdefault(j, []).append((e, i))
    for j, wanted in columns.items():
        h, up, down = _adapted(outputs, moved, j, base_x.reshape(-1)[j], [i for _, i in wanted], f0)
        for e, i in wanted:
            fp, fm, fc = float(up.reshape(-1)[i]), float(down.reshape(-1)[i]), float(f0.reshape(-1)[i])
            central = (fp - fm) / (2 * h)
            result[e] = float(central)
            right, left = (fp - fc) / h, (fc - fm) / h
            if not all(map(math.isfinite, (fp, fm, fc))):
                undefined.add(e)
            elif all(map(math.isfinite, (right, left))):
                gap = abs(right - left)
                if gap > 100 * (FD_ATOL * max(1.0, abs(fc)) + FD_RTOL * max(abs(right), abs(left))):
                    kinks[e] = (min(left, right), max(left, right))
    return result, kinks, scale, undefined


MAX_SHRINK = 12   # the step is divided by 4 at most this many times


def _adapted(outputs, moved, j, v, rows, f0):
    """The step for column j, adapted to the function's scale: starting from eps**(1/3)
    scaled by |x|, it is divided by 4 until two successive central differences agree
    (well inside the tolerance verify judges with). `sin(x*x)` at x = 1000 varies on a
    scale of 1/2000: the first step spans several periods and gave -68 for 1873.5.
    Returns (h, f(x + h), f(x - h)); a kink (equal estimates) or a jump (no agreement
    within MAX_SHRINK) stops the search."""
    h = _step(v, 1 / 3)
    up, down = outputs(moved(((j, h),))), outputs(moved(((j, -h),)))
    estimate = _central(up, down, h, rows)
    for _ in range(MAX_SHRINK):
        if estimate is None:
            break
        smaller = _representable(v, h / 4)
        if not 0 < smaller < h:
            break
        up2, down2 = outputs(moved(((j, smaller),))), outputs(moved(((j, -smaller),)))
        finer = _central(up2, down2, smaller, rows)
        if finer is None:
            break
        h, up, down = smaller, up2, down2
        scale = [max(1.0, abs(float(f0.reshape(-1)[i]))) for i in rows]
        if all(abs(a - b) <= 0.1 * (FD_RTOL * max(abs(a), abs(b)) + FD_ATOL * s)
               for a, b, s in zip(estimate, finer, scale)):
            break
        estimate = finer
    return h, up, down


def _central(up, down, h, rows):
    values = [(float(up.reshape(-1)[i]) - float(down.reshape(-1)[i])) / (2 * h) for i in rows]
    return values if all(map(math.isfinite, values)) else None


def _representable(v: float, h: float) -> float:
    v = float(v)
    return (v + h) - v if math.isfinite(v) else h


def _step(v: float, power: float) -> float:
    """A step per element: eps**power scaled by the element, exactly representable."""
    v = float(v)
    h = EPS ** power * max(1.0, abs(v)) if math.isfinite(v) else EPS ** power
    return (v + h) - v if math.isfinite(v) else h
