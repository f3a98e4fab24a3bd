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
    dynamic_ir: str = ""
    """The same slice with its index operands as arguments of ``@main`` after the data
    (SPEC section 7), every result dim ``?``: the run-time-parameter column."""
    parameters: tuple[np.ndarray, ...] = ()
    """The index arrays ``dynamic_ir``'s kernel takes after the data, in order."""


def _tensor(shape: Sequence[int], element: str) -> str:
    """A tensor type; a dim of -1 is ``?``."""
    dims = "".join(("?" if d < 0 else str(d)) + "x" for d in shape)
    return "tensor<" + dims + element + ">"


def _dense(values: Sequence[int], element: str = "i64") -> str:
    body = ", ".join(str(v) for v in values)
    return f"dense<[{body}]> : tensor<{len(values)}x{element}>"


def _function(
    shape: Sequence[int],
    result: Sequence[int],
    element: str,
    body: list[str],
    parameters: Sequence[tuple[str, str]] = (),
) -> str:
    """``@main(%x, *parameters)`` (name, tensor type) returning ``%r``."""
    x, r = _tensor(shape, element), _tensor(result, element)
    arguments = "".join(f", %{name}: {t}" for name, t in parameters)
    lines = [
        f"func.func @main(%x: {x}{arguments}) -> {r} {{",
        *("  " + line for line in body),
    ]
    lines += [f"  func.return %r : {r}", "}"]
    return "\n".join(lines) + "\n"


def _operands(
    values: Sequence[tuple[str, Sequence[int], str]], runtime: bool
) -> tuple[list[str], list[tuple[str, str]]]:
    """Index operands (name, values, element type): ``arith.constant`` lines, or
    (``runtime``) function parameters."""
    if runtime:
        return [], [(name, _tensor([len(v)], e)) for name, v, e in values]
    return [f"%{name} = arith.constant {_dense(v, e)}" for name, v, e in values], []


def _result(result: Sequence[int], runtime: bool) -> list[int]:
    """Every result dim ``?`` (-1) when the parameters are only known at run time."""
    return [-1] * len(result) if runtime else list(result)


def onnx(
    shape: Sequence[int],
    result: Sequence[int],
    element: str,
    starts: Sequence[int],
    ends: Sequence[int],
    axes: Sequence[int],
    steps: Sequence[int] | None = None,
    runtime: bool = False,
) -> str:
    """``slice.onnx`` (opset 13) with constant starts, ends, axes and steps (or,
    ``runtime``, all four arguments of ``@main``)."""
    n = len(starts)
    index = _tensor([n], "i64")
    named = [("starts", starts, "i64"), ("ends", ends, "i64"), ("axes", axes, "i64")]
    if steps is not None:
        named.append(("steps", steps, "i64"))
    body, parameters = _operands(named, runtime)
    result = _result(result, runtime)
    operands = "starts %starts ends %ends axes %axes"
    types = f"{index}, {index} axes {index}"
    if steps is not None:
        operands += " steps %steps"
        types += f" steps {index}"
    body.append(
        f"%r = slice.onnx %x {operands} : {_tensor(shape, element)}, {types} "
        f"-> {_tensor(result, element)}"
    )
    return _function(shape, result, element, body, parameters)


def tf_strided_slice(
    shape: Sequence[int],
    result: Sequence[int],
    element: str,
    begin: Sequence[int],
    end: Sequence[int],
    strides: Sequence[int],
    begin_mask: int,
    end_mask: int,
    runtime: bool = False,
) -> str:
    """``slice.tf_strided_slice`` with constant begin, end, strides and masks (or,
    ``runtime``, begin, end and strides arguments of ``@main``)."""
    index = _tensor([len(begin)], "i32")
    named = [("begin", begin, "i32"), ("end", end, "i32"), ("strides", strides, "i32")]
    body, parameters = _operands(named, runtime)
    result = _result(result, runtime)
    body += [
        f"%r = slice.tf_strided_slice %x begin %begin end %end strides %strides "
        f"{{begin_mask = {begin_mask} : i64, end_mask = {end_mask} : i64}} "
        f": {_tensor(shape, element)}, {index}, {index}, {index} "
        f"-> {_tensor(result, element)}",
    ]
    return _function(shape, result, element, body, parameters)


def ov_slice(
    shape: Sequence[int],
    result: Sequence[int],
    element: str,
    start: Sequence[int],
    stop: Sequence[int],
    step: Sequence[int],
    axes: Sequence[int],
    runtime: bool = False,
) -> str:
    """``slice.ov_slice`` (OpenVINO Slice-8) with constant parameters (or, ``runtime``,
    arguments of ``@main``)."""
    index = _tensor([len(start)], "i64")
    named = [
        ("start", start, "i64"),
        ("stop", stop, "i64"),
        ("step", step, "i64"),
        ("axes", axes, "i64"),
    ]
    body, parameters = _operands(named, runtime)
    result = _result(result, runtime)
    body += [
        f"%r = slice.ov_slice %x start %start stop %stop step %step axes %axes "
        f": {_tensor(shape, element)}, {index}, {index}, {index} axes {index} "
        f"-> {_tensor(result, element)}",
    ]
    return _function(shape, result, element, body, parameters)


def ov_strided_slice(
    shape: Sequence[int],
    result: Sequence[int],
    element: str,
    begin: Sequence[int],
    end: Sequence[int],
    begin_mask: Sequence[int],
    end_mask: Sequence[int],
    runtime: bool = False,
) -> str:
    """``slice.ov_strided_slice`` (OpenVINO StridedSlice-1) without strides (begin and
    end constants or, ``runtime``, arguments of ``@main``)."""
    index = _tensor([len(begin)], "i64")

    def mask(values: Sequence[int]) -> str:
        return "array<i64: " + ", ".join(str(v) for v in values) + ">"

    body, parameters = _operands([("begin", begin, "i64"), ("end", end, "i64")], runtime)
    # a dim both masks cover is the whole dim whatever begin and end are (stride 1):
    # canonicalization knows it statically, so the result type says it too
    kept = [r if b and e else -1 for r, b, e in zip(result, begin_mask, end_mask)]
    result = kept if runtime else list(result)
    body += [
        f"%r = slice.ov_strided_slice %x begin %begin end %end "
        f"{{begin_mask = {mask(begin_mask)}, end_mask = {mask(end_mask)}}} "
        f": {_tensor(shape, element)}, {index}, {index} -> {_tensor(result, element)}",
    ]
    return _function(shape, result, element, body, parameters)


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


def _i64(*values: int) -> np.ndarray:
    return np.array(values, np.int64)


def _i32(*values: int) -> np.ndarray:
    return np.array(values, np.int32)


W1_ARGS = ([1, 64, 512, 512], [1, 64, 448, 448], "f32", [32, 32], [480, 480], [2, 3])
W2_ARGS = (
    [1, 64, 512, 512],
    [1, 64, 256, 256],
    "f32",
    [0] * 4,
    [0] * 4,
    [1, 1, 2, 2],
    0b1111,
    0b1111,
)
W3_ARGS = ([4096, 4096], [4096, 4096], "f32", [-1], [INT64_MIN], [1], [-1])
W4_ARGS = ([1, 256, 128, 128], [1, 128, 128, 128], "f32", [64], [192], [1], [1])
# DirectML's window is a property (SPEC section 7: it stays static), so W5's
# run-time form is the same window as slice.onnx with starts, ends and axes passed.
W5_RUNTIME_ARGS = ([8, 8], [4, 4], "f32", [1, 2], [5, 6], [0, 1])
W6_ARGS = (
    [16, 3, 1024, 1024],
    [16, 3, 267, 1024],
    "i8",
    [0, 0, 100, 0],
    [0, 0, 900, 0],
    [1, -1, 3, 1],
    0b1011,
    0b1011,
)
W7_ARGS = ([1000, 1000], [1000, 1], "f64", [0, 7], [0, 8], [1, 0], [1, 0])

WORKLOADS: tuple[Workload, ...] = (
    Workload(
        "W1",
        "crop f32 1x64x512x512 [:, :, 32:480, 32:480] (slice.onnx)",
        onnx(*W1_ARGS),
        np.dtype(np.float32),
        (1, 64, 512, 512),
        (S(None), S(None), S(32, 480), S(32, 480)),
        False,
        onnx(*W1_ARGS, runtime=True),
        (_i64(32, 32), _i64(480, 480), _i64(2, 3)),
    ),
    Workload(
        "W2",
        "f32 1x64x512x512 [:, :, ::2, ::2] (slice.tf_strided_slice)",
        tf_strided_slice(*W2_ARGS),
        np.dtype(np.float32),
        (1, 64, 512, 512),
        (S(None), S(None), S(None, None, 2), S(None, None, 2)),
        False,
        tf_strided_slice(*W2_ARGS, runtime=True),
        (_i32(0, 0, 0, 0), _i32(0, 0, 0, 0), _i32(1, 1, 2, 2)),
    ),
    Workload(
        "W3",
        "f32 4096x4096 [:, ::-1] (slice.onnx, steps -1)",
        onnx(*W3_ARGS),
        np.dtype(np.float32),
        (4096, 4096),
        (S(None), S(None, None, -1)),
        False,
        onnx(*W3_ARGS, runtime=True),
        (_i64(-1), _i64(INT64_MIN), _i64(1), _i64(-1)),
    ),
    Workload(
        "W4",
        "f32 1x256x128x128 [:, 64:192] (slice.ov_slice)",
        ov_slice(*W4_ARGS),
        np.dtype(np.float32),
        (1, 256, 128, 128),
        (S(None), S(64, 192)),
        False,
        ov_slice(*W4_ARGS, runtime=True),
        (_i64(64), _i64(192), _i64(1), _i64(1)),
    ),
    Workload(
        "W5",
        "f32 8x8 [1:5, 2:6] (slice.dml_slice1), per call",
        dml_slice1([8, 8], [4, 4], "f32", [1, 2], [4, 4], [1, 1]),
        np.dtype(np.float32),
        (8, 8),
        (S(1, 5), S(2, 6)),
        True,
        onnx(*W5_RUNTIME_ARGS, runtime=True),
        (_i64(1, 2), _i64(5, 6), _i64(0, 1)),
    ),
    Workload(
        "W6",
        "i8 16x3x1024x1024 [:, ::-1, 100:900:3, :] (slice.tf_strided_slice)",
        tf_strided_slice(*W6_ARGS),
        np.dtype(np.int8),
        (16, 3, 1024, 1024),
        (S(None), S(None, None, -1), S(100, 900, 3), S(None)),
        False,
        tf_strided_slice(*W6_ARGS, runtime=True),
        (_i32(0, 0, 100, 0), _i32(0, 0, 900, 0), _i32(1, -1, 3, 1)),
    ),
    Workload(
        "W7",
        "f64 1000x1000 [:, 7:8] (slice.ov_strided_slice), per call",
        ov_strided_slice(*W7_ARGS),
        np.dtype(np.float64),
        (1000, 1000),
        (S(None), S(7, 8)),
        True,
        ov_strided_slice(*W7_ARGS, runtime=True),
        (_i64(0, 7), _i64(0, 8)),
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
