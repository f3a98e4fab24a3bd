"""The copy plan's measures of a copy (``passes/copy_plan.py``) on known windows and
on random ones against the elements they read."""

from __future__ import annotations

import math
import random
from typing import ClassVar

import numpy as np
import pytest
from lowered import element_type
from oracle import numpy_window
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    impl,
    register_impls,
)

from passes.convert_slice_to_loops import ConvertSliceToLoopsPass
from passes.copy_plan import (
    CACHE_LINE_BYTES,
    FETCHED_GAP_BYTES,
    StreamTarget,
    copy_plan,
    run_choices,
    source_footprint_bytes,
    source_span_bytes,
)
from slice_dialect.compiler import make_context, parse_module
from slice_dialect.dialect import DynamicCopyRunOp
from slice_dialect.dtypes import numpy_dtype
from slice_dialect.interpreter import NumpyMemRefFunctions, make_interpreter
from slice_dialect.semantics import Window


def _measures(
    shape: list[int], offsets: list[int], sizes: list[int], strides: list[int], size: int
) -> tuple[int, int]:
    plan = copy_plan(Window(tuple(offsets), tuple(sizes), tuple(strides)), shape)
    return (
        source_span_bytes(plan.loops, size),
        source_footprint_bytes(plan.loops, size),
    )


@pytest.mark.parametrize(
    ("shape", "offsets", "sizes", "strides", "size", "footprint"),
    [
        # W6: rows of 1 KiB, 3 KiB apart (gaps of 2 KiB are fetched), in planes 228 KB
        # apart: each plane's span of 818176 bytes
        ([16, 3, 1024, 1024], [0, 2, 100, 0], [16, 3, 267, 1024], [1, -1, 3, 1], 1,
         48 * 818176),
        # W1: rows of 1792 bytes, 2 KiB apart, in planes 128 KiB apart: each plane's
        # span
        ([1, 64, 512, 512], [0, 0, 32, 32], [1, 64, 448, 448], [1, 1, 1, 1], 4,
         64 * (447 * 2048 + 1792)),
        # rows of 4 KiB, 6 KiB apart, in planes 2 KiB apart: the span
        ([8, 64, 1536], [0, 0, 0], [8, 64, 1024], [1, 1, 1], 4, None),
        # four rows of 1 MiB, 4 MiB apart: the rows only
        ([4, 1048576], [0, 0], [4, 262144], [1, 1], 4, 4 << 20),
        # sweep seed 1 case 84: 2 x 2 rows of 283424 f32 2.2 MB apart
        ([2, 2, 5, 1, 554492], [0, 1, 0, 0, 74008], [2, 1, 2, 1, 283424],
         [1, 1, 1, 1, 1], 4, 4 * 283424 * 4),
        # a column: one line per element, gaps of 4096 bytes or more (of 4095: the span)
        ([4096, 8192], [0, 7], [4096, 1], [1, 1], 1, 4096 * CACHE_LINE_BYTES),
        ([4096, 4097], [0, 7], [4096, 1], [1, 1], 1, 4096 * CACHE_LINE_BYTES),
        ([4096, 4096], [0, 7], [4096, 1], [1, 1], 1, None),
    ],
)  # fmt: skip
def test_footprints_of_known_windows(
    shape: list[int],
    offsets: list[int],
    sizes: list[int],
    strides: list[int],
    size: int,
    footprint: int | None,
) -> None:
    """The footprint is the span where no gap reaches ``FETCHED_GAP_BYTES`` (``None``)
    and the rows' own bytes (whole lines) where they are further apart."""
    span, got = _measures(shape, offsets, sizes, strides, size)
    assert got == (span if footprint is None else footprint)


def _random_window(
    rng: random.Random, most: int
) -> tuple[list[int], list[int], list[int], list[int]]:
    """A random window (shape, offsets, sizes, strides) of a source of at most
    ``most`` elements."""
    rank = rng.randint(1, 4)
    shape = [rng.choice([1, 2, 3, 5, 40, 700, 3000]) for _ in range(rank)]
    while math.prod(shape) > most:
        shape[shape.index(max(shape))] //= 7
    offsets, sizes, strides = [], [], []
    for d in shape:
        stride = rng.choice([1, 1, 2, 3, -1, -2])
        count = rng.randint(1, max(1, d // abs(stride)))
        offsets.append(rng.randrange(d - (count - 1) * abs(stride)))
        if stride < 0:
            offsets[-1] += (count - 1) * abs(stride)
        sizes.append(count)
        strides.append(stride)
    return shape, offsets, sizes, strides


def test_footprints_of_random_windows() -> None:
    """For random windows: at least the bytes read, at most the span, and the span
    exactly where no two consecutively read elements are ``FETCHED_GAP_BYTES`` or
    more apart."""
    rng = random.Random(0)
    for _ in range(400):
        shape, offsets, sizes, strides = _random_window(rng, 1 << 22)
        size = rng.choice([1, 2, 4, 8, 16])
        span, footprint = _measures(shape, offsets, sizes, strides, size)
        index = np.arange(math.prod(shape)).reshape(shape)
        read = np.sort(numpy_window(index, offsets, sizes, strides).reshape(-1))
        assert read.size * size <= footprint <= span
        assert span == (int(read[-1] - read[0]) + 1) * size
        if read.size > 1 and int(np.diff(read).max() - 1) * size < FETCHED_GAP_BYTES:
            assert footprint == span


@register_impls
class _RecordedFootprints(InterpreterFunctions):
    """``slice.dynamic_copy_run`` as the interpreter runs it, recording the footprint
    operand of each run."""

    seen: ClassVar[list[int]] = []

    @impl(DynamicCopyRunOp)
    def run(
        self, interpreter: Interpreter, op: DynamicCopyRunOp, args: PythonValues
    ) -> PythonValues:
        assert op.footprint is not None
        _RecordedFootprints.seen.append(args[list(op.operands).index(op.footprint)])
        copy = NumpyMemRefFunctions.run_dynamic_copy_run
        return copy(NumpyMemRefFunctions(), interpreter, op, args).values


@pytest.mark.parametrize("element", ["i8", "f32", "complex<f64>"])
def test_dynamic_runs_count_the_static_footprint(element: str) -> None:
    """A window whose shape and parameters are known only at run time carries the
    footprint its static form counts (``source_footprint_on`` emitted by the dynamic
    lowering, after the loops merge at run time) to ``slice.dynamic_copy_run``."""
    size = {"i8": 1, "f32": 4, "complex<f64>": 16}[element]
    rng = random.Random(size)
    for _ in range(12):
        shape, offsets, sizes, strides = _random_window(rng, 1 << 16)
        rank = len(shape)
        dims = "x".join("?" * rank)
        names = [f"%{kind}{k}" for kind in "ons" for k in range(rank)]
        arguments = ", ".join(f"{name}: index" for name in names)
        operands = [", ".join(names[k * rank : (k + 1) * rank]) for k in range(3)]
        text = (
            f"func.func @main(%x: tensor<{dims}x{element}>, {arguments}) -> "
            f"tensor<{dims}x{element}> {{\n"
            f"  %r = slice.dynamic_window %x offsets [{operands[0]}] sizes "
            f"[{operands[1]}] strides [{operands[2]}] : tensor<{dims}x{element}> -> "
            f"tensor<{dims}x{element}>\n"
            f"  func.return %r : tensor<{dims}x{element}>\n}}\n"
        )
        module = parse_module(text, make_context())
        ConvertSliceToLoopsPass(stream_working_set=1).apply(make_context(), module)
        interpreter = make_interpreter(module)
        interpreter.register_implementations(_RecordedFootprints(), override=True)
        dtype = numpy_dtype(element_type(element))
        x = np.zeros(shape, dtype)
        out = np.empty(sizes, dtype)
        _RecordedFootprints.seen.clear()
        scalars = [np.array(v, np.int64) for v in (*offsets, *sizes, *strides)]
        interpreter.call_op("main", (x, *scalars, out))  # index: rank-0 buffers
        plan = copy_plan(Window(tuple(offsets), tuple(sizes), tuple(strides)), shape)
        expected = source_footprint_bytes(plan.loops, size) // size
        assert _RecordedFootprints.seen, (shape, offsets, sizes, strides)
        assert set(_RecordedFootprints.seen) == {expected}, (
            shape,
            offsets,
            sizes,
            strides,
        )


def test_string_move_rule_on_random_windows() -> None:
    """``run_choices``' ``string_move``: exactly the runs of source step 1 (more than one
    element) whose stores are cached and which are at least the target's
    ``string_move_bytes`` long, never for a bound of 0; the streaming choice is the
    same as without it."""
    rng = random.Random(46)
    seen = {True: 0, False: 0}
    for _ in range(400):
        rank = rng.randint(1, 3)
        shape = [rng.randint(1, 64) << rng.choice([0, 4, 8]) for _ in range(rank)]
        offsets, sizes, strides = [], [], []
        for dim in shape:
            stride = rng.choice([1, 1, 1, 2, -1])
            size = rng.randint(1, -(-dim // abs(stride)))
            stride = stride if size > 1 else 1
            offsets.append(0 if stride > 0 else dim - 1)
            sizes.append(size)
            strides.append(stride)
        plan = copy_plan(Window(tuple(offsets), tuple(sizes), tuple(strides)), shape)
        width = rng.choice([1, 2, 4, 8, 16])
        working_set = rng.choice([0, 1 << 20, 1 << 62])
        bound = rng.choice([0, 1, 64, 4096, 1 << 20])
        plain = run_choices(plan, width, StreamTarget(working_set, False, 0))
        choices = run_choices(plan, width, StreamTarget(working_set, False, bound))
        assert choices.nontemporal == plain.nontemporal and not plain.string_move
        run = plan.loops[-1] if plan.loops and not plan.empty else None
        expected = (
            run is not None
            and run.source_step == 1
            and run.result_step == 1
            and run.count > 1
            and not choices.nontemporal
            and 0 < bound <= run.count * width
        )
        assert choices.string_move == expected, (shape, sizes, strides, width, bound)
        seen[expected] += 1
    assert min(seen.values()) > 40, seen
