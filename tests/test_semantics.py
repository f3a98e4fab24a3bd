"""Tests of ``slice_dialect.semantics``: the research vectors and property tests.

* ``test_vector``: every vector of ``research/semantics.md`` section C, as transcribed in
  ``tests/vectors.py``, with the results SPEC.md section 2 fixes for our ops.
* Property tests (hypothesis) against independent oracles: numpy basic slicing for
  TensorFlow's strided slice and (with one documented difference) ONNX Slice and OpenVINO
  Slice-8; TensorFlow for OpenVINO's strided slice (same difference); the DirectML
  document's pseudo-code for ``dml_slice1``; applying two windows in turn for
  ``compose``. Every window a test gets is also checked with ``window()`` (in bounds,
  normal form), and ``window()`` must reject broken windows naming the property and
  index at fault.
* A few single cases pin SPEC rules the vectors do not reach.

Environment: ``SLICE_HYPOTHESIS_EXAMPLES`` sets hypothesis's ``max_examples`` for every
property test (default 200), for longer runs such as
``SLICE_HYPOTHESIS_EXAMPLES=20000 pytest tests/test_semantics.py``.
"""

from __future__ import annotations

import inspect
import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from generators import entry_dims
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from vectors import (
    INT32_MAX,
    INT32_MIN,
    INT64_MAX,
    INT64_MIN,
    RESEARCH_IDS,
    VECTORS,
    Vector,
)

from slice_dialect import semantics
from slice_dialect.domain import INTS, Int64OverflowError
from slice_dialect.semantics import (
    SliceResult,
    SliceSemanticsError,
    Window,
    apply_window,
    compose,
    drop_unit_dims,
    empty_chain,
    empty_window,
    same_up_to_unit_dims,
    window,
)

MAX_EXAMPLES = int(os.environ.get("SLICE_HYPOTHESIS_EXAMPLES", "100"))
PROPERTY = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

FUNCTIONS: dict[str, Callable[..., SliceResult]] = {
    "onnx_v1": semantics.onnx_v1,
    "onnx": semantics.onnx,
    "ov_slice": semantics.ov_slice,
    "ov_strided_slice": semantics.ov_strided_slice,
    "tf_strided_slice": semantics.tf_strided_slice,
    "dml_slice1": semantics.dml_slice1,
}

MAX_DATA = 100_000
"""Vectors without listed values build their input only up to this many elements."""

Array = npt.NDArray[Any]


def iota(shape: Sequence[int]) -> Array:
    return np.arange(math.prod(shape), dtype=np.int64).reshape(tuple(shape))


def checked_window(shape: Sequence[int], result: SliceResult) -> Window:
    """The result's window, after checking it is a valid normal-form ``slice.window`` of
    ``shape`` whose sizes agree with the result shape up to unit dims."""
    w = result.window
    assert w is not None
    assert window(shape, w.offsets, w.sizes, w.strides).window == w
    assert same_up_to_unit_dims(w.sizes, result.shape)
    return w


# --- research vectors ------------------------------------------------------------------


def test_every_research_vector_is_transcribed() -> None:
    assert {v.id for v in VECTORS} == set(RESEARCH_IDS)
    assert len({v.name for v in VECTORS}) == len(VECTORS)


@pytest.mark.parametrize("vector", VECTORS, ids=[v.name for v in VECTORS])
def test_vector(vector: Vector) -> None:
    function = FUNCTIONS[vector.op]
    if vector.error is not None:
        with pytest.raises(SliceSemanticsError) as info:
            function(vector.shape, **vector.params)
        message = str(info.value)
        assert vector.error in message
        assert message.startswith(f"slice.{vector.op}: "), "the message names the op"
        return
    result = function(vector.shape, **vector.params)
    assert result.shape == vector.expected_shape, vector.note
    if None in vector.shape:
        assert result.window is None, "a dynamic input has no window"
        return
    shape = [d for d in vector.shape if d is not None]
    w = checked_window(shape, result)
    if vector.expected_values is None and math.prod(shape) > MAX_DATA:
        return
    if vector.data is not None:
        data = np.array(vector.data, dtype=np.int64).reshape(tuple(shape))
    else:
        data = iota(shape)
    out = apply_window(data, w, [d for d in result.shape if d is not None])
    assert out.shape == vector.expected_shape
    if vector.expected_values is not None:
        flat = [int(v) for v in out.ravel()]
        expected = list(vector.expected_values)
        if vector.values_prefix:
            assert flat[: len(expected)] == expected
        else:
            assert flat == expected


def test_tf_31_entries_allowed() -> None:
    """The other side of C113: 31 entries is TensorFlow's maximum, not an error."""
    new_axes = sum(1 << i for i in range(1, 31))
    result = semantics.tf_strided_slice(
        (2,), (0,) * 31, (1,) * 31, (1,) * 31, new_axis_mask=new_axes
    )
    assert result.shape == (1,) + (1,) * 30


# --- strategies ------------------------------------------------------------------------

SPECIAL = (-100, 100, INT32_MIN, INT32_MAX, INT64_MIN, INT64_MAX)
indices = st.one_of(st.integers(-8, 8), st.sampled_from(SPECIAL))
"""Begin/end/start/stop values: small (in and out of range) and extreme."""
nonzero_steps = st.one_of(
    st.sampled_from((-4, -3, -2, -1, 1, 2, 3, 4)), st.sampled_from(SPECIAL)
)


def shapes(
    min_rank: int, max_rank: int, min_dim: int = 0, max_dim: int = 6
) -> st.SearchStrategy[tuple[int, ...]]:
    return st.lists(
        st.integers(min_dim, max_dim), min_size=min_rank, max_size=max_rank
    ).map(tuple)


@st.composite
def any_steps(draw: st.DrawFn) -> int:
    """A stride, zero about one time in twenty."""
    if draw(st.integers(0, 19)) == 0:
        return 0
    return draw(nonzero_steps)


# --- TensorFlow strided slice vs numpy -------------------------------------------------

KINDS = ("range", "range", "range", "shrink", "shrink", "new", "ellipsis")


@dataclass(frozen=True)
class StridedCase:
    """A strided-slice spec with the kind each entry must have under TF's precedence."""

    shape: tuple[int, ...]
    kinds: tuple[str, ...]
    begin: tuple[int, ...]
    end: tuple[int, ...]
    strides: tuple[int, ...]
    begin_mask: int
    end_mask: int
    ellipsis_mask: int
    new_axis_mask: int
    shrink_axis_mask: int

    def tf(self, **changes: Any) -> SliceResult:
        params: dict[str, Any] = {
            "begin": self.begin,
            "end": self.end,
            "strides": self.strides,
            "begin_mask": self.begin_mask,
            "end_mask": self.end_mask,
            "ellipsis_mask": self.ellipsis_mask,
            "new_axis_mask": self.new_axis_mask,
            "shrink_axis_mask": self.shrink_axis_mask,
        }
        params.update(changes)
        return semantics.tf_strided_slice(self.shape, **params)

    def bit(self, mask: int, i: int) -> bool:
        return (mask >> i) & 1 == 1

    def numpy_index(self) -> tuple[Any, ...]:
        """The same selection as a numpy basic index."""
        items: list[Any] = []
        for i, kind in enumerate(self.kinds):
            if kind == "ellipsis":
                items.append(Ellipsis)
            elif kind == "new":
                items.append(None)
            elif kind == "shrink":
                items.append(self.begin[i])
            else:
                start = None if self.bit(self.begin_mask, i) else self.begin[i]
                stop = None if self.bit(self.end_mask, i) else self.end[i]
                items.append(slice(start, stop, self.strides[i]))
        return tuple(items)

    def entry_dims(self) -> list[int | None] | None:
        return entry_dims(len(self.shape), self.kinds)


@st.composite
def strided_cases(draw: st.DrawFn) -> StridedCase:
    shape = draw(shapes(0, 6))
    count = draw(st.integers(0, len(shape) + 1))
    kinds = tuple(draw(st.sampled_from(KINDS)) for _ in range(count))
    dims = entry_dims(len(shape), kinds)
    begin: list[int] = []
    end: list[int] = []
    strides: list[int] = []
    masks = {"begin": 0, "end": 0, "ellipsis": 0, "new": 0, "shrink": 0}

    def set_bit(name: str, i: int, value: bool = True) -> None:
        if value:
            masks[name] |= 1 << i

    def sometimes() -> bool:
        return draw(st.integers(0, 3)) == 0

    for i, kind in enumerate(kinds):
        d = None if dims is None or dims[i] is None else shape[dims[i]]
        begin.append(draw(indices))
        end.append(draw(indices))
        # begin/end mask bits on every kind: only a range entry reads them
        set_bit("begin", i, sometimes())
        set_bit("end", i, sometimes())
        if kind == "range":
            if d is not None and draw(st.integers(0, 5)) == 0:
                # a negative stride from below -dim through index 0: TF and numpy give
                # an empty dim, OpenVINO, ONNX read element 0
                begin[i] = draw(st.sampled_from((-d - 1, -d - 4, -100, INT64_MIN)))
                end[i] = draw(st.sampled_from((-d - 1, -100, INT32_MIN, INT64_MIN)))
                masks["begin"] &= ~(1 << i)
                strides.append(draw(st.sampled_from((-1, -2, -5, INT64_MIN))))
            else:
                strides.append(draw(any_steps()))
        elif kind == "shrink":
            set_bit("shrink", i)
            if d is not None and d > 0 and draw(st.integers(0, 9)) > 0:
                begin[i] = draw(st.integers(-d, d - 1))  # mostly in range
            positive = draw(st.integers(0, 9)) > 0
            strides.append(draw(st.integers(1, 9) if positive else st.integers(-3, 0)))
        elif kind == "new":
            set_bit("new", i)
            set_bit("shrink", i, draw(st.booleans()))  # new axis wins
            strides.append(draw(any_steps()))
        else:
            set_bit("ellipsis", i)
            set_bit("new", i, draw(st.booleans()))  # ellipsis wins
            set_bit("shrink", i, draw(st.booleans()))
            strides.append(draw(any_steps()))
    if draw(st.booleans()):  # bits at or past len(begin) are ignored
        for name in masks:
            masks[name] |= (draw(st.integers(0, 2**32 - 1)) >> count) << count
    return StridedCase(
        shape,
        kinds,
        tuple(begin),
        tuple(end),
        tuple(strides),
        masks["begin"],
        masks["end"],
        masks["ellipsis"],
        masks["new"],
        masks["shrink"],
    )


@PROPERTY
@given(strided_cases())
def test_tf_strided_slice_is_numpy_basic_indexing(case: StridedCase) -> None:
    x = iota(case.shape)
    bad_shrink_stride = any(
        kind == "shrink" and case.strides[i] <= 0 for i, kind in enumerate(case.kinds)
    )
    try:
        expected: Array | None = x[case.numpy_index()]
    except (IndexError, ValueError):
        expected = None
    if expected is None or bad_shrink_stride:
        event("error")
        with pytest.raises(SliceSemanticsError):
            case.tf()
        return
    event("empty result" if expected.size == 0 else "non-empty result")
    dims = case.entry_dims() or []
    for i, dim in enumerate(dims):
        if (
            dim is not None
            and case.kinds[i] == "range"
            and case.strides[i] < 0
            and not case.bit(case.begin_mask, i)
            and case.begin[i] < -case.shape[dim]
        ):
            event("begin below -dim with a negative stride")
    result = case.tf()
    assert result.shape == expected.shape
    w = checked_window(case.shape, result)
    np.testing.assert_array_equal(apply_window(x, w, expected.shape), expected)


# --- OpenVINO strided slice vs TensorFlow ----------------------------------------------


@st.composite
def ov_mask(draw: st.DrawFn, bits: int, count: int) -> tuple[int, ...]:
    """``bits`` as an OpenVINO 0/1 list: of length ``count``, shorter with the trailing
    zeros cut (zero-padded), or longer with junk entries (ignored)."""
    values = [(bits >> i) & 1 for i in range(count)]
    form = draw(st.sampled_from(("exact", "short", "long")))
    if form == "short":
        while values and values[-1] == 0 and draw(st.booleans()):
            values.pop()
    elif form == "long":
        values += draw(st.lists(st.integers(0, 1), min_size=1, max_size=3))
    return tuple(values)


@PROPERTY
@given(strided_cases(), st.data())
def test_ov_strided_slice_is_tf_except_begin_below_minus_dim(
    case: StridedCase, data: st.DataObject
) -> None:
    """OpenVINO's strided slice equals TensorFlow's on the same spec, except that a range
    entry with a negative stride and a begin below ``-dim`` reads element 0 (TF: empty),
    so TF gets begin 0 there, and that a shrink entry's stride is ignored (TF: must be
    positive), so TF gets stride 1 there (SPEC section 2)."""
    count = len(case.kinds)
    ov_masks = {
        name: data.draw(ov_mask(getattr(case, name), count), label=name)
        for name in (
            "begin_mask",
            "end_mask",
            "new_axis_mask",
            "shrink_axis_mask",
            "ellipsis_mask",
        )
    }
    stride: tuple[int, ...] | None = case.strides
    if all(s == 1 for s in case.strides) and data.draw(st.booleans(), label="no stride"):
        stride = None

    tf_begin = list(case.begin)
    tf_strides = list(case.strides)
    dims = case.entry_dims()
    for i, kind in enumerate(case.kinds):
        if kind == "shrink" and case.strides[i] <= 0:
            tf_strides[i] = 1
        dim = None if dims is None else dims[i]
        if (
            kind == "range"
            and dim is not None
            and case.strides[i] < 0
            and not case.bit(case.begin_mask, i)
            and case.begin[i] < -case.shape[dim]
        ):
            event("begin below -dim with a negative stride")
            tf_begin[i] = 0

    try:
        expected: SliceResult | None = case.tf(
            begin=tuple(tf_begin), strides=tuple(tf_strides)
        )
    except SliceSemanticsError:
        expected = None

    def ov() -> SliceResult:
        return semantics.ov_strided_slice(
            case.shape, case.begin, case.end, stride, **ov_masks
        )

    if expected is None:
        with pytest.raises(SliceSemanticsError):
            ov()
        return
    assert ov() == expected


def test_ov_mask_entries_past_begin_are_ignored() -> None:
    """SPEC section 2: OpenVINO masks longer than ``begin`` have their extra entries
    ignored, as TensorFlow ignores bits at or past ``len(begin)``; that includes a second
    ellipsis bit there."""
    expected = semantics.ov_strided_slice((2, 3), (0,), (1,), None, (0,), (0,))
    assert expected.shape == (1, 3)
    assert semantics.tf_strided_slice((2, 3), (0,), (1,), (1,), ellipsis_mask=0b110) == (
        expected
    )
    got = semantics.ov_strided_slice(
        (2, 3), (0,), (1,), None, (0,), (0,), ellipsis_mask=(0, 1, 1)
    )
    assert got == expected


# --- ONNX Slice / OpenVINO Slice-8 vs numpy --------------------------------------------


@dataclass(frozen=True)
class AxisCase:
    shape: tuple[int, ...]
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    axes: tuple[int, ...] | None
    steps: tuple[int, ...] | None
    opset: int

    @property
    def sliced_axes(self) -> list[int]:
        rank = len(self.shape)
        if self.axes is None:
            return list(range(len(self.starts)))
        return [a + rank if a < 0 else a for a in self.axes]


@st.composite
def axis_cases(draw: st.DrawFn, min_rank: int = 1, min_count: int = 0) -> AxisCase:
    shape = draw(shapes(min_rank, 5))
    rank = len(shape)
    count = draw(st.integers(min(min_count, rank), rank))
    axes: tuple[int, ...] | None = None
    if draw(st.booleans()):
        chosen = draw(st.permutations(range(rank)))[:count]
        axes = tuple(a - rank if draw(st.booleans()) else a for a in chosen)
    starts = tuple(draw(indices) for _ in range(count))
    ends = tuple(draw(indices) for _ in range(count))
    steps = None
    if draw(st.booleans()):
        steps = tuple(draw(nonzero_steps) for _ in range(count))
    opset = draw(st.sampled_from(semantics.ONNX_OPSETS))
    return AxisCase(shape, starts, ends, axes, steps, opset)


@PROPERTY
@given(axis_cases())
def test_onnx_and_ov_slice_are_numpy_except_start_below_minus_dim(case: AxisCase) -> None:
    """ONNX Slice and OpenVINO Slice-8 give numpy's ``x[start:end:step]`` per axis,
    except that with a negative step a start below ``-dim`` reads element 0 (numpy:
    empty), i.e. equals numpy with that start replaced by 0 (SPEC section 2)."""
    x = iota(case.shape)
    index: list[slice] = [slice(None)] * len(case.shape)
    steps = case.steps if case.steps is not None else (1,) * len(case.starts)
    for i, a in enumerate(case.sliced_axes):
        start = case.starts[i]
        if steps[i] < 0 and start < -case.shape[a]:
            event("start below -dim with a negative step")
            start = 0
        index[a] = slice(start, case.ends[i], steps[i])
    expected = x[tuple(index)]

    results = [
        semantics.onnx(
            case.shape, case.starts, case.ends, case.axes, case.steps, case.opset
        ),
        semantics.ov_slice(case.shape, case.starts, case.ends, steps, case.axes),
    ]
    if all(s == 1 for s in steps):
        results.append(semantics.onnx_v1(case.shape, case.starts, case.ends, case.axes))
    for result in results:
        assert result.shape == expected.shape
        w = checked_window(case.shape, result)
        np.testing.assert_array_equal(apply_window(x, w, expected.shape), expected)


@PROPERTY
@given(axis_cases(min_rank=2, min_count=2), st.data())
def test_onnx_and_ov_slice_errors_name_parameter_and_index(
    case: AxisCase, data: st.DataObject
) -> None:
    rank = len(case.shape)
    count = len(case.starts)
    axes = list(case.axes) if case.axes is not None else list(range(count))
    steps = list(case.steps) if case.steps is not None else [1] * count
    ends = list(case.ends)
    i = data.draw(st.integers(0, count - 1), label="i")
    fault = data.draw(
        st.sampled_from(("step", "axis", "repeat", "length")), label="fault"
    )
    if fault == "step":
        steps[i] = 0
        onnx_message, ov_message = f"steps[{i}] = 0", f"step[{i}] = 0"
    elif fault == "axis":
        axes[i] = data.draw(st.sampled_from((rank, -rank - 1, 100, INT64_MIN)))
        onnx_message = ov_message = f"axes[{i}] = {axes[i]} is out of range"
    elif fault == "repeat":
        j = data.draw(st.integers(0, count - 2), label="j")
        j += j >= i  # any index but i
        first, second = min(i, j), max(i, j)
        axes[second] = axes[first] + (rank if axes[first] < 0 else -rank) * data.draw(
            st.integers(0, 1)
        )
        onnx_message = ov_message = f"axes[{second}] = {axes[second]} repeats axis"
    else:
        ends.append(0)
        onnx_message, ov_message = "ends has", "stop has"
    with pytest.raises(SliceSemanticsError, match=r"^slice\.onnx: ") as info:
        semantics.onnx(case.shape, case.starts, ends, axes, steps, case.opset)
    assert onnx_message in str(info.value)
    with pytest.raises(SliceSemanticsError, match=r"^slice\.ov_slice: ") as info:
        semantics.ov_slice(case.shape, case.starts, ends, steps, axes)
    assert ov_message in str(info.value)


def test_onnx_opset_1_is_another_op() -> None:
    """Slice-1 is ``slice.onnx_v1`` (``onnx_v1_on``, no steps); the rule of
    ``slice.onnx`` refuses opset 1 as it refuses every opset outside 10, 11, 13, as the
    op's verifier does (it took opset 1 for Slice-1 until session 26, so an invalid
    ``slice.onnx {opset = 1}`` had the reference say "Slice-1 has no steps" where the op
    said the opset was wrong: found by ``test_invalid_programs_raise_slice_error`` at
    ``SLICE_DIFF_SEED=26``)."""
    assert semantics.onnx_v1([5], [-3], [100]).window == semantics.Window(
        (2,), (3,), (1,)
    )
    assert semantics.onnx_v1([5], [-3], [100]) == semantics.onnx(
        [5], [-3], [100], None, [1], opset=10
    )
    assert "steps" not in inspect.signature(semantics.onnx_v1_on).parameters
    with pytest.raises(SliceSemanticsError, match=r"^slice\.onnx_v1: axes\[0\] = 1 "):
        semantics.onnx_v1([5], [0], [1], [1])
    for opset in (1, 9, 12):
        with pytest.raises(
            SliceSemanticsError,
            match=rf"^slice\.onnx: opset = {opset} is not one of \[10, 11, 13\]$",
        ):
            semantics.onnx([5], [0], [1], opset=opset)
    # the rule of slice.onnx_v1, as the op and the test oracles call it
    with pytest.raises(SliceSemanticsError, match=r"^slice\.onnx_v1: axes\[0\] = 1 "):
        semantics.onnx_v1_on(INTS, [5], [0], [1], [1])


def test_int_versions_check_values_not_masks() -> None:
    """The int version of a rule takes the rule's parameters (and shows them); a value
    outside int64 is an overflow of the caller's, a mask value the rule's own error."""
    assert list(inspect.signature(semantics.tf_strided_slice).parameters)[:2] == [
        "shape",
        "begin",
    ]
    with pytest.raises(SliceSemanticsError, match=r"begin_mask\[0\] = 2: a mask value"):
        semantics.ov_strided_slice([5], [0], [1], None, [2], [0])
    with pytest.raises(
        SliceSemanticsError, match=r"begin_mask\[0\] = 18446744073709551616"
    ):
        semantics.ov_strided_slice([5], [0], [1], None, [2**64], [0])
    with pytest.raises(Int64OverflowError):
        semantics.onnx([5], [2**64], [1])


# --- DirectML vs its document's pseudo-code --------------------------------------------


def dml_reference(
    x: Array,
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
    output_sizes: Sequence[int],
) -> Array:
    """DML_SLICE1's pseudo-code, literally."""
    copy_start = list(offsets)
    for i in range(len(copy_start)):
        if strides[i] < 0:
            copy_start[i] += sizes[i] - 1  # start at the end of the window
    out = np.empty(tuple(output_sizes), dtype=x.dtype)
    for coords in np.ndindex(*output_sizes):
        out[coords] = x[tuple(s + k * c for s, k, c in zip(copy_start, strides, coords))]
    return out


def dml_valid(
    shape: Sequence[int],
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
    output_sizes: Sequence[int],
) -> bool:
    """The document's constraints (with the ``abs`` its MaxCopiedElements lacks)."""
    return all(
        size >= 1
        and offset >= 0
        and offset + size <= d
        and stride != 0
        and 1 <= out <= 1 + (size - 1) // abs(stride)
        for d, offset, size, stride, out in zip(
            shape, offsets, sizes, strides, output_sizes
        )
    )


@st.composite
def dml_cases(
    draw: st.DrawFn,
) -> tuple[tuple[int, ...], list[int], list[int], list[int], list[int]]:
    shape = draw(shapes(1, 5, min_dim=1))
    offsets, sizes, strides, outs = [], [], [], []
    for d in shape:
        offset = draw(st.integers(0, d - 1))
        size = draw(st.integers(1, d - offset))
        stride = draw(st.sampled_from([s for s in range(-7, 8) if s != 0]))
        offsets.append(offset)
        sizes.append(size)
        strides.append(stride)
        outs.append(draw(st.integers(1, 1 + (size - 1) // abs(stride))))
    return shape, offsets, sizes, strides, outs


@PROPERTY
@given(dml_cases())
def test_dml_slice1_is_the_documented_pseudo_code(
    case: tuple[tuple[int, ...], list[int], list[int], list[int], list[int]],
) -> None:
    shape, offsets, sizes, strides, outs = case
    x = iota(shape)
    result = semantics.dml_slice1(shape, offsets, sizes, strides, outs)
    assert result.shape == tuple(outs)
    w = checked_window(shape, result)
    np.testing.assert_array_equal(
        apply_window(x, w, outs), dml_reference(x, offsets, sizes, strides, outs)
    )


@PROPERTY
@given(dml_cases(), st.data())
def test_dml_slice1_rejects_what_the_document_forbids(
    case: tuple[tuple[int, ...], list[int], list[int], list[int], list[int]],
    data: st.DataObject,
) -> None:
    shape, offsets, sizes, strides, outs = case
    i = data.draw(st.integers(0, len(shape) - 1), label="i")
    small = st.integers(-2, 8)
    field = data.draw(st.sampled_from(("offsets", "sizes", "strides", "outs")))
    {"offsets": offsets, "sizes": sizes, "strides": strides, "outs": outs}[field][i] = (
        data.draw(small, label="value")
    )
    if dml_valid(shape, offsets, sizes, strides, outs):
        semantics.dml_slice1(shape, offsets, sizes, strides, outs)
    else:
        with pytest.raises(SliceSemanticsError, match=r"^slice\.dml_slice1: .*\[\d\]"):
            semantics.dml_slice1(shape, offsets, sizes, strides, outs)


# --- window() and compose() ------------------------------------------------------------


@st.composite
def window_dim(draw: st.DrawFn, d: int) -> tuple[int, int, int]:
    """A valid normal-form (offset, size, stride) on a dim of size ``d``."""
    size = draw(st.integers(0, d))
    if size == 0:
        return (0, 0, 1)
    if size == 1:
        return (draw(st.integers(0, d - 1)), 1, 1)
    magnitude = draw(st.integers(1, (d - 1) // (size - 1)))
    span = magnitude * (size - 1)
    if draw(st.booleans()):
        return (draw(st.integers(0, d - 1 - span)), size, magnitude)
    return (draw(st.integers(span, d - 1)), size, -magnitude)


@st.composite
def windows(draw: st.DrawFn, shape: Sequence[int]) -> Window:
    dims = [draw(window_dim(d)) for d in shape]
    return Window(
        tuple(o for o, _, _ in dims),
        tuple(c for _, c, _ in dims),
        tuple(s for _, _, s in dims),
    )


@st.composite
def with_unit_dims(draw: st.DrawFn, sizes: Sequence[int]) -> tuple[int, ...]:
    """``sizes`` with some 1s removed and some inserted."""
    result = [s for s in sizes if s != 1 or draw(st.booleans())]
    for _ in range(draw(st.integers(0, 2))):
        result.insert(draw(st.integers(0, len(result))), 1)
    return tuple(result)


@PROPERTY
@given(st.data())
def test_compose_is_applying_both_windows(data: st.DataObject) -> None:
    source = data.draw(shapes(0, 4), label="source")
    inner = data.draw(windows(source), label="inner")
    inner_shape = data.draw(with_unit_dims(inner.sizes), label="inner_shape")
    outer = data.draw(windows(inner_shape), label="outer")
    outer_shape = data.draw(with_unit_dims(outer.sizes), label="outer_shape")
    x = iota(source)
    window(source, inner.offsets, inner.sizes, inner.strides)
    two_steps = apply_window(apply_window(x, inner, inner_shape), outer, outer_shape)
    for source_shape in (None, source):
        composed = compose(inner, inner_shape, outer, outer_shape, source_shape)
        if composed is None:
            event("not one window")
            assert two_steps.size == 0, "compose gives up only on an empty selection"
            continue
        window(source, composed.offsets, composed.sizes, composed.strides)  # normal
        assert same_up_to_unit_dims(composed.sizes, outer_shape)
        np.testing.assert_array_equal(apply_window(x, composed, outer_shape), two_steps)


def one_window_exists(source: Sequence[int], shape: Sequence[int]) -> bool:
    """Whether some valid window of ``source`` has sizes equal to ``shape`` up to unit
    dims (for an empty result, this is all a window needs to give the right result)."""
    target = list(drop_unit_dims(shape))

    def fits(d: int, k: int) -> bool:  # source dims d.. can produce target[k:]
        if d == len(source):
            return k == len(target)
        if source[d] >= 1 and fits(d + 1, k):  # size 1
            return True
        return k < len(target) and target[k] <= source[d] and fits(d + 1, k + 1)

    return fits(0, 0)


@PROPERTY
@given(st.data())
def test_compose_gives_up_only_when_no_window_exists(data: st.DataObject) -> None:
    """SPEC section 4: "a window of a window becomes one window". ``compose`` may return
    None only for an (empty) selection that no single window of the source can give."""
    source = data.draw(shapes(0, 4), label="source")
    inner = data.draw(windows(source), label="inner")
    inner_shape = data.draw(with_unit_dims(inner.sizes), label="inner_shape")
    outer = data.draw(windows(inner_shape), label="outer")
    outer_shape = data.draw(with_unit_dims(outer.sizes), label="outer_shape")
    if compose(inner, inner_shape, outer, outer_shape, source) is None:
        assert not one_window_exists(source, outer_shape)


@PROPERTY
@given(st.data())
def test_empty_window_is_the_normal_form_of_every_empty_window(
    data: st.DataObject,
) -> None:
    """Every window of a source whose result is empty has one normal form: a valid
    window with offsets 0 and strides 1 and the result's shape, the same whichever
    window (or composition of two) it came from, and there whenever any window is."""
    source = data.draw(shapes(0, 4), label="source")
    w = data.draw(windows(source), label="w")
    shape = data.draw(with_unit_dims(w.sizes), label="shape")
    if 0 not in shape:
        event("not empty")
        return
    normal = empty_window(source, shape)
    assert normal is not None, "a window exists (w), so the normal form does"
    window(source, normal.offsets, normal.sizes, normal.strides)  # valid, normal
    assert same_up_to_unit_dims(normal.sizes, shape)
    assert set(normal.offsets) <= {0} and set(normal.strides) <= {1}
    if len(shape) == len(source) and all(n <= d for n, d in zip(shape, source)):
        assert normal.sizes == shape
    # a window of w's result that keeps it whole composes to the normal form
    whole = Window((0,) * len(shape), shape, (1,) * len(shape))
    assert compose(w, shape, whole, shape, source) == normal
    other = data.draw(with_unit_dims(drop_unit_dims(shape)), label="other")
    assert (empty_window(source, other) is None) == (not one_window_exists(source, other))


@PROPERTY
@given(st.data())
def test_empty_chain_where_no_window_gives_the_result(data: st.DataObject) -> None:
    """An empty slice of a window that no single window of the source gives has a
    two-window normal form: both windows valid and normal, the first reading from
    offset 0 at stride 1, the second empty."""
    source = data.draw(shapes(0, 3), label="source")
    inner = data.draw(windows(source), label="inner")
    inner_shape = data.draw(with_unit_dims(inner.sizes), label="inner_shape")
    outer = data.draw(windows(inner_shape), label="outer")
    outer_shape = data.draw(with_unit_dims(outer.sizes), label="outer_shape")
    if 0 not in outer_shape or empty_window(source, outer_shape) is not None:
        event("one window")
        return
    chain = empty_chain(source, outer_shape)
    assert chain is not None, "the two windows drawn give it, so two windows do"
    first, middle_shape, second = chain
    window(source, first.offsets, first.sizes, first.strides)
    assert same_up_to_unit_dims(first.sizes, middle_shape)
    assert set(first.offsets) <= {0} and set(first.strides) <= {1}
    if 0 not in source:
        assert 0 not in middle_shape
    window(middle_shape, second.offsets, second.sizes, second.strides)
    assert second.sizes == outer_shape


def test_one_empty_slice_one_window() -> None:
    """Two windows of a 3x1x2 tensor that select nothing for a 1x0x2 result, with the
    0 on different dims, have one normal form: the result's shape as sizes."""
    for w in (
        Window((2, 0, 0), (1, 0, 2), (1, 1, 1)),
        Window((0,) * 3, (0, 1, 2), (1,) * 3),
    ):
        whole = Window((0, 0, 0), (1, 0, 2), (1, 1, 1))
        assert compose(w, (1, 0, 2), whole, (1, 0, 2), (3, 1, 2)) == Window(
            (0, 0, 0), (1, 0, 2), (1, 1, 1)
        )
    # a rank-reducing result: the non-unit dims at the first source dims that hold them
    assert empty_window((3, 4), (0,)) == Window((0, 0), (0, 1), (1, 1))
    assert empty_window((2, 1, 4), (1, 2, 0)) == Window((0, 0, 0), (2, 0, 1), (1, 1, 1))
    assert empty_window((2,), (0, 3)) is None


def test_compose_of_an_empty_selection_on_a_kept_dim() -> None:
    """``x[1:2]`` then ``[0:0]`` on a ``tensor<3>``: one window, ``sizes [0]``."""
    inner = Window((1,), (1,), (1,))
    outer = Window((0,), (0,), (1,))
    assert compose(inner, (1,), outer, (0,)) == Window((0,), (0,), (1,))


WINDOW_FAULTS = (
    "negative size",
    "zero stride",
    "stride where size <= 1",
    "offset where size is 0",
    "offset out of bounds",
    "last out of bounds",
    "length",
)


@PROPERTY
@given(shapes(1, 4), st.data())
def test_window_rejects_with_property_and_index(
    shape: tuple[int, ...], data: st.DataObject
) -> None:
    w = data.draw(windows(shape), label="window")
    offsets, sizes, strides = list(w.offsets), list(w.sizes), list(w.strides)
    i = data.draw(st.integers(0, len(shape) - 1), label="i")
    d = shape[i]
    faults = [f for f in WINDOW_FAULTS if d > 0 or f != "last out of bounds"]
    fault = data.draw(st.sampled_from(faults), label="fault")
    if fault == "negative size":
        offsets[i], sizes[i], strides[i] = 0, data.draw(st.integers(-5, -1)), 1
        expected = [f"sizes[{i}] = {sizes[i]}", ">= 0"]
    elif fault == "zero stride":
        strides[i] = 0
        expected = [f"strides[{i}] = 0", "non-zero"]
    elif fault == "stride where size <= 1":
        if d > 0 and data.draw(st.booleans()):
            offsets[i], sizes[i] = data.draw(st.integers(0, d - 1)), 1
        else:
            offsets[i], sizes[i] = 0, 0
        strides[i] = data.draw(st.sampled_from((-3, -2, -1, 2, 3)))
        expected = [
            f"strides[{i}] = {strides[i]}",
            f"sizes[{i}] = {sizes[i]}",
            "normal form",
        ]
    elif fault == "offset where size is 0":
        # a negative offset too (session 65's mutation run: offset <= 0 passed for == 0)
        offset = data.draw(st.integers(1, 9) | st.integers(-9, -1))
        offsets[i], sizes[i], strides[i] = offset, 0, 1
        expected = [f"offsets[{i}] = {offsets[i]}", f"sizes[{i}] = 0", "normal form"]
    elif fault == "offset out of bounds":
        offsets[i] = data.draw(st.sampled_from((-1, d, d + 3, -7)))
        sizes[i], strides[i] = 1, 1
        expected = [f"offsets[{i}] = {offsets[i]} is out of bounds", f"size {d}"]
    elif fault == "last out of bounds":
        offsets[i] = data.draw(st.integers(0, d - 1))
        sizes[i] = 2
        strides[i] = d - offsets[i] if data.draw(st.booleans()) else -(offsets[i] + 1)
        expected = [
            f"offsets[{i}] + strides[{i}] * (sizes[{i}] - 1) = "
            f"{offsets[i]} + {strides[i]} * (2 - 1)",
            "out of bounds",
        ]
    else:
        name = data.draw(st.sampled_from(("offsets", "sizes", "strides")))
        {"offsets": offsets, "sizes": sizes, "strides": strides}[name].append(0)
        expected = [f"{name} has {len(shape) + 1} values"]
    with pytest.raises(SliceSemanticsError, match=r"^slice\.window: ") as info:
        window(shape, offsets, sizes, strides)
    for part in expected:
        assert part in str(info.value)


@pytest.mark.parametrize(
    ("start", "stop", "step"),
    [(-1, 0, -1), (None, None, -1), (-2, None, -3), (0, 1, 1), (-1, None, 1)],
)
def test_a_dim_of_int64_max(start: int | None, stop: int | None, step: int) -> None:
    """A dim of 2**63 - 1, the largest the SPEC allows, sliced as Python slices a
    ``range`` of that length (an independent oracle: Python's integers do not
    overflow): ONNX, TensorFlow and OpenVINO's strided slice give its offset, length
    and step. Session 65's mutation run: a negative index's clamp one lower overflowed
    int64 on it, and a dim of exactly INT64_MAX refused, with no test failing (the
    proofs take dims up to 2**62)."""
    d = INT64_MAX
    r = range(d)[start:stop:step]
    offset, size, stride = semantics.normal_dim(r.start, len(r), step)
    expected = Window((offset,), (size,), (stride,))
    begin_mask, end_mask = int(start is None), int(stop is None)
    begin = 0 if start is None else start
    end = 0 if stop is None else stop
    results = [
        semantics.tf_strided_slice([d], [begin], [end], [step], begin_mask, end_mask),
        semantics.ov_strided_slice([d], [begin], [end], [step], [begin_mask], [end_mask]),
    ]
    if start is not None and stop is not None:
        results.append(semantics.onnx([d], [start], [stop], None, [step]))
    for result in results:
        assert result.window == expected
        assert result.shape == (len(r),)


def test_dml_slice1_refusals_the_proofs_alone_caught() -> None:
    """DirectML's rank 1 to 8 (the document's DimensionCount), and output sizes the
    window cannot give: ``1 + (size - 1) / |stride|`` is the most (session 65's
    mutation run: ``max_count`` without its ``- 1`` read element 2 of a window of
    two elements, and rank 0 passed; only the 155 s proofs caught the first)."""
    with pytest.raises(
        SliceSemanticsError, match=r"input has rank 0 but DirectML takes rank 1 to 8"
    ):
        semantics.dml_slice1([], [], [], [], [])
    for args in (([4], [0], [2], [2], [2]), ([5], [1], [3], [-3], [2])):
        with pytest.raises(
            SliceSemanticsError,
            match=r"result dimension 0 has size 2 but the window allows 1 to 1",
        ):
            semantics.dml_slice1(*args)
    # the largest count each allows is taken
    assert semantics.dml_slice1([4], [0], [3], [2], [2]).shape == (2,)
    assert semantics.dml_slice1([5], [1], [3], [-2], [2]).window == Window(
        (3,), (2,), (-2,)
    )


def test_numpy_integers_are_the_same_values() -> None:
    """The rules given numpy integers (``list(np.array(...))``) give what Python ints
    give, checks included (session 49's review: a numpy comparison made a numpy bool,
    which ``Ints``' ``is True``/``is False`` tests missed: ONNX's ``[0:1]`` of a dim of
    1 gave 2 elements, and a shrink index out of range passed)."""

    def numpy(values: list[int]) -> list[int]:
        return list(np.array(values, dtype=np.int64))

    assert semantics.onnx((1, 4), numpy([0]), numpy([1])) == semantics.onnx(
        (1, 4), [0], [1]
    )
    assert semantics.tf_strided_slice(
        (1, 1, 2), numpy([0, 0]), numpy([1, 1]), numpy([1, 1])
    ) == semantics.tf_strided_slice((1, 1, 2), [0, 0], [1, 1], [1, 1])
    with pytest.raises(SliceSemanticsError, match=r"begin\[0\] = 5 is out of range"):
        semantics.tf_strided_slice(
            (3,), numpy([5]), numpy([6]), numpy([1]), shrink_axis_mask=1
        )
    assert semantics.INTS.lt(np.int64(1), np.int64(2)) is True


@pytest.mark.parametrize(
    ("shape", "ends", "message"),
    [
        (
            (8,),
            [np.bool_(True)],
            r"^slice\.onnx: ends\[0\] = np\.True_ is not an integer \(bool\)",
        ),
        ((8,), [True], r"^slice\.onnx: ends\[0\] = True is not an integer \(bool\)"),
        ((8,), [1.5], r"^slice\.onnx: ends\[0\] = 1\.5 is not an integer \(float\)"),
        ((8,), [np.float64(4)], r"ends\[0\] = np\.float64\(4\.0\) is not an integer"),
        ((8.0,), [4], r"^slice\.onnx: shape\[0\] = 8\.0 is not an integer \(float\)"),
        ((-1,), [4], r"^slice\.onnx: shape\[0\] = -1 is not a dimension size"),
        (
            (2**63,),
            [4],
            r"^slice\.onnx: shape\[0\] = 9223372036854775808 is not a dimension",
        ),
    ],
)
def test_values_that_are_not_integers_are_named(
    shape: tuple[Any, ...], ends: list[Any], message: str
) -> None:
    """A bool, a float or a negative dim given to a rule is a
    :class:`SliceSemanticsError` naming the parameter and its index (session 49's
    review: numpy bools and floats were a bare ``TypeError``, a dim of -1 gave an empty
    window)."""
    with pytest.raises(SliceSemanticsError, match=message):
        semantics.onnx(shape, [0], ends)


def test_numpy_shapes_and_arrays_give_python_ints() -> None:
    """A numpy shape and numpy index arrays give the same result as Python lists, with
    Python ints in it (no ``np.int64`` leaks into ``SliceResult.shape``)."""
    res = semantics.onnx(np.array([1, 8]), np.array([2]), np.array([6]), [1])
    assert res == semantics.onnx((1, 8), [2], [6], [1])
    assert all(type(d) is int for d in res.shape)


def test_mismatched_lengths_and_rank_8() -> None:
    """What session 50's mutation test of this module found no test for: TensorFlow's
    ``end`` of another length than ``begin`` (a mutant that dropped the check accepted
    it, or raised a bare ``IndexError``); the message for more explicit axes than dims
    (the axis out of range, not the default axes); DirectML at its largest rank, 8."""
    with pytest.raises(
        SliceSemanticsError,
        match=r"^slice\.tf_strided_slice: end has 2 values but begin has 1$",
    ):
        semantics.tf_strided_slice((4, 5), (0,), (2, 3), (1,))
    with pytest.raises(
        SliceSemanticsError,
        match=r"^slice\.tf_strided_slice: end has 1 value but begin has 2$",
    ):
        semantics.tf_strided_slice((4, 5), (0, 1), (2,), (1, 1))
    with pytest.raises(
        SliceSemanticsError,
        match=r"^slice\.onnx: axes\[1\] = 5 is out of range \[-1, 0\] for rank 1$",
    ):
        semantics.onnx((4,), (0, 0), (1, 1), axes=(0, 5))
    res = semantics.dml_slice1((2,) * 8, (1,) * 8, (1,) * 8, (1,) * 8, (1,) * 8)
    assert res.window == Window((1,) * 8, (1,) * 8, (1,) * 8)
    with pytest.raises(SliceSemanticsError, match="rank"):
        semantics.dml_slice1((2,) * 9, (1,) * 9, (1,) * 9, (1,) * 9, (1,) * 9)


@pytest.mark.parametrize("op", ["tf_strided_slice", "ov_strided_slice"])
def test_shrink_index_on_a_dim_above_2_to_62(op: str) -> None:
    """A shrink begin on a static dim above ``2**62`` (beyond the overflow proofs'
    dims, ``smt.DIM_MAX``): no operation of the rule leaves int64, as the module
    promises for any input (a mutant computing ``begin + dim`` for every begin
    overflowed here and refused a valid op)."""
    d = 2**62 + 5
    if op == "tf_strided_slice":
        res = semantics.tf_strided_slice((d,), (2**62,), (0,), (1,), shrink_axis_mask=1)
        last = semantics.tf_strided_slice((d,), (-1,), (0,), (1,), shrink_axis_mask=1)
    else:
        res = semantics.ov_strided_slice(
            (d,), (2**62,), (0,), (1,), (0,), (0,), shrink_axis_mask=(1,)
        )
        last = semantics.ov_strided_slice(
            (d,), (-1,), (0,), (1,), (0,), (0,), shrink_axis_mask=(1,)
        )
    assert res.window == Window((2**62,), (1,), (1,)) and res.shape == ()
    assert last.window == Window((d - 1,), (1,), (1,))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: semantics.tf_strided_slice((3,), [0], [3], [1], begin_mask=True),
            r"^slice\.tf_strided_slice: begin_mask = True is not an integer \(bool\)$",
        ),
        (
            lambda: semantics.tf_strided_slice((3,), [0], [3], [1], begin_mask=1.0),
            r"^slice\.tf_strided_slice: begin_mask = 1\.0 is not an integer \(float\)$",
        ),
        (
            lambda: semantics.onnx((3,), [0], [3], opset=13.0),
            r"^slice\.onnx: opset = 13\.0 is not an integer \(float\)$",
        ),
        (
            lambda: semantics.onnx((3,), 1, [3]),
            r"^slice\.onnx: starts = 1 is not a sequence of integers$",
        ),
        (
            lambda: semantics.onnx((3,), "1", [3]),
            r"^slice\.onnx: starts = '1' is not a sequence of integers$",
        ),
        (
            lambda: semantics.onnx((3, 2), {1, 0}, [3, 2]),
            r"^slice\.onnx: starts = \{0, 1\} is not a sequence of integers$",
        ),
        (
            lambda: semantics.onnx((3,), {1: 2}, [3]),
            r"^slice\.onnx: starts = \{1: 2\} is not a sequence of integers$",
        ),
        (
            lambda: semantics.ov_strided_slice((4, 5), [1, 0], [3, 5], [1, 1], 0, 0),
            r"^slice\.ov_strided_slice: begin_mask = 0 is not a sequence of integers$",
        ),
        (
            lambda: semantics.tf_strided_slice((4, 5), [1, 0], [3, 5], [1, 1], [1]),
            r"^slice\.tf_strided_slice: begin_mask = \[1\] is not an integer \(list\)$",
        ),
        (
            lambda: semantics.onnx((4,), [1], [3], None, None, "13"),
            r"^slice\.onnx: opset = '13' is not an integer \(str\)$",
        ),
        (
            lambda: semantics.dml_slice1((4,), [1], [2], [1], [None]),
            r"^slice\.dml_slice1: result dimension 0 is dynamic but DirectML needs",
        ),
        (
            lambda: semantics.window((3,), [True], [1], [1]),
            r"^slice\.window: offsets\[0\] = True is not an integer \(bool\)$",
        ),
        (
            lambda: semantics.window((-1,), [0], [0], [1]),
            r"^slice\.window: shape\[0\] = -1 is not a dimension size",
        ),
    ],
)
def test_arguments_of_the_wrong_kind_are_named(call: Any, message: str) -> None:
    """Masks, opsets and index lists of the wrong kind, and ``semantics.window``'s
    arguments, are a :class:`SliceSemanticsError` naming the argument (session 50's
    review: a bool mask was taken as 1, a float one was a bare ``TypeError``, a set's
    order or a dict's keys were taken as the list). TensorFlow's ``-1`` mask (every
    bit) stays valid, and ``semantics.window`` gives Python ints for numpy's."""
    with pytest.raises(SliceSemanticsError, match=message):
        call()
    assert semantics.tf_strided_slice((3,), [0], [3], [1], begin_mask=-1).shape == (3,)
    res = semantics.window(np.array([4]), np.array([1]), np.array([2]), [np.int64(1)])
    assert res.window == Window((1,), (2,), (1,))
    assert all(type(v) is int for v in (*res.window.offsets, *res.shape))
