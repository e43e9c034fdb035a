"""A new user's way through the tool (issue 13): CLI conventions, several files, the
functions reference, readable `run` screens at 60 and 120 columns, verify's honest
summaries. Each test fails if its behaviour goes away."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT, SRC, cli

SAMPLES = ROOT / "samples"
SGD = SAMPLES / "linear_regression.ag"


def cli_env(*args, cwd=None, **env):
    full = {**os.environ, "PYTHONPATH": str(SRC), "PYTHONIOENCODING": "utf-8", **env}
    for key in [k for k, v in env.items() if v is None]:
        full.pop(key, None)
    return subprocess.run([sys.executable, "-m", "autograd_cli", *map(str, args)], capture_output=True,
                          text=True, env=full, cwd=cwd, timeout=120)


def write(tmp_path, text, name="p.ag"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------- conventions

def test_version_and_short_help():
    proc = cli("--version")
    assert proc.returncode == 0 and re.fullmatch(r"autograd-cli \d+\.\d+\.\d+\n", proc.stdout)
    for args in (["-h"], ["eval", "-h"], ["run", "-h"], ["functions", "-h"]):
        proc = cli_env(*args, COLUMNS="100")
        assert proc.returncode == 0 and "Usage:" in proc.stdout, args


@pytest.mark.parametrize("command", ["eval", "explain", "run", "graph", "verify", "functions"])
def test_help_reads_right(command):
    text = cli_env(command, "--help", COLUMNS="120").stdout
    assert "<bool>" not in text and "<str>" not in text and "<list" not in text and "<int>" not in text
    assert "Examples:" in text and f"autograd-cli {command}" in text
    if command in ("eval", "explain"):
        assert "none|zero" in text


def test_top_help_links_the_reference_and_offers_completion():
    text = cli_env("--help", COLUMNS="120").stdout
    assert "autograd-cli docs language" in text and "--install-completion" in text and "--version" in text


def test_unconnected_is_a_choice(tmp_path):
    proc = cli("eval", write(tmp_path, "w = variable(1.0)\ng = gradients(w * 2, w)\n"), "--unconnected", "zeros")
    assert proc.returncode == 2 and "zero" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize("args, hint", [
    (["eval", "{p}", "--grad", "los"], "did you mean 'loss'"),
    (["eval", "{p}", "--grad", "loss", "--wrt", "ww"], "did you mean 'w'"),
    (["run", "{p}", "--steps", "2", "--fetch", "los"], "did you mean 'loss'"),
    (["graph", "{p}", "--grad", "los"], "did you mean 'loss'"),
    (["graph", "{p}", "--focus", "los"], "did you mean 'loss'"),
    (["eval", "{p}", "--set", "ww=3"], "did you mean 'w'"),
])
def test_did_you_mean_on_name_options(tmp_path, args, hint):
    p = write(tmp_path, "w = variable(2.0)\nloss = w * w\n")
    proc = cli(*[a.format(p=p) for a in args])
    assert proc.returncode == 2 and hint in proc.stderr, proc.stderr


def test_several_files_one_report_each_worst_status(tmp_path):
    good = write(tmp_path, "w = variable(2.0)\ng = gradients(w * w, w)\n", "good.ag")
    bad = write(tmp_path, "w = variable(2.0)\ny = w +\n", "bad.ag")
    proc = cli("verify", good, bad, good)
    assert proc.returncode == 2
    assert proc.stdout.count("== ") == 3 and proc.stdout.count("1 check: it agrees") == 2
    assert "bad.ag:2" in proc.stderr
    proc = cli("eval", good, good)
    assert proc.returncode == 0 and proc.stdout.count("== ") == 2


def test_several_files_json_is_ndjson_with_file(tmp_path):
    good = write(tmp_path, "w = variable(2.0)\ng = gradients(w * w, w)\n", "good.ag")
    bad = write(tmp_path, "y = nope(1)\n", "bad.ag")
    proc = cli("verify", good, bad, "--json")
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [d["file"] for d in lines] == [str(good), str(bad)]
    assert lines[0]["ok"] is True and "error" in lines[1] and lines[1]["line"] == 1
    assert proc.returncode == 2
    lines = [json.loads(line) for line in cli("eval", good, good, "--json").stdout.splitlines()]
    assert len(lines) == 2 and all(d["values"]["w"] == 2.0 and "file" in d for d in lines)
    single = json.loads(cli("eval", good, "--json").stdout)
    assert "file" not in single          # one file: the document as before


# ---------------------------------------------------------------- verify

def test_verify_without_gradients_says_nothing_to_check(tmp_path):
    proc = cli("verify", write(tmp_path, "x = 3.0\ny = x * x\n"))
    assert proc.returncode == 0
    assert "nothing to check" in proc.stdout and "0 checks" not in proc.stdout


def test_verify_nan_error_is_not_hidden():
    from autograd_cli.render.verifyout import verify_tables
    from autograd_cli.analysis.verify.checks import Check, Report
    import numpy as np
    from rich.console import Console

    check = Check("g", "gradients", 1, ["y"], "x", np.array([np.nan, 1.0]), (2,), [0, 1],
                  symbolic={0: 0.5, 1: 1.0}, max_error=float("nan"), ok=False, bad_entries=[0])
    console = Console(width=120, record=True, file=open(os.devnull, "w"))
    for part in verify_tables(Report([check], [], 0.0)):
        console.print(part)
    text = console.export_text()
    assert "NaN" in text and "e-" not in text.split("NaN")[0].splitlines()[-1]


def test_verify_nan_ad_value_max_error_is_nan(tmp_path):
    # sqrt at 0: AD gives inf * 0 = nan for d/dx sqrt(x) * 0 ... use a NaN-producing gradient
    p = write(tmp_path, "x = variable([0.0, 1.0])\ny = reduce_sum(sqrt(x) * sqrt(x))\ng = gradients(y, x)\n")
    doc = json.loads(cli("verify", p, "--json").stdout)
    for check in doc["checks"]:
        if not check["ok"] and "nan" in json.dumps(check["ad"]):
            assert check["max_error"] == "nan"


# ---------------------------------------------------------------- functions

def test_functions_lists_builtins_with_tensorflow_names():
    proc = cli_env("functions", COLUMNS="200")
    assert proc.returncode == 0
    for text in ("reduce_sum(input_tensor, axis=None, keepdims=False)", "tf.reduce_sum", "stop_gradient",
                 "no gradient (None)", "gradients(ys, xs"):
        assert text in proc.stdout, text


def test_functions_pattern_and_json():
    doc = json.loads(cli("functions", "reduce_", "--json").stdout)
    names = [f["name"] for f in doc["functions"]]
    assert "reduce_sum" in names and "exp" not in names
    assert all({"signature", "tensorflow", "gradient", "group"} <= set(f) for f in doc["functions"])
    floor = json.loads(cli("functions", "floor", "--json").stdout)["functions"][0]
    assert floor["gradient"].startswith("no gradient")
    assert cli("functions", "no_such_thing_at_all").returncode == 2


def test_functions_reference_in_docs_is_fresh():
    proc = subprocess.run([sys.executable, "-m", "autograd_cli.cli.docgen", "--check"], capture_output=True,
                          text=True, env=dict(os.environ, PYTHONPATH=str(SRC)))
    assert proc.returncode == 0, proc.stderr + " (run: python -m autograd_cli.cli.docgen)"


def test_functions_reference_staleness_is_detected(tmp_path):
    from autograd_cli.cli import docgen

    doc = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    stale = re.sub(r"^\| `exp\(x\)` \|.*\n", "", doc, flags=re.M)
    assert stale != doc
    path = tmp_path / "language.md"
    path.write_text(stale, encoding="utf-8")
    assert docgen.main(["--check", str(path)]) == 1
    assert docgen.main([str(path)]) == 0 and path.read_text(encoding="utf-8") == doc


def test_writing_a_reference_elsewhere_leaves_the_spellings_table_alone(tmp_path, monkeypatch):
    from autograd_cli.cli import docgen

    spellings = tmp_path / "spellings_data.py"
    spellings.write_text("SPELLINGS = {}\nOTHER = frozenset()\n", encoding="utf-8")   # stale
    monkeypatch.setattr(docgen, "SPELLINGS", spellings)
    doc = tmp_path / "language.md"
    doc.write_text((ROOT / "docs" / "language.md").read_text(encoding="utf-8"), encoding="utf-8")
    assert docgen.main([str(doc)]) == 0
    assert spellings.read_text(encoding="utf-8") == "SPELLINGS = {}\nOTHER = frozenset()\n"


def test_every_builtin_is_in_the_reference():
    from autograd_cli.library.functions import BUILTINS

    doc = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    section = doc[doc.index("<!-- functions:begin -->"):doc.index("<!-- functions:end -->")]
    for name in BUILTINS:
        assert f"`{name}(" in section or f"`{name}`" in section, name


# ---------------------------------------------------------------- run screens

NUMBER = re.compile(r"^-?(\d+(\.\d+)?(e[+-]\d+)?|inf|nan)$")


def table_rows(text):
    return [line for line in text.splitlines() if line.startswith("│")]


@pytest.mark.parametrize("width", [60, 120])
def test_run_table_fits_and_never_wraps(width):
    proc = cli_env("run", SGD, "--steps", "30", "--every", "1", COLUMNS=str(width))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert all(len(line) <= width for line in lines), max(lines, key=len)
    header = next(line for line in lines if line.startswith("┃"))
    names = [c.strip() for c in header.strip("┃").split("┃")]
    assert names[0] == "step" and all(re.fullmatch(r"[A-Za-z_]\w*", n) for n in names), names
    rows = table_rows(proc.stdout)
    steps_rows = [r for r in rows if re.match(r"│\s+\d+ │", r)]
    assert len(steps_rows) == 30                           # one line per step: nothing wrapped
    for row in steps_rows:
        for cell in row.strip("│").split("│")[1:]:
            value = cell.strip()
            assert NUMBER.match(value), value
            digits = re.sub(r"e.*|[-.]", "", value).lstrip("0")
            assert len(digits) <= 6, value                  # 6 significant digits


def test_run_drops_columns_that_do_not_fit_and_says_how_to_choose():
    proc = cli_env("run", SGD, "--steps", "3", COLUMNS="60")
    assert "did not fit" in proc.stdout and "--fetch" in proc.stdout
    chosen = cli_env("run", SGD, "--steps", "3", "--fetch", "loss_op,w,b", COLUMNS="60")
    assert "did not fit" not in chosen.stdout and "loss_op" in chosen.stdout


def test_run_constant_columns_once_above_the_table():
    proc = cli_env("run", SGD, "--steps", "5", COLUMNS="120")
    head = proc.stdout.splitlines()[0]
    assert head.startswith("same at every step:") and "n = 1000" in head
    header = next(line for line in proc.stdout.splitlines() if line.startswith("┃"))
    assert " n " not in header


def test_run_every_and_default_rows_for_long_runs():
    proc = cli_env("run", SGD, "--steps", "100", "--every", "25", "--fetch", "w", COLUMNS="120")
    steps = [int(m) for m in re.findall(r"^│\s+(\d+) │", proc.stdout, re.M)]
    assert steps == [0, 25, 50, 75, 99]
    proc = cli_env("run", SGD, "--steps", "1000", "--fetch", "w", COLUMNS="120")
    steps = [int(m) for m in re.findall(r"^│\s+(\d+) │", proc.stdout, re.M)]
    assert len(steps) <= 110 and steps[0] == 0 and steps[-1] == 999 and "--every" in proc.stdout
    assert cli("run", SGD, "--steps", "3", "--every", "0").returncode == 2


def test_run_sparkline_of_the_loss():
    proc = cli_env("run", SGD, "--steps", "200", COLUMNS="120")
    line = next(line for line in proc.stdout.splitlines() if line.startswith("loss_op "))
    assert re.search("[▁▂▃▄▅▆▇█]{8,}", line) and "→" in line
    dumb = cli_env("run", SGD, "--steps", "200", COLUMNS="120", PYTHONIOENCODING="ascii")
    assert dumb.returncode == 0 and "loss_op " in dumb.stdout


@pytest.mark.parametrize("env", [{"NO_COLOR": "1", "FORCE_COLOR": "1"}, {"TERM": "dumb"}])
def test_run_no_color_and_dumb_terminal(env):
    proc = cli_env("run", SGD, "--steps", "20", COLUMNS="80", **env)
    assert proc.returncode == 0
    assert not re.search(r"\x1b\[(3\d|9\d|38;)", proc.stdout)     # no colours
    plain = re.sub(r"\x1b\[[0-9;]*m", "", proc.stdout)
    assert all(len(line) <= 80 for line in plain.splitlines())
    assert "same at every step" in plain and "loss_op" in plain


@pytest.mark.parametrize("program, cause", [
    ("w = variable(2.0)\nloss = (w - 3) ** 2\ng = gradients(loss, w)\n", "no assign"),
    ("w = variable(2.0)\nloss = (w - 3) ** 2\ng = gradients(loss, w)\nw = w - 0.1 * g[0]\n",
     "line 4 rebinds the name 'w'"),
])
def test_run_that_trains_nothing_warns(tmp_path, program, cause):
    proc = cli("run", write(tmp_path, program), "--steps", "10")
    assert proc.returncode == 0 and cause in proc.stderr
    # a rebound name is said before the run (it already says that no step changes it)
    assert "no variable changed in 10 steps" in proc.stderr or "so no step changes it" in proc.stderr


def test_run_that_trains_does_not_warn(tmp_path):
    p = write(tmp_path, "w = variable(2.0)\nloss = (w - 3) ** 2\ng = gradients(loss, w)\nu = assign_sub(w, 0.1 * g[0])\n")
    proc = cli("run", p, "--steps", "10")
    assert "no variable changed" not in proc.stderr


def test_run_plot_without_matplotlib_says_how_to_install(tmp_path):
    code = ("import sys; sys.modules['matplotlib'] = None; sys.argv = ['autograd-cli'] + sys.argv[1:]; "
            "from autograd_cli.cli import main; main()")
    proc = subprocess.run([sys.executable, "-c", code, "run", str(SGD), "--steps", "3", "--plot",
                           str(tmp_path / "p.svg")], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(SRC)))
    assert proc.returncode == 2 and "pip install 'autograd-cli[plot]'" in proc.stderr
    assert not (tmp_path / "p.svg").exists()


def test_run_plot_rejects_unknown_format(tmp_path):
    proc = cli("run", SGD, "--steps", "3", "--plot", tmp_path / "p.jpg")
    assert proc.returncode == 2 and ".svg" in proc.stderr


def test_run_plot_draws_the_fetched_scalars(tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "loss.svg"
    proc = cli("run", SGD, "--steps", "50", "--fetch", "loss_op,w", "--plot", out)
    assert proc.returncode == 0, proc.stderr
    text = out.read_text()
    assert text.lstrip().startswith("<?xml") and "loss_op" in text and "step" in text
    png = tmp_path / "loss.png"
    assert cli("run", SGD, "--steps", "20", "--plot", png, "--json").returncode == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_eval_cold_path_imports_no_sympy_no_matplotlib(tmp_path):
    p = write(tmp_path, "w = variable(2.0)\ng = gradients(w * w, w)\n")
    code = ("import sys; sys.argv = ['autograd-cli', 'eval', sys.argv[1]]; from autograd_cli.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('LOADED', sorted(m for m in sys.modules if m.split('.')[0] in "
            "('sympy', 'matplotlib', 'pydantic')), file=sys.stderr)")
    proc = subprocess.run([sys.executable, "-c", code, str(p)], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(SRC)))
    assert "LOADED []" in proc.stderr, proc.stderr[-500:]


# ---------------------------------------------------------------- errors that teach

@pytest.mark.parametrize("program, expected, absent", [
    ("x = [1.0, 2.0]\ny = sum(x)\n", "reduce_sum", None),
    ("x = [1.0, 2.0]\ny = mean(x)\n", "reduce_mean", None),
    ("print(3)\n", "already printed", None),
    ("x = [1.0]\ny = np_dot(x, x)\n", "unknown function 'np_dot'", None),
    ("x = casst(1.0)\n", "did you mean 'cast'", None),
    ("y = castt(3, float32)\n", "cast", "concat"),
    ("y = reduce_sum([1.0], axes=0)\n", "input_tensor, axis=None, keepdims=False", None),
    ("y = reduce_sum()\n", "reduce_sum's parameters: input_tensor", None),
])
def test_errors_teach(tmp_path, program, expected, absent):
    proc = cli("eval", write(tmp_path, program))
    assert proc.returncode == 2 and expected in proc.stderr, proc.stderr
    if absent:
        assert absent not in proc.stderr


def test_cast_is_not_a_misspelt_concat():
    from autograd_cli.support.errors import suggest

    assert "concat" not in suggest("cast", ["concat", "constant"])
    assert suggest("concatt", ["concat"]) == "; did you mean 'concat'?"


def test_warning_names_the_users_gradients_call_not_an_internal_op(tmp_path):
    p = write(tmp_path, "x = variable(0.0)\ny = sqrt(x)\ng = gradients(y, x)\n")
    proc = cli("eval", p)
    assert "line 3: gradients(y, x) produced inf" in proc.stderr
    assert "divide" not in proc.stderr and "reciprocal" not in proc.stderr
    doc = json.loads(cli("eval", p, "--json").stdout)
    assert any("gradients(y, x)" in w for w in doc["warnings"])


def test_out_of_range_index_names_the_users_indexing(tmp_path):
    p = write(tmp_path, "x = linspace(0, 1, 10)\ny = x[step * 1000]\n")
    proc = cli("run", p, "--steps", "2")
    assert proc.returncode == 2 and "x[step * 1000]: index 1000 is out of range" in proc.stderr
    assert "take" not in proc.stderr


def test_a_warning_about_an_op_the_user_wrote_is_kept():
    from autograd_cli.support.errors import user_warning

    source = "x = 0.0\ny = 1 / x\n"
    assert user_warning("line 2: divide produced inf", source) == "line 2: divide produced inf"


# ---------------------------------------------------------------- graph

def graph_text(path, *args):
    proc = cli("graph", path, "--format", "text", *args)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_graph_text_is_one_equation_per_line():
    text = graph_text(SAMPLES / "linear_regression.ag")
    lines = text.splitlines()
    assert "y:() = add t" in text and "x_input:() = x_train[step]" in text
    assert all(" = " in line for line in lines)
    assert "take" not in text and "getitem" not in text
    assert "x_train:(1000,) = constant x_pure + random_normal([n], seed=2) / 32" in text
    assert "then updates w at the end of each step" in text


def test_graph_draws_none_gradients_with_their_reason():
    text = graph_text(SAMPLES / "seed_matmul_unrelated_w2.ag")
    assert "grads[1] = None" in text and "no path" in text
    dot = cli("graph", SAMPLES / "seed_matmul_unrelated_w2.ag").stdout
    assert "grads[1] = None" in dot and "no path" in dot


def test_graph_folds_constants_and_list_literals():
    dot = cli("graph", SAMPLES / "seed_matmul_unrelated_w2.ag").stdout
    assert '"[[2], [1]]"' in dot and "stack" not in dot
    p_dot = cli("graph", SAMPLES / "linear_regression.ag").stdout
    assert "random_normal" in p_dot          # the constant's label says how it was made
    assert "label=\"const" not in p_dot and "label=\"1\"" not in p_dot


def test_graph_draws_updates_inside_group():
    dot = cli("graph", SAMPLES / "softmax_classifier.ag").stdout
    assert dot.count("updates W") == 1 and dot.count("updates bias") == 1
    assert "assign_sub(W, rate * grad_W)" in dot


def test_graph_cuts_and_missing_gradients_look_different(tmp_path):
    p = write(tmp_path, "x = variable(1.5)\ns = stop_gradient(x * x)\nr = round(x)\ny = s + r * x\n"
                        "g = gradients(y, x)\n")
    dot = cli("graph", p).stdout
    cut = [line for line in dot.splitlines() if "✂ stop_gradient" in line]
    none = [line for line in dot.splitlines() if "no gradient: round" in line]
    assert cut and none and "dashed" in cut[0] and "dotted" in none[0] and "dashed" not in none[0]


def test_graph_composite_call_is_one_node(tmp_path):
    # probabilities that are not a softmax: Keras normalises, clips and takes logs, all in one node
    program = tmp_path / "clipped.ag"
    program.write_text("q = variable([[0.2, 0.6, 0.2], [0.0, 3.0, 1.0]])\nt = [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]\n"
                       "loss = categorical_crossentropy(t, q)\nm = reduce_mean(loss)\n")
    text = graph_text(program)
    assert "loss:(2,) = categorical_crossentropy(t, q)" in text
    assert "clip" not in text and "log " not in text and "maximum" not in text


def test_graph_focus_draws_what_a_name_depends_on():
    text = graph_text(SAMPLES / "softmax_classifier.ag", "--focus", "accuracy")
    assert "accuracy" in text and "loss" not in text and "assign_sub" not in text


def test_graph_output_extension_is_checked(tmp_path):
    proc = cli("graph", SAMPLES / "linear_model.ag", "-o", tmp_path / "g.jpg")
    assert proc.returncode == 2 and "unknown extension .jpg" in proc.stderr
    assert not (tmp_path / "g.jpg").exists()
    assert cli("graph", SAMPLES / "linear_model.ag", "-o", tmp_path / "g.txt").returncode == 0
    assert " = " in (tmp_path / "g.txt").read_text()
    proc = cli("graph", SAMPLES / "linear_model.ag", "--format", "txt")
    assert proc.returncode == 2 and "did you mean 'text'" in proc.stderr


@pytest.mark.skipif(__import__("shutil").which("dot") is None, reason="Graphviz not installed")
@pytest.mark.parametrize("sample", ["softmax_classifier.ag", "linear_regression.ag", "second_derivatives.ag"])
def test_graph_pictures_fit_a_screen(tmp_path, sample):
    import struct

    out = tmp_path / "g.png"
    assert cli("graph", SAMPLES / sample, "-o", out).returncode == 0
    width, height = struct.unpack(">II", out.read_bytes()[16:24])
    assert width <= 2000 and height <= 1400, (width, height)


@pytest.mark.parametrize("width", [60, 120])
def test_verify_table_fits_and_never_wraps(width):
    proc = cli_env("verify", SAMPLES / "seed_stop_gradient_w1_none.ag", SAMPLES / "second_derivatives.ag",
                   COLUMNS=str(width))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert all(len(line) <= width for line in lines)
    known = {"x", "AD", "SymPy formula", "SymPy", "finite diff.", "max error", ""}
    headers = [line for line in lines if line.startswith("┃")]
    assert headers and all({c.strip() for c in h.strip("┃").split("┃")} <= known for h in headers)
    for row in (line for line in lines if line.startswith("│")):
        # the x cell: never a wrapped continuation, except under a matrix written a row a line
        assert row.split("│")[1].strip() or row.split("│")[2].strip().startswith("["), row
    if width == 60:
        assert "left out at 60 columns" in proc.stdout


@pytest.mark.parametrize("width", [60, 120])
def test_eval_scalars_stay_whole(width):
    proc = cli_env("eval", SAMPLES / "linear_model.ag", COLUMNS=str(width))
    doc = json.loads(cli("eval", SAMPLES / "linear_model.ag", "--json").stdout)
    header = next(line for line in proc.stdout.splitlines() if line.startswith("┃"))
    assert [c.strip() for c in header.strip("┃").split("┃")] == ["name", "shape", "value"]
    answered = {n for g in doc["gradients"] for n in g["name"].split(", ")}   # in their own tables
    for name, value in doc["values"].items():
        if isinstance(value, float) and name not in answered:
            row = next(line for line in proc.stdout.splitlines() if line.startswith(f"│ {name} "))
            assert float(row.split("│")[3]) == pytest.approx(value, rel=1e-9)


def test_series_levels_follow_the_trend_of_a_noisy_loss():
    from autograd_cli.run.steps import series_levels

    import math
    values = [math.exp(-k / 100) * (1.5 if k % 2 else 0.5) for k in range(1000)]
    levels = series_levels(values, 10, log=True)
    assert levels[0] == 1.0 and levels[-1] == 0.0
    assert all(a >= b for a, b in zip(levels, levels[1:]))
    assert series_levels([1.0, float("nan"), 2.0], 3) == [0.0, None, 1.0]


def test_progress_info_shows_fetched_scalars_within_width():
    import numpy as np
    from autograd_cli.render.runout import progress_info

    row = {"loss": np.float64(0.123456789), "w": np.float64(2.0), "long_name": np.float64(1.0)}
    assert progress_info(row, ["loss", "w", "long_name"], 100) == "loss=0.123457 w=2 long_name=1"
    assert progress_info(row, ["loss", "w", "long_name"], 18) == "loss=0.123457 w=2"


@pytest.mark.skipif(__import__("shutil").which("script") is None, reason="needs script(1) for a terminal")
def test_run_progress_bar_on_a_terminal_shows_rate_and_scalars():
    cmd = (f"{sys.executable} -m autograd_cli run {SGD} --steps 1000 --fetch loss_op,w")
    proc = subprocess.run(["script", "-qc", cmd, "/dev/null"], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "120"})
    screen = proc.stdout.replace("\r", "\n")
    assert re.search(r"[\d,]+ steps/s", screen) and re.search(r"loss_op=[\d.e-]+ w=", screen), screen[-2000:]


def test_verify_reports_each_check_as_it_starts():
    from autograd_cli.analysis.verify import verify

    seen = []
    verify("w = variable(2.0)\nb = variable(1.0)\ng = gradients(w * b, [w, b])\n",
           on_check=lambda done, total, what: seen.append((done, total, what)))
    assert [(d, t) for d, t, _ in seen] == [(0, 2), (1, 2)] and "d(w * b)/dw" in seen[0][2]
