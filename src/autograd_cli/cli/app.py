"""The command line's declarations: each command's arguments and options (typer),
and `main`. The bodies are in commands.py; every failure ends as
`FILE:LINE:COL: message` + source line + caret, exit 2."""
from __future__ import annotations

import sys
from typing import List, Optional

import typer

from . import commands
from .terminal import quiet_broken_pipe, robust_streams

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, no_args_is_help=True,
                  help="Differentiate .ag programs with TensorFlow's tf.gradients semantics.")


@app.callback()
def _commands():
    """Differentiate .ag programs with TensorFlow's tf.gradients semantics."""


def _finish(path: str, body) -> None:
    raise typer.Exit(commands.run_guarded(path, body))


FileArg = typer.Argument(..., help="The .ag program, or - for standard input.")
SetOpt = typer.Option(None, "--set", help="NAME=VALUE (a number or a JSON array); repeatable.")
JsonOpt = typer.Option(False, "--json", help="Strict JSON on stdout.")
GradOpt = typer.Option(None, "--grad", help="Also differentiate this value (not asked for in the file).")
WrtOpt = typer.Option(None, "--wrt", help="...with respect to these names (default: its inputs and variables).")
UnconnectedOpt = typer.Option("none", "--unconnected", help="none | zero: the default of unconnected_gradients.")
DialectOpt = typer.Option(None, "--dialect", help="ag | tf: a .ag program or a TensorFlow snippet "
                                                  "(default: tf for a .py file, else ag).")


@app.command("eval")
def eval_command(
    file: str = FileArg,
    set_: Optional[List[str]] = SetOpt,
    grad: Optional[List[str]] = GradOpt,
    wrt: Optional[List[str]] = WrtOpt,
    unconnected: str = UnconnectedOpt,
    dialect: Optional[str] = DialectOpt,
    as_json: bool = JsonOpt,
):
    """Compute every value and gradient of a program (or run a TensorFlow snippet)."""
    _finish(file, lambda s: commands.eval_body(s, set_, grad, wrt, unconnected, as_json, dialect))


@app.command("explain")
def explain_command(
    file: str = FileArg,
    set_: Optional[List[str]] = SetOpt,
    grad: Optional[List[str]] = GradOpt,
    wrt: Optional[List[str]] = WrtOpt,
    unconnected: str = UnconnectedOpt,
    dialect: Optional[str] = DialectOpt,
    as_json: bool = JsonOpt,
):
    """Why each gradient is what it is: paths from x to the ys, their contributions, cuts."""
    _finish(file, lambda s: commands.explain_body(s, set_, grad, wrt, unconnected, as_json, dialect))


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
    _finish(file, lambda s: commands.run_body(s, steps, feed, fetch, set_, as_json))


@app.command("graph")
def graph_command(
    file: str = FileArg,
    fmt: Optional[str] = typer.Option(None, "--format", help="dot | mermaid (default: from -o, else dot)"),
    grad: Optional[str] = typer.Option(None, "--grad", help="Label edges with the gradient flow of this "
                                       "gradients result (its name) or of d(VALUE)/d(inputs)."),
    output: Optional[str] = typer.Option(None, "-o", "--output", help="Write to a file: .dot/.gv, .mmd, "
                                         "or .svg/.png/.pdf (drawn with Graphviz)."),
    set_: Optional[List[str]] = SetOpt,
    dialect: Optional[str] = DialectOpt,
):
    """The computation graph as Graphviz DOT or Mermaid, cut edges marked."""
    _finish(file, lambda s: commands.graph_body(s, set_, fmt, grad, output, dialect))


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
    _finish(file, lambda s: commands.verify_body(s, set_, grad, wrt, rtol, atol, timeout, as_json))


def main():
    from .dispatch import dispatch

    robust_streams()
    try:
        if not dispatch(app, sys.argv[1:]):   # plain command lines skip typer's start-up cost
            app()
    except KeyboardInterrupt:
        sys.exit(commands.EXIT_INTERRUPTED)
    except BrokenPipeError:  # help or usage text into a closed pipe
        quiet_broken_pipe()
        sys.exit(commands.EXIT_OK)


if __name__ == "__main__":
    main()
