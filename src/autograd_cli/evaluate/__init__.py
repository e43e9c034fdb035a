"""Forward evaluation: the reference evaluator and the compiled schedule."""
from .reference import ProgramWarning, needed, run_plain
from .schedule import NodeValues, Schedule, run, schedule

__all__ = ["ProgramWarning", "needed", "run_plain", "NodeValues", "Schedule", "run", "schedule"]
