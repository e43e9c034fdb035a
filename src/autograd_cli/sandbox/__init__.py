"""The box a snippet runs in: a child process with limits, the kernel's rules and an audit hook.

    from autograd_cli.sandbox import Limits, run_boxed
    result = run_boxed(job="autograd_cli.sandbox.python_job", payload={}, source=text,
                       filename="prog.py", limits=Limits.from_environment(), on_output=print)
    result.data     # what the job returned (JSON)
    result.error    # None, or a LocatedError in prog.py (an exception, a limit, a crash)

Standard library only, so the child starts fast; see parent.py (the parent's side),
child.py (the child's), lockdown.py, kernel.py and audit.py (the layers).
"""
__all__ = ["Limits", "run_boxed", "BoxResult", "BoxError", "LocatedError"]
_HOMES = {"Limits": "limits", "BoxError": "limits", "run_boxed": "parent", "BoxResult": "results",
          "LocatedError": "results"}


def __getattr__(name):
    # Loaded on first use: the child imports this package too, and must not pay for the
    # parent's modules (subprocess, selectors) at its start.
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
