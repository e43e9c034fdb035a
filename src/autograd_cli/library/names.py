"""Names a newcomer from Python, NumPy or PyTorch tries first, and what to write in a
.ag program instead (TensorFlow's names). The builder adds them to "unknown function"
and "unknown name" errors; only a target that is a built-in is suggested."""
from __future__ import annotations

# NumPy's names of the built-ins (`np.sum` in a .ag program is NumPy's sum: the built-in
# reduce_sum on constants); a built-in's own name is NumPy's too (np.exp).
NUMPY = {
    "sum": "reduce_sum", "mean": "reduce_mean", "average": "reduce_mean", "max": "reduce_max", "min": "reduce_min",
    "amax": "reduce_max", "amin": "reduce_min", "prod": "reduce_prod", "any": "reduce_any", "all": "reduce_all",
    "dot": "matmul", "power": "pow", "absolute": "abs", "fabs": "abs", "arctan": "atan", "arcsin": "asin",
    "arccos": "acos", "arctan2": "atan2", "arcsinh": "asinh", "arccosh": "acosh", "arctanh": "atanh",
    "clip": "clip_by_value", "concatenate": "concat", "array": "constant", "asarray": "constant", "full": "fill",
}
# Other libraries' names (PyTorch, Python) with a built-in to suggest
OTHERS = {
    "logsumexp": "reduce_logsumexp", "mm": "matmul", "bmm": "matmul", "inner": "tensordot", "clamp": "clip_by_value",
    "cat": "concat", "hstack": "concat", "vstack": "concat", "tensor": "constant", "Variable": "variable",
    "zeros_like": "zeros_like", "grad": "gradients", "gradient": "gradients", "backward": "gradients",
    "detach": "stop_gradient", "no_grad": "stop_gradient", "mse": "mean_squared_error",
    "mse_loss": "mean_squared_error", "cross_entropy": "categorical_crossentropy", "argmax_": "argmax",
}
NOTES = {
    "max": "; maximum(a, b) for the larger of two tensors", "min": "; minimum(a, b) for the smaller of two tensors",
    "dot": " (or the @ operator)", "mm": " (or the @ operator)", "power": " (or the ** operator)",
    "hstack": " with axis=1", "vstack": " with axis=0", "array": " (or a list literal, [1.0, 2.0])",
    "grad": ": gradients(y, x) returns a list, one gradient per x",
    "gradient": ": gradients(y, x) returns a list, one gradient per x",
    "backward": ": gradients(y, x) returns a list, one gradient per x",
    "cross_entropy": " (probabilities) or softmax_cross_entropy_with_logits",
}
# name -> (built-in to suggest, or None, and an explanation; "{b}" is the built-in)
FOREIGN = {name: (target, NOTES.get(name, "")) for name, target in {**NUMPY, **OTHERS}.items()}
FOREIGN.update({
    "std": (None, "there is no std; write sqrt(reduce_mean(square(x - reduce_mean(x))))"),
    "log10": (None, "there is no log10; write log(x) / log(10.0)"),
    "log2": (None, "there is no log2; write log(x) / log(2.0)"),
    "print": (None, "there is no print: every assigned name is already printed (eval shows each value; "
                    "run shows named scalars, --fetch chooses)"),
    "range": (None, "there is no range: write linspace(start, stop, num), a list literal, or use step in a run"),
    "len": (None, "there is no len: size(x) is the number of elements, shape(x) the shape"),
    "float": (None, "every number is already a float (float64); cast(x, float32) exists for TensorFlow code"),
    "int": (None, "there is no int: floor(x), round(x) or cast(x, int32)"),
    "greater": (None, "write y > 0.5 (the comparison operators >, <, >=, <=, ==, != stand for "
                      "tf.greater and its kin)"),
    "less": (None, "write y < 0.5 (the comparison operators stand for tf.less and its kin)"),
    "greater_equal": (None, "write y >= 0.5"), "less_equal": (None, "write y <= 0.5"),
    "equal": (None, "write a == b"), "not_equal": (None, "write a != b"),
    "conv1d": (None, "convolutions are not supported here (no conv1d, conv2d, conv3d or pooling)"),
    "conv2d": (None, "convolutions are not supported here (no conv1d, conv2d, conv3d or pooling)"),
    "conv3d": (None, "convolutions are not supported here (no conv1d, conv2d, conv3d or pooling)"),
    "max_pool": (None, "pooling is not supported here (no convolutions or pooling)"),
    "avg_pool": (None, "pooling is not supported here (no convolutions or pooling)"),
    "np": (None, "NumPy is not reachable from a program; its functions have TensorFlow names here"),
})


def foreign_hint(name: str, builtins) -> str:
    """": TensorFlow calls it reduce_sum" and the like for a common Python/NumPy name, or ""."""
    entry = FOREIGN.get(name) or FOREIGN.get(name.lower())
    if entry is None:
        return ""
    target, note = entry
    if target is None:
        return f": {note}"
    if target not in builtins or target == name:
        return ""
    return f"; TensorFlow's name is {target}{note}"
