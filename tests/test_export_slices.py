"""``export-slices{framework=NAME}``: for random windows and every framework,
``canonicalize-slices`` after the export gives back the same window, or the export
refuses with its reason.

Windows are drawn in normal form on random shapes (rank 0 to 5, dims 0 to 6, often 1):
empty dims, unit dims, negative strides, strides larger than 1, whole dims, and result
shapes with unit dims removed and inserted. ``SLICE_EXPORT_EXAMPLES`` (default 50) sets
the examples per framework.
"""

from __future__ import annotations

import math
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lowered import tensor_window_module
from xdsl.dialects import arith
from xdsl.dialects.builtin import ModuleOp, TensorType

from passes.canonicalize_slices import CanonicalizeSlicesPass
from passes.export_slices import ExportSlicesPass
from slice_dialect import export, semantics
from slice_dialect.compiler import make_context, parse_module
from slice_dialect.dialect import FrameworkSliceOp, WindowOp, constant_index_values
from slice_dialect.errors import OpPassFailedException
from slice_dialect.semantics import INT64_MAX, INT64_MIN, Window, empty_window

EXAMPLES = int(os.environ.get("SLICE_EXPORT_EXAMPLES", "50"))
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=os.environ.get("SLICE_DIFF_RANDOM") != "1",
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def window_dim(draw: st.DrawFn, d: int) -> tuple[int, int, int]:
    """One normal-form window dim of a dim of size ``d``."""
    whole = draw(st.integers(0, 3)) == 0
    if whole:
        return (0, d, 1) if d > 0 else (0, 0, 1)
    c = draw(st.integers(0, d))
    if c == 0:
        return (0, 0, 1)
    if c == 1:
        return (draw(st.integers(0, d - 1)), 1, 1)
    magnitude = draw(st.integers(1, (d - 1) // (c - 1)))
    if draw(st.booleans()):
        return (draw(st.integers(0, d - 1 - (c - 1) * magnitude)), c, magnitude)
    return (draw(st.integers((c - 1) * magnitude, d - 1)), c, -magnitude)


@st.composite
def windows(
    draw: st.DrawFn,
) -> tuple[tuple[int, ...], Window, tuple[int, ...]]:
    """A source shape, a window of it and a result shape for it."""
    rank = draw(st.integers(0, 5))
    shape = tuple(draw(st.sampled_from([0, 1, 1, 2, 3, 4, 5, 6])) for _ in range(rank))
    dims = [draw(window_dim(d)) for d in shape]
    w = Window(
        tuple(x[0] for x in dims), tuple(x[1] for x in dims), tuple(x[2] for x in dims)
    )
    result = list(w.sizes)
    if draw(st.booleans()):  # remove some unit dims, insert some
        result = [c for c in result if c != 1 or draw(st.booleans())]
        for _ in range(draw(st.integers(0, 2))):
            result.insert(draw(st.integers(0, len(result))), 1)
    return shape, w, tuple(result)


def window_module(shape: tuple[int, ...], w: Window, result: tuple[int, ...]) -> str:
    """``@main`` returning one ``slice.window`` of an ``f32`` tensor, as text."""
    return str(tensor_window_module("f32", shape, w, result))


def expected_refusal(
    framework: str, shape: tuple[int, ...], w: Window, result: tuple[int, ...]
) -> str | None:
    """What the framework cannot express about this window (a part of the reason)."""
    keeps_rank = result == w.sizes
    if framework in ("onnx", "onnx_v1", "ov_slice"):
        if not shape:
            return "rank 0"
        if not keeps_rank:
            return "keeps the source's rank"
        if framework == "onnx_v1" and any(
            s != 1 and (o, c, s) != (0, d, 1)
            for d, o, c, s in zip(shape, w.offsets, w.sizes, w.strides)
        ):
            return "only takes stride 1"
    if framework == "dml_slice1":
        if not 1 <= len(shape) <= 8:
            return "DirectML takes rank 1 to 8"
        if not keeps_rank:
            return "keeps the source's rank"
        if 0 in w.sizes:
            return "cannot express an empty window"
    if framework == "tf_strided_slice" and len(shape) > 8 and 0 not in w.sizes:
        dims = list(zip(shape, w.offsets, w.sizes, w.strides))
        rest_whole = all((o, c, s) == (0, d, 1) for d, o, c, s in dims[1:])
        d0, o0, c0, s0 = dims[0]
        row_bytes = 4 * math.prod(shape[1:])  # f32: rows of whole 64-byte lines
        dim0 = (o0, c0, s0) == (0, d0, 1) or (s0 == 1 and row_bytes % 64 == 0)
        if not (rest_whole and dim0):
            return "at most 8 dimensions"
    return None


def canonical(module: ModuleOp) -> str:
    CanonicalizeSlicesPass().apply(make_context(), module)
    return str(module)


def check_export(
    framework: str, shape: tuple[int, ...], w: Window, result: tuple[int, ...]
) -> None:
    text = window_module(shape, w, result)
    ctx = make_context()
    module = parse_module(text, ctx)
    refusal = expected_refusal(framework, shape, w, result)
    if refusal is not None:
        with pytest.raises(OpPassFailedException) as info:
            ExportSlicesPass(framework).apply(ctx, module)
        message = str(info.value)
        assert message.startswith(
            f"slice.window: cannot be expressed as slice.{framework}: "
        )
        assert refusal in message
        assert isinstance(info.value.op, WindowOp)
        return
    ExportSlicesPass(framework).apply(ctx, module)
    module.verify()
    ops = list(module.walk())
    assert not any(isinstance(op, WindowOp) for op in ops)
    (exported,) = [op for op in ops if isinstance(op, FrameworkSliceOp)]
    assert exported.name == f"slice.{framework}"
    check_person_would_write(exported)
    # canonicalize-slices gives back the same window, or for an empty result the
    # normal form of an empty slice (and, for a whole window with the source's type,
    # the source itself, as for the original).
    original = parse_module(text, ctx)
    assert canonical(module) == canonical(original)
    back = [op for op in module.walk() if isinstance(op, WindowOp)]
    expected = empty_window(shape, result) if 0 in result else w
    assert expected is not None
    if not expected.is_identity(shape) or result != shape:
        assert [op.window for op in back] == [expected]
        result_type = back[0].result.type
        assert isinstance(result_type, TensorType)
        assert tuple(result_type.get_shape()) == result


def check_person_would_write(op: FrameworkSliceOp) -> None:
    """No end of -1 meaning "before 0", no INT64_MAX end with a negative step."""
    params: dict[str, list[int]] = {}
    for name, value in op.index_operands():
        values = constant_index_values(value)
        assert values is not None, f"{name} is not constant"
        params[name] = values
    ends = params.get("ends") or params.get("stop") or params.get("end") or []
    steps = (
        params.get("steps")
        or params.get("step")
        or params.get("strides")
        or params.get("stride")
        or [1] * len(ends)
    )
    for e, s in zip(ends, steps):
        if s < 0:
            assert e != INT64_MAX
            assert e >= 0 or e == INT64_MIN
    for value in op.operands[1:]:
        assert isinstance(value.owner, arith.ConstantOp)
        assert constant_index_values(value) is not None


@pytest.mark.parametrize("framework", export.FRAMEWORKS)
@SETTINGS
@given(case=windows())
def test_export_round_trip(
    framework: str, case: tuple[tuple[int, ...], Window, tuple[int, ...]]
) -> None:
    check_export(framework, *case)


# Hand-picked windows: what each framework writes for them.


def exported_text(text: str, framework: str) -> str:
    ctx = make_context()
    module = parse_module(text, ctx)
    ExportSlicesPass(framework).apply(ctx, module)
    return str(module)


def test_reversal_through_zero_uses_int64_min() -> None:
    text = window_module((5,), Window((4,), (5,), (-1,)), (5,))
    out = exported_text(text, "onnx")
    assert "dense<-1> : tensor<1xi64>" in out  # starts: from the back
    assert f"dense<{INT64_MIN}> : tensor<1xi64>" in out
    for fw in ("tf_strided_slice", "ov_strided_slice"):
        out = exported_text(text, fw)
        assert "begin_mask" in out and "end_mask" in out


def test_forward_to_end_uses_int64_max_or_mask() -> None:
    text = window_module((6, 4), Window((2, 0), (4, 4), (1, 1)), (4, 4))
    out = exported_text(text, "onnx")
    assert f"dense<{INT64_MAX}> : tensor<1xi64>" in out
    assert "axes" not in out  # axis 0 is the default axis
    out = exported_text(text, "tf_strided_slice")
    assert "end_mask = 1 : i64" in out and "begin_mask" not in out


def test_shrink_and_new_axes() -> None:
    text = window_module((3, 4), Window((1, 0), (1, 4), (1, 1)), (1, 4, 1))
    out = exported_text(text, "tf_strided_slice")
    # [1:2, :, newaxis]: dim 0 kept as a unit dim, a new axis after dim 1
    assert "new_axis_mask = 4 : i64" in out
    text = window_module((3, 4), Window((2, 1), (1, 2), (1, 2)), (2,))
    out = exported_text(text, "tf_strided_slice")
    assert "shrink_axis_mask = 1 : i64" in out


def test_unknown_framework() -> None:
    ctx = make_context()
    module = parse_module(window_module((3,), Window((0,), (2,), (1,)), (2,)), ctx)
    with pytest.raises(ValueError, match="is not one of onnx, onnx_v1"):
        ExportSlicesPass("torch").apply(ctx, module)


def test_refusal_names_the_window_location() -> None:
    from slice_dialect.locations import error_location

    text = window_module((5,), Window((0,), (0,), (1,)), (0,))
    ctx = make_context()
    module = parse_module(text, ctx, "f.mlir")
    with pytest.raises(OpPassFailedException) as info:
        ExportSlicesPass("dml_slice1").apply(ctx, module)
    lines = text.splitlines()
    line = next(n for n, t in enumerate(lines, start=1) if "slice.window" in t)
    column = len(lines[line - 1]) - len(lines[line - 1].lstrip()) + 1
    assert error_location(info.value, module) == f"f.mlir:{line}:{column}"


@pytest.mark.parametrize(
    ("offset", "size", "stride"),
    [(1, 2**30 - 1, 2), (2**31 + 7, 4, -2), (0, 2**31 - 1, 1)],
)
def test_onnx_end_of_int32_max_is_written_from_the_back(
    offset: int, size: int, stride: int
) -> None:
    """A window whose end (the element after its last) is ``2**31 - 1`` on a longer
    dim: ONNX Runtime reads that end as "to the end" (research A.3), so ONNX's ends
    are written from the back, ``end - d``; the same window comes back (helper 17's
    review, session 43; a run takes 2 GiB, so only the parameters here)."""
    d = 2**31 + 8
    w = Window((offset,), (size,), (stride,))
    for params in (
        export.onnx_params([d], w, [size]),
        export.onnx_v1_params([d], w, [size]) if stride == 1 else None,
    ):
        if params is None:
            continue
        assert params.ends == (2**31 - 1 - d,)
        back = semantics.onnx(
            [d], list(params.starts), list(params.ends), None, params.steps
        )
        assert back.window == w
