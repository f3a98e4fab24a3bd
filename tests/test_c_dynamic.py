"""The C target on lowered dynamic functions (DYNAMIC.md, issue 12 item 4), run.

Hand-written lowered functions (memrefs with ``?`` dims, parameters read from index
memrefs, ``slice.dynamic_copy_run``, ``slice.check``, integer ``arith``) are printed
by ``emit_c`` (which runs ``c_safety.check_module`` first), compiled with the system
``cc`` (``runtime.build_kernel``: linked with the prebuilt helpers) and called with ``ctypes`` on numpy arrays
and a ``slice_dims`` array:

- the self-guarding run copies exactly what numpy does when the run lies inside both
  views, and otherwise returns its error code (with the error values) without touching
  either buffer, for random and extreme (INT64_MIN/MAX) counts, offsets and strides;
  canaries around every buffer catch a stray access in the optimized build, and the
  same cases run under AddressSanitizer + UndefinedBehaviorSanitizer in a subprocess
  (``python tests/test_c_dynamic.py --worker SEED COUNT``);
- ``divsi``/``remsi`` are total, wrapping ``addi``/``subi``/``muli`` are modulo 2^N,
  ``cmpi`` (every predicate), ``select``, ``maxsi``/``minsi`` and the casts agree with
  Python's definition of MLIR's semantics, and c_safety's intervals contain what the C
  computes;
- a failing ``slice.check`` returns its code and values, and ``error_message(code)`` is
  its template; negative ``slice_dims`` and a view whose size leaves int64_t fail too.

Environment: ``SLICE_DYNAMIC_CASES`` (default 120) random runs per element type;
``SLICE_DIFF_RANDOM=1`` picks a random seed.
"""

from __future__ import annotations

import ctypes
import itertools
import multiprocessing
import os
import random
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest
from c_warnings import c_warnings

from passes.copy_plan import MIN_SCALAR_GATHER, dynamic_gather_min
from slice_dialect import runtime
from slice_dialect.backend.c import c_symbol, emit_c, error_message_symbol
from slice_dialect.backend.c_safety import FunctionChecker
from slice_dialect.compiler import lower, make_context, parse_module
from slice_dialect.interpreter import make_interpreter

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1
CASES = int(os.environ.get("SLICE_DYNAMIC_CASES", "120"))
SEED = random.randrange(2**32) if os.environ.get("SLICE_DIFF_RANDOM") == "1" else 20261122
TESTS_DIR = Path(__file__).resolve().parent
GUARD = 16
"""Canary elements on each side of every buffer a run may touch."""


def build(text: str, sanitize: bool = False) -> tuple[ctypes.CDLL, str]:
    """The loaded library of ``text`` (lowered IR) and its C source."""
    source = emit_c(parse_module(text, make_context()))
    path = runtime.build_kernel(source, sanitize=sanitize)
    return ctypes.CDLL(str(path)), source


def call(
    library: ctypes.CDLL,
    name: str,
    arrays: Sequence[np.ndarray],
    dims: Sequence[int] | None = None,
) -> tuple[int, list[int]]:
    """Call ``@name`` on ``arrays`` (and ``slice_dims`` if given): the return code
    and the four error values."""
    function = getattr(library, c_symbol(name))
    function.restype = ctypes.c_int32
    values = np.zeros(4, np.int64)
    args: list[object] = [ctypes.c_void_p(a.ctypes.data) for a in arrays]
    dims_array = None
    if dims is not None:
        dims_array = np.array(dims, np.int64)
        args.append(ctypes.c_void_p(dims_array.ctypes.data))
    args.append(ctypes.c_void_p(values.ctypes.data))
    code = function(*args)
    return code, [int(v) for v in values]


def message(library: ctypes.CDLL, code: int) -> str:
    function = getattr(library, error_message_symbol())
    function.restype = ctypes.c_char_p
    function.argtypes = [ctypes.c_int32]
    return function(code).decode()


# --- the self-guarding run ------------------------------------------------------------

RUN_IR = """
func.func @run(%src: memref<?xT>, %dst: memref<?xT>, %p: memref<4xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n64 = memref.load %p[%c0] : memref<4xi64>
  %so64 = memref.load %p[%c1] : memref<4xi64>
  %do64 = memref.load %p[%c2] : memref<4xi64>
  %s64 = memref.load %p[%c3] : memref<4xi64>
  %n = arith.index_cast %n64 : i64 to index
  %so = arith.index_cast %so64 : i64 to index
  %do = arith.index_cast %do64 : i64 to index
  %s = arith.index_cast %s64 : i64 to index
  slice.dynamic_copy_run %src[%so], %dst[%do] count %n source_stride %s
      : memref<?xT>, memref<?xT>
  func.return
}

func.func @run1(%src: memref<?xT>, %dst: memref<?xT>, %p: memref<4xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n64 = memref.load %p[%c0] : memref<4xi64>
  %so64 = memref.load %p[%c1] : memref<4xi64>
  %do64 = memref.load %p[%c2] : memref<4xi64>
  %n = arith.index_cast %n64 : i64 to index
  %so = arith.index_cast %so64 : i64 to index
  %do = arith.index_cast %do64 : i64 to index
  slice.dynamic_copy_run %src[%so], %dst[%do] count %n source_stride %c1
      : memref<?xT>, memref<?xT>
  func.return
}

func.func @run2d(%src: memref<?x3xT>, %dst: memref<?x?xT>, %p: memref<4xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n64 = memref.load %p[%c0] : memref<4xi64>
  %so64 = memref.load %p[%c1] : memref<4xi64>
  %do64 = memref.load %p[%c2] : memref<4xi64>
  %s64 = memref.load %p[%c3] : memref<4xi64>
  %n = arith.index_cast %n64 : i64 to index
  %so = arith.index_cast %so64 : i64 to index
  %do = arith.index_cast %do64 : i64 to index
  %s = arith.index_cast %s64 : i64 to index
  %sv = memref.collapse_shape %src [[0, 1]] : memref<?x3xT> into memref<?xT>
  %dv = memref.collapse_shape %dst [[0, 1]] : memref<?x?xT> into memref<?xT>
  slice.dynamic_copy_run %sv[%so], %dv[%do] count %n source_stride %s
      : memref<?xT>, memref<?xT>
  func.return
}
"""

ELEMENTS = {"f32": np.float32, "i8": np.int8, "f64": np.float64, "i16": np.int16}

DEST_MESSAGE = (
    "slice.dynamic_copy_run: a run of {0} elements written at offset {1} leaves the "
    "dest view of {2} elements"
)
SOURCE_MESSAGE = (
    "slice.dynamic_copy_run: a run of {0} elements at offset {1}, stride {2}, leaves "
    "the source view of {3} elements"
)


def reference_run(
    src: np.ndarray, dst: np.ndarray, n: int, so: int, do: int, s: int
) -> tuple[str, list[int]] | None:
    """What the run does to ``dst`` (in place), or the failure and its values."""
    if n <= 0:
        return None
    if do < 0 or do + n > dst.size:
        return DEST_MESSAGE, [n, do, dst.size]
    last = so + (n - 1) * s
    if not (0 <= so < src.size and 0 <= last < src.size):
        return SOURCE_MESSAGE, [n, so, s, src.size]
    dst[do : do + n] = src[[so + k * s for k in range(n)]]
    return None


def _interesting(rng: random.Random, size: int) -> int:
    return rng.choice(
        [
            INT64_MIN,
            INT64_MIN + 1,
            INT64_MAX,
            INT64_MAX - 1,
            2**62,
            -(2**62),
            2**32,
            -1,
            0,
            1,
            2,
            size - 1,
            size,
            size + 1,
            rng.randrange(-3, size + 3),
        ]
    )


def random_run(rng: random.Random, source: int, dest: int) -> tuple[int, int, int, int]:
    """``(count, source_offset, dest_offset, stride)``: mostly valid runs, often an
    extreme value in one or more places."""
    stride = rng.choice([1, -1, 2, -2, 3, -3, 5])
    count = rng.randrange(0, max(1, min(dest, source)) + 1)
    if stride > 0:
        room = source - 1 - (count - 1) * stride if count else source - 1
        so = rng.randrange(0, room + 1) if room >= 0 else 0
    else:
        low = (count - 1) * -stride if count else 0
        so = rng.randrange(low, source) if low < source else 0
    do = rng.randrange(0, dest - count + 1) if dest >= count else 0
    params = [count, so, do, stride]
    for _ in range(rng.choice([0, 0, 1, 1, 2, 4])):
        k = rng.randrange(4)
        params[k] = _interesting(rng, source if k != 2 else dest)
    return params[0], params[1], params[2], params[3]


def run_cases(sanitize: bool, seed: int, count: int) -> tuple[list[str], int, int]:
    """Random runs through ``@run``, ``@run1`` and ``@run2d`` for each element type:
    the failures (as text), how many runs copied (count > 0) and how many the guard
    refused."""
    outcomes = Outcomes()
    rng = random.Random(seed)
    for element, dtype in ELEMENTS.items():
        library, _ = build(RUN_IR.replace("xT>", f"x{element}>"), sanitize)
        for case in range(count):
            name = ("run", "run1", "run2d")[case % 3]
            rows = rng.randrange(0, 6)
            source = rows * 3 if name == "run2d" else rng.randrange(0, 20)
            dest_dims = [rng.randrange(0, 5), rng.randrange(0, 5)]
            dest = math_prod(dest_dims) if name == "run2d" else rng.randrange(0, 20)
            n, so, do, s = random_run(rng, source, dest)
            if name == "run1":
                s = 1
            src_buffer = np.arange(source + 2 * GUARD).astype(dtype)
            dst_buffer = np.full(dest + 2 * GUARD, -7).astype(dtype)
            src = src_buffer[GUARD : GUARD + source]
            dst = dst_buffer[GUARD : GUARD + dest]
            src_before, dst_before = src_buffer.copy(), dst_buffer.copy()
            expected = dst_buffer.copy()
            failure = reference_run(
                src_before[GUARD : GUARD + source],
                expected[GUARD : GUARD + dest],
                n,
                so,
                do,
                s,
            )
            params = np.array([n, so, do, s], np.int64)
            dims = [rows, *dest_dims] if name == "run2d" else [source, dest]
            code, values = call(library, name, [src, dst, params], dims)
            outcomes.check(
                f"{element} @{name} size {source}->{dest} n={n} so={so} do={do} s={s}",
                (library, code, values),
                failure,
                (src_buffer, src_before),
                (dst_buffer, dst_before, expected),
                copied=n > 0,
            )
    return outcomes.failures, outcomes.copied, outcomes.refused


@dataclass
class Outcomes:
    """The random-case loops' tally: what went wrong (as text), how many calls copied
    and how many the guard refused."""

    failures: list[str] = field(default_factory=list)
    copied: int = 0
    refused: int = 0

    def check(
        self,
        what: str,
        called: tuple[ctypes.CDLL, int, list[int]],
        failure: tuple[str, list[int]] | None,
        source: tuple[np.ndarray, np.ndarray],
        dest: tuple[np.ndarray, np.ndarray, np.ndarray],
        copied: bool,
    ) -> None:
        """One call against the reference (``outcome_failures``), counted as a copy
        where the reference copies and ``copied`` holds, else as a refusal."""
        self.copied += failure is None and copied
        self.refused += failure is not None
        self.failures += outcome_failures(what, called, failure, source, dest)


def outcome_failures(
    what: str,
    called: tuple[ctypes.CDLL, int, list[int]],
    failure: tuple[str, list[int]] | None,
    source: tuple[np.ndarray, np.ndarray],
    dest: tuple[np.ndarray, np.ndarray, np.ndarray],
) -> list[str]:
    """What is wrong with one call (``called``: the library, its return code and
    error values) against the reference's ``failure`` (``None``: it copies), given the
    source buffer before and after and the dest buffer after, before and as expected."""
    library, code, values = called
    src_buffer, src_before = source
    dst_buffer, dst_before, expected = dest
    found: list[str] = []
    if failure is None:
        if code != 0 or dst_buffer.tobytes() != expected.tobytes():
            found.append(f"{what}: code {code}, or the copy differs")
    else:
        template, wanted = failure
        if code == 0 or message(library, code) != template:
            found.append(f"{what}: code {code}, not the guard's")
        elif values[: len(wanted)] != wanted:
            found.append(f"{what}: values {values}, not {wanted}")
        elif dst_buffer.tobytes() != dst_before.tobytes():
            found.append(f"{what}: failed but wrote the destination")
    if src_buffer.tobytes() != src_before.tobytes():
        found.append(f"{what}: wrote the source")
    return found


def _parameters(names: Sequence[str]) -> str:
    """IR reading each of ``names`` as an ``index`` from ``%p: memref<10xi64>``, in
    order (and ``%c0`` to ``%c9``)."""
    lines = [f"  %c{k} = arith.constant {k} : index" for k in range(10)]
    for k, name in enumerate(names):
        lines.append(f"  %{name}64 = memref.load %p[%c{k}] : memref<10xi64>")
        lines.append(f"  %{name} = arith.index_cast %{name}64 : i64 to index")
    return "\n".join(lines) + "\n"


NEST_PARAMETERS = _parameters(
    ["n", "so", "do", "s", "b0", "ss0", "ds0", "b1", "ss1", "ds1"]
)

NEST_IR = (
    """
func.func @nest(%src: memref<?xT>, %dst: memref<?xT>, %p: memref<10xi64>) {
"""
    + NEST_PARAMETERS
    + """  %gate = arith.cmpi sgt, %b1, %c2 : index
  %unit = arith.cmpi eq, %s, %c1 : index
  scf.if %unit {
    slice.dynamic_copy_run %src[%so], %dst[%do] count %n source_stride %c1
        loops [%b0, %b1] source_steps [%ss0, %ss1] dest_steps [%ds0, %ds1]
        adaptive stream_working_set 64 string_move_bytes 8 prefetch_if %gate
        : memref<?xT>, memref<?xT>
  } else {
    slice.dynamic_copy_run %src[%so], %dst[%do] count %n source_stride %s
        loops [%b0, %b1] source_steps [%ss0, %ss1] dest_steps [%ds0, %ds1]
        adaptive stream_working_set 64 prefetch_if %gate : memref<?xT>, memref<?xT>
  }
  func.return
}

func.func @plain_nest(%src: memref<?xT>, %dst: memref<?xT>, %p: memref<10xi64>) {
"""
    + NEST_PARAMETERS
    + """  slice.dynamic_copy_run %src[%so], %dst[%do] count %n source_stride %s
      loops [%b0, %c1] source_steps [%ss0, %c0] dest_steps [%ds0, %c0]
      : memref<?xT>, memref<?xT>
  func.return
}
"""
)
"""Nests of runs (``loops``): ``@nest`` adaptive (every strategy, the row prefetch
gated on a run-time value, contiguous runs of 8 bytes or more by the string move, the
shorter ones by ``memcpy``), ``@plain_nest`` not (its second loop of one iteration);
parameters ``[count, source offset, dest offset, stride, bound0, source step0, dest
step0, bound1, source step1, dest step1]``."""

NEST_DEST_MESSAGE = (
    "slice.dynamic_copy_run: runs of {0} elements written from offset {1} in its "
    "loops leave the dest view of {2} elements"
)
NEST_SOURCE_MESSAGE = (
    "slice.dynamic_copy_run: runs of {0} elements from offset {1}, stride {2}, in "
    "its loops leave the source view of {3} elements"
)


def reference_nest(
    src: np.ndarray,
    dst: np.ndarray,
    run: tuple[int, int, int, int],
    loops: Sequence[tuple[int, int, int]],
) -> tuple[str, list[int]] | None:
    """What the nest does to ``dst`` (in place, its runs in row-major order), or the
    failure and its values: by definition, the lowest and highest offset of an affine
    nest are at its corners."""
    n, so, do, s = run
    if n <= 0 or any(b <= 0 for b, _, _ in loops):
        return None
    corners = list(itertools.product(*[(0, b - 1) for b, _, _ in loops], (0, n - 1)))
    writes = [do + sum(i * d for i, (_, _, d) in zip(c, loops)) + c[-1] for c in corners]
    if min(writes) < 0 or max(writes) >= dst.size:
        return NEST_DEST_MESSAGE, [n, do, dst.size]
    reads = [
        so + sum(i * t for i, (_, t, _) in zip(c, loops)) + c[-1] * s for c in corners
    ]
    if min(reads) < 0 or max(reads) >= src.size:
        return NEST_SOURCE_MESSAGE, [n, so, s, src.size]
    for index in itertools.product(*[range(b) for b, _, _ in loops]):
        source_at = so + sum(i * t for i, (_, t, _) in zip(index, loops))
        dest_at = do + sum(i * d for i, (_, _, d) in zip(index, loops))
        for k in range(n):
            dst[dest_at + k] = src[source_at + k * s]
    return None


def random_nest(
    rng: random.Random, source: int, dest: int
) -> tuple[tuple[int, int, int, int], list[tuple[int, int, int]]]:
    """A run and two loops around it: mostly in both views, often with an extreme
    value in one or more places."""
    n = rng.randrange(0, 6)
    s = rng.choice([1, 1, -1, 2, -2, 3, -3, 5])
    loops = [
        (rng.randrange(0, 4), rng.randrange(-9, 10), rng.randrange(0, 8)),
        (rng.randrange(0, 4), rng.randrange(-9, 10), rng.randrange(0, 8)),
    ]
    extents = [(n, s), *((b, t) for b, t, _ in loops)]
    low = sum(min(0, (c - 1) * t) for c, t in extents if c > 0)
    high = sum(max(0, (c - 1) * t) for c, t in extents if c > 0)
    so = rng.randrange(-low, source - high) if source - high > -low else 0
    dest_high = sum(
        (c - 1) * d for c, d in [(n, 1), *((b, d) for b, _, d in loops)] if c > 0
    )
    do = rng.randrange(0, dest - dest_high) if dest - dest_high > 0 else 0
    values = [n, so, do, s, *(v for loop in loops for v in loop)]
    for _ in range(rng.choice([0, 0, 0, 1, 1, 2])):
        k = rng.randrange(len(values))
        values[k] = _interesting(rng, dest if k == 2 else source)
    run = (values[0], values[1], values[2], values[3])
    return run, [
        (values[4], values[5], values[6]),
        (values[7], values[8], values[9]),
    ]


def run_nest_cases(sanitize: bool, seed: int, count: int) -> tuple[list[str], int, int]:
    """Random nests through ``@nest`` and ``@plain_nest`` for each element type, as
    ``run_cases`` runs runs."""
    outcomes = Outcomes()
    rng = random.Random(seed)
    for element, dtype in ELEMENTS.items():
        library, _ = build(NEST_IR.replace("xT>", f"x{element}>"), sanitize)
        for case in range(count):
            name = ("nest", "plain_nest")[case % 2]
            source, dest = rng.randrange(0, 60), rng.randrange(0, 60)
            run, loops = random_nest(rng, source, dest)
            if name == "plain_nest":
                loops[1] = (1, 0, 0)
            src_buffer = np.arange(source + 2 * GUARD).astype(dtype)
            dst_buffer = np.full(dest + 2 * GUARD, -7).astype(dtype)
            src_before, dst_before = src_buffer.copy(), dst_buffer.copy()
            expected = dst_buffer.copy()
            failure = reference_nest(
                src_before[GUARD : GUARD + source],
                expected[GUARD : GUARD + dest],
                run,
                loops,
            )
            params = np.array([*run, *(v for loop in loops for v in loop)], np.int64)
            code, values = call(
                library,
                name,
                [src_buffer[GUARD:-GUARD], dst_buffer[GUARD:-GUARD], params],
                [source, dest],
            )
            outcomes.check(
                f"{element} @{name} size {source}->{dest} run {run} loops {loops}",
                (library, code, values),
                failure,
                (src_buffer, src_before),
                (dst_buffer, dst_before, expected),
                copied=code == 0,
            )
    return outcomes.failures, outcomes.copied, outcomes.refused


def test_dynamic_copy_nest_against_reference() -> None:
    """Nests in both views copy every run in order (every strategy of an adaptive
    run); nests with any element outside a view (any int64 count, offset, stride,
    bound or step) return the guard's code and values and touch nothing."""
    failures, copied, refused = run_nest_cases(False, SEED, CASES)
    assert not failures, "\n".join(failures[:20])
    total = CASES * len(ELEMENTS)
    assert copied > total // 6 and refused > total // 10, (copied, refused)


def test_interpreter_runs_nests_as_the_reference() -> None:
    """The interpreter's nest (``slice_dialect/interpreter.py``) copies and fails as
    the reference (and so as the C): the same random nests, the same messages, nothing
    written when it fails."""
    from slice_dialect.errors import SliceError

    interpreter = make_interpreter(
        parse_module(NEST_IR.replace("xT>", "xi16>"), make_context())
    )
    rng = random.Random(SEED)
    outcomes = {"copied": 0, "refused": 0}
    for case in range(CASES):
        name = ("nest", "plain_nest")[case % 2]
        source, dest = rng.randrange(0, 60), rng.randrange(0, 60)
        run, loops = random_nest(rng, source, dest)
        if name == "plain_nest":
            loops[1] = (1, 0, 0)
        src = np.arange(source, dtype=np.int16)
        dst = np.full(dest, -7, np.int16)
        expected = dst.copy()
        failure = reference_nest(src.copy(), expected, run, loops)
        params = np.array([*run, *(v for loop in loops for v in loop)], np.int64)
        what = f"@{name} size {source}->{dest} run {run} loops {loops}"
        if failure is None:
            interpreter.call_op(name, (src, dst, params))
            np.testing.assert_array_equal(dst, expected, err_msg=what)
            outcomes["copied"] += 1
            continue
        template, values = failure
        with pytest.raises(SliceError) as info:
            interpreter.call_op(name, (src, dst, params))
        assert str(info.value) == template.format(*values), what
        np.testing.assert_array_equal(dst, np.full(dest, -7, np.int16), err_msg=what)
        outcomes["refused"] += 1
    assert min(outcomes.values()) > CASES // 10, outcomes


def test_dynamic_copy_nest_guards_once() -> None:
    """A nest's loops hold no guard: the C checks its extremes before the loops and
    chooses its copy once, each choice its own loops."""
    _, source = build(NEST_IR.replace("xT>", "xf32>"))
    nest = source[source.index("slice_nest(") :]
    nest = nest[: nest.index("\n}\n")]
    loops: list[int] = []  # the brace depth of each open loop
    depth = seen = 0
    for line in nest.splitlines():
        if line.strip().startswith("for (int64_t i"):
            loops.append(depth)
            seen += 1
        assert not ("return " in line and loops), f"a return inside the loops: {line}"
        depth += line.count("{") - line.count("}")
        while loops and depth <= loops[-1]:
            loops.pop()
    assert seen >= 2 * 9  # two loops for each of the 9 choices of the two ops
    assert nest.count("slice_copy_reversed(") == 1
    assert nest.count("memcpy(") == 1
    # the element loop: plain for 4-byte elements; for bytes, not vectorized from
    # SCALAR_LOOP_MIN elements (c.SCALAR_LOOP_ELEMENT_BYTES)
    assert "SLICE_NO_VECTORIZE();" not in nest
    _, byte_source = build(NEST_IR.replace("xT>", "xi8>"))
    byte_nest = byte_source[byte_source.index("slice_nest(") :]
    byte_nest = byte_nest[: byte_nest.index("\n}\n")]
    assert "if (n >= 4) {" in byte_nest
    assert byte_nest.count("SLICE_NO_VECTORIZE();") == 2


def math_prod(values: Sequence[int]) -> int:
    result = 1
    for v in values:
        result *= v
    return result


def test_dynamic_copy_run_against_numpy() -> None:
    """Valid runs copy what numpy's slicing copies; invalid ones (any int64 count,
    offset, stride) return the guard's code and values and touch nothing."""
    failures, copied, refused = run_cases(False, SEED, CASES)
    assert not failures, "\n".join(failures[:20])
    total = CASES * len(ELEMENTS)
    print(f"dynamic runs: {total}, {copied} copied, {refused} refused by the guard")
    assert copied > total // 6 and refused > total // 10


def test_dynamic_copy_run_memcpy_and_loop() -> None:
    """A stride given by ``arith.constant 1`` is a memcpy; a run-time one a loop."""
    _, source = build(RUN_IR.replace("xT>", "xf32>"))
    run1 = source[source.index("slice_run1(") :]
    run1 = run1[: run1.index("\n}\n")]
    assert "memcpy(" in run1 and "for (" not in run1
    run = source[source.index("slice_run(") :]
    run = run[: run.index("\n}\n")]
    assert "memcpy(" not in run and "k * s" in run


def test_dynamic_copy_run_extremes_exhaustively() -> None:
    """Every combination of extreme count, offsets and stride on small views."""
    library, _ = build(RUN_IR.replace("xT>", "xi8>"))
    extremes = [INT64_MIN, INT64_MIN + 1, -(2**62), -1, 0, 1, 3, 4, 2**62, INT64_MAX]
    src_buffer = np.arange(4 + 2 * GUARD, dtype=np.int8)
    dst_buffer = np.zeros(4 + 2 * GUARD, np.int8)
    src, dst = src_buffer[GUARD:-GUARD], dst_buffer[GUARD:-GUARD]
    checked = 0
    for n in extremes:
        for so in extremes:
            for do in extremes:
                for s in extremes:
                    dst_buffer[:] = 0
                    expected = dst_buffer.copy()
                    failure = reference_run(
                        src.copy(), expected[GUARD:-GUARD], n, so, do, s
                    )
                    params = np.array([n, so, do, s], np.int64)
                    code, _ = call(library, "run", [src, dst, params], [4, 4])
                    assert (code == 0) == (failure is None), (n, so, do, s, code)
                    assert dst_buffer.tobytes() == expected.tobytes(), (n, so, do, s)
                    checked += 1
    assert checked == len(extremes) ** 4


def asan_env() -> dict[str, str]:
    try:
        env = runtime.asan_environment()
    except Exception as e:  # no libasan for this compiler
        pytest.skip(f"no sanitizer runtime: {e}")
    return env


def test_dynamic_copy_run_under_sanitizers() -> None:
    """The random runs again, compiled with ASan + UBSan (no recovery), in a
    subprocess: no report, every result right."""
    count = max(30, CASES // 4)
    result = subprocess.run(
        [sys.executable, __file__, "--worker", str(SEED), str(count)],
        env=asan_env(),
        capture_output=True,
        text=True,
        timeout=1800,
    )
    reports = [
        line
        for line in result.stderr.splitlines()
        if "AddressSanitizer" in line or "runtime error:" in line
    ]
    assert not reports, result.stderr[-4000:]
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    assert f"dynamic runs: {count * len(ELEMENTS)} run, 0 failures" in result.stdout
    runs = (
        len(SHORT_GATHER_ELEMENTS) * len(SHORT_GATHER_COUNTS) * len(SHORT_GATHER_STRIDES)
    )
    assert f"short gathers: {runs} run, 0 failures" in result.stdout


def test_sanitizer_canary() -> None:
    """Control: a caller that lies in ``slice_dims`` (views larger than its arrays)
    makes the sanitized build read out of bounds, and ASan reports it; so the runs
    above really are checked."""
    result = subprocess.run(
        [sys.executable, __file__, "--canary"],
        env=asan_env(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert "AddressSanitizer" in result.stderr, result.stderr[-2000:]
    assert result.returncode != 0


def canary() -> int:
    library, _ = build(RUN_IR.replace("xT>", "xf32>"), sanitize=True)
    src, dst = np.zeros(4, np.float32), np.zeros(4, np.float32)
    params = np.array([1000, 0, 0, 1], np.int64)
    call(library, "run1", [src, dst, params], [1000, 1000])
    return 0


SHORT_GATHER_ELEMENTS = {
    "i8": np.int8,
    "i16": np.int16,
    "f32": np.float32,
    "f64": np.float64,
    "complex<f64>": np.complex128,
}
SHORT_GATHER_COUNTS = range(MIN_SCALAR_GATHER - 8, MIN_SCALAR_GATHER + 1)
SHORT_GATHER_STRIDES = (2, -2, 3, -3, 5, -7, 64)


def short_gather_failures(sanitize: bool) -> tuple[list[str], int]:
    """``@run`` on runs of 8 to 16 elements of each gather width at strides of 2 or
    more either way, each from a source of exactly the run's span (so that a read past
    it is outside the array, for ASan): the runs ``dynamic_gather_min`` sends to the
    gathers or keeps in the element loop. The failures, and how many runs."""
    failures: list[str] = []
    runs = 0
    for element, dtype in SHORT_GATHER_ELEMENTS.items():
        library, _ = build(RUN_IR.replace("xT>", f"x{element}>"), sanitize)
        for n in SHORT_GATHER_COUNTS:
            for s in SHORT_GATHER_STRIDES:
                span = (n - 1) * abs(s) + 1
                so = 0 if s > 0 else span - 1
                src = (np.arange(span) % 113 + 1).astype(dtype)
                dst = np.zeros(n, dtype)
                params = np.array([n, so, 0, s], np.int64)
                code, _ = call(library, "run", [src, dst, params], [span, n])
                runs += 1
                if code != 0 or not np.array_equal(dst, src[so::s][:n]):
                    failures.append(f"{element} n={n} stride {s}: code {code}")
    return failures, runs


def test_short_gathers() -> None:
    """Runs of 8 to 16 elements at strides of 2 or more, around each width's
    ``dynamic_gather_min``, copy exactly their elements (sanitized in the worker)."""
    failures, runs = short_gather_failures(False)
    assert runs == (
        len(SHORT_GATHER_ELEMENTS) * len(SHORT_GATHER_COUNTS) * len(SHORT_GATHER_STRIDES)
    )
    assert not failures, failures[:20]


def worker(seed: int, count: int) -> int:
    failures, _, _ = run_cases(True, seed, count)
    failures += run_nest_cases(True, seed, count)[0]
    short, runs = short_gather_failures(True)
    for failure in (failures + short)[:50]:
        print(failure, flush=True)
    print(f"dynamic runs: {count * len(ELEMENTS)} run, {len(failures)} failures")
    print(f"short gathers: {runs} run, {len(short)} failures")
    return 1 if failures or short else 0


# --- integer arithmetic ---------------------------------------------------------------


def wrap(value: int, width: int) -> int:
    """``value`` modulo 2^width, as a signed integer."""
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


def divsi(a: int, b: int, width: int) -> int:
    """DYNAMIC.md's total signed division: rounds to zero, ``a / 0 = 0``,
    ``MIN / -1 = MIN``."""
    if b == 0:
        return 0
    q = abs(a) // abs(b)
    return wrap(q if (a >= 0) == (b > 0) else -q, width)


def remsi(a: int, b: int, width: int) -> int:
    if b in (0, -1):
        return 0
    return a - divsi(a, b, width) * b


PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]


def compare(predicate: str, a: int, b: int, width: int) -> int:
    ua, ub = a % (1 << width), b % (1 << width)
    x, y = (ua, ub) if predicate.startswith("u") else (a, b)
    op = predicate[-2:] if predicate not in ("eq", "ne") else predicate
    return int(
        {
            "eq": x == y,
            "ne": x != y,
            "lt": x < y,
            "le": x <= y,
            "gt": x > y,
            "ge": x >= y,
        }[op]
    )


def _comparison(predicate: str, width: int) -> object:
    return lambda a, b: compare(predicate, a, b, width)


def arith_program(width: int) -> tuple[str, list[tuple[str, object]]]:
    """``@arith(%a, %b, %out)``: every binary op on ``a[i]`` and ``b[i]`` (iN, N =
    width) stored, sign-extended to i64, in ``out[i, k]``; with what each computes."""
    t = f"i{width}"
    ops: list[tuple[str, object]] = [
        ("arith.addi", lambda a, b: wrap(a + b, width)),
        ("arith.subi", lambda a, b: wrap(a - b, width)),
        ("arith.muli", lambda a, b: wrap(a * b, width)),
        ("arith.divsi", lambda a, b: divsi(a, b, width)),
        ("arith.remsi", lambda a, b: remsi(a, b, width)),
        ("arith.maxsi", max),
        ("arith.minsi", min),
        ("arith.andi", lambda a, b: wrap(a & b, width)),
        ("arith.ori", lambda a, b: wrap(a | b, width)),
        ("arith.xori", lambda a, b: wrap(a ^ b, width)),
    ]
    ops += [(p, _comparison(p, width)) for p in PREDICATES]
    body = []
    for k, (op, _) in enumerate(ops):
        if op in PREDICATES:
            body.append(f"    %r{k}b = arith.cmpi {op}, %a, %b : {t}")
            body.append(f"    %r{k} = arith.extui %r{k}b : i1 to i64")
        elif width == 64:
            body.append(f"    %r{k} = {op} %a, %b : {t}")
        else:
            body.append(f"    %r{k}n = {op} %a, %b : {t}")
            body.append(f"    %r{k} = arith.extsi %r{k}n : {t} to i64")
        body.append(f"    %k{k} = arith.constant {k} : index")
        body.append(f"    memref.store %r{k}, %out[%i, %k{k}] : memref<NxKxi64>")
    text = f"""
func.func @arith(%x: memref<Nx{t}>, %y: memref<Nx{t}>, %out: memref<NxKxi64>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cn = arith.constant N : index
  scf.for %i = %c0 to %cn step %c1 {{
    %a = memref.load %x[%i] : memref<Nx{t}>
    %b = memref.load %y[%i] : memref<Nx{t}>
{chr(10).join(body)}
  }}
  func.return
}}
"""
    return text, ops


@pytest.mark.parametrize("width", [64, 32, 16, 8, 1])
def test_integer_arithmetic_is_total_and_wraps(width: int) -> None:
    """Wrapping add/sub/mul, total divsi/remsi (x / 0, MIN / -1, x % 0, x % -1),
    max/min, bitwise ops and every cmpi predicate, against Python, on extremes and
    random values, in C and in the interpreter (on ``i1``, whose values are 0 and
    -1, too: ``-1 / -1`` wraps to -1)."""
    low, high = -(2 ** (width - 1)), 2 ** (width - 1) - 1
    extremes = (low, low + 1, -2, -1, 0, 1, 2, 7, high - 1, high)
    special = sorted({v for v in extremes if low <= v <= high})
    pairs = [(a, b) for a in special for b in special]
    rng = random.Random(SEED + width)
    pairs += [(rng.randint(low, high), rng.randint(low, high)) for _ in range(200)]
    pairs += [
        (rng.randint(low, high), rng.choice([0, -1, 1][: 3 if width > 1 else 2]))
        for _ in range(50)
    ]
    text, ops = arith_program(width)
    n = len(pairs)
    lowered = text.replace("N", str(n)).replace("K", str(len(ops)))
    library, _ = build(lowered)
    dtype = {64: np.int64, 32: np.int32, 16: np.int16, 8: np.int8, 1: np.bool_}[width]
    x = np.array([a for a, _ in pairs]).astype(dtype)
    y = np.array([b for _, b in pairs]).astype(dtype)
    out = np.zeros((n, len(ops)), np.int64)
    assert call(library, "arith", [x, y, out]) == (0, [0, 0, 0, 0])
    interpreted = np.zeros_like(out)
    make_interpreter(parse_module(lowered, make_context())).call_op(
        "arith", (x, y, interpreted)
    )
    for i, (a, b) in enumerate(pairs):
        for k, (name, compute) in enumerate(ops):
            assert out[i, k] == compute(a, b), (name, a, b, int(out[i, k]))  # type: ignore[operator]
    np.testing.assert_array_equal(interpreted, out)


I1_REMAINDER_IR = """
func.func @rem(%x: memref<4xi8>, %out: memref<4xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %a8 = memref.load %x[%i] : memref<4xi8>
    %z = arith.constant 0 : i8
    %a = arith.cmpi slt, %a8, %z : i8
    %b = arith.cmpi ne, %a8, %z : i8
    %q = arith.remsi %a, %b : i1
    %e = arith.extsi %q : i1 to i64
    memref.store %e, %out[%i] : memref<4xi64>
  }
  func.return
}
"""


def test_an_i1_remainder_reads_its_operands() -> None:
    """An ``i1`` ``remsi`` is 0 whatever its operands, but still reads them: a value
    only it reads is no unused variable for a ``-Werror`` build (review 72)."""
    library, source = build(I1_REMAINDER_IR)
    assert c_warnings(source) == ""
    x = np.array([-3, 0, 5, -1], np.int8)
    out = np.full(4, 7, np.int64)
    assert call(library, "rem", [x, out]) == (0, [0, 0, 0, 0])
    assert out.tolist() == [0, 0, 0, 0]


CAST_IR = """
func.func @casts(%x: memref<Nxi64>, %out: memref<Nx8xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cn = arith.constant N : index
  %k0 = arith.constant 0 : index
  %k1 = arith.constant 1 : index
  %k2 = arith.constant 2 : index
  %k3 = arith.constant 3 : index
  %k4 = arith.constant 4 : index
  %k5 = arith.constant 5 : index
  %k6 = arith.constant 6 : index
  %k7 = arith.constant 7 : index
  scf.for %i = %c0 to %cn step %c1 {
    %a = memref.load %x[%i] : memref<Nxi64>
    %t8 = arith.trunci %a : i64 to i8
    %s8 = arith.extsi %t8 : i8 to i64
    %u8 = arith.extui %t8 : i8 to i64
    %t16 = arith.trunci %a : i64 to i16
    %u16 = arith.extui %t16 : i16 to i32
    %u16l = arith.extsi %u16 : i32 to i64
    %t32 = arith.trunci %a : i64 to i32
    %s32 = arith.index_cast %t32 : i32 to index
    %s32l = arith.index_cast %s32 : index to i64
    %t1 = arith.trunci %a : i64 to i1
    %s1 = arith.extsi %t1 : i1 to i64
    %u1 = arith.extui %t1 : i1 to i64
    %ix = arith.index_cast %a : i64 to index
    %i32 = arith.index_cast %ix : index to i32
    %i32l = arith.extsi %i32 : i32 to i64
    %zero = arith.constant 0 : i64
    %neg = arith.cmpi slt, %a, %zero : i64
    %sel = arith.select %neg, %s8, %u8 : i64
    memref.store %s8, %out[%i, %k0] : memref<Nx8xi64>
    memref.store %u8, %out[%i, %k1] : memref<Nx8xi64>
    memref.store %u16l, %out[%i, %k2] : memref<Nx8xi64>
    memref.store %s32l, %out[%i, %k3] : memref<Nx8xi64>
    memref.store %s1, %out[%i, %k4] : memref<Nx8xi64>
    memref.store %u1, %out[%i, %k5] : memref<Nx8xi64>
    memref.store %i32l, %out[%i, %k6] : memref<Nx8xi64>
    memref.store %sel, %out[%i, %k7] : memref<Nx8xi64>
  }
  func.return
}
"""


def test_casts() -> None:
    """trunci, extsi, extui, index_cast between i1, i8, i16, i32, i64 and index, and
    select, as MLIR defines them (truncation modulo 2^N, i1 true sign-extends to -1)."""
    values = [
        INT64_MIN,
        INT64_MAX,
        -1,
        0,
        1,
        127,
        128,
        255,
        256,
        -129,
        65535,
        2**31,
        -(2**31) - 1,
    ]
    rng = random.Random(SEED)
    values += [rng.randint(INT64_MIN, INT64_MAX) for _ in range(100)]
    n = len(values)
    library, _ = build(CAST_IR.replace("N", str(n)))
    x = np.array(values, np.int64)
    out = np.zeros((n, 8), np.int64)
    assert call(library, "casts", [x, out])[0] == 0
    for i, a in enumerate(values):
        s8, u8 = wrap(a, 8), a % 256
        expected = [s8, u8, a % 65536, wrap(a, 32), -(a & 1), a & 1, wrap(a, 32)]
        expected.append(s8 if a < 0 else u8)
        assert out[i].tolist() == expected, a


def test_intervals_contain_the_c_results() -> None:
    """c_safety's interval of each op result contains the value the C computes: on
    constant operands (points) the intervals are exact, so they must equal it."""
    rng = random.Random(SEED + 1)
    special = [INT64_MIN, INT64_MIN + 1, -(2**32), -3, -1, 0, 1, 5, 2**40, INT64_MAX]
    for width in (64, 32, 8):
        low, high = -(2 ** (width - 1)), 2 ** (width - 1) - 1
        pairs = [(wrap(a, width), wrap(b, width)) for a in special for b in special[::3]]
        pairs += [(rng.randint(low, high), rng.randint(low, high)) for _ in range(10)]
        t = f"i{width}"
        _, ops = arith_program(width)
        for a, b in pairs:
            lines = [
                f"  %a = arith.constant {a} : {t}",
                f"  %b = arith.constant {b} : {t}",
            ]
            results = []
            for k, (op, _) in enumerate(ops):
                if op in PREDICATES:
                    lines.append(f"  %r{k} = arith.cmpi {op}, %a, %b : {t}")
                else:
                    lines.append(f"  %r{k} = {op} %a, %b : {t}")
                results.append(f"%r{k}")
            text = "func.func @f() {\n" + "\n".join(lines) + "\n  func.return\n}\n"
            module = parse_module(text, make_context())
            function = next(iter(module.ops))
            checker = FunctionChecker(function)  # type: ignore[arg-type]
            checker.check()
            for k, (name, compute) in enumerate(ops):
                op = list(function.walk())[3 + k]  # type: ignore[attr-defined]
                interval = checker.intervals[op.results[0]]
                value = compute(a, b)  # type: ignore[operator]
                assert interval.lo <= value <= interval.hi, (name, a, b, interval)


# --- checks and error codes -----------------------------------------------------------

CHECK_IR = """
func.func @check(%p: memref<2xi64>, %out: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %step = memref.load %p[%c0] : memref<2xi64>
  %axis = memref.load %p[%c1] : memref<2xi64>
  %ok = arith.cmpi ne, %step, %zero : i64
  slice.check %ok, "slice.onnx: steps[0] = 0: a step must be non-zero"
  %lo = arith.constant -2 : i64
  %hi = arith.constant 1 : i64
  %above = arith.cmpi sge, %axis, %lo : i64
  %below = arith.cmpi sle, %axis, %hi : i64
  %in = arith.andi %above, %below : i1
  slice.check %in, "slice.onnx: axes[0] = {0} is out of range [{1}, {2}] for rank 2", %axis, %lo, %hi
  %q = arith.divsi %axis, %step : i64
  memref.store %q, %out[%c0] : memref<1xi64>
  func.return
}

func.func @view(%x: memref<?x?xf32>, %out: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %v = memref.collapse_shape %x [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  %n = memref.dim %v, %c0 : memref<?xf32>
  %n64 = arith.index_cast %n : index to i64
  memref.store %n64, %out[%c0] : memref<1xi64>
  func.return
}
"""


def test_failing_check_returns_its_code_and_values() -> None:
    library, _ = build(CHECK_IR)
    out = np.zeros(1, np.int64)
    assert call(library, "check", [np.array([3, -1], np.int64), out]) == (0, [0] * 4)
    assert out[0] == 0  # -1 / 3 rounds to zero
    code, values = call(library, "check", [np.array([0, 1], np.int64), out])
    assert code > 1
    assert message(library, code) == "slice.onnx: steps[0] = 0: a step must be non-zero"
    code, values = call(library, "check", [np.array([2, INT64_MIN], np.int64), out])
    template = message(library, code)
    assert template == "slice.onnx: axes[0] = {0} is out of range [{1}, {2}] for rank 2"
    assert template.format(*values) == (
        f"slice.onnx: axes[0] = {INT64_MIN} is out of range [-2, 1] for rank 2"
    )
    assert message(library, 1) == "memory allocation of {0} bytes failed"
    assert message(library, 999) == "unknown error code"


def test_dims_are_checked() -> None:
    """A negative dim in ``slice_dims`` and a view whose element count leaves
    int64_t are error codes, never an access; a fine view has the product size."""
    library, _ = build(CHECK_IR)
    x = np.zeros(6, np.float32)
    out = np.zeros(1, np.int64)
    assert call(library, "view", [x, out], [2, 3])[0] == 0 and out[0] == 6
    code, values = call(library, "view", [x, out], [2, -3])
    assert message(library, code).format(*values) == (
        "slice_dims[1] = -3: a dim must be at least 0"
    )
    code, values = call(library, "view", [x, out], [2**62, 4])
    assert message(library, code).format(*values) == (
        f"memref.collapse_shape: a view of {2**62} x 4 elements has more than "
        "INT64_MAX elements"
    )
    assert call(library, "view", [x, out], [0, INT64_MAX])[0] == 0 and out[0] == 0


MUL_FALLBACK = r"""
#include <stdint.h>
#include <stdio.h>
#undef __GNUC__
HELPER
int main(void) {
    const int64_t v[] = {INT64_MIN, INT64_MIN + 1, -3037000500, -3037000499, -65536,
                         -2, -1, 0, 1, 2, 65536, 3037000499, 3037000500,
                         INT64_MAX - 1, INT64_MAX};
    for (int i = 0; i < 15; i++)
        for (int j = 0; j < 15; j++) {
            int64_t r = 0;
            int o = slice_mul_overflows(v[i], v[j], &r);
            printf("%d %lld\n", o, o ? 0LL : (long long)r);
        }
    return 0;
}
"""


def test_portable_mul_overflow_fallback(tmp_path: Path) -> None:
    """The ``#else`` branch of ``slice_mul_overflows`` (compilers without
    ``__builtin_mul_overflow``) agrees with exact arithmetic."""
    from slice_dialect.backend.c import MUL_OVERFLOWS_HELPER

    helper = MUL_OVERFLOWS_HELPER.replace("#if defined(__GNUC__)", "#if 0")
    source = tmp_path / "fallback.c"
    source.write_text(MUL_FALLBACK.replace("HELPER", helper))
    binary = tmp_path / "fallback"
    cc = runtime.CompilerConfig.from_environment().command
    subprocess.run(
        [
            *cc,
            "-std=c99",
            "-O1",
            "-fsanitize=undefined",
            "-fno-sanitize-recover=all",
            str(source),
            "-o",
            str(binary),
        ],
        check=True,
    )
    lines = subprocess.run([str(binary)], check=True, capture_output=True, text=True)
    values = [
        INT64_MIN,
        INT64_MIN + 1,
        -3037000500,
        -3037000499,
        -65536,
        -2,
        -1,
        0,
        1,
        2,
        65536,
        3037000499,
        3037000500,
        INT64_MAX - 1,
        INT64_MAX,
    ]
    got = lines.stdout.split("\n")
    k = 0
    for a in values:
        for b in values:
            product = a * b
            overflow = not INT64_MIN <= product <= INT64_MAX
            assert got[k] == ("1 0" if overflow else f"0 {product}"), (a, b, got[k])
            k += 1


PREFETCH_ROWS_DRIVER = r"""
#include <stdint.h>
#include <stdio.h>
static uint64_t prefetches, outside;
static uintptr_t low, high;
static inline void slice_prefetch(const void *p) {
    const uintptr_t a = (uintptr_t)p;
    prefetches += 1;
    outside += a < low || a >= high;
}
HELPERS
static uint64_t state = 20261123;
/* an extreme, an ordinary value, or one near +-scale (the source's end) */
static int64_t pick(int64_t scale) {
    static const int64_t v[] = {INT64_MIN, INT64_MIN + 1, -(INT64_C(1) << 62), -4097,
                                -256, -2, -1, 0, 1, 2, 3, 12, 24, 256, 1024, 4096,
                                1 << 20, INT64_C(1) << 31, INT64_C(1) << 62,
                                INT64_MAX - 1, INT64_MAX};
    state = state * 6364136223846793005u + 1442695040888963407u;
    const uint64_t r = state >> 33;
    const int64_t near = scale - (int64_t)((r >> 3) % 5000);
    switch (r % 5) {
    case 0: return (int64_t)((r >> 3) % 70000) - 35000;
    case 1: return (int64_t)((r >> 3) % 64);
    case 2: return (r >> 3) & 1 ? near : -near;
    default: return v[(r >> 3) % (sizeof v / sizeof v[0])];
    }
}
int main(void) {
    static const int64_t sizes[] = {1, 2, 4, 8, 16};
    static const int64_t source_sizes[] = {0, 1000, 1 << 20, 1 << 22, INT64_C(1) << 40,
                                           INT64_MAX / 4, INT64_MAX / 2, INT64_MAX};
    const char *base = (const char *)(uintptr_t)4096;
    for (int k = 0; k < 1000000; k++) {
        const int64_t size = sizes[k % 5];
        int64_t source_size = source_sizes[(k / 5) % 8];
        if (source_size > INT64_MAX / size)
            source_size = INT64_MAX / size;  /* a view of so many elements fits */
        low = (uintptr_t)base;
        high = low + (uintptr_t)source_size * (uintptr_t)size;
        const int64_t z = source_size;
        slice_prefetch_rows(base, z, pick(z), pick(4096), pick(8), pick(64), pick(64),
                            pick(4096), k & 1 ? pick(z) : 0, size, 1024, 262144);
    }
    printf("%llu %llu\n", (unsigned long long)prefetches, (unsigned long long)outside);
    return 0;
}
"""


def test_prefetch_rows_helper_for_any_values(tmp_path: Path) -> None:
    """``slice_prefetch_rows`` (a dynamic run's prefetch of the rows ahead, in the
    loops' order) on a million random calls mixing int64 extremes with ordinary values
    of every argument: compiled with UBSan (no recovery), no arithmetic overflows and
    every prefetched address lies inside the source view."""
    from slice_dialect.backend.c import MUL_OVERFLOWS_HELPER, PREFETCH_ROWS_HELPER

    source = tmp_path / "prefetch_rows.c"
    helpers = MUL_OVERFLOWS_HELPER + PREFETCH_ROWS_HELPER
    source.write_text(PREFETCH_ROWS_DRIVER.replace("HELPERS", helpers))
    binary = tmp_path / "prefetch_rows"
    cc = runtime.CompilerConfig.from_environment().command
    flags = ["-std=c99", "-O1", "-fsanitize=undefined", "-fno-sanitize-recover=all"]
    subprocess.run([*cc, *flags, str(source), "-o", str(binary)], check=True)
    result = subprocess.run([str(binary)], check=True, capture_output=True, text=True)
    assert "runtime error" not in result.stderr, result.stderr[-2000:]
    prefetches, outside = map(int, result.stdout.split())
    assert outside == 0
    assert prefetches > 1000  # the random calls reach the prefetch


if __name__ == "__main__" and sys.argv[1:2] == ["--worker"]:
    sys.exit(worker(int(sys.argv[2]), int(sys.argv[3])))
if __name__ == "__main__" and sys.argv[1:2] == ["--canary"]:
    sys.exit(canary())


def test_messages_and_names_cannot_escape_the_c_text() -> None:
    """A slice.check message and a function name with quotes, backslashes, ``*/``,
    newlines, trigraphs (``??/``) and non-ASCII characters compile, and the message
    comes back unchanged from ``error_message``."""
    from xdsl.dialects.builtin import StringAttr

    from slice_dialect.dialect import CheckOp

    template = 'a "quoted" \\ path */ ??/\n{0} é ??= end'
    name = "x*/ int evil; /*??/"
    text = (
        "func.func @f(%p: memref<1xi64>) {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %v = memref.load %p[%c0] : memref<1xi64>\n"
        "  %zero = arith.constant 0 : i64\n"
        "  %ok = arith.cmpi eq, %v, %zero : i64\n"
        '  slice.check %ok, "{0}", %v\n'
        "  func.return\n"
        "}\n"
    )
    module = parse_module(text, make_context())
    for op in module.walk():
        if isinstance(op, CheckOp):
            op.properties["message"] = StringAttr(template)
        if op.name == "func.func":
            op.properties["sym_name"] = StringAttr(name)
    source = emit_c(module)
    assert "x*/" not in source and "??/" not in source
    library = ctypes.CDLL(str(runtime.build_shared_library(source)))
    function = getattr(library, c_symbol(name))
    function.restype = ctypes.c_int32
    values = np.zeros(4, np.int64)
    p = np.array([5], np.int64)
    code = function(ctypes.c_void_p(p.ctypes.data), ctypes.c_void_p(values.ctypes.data))
    assert message(library, code) == template
    assert message(library, code).format(*values) == template.format(5)


# --- c_safety on dynamic functions ----------------------------------------------------

BOUNDED_IR = """
func.func @bounded(%p: memref<1xi64>, %x: memref<4xf32>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %m = arith.constant M : i64
  %zero = arith.constant 0 : i64
  %v = memref.load %p[%c0] : memref<1xi64>
  %r = arith.remsi %v, %m : i64
  %nonneg = arith.maxsi %r, %zero : i64
  %i = arith.index_cast %nonneg : i64 to index
  %e = memref.load %x[%i] : memref<4xf32>
  memref.store %e, %out[%c0] : memref<1xf32>
  func.return
}
"""


def test_intervals_of_run_time_values_bound_accesses() -> None:
    """A run-time value bounded by remsi and maxsi may index a static memref (the
    interval [0, 3] fits memref<4xf32>); with a modulus of 5 it may not. Loads of
    the run index give the remainder's element."""
    from slice_dialect.errors import SliceError

    library, _ = build(BOUNDED_IR.replace("M", "4"))
    x = np.array([10, 11, 12, 13], np.float32)
    for value, index in ((7, 3), (-7, 0), (INT64_MIN, 0), (INT64_MAX, 3)):
        out = np.zeros(1, np.float32)
        p = np.array([value], np.int64)
        assert call(library, "bounded", [p, x, out])[0] == 0
        assert out[0] == x[index], value
    with pytest.raises(
        SliceError, match=r"memref.load: the index may be anywhere in \[0, 4\]"
    ):
        emit_c(parse_module(BOUNDED_IR.replace("M", "5"), make_context()))


IF_IR = """
func.func @branch(%x: memref<4xf32>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c9 = arith.constant 9 : index
  %cond = arith.constant COND
  scf.if %cond {
    %e = memref.load %x[%c9] : memref<4xf32>
    memref.store %e, %out[%c0] : memref<1xf32>
  }
  func.return
}
"""


def test_scf_if_branches_that_may_run_are_checked() -> None:
    """An out-of-bounds load under ``scf.if false`` never runs (accepted); under
    ``true`` or a run-time condition it is refused."""
    from slice_dialect.errors import SliceError

    emit_c(parse_module(IF_IR.replace("COND", "false"), make_context()))
    with pytest.raises(SliceError, match=r"memref\.load: the index is 9, outside"):
        emit_c(parse_module(IF_IR.replace("COND", "true"), make_context()))
    text = IF_IR.replace(
        "%cond = arith.constant COND",
        "%d = memref.dim %x, %c0 : memref<4xf32>\n  %cond = arith.cmpi eq, %d, %c9 : index",
    )
    # memref.dim of a static dim is the point 4, so 4 == 9 may still be "true" as
    # far as intervals go ([0, 1]): refused
    with pytest.raises(SliceError, match=r"memref\.load: the index is 9, outside"):
        emit_c(parse_module(text, make_context()))


def test_run_time_loop_bounds() -> None:
    """A loop up to a ``?`` dim with step 1 is fine (the copy inside guards itself);
    a load indexed by its counter from a static memref is refused."""
    from slice_dialect.errors import SliceError

    text = """
    func.func @loop(%x: memref<?xf32>, %y: memref<4xf32>, %out: memref<?xf32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = memref.dim %x, %c0 : memref<?xf32>
      scf.for %i = %c0 to %n step %c1 {
        slice.dynamic_copy_run %x[%i], %out[%i] count %c1 source_stride %c1
            : memref<?xf32>, memref<?xf32>
        LOAD
      }
      func.return
    }
    """
    library, _ = build(text.replace("LOAD", ""))
    x = np.arange(5, dtype=np.float32)
    out = np.zeros(5, np.float32)
    assert call(library, "loop", [x, np.zeros(4, np.float32), out], [5, 5])[0] == 0
    assert out.tolist() == x.tolist()
    short = np.zeros(3, np.float32)
    code, values = call(library, "loop", [x, np.zeros(4, np.float32), short], [5, 3])
    assert message(library, code).format(*values) == DEST_MESSAGE.format(1, 3, 3)
    load = "%e = memref.load %y[%i] : memref<4xf32>"
    with pytest.raises(
        SliceError,
        match=r"memref.load: the index may be anywhere in \[0, 9223372036854775806\]",
    ):
        emit_c(parse_module(text.replace("LOAD", load), make_context()))


def test_slice_dims_layout() -> None:
    """The order of ``slice_dims``: every ? dim of every memref argument in order."""
    from xdsl.dialects.builtin import MemRefType, f32, i64

    from slice_dialect.backend.c import slice_dims_layout

    types = [
        MemRefType(f32, [-1, 6]),
        MemRefType(i64, [2]),
        MemRefType(f32, [-1, -1]),
    ]
    assert slice_dims_layout(types) == [(0, 0), (2, 0), (2, 1)]
    assert slice_dims_layout([MemRefType(f32, [4])]) == []


@pytest.mark.parametrize(
    ("shape", "into", "ok"),
    [
        ("?x6", "?", True),
        ("2x3", "?", True),
        ("2x3", "6", True),
        ("?", "8", False),  # a static size claimed for a ? dim
        ("?x6", "12", False),
    ],
)
def test_views_of_dynamic_memrefs(shape: str, into: str, ok: bool) -> None:
    """A ``?`` dim of a view comes from a group with a ``?`` dim (or a computed
    product); a static dim claimed for a group with a ``?`` dim is refused."""
    from slice_dialect.errors import SliceError

    rank = len(shape.split("x"))
    text = f"""
    func.func @f(%x: memref<{shape}xf32>, %o: memref<?xf32>) {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %v = memref.collapse_shape %x [[{", ".join(str(i) for i in range(rank))}]]
          : memref<{shape}xf32> into memref<{into}xf32>
      slice.dynamic_copy_run %v[%c0], %o[%c0] count %c1 source_stride %c1
          : memref<{into}xf32>, memref<?xf32>
      func.return
    }}
    """
    module = parse_module(text, make_context())
    if ok:
        emit_c(module)
    else:
        with pytest.raises(SliceError, match=r"memref\.collapse_shape: views %x"):
            emit_c(module)


_STRATEGY_IR = """
func.func @main(%x: tensor<SHAPExf32>, %s: tensor<3xi64>, %e: tensor<3xi64>, %st: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %r = slice.onnx %x starts %s ends %e steps %st : tensor<SHAPExf32>, tensor<3xi64>, tensor<3xi64> steps tensor<3xi64> -> tensor<?x?x?xf32>
  func.return %r : tensor<?x?x?xf32>
}
"""


def _window_kernel(shape: Sequence[int]) -> object:
    import slice_dialect

    text = _STRATEGY_IR.replace("SHAPE", "x".join(str(d) for d in shape))
    return slice_dialect.compile(text)


def _onnx_parameters(
    index: tuple[slice, ...], shape: tuple[int, ...]
) -> tuple[list[int], list[int], list[int]]:
    """ONNX Slice's starts, ends and steps (one per axis) for numpy's ``index``: an
    open end past the last element in the step's direction."""
    starts = [s.indices(d)[0] for s, d in zip(index, shape)]
    ends = [
        s.stop if s.stop is not None else (d if (s.step or 1) > 0 else -d - 1)
        for s, d in zip(index, shape)
    ]
    return starts, ends, [s.step or 1 for s in index]


@pytest.mark.parametrize(
    "index",
    [
        (slice(None), slice(None), slice(None)),  # every loop merged: one run
        (slice(1, 3), slice(None), slice(None)),  # planes of whole rows: one run
        (slice(None), slice(5, 900), slice(None)),  # rows merged per plane
        (slice(None), slice(None), slice(7, 8)),  # a column: runs of one merged
        (slice(None), slice(None), slice(8, 1000)),  # streamed rows, prefetched
        (slice(None), slice(None), slice(None, None, -1)),  # reversed in registers
        (slice(None), slice(None), slice(1, None, 2)),  # every other, in registers
        (slice(None), slice(None), slice(1000, 2, -2)),  # every other, downwards
        (slice(None), slice(None, None, -3), slice(3, 1000, 3)),  # element loop
        (slice(None, None, -1), slice(2, 1099, 5), slice(0, 1024)),
    ],
)
def test_run_time_strategies_against_numpy(index: tuple[slice, ...]) -> None:
    """The run-time choices of a lowered dynamic window (loops merged into the run at
    run time, streamed stores for a destination of 8 MiB or more, the register helpers
    for a run-time stride of -1, 2, -2, the next rows prefetched) on a 13 MiB source:
    each gives numpy's result, element for element."""
    shape = (3, 1100, 1024)
    kernel = _window_kernel(shape)
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    starts, ends, steps = _onnx_parameters(index, shape)
    result = kernel(x, starts, ends, steps)  # type: ignore[operator]
    expected = x[index]
    assert result.shape == expected.shape
    assert np.array_equal(result, expected)


def _empty_windows_of_long_sources() -> None:
    """Body of ``test_empty_windows_of_long_sources`` (in a child process)."""
    kernel = _window_kernel(("?", "?", "?"))
    for shape, index in [
        ((2**59, 0, 3), (slice(None, None, -1), slice(None), slice(None, None, 2))),
        ((2**40, 3, 0), (slice(None), slice(None, None, -1), slice(None))),
        ((0, 2**58, 5), (slice(None), slice(None), slice(1, 4, 2))),
        ((5, 2**58, 0), (slice(None), slice(None, None, 3), slice(None))),
    ]:
        x = np.empty(shape, np.float32)
        starts, ends, steps = _onnx_parameters(index, shape)
        result = kernel(x, starts, ends, steps)  # type: ignore[operator]
        assert result.shape == x[index].shape, (shape, index)


def test_empty_windows_of_long_sources() -> None:
    """A window of no elements of a source with a dim of 0 and a dim of 2^40 to 2^59
    (numpy's largest with a f32 dim of 3 or 5 beside it) returns at once: the outermost loop of the lowered copy runs no times when any size
    is 0 (without that guard the loops outside the empty dim counted up to 2^59, over
    rows of nothing). Run in a child process so that a regression fails in 120 s
    instead of hanging the suite."""
    context = multiprocessing.get_context("fork")
    child = context.Process(target=_empty_windows_of_long_sources)
    child.start()
    child.join(120)
    if child.is_alive():
        child.kill()
        child.join()
        pytest.fail("an empty window of a long source still ran after 120 s")
    assert child.exitcode == 0, f"the child failed (exit code {child.exitcode})"


def test_run_time_merges_on_random_windows() -> None:
    """Random windows (steps of either sign, full and partial dims, single elements)
    of a small source: the run-time merge never changes what is copied."""
    rng = random.Random(SEED)
    shape = (4, 5, 6)
    kernel = _window_kernel(shape)
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    for _ in range(200):
        index = []
        for d in shape:
            step = rng.choice([1, 1, 1, -1, 2, -2, 3, d, -d])
            full = rng.random() < 0.4
            if full:
                index.append(slice(None, None, step))
            else:
                a, b = rng.randrange(-d, d + 1), rng.randrange(-d - 1, d + 2)
                index.append(slice(a, b, step))
        starts = [
            s.start if s.start is not None else (0 if s.step > 0 else -1) for s in index
        ]
        ends = [
            s.stop if s.stop is not None else (2**62 if s.step > 0 else -(2**62))
            for s in index
        ]
        steps = [s.step for s in index]
        result = kernel(x, starts, ends, steps)  # type: ignore[operator]
        expected = x[tuple(index)]
        assert result.shape == expected.shape, index
        assert np.array_equal(result, expected), index


_BYTE_IR = """
func.func @main(%x: tensor<40x300xi8>, %s: tensor<2xi64>, %e: tensor<2xi64>, %st: tensor<2xi64>) -> tensor<?x?xi8> {
  %r = slice.onnx %x starts %s ends %e steps %st : tensor<40x300xi8>, tensor<2xi64>, tensor<2xi64> steps tensor<2xi64> -> tensor<?x?xi8>
  func.return %r : tensor<?x?xi8>
}
"""


BYTE_GATHER_INDEXES = [
    (slice(None), slice(1, 300, 3)),  # byte gather
    (slice(None, None, -2), slice(299, 0, -5)),  # byte gather downwards
    (slice(None), slice(0, 40, 2)),  # stride 2, too short for the registers
    (slice(None), slice(299, 200, -2)),  # stride -2, short
    (slice(None), slice(0, 300, 2)),  # stride 2, in registers
    (slice(None), slice(0, 45, 3)),  # 15 elements
    (slice(None), slice(0, 27, 3)),  # 9 elements: an element loop
]
"""The windows ``test_run_time_byte_gathers`` calls one kernel with: its parameters are
run-time values, so one lowering and one compile per element type serve them all."""


@pytest.mark.parametrize(
    ("element", "dtype", "helper"),
    [
        ("i8", np.int8, "slice_gather_bytes("),
        ("i16", np.int16, "slice_gather_halves("),
        ("i32", np.int32, "slice_gather_words("),
        ("f64", np.float64, "slice_gather_dwords("),
        ("complex<f64>", np.complex128, "slice_gather_b128("),
    ],
)
def test_run_time_byte_gathers(element: str, dtype: type, helper: str) -> None:
    """A dynamic run of 1-, 2-, 4-, 8- or 16-byte elements at a run-time stride of 2 or
    more either way has the scalar gather of its width in its C (taken from
    ``dynamic_gather_min`` elements on where not reordered: counted in
    ``test_run_time_gather_from_its_least_count``): numpy's result for each of
    ``BYTE_GATHER_INDEXES``."""
    import slice_dialect

    ir = _BYTE_IR.replace("xi8>", f"x{element}>")
    ctx = make_context()
    module = parse_module(ir, ctx)
    lower(module, ctx)
    source = emit_c(module)
    assert helper in source
    # 4-, 8- and 16-byte elements also take the streamed gather where the copy streams
    assert ("slice_stream_gather" in source) == (np.dtype(dtype).itemsize >= 4)
    kernel = slice_dialect.compile(ir)
    x = (np.arange(40 * 300) % 251).astype(dtype).reshape(40, 300)
    for index in BYTE_GATHER_INDEXES:
        starts, ends, steps = _onnx_parameters(index, x.shape)
        result = kernel(x, starts, ends, steps)  # type: ignore[operator]
        assert np.array_equal(result, x[index]), index


@pytest.mark.parametrize(
    ("element", "dtype"),
    [
        ("i8", np.int8),
        ("i16", np.int16),
        ("f32", np.float32),
        ("f64", np.float64),
        ("complex<f64>", np.complex128),
    ],
)
def test_run_time_gather_from_its_least_count(
    element: str, dtype: type, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dynamic run at a run-time stride of 3 calls the scalar gather of its width
    once a row from ``copy_plan.dynamic_gather_min`` elements on (10 of 4, 8 or 16
    bytes, 16 of 1 or 2) and never below it (an element loop): counted in a copy of
    the helper that counts its calls. Each copy is numpy's."""
    import re
    from collections import OrderedDict

    import slice_dialect
    from slice_dialect import compiler
    from slice_dialect.backend import c

    size = np.dtype(dtype).itemsize
    table = (
        c.GATHER_BY_STEP_HELPERS if size in c.GATHER_BY_STEP_BYTES else c.GATHER_HELPERS
    )
    name, c_type, text = table[size]
    head = re.search(rf"static void {name}\([^)]*\) {{\n", text)
    assert head is not None, name
    counting = (
        text[: head.start()]
        + "uint64_t slice_test_gather_calls = 0;\n"
        + text[head.start() : head.end()]
        + "    slice_test_gather_calls += 1;\n"
        + text[head.end() :]
    )
    monkeypatch.setitem(table, size, (name, c_type, counting))
    # the unit's own helpers, the counting one among them (not the prebuilt object's)
    monkeypatch.setenv("SLICE_PREBUILT_HELPERS", "0")
    # no lowering kept from before (its C without the count), none kept after
    monkeypatch.setattr(compiler, "_lowered_memo", OrderedDict())
    rows = 41  # not _BYTE_IR's 40: a text of its own, lowered with the counting helper
    ir = _BYTE_IR.replace("40x300xi8>", f"{rows}x300x{element}>").replace(
        "xi8>", f"x{element}>"
    )
    kernel = slice_dialect.compile(ir)
    library = ctypes.CDLL(str(kernel.library_path))  # type: ignore[attr-defined]
    calls = ctypes.c_uint64.in_dll(library, "slice_test_gather_calls")
    least = dynamic_gather_min(size)
    x = (np.arange(rows * 300) % 251).astype(dtype).reshape(rows, 300)
    for n in sorted({least - 1, least, MIN_SCALAR_GATHER - 1, MIN_SCALAR_GATHER}):
        index = (slice(None), slice(0, 3 * n, 3))
        before = calls.value
        result = kernel(x, *_onnx_parameters(index, x.shape))  # type: ignore[operator]
        assert np.array_equal(result, x[index])
        assert calls.value - before == (rows if n >= least else 0), (element, n)


def _run_2d(
    element: str, dtype: type, shape: tuple[int, int], index: tuple[slice, slice]
) -> tuple[str, np.ndarray, np.ndarray, np.ndarray]:
    """``_BYTE_IR`` for a ``shape`` of ``element``, compiled and called on a patterned
    array with ``index``'s starts, ends and steps: the IR, the array, numpy's result
    and the kernel's."""
    import slice_dialect

    rows, cols = shape
    ir = _BYTE_IR.replace("40x300xi8>", f"{rows}x{cols}x{element}>").replace(
        "xi8>", f"x{element}>"
    )
    kernel = slice_dialect.compile(ir)
    x = (np.arange(rows * cols) % 65521).astype(dtype).reshape(shape)
    starts, ends, steps = _onnx_parameters(index, shape)
    result = kernel(x, starts, ends, steps)  # type: ignore[operator]
    return ir, x, x[index], np.asarray(result)


@pytest.mark.parametrize(
    ("element", "dtype", "shape", "index"),
    [
        ("i8", np.int8, (4, 2100000), (slice(None), slice(1, None, 3))),
        ("i16", np.int16, (3, 1500000), (slice(None, None, -1), slice(1499999, 0, -5))),
        ("f32", np.float32, (2, 1100000), (slice(None), slice(3, None, 4))),
        ("f64", np.float64, (2, 600000), (slice(None), slice(599999, None, -4))),
    ],
    ids=["i8-up", "i16-down", "f32-up", "f64-down"],
)
def test_run_time_gathers_look_ahead(
    element: str, dtype: type, shape: tuple[int, int], index: tuple[slice, slice]
) -> None:
    """A dynamic gather of a source of ``DYNAMIC_LOOKAHEAD_MIN_SOURCE_BYTES`` or more,
    its elements at most ``LOOKAHEAD_MAX_STEP_BYTES`` apart, runs of
    ``LOOKAHEAD_MIN_SPAN_BYTES`` or more,
    hints its source ahead at run time (``run_choices``' lookahead rule, computed in
    the C): numpy's result, bit for bit, from the kernel that prints the rule."""
    from passes.copy_plan import (
        DYNAMIC_LOOKAHEAD_MIN_SOURCE_BYTES,
        LOOKAHEAD_MIN_SPAN_BYTES,
    )

    ir, x, expected, result = _run_2d(element, dtype, shape, index)
    module = parse_module(ir, ctx := make_context())
    lower(module, ctx)
    source = emit_c(module)
    assert f">= {LOOKAHEAD_MIN_SPAN_BYTES})" in source and "= (4096 + " in source
    assert x.nbytes >= DYNAMIC_LOOKAHEAD_MIN_SOURCE_BYTES
    assert np.array_equal(result, expected)


@pytest.mark.parametrize(
    ("element", "dtype", "shape", "index"),
    [
        ("f32", np.float32, (6400, 1000), (slice(None), slice(2, 1000, 3))),
        ("f32", np.float32, (6400, 1000), (slice(None), slice(998, None, -3))),
        ("f64", np.float64, (1100, 1000), (slice(None), slice(1, 1000, 3))),
        ("f64", np.float64, (1100, 1000), (slice(None, None, -1), slice(999, 0, -4))),
        ("complex<f64>", np.complex128, (1200, 1000), (slice(None), slice(1, None, 3))),
        ("complex<f64>", np.complex128, (1200, 1000), (slice(None), slice(998, 0, -5))),
    ],
    ids=["f32-up", "f32-down", "f64-up", "f64-down", "c128-up", "c128-down"],
)
def test_run_time_streamed_gathers(
    element: str, dtype: type, shape: tuple[int, int], index: tuple[slice, slice]
) -> None:
    """A dynamic strided run of 4-, 8- or 16-byte elements writing 2 MiB or more, runs
    of 1 KiB or more, takes the streamed scalar gather (``slice_stream_gather_words``,
    ``_dwords``, ``_b128``) at run time: numpy's result, bit for bit. The kernel has
    the cached gather of the width too, for a copy that does not stream."""
    ir, x, expected, result = _run_2d(element, dtype, shape, index)
    assert expected.nbytes >= 2 << 20 and expected.shape[1] * x.itemsize >= 1024
    assert np.array_equal(result, expected)
    module = parse_module(ir, ctx := make_context())
    lower(module, ctx)
    source = emit_c(module)
    name = {4: "words", 8: "dwords", 16: "b128"}[x.itemsize]
    assert f"slice_stream_gather_{name}(" in source
    assert f"slice_gather_{name}(" in source
