"""TensorFlow's spellings in a .ag program, resolved to the built-ins: import lines declare
prefixes (`import tensorflow as tf`), then `tf.math.reduce_sum(...)`, `K.sum(...)`, `np.sum(...)`
name built-ins, `w.assign(v)` is the built-in assign, and `tf.float32` is a dtype. Which `tf.`
paths are built-ins is the TensorFlow package's own declaration (library/spellings.py, loaded
by the first program that imports something: most programs never need it)."""
from __future__ import annotations

from autograd_cli.language import tree as ast
from autograd_cli.library.names import NUMPY, foreign_hint
from autograd_cli.support.errors import AgError, pos_at

# names a program uses without importing them: the import line that would declare each
WELL_KNOWN = {"tf": "import tensorflow as tf", "tensorflow": "import tensorflow",
              "np": "import numpy as np", "numpy": "import numpy",
              "K": "from tensorflow.keras import backend as K", "k": "from tensorflow.keras import backend as k",
              "keras": "from tensorflow import keras"}
NUMPY_PREFIX = "np."   # a call's func "np.sum": NumPy's sum, the built-in numpy_builtin("sum") on constants
SNIPPET = "a program with optimizers or sessions could run as a TensorFlow snippet (save it as .py, or --dialect tf)"


def numpy_builtin(name: str) -> str:
    """The built-in standing for NumPy's function `name` (np.sum -> reduce_sum)."""
    return NUMPY.get(name, name)


class Spellings:
    """The prefixes a program's imports declared so far, and the calls they spell."""

    def __init__(self, source: str):
        self.source = source
        self.prefixes: dict[str, str] = {}     # alias -> "tf", "tf.keras.backend", "np", ...

    def declare(self, stmt: ast.Import) -> None:
        from autograd_cli.library import spellings

        module = stmt.module
        root, _, rest = module.partition(".")
        if module == "numpy":
            target = "np"
        elif root == "tensorflow" and spellings.is_namespace(rest):
            target = "tf." + rest if rest else "tf"
        elif root == "keras" and spellings.is_namespace(module):
            target = "tf." + module
        else:
            raise AgError(f"unexpected '{module.split('.')[0]}': a .ag program may import only tensorflow (as tf), "
                          "numpy (as np) and tensorflow.keras.backend (as K), which declare prefixes for the "
                          "built-ins", stmt.pos)
        self.prefixes[stmt.alias] = target

    def path(self, e) -> str | None:
        """The dotted path an expression names when it starts at a declared prefix
        (`K.sum` -> "tf.keras.backend.sum"), else None."""
        parts = []
        while isinstance(e, ast.Attr):
            parts.append(e.attr)
            e = e.value
        if not isinstance(e, ast.Name) or e.id not in self.prefixes:
            return None
        return ".".join([self.prefixes[e.id], *reversed(parts)])

    def undeclared(self, e: ast.Attr, scope) -> None:
        """`tf.X` without the import that declares tf: say which line would."""
        root = e
        while isinstance(root, ast.Attr):
            root = root.value
        if isinstance(root, ast.Name) and root.id in WELL_KNOWN and root.id not in self.prefixes \
                and root.id not in scope:
            first = root_attr(e)
            raise AgError(f"'{root.id}' is not declared: add `{WELL_KNOWN[root.id]}` (a line of its own) "
                          f"to use {root.id}.{first}", root.pos)

    def target(self, func: ast.Attr, scope) -> tuple[str, str] | None:
        """What a call's dotted name calls: ("builtin", name), ("numpy", name), or None for a
        method of a value (`w.assign`). Raises for a name that is not a built-in."""
        from autograd_cli.library import spellings

        self.undeclared(func, scope)
        full = self.path(func)
        if full is None:
            return None
        if full.startswith(NUMPY_PREFIX):
            return "numpy", full[len(NUMPY_PREFIX):]
        path = full[3:] if full.startswith("tf.") else ""
        builtin = spellings.builtin_of(path)
        if builtin is not None:
            return "builtin", builtin
        written = self.text(func)
        shown = written if written == f"tf.{path}" else f"{written} (tf.{path})"
        known = spellings.is_tensorflow(path)
        hint = foreign_hint(func.attr, set(spellings.BUILTIN.values()))    # tf.greater: write y > 0.5
        if hint.startswith(":"):
            raise AgError(f"{shown}{' is not a built-in of .ag' if known else ''}{hint}", self.pos(func.start))
        if known:    # the built-in's spelling when one is near, else the snippet this file could be
            near = spellings.near(path)
            raise AgError(f"{shown} is TensorFlow's, but not a built-in of .ag{near or '; ' + SNIPPET}",
                          self.pos(func.start))
        raise AgError(f"{shown}: TensorFlow has no such name{spellings.near(path)}", self.pos(func.start))

    def call(self, e: ast.Call, scope) -> ast.Call:
        """A call spelled the TensorFlow way as a call of the built-in it names, with
        TensorFlow's signature where it differs from the built-in's."""
        func, positional, keywords = e.func, list(e.args), list(e.kwargs)
        pos, start, end, depth = self.pos(func.start), e.start, e.end, e.depth
        found = self.target(func, scope)
        if found is None:
            return self._method(e, pos)
        kind, builtin = found
        if kind == "numpy":      # NumPy's function: the builder refuses it on a tensor, as TensorFlow does
            return ast.Call(pos, start, end, depth, NUMPY_PREFIX + builtin, positional, keywords)
        keras = self.path(func).startswith("tf.keras.backend.")
        if builtin == "variable":      # tf.Variable(initial_value, trainable, name, dtype, ...)
            params = ("value", "dtype", "name") if keras else ("initial_value", "trainable", "name", "dtype")
            positional, keywords = _tf_signature(positional, keywords, params,
                                                 {"initial_value": "init", "value": "init"}, ("init", "dtype"), pos)
            if not keras:      # Keras' variables are floatx
                keywords = _inferred_dtype(keywords, "init")
        elif builtin == "constant" and not keras and len(positional) < 2:
            if positional:
                keywords = [ast.Keyword("value", positional[0], positional[0].pos)] + keywords
                positional = []
            keywords = _inferred_dtype(keywords, "value")
        elif builtin == "placeholder":   # tf.placeholder(dtype, shape=None, name=None)
            positional, keywords = _tf_signature(positional, keywords, ("dtype", "shape", "name"), {},
                                                 ("shape",), pos)
        return ast.Call(pos, start, end, depth, builtin, positional, keywords)

    def _method(self, e: ast.Call, pos) -> ast.Call:
        from autograd_cli.library.spellings import METHODS

        func = e.func
        target = func.value
        what = self.text(target)
        if func.attr in METHODS and isinstance(target, (ast.Name, ast.Index)):
            keywords = [k for k in e.kwargs if k.name not in ("name", "use_locking", "read_value")]
            return ast.Call(pos, e.start, e.end, e.depth, func.attr, [target, *e.args], keywords)
        if func.attr in ("run", "eval"):
            raise AgError(f"{what}.{func.attr}(...): .ag has no sessions: eval computes and prints every name; this "
                          "file could run as a TensorFlow snippet (save it as .py, or --dialect tf)", pos)
        if func.attr in ("backward", "grad", "gradient"):
            raise AgError(f"{what}.{func.attr}(): a gradient is asked for by a call, as in TensorFlow 1.x: "
                          f"write g = gradients({what}, [x]) (a list: one gradient per x)", pos)
        if isinstance(target, ast.Attr) and self.path(target) is None:
            raise AgError(f".{target.attr}.{func.attr}: tensors have no such attribute in .ag", func.pos)
        raise AgError(f"{what}.{func.attr}(...): the methods a tensor has in .ag are assign, assign_add and "
                      "assign_sub (attributes: .T and .shape)", pos)

    def pos(self, offset: int) -> int:
        source = self.source
        line_start = source.rfind("\n", 0, offset) + 1
        return pos_at(source.count("\n", 0, offset) + 1, offset - line_start + 1)

    def text(self, e) -> str:
        return self.source[e.start:e.end].strip() or "this value"


def root_attr(e: ast.Attr) -> str:
    """The first attribute after the root name (`tf` in `tf.math.x` -> "math")."""
    while isinstance(e.value, ast.Attr):
        e = e.value
    return e.attr


def _inferred_dtype(keywords, value_param):
    """TensorFlow's dtype for tf.Variable(v) / tf.constant(v) without one: int32 when v is
    written with whole numbers only ([[1, 2]], -3), int64 when one does not fit int32."""
    given = {k.name: k for k in keywords}
    if "dtype" in given or value_param not in given:
        return keywords
    stack, largest = [given[value_param].value], 0
    while stack:
        e = stack.pop()
        if isinstance(e, ast.Unary) and e.op == "-":
            stack.append(e.operand)
        elif isinstance(e, ast.ListExpr) and e.items:
            stack.extend(e.items)
        elif isinstance(e, ast.Num) and e.text.isdigit():
            largest = max(largest, int(e.text))
        else:
            return keywords
    value = given[value_param].value
    kind = "int32" if largest < 2**31 else "int64"
    return keywords + [ast.Keyword("dtype", ast.Name(value.pos, value.start, value.start, 1, kind), value.pos)]


def _tf_signature(positional, keywords, params, rename, keep, pos):
    """Bind a TensorFlow signature; keep the arguments the built-in takes (as keywords)."""
    if len(positional) > len(params):
        raise AgError(f"too many arguments (TensorFlow's parameters: {', '.join(params)})", positional[-1].pos)
    bound = [ast.Keyword(rename.get(p, p), a, a.pos) for p, a in zip(params, positional)]
    bound += [ast.Keyword(rename.get(k.name, k.name), k.value, k.pos) for k in keywords]
    return [], [k for k in bound if k.name in keep]
