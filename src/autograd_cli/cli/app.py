"""The command line's declarations: each command's arguments and options (typer),
and `main`. The bodies are in commands.py; every failure ends as
`FILE:LINE:COL: message` + source line + caret, exit 2.

Conventions: `-h`/`--help` and `--version`; shell completion (`--install-completion`);
metavars say what to type (FILE, NAME, N; flags show none); a fixed set of values is a
choice (`--unconnected none|zero`); each command's help ends with examples; commands
that report on programs take several FILEs. cli/dispatch.py reads these same
declarations for the quick path, so anything declared here must stay plain
(str/int/float/bool, optional or repeated str, Literal choices) or typer handles it.
"""
from __future__ import annotations

import sys
from typing import List, Literal, Optional

import typer

from autograd_cli.cli import commands, shipped
from autograd_cli.cli.terminal import quiet_broken_pipe, robust_streams

def _readable_help_types() -> None:
    """typer 0.29 prints a type beside every parameter (`<bool>` for flags, `<list[str]>`
    for FILE...); flags take no value and an argument's metavar already says what it is,
    so neither gets a type column; options show their metavar."""
    from typer import core

    def option_type(self, ctx):
        if self.is_flag:
            return None
        return self.metavar if self.metavar is not None else core._TyperParameter.display_type_rich(self, ctx)

    core.TyperOption.display_type_rich = option_type
    core.TyperArgument.display_type_rich = lambda self, ctx: None


_readable_help_types()

app = typer.Typer(
    add_completion=True, pretty_exceptions_enable=False, no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="Differentiate .ag programs with TensorFlow's tf.gradients semantics.\n\n"
         "The language and every built-in function: `autograd-cli docs language` "
         "(or `autograd-cli functions [PATTERN]`). No colours: --no-color or NO_COLOR=1.",
    epilog="Examples (`autograd-cli samples --copy-to samples` first):  "
           "autograd-cli eval samples/linear_model.ag  ·  "
           "autograd-cli verify samples/*.ag  ·  autograd-cli functions reduce",
)


def _version(value: bool):
    if value:
        from autograd_cli import __version__

        print(f"autograd-cli {__version__}")
        raise typer.Exit(0)


@app.callback()
def _commands(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
):
    """Differentiate .ag programs with TensorFlow's tf.gradients semantics.

    The language and every built-in function: `autograd-cli docs language` (or `autograd-cli functions`).
    """


def _finish(path: str, body, dialect=None) -> None:
    raise typer.Exit(commands.run_guarded(path, body, dialect=dialect))


def _finish_all(paths: List[str], body, as_json: bool = False, dialect=None) -> None:
    raise typer.Exit(commands.run_files(paths, body, as_json, dialect))


Unconnected = Literal["none", "zero"]
FileArg = typer.Argument(..., metavar="FILE", help="The program: a .ag file or a TensorFlow snippet (.py); "
                                                     "- for standard input.")
AgFileArg = typer.Argument(..., metavar="FILE", help="The .ag program, or - for standard input.")
FilesArg = typer.Argument(..., metavar="FILE", help="One or more programs: .ag files or TensorFlow snippets (.py); "
                                                       "- for standard input. One report per file, the exit "
                                                       "status is the worst.")
SetOpt = typer.Option(None, "--set", metavar="NAME=VALUE",
                      help="Give a placeholder or input a value (a number or a JSON array); repeatable.")
JsonOpt = typer.Option(False, "--json", help="Strict JSON on stdout (several FILEs: one line each).")
GradOpt = typer.Option(None, "--grad", metavar="NAME", help="Also differentiate this value (not asked for in the file).")
WrtOpt = typer.Option(None, "--wrt", metavar="NAME",
                      help="...with respect to these names (default: its inputs and variables).")
UnconnectedOpt = typer.Option("none", "--unconnected", metavar="none|zero",
                              help="The default of unconnected_gradients.")
Dialect = Optional[Literal["ag", "tf"]]
DialectOpt = typer.Option(None, "--dialect", metavar="ag|tf", help="A .ag program or a TensorFlow snippet "
                                                                  "(default: tf for a .py file, else ag).")


def _examples(*lines: str) -> str:
    return "Examples:\n\n" + "\n\n".join(f"  autograd-cli {line}" for line in lines)


@app.command("eval", epilog=_examples(
    "eval samples/linear_model.ag",
    "eval samples/*.ag --json",
    "eval prog.ag --set x=3 --grad loss --wrt w",
    "eval snippet.py",
    "eval snippet.py --time-limit 60 --max-memory 4G",
))
def eval_command(
    file: List[str] = FilesArg,
    set_: Optional[List[str]] = SetOpt,
    grad: Optional[List[str]] = GradOpt,
    wrt: Optional[List[str]] = WrtOpt,
    unconnected: Unconnected = UnconnectedOpt,
    dialect: Dialect = DialectOpt,
    as_json: bool = JsonOpt,
    prints_only: bool = typer.Option(False, "--prints-only", help="A snippet: show only what it prints (no "
                                     "gradient tables or warnings)."),
    time_limit: Optional[str] = typer.Option(None, "--time-limit", metavar="SECONDS",
                                             help="A snippet: the CPU time it may use (default 5; also "
                                             "AUTOGRAD_CLI_SNIPPET_SECONDS)."),
    max_memory: Optional[str] = typer.Option(None, "--max-memory", metavar="SIZE",
                                             help="A snippet: the memory it may allocate, bytes or 512M, 4G "
                                             "(default: the smaller of 2G and half the machine's; also "
                                             "AUTOGRAD_CLI_MAX_MEMORY)."),
):
    """Compute every value and gradient of a program (or run a TensorFlow snippet)."""
    limits = (time_limit, max_memory)
    _finish_all(file, lambda s: commands.eval_body(s, set_, grad, wrt, unconnected, as_json, prints_only, limits),
                as_json, dialect)


@app.command("explain", epilog=_examples(
    "explain samples/seed_stop_gradient_two_paths.ag",
    "explain prog.ag --grad loss --wrt w --json",
))
def explain_command(
    file: List[str] = FilesArg,
    set_: Optional[List[str]] = SetOpt,
    grad: Optional[List[str]] = GradOpt,
    wrt: Optional[List[str]] = WrtOpt,
    unconnected: Unconnected = UnconnectedOpt,
    dialect: Dialect = DialectOpt,
    as_json: bool = JsonOpt,
):
    """Why each gradient is what it is: paths from x to the ys, their contributions, cuts."""
    _finish_all(file, lambda s: commands.explain_body(s, set_, grad, wrt, unconnected, as_json), as_json, dialect)


@app.command("run", epilog=_examples(
    "run samples/linear_regression.ag --steps 1000",
    "run samples/linear_regression.ag --steps 1000 --fetch loss_op,w,b --every 100",
    "run samples/linear_regression.ag --steps 1000 --plot loss.svg",
    "run prog.ag --steps 50 --feed data.csv --json",
))
def run_command(
    file: str = AgFileArg,
    steps: str = typer.Option(..., "--steps", metavar="N", help="How many steps (step = 0..N-1); an integral number."),
    feed: Optional[str] = typer.Option(None, "--feed", metavar="FILE.csv",
                                       help="CSV with a header row: a column per placeholder; "
                                            "step i reads row i mod rows."),
    fetch: Optional[str] = typer.Option(None, "--fetch", metavar="NAME,NAME",
                                        help="Names to show, comma-separated (default: every named scalar)."),
    every: Optional[int] = typer.Option(None, "--every", metavar="K",
                                        help="Show every K-th step in the table (and the last; default: about "
                                             "100 rows for long runs); --json and --plot keep every step."),
    plot: Optional[str] = typer.Option(None, "--plot", metavar="FILE.svg|png",
                                       help="Draw the fetched scalars against the step (needs matplotlib: "
                                            "pip install 'autograd-cli\\[plot]')."),
    set_: Optional[List[str]] = SetOpt,
    as_json: bool = JsonOpt,
):
    """Run the program step after step, applying assigns at the end of each step."""
    _finish(file, lambda s: commands.run_body(s, steps, feed, fetch, set_, as_json, every, plot))


@app.command("graph", epilog=_examples(
    "graph samples/seed_matmul_unrelated_w2.ag -o graph.svg",
    "graph samples/linear_model.ag --format text",
    "graph samples/softmax_classifier.ag --focus loss -o loss.png",
    "graph prog.ag --grad g --format mermaid",
))
def graph_command(
    file: str = FileArg,
    fmt: Optional[str] = typer.Option(None, "--format", metavar="dot|mermaid|text|json",
                                      help="The text to write (default: from -o, else dot)."),
    grad: Optional[str] = typer.Option(None, "--grad", metavar="NAME", help="Label edges with the backward flow "
                                       "of a gradients call (a name it assigned: g, gW of gW, gb = ..., "
                                       "dw of dw = gradients(y, w)[0]), or of d(VALUE)/d(inputs) for "
                                       "any other value."),
    focus: Optional[str] = typer.Option(None, "--focus", metavar="NAME",
                                        help="Only the part of the graph NAME depends on."),
    output: Optional[str] = typer.Option(None, "-o", "--output", metavar="FILE",
                                         help="Write to a file: .dot/.gv, .mmd, .txt, .json, "
                                              "or .svg/.png/.pdf (drawn with Graphviz)."),
    expand: bool = typer.Option(False, "--expand", help="Draw the ops inside each built-in call "
                                "(default: one box per call the program makes)."),
    set_: Optional[List[str]] = SetOpt,
    dialect: Dialect = DialectOpt,
):
    """The computation graph as Graphviz DOT, Mermaid or text; None gradients and cuts marked."""
    _finish(file, lambda s: commands.graph_body(s, set_, fmt, grad, output, focus, expand), dialect)


@app.command("verify", epilog=_examples(
    "verify samples/*.ag",
    "verify prog.ag --rtol 1e-4 --json",
))
def verify_command(
    file: List[str] = FilesArg,
    set_: Optional[List[str]] = SetOpt,
    grad: Optional[List[str]] = GradOpt,
    wrt: Optional[List[str]] = WrtOpt,
    rtol: float = typer.Option(1e-6, "--rtol", metavar="R", help="Relative tolerance, AD vs SymPy."),
    atol: float = typer.Option(1e-8, "--atol", metavar="A", help="Absolute tolerance, AD vs SymPy."),
    timeout: float = typer.Option(5.0, "--timeout", metavar="S", help="Seconds of SymPy work per check."),
    budget: float = typer.Option(60.0, "--budget", metavar="S", help="Seconds for the whole run: checks "
                                 "left when it is used up are reported as skipped."),
    dialect: Dialect = DialectOpt,
    as_json: bool = JsonOpt,
):
    """Check every gradient three ways: reverse-mode AD, SymPy, finite differences."""
    _finish_all(file, lambda s: commands.verify_body(s, set_, grad, wrt, rtol, atol, timeout, as_json, budget),
                as_json, dialect)


@app.command("report", epilog=_examples(
    "report samples/explain_demo.ag -o report.html",
    "report samples/linear_regression.ag -o run.html --steps 500",
    "report samples/seed_stop_gradient_w1_none.ag -o report.html --verify",
    "report snippet.py -o report.html",
))
def report_command(
    file: str = FileArg,
    output: str = typer.Option(..., "-o", "--output", metavar="FILE.html",
                               help="The HTML page to write (whole or not at all; - for standard output)."),
    verify: bool = typer.Option(False, "--verify", help="Also check every gradient three ways (as verify)."),
    steps: Optional[int] = typer.Option(None, "--steps", metavar="N",
                                        help="Steps of the run section, for a program with assigns "
                                             "(default 100; 0: no run)."),
    set_: Optional[List[str]] = SetOpt,
    grad: Optional[List[str]] = GradOpt,
    wrt: Optional[List[str]] = WrtOpt,
    unconnected: Unconnected = UnconnectedOpt,
    dialect: Dialect = DialectOpt,
):
    """One self-contained HTML page: program, values, gradients and why None, explain, graph, run."""
    _finish(file, lambda s: commands.report_body(s, output, verify, steps, set_, grad, wrt, unconnected), dialect)


@app.command("functions", epilog=_examples(
    "functions",
    "functions reduce",
    "functions 'soft*' --json",
))
def functions_command(
    pattern: Optional[str] = typer.Argument(None, metavar="PATTERN",
                                            help="Only names containing this text (or matching a * pattern)."),
    as_json: bool = typer.Option(False, "--json", help="Strict JSON on stdout."),
):
    """List the built-in functions: signature, TensorFlow name(s), gradient notes."""
    raise typer.Exit(commands.functions_body(pattern, as_json))


@app.command("docs", epilog=_examples(
    "docs",
    "docs language | less",
    "docs snippets",
))
def docs_command(
    name: Optional[str] = typer.Argument(None, metavar="NAME", help="The document to show (default: list them)."),
    as_json: bool = typer.Option(False, "--json", help="Strict JSON on stdout."),
):
    """The documentation installed with the tool: the language reference, snippets, Keras, reports."""
    raise typer.Exit(shipped.docs_body(name, as_json))


@app.command("samples", epilog=_examples(
    "samples",
    "samples --copy-to samples",
    "eval samples/linear_model.ag",
))
def samples_command(
    copy_to: Optional[str] = typer.Option(None, "--copy-to", metavar="DIR",
                                          help="Copy every sample program into DIR (made if missing)."),
    as_json: bool = typer.Option(False, "--json", help="Strict JSON on stdout."),
):
    """The sample programs installed with the tool (the ones the examples use)."""
    raise typer.Exit(shipped.samples_body(copy_to, as_json))


def main():
    from autograd_cli.cli.dispatch import dispatch
    from autograd_cli.cli.terminal import finish_streams, print_error

    robust_streams()
    _exit_on_signals()
    if "--no-color" in sys.argv[1:]:    # any command; the same as NO_COLOR=1 in the environment
        import os

        os.environ["NO_COLOR"] = "1"
        sys.argv = [sys.argv[0]] + [a for a in sys.argv[1:] if a != "--no-color"]
    code = commands.EXIT_OK
    try:
        try:
            if not dispatch(app, sys.argv[1:]):   # plain command lines skip typer's start-up cost
                app(prog_name="autograd-cli")
        except KeyboardInterrupt:
            code = commands.EXIT_INTERRUPTED
        except BrokenPipeError:  # help or usage text into a closed pipe
            quiet_broken_pipe()
        except OSError as exc:   # help or usage text that could not be written
            print_error(f"autograd-cli: cannot write the output: {exc.strerror or exc}")
            code = commands.EXIT_ERROR
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else commands.EXIT_ERROR)
    sys.exit(finish_streams(code))


def _exit_on_signals():
    """SIGTERM and SIGHUP end the command through Python's exit path (128 + signal), so
    every `finally` runs: temporary files are removed, SymPy children are killed."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return

    def stop(signum, frame):
        raise SystemExit(128 + signum)

    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None and signal.getsignal(sig) == signal.SIG_DFL:
            signal.signal(sig, stop)


if __name__ == "__main__":
    main()
