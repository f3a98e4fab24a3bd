"""The benchmark scripts run: the workloads compile, a short run prints its table, the
sweep's generator covers its space and the sweep checks and times tiny cases.

The full benchmark (``python bench/run.py``) and sweep (``python bench/sweep.py``) move
hundreds of megabytes per case; these tests only check that they work (correctness and
the shape of the output, never a time).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

from workloads import WORKLOADS, many_slices_module  # noqa: E402


@pytest.mark.parametrize("workload", WORKLOADS, ids=[w.name for w in WORKLOADS])
def test_workload_lowers_to_c(workload) -> None:  # type: ignore[no-untyped-def]
    """Each workload is one framework op that becomes one C function."""
    from run import pipeline_to_c  # type: ignore[import-not-found]

    source = pipeline_to_c(workload.ir)
    assert source.count("\nint32_t slice_") == 1
    assert "int32_t slice_main(" in source


@pytest.mark.parametrize("workload", WORKLOADS, ids=[w.name for w in WORKLOADS])
def test_runtime_parameter_workload_runs(workload) -> None:  # type: ignore[no-untyped-def]
    """Each workload's run-time-parameter form (index operands as arguments) lowers to
    the kernel and its shape function, and comes with integer index arrays (the short
    run below checks W5's and W7's results against numpy)."""
    from run import pipeline_to_c  # type: ignore[import-not-found]

    source = pipeline_to_c(workload.dynamic_ir)
    assert "int32_t slice_main(" in source and "int32_t slice_main_x2Eshape(" in source
    assert workload.parameters
    assert all(p.dtype.kind == "i" for p in workload.parameters)


@pytest.mark.parametrize("workload", WORKLOADS, ids=[w.name for w in WORKLOADS])
def test_workload_c_is_warning_free(workload) -> None:  # type: ignore[no-untyped-def]
    """Each workload's C, with constant and with run-time parameters, builds with
    ``-Wall -Wextra -Werror`` (W2's and W6's masked begins were loaded and never used,
    and a kernel that cannot fail never wrote its error values). The run-time unit as
    the runtime builds it, its helpers prebuilt: their C is checked alone in
    ``test_runtime_cache.py``, a run-time unit with its own in
    ``filecheck/backend/dynamic.mlir``."""
    from c_warnings import c_warnings  # type: ignore[import-not-found]
    from run import pipeline_to_c  # type: ignore[import-not-found]

    from slice_dialect.backend.c import PREBUILT_GUARD
    from slice_dialect.runtime.kernels import PREBUILT_DEFINE

    assert c_warnings(pipeline_to_c(workload.ir)) == ""
    dynamic = pipeline_to_c(workload.dynamic_ir)
    assert PREBUILT_GUARD in dynamic
    assert c_warnings(PREBUILT_DEFINE + dynamic) == ""


def test_many_slices_module_lowers() -> None:
    """The module of the compile-time figures: one function per slice."""
    from run import pipeline_to_c  # type: ignore[import-not-found]

    source = pipeline_to_c(many_slices_module(12))
    assert source.count("\nint32_t slice_") == 12


def test_short_run_prints_the_table() -> None:
    """``bench/run.py`` on the per-call workloads, one round: a checked, timed table."""
    result = subprocess.run(
        [
            sys.executable,
            str(BENCH / "run.py"),
            "--only",
            "W5,W7",
            "--rounds",
            "1",
            "--no-compile-times",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("# ") and "call path:" in lines[0]
    assert lines[1] == (
        "# stream-working-set 0 (0 MiB, $SLICE_STREAM_WORKING_SET), "
        "stream-lines-in-order false ($SLICE_STREAM_LINES_IN_ORDER), "
        "string-move-bytes 0 (never, $SLICE_STRING_MOVE_BYTES)"
    )
    assert lines[2].startswith("# median of 1 interleaved rounds")
    assert lines[3].startswith("| workload | kernel | numpy | memcpy | kernel/numpy")
    assert "| run-time parameters | dynamic/static |" in lines[3]
    rows = [line for line in lines if line.startswith("| W")]
    assert [row.split()[1] for row in rows] == ["W5", "W7"]
    assert all(" us |" in row for row in rows)
    assert all("x numpy |" in row for row in rows)  # issue 13's per-call targets
    assert "run-time parameters (SPEC section 7)" in result.stdout


def test_sweep_cases_cover_the_space() -> None:
    """The sweep's generator: seeded, and over its first 100 cases every rank 1-6, every
    element width, negative strides, 64-byte and other rows, unaligned bases."""
    from sweep import MIB, make_case  # type: ignore[import-not-found]

    cases = [make_case(0, i, 128 * MIB) for i in range(100)]
    assert [make_case(0, i, 128 * MIB) for i in range(5)] == cases[:5]
    assert {len(c.shape) for c in cases} == set(range(1, 7))
    assert {c.dtype.itemsize for c in cases} == {1, 2, 4, 8, 16}
    assert any(s < 0 for c in cases for s in c.strides)
    rows = [c.sizes[-1] * c.dtype.itemsize for c in cases if c.strides[-1] == 1]
    assert any(r % 64 == 0 for r in rows) and any(r % 64 for r in rows)
    assert any(c.base_offset % 64 for c in cases)
    assert min(c.input_bytes for c in cases) < 64 * 1024
    assert max(c.input_bytes for c in cases) > 100 * MIB
    for c in cases:
        assert c.input_bytes <= 128 * MIB
        x = np.zeros(c.shape, np.uint8)
        assert x[c.numpy_index()].shape == c.sizes


def run_sweep(*args: str) -> subprocess.CompletedProcess[str]:
    """``bench/sweep.py`` with ``args``, its output captured; it must exit 0."""
    result = subprocess.run(
        [sys.executable, str(BENCH / "sweep.py"), *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result


@pytest.mark.parametrize("runtime", [False, True], ids=["static", "runtime"])
def test_sweep_checks_tiny_cases(runtime: bool) -> None:
    """``bench/sweep.py --check-only`` on small cases: each compiled kernel equals
    numpy bit for bit (the script exits non-zero otherwise), with constant parameters
    and (``--runtime``) with the parameters passed at run time."""
    extra = ["--runtime"] if runtime else []
    result = run_sweep("--cases", "3", "--max-bytes", "64K", "--check-only", *extra)
    assert "3 cases equal numpy bit for bit" in result.stdout


def test_sweep_prints_its_summary() -> None:
    """A timed sweep of two tiny cases prints the worst cases and the distribution."""
    out = run_sweep("--cases", "2", "--max-bytes", "16K", "--rounds", "1").stdout
    assert "## worst 2 cases by kernel/numpy" in out
    assert "| kernel/numpy |" in out and "| kernel/memcpy |" in out
    assert "cases above 1.0x numpy" in out
    assert "each sample after 5 calls of its own function" in out  # --warm's default


def test_sweep_rechecks_the_cases_above_the_bound() -> None:
    """``--recheck`` times each case above ``--recheck-above`` again and shows both
    figures; with a bound of 0 that is every case, with ``--recheck 0`` none."""
    args = ("--cases", "2", "--max-bytes", "16K", "--rounds", "1", "--warm", "0")
    out = run_sweep(*args, "--recheck", "1", "--recheck-above", "0").stdout
    table = out[out.index("## the 2 cases above 0.00x numpy, timed again on their own") :]
    assert len(re.findall(r"^\| [01] \| ", table, re.MULTILINE)) == 2
    assert re.search(r"after the recheck: \d+ of 2 cases above 1\.0x numpy", table)
    quiet = run_sweep(*args, "--recheck", "0", "--recheck-above", "0").stdout
    assert "timed again" not in quiet and "after the recheck" not in quiet


def test_sweep_classes_run_time_runs_as_such() -> None:
    """With ``--runtime`` the summary's runs are run-time runs (their copy is chosen
    per call), not the static classes."""
    args = ("--cases", "2", "--max-bytes", "16K", "--rounds", "1", "--runtime")
    out = run_sweep(*args).stdout
    summary = out[out.index("## by innermost run") :]
    assert "| run-time runs, copy chosen per call | 2 |" in summary
    assert "single element" not in summary


def test_sweep_warm_says_so() -> None:
    """``bench/sweep.py --warm 2`` times the same cases and says how; ``--warm 0``
    interleaves single calls and says nothing."""
    args = ("--cases", "1", "--max-bytes", "16K", "--rounds", "1")
    out = run_sweep(*args, "--warm", "2").stdout
    assert "each sample after 2 calls of its own function" in out
    assert "| kernel/numpy |" in out
    assert "calls of its own function" not in run_sweep(*args, "--warm", "0").stdout


def test_call_overhead_measures_each_path() -> None:
    """``bench/call_overhead.py`` checks each call path's result against numpy and
    gives a figure for each (the figures themselves are never asserted)."""
    from call_overhead import measure  # type: ignore[import-not-found]

    figures = measure(calls=10, samples=1)
    assert {"CKernel", "numpy"} <= set(figures)
    assert all(seconds > 0 for seconds in figures.values())


@pytest.mark.parametrize("count", range(1, 7))
def test_balanced_order_has_every_predecessor_once(count: int) -> None:
    """``sample_times``' order: every function follows every other exactly once
    around the circuit, and each runs ``count - 1`` times (once when alone)."""
    from run import balanced_order, placed_array, sample_times  # type: ignore[import-not-found]

    order = balanced_order(count)
    pairs = [(order[k - 1], order[k]) for k in range(len(order))]
    if count == 1:
        assert order == [0]
    else:
        assert sorted(pairs) == [
            (a, b) for a in range(count) for b in range(count) if a != b
        ]
    calls = [0] * count
    functions = [lambda i=i: calls.__setitem__(i, calls[i] + 1) for i in range(count)]
    samples = sample_times(functions, 5, 2)
    assert all(len(s) >= 5 for s in samples) and all(
        c == 2 * len(s) for c, s in zip(calls, samples)
    )
    array = placed_array((3, 5), np.dtype(np.float32), fill=7)
    assert array.ctypes.data % (2 << 20) == 0 and array.flags.c_contiguous
    assert (array == 7).all()


def test_warm_samples_follow_their_own_calls() -> None:
    """``sample_times(warm=2)``: each timed sample comes right after two untimed calls
    of the same function, so no timed call follows another function."""
    from run import sample_times  # type: ignore[import-not-found]

    order: list[int] = []
    functions = [lambda i=i: order.append(i) for i in range(3)]
    samples = sample_times(functions, 4, 2, warm=2)
    assert all(len(s) >= 4 for s in samples)
    assert len(order) == 4 * sum(len(s) for s in samples)
    # calls come in blocks of four of one function: two untimed, then two timed
    blocks = [order[k : k + 4] for k in range(0, len(order), 4)]
    assert all(len(set(block)) == 1 for block in blocks)
    assert [block[0] for block in blocks].count(0) == len(samples[0])


def test_read_patterns_compiles(tmp_path: Path) -> None:
    """``bench/read_patterns.c`` (W2's, W6's and W7's floors) builds warning-free with
    the compiler the kernels use (it is run by hand: it reads 128 MiB)."""
    from slice_dialect.runtime.cache import CompilerConfig

    program = tmp_path / "read_patterns"
    result = subprocess.run(
        [
            *CompilerConfig.from_environment().command,
            "-O2",
            "-Wall",
            "-Wextra",
            "-Werror",
            str(BENCH / "read_patterns.c"),
            "-o",
            str(program),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert program.exists()


@pytest.mark.parametrize(
    ("script", "arguments", "message"),
    [
        ("run.py", ["--only", "W9"], "--only: no workload W9 (the workloads are W1, "),
        ("run.py", ["--rounds", "0"], "--rounds must be at least 1"),
        ("sweep.py", ["--cases", "0"], "--cases must be at least 1"),
        ("sweep.py", ["--warm", "-3"], "--warm must be 0 or more calls"),
        ("run.py", ["--warm", "-1"], "--warm must be 0 or more calls"),
        ("sweep.py", ["--recheck", "-1"], "--recheck must be 0 (none) or more rounds"),
    ],
)
def test_bad_arguments_are_usage_errors(
    script: str, arguments: list[str], message: str
) -> None:
    """A workload that does not exist or a count that cannot be run is a usage error
    (exit 2), before anything is compiled (an unknown name printed empty tables and
    exited 0; ``--cases 0`` was a traceback: session 50's review)."""
    result = subprocess.run(
        [sys.executable, str(BENCH / script), *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_compile_scale_prints_both_forms() -> None:
    """``bench/compile_scale.py`` lowers each family, prints the C whole and outlined,
    compiles both and prints a line for each (16 run-time slices: more than the 300
    ops in one function given as ``outline-slice-parts``' ``max-ops``, so cut into
    parts; since session 56 slices of a 2-D argument, read through one flat view, are
    cut too). Since session 58 the run is that small, with the pass's thresholds scaled
    down (80 slices at the default 1500 ops took 42 s of a 2-core Zen 3 VM's suite)."""
    done = subprocess.run(
        [
            sys.executable,
            str(BENCH / "compile_scale.py"),
            *("--sizes", "16", "--max-ops", "300", "--part-ops", "120"),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    lines = done.stdout.splitlines()
    assert len(lines) == 8, done.stdout
    parts = {
        line.split()[0]: int(re.search(r"\( *(\d+) parts\)", line)[1]) for line in lines
    }  # type: ignore[index]
    assert parts["runtime"] >= 2 and parts["chain_rt"] >= 2 and parts["static"] == 0
    assert parts["runtime_2d"] >= 8  # each part makes the flat view again (session 56)
    assert all(re.search(r"cc +\d+\.\d\d s user +peak +\d+ MB$", line) for line in lines)
