"""Run a snippet and turn the run into results, errors located in the user's file.

The job runs in this process behind the box's interface (prepare, then run); the
results are the job's plain data."""
from __future__ import annotations


from autograd_cli.core.results import Float32
from autograd_cli.support.errors import AgError, Pos
from autograd_cli.support.records import Record

FILENAME = "<snippet>"


class PrintRecord(Record):
    _fields = ("line", "text", "values")

    def __init__(self, line, text, values):
        self.line = line
        self.text = text
        self.values = values


def run_snippet(source: str, seed=None, on_print=None, filename: str = FILENAME, boxed: bool = False,
                limits=None, limit_options=(None, None), graph: bool = False, prints_only: bool = False) -> dict:
    """The job's data (prints, gradient records, warnings; with `graph`, the plain data of
    the engine graph behind the records). `boxed`: in the box's child process (what the
    command line does), else in this process (a notebook, the tests); its limits: `limits`,
    else the text of --time-limit and --max-memory over the environment."""
    payload = {"seed": seed, "graph": bool(graph), "prints_only": bool(prints_only)}
    if boxed:
        return _run_boxed(source, payload, on_print, filename, limits, limit_options)
    from autograd_cli.snippets import job

    job.prepare({})
    output = on_print if on_print is not None else (lambda text: None)
    from autograd_cli.sandbox.user_code import SnippetFailed

    try:
        data = job.run(payload, source, filename, on_output=output)
    except SnippetFailed as failed:       # (asked for the graph: the box's located error, with the data)
        raise _failed_run(boxed_error(failed.error, filename), failed.data) from None
    except BaseException as exc:   # noqa: BLE001 (every failure of the user's code is reported, located)
        if isinstance(exc, KeyboardInterrupt):
            raise
        raise located(exc, filename, source) from None
    return data


NONFINITE = ("nan", "inf", "-inf")     # how the job's JSON spells these floats


def box_value(value, dtype=None):
    """A gradient's value from the job's JSON as Python's: a number (NaN and the infinities
    are sent as strings), a boolean, a nested list as a NumPy array (NumPy loads only then:
    the command line shows a snippet's scalar results without it), or the text the job sent
    for an array of another kind. Anything else is an AgError: the child ran the snippet,
    which may have changed what the job sends. A float32 value (`dtype`) stays one: a
    float32 array, a scalar as Float32 (shown with a float32's digits)."""
    value = _boxed(value)
    if dtype == "float32":
        if isinstance(value, float):
            return Float32(value)
        if not isinstance(value, (bool, int)) and value is not None and value.dtype.kind == "f":
            return value.astype("float32")
    return value


def _boxed(value):
    if isinstance(value, list):
        import numpy as np

        array = None
        try:        # numbers only, the usual case: read by NumPy, not walked in Python (2.8 s for 4M)
            array = np.asarray(value)
        except (ValueError, TypeError, RecursionError):
            pass
        if array is None or array.dtype.kind not in "biuf":
            try:    # NaN or an infinity among them (sent as strings)
                array = np.asarray(_numbers(value))
            except (ValueError, TypeError, RecursionError):   # ragged, or nested past Python's limit
                array = None
        if array is None or array.dtype.kind not in "biuf":
            raise AgError("the snippet's run sent a gradient value that is not an array of numbers")
        return array
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return _numbers(value)
    if isinstance(value, dict):      # an array of more than 64 numbers, as its bytes (core/plain_arrays.py)
        from autograd_cli.core.plain_arrays import decode_array
        from autograd_cli.support.limits import limit

        try:
            return decode_array(value, [limit("MAX_ELEMENTS")])
        except AgError as exc:
            raise AgError(f"the snippet's run sent a gradient value the tool cannot read: {exc.message}") from None
    raise AgError("the snippet's run sent a gradient value that is not a number or an array")


def _numbers(value):
    if isinstance(value, list):
        return [_numbers(item) for item in value]
    return float(value) if isinstance(value, str) and value in NONFINITE else value


def _run_boxed(source, payload, on_print, filename, limits, limit_options) -> dict:
    from autograd_cli.sandbox import BoxError, Limits, run_boxed

    try:
        limits = limits if limits is not None else Limits.from_options(*limit_options)
        # the snippet's standard error (tf.print, logging) is shown where its prints are, on ours
        result = run_boxed(job="autograd_cli.snippets.job", payload=payload, source=source,
                           filename=filename, limits=limits,
                           on_output=on_print if on_print is not None else (lambda text: None),
                           on_stderr=_to_stderr if on_print is not None else None)
    except BoxError as exc:
        raise AgError(f"the snippet could not be run: {exc}") from None
    if result.error is not None:
        raise _failed_run(boxed_error(result.error, filename), result.data)
    data = result.data
    if not _results(data):
        raise AgError("the snippet's run ended without its results (it may have closed its own output)")
    return data


def _to_stderr(text: str) -> None:
    import sys

    sys.stderr.write(text)
    sys.stderr.flush()


def _results(data) -> bool:
    """The job's data has the form the commands read. The child ran the snippet, which can
    write to the result channel or change the job's code: nothing it sends is trusted."""
    if not (isinstance(data, dict) and all(isinstance(data.get(k), list) for k in ("prints", "gradients", "warnings"))):
        return False
    problem = _malformed(data)
    if problem:
        raise AgError(f"the snippet's run sent results the tool cannot read ({problem}); "
                      "it may have written to the box's result channel or changed the tool's code")
    return True


def _is_int(value) -> bool:
    return type(value) is int and value >= 0


def _strings(value) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _malformed(data: dict) -> str:
    """What is wrong with the job's data, or ""."""
    for entry in data["prints"]:
        if not (isinstance(entry, dict) and _is_int(entry.get("line")) and isinstance(entry.get("text"), str)
                and isinstance(entry.get("values"), list)):
            return "a print entry"
    if not _strings(data["warnings"]):
        return "a warning"
    for record in data["gradients"]:
        if not isinstance(record, dict):
            return "a gradient record"
        if not (all(isinstance(record.get(k), str) for k in ("kind", "name")) and _is_int(record.get("line"))
                and _strings(record.get("ys")) and _strings(record.get("xs"))
                and isinstance(record.get("values"), list) and len(record["values"]) == len(record["xs"])
                and _strings(record.get("dtypes", record["xs"])) and len(record.get("dtypes", record["xs"])) == len(record["xs"])
                and isinstance(record.get("unconnected"), dict) and _strings(list(record["unconnected"].values()))
                and _strings(record.get("notes", []))):
            return f"the gradient record of line {record.get('line')!r}"[:200]
    return ""


class FailedRun(AgError):
    """The snippet failed after building a graph that explain, graph and verify can still
    show: its located error, and `data`, the job's results up to the failure with the graph."""

    def __init__(self, error: AgError, data: dict):
        super().__init__(error.message, error.pos, error.source, error.callers)
        self.data = data


def _failed_run(error: AgError, data) -> AgError:
    return FailedRun(error, data) if _results(data) and "graph" in data else error


def boxed_error(error, filename: str) -> AgError:
    """The box's located error as ours: `Type: message` at the snippet's line and column."""
    message = f"{error.type_name}: {error.message}" if error.type_name else error.message
    callers = [number for _file, number in error.called_from]
    if error.line is None:
        return AgError(message, callers=callers)
    return AgError(message, Pos(error.line, max(1, error.col or 1)), callers=callers)


def located(exc: BaseException, filename: str, source: str) -> AgError:
    frames = []
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            frames.append(tb)
        tb = tb.tb_next
    name = type(exc).__name__
    text = str(exc)
    if isinstance(exc, SyntaxError) and exc.filename == filename:
        line, col = exc.lineno or 1, max(1, exc.offset or 1)
        text = exc.msg
    elif frames:
        last = frames[-1]
        line, col = last.tb_lineno, _column(last, source)
    else:
        line, col = 1, 1
    message = f"{name}: {text}" if text else name
    hint = getattr(exc, "ag_hint", None)
    if hint:
        message += f" ({hint})"
    callers = [f.tb_lineno for f in reversed(frames[:-1])]
    return AgError(message, Pos(line, col), callers=callers)


def _column(tb, source: str) -> int:
    try:
        positions = list(tb.tb_frame.f_code.co_positions())
        _, _, col, _ = positions[tb.tb_lasti // 2]
        if col is not None:
            return col + 1
    except (IndexError, ValueError, AttributeError):
        pass
    lines = source.splitlines()
    if 0 < tb.tb_lineno <= len(lines):
        text = lines[tb.tb_lineno - 1]
        return len(text) - len(text.lstrip()) + 1
    return 1
