"""The command line: declarations (app.py), command bodies (commands.py: one API call
each), what each command shows (show.py), the terminal (terminal.py), and a quick start
for plain command lines (dispatch.py)."""
from autograd_cli.cli.app import main

__all__ = ["main"]
