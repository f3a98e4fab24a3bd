"""The numpy oracle: every framework's slice as numpy indexing, independent of
``slice_dialect.semantics``, and the bit-for-bit comparison of results.

ONNX and OpenVINO slices are Python slices per axis, with SPEC section 2's one
exception (a negative step's start below ``-dim`` reads element 0, where Python reads
nothing); TensorFlow strided slices are numpy basic indices of their masks (OpenVINO's
the same, with that exception); DirectML windows are their element formula; a
``slice.window`` is ``x[offset : offset + stride * size : stride]`` per dim.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

NDArray = npt.NDArray[Any]

Values = Mapping[str, Any]
"""A framework op's parameters by their names in the dialect (index operands and
properties alike): lists of ints, ``None`` where absent, masks as a TensorFlow bit field
or an OpenVINO 0/1 list."""


def same_bits(a: Any, b: Any) -> bool:
    """Same shape, dtype and bytes (NaN payloads and negative zeros included)."""
    a, b = np.asarray(a), np.asarray(b)
    return (
        a.shape == b.shape
        and a.dtype == b.dtype
        and np.ascontiguousarray(a).tobytes() == np.ascontiguousarray(b).tobytes()
    )


def mask_bit(mask: int | Sequence[int] | None, i: int) -> bool:
    """Bit ``i`` of a TensorFlow bit field or an OpenVINO 0/1 list."""
    if mask is None:
        return False
    if isinstance(mask, int):
        return (mask >> i) & 1 == 1
    return i < len(mask) and mask[i] == 1


def numpy_strided_index(
    shape: Sequence[int],
    begin: Sequence[int],
    end: Sequence[int],
    strides: Sequence[int],
    masks: Mapping[str, Any],
    tf: bool,
) -> tuple[Any, ...]:
    """The numpy index of a strided slice; OpenVINO's negative-stride begin below
    ``-dim`` reads element 0 (SPEC section 2), TensorFlow's is Python's."""
    kinds = []
    for i in range(len(begin)):
        if mask_bit(masks.get("ellipsis_mask"), i):
            kinds.append("ellipsis")
        elif mask_bit(masks.get("new_axis_mask"), i):
            kinds.append("new")
        elif mask_bit(masks.get("shrink_axis_mask"), i):
            kinds.append("shrink")
        else:
            kinds.append("range")
    num_real = sum(k in ("range", "shrink") for k in kinds)
    index: list[Any] = []
    dim = 0
    for i, kind in enumerate(kinds):
        if kind == "ellipsis":
            index.append(Ellipsis)
            dim += len(shape) - num_real
        elif kind == "new":
            index.append(np.newaxis)
        elif kind == "shrink":
            index.append(begin[i])
            dim += 1
        else:
            d = shape[dim]
            b = None if mask_bit(masks.get("begin_mask"), i) else begin[i]
            e = None if mask_bit(masks.get("end_mask"), i) else end[i]
            if not tf and strides[i] < 0 and b is not None and b < -d:
                b = 0
            index.append(slice(b, e, strides[i]))
            dim += 1
    return tuple(index)


def axis_index(
    shape: Sequence[int],
    starts: Sequence[int],
    ends: Sequence[int],
    axes: Sequence[int] | None,
    steps: Sequence[int] | None,
) -> tuple[Any, ...]:
    """The numpy index of an ONNX or OpenVINO slice: Python slices on the listed axes
    (negative ones count from the back), except that a negative step's start below
    ``-dim`` reads element 0."""
    rank = len(shape)
    axes = list(range(len(starts))) if axes is None else [a % rank for a in axes]
    steps = [1] * len(starts) if steps is None else steps
    index: list[Any] = [slice(None)] * rank
    for a, start, end, step in zip(axes, starts, ends, steps, strict=True):
        if step < 0 and start < -shape[a]:
            start = 0
        index[a] = slice(start, end, step)
    return tuple(index)


def numpy_window(
    x: NDArray, offsets: Sequence[int], sizes: Sequence[int], strides: Sequence[int]
) -> NDArray:
    """A ``slice.window`` by numpy basic slicing."""
    index: list[slice] = []
    for offset, size, stride in zip(offsets, sizes, strides, strict=True):
        if size == 0:
            index.append(slice(0, 0))
            continue
        stop = offset + stride * size
        index.append(slice(offset, stop if stop >= 0 else None, stride))
    return x[tuple(index)]


def numpy_result(op: str, x: NDArray, values: Values) -> NDArray:
    """The result of the framework op ``op`` (its name without ``slice.``) on ``x``."""
    shape = x.shape
    v = values
    if op in ("tf_strided_slice", "ov_strided_slice"):
        tf = op == "tf_strided_slice"
        begin, end = v["begin"] or [], v["end"] or []
        strides = v["strides" if tf else "stride"] or [1] * len(begin)
        return np.asarray(x[numpy_strided_index(shape, begin, end, strides, v, tf)])
    if op == "onnx_v1":
        return x[axis_index(shape, v["starts"], v["ends"], v.get("axes"), None)]
    if op == "onnx":
        return x[axis_index(shape, v["starts"], v["ends"], v["axes"], v["steps"])]
    if op == "ov_slice":
        return x[axis_index(shape, v["start"], v["stop"], v["axes"], v["step"])]
    assert op == "dml_slice1", op
    index = [
        np.arange(out) * stride + offset + (size - 1 if stride < 0 else 0)
        for offset, size, stride, out in zip(
            v["window_offsets"],
            v["window_sizes"],
            v["window_strides"],
            v["output_sizes"],
            strict=True,
        )
    ]
    return x[np.ix_(*index)]
