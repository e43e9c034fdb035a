"""SymPy work in a forked child process, killed when its time runs out."""
from __future__ import annotations

import time

from autograd_cli.analysis.verify.common import SIMPLIFY_SECONDS, Skip


def run_limited(work, timeout: float, option: str = "--timeout"):
    """Run `work` in a forked child; Skip on time-out (the child is killed) or failure.
    `option` names the limit that set `timeout`, for the message."""
    import multiprocessing

    try:
        ctx = multiprocessing.get_context("fork")
    except ValueError:   # no fork here: in process, bounded by the size limits only
        payload = _guarded(work)
        return payload[0] if isinstance(payload, tuple) else payload
    receive, send = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_child, args=(work, send), daemon=True)
    child.start()
    send.close()
    start, status = time.monotonic(), None
    try:
        if not receive.poll(timeout):
            raise Skip(f"ran past its time budget of {timeout:.3g} s ({option})")
        status, payload = receive.recv()
        # then, within what is left of the budget (at most SIMPLIFY_SECONDS), simpler formulas
        more = min(SIMPLIFY_SECONDS, timeout - (time.monotonic() - start))
        if status == "ok" and more > 0 and receive.poll(more):
            kind, better = receive.recv()
            if kind == "refined":
                payload["formulas"].update(better)
    except (EOFError, OSError):
        if status != "ok":
            child.join(1.0)
            raise Skip(f"the SymPy process ended without an answer (exit code {child.exitcode}; "
                       "out of memory or stack?)") from None
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receive.close()
    if status == "skip":
        raise Skip(payload)
    return payload


def _die_with_parent():
    """Linux: the kernel kills this child when the parent dies, however it dies (SIGKILL
    included; SIGTERM and SIGHUP already end the parent through `finally`, which kills it)."""
    import signal

    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError, TypeError):
        pass
    for name in ("SIGTERM", "SIGHUP"):   # the parent's handlers (exit through finally) are not ours
        sig = getattr(signal, name, None)
        if sig is not None:
            signal.signal(sig, signal.SIG_DFL)


def _child(work, send):
    _die_with_parent()
    later = None
    try:
        payload = _guarded(work)
        if isinstance(payload, tuple):
            payload, later = payload
        result = ("ok", payload)
    except Skip as reason:
        result = ("skip", str(reason))
    send.send(result)
    if later is not None:   # optional extra work; the parent stops waiting when it likes
        try:
            send.send(("refined", _guarded(later)))
        except Skip:
            pass
    send.close()


def _guarded(work):
    try:
        return work()
    except Skip:
        raise
    except RecursionError:
        raise Skip("the expression is nested too deeply for SymPy") from None
    except MemoryError:
        raise Skip("out of memory") from None
    except Exception as exc:  # SymPy's own failures end this part of the check, not the run
        raise Skip(f"SymPy failed ({type(exc).__name__}: {str(exc)[:200]})") from None
