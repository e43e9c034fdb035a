"""Integer tensors, as TensorFlow types them. Values stay float64 (integral floats), but a
tensor the program made integer (cast to int32/int64, a dtype=int32 constant, variable,
zeros, ..., or TensorFlow's inference from integer literals in `tf.Variable` /
`tf.constant`) keeps its dtype through the ops that keep it in TensorFlow, and meeting a
float tensor is TensorFlow's error. The builder keeps the dtypes by node id: programs
without integer tensors pay nothing."""
from __future__ import annotations

from autograd_cli.support.errors import AgError

# ops whose result has their (integer) inputs' dtype
KEEPS = frozenset((
    "add", "subtract", "multiply", "negative", "abs", "sign", "square", "pow", "maximum", "minimum", "floordiv",
    "floormod", "truncatediv", "squared_difference", "matmul", "einsum", "reduce_sum", "reduce_max", "reduce_min",
    "reduce_prod", "reshape", "transpose", "expand_dims", "squeeze", "stack", "concat", "tile", "broadcast_to",
    "getitem", "take", "gather", "gather_nd", "scatter_nd", "pad", "identity", "cumsum", "cumprod", "where",
    "add_n", "matrix_diag", "diag_part", "segment_sum", "segment_max", "boolean_mask", "stop_gradient", "branch",
    "custom_gradient", "cast_to_int"))
# ops that take integer inputs and give a float or bool result
OTHER_RESULT = frozenset(("divide", "less", "less_equal", "greater", "greater_equal", "equal", "not_equal",
                          "argmax", "argmin", "to_float", "top_k_indices", "one_hot", "assign", "assign_add",
                          "assign_sub", "reduce_any", "reduce_all"))
# inputs that are values (the others are indices, masks, predicates: any dtype)
VALUE_INPUTS = {"gather": (0,), "gather_nd": (0,), "take": (0,), "segment_sum": (0,), "segment_max": (0,),
                "scatter_nd": (1,), "where": (1, 2), "boolean_mask": (0,), "branch": (0,), "custom_gradient": (0,),
                "one_hot": (), "argmax": (0,), "argmin": (0,)}
HINT = "cast one to the other's dtype, e.g. cast(w, float32)"


def literal_kind(node, int_literal) -> str | None:
    """"int" for a whole number written in the program without a point ([1, 2], -3): it
    takes an integer tensor's dtype, as a Python int does in TensorFlow; "float" for a
    number written with one (0.5, 2.0); None for any other tensor."""
    stack, kind = [node], "int"
    while stack:
        n = stack.pop()
        name = n.op.name
        if name == "const" and n.shape == ():
            if not int_literal(n):
                kind = "float"
        elif name in ("stack", "negative"):
            stack.extend(n.inputs)
        else:
            return None
    return kind


def result_dtype(op, inputs, dtypes: dict, int_literal, pos) -> str | None:
    """The integer dtype of op(*inputs), or None (a float or bool result); TensorFlow's
    error where an integer tensor meets a float one or an op that takes only floats."""
    positions = VALUE_INPUTS.get(op.name, range(len(inputs)))
    kinds = [dtypes.get(inputs[k].id) for k in positions if k < len(inputs)]
    ints = [k for k in kinds if k is not None]
    if not ints:
        return None
    name = op.title
    kind = ints[0]
    # as TensorFlow: a whole number written without a point takes the integer dtype; a
    # number written with one cannot; the first other input sets the dtype the rest must have
    typed = []
    for k in positions:
        if k >= len(inputs):
            continue
        x = inputs[k]
        got = dtypes.get(x.id)
        if got is None:
            literal = literal_kind(x, int_literal)
            if literal == "int":
                continue
            if literal == "float" and x.op.name == "const":
                value = float(x.params["value"])
                raise AgError(f"{name}: cannot convert {value!r} to a tensor of dtype {kind} (TensorFlow: Cannot "
                              f"convert {value!r} to EagerTensor of dtype {kind}); a whole number written "
                              f"without a point takes an integer tensor's dtype, other numbers do not: {HINT}", pos)
        typed.append((k, got or "float"))
    expected = typed[0][1]
    for k, got in typed[1:]:
        if got != expected:
            raise AgError(f"{name}: TensorFlow does not mix dtypes (cannot compute {name} as input #{k}(zero-based) "
                          f"was expected to be a {expected} tensor but is a {got} tensor); {HINT}", pos)
    if op.name in KEEPS:
        return kind
    if op.name in OTHER_RESULT:
        return None
    if op.name == "reduce_mean":
        raise AgError(f"reduce_mean of an {kind} tensor is an integer (truncated) mean in TensorFlow; .ag "
                      f"computes means of float tensors only: cast(x, float32) first", pos)
    raise AgError(f"{name} takes float tensors, not {kind} (TensorFlow: Value passed to parameter 'x' has "
                  f"DataType {kind} not in list of allowed values: bfloat16, float16, float32, float64, "
                  f"complex64, complex128); cast it first: cast(x, float32)", pos)
