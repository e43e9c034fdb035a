"""The snippet job: CPython runs the user's TensorFlow code with our TensorFlow package.

`prepare(payload)` imports NumPy and the package (before the box locks down; Keras and
tf.data load at their first use, from the package the box may read);
`run(payload, source, filename)` makes `import tensorflow` (and its other spellings)
resolve to the package, chooses graph or eager mode from the source, records every
print call and every gradient call, runs the source as `__main__`, and returns plain
JSON-able data: {"prints": [...], "gradients": [...], "warnings": [...]}, and with
payload {"graph": true} also "graph", the engine graph behind the gradient tables
(snippets/engine_graph.py, in the plain form of core/exchange.py).
"""
from __future__ import annotations

import ast
import builtins
import collections
import importlib
import importlib.machinery
import io
import sys
import types

import numpy as np

ALIASES = {"tensorflow": "autograd_cli.tensorflow", "keras": "autograd_cli.tensorflow.keras"}
NETWORK = ("tensorflow.examples",)      # TF1's MNIST reader (TensorFlow 2 has no such module either)
TF1_MARKERS = {"Session", "InteractiveSession", "placeholder", "sparse_placeholder", "global_variables_initializer",
               "initialize_all_variables", "disable_v2_behavior", "disable_eager_execution", "get_session",
               "GradientDescentOptimizer", "AdamOptimizer", "MomentumOptimizer", "RMSPropOptimizer",
               "AdagradOptimizer", "get_variable", "variable_scope", "trainable_variables", "global_variables",
               "eval"}   # Tensor.eval() exists in TF1 graphs only


OBJECT_NAMES = {"trainable_variables", "global_variables"}   # also attributes of Keras models
TF_NAMES = {"tf", "tf1", "tfv1", "tensorflow", "K", "k", "backend", "v1", "compat"}


def _dotted(node) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))


def prepare(payload) -> None:
    """Before the box locks down: the package (its deferred parts, Keras and tf.data, load
    at their first use: the box may read the package), and the C library the random streams
    call (binding it needs what the box forbids)."""
    importlib.import_module("autograd_cli.tensorflow")
    # the engine's memory limit reads the machine's size (cgroup files, which the box refuses): once, now
    importlib.import_module("autograd_cli.support.limits").default_memory()
    random_kernels = importlib.import_module("autograd_cli.tensorflow.random_kernels")
    from autograd_cli.sandbox import audit

    audit.allow_c_functions(random_kernels.preload())     # the hook lets exactly these calls through
    if (payload or {}).get("graph"):
        importlib.import_module("autograd_cli.snippets.engine_graph")


class _Finder:
    """tensorflow.X -> autograd_cli.tensorflow.X (keras likewise): a meta path finder and
    its own loader, by protocol (importlib.abc's base classes would load importlib.resources,
    pathlib, tempfile and typing at every start of the box: ~10 ms)."""

    def find_spec(self, name, path=None, target=None):
        head = name.split(".")[0]
        if head not in ALIASES:
            return None
        if name.startswith(NETWORK):
            raise ModuleNotFoundError(f"No module named '{name}' (TensorFlow 2 has none; its MNIST reader downloaded "
                                      "the data, and a snippet has no network: make the data in the snippet)")
        return importlib.machinery.ModuleSpec(name, self)

    def create_module(self, spec):
        target = ALIASES[spec.name.split(".")[0]] + spec.name[len(spec.name.split(".")[0]):]
        module = sys.modules.get(target)
        if module is None:
            try:
                module = importlib.import_module(target)
            except ModuleNotFoundError:
                raise ModuleNotFoundError(f"No module named '{spec.name}'") from None
        return module

    def exec_module(self, module):
        pass


def install_aliases():
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())
    for name in list(sys.modules):
        if name == "tensorflow" or name.startswith("tensorflow.") or name == "keras" or name.startswith("keras."):
            del sys.modules[name]


def parse(source: str):
    """The snippet's syntax tree, or None where Python cannot build it (the snippet compiled:
    a tree nested past the recursion limit, or too large for memory, is the one case)."""
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def wants_graph_mode(source: str) -> bool:
    """TF1-style code (sessions, placeholders, tf.gradients, TF1 optimizers) runs in graph mode.
    TensorFlow 2 code that builds a graph in `with tf.Graph().as_default():` through
    `tf.compat.v1.` names stays eager outside that block (the block is graph mode)."""
    tree = parse(source)
    if tree is None:
        return False
    in_graph_blocks = _graph_block_nodes(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and id(node) in in_graph_blocks and (
                "compat.v1" in _dotted(node.value) or node.attr in TF2_GRAPH_FUNCTIONS):
            continue
        if isinstance(node, ast.Attribute):
            module_level = isinstance(node.value, (ast.Name, ast.Attribute)) and _dotted(node.value).split(".")[0] in \
                TF_NAMES
            if node.attr in TF1_MARKERS and (module_level or node.attr not in OBJECT_NAMES):
                return True
            if node.attr == "gradients" and isinstance(node.value, ast.Name) and node.value.id != "tape":
                return True
        if isinstance(node, ast.ImportFrom) and node.module and "compat.v1" in node.module:
            return True
        if isinstance(node, ast.alias) and "compat.v1" in node.name:
            return True
    return False


TF2_GRAPH_FUNCTIONS = ("gradients", "hessians")    # TensorFlow 2 has them at its top level, for graphs


def _graph_block_nodes(tree) -> set:
    """The ids of the nodes in the bodies of `with <graph>.as_default():` blocks, where
    <graph> is a `...Graph()` call or a name assigned one."""
    graphs = {target.id for node in ast.walk(tree) if isinstance(node, ast.Assign) and _makes_graph(node.value)
              for target in node.targets if isinstance(target, ast.Name)}
    inside: set = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.With) and any(_graph_default(item.context_expr, graphs) for item in node.items):
            for statement in node.body:
                inside.update(id(n) for n in ast.walk(statement))
    return inside


def _makes_graph(expr) -> bool:
    return isinstance(expr, ast.Call) and isinstance(expr.func, (ast.Name, ast.Attribute)) \
        and _dotted(expr.func).split(".")[-1] == "Graph"


def _graph_default(expr, graphs: set) -> bool:
    if not (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "as_default"):
        return False
    owner = expr.func.value
    return _makes_graph(owner) or isinstance(owner, ast.Name) and owner.id in graphs


# ---------------------------------------------------------------- recording

# The array elements a run's printed values keep in all; an array past them is sent as
# {"omitted": PRINT_OMITTED, "shape", "dtype", "text": NumPy's summarised text}. A printed
# array's text is summarised, so the output limit does not bound its numbers (50 prints of a
# 10^6-element array kept 2.2 GB of copies); lists and dicts print every item: it bounds those.
PRINTED_NUMBERS = 1_000_000
PRINT_OMITTED = f"the printed values of a run keep {PRINTED_NUMBERS:,} array elements in all; this array's are left out"


def json_value(value, _open=None, budget=None):
    """One printed argument as JSON; a list or dict that contains itself is `"[...]"` there,
    as Python prints it. `budget`: [array elements still to keep] (the recorder's), past which
    an array is {"omitted": PRINT_OMITTED, "shape", "dtype", "text"}."""
    from autograd_cli.tensorflow.core import Tensor
    from autograd_cli.tensorflow.indexed_slices import IndexedSlices
    from autograd_cli.tensorflow.variables import Variable

    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, (int, float)):
        return _number(value)
    if isinstance(value, np.generic):
        item = value.item()
        if isinstance(item, np.generic):      # a long double: no Python number holds it
            return _number(float(item)) if value.dtype.kind == "f" else str(value)
        return json_value(item)
    if isinstance(value, np.ndarray):
        if budget is not None and value.size > 1:
            if value.size > budget[0]:
                return {"omitted": PRINT_OMITTED, "shape": list(value.shape), "dtype": value.dtype.name,
                        "text": str(value)}
            budget[0] -= value.size
        if value.dtype.kind == "f" and value.dtype.itemsize > 8:
            value = value.astype(np.float64)      # (as above: its elements would stay long doubles)
        if value.dtype.kind in "biuf":
            return _nested(value.tolist())
        return str(value)
    if isinstance(value, Variable):
        return json_value(value.numpy(), None, budget) if value._graph is None else \
            {"tensor": repr(value), "value": None}
    if isinstance(value, Tensor):
        if value._value is not None:
            return json_value(value._value, None, budget)
        return {"tensor": repr(value), "value": _graph_value(value, budget)}
    if isinstance(value, IndexedSlices):       # shown dense (duplicate indices summed)
        if value.values._value is not None:
            return json_value(value._as_tensor()._value, None, budget)
        return {"tensor": str(value), "value": _graph_value(value, budget)}
    if isinstance(value, (list, tuple, dict)):
        _open = set() if _open is None else _open
        if id(value) in _open:
            return "[...]" if not isinstance(value, dict) else "{...}"
        _open.add(id(value))
        try:
            if isinstance(value, dict):
                return {str(k): json_value(v, _open, budget) for k, v in value.items()}
            return [json_value(v, _open, budget) for v in value]
        finally:
            _open.discard(id(value))
    return str(value)


def _number(x):
    if isinstance(x, bool) or isinstance(x, int):
        return x
    if x != x:
        return "nan"
    if x in (float("inf"), float("-inf")):
        return "inf" if x > 0 else "-inf"
    return x


def _nested(v):
    if isinstance(v, list):
        return [_nested(i) for i in v]
    return _number(v)


class Recorder:
    def __init__(self, filename, on_output=None):
        self.filename = filename
        self.prints: list = []
        self.print_budget = [PRINTED_NUMBERS]    # (json_value's budget)
        self.calls: dict = {}    # (kind, line) -> the site's last call, in order of first call
        self.warnings: list = []
        self.on_output = on_output

    def print_hook(self):
        real = builtins.print
        recorder = self

        def snippet_print(*args, sep=" ", end="\n", file=None, flush=False):
            if file is not None and file not in (sys.stdout, sys.stderr):
                return real(*args, sep=sep, end=end, file=file, flush=flush)
            buffer = io.StringIO()
            real(*args, sep=sep, end=end, file=buffer)
            text = buffer.getvalue()
            frame = sys._getframe(1)
            while frame is not None and frame.f_code.co_filename != recorder.filename:
                frame = frame.f_back
            line = frame.f_lineno if frame is not None else 0
            values = [json_value(a, None, recorder.print_budget) for a in args]
            recorder.prints.append({"line": line, "text": text, "values": values})
            if recorder.on_output is not None:
                recorder.on_output(text)
            else:
                sys.stdout.write(text)
        return snippet_print

    def on_gradient(self, call):
        # only a site's last call is reported: a loop's earlier calls are not kept (memory
        # stays bounded in a 100,000-step loop)
        self.calls[(call.kind, call.line)] = call

    def show_warning(self, message, category, filename, lineno, file=None, line=None):
        """Warnings become the snippet's warnings at its own line, without the tool's file
        paths: NumPy's RuntimeWarnings (overflow, invalid value, divide by zero) as `.ag`
        reports NaN and inf, the others with their category (Keras' UserWarnings, the
        snippet's own warnings.warn)."""
        if filename != self.filename:
            frame = sys._getframe(1)
            while frame is not None and frame.f_code.co_filename != self.filename:
                frame = frame.f_back
            lineno = frame.f_lineno if frame is not None else 0
        text = str(message) if issubclass(category, RuntimeWarning) else f"{category.__name__}: {message}"
        self.on_warning(lineno, text)

    def on_warning(self, line, message):
        entry = f"line {line}: {message}"
        if entry not in self.warnings:
            self.warnings.append(entry)



def run(payload, source: str, filename: str, on_output=None) -> dict:
    import autograd_cli.tensorflow as tf
    from autograd_cli.tensorflow import modes
    from autograd_cli.tensorflow.core import ctx

    from autograd_cli.sandbox.user_code import compile_user

    payload = payload or {}
    code = compile_user(source, filename)      # (first: a syntax error is the snippet's, located)
    install_aliases()
    if wants_graph_mode(source):
        modes.graph_mode()
    else:
        modes.eager_mode()
    ctx.reset_graph()
    ctx.graphs.clear()
    ctx.tapes.clear()
    for part in ("checkpoints", "summaries"):      # each run's checkpoints and summary writer are its own
        loaded = sys.modules.get(f"autograd_cli.tensorflow.{part}")
        if loaded is not None:
            loaded.reset()
    seed = payload.get("seed")
    if seed is not None:
        np.random.seed(seed)
    recorder = Recorder(filename, on_output)
    ctx.on_gradient = recorder.on_gradient
    ctx.on_warning = recorder.on_warning
    module = types.ModuleType("__main__")
    module.__file__ = filename
    names = dict(builtins.__dict__)
    names["print"] = recorder.print_hook()
    module.__dict__["__builtins__"] = names
    saved_main = sys.modules.get("__main__")
    sys.modules["__main__"] = module
    saved_argv, sys.argv = sys.argv, [filename]      # as `python FILE.py` has it (tf.flags parse it)
    import linecache

    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    graph = None
    import warnings

    tidy = warnings.catch_warnings()
    tidy.__enter__()
    warnings.simplefilter("always", RuntimeWarning)     # each line's warning, not the first in the process
    warnings.showwarning = recorder.show_warning
    try:
        try:
            exec(code, module.__dict__)
        except SystemExit as stop:
            if stop.code not in (None, 0, False):
                raise
    except BaseException as exc:
        _hint_none(exc, _gradient_records(recorder, source, module.__dict__))
        _import_error_as_spelled(exc)
        _hint_import(exc)
        _hint_persistent(exc)
        if payload.get("graph"):
            failed = _failed_with_graph(exc, recorder, module.__dict__, source, filename)
            if failed is not None:
                raise failed from None
        raise
    else:
        if payload.get("graph"):      # explain, graph, verify and report read the graph the snippet built
            from autograd_cli.snippets.engine_graph import graph_data

            ctx.on_gradient = ctx.on_warning = None    # the runs the gathering makes are not the snippet's
            graph = graph_data(list(recorder.calls.values()), _gradient_records(recorder, source, module.__dict__),
                               module.__dict__, source)
    finally:
        tidy.__exit__(None, None, None)
        ctx.on_gradient = None
        ctx.on_warning = None
        modes.eager_mode()          # the package's default again (a notebook in the same process)
        ctx.tapes.clear()
        if saved_main is not None:
            sys.modules["__main__"] = saved_main
        sys.argv = saved_argv
        if payload.get("prints_only"):      # eval --prints-only shows no gradient table: none is made
            recorder.result = []
        else:
            _values_from_runs(recorder)
            recorder.result = _gradient_records(recorder, source, module.__dict__)
    del tf
    data = {"prints": recorder.prints, "gradients": recorder.result, "warnings": recorder.warnings}
    if graph is not None:
        data["graph"] = graph
    return data


GRADIENT_CALLS = ("gradients", "gradient", "jacobian", "hessians", "batch_jacobian", "compute_gradients", "minimize")
TRAINING_CALLS = ("fit", "train_on_batch")
_call_index_cache: list = [None, {}]      # (source, its index): a run's records ask about one source


def _call_texts(source: str, line: int):
    """The source texts of the first two arguments of the gradient call on `line`, and the
    names it is assigned to: ("", [], None) for a line without one."""
    if _call_index_cache[0] is not source:
        _call_index_cache[:] = [source, _call_index(source)]
    return _call_index_cache[1].get(line, ("", [], None))


def _call_index(source: str) -> dict:
    """line -> (ys text, xs texts, target text) of every gradient call, the line's first;
    made in one pass (a snippet of thousands of gradient calls was parsed once per call)."""
    tree = parse(source)
    if tree is None:
        return {}
    lines = source.replace("\r\n", "\n").replace("\r", "\n").split("\n")    # (as Python counts lines)

    def segment(node):          # ast.get_source_segment splits the whole source at every call
        first, last = node.lineno, node.end_lineno
        if last is None or node.end_col_offset is None or not 0 < first <= last <= len(lines):
            return ""
        encoded = [line.encode("utf-8", "surrogatepass") for line in lines[first - 1:last]]
        if first == last:
            return encoded[0][node.col_offset:node.end_col_offset].decode("utf-8", "replace")
        parts = [encoded[0][node.col_offset:], *encoded[1:-1], encoded[-1][:node.end_col_offset]]
        return "\n".join(part.decode("utf-8", "replace") for part in parts)

    targets, index = {}, {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            targets[id(node.value)] = ", ".join(segment(t) for t in node.targets)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.lineno not in index and isinstance(node.func, ast.Attribute) and \
                node.func.attr in GRADIENT_CALLS:
            args = list(node.args) + [k.value for k in node.keywords if k.arg in ("ys", "xs", "target", "sources")]
            texts = [segment(a) for a in args[:2]]
            ys = texts[0] if texts else ""
            xs_node = args[1] if len(args) > 1 else None
            if isinstance(xs_node, (ast.List, ast.Tuple)):
                xs = [segment(e) for e in xs_node.elts]
            else:
                xs = [texts[1]] if len(texts) > 1 else []
            index[node.lineno] = (ys, xs, targets.get(id(node)))
        elif isinstance(node, ast.Call) and node.lineno not in index and isinstance(node.func, ast.Attribute) and \
                node.func.attr in TRAINING_CALLS:
            index[node.lineno] = ("loss", [], None)      # Keras differentiates the compiled loss there
    return index


def _gradient_records(recorder, source, snippet_globals=None):
    """One record per call site (a loop's last call), in order of first call. `snippet_globals`: the
    snippet's globals, which name the xs the call's source text does not list one by one."""
    out = []
    budget = [GRADIENT_BYTES]
    for (kind, line), call in recorder.calls.items():
        ys, xs, target = _call_texts(source, line)
        n = len(call.values)
        names = list(xs) if len(xs) == n else _source_names(call, n, snippet_globals or {})
        try:
            values = on_line(recorder.filename, line, lambda: [None if v is None else plain_gradient(v, budget)
                                                                for v in call.values])
            dtypes = ["" if v is None else np.asarray(v).dtype.name for v in call.values]
        except MemoryError:              # (a large jacobian's values): the call's line made them
            short = MemoryError(f"the results of this {kind} call are too large to hand over")
            short.snippet_line = line
            raise short from None
        unconnected = {names[k]: reason for k, reason in call.reasons.items() if k < n}
        out.append({"kind": kind, "name": target or ys or f"line {line}", "line": line, "ys": [ys] if ys else [], "xs": names,
                    "values": values, "dtypes": dtypes, "unconnected": unconnected, "notes": list(call.notes),
                    "computed": bool(call.computed)})
    return out


# The bytes of a run's gradient values in all: the box's result channel takes 256 MiB, and
# base64 writes 4 characters for 3 bytes (the prints' values and text take the rest).
GRADIENT_BYTES = 96 << 20


def plain_gradient(value, budget) -> object:
    """A gradient's value as the job sends it: an array of more than MAX_LISTED numbers in
    core/plain_arrays.py's form (its bytes, not a list: a 4000 x 4000 jacobian took ~7 s of
    the box's CPU as JSON numbers), else as json_value writes it. `budget`: [bytes still to
    send]; past it, an OutputLimitError (raised on the call's line: see on_line)."""
    from autograd_cli.core.plain_arrays import DTYPES, MAX_LISTED, TooLarge, encode_array
    from autograd_cli.sandbox.user_code import OutputLimitError

    array = np.asarray(value)
    if array.size <= MAX_LISTED or array.dtype.name not in DTYPES:
        return json_value(array)
    try:        # (one value repeated is sent as that value: it costs one number)
        return encode_array(array, budget, array.dtype.itemsize)
    except TooLarge:
        raise OutputLimitError(f"the gradient values are too large to hand back: a run's may take {GRADIENT_BYTES:,} "
                               f"bytes in all, and this value of shape {tuple(array.shape)} takes "
                               f"{array.nbytes:,}") from None


def on_line(filename: str, line: int, work):
    """work() run in a frame of the snippet's own file at `line`: a limit met while the job
    makes a call's results after the snippet ran (the CPU or wall-clock limit, memory, a
    crash) is reported at that call's line, as one met in the snippet is (the box locates a
    limit from the snippet's frames; there were none, so it said only FILE)."""
    import linecache

    text = linecache.getline(filename, line).encode("utf-8", "surrogatepass")
    col = len(text) - len(text.lstrip())       # (the line's first character, as the box places a limit)
    call = "keep()" if col == 0 else "(" + " " * (col - 1) + "keep())"     # (fixed text: a call at that column)
    done = []
    exec(compile(call, filename, "exec").replace(co_firstlineno=max(1, line)),
         {"__builtins__": {}, "keep": lambda: done.append(work())})
    return done[0]


def _failed_with_graph(exc, recorder, names: dict, source: str, filename: str):
    """A snippet that raised after building a graph (fetching a None gradient, the seeds'
    point) still hands it back: a SnippetFailed with its located error and the job's data
    up to the failure. None for a failure of the box itself (memory, output, a refusal)."""
    from autograd_cli.sandbox.user_code import BoxRefusal, OutputLimitError, SnippetFailed, locate_exception
    from autograd_cli.snippets.engine_graph import graph_data
    from autograd_cli.tensorflow.core import ctx

    if not isinstance(exc, Exception) or isinstance(exc, (MemoryError, RecursionError, OutputLimitError,
                                                          BoxRefusal, SnippetFailed)):
        return None
    located = locate_exception(exc, filename, source)
    if located is None:
        return None
    ctx.on_gradient = ctx.on_warning = None
    _values_from_runs(recorder)
    graph = graph_data(list(recorder.calls.values()), _gradient_records(recorder, source, names), names, source)
    # (as after a snippet that ends: a call that never ran has its value from the graph's fresh session now)
    _values_from_runs(recorder)
    rows = _gradient_records(recorder, source, names)
    return SnippetFailed(located, {"prints": recorder.prints, "gradients": rows, "warnings": recorder.warnings,
                                   "graph": graph})


def _values_from_runs(recorder) -> None:
    """A tf.gradients result that ran in a session without being fetched itself (minimize's,
    run through the train op) takes its value in the last run that computed it."""
    from autograd_cli.core.graph import Node
    from autograd_cli.evaluate import needed, run_plain
    from autograd_cli.tensorflow.session import _result

    for call in recorder.calls.values():
        run = call.run
        if run is None or call.computed and all(v is not None for v in call.values):
            continue
        missing = [k for k, v in enumerate(call.values)
                   if v is None and k < len(run.results) and isinstance(run.results[k], Node)]
        if not missing:
            continue
        values = on_line(recorder.filename, call.line,
                         lambda: run_plain(needed([run.results[k] for k in missing]), run.overrides))
        for k in missing:
            dtype = getattr(call.sources[k], "dtype", None) if k < len(call.sources) else None
            value = values[run.results[k].id]
            call.values[k] = np.asarray(value) if dtype is None else _result(value, dtype)
        call.computed = True


def _source_names(call, n: int, names: dict) -> list:
    """Names for the xs of a call whose source does not list them (`minimize(loss)`,
    `tape.gradient(loss, model.trainable_variables)`): each one's TensorFlow name (its
    Keras path where names repeat), or for TensorFlow's default names (`Variable_1`) the
    global that holds it; names left alike get their place (`Variable (source 1)`)."""
    held = {id(value): name for name, value in reversed(list(names.items())) if not name.startswith("_")}
    sources = [call.sources[k] if k < len(call.sources) else None for k in range(n)]
    shown = [_tf_name(s, "name") for s in sources]
    if len(set(shown)) < n:
        shown = [_tf_name(s, "path") or name for s, name in zip(sources, shown)]
    for k, (source, name) in enumerate(zip(sources, shown)):
        if name is None or name.split("/")[-1].startswith("Variable"):   # TensorFlow's default name
            shown[k] = (held.get(id(source)) if source is not None else None) or name
    # (a position is said in words: `xs[0]` could be a name of the snippet's own)
    shown = [name or f"source {k}" for k, name in enumerate(shown)]
    counts = collections.Counter(shown)      # (shown.count per name: quadratic in 20,000 sources)
    return [f"{name} (source {k})" if counts[name] > 1 else name for k, name in enumerate(shown)]


def _tf_name(source, attribute: str):
    try:
        name = str(getattr(source, attribute, "") or "")
    except (AttributeError, ValueError):   # an eager tensor has no name
        return None
    return (name[:-2] if name.endswith(":0") else name) or None


def _import_error_as_spelled(exc) -> None:
    """`from tensorflow.X import NAME` that fails names the module as the snippet spelled it,
    not the package it resolves to, and no file of the tool."""
    name = getattr(exc, "name", None) if isinstance(exc, ImportError) else None
    if not isinstance(name, str) or not name.startswith(ALIASES["tensorflow"]):
        return
    text = str(exc).replace(f"'{name}'", f"'tensorflow{name[len(ALIASES['tensorflow']):]}'", 1)
    path = getattr(exc, "path", None)
    if path:
        text = text.replace(f"({path})", "(unknown location)")
    exc.msg = text
    exc.args = (text,)


USUAL_IMPORTS = {"tf": "import tensorflow as tf", "np": "import numpy as np",
                 "K": "from tensorflow.keras import backend as K", "keras": "from tensorflow import keras",
                 "layers": "from tensorflow.keras import layers", "tensorflow": "import tensorflow"}


def _hint_import(exc) -> None:
    """A post's excerpt often leaves out its imports: `name 'tf' is not defined` says which one."""
    name = getattr(exc, "name", None) if type(exc) is NameError else None
    if name in USUAL_IMPORTS and len(exc.args) == 1 and isinstance(exc.args[0], str):
        exc.args = (f"{exc.args[0]} (add `{USUAL_IMPORTS[name]}` at the top)",)


def _hint_persistent(exc) -> None:
    """TensorFlow's message for a second gradient of a tape says what, not how to fix it."""
    if type(exc) is RuntimeError and len(exc.args) == 1 and isinstance(exc.args[0], str) and \
            exc.args[0].startswith("A non-persistent GradientTape can only be used to compute one set"):
        exc.args = (f"{exc.args[0]} (make the tape with tf.GradientTape(persistent=True) to ask it more "
                    "than once, or use one tape per gradient)",)


def _hint_none(exc, records):
    """A None gradient used where a tensor is needed: say why it is None."""
    try:
        text = str(exc)
    except Exception:      # noqa: BLE001 (the snippet's own exception, its __str__ broken: located as it is)
        return
    if not ("`fetch` = None" in text or "'NoneType'" in text) or getattr(exc, "ag_hint", None):
        return
    reasons = []
    for record in reversed(records):
        for x, why in record["unconnected"].items():
            reasons.append(f"the gradient with respect to {x} (line {record['line']}) is None: {why}")
        if reasons:
            break
    if reasons:
        exc.args = (f"{text} ({'; '.join(reasons)})",) + tuple(exc.args[1:])


def _graph_value(t, budget=None):
    """A graph tensor's value at the point it is printed: variables at their initial values,
    nothing fed (None where it needs a feed)."""
    from autograd_cli.tensorflow.session import Session
    from autograd_cli.tensorflow.failures import OpError
    from autograd_cli.tensorflow.indexed_slices import IndexedSlicesValue, dense_value

    try:
        session = Session(graph=t.graph)
        session._scratch = True
        for var in t.graph._variables:
            session.run(var.initializer)
        value = session.run(t)
    except (OpError, TypeError, ValueError, KeyError):
        return None
    if isinstance(value, IndexedSlicesValue):
        value = dense_value(value)
    return json_value(np.asarray(value), None, budget)
