"""TensorFlow's spellings of the built-ins, read from one table: spellings_data.py, which
`python -m autograd_cli.cli.docgen` writes from the TensorFlow package's own declarations
(`@tf_export(..., builtin=...)`). The table is generated rather than read from the package
at run time because importing the package costs an `eval` of a `.ag` file far more than
its whole start; tests/compile/test_tf_spellings.py regenerates it and fails when it is stale.

A path is TensorFlow's without the `tf.` (`math.reduce_sum`, `keras.backend.sum`,
`compat.v1.placeholder`). NumPy's names for the built-ins (`np.sum`) are in names.py."""
from __future__ import annotations

from autograd_cli.library.spellings_data import OTHER, SPELLINGS
from autograd_cli.support.errors import suggest

BUILTIN = {path: name for name, paths in SPELLINGS.items() for path in paths}    # tf.PATH -> built-in

# The methods a .ag value has, spelled as TensorFlow's Variable methods (`w.assign(v)`).
METHODS = ("assign", "assign_add", "assign_sub")


def builtin_of(path: str) -> str | None:
    """The built-in TensorFlow's `tf.PATH` is, or None."""
    return BUILTIN.get(path)


def is_tensorflow(path: str) -> bool:
    """Whether `tf.PATH` is a name of the TensorFlow package (a built-in or not)."""
    if path in BUILTIN or path in OTHER:
        return True
    for mirror in ("compat.v1.", "compat.v2."):    # compat.v1 and v2 mirror the whole tree
        if path.startswith(mirror):
            return path[len(mirror):] in OTHER
    return False


def is_namespace(prefix: str) -> bool:
    """Whether `tf.PREFIX` is a module of the package (`math`, `keras.backend`, ...)."""
    if prefix == "":
        return True
    start = prefix + "."
    return any(p.startswith(start) for p in BUILTIN) or any(p.startswith(start) for p in OTHER)


def spellings_of(builtin: str, table: dict | None = None) -> tuple:
    """`tf.` spellings of a built-in for the reference: every path but the compat mirrors of
    a path that has its own spelling. `table`: another BUILTIN table (a fresh one)."""
    paths = [p for p, b in (BUILTIN if table is None else table).items() if b == builtin]
    shown = set(paths)
    for p in paths:
        for mirror in ("compat.v1.", "compat.v2."):
            if p.startswith(mirror) and p[len(mirror):] in shown:
                shown.discard(p)
        if p.startswith("compat.v2."):
            shown.discard(p)
    return tuple(f"tf.{p}" for p in sorted(shown, key=lambda p: (p != builtin, p.count("."), p)))


def near(path: str) -> str:
    """'; did you mean 'tf.X'?' for a path that is not a built-in: the same name in another
    namespace (tf.keras.backend.sqrt -> tf.sqrt), else a close name in the same namespace; or ''."""
    prefix, _, leaf = path.rpartition(".")
    elsewhere = sorted((p for p in BUILTIN if p.rpartition(".")[2] == leaf and not p.startswith("compat.")),
                       key=lambda p: (p.count("."), p))
    if elsewhere:
        return f"; did you mean 'tf.{elsewhere[0]}'?"
    hint = suggest(leaf, [p.rpartition(".")[2] for p in BUILTIN if p.rpartition(".")[0] == prefix])
    return hint.replace("'", "'tf." + (prefix + "." if prefix else ""), 1)
