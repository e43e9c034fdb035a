"""TensorFlow's eager kernel errors for arguments an op refuses, in its kernels' words.

An eager op's wrapper calls its check here before computing: the op table's rows keep their
own (.ag) messages, and a graph op's shape errors are made while building (core.static_shapes).
Each check follows the kernel's order of tests, so the first problem reported is TensorFlow's.
"""
from __future__ import annotations

import numpy as np

from autograd_cli.tensorflow.failures import InvalidArgumentError, kernel_message


def dims(shape) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


def fail(message, op_type, name="", count=None):
    """The kernel's error; `name` None for the ops whose wrappers pass no name (no ` name: `);
    `count` the number of inputs of a list op (ConcatV2, Pack, AddN), part of its function's name."""
    function = op_type if count is None else f"{op_type}_N_{count}"
    raise InvalidArgumentError(None, None, kernel_message(op_type, message, name is not None, name or "", function))


def list_dtypes(op_type, tensors, name=""):
    """A list input (ConcatV2, Pack, AddN) takes the first tensor's dtype."""
    for k, t in enumerate(tensors[1:], 1):
        if t.dtype != tensors[0].dtype:
            fail(f"cannot compute {op_type} as input #{k}(zero-based) was expected to be a "
                 f"{tensors[0].dtype.kernel_name} tensor but is a {t.dtype.kernel_name} tensor", op_type, name,
                 len(tensors))


def concat(shapes, axis, name="concat"):
    rank = len(shapes[0])
    if not (-rank <= axis < rank or axis == 0):       # (a scalar's axis 0 is the legacy case)
        fail(f"ConcatOp : Expected concatenating dimensions in the range [{-rank}, {rank}), but got {axis}",
             "ConcatV2", name, len(shapes))
    axis %= max(rank, 1)
    for k, s in enumerate(shapes):
        if not s:
            fail("ConcatOp : Can't concatenate scalars (use tf.stack instead)", "ConcatV2", name, len(shapes))
        if len(s) != rank:
            fail(f"ConcatOp : Ranks of all input tensors should match: shape[0] = {dims(shapes[0])} vs. "
                 f"shape[{k}] = {dims(s)}", "ConcatV2", name, len(shapes))
        for j in range(rank):
            if j != axis and s[j] != shapes[0][j]:
                fail(f"ConcatOp : Dimension {j} in both shapes must be equal: shape[0] = {dims(shapes[0])} vs. "
                     f"shape[{k}] = {dims(s)}", "ConcatV2", name, len(shapes))


def stack_axis(rank, axis):
    """tf.stack's own check (a ValueError, before the Pack kernel)."""
    if not -(rank + 1) <= axis < rank + 1:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-(rank + 1)}, {rank + 1})")


def pack(shapes, name="stack"):
    for k, s in enumerate(shapes[1:], 1):
        if tuple(s) != tuple(shapes[0]):
            fail(f"Shapes of all inputs must match: values[0].shape = {dims(shapes[0])} != values[{k}].shape = "
                 f"{dims(s)}", "Pack", name, len(shapes))


def add_n(shapes):
    for k, s in enumerate(shapes[1:], 1):
        if tuple(s) != tuple(shapes[0]):
            fail(f"Inputs to operation AddN of type AddN must have the same size and shape.  Input 0: "
                 f"{dims(shapes[0])} != input {k}: {dims(s)}", "AddN", "", len(shapes))


def reduction(op_type, rank, axes):
    for a in ([] if axes is None else np.atleast_1d(axes).tolist()):
        if not -rank <= a < rank:
            fail(f"Invalid reduction dimension ({a} for input with {rank} dimension(s)", op_type)


def arg_reduction(op_type, rank, axis):
    if not -rank <= axis < rank:
        fail(f"Expected dimension in the range [{-rank}, {rank}), but got {axis}", op_type)


def scan(op_type, rank, axis):
    if not -rank <= axis < rank:
        shown = axis + rank if axis < 0 else axis        # (the kernel reports the axis it made positive)
        fail(f"ScanOp: Expected scan axis in the range [{-rank}, {rank}), but got {shown}", op_type)


def select(cond, then, other):
    try:
        np.broadcast_shapes(tuple(cond), tuple(then), tuple(other))
    except ValueError:
        fail(f"condition {dims(cond)}, then {dims(then)}, and else {dims(other)} must be broadcastable", "SelectV2")


def batch_matmul(a, b, transpose_a, transpose_b):
    """BatchMatMulV2 (tf.matmul of a tensor of rank above 2)."""
    for k, s in enumerate((a, b)):
        if len(s) < 2:
            fail(f"In[{k}] ndims must be >= 2: {len(s)}", "BatchMatMulV2")
    try:
        np.broadcast_shapes(tuple(a[:-2]), tuple(b[:-2]))
    except ValueError:
        fail(f"In[0] and In[1] must have compatible batch dimensions: {dims(a)} vs. {dims(b)}", "BatchMatMulV2")
    if (a[-2] if transpose_a else a[-1]) != (b[-1] if transpose_b else b[-2]):
        fail(f"Matrix size-incompatible: In[0]: {dims(a)}, In[1]: {dims(b)}", "BatchMatMulV2")


def reshape(size, target):
    unknown = [k for k, d in enumerate(target) if d == -1]
    if len(unknown) > 1:
        fail(f"Only one input size may be -1, not both {unknown[0]} and {unknown[1]}", "Reshape", None)


def transpose(rank, perm):
    if perm is None:
        return
    if len(perm) != rank:
        fail(f"transpose expects a vector of size {rank}. But input(1) is a vector of size {len(perm)}", "Transpose", None)
    for p in perm:
        if not 0 <= p < rank:
            fail(f"{p} is out of range [0 .. {rank})", "Transpose", None)
    for k in range(rank):
        if k not in perm:
            fail(f"{k} is missing from {{{','.join(map(str, perm))}}}.", "Transpose", None)


def squeeze(shape, axes):
    rank = len(shape)
    for a in axes:
        if not -rank <= a < rank:
            fail(f"Tried to squeeze dim index {a} for tensor with {rank} dimensions.", "Squeeze")
        if shape[a] != 1:
            fail(f"Can not squeeze dim[{a % rank}], expected a dimension of 1, got {shape[a]}", "Squeeze")


def expand_dims(rank, axis):
    if not -(rank + 1) <= axis <= rank:
        fail(f"Tried to expand dim index {axis} for tensor with {rank} dimensions.", "ExpandDims")


def tile(rank, multiples):
    if len(multiples) != rank:
        fail(f"Expected multiples argument to be a vector of length {rank} but got length {len(multiples)}", "Tile", None)


def broadcast_to(shape, target):
    try:
        if np.broadcast_shapes(tuple(shape), tuple(target)) == tuple(target):
            return
    except ValueError:
        pass
    fail(f"Incompatible shapes: {dims(shape)} vs. {dims(target)}", "BroadcastTo", None)


def slice_(shape, begin, size):
    if len(begin) != len(shape) or len(size) != len(shape):
        fail(f"Expected begin and size arguments to be 1-D tensors of size {len(shape)}, but got shapes "
             f"[{len(begin)}] and [{len(size)}] instead.", "Slice", None)
    for k, (d, b, s) in enumerate(zip(shape, begin, size)):
        if not 0 <= b <= d:
            fail(f"Expected begin[{k}] in [0, {d}], but got {b}", "Slice", None)
        if s != -1 and not (0 <= s and b + s <= d):
            fail(f"Expected size[{k}] in [0, {d - b}], but got {s}", "Slice", None)


def gather(params, indices, axis, batch_dims):
    """GatherV2: params' rank, the axis, then each index against the axis' size."""
    rank = len(params._shape)
    if not rank:
        fail("params must be at least 1 dimensional", "GatherV2", None)
    if axis >= rank:
        fail(f"Shape must be at least rank {axis + 1} but is rank {rank}", "GatherV2", None)
    if axis < -rank:
        fail(f"Expected axis in the range [{-rank}, {rank}), but got {axis}", "GatherV2", None)
    if batch_dims == 0 and indices._value is not None and indices.dtype.is_integer:
        size = params._shape[axis]
        bad = np.argwhere((indices._value < 0) | (indices._value >= size))
        if len(bad):
            where = tuple(int(k) for k in bad[0])
            fail(f"indices[{','.join(map(str, where))}] = {int(indices._value[where])} is not in [0, {size})",
                 "GatherV2", None)


def softmax_axis(op_type, shape, axis):
    """tf.nn.softmax's own axis check (an InvalidArgumentError raised in Python), then the kernel's rank."""
    rank = len(shape)
    if rank and not -rank <= axis < rank:
        raise InvalidArgumentError(None, None, f"`dim` must be in the range [{-rank}, {rank}) where {rank} is the "
                                   f"number of dimensions in the input. Received: dim={axis}")
    if not rank:
        fail(f"logits must have >= 1 dimension, got {dims(shape)}", op_type)


def integer_division(op_type, y):
    if y.dtype.is_integer and y._value is not None and np.any(np.asarray(y._value) == 0):
        fail("Integer division by zero", op_type)


def integer_power(x, y):
    if x.dtype.is_integer and y._value is not None and np.any(np.asarray(y._value) < 0):
        fail("Integers to negative integer powers are not allowed", "Pow")


def strided_slice(shape, index, name):
    """x[...] with an integer index outside its dimension, or more indices than dimensions."""
    index = index if isinstance(index, tuple) else (index,)
    rank = len(shape)
    real = sum(1 for i in index if i is not None and i is not Ellipsis)
    dim = 0
    for i in index:
        if i is Ellipsis:
            dim += max(rank - real, 0)
        elif i is not None:
            if dim >= rank:
                fail(f"Index out of range using input dim {dim}; input has only {rank} dims", "StridedSlice",
                     f"{name}/")
            if isinstance(i, (int, np.integer)) and not -shape[dim] <= i < shape[dim]:
                fail(f"slice index {i} of dimension {dim} out of bounds.", "StridedSlice", f"{name}/")
            dim += 1


def softmax_cross_entropy(labels, logits):
    if not logits:      # (TensorFlow's wrapper slices the class axis off the logits' empty shape)
        fail("Expected begin[0] == 0 (got -1) and size[0] == 0 (got 1) when input.dim_size(0) == 0", "Slice",
             None)
    try:
        np.broadcast_shapes(tuple(labels), tuple(logits))
    except ValueError:
        fail(f"logits and labels must be broadcastable: logits_size={dims(logits)} labels_size={dims(labels)}",
             "SoftmaxCrossEntropyWithLogits")


def sparse_labels(labels, classes):
    """The labels' values against the number of classes (the kernel lists all the labels)."""
    flat = np.asarray(labels).reshape(-1)
    bad = flat[(flat < 0) | (flat >= classes)]
    if bad.size:
        fail(f"Received a label value of {int(bad[0])} which is outside the valid range of [0, {classes}).  "
             f"Label values: {' '.join(str(int(v)) for v in flat)}", "SparseSoftmaxCrossEntropyWithLogits")


def pad(shape, paddings, mode):
    """Pad / MirrorPad: the paddings' rows, then their sizes against the mode's limit."""
    op_type = "Pad" if mode.upper() == "CONSTANT" else "MirrorPad"
    rows = np.asarray(paddings).reshape(-1, 2).tolist() if np.size(paddings) else []
    if len(rows) != len(shape):
        fail(f"The first dimension of paddings must be the rank of inputs{dims(np.shape(paddings))} {dims(shape)}",
             op_type, None)
    for (before, after), d in zip(rows, shape):
        if before < 0 or after < 0:
            fail(f"Paddings must be non-negative: {before} {after}", op_type, None)
        if mode.upper() == "REFLECT" and (before >= d or after >= d):
            fail(f"paddings must be less than the dimension size: {before}, {after} not less than {d}", op_type, None)
        if mode.upper() == "SYMMETRIC" and (before > d or after > d):
            fail(f"paddings must be no greater than the dimension size: {before}, {after} greater than {d}",
                 op_type, None)


def matrix_rank2(shape, name):
    if len(shape) < 2:
        fail(f"input must be at least 2-dim, received shape: {dims(shape)}", "MatrixDiagPartV3", name)


def square_matrix(op_type, x, invertible=False):
    shape = x._shape
    if len(shape) < 2:
        fail(f"Input tensor 0 must have rank >= 2, got {len(shape)}", op_type)
    if shape[-1] != shape[-2]:
        fail("Input matrix must be square.", op_type)
    if invertible and x._value is not None and x._value.size:
        try:
            np.linalg.inv(x._value)
        except np.linalg.LinAlgError:
            fail("Input is not invertible.", op_type)


# An engine error met while a tape's gradient is computed, in the words of the TensorFlow kernel
# that meets it there (the gradient ops' own errors: det's gradient inverts the matrix)
_ENGINE_WORDS = {"the matrix is not invertible": ("Input is not invertible.", "MatrixInverse")}


def from_engine(message):
    """An InvalidArgumentError for an engine error (`NAME: text` or `text`)."""
    text = message.split(": ", 1)[1] if ": " in message and " " not in message.split(": ", 1)[0] else message
    words, op_type = _ENGINE_WORDS.get(text, (text, None))
    suffix = f" [Op:{op_type}] name: " if op_type else ""
    return InvalidArgumentError(None, None, words + suffix)
