"""Everything one report shows, computed once (`autograd-cli report`, the notebook's
`%%ag`): the evaluation (a `.ag` program's or a TensorFlow snippet's, as the API returns
it), explain's records, verify's checks when asked, a training run for a program with
assigns, and the graph view. Nothing here formats: render/html.py writes the page."""
from __future__ import annotations

import math
import time

import numpy as np

from autograd_cli.support.display import HtmlDisplay
from autograd_cli.support.errors import AgError
from autograd_cli.support.records import Record

DEFAULT_STEPS = 100      # a program with assigns is run this many steps unless told (--steps)
MAX_REPORT_STEPS = 1_000_000   # the run happens while the report is made: keep it interactive


class RunSeries(Record):
    """A run of the program: each fetched scalar's value per step and the final variables."""

    _fields = ("steps", "done", "step_numbers", "series", "loss", "final", "error", "warnings", "untrained")

    def __init__(self, steps, done, step_numbers, series, loss, final, error=None, warnings=None,
                 untrained=None):
        self.steps = steps                  # steps asked for
        self.done = done                    # steps completed (less when a step failed)
        self.step_numbers = step_numbers    # [int] the steps the series hold (thinned for long runs)
        self.series = series                # name -> [float], one per step number
        self.loss = loss                    # the series named like a loss, or None
        self.final = final                  # variable name -> value after the last step
        self.error = error                  # the message of a step that failed, or None
        self.warnings = [] if warnings is None else warnings
        self.untrained = untrained          # why no variable changed, or None


class ReportData(HtmlDisplay, Record):
    _fields = ("title", "source", "dialect", "evaluation", "explanations", "verification", "run", "graph",
               "seconds")
    _repr_fields = ("title", "dialect", "seconds")   # the rest is long: shown as HTML in a notebook

    def __init__(self, title, source, dialect, evaluation, explanations, verification=None, run=None,
                 graph=None, seconds=0.0):
        self.title = title                  # the file name, or what stands for it
        self.source = source                # the program text
        self.dialect = dialect              # "ag" or "tf"
        self.evaluation = evaluation        # api.Evaluation or dialects.SnippetEvaluation
        self.explanations = explanations    # [explain.RecordExplanation]; None without a graph (below)
        self.verification = verification    # verify.Report, or None when not asked
        self.run = run                      # RunSeries, or None (no assigns, a snippet, --steps 0)
        self.graph = graph                  # diagram.GraphView; None when the evaluation has no graph
                                            # (a snippet whose graph could not be handed back)
        self.seconds = seconds              # time spent computing all of it


def make_report(source: str, title: str = "program", dialect: str = "ag", sets=None, unconnected: str = "none",
                grads=(), wrt=(), verify: bool = False, steps=None, verify_options=None,
                format_flow=None, boxed: bool = False) -> ReportData:
    """Compute everything a report shows. `steps`: how many steps the run section runs
    (None: DEFAULT_STEPS for a program with assigns; 0: no run). `verify_options`:
    rtol, atol, timeout, budget for verify. `format_flow`: the graph's edge labels
    (a gradient flow -> text; the render layer's, handed in by the caller). `boxed`: a
    snippet runs in the box (the command line), else in this process (a notebook)."""
    from autograd_cli.analysis.explain import explain
    from autograd_cli.dialects import evaluate_program

    start = time.perf_counter()
    if dialect not in ("ag", "tf"):
        raise AgError(f"--dialect must be ag or tf, got {dialect!r}")
    if steps is not None and not (0 <= steps <= MAX_REPORT_STEPS):
        raise AgError(f"--steps for a report must be from 0 to {MAX_REPORT_STEPS:,}, got {steps}")
    evaluation = evaluate_program(source, dialect, sets, unconnected, grads, wrt, graph=True, boxed=boxed)
    program = evaluation.program
    if program is None:        # a snippet whose graph could not be handed back: its values and gradients only
        return ReportData(title, source, dialect, evaluation, None, None, None, None,
                          time.perf_counter() - start)
    explanations = explain(evaluation)
    verification = None
    if verify:
        from autograd_cli.analysis.verify import verify as check_all

        verification = check_all(source, sets=sets, grads=grads, wrt=wrt, evaluation=evaluation,
                                 **(verify_options or {}))
    run = None
    if dialect == "ag" and program.assigns and steps != 0:
        run = run_series(program, DEFAULT_STEPS if steps is None else steps)
    graph = graph_of(program, evaluation, source, format_flow)
    return ReportData(title, source, dialect, evaluation, explanations, verification, run, graph,
                      time.perf_counter() - start)


def graph_of(program, evaluation, source, format_flow=None):
    """The graph view, its edges labelled with the first gradients result's flow."""
    from autograd_cli.analysis.diagram import graph_view
    from autograd_cli.analysis.explain import record_flows

    record = program.gradients[0] if program.gradients else None
    flows = None
    if record is not None:
        with np.errstate(all="ignore"):
            _, flows, _ = record_flows(record, evaluation.node_values)
    return graph_view(program, record, flows, format_flow, source=source)


def run_series(program, steps: int) -> RunSeries:
    """Run the built program `steps` steps from its initial values (as `run` does)."""
    from autograd_cli.run.steps import History, Plan, untrained

    plan = Plan(program)
    state = plan.initial_state()
    initial = dict(state)
    history = History(plan.fetch)
    warnings: list = []
    done, error = 0, None
    try:
        for i, values in plan.steps(steps, state, warnings):
            history.observe(i, plan.row(values))
            done = i + 1
    except AgError as exc:
        error = exc.message
    scalar = history.scalar or []
    series = {name: history.series[name] for name in scalar}
    return RunSeries(steps, done, list(history.steps), series, history.loss_name(), plan.final(state), error,
                     list(dict.fromkeys(str(w) for w in warnings)),
                     untrained(plan, initial, state, done) if error is None else None)


def finite_range(values) -> tuple | None:
    """The lowest and highest finite value of a series, or None when it has none."""
    finite = [v for v in values if math.isfinite(v)]
    return (min(finite), max(finite)) if finite else None
