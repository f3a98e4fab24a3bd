"""Benchmark: generated kernels against numpy and memcpy, and what compiling costs.

Run from the repository root::

    python bench/run.py                 # every workload, then the compile-time figures
    python bench/run.py --rounds 5      # fewer timed rounds (noisier, faster)
    python bench/run.py --only W2,W5    # some workloads; --no-compile-times skips those
    python bench/run.py --warm 0        # no untimed calls before a sample (below)

Each workload of issue #5 (``bench/workloads.py``) is compiled through
``slice_dialect.compile`` (parse, canonicalize-slices, convert-slice-to-loops, C,
``cc``), checked bit for bit against numpy, and timed four ways, interleaved round by
round (in an order shuffled each round, so no function always follows the same one)
so that all four see the same machine state:

- ``kernel``: the generated kernel with ``out=`` a preallocated array (argument checks
  included: it is the whole call from Python);
- ``numpy``: ``np.copyto(out, x[index])``, also into a preallocated array;
- ``memcpy``: ``np.copyto`` between two preallocated contiguous arrays of the output's
  size, the floor for moving that many bytes;
- ``run-time parameters``: the same slice with its index operands passed at each call
  (below).

Interleaving evens out, but does not remove, what one function leaves to the next: a
kernel that streams its output leaves none of it in the cache, and numpy and memcpy,
whose cached stores then read every line of the output from memory, run up to 2x slower
in its rounds (``sample_times``). So each sample follows ``--warm N`` untimed calls of
its own function (5 unless told: enough for W1-W7), which times each function as it
runs repeated alone; ``--warm 0`` gives the interleaved figures of sessions 14-27.

Bandwidth-bound workloads report milliseconds and ratios; per-call workloads (tiny
outputs, bounded by the cost of the call from Python) report microseconds per call.
Every figure is a median over rounds (``--estimator min``: the minimum, for a machine
other processes load); every ratio is of figures from the same run. Each row shows
kernel/numpy and kernel/memcpy, issue #13's target (W1 <= 0.85, W2 <= 1.7, W3 <= 0.95,
W4 <= 0.85, W6 <= 0.95 times memcpy; W5 and W7 <= 0.5 times numpy per call) and issue
#5's (kernel/numpy), each with whether it is met.

The run-time-parameter columns (SPEC section 7, issue #12): each workload's
``dynamic_ir``, the same slice with its index operands as arguments of ``@main`` (every
result dim they decide ``?``), compiled to a kernel that takes the index arrays after
the data at each call (``kernel(x, starts, ends, ..., out=out)``: its shape function,
then the copy). It is timed in the same interleaved rounds as the static kernel, numpy
and memcpy, so ``dynamic/static`` compares two figures of one run. Issue #12's target:
``dynamic <= 1.15x static`` for W1-W4 and W6, ``dynamic <= 1.0x numpy`` per call for W5
and W7.

Then what compiling costs: the pipeline from IR text to C text for modules of 100 and
1000 slices (one framework op per function), against what ``xdsl-opt`` does with the
same module alone (parse, verify, print), both in this process and as commands; the C
compile of one kernel into a cold cache, a cache hit, the one-time build of the fast
call extension, and a whole ``compile()`` that hits the cache.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from workloads import WORKLOADS, Workload, many_slices_module

import slice_dialect
from slice_dialect import runtime
from slice_dialect.runtime import calibrate

NUMPY_TARGETS: dict[str, float] = {
    "W1": 1.0,
    "W2": 0.55,
    "W3": 0.85,
    "W4": 1.0,
    "W5": 1.0,
    "W6": 0.7,
    "W7": 1.0,
}
"""Issue #5: the most the kernel may take, as a multiple of numpy's time."""


@dataclass(frozen=True)
class Target:
    """Issue #13's bound for one workload: ``kernel <= bound * reference``."""

    bound: float
    reference: str
    """``memcpy`` (of the output's bytes), ``numpy`` or ``static`` (the kernel with
    constant parameters)."""

    def met(self, row: Row, figure: float | None = None) -> bool:
        """Whether ``figure`` (the kernel's, by default) is within the bound."""
        reference = {"memcpy": row.memcpy, "numpy": row.numpy, "static": row.kernel}
        value = row.kernel if figure is None else figure
        return value <= self.bound * reference[self.reference]

    def __str__(self) -> str:
        return f"<= {self.bound:g}x {self.reference}"


TARGETS: dict[str, Target] = {
    "W1": Target(0.85, "memcpy"),
    "W2": Target(1.7, "memcpy"),
    "W3": Target(0.95, "memcpy"),
    "W4": Target(0.85, "memcpy"),
    "W5": Target(0.5, "numpy"),
    "W6": Target(0.95, "memcpy"),
    "W7": Target(0.5, "numpy"),
}
"""Issue #13: bandwidth-bound workloads against a memcpy of their output bytes,
per-call workloads against numpy."""

DYNAMIC_TARGETS: dict[str, Target] = {
    "W1": Target(1.15, "static"),
    "W2": Target(1.15, "static"),
    "W3": Target(1.15, "static"),
    "W4": Target(1.15, "static"),
    "W5": Target(1.0, "numpy"),
    "W6": Target(1.15, "static"),
    "W7": Target(1.0, "numpy"),
}
"""Issue #12: the kernel with run-time parameters against the static kernel
(bandwidth-bound workloads) or numpy (per-call workloads, index arrays passed each
call)."""


@dataclass(frozen=True)
class Row:
    """The medians of one workload, in seconds (per call for per-call workloads)."""

    workload: Workload
    kernel: float
    numpy: float
    memcpy: float
    dynamic: float
    """The kernel with run-time parameters (``Workload.dynamic_ir``)."""


ESTIMATORS: dict[str, Callable[[list[float]], float]] = {
    "median": statistics.median,
    "min": min,
}
"""How a function's samples become one figure: ``median`` (the default, as issue #13
asks), or ``min``, which drops the samples another process's time slices lengthened
(on a loaded machine the median moves by several times, the minimum by little)."""


def balanced_order(count: int) -> list[int]:
    """An order of calls of ``count`` functions in which every function follows every
    other exactly once (an Euler circuit of the complete directed graph): ``count - 1``
    calls of each, ``count * (count - 1)`` in all (one call for a single function)."""
    if count < 2:
        return [0] * count
    unused = {v: [w for w in range(count) if w != v] for v in range(count)}
    stack, circuit = [0], []
    while stack:  # Hierholzer
        v = stack[-1]
        if unused[v]:
            stack.append(unused[v].pop())
        else:
            circuit.append(stack.pop())
    return circuit[::-1][:-1]  # the circuit closes on its first vertex


def sample_times(
    functions: list[Callable[[], object]],
    rounds: int,
    number: int,
    seed: int = 0,
    warm: int = 0,
) -> list[list[float]]:
    """At least ``rounds`` samples of the time of one call of each function.

    Each sample runs one function ``number`` times back to back. A function's time
    depends on what ran before it (the dirty lines its predecessor left in the cache
    are written back during its run: a memcpy just before W4's kernel costs it about
    15%), so the calls follow ``balanced_order``, repeated: every function
    follows every other equally often, and no comparison is biased by its
    predecessors. The circuit is relabelled at random (seeded) at each repetition.

    That evens the effects out between the functions but does not remove them: where
    the functions write one array, a function that stores it non-temporally leaves
    none of it in the cache, and the functions after it read every line from memory
    before their cached stores, for several calls (W4's and W6's numpy and memcpy took
    1.5-2.2x their time alone right after the streamed kernel, and W6's numpy 1.2x
    still after three calls of its own, `notes/s28/w4warm.txt`); the streamed kernel
    writes back the lines their cached stores left dirty. With ``warm`` > 0, each
    sample is preceded by that many untimed calls of its own function, so that every
    timed call finds the cache as that function leaves it: each function's time
    repeated alone, in the same rounds.
    """
    samples: list[list[float]] = [[] for _ in functions]
    clock = time.perf_counter
    circuit = balanced_order(len(functions))
    per_circuit = max(1, len(functions) - 1)
    labels = list(range(len(functions)))
    shuffle = random.Random(seed).shuffle
    for _ in range(-(-rounds // per_circuit)):
        shuffle(labels)
        for position in circuit:
            i = labels[position]
            f = functions[i]
            for _ in range(warm):
                f()
            start = clock()
            for _ in range(number):
                f()
            samples[i].append((clock() - start) / number)
    return samples


def median_times(
    functions: list[Callable[[], object]],
    rounds: int,
    number: int,
    estimator: str = "median",
    warm: int = 0,
) -> list[float]:
    """The median (or ``estimator``) over ``rounds`` interleaved rounds of the time of
    one call of each function (see ``sample_times``)."""
    pick = ESTIMATORS[estimator]
    samples = sample_times(functions, rounds, number, warm=warm)
    return [pick(s) for s in samples]


PLACEMENT = 2 << 20
"""Every array the benchmark times starts at a multiple of this (2 MiB, a huge page)."""


def placed_array(shape: tuple[int, ...], dtype: np.dtype, fill: int = 0) -> np.ndarray:
    """A C-contiguous array starting on a 2 MiB boundary, its pages written once.

    Where an array starts decides how its lines fall against the copy's (the even
    helper once ran 1.6x slower at 3 of 4 output offsets in a line): a buffer from the
    heap starts anywhere (glibc serves large allocations from the heap once the same
    size was freed), a fresh ``mmap`` 16 bytes past a page. Placing every array the
    same way keeps that out of the figures; which physical pages an array gets is kept
    out by having all functions write one output array (``run_workload``)."""
    nbytes = math.prod(shape) * np.dtype(dtype).itemsize
    block = np.empty(nbytes + PLACEMENT, np.uint8)
    start = -block.ctypes.data % PLACEMENT
    array = block[start : start + nbytes].view(dtype).reshape(shape)
    array.fill(fill)
    return array


def input_array(workload: Workload) -> np.ndarray:
    """A deterministic input with no two neighbouring elements equal (placed)."""
    count = math.prod(workload.shape)
    values = np.arange(count, dtype=np.int64) % 251
    x = placed_array(workload.shape, workload.dtype)
    x[...] = values.astype(workload.dtype).reshape(workload.shape)
    return x


def run_workload(
    workload: Workload,
    rounds: int,
    estimator: str = "median",
    warm: int = 0,
) -> Row:
    """Compile, check and time one workload (static and run-time-parameter kernels;
    ``warm``: untimed calls of a function before each of its samples)."""
    kernel = slice_dialect.compile(workload.ir)
    dynamic = slice_dialect.compile(workload.dynamic_ir)
    parameters = workload.parameters
    x = input_array(workload)
    expected = x[workload.numpy_index]
    out = placed_array(kernel.outputs[0].shape, workload.dtype)
    result = kernel(x, out=out)
    if result is not out or out.tobytes() != np.ascontiguousarray(expected).tobytes():
        raise SystemExit(f"{workload.name}: the kernel's result differs from numpy's")
    if dynamic(x, *parameters, out=out) is not out or (
        out.tobytes() != np.ascontiguousarray(expected).tobytes()
    ):
        raise SystemExit(
            f"{workload.name}: the run-time-parameter kernel's result differs from "
            "numpy's"
        )
    # Every function writes the same array and memcpy reads x's first bytes: the same
    # code measured up to 1.6x apart from one output array to another (where an
    # array's pages lie in memory, not its address, decides it), so functions that
    # write different arrays would compare placements. The cache state each leaves
    # to the next is evened out by sample_times' order.
    index = workload.numpy_index
    source = x.reshape(-1).view(np.uint8)[: out.nbytes]
    out_bytes = out.reshape(-1).view(np.uint8)

    def ours() -> object:
        return kernel(x, out=out)

    def ours_dynamic() -> object:
        return dynamic(x, *parameters, out=out)

    def theirs() -> None:
        np.copyto(out, x[index])

    def floor() -> None:
        np.copyto(out_bytes, source)

    functions: list[Callable[[], object]] = [ours, theirs, floor, ours_dynamic]
    for f in functions:  # warm up: page in the outputs, load the code
        f()
    if workload.per_call:
        # about 0.2 ms per sample, many rounds: a sample shorter than the scheduler's
        # time slice is seldom cut by another process (20 ms samples on a loaded machine
        # measured W7 at 2.5 us per call, 0.2 ms samples at 0.8 us, as the kernel alone)
        single = median_times(functions, 3, 100)
        number = max(100, int(0.0002 / max(single)))
        times = median_times(functions, rounds * 20, number, estimator, warm)
    else:
        times = median_times(functions, rounds, 1, estimator, warm)
    return Row(workload, *times)


def format_table(rows: list[Row]) -> str:
    """The runtime table, one line per workload."""
    head = (
        "| workload | kernel | numpy | memcpy | kernel/numpy | kernel/memcpy "
        "| target (issue 13) | met | numpy target (issue 5) | met "
        "| run-time parameters | dynamic/static | dynamic/numpy "
        "| dynamic target (issue 12) | met |"
    )
    lines = [head, "|" + "---|" * 15]
    for row in rows:
        w = row.workload
        target = TARGETS[w.name]
        numpy_target = NUMPY_TARGETS[w.name]
        dynamic_target = DYNAMIC_TARGETS[w.name]
        ratio = row.kernel / row.numpy
        if w.per_call:
            unit, scale = "us", 1e6
        else:
            unit, scale = "ms", 1e3
        lines.append(
            f"| {w.name} {w.description} | {row.kernel * scale:.3g} {unit} "
            f"| {row.numpy * scale:.3g} {unit} | {row.memcpy * scale:.3g} {unit} "
            f"| {ratio:.2f} | {row.kernel / row.memcpy:.2f} "
            f"| {target} | {'yes' if target.met(row) else 'NO'} "
            f"| <= {numpy_target:g}x | {'yes' if ratio <= numpy_target else 'NO'} "
            f"| {row.dynamic * scale:.3g} {unit} | {row.dynamic / row.kernel:.2f} "
            f"| {row.dynamic / row.numpy:.2f} | {dynamic_target} "
            f"| {'yes' if dynamic_target.met(row, row.dynamic) else 'NO'} |"
        )
    return "\n".join(lines)


def runtime_parameter_note() -> str:
    """What the run-time-parameter columns time (SPEC section 7)."""
    return (
        "run-time parameters (SPEC section 7): the same slice with its index operands "
        "as function arguments, index arrays passed at each call (shape function, "
        "then the copy), timed in the same rounds as the static kernel"
    )


# Compile times


def best_of(f: Callable[[], object], repeat: int) -> float:
    """The shortest of ``repeat`` timed calls of ``f``, in seconds."""
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - start)
    return best


def pipeline_to_c(text: str) -> str:
    """Parse to C text: what ``compile`` does before it runs the C compiler."""
    from slice_dialect.backend.c import emit_c
    from slice_dialect.compiler import lower, make_context, parse_module

    ctx = make_context()
    module = parse_module(text, ctx)
    lower(module, ctx)
    return emit_c(module)


def parse_and_print(text: str) -> str:
    """What ``xdsl-opt`` alone does with a module: parse, verify, print."""
    import io

    from xdsl.printer import Printer

    from slice_dialect.compiler import make_context, parse_module

    module = parse_module(text, make_context())
    stream = io.StringIO()
    Printer(stream=stream).print_op(module)
    return stream.getvalue()


def _run(command: list[str]) -> None:
    subprocess.run(command, check=True, capture_output=True)


def compile_times(repeat: int) -> list[str]:
    """Lines of the compile-time table."""
    lines = [
        "| compile step | time | per slice | vs xdsl-opt parse+print |",
        "|---|---|---|---|",
    ]
    pipeline_to_c(many_slices_module(4))  # import and warm everything once
    for count in (100, 1000):
        text = many_slices_module(count)
        ours = best_of(lambda text=text: pipeline_to_c(text), repeat)
        xdsl = best_of(lambda text=text: parse_and_print(text), repeat)
        lines.append(
            f"| pipeline, parse to C text, {count} slices, in process "
            f"| {ours * 1e3:.0f} ms "
            f"| {ours / count * 1e6:.0f} us | {ours / xdsl:.2f}x |"
        )
        lines.append(
            f"| xdsl-opt's work (parse, verify, print), {count} slices, in process "
            f"| {xdsl * 1e3:.0f} ms "
            f"| {xdsl / count * 1e6:.0f} us | 1.00x |"
        )
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "slices.mlir"
        path.write_text(many_slices_module(1000))
        tools = Path(sys.executable).parent
        opt = best_of(lambda: _run([str(tools / "xdsl-opt"), str(path)]), 1)
        ours = best_of(
            lambda: _run(
                [
                    str(tools / "slice-opt"),
                    str(path),
                    "-p",
                    "canonicalize-slices,convert-slice-to-loops",
                    "-t",
                    "c",
                ]
            ),
            1,
        )
    lines.append(
        f"| slice-opt to C, 1000 slices, as a command | {ours * 1e3:.0f} ms "
        f"| {ours / 1000 * 1e6:.0f} us | {ours / opt:.2f}x |"
    )
    lines.append(
        f"| xdsl-opt parse+print, 1000 slices, as a command | {opt * 1e3:.0f} ms "
        f"| {opt / 1000 * 1e6:.0f} us | 1.00x |"
    )
    source = pipeline_to_c(WORKLOADS[0].ir)
    with tempfile.TemporaryDirectory() as cold:
        start = time.perf_counter()
        runtime.build_shared_library(source, cache_dir=Path(cold))
        build = time.perf_counter() - start
        hit = best_of(
            lambda: runtime.build_shared_library(source, cache_dir=Path(cold)), repeat
        )
    lines.append(
        f"| C compile of one kernel (W1, cold cache) | {build * 1e3:.0f} ms | | |"
    )
    lines.append(f"| cache hit of that library | {hit * 1e6:.0f} us | | |")
    with tempfile.TemporaryDirectory() as cold:
        try:
            start = time.perf_counter()
            runtime.build_fast_call_library(Path(cold))
            extension = f"{(time.perf_counter() - start) * 1e3:.0f} ms"
        except slice_dialect.SliceError as error:
            extension = f"not built: {error}"
    lines.append(
        f"| fast call extension (once per Python and numpy, cold cache) | {extension} "
        "| | |"
    )
    names = iter(range(1 << 30))
    whole = best_of(
        lambda: slice_dialect.compile(WORKLOADS[0].ir, filename=f"w1-{next(names)}"),
        repeat,
    )
    lines.append(
        f"| compile() of W1 with a library cache hit (lowered again) | "
        f"{whole * 1e3:.1f} ms | | |"
    )
    again = best_of(lambda: slice_dialect.compile(WORKLOADS[0].ir), repeat)
    lines.append(
        f"| compile() of W1 again (lowering memo and library cache hit) | "
        f"{again * 1e3:.2f} ms | | |"
    )
    return lines


def add_warm_argument(parser: argparse.ArgumentParser) -> None:
    """``--warm N`` (``sample_times``' ``warm``), for this script and the sweep."""
    parser.add_argument(
        "--warm",
        type=int,
        default=5,
        help="untimed calls of a function before each of its samples (5): each "
        "function timed as it runs repeated alone; 0 interleaves the calls alone",
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=15, help="timed rounds (15)")
    parser.add_argument("--only", default="", help="comma-separated workload names")
    parser.add_argument(
        "--estimator",
        choices=sorted(ESTIMATORS),
        default="median",
        help="per function over rounds: median (default) or min (on a loaded machine)",
    )
    parser.add_argument(
        "--no-compile-times", action="store_true", help="skip the compile-time figures"
    )
    add_warm_argument(parser)
    args = parser.parse_args(argv)
    only = {name.strip() for name in args.only.split(",") if name.strip()}
    unknown = sorted(only - {w.name for w in WORKLOADS})
    if unknown:
        parser.error(
            f"--only: no workload {', '.join(unknown)} (the workloads are "
            f"{', '.join(w.name for w in WORKLOADS)})"
        )
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.warm < 0:
        parser.error("--warm must be 0 or more calls")
    workloads = [w for w in WORKLOADS if not only or w.name in only]

    print(
        f"# {platform.processor() or platform.machine()}, {os.cpu_count()} cpus, "
        f"Python {platform.python_version()}, numpy {np.__version__}, "
        f"call path: {runtime.call_path_description()}, load {os.getloadavg()[0]:.1f}"
    )
    print(f"# {calibrate.describe()}")
    print(
        f"# {args.estimator} of {args.rounds} interleaved rounds per figure "
        f"(per-call workloads: {args.rounds * 20} rounds of about 0.2 ms); static "
        "and dynamic kernels, numpy and memcpy interleaved in one process"
        + (
            f", each sample after {args.warm} calls of its own function"
            if args.warm
            else ""
        )
    )
    rows = []
    for w in workloads:
        rows.append(run_workload(w, args.rounds, args.estimator, args.warm))
    print(format_table(rows))
    print(runtime_parameter_note())
    if not args.no_compile_times:
        print()
        print("\n".join(compile_times(repeat=3)))


if __name__ == "__main__":
    main()
