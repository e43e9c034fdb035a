"""`run --plot FILE.svg|png|pdf`: the fetched scalars against the step, one panel each.

matplotlib is an OPTIONAL extra (`pip install 'autograd-cli[plot]'`): it is the
well-kept, standard plotting library, writes SVG/PNG/PDF without a display (the Agg
backend), and is imported only here, only when --plot is given, so `eval`'s start-up
and the core install stay small. Nothing here computes: the caller hands in the series."""
from __future__ import annotations

import io

MAX_PANELS = 12


def plot_series(steps: list, series: dict, fmt: str) -> bytes:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    names = list(series)[:MAX_PANELS]
    fig, axes = plt.subplots(len(names), 1, sharex=True, squeeze=False,
                             figsize=(8, min(2.0 * len(names) + 0.8, 24)))
    for ax, name in zip(axes[:, 0], names):
        values = series[name]
        ax.plot(steps, values, linewidth=1.2)
        ax.set_ylabel(name, rotation=0, ha="right", va="center")
        positive = [v for v in values if v == v and v > 0]
        if len(positive) == len(values) and positive and max(positive) / min(positive) > 1e3:
            ax.set_yscale("log")
        ax.grid(True, alpha=0.3)
    axes[-1, 0].set_xlabel("step")
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format=fmt, dpi=100)
    plt.close(fig)
    return buffer.getvalue()
