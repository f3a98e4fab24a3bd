"""Compile time at scale: N slices in one function, with and without ``outline-slice-parts``.

Run from the repository root::

    python bench/compile_scale.py                  # N = 100 and 300, every family
    python bench/compile_scale.py --sizes 1000     # the large case (a minute or two of cc)
    python bench/compile_scale.py --families runtime --sizes 300,1000
    python bench/compile_scale.py --sizes 16 --max-ops 300 --part-ops 120   # a smoke run

For each family and N it builds one module (``func.func @main`` of N slices), lowers it
as ``compile`` does (``canonicalize-slices``, ``convert-slice-to-loops``), then prints
its C twice, as it stands and after ``outline-slice-parts``, and compiles each with the
kernels' compiler and flags (``CompilerConfig.from_environment``, ``-O3``), measuring the
compiler's user CPU time and peak memory (``getrusage`` of the child). A C compiler's
time on one large function grows faster than its size (gcc 12: about N^1.7 for run-time
slices, see README "Compile time at scale"); the outlined form should grow about as N.

Families:

- ``runtime``: N ONNX slices of one ``tensor<64xf32>``, each with its own run-time
  starts and ends (arguments), each a result;
- ``runtime_2d``: N ONNX slices of one ``tensor<16x64xf32>`` with run-time starts and
  ends on both axes (since session 56: every window reads the argument through one flat
  view, which kept the function whole after the first part until outlined parts made
  views again);
- ``chain_rt``: a chain of N ONNX slices with run-time starts, each slicing the last;
- ``static``: N ONNX slices with constant parameters of one ``tensor<8x16xf32>``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from passes.outline_parts import MAX_OPS, PART_OPS, OutlineSlicePartsPass

I64_MAX = 2**63 - 1


def _runtime_slices(n: int, source: str, rank: int) -> str:
    """N ONNX slices of one ``source`` tensor, each with its own run-time starts and
    ends (``tensor<rankxi64>`` arguments), each a result."""
    args = [f"%x: {source}"]
    index = f"tensor<{rank}xi64>"
    result = "tensor<" + "?x" * rank + "f32>"
    body: list[str] = []
    for i in range(n):
        args += [f"%s{i}: {index}", f"%e{i}: {index}"]
        body.append(
            f"  %r{i} = slice.onnx %x starts %s{i} ends %e{i} : {source}, {index}, "
            f"{index} -> {result}"
        )
    types = ", ".join([result] * n)
    results = ", ".join(f"%r{i}" for i in range(n))
    return _function(args, types, body, results)


def runtime(n: int) -> str:
    return _runtime_slices(n, "tensor<64xf32>", 1)


def runtime_2d(n: int) -> str:
    return _runtime_slices(n, "tensor<16x64xf32>", 2)


def chain_rt(n: int) -> str:
    args = ["%x: tensor<?xf32>"]
    body = [f"  %e = arith.constant dense<[{I64_MAX}]> : tensor<1xi64>"]
    last = "x"
    for i in range(n):
        args.append(f"%s{i}: tensor<1xi64>")
        body.append(
            f"  %r{i} = slice.onnx %{last} starts %s{i} ends %e : tensor<?xf32>, "
            "tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>"
        )
        last = f"r{i}"
    return _function(args, "tensor<?xf32>", body, f"%{last}")


def static(n: int) -> str:
    args = ["%x: tensor<8x16xf32>"]
    body: list[str] = []
    types: list[str] = []
    for i in range(n):
        start = 1 + i % 13
        body += [
            f"  %s{i} = arith.constant dense<[{start}]> : tensor<1xi64>",
            f"  %e{i} = arith.constant dense<[16]> : tensor<1xi64>",
            f"  %a{i} = arith.constant dense<[1]> : tensor<1xi64>",
            f"  %r{i} = slice.onnx %x starts %s{i} ends %e{i} axes %a{i} : "
            "tensor<8x16xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> "
            f"tensor<8x{16 - start}xf32>",
        ]
        types.append(f"tensor<8x{16 - start}xf32>")
    results = ", ".join(f"%r{i}" for i in range(n))
    return _function(args, ", ".join(types), body, results)


def _function(args: list[str], types: str, body: list[str], results: str) -> str:
    return (
        f"func.func @main({', '.join(args)}) -> ({types}) {{\n"
        + "\n".join(body)
        + f"\n  func.return {results} : {types}\n}}\n"
    )


FAMILIES: dict[str, Callable[[int], str]] = {
    "runtime": runtime,
    "runtime_2d": runtime_2d,
    "chain_rt": chain_rt,
    "static": static,
}


RUSAGE_OF = (
    "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True); "
    "r = resource.getrusage(resource.RUSAGE_CHILDREN); print(r.ru_utime, r.ru_maxrss)"
)
"""Runs a command and prints its user CPU seconds and peak resident KiB (Linux): a fresh
process, so that the peak is this command's alone."""


def c_compile(source: str) -> tuple[float, float]:
    """The user CPU seconds and peak resident MB of compiling ``source`` as kernels are
    compiled."""
    from slice_dialect.runtime.cache import CompilerConfig

    config = CompilerConfig.from_environment()
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "k.c"
        path.write_text(source)
        command = [*config.command, *config.effective_flags(), str(path)]
        command += ["-o", str(Path(directory) / "k.so")]
        done = subprocess.run(
            [sys.executable, "-c", RUSAGE_OF, *command],
            check=True,
            capture_output=True,
            text=True,
        )
    seconds, kib = done.stdout.split()
    return float(seconds), float(kib) / 1024


def measure(family: str, n: int, outline: OutlineSlicePartsPass) -> None:
    from passes.canonicalize_slices import CanonicalizeSlicesPass
    from passes.convert_slice_to_loops import ConvertSliceToLoopsPass
    from slice_dialect.backend.c import emit_c
    from slice_dialect.compiler import make_context, parse_module

    ctx = make_context()
    module = parse_module(FAMILIES[family](n), ctx)
    start = time.perf_counter()
    CanonicalizeSlicesPass(dynamic=True).apply(ctx, module)
    ConvertSliceToLoopsPass().apply(ctx, module)
    lowered = time.perf_counter() - start
    ops = sum(1 for _ in module.walk())
    whole = emit_c(module)
    start = time.perf_counter()
    outline.apply(ctx, module)
    outlined_in = time.perf_counter() - start
    parts = sum(1 for f in module.ops if "no_inline" in f.attributes)
    outlined = emit_c(module)
    for name, source in (("whole", whole), ("outlined", outlined)):
        seconds, mb = c_compile(source)
        print(
            f"{family:9} N={n:<5} {ops:7} ops  lower {lowered:6.2f} s  outline "
            f"{outlined_in:5.2f} s  {name:8} ({parts:3} parts)  cc {seconds:7.2f} s user"
            f"  peak {mb:6.0f} MB",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="100,300", help="N, comma-separated")
    parser.add_argument(
        "--families",
        default=",".join(FAMILIES),
        help="comma-separated: " + ", ".join(FAMILIES),
    )
    parser.add_argument(
        "--max-ops",
        type=int,
        default=MAX_OPS,
        help=f"outline-slice-parts' max-ops (default {MAX_OPS})",
    )
    parser.add_argument(
        "--part-ops",
        type=int,
        default=PART_OPS,
        help=f"outline-slice-parts' part-ops (default {PART_OPS})",
    )
    options = parser.parse_args()
    outline = OutlineSlicePartsPass(max_ops=options.max_ops, part_ops=options.part_ops)
    os.environ.setdefault("SLICE_CACHE_DIR", tempfile.mkdtemp(prefix="slice-scale-"))
    for family in options.families.split(","):
        if family not in FAMILIES:
            parser.error(f"unknown family {family!r}; known: {', '.join(FAMILIES)}")
        for n in (int(v) for v in options.sizes.split(",")):
            measure(family, n, outline)


if __name__ == "__main__":
    main()
