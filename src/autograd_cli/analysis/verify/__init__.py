"""`verify`: every gradient checked three independent ways (see checks.py)."""
from autograd_cli.analysis.verify.checks import Check, Report, verify, verify_program

__all__ = ["Check", "Report", "verify", "verify_program"]
