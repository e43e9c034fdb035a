"""Public names, declared where they are defined.

`@tf_export("math.reduce_sum", "reduce_sum")` on a function or class records the
paths under which TensorFlow publishes it; the namespaces `tf`, `tf.math`,
`tf.nn`, ... (and `tf.compat.v1`, which mirrors the whole tree) are built from
these records alone. `builtin=` names the `.ag` built-in a function simply is, so
`.ag`'s `tf.X` spellings can be derived from the package (`builtin_spellings`).

Some parts of the package (Keras, tf.data, ...) are `defer`red: they are imported the
first time a name is looked up that nothing imported so far declares (an attribute of
`tf` or of a namespace, a `dir()`, or an import of a namespace module), and what they
declare joins the namespaces then; so is the tf.compat.v1 / v2 mirror of the tree. A
snippet that never touches Keras does not pay for loading it (about a sixth of the
package's start).
"""
from __future__ import annotations

import importlib
import importlib.machinery
import sys
import types

EXPORTS: dict[str, object] = {}      # "math.reduce_sum" -> the object
_DEFERRED: list[str] = []            # modules imported by `complete`
_BUILT = {"root": None, "registrations": 0, "built": -1, "mirrored": False}


def tf_export(*paths: str, builtin: str | None = None):
    def register(obj):
        for path in paths:
            EXPORTS[path] = obj
        _BUILT["registrations"] += 1
        if builtin is not None:
            try:
                obj.ag_builtin = builtin
            except (AttributeError, TypeError):
                pass
        return obj
    return register


def tf_class(path: str):
    """The class as TensorFlow (or Keras 3) defines it, `module.Name`: what `type(x)`, an
    AttributeError's text and a default repr print of its objects, as they do under TensorFlow."""
    module, _, name = path.rpartition(".")

    def name_it(cls):
        cls.__module__, cls.__name__, cls.__qualname__ = module, name, name
        return cls
    return name_it


def export_value(path: str, value) -> None:
    """A public constant (a dtype, a version string, an enum)."""
    EXPORTS[path] = value
    _BUILT["registrations"] += 1


def defer(*modules: str) -> None:
    """Modules whose declarations are imported at the first name not declared yet."""
    _DEFERRED.extend(modules)


def complete() -> None:
    """Import the deferred modules and build the whole tree, mirrors included."""
    if _BUILT["root"] is None:
        return
    while _DEFERRED:
        importlib.import_module(_DEFERRED.pop(0))
    if not _BUILT["mirrored"]:
        _BUILT["mirrored"], _BUILT["built"] = True, -1
    refresh()


def refresh() -> None:
    """Add every declaration since the namespaces were last built (a deferred module calls
    it at its end: an import statement may load it before any lookup). Nothing happens
    before the package's first build: a lookup during its own import must not import the rest."""
    root = _BUILT["root"]
    if root is not None and _BUILT["built"] != _BUILT["registrations"]:
        build_namespaces(root)


def lookup(module: types.ModuleType, name: str):
    """`module.name` for a name that was not there: found once the rest is loaded, or
    AttributeError with a did-you-mean hint."""
    if name == "__all__":           # `from tensorflow import *`: the public names, no implementation module
        complete()
        spaces = {".".join(path.split(".")[:depth]) for path in EXPORTS for depth in range(1, path.count(".") + 1)}
        base = _BUILT["root"].__name__ + "."
        return sorted(n for n, value in vars(module).items() if not n.startswith("_") and (
            isinstance(value, Namespace) or not isinstance(value, types.ModuleType)
            or value.__name__.removeprefix(base) in spaces))
    if name.startswith("_"):
        raise AttributeError(name)
    complete()
    if name in vars(module):
        return vars(module)[name]
    root = _BUILT["root"]
    prefix = module.__name__[len(root.__name__) + 1:] if module is not root else ""
    if _tf1_code() and not prefix.startswith("compat"):
        # TF1 code's `tf` is tf.compat.v1: its names TF2 lacks (tf.Print, tf.nn.conv2d_backprop_filter)
        mirror = vars(vars(root)["compat"])["v1"]
        for part in prefix.split(".") if prefix else ():
            mirror = vars(mirror).get(part)
            if not isinstance(mirror, types.ModuleType):
                break
        else:
            found = vars(mirror).get(name)
            if found is not None:
                return found
    raise unknown_name(module, name)


def _tf1_code() -> bool:
    core = sys.modules.get(_BUILT["root"].__name__ + ".core")
    return bool(core is not None and core.ctx.v1)


class Namespace(types.ModuleType):
    """A module object holding one level of the public tree (tf.math, tf.nn, ...): its type
    prints as a module's, `<class 'module'>`, as TensorFlow's namespaces are modules."""

    def __repr__(self):
        return f"<module '{self.__name__.replace('autograd_cli.', '', 1)}'>"

    def __getattr__(self, name):
        return lookup(self, name)

    def __dir__(self):
        complete()
        return sorted(vars(self))


tf_class("builtins.module")(Namespace)


class _DeferredNamespaces:
    """`import autograd_cli.tensorflow.compat.v1.keras` (or `tensorflow.compat.v1.keras` in a
    snippet) before Keras is loaded: a namespace module that exists once the deferred parts
    are. Last on sys.meta_path, so it sees only names no file provides."""

    def find_spec(self, name, path=None, target=None):
        root = _BUILT["root"]
        if root is None or not name.startswith(root.__name__ + "."):
            return None
        complete()
        return importlib.machinery.ModuleSpec(name, self) if name in sys.modules else None

    def create_module(self, spec):
        return sys.modules[spec.name]

    def exec_module(self, module):
        pass


_TF_KERAS_WRAPPERS = ("backend", "layers", "losses", "metrics")


def shown_name(module) -> str:
    """The module's name as TensorFlow 2.21 gives it in an AttributeError: `tensorflow` and
    `tensorflow._api.v2.nn`, or in TF1 code (tensorflow.compat.v1) `tensorflow.compat.v1` and
    `tensorflow._api.v2.compat.v1.nn`; tf.keras `tensorflow.keras` (`keras._tf_keras.keras` in TF1
    code) and its submodules `keras._tf_keras.keras.layers` or `keras.optimizers`."""
    root = _BUILT["root"]
    name = module.__name__
    if root is None or not (name == root.__name__ or name.startswith(root.__name__ + ".")):
        return name.replace("autograd_cli.", "", 1)
    path = name[len(root.__name__) + 1:]
    core = sys.modules.get(root.__name__ + ".core")
    v1 = bool(core is not None and core.ctx.v1)
    if path == "keras":
        return "keras._tf_keras.keras" if v1 else "tensorflow.keras"
    if path.startswith("keras."):       # four are TensorFlow's wrappers, the others Keras 3's modules
        sub = path[len("keras."):]
        return f"keras._tf_keras.keras.{sub}" if sub in _TF_KERAS_WRAPPERS else f"keras.{sub}"
    if path.startswith("python."):          # TensorFlow's own modules, imported by their file names
        return f"tensorflow.{path}"
    if path == "" or (path == "compat.v1" and v1):
        return "tensorflow.compat.v1" if v1 else "tensorflow"
    if v1 and not path.startswith("compat."):
        path = "compat.v1." + path
    return f"tensorflow._api.v2.{path}"


def unknown_name(module, name) -> AttributeError:
    """TensorFlow's AttributeError; a close name is the located error's hint (Python shows its
    own after the message, never in it)."""
    import difflib

    error = AttributeError(f"module '{shown_name(module)}' has no attribute '{name}'")
    root = _BUILT["root"]
    prefix = module.__name__[len(root.__name__) + 1:] if root is not None and module is not root else ""
    path = f"{prefix}.{name}" if prefix else name
    if path in NOT_SUPPORTED:       # (TensorFlow has the name: the message says why it is missing here)
        return AttributeError(f"module '{shown_name(module)}' has no attribute '{name}': {NOT_SUPPORTED[path]} "
                              f"(tf.{path}) are not supported by autograd-cli's TensorFlow")
    close = difflib.get_close_matches(name, [n for n in vars(module) if not n.startswith("_")], n=1)
    if close:
        error.ag_hint = f"did you mean '{close[0]}'?"
    return error


# TensorFlow APIs deliberately left out: their AttributeError says so.
NOT_SUPPORTED = {
    "ragged": "ragged tensors", "RaggedTensor": "ragged tensors", "RaggedTensorSpec": "ragged tensors",
    "SparseTensorSpec": "sparse tensor specs",
    **{f"sparse.{name}": "tf.sparse's ops other than the basics (see docs/snippets.md)" for name in (
        "bincount", "cross", "cross_hashed", "fill_empty_rows", "mask", "maximum", "minimum", "reset_shape", "sampled_addmm", "segment_mean", "segment_sqrt_n", "segment_sum", "softmax",
        "split")},
    "distribute": "distribution strategies", "saved_model": "SavedModels (files)",
    "io": "file and serialisation ops",
    "experimental.numpy": "the NumPy API (tf.experimental.numpy)",
}


def build_namespaces(root: types.ModuleType) -> None:
    """Fill `root` (the package) and its sub-namespaces from EXPORTS; each namespace is
    also a module in sys.modules (`import autograd_cli.tensorflow.math`). Building again
    adds what was declared since."""
    if _BUILT["root"] is None:
        _BUILT["root"] = root
        sys.meta_path.append(_DeferredNamespaces())
    _BUILT["built"] = _BUILT["registrations"]
    base = root.__name__
    spaces: dict[str, types.ModuleType] = {"": root}

    def space(prefix: str) -> types.ModuleType:
        found = spaces.get(prefix)
        if found is not None:
            return found
        parent_path, _, leaf = prefix.rpartition(".")
        parent = space(parent_path)
        existing = vars(parent).get(leaf)     # (getattr of a missing name builds a did-you-mean message)
        if not isinstance(existing, types.ModuleType):      # a module still being imported: not bound yet
            existing = sys.modules.get(f"{base}.{prefix}")
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
    # tf.compat.v1 (and v2) mirror the tree: TF1 code imports either (built by `complete`,
    # at the first name of theirs that is not an explicit compat declaration).
    for version in ("compat.v1", "compat.v2") if _BUILT["mirrored"] else ():
        target = space(version)
        for path, obj in EXPORTS.items():
            if path.startswith("compat."):
                continue
            prefix, _, leaf = path.rpartition(".")
            holder = space(f"{version}.{prefix}") if prefix else target
            if leaf not in vars(holder):     # (hasattr would build a did-you-mean message per name)
                setattr(holder, leaf, obj)
        # each version has tf.compat inside it again (tf.compat.v1.compat.as_bytes, .v1, .v2)
        nested = space(f"{version}.compat")
        for path, obj in EXPORTS.items():
            if path.startswith("compat.") and path.count(".") == 1:
                setattr(nested, path.rpartition(".")[2], obj)
        nested.v1, nested.v2 = space("compat.v1"), space("compat.v2")


def all_exports() -> dict[str, object]:
    """EXPORTS with the deferred parts loaded: every public name of the package."""
    complete()
    return EXPORTS


def builtin_spellings() -> dict[str, str]:
    """TF path -> the .ag built-in it is (every function declared with builtin=)."""
    complete()
    return {path: obj.ag_builtin for path, obj in EXPORTS.items() if getattr(obj, "ag_builtin", None)}
