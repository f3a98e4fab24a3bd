"""The workloads of the benchmark: each one slice, written with a framework op.

Every workload is IR text that a framework importer could emit (index operands as
``arith.constant``), so ``slice_dialect.compile`` runs the whole pipeline on it; the
``numpy`` index is the same slice in numpy, the reference the kernel is checked and
timed against.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Workload:
    """One slice: its IR, its input, the same slice in numpy, and how to time it."""

    name: str
    description: str
    ir: str
    dtype: np.dtype
    shape: tuple[int, ...]
    numpy_index: tuple[slice, ...]
    per_call: bool
    """Time per call in microseconds (bounded by the call from Python) rather than
    as a ratio to memcpy (bounded by memory bandwidth)."""


def _tensor(shape: Sequence[int], element: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def _dense(values: Sequence[int], element: str = "i64") -> str:
    body = ", ".join(str(v) for v in values)
    return f"dense<[{body}]> : tensor<{len(values)}x{element}>"


def _function(
    shape: Sequence[int], result: Sequence[int], element: str, body: list[str]
) -> str:
    x, r = _tensor(shape, element), _tensor(result, element)
    lines = [f"func.func @main(%x: {x}) -> {r} {{", *("  " + line for line in body)]
    lines += [f"  func.return %r : {r}", "}"]
    return "\n".join(lines) + "\n"


def onnx(
    shape: Sequence[int],
    result: Sequence[int],
    element: str,
    starts: Sequence[int],
    ends: Sequence[int],
    axes: Sequence[int],
    steps: Sequence[int] | None = None,
) -> str:
    """``slice.onnx`` (opset 13) with constant starts, ends, axes and steps."""
    n = len(starts)
    index = _tensor([n], "i64")
    body = [
        f"%starts = arith.constant {_dense(starts)}",
        f"%ends = arith.constant {_dense(ends)}",
        f"%axes = arith.constant {_dense(axes)}",
    ]
    operands = "starts %starts ends %ends axes %axes"
    types = f"{index}, {index} axes {index}"
    if steps is not None:
        body.append(f"%steps = arith.constant {_dense(steps)}")
        operands += " steps %steps"
        types += f" steps {index}"
    body.append(
        f"%r = slice.onnx %x {operands} : {_tensor(shape, element)}, {types} "
        f"-> {_tensor(result, element)}"
    )
    return _function(shape, result, element, body)


def tf_strided_slice(
    shape: Sequence[int],
    result: Sequence[int],
    element: str,
    begin: Sequence[int],
    end: Sequence[int],
    strides: Sequence[int],
    begin_mask: int,
    end_mask: int,
) -> str:
    """``slice.tf_strided_slice`` with constant begin, end, strides and masks."""
    index = _tensor([len(begin)], "i32")
    body = [
        f"%begin = arith.constant {_dense(begin, 'i32')}",
        f"%end = arith.constant {_dense(end, 'i32')}",
        f"%strides = arith.constant {_dense(strides, 'i32')}",
        f"%r = slice.tf_strided_slice %x begin %begin end %end strides %strides "
        f"{{begin_mask = {begin_mask} : i64, end_mask = {end_mask} : i64}} "
        f": {_tensor(shape, element)}, {index}, {index}, {index} "
        f"-> {_tensor(result, element)}",
    ]
    return _function(shape, result, element, body)


def ov_slice(
    shape: Sequence[int],
    result: Sequence[int],
    element: str,
    start: Sequence[int],
    stop: Sequence[int],
    step: Sequence[int],
    axes: Sequence[int],
) -> str:
    """``slice.ov_slice`` (OpenVINO Slice-8) with constant parameters."""
    index = _tensor([len(start)], "i64")
    body = [
        f"%start = arith.constant {_dense(start)}",
        f"%stop = arith.constant {_dense(stop)}",
        f"%step = arith.constant {_dense(step)}",
        f"%axes = arith.constant {_dense(axes)}",
        f"%r = slice.ov_slice %x start %start stop %stop step %step axes %axes "
        f": {_tensor(shape, element)}, {index}, {index}, {index} axes {index} "
        f"-> {_tensor(result, element)}",
    ]
    return _function(shape, result, element, body)


def ov_strided_slice(
    shape: Sequence[int],
    result: Sequence[int],
    element: str,
    begin: Sequence[int],
    end: Sequence[int],
    begin_mask: Sequence[int],
    end_mask: Sequence[int],
) -> str:
    """``slice.ov_strided_slice`` (OpenVINO StridedSlice-1) without strides."""
    index = _tensor([len(begin)], "i64")

    def mask(values: Sequence[int]) -> str:
        return "array<i64: " + ", ".join(str(v) for v in values) + ">"

    body = [
        f"%begin = arith.constant {_dense(begin)}",
        f"%end = arith.constant {_dense(end)}",
        f"%r = slice.ov_strided_slice %x begin %begin end %end "
        f"{{begin_mask = {mask(begin_mask)}, end_mask = {mask(end_mask)}}} "
        f": {_tensor(shape, element)}, {index}, {index} -> {_tensor(result, element)}",
    ]
    return _function(shape, result, element, body)


def dml_slice1(
    shape: Sequence[int],
    result: Sequence[int],
    element: str,
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
) -> str:
    """``slice.dml_slice1`` (DirectML) with its window."""

    def values(v: Sequence[int]) -> str:
        return "[" + ", ".join(str(x) for x in v) + "]"

    body = [
        f"%r = slice.dml_slice1 %x window_offsets {values(offsets)} "
        f"window_sizes {values(sizes)} window_strides {values(strides)} "
        f": {_tensor(shape, element)} -> {_tensor(result, element)}"
    ]
    return _function(shape, result, element, body)


INT64_MIN = -(2**63)
S = slice

WORKLOADS: tuple[Workload, ...] = (
    Workload(
        "W1",
        "crop f32 1x64x512x512 [:, :, 32:480, 32:480] (slice.onnx)",
        onnx([1, 64, 512, 512], [1, 64, 448, 448], "f32", [32, 32], [480, 480], [2, 3]),
        np.dtype(np.float32),
        (1, 64, 512, 512),
        (S(None), S(None), S(32, 480), S(32, 480)),
        False,
    ),
    Workload(
        "W2",
        "f32 1x64x512x512 [:, :, ::2, ::2] (slice.tf_strided_slice)",
        tf_strided_slice(
            [1, 64, 512, 512],
            [1, 64, 256, 256],
            "f32",
            [0] * 4,
            [0] * 4,
            [1, 1, 2, 2],
            0b1111,
            0b1111,
        ),
        np.dtype(np.float32),
        (1, 64, 512, 512),
        (S(None), S(None), S(None, None, 2), S(None, None, 2)),
        False,
    ),
    Workload(
        "W3",
        "f32 4096x4096 [:, ::-1] (slice.onnx, steps -1)",
        onnx([4096, 4096], [4096, 4096], "f32", [-1], [INT64_MIN], [1], [-1]),
        np.dtype(np.float32),
        (4096, 4096),
        (S(None), S(None, None, -1)),
        False,
    ),
    Workload(
        "W4",
        "f32 1x256x128x128 [:, 64:192] (slice.ov_slice)",
        ov_slice([1, 256, 128, 128], [1, 128, 128, 128], "f32", [64], [192], [1], [1]),
        np.dtype(np.float32),
        (1, 256, 128, 128),
        (S(None), S(64, 192)),
        False,
    ),
    Workload(
        "W5",
        "f32 8x8 [1:5, 2:6] (slice.dml_slice1), per call",
        dml_slice1([8, 8], [4, 4], "f32", [1, 2], [4, 4], [1, 1]),
        np.dtype(np.float32),
        (8, 8),
        (S(1, 5), S(2, 6)),
        True,
    ),
    Workload(
        "W6",
        "i8 16x3x1024x1024 [:, ::-1, 100:900:3, :] (slice.tf_strided_slice)",
        tf_strided_slice(
            [16, 3, 1024, 1024],
            [16, 3, 267, 1024],
            "i8",
            [0, 0, 100, 0],
            [0, 0, 900, 0],
            [1, -1, 3, 1],
            0b1011,
            0b1011,
        ),
        np.dtype(np.int8),
        (16, 3, 1024, 1024),
        (S(None), S(None, None, -1), S(100, 900, 3), S(None)),
        False,
    ),
    Workload(
        "W7",
        "f64 1000x1000 [:, 7:8] (slice.ov_strided_slice), per call",
        ov_strided_slice([1000, 1000], [1000, 1], "f64", [0, 7], [0, 8], [1, 0], [1, 0]),
        np.dtype(np.float64),
        (1000, 1000),
        (S(None), S(7, 8)),
        True,
    ),
)
"""The workloads of issue #5, in its order."""


# A module of many slices, for the compile-time figures: varied framework ops on a few
# input shapes, one function per slice.

_MANY_SHAPES = ([4, 6], [3, 8, 5], [2, 3, 4, 5])


def many_slices_module(count: int) -> str:
    """IR text of a module with ``count`` functions, each one framework slice."""
    functions: list[str] = []
    for i in range(count):
        shape = _MANY_SHAPES[i % len(_MANY_SHAPES)]
        rank = len(shape)
        kind = (i // len(_MANY_SHAPES)) % 4
        last = shape[-1]
        start = 1 + i % (last - 2)  # never 0: each slice is a real window
        result = [*shape[:-1], last - start]
        if kind == 0:
            text = onnx(shape, result, "f32", [start], [last], [rank - 1])
        elif kind == 1:
            begin = [0] * (rank - 1) + [start]
            text = tf_strided_slice(
                shape,
                result,
                "f32",
                begin,
                [0] * rank,
                [1] * rank,
                (1 << (rank - 1)) - 1,
                (1 << rank) - 1,
            )
        elif kind == 2:
            text = ov_slice(shape, result, "f32", [start], [last], [1], [rank - 1])
        else:
            offsets = [0] * (rank - 1) + [start]
            text = dml_slice1(shape, result, "f32", offsets, result, [1] * rank)
        functions.append(text.replace("@main", f"@s{i}"))
    return "".join(functions)
