"""Every command's body: one API call (what the command computes, for either dialect)
and one render call (show.py). The option declarations are in app.py; a body returns
the exit code and raises AgError for anything the user must fix (exit 2, located)."""
from __future__ import annotations

from autograd_cli.cli import show
from autograd_cli.cli.show import EXIT_DISAGREE, EXIT_ERROR, EXIT_INTERRUPTED, EXIT_OK  # noqa: F401
from autograd_cli.cli.terminal import console, print_error, quiet_broken_pipe, silence, write_json
from autograd_cli.support.errors import AgError, escape_name
from autograd_cli.support.files import read_text


class Session:
    """One command's input: the program text, its dialect (decided by the API from the file's
    name and --dialect) and how to report errors about it."""

    def __init__(self, path: str, tag_file: bool = False, dialect: str | None = None):
        from autograd_cli.dialects import dialect_of

        self.filename = "<stdin>" if path == "-" else path
        self.tag_file = tag_file     # several FILEs with --json: each document says its file
        self.source = read_text(path, "MAX_PROGRAM_BYTES", "program")
        self.dialect = dialect_of(self.filename, dialect)

    def document(self, doc: dict) -> dict:
        return {"file": self.filename, **doc} if self.tag_file else doc


def run_files(paths, body, as_json: bool = False, dialect: str | None = None) -> int:
    """One report per FILE, in order; the exit status is the worst (an error 2 beats a
    disagreement 1). With --json and several files each report is one line (NDJSON) with
    a "file" key; a file that fails gives {"file", "error"} there (the located message
    still goes to stderr)."""
    if len(paths) == 1:
        return run_guarded(paths[0], body, dialect=dialect)
    if paths.count("-") > 1:       # (the second would read an empty program)
        print_error("<stdin>: - (standard input) is given more than once; it can be read only once")
        return EXIT_ERROR
    worst = EXIT_OK
    for k, path in enumerate(paths):
        if not as_json:
            if k:
                print(flush=True)
            print(banner(path, console().width), flush=True)
        code = run_guarded(path, body, tag_file=as_json, dialect=dialect)
        if code == EXIT_INTERRUPTED:
            return code
        worst = max(worst, code)
    return worst


def banner(path: str, width: int) -> str:
    """`== FILE ==` above one file's report: the path as given, or relative to the working
    directory when that is shorter, its start cut (`…`) to fit the terminal."""
    import os

    shown = path
    try:
        relative = os.path.relpath(path)
        if len(relative) < len(shown):
            shown = relative
    except ValueError:      # another drive (Windows)
        pass
    shown = escape_name(shown)
    room = max(8, width - 6)
    if len(shown) > room:       # the end says most: the file's name and its folders
        shown = "…" + shown[len(shown) - (room - 1):]
    return f"== {shown} =="


def run_guarded(path: str, body, tag_file: bool = False, dialect: str | None = None) -> int:
    """Run a command body on the Session of PATH (`dialect`: --dialect, None when not given);
    every failure becomes exit code 2 with a located message."""
    from autograd_cli.support.limits import check_environment

    session = None
    shown = "<stdin>" if path == "-" else path
    try:
        check_environment()
        session = Session(path, tag_file, dialect)
        return body(session) or EXIT_OK
    except AgError as error:
        filename = session.filename if session else shown
        print_error(error.render(filename, session.source if session else None))
        if tag_file:
            from autograd_cli.render.jsonout import dumps

            line = {"line": error.pos.line} if error.pos is not None else {}
            write_json(dumps({"file": filename, **line, "error": error.message}))
        return EXIT_ERROR
    except RecursionError:
        print_error(f"{escape_name(shown)}: the program is nested too deeply to process")
        return EXIT_ERROR
    except MemoryError:
        print_error(f"{escape_name(shown)}: out of memory (lower the limits, e.g. AUTOGRAD_CLI_MAX_MEMORY=N)")
        return EXIT_ERROR
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        quiet_broken_pipe()
        return EXIT_OK
    except OSError as exc:  # the output could not be written (a full disk, a closed stdout)
        silence(1)
        print_error(f"{escape_name(shown)}: cannot write the output: {exc.strerror or exc}")
        return EXIT_ERROR


def parse_sets(items) -> dict:
    if not items:
        return {}
    from autograd_cli.api import parse_set     # (NumPy: a snippet's command line has no --set)

    return dict(parse_set(item) for item in items)


# ---------------------------------------------------------------- the commands

def eval_body(session: Session, set_, grad, wrt, unconnected, as_json, prints_only=False,
              limits=(None, None)) -> int:
    """limits: the text of --time-limit and --max-memory (None where not given), for a snippet."""
    from autograd_cli.dialects import evaluate_program

    with show.evaluating(as_json, prints_only) as output:
        # On the command line a snippet always runs in the box (a child process that reaches
        # nothing outside itself, with time and memory limits); its prints stream as it runs.
        result = evaluate_program(session.source, session.dialect, parse_sets(set_), unconnected, grad or (),
                                  wrt or (), boxed=True, limit_options=limits, on_print=output.on_print,
                                  prints_only=output.prints_only, meanwhile=output.meanwhile)
    return show.evaluation(result, session, as_json, prints_only)


def explain_body(session: Session, set_, grad, wrt, unconnected, as_json) -> int:
    from autograd_cli.analysis.explain import explain_program

    result, records = explain_program(session.source, session.dialect, parse_sets(set_), unconnected,
                                      grad or (), wrt or (), boxed=True)
    return show.explanation(result, records, session, as_json)


def verify_body(session: Session, set_, grad, wrt, rtol, atol, timeout, as_json, budget=None) -> int:
    from autograd_cli.analysis.verify import verify_program

    with show.checking() as on_check:
        report = verify_program(session.source, session.dialect, parse_sets(set_), grad or (), wrt or (),
                                boxed=True, rtol=rtol, atol=atol, timeout=timeout, on_check=on_check, budget=budget)
    return show.verification(report, session, as_json)


def graph_body(session: Session, set_, fmt, grad_name, output, focus=None, expand=False) -> int:
    """Build, optionally compute one gradient's flows, write DOT/Mermaid text or a picture."""
    from autograd_cli.analysis.diagram import graph_program
    from autograd_cli.render.diagram_text import flow_label

    target = show.graph_output(output, fmt)
    not_the_program(session, output, "-o")
    view = graph_program(session.source, session.dialect, parse_sets(set_), grad_name, focus, expand,
                         format_flow=flow_label, boxed=True)
    return show.graph(view, output, target)


def not_the_program(session: Session, output, option: str) -> None:
    """An output file is never the program itself (a .ag program in prog.txt, -o prog.txt)."""
    import os

    if not output or output == "-" or session.filename == "<stdin>":
        return
    try:
        same = os.path.samefile(output, session.filename)
    except (OSError, ValueError):      # (no such file yet: it cannot be the program)
        same = False
    if same:
        raise AgError(f"{option} {output} is the program itself: write to another file")


def run_body(session: Session, steps, feed_path, fetch, set_, as_json, every=None, plot=None) -> int:
    not_the_program(session, plot, "--plot")
    return run_program(session.source, steps, feed_path, fetch, parse_sets(set_), as_json, every, plot,
                       session.dialect, session.filename)


def run_program(source: str, steps, feed_path=None, fetch=None, sets=None, as_json=False, every=None, plot=None,
                dialect="ag", filename="") -> int:
    from autograd_cli.run.steps import parse_steps, plan_program

    steps = parse_steps(steps)
    show.run_options(every, plot)
    plan = plan_program(source, dialect, feed_path, fetch, sets, filename)
    return show.run(plan, steps, as_json, every, plot)


def report_body(session: Session, output, verify, steps, set_, grad, wrt, unconnected) -> int:
    """Compute the report (analysis/report.py), write the page (render/html.py) whole."""
    from autograd_cli.analysis.report import make_report
    from autograd_cli.render.explainout import one_line

    not_the_program(session, output, "-o")
    report = make_report(session.source, session.filename, session.dialect, parse_sets(set_),
                         unconnected, grad or (), wrt or (), verify, steps, format_flow=one_line, boxed=True)
    return show.report(report, output)


def functions_body(pattern, as_json) -> int:
    from autograd_cli.library.catalog import find

    return show.functions(find(pattern), pattern, as_json)
