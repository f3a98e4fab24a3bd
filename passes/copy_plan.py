"""The copy plan of a window: the one place loops are merged and copies tuned.

``copy_plan`` turns a window of a row-major source into the loops that copy it to a
row-major result (merging loops that continue each other); ``run_choices`` decides how
the innermost run of those loops is copied (streaming stores, source prefetch,
in-register reordering). ``convert-slice-to-loops`` calls both once per window and
writes the answers into the IR (``scf.for`` loops around one ``slice.copy_run``); the C
target only prints them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

from slice_dialect.semantics import Window

STREAM_STORE_BYTES = 4 * 1024 * 1024
"""A copy that writes at least this many bytes stores with non-temporal (cache
bypassing) stores: an output this large does not stay in a core's cache anyway, and
bypassing it saves reading every destination line before it is written, a third of the
memory traffic of a copy. (glibc's ``memcpy`` makes the same choice above a threshold
of the same order on common machines.)"""

PREFETCH_AHEAD_BYTES = 32 * 1024
"""How far ahead a streamed copy with gaps between its source rows prefetches them: the
hardware prefetchers stop at 4 KiB pages, so rows that skip part of each page are
otherwise fetched with a miss at the start of each. (Measured with prefetcht0 on
bench/ W1, W2 and W6: 32 KiB was 5-15% faster than 16 KiB and as fast as 64 KiB.)"""

CACHE_LINE_BYTES = 64


def row_major_strides(shape: Sequence[int]) -> list[int]:
    """The element strides of a C-contiguous (row-major) array of ``shape``."""
    strides = [1] * len(shape)
    for d in range(len(shape) - 2, -1, -1):
        strides[d] = strides[d + 1] * shape[d + 1]
    return strides


@dataclass(frozen=True)
class Loop:
    """One loop of a copy: ``count`` iterations, element steps in source and result."""

    count: int
    source_step: int
    result_step: int


@dataclass(frozen=True)
class CopyPlan:
    """A window as loops over linear offsets: ``result[sum(i * result_step)] =
    source[source_base + sum(i * source_step)]``, outermost loop first; empty when
    ``empty``. The last loop is the run (``slice.copy_run``); no loop at all is a single
    element."""

    source_base: int
    loops: tuple[Loop, ...]
    empty: bool

    @property
    def elements(self) -> int:
        return 0 if self.empty else prod(loop.count for loop in self.loops)


def merged(loops: Sequence[Loop]) -> tuple[Loop, ...]:
    """``loops`` (outermost first) without single-iteration loops, each outer loop
    merged into the next inner one where stepping it once equals running the inner
    one through, in source and result alike (the rows of a whole-row crop are one run).
    The one definition of the loop-merge rule."""
    inner_first: list[Loop] = []
    for loop in reversed(loops):
        if loop.count == 1:
            continue
        inner = inner_first[-1] if inner_first else None
        if (
            inner is not None
            and loop.source_step == inner.source_step * inner.count
            and loop.result_step == inner.result_step * inner.count
        ):
            inner_first[-1] = Loop(
                inner.count * loop.count, inner.source_step, inner.result_step
            )
        else:
            inner_first.append(loop)
    return tuple(reversed(inner_first))


def copy_plan(window: Window, source_shape: Sequence[int]) -> CopyPlan:
    """The loops that copy ``window`` of a row-major source into a row-major result."""
    if any(size == 0 for size in window.sizes):
        return CopyPlan(0, (), True)
    source_strides = row_major_strides(source_shape)
    result_strides = row_major_strides(window.sizes)
    base = sum(o * s for o, s in zip(window.offsets, source_strides))
    loops = [
        Loop(size, stride * source_stride, result_stride)
        for size, stride, source_stride, result_stride in zip(
            window.sizes, window.strides, source_strides, result_strides
        )
    ]
    return CopyPlan(base, merged(loops), False)


@dataclass(frozen=True)
class RunChoices:
    """How a run is copied: the code-generation properties of ``slice.copy_run``.

    ``nontemporal``: stores bypass the cache (the copy writes at least
    ``STREAM_STORE_BYTES``). ``reorder``: a streamed run of every element backwards
    (source stride -1) or of every other element (2, elements of at most 8 bytes) is
    reordered in registers on its way to the stores. ``prefetch``: the signed element
    distance from this run's source offset to the run that is prefetched (the run of
    the enclosing loop's iteration ``PREFETCH_AHEAD_BYTES`` ahead), or ``None``.
    """

    nontemporal: bool = False
    reorder: bool = False
    prefetch: int | None = None


def can_reorder(source_stride: int, element_bytes: int) -> bool:
    """Whether a streamed run of ``source_stride`` is reordered in registers."""
    return source_stride == -1 or (source_stride == 2 and element_bytes <= 8)


def run_choices(plan: CopyPlan, element_bytes: int) -> RunChoices:
    """The code-generation choices for the run of ``plan`` (its last loop), from the
    bytes the whole copy writes, the run's length and strides and the element width."""
    if plan.empty or not plan.loops:
        return RunChoices()
    *outer, run = plan.loops
    if plan.elements * element_bytes < STREAM_STORE_BYTES or run.result_step != 1:
        return RunChoices()
    reorder = run.count > 1 and can_reorder(run.source_step, element_bytes)
    prefetch: int | None = None
    if outer:
        rows = outer[-1]
        low = min(0, (run.count - 1) * run.source_step) * element_bytes
        high = (max(0, (run.count - 1) * run.source_step) + 1) * element_bytes
        row_bytes = abs(rows.source_step) * element_bytes
        ahead = -(-PREFETCH_AHEAD_BYTES // row_bytes)
        # rows that (nearly) touch are one stream the hardware prefetchers follow
        if row_bytes > high - low + CACHE_LINE_BYTES and rows.count > ahead:
            prefetch = ahead * rows.source_step
    return RunChoices(True, reorder, prefetch)
