"""The cost of one kernel call from Python, on each call path.

Run from the repository root::

    python bench/call_overhead.py            # 20000 calls per sample, 3 samples
    python bench/call_overhead.py --calls 1000

An 8x8 -> 4x4 ``f32`` window (``x[0::2, 7::-2]``) with ``out=`` a preallocated array,
called through the C extension (``FastCKernel``) and through ctypes (``CKernel``):
the whole call, argument checks included. For scale: the bare ctypes call of the C
function (no checks) and numpy's ``np.copyto(out, x[0::2, 7::-2])``. Each figure is
the best of the samples, in microseconds per call.
"""

from __future__ import annotations

import argparse
import ctypes
import timeit
from collections.abc import Callable

import numpy as np
from run import pipeline_to_c

from slice_dialect.runtime import load_kernel

WINDOW = """
func.func @main(%x: tensor<8x8xf32>) -> tensor<4x4xf32> {
  %r = slice.window %x offsets [0, 7] sizes [4, 4] strides [2, -2]
      : tensor<8x8xf32> -> tensor<4x4xf32>
  func.return %r : tensor<4x4xf32>
}
"""


def per_call(f: Callable[[], object], calls: int, samples: int) -> float:
    """The best of ``samples`` timings of ``calls`` calls, in seconds per call."""
    return min(timeit.repeat(f, number=calls, repeat=samples)) / calls


def measure(calls: int, samples: int = 3) -> dict[str, float]:
    """Seconds per call of each way of calling the window."""
    x = np.random.default_rng(0).standard_normal((8, 8)).astype(np.float32)
    out = np.empty((4, 4), np.float32)
    expected = x[0::2, 7::-2]
    times: dict[str, float] = {}
    source = pipeline_to_c(WINDOW)
    kernel = None
    for fast_call in (True, False):
        kernel = load_kernel(
            source,
            "main",
            [(np.float32, (8, 8))],
            [(np.float32, (4, 4))],
            fast_call=fast_call,
        )
        times[type(kernel).__name__] = per_call(
            lambda k=kernel: k(x, out=out), calls, samples
        )
        if not np.array_equal(out, expected):
            raise SystemExit(f"{type(kernel).__name__}: the result differs from numpy's")
    bare = getattr(kernel, "_function", None)
    if bare is not None:
        pointers = (x.ctypes.data, out.ctypes.data, (ctypes.c_int64 * 4)())
        times["bare ctypes call"] = per_call(lambda: bare(*pointers), calls, samples)
    times["numpy"] = per_call(lambda: np.copyto(out, expected), calls, samples)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20_000)
    parser.add_argument("--samples", type=int, default=3)
    args = parser.parse_args()
    for name, seconds in measure(args.calls, args.samples).items():
        print(f"{name}: {seconds * 1e6:.2f} us per call")


if __name__ == "__main__":
    main()
