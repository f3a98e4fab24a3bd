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
  end" there, onnxruntime#11107);
* an empty dimension is ``0:0:1``;
* unit dimensions removed from the result are shrink entries (``begin = o``,
  ``end = o + 1``, stride 1), unit dimensions inserted are new-axis entries
  (``0:0:1``), both only for the strided slices.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from slice_dialect.semantics import INT64_MAX, INT64_MIN, Window

FRAMEWORKS = (
    "onnx",
    "onnx_v1",
    "ov_slice",
    "ov_strided_slice",
    "tf_strided_slice",
    "dml_slice1",
)
"""The ``framework`` names of ``export-slices``: each is the op ``slice.NAME``."""

TF_MAX_ENTRIES = 31
DML_MAX_RANK = 8


class ExportError(ValueError):
    """A window the target framework cannot express; the message is the reason."""


def _is_whole(d: int, o: int, c: int, s: int) -> bool:
    return o == 0 and c == d and s == 1


def _runs_to_end(d: int, o: int, c: int, s: int) -> bool:
    """True if the range from ``o`` with stride ``s`` through the end of the dimension
    in the stride's direction has exactly ``c`` elements (``c >= 1``)."""
    nxt = o + c * s
    return nxt >= d if s > 0 else nxt < 0


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
        if c == 0:
            start, end = 0, 0
        elif s > 0:
            start = o
            end = INT64_MAX if _runs_to_end(d, o, c, s) else o + c * s
        else:
            start = -1 if o == d - 1 else o
            end = INT64_MIN if _runs_to_end(d, o, c, s) else o + c * s
        starts.append(start)
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
    op: str, shape: Sequence[int], w: Window, result_shape: Sequence[int]
) -> StridedSliceParams:
    """TensorFlow StridedSlice or OpenVINO StridedSlice-1: one range entry per source
    dimension (trailing whole ones left to the implicit ellipsis), shrink entries for
    removed unit dims, new-axis entries for inserted ones."""
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
            elif c == 0:
                b, e, bmask, emask = 0, 0, 0, 0
            else:
                from_first = o == (0 if s > 0 else d - 1)
                b, bmask = (0, 1) if from_first else (o, 0)
                e, emask = (0, 1) if _runs_to_end(d, o, c, s) else (o + c * s, 0)
        begin.append(b)
        end.append(e)
        strides.append(s)
        bm.append(bmask)
        em.append(emask)
        nm.append(int(kind == "new"))
        sm.append(int(kind == "shrink"))
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
    window's end)."""
    op = "slice.dml_slice1"
    if not 1 <= len(shape) <= DML_MAX_RANK:
        raise ExportError(
            f"the source has rank {len(shape)}, and DirectML takes rank 1 to "
            f"{DML_MAX_RANK}"
        )
    _check_keeps_rank(op, shape, w, result_shape)
    offsets: list[int] = []
    sizes: list[int] = []
    strides: list[int] = []
    for a, (o, c, s) in enumerate(zip(w.offsets, w.sizes, w.strides)):
        if c == 0:
            raise ExportError(
                f"dimension {a} is empty (sizes[{a}] = 0), and DirectML cannot express "
                "an empty window"
            )
        span = (c - 1) * abs(s) + 1
        offsets.append(o if s > 0 else o + (c - 1) * s)
        sizes.append(span)
        strides.append(s)
    return DmlParams(tuple(offsets), tuple(sizes), tuple(strides))
