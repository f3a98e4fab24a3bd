"""Random slice programs as IR text, for the differential tests and the program fuzzer.

Every generator is written once against a small drawing interface (:class:`Draw`) and
exposed twice: as hypothesis strategies (:func:`slice_programs`, :func:`chain_programs`,
:func:`invalid_programs`), which shrink, and as plain seeded functions
(:func:`random_slice_program`, :func:`random_chain_program`,
:func:`random_invalid_program`), which the fuzzer runs by seed.

What is drawn:

* one op of each framework (``OPS``) on a random data shape: rank 0 to 6 for the two
  strided slices, 1 to 6 for the ONNX and OpenVINO slices, 1 to 8 for DirectML; dims 0 to
  5 (1 to 5 for DirectML, whose window must be non-empty), often 1;
* index values from every class, with weight: in range, negative, edges (``0``, ``d``,
  ``-d``, ``-d - 1``, ...), out of range by up to 100, ``INT32_MIN``/``INT32_MAX``/
  ``INT64_MIN``/``INT64_MAX``; steps of 1, small, negative, larger than the dim, extreme;
* index operands of ``i32`` or ``i64`` (values clamped to the ``i32`` range for ``i32``),
  as ``arith.constant dense<[...]>``; optional operands present or absent; axes unique,
  possibly negative; ONNX opsets 10, 11, 13;
* for the strided slices every kind of entry (range, shrink with a valid index, new axis,
  at most one ellipsis, implicit ellipsis), entries with several bits, begin/end masks,
  bits past ``len(begin)``; OpenVINO masks as 0/1 lists of random length, TensorFlow's as
  int bit fields;
* for DirectML a valid window with every output size in its range;
* ops in the custom or in the generic form.

The result type is what :mod:`slice_dialect.semantics` gives. A draw the semantics reject
is discarded by the ``valid`` generators and is what the ``invalid`` ones produce (their
``Program.error`` is the semantics' message, or a note for a wrong result type).

:func:`random_array` makes inputs whose bytes are random, so NaN payloads, negative zeros,
subnormals and out-of-range integer patterns all travel through the slices.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from math import prod
from typing import Any, Protocol, TypeVar

import ml_dtypes
import numpy as np
import numpy.typing as npt
from hypothesis import reject
from hypothesis import strategies as st

from slice_dialect import semantics
from slice_dialect.dialect import FRAMEWORK_OPS
from slice_dialect.domain import INTS
from slice_dialect.semantics import (
    INT32_MAX,
    INT32_MIN,
    INT64_MAX,
    INT64_MIN,
    SliceResult,
    SliceSemanticsError,
)

T = TypeVar("T")
NDArray = npt.NDArray[Any]
Shape = tuple[int, ...]

NON_INTEGER_TYPES = ("f16", "bf16", "f32", "f64", "complex<f32>", "complex<f64>")
"""SPEC section 1's element types that are not integers."""
ELEMENT_TYPES: tuple[str, ...] = (
    "i1",
    "i8",
    "ui8",
    "i16",
    "i32",
    "i64",
    *NON_INTEGER_TYPES,
)
"""The element types every op is tested with (SPEC section 1)."""

EXTRA_ELEMENT_TYPES: tuple[str, ...] = (
    "si8",
    "si16",
    "si32",
    "si64",
    "ui1",
    "ui16",
    "ui32",
    "ui64",
    "i3",
    "i17",
    "ui40",
)
"""Further integer types of SPEC section 1 (odd widths, signed, unsigned)."""

OPS: tuple[str, ...] = (
    "onnx_v1",
    "onnx",
    "ov_slice",
    "ov_strided_slice",
    "tf_strided_slice",
    "dml_slice1",
)
"""The framework ops, by their name without the ``slice.`` prefix."""

STRIDED_OPS = ("ov_strided_slice", "tf_strided_slice")
AXIS_OPS = ("onnx_v1", "onnx", "ov_slice")

MAX_RANK = 6
"""Largest data rank drawn for the ONNX, OpenVINO and TensorFlow ops."""

DML_MAX_RANK = semantics.DML_MAX_RANK
MAX_RESULT_RANK = 8
"""New axes are only drawn while the result rank stays at most this."""

EXTREMES = (INT32_MIN, INT32_MAX, INT64_MIN, INT64_MAX)


class Discard(Exception):
    """The draw is not usable (the semantics rejected a draw meant to be valid)."""


# --- drawing ---------------------------------------------------------------------------


class Draw(Protocol):
    """The random choices a generator makes; hypothesis- or seed-driven."""

    def int(self, lo: int, hi: int) -> int:
        """An int in ``[lo, hi]``."""
        ...

    def choice(self, options: Sequence[T]) -> T:
        """One of ``options``; the first is the simplest."""
        ...

    def weighted(self, options: Sequence[tuple[int, T]]) -> T:
        """One of ``options`` (``(weight, value)`` pairs); the first is the simplest."""
        ...

    def bool(self, p: float = 0.5) -> bool:
        """True with probability about ``p``."""
        ...


class RandomDraw:
    """:class:`Draw` from a seeded :class:`random.Random`."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def int(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def choice(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]

    def weighted(self, options: Sequence[tuple[int, T]]) -> T:
        k = self.rng.randrange(sum(w for w, _ in options))
        for w, value in options:
            if k < w:
                return value
            k -= w
        raise AssertionError("unreachable")

    def bool(self, p: float = 0.5) -> bool:
        return self.rng.randrange(100) < round(p * 100)


class HypothesisDraw(RandomDraw):
    """:class:`Draw` from a hypothesis-controlled ``Random`` (so that examples shrink).

    ``st.randoms(use_true_random=False)`` keeps the distributions of
    :class:`RandomDraw`; hypothesis' own small integers lean so heavily on their lower
    bound that the rarer classes of values would almost never be drawn.
    """

    def __init__(self, draw: Callable[[st.SearchStrategy[Any]], Any]) -> None:
        self.rng = draw(st.randoms(use_true_random=False))


def permutation(dr: Draw, values: Sequence[T], count: int) -> list[T]:
    """``count`` distinct elements of ``values`` in random order."""
    pool = list(values)
    return [pool.pop(dr.int(0, len(pool) - 1)) for _ in range(count)]


# --- index values ----------------------------------------------------------------------


def index_value(dr: Draw, d: int) -> int:
    """A start/end/begin value for a dim of size ``d``, from every class."""
    kind = dr.weighted(
        [(4, "in"), (3, "negative"), (2, "edge"), (2, "out"), (1, "extreme")]
    )
    if kind == "in":
        return dr.int(0, d)
    if kind == "negative":
        return dr.int(-max(d, 1), -1)
    if kind == "edge":
        return dr.choice([0, d, -d, d - 1, -1, -d - 1, d + 1, 1])
    if kind == "out":
        return d + dr.int(1, 100) if dr.bool() else -d - dr.int(1, 100)
    return dr.choice(EXTREMES)


def step_value(dr: Draw, d: int) -> int:
    """A non-zero step for a dim of size ``d``: 1, small, negative, big or extreme."""
    kind = dr.weighted(
        [(3, "one"), (3, "small"), (3, "negative"), (1, "big"), (1, "extreme")]
    )
    if kind == "one":
        return 1
    if kind == "small":
        return dr.int(1, 3)
    if kind == "negative":
        return -dr.int(1, 3)
    if kind == "big":
        return (d + dr.int(1, 10)) * dr.choice([1, -1])
    return dr.choice((*EXTREMES, INT64_MIN + 1, -INT32_MAX))


def _one_of_forms(dr: Draw, forms: Sequence[int]) -> int:
    """The first form usually, else any of the equivalent ``forms``."""
    return forms[0] if len(forms) == 1 or dr.bool(0.6) else dr.choice(forms[1:])


def range_values(dr: Draw, d: int, step: int | None = None) -> tuple[int, int, int]:
    """``(start, end, step)`` for a dim of size ``d``: often a non-empty range written
    in any of its equivalent forms (negative, past the end, extreme), else values drawn
    independently from every class."""
    if step is None:
        step = step_value(dr, d)
    below = [-d - 1, -d - dr.int(1, 100), INT32_MIN, INT64_MIN]
    above = [d, d + dr.int(1, 100), INT32_MAX, INT64_MAX]
    mode = dr.weighted(
        [
            (12, "non-empty"),
            (3, "independent"),
            (3, "start below"),
            (2, "end above"),
            (1, "start == end"),
        ]
    )
    if mode == "start == end":
        value = index_value(dr, d)
        return value, value, step
    if mode == "start below" and step < 0:
        # the frameworks differ: ONNX/OpenVINO read element 0, TensorFlow nothing
        return dr.choice(below), index_value(dr, d), step
    if mode == "end above" and step < 0:
        # INT_MAX ends clamp like any value (SPEC section 2)
        return index_value(dr, d), dr.choice(above), step
    if d == 0 or mode != "non-empty":
        return index_value(dr, d), index_value(dr, d), step
    first = dr.int(0, d - 1)
    if step > 0:
        last = dr.int(first + 1, d)  # exclusive
        start_forms = [first, first - d] + (below if first == 0 else [])
        end_forms = above if last == d else [last, last - d]
    else:
        last = dr.int(-1, first - 1)  # exclusive
        start_forms = [first, first - d] + (above[1:] if first == d - 1 else [])
        end_forms = below if last == -1 else [last, last - d]
    return _one_of_forms(dr, start_forms), _one_of_forms(dr, end_forms), step


def fit(values: Sequence[int], index_type: str) -> list[int]:
    """``values`` clamped to what an ``index_type`` (``i32``/``i64``) tensor holds."""
    lo, hi = (INT32_MIN, INT32_MAX) if index_type == "i32" else (INT64_MIN, INT64_MAX)
    return [min(max(v, lo), hi) for v in values]


def data_shape(
    dr: Draw, min_rank: int, max_rank: int, max_elements: int, min_dim: int = 0
) -> Shape:
    """A shape of rank ``min_rank..max_rank``, dims ``min_dim..5``, often 1, with at most
    ``max_elements`` elements."""
    rank = dr.int(min_rank, max_rank)
    dims: list[int] = []
    for _ in range(rank):
        d = dr.weighted([(12, "any"), (4, "one"), (1, "zero")])
        size = {"any": dr.int(max(min_dim, 2), 5), "one": 1, "zero": min_dim}[d]
        while size > max(min_dim, 1) and prod(dims) * size > max_elements:
            size -= 1
        dims.append(size)
    return tuple(dims)


# --- one op ----------------------------------------------------------------------------


@dataclass(frozen=True)
class SliceCase:
    """One framework op: its data shape, parameters and (when valid) result shape.

    ``operands`` holds the index operands in operand order (``None`` when absent) with
    their element types in ``index_types``; ``props`` the properties (ONNX-1 and DirectML
    parameters, the opset, the masks). ``result_shape`` is the type written in the IR;
    ``error`` the semantics' message when the op is invalid.
    """

    op: str
    data_shape: Shape
    operands: dict[str, list[int] | None] = field(default_factory=dict)
    index_types: dict[str, str] = field(default_factory=dict)
    props: dict[str, Any] = field(default_factory=dict)
    result_shape: Shape = ()
    generic: bool = False
    error: str | None = None

    def evaluate(self) -> SliceResult:
        """The semantics of this op (raises :class:`SliceSemanticsError`)."""
        return evaluate(self.op, self.data_shape, self.operands, self.props)

    @property
    def name(self) -> str:
        return f"slice.{self.op}"


def _values(params: dict[str, list[int] | None], name: str) -> list[int]:
    values = params[name]
    assert values is not None, f"{name} is required"
    return values


RULES: dict[str, Callable[..., semantics.Normalized[Any]]] = {
    op.name.removeprefix("slice."): op.RULE for op in FRAMEWORK_OPS
}
"""Each framework op's rule in :mod:`slice_dialect.semantics`, by op name (the rule
takes its index operands and properties by their field names)."""


def evaluate(
    op: str, shape: Shape, operands: dict[str, list[int] | None], props: dict[str, Any]
) -> SliceResult:
    """The semantics of ``op`` on these parameters: its rule on ints."""
    if op not in RULES:
        raise ValueError(f"unknown op {op}")
    return semantics.to_result(RULES[op](INTS, shape, **operands, **props), shape)


def _index_types(dr: Draw, names: Sequence[str]) -> dict[str, str]:
    if dr.bool(0.7):
        t = dr.weighted([(3, "i64"), (1, "i32")])
        return dict.fromkeys(names, t)
    return {name: dr.weighted([(3, "i64"), (1, "i32")]) for name in names}


def _draw_axis_slice(dr: Draw, op: str, shape: Shape) -> SliceCase:
    """ONNX Slice-1/10/11/13 or OpenVINO Slice-8 parameters."""
    rank = len(shape)
    axes: list[int] | None = None
    count = dr.weighted([(1, 0), (6, 1), (4, 2), (4, rank)]) if rank else 0
    count = min(count, rank)
    if dr.bool(0.6):
        chosen = permutation(dr, range(rank), count)
        axes = [a - rank if dr.bool(0.3) else a for a in chosen]
    else:
        chosen = list(range(count))
    unit = 1 if op == "onnx_v1" else None  # Slice-1 has no steps
    ranges = [range_values(dr, shape[a], unit) for a in chosen]
    starts = [r[0] for r in ranges]
    ends = [r[1] for r in ranges]
    steps = [r[2] for r in ranges]
    if op == "onnx_v1":
        props = {"starts": starts, "ends": ends, "axes": axes}
        return SliceCase(op, shape, props=props)
    if op == "onnx":
        names = ("starts", "ends", "axes", "steps")
        operands = {
            "starts": starts,
            "ends": ends,
            "axes": axes,
            "steps": steps if dr.bool(0.7) else None,
        }
        opset = dr.choice([13, 11, 10])
        props = {} if opset == 13 and dr.bool() else {"opset": opset}
    else:
        names = ("start", "stop", "step", "axes")
        operands = {"start": starts, "stop": ends, "step": steps, "axes": axes}
        props = {}
    types = _index_types(dr, names)
    operands = {k: None if v is None else fit(v, types[k]) for k, v in operands.items()}
    return SliceCase(op, shape, operands, types, props)


def _entry_kinds(dr: Draw, rank: int, max_new: int) -> list[str]:
    """The kinds of a strided slice's entries: range, shrink, new, ellipsis."""
    count = dr.weighted([(1, 0), (4, 1), (4, 2), (3, 3), (2, rank + 1), (1, rank + 3)])
    kinds: list[str] = []
    real = new = 0
    has_ellipsis = False
    for _ in range(count):
        options: list[tuple[int, str]] = []
        if real < rank:
            options += [(5, "range"), (2, "shrink")]
        if new < max_new:
            options.append((2, "new"))
        if not has_ellipsis:
            options.append((1, "ellipsis"))
        if not options:
            break
        kind = dr.weighted(options)
        real += kind in ("range", "shrink")
        new += kind == "new"
        has_ellipsis = has_ellipsis or kind == "ellipsis"
        kinds.append(kind)
    return kinds


def entry_dims(rank: int, kinds: Sequence[str]) -> list[int | None] | None:
    """The input dim each range/shrink entry of a strided slice reads (``None`` for new
    and ellipsis entries), or ``None`` for an invalid spec (more range and shrink
    entries than dims, several ellipses)."""
    num_real = sum(k in ("range", "shrink") for k in kinds)
    if num_real > rank or list(kinds).count("ellipsis") > 1:
        return None
    dims: list[int | None] = []
    j = 0
    for kind in kinds:
        if kind == "ellipsis":
            dims.append(None)
            j += rank - num_real
        elif kind == "new":
            dims.append(None)
        else:
            dims.append(j)
            j += 1
    return dims


def _draw_strided_slice(
    dr: Draw, op: str, shape: Shape, max_result_rank: int
) -> SliceCase:
    """OpenVINO StridedSlice-1 or TensorFlow StridedSlice parameters and masks."""
    rank = len(shape)
    tf = op == "tf_strided_slice"
    max_new = max(0, min(2, max_result_rank - rank))
    kinds = _entry_kinds(dr, rank, max_new)
    dims = entry_dims(rank, kinds)
    assert dims is not None, kinds
    n = len(kinds)
    begin: list[int] = []
    end: list[int] = []
    strides: list[int] = []
    bits: dict[str, set[int]] = {name: set() for name in semantics.OV_MASKS}
    for i, (kind, j) in enumerate(zip(kinds, dims)):
        d = 3 if j is None else shape[j]
        if kind == "shrink" and d == 0:
            kind = "range"  # no valid shrink index in an empty dim
        b, e, s = range_values(dr, d)
        if kind == "shrink":
            b = dr.int(-d, d - 1)
            if tf:
                s = min(abs(s), INT64_MAX)  # TensorFlow: a shrink needs a positive stride
            elif dr.bool(0.1):
                s = 0  # OpenVINO ignores a shrink entry's stride
            bits["shrink_axis_mask"].add(i)
        elif kind == "new":
            bits["new_axis_mask"].add(i)
            if dr.bool(0.3):
                bits["shrink_axis_mask"].add(i)  # new axis wins
        elif kind == "ellipsis":
            bits["ellipsis_mask"].add(i)
            for extra in ("new_axis_mask", "shrink_axis_mask"):
                if dr.bool(0.3):
                    bits[extra].add(i)  # ellipsis wins
        for mask in ("begin_mask", "end_mask"):
            if dr.bool(0.25):
                bits[mask].add(i)
        begin.append(b)
        end.append(e)
        strides.append(s)
    types = _index_types(dr, ("begin", "end", "strides" if tf else "stride"))
    if tf:
        props: dict[str, Any] = {}
        for name in semantics.OV_MASKS:
            value = sum(1 << i for i in bits[name])
            if dr.bool(0.2):
                value |= dr.int(0, 7) << n  # bits past len(begin) are ignored
            if value or dr.bool(0.1):
                props[name] = value
        operands: dict[str, list[int] | None] = {
            "begin": begin,
            "end": end,
            "strides": strides,
        }
    else:
        props = {}
        for name in semantics.OV_MASKS:
            needed = max(bits[name], default=-1) + 1
            length = max(needed, dr.weighted([(3, n), (1, 0), (1, dr.int(0, n + 2))]))
            # entries past len(begin) are ignored, whatever they hold
            values = [
                int(i in bits[name]) if i < n else int(dr.bool(0.3))
                for i in range(length)
            ]
            optional = name not in ("begin_mask", "end_mask")
            if optional and not values and dr.bool(0.5):
                continue  # absent = all zeros
            props[name] = values
        props.setdefault("begin_mask", [])
        props.setdefault("end_mask", [])
        has_stride = dr.bool(0.8) or 0 in strides
        if not has_stride:
            # without a stride operand every stride is 1
            strides = [1] * n
        operands = {"begin": begin, "end": end, "stride": strides if has_stride else None}
    operands = {k: None if v is None else fit(v, types[k]) for k, v in operands.items()}
    return SliceCase(op, shape, operands, types, props)


def _draw_dml(dr: Draw, shape: Shape) -> SliceCase:
    """A valid DirectML window: non-empty, inside the input, output sizes in range."""
    offsets, sizes, strides, outs = [], [], [], []
    for d in shape:
        size = dr.int(1, d)
        offset = dr.int(0, d - size)
        stride = dr.weighted(
            [
                (4, dr.int(1, 3)),
                (3, -dr.int(1, 3)),
                (1, (size + dr.int(0, 3)) * dr.choice([1, -1])),
                (1, dr.choice(EXTREMES)),
            ]
        )
        max_count = 1 + (size - 1) // abs(stride)
        out = dr.weighted([(2, max_count), (1, dr.int(1, max_count))])
        offsets.append(offset)
        sizes.append(size)
        strides.append(stride)
        outs.append(out)
    props = {
        "window_offsets": offsets,
        "window_sizes": sizes,
        "window_strides": strides,
        "output_sizes": outs,
    }
    return SliceCase("dml_slice1", shape, props=props)


def draw_case(
    dr: Draw, op: str, shape: Shape, max_result_rank: int = MAX_RESULT_RANK
) -> SliceCase:
    """The parameters of ``op`` on data of ``shape``, valid by construction (mostly)."""
    if op in AXIS_OPS:
        case = _draw_axis_slice(dr, op, shape)
    elif op in STRIDED_OPS:
        case = _draw_strided_slice(dr, op, shape, max_result_rank)
    elif op == "dml_slice1":
        case = _draw_dml(dr, shape)
    else:
        raise ValueError(f"unknown op {op}")
    return replace(case, generic=dr.bool(0.25))


def with_result(case: SliceCase) -> SliceCase:
    """``case`` with its result shape from the semantics, or its error."""
    try:
        res = case.evaluate()
    except SliceSemanticsError as e:
        return replace(case, result_shape=case.data_shape, error=str(e))
    assert None not in res.shape
    return replace(case, result_shape=tuple(d for d in res.shape if d is not None))


def allowed_ops(shape: Shape) -> list[str]:
    """The ops that take data of ``shape``."""
    ops = list(STRIDED_OPS)
    if shape:
        ops += AXIS_OPS
    if 1 <= len(shape) <= DML_MAX_RANK and 0 not in shape:
        ops.append("dml_slice1")
    return [op for op in OPS if op in ops]


def op_ranks(op: str) -> tuple[int, int]:
    """The data ranks drawn for ``op``."""
    if op in STRIDED_OPS:
        return (0, MAX_RANK)
    if op == "dml_slice1":
        return (1, DML_MAX_RANK)
    return (1, MAX_RANK)


# --- invalid ops -----------------------------------------------------------------------


def _mutate(dr: Draw, case: SliceCase) -> SliceCase:
    """Break ``case`` in one of the ways SPEC section 6 lists."""
    ops = dict(case.operands)
    props = dict(case.props)
    shape = case.data_shape
    kind = dr.choice(
        ["zero_step", "length", "axes", "rank", "ellipsis", "shrink", "mask", "result"]
    )
    if kind == "result":
        shape_ = case.result_shape
        bad = (*shape_[:-1], shape_[-1] + 1) if shape_ else (2,)
        if case.op == "dml_slice1":
            # DirectML's output sizes are its result type: too big is an error
            props["output_sizes"] = bad
            return replace(case, props=props)
        return replace(case, result_shape=bad, error="result type disagrees")
    if case.op in AXIS_OPS:
        keys = (
            ("starts", "ends", "steps", "axes")
            if case.op != "ov_slice"
            else ("start", "stop", "step", "axes")
        )
        table = props if case.op == "onnx_v1" else ops
        starts = table[keys[0]] or []
        if kind == "zero_step" and case.op != "onnx_v1" and starts:
            table[keys[2]] = [*[1] * (len(starts) - 1), 0]
        elif kind == "length" and starts:
            table[keys[1]] = starts[:-1]
        elif kind == "axes" and starts:
            rank = len(shape)
            axes = table[keys[3]] or list(range(len(starts)))
            bad_axis = dr.choice([rank, -rank - 1, INT64_MAX, axes[0]])
            table[keys[3]] = [*axes[:-1], bad_axis] if len(axes) > 1 else [bad_axis]
        elif kind == "mask" and case.op == "onnx":
            props["opset"] = dr.choice([1, 9, 12, 14])
        else:
            shape = ()
    elif case.op in STRIDED_OPS:
        tf = case.op == "tf_strided_slice"
        n = len(ops["begin"] or [])
        stride_name = "strides" if tf else "stride"
        if kind == "zero_step" and n:
            ops[stride_name] = [0] * n
        elif kind == "length":
            ops["end"] = [*(ops["end"] or []), 0]
        elif kind == "ellipsis" and n >= 2:
            if tf:
                props["ellipsis_mask"] = 0b11
            else:
                props["ellipsis_mask"] = [1, 1]
        elif kind == "shrink" and n:
            if tf:
                props["shrink_axis_mask"] = props.get("shrink_axis_mask", 0) | 1
            else:
                props["shrink_axis_mask"] = [1, *props.get("shrink_axis_mask", [])[1:]]
            out_of_range = dr.choice([100, -100, INT32_MAX, INT32_MIN])
            ops["begin"] = [out_of_range, *_values(ops, "begin")[1:]]
            if tf and dr.bool():
                ops[stride_name] = [-1, *_values(ops, stride_name)[1:]]
        elif kind == "mask" and not tf:
            props["begin_mask"] = [2]
        else:
            # more index entries than input dims
            extra = len(shape) + 1
            ops = {k: None if v is None else [*v, *[0] * extra] for k, v in ops.items()}
            if ops.get(stride_name) is not None:
                ops[stride_name] = [1] * len(_values(ops, stride_name))
    else:
        rank = len(shape)
        if kind == "zero_step":
            props["window_strides"] = [0] * rank
        elif kind == "length":
            props["window_sizes"] = props["window_sizes"][:-1]
        elif kind == "axes":
            props["window_offsets"] = [shape[0], *props["window_offsets"][1:]]
        elif kind == "shrink":
            props["output_sizes"] = [
                props["window_sizes"][0] + 1,
                *props["output_sizes"][1:],
            ]
        elif kind == "rank":
            shape = ()
        else:
            props["window_sizes"] = [0, *props["window_sizes"][1:]]
    ops = {
        k: None if v is None else fit(v, case.index_types.get(k, "i64"))
        for k, v in ops.items()
    }
    return replace(case, data_shape=shape, operands=ops, props=props)


def _as_invalid(case: SliceCase) -> SliceCase:
    """``case`` with its semantics error, or ``case`` unchanged if it is still valid."""
    if case.error is not None:
        return case
    if case.op == "dml_slice1":
        # DirectML's result type is its output sizes
        case = replace(case, result_shape=tuple(case.props["output_sizes"]))
    try:
        res = case.evaluate()
    except SliceSemanticsError as e:
        return replace(case, error=str(e))
    shape = tuple(d for d in res.shape if d is not None)
    return replace(case, result_shape=shape)


# --- IR text ---------------------------------------------------------------------------


def tensor_type(shape: Sequence[int], element_type: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + element_type + ">"


def _array(values: Sequence[int]) -> str:
    return "array<i64" + ("" if not values else ": " + ", ".join(map(str, values))) + ">"


def _list(values: Sequence[int]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


def _dict(entries: dict[str, str]) -> str:
    return "{" + ", ".join(f"{k} = {v}" for k, v in entries.items()) + "}"


class Constants:
    """The ``arith.constant`` index tensors of a function, some shared between ops."""

    def __init__(self, dr: Draw, share: bool = True) -> None:
        self.dr = dr
        self.share = share
        self.names: dict[tuple[tuple[int, ...], str], str] = {}
        self.count = 0

    def get(self, values: Sequence[int], index_type: str, lines: list[str]) -> str:
        key = (tuple(values), index_type)
        if key in self.names and self.share and self.dr.bool(0.7):
            return self.names[key]
        name = f"%c{self.count}"
        self.count += 1
        t = tensor_type([len(values)], index_type)
        lines.append(f"{name} = arith.constant dense<{_list(values)}> : {t}")
        self.names[key] = name
        return name


def dynamic_tensor_type(shape: Sequence[int | None], element_type: str) -> str:
    """``tensor<...>`` with ``?`` for the ``None`` dims of ``shape``."""
    dims = "".join(f"{'?' if d is None else d}x" for d in shape)
    return f"tensor<{dims}{element_type}>"


class Arguments(Constants):
    """Index operands as function arguments instead of ``arith.constant``s: ``get``
    names a new argument (``%a0``, ``%a1``, ...) and records it with its type and the
    values it stands for, in the order :func:`render_op` asks (operand order)."""

    def __init__(self) -> None:
        super().__init__(RandomDraw(0), share=False)
        self.arguments: list[tuple[str, str, list[int]]] = []

    def get(self, values: Sequence[int], index_type: str, lines: list[str]) -> str:
        name = f"%a{len(self.arguments)}"
        t = tensor_type([len(values)], index_type)
        self.arguments.append((name, t, list(values)))
        return name


def render_op(
    case: SliceCase,
    data: str,
    result: str,
    element_type: str,
    constants: Constants,
    lines: list[str],
    data_type: str | None = None,
    result_type: str | None = None,
) -> None:
    """Append the IR of ``case`` (its constants, then the op) to ``lines``.

    ``data_type`` and ``result_type`` replace the types of ``case``'s shapes (for data
    or results with ``?`` dims, see :func:`dynamic_tensor_type`)."""
    data_t = data_type or tensor_type(case.data_shape, element_type)
    result_t = result_type or tensor_type(case.result_shape, element_type)
    names = list(case.operands)
    present = {n: v for n, v in case.operands.items() if v is not None}
    values = {n: constants.get(v, case.index_types[n], lines) for n, v in present.items()}
    types = {n: tensor_type([len(v)], case.index_types[n]) for n, v in present.items()}
    props: dict[str, str] = {}
    if case.op == "onnx_v1":
        for key in ("starts", "ends", "axes"):
            if case.props.get(key) is not None:
                props[key] = _array(case.props[key])
    elif case.op == "onnx" and "opset" in case.props:
        props["opset"] = f"{case.props['opset']} : i64"
    elif case.op == "ov_strided_slice":
        props = {k: _array(v) for k, v in case.props.items()}
    elif case.op == "tf_strided_slice":
        props = {k: f"{v} : i64" for k, v in case.props.items()}
    elif case.op == "dml_slice1":
        props = {
            k: _array(case.props[k])
            for k in ("window_offsets", "window_sizes", "window_strides")
        }
    if case.generic:
        generic_props = dict(props)
        if case.op in ("onnx", "ov_slice", "ov_strided_slice"):
            sizes = [1] + [int(case.operands[n] is not None) for n in names]
            generic_props["operandSegmentSizes"] = (
                "array<i32: " + ", ".join(map(str, sizes)) + ">"
            )
        operand_list = ", ".join([data, *(values[n] for n in present)])
        type_list = ", ".join([data_t, *(types[n] for n in present)])
        prop_text = f" <{_dict(generic_props)}>" if generic_props else ""
        lines.append(
            f'{result} = "{case.name}"({operand_list}){prop_text} : ({type_list}) -> {result_t}'
        )
        return
    if case.op == "onnx_v1":
        axes = (
            f" axes {_list(case.props['axes'])}"
            if case.props.get("axes") is not None
            else ""
        )
        lines.append(
            f"{result} = slice.onnx_v1 {data} starts {_list(case.props['starts'])} ends "
            f"{_list(case.props['ends'])}{axes} : {data_t} -> {result_t}"
        )
        return
    if case.op == "dml_slice1":
        p = case.props
        lines.append(
            f"{result} = slice.dml_slice1 {data} window_offsets {_list(p['window_offsets'])} "
            f"window_sizes {_list(p['window_sizes'])} window_strides "
            f"{_list(p['window_strides'])} : {data_t} -> {result_t}"
        )
        return
    keywords = {
        "onnx": ("starts", "ends", "axes", "steps"),
        "ov_slice": ("start", "stop", "step", "axes"),
        "ov_strided_slice": ("begin", "end", "stride"),
        "tf_strided_slice": ("begin", "end", "strides"),
    }[case.op]
    # operands that are optional print their keyword before their type too
    optional = {
        "onnx": {"axes", "steps"},
        "ov_slice": {"axes"},
        "ov_strided_slice": {"stride"},
    }.get(case.op, set())
    operand_text = " ".join(f"{k} {values[k]}" for k in keywords if k in values)
    type_text = ", ".join(
        [data_t, *(types[k] for k in keywords if k in values and k not in optional)]
    )
    type_text += "".join(
        f" {k} {types[k]}" for k in keywords if k in values and k in optional
    )
    attr = f" {_dict(props)}" if props else ""
    lines.append(
        f"{result} = {case.name} {data} {operand_text}{attr} : {type_text} -> {result_t}"
    )


# --- programs --------------------------------------------------------------------------


@dataclass(frozen=True)
class Program:
    """A ``func.func @main`` of slice ops as IR text, with what it was drawn from."""

    text: str
    element_type: str
    input_shapes: tuple[Shape, ...]
    result_shapes: tuple[Shape, ...]
    cases: tuple[SliceCase, ...]
    error: str | None = None

    @property
    def valid(self) -> bool:
        return self.error is None

    def inputs(self, seed: int) -> tuple[NDArray, ...]:
        """Random inputs for the program (see :func:`random_array`)."""
        return tuple(
            random_array(self.element_type, shape, seed + 7919 * i)
            for i, shape in enumerate(self.input_shapes)
        )

    def function(self, name: str) -> str:
        """The program's text with its function named ``@name`` instead of ``@main``
        (to put several programs in one module: one lowering, one C compile)."""
        return self.text.replace("func.func @main(", f"func.func @{name}(", 1)

    def __str__(self) -> str:
        return self.text


def function_text(
    element_type: str,
    args: Sequence[tuple[str, Shape]],
    body: Sequence[str],
    results: Sequence[tuple[str, Shape]],
) -> str:
    arg_text = ", ".join(f"{name}: {tensor_type(s, element_type)}" for name, s in args)
    result_types = [tensor_type(s, element_type) for _, s in results]
    result_text = (
        result_types[0] if len(results) == 1 else "(" + ", ".join(result_types) + ")"
    )
    lines = [f"func.func @main({arg_text}) -> {result_text} {{"]
    lines += [f"  {line}" for line in body]
    lines.append(
        f"  func.return {', '.join(n for n, _ in results)} : {', '.join(result_types)}"
    )
    lines.append("}")
    return "\n".join(lines) + "\n"


def _pick_op(dr: Draw, shape: Shape) -> str:
    return dr.choice(allowed_ops(shape))


def single_program(
    dr: Draw,
    op: str | None = None,
    element_type: str | None = None,
    rank: int | None = None,
    max_elements: int = 2048,
    valid: bool = True,
) -> Program:
    """One op on ``%x``; ``valid=False`` gives an invalid one (``Program.error``)."""
    if op is None:
        op = dr.choice(OPS)
    if element_type is None:
        element_type = dr.weighted(
            [(6, t) for t in ELEMENT_TYPES] + [(1, t) for t in EXTRA_ELEMENT_TYPES]
        )
    lo, hi = op_ranks(op)
    if rank is not None:
        if not lo <= rank <= hi:
            raise ValueError(f"{op} takes data of rank {lo} to {hi}, not {rank}")
        lo = hi = rank
    shape = data_shape(dr, lo, hi, max_elements, min_dim=1 if op == "dml_slice1" else 0)
    case = with_result(draw_case(dr, op, shape))
    if valid and case.error is not None:
        raise Discard(case.error)
    if not valid:
        case = _as_invalid(_mutate(dr, case) if case.error is None else case)
    lines: list[str] = []
    render_op(case, "%x", "%r", element_type, Constants(dr), lines)
    text = function_text(
        element_type, [("%x", case.data_shape)], lines, [("%r", case.result_shape)]
    )
    return Program(
        text, element_type, (case.data_shape,), (case.result_shape,), (case,), case.error
    )


def chain_program(
    dr: Draw,
    element_type: str | None = None,
    max_ops: int = 4,
    max_elements: int = 2048,
    min_rank: int = 0,
    max_rank: int = MAX_RANK,
) -> Program:
    """1 to ``max_ops`` mixed ops, each slicing the previous result; besides the last
    result the function sometimes returns an intermediate one, the argument, or a
    value twice."""
    if element_type is None:
        element_type = dr.weighted(
            [(6, t) for t in ELEMENT_TYPES] + [(1, t) for t in EXTRA_ELEMENT_TYPES]
        )
    shape = data_shape(dr, min_rank, max_rank, max_elements)
    count = dr.int(1, max_ops)
    constants = Constants(dr)
    lines: list[str] = []
    cases: list[SliceCase] = []
    values: list[tuple[str, Shape]] = [("%x", shape)]
    current, current_shape = "%x", shape
    current_type: str | None = None  # the type %current is written with, if not static
    for k in range(count):
        op = _pick_op(dr, current_shape)
        case = with_result(draw_case(dr, op, current_shape))
        if case.error is not None:
            raise Discard(case.error)
        result = f"%r{k}"
        # an intermediate result (never returned) is sometimes written with ? dims, as
        # an importer that does not infer shapes writes it: the next slice's data is
        # then a tensor.cast of a static value (FoldCastIntoSlice, DimOfWindow)
        hidden = k + 1 < count and case.op != "dml_slice1" and dr.bool(0.25)
        result_type = (
            dynamic_tensor_type(
                [None if dr.bool() else d for d in case.result_shape], element_type
            )
            if hidden
            else None
        )
        render_op(
            case, current, result, element_type, constants, lines, current_type,
            result_type,
        )  # fmt: skip
        cases.append(case)
        current, current_shape, current_type = result, case.result_shape, result_type
        if not hidden:
            values.append((result, current_shape))
    results = [(current, current_shape)]
    extra = dr.weighted([(5, 0), (3, 1), (1, 2)])
    for _ in range(extra):
        results.insert(dr.int(0, len(results)), dr.choice(values))
    text = function_text(element_type, [("%x", shape)], lines, results)
    return Program(
        text, element_type, (shape,), tuple(s for _, s in results), tuple(cases)
    )


def parallel_program(
    dr: Draw,
    op: str,
    element_type: str,
    ranks: Sequence[int],
    max_elements: int = 2048,
) -> Program:
    """One ``op`` per rank in ``ranks``, each on its own argument ``%x<rank>`` and
    returned as its own result: many cases in one function (one C compile)."""
    constants = Constants(dr)
    lines: list[str] = []
    args: list[tuple[str, Shape]] = []
    results: list[tuple[str, Shape]] = []
    cases: list[SliceCase] = []
    for rank in ranks:
        min_dim = 1 if op == "dml_slice1" else 0
        shape = data_shape(dr, rank, rank, max_elements, min_dim=min_dim)
        case = with_result(draw_case(dr, op, shape))
        if case.error is not None:
            raise Discard(case.error)
        render_op(case, f"%x{rank}", f"%r{rank}", element_type, constants, lines)
        args.append((f"%x{rank}", shape))
        results.append((f"%r{rank}", case.result_shape))
        cases.append(case)
    text = function_text(element_type, args, lines, results)
    return Program(
        text,
        element_type,
        tuple(s for _, s in args),
        tuple(s for _, s in results),
        tuple(cases),
    )


# --- seeded and hypothesis entry points ------------------------------------------------


def _retry(seed: int, build: Callable[[Draw], Program], attempts: int = 1000) -> Program:
    rng = random.Random(seed)
    for _ in range(attempts):
        try:
            return build(RandomDraw(rng.getrandbits(64)))
        except Discard:
            continue
    raise RuntimeError(f"no program for seed {seed} after {attempts} attempts")


def random_slice_program(seed: int, **options: Any) -> Program:
    """A valid single-op program for ``seed`` (options as :func:`single_program`)."""
    return _retry(seed, lambda dr: single_program(dr, **options))


def random_chain_program(seed: int, **options: Any) -> Program:
    """A valid chain for ``seed`` (options as :func:`chain_program`)."""
    return _retry(seed, lambda dr: chain_program(dr, **options))


def random_parallel_program(seed: int, **options: Any) -> Program:
    """A valid :func:`parallel_program` for ``seed``."""
    return _retry(seed, lambda dr: parallel_program(dr, **options))


def random_invalid_program(seed: int, **options: Any) -> Program:
    """A single-op program for ``seed`` that the semantics (or the types) reject."""

    def build(dr: Draw) -> Program:
        program = single_program(dr, valid=False, **options)
        if program.valid:
            raise Discard("the mutation left the op valid")
        return program

    return _retry(seed, build)


def _discarding(build: Callable[[Draw], Program]) -> Callable[[Draw], Program]:
    def run(dr: Draw) -> Program:
        try:
            return build(dr)
        except Discard:
            reject()
            raise  # unreachable: reject() raises

    return run


def _strategy(build: Callable[[Draw], Program]) -> st.SearchStrategy[Program]:
    run = _discarding(build)
    return st.composite(lambda draw: run(HypothesisDraw(draw)))()


def slice_programs(**options: Any) -> st.SearchStrategy[Program]:
    """Valid single-op programs (options as :func:`single_program`)."""
    return _strategy(lambda dr: single_program(dr, **options))


def chain_programs(**options: Any) -> st.SearchStrategy[Program]:
    """Valid chains of 1 to 4 ops (options as :func:`chain_program`)."""
    return _strategy(lambda dr: chain_program(dr, **options))


def invalid_programs(**options: Any) -> st.SearchStrategy[Program]:
    """Single-op programs that are invalid (``Program.error`` says why)."""

    def build(dr: Draw) -> Program:
        program = single_program(dr, valid=False, **options)
        if program.valid:
            raise Discard("the mutation left the op valid")
        return program

    return _strategy(build)


# --- inputs ----------------------------------------------------------------------------


def numpy_dtype(element_type: str) -> np.dtype[Any]:
    """The numpy dtype of an element type's arrays (the table of SPEC/dtypes.py)."""
    fixed = {
        "i1": np.bool_,
        "f16": np.float16,
        "bf16": ml_dtypes.bfloat16,
        "f32": np.float32,
        "f64": np.float64,
        "complex<f32>": np.complex64,
        "complex<f64>": np.complex128,
    }
    if element_type in fixed:
        return np.dtype(fixed[element_type])
    prefix = element_type.rstrip("0123456789")
    width = int(element_type[len(prefix) :])
    size = next(s for s in (1, 2, 4, 8) if width <= 8 * s)
    kind = "u" if prefix == "ui" else "i"
    return np.dtype(f"{kind}{size}")


def random_array(
    element: str | np.dtype[Any], shape: Sequence[int], seed: int = 0
) -> NDArray:
    """A C-contiguous array of ``shape`` whose bytes are random: NaN payloads and
    non-canonical values included. For the element type ``i1`` bools are 0 and 1; for
    the dtype ``bool`` any byte (what the C target copies bit for bit)."""
    dtype = numpy_dtype(element) if isinstance(element, str) else element
    rng = np.random.default_rng(seed)
    count = prod(shape)
    if dtype == np.bool_ and isinstance(element, str):
        return (
            rng.integers(0, 2, count, dtype=np.uint8).view(np.bool_).reshape(tuple(shape))
        )
    data = rng.integers(0, 256, count * dtype.itemsize, dtype=np.uint8)
    return data.view(dtype).reshape(tuple(shape))
