"""The wall-clock limit's message tells a starved snippet from a waiting one."""
from autograd_cli.sandbox.limits import Limits


def test_a_snippet_that_got_half_its_cpu_budget_was_computing_on_a_busy_machine():
    limits = Limits(seconds=0.2, memory=1 << 30, output_bytes=1 << 20)
    assert limits.wall_seconds == 1.5 * 0.2 + 1.5
    assert "the machine is busy" in limits.wall_message(cpu_seconds=0.16)
    assert "used 0.2 s of CPU" in limits.wall_message(cpu_seconds=0.16)


def test_a_snippet_that_used_almost_no_cpu_was_waiting():
    limits = Limits(seconds=5, memory=1 << 30, output_bytes=1 << 20)
    message = limits.wall_message(cpu_seconds=0.01)
    assert "waiting rather than computing" in message and "--time-limit" in message
