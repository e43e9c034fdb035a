"""The quick command-line path (cli/dispatch.py) reads typer's own declarations and
leaves everything that is not a plain command line to typer."""
from __future__ import annotations

import pytest

from autograd_cli.cli import dispatch as fastcli
from autograd_cli.cli.app import app



@pytest.mark.parametrize("argv, expected", [
    (["eval", "p.ag"], {"file": ["p.ag"], "set_": None, "grad": None, "wrt": None, "unconnected": "none",
                        "dialect": None, "as_json": False, "prints_only": False, "time_limit": None, "max_memory": None}),
    (["eval", "-", "--json", "--set", "x=-1", "--set=y=[1, 2]", "--grad", "y", "--unconnected", "zero"],
     {"file": ["-"], "set_": ["x=-1", "y=[1, 2]"], "grad": ["y"], "wrt": None, "unconnected": "zero",
      "dialect": None, "as_json": True, "prints_only": False, "time_limit": None, "max_memory": None}),
])
def test_quick_cli_reads_typer_definitions(argv, expected):
    callback, values = fastcli._parse(app, argv)
    assert callback.__name__ == "eval_command"
    assert values == expected


@pytest.mark.parametrize("argv", [
    [], ["--help"], ["-h"], ["--version"], ["eval"], ["eval", "--help"], ["eval", "-h"], ["eval", "p.ag", "--nope"],
    ["run", "p.ag", "q.ag", "--steps", "3"], ["eval", "p.ag", "--unconnected", "zeros"],
    ["eval", "p.ag", "--set"], ["eval", "p.ag", "--json=1"], ["nope", "p.ag"], ["eval", "p.ag", "--", "x"],
])
def test_quick_cli_leaves_everything_else_to_typer(argv):
    with pytest.raises(fastcli._Fallback):
        fastcli._parse(app, argv)


def test_quick_cli_runs_the_command_and_typer_reports_usage_errors(tmp_path):
    from conftest import cli

    program = tmp_path / "p.ag"
    program.write_text("w = variable(2.0)\ny = w * w\ng = gradients(y, w)\n")
    quick = cli("eval", program, "--json", "--set", "w=3")
    slow = cli("eval", program, "--json", "--set", "w=3", "--unconnected", "none", "--wrt", "w", "--grad", "y")
    assert quick.returncode == slow.returncode == 0
    assert '"g": [6.0]' in quick.stdout and '"--grad y"' in slow.stdout
    missing = cli("eval")       # typer's own usage error
    assert missing.returncode == 2 and "Missing argument" in missing.stderr


def test_quick_cli_takes_several_files_and_choices():
    callback, values = fastcli._parse(app, ["verify", "a.ag", "b.ag", "--json"])
    assert callback.__name__ == "verify_command" and values["file"] == ["a.ag", "b.ag"]
    _, values = fastcli._parse(app, ["eval", "a.ag", "--unconnected", "zero"])
    assert values["unconnected"] == "zero"
    _, values = fastcli._parse(app, ["functions"])
    assert values == {"pattern": None, "as_json": False}
    _, values = fastcli._parse(app, ["run", "a.ag", "--steps", "3", "--every", "2"])
    assert values["every"] == 2 and values["plot"] is None
