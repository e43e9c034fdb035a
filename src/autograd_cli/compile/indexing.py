"""Brackets in a .ag program: x[i], slices, '...', None (a new axis), an index that changes
between steps (take), and a list or tensor of integers (gather, NumPy's reading)."""
from __future__ import annotations

from autograd_cli.core.graph import Node
from autograd_cli.evaluate import needed
from autograd_cli.language import tree as ast
from autograd_cli.library.tensor_functions import bracket_gather
from autograd_cli.support.errors import AgError


class Indexing:
    """The Builder's brackets (a mixin: it uses the Builder's expr, tensor and graph)."""

    def _index(self, e: ast.Index, scope):
        # Each subscript is built once (`x[x[x[i]]]` must not double per level).
        target = self.expr(e.target, scope)
        first = None   # the single subscript's value, once built
        if isinstance(target, list) and len(e.subscripts) == 1 and not isinstance(e.subscripts[0], ast.Slice):
            first = self.expr(e.subscripts[0], scope)
            if isinstance(first, Node) and _moving(first):
                target = self._pack(target, e.target.pos)   # data[step]: the list as a tensor
        if isinstance(target, list):
            if len(e.subscripts) != 1 or isinstance(e.subscripts[0], ast.Slice):
                if len(e.subscripts) == 1:
                    sl = e.subscripts[0]
                    bounds = [None if p is None else self.integer(self.expr(p, scope), p.pos, "a list index")
                              for p in (sl.lower, sl.upper, sl.stride)]
                    if bounds[2] == 0:
                        raise AgError("slice step cannot be zero", sl.stride.pos)
                    return target[slice(*bounds)]
                raise AgError("a list takes one index", e.pos)
            sub = e.subscripts[0]
            k = self.integer(first, sub.pos, "a list index")
            if not -len(target) <= k < len(target):
                raise AgError(f"index {k} is out of range for a list of {len(target)}", sub.pos)
            return target[k]
        tensor = self.tensor(target, e.target.pos)
        pattern, dynamic, gathers = [], [], []
        for k, sub in enumerate(e.subscripts):
            if isinstance(sub, ast.Slice):
                bounds = [None if p is None else self.integer(self.expr(p, scope), p.pos, "a slice bound")
                          for p in (sub.lower, sub.upper, sub.stride)]
                if bounds[2] == 0:
                    raise AgError("slice step cannot be zero", sub.pos)
                pattern.append(slice(*bounds))
                continue
            if isinstance(sub, ast.Const) and sub.value in (None, Ellipsis):
                if sub.value is Ellipsis and Ellipsis in pattern:
                    raise AgError("an index can have only one ellipsis ('...')", sub.pos)
                pattern.append(sub.value)
                continue
            value = first if k == 0 and first is not None else self.expr(sub, scope)
            node = self.tensor(value, sub.pos)
            if node.shape != ():   # a list or tensor of integers: gather (NumPy's reading)
                gathers.append((len(pattern), node, sub.pos))
                pattern.append(slice(None))
                continue
            if _moving(node):
                pattern.append(_DYNAMIC)
                dynamic.append(node)
            else:
                pattern.append(self.integer(node, sub.pos, "an index"))
        used = sum(1 for p in pattern if p is not None and p is not Ellipsis)
        if used > len(tensor.shape):
            raise AgError(f"too many indices ({used}) for a tensor of shape {tensor.shape}", e.pos)
        if gathers:
            return self._gather_index(e, tensor, pattern, dynamic, gathers)
        self.g.pos = e.pos
        if dynamic:
            if any(p is Ellipsis or p is None for p in pattern):
                raise AgError("an index that changes between steps cannot be combined with '...' or None",
                              e.pos)
            self._check_ints(e, tensor.shape, pattern)
            return self.apply("take", tensor, *dynamic, pattern=tuple(None if p is _DYNAMIC else p for p in pattern))
        self._check_ints(e, tensor.shape, pattern)
        return self.apply("getitem", tensor, index=tuple(pattern))

    def _check_ints(self, e, shape, pattern):
        """An integer index out of range is an error naming the brackets (slices clamp)."""
        axes = _index_axes(pattern, len(shape))
        for (k, p), axis in zip(enumerate(pattern), axes):
            if type(p) is int and axis is not None and not -shape[axis] <= p < shape[axis]:
                raise AgError(f"index {p} is out of range for axis {axis} of size {shape[axis]} "
                              f"(tensor shape {tuple(shape)})", e.subscripts[k].pos)

    def _gather_index(self, e, tensor, pattern, dynamic, gathers):
        if len(gathers) > 1 or dynamic or any(type(p) is int for p in pattern):
            raise AgError("a list or tensor of indices can be combined only with slices, '...' and None "
                          "(one list per index)", gathers[-1][2] if len(gathers) > 1 else e.pos)
        self._check_ints(e, tensor.shape, pattern)
        self.g.pos = e.pos
        k, index, pos = gathers[0]
        sliced = self.apply("getitem", tensor, index=tuple(pattern))
        axis = _index_axes(pattern, len(tensor.shape), result=True)[k]
        return bracket_gather(self, sliced, index, axis, pos, self.source_text(e))


def _moving(node: Node) -> bool:
    """Whether a value changes from step to step (depends on a variable, placeholder or step)."""
    return any(n.op.varies for n in needed([node]))


def _index_axes(pattern, rank, result=False):
    """For each entry of an index: the axis of the tensor it reads (None for a new axis),
    or with `result`, the axis of the result it makes (None for an integer)."""
    used = sum(1 for p in pattern if p is not None and p is not Ellipsis)
    out, axis, res = [], 0, 0
    for p in pattern:
        if p is Ellipsis:
            skip = max(rank - used, 0)
            out.append(None)
            axis, res = axis + skip, res + skip
        elif p is None:
            out.append(res if result else None)
            res += 1
        elif type(p) is int or p is _DYNAMIC:
            out.append(None if result else axis)
            axis += 1
        else:
            out.append(res if result else axis)
            axis, res = axis + 1, res + 1
    return out


_DYNAMIC = object()   # an index entry known only when the program runs
