"""Forward evaluation: the reference evaluator and the compiled schedule."""
from autograd_cli.evaluate.reference import ProgramWarning, needed, run_plain
from autograd_cli.evaluate.schedule import NodeValues, Schedule, run, schedule

__all__ = ["ProgramWarning", "needed", "run_plain", "NodeValues", "Schedule", "run", "schedule"]
