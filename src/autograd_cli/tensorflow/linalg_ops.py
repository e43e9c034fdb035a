"""tf.linalg, the segment reductions, scatter_nd and polygamma: each function is the `.ag`
built-in of its name (its handler builds the engine nodes), with TensorFlow's parameters."""
from __future__ import annotations

from autograd_cli.tensorflow.core import convert_to_tensor
from autograd_cli.tensorflow.exports import tf_export
from autograd_cli.tensorflow.math_ops import binary_inputs, builtin_op


@tf_export("linalg.inv", "compat.v1.matrix_inverse", "matrix_inverse", builtin="matrix_inverse")
def inv(input, adjoint=False, name=None):   # noqa: A002
    x = convert_to_tensor(input)
    return builtin_op("MatrixInverse", "matrix_inverse", {"input": x}, {"adjoint": bool(adjoint)}, x.dtype, name)


@tf_export("linalg.det", "compat.v1.matrix_determinant", "matrix_determinant", builtin="matrix_determinant")
def det(input, name=None):   # noqa: A002
    x = convert_to_tensor(input)
    return builtin_op("MatrixDeterminant", "matrix_determinant", {"input": x}, {}, x.dtype, name)


@tf_export("linalg.trace", "compat.v1.trace", "trace", builtin="trace")
def trace(x, name=None):
    x = convert_to_tensor(x)
    return builtin_op("Trace", "trace", {"x": x}, {}, x.dtype, name)


@tf_export("linalg.diag", "compat.v1.matrix_diag", "matrix_diag", builtin="diag")
def diag(diagonal, name="diag", k=0):
    x = convert_to_tensor(diagonal)
    return builtin_op("MatrixDiagV3", "diag", {"diagonal": x}, {"k": int(k)}, x.dtype, None)


@tf_export("linalg.diag_part", "compat.v1.matrix_diag_part", "matrix_diag_part", builtin="diag_part")
def diag_part(input, name="diag_part", k=0):   # noqa: A002
    x = convert_to_tensor(input)
    return builtin_op("MatrixDiagPartV3", "diag_part", {"input": x}, {"k": int(k)}, x.dtype, None)


@tf_export("linalg.cholesky", "compat.v1.cholesky", "cholesky", builtin="cholesky")
def cholesky(input, name=None):   # noqa: A002
    x = convert_to_tensor(input)
    return builtin_op("Cholesky", "cholesky", {"input": x}, {}, x.dtype, name)


@tf_export("norm", "linalg.norm", builtin="norm")
def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None):   # noqa: A002
    x = convert_to_tensor(tensor)
    static = {"ord": ord, "axis": axis, "keepdims": keepdims}
    return builtin_op("Norm", "norm", {"tensor": x}, static, x.dtype, name)


def _segment(op_type, builtin, *paths):
    def fn(data, segment_ids, name=None):
        x, ids = convert_to_tensor(data), convert_to_tensor(segment_ids)
        return builtin_op(op_type, builtin, {"data": x, "segment_ids": ids}, {}, x.dtype, name)
    fn.__name__ = fn.__qualname__ = builtin
    return tf_export(*paths, builtin=builtin)(fn)


segment_sum = _segment("SegmentSum", "segment_sum", "math.segment_sum", "segment_sum")
segment_mean = _segment("SegmentMean", "segment_mean", "math.segment_mean", "segment_mean")
segment_max = _segment("SegmentMax", "segment_max", "math.segment_max", "segment_max")


@tf_export("math.unsorted_segment_sum", "unsorted_segment_sum", builtin="unsorted_segment_sum")
def unsorted_segment_sum(data, segment_ids, num_segments, name=None):
    x, ids = convert_to_tensor(data), convert_to_tensor(segment_ids)
    return builtin_op("UnsortedSegmentSum", "unsorted_segment_sum", {"data": x, "segment_ids": ids},
                      {"num_segments": int(num_segments)}, x.dtype, name)


@tf_export("scatter_nd", builtin="scatter_nd")
def scatter_nd(indices, updates, shape, name=None):
    i, u = convert_to_tensor(indices), convert_to_tensor(updates)
    dims = [int(d) for d in (shape.numpy() if hasattr(shape, "numpy") else shape)]
    return builtin_op("ScatterNd", "scatter_nd", {"indices": i, "updates": u}, {"shape": dims}, u.dtype, name)


@tf_export("math.polygamma", "polygamma", builtin="polygamma")
def polygamma(a, x, name=None):
    a, x = binary_inputs("Polygamma", a, x)
    return builtin_op("Polygamma", "polygamma", {"a": a, "x": x}, {}, x.dtype, name)
