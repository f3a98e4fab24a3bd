"""Sweep: seeded random windows, each kernel checked against numpy and timed against it.

Run from the repository root::

    python bench/sweep.py                         # 100 cases, inputs up to 128 MiB
    python bench/sweep.py --cases 20 --max-bytes 16M --seed 3
    python bench/sweep.py --case 17               # only case 17 of the same sweep
    python bench/sweep.py --json results.json     # every case's figures, for analysis
    python bench/sweep.py --recheck 0             # no second timing of cases above 1.0x
    python bench/sweep.py --same-page             # inputs where numpy would put them

Each case is a random window (``Case``) over a C-contiguous input: rank 1 to 6, an
element width of 1, 2, 4, 8 or 16 bytes (``i8``, ``i16``/``f16``, ``f32``/``i32``,
``f64``/``i64``/``complex<f32>``, ``complex<f64>``), per dimension the whole extent, a
crop or a strided range with a positive or negative step; innermost rows whose length
is or is not a multiple of 64 bytes and that do or do not start on a 64-byte line;
small dimensions next to big ones; an input base address offset by a multiple of the
element width (from a line of a pool of random bytes, or with ``--same-page`` from the
output's offset in its page, as two big numpy arrays lie); input sizes from 4 KiB to ``--max-bytes``. Case ``i`` of seed ``s``
depends only on ``s``, ``i`` and ``--max-bytes``: its input size is drawn log-uniformly
from the ``i mod 5``-th fifth of the log range (the last fifth from a quarter of
``--max-bytes`` up), so every sweep of 5 or more cases covers all sizes.

Even cases are written as ``slice.window``, odd ones as ``slice.onnx`` (opset 13)
with constant starts, ends, axes and steps; each is compiled through
``slice_dialect.compile`` (backend ``c``), its result checked bit for bit against
``np.copyto(ref, x[index])``, and then three functions are timed in interleaved
rounds (``run.median_times``; the median of each, or with ``--estimator min`` the
minimum, which a loaded machine disturbs less), each into a preallocated output:

- ``kernel``: ``kernel(x, out=out)``, the whole call from Python;
- ``numpy``: ``np.copyto(out, x[index])``;
- ``memcpy``: ``np.copyto`` of ``ref`` (numpy's result, computed once) into ``out``,
  two contiguous arrays of the output's size, the floor for writing that many bytes.

All three write the same output array ``out``: where an array's pages lie decides how
fast a copy through it runs (``run.run_workload``), and the order of the rounds
(``run.sample_times``) makes each function follow each other one equally often, which
evens out the cache state (lines dirty in the cache, or streamed out of it) that one
leaves to the next. An output that fits the L3 stays there between rounds: cached
stores then write no memory at all, streamed ones always do (see ``STREAM_STORE_BYTES``
in ``passes/copy_plan.py``).

That evening-out is not a removal. A kernel that streams its output leaves none of it
in the cache, so the function after it (and for a few calls more) reads every line of
the output from memory before its cached stores: interleaved, numpy and memcpy run
slower in a round with a streamed kernel than in one without, which lowers
kernel/numpy and kernel/memcpy without the kernel being faster (W4 and W6 in
``run.sample_times``). So every timed sample follows ``--warm N`` untimed calls of its
own function (5 unless told), and each function is timed as it runs repeated alone, in
the same rounds: with 5, numpy's and memcpy's figures were the same whether the kernel
streamed or not (`notes/s28/ab16w5.txt`). It takes N + 1 times as long; ``--warm 0``
interleaves single calls, as sessions 14-27 measured.

It prints one line per case as it goes, then the worst cases by kernel/numpy (shape,
element type, numpy index, the copy the C target printed), the distribution of
kernel/numpy and kernel/memcpy (minimum, quartiles, median, maximum), how many cases are
above 1.0x numpy, and the same figures by kind of innermost run. Then each case above
1.0x numpy (``--recheck-above``) is timed again on its own in ``--recheck`` rounds (15;
0 skips it), and a table shows both figures: on a shared machine a case that moves as
many bytes as numpy does (one ``memcpy`` each side) reads 1.00-1.12x in one sweep and
0.97 timed again, so a ratio above 1.0 that the recheck does not confirm is noise, and
one it confirms is a case to look at. The sweep's own figures stay as measured: the
distribution and the worst cases are the first pass. At most the input
pool (``--max-bytes`` plus 64 bytes) and two outputs are alive at once (at most
about 3 x ``--max-bytes``; 384 MiB with the default 128 MiB, usually far less).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import re
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
from xdsl.ir import Operation

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from run import ESTIMATORS, add_warm_argument, sample_times
from workloads import INT64_MIN, _function, _tensor, onnx

import slice_dialect
from slice_dialect import runtime
from slice_dialect.dialect import DynamicCopyRunOp
from slice_dialect.runtime import calibrate

KIB = 1024
MIB = 1024 * KIB

PAGE_BYTES = 4 * KIB
"""A page, for ``--same-page``: two big numpy arrays (glibc's ``mmap`` chunks) lie at
the same offset in theirs, where a copy's loads can match the low 12 bits of its
stores a moment before (4K aliasing; ``slice_stream_long`` in the C target)."""
MIN_BYTES = 4 * KIB
"""The smallest input a case draws."""

ELEMENTS: dict[int, tuple[tuple[str, str], ...]] = {
    1: (("i8", "int8"),),
    2: (("i16", "int16"), ("f16", "float16")),
    4: (("f32", "float32"), ("i32", "int32")),
    8: (("f64", "float64"), ("i64", "int64"), ("complex<f32>", "complex64")),
    16: (("complex<f64>", "complex128"),),
}
"""The element types of each width: (IR element type, numpy dtype name)."""

SIZE_BANDS = 5


@dataclass(frozen=True)
class Case:
    """One random window: ``result[c] = x[offsets + strides * c]`` per dimension."""

    index: int
    element: str
    dtype_name: str
    shape: tuple[int, ...]
    offsets: tuple[int, ...]
    sizes: tuple[int, ...]
    strides: tuple[int, ...]
    base_offset: int
    """Bytes between the pool's start (64-byte aligned) and the input's first element."""
    form: str
    """``window`` (written as ``slice.window``) or ``onnx`` (``slice.onnx``)."""

    @property
    def dtype(self) -> np.dtype:
        return np.dtype(self.dtype_name)

    @property
    def input_bytes(self) -> int:
        return math.prod(self.shape) * self.dtype.itemsize

    @property
    def output_bytes(self) -> int:
        return math.prod(self.sizes) * self.dtype.itemsize

    def ends(self) -> list[int | None]:
        """numpy's stop of each dimension (``None``: through index 0 downwards)."""
        ends: list[int | None] = []
        for o, n, s in zip(self.offsets, self.sizes, self.strides):
            end = o + s * n
            ends.append(end if end >= 0 else None)
        return ends

    def numpy_index(self) -> tuple[slice, ...]:
        return tuple(
            slice(o, e, s) for o, e, s in zip(self.offsets, self.ends(), self.strides)
        )

    def index_text(self) -> str:
        """The numpy index as written in Python (``:`` for a whole dimension)."""
        parts: list[str] = []
        for d, (o, e, s) in enumerate(zip(self.offsets, self.ends(), self.strides)):
            if s == 1 and o == 0 and self.sizes[d] == self.shape[d]:
                parts.append(":")
                continue
            text = f"{o}:{'' if e is None else e}"
            if s != 1:
                text += f":{s}"
            parts.append(text)
        return "[" + ", ".join(parts) + "]"

    def parameters(self) -> tuple[list[int], list[int], list[int], list[int]]:
        """``slice.onnx``'s starts, ends (``INT64_MIN`` through index 0 downwards),
        axes and steps of the case."""
        ends = [INT64_MIN if e is None else e for e in self.ends()]
        axes = list(range(len(self.shape)))
        return list(self.offsets), ends, axes, list(self.strides)

    def ir(self, runtime: bool = False) -> str:
        """The case as a function ``@main`` of IR text; ``runtime``: as ``slice.onnx``
        whose starts, ends, axes and steps are arguments after the data (SPEC section
        7, every result dim ``?``)."""
        if self.form == "onnx" or runtime:
            return onnx(
                self.shape, self.sizes, self.element, *self.parameters(), runtime=runtime
            )

        def values(v: Sequence[int]) -> str:
            return "[" + ", ".join(str(x) for x in v) + "]"

        body = [
            f"%r = slice.window %x offsets {values(self.offsets)} "
            f"sizes {values(self.sizes)} strides {values(self.strides)} "
            f": {_tensor(self.shape, self.element)} "
            f"-> {_tensor(self.sizes, self.element)}"
        ]
        return _function(self.shape, self.sizes, self.element, body)


def _dims(rng: np.random.Generator, elements: int, rank: int) -> list[int]:
    """A shape of ``rank`` dims with about ``elements`` elements; some dims small."""
    small = [bool(rng.random() < 0.3) for _ in range(rank)]
    if rank > 1 and all(small):
        small[int(rng.integers(rank))] = False
    if rank == 1:
        small = [False]
    dims = [int(rng.integers(1, 6)) if s else 0 for s in small]
    rest = elements / math.prod(d for d in dims if d)
    big = [d for d, s in enumerate(small) if not s]
    weights = rng.dirichlet([1.0] * len(big))
    for d, w in zip(big, weights):
        dims[d] = max(2, round(rest ** float(w)))
    return dims


def _range(rng: np.random.Generator, dim: int, kind: str) -> tuple[int, int, int]:
    """(offset, count, stride) of one dimension of extent ``dim``: ``kind`` is
    ``whole``, ``crop`` (at least a third of the extent) or ``strided`` (a step of
    magnitude 1-8, positive or negative, over at least half of what fits)."""
    if kind == "whole" or dim == 1:
        return 0, dim, 1
    if kind == "crop":
        count = int(rng.integers(max(1, dim // 3), dim + 1))
        offset = int(rng.integers(0, dim - count + 1))
        return offset, count, 1
    magnitude = int(rng.choice([1, 2, 2, 3, 4, 5, 8]))
    stride = magnitude if rng.random() < 0.55 else -magnitude
    if stride > 0:
        offset = int(rng.integers(0, min(dim, 1 + dim // 4)))
        most = (dim - 1 - offset) // stride + 1
    else:
        offset = int(rng.integers(max(0, dim - 1 - dim // 4), dim))
        most = offset // magnitude + 1
    count = int(rng.integers(max(1, most // 2), most + 1))
    return offset, count, stride if count > 1 else 1


def _last_crop(
    rng: np.random.Generator, dim: int, size: int
) -> tuple[int, int, int] | None:
    """A crop of the innermost dim whose row is a multiple of 64 bytes, or ``None``."""
    line = 64 // math.gcd(64, size)  # elements per 64 bytes, if a whole number
    if size > 64 or dim < 2 * line:
        return None
    count = line * int(rng.integers(1, dim // line + 1))
    if count == dim:
        count -= line
    if count <= 0:
        return None
    aligned = rng.random() < 0.5
    starts = range(0, dim - count + 1, line) if aligned else range(dim - count + 1)
    return int(rng.choice(starts)), count, 1


def make_case(seed: int, index: int, max_bytes: int) -> Case:
    """Case ``index`` of the sweep with ``seed``, inputs at most ``max_bytes``."""
    rng = np.random.default_rng([seed, index])
    size = int(rng.choice([1, 2, 4, 8, 16]))
    choices = ELEMENTS[size]
    element, dtype_name = choices[int(rng.integers(len(choices)))]
    low, high = math.log(MIN_BYTES), math.log(max(max_bytes, 2 * MIN_BYTES))
    band = index % SIZE_BANDS
    if band == SIZE_BANDS - 1:
        lo, hi = max(low, high - math.log(4)), high
    else:
        lo = low + (high - low) * band / SIZE_BANDS
        hi = low + (high - low) * (band + 1) / SIZE_BANDS
    target = math.exp(float(rng.uniform(lo, hi)))
    rank = int(rng.integers(1, 7))
    shape = _dims(rng, max(1, int(target // size)), rank)
    while math.prod(shape) * size > max_bytes:  # rounding up may overshoot
        d = int(np.argmax(shape))
        shape[d] = max(1, shape[d] * 7 // 8)
    windows: list[tuple[int, int, int]] = []
    for d, dim in enumerate(shape):
        last = d == rank - 1
        weights = [0.25, 0.45, 0.3] if last else [0.35, 0.35, 0.3]
        kind = str(rng.choice(["whole", "crop", "strided"], p=weights))
        chosen = None
        if last and kind == "crop" and rng.random() < 0.5:
            chosen = _last_crop(rng, dim, size)
        windows.append(chosen or _range(rng, dim, kind))
    offsets, sizes, strides = (tuple(w[k] for w in windows) for k in range(3))
    base_offset = size * int(rng.integers(0, max(1, 64 // size)))
    return Case(
        index,
        element,
        dtype_name,
        tuple(shape),
        offsets,
        sizes,
        strides,
        base_offset,
        "window" if index % 2 == 0 else "onnx",
    )


@dataclass(frozen=True)
class Result:
    """The timed samples of one case (seconds per call, one list per function) and the
    copy the C target printed; figures are the ``estimator`` of each list."""

    case: Case
    copy: str
    samples: tuple[list[float], list[float], list[float]]
    """kernel, numpy, memcpy"""
    estimator: str = "median"

    def figure(self, i: int, estimator: str | None = None) -> float:
        values = self.samples[i]
        if not values:
            return math.nan
        return ESTIMATORS[estimator or self.estimator](values)

    @property
    def kernel(self) -> float:
        return self.figure(0)

    @property
    def numpy(self) -> float:
        return self.figure(1)

    @property
    def memcpy(self) -> float:
        return self.figure(2)

    def ratio_by(self, estimator: str) -> float:
        return self.figure(0, estimator) / self.figure(1, estimator)

    @property
    def ratio(self) -> float:
        return self.kernel / self.numpy

    @property
    def floor_ratio(self) -> float:
        return self.kernel / self.memcpy


_COPY_COMMENT = re.compile(r"/\* copy (.*) \*/")


def copy_description(ir: str, cache_dir: Path | None = None) -> str:
    """How the compiled window copies: the ``slice.copy_run`` ops of the lowered IR
    (lowered as ``compile`` with ``cache_dir`` lowers it: with the host's streaming
    bound, line order and string-move bound) with their code-generation properties where the lowering
    makes them, else the copy comment the C target prints (or its one whole-buffer
    call)."""
    from slice_dialect.compiler import lowered

    stream = calibrate.host_stream_target(cache_dir)
    module = lowered(ir, "main", "<sweep>", stream).module
    runs: list[str] = []
    for op in module.walk():
        if op.name not in ("slice.copy_run", "slice.dynamic_copy_run"):
            continue
        loops: list[Operation] = []
        parent = op.parent_op()
        while parent is not None and parent.name in ("scf.for", "scf.if"):
            if parent.name == "scf.for":
                loops.append(parent)
            parent = parent.parent_op()
        if op.name == "slice.dynamic_copy_run":
            # a nest: its loops are operands (its versions, stride 1 or not, one run)
            assert isinstance(op, DynamicCopyRunOp)
            count = len(loops) + len(op.bounds)
            runs.append(f"{count} loop{'' if count == 1 else 's'} around a run-time run")
            break
        properties = op.properties
        text = (
            f"{len(loops)} loop{'' if len(loops) == 1 else 's'} around runs of "
            f"{properties['count'].value.data}, "
            f"source step {properties['source_stride'].value.data}"
        )
        for flag in ("nontemporal", "in_order", "string_move", "reorder", "scalar"):
            if flag in properties:
                text += f", {flag}"
        for hint in ("lookahead", "prefetch"):
            if hint in properties:
                text += f", {hint} {properties[hint].value.data}"
        runs.append(text)
    if runs:
        return "; ".join(runs)
    from slice_dialect.backend.c import emit_c

    c_source = emit_c(module)
    found = _COPY_COMMENT.findall(c_source)
    if found:
        return "; ".join(found)
    if "slice_stream_in_order(" in c_source:
        return "whole buffer, streamed in order"
    if "slice_stream(" in c_source:
        return "whole buffer, streamed"
    if "memcpy(" in c_source:
        return "whole buffer, memcpy"
    return "element by element"


def run_kind(result: Result) -> str:
    """The innermost run of a case's copy, as a class for the summary (a run with
    run-time parameters picks its copy when called: one class)."""
    copy = result.copy
    if "run-time run" in copy:
        return "run-time runs, copy chosen per call"
    streamed = "streamed" in copy or "nontemporal" in copy
    step = re.search(r"source step (-?\d+)", copy)
    if "memcpy" in copy or (step is not None and step.group(1) == "1"):
        kind = "contiguous runs"
    elif step is not None:
        kind = {
            "-1": "reversed runs",
            "2": "every-other runs",
            "-2": "every-other reversed runs",
        }.get(step.group(1), "other strided runs")
    else:
        kind = "single element"
    if "string_move" in copy:
        return f"{kind}, cached, string move"
    return f"{kind}, {'streamed' if streamed else 'cached'}"


def time_case(
    case: Case,
    pool: np.ndarray,
    rounds: int,
    cache_dir: Path | None,
    estimator: str = "median",
    runtime: bool = False,
    warm: int = 0,
    same_page: bool = False,
) -> Result:
    """Compile, check and time one case (``runtime``: its parameters passed at run
    time; ``warm``: untimed calls of a function before each of its samples,
    ``run.sample_times``; ``same_page``: the input's bytes at the output's offset in
    its 4 KiB page, plus the case's base offset, as two big numpy arrays lie); raises
    ``SystemExit`` if the result differs."""
    ir = case.ir(runtime)
    compiled = slice_dialect.compile(ir, cache_dir=cache_dir)
    kernel = compiled
    if runtime:
        parameters = [np.array(v, np.int64) for v in case.parameters()]

        def kernel(x: np.ndarray, out: np.ndarray) -> object:
            return compiled(x, *parameters, out=out)

    # the description lowers the case again: not for a check (--check-only) alone
    copy = copy_description(ir, cache_dir) if rounds > 0 else ""
    nbytes = case.input_bytes
    x = pool[case.base_offset : case.base_offset + nbytes]
    index = case.numpy_index()
    out = np.empty(case.sizes, case.dtype)
    ref = np.empty(case.sizes, case.dtype)
    if same_page:
        raw = np.empty(nbytes + 2 * PAGE_BYTES, np.uint8)
        start = (out.ctypes.data + case.base_offset - raw.ctypes.data) % PAGE_BYTES
        placed = raw[start : start + nbytes]
        np.copyto(placed, x)
        x = placed
    x = x.view(case.dtype).reshape(case.shape)
    kernel(x, out=out)
    np.copyto(ref, x[index])
    if not np.array_equal(out.reshape(-1).view(np.uint8), ref.reshape(-1).view(np.uint8)):
        raise SystemExit(
            f"case {case.index}: the kernel's result differs from numpy's "
            f"({case.element} {list(case.shape)} {case.index_text()})"
        )
    if rounds <= 0:
        return Result(case, copy, ([], [], []), estimator)
    # every function writes the same array (where an array's pages lie decides a
    # copy's speed, see run.run_workload); memcpy copies ref into it; sample_times'
    # order evens out the cache state each leaves to the next
    out_flat, ref_flat = out.reshape(-1), ref.reshape(-1)

    def ours() -> object:
        return kernel(x, out=out)

    def theirs() -> None:
        np.copyto(out, x[index])

    def floor() -> None:
        np.copyto(out_flat, ref_flat)

    functions: list[Callable[[], object]] = [ours, theirs, floor]
    single = [min(s) for s in sample_times(functions, 1, 1)]
    # at least ~2 ms per sample, so that small cases measure more than the clock
    number = max(1, min(10000, int(0.002 / max(max(single), 1e-7))))
    kernel, theirs_, floor_ = sample_times(
        functions, rounds, number, seed=case.index, warm=warm
    )
    return Result(case, copy, (kernel, theirs_, floor_), estimator)


def _fmt_time(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.3g} us"
    return f"{seconds * 1e3:.3g} ms"


def _fmt_bytes(n: int) -> str:
    for unit, scale in (("MiB", MIB), ("KiB", KIB)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} B"


def case_line(r: Result) -> str:
    c = r.case
    return (
        f"| {c.index} | {c.element} | {'x'.join(map(str, c.shape))} | "
        f"{c.index_text()} | {c.base_offset} | {_fmt_bytes(c.input_bytes)} | "
        f"{_fmt_bytes(c.output_bytes)} | {_fmt_time(r.kernel)} | {_fmt_time(r.numpy)} | "
        f"{_fmt_time(r.memcpy)} | {r.ratio:.2f} | {r.floor_ratio:.2f} | {r.copy} |"
    )


CASE_HEAD = (
    "| case | type | shape | numpy index | base offset | input | output | kernel "
    "| numpy | memcpy | kernel/numpy | kernel/memcpy | how it copies |\n"
    + "|---" * 13
    + "|"
)

CHECK_HEAD = "| case | type | shape | result |\n|---|---|---|---|"
"""The table head of ``--check-only`` (no timing columns)."""


def quantiles(values: Sequence[float]) -> tuple[float, float, float, float, float]:
    """Minimum, first quartile, median, third quartile, maximum."""
    v = sorted(values)
    if len(v) == 1:
        return v[0], v[0], v[0], v[0], v[0]
    q1, median, q3 = statistics.quantiles(v, n=4, method="inclusive")
    return v[0], q1, median, q3, v[-1]


def recheck_lines(
    results: Sequence[Result], rechecked: dict[int, Result], above: float
) -> list[str]:
    """The cases above ``above`` x numpy in the sweep, each with its figures timed
    again alone (``--recheck``), and how many stay above it then."""
    lines = [
        f"## the {len(rechecked)} cases above {above:.2f}x numpy, timed again on their own",
        "| case | type | shape | numpy index | sweep kernel/numpy | again kernel/numpy "
        "| again kernel/memcpy | again kernel | again numpy | how it copies |",
        "|---" * 10 + "|",
    ]
    for r in results:
        again = rechecked.get(r.case.index)
        if again is None:
            continue
        c = r.case
        lines.append(
            f"| {c.index} | {c.element} | {'x'.join(map(str, c.shape))} "
            f"| {c.index_text()} | {r.ratio:.2f} | {again.ratio:.2f} "
            f"| {again.floor_ratio:.2f} | {_fmt_time(again.kernel)} "
            f"| {_fmt_time(again.numpy)} | {r.copy} |"
        )
    final = {r.case.index: r.ratio for r in results}
    final.update({i: again.ratio for i, again in rechecked.items()})
    still = [i for i, v in final.items() if v > 1.0]
    worst_index = max(final, key=lambda i: final[i]) if final else None
    lines += [
        "",
        f"after the recheck: {len(still)} of {len(final)} cases above 1.0x numpy"
        + (": cases " + ", ".join(map(str, still)) if still else "")
        + (
            f"; the worst {final[worst_index]:.2f} (case {worst_index})"
            if worst_index is not None
            else ""
        ),
    ]
    return lines


def summary(results: Sequence[Result], worst: int) -> list[str]:
    """The worst cases, the distributions and the figures by kind of run."""
    lines = [f"## worst {min(worst, len(results))} cases by kernel/numpy", CASE_HEAD]
    ordered = sorted(results, key=lambda r: r.ratio, reverse=True)
    lines += [case_line(r) for r in ordered[:worst]]
    estimator = results[0].estimator if results else "median"
    other = "min" if estimator == "median" else "median"
    lines += [
        "",
        f"## distribution over cases (each figure the {estimator} of its samples)",
        "| ratio | min | q1 | median | q3 | max |",
        "|---|---|---|---|---|---|",
    ]
    for name, values in (
        ("kernel/numpy", [r.ratio for r in results]),
        ("kernel/memcpy", [r.floor_ratio for r in results]),
        ("numpy/memcpy", [r.numpy / r.memcpy for r in results]),
        (f"kernel/numpy, {other} of samples", [r.ratio_by(other) for r in results]),
    ):
        figures = " | ".join(f"{q:.2f}" for q in quantiles(values))
        lines.append(f"| {name} | {figures} |")
    lines.append("")
    for name in (estimator, other):
        ratios = {r.case.index: r.ratio_by(name) for r in results}
        above = [i for i, v in ratios.items() if v > 1.0]
        lines.append(
            f"{name} of samples: {len(above)} of {len(results)} cases above 1.0x numpy"
            + (": cases " + ", ".join(map(str, above)) if above else "")
            + f"; {sum(v > 0.7 for v in ratios.values())} above 0.7x"
        )
    lines += [
        "",
        "## by innermost run",
        "| run | cases | median kernel/numpy | worst kernel/numpy | median kernel/memcpy |",
        "|---|---|---|---|---|",
    ]
    kinds: dict[str, list[Result]] = {}
    for r in results:
        kinds.setdefault(run_kind(r), []).append(r)
    for kind, group in sorted(kinds.items()):
        lines.append(
            f"| {kind} | {len(group)} "
            f"| {statistics.median(r.ratio for r in group):.2f} "
            f"| {max(r.ratio for r in group):.2f} "
            f"| {statistics.median(r.floor_ratio for r in group):.2f} |"
        )
    return lines


def parse_bytes(text: str) -> int:
    """``123``, ``64K``, ``16M``, ``1G`` (binary units) as a number of bytes."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([KMG]?)(?:i?B)?\s*", text, re.IGNORECASE)
    if match is None:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (e.g. 4096, 64K, 16M)")
    scale = {"": 1, "K": KIB, "M": MIB, "G": 1024 * MIB}[match.group(2).upper()]
    return int(float(match.group(1)) * scale)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=100, help="number of cases (100)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (0)")
    parser.add_argument(
        "--max-bytes",
        type=parse_bytes,
        default=128 * MIB,
        help="largest input, e.g. 16M (128M)",
    )
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds (7)")
    parser.add_argument(
        "--estimator",
        choices=sorted(ESTIMATORS),
        default="median",
        help="per function over rounds: median (default) or min (on a loaded machine)",
    )
    parser.add_argument("--worst", type=int, default=10, help="worst cases shown (10)")
    parser.add_argument(
        "--case", type=int, action="append", help="run only this case (repeatable)"
    )
    parser.add_argument("--json", type=Path, help="write every case's figures here")
    parser.add_argument(
        "--check-only", action="store_true", help="compile and check, no timing"
    )
    parser.add_argument(
        "--runtime",
        action="store_true",
        help="every case as slice.onnx with its parameters passed at run time",
    )
    parser.add_argument(
        "--recheck",
        type=int,
        default=15,
        metavar="ROUNDS",
        help="time each case above --recheck-above x numpy again alone, in this many "
        "rounds (15; 0: no recheck)",
    )
    parser.add_argument(
        "--recheck-above",
        type=float,
        default=1.0,
        metavar="RATIO",
        help="kernel/numpy above which a case is timed again (1.0)",
    )
    parser.add_argument(
        "--same-page",
        action="store_true",
        help="each input at its output's offset in a 4 KiB page (plus the case's base "
        "offset), as two big numpy arrays lie; else from a pool on a 64-byte line",
    )
    add_warm_argument(parser)
    args = parser.parse_args(argv)
    if args.max_bytes < 2 * MIN_BYTES:
        parser.error(f"--max-bytes must be at least {2 * MIN_BYTES}")
    if args.cases < 1 and not args.case:
        parser.error("--cases must be at least 1")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.warm < 0:
        parser.error("--warm must be 0 or more calls")
    if args.recheck < 0:
        parser.error("--recheck must be 0 (none) or more rounds")
    if args.case and min(args.case) < 0:
        parser.error("--case must be 0 or more")
    indices = args.case if args.case else list(range(args.cases))
    cache_dir = os.environ.get("SLICE_CACHE_DIR")

    print(
        f"# {platform.processor() or platform.machine()}, {os.cpu_count()} cpus, "
        f"load {os.getloadavg()[0]:.1f}, Python {platform.python_version()}, "
        f"numpy {np.__version__}, call path: {runtime.call_path_description()}"
    )
    print(f"# {calibrate.describe(None if cache_dir is None else Path(cache_dir))}")
    timing = (
        "compiled and checked against numpy, not timed"
        if args.check_only
        else f"{args.rounds} interleaved rounds, {args.estimator} of each"
        + (
            f", each sample after {args.warm} calls of its own function"
            if args.warm
            else ""
        )
    )
    print(
        f"# sweep: seed {args.seed}, {len(indices)} cases, inputs up to "
        f"{_fmt_bytes(args.max_bytes)}, {timing}"
        + (", parameters at run time" if args.runtime else "")
        + (", each input at its output's offset in a page" if args.same_page else "")
    )
    cases = [make_case(args.seed, i, args.max_bytes) for i in indices]
    pool_bytes = max(c.base_offset + c.input_bytes for c in cases)
    rng = np.random.default_rng(args.seed)
    # random bytes: NaNs with payloads and every bit pattern, moved bit for bit
    raw = rng.integers(0, 256, pool_bytes + 64, dtype=np.uint8)
    pool = raw[-raw.ctypes.data % 64 :][:pool_bytes]  # starts on a 64-byte line
    results: list[Result] = []
    start = time.perf_counter()
    print(CHECK_HEAD if args.check_only else CASE_HEAD)
    for case in cases:
        if args.check_only:
            time_case(
                case,
                pool,
                0,
                None if cache_dir is None else Path(cache_dir),
                runtime=args.runtime,
                same_page=args.same_page,
            )
            print(f"| {case.index} | {case.element} | {case.shape} | equal |")
            continue
        result = time_case(
            case,
            pool,
            args.rounds,
            None if cache_dir is None else Path(cache_dir),
            args.estimator,
            args.runtime,
            args.warm,
            args.same_page,
        )
        results.append(result)
        print(case_line(result), flush=True)
    if args.check_only:
        print(f"{len(cases)} cases equal numpy bit for bit")
        return 0
    print(f"\n# {len(results)} cases in {time.perf_counter() - start:.0f} s\n")
    print("\n".join(summary(results, args.worst)))
    rechecked: dict[int, Result] = {}
    if args.recheck > 0:
        for r in results:
            if r.ratio > args.recheck_above:
                rechecked[r.case.index] = time_case(
                    r.case,
                    pool,
                    args.recheck,
                    None if cache_dir is None else Path(cache_dir),
                    args.estimator,
                    args.runtime,
                    args.warm,
                    args.same_page,
                )
        print("\n" + "\n".join(recheck_lines(results, rechecked, args.recheck_above)))
    if args.json is not None:
        args.json.write_text(
            json.dumps(
                [
                    {
                        **asdict(r.case),
                        "index_text": r.case.index_text(),
                        "copy": r.copy,
                        "kernel": r.kernel,
                        "numpy": r.numpy,
                        "memcpy": r.memcpy,
                        "samples": r.samples,
                        **(
                            {"again": rechecked[r.case.index].samples}
                            if r.case.index in rechecked
                            else {}
                        ),
                    }
                    for r in results
                ],
                indent=1,
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
