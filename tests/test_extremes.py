"""Extreme index values, degenerate shapes and ranks 0 to 8 (issue #6).

``INT32_MIN``/``INT32_MAX``/``INT64_MIN``/``INT64_MAX`` (and their neighbours) in every
index position of every framework op (``starts``/``ends``/``axes``/``steps``,
``begin``/``end``/``strides``, DirectML ``window_offsets``/``window_sizes``/
``window_strides``), steps far larger than any dimension, dims of size 0 and 1, ranks 0
to 8. Each drawn op either compiles and gives the right result on both backends (the
C and interpreter kernels are compared with the tensor-level reference,
``slice_dialect.interpreter.make_interpreter``, and with numpy indexing where Python's
rules apply), or ``compile`` raises ``SliceError`` with the semantics' own message.
Nothing else may happen: any other exception fails the test.

Integer literals that do not fit their type (``dense<[4294967296]> : tensor<1xi32>``,
``array<i64: 9223372036854775808>``) must be a clean ``SliceError`` too.

Environment: ``SLICE_EXTREME_EXAMPLES`` (default 10) examples per op;
``SLICE_DIFF_RANDOM=1`` draws new examples each run (default: derandomized).

Run: ``pytest tests/test_extremes.py``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from math import prod
from typing import Any

import numpy as np
import pytest
from generators import (
    Constants,
    RandomDraw,
    SliceCase,
    evaluate,
    function_text,
    random_array,
    render_op,
    tensor_type,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import numpy_result, same_bits

import slice_dialect
from slice_dialect import SliceError, semantics
from slice_dialect.compiler import make_context, parse_module
from slice_dialect.interpreter import make_interpreter
from slice_dialect.semantics import (
    INT32_MAX,
    INT32_MIN,
    INT64_MAX,
    INT64_MIN,
    TF_MASKS,
    SliceResult,
    SliceSemanticsError,
)

EXAMPLES = int(os.environ.get("SLICE_EXTREME_EXAMPLES", "10"))
RANDOM = os.environ.get("SLICE_DIFF_RANDOM") == "1"
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not RANDOM,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

EXTREMES_32 = (INT32_MIN, INT32_MIN + 1, -INT32_MAX, INT32_MAX - 1, INT32_MAX)
EXTREMES_64 = (
    *EXTREMES_32,
    INT32_MIN - 1,
    INT32_MAX + 1,
    -(2**32),
    2**32,
    INT64_MIN,
    INT64_MIN + 1,
    INT64_MAX - 1,
    INT64_MAX,
)
MAX_ELEMENTS = 256
ELEMENT_TYPES = ("f32", "i8", "i64", "bf16", "complex<f64>", "i1")
CTX = make_context()


# --- drawing ---------------------------------------------------------------------------


def extremes(index_type: str) -> tuple[int, ...]:
    return EXTREMES_32 if index_type == "i32" else EXTREMES_64


def value(draw: st.DrawFn, index_type: str, small: int = 6) -> int:
    """An extreme value of ``index_type`` (half the time) or a small one."""
    if draw(st.booleans()):
        return draw(st.sampled_from(extremes(index_type)))
    return draw(st.integers(-small, small))


def values(draw: st.DrawFn, count: int, index_type: str) -> list[int]:
    return [value(draw, index_type) for _ in range(count)]


def step_values(draw: st.DrawFn, count: int, index_type: str) -> list[int]:
    """Steps: extreme, larger than any dim, small, and rarely 0."""
    result = []
    for _ in range(count):
        kind = draw(st.sampled_from(["extreme", "big", "small", "small", "zero"]))
        if kind == "extreme":
            result.append(draw(st.sampled_from(extremes(index_type))))
        elif kind == "big":
            result.append(draw(st.sampled_from([1, -1])) * draw(st.integers(4, 1000)))
        elif kind == "small":
            result.append(draw(st.sampled_from([1, 2, 3, -1, -2, -3])))
        else:
            result.append(0)
    return result


def axes_values(draw: st.DrawFn, rank: int, count: int, index_type: str) -> list[int]:
    """Mostly valid, distinct axes (possibly negative); sometimes anything."""
    if rank >= count and draw(st.integers(0, 3)) > 0:
        chosen = draw(st.permutations(range(rank)))[:count]
        return [a - rank if draw(st.booleans()) else a for a in chosen]
    return [value(draw, index_type, small=rank + 1) for _ in range(count)]


def shape(draw: st.DrawFn, min_rank: int, max_rank: int, min_dim: int = 0) -> list[int]:
    """Rank ``min_rank..max_rank``, dims 0 to 3 (often 1), at most 256 elements."""
    rank = draw(st.integers(min_rank, max_rank))
    dims = [draw(st.sampled_from([min_dim, 1, 1, 2, 3])) for _ in range(rank)]
    while prod(dims) > MAX_ELEMENTS:
        dims[dims.index(max(dims))] -= 1
    return [max(d, min_dim) for d in dims]


def index_type(draw: st.DrawFn) -> str:
    return draw(st.sampled_from(["i64", "i64", "i32"]))


# --- ops as IR text --------------------------------------------------------------------


@dataclass
class Case:
    """One framework op on ``%x``: what it is, its IR and its semantics."""

    op: str
    data_shape: list[int]
    element_type: str
    operands: dict[str, tuple[list[int], str] | None] = field(default_factory=dict)
    props: dict[str, Any] = field(default_factory=dict)
    result_shape: list[int] | None = None
    error: str | None = None
    result: SliceResult | None = None

    def parameters(self) -> dict[str, list[int] | None]:
        return {k: None if v is None else v[0] for k, v in self.operands.items()}


def i64_array(values: Sequence[int]) -> str:
    return "array<i64" + (": " + ", ".join(map(str, values)) if values else "") + ">"


def parse_array(text: str) -> list[int]:
    inner = text.removeprefix("array<i64").removesuffix(">").removeprefix(":")
    return [int(v) for v in inner.split(",") if v.strip()]


def prop_values(case: Case) -> dict[str, Any]:
    """The properties as values (from their IR text: ``array<i64: ...>``, or ``5 : i64``
    for a TensorFlow mask or the opset)."""
    return {
        k: parse_array(v) if v.startswith("array<") else int(v.split(" ")[0])
        for k, v in case.props.items()
    }


def render(case: Case) -> str:
    """``func.func @main(%x) -> result`` with the op in the generic form (the text of
    :func:`generators.render_op`)."""
    result_shape = tuple(case.result_shape if case.result_shape is not None else [])
    generic = SliceCase(
        case.op,
        tuple(case.data_shape),
        operands=case.parameters(),
        index_types={k: v[1] for k, v in case.operands.items() if v is not None},
        props=prop_values(case),
        result_shape=result_shape,
        generic=True,
    )
    lines: list[str] = []
    constants = Constants(RandomDraw(0), share=False)
    render_op(generic, "%x", "%r", case.element_type, constants, lines)
    return function_text(
        case.element_type, [("%x", tuple(case.data_shape))], lines, [("%r", result_shape)]
    )


def typed(
    types: dict[str, str], **operands: list[int] | None
) -> dict[str, tuple[list[int], str] | None]:
    """Index operands with their element types (``None``: absent)."""
    return {k: None if v is None else (v, types[k]) for k, v in operands.items()}


def finish(case: Case, evaluate: Callable[[], SliceResult]) -> Case:
    """Fill in the semantics: the result shape, or the error message."""
    try:
        case.result = evaluate()
    except SliceSemanticsError as e:
        case.error = str(e)
        if case.result_shape is None:
            case.result_shape = list(case.data_shape)
        return case
    if case.result_shape is None:
        assert all(d is not None for d in case.result.shape)
        case.result_shape = [int(d) for d in case.result.shape if d is not None]
    return case


def axis_slice_shape(draw: st.DrawFn) -> tuple[list[int], int, int]:
    """The data dims, their rank and the number of entries of an axis slice (up to
    one more than the rank allows)."""
    dims = shape(draw, 0, 8)
    rank = len(dims)
    return (
        dims,
        rank,
        draw(st.integers(0, min(rank, 3) + (1 if draw(st.booleans()) else 0))),
    )


@st.composite
def onnx_cases(draw: st.DrawFn) -> Case:
    dims, rank, count = axis_slice_shape(draw)
    t = {n: index_type(draw) for n in ("starts", "ends", "axes", "steps")}
    starts, ends = values(draw, count, t["starts"]), values(draw, count, t["ends"])
    axes = axes_values(draw, rank, count, t["axes"]) if draw(st.booleans()) else None
    steps = step_values(draw, count, t["steps"]) if draw(st.booleans()) else None
    opset = draw(st.sampled_from([10, 11, 13]))
    case = Case(
        "onnx",
        dims,
        element_type(draw),
        typed(t, starts=starts, ends=ends, axes=axes, steps=steps),
        {"opset": f"{opset} : i64"},
    )
    return finish(case, lambda: semantics.onnx(dims, starts, ends, axes, steps, opset))


@st.composite
def onnx_v1_cases(draw: st.DrawFn) -> Case:
    dims, rank, count = axis_slice_shape(draw)
    starts, ends = values(draw, count, "i64"), values(draw, count, "i64")
    axes = axes_values(draw, rank, count, "i64") if draw(st.booleans()) else None
    props = {"starts": i64_array(starts), "ends": i64_array(ends)}
    if axes is not None:
        props["axes"] = i64_array(axes)
    case = Case("onnx_v1", dims, element_type(draw), {}, props)
    return finish(case, lambda: semantics.onnx_v1(dims, starts, ends, axes))


@st.composite
def ov_slice_cases(draw: st.DrawFn) -> Case:
    dims, rank, count = axis_slice_shape(draw)
    t = {n: index_type(draw) for n in ("start", "stop", "step", "axes")}
    start, stop = values(draw, count, t["start"]), values(draw, count, t["stop"])
    step = step_values(draw, count, t["step"])
    axes = axes_values(draw, rank, count, t["axes"]) if draw(st.booleans()) else None
    case = Case(
        "ov_slice",
        dims,
        element_type(draw),
        typed(t, start=start, stop=stop, step=step, axes=axes),
    )
    return finish(case, lambda: semantics.ov_slice(dims, start, stop, step, axes))


MASK_KINDS = {
    "begin_mask": None,
    "end_mask": None,
    "new_axis_mask": "new",
    "shrink_axis_mask": "shrink",
    "ellipsis_mask": "ellipsis",
}
"""The entry kind each mask marks (``None``: drawn at random)."""


def element_type(draw: st.DrawFn) -> str:
    return draw(st.sampled_from(ELEMENT_TYPES))


def strided_entries(draw: st.DrawFn) -> tuple[list[int], int, list[str]]:
    """The data dims, how many entries, and what each is meant to be (masks follow
    from it)."""
    dims = shape(draw, 0, 8)
    count = draw(st.integers(0, len(dims) + 2))
    kinds = [
        draw(st.sampled_from(["range", "range", "range", "new", "shrink", "ellipsis"]))
        for _ in range(count)
    ]
    return dims, count, kinds


def tf_mask_text(mask: int) -> str:
    return f"{mask} : i64"


def strided_case(
    draw: st.DrawFn,
    op: str,
    dims: list[int],
    operands: dict[str, tuple[list[int], str] | None],
    masks: dict[str, Any],
    mask_text: Callable[[Any], str],
) -> Case:
    """A strided slice with these masks (``mask_text`` writes one as IR); its
    semantics is the op's rule on ints."""
    props = {k: mask_text(v) for k, v in masks.items()}
    case = Case(op, dims, element_type(draw), operands, props)
    return finish(case, lambda: evaluate(op, tuple(dims), case.parameters(), masks))


@st.composite
def ov_strided_cases(draw: st.DrawFn) -> Case:
    dims, count, kinds = strided_entries(draw)
    t = {n: index_type(draw) for n in ("begin", "end", "stride")}
    begin, end = values(draw, count, t["begin"]), values(draw, count, t["end"])
    stride = step_values(draw, count, t["stride"]) if draw(st.booleans()) else None

    def mask(kind: str | None) -> list[int]:
        bits = [
            int(k == kind) if kind else int(draw(st.integers(0, 2)) == 0) for k in kinds
        ]
        extra = draw(st.integers(-min(len(bits), 1), 1))
        bits = bits[: len(bits) + extra] if extra < 0 else bits + [0] * extra
        if bits and draw(st.integers(0, 20)) == 0:
            bits[draw(st.integers(0, len(bits) - 1))] = draw(st.sampled_from([2, -1]))
        return bits

    masks = {name: mask(MASK_KINDS[name]) for name in semantics.OV_MASKS}
    operands = typed(t, begin=begin, end=end, stride=stride)
    return strided_case(draw, "ov_strided_slice", dims, operands, masks, i64_array)


@st.composite
def tf_strided_cases(draw: st.DrawFn) -> Case:
    dims, count, kinds = strided_entries(draw)
    t = {n: index_type(draw) for n in ("begin", "end", "strides")}
    begin, end = values(draw, count, t["begin"]), values(draw, count, t["end"])
    strides = step_values(draw, count, t["strides"])

    def mask(kind: str | None) -> int:
        if draw(st.integers(0, 15)) == 0:
            return draw(st.sampled_from([-1, INT64_MIN, INT64_MAX, 2**31, 2**40]))
        bits = 0
        for i, k in enumerate(kinds):
            if (k == kind) if kind else draw(st.booleans()):
                bits |= 1 << i
        if draw(st.booleans()):
            bits |= draw(st.integers(0, 3)) << count  # bits past len(begin)
        return bits

    masks = {name: mask(MASK_KINDS[name]) for name in TF_MASKS}
    operands = typed(t, begin=begin, end=end, strides=strides)
    return strided_case(draw, "tf_strided_slice", dims, operands, masks, tf_mask_text)


@st.composite
def dml_cases(draw: st.DrawFn) -> Case:
    """Half the time a window inside the input (strides may still be extreme, with
    one output element), else every parameter from every class."""
    rank = draw(st.sampled_from([0, 9, *range(1, 9), *range(1, 9), *range(1, 9)]))
    dims = shape(draw, rank, rank, min_dim=1)
    offsets: list[int] = []
    sizes: list[int] = []
    strides = step_values(draw, rank, "i64")
    output: list[int] = []
    inside = draw(st.booleans())
    if inside:
        strides = [s or 1 for s in strides]
    for d, stride in zip(dims, strides):
        if inside or draw(st.booleans()):
            offset = draw(st.integers(0, d - 1))
            size = draw(st.integers(1, d - offset))
        else:
            offset, size = value(draw, "i64"), value(draw, "i64")
        offsets.append(offset)
        sizes.append(size)
        if size >= 1 and stride != 0 and draw(st.integers(0, 5)) > 0:
            top = min(1 + (size - 1) // abs(stride), 4)
            output.append(draw(st.integers(1, top)))
        else:
            output.append(draw(st.sampled_from([0, 1, 2, 5])))
    if draw(st.integers(0, 10)) == 0:  # a parameter list of the wrong length
        which = draw(st.sampled_from([offsets, sizes, strides]))
        if which and draw(st.booleans()):
            which.pop()
        else:
            which.append(value(draw, "i64"))
    case = Case(
        "dml_slice1",
        dims,
        element_type(draw),
        {},
        {
            "window_offsets": i64_array(offsets),
            "window_sizes": i64_array(sizes),
            "window_strides": i64_array(strides),
        },
        result_shape=output,
    )
    return finish(
        case, lambda: semantics.dml_slice1(dims, offsets, sizes, strides, output)
    )


# --- the check -------------------------------------------------------------------------


def oracle_values(case: Case) -> dict[str, Any]:
    """The case's parameters as the oracle takes them."""
    return {**case.parameters(), **prop_values(case), "output_sizes": case.result_shape}


def assert_same_bits(got: np.ndarray, expected: np.ndarray, what: str, text: str) -> None:
    got, expected = np.asarray(got), np.asarray(expected)
    assert same_bits(got, expected), (
        f"{what}: {got.dtype}{got.shape} != {expected.dtype}{expected.shape} or the "
        f"elements differ\n{text}"
    )


def check(case: Case) -> None:
    """A correct result on both backends, or a ``SliceError`` with the semantics'
    message; never another exception."""
    text = render(case)
    if case.error is not None:
        for backend in ("interpreter", "c"):
            with pytest.raises(SliceError) as info:
                slice_dialect.compile(text, "main", backend)
            assert str(info.value) == case.error, text
        return
    x = random_array(case.element_type, case.data_shape, seed=len(text))
    reference = make_interpreter(parse_module(text, CTX)).call_op("main", (x,))[0]
    assert case.result_shape is not None
    assert np.asarray(reference).shape == tuple(case.result_shape), text
    expected = numpy_result(case.op, x, oracle_values(case))
    assert_same_bits(expected, reference, "numpy vs the reference", text)
    for backend in ("interpreter", "c"):
        kernel = slice_dialect.compile(text, "main", backend)
        assert_same_bits(kernel(x), reference, f"{backend} backend", text)


STRATEGIES = {
    "onnx": onnx_cases(),
    "onnx_v1": onnx_v1_cases(),
    "ov_slice": ov_slice_cases(),
    "ov_strided_slice": ov_strided_cases(),
    "tf_strided_slice": tf_strided_cases(),
    "dml_slice1": dml_cases(),
}


@pytest.mark.parametrize("op", list(STRATEGIES))
@SETTINGS
@given(data=st.data())
def test_extreme_parameters(op: str, data: st.DataObject) -> None:
    check(data.draw(STRATEGIES[op], label="case"))


# --- fixed extreme cases ---------------------------------------------------------------

ALL_EXTREMES_64 = (
    INT64_MIN,
    INT64_MIN + 1,
    INT32_MIN,
    INT32_MAX,
    INT64_MAX - 1,
    INT64_MAX,
)


def onnx_case(dims: list[int], starts, ends, axes, steps, itype: str = "i64") -> Case:
    case = Case(
        "onnx",
        dims,
        "f32",
        {
            "starts": (starts, itype),
            "ends": (ends, itype),
            "axes": None if axes is None else (axes, itype),
            "steps": None if steps is None else (steps, itype),
        },
        {"opset": "13 : i64"},
    )
    return finish(case, lambda: semantics.onnx(dims, starts, ends, axes, steps))


@pytest.mark.parametrize("step", [INT64_MIN, INT64_MIN + 1, INT64_MAX, -1000, 1000])
@pytest.mark.parametrize("start", ALL_EXTREMES_64)
def test_onnx_extreme_start_and_step(start: int, step: int) -> None:
    """Every extreme start with every extreme step, ends at both extremes."""
    for end in (INT64_MIN, INT64_MAX):
        check(onnx_case([3, 1], [start, 0], [end, 1], [0, -1], [step, 1]))


@pytest.mark.parametrize("itype", ["i32", "i64"])
def test_tf_extremes_in_every_position(itype: str) -> None:
    ext = extremes(itype)
    lo, hi = ext[0], ext[-1]
    for begin, end, stride in [
        (lo, hi, 1),
        (hi, lo, -1),
        (lo, hi, hi),
        (hi, lo, lo),
        (lo, lo, lo),
        (hi, hi, hi),
        (0, hi, lo + 1),
    ]:
        dims = [4, 0, 1]
        b, e, s = [begin] * 3, [end] * 3, [stride] * 3
        case = Case(
            "tf_strided_slice",
            dims,
            "i8",
            {"begin": (b, itype), "end": (e, itype), "strides": (s, itype)},
            {},
        )
        check(finish(case, partial(semantics.tf_strided_slice, dims, b, e, s)))


def test_rank_8_and_rank_0() -> None:
    """The largest and smallest ranks every op takes."""
    dims8 = [2, 1, 2, 1, 2, 1, 2, 1]
    check(onnx_case(dims8, [INT64_MIN] * 8, [INT64_MAX] * 8, None, [-1] * 8))
    for dims in ([], [0], [1] * 8):
        b = [0] * 2
        case = Case(
            "tf_strided_slice",
            dims,
            "complex<f64>",
            {"begin": (b, "i64"), "end": (b, "i64"), "strides": ([1, 1], "i64")},
            {"new_axis_mask": "1 : i64", "ellipsis_mask": "2 : i64"},
        )
        check(
            finish(
                case,
                partial(semantics.tf_strided_slice, dims, b, b, [1, 1], 0, 0, 2, 1, 0),
            )
        )


def test_dml_extremes_in_every_position() -> None:
    for offsets, sizes, strides, out in [
        ([INT64_MAX], [1], [1], [1]),
        ([INT64_MIN], [1], [1], [1]),
        ([0], [INT64_MAX], [1], [1]),
        ([0], [INT64_MIN], [1], [1]),
        ([0], [3], [INT64_MAX], [1]),
        ([0], [3], [INT64_MIN], [1]),
        ([0], [3], [INT64_MIN + 1], [1]),
        ([1], [2], [-INT64_MAX], [1]),
        ([0], [3], [INT32_MAX], [2]),
    ]:
        dims = [3]
        case = Case(
            "dml_slice1",
            dims,
            "bf16",
            {},
            {
                "window_offsets": i64_array(offsets),
                "window_sizes": i64_array(sizes),
                "window_strides": i64_array(strides),
            },
            result_shape=out,
        )
        check(
            finish(
                case, partial(semantics.dml_slice1, dims, offsets, sizes, strides, out)
            )
        )


# --- integer literals that do not fit their type --------------------------------------

INDEX_LITERAL = """\
func.func @main(%x: tensor<4xf32>) -> {r} {{
  %s = arith.constant dense<[0]> : tensor<1x{t}>
  %e = arith.constant dense<[{v}]> : tensor<1x{t}>
  %r = slice.onnx %x starts %s ends %e : tensor<4xf32>, tensor<1x{t}>, tensor<1x{t}> -> {r}
  func.return %r : {r}
}}
"""


@pytest.mark.parametrize(
    ("itype", "big"),
    [("i32", 2**32), ("i32", INT32_MIN - 1), ("i32", INT64_MAX), ("i64", 2**64)],
)
def test_index_literal_that_does_not_fit(itype: str, big: int) -> None:
    """An i64 value in a ``tensor<Nxi32>`` constant (or a value past i64 in an i64 one)
    is a clean ``SliceError`` naming the value, not a ``ValueError``. (The literal
    fails at parsing, before any backend runs.)"""
    text = INDEX_LITERAL.format(t=itype, v=big, r="tensor<4xf32>")
    with pytest.raises(SliceError, match=re.escape(str(big))):
        slice_dialect.compile(text, "main", "interpreter")


PROPERTY_LITERALS = {
    "onnx_v1 ends": "%r = slice.onnx_v1 %x starts [0] ends [{v}] : tensor<4xf32> -> tensor<4xf32>",
    "onnx_v1 axes": "%r = slice.onnx_v1 %x starts [0] ends [4] axes [{v}] : tensor<4xf32> -> tensor<4xf32>",
    "window offsets": "%r = slice.window %x offsets [{v}] sizes [4] strides [1] : tensor<4xf32> -> tensor<4xf32>",
    "dml sizes": "%r = slice.dml_slice1 %x window_offsets [0] window_sizes [{v}] window_strides [1] : tensor<4xf32> -> tensor<4xf32>",
    "generic window strides": '%r = "slice.window"(%x) <{{offsets = array<i64: 0>, sizes = array<i64: 4>, strides = array<i64: {v}>}}> : (tensor<4xf32>) -> tensor<4xf32>',
    "tf mask": "%b = arith.constant dense<[0]> : tensor<1xi64>\n  %r = slice.tf_strided_slice %x begin %b end %b strides %b {{begin_mask = {v} : i64}} : tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<4xf32>",
}


@pytest.mark.parametrize("where", list(PROPERTY_LITERALS))
def test_i64_property_literal_that_does_not_fit(where: str) -> None:
    """A property value outside i64 is a ``SliceError`` (values in ``[2**63, 2**64)``
    may also be read as their two's complement, as MLIR's signless integers are)."""
    for big in (2**63, INT64_MIN - 1, 2**64, 2**80):
        check_property_literal(where, big)


def check_property_literal(where: str, big: int) -> None:
    body = PROPERTY_LITERALS[where].format(v=big)
    text = (
        "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
        f"  {body}\n  func.return %r : tensor<4xf32>\n}}\n"
    )
    for backend in ("c", "interpreter"):
        try:
            kernel = slice_dialect.compile(text, "main", backend)
        except SliceError as e:
            if not 0 <= big < 2**64:
                assert str(big) in str(e), str(e)
            continue
        assert 2**63 <= big < 2**64, f"{big} accepted in {where}"
        wrapped = text.replace(str(big), str(big - 2**64))
        x = np.arange(4, dtype=np.float32)
        expected = slice_dialect.compile(wrapped, "main", backend)(x)
        np.testing.assert_array_equal(kernel(x), expected)


@pytest.mark.parametrize("wrapped", [2**32 - 1, 2**31])
@pytest.mark.parametrize("backend", ["c", "interpreter"])
def test_i32_literal_in_the_unsigned_range(wrapped: int, backend: str) -> None:
    """``dense<[2147483648]> : tensor<1xi32>`` is MLIR's signless i32 with that bit
    pattern: either an error, or read as ``wrapped - 2**32`` everywhere (verifier,
    reference and both backends agree)."""
    signed = wrapped - 2**32
    result = tensor_type(
        [d or 0 for d in semantics.onnx([4], [0], [signed]).shape], "f32"
    )
    text = INDEX_LITERAL.format(t="i32", v=wrapped, r=result)
    try:
        kernel = slice_dialect.compile(text, "main", backend)
    except SliceError:
        return
    x = np.arange(4, dtype=np.float32)
    np.testing.assert_array_equal(kernel(x), x[0:signed])
