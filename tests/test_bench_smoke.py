"""The benchmark script runs: its workloads compile, and a short run prints its table.

The full benchmark (``python bench/run.py``) moves hundreds of megabytes per workload;
these tests only check that it works, on the two small workloads and the IR of all.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
    assert lines[1].startswith("| workload | kernel | numpy | memcpy | kernel/numpy")
    rows = [line for line in lines if line.startswith("| W")]
    assert [row.split()[1] for row in rows] == ["W5", "W7"]
    assert all(" us |" in row for row in rows)
