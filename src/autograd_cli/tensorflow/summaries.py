"""tf.summary as a sink: nothing is written (a snippet has no files), everything else is TensorFlow's.

TF1 (graph code): tf.summary.scalar / histogram / text / image make ops whose value at a
sess.run is the serialized `Summary` protocol buffer, as bytes, byte for byte TensorFlow's for
scalars, histograms (TensorFlow's exponential buckets, empty runs collapsed), texts and images
(the PNG as libpng writes it); merge / merge_all concatenate them; tf.summary.FileWriter takes
what it is given and keeps nothing. TF2: create_file_writer's writer, `as_default`, and
tf.summary.scalar & co. answer as TensorFlow 2.21 with TensorBoard installed (True while a writer
is the default, False otherwise, TensorFlow's ValueError without a step); trace_on / trace_export
as TensorFlow's, without its profiler (whose export is TensorFlow's UnavailableError)."""
from __future__ import annotations

import struct
import sys
import zlib

import numpy as np

from autograd_cli.tensorflow import dtype as dtypes
from autograd_cli.tensorflow.core import ctx
from autograd_cli.tensorflow.exports import tf_class, tf_export
from autograd_cli.tensorflow.failures import UnavailableError

SUMMARIES = "summaries"      # GraphKeys.SUMMARIES


# -- the Summary protocol buffer, encoded by hand (proto3: zero scalars are left out)


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _field(number: int, payload: bytes) -> bytes:
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _double(number: int, value: float) -> bytes:
    packed = struct.pack("<d", value)
    return b"" if packed == bytes(8) else _varint(number << 3 | 1) + packed


def _value(tag: str, body: bytes) -> bytes:
    return _field(1, _field(1, tag.encode()) + body)


def _scalar_value(tag, value) -> bytes:
    return _value(tag, _varint(2 << 3 | 5) + struct.pack("<f", float(value)))


def _bucket_limits():
    positive, v = [], 1.0e-12
    while v < 1.0e20:
        positive.append(v)
        v *= 1.1
    positive.append(sys.float_info.max)
    return [-x for x in reversed(positive)] + [0.0] + positive


_LIMITS = _bucket_limits()


def _histogram(values) -> bytes:
    """TensorFlow's HistogramProto of the values: each counted in the first bucket whose limit
    exceeds it; a run of empty buckets written as one, ending at the run's last limit."""
    flat = np.asarray(values, dtype=np.float64).ravel()
    counts = np.zeros(len(_LIMITS))
    np.add.at(counts, np.searchsorted(_LIMITS, flat, side="right"), 1.0)
    limits, buckets, i = [], [], 0
    while i < len(counts):
        end, count, j = _LIMITS[i], counts[i], i + 1
        if count <= 0:
            while j < len(counts) and counts[j] <= 0:
                end, count, j = _LIMITS[j], counts[j], j + 1
        limits.append(end)
        buckets.append(count)
        i = j
    low = float(flat.min()) if flat.size else sys.float_info.max
    high = float(flat.max()) if flat.size else -sys.float_info.max
    body = (_double(1, low) + _double(2, high) + _double(3, float(flat.size)) + _double(4, float(flat.sum()))
            + _double(5, float((flat * flat).sum())))
    body += _field(6, struct.pack(f"<{len(limits)}d", *limits)) + _field(7, struct.pack(f"<{len(buckets)}d", *buckets))
    return body


def _text_value(tag, array) -> bytes:
    array = np.asarray(array, dtype=object)
    shape = b"".join(_field(2, _varint(1 << 3) + _varint(d) if d else b"") for d in array.shape)
    tensor = _varint(1 << 3) + _varint(7) + _field(2, shape)
    tensor += b"".join(_field(8, s if isinstance(s, bytes) else str(s).encode()) for s in array.ravel())
    metadata = _field(1, _field(1, b"text"))
    return _value(tag, _field(8, tensor) + _field(9, metadata))


def _png(image) -> bytes:
    """The PNG TensorFlow's encoder (libpng) writes: each row filtered as libpng's adaptive choice
    picks (the filter with the least sum of absolute byte values, the first on ties), deflated as
    libpng deflates."""
    height, width, channels = image.shape
    rows = image.astype(np.uint8).reshape(height, width * channels)
    filters = [0, 1, 2, 3, 4]
    if height == 1:
        filters = [0, 1]
    if width == 1:
        filters = [f for f in filters if f in (0, 2)]
    if filters == [0]:
        filtered = b"".join(b"\x00" + row.tobytes() for row in rows)
    else:
        previous = np.zeros(width * channels, dtype=np.int64)
        out = []
        for row in rows.astype(np.int64):
            best = None
            for kind in filters:
                line = _filtered(kind, row, previous, channels)
                cost = int(np.where(line < 128, line, 256 - line).sum())
                if best is None or cost < best[0]:
                    best = (cost, kind, line)
            out.append(bytes([best[1]]) + best[2].astype(np.uint8).tobytes())
            previous = row
        filtered = b"".join(out)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    colour = {1: 0, 2: 4, 3: 2, 4: 6}[channels]
    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", _deflate(filtered, filters != [0])) \
        + chunk(b"IEND", b"")


def _filtered(kind, row, previous, bpp):
    """PNG's row filters (None, Sub, Up, Average, Paeth) of one row of bytes, modulo 256."""
    left = np.concatenate([np.zeros(bpp, dtype=np.int64), row[:-bpp]])
    if kind == 0:
        return row % 256
    if kind == 1:
        return (row - left) % 256
    if kind == 2:
        return (row - previous) % 256
    if kind == 3:
        return (row - (left + previous) // 2) % 256
    upper_left = np.concatenate([np.zeros(bpp, dtype=np.int64), previous[:-bpp]])
    p = left + previous - upper_left
    pa, pb, pc = np.abs(p - left), np.abs(p - previous), np.abs(p - upper_left)
    predictor = np.where((pa <= pb) & (pa <= pc), left, np.where(pb <= pc, previous, upper_left))
    return (row - predictor) % 256


def _deflate(data: bytes, filtered: bool = True) -> bytes:
    """zlib as libpng writes it: the filtered-data strategy for filtered rows, memory level 9 (as
    TensorFlow asks), a window no larger than the image needs, and the header claiming the
    smallest window that holds the data."""
    bits, half = 15, 1 << 14
    if len(data) <= 16384:
        while len(data) + 262 <= half and bits > 9:
            half >>= 1
            bits -= 1
    compressor = zlib.compressobj(6, zlib.DEFLATED, bits, 9, zlib.Z_FILTERED if filtered else zlib.Z_DEFAULT_STRATEGY)
    out = bytearray(compressor.compress(data) + compressor.flush())
    if len(data) <= 16384:
        info, half = out[0] >> 4, 1 << ((out[0] >> 4) + 7)
        if len(data) <= half:
            while info > 0 and len(data) <= half:
                half >>= 1
                info -= 1
            out[0] = (out[0] & 0x0F) | (info << 4)
            flags = out[1] & 0xE0
            out[1] = flags + 0x1F - ((out[0] << 8) + flags) % 0x1F
    return bytes(out)


def _as_uint8(image):
    """TensorFlow's float image to bytes: the largest value to 255, or (with negative values)
    zero to 128 and the largest magnitude to 127, computed in float32 and truncated."""
    image = np.asarray(image)
    if image.dtype.kind != "f":
        return image.astype(np.uint8)
    values = image.astype(np.float32)
    finite = values[np.all(np.isfinite(values), axis=-1)]
    low = float(finite.min()) if finite.size else np.inf
    high = float(finite.max()) if finite.size else -np.inf
    if low < 0:
        top = max(abs(low), abs(high))
        scale, offset = np.float32(0.0 if top < 1e-6 else 127.0 / np.float32(top)), np.float32(128.0)
    else:
        scale, offset = np.float32(0.0 if high < 1e-6 else 255.0 / np.float32(high)), np.float32(0.0)
    with np.errstate(invalid="ignore"):
        return (values * scale + offset).astype(np.uint8)


def _image_values(tag, images, max_outputs) -> bytes:
    images = np.asarray(images)
    out = b""
    for index in range(min(max_outputs, images.shape[0])):
        name = f"{tag}/image" if max_outputs == 1 else f"{tag}/image/{index}"
        pixels = _as_uint8(images[index])
        height, width, channels = pixels.shape
        image = _varint(1 << 3) + _varint(height) + _varint(2 << 3) + _varint(width) + _varint(3 << 3) \
            + _varint(channels) + _field(4, _png(pixels))
        out += _value(name, _field(4, image))
    return out


# -- TF1: summary ops in the graph


def _summary_op(op_type, name, inputs, encode, collections):
    from autograd_cli.tensorflow.core import convert_to_tensor
    from autograd_cli.tensorflow.string_kernels import KernelFailure, string_op
    from autograd_cli.tensorflow.failures import InvalidArgumentError

    graph = ctx.graph
    scoped = graph.unique_name(name)
    tensors = [convert_to_tensor(x) for x in inputs]

    def kernel(*arrays):
        try:
            return np.array(encode(scoped, *arrays), dtype=object)
        except ValueError as failure:
            raise KernelFailure(InvalidArgumentError, str(failure)) from None
    out = string_op(op_type, kernel, tensors, dtypes.string, lambda *shapes: (), name=scoped + "/")
    for key in [SUMMARIES] if collections is None else collections:
        graph.add_to_collection(key, out)
    return out


def _histogram_value(tag, values):
    if not np.all(np.isfinite(np.asarray(values, dtype=np.float64))):
        raise ValueError(f"Nan in summary histogram for: {tag}")
    return _value(tag, _field(5, _histogram(values)))


@tf_export("compat.v1.summary.scalar")
def scalar_v1(name, tensor, collections=None, family=None):
    if ctx.eager:
        return None
    return _summary_op("ScalarSummary", name, [tensor], lambda tag, a: _scalar_value(tag, a.reshape(())),
                       collections)


@tf_export("compat.v1.summary.histogram")
def histogram_v1(name, values, collections=None, family=None):
    if ctx.eager:
        return None
    return _summary_op("HistogramSummary", name, [values], _histogram_value, collections)


@tf_export("compat.v1.summary.text")
def text_v1(name, tensor, collections=None):
    if ctx.eager:
        return None
    return _summary_op("TensorSummaryV2", name, [tensor], _text_value, collections)


@tf_export("compat.v1.summary.image")
def image_v1(name, tensor, max_outputs=3, collections=None, family=None):
    if ctx.eager:
        return None
    return _summary_op("ImageSummary", name, [tensor], lambda tag, a: _image_values(tag, a, max_outputs),
                       collections)


@tf_export("compat.v1.summary.audio")
def audio_v1(name, tensor, sample_rate, max_outputs=3, collections=None, family=None):
    raise NotImplementedError("tf.summary.audio (a WAV encoding of the samples) is not supported by autograd-cli's "
                              "TensorFlow; the other summaries are")


@tf_export("summary.merge", "compat.v1.summary.merge")
def merge(inputs, collections=None, name=None):
    """One Summary of all the inputs' values (their serialized forms, concatenated, are one)."""
    from autograd_cli.tensorflow.core import convert_to_tensor
    from autograd_cli.tensorflow.string_kernels import string_op

    if ctx.eager:
        raise RuntimeError("Merging tf.summary.* ops is not compatible with eager execution. Use tf.contrib.summary "
                           "instead.")
    graph = ctx.graph
    scope = graph.unique_name(name or "Merge")
    tensors = [convert_to_tensor(x) for x in inputs]
    out = string_op("MergeSummary", lambda *arrays: np.array(b"".join(a[()] for a in arrays), dtype=object),
                    tensors, dtypes.string, lambda *shapes: (), name=f"{scope}/MergeSummary/")
    for key in collections or ():
        graph.add_to_collection(key, out)
    return out


@tf_export("summary.merge_all", "compat.v1.summary.merge_all")
def merge_all(key=SUMMARIES, scope=None, name=None):
    import re

    if ctx.eager:
        raise RuntimeError("Merging tf.summary.* ops is not compatible with eager execution. Use tf.contrib.summary "
                           "instead.")
    found = [s for s in ctx.graph.get_collection(key)
             if scope is None or re.match(scope, getattr(s, "name", "") or "")]
    return merge(found, name=name) if found else None


@tf_class("tensorflow.python.summary.writer.writer.FileWriter")
@tf_export("summary.FileWriter", "compat.v1.summary.FileWriter")
class FileWriter:
    """Takes summaries and graphs and keeps nothing (a snippet has no files)."""

    def __init__(self, logdir, graph=None, max_queue=10, flush_secs=120, graph_def=None, filename_suffix=None,
                 session=None):
        if ctx.eager:
            raise RuntimeError("tf.summary.FileWriter is not compatible with eager execution. Use "
                               "`tf.summary.create_file_writer`,or a `with v1.Graph().as_default():` context")
        self._logdir = logdir
        self._closed = False

    def get_logdir(self):
        return self._logdir

    def add_summary(self, summary, global_step=None):
        pass

    def add_graph(self, graph, global_step=None, graph_def=None):
        pass

    def add_session_log(self, session_log, global_step=None):
        pass

    def add_run_metadata(self, run_metadata, tag, global_step=None):
        pass

    def add_event(self, event):
        pass

    def flush(self):
        pass

    def close(self):
        self._closed = True

    def reopen(self):
        self._closed = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# -- TF2: writers and the summary functions


_STATE = {"writer": None, "step": None, "trace": None}


def reset() -> None:
    """A new run starts with no default writer, step or trace."""
    _STATE.update(writer=None, step=None, trace=None)


@tf_class("tensorflow.python.ops.summary_ops_v2._ResourceSummaryWriter")
class _ResourceSummaryWriter:
    def __init__(self, logdir):
        self._logdir = logdir
        self._closed = False

    def as_default(self, step=None):
        if self._closed:
            raise RuntimeError(f"SummaryWriter {self!r} is already closed")
        return _AsDefault(self, step)

    def set_as_default(self, step=None):
        if self._closed:
            raise RuntimeError(f"SummaryWriter {self!r} is already closed")
        _STATE["writer"] = self
        if step is not None:
            _STATE["step"] = step

    def init(self):
        return None

    def flush(self):
        return None

    def close(self):
        self._closed = True
        if _STATE["writer"] is self:
            _STATE["writer"] = None


@tf_class("tensorflow.python.ops.summary_ops_v2._NoopSummaryWriter")
class _NoopSummaryWriter(_ResourceSummaryWriter):
    def __init__(self):
        super().__init__(None)


class _AsDefault:
    def __init__(self, writer, step):
        self.writer, self.step = writer, step

    def __enter__(self):
        self.saved = (_STATE["writer"], _STATE["step"])
        _STATE["writer"] = self.writer
        if self.step is not None:
            _STATE["step"] = self.step
        return self.writer

    def __exit__(self, *exc):
        _STATE["writer"], _STATE["step"] = self.saved
        return False


@tf_export("summary.create_file_writer")
def create_file_writer(logdir, max_queue=None, flush_millis=None, filename_suffix=None, name=None,
                       experimental_trackable=False, experimental_mesh=None):
    return _ResourceSummaryWriter(logdir)


@tf_export("summary.create_noop_writer")
def create_noop_writer():
    return _NoopSummaryWriter()


@tf_export("summary.flush")
def flush(writer=None, name=None):
    return None


@tf_export("summary.experimental.set_step")
def set_step(step):
    _STATE["step"] = step


@tf_export("summary.experimental.get_step")
def get_step():
    return _STATE["step"]


def _written(step):
    """TensorFlow's answer to a write: True (a bool tensor) under a default writer, else False."""
    from autograd_cli.tensorflow.array_ops import constant

    writer = _STATE["writer"]
    if writer is None or isinstance(writer, _NoopSummaryWriter):
        return constant(False)
    if step is None and _STATE["step"] is None:
        raise ValueError("No step set. Please specify one either through the `step` argument or through "
                         "tf.summary.experimental.set_step()")
    return constant(True)


def _v2(kind, v1):
    def summary(name, data, step=None, *args, **kwargs):
        if ctx.v1 and not ctx.eager:        # TF1 code's tf.summary is tf.compat.v1.summary
            return v1(name, data, *args, **kwargs)
        return _written(step)
    summary.__name__ = summary.__qualname__ = kind
    tf_export(f"summary.{kind}")(summary)
    return summary


scalar = _v2("scalar", scalar_v1)
histogram = _v2("histogram", histogram_v1)
text = _v2("text", text_v1)
image = _v2("image", image_v1)
audio = _v2("audio", audio_v1)


@tf_export("summary.write")
def write(tag, tensor, step=None, metadata=None, name=None):
    return _written(step)


@tf_export("summary.trace_on")
def trace_on(graph=True, profiler=False, profiler_outdir=None):
    from autograd_cli.tensorflow.tf1_boilerplate import _LOGGING

    if _STATE["trace"] is not None:
        _LOGGING.warn("Trace already enabled")
        return
    if profiler and profiler_outdir is None:
        _LOGGING.warn("No `profiler_outdir` passed to trace_on(). Profiler won't be enabled.")
    _STATE["trace"] = (graph, profiler, profiler_outdir is not None)


@tf_export("summary.trace_export")
def trace_export(name, step=None, profiler_outdir=None):
    trace = _STATE["trace"]
    if trace is None:
        raise ValueError("Must enable trace before export through tf.summary.trace_on.")
    if trace[1] and not trace[2]:     # (TensorFlow stops a profiler it never started)
        raise UnavailableError(None, None, "Cannot export profiling results. No profiler is running.")
    _STATE["trace"] = None


@tf_export("summary.trace_off")
def trace_off():
    from autograd_cli.tensorflow.tf1_boilerplate import _LOGGING

    trace, _STATE["trace"] = _STATE["trace"], None
    if trace is not None and trace[1] and not trace[2]:
        _LOGGING.warn("Error while stopping profiler: Cannot export profiling results. No profiler is running.")


@tf_export("summary.record_if")
def record_if(condition):
    import contextlib

    return contextlib.nullcontext()


