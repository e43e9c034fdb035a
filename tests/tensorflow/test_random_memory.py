"""A large seeded draw costs memory in proportion to its result: the Philox blocks are made a
chunk at a time and an int32 uniform draw is reduced in place (the 144M-element
`tf.random.uniform(..., dtype=tf.int32)` of a public tutorial ran out of the 2 GiB default)."""
import tracemalloc

import numpy as np

from autograd_cli.tensorflow import random_kernels as rk


def peak_bytes(fn):
    tracemalloc.start()
    try:
        result = fn()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_int32_uniform_peak_is_near_its_result():
    size = 8_000_000
    values, peak = peak_bytes(lambda: rk.kernel_uniform_int(7, 3 << 64, size, -100, 155, np.int32))
    assert values.dtype == np.int32 and values.size == size
    assert values.min() == -100 and values.max() == 154
    # the result, plus one chunk's temporaries (a few MiB, whatever the size)
    assert peak < values.nbytes + 48 * 2**20, (peak, values.nbytes)


def test_chunked_blocks_are_the_blocks_of_one_call():
    count = rk._CHUNK_BLOCKS + 5          # (a chunk's boundary inside, and a carry into the counter's high word)
    counter = (1 << 64) - 3
    chunked = rk.blocks(11, counter, count)
    whole = rk.philox4x32_10(11, counter, np.arange(count, dtype=np.uint64))
    assert chunked.dtype == np.uint32 and np.array_equal(chunked, whole)
