"""A ``slice.window`` in each framework's terms: the parameters a person would write.

Every function here takes the source shape, the :class:`~slice_dialect.semantics.Window`
and the window's result shape, and returns the parameters of one framework op that
selects exactly the same elements, or raises :class:`ExportError` with the reason the
framework cannot express the window. Nothing here normalizes anything: the window is
already in normal form (``semantics.window`` checked it), and the tests feed every
export back through ``slice_dialect.semantics`` (via ``canonicalize-slices``) to get the
same window again.

Per window dimension ``(offset o, size c, stride s)`` of a dimension of size ``d``:

* a dimension the window leaves whole (``0, d, 1``) is not mentioned where the framework
  can leave it out (ONNX and OpenVINO Slice: not in ``axes``; strided slices: a trailing
  one is left to the implicit ellipsis, others get both masks, ``:``);
* the range starts at ``o``; for a negative stride starting at the last element, ONNX
  and OpenVINO Slice write ``-1`` ("from the back"), the strided slices set the
  begin_mask bit, as they do for a positive stride from element 0;
* the range ends at ``o + c * s`` (the Python end), except where the window runs to the
  end of the dimension in its direction: ``INT64_MAX`` (forward) or ``INT64_MIN``
  (backward through index 0) for ONNX and OpenVINO Slice, the end_mask bit for the
  strided slices. An end of ``-1`` would mean the last element, not "before 0".
  ``INT64_MAX`` is never used with a negative step (ONNX Runtime reads it as "to the
  end" there, onnxruntime#11107), and an ONNX end of ``2**31 - 1`` (which ONNX Runtime
  reads alike, on a dim longer than that) is written from the back, ``end - d``;
* an empty dimension is ``0:0:1``;
* unit dimensions removed from the result are shrink entries (``begin = o``,
  ``end = o + 1``, stride 1), unit dimensions inserted are new-axis entries
  (``0:0:1``), both only for the strided slices.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Generic

from slice_dialect.domain import INTS, B, IntDomain, V
from slice_dialect.semantics import (
    DML_MAX_RANK,
    INT64_MAX,
    INT64_MIN,
    TF_MAX_ENTRIES,
    Window,
)

FRAMEWORKS = (
    "onnx",
    "onnx_v1",
    "ov_slice",
    "ov_strided_slice",
    "tf_strided_slice",
    "dml_slice1",
)
"""The ``framework`` names of ``export-slices``: each is the op ``slice.NAME``."""

DML_UINT_MAX = 2**32 - 1
"""DirectML's tensor sizes, and DML_SLICE1's ``InputWindowOffsets`` and
``InputWindowSizes``, are ``UINT``: 32-bit unsigned."""
DML_INT_MIN, DML_INT_MAX = -(2**31), 2**31 - 1
"""DML_SLICE1's ``InputWindowStrides`` is an ``INT`` array: 32-bit signed."""


ORT_INT_MAX = 2**31 - 1
"""An ONNX ``ends`` value ONNX Runtime reads as "to the end" in the step's direction,
as ``INT64_MAX`` (``slice_helper.h``; research A.3, onnxruntime#11107)."""


class ExportError(ValueError):
    """A window the target framework cannot express; the message is the reason."""


def _is_whole(d: int, o: int, c: int, s: int) -> bool:
    return o == 0 and c == d and s == 1


@dataclass(frozen=True)
class Range(Generic[V, B]):
    """One window dim as a framework's range (see :func:`range_on`)."""

    start: V
    """ONNX and OpenVINO Slice's start: the offset, ``-1`` for a backward range from the
    last element, ``0`` for an empty dim."""
    end: V
    """ONNX and OpenVINO Slice's end: the element after the last, ``INT64_MAX`` /
    ``INT64_MIN`` where the range runs to the dim's end in its direction, ``0`` for an
    empty dim."""
    begin: V
    """The strided slices' begin: the offset, ``0`` where :attr:`begin_mask` is set."""
    stop: V
    """The strided slices' end: the element after the last, ``0`` where :attr:`end_mask`
    is set or the dim is empty."""
    begin_mask: B
    """The range starts at the dim's first element in its direction (not empty)."""
    end_mask: B
    """The range runs to the dim's end in its direction (not empty)."""


def range_on(dom: IntDomain[V, B], d: V, o: V, c: V, s: V) -> Range[V, B]:
    """The rule of one window dim ``(o, c, s)`` of a dim of size ``d`` as a range, over
    any :class:`~slice_dialect.domain.IntDomain`: the exports below run it on ints, the
    proofs (``tests/test_proofs.py``) on z3 terms, for every valid window dim.

    The window is valid and in normal form (an empty dim is ``0, 0, 1``); no operation
    here then leaves int64 (proved): the element after the last is formed only where it
    lies in ``[0, d)``.
    """
    zero, one = dom.const(0), dom.const(1)
    full = dom.not_(dom.eq(c, zero))
    forward = dom.gt(s, zero)
    last = dom.add(o, dom.mul(dom.select(full, dom.sub(c, one), zero), s))
    # the next element would leave the dim: d - last >= 1 and -last >= 1 - d, no wrap
    past_end = dom.select(forward, dom.sub(d, last), dom.neg(last))
    runs_to_end = dom.or_(
        dom.and_(forward, dom.ge(s, past_end)),
        dom.and_(dom.not_(forward), dom.lt(s, past_end)),
    )
    to_end = dom.and_(full, runs_to_end)
    after = dom.add(last, dom.select(to_end, zero, s))
    first = dom.select(forward, zero, dom.sub(d, one))
    from_first = dom.and_(full, dom.eq(o, first))
    from_back = dom.and_(dom.and_(full, dom.not_(forward)), dom.eq(o, first))
    edge = dom.select(forward, dom.const(INT64_MAX), dom.const(INT64_MIN))
    return Range(
        start=dom.select(from_back, dom.const(-1), o),
        end=dom.select(full, dom.select(to_end, edge, after), zero),
        begin=dom.select(from_first, zero, o),
        stop=dom.select(dom.and_(full, dom.not_(to_end)), after, zero),
        begin_mask=from_first,
        end_mask=to_end,
    )


def dml_window_on(dom: IntDomain[V, B], o: V, c: V, s: V) -> tuple[V, V]:
    """DirectML's input window ``(offset, size)`` of a non-empty window dim ``(o, c,
    s)``: from its first to its last element, whichever is lower (DirectML starts a
    negative stride's copy at the window's end)."""
    steps = dom.sub(c, dom.const(1))
    forward = dom.gt(s, dom.const(0))
    offset = dom.select(forward, o, dom.add(o, dom.mul(steps, s)))
    size = dom.add(dom.mul(steps, dom.select(forward, s, dom.neg(s))), dom.const(1))
    return offset, size


def _range(d: int, o: int, c: int, s: int) -> Range[int, bool]:
    r = range_on(INTS, d, o, c, s)
    fields = (r.start, r.end, r.begin, r.stop, r.begin_mask, r.end_mask)
    assert all(f is not None for f in fields), "a window of known ints"
    return r  # type: ignore[return-value]


def _check_keeps_rank(
    op: str, shape: Sequence[int], w: Window, result_shape: Sequence[int]
) -> None:
    if tuple(result_shape) != tuple(w.sizes):
        what = (
            f"rank {len(result_shape)} from a source of rank {len(shape)}"
            if len(result_shape) != len(shape)
            else f"shape {list(result_shape)} but the window's sizes are {list(w.sizes)}"
        )
        raise ExportError(
            f"the result has {what}, and {op} keeps the source's rank and shape "
            "(it cannot insert or remove unit dimensions)"
        )


def _check_nonzero_rank(op: str, shape: Sequence[int]) -> None:
    if len(shape) == 0:
        raise ExportError(f"the source has rank 0, and {op} needs rank >= 1")


@dataclass(frozen=True)
class AxisSliceParams:
    """Parameters of ONNX Slice-10/11/13, ONNX Slice-1 and OpenVINO Slice-8.

    ``axes`` is ``None`` where the default axes (``[0 .. len(starts) - 1]``) are meant,
    ``steps`` where every step is 1.
    """

    starts: tuple[int, ...]
    ends: tuple[int, ...]
    axes: tuple[int, ...] | None
    steps: tuple[int, ...] | None


def axis_slice_params(
    op: str,
    shape: Sequence[int],
    w: Window,
    result_shape: Sequence[int],
    *,
    allow_steps: bool = True,
) -> AxisSliceParams:
    """``starts``/``ends``/``axes``/``steps`` of a rank-keeping axis slice ``op``."""
    _check_nonzero_rank(op, shape)
    _check_keeps_rank(op, shape, w, result_shape)
    starts: list[int] = []
    ends: list[int] = []
    axes: list[int] = []
    steps: list[int] = []
    for a, (d, o, c, s) in enumerate(zip(shape, w.offsets, w.sizes, w.strides)):
        if _is_whole(d, o, c, s):
            continue
        if s != 1 and not allow_steps:
            raise ExportError(
                f"dimension {a} has stride {s}, and {op} only takes stride 1 (no steps)"
            )
        r = _range(d, o, c, s)
        end = r.end
        if end == ORT_INT_MAX and op != "slice.ov_slice":
            # ONNX Runtime reads an end of 2**31 - 1 as "to the end" in the step's
            # direction (research A.3, onnxruntime#11107): the same index from the
            # back, for a dim longer than that
            end -= d
        starts.append(r.start)
        ends.append(end)
        axes.append(a)
        steps.append(s)
    return AxisSliceParams(
        tuple(starts),
        tuple(ends),
        None if axes == list(range(len(axes))) else tuple(axes),
        None if all(s == 1 for s in steps) else tuple(steps),
    )


onnx_params = partial(axis_slice_params, "slice.onnx")
"""ONNX Slice-10/11/13 (``slice.onnx``)."""
onnx_v1_params = partial(axis_slice_params, "slice.onnx_v1", allow_steps=False)
"""ONNX Slice-1 (``slice.onnx_v1``): no steps."""
ov_slice_params = partial(axis_slice_params, "slice.ov_slice")
"""OpenVINO Slice-8 (``slice.ov_slice``; its ``step`` operand is required)."""


TF_KERNEL_MAX_RANK = 8
"""The highest rank TensorFlow's StridedSlice CPU kernel copies (``HANDLE_DIM(1)`` to
``HANDLE_DIM(8)``); its shape function takes any rank (research A.6, C112)."""


def _tf_kernel_runs(shape: Sequence[int], w: Window, element_bytes: int) -> bool:
    """Whether TensorFlow's kernel copies the window of a source of ``shape`` (elements
    of ``element_bytes``): any of rank <= 8; above, only the cases it takes before its
    per-rank copies (measured on 2.21: rank 9 with dims 1 or 8 sliced fails, ``x[1:]``
    and ``x[:, 1:1]`` run): an empty result, the whole source, or dim 0 alone sliced
    at stride 1 where a row of the source (every dim but 0) is a whole number of
    64-byte lines, Eigen's largest alignment (``IsDim0SliceAligned``, which for rank
    > 1 is ``IsInnerDimsSizeAligned``: the row's bytes, whatever the start; session
    48's review found the start's element count tested instead)."""
    if len(shape) <= TF_KERNEL_MAX_RANK or 0 in w.sizes:
        return True
    dims = list(zip(shape, w.offsets, w.sizes, w.strides, strict=True))
    if not all(_is_whole(*dim) for dim in dims[1:]):
        return False
    if _is_whole(*dims[0]):
        return True  # the identity, which the kernel returns before anything else
    row = element_bytes
    for d in shape[1:]:
        row *= d
    return w.strides[0] == 1 and row % 64 == 0


@dataclass(frozen=True)
class StridedSliceParams:
    """Parameters of a strided slice: one entry per position of ``begin``; masks as 0/1
    lists of the same length (TensorFlow's bit fields are :meth:`bits`)."""

    begin: tuple[int, ...]
    end: tuple[int, ...]
    strides: tuple[int, ...]
    begin_mask: tuple[int, ...]
    end_mask: tuple[int, ...]
    new_axis_mask: tuple[int, ...]
    shrink_axis_mask: tuple[int, ...]

    @staticmethod
    def bits(mask: Sequence[int]) -> int:
        """A 0/1 list as a bit field (entry ``i`` is bit ``i``)."""
        return sum(1 << i for i, v in enumerate(mask) if v)


def align_unit_dims(
    sizes: Sequence[int], result_shape: Sequence[int]
) -> list[tuple[str, int | None]]:
    """How the result shape comes from the window's sizes, as strided-slice entries.

    Returns ``("keep", j)`` for source dim ``j`` kept as the next result dim,
    ``("shrink", j)`` for a unit source dim ``j`` removed, and ``("new", None)`` for a
    unit result dim inserted, in order. Between two consecutive non-unit dims (which
    correspond in order), unit source dims are kept as long as the result has unit dims
    there; the rest are shrunk, or the result's extra unit dims are new axes.
    """
    source_anchors = [j for j, c in enumerate(sizes) if c != 1]
    result_anchors = [k for k, c in enumerate(result_shape) if c != 1]
    if [sizes[j] for j in source_anchors] != [result_shape[k] for k in result_anchors]:
        raise ExportError(
            f"the result shape {list(result_shape)} is not the window's sizes "
            f"{list(sizes)} with unit dimensions inserted or removed"
        )
    entries: list[tuple[str, int | None]] = []
    prev_j, prev_k = -1, -1
    for j, k in [
        *zip(source_anchors, result_anchors),
        (len(sizes), len(result_shape)),
    ]:
        units_in = j - prev_j - 1
        units_out = k - prev_k - 1
        kept = min(units_in, units_out)
        gap = list(range(prev_j + 1, j))
        entries.extend(("keep", g) for g in gap[:kept])
        entries.extend(("shrink", g) for g in gap[kept:])
        entries.extend(("new", None) for _ in range(units_out - kept))
        if j < len(sizes):
            entries.append(("keep", j))
        prev_j, prev_k = j, k
    return entries


def strided_slice_params(
    op: str,
    shape: Sequence[int],
    w: Window,
    result_shape: Sequence[int],
    element_bytes: int | None = None,
) -> StridedSliceParams:
    """TensorFlow StridedSlice or OpenVINO StridedSlice-1: one range entry per source
    dimension (trailing whole ones left to the implicit ellipsis), shrink entries for
    removed unit dims, new-axis entries for inserted ones. TensorFlow's needs the
    element size (``element_bytes``) for a source of rank above 8."""
    entries = align_unit_dims(w.sizes, result_shape)
    # Drop trailing whole dims: the implicit ellipsis at the end covers them.
    while entries:
        kind, j = entries[-1]
        if kind != "keep" or j is None:
            break
        if not _is_whole(shape[j], w.offsets[j], w.sizes[j], w.strides[j]):
            break
        entries.pop()
    begin: list[int] = []
    end: list[int] = []
    strides: list[int] = []
    bm: list[int] = []
    em: list[int] = []
    nm: list[int] = []
    sm: list[int] = []
    for kind, j in entries:
        if kind == "new" or j is None:
            b, e, s, bmask, emask = 0, 0, 1, 0, 0
        else:
            d, o, c, s = shape[j], w.offsets[j], w.sizes[j], w.strides[j]
            if kind == "shrink":
                b, e, bmask, emask = o, o + 1, 0, 0
            else:
                r = _range(d, o, c, s)
                b, e = r.begin, r.stop
                bmask, emask = int(r.begin_mask), int(r.end_mask)
        begin.append(b)
        end.append(e)
        strides.append(s)
        bm.append(bmask)
        em.append(emask)
        nm.append(int(kind == "new"))
        sm.append(int(kind == "shrink"))
    if op == "slice.tf_strided_slice" and len(shape) > TF_KERNEL_MAX_RANK:
        if element_bytes is None:
            raise ValueError(
                "tf_strided_slice_params: element_bytes is needed above rank 8"
            )
        if not _tf_kernel_runs(shape, w, element_bytes):
            raise ExportError(
                f"the source has rank {len(shape)}, and TensorFlow's StridedSlice "
                f"kernel handles at most {TF_KERNEL_MAX_RANK} dimensions ('Unhandled "
                "input dimensions', research C112) except for an empty result, the "
                "whole source or a slice of dimension 0 alone at stride 1 of a source "
                "whose rows (every dimension but 0) are whole 64-byte lines"
            )
    if op == "slice.tf_strided_slice" and len(begin) > TF_MAX_ENTRIES:
        raise ExportError(
            f"it needs {len(begin)} entries and TensorFlow allows at most "
            f"{TF_MAX_ENTRIES} (masks are 32-bit fields)"
        )
    return StridedSliceParams(
        tuple(begin),
        tuple(end),
        tuple(strides),
        tuple(bm),
        tuple(em),
        tuple(nm),
        tuple(sm),
    )


tf_strided_slice_params = partial(strided_slice_params, "slice.tf_strided_slice")
"""TensorFlow StridedSlice (``slice.tf_strided_slice``)."""
ov_strided_slice_params = partial(strided_slice_params, "slice.ov_strided_slice")
"""OpenVINO StridedSlice-1 (``slice.ov_strided_slice``)."""


@dataclass(frozen=True)
class DmlParams:
    """DirectML DML_SLICE1's window; OutputSizes is the window's sizes."""

    window_offsets: tuple[int, ...]
    window_sizes: tuple[int, ...]
    window_strides: tuple[int, ...]


def dml_slice1_params(
    shape: Sequence[int], w: Window, result_shape: Sequence[int]
) -> DmlParams:
    """DirectML DML_SLICE1 (``slice.dml_slice1``): the tightest input window; a negative
    stride's window ends at the window's first element (DirectML starts copying at the
    window's end). The source's dims must fit DirectML's 32-bit ``UINT`` tensor sizes
    (then so do the window's offsets, sizes and output sizes, which are at most the dims)
    and the strides its 32-bit ``INT`` ones."""
    op = "slice.dml_slice1"
    if not 1 <= len(shape) <= DML_MAX_RANK:
        raise ExportError(
            f"the source has rank {len(shape)}, and DirectML takes rank 1 to "
            f"{DML_MAX_RANK}"
        )
    _check_keeps_rank(op, shape, w, result_shape)
    for a, d in enumerate(shape):
        if d > DML_UINT_MAX:
            raise ExportError(
                f"dimension {a} has size {d}, and DirectML's tensor sizes are 32-bit "
                f"UINTs (at most {DML_UINT_MAX})"
            )
    offsets: list[int] = []
    sizes: list[int] = []
    strides: list[int] = []
    for a, (o, c, s) in enumerate(zip(w.offsets, w.sizes, w.strides)):
        if c == 0:
            raise ExportError(
                f"dimension {a} is empty (sizes[{a}] = 0), and DirectML cannot express "
                "an empty window"
            )
        offset, size = dml_window_on(INTS, o, c, s)
        assert offset is not None and size is not None, "a window of known ints"
        # offset and size lie in [0, d], which fits UINT; a stride only within d
        if not DML_INT_MIN <= s <= DML_INT_MAX:
            raise ExportError(
                f"dimension {a} has stride {s}, and DirectML's window_strides are "
                f"32-bit INTs ({DML_INT_MIN} to {DML_INT_MAX})"
            )
        offsets.append(offset)
        sizes.append(size)
        strides.append(s)
    return DmlParams(tuple(offsets), tuple(sizes), tuple(strides))
