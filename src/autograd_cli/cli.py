"""The command line: reads files and options, calls the API, renders. Every
failure ends as `FILE:LINE:COL: message` + source line + caret, exit 2."""
from __future__ import annotations

import os
import sys
from typing import List, Optional

import typer

from .errors import AgError, Pos

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, no_args_is_help=True,
                  help="Differentiate .ag programs with TensorFlow's tf.gradients semantics.")

EXIT_OK, EXIT_DISAGREE, EXIT_ERROR = 0, 1, 2


@app.callback()
def _commands():
    """Differentiate .ag programs with TensorFlow's tf.gradients semantics."""


class Session:
    """One command's input: the program text and how to report errors about it."""

    def __init__(self, path: str):
        self.filename = "<stdin>" if path == "-" else path
        self.source = read_program(path, self.filename)


def read_program(path: str, filename: str) -> str:
    from .limits import limit, over

    cap = limit("MAX_PROGRAM_BYTES")
    try:  # never more than the limit allows (`eval /dev/zero` must not fill memory)
        data = sys.stdin.buffer.read(cap + 1) if path == "-" else _read_file(path, cap + 1)
    except AgError:
        raise
    except OSError as exc:
        raise AgError(f"cannot read the program: {exc.strerror or exc}") from None
    if len(data) > cap:
        raise over("MAX_PROGRAM_BYTES", "the program is too large", len(data), "bytes or more")
    try:
        return data.decode("utf-8-sig")  # a byte-order mark (Windows editors) is not part of the program
    except UnicodeDecodeError as exc:
        before = data[:exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        raise AgError(f"the program is not valid UTF-8 (byte 0x{data[exc.start]:02x})", Pos(line, col),
                      source=data.decode("utf-8", "replace")) from None


def _read_file(path: str, most: int) -> bytes:
    if os.path.isdir(path):
        raise AgError("cannot read the program: it is a directory")
    with open(path, "rb") as handle:
        return handle.read(most)


def run_guarded(path: str, body) -> None:
    """Run a command body; turn every failure into exit code 2 with a located message."""
    session = None
    try:
        session = Session(path)
        code = body(session)
    except AgError as error:
        filename = session.filename if session else ("<stdin>" if path == "-" else path)
        print(error.render(filename, session.source if session else None), file=sys.stderr)
        raise typer.Exit(EXIT_ERROR) from None
    except RecursionError:
        print(f"{path}: the program is nested too deeply to process", file=sys.stderr)
        raise typer.Exit(EXIT_ERROR) from None
    except MemoryError:
        print(f"{path}: out of memory", file=sys.stderr)
        raise typer.Exit(EXIT_ERROR) from None
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
    except BrokenPipeError:
        _quiet_broken_pipe()
        raise typer.Exit(EXIT_OK) from None
    raise typer.Exit(code or EXIT_OK)


def _quiet_broken_pipe():
    # The reader went away (`| head`): point stdout at devnull so exit does not complain.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass


def parse_sets(items) -> dict:
    from .api import parse_set

    return dict(parse_set(item) for item in items or [])


def console():
    """A rich console on stdout. Where stdout is not UTF-8 (LC_ALL=C, PYTHONIOENCODING=ascii)
    rich draws every table with box.ASCII (its `ascii_only` option); other symbols come
    from render/symbols.py, and main() makes anything left print escaped, never raise."""
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self):  # rich would exit 1; run_guarded ends quietly with 0
            raise BrokenPipeError

    return _Console(highlight=False, soft_wrap=False)


def write_json(text: str) -> None:
    from .render.symbols import unicode_ok

    if not unicode_ok(sys.stdout):  # still the same JSON: non-ASCII as \uXXXX escapes
        text = _ascii_json(text)
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _ascii_json(text: str) -> str:
    import json
    import re

    return re.sub(r"[^\x00-\x7f]", lambda m: json.dumps(m.group())[1:-1], text)


def _robust_streams() -> None:
    # Text the terminal cannot encode is spelled in ASCII (symbols) or shown escaped,
    # never raising UnicodeEncodeError.
    from .render.symbols import AsciiWriter, unicode_ok

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError, OSError):
            pass
    if not unicode_ok(sys.stdout) and not isinstance(sys.stdout, AsciiWriter):
        sys.stdout = AsciiWriter(sys.stdout)
    if not unicode_ok(sys.stderr) and not isinstance(sys.stderr, AsciiWriter):
        sys.stderr = AsciiWriter(sys.stderr)


# ---------------------------------------------------------------- commands

FileArg = typer.Argument(..., help="The .ag program, or - for standard input.")
SetOpt = typer.Option(None, "--set", help="NAME=VALUE (a number or a JSON array); repeatable.")
JsonOpt = typer.Option(False, "--json", help="Strict JSON on stdout.")
GradOpt = typer.Option(None, "--grad", help="Also differentiate this value (not asked for in the file).")
WrtOpt = typer.Option(None, "--wrt", help="...with respect to these names (default: its inputs and variables).")
UnconnectedOpt = typer.Option("none", "--unconnected", help="none | zero: the default of unconnected_gradients.")


def evaluate_with_options(session: Session, set_, grad, wrt, unconnected="none"):
    """The shared part of eval and explain: check the gradient options, evaluate."""
    from .api import evaluate

    if unconnected not in ("none", "zero"):
        raise AgError(f"--unconnected must be none or zero, got {unconnected!r}")
    if wrt and not grad:
        raise AgError("--wrt needs --grad")
    return evaluate(session.source, sets=parse_sets(set_), unconnected=unconnected,
                    grads=grad or (), wrt=wrt or ())


def print_warnings(warnings) -> None:
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)


@app.command("eval")
def eval_command(
    file: str = FileArg,
    set_: Optional[List[str]] = SetOpt,
    grad: Optional[List[str]] = GradOpt,
    wrt: Optional[List[str]] = WrtOpt,
    unconnected: str = UnconnectedOpt,
    as_json: bool = JsonOpt,
):
    """Compute every value and gradient of a program."""

    def body(session: Session):
        result = evaluate_with_options(session, set_, grad, wrt, unconnected)
        if as_json:
            from .render.jsonout import dumps, eval_document

            write_json(dumps(eval_document(result)))
        else:
            from .render.tables import gradient_table, value_table

            out = console()
            out.print(value_table(result.values))
            for record in result.gradients:
                out.print(gradient_table(record))
            print_warnings(result.warnings)
        return EXIT_OK

    run_guarded(file, body)


@app.command("explain")
def explain_command(
    file: str = FileArg,
    set_: Optional[List[str]] = SetOpt,
    grad: Optional[List[str]] = GradOpt,
    wrt: Optional[List[str]] = WrtOpt,
    unconnected: str = UnconnectedOpt,
    as_json: bool = JsonOpt,
):
    """Why each gradient is what it is: paths from x to the ys, their contributions, cuts."""

    def body(session: Session):
        from .explain import explain
        from .render import explainout

        result = evaluate_with_options(session, set_, grad, wrt, unconnected)
        records = explain(result)
        if as_json:
            from .render.jsonout import dumps

            write_json(dumps(explainout.document(records)))
        else:
            explainout.text(records, console())
        print_warnings(result.warnings)
        return EXIT_OK

    run_guarded(file, body)


@app.command("run")
def run_command(
    file: str = FileArg,
    steps: str = typer.Option(..., "--steps", help="How many steps (step = 0..N-1); an integral number."),
    feed: Optional[str] = typer.Option(None, "--feed", help="CSV with a header row: a column per placeholder; "
                                                            "step i reads row i mod rows."),
    fetch: Optional[str] = typer.Option(None, "--fetch", help="Names to show, comma-separated "
                                                              "(default: every named scalar)."),
    set_: Optional[List[str]] = SetOpt,
    as_json: bool = JsonOpt,
):
    """Run the program step after step, applying assigns at the end of each step."""

    def body(session: Session):
        from .runcmd import run_program

        return run_program(session.source, steps, feed, fetch, parse_sets(set_), as_json)

    run_guarded(file, body)


@app.command("graph")
def graph_command(
    file: str = FileArg,
    fmt: Optional[str] = typer.Option(None, "--format", help="dot | mermaid (default: from -o, else dot)"),
    grad: Optional[str] = typer.Option(None, "--grad", help="Label edges with the gradient flow of this "
                                       "gradients result (its name) or of d(VALUE)/d(inputs)."),
    output: Optional[str] = typer.Option(None, "-o", "--output", help="Write to a file: .dot/.gv, .mmd, "
                                         "or .svg/.png/.pdf (drawn with Graphviz)."),
    set_: Optional[List[str]] = SetOpt,
):
    """The computation graph as Graphviz DOT or Mermaid, cut edges marked."""

    def body(session: Session):
        from .graphview import draw

        if fmt is not None and fmt not in ("dot", "mermaid"):
            raise AgError(f"--format must be dot or mermaid, got {fmt!r}")
        draw(session.source, parse_sets(set_), fmt, grad, output, write_json)
        return EXIT_OK

    run_guarded(file, body)


@app.command("verify")
def verify_command(
    file: str = FileArg,
    set_: Optional[List[str]] = SetOpt,
    grad: Optional[List[str]] = GradOpt,
    wrt: Optional[List[str]] = WrtOpt,
    rtol: float = typer.Option(1e-6, "--rtol", help="Relative tolerance, AD vs SymPy."),
    atol: float = typer.Option(1e-8, "--atol", help="Absolute tolerance, AD vs SymPy."),
    timeout: float = typer.Option(5.0, "--timeout", help="Seconds of SymPy work per check."),
    as_json: bool = JsonOpt,
):
    """Check every gradient three ways: reverse-mode AD, SymPy, finite differences."""

    def body(session: Session):
        from .verify import verify

        if wrt and not grad:
            raise AgError("--wrt needs --grad")
        report = verify(session.source, sets=parse_sets(set_), grads=grad or (), wrt=wrt or (),
                        rtol=rtol, atol=atol, timeout=timeout)
        if as_json:
            from .render.jsonout import dumps
            from .render.verifyout import verify_document

            write_json(dumps(verify_document(report)))
        else:
            from .render.verifyout import summary, verify_tables

            out = console()
            for table in verify_tables(report):
                out.print(table)
            out.print(summary(report))
            print_warnings(report.warnings)
        return EXIT_OK if report.ok else EXIT_DISAGREE

    run_guarded(file, body)


def main():
    from .fastcli import dispatch

    _robust_streams()
    try:
        if not dispatch(app, sys.argv[1:]):   # plain command lines skip typer's start-up cost
            app()
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:  # help or usage text into a closed pipe
        _quiet_broken_pipe()
        sys.exit(EXIT_OK)


if __name__ == "__main__":
    main()
