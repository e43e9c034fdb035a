"""The command line: declarations (app.py), command bodies (commands.py), the
terminal (terminal.py), and a quick start for plain command lines (dispatch.py)."""
from autograd_cli.cli.app import main

__all__ = ["main"]
