"""Device strings as TensorFlow parses, merges and prints them (`/cpu:0` is `/device:CPU:0`).

The only device is the CPU: a graph op placed elsewhere keeps its device string (printed as
TensorFlow prints it) and a session refuses to run its graph, as TensorFlow's placer does
without `allow_soft_placement`; eager code is placed softly, as in TensorFlow 2.
"""
from __future__ import annotations

from autograd_cli.tensorflow.exports import tf_class

DEVICE_TYPES = {"CPU", "GPU", "TPU", "CUSTOM", "EPU"}
EAGER_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"
NOWHERE = (None, None, None, None, None)     # job, replica, task, device type, device index


def parse(spec) -> tuple:
    """`spec`'s (job, replica, task, device type, device index); None where it says nothing."""
    if spec is None:
        return NOWHERE
    if not isinstance(spec, str):
        spec = getattr(spec, "to_string", lambda: str(spec))()
    job = replica = task = kind = index = None
    for part in spec.split("/"):
        fields = part.split(":")
        if fields == [""]:
            continue
        if len(fields) == 2 and fields[0] in ("job", "replica", "task"):
            if fields[0] == "job":
                job = fields[1]
            elif fields[0] == "replica":
                replica = int(fields[1])
            else:
                task = int(fields[1])
        elif len(fields) in (1, 2) and fields[0].upper() in DEVICE_TYPES:
            if kind is not None:
                raise ValueError(f"Cannot specify multiple device types: {spec}")
            kind = fields[0].upper()
            index = int(fields[1]) if len(fields) == 2 and fields[1] != "*" else None
        elif len(fields) == 3 and fields[0] == "device":
            if kind is not None:
                raise ValueError(f"Cannot specify multiple device types: {spec}")
            kind = fields[1].upper() if fields[1] in ("cpu", "gpu") else fields[1]
            if fields[2] != "*":
                if not fields[2].isdigit():
                    raise ValueError(f"invalid literal for int: {spec}")
                index = int(fields[2])
        else:
            raise ValueError(f"Unknown attribute '{fields[0]}' is encountered while parsing the device spec: "
                             f"'{spec}'.")
    return job, replica, task, kind, index


def merged(outer: tuple, inner: tuple) -> tuple:
    """A device scope inside another: the inner one's fields win where it gives them."""
    return tuple(i if i is not None else o for o, i in zip(outer, inner))


def text(parts: tuple) -> str:
    job, replica, task, kind, index = parts
    out = []
    if job is not None:
        out.append(f"/job:{job}")
    if replica is not None:
        out.append(f"/replica:{replica}")
    if task is not None:
        out.append(f"/task:{task}")
    if kind is not None:
        out.append(f"/device:{kind}:{'*' if index is None else index}")
    return "".join(out)


def unavailable(device: str) -> bool:
    """A device this one process has not: another job, replica or task, another device type,
    or a CPU beyond the first."""
    job, replica, task, kind, index = parse(device)
    return job not in (None, "localhost") or replica not in (None, 0) or task not in (None, 0) or \
        kind not in (None, "CPU") or index not in (None, 0)


def placement_error(op_name: str, device: str) -> str:
    gpu = " The requested device appears to be a GPU, but CUDA is not enabled." if parse(device)[3] == "GPU" else ""
    return (f"Cannot assign a device for operation {op_name}: {{{{node {op_name}}}}} was explicitly assigned to "
            f"{device} but available devices are [ {EAGER_DEVICE} ]. Make sure the device specification refers "
            f"to a valid device.{gpu}\n\t [[{op_name}]]")


@tf_class("contextlib._GeneratorContextManager")
class DeviceScope:
    """`with graph.device(...)`: the ops made inside are placed there (a function: on its
    answer for each op)."""

    def __init__(self, graph, spec):
        self.graph = graph
        self.spec = spec

    def __enter__(self):       # (the spec is read here, as TensorFlow's generator reads it)
        parts = None if self.spec is None or callable(self.spec) else parse(self.spec)
        self.saved = (self.graph._device, self.graph._device_function)
        if callable(self.spec):
            self.graph._device_function = self.spec
        elif self.spec is None:
            self.graph._device, self.graph._device_function = NOWHERE, None
        else:
            self.graph._device = merged(self.graph._device, parts)
            self.graph._device_function = None
        return None

    def __exit__(self, *exc):
        self.graph._device, self.graph._device_function = self.saved
        return False
