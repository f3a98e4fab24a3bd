"""Bad input never crashes and never corrupts (issue #6): the Python API.

One case per kind of failure, each asserting the exact message a user sees from
``slice_dialect.compile`` (always a :class:`slice_dialect.SliceError`, never another
exception), for both backends (a message that ``tests/filecheck/**/invalid*.mlir``
checks is not checked again here; the cases left keep one failure of each stage): invalid parameters of every framework op, windows out of
bounds or not in normal form, DirectML windows, IR that does not parse, unknown ops, a
missing entry, parameters that are not constant at lowering, and numpy arrays of the
wrong dtype, shape, count or memory layout. A non-contiguous input is copied and gives
the right result; a non-contiguous, read-only or overlapping ``out=`` is an error.

Run: ``pytest tests/test_bad_input.py``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import slice_dialect
from slice_dialect import SliceError
from slice_dialect.compiler import make_context, parse_module

BACKENDS = ("c", "interpreter")


def compile_error(source: str, backend: str, entry: str = "main") -> str:
    """The message of the ``SliceError`` that compiling ``source`` raises."""
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(source, entry, backend)
    return str(info.value)


def shown(error: SliceError) -> str:
    """What a command line shows of ``error``: a parse error's ``display`` (its location,
    the source line, a caret, then the message, which alone is the error's text), else
    the message."""
    if error.display is None:
        return str(error)
    assert "\n" not in str(error) and error.display.endswith(str(error)), error.display
    return error.display


def assert_compile_fails(
    source: str, message: str, backend: str, entry: str = "main"
) -> None:
    """``compile`` raises ``SliceError`` showing exactly ``message``."""
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(source, entry, backend)
    assert shown(info.value) == message


def func(arg_type: str, result_type: str, body: str, extra_args: str = "") -> str:
    """``func.func @main(%x: arg_type extra_args) -> result_type`` returning ``%r``."""
    return (
        f"func.func @main(%x: {arg_type}{extra_args}) -> {result_type} {{\n"
        f"{body}\n"
        f"  func.return %r : {result_type}\n"
        "}\n"
    )


def const(name: str, values: list[int], index_type: str = "i64") -> str:
    return (
        f"  %{name} = arith.constant dense<{values}> : tensor<{len(values)}x{index_type}>"
    )


def onnx(
    data: str,
    result: str,
    starts: list[int],
    ends: list[int],
    axes: list[int] | None = None,
    steps: list[int] | None = None,
    attrs: str = "",
) -> str:
    """A ``slice.onnx`` on ``%x: tensor<data x f32>``."""
    lines = [const("s", starts), const("e", ends)]
    operands = "%x starts %s ends %e"
    types = f"tensor<{data}xf32>, tensor<{len(starts)}xi64>, tensor<{len(ends)}xi64>"
    if axes is not None:
        lines.append(const("a", axes))
        operands += " axes %a"
        types += f" axes tensor<{len(axes)}xi64>"
    if steps is not None:
        lines.append(const("t", steps))
        operands += " steps %t"
        types += f" steps tensor<{len(steps)}xi64>"
    lines.append(f"  %r = slice.onnx {operands}{attrs} : {types} -> tensor<{result}xf32>")
    return func(f"tensor<{data}xf32>", f"tensor<{result}xf32>", "\n".join(lines))


def ov_slice(
    data: str,
    result: str,
    start: list[int],
    stop: list[int],
    step: list[int],
    axes: list[int] | None = None,
) -> str:
    lines = [const("s", start), const("e", stop), const("t", step)]
    operands = "%x start %s stop %e step %t"
    types = (
        f"tensor<{data}xf32>, tensor<{len(start)}xi64>, tensor<{len(stop)}xi64>, "
        f"tensor<{len(step)}xi64>"
    )
    if axes is not None:
        lines.append(const("a", axes))
        operands += " axes %a"
        types += f" axes tensor<{len(axes)}xi64>"
    lines.append(f"  %r = slice.ov_slice {operands} : {types} -> tensor<{result}xf32>")
    return func(f"tensor<{data}xf32>", f"tensor<{result}xf32>", "\n".join(lines))


def tensor(shape: str) -> str:
    return f"tensor<{shape}xf32>" if shape else "tensor<f32>"


def tf(
    data: str,
    result: str,
    begin: list[int],
    end: list[int],
    strides: list[int],
    **masks: int,
) -> str:
    attrs = ", ".join(f"{k} = {v} : i64" for k, v in masks.items())
    lines = [const("b", begin), const("e", end), const("s", strides)]
    lines.append(
        f"  %r = slice.tf_strided_slice %x begin %b end %e strides %s"
        f"{' {' + attrs + '}' if attrs else ''} : {tensor(data)}, "
        f"tensor<{len(begin)}xi64>, tensor<{len(end)}xi64>, tensor<{len(strides)}xi64>"
        f" -> {tensor(result)}"
    )
    return func(tensor(data), tensor(result), "\n".join(lines))


def ov_strided(
    data: str,
    result: str,
    begin: list[int],
    end: list[int],
    stride: list[int],
    **masks: list[int],
) -> str:
    masks = {"begin_mask": [], "end_mask": [], **masks}
    attrs = ", ".join(
        f"{k} = array<i64{': ' + ', '.join(map(str, v)) if v else ''}>"
        for k, v in masks.items()
    )
    lines = [const("b", begin), const("e", end), const("s", stride)]
    lines.append(
        f"  %r = slice.ov_strided_slice %x begin %b end %e stride %s {{{attrs}}} : "
        f"{tensor(data)}, tensor<{len(begin)}xi64>, tensor<{len(end)}xi64> "
        f"stride tensor<{len(stride)}xi64> -> {tensor(result)}"
    )
    return func(tensor(data), tensor(result), "\n".join(lines))


def window(
    data: str, result: str, offsets: list[int], sizes: list[int], strides: list[int]
) -> str:
    return func(
        tensor(data),
        tensor(result),
        f"  %r = slice.window %x offsets {offsets} sizes {sizes} strides {strides} : "
        f"{tensor(data)} -> {tensor(result)}",
    )


def dml(
    data: str, result: str, offsets: list[int], sizes: list[int], strides: list[int]
) -> str:
    return func(
        tensor(data),
        tensor(result),
        f"  %r = slice.dml_slice1 %x window_offsets {offsets} window_sizes {sizes} "
        f"window_strides {strides} : {tensor(data)} -> {tensor(result)}",
    )


def onnx_v1(data: str, result: str, attrs: str) -> str:
    return func(
        tensor(data),
        tensor(result),
        f"  %r = slice.onnx_v1 %x {attrs} : {tensor(data)} -> {tensor(result)}",
    )


# --- invalid programs: (source, the exact message) -------------------------------------

NON_CONSTANT = """\
func.func @main(%x: tensor<4xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<2xf32> {
  %r = slice.onnx %x starts %s ends %e : tensor<4xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
"""

NON_CONSTANT_TF = """\
func.func @main(%x: tensor<4x3xi8>, %b: tensor<2xi32>) -> tensor<4x3xi8> {
  %r = slice.tf_strided_slice %x begin %b end %b strides %b : tensor<4x3xi8>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32> -> tensor<4x3xi8>
  func.return %r : tensor<4x3xi8>
}
"""

NON_CONSTANT_DYNAMIC_RESULT = """\
func.func @main(%x: tensor<4xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<?xf32> {
  %r = slice.onnx %x starts %s ends %e : tensor<4xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
"""

UNKNOWN_SLICE_OP_GENERIC = """\
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "slice.bogus"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
"""

UNKNOWN_SLICE_OP_CUSTOM = """\
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = slice.bogus %x : tensor<4xf32>
  func.return %r : tensor<4xf32>
}
"""

UNKNOWN_DIALECT_OP = """\
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
"""

ENTRY_IS_A_DECLARATION = """\
func.func private @main(%x: tensor<4xf32>) -> tensor<4xf32>
"""

TWO_FUNCTIONS = """\
func.func @first(%x: tensor<4xf32>) -> tensor<4xf32> {
  func.return %x : tensor<4xf32>
}
func.func @second(%x: tensor<4xf32>) -> tensor<4xf32> {
  func.return %x : tensor<4xf32>
}
"""

SCALAR_ARGUMENT = """\
func.func @main(%x: tensor<4xf32>, %n: f32) -> tensor<4xf32> {
  func.return %x : tensor<4xf32>
}
"""

F80_MASK = """\
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %b = arith.constant dense<[0]> : tensor<1xi64>
  %0 = slice.tf_strided_slice %x begin %b end %b strides %b {end_mask = 1 : f80} : tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
"""

DYNAMIC_ARGUMENT = """\
func.func @main(%x: tensor<?xf32>) -> tensor<2xf32> {
  %r = slice.onnx_v1 %x starts [0] ends [2] : tensor<?xf32> -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
"""

OTHER_DIALECT_OP = """\
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = arith.addf %x, %x : tensor<4xf32>
  func.return %r : tensor<4xf32>
}
"""

INDEX_OF_FLOATS = func(
    "tensor<5xf32>",
    "tensor<5xf32>",
    "  %s = arith.constant dense<[0.0]> : tensor<1xf32>\n"
    "  %r = slice.onnx %x starts %s ends %s : tensor<5xf32>, tensor<1xf32>, "
    "tensor<1xf32> -> tensor<5xf32>",
)

INDEX_OF_I16 = func(
    "tensor<5xf32>",
    "tensor<5xf32>",
    "  %s = arith.constant dense<[0]> : tensor<1xi16>\n"
    "  %r = slice.onnx %x starts %s ends %s : tensor<5xf32>, tensor<1xi16>, "
    "tensor<1xi16> -> tensor<5xf32>",
)

INDEX_2D = func(
    "tensor<5xf32>",
    "tensor<5xf32>",
    "  %s = arith.constant dense<[[0]]> : tensor<1x1xi64>\n"
    "  %r = slice.onnx %x starts %s ends %s : tensor<5xf32>, tensor<1x1xi64>, "
    "tensor<1x1xi64> -> tensor<5xf32>",
)

ELEMENT_TYPE_DIFFERS = """\
func.func @main(%x: tensor<5xf32>) -> tensor<5xf64> {
  %r = "slice.onnx_v1"(%x) <{starts = array<i64: 0>, ends = array<i64: 5>}> : (tensor<5xf32>) -> tensor<5xf64>
  func.return %r : tensor<5xf64>
}
"""

UNSUPPORTED_ELEMENT = """\
func.func @main(%x: tensor<5xf80>) -> tensor<2xf80> {
  %r = slice.onnx_v1 %x starts [0] ends [2] : tensor<5xf80> -> tensor<2xf80>
  func.return %r : tensor<2xf80>
}
"""

MISSING_PROPERTY = func(
    "tensor<5xf32>",
    "tensor<5xf32>",
    '  %r = "slice.onnx_v1"(%x) <{starts = array<i64: 0>}> : (tensor<5xf32>) '
    "-> tensor<5xf32>",
)

MISSING_ENDS = onnx_v1("2x4", "1x4", "starts [0]")


def located(source: str, line: int, column: int, width: int, message: str) -> str:
    """xDSL's parse error text: ``<source>:line:column``, the line, a caret of
    ``width`` under the column, and the message under it."""
    indent = " " * (column - 1)
    text = source.splitlines()[line - 1]
    return f"<source>:{line}:{column}\n{text}\n{indent}{'^' * width}\n{indent}{message}"


SUPPORTED = (
    "a slice moves integers of 1 to 64 bits, f16, bf16, f32, f64, complex<f32> and "
    "complex<f64>"
)

CASES: dict[str, tuple[str, str]] = {
    # a step of 0
    "window stride 0": (
        window("5", "2", [0], [2], [0]),
        "slice.window: strides[0] = 0: a stride must be non-zero",
    ),
    # an axis out of range
    "onnx negative axis out of range": (
        onnx("2x4", "2x4", [0], [2], [-3]),
        "slice.onnx: axes[0] = -3 is out of range [-2, 1] for rank 2",
    ),
    "ov_slice axis out of range": (
        ov_slice("6", "6", [0], [6], [1], [1]),
        "slice.ov_slice: axes[0] = 1 is out of range [-1, 0] for rank 1",
    ),
    "onnx_v1 axis out of range": (
        onnx_v1("6", "6", "starts [0] ends [1] axes [9223372036854775807]"),
        "slice.onnx_v1: axes[0] = 9223372036854775807 is out of range [-1, 0] for rank 1",
    ),
    "onnx too many default axes": (
        onnx("4", "4", [0, 0], [1, 1]),
        "slice.onnx: starts has 2 values but data has rank 1 (default axes are [0 .. 1])",
    ),
    # repeated axes
    "onnx repeated axes": (
        onnx("2x4", "2x4", [0, 0], [2, 4], [1, 1]),
        "slice.onnx: axes[1] = 1 repeats axis 1 (already given by axes[0])",
    ),
    "ov_slice repeated axes": (
        ov_slice("6x2", "6x2", [0, 0], [6, 6], [1, 1], [-2, 0]),
        "slice.ov_slice: axes[1] = 0 repeats axis 0 (already given by axes[0])",
    ),
    # two ellipsis bits
    "ov_strided two ellipsis bits": (
        ov_strided("5", "5", [0, 0, 0], [1, 1, 1], [1, 1, 1], ellipsis_mask=[1, 0, 1]),
        "slice.ov_strided_slice: ellipsis_mask sets more than one ellipsis (entries 0 "
        "and 2)",
    ),
    # a shrink index out of range
    "tf shrink index below": (
        tf("5", "", [-6], [0], [1], shrink_axis_mask=1),
        "slice.tf_strided_slice: begin[0] = -6 is out of range [-5, 4] for the shrink "
        "axis 0 of size 5",
    ),
    "tf shrink index above": (
        tf("3x5", "3", [0, 5], [0, 0], [1, 1], shrink_axis_mask=2),
        "slice.tf_strided_slice: begin[1] = 5 is out of range [-5, 4] for the shrink "
        "axis 1 of size 5",
    ),
    "tf shrink with a negative stride": (
        tf("5", "", [1], [0], [-1], shrink_axis_mask=1),
        "slice.tf_strided_slice: strides[0] = -1: a shrink axis needs a positive stride",
    ),
    # lengths that differ
    "ov_slice axes longer": (
        ov_slice("6x2", "6x2", [0], [6], [1], [0, 1]),
        "slice.ov_slice: axes has 2 values but start has 1",
    ),
    "ov_strided end longer": (
        ov_strided("6", "6", [0], [6, 6], [1]),
        "slice.ov_strided_slice: end has 2 values but begin has 1",
    ),
    "onnx_v1 ends longer": (
        onnx_v1("6", "6", "starts [0] ends [1, 2]"),
        "slice.onnx_v1: ends has 2 values but starts has 1",
    ),
    "dml offsets longer than the rank": (
        dml("5", "1", [0, 0], [1], [1]),
        "slice.dml_slice1: window_offsets has 2 values but the input has rank 1",
    ),
    "window sizes shorter than the rank": (
        window("5x2", "5x2", [0, 0], [5], [1, 1]),
        "slice.window: sizes has 1 value but the source has rank 2",
    ),
    "tf more entries than dims": (
        tf("5", "5", [0, 0], [1, 1], [1, 1]),
        "slice.tf_strided_slice: begin has 2 entries that index input dimensions (not "
        "new axes or an ellipsis) but the input has rank 1",
    ),
    # a mask value other than 0 or 1
    "ov_strided shrink mask -1": (
        ov_strided("5", "5", [0], [5], [1], shrink_axis_mask=[0, -1]),
        "slice.ov_strided_slice: shrink_axis_mask[1] = -1: a mask value must be 0 or 1",
    ),
    # an opset we do not know
    "onnx opset 1": (
        onnx("2x4", "2x4", [0], [2], attrs=" {opset = 1 : i64}"),
        "slice.onnx: opset = 1 is not one of [10, 11, 13]",
    ),
    # a result type that disagrees
    "onnx result type": (
        onnx("4x4", "4x4", [0], [2], [1]),
        "slice.onnx: result type tensor<4x4xf32> does not match the shape [4, 2] the "
        "slice gives",
    ),
    "onnx result rank": (
        onnx("4x4", "4", [0], [2], [1]),
        "slice.onnx: result type tensor<4xf32> does not match the shape [4, 2] the "
        "slice gives",
    ),
    "tf result type": (
        tf("5x3", "5x3", [1], [0], [1], shrink_axis_mask=1),
        "slice.tf_strided_slice: result type tensor<5x3xf32> does not match the shape "
        "[3] the slice gives",
    ),
    "ov_strided result type with a new axis": (
        ov_strided("5", "5", [0, 0], [0, 2], [1, 1], new_axis_mask=[1]),
        "slice.ov_strided_slice: result type tensor<5xf32> does not match the shape "
        "[1, 2] the slice gives",
    ),
    "window result type": (
        window("5", "3", [0], [2], [1]),
        "slice.window: result type tensor<3xf32> does not match sizes [2] (only size-1 "
        "dims may be inserted or removed)",
    ),
    # a window out of bounds or not in normal form
    "window offset out of bounds": (
        window("5", "1", [7], [1], [1]),
        "slice.window: offsets[0] = 7 is out of bounds for dimension 0 of size 5",
    ),
    "window negative offset": (
        window("5", "1", [-1], [1], [1]),
        "slice.window: offsets[0] = -1 is out of bounds for dimension 0 of size 5",
    ),
    "window last index out of bounds": (
        window("5", "3", [1], [3], [2]),
        "slice.window: last index offsets[0] + strides[0] * (sizes[0] - 1) = 1 + 2 * (3 - 1) "
        "is out of bounds for dimension 0 of size 5",
    ),
    "window last index below 0": (
        window("5", "3", [1], [3], [-1]),
        "slice.window: last index offsets[0] + strides[0] * (sizes[0] - 1) = 1 + -1 * (3 - 1) "
        "is out of bounds for dimension 0 of size 5",
    ),
    "window huge stride": (
        window("5", "2", [0], [2], [9223372036854775807]),
        "slice.window: last index offsets[0] + strides[0] * (sizes[0] - 1) = "
        "0 + 9223372036854775807 * (2 - 1) is out of bounds for dimension 0 of size 5",
    ),
    "window into an empty dim": (
        window("0", "1", [0], [1], [1]),
        "slice.window: offsets[0] = 0 is out of bounds for dimension 0 of size 0",
    ),
    "window not normal: offset of an empty dim": (
        window("5", "0", [1], [0], [1]),
        "slice.window: offsets[0] = 1 with sizes[0] = 0: normal form needs offset 0 "
        "where size is 0",
    ),
    # a DML window that is empty or too large
    "dml huge window": (
        dml("5", "1", [1], [9223372036854775807], [1]),
        "slice.dml_slice1: window_offsets[0] + window_sizes[0] = 1 + "
        "9223372036854775807 exceeds dimension 0 of size 5",
    ),
    "dml result rank": (
        dml("5x2", "5", [0, 0], [5, 2], [1, 1]),
        "slice.dml_slice1: result has rank 1 but the input has rank 2",
    ),
    # index operands of the wrong type
    "index operand of floats": (
        INDEX_OF_FLOATS,
        # an IRDL constraint: the custom form checks it while parsing, at the op
        located(
            INDEX_OF_FLOATS,
            3,
            19,
            1,
            "slice.onnx: starts must be a 1-D tensor of i32 or i64, got tensor<1xf32>",
        ),
    ),
    "index operand of i16": (
        INDEX_OF_I16,
        # an IRDL constraint: the custom form checks it while parsing, at the op
        located(
            INDEX_OF_I16,
            3,
            19,
            1,
            "slice.onnx: starts must be a 1-D tensor of i32 or i64, got tensor<1xi16>",
        ),
    ),
    "index operand of rank 2": (
        INDEX_2D,
        # an IRDL constraint: the custom form checks it while parsing, at the op
        located(
            INDEX_2D,
            3,
            19,
            1,
            "slice.onnx: starts must be a 1-D tensor of i32 or i64, got tensor<1x1xi64>",
        ),
    ),
    "missing property": (
        MISSING_PROPERTY,
        "property 'ends' expected in operation 'slice.onnx_v1'",
    ),
    # IR that does not parse
    "parse error": (
        "func.func @main(",
        "<source>:1:17\nfunc.func @main(\n                ^\n"
        "                Expected argument or type",
    ),
    # an empty input is an empty module (as mlir-opt reads it), without @main
    "empty input": ("", "no function @main in the module (functions: none)"),
    "custom syntax missing ends": (
        MISSING_ENDS,
        located(MISSING_ENDS, 2, 36, 1, "Expected 'ends'"),
    ),
    # unknown ops
    "unknown slice op (generic)": (
        UNKNOWN_SLICE_OP_GENERIC,
        located(
            UNKNOWN_SLICE_OP_GENERIC, 2, 8, 13, "Operation slice.bogus is not registered"
        ),
    ),
    "unknown slice op (custom)": (
        UNKNOWN_SLICE_OP_CUSTOM,
        located(
            UNKNOWN_SLICE_OP_CUSTOM, 2, 8, 11, "Operation slice.bogus is not registered"
        ),
    ),
    "unknown dialect op": (
        UNKNOWN_DIALECT_OP,
        located(UNKNOWN_DIALECT_OP, 2, 8, 9, "Operation foo.bar is not registered"),
    ),
    # the entry function
    "missing entry": (
        onnx("2x4", "2x4", [0], [2]),
        "no function @nope in the module (functions: @main)",
    ),
    "empty entry name": (
        onnx("2x4", "2x4", [0], [2]),
        "the entry name is empty (functions: @main)",
    ),
    "missing entry, several functions": (
        TWO_FUNCTIONS,
        "no function @main in the module (functions: @first, @second)",
    ),
    "entry takes a float scalar": (
        SCALAR_ARGUMENT,
        "@main argument 1 has type f32; kernels take and return tensors only, and "
        "scalar arguments of type index or a signless i1, i8, i16, i32 or i64",
    ),
    "entry takes an i2 scalar": (
        SCALAR_ARGUMENT.replace("f32) ->", "i2) ->"),
        "@main argument 1 has type i2; kernels take and return tensors only, and "
        "scalar arguments of type index or a signless i1, i8, i16, i32 or i64",
    ),
    "entry takes an unsigned scalar": (
        SCALAR_ARGUMENT.replace("f32) ->", "ui32) ->"),
        "@main argument 1 has type ui32; kernels take and return tensors only, and "
        "scalar arguments of type index or a signless i1, i8, i16, i32 or i64",
    ),
    "an op the lowering does not know": (
        OTHER_DIALECT_OP,
        "arith.addf: convert-slice-to-loops lowers only slice.window and "
        "slice.dynamic_window on tensors",
    ),
    # refused by the op while it parses, at the op (it used to pass the verifier
    # and fail at the lowered entry, naming neither op nor operand)
    "f80 float attribute": (
        F80_MASK,
        "slice.tf_strided_slice: end_mask is a float of type f80, which xDSL cannot "
        "print (an element type outside SPEC section 1)",
    ),
    "unsupported element type": (
        UNSUPPORTED_ELEMENT,
        located(
            UNSUPPORTED_ELEMENT,
            2,
            22,
            1,
            "slice.onnx_v1: data has type tensor<5xf80>: element type f80 is not "
            f"supported: {SUPPORTED}",
        ),
    ),
    "unranked data": (
        UNSUPPORTED_ELEMENT.replace("5xf80", "*xf32").replace("2xf80", "*xf32"),
        located(
            UNSUPPORTED_ELEMENT.replace("5xf80", "*xf32").replace("2xf80", "*xf32"),
            2,
            22,
            1,
            "slice.onnx_v1: data must be a ranked tensor, got tensor<*xf32>",
        ),
    ),
}

ENTRIES = {"missing entry": "nope", "empty entry name": ""}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("case", list(CASES))
def test_invalid_program(case: str, backend: str) -> None:
    source, message = CASES[case]
    assert_compile_fails(source, message, backend, ENTRIES.get(case, "main"))


@pytest.mark.parametrize("backend", BACKENDS)
def test_entry_is_a_declaration(backend: str) -> None:
    """An entry without a body is a ``SliceError`` naming it (not xDSL's ValueError
    about single-block regions)."""
    message = compile_error(ENTRY_IS_A_DECLARATION, backend)
    assert "@main" in message, message
    assert "block" not in message, message


def test_unknown_backend() -> None:
    source = onnx("2x4", "2x4", [0], [2])
    with pytest.raises(
        SliceError, match=re.escape("unknown backend 'llvm'; use 'c' or 'interpreter'")
    ):
        slice_dialect.compile(source, "main", "llvm")  # type: ignore[arg-type]


LOCATED = """\
func.func @main(%x: tensor<5xf32>) -> tensor<5xf32> {
  %s = arith.constant dense<0> : tensor<1xi64>
    %r = slice.onnx %x starts %s ends %s steps %s : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<5xf32>
  func.return %r : tensor<5xf32>
}
"""


NOT_STATIC_LOCATED = """\
func.func @main(%x: tensor<4xf32>, %s: tensor<1xi64>) -> tensor<2xf32> {
  %r = slice.ov_slice %x start %s stop %s step %s : tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_error_location(backend: str) -> None:
    """A verifier or pass failure names where its op stands in the source text, in
    ``SliceError.location``; the message itself is unchanged."""
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(LOCATED, "main", backend, filename="model.mlir")
    assert str(info.value) == "slice.onnx: steps[0] = 0: a step must be non-zero"
    assert info.value.location == "model.mlir:3:5"
    # Parameters known only at run time: the same message, raised by the call.
    kernel = slice_dialect.compile(
        NOT_STATIC_LOCATED, "main", backend, filename="model.mlir"
    )
    with pytest.raises(SliceError) as info:
        kernel(np.zeros(4, np.float32), [0])
    assert info.value.location == "model.mlir:2:3"  # the op's, as a verifier's
    # A NUL in the file name is shown escaped, as the CLI tools show it; the C
    # target's location table held it as an octal escape, which ended the C string
    # there ("model"), session 60's hunt.
    kernel = slice_dialect.compile(
        NOT_STATIC_LOCATED, "main", backend, filename="model\x00b.mlir"
    )
    with pytest.raises(SliceError) as info:
        kernel(np.zeros(4, np.float32), [0])
    assert info.value.location == "model\\x00b.mlir:2:3"
    with pytest.raises(SliceError) as constant:
        slice_dialect.compile(
            NOT_STATIC_LOCATED.replace("%s: tensor<1xi64>", "%unused: tensor<1xi64>")
            .replace("func.return", "func.return")
            .replace(
                "  %r = ",
                "  %s = arith.constant dense<0> : tensor<1xi64>\n  %r = ",
            ),
            "main",
            backend,
        )
    assert str(info.value) == str(constant.value)
    assert "step" in str(info.value)


def test_a_symbol_defined_twice_is_located() -> None:
    """xDSL's symbol table raises "Redefinition of symbol" from the module; the error
    stands at the second definition (it had no location before session 43, helper
    15's review)."""
    source = "func.func @main() {\n  func.return\n}\n" * 3  # at the second of three
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(source, "main", filename="m.mlir")
    assert str(info.value) == 'Redefinition of symbol "main"'
    assert info.value.location == "m.mlir:4:1"


@pytest.mark.parametrize("fast_call", [True, False], ids=["fast call", "ctypes"])
def test_run_time_error_location_through_each_call_path(
    fast_call: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A C kernel's failing check reports its op's location through both call paths
    (``PREFIX_error_location``, ABI)."""
    from slice_dialect import runtime

    monkeypatch.setenv("SLICE_FAST_CALL", "1" if fast_call else "0")
    kernel = slice_dialect.compile(
        NOT_STATIC_LOCATED, "main", "c", filename="m.mlir", cache_dir=tmp_path
    )
    assert runtime.call_path_description().startswith("ctypes") != fast_call
    with pytest.raises(SliceError) as info:
        kernel(np.zeros(4, np.float32), [0])
    assert info.value.location == "m.mlir:2:3"


OUT_OF_RANGE_LITERALS = [
    # (literal line, column and text of the value, message)
    (
        "  %e = arith.constant dense<[300]> : tensor<1xi8>",
        "300",
        "integer 300 does not fit in i8 (a literal of i8 lies in [-128, 255])",
    ),
    (
        "  %e = arith.constant dense<[1, 18446744073709551616]> : tensor<2xi64>",
        "18446744073709551616",
        "integer 18446744073709551616 does not fit in i64 (a literal of i64 lies in "
        "[-9223372036854775808, 18446744073709551615])",
    ),
    (
        "  %e = arith.constant dense<[[0, -129]]> : tensor<1x2xsi8>",
        "-129",
        "integer -129 does not fit in si8 (a literal of si8 lies in [-128, 127])",
    ),
    (
        "  %e = arith.constant dense<[(1, 256)]> : tensor<1xcomplex<ui8>>",
        "256",
        "integer 256 does not fit in ui8 (a literal of ui8 lies in [0, 255])",
    ),
    (
        '  %e = "arith.constant"() <{value = dense<2> : tensor<3xi1>}> : () -> '
        "tensor<3xi1>",
        "2",
        "integer 2 does not fit in i1 (a literal of i1 lies in [-1, 1])",
    ),
    (
        "  %r = slice.window %x offsets [9223372036854775808] sizes [2] strides [1] "
        ": tensor<10xf32> -> tensor<2xf32>",
        "9223372036854775808",
        "integer 9223372036854775808 does not fit in a signed 64-bit integer",
    ),
]


@pytest.mark.parametrize(("line", "value", "message"), OUT_OF_RANGE_LITERALS)
def test_out_of_range_literal_is_located(line: str, value: str, message: str) -> None:
    """An integer literal that does not fit its type is a parse error at the value,
    as every parse error is: ``SliceError.location`` holds where it stands (it was
    ``None``, with the location written into the message for a property, or no
    location at all and xDSL's half-open range for a dense literal)."""
    source = (
        "func.func @main(%x: tensor<10xf32>) -> tensor<10xf32> {\n"
        f"{line}\n"
        "  func.return %x : tensor<10xf32>\n"
        "}\n"
    )
    column = line.index(value) + 1
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(source, "main", "interpreter", filename="f.mlir")
    assert info.value.location == f"f.mlir:2:{column}"
    assert str(info.value) == message
    assert shown(info.value) == located(source, 2, column, len(value), message).replace(
        "<source>", "f.mlir"
    )


# Programs this file once listed as refused at lowering: with run-time parameters and
# `?` dims (issue 12) they compile, run, and fail only on invalid run-time values.
RUN_TIME = [
    # (program, arguments after the data, data, expected result or error)
    (DYNAMIC_ARGUMENT, [], np.arange(5, dtype=np.float32), np.arange(2.0)),
    (
        DYNAMIC_ARGUMENT,
        [],
        np.arange(1, dtype=np.float32),
        "slice.onnx_v1: result type tensor<2xf32> does not match",
    ),
    (NON_CONSTANT, [[1], [3]], np.arange(4, dtype=np.float32), np.arange(1.0, 3.0)),
    (NON_CONSTANT_DYNAMIC_RESULT, [[-3], [9]], np.arange(4, dtype=np.float32), np.arange(1.0, 4.0)),
    (
        NON_CONSTANT_TF,
        [np.array([0, 0], np.int32)],
        np.zeros((4, 3), np.int8),
        "slice.tf_strided_slice: strides[0] = 0",
    ),
]  # fmt: skip


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("source", "parameters", "x", "expected"), RUN_TIME)
def test_run_time_parameters(
    source: str, parameters: list[Any], x: Any, expected: Any, backend: str
) -> None:
    kernel = slice_dialect.compile(source, "main", backend)
    if isinstance(expected, str):
        with pytest.raises(SliceError) as info:
            kernel(x, *parameters)
        assert str(info.value).startswith(expected), str(info.value)
        return
    np.testing.assert_array_equal(kernel(x, *parameters), expected)


def test_error_without_location() -> None:
    """Errors about arrays, and ops built in Python without a file location, have
    ``location`` ``None``."""
    kernel = slice_dialect.compile(onnx("2x4", "2x4", [0], [2]), "main", "interpreter")
    with pytest.raises(SliceError) as info:
        kernel(np.zeros((2, 4), np.float64))
    assert info.value.location is None
    from xdsl.parser import Parser

    from slice_dialect.compiler import make_context

    module = Parser(make_context(), LOCATED).parse_module()  # no locations
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(module, "main", "interpreter")  # type: ignore[arg-type]
    assert "a step must be non-zero" in str(info.value)
    assert info.value.location is None


def test_module_object_with_an_error() -> None:
    """A ``ModuleOp`` built in Python is verified as text is."""
    from slice_dialect.compiler import make_context, parse_module

    module = parse_module(window("5", "2", [0], [2], [1]), make_context())
    op = next(o for o in module.walk() if o.name == "slice.window")
    from xdsl.dialects.builtin import DenseArrayBase, i64

    op.properties["offsets"] = DenseArrayBase.from_list(i64, [4])
    for backend in BACKENDS:
        assert_compile_fails(
            module,  # type: ignore[arg-type]
            "slice.window: last index offsets[0] + strides[0] * (sizes[0] - 1) = 4 + 1 "
            "* (2 - 1) is out of bounds for dimension 0 of size 5",
            backend,
        )


USE_BEFORE_DEFINITION = """\
func.func @main(%x: tensor<?x6xf32>, %p: tensor<4xi64>) -> tensor<?x?xf32> {
  %r = slice.onnx %x starts %s ends %e : tensor<?x6xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x?xf32>
  %s = slice.onnx_v1 %p starts [0] ends [2] : tensor<4xi64> -> tensor<2xi64>
  %e = slice.onnx_v1 %p starts [2] ends [4] : tensor<4xi64> -> tensor<2xi64>
  func.return %r : tensor<?x?xf32>
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_use_before_definition(backend: str) -> None:
    """An operand defined after its use in the block is refused at the use, as text
    and as a ``ModuleOp`` built without our parser (xDSL's parser resolves the name, the
    interpreter then raised a ``KeyError`` and the C target named an op of the
    lowering). A value reaching its own definition is refused so too: canonicalization
    rewrote it forever."""
    from xdsl.parser import Parser

    message = (
        "slice.onnx: operand #1 (%s) does not dominate this use: it is defined after it"
    )
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(USE_BEFORE_DEFINITION, "main", backend)
    assert str(info.value).endswith(message)
    assert info.value.location == "<source>:2:3"
    module = Parser(make_context(), USE_BEFORE_DEFINITION).parse_module()
    assert_compile_fails(module, message, backend)  # type: ignore[arg-type]
    cycle = (
        "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %r = slice.onnx_v1 %r starts [0] ends [4] : tensor<4xf32> -> tensor<4xf32>\n"
        "  func.return %r : tensor<4xf32>\n}\n"
    )
    with pytest.raises(SliceError, match=r"it is defined by this op$"):
        slice_dialect.compile(cycle, "main", backend)


def check_program(message: str) -> str:
    """A ``slice.check`` of a run-time index value against 0 with ``message``."""
    return f"""\
func.func @main(%x: tensor<10xf32>, %s: tensor<1xi64>) -> tensor<10xf32> {{
  %c0 = arith.constant 0 : index
  %v = tensor.extract %s[%c0] : tensor<1xi64>
  %z = arith.constant 0 : i64
  %ok = arith.cmpi ne, %v, %z : i64
  slice.check %ok, "{message}", %v
  func.return %x : tensor<10xf32>
}}
"""


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    "field", ["{0:>100000000000000000000}", "{0:>50000000}", "{0:x}", "{0!r}", "{}"]
)
def test_check_message_format_spec_is_refused(field: str, backend: str) -> None:
    """A ``slice.check`` message with a format spec is refused where it stands: the
    interpreter raised a raw ``ValueError`` for a huge width, the C runtime garbled the
    message, a width of 5*10^7 built a 50 MB message at each failing call."""
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(
            check_program(f"bad value {field}"), "main", backend, filename="f.mlir"
        )
    assert str(info.value) == (
        f"slice.check: message field {field} is not a placeholder {{N}}: a message "
        "holds only {0}, {1}, ... (one per value) and the escapes {{ and }}"
    )
    assert info.value.location == "f.mlir:6:3"


def test_check_message_is_formatted_alike_on_both_backends() -> None:
    """Placeholders and escapes give one message on the C runtime (``str.format``)
    and in the interpreter (``CheckOp.format_message``)."""
    program = check_program("slice.x: {{value}} {0} of tensor<4xf32, {{a = 1}}>, {0}")
    for backend in BACKENDS:
        kernel = slice_dialect.compile(program, "main", backend)
        with pytest.raises(SliceError) as info:
            kernel(np.zeros(10, np.float32), [0])
        assert str(info.value) == "slice.x: {value} 0 of tensor<4xf32, {a = 1}>, 0"
        np.testing.assert_array_equal(
            kernel(np.ones(10, np.float32), [3]), np.ones(10, np.float32)
        )


# --- numpy arguments -------------------------------------------------------------------

KERNEL_SOURCE = """\
func.func @main(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  %r = slice.onnx_v1 %x starts [0, 1] ends [2, 3] : tensor<2x4xf32> -> tensor<2x2xf32>
  func.return %r : tensor<2x2xf32>
}
"""

TWO_RESULTS = """\
func.func @main(%x: tensor<2x4xf32>, %y: tensor<3xi8>) -> (tensor<2x2xf32>, tensor<3xi8>) {
  %r = slice.onnx_v1 %x starts [0, 1] ends [2, 3] : tensor<2x4xf32> -> tensor<2x2xf32>
  %s = slice.window %y offsets [2] sizes [3] strides [-1] : tensor<3xi8> -> tensor<3xi8>
  func.return %r, %s : tensor<2x2xf32>, tensor<3xi8>
}
"""

X = np.arange(8, dtype=np.float32).reshape(2, 4)
EXPECTED = X[:, 1:3]


@pytest.fixture(scope="module", params=BACKENDS)
def kernel(request: pytest.FixtureRequest) -> Any:
    return slice_dialect.compile(KERNEL_SOURCE, "main", request.param)


@pytest.fixture(scope="module", params=BACKENDS)
def kernel2(request: pytest.FixtureRequest) -> Any:
    return slice_dialect.compile(TWO_RESULTS, "main", request.param)


def readonly(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


CALL_ERRORS: dict[str, tuple[tuple[Any, ...], dict[str, Any], str]] = {
    "wrong dtype": (
        (X.astype(np.float64),),
        {},
        "main: input 0 (%x): expected dtype float32, got float64",
    ),
    "wrong byte order": (
        (X.astype(">f4"),),
        {},
        "main: input 0 (%x): expected dtype float32, got >f4",
    ),
    "wrong shape": (
        (X.reshape(4, 2),),
        {},
        "main: input 0 (%x): expected shape (2, 4), got (4, 2)",
    ),
    "wrong rank": (
        (X.reshape(8),),
        {},
        "main: input 0 (%x): expected shape (2, 4), got (8,)",
    ),
    "no inputs": ((), {}, "main: expected 1 input array, got 0"),
    "two inputs": ((X, X), {}, "main: expected 1 input array, got 2"),
    "a list": (
        (X.tolist(),),
        {},
        "main: input 0 (%x): expected a numpy array, got list",
    ),
    "a numpy scalar": (
        (np.float32(1),),
        {},
        "main: input 0 (%x): expected a numpy array, got float32",
    ),
    "out of the wrong dtype": (
        (X,),
        {"out": np.empty((2, 2), np.float64)},
        "main: output 0: expected dtype float32, got float64",
    ),
    "out of the wrong shape": (
        (X,),
        {"out": np.empty((4,), np.float32)},
        "main: output 0: expected shape (2, 2), got (4,)",
    ),
    "out not C-contiguous": (
        (X,),
        {"out": np.empty((2, 4), np.float32)[:, ::2]},
        "main: output 0: out= array is not C-contiguous",
    ),
    "out in Fortran order": (
        (X,),
        {"out": np.empty((2, 2), np.float32, order="F")},
        "main: output 0: out= array is not C-contiguous",
    ),
    "out read-only": (
        (X,),
        {"out": readonly(np.empty((2, 2), np.float32))},
        "main: output 0: out= array is read-only",
    ),
    "out overlaps the input": (
        (X,),
        {"out": X.reshape(-1)[:4].reshape(2, 2)},
        "main: output 0: out= array overlaps input 0; outputs must not share memory "
        "with any other argument",
    ),
    "out is the input's tail": (
        (X,),
        {"out": X.reshape(-1)[4:].reshape(2, 2)},
        "main: output 0: out= array overlaps input 0; outputs must not share memory "
        "with any other argument",
    ),
    "two outs for one result": (
        (X,),
        {"out": [np.empty((2, 2), np.float32)] * 2},
        "main: out= takes 1 array(s), one per result, not 2",
    ),
    # one object for one result is named as what it is (it was a count problem: session
    # 64's hunt)
    "out not an array": (
        (X,),
        {"out": 5},
        "main: output 0: expected a numpy array, got int",
    ),
    "out a numpy scalar": (
        (X,),
        {"out": np.float32(0)},
        "main: output 0: expected a numpy array, got float32",
    ),
    "out a list of lists": (
        (X,),
        {"out": [[0.0, 0.0], [0.0, 0.0]]},
        "main: out= takes 1 array(s), one per result, not 2",
    ),
}


@pytest.mark.parametrize("case", list(CALL_ERRORS))
def test_call_error(kernel: Any, case: str) -> None:
    args, kwargs, message = CALL_ERRORS[case]
    x_before = X.copy()
    with pytest.raises(SliceError, match=f"^{re.escape(message)}$"):
        kernel(*args, **kwargs)
    np.testing.assert_array_equal(X, x_before)


def test_input_is_not_changed_and_out_is_left_alone_on_error(kernel: Any) -> None:
    out = np.full((2, 2), 7, np.float32)
    with pytest.raises(SliceError):
        kernel(X.astype(np.float64), out=out)
    assert (out == 7).all()


NON_CONTIGUOUS_INPUTS = {
    "Fortran order": np.asfortranarray(X),
    "every other column": np.arange(16, dtype=np.float32).reshape(2, 8)[:, ::2] / 2,
    "reversed": X[::-1, ::-1][::-1, ::-1],
    "negative strides": np.ascontiguousarray(X[::-1])[::-1],
    "transposed": np.ascontiguousarray(X.T).T,
    "unaligned": np.frombuffer(b"\0" + X.tobytes(), np.float32, offset=1).reshape(2, 4),
    "read-only": readonly(X.copy()),
    "zero strides": np.broadcast_to(np.float32(3), (2, 4)),
}


@pytest.mark.parametrize("layout", list(NON_CONTIGUOUS_INPUTS))
def test_non_contiguous_input_is_copied(kernel: Any, layout: str) -> None:
    x = NON_CONTIGUOUS_INPUTS[layout]
    before = x.copy()
    got = kernel(x)
    np.testing.assert_array_equal(got, x[:, 1:3])
    assert got.flags.c_contiguous and got.dtype == np.float32
    np.testing.assert_array_equal(x, before)


@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")
def test_ndarray_subclasses(kernel: Any) -> None:
    """A masked array and a matrix are ndarrays: either a right result or a
    ``SliceError``, never another exception."""
    for x in (np.ma.masked_array(X), np.asmatrix(X)):
        try:
            got = kernel(x)
        except SliceError:
            continue
        np.testing.assert_array_equal(np.asarray(got), EXPECTED)


def test_out_is_written_and_returned(kernel: Any) -> None:
    out = np.full((2, 2), -1, np.float32)
    assert kernel(X, out=out) is out
    np.testing.assert_array_equal(out, EXPECTED)
    outs = (np.full((2, 2), -1, np.float32),)
    assert kernel(X, out=outs) is outs
    np.testing.assert_array_equal(outs[0], EXPECTED)


def test_two_results_out_errors(kernel2: Any) -> None:
    y = np.array([1, 2, 3], np.int8)
    a = np.empty((2, 2), np.float32)
    b = np.empty(3, np.int8)
    got = kernel2(X, y, out=[a, b])
    np.testing.assert_array_equal(got[0], EXPECTED)
    np.testing.assert_array_equal(got[1], [3, 2, 1])
    buffer = np.empty(16, np.uint8)
    shared_a = buffer[:16].view(np.float32).reshape(2, 2)
    shared_b = buffer[13:16].view(np.int8)
    cases = [
        (
            {"out": a},
            "main: out= takes 2 array(s), one per result, not ndarray",
        ),
        (
            {"out": [a]},
            "main: out= takes 2 array(s), one per result, not 1",
        ),
        (
            {"out": [a, a.view(np.int8).reshape(-1)[:3]]},
            "main: output 1: out= array overlaps output 0; outputs must not share "
            "memory with any other argument",
        ),
        (
            {"out": [shared_a, shared_b]},
            "main: output 1: out= array overlaps output 0; outputs must not share "
            "memory with any other argument",
        ),
        (
            {"out": [a, y]},
            "main: output 1: out= array overlaps input 1; outputs must not share "
            "memory with any other argument",
        ),
        (
            {"out": [a, np.empty(3, np.uint8)]},
            "main: output 1: expected dtype int8, got uint8",
        ),
        (
            {"out": (a, readonly(np.empty(3, np.int8)))},
            "main: output 1: out= array is read-only",
        ),
    ]
    for kwargs, message in cases:
        with pytest.raises(SliceError, match=f"^{re.escape(message)}$"):
            kernel2(X, y, **kwargs)
    with pytest.raises(
        SliceError,
        match=re.escape("main: input 1 (%y): expected dtype int8, got float32"),
    ):
        kernel2(X, X)
    with pytest.raises(SliceError, match=re.escape("main: expected 2 input arrays")):
        kernel2(X)


def test_empty_and_rank_zero_arrays() -> None:
    """Size-0 and rank-0 arrays are checked like any other."""
    source = """\
func.func @main(%x: tensor<0x3xi16>, %s: tensor<i8>) -> (tensor<0x2xi16>, tensor<1xi8>) {
  %r = slice.window %x offsets [0, 0] sizes [0, 2] strides [1, 1] : tensor<0x3xi16> -> tensor<0x2xi16>
  %b = arith.constant dense<[0]> : tensor<1xi64>
  %t = slice.tf_strided_slice %s begin %b end %b strides %b {new_axis_mask = 1 : i64} : tensor<i8>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<1xi8>
  func.return %r, %t : tensor<0x2xi16>, tensor<1xi8>
}
"""
    for backend in BACKENDS:
        k = slice_dialect.compile(source, "main", backend)
        x = np.empty((0, 3), np.int16)
        s = np.array(5, np.int8)
        r, t = k(x, s)
        assert r.shape == (0, 2) and r.dtype == np.int16
        np.testing.assert_array_equal(t, [5])
        with pytest.raises(
            SliceError,
            match=re.escape("main: input 0 (%x): expected shape (0, 3), got (3, 0)"),
        ):
            k(np.empty((3, 0), np.int16), s)
        with pytest.raises(
            SliceError,
            match=re.escape("main: input 1 (%s): expected shape (), got (1,)"),
        ):
            k(x, np.array([5], np.int8))


def test_error_leaves_no_partial_state() -> None:
    """A failed compile does not break the next compile of a valid module."""
    for backend in BACKENDS:
        with pytest.raises(SliceError):
            slice_dialect.compile("func.func @main(", "main", backend)
        k = slice_dialect.compile(KERNEL_SOURCE, "main", backend)
        np.testing.assert_array_equal(k(X), EXPECTED)


def test_every_failure_is_a_slice_error_subclass_of_exception() -> None:
    assert issubclass(SliceError, Exception)
    assert slice_dialect.SliceError is SliceError


def test_a_huge_splat_is_refused_before_it_is_expanded() -> None:
    """Issue 10 D: a 100-byte splat of 2*10^8 elements is refused while parsing (xDSL's
    parser would expand it to a list of 2*10^8 values), at the literal's type; a splat
    within the bound still parses."""
    huge = (
        "func.func @main() -> tensor<200000000xi64> {\n"
        "  %c = arith.constant dense<0> : tensor<200000000xi64>\n"
        "  func.return %c : tensor<200000000xi64>\n"
        "}\n"
    )
    with pytest.raises(SliceError, match="a dense literal of 200000000 elements") as info:
        slice_dialect.compile(huge, filename="splat.mlir")
    assert info.value.location == "splat.mlir:2:34"
    small = huge.replace("200000000", "4096")
    module = parse_module(small, make_context())
    (constant,) = [op for op in module.walk() if op.name == "arith.constant"]
    assert str(constant.results[0].type) == "tensor<4096xi64>"


@pytest.mark.parametrize(
    "literal_type,message,location",
    [
        ("tensor<?xi64>", "Dense literal attribute should have a static shape.", "2:34"),
        ("tensor<2xnone>", "Expected memref, vector or tensor type of", "2:34"),
        ("i64", "Expected memref, vector or tensor type of integer", "2:34"),
        ("", "Dense attribute must be typed!", "3:3"),
    ],
)
def test_a_dense_literal_of_a_wrong_type_is_refused(
    literal_type: str, message: str, location: str
) -> None:
    """The checks of a dense literal's type (xDSL's, run by ``LocatingParser`` with the
    constraint built once): the message says what is wrong, at the type (at the token
    where one was expected when there is none)."""
    text = (
        "func.func @main() -> tensor<2xi64> {\n"
        f"  %c = arith.constant dense<0> : {literal_type}\n"
        "  func.return %c : tensor<2xi64>\n"
        "}\n"
    )
    with pytest.raises(SliceError, match=re.escape(message)) as info:
        slice_dialect.compile(text, filename="literal.mlir")
    assert info.value.location == f"literal.mlir:{location}"


@pytest.mark.parametrize(
    "after", ["\n", "  \n", "  // a comment\n", "\n  // a comment line\n\n"]
)
def test_a_dense_literal_type_error_shows_only_the_type(after: str) -> None:
    """The caret of a literal's type error underlines the type, not the whitespace,
    comments and next line's indentation up to the next token (the message printed
    the next line and a caret under it)."""
    text = (
        "func.func @main() -> tensor<2xi64> {\n"
        f"  %c = arith.constant dense<0> : tensor<200000000xi64>{after}"
        "  func.return %c : tensor<2xi64>\n"
        "}\n"
    )
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(text, filename="literal.mlir")
    lines = shown(info.value).splitlines()
    assert lines[0] == "literal.mlir:2:34", lines
    assert (
        lines[1]
        == "  %c = arith.constant dense<0> : tensor<200000000xi64>"
        + (after.split("\n")[0])
    )
    assert lines[2] == " " * 33 + "^" * len("tensor<200000000xi64>"), lines
    assert lines[3].strip().startswith("a dense literal of 200000000 elements"), lines
    assert len(lines) == 4, lines


def test_f80_floats_fail_only_where_they_are_printed() -> None:
    """xDSL 0.74 prints no f80 float. ``compile`` names the op holding one where a
    verifier's message would print it (an empty ``NotImplementedError`` before session
    51), and compiles an entry that does not reach such an op; ``slice-opt``, which
    prints every op, refuses it where it is parsed, nested in a dictionary too."""
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(F80_MASK)
    assert str(info.value) == (
        "slice.tf_strided_slice: end_mask is a float of type f80, which xDSL cannot "
        "print (an element type outside SPEC section 1)"
    )
    assert info.value.location == "<source>:3:3"
    unreached = (
        "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
        "  func.return %x : tensor<2xf32>\n}\n"
        "func.func @other() -> f80 {\n"
        "  %c = arith.constant 1.0 : f80\n  func.return %c : f80\n}\n"
    )
    x = np.arange(2, dtype=np.float32)
    assert slice_dialect.compile(unreached)(x).tolist() == [0.0, 1.0]
    nested = (
        "func.func @main(%x: tensor<2xf32> {slice.note = 1.0 : f80}) -> tensor<2xf32> {\n"
        "  func.return %x : tensor<2xf32>\n}\n"
    )
    result = subprocess.run(
        [sys.executable, "-m", "slice_dialect.tools.slice_opt", "-"],
        input=nested,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1, result
    assert "Traceback" not in result.stderr
    assert (
        "func.func: arg_attrs.slice.note is a float of type f80, which xDSL cannot "
        "print (an element type outside SPEC section 1)"
    ) in result.stderr
