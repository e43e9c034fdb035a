"""Public names, declared where they are defined.

`@tf_export("math.reduce_sum", "reduce_sum")` on a function or class records the
paths under which TensorFlow publishes it; the namespaces `tf`, `tf.math`,
`tf.nn`, ... (and `tf.compat.v1`, which mirrors the whole tree) are built from
these records alone. `builtin=` names the `.ag` built-in a function simply is, so
`.ag`'s `tf.X` spellings can be derived from the package (`builtin_spellings`).
"""
from __future__ import annotations

import sys
import types

EXPORTS: dict[str, object] = {}      # "math.reduce_sum" -> the object


def tf_export(*paths: str, builtin: str | None = None):
    def register(obj):
        for path in paths:
            EXPORTS[path] = obj
        if builtin is not None:
            try:
                obj.ag_builtin = builtin
            except (AttributeError, TypeError):
                pass
        return obj
    return register


def export_value(path: str, value) -> None:
    """A public constant (a dtype, a version string, an enum)."""
    EXPORTS[path] = value


class Namespace(types.ModuleType):
    """A module object holding one level of the public tree (tf.math, tf.nn, ...)."""

    def __repr__(self):
        return f"<module '{self.__name__.replace('autograd_cli.', '', 1)}'>"

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise AttributeError(unknown_name(self, name))


def unknown_name(module, name) -> str:
    import difflib

    shown = module.__name__.replace("autograd_cli.", "", 1)
    close = difflib.get_close_matches(name, [n for n in vars(module) if not n.startswith("_")], n=1)
    hint = f". Did you mean: '{close[0]}'?" if close else ""
    return f"module '{shown}' has no attribute '{name}'{hint}"


def build_namespaces(root: types.ModuleType) -> None:
    """Fill `root` (the package) and its sub-namespaces from EXPORTS; each namespace is
    also a module in sys.modules (`import autograd_cli.tensorflow.math`)."""
    base = root.__name__
    spaces: dict[str, types.ModuleType] = {"": root}

    def space(prefix: str) -> types.ModuleType:
        found = spaces.get(prefix)
        if found is not None:
            return found
        parent_path, _, leaf = prefix.rpartition(".")
        parent = space(parent_path)
        existing = vars(parent).get(leaf)     # (getattr of a missing name builds a did-you-mean message)
        if isinstance(existing, types.ModuleType):
            module = existing
        else:
            module = Namespace(f"{base}.{prefix}")
            module.__path__ = []        # a package: `import tensorflow.compat.v1` finds its parts
            setattr(parent, leaf, module)
        sys.modules.setdefault(f"{base}.{prefix}", module)
        spaces[prefix] = module
        return module

    for path, obj in EXPORTS.items():
        prefix, _, leaf = path.rpartition(".")
        setattr(space(prefix), leaf, obj)
    # tf.compat.v1 (and v2) mirror the tree: TF1 code imports either.
    for version in ("compat.v1", "compat.v2"):
        target = space(version)
        for path, obj in EXPORTS.items():
            if path.startswith("compat."):
                continue
            prefix, _, leaf = path.rpartition(".")
            holder = space(f"{version}.{prefix}") if prefix else target
            if leaf not in vars(holder):     # (hasattr would build a did-you-mean message per name)
                setattr(holder, leaf, obj)


def builtin_spellings() -> dict[str, str]:
    """TF path -> the .ag built-in it is (every function declared with builtin=)."""
    return {path: obj.ag_builtin for path, obj in EXPORTS.items() if getattr(obj, "ag_builtin", None)}
