"""The semantics of every slice op, in one place, written once over an integer domain.

Each framework's rule is a function ``<op>_on(dom, shape, <parameters>, <masks or opset>)``
over an :class:`~slice_dialect.domain.IntDomain` that returns a :class:`Normalized`: the
canonical window (``offsets``, ``sizes``, ``strides`` per input dimension, in normal form)
and the result shape (the window's sizes with unit dimensions inserted for new axes and
removed for shrunk axes). Static things (masks, opset, rank, number of entries) are Python
control flow; values are the domain's; every validity check is ``dom.check`` with the
verifier's message, which names the op, the parameter and the index at fault. Run on
:data:`~slice_dialect.domain.INTS` (Python ints) the rules are the verifier and constant
folding (the functions ``onnx``, ``tf_strided_slice``, ... return a :class:`SliceResult`,
and invalid parameters raise :class:`SliceSemanticsError`); run on
:class:`~slice_dialect.ir_domain.IRBuilder` they emit the same normalization as ``arith``
ops and ``slice.check``. No operation leaves int64 for any input (the int domain asserts
it).

Dimensions and parameter values may be ``None`` (not known): the result shape then has
``None`` where a size depends on one, and the window is ``None``.

The verifiers, the canonicalization patterns, the interpreters and the tests all call this
module; nothing else computes slice semantics. The rules where frameworks disagree are the
ones of ``SPEC.md`` section 2; ``research/semantics.md`` sections A.3-A.7 has the source
algorithms these functions follow.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Mapping, Sequence, Sized
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cache, reduce
from itertools import combinations
from numbers import Integral
from typing import TYPE_CHECKING, Any, Concatenate, Generic, ParamSpec

from slice_dialect.domain import INT64_MAX, INTS, B, IntDomain, Ints, Known, V
from slice_dialect.domain import INT64_MIN as INT64_MIN

if TYPE_CHECKING:
    import numpy.typing as npt

INT32_MIN = -(2**31)
INT32_MAX = 2**31 - 1

Dim = int | None
"""A dimension size; ``None`` is dynamic."""
P = ParamSpec("P")


class SliceSemanticsError(ValueError):
    """Invalid slice parameters: the message names the op, the parameter and the index."""

    def __init__(self, op: str, message: str) -> None:
        super().__init__(f"{op}: {message}")
        self.op = op
        self.detail = message


@dataclass(frozen=True)
class Window:
    """``result[c] = source[offsets + strides * c]`` for ``0 <= c < sizes``, per dim."""

    offsets: tuple[int, ...]
    sizes: tuple[int, ...]
    strides: tuple[int, ...]

    @property
    def rank(self) -> int:
        return len(self.sizes)

    def is_identity(self, shape: Sequence[int]) -> bool:
        """True if the window selects every element of ``shape`` in order."""
        return (
            self.offsets == (0,) * len(shape)
            and self.sizes == tuple(shape)
            and all(s == 1 for s in self.strides)
        )


@dataclass(frozen=True)
class SliceResult:
    """What a slice op computes: its window (``None`` if the shape is dynamic) and shape."""

    window: Window | None
    shape: tuple[Dim, ...]


def _window(dims: Sequence[tuple[int, int, int] | None]) -> Window | None:
    if any(d is None for d in dims):
        return None
    static = [d for d in dims if d is not None]
    return Window(
        tuple(d[0] for d in static),
        tuple(d[1] for d in static),
        tuple(d[2] for d in static),
    )


def drop_unit_dims(shape: Sequence[Dim]) -> tuple[Dim, ...]:
    """``shape`` without its size-1 dimensions."""
    return tuple(d for d in shape if d != 1)


# --- the rules, over an integer domain ------------------------------------------------
#
# Every rule below takes an ``IntDomain`` first and is written once: ``Ints`` evaluates it
# (the verifier, constant folding, the reference interpreter), ``IRBuilder`` emits it as
# ``arith`` ops. Static things (masks, opset, rank, number of entries) are Python control
# flow and fail with ``SliceSemanticsError`` at once; values go through the domain and
# are validated by ``dom.check`` with the verifier's message. Operations are ordered so
# that none leaves int64 for any input, given the checks before them held.


@dataclass(frozen=True)
class Normalized(Generic[V]):
    """What a rule computes on a domain: the window per input dim, and the result shape.

    ``offsets``, ``sizes``, ``strides`` have one entry per input dimension, in normal
    form (SPEC section 3); ``shape`` is the result shape (``sizes`` with 1s for new axes
    and without shrunk dims); ``sources[j]`` is the input dim whose size result dim ``j``
    is (``None`` for a new axis).
    """

    offsets: tuple[V, ...]
    sizes: tuple[V, ...]
    strides: tuple[V, ...]
    shape: tuple[V, ...]
    sources: tuple[int | None, ...] = ()


Dim3 = tuple[V, V, V]


def normal_dim_on(dom: IntDomain[V, B], offset: V, size: V, stride: V) -> Dim3[V]:
    """The normal form of one window dimension of size ``size >= 0``."""
    zero, one = dom.const(0), dom.const(1)
    return (
        dom.select(dom.eq(size, zero), zero, offset),
        size,
        dom.select(dom.le(size, one), one, stride),
    )


def normal_dim(offset: int, size: int, stride: int) -> tuple[int, int, int]:
    """The normal form of one window dimension (SPEC section 3)."""
    if size <= 0:
        return (0, 0, 1)
    if size == 1:
        return (offset, 1, 1)
    return (offset, size, stride)


def _normalize_index(dom: IntDomain[V, B], value: V, d: V, lo: int, hi: V) -> V:
    """``clamp(value < 0 ? value + d : value, lo, hi)`` for ``lo`` in ``{-1, 0}``,
    ``hi <= d``, without leaving int64: a negative value is clamped to ``[lo - d, -1]``
    before ``d`` is added (``hi`` wins when ``hi < lo``, as in ``min(max(v, lo), hi)``)."""
    low = dom.const(lo)
    shifted = dom.add(dom.clamp(value, dom.sub(low, d), dom.const(-1)), d)
    return dom.clamp(dom.select(dom.lt(value, dom.const(0)), shifted, value), low, hi)


def clamped_range_on(
    dom: IntDomain[V, B],
    d: V,
    start: V,
    end: V,
    step: V,
    *,
    python_start: bool,
    begin_masked: bool = False,
    end_masked: bool = False,
) -> Dim3[V]:
    """One dimension of a range slice ``start:end:step`` as a normal-form window dim.

    Negative indices count from the back, then indices are clamped to the valid range for
    the step's direction: ``[0, d]`` for a positive step, ``[lo, d - 1]`` for a negative
    one, where ``lo`` is ``0`` for the start (ONNX, OpenVINO: a start below ``-d`` still
    reads element 0) or ``-1`` with ``python_start`` (Python and TensorFlow: empty), and
    ``-1`` for the end. A masked start or end means "from the first element in the step's
    direction" / "through the last one". ``step`` must be non-zero (checked before).
    """
    last = dom.sub(d, dom.const(1))

    def forward() -> tuple[V, V]:
        s = dom.const(0) if begin_masked else _normalize_index(dom, start, d, 0, d)
        e = d if end_masked else _normalize_index(dom, end, d, 0, d)
        return s, e

    def backward() -> tuple[V, V]:
        s_lo = -1 if python_start else 0
        s = last if begin_masked else _normalize_index(dom, start, d, s_lo, last)
        e = dom.const(-1) if end_masked else _normalize_index(dom, end, d, -1, last)
        return s, e

    known_step = dom.constant(step)
    if known_step is not None:
        s, e = forward() if known_step > 0 else backward()
    else:
        positive = dom.gt(step, dom.const(0))
        (s_f, e_f), (s_b, e_b) = forward(), backward()
        s, e = dom.select(positive, s_f, s_b), dom.select(positive, e_f, e_b)
    # s, e lie in [-1, d], so e - s lies in [-d, d]
    size = dom.max(dom.const(0), dom.ceil_div(dom.sub(e, s), step))
    return normal_dim_on(dom, s, size, step)


def _values(n: int) -> str:
    return f"{n} value" if n == 1 else f"{n} values"


def _fmt(values: Sequence[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def check_lengths(op: str, reference: str, count: int, **others: int | None) -> None:
    """Every parameter list in ``others`` (``None``: absent or unknown) has ``count``
    values, as ``reference`` has."""
    for name, length in others.items():
        if length is not None and length != count:
            raise SliceSemanticsError(
                op, f"{name} has {_values(length)} but {reference} has {count}"
            )


def check_rank_lengths(op: str, what: str, rank: int, **others: int | None) -> None:
    for name, length in others.items():
        if length is not None and length != rank:
            raise SliceSemanticsError(
                op, f"{name} has {_values(length)} but {what} has rank {rank}"
            )


def check_window_lengths(
    op: str, rank: int, offsets: Sized, sizes: Sized, strides: Sized
) -> None:
    """A window's ``offsets``, ``sizes`` and ``strides`` have an entry per dim of a
    source of ``rank`` dims."""
    lengths = {"offsets": len(offsets), "sizes": len(sizes), "strides": len(strides)}
    check_rank_lengths(op, "the source", rank, **lengths)


def _length(values: Sequence[object] | None) -> int | None:
    return None if values is None else len(values)


def check_axis_slice_structure(
    op: str,
    rank: int,
    names: tuple[str, str, str],
    count: int | None,
    others: dict[str, int | None],
    has_axes: bool,
) -> None:
    """What ONNX Slice and OpenVINO Slice-8 need before any value is known: rank >= 1,
    index lists of one length, and no more default axes than the rank.

    ``count`` is the length of ``names[0]`` (``None`` if unknown); ``others`` the
    lengths of the other present index lists.
    """
    if rank == 0:
        raise SliceSemanticsError(op, "data must have rank >= 1, got a rank-0 tensor")
    known = [(n, v) for n, v in [(names[0], count), *others.items()] if v is not None]
    if known:
        reference, length = known[0]
        check_lengths(op, reference, length, **dict(known[1:]))
        if not has_axes and length > rank:
            raise SliceSemanticsError(
                op,
                f"{reference} has {_values(length)} but data has rank {rank} "
                f"(default axes are [0 .. {length - 1}])",
            )


def _normalize_axes(
    dom: IntDomain[V, B], op: str, rank: int, axes: Sequence[V] | None, count: int
) -> list[V]:
    """Axes with negatives made non-negative; checks range and uniqueness."""
    if axes is None:
        return [dom.const(i) for i in range(count)]
    result: list[V] = []
    r = dom.const(rank)
    for i, axis in enumerate(axes):
        dom.check(
            dom.in_range(axis, dom.const(-rank), r),
            f"{op}: axes[{i}] = {{0}} is out of range [{-rank}, {rank - 1}] for rank "
            f"{rank}",
            axis,
        )
        wrapped = dom.add(dom.min(axis, dom.const(-1)), r)  # fits for any axis
        a = dom.select(dom.lt(axis, dom.const(0)), wrapped, axis)
        for j, earlier in enumerate(result):
            dom.check(
                dom.ne(a, earlier),
                f"{op}: axes[{i}] = {{0}} repeats axis {{1}} (already given by "
                f"axes[{j}])",
                axis,
                a,
            )
        result.append(a)
    return result


def axis_slice_on(
    dom: IntDomain[V, B],
    op: str,
    shape: Sequence[V],
    starts: Sequence[V],
    ends: Sequence[V],
    axes: Sequence[V] | None,
    steps: Sequence[V] | None,
    names: tuple[str, str, str],
) -> Normalized[V]:
    """ONNX Slice-1/10/11/13 and OpenVINO Slice-8: per-axis ranges, rank preserved."""
    _, ends_name, steps_name = names
    rank = len(shape)
    check_axis_slice_structure(
        op,
        rank,
        names,
        len(starts),
        {ends_name: len(ends), "axes": _length(axes), steps_name: _length(steps)},
        axes is not None,
    )
    normalized = _normalize_axes(dom, op, rank, axes, len(starts))
    step_values = list(steps) if steps is not None else [dom.const(1)] * len(starts)
    for i, step in enumerate(step_values):
        dom.check(
            dom.ne(step, dom.const(0)),
            f"{op}: {steps_name}[{i}] = 0: a step must be non-zero",
        )
    zero, one = dom.const(0), dom.const(1)
    dims: list[Dim3[V]] = [(zero, d, one) for d in shape]
    for i, a in enumerate(normalized):
        known_axis = dom.constant(a)
        targets: Sequence[int] = range(rank)
        if known_axis is not None:
            # (out of range only after a failed check: then nothing here runs)
            targets = [known_axis] if 0 <= known_axis < rank else []
        for k in targets:
            new = clamped_range_on(
                dom, shape[k], starts[i], ends[i], step_values[i], python_start=False
            )
            if known_axis is None:
                hit = dom.eq(a, dom.const(k))
                new = (
                    dom.select(hit, new[0], dims[k][0]),
                    dom.select(hit, new[1], dims[k][1]),
                    dom.select(hit, new[2], dims[k][2]),
                )
            dims[k] = new
    sizes = tuple(dim[1] for dim in dims)
    offsets, strides = tuple(dim[0] for dim in dims), tuple(dim[2] for dim in dims)
    return Normalized(offsets, sizes, strides, sizes, tuple(range(rank)))


# --- a rule on Python ints: the verifier, constant folding, the tests ----------------


def to_result(res: Normalized[Known], shape: Sequence[Dim]) -> SliceResult:
    """A rule's evaluation on :data:`INTS` as a :class:`SliceResult` (no window where
    the data shape is dynamic)."""
    window_values = (*res.offsets, *res.sizes, *res.strides)
    w = None
    if None not in shape and None not in window_values:
        w = Window(
            tuple(int(v) for v in res.offsets if v is not None),
            tuple(int(v) for v in res.sizes if v is not None),
            tuple(int(v) for v in res.strides if v is not None),
        )
    return SliceResult(w, tuple(res.shape))


def _integer(op: str, name: str, value: Any) -> int:
    """``value`` as a Python int (numpy's integers too), or a :class:`SliceSemanticsError`
    naming ``name``: a bool (numpy's or Python's), a float or anything else that is not
    an integer is refused."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise SliceSemanticsError(
            op, f"{name} = {value!r} is not an integer ({type(value).__name__})"
        )
    return int(value)


def _sequence(op: str, name: str, value: Any) -> list[Any]:
    """``value``, a list, a tuple or another ordered sequence (a 1-D numpy array), as a
    list; a :class:`SliceSemanticsError` naming ``name`` for anything else (a scalar, a
    string, a dict or a set, whose order is not the caller's)."""
    ordered = isinstance(value, Sequence) or (
        hasattr(value, "tolist") and getattr(value, "ndim", None) == 1
    )
    if not ordered or isinstance(value, str | bytes | Mapping | AbstractSet):
        raise SliceSemanticsError(
            op, f"{name} = {value!r:.60} is not a sequence of integers"
        )
    return list(value)


def _checked(op: str, name: str, value: Any) -> Any:
    """A list of a rule's values on :data:`INTS`: each integer (numpy's too) a Python
    int in int64 (``None`` for the list, or an entry, kept; anything else refused,
    :func:`_integer`, :func:`_sequence`)."""
    if value is None:
        return None
    return [
        None if v is None else INTS.const(_integer(op, f"{name}[{i}]", v))
        for i, v in enumerate(_sequence(op, name, value))
    ]


def _checked_property(op: str, name: str, value: Any, annotation: str) -> Any:
    """A rule's other argument (a mask, an opset, DirectML's output sizes) of the kind
    its ``annotation`` says: an ``int``, or a sequence of ints (``Sequence[int]``; of
    ints or ``None``, ``Sequence[Dim]``), each a Python int (a bool or a float refused,
    :func:`_integer`); ``None`` is left to the rule."""
    if value is None:
        return None
    if annotation == "int":
        return _integer(op, name, value)
    dims = annotation == "Sequence[Dim]"
    return tuple(
        None if dims and v is None else _integer(op, f"{name}[{i}]", v)
        for i, v in enumerate(_sequence(op, name, value))
    )


def _checked_shape(op: str, shape: Sequence[Dim]) -> tuple[Dim, ...]:
    """The data shape as Python ints in ``[0, INT64_MAX]`` (``None``: dynamic), or a
    :class:`SliceSemanticsError` naming the dim."""
    dims: list[Dim] = []
    for i, d in enumerate(shape):
        if d is not None:
            d = _integer(op, f"shape[{i}]", d)
            if not 0 <= d <= INT64_MAX:
                raise SliceSemanticsError(
                    op, f"shape[{i}] = {d} is not a dimension size (0 to {INT64_MAX})"
                )
        dims.append(d)
    return tuple(dims)


_VALUE_LISTS = ("Sequence[V]", "Sequence[V] | None")
"""The annotations of a rule's parameters that are lists of the domain's values (the
rest, masks and opsets, are Python values the rule checks itself)."""


def on_ints(
    rule: Callable[Concatenate[Ints, Sequence[Dim], P], Normalized[Known]],
) -> Callable[Concatenate[Sequence[Dim], P], SliceResult]:
    """``rule`` on :data:`INTS` as a :class:`SliceResult`: the same parameters but the
    domain; values may be ``None`` (not known)."""

    signature = inspect.signature(rule)
    parameters = list(signature.parameters.values())[2:]  # after dom and shape
    values = {p.name for p in parameters if p.annotation in _VALUE_LISTS}
    kinds = {p.name: str(p.annotation) for p in parameters}
    names = [p.name for p in parameters]

    name = rule.__name__.removesuffix("_on")
    op = f"slice.{name}"  # the op of the rule, as its other messages name it

    def on(shape: Sequence[Dim], *args: P.args, **kwargs: P.kwargs) -> SliceResult:
        shape = _checked_shape(op, shape)
        checked = [
            _checked(op, n, a) if n in values else _checked_property(op, n, a, kinds[n])
            for n, a in zip(names, args)
        ]
        named = {  # an unknown keyword is left to Python's TypeError
            k: _checked(op, k, v)
            if k in values
            else _checked_property(op, k, v, kinds[k])
            if k in kinds
            else v
            for k, v in kwargs.items()
        }
        res = rule(INTS, shape, *checked, *args[len(names) :], **named)  # pyright: ignore[reportCallIssue]
        return to_result(res, shape)

    on.__name__ = on.__qualname__ = name
    on.__doc__ = f"{rule.__name__} on Python ints; see :func:`{rule.__name__}`."
    on.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=list(signature.parameters.values())[1:],
        return_annotation="SliceResult",
    )
    return on


# --- ONNX Slice and OpenVINO Slice-8 ---------------------------------------------------


ONNX_OPSETS = (10, 11, 13)
"""The opsets of ``slice.onnx``; opset 1 (Slice-1, opsets 1 to 9) is ``slice.onnx_v1``."""
ONNX_NAMES = ("starts", "ends", "steps")
OV_SLICE_NAMES = ("start", "stop", "step")


def onnx_on(
    dom: IntDomain[V, B],
    shape: Sequence[V],
    starts: Sequence[V],
    ends: Sequence[V],
    axes: Sequence[V] | None = None,
    steps: Sequence[V] | None = None,
    opset: int = 13,
) -> Normalized[V]:
    """ONNX Slice-10, -11 and -13 (``slice.onnx``): the Slice-13 text, which the other
    two share. Opset 1 (Slice-1) is another op, ``slice.onnx_v1`` (:func:`onnx_v1_on`),
    and like any other opset outside ``ONNX_OPSETS`` an error here.

    Negative axes are accepted for every opset (ONNX Runtime and shape inference do),
    repeated axes are an error, and ``INT_MAX`` ends clamp like any value.
    ``research/semantics.md`` A.2 and A.3.
    """
    if opset not in ONNX_OPSETS:
        raise SliceSemanticsError(
            "slice.onnx", f"opset = {opset} is not one of {_fmt(ONNX_OPSETS)}"
        )
    return axis_slice_on(dom, "slice.onnx", shape, starts, ends, axes, steps, ONNX_NAMES)


onnx = on_ints(onnx_on)


def onnx_v1_on(
    dom: IntDomain[V, B],
    shape: Sequence[V],
    starts: Sequence[V],
    ends: Sequence[V],
    axes: Sequence[V] | None = None,
) -> Normalized[V]:
    """ONNX Slice-1 (``slice.onnx_v1``, opsets 1 to 9): Slice-13's text without
    ``steps`` (every step 1). ``research/semantics.md`` A.2."""
    return axis_slice_on(
        dom, "slice.onnx_v1", shape, starts, ends, axes, None, ONNX_NAMES
    )


onnx_v1 = on_ints(onnx_v1_on)


def ov_slice_on(
    dom: IntDomain[V, B],
    shape: Sequence[V],
    start: Sequence[V],
    stop: Sequence[V],
    step: Sequence[V],
    axes: Sequence[V] | None = None,
) -> Normalized[V]:
    """OpenVINO Slice-8: like ONNX-13 (start clamps to element 0 for negative steps).

    ``research/semantics.md`` A.4: OpenVINO's reference and shape inference, which the
    document's "python slicing" wording does not describe.
    """
    return axis_slice_on(
        dom, "slice.ov_slice", shape, start, stop, axes, step, OV_SLICE_NAMES
    )


ov_slice = on_ints(ov_slice_on)


# --- strided slices -------------------------------------------------------------------


@dataclass(frozen=True)
class _SpecEntry:
    """One entry of a strided slice's expanded (dense) spec."""

    kind: str  # "range", "shrink", "new", "ellipsis"
    index: int | None  # the entry of begin/end/strides it comes from (None: ellipsis)


def expand_strided_spec(
    op: str,
    rank: int,
    count: int,
    is_ellipsis: Callable[[int], bool],
    is_new_axis: Callable[[int], bool],
    is_shrink: Callable[[int], bool],
) -> list[_SpecEntry]:
    """Expand a strided-slice spec of ``count`` entries over an input of ``rank`` dims.

    One entry per consumed input dim (``range``, ``shrink`` or ``ellipsis``) in order,
    and a ``new`` entry for each inserted axis. An entry with several bits is, in
    TensorFlow's order, an ellipsis, else a new axis, else a shrink. Without an ellipsis
    bit, an implicit one stands after the last entry.
    """
    kinds: list[str] = []
    ellipsis_at: list[int] = []
    for i in range(count):
        if is_ellipsis(i):
            ellipsis_at.append(i)
            kinds.append("ellipsis")
        elif is_new_axis(i):
            kinds.append("new")
        elif is_shrink(i):
            kinds.append("shrink")
        else:
            kinds.append("range")
    if len(ellipsis_at) > 1:
        raise SliceSemanticsError(
            op,
            f"ellipsis_mask sets more than one ellipsis (entries {ellipsis_at[0]} and "
            f"{ellipsis_at[1]})",
        )
    num_real = sum(k in ("range", "shrink") for k in kinds)
    if num_real > rank:
        raise SliceSemanticsError(
            op,
            f"begin has {num_real} entries that index input dimensions (not new axes "
            f"or an ellipsis) but the input has rank {rank}",
        )
    if not ellipsis_at:
        kinds.append("ellipsis")
    entries: list[_SpecEntry] = []
    for i, kind in enumerate(kinds):
        if kind == "ellipsis":
            entries.extend(_SpecEntry("ellipsis", None) for _ in range(rank - num_real))
        else:
            entries.append(_SpecEntry(kind, i))
    return entries


@dataclass(frozen=True)
class _StridedFramework:
    """What sets a framework's strided slice apart (the rest is shared)."""

    op: str
    strides_name: str
    python_start: bool
    """Range dims clamp like Python (TensorFlow), not like ONNX-13 (OpenVINO)."""
    shrink_needs_positive_stride: bool
    bit: Callable[[Any], Callable[[int], bool]]
    """Whether a mask (its representation in this framework) sets entry ``i``."""
    max_entries: int | None
    """How many entries ``begin`` may have (``None``: no bound)."""

    def spec(self, rank: int, count: int, masks: Mapping[str, Any]) -> list[_SpecEntry]:
        """The expanded spec of ``count`` entries over ``rank`` dims (see
        :func:`expand_strided_spec`), ``masks`` by name."""
        if self.max_entries is not None and count > self.max_entries:
            raise SliceSemanticsError(
                self.op,
                f"begin has {count} entries but TensorFlow allows at most "
                f"{self.max_entries} (masks are 32-bit fields)",
            )
        ellipsis, new, shrink = (
            self.bit(masks[name])
            for name in ("ellipsis_mask", "new_axis_mask", "shrink_axis_mask")
        )
        return expand_strided_spec(self.op, rank, count, ellipsis, new, shrink)


def _ov_bit(mask: Sequence[int]) -> Callable[[int], bool]:
    """Whether an OpenVINO 0/1 mask sets entry ``i`` (missing entries are 0)."""
    return lambda i: i < len(mask) and mask[i] == 1


def _tf_bit(mask: int) -> Callable[[int], bool]:
    """Whether a TensorFlow bit field sets entry ``i``."""
    return lambda i: (mask >> i) & 1 == 1


TF_MAX_ENTRIES = 31
_OV_STRIDED = _StridedFramework(
    "slice.ov_strided_slice", "stride", False, False, _ov_bit, None
)
_TF_STRIDED = _StridedFramework(
    "slice.tf_strided_slice", "strides", True, True, _tf_bit, TF_MAX_ENTRIES
)


def _strided_slice_on(
    dom: IntDomain[V, B],
    fw: _StridedFramework,
    shape: Sequence[V],
    ranges: tuple[Sequence[V], Sequence[V], Sequence[V]],
    masks: Mapping[str, Any],
) -> Normalized[V]:
    """The strided slice of ``ranges`` (begin, end and strides) and ``masks`` (by name)
    with the rules of ``fw``."""
    begin, end, strides = ranges
    entries = fw.spec(len(shape), len(begin), masks)
    begin_masked, end_masked = fw.bit(masks["begin_mask"]), fw.bit(masks["end_mask"])
    op, strides_name = fw.op, fw.strides_name
    zero, one = dom.const(0), dom.const(1)
    dims: list[Dim3[V]] = []
    out_shape: list[V] = []
    sources: list[int | None] = []
    j = 0  # next input dim
    for entry in entries:
        if entry.kind == "new":
            out_shape.append(one)
            sources.append(None)
            continue
        d = shape[j]
        i = entry.index
        if entry.kind == "ellipsis" or i is None:
            dims.append((zero, d, one))
            out_shape.append(d)
            sources.append(j)
        elif entry.kind == "shrink":
            if fw.shrink_needs_positive_stride:
                dom.check(
                    dom.ne(strides[i], zero),
                    f"{op}: {strides_name}[{i}] = 0: a stride must be non-zero",
                )
                dom.check(
                    dom.gt(strides[i], zero),
                    f"{op}: {strides_name}[{i}] = {{0}}: a shrink axis needs a positive "
                    "stride",
                    strides[i],
                )
            b = begin[i]
            dom.check(
                dom.ne(d, zero),
                f"{op}: begin[{i}] = {{0}} shrinks axis {j}, which has size 0: no "
                "index is valid",
                b,
            )
            dom.check(
                dom.in_range(b, dom.neg(d), d),
                f"{op}: begin[{i}] = {{0}} is out of range [{{1}}, {{2}}] for the "
                f"shrink axis {j} of size {{3}}",
                b,
                dom.neg(d),
                dom.sub(d, one),
                d,
            )
            # both arms of a select are computed: add d to min(b, -1), which fits
            wrapped = dom.add(dom.min(b, dom.const(-1)), d)
            dims.append((dom.select(dom.lt(b, zero), wrapped, b), one, one))
        else:
            dom.check(
                dom.ne(strides[i], zero),
                f"{op}: {strides_name}[{i}] = 0: a stride must be non-zero",
            )
            dim = clamped_range_on(
                dom,
                d,
                begin[i],
                end[i],
                strides[i],
                python_start=fw.python_start,
                begin_masked=begin_masked(i),
                end_masked=end_masked(i),
            )
            dims.append(dim)
            out_shape.append(dim[1])
            sources.append(j)
        j += 1
    return Normalized(
        tuple(dim[0] for dim in dims),
        tuple(dim[1] for dim in dims),
        tuple(dim[2] for dim in dims),
        tuple(out_shape),
        tuple(sources),
    )


def _check_mask_values(op: str, name: str, mask: Sequence[int]) -> None:
    for i, v in enumerate(mask):
        if v not in (0, 1):
            raise SliceSemanticsError(
                op, f"{name}[{i}] = {v}: a mask value must be 0 or 1"
            )


OV_MASKS = (
    "begin_mask",
    "end_mask",
    "new_axis_mask",
    "shrink_axis_mask",
    "ellipsis_mask",
)
"""OpenVINO StridedSlice-1's masks, in the order of its rule's parameters."""
TF_MASKS = (
    "begin_mask",
    "end_mask",
    "ellipsis_mask",
    "new_axis_mask",
    "shrink_axis_mask",
)
"""TensorFlow StridedSlice's bit fields, in the order of its rule's parameters."""


def ov_strided_slice_on(
    dom: IntDomain[V, B],
    shape: Sequence[V],
    begin: Sequence[V],
    end: Sequence[V],
    stride: Sequence[V] | None,
    begin_mask: Sequence[int],
    end_mask: Sequence[int],
    new_axis_mask: Sequence[int] = (),
    shrink_axis_mask: Sequence[int] = (),
    ellipsis_mask: Sequence[int] = (),
) -> Normalized[V]:
    """OpenVINO StridedSlice-1 with TensorFlow's entry precedence.

    Range dims clamp like ONNX-13 (a negative-stride begin below ``-d`` reads element 0);
    a shrink entry reads index ``begin`` (its end, stride and begin_mask are ignored) and
    must lie in ``[-d, d)``; an end_mask with a negative stride runs through index 0.
    Masks shorter than ``begin`` are padded with zeros and longer ones are cut, as the
    OpenVINO document says.
    """
    strides = list(stride) if stride is not None else [dom.const(1)] * len(begin)
    check_lengths(_OV_STRIDED.op, "begin", len(begin), end=len(end), stride=len(strides))
    masks = (begin_mask, end_mask, new_axis_mask, shrink_axis_mask, ellipsis_mask)
    named: dict[str, Any] = dict(zip(OV_MASKS, masks))
    for name, mask in named.items():
        _check_mask_values(_OV_STRIDED.op, name, mask)
    return _strided_slice_on(dom, _OV_STRIDED, shape, (begin, end, strides), named)


ov_strided_slice = on_ints(ov_strided_slice_on)


def tf_strided_slice_on(
    dom: IntDomain[V, B],
    shape: Sequence[V],
    begin: Sequence[V],
    end: Sequence[V],
    strides: Sequence[V],
    begin_mask: int = 0,
    end_mask: int = 0,
    ellipsis_mask: int = 0,
    new_axis_mask: int = 0,
    shrink_axis_mask: int = 0,
) -> Normalized[V]:
    """TensorFlow StridedSlice (``ValidateStridedSliceOp``).

    Range dims clamp like Python (a negative-stride begin below ``-d`` gives an empty
    dim); a shrink entry reads index ``begin``, must lie in ``[-d, d)`` and needs a
    positive stride; bits at or past ``len(begin)`` are ignored.
    """
    check_lengths(_TF_STRIDED.op, "begin", len(begin), end=len(end), strides=len(strides))
    masks = (begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask)
    named: dict[str, Any] = dict(zip(TF_MASKS, masks))
    return _strided_slice_on(dom, _TF_STRIDED, shape, (begin, end, strides), named)


tf_strided_slice = on_ints(tf_strided_slice_on)


DML_MAX_RANK = 8


def dml_slice1_on(
    dom: IntDomain[V, B],
    shape: Sequence[V],
    window_offsets: Sequence[V],
    window_sizes: Sequence[V],
    window_strides: Sequence[V],
    output_sizes: Sequence[Dim],
) -> Normalized[V]:
    """DirectML DML_SLICE1: a non-empty window inside the input, any output count in
    ``1 .. 1 + (size - 1) / |stride|``; a negative stride starts at the window's end.

    ``output_sizes`` (the result type's shape) is static."""
    op = "slice.dml_slice1"
    rank = len(shape)
    if not 1 <= rank <= DML_MAX_RANK:
        raise SliceSemanticsError(
            op, f"input has rank {rank} but DirectML takes rank 1 to {DML_MAX_RANK}"
        )
    check_rank_lengths(
        op,
        "the input",
        rank,
        window_offsets=len(window_offsets),
        window_sizes=len(window_sizes),
        window_strides=len(window_strides),
    )
    if len(output_sizes) != rank:
        raise SliceSemanticsError(
            op, f"result has rank {len(output_sizes)} but the input has rank {rank}"
        )
    zero, one = dom.const(0), dom.const(1)
    dims: list[Dim3[V]] = []
    for i, (d, off, size, stride, out) in enumerate(
        zip(shape, window_offsets, window_sizes, window_strides, output_sizes)
    ):
        dom.check(
            dom.ne(stride, zero),
            f"{op}: window_strides[{i}] = 0: a stride must be non-zero",
        )
        dom.check(
            dom.ge(size, one),
            f"{op}: window_sizes[{i}] = {{0}}: a window size must be at least 1",
            size,
        )
        dom.check(
            dom.ge(off, zero),
            f"{op}: window_offsets[{i}] = {{0}}: an offset must be non-negative",
            off,
        )
        dom.check(
            dom.le(size, dom.sub(d, off)),  # off + size <= d, without the sum
            f"{op}: window_offsets[{i}] + window_sizes[{i}] = {{0}} + {{1}} exceeds "
            f"dimension {i} of size {{2}}",
            off,
            size,
            d,
        )
        # |stride|, with INT64_MIN taken as -INT64_MAX: the quotient is 0 for both
        magnitude = dom.select(
            dom.lt(stride, zero),
            dom.neg(dom.max(stride, dom.const(-INT64_MAX))),
            stride,
        )
        max_count = dom.add(one, dom.div(dom.sub(size, one), magnitude))
        if out is None:
            raise SliceSemanticsError(
                op, f"result dimension {i} is dynamic but DirectML needs output sizes"
            )
        dom.check(
            dom.and_(dom.le(one, dom.const(out)), dom.le(dom.const(out), max_count)),
            f"{op}: result dimension {i} has size {out} but the window allows 1 to "
            f"{{0}} (1 + (window_sizes[{i}] - 1) / |window_strides[{i}]|)",
            max_count,
        )
        # off + size <= d here, so off + size - 1 fits
        start = dom.add(off, dom.select(dom.lt(stride, zero), dom.sub(size, one), zero))
        dims.append(normal_dim_on(dom, start, dom.const(out), stride))
    return Normalized(
        tuple(dim[0] for dim in dims),
        tuple(dim[1] for dim in dims),
        tuple(dim[2] for dim in dims),
        tuple(dom.const(out) for out in output_sizes if out is not None),
        tuple(range(rank)),
    )


dml_slice1 = on_ints(dml_slice1_on)


def _check_size_on(dom: IntDomain[V, B], op: str, i: int, size: V) -> None:
    dom.check(
        dom.le(dom.const(0), size), f"{op}: sizes[{i}] = {{0}}: a size must be >= 0", size
    )


def _check_stride_on(dom: IntDomain[V, B], op: str, i: int, stride: V) -> None:
    dom.check(
        dom.ne(stride, dom.const(0)), f"{op}: strides[{i}] = 0: a stride must be non-zero"
    )


def _check_bounds_on(
    dom: IntDomain[V, B], op: str, i: int, d: V, off: V, size: V, stride: V
) -> None:
    zero, one = dom.const(0), dom.const(1)
    empty = dom.eq(size, zero)
    dom.check(
        dom.or_(empty, dom.in_range(off, zero, d)),
        f"{op}: offsets[{i}] = {{0}} is out of bounds for dimension {i} of size {{1}}",
        off,
        d,
    )
    last_in = dom.sub(d, one)
    # off itself once the check above held (clamped, so that an offset it refuses
    # computes no room out of int64); a negative stride's room needs only the low end,
    # so it is known where d is not (a ``?`` dim of a verified window)
    room = dom.select(
        dom.lt(zero, stride),
        dom.div(dom.sub(last_in, dom.clamp(off, zero, last_in)), stride),
        dom.neg(dom.div(dom.max(off, zero), stride)),
    )
    dom.check(
        dom.or_(empty, dom.le(dom.sub(size, one), room)),
        f"{op}: last index offsets[{i}] + strides[{i}] * (sizes[{i}] - 1) = "
        f"{{0}} + {{1}} * ({{2}} - 1) is out of bounds for dimension {i} of size {{3}}",
        off,
        stride,
        size,
        d,
    )


def check_window_dim_on(
    dom: IntDomain[V, B], op: str, i: int, d: V, off: V, size: V, stride: V
) -> None:
    """Check dimension ``i`` of a window of a dimension of size ``d``: size >= 0,
    stride non-zero, the normal form, and for a non-empty dimension both ends in
    ``[0, d)``. The last index is not computed (it may leave int64 when invalid): with
    the offset in ``[0, d)``, a positive stride needs ``size - 1 <= (d - 1 - off) /
    stride`` and a negative one ``size - 1 <= off / -stride``."""
    zero, one = dom.const(0), dom.const(1)
    _check_size_on(dom, op, i, size)
    _check_stride_on(dom, op, i, stride)
    dom.check(
        dom.or_(dom.lt(one, size), dom.eq(stride, one)),
        f"{op}: strides[{i}] = {{0}} with sizes[{i}] = {{1}}: normal form needs "
        "stride 1 where size <= 1",
        stride,
        size,
    )
    dom.check(
        dom.or_(dom.not_(dom.eq(size, zero)), dom.eq(off, zero)),
        f"{op}: offsets[{i}] = {{0}} with sizes[{i}] = 0: normal form needs offset 0 "
        "where size is 0",
        off,
    )
    _check_bounds_on(dom, op, i, d, off, size, stride)


def run_time_window_dim_on(
    dom: IntDomain[V, B],
    op: str,
    i: int,
    d: V,
    off: V,
    size: V,
    stride: V,
    valid: bool = False,
) -> tuple[V, V]:
    """Check dimension ``i`` of a ``slice.dynamic_window`` whose values are known only
    when it runs (SPEC section 7: a window invalid at run time, out of bounds or of a
    negative size, is an error), and give its offset and stride in the normal form
    (:func:`normal_dim_on`): the normal form is the verifier's rule for
    static values; a run-time offset of an empty dimension or stride of a dimension of
    one element is taken as what it selects, as ``tensor.extract_slice`` takes it.
    The checks are :func:`check_window_dim_on`'s, with its messages, but the normal
    form's, on the normalized values: so a stride 0 is refused only where the size is
    more than 1 (``tensor.extract_slice`` takes a stride 0 of one element). ``valid``:
    the window is known valid whenever it runs (``slice.dynamic_window``'s
    ``in_bounds``): only the normal form, no checks."""
    if valid:
        off, _, stride = normal_dim_on(dom, off, size, stride)
        return off, stride
    _check_size_on(dom, op, i, size)
    off, _, stride = normal_dim_on(dom, off, size, stride)
    _check_stride_on(dom, op, i, stride)
    _check_bounds_on(dom, op, i, d, off, size, stride)
    return off, stride


def fails_whenever_run(
    op: str,
    shape: Sequence[Known],
    offsets: Sequence[Known],
    sizes: Sequence[Known],
    strides: Sequence[Known],
) -> bool:
    """Whether a ``slice.dynamic_window`` of a source of ``shape`` fails its run-time
    checks (:func:`run_time_window_dim_on`) whatever the values not known now
    (``None``) are: what the known values decide alone."""
    for i, d in enumerate(shape):
        try:
            run_time_window_dim_on(INTS, op, i, d, offsets[i], sizes[i], strides[i])
        except SliceSemanticsError:
            return True
    return False


def check_index_on(dom: IntDomain[V, B], op: str, j: int, index: V, d: V) -> None:
    """Check that ``index``, an element's index in dimension ``j`` of size ``d`` (a
    ``tensor.extract`` or ``tensor.insert``), lies in it: upstream MLIR leaves one
    outside undefined; here it is an error (when compiling where constants decide it,
    else when it runs). A size that is a constant is written in the message."""
    where = f"{op}: index {{0}} is out of bounds for dimension {j} of size"
    size = dom.constant(d)
    inside = dom.in_range(index, dom.const(0), d)
    if size is None:
        dom.check(inside, f"{where} {{1}}", index, d)
    else:
        dom.check(inside, f"{where} {size}", index)


def dim_index_problem(op: str, index: int, rank: int) -> str | None:
    """Why ``index`` names no dim of a value of rank ``rank`` (a ``tensor.dim`` or
    ``memref.dim``: upstream leaves it undefined, its run-time verification says "index
    is out of bounds"; here it is an error, not Python's negative indexing), else
    ``None``."""
    if 0 <= index < rank:
        return None
    return dim_index_message(op, str(index), rank)


def dim_index_message(op: str, index: str, rank: int) -> str:
    """``dim_index_problem``'s message for the index written ``index`` (``{0}``: the
    C target's message for a run-time index, the value filled in at the call)."""
    dims = f"its dims are 0 to {rank - 1}" if rank else "it has no dims"
    return f"{op}: index {index} is out of range for a value of rank {rank} ({dims})"


def check_expand_group_on(
    dom: IntDomain[V, B],
    op: str,
    j: int,
    d: V,
    static: Sequence[int],
    dynamic: Sequence[tuple[int, V]],
) -> None:
    """Check that dimension ``j`` of a ``tensor.expand_shape``'s source, of size
    ``d``, splits into its group of the result: the group's ``output_shape`` entries,
    ``static`` ones and ``dynamic`` ones (``(k, value)``: entry ``k`` of
    ``output_shape``, a run-time value), each of them at least 0 and their product
    ``d`` (upstream MLIR leaves another split undefined; here it is an error). The
    dynamic entries are checked by division, exactly, whatever their values (``d`` is
    a dim, at least 0), so no product leaves int64: one entry must be ``d`` divided by
    the static product; several (since session 58; before, the lowering refused such
    a group) must divide ``d`` in turn, the static product dividing what is left into
    the last, unless one of them is 0 (then ``d`` must be 0, whatever the others, as
    their product is)."""
    known = math.prod(static)
    for k, value in dynamic:
        dom.check(
            dom.ge(value, dom.const(0)),
            f"{op}: output_shape[{k}] = {{0}}: a dim must be >= 0",
            value,
        )
    if not dynamic:
        dom.check(
            dom.eq(d, dom.const(known)),
            f"{op}: dimension {j} of the source is {{0}}, not the {known} elements of "
            "its group of the result",
            d,
        )
        return
    if known == 0:  # a static 0 in the group: the source dim must be 0
        splits = dom.eq(d, dom.const(0))
    else:
        left, exact = d, []
        for _, value in dynamic[:-1]:
            divisor = dom.max(value, dom.const(1))  # a 0 is taken below
            exact.append(dom.eq(dom.rem(left, divisor), dom.const(0)))
            left = dom.div(left, divisor)
        exact.append(dom.eq(dom.rem(left, dom.const(known)), dom.const(0)))
        exact.append(dom.eq(dom.div(left, dom.const(known)), dynamic[-1][1]))
        splits = reduce(dom.and_, exact)
        if len(dynamic) > 1:
            zero = reduce(dom.or_, [dom.eq(value, dom.const(0)) for _, value in dynamic])
            splits = dom.or_(
                dom.and_(zero, dom.eq(d, dom.const(0))),
                dom.and_(dom.not_(zero), splits),
            )
    entries = [f"output_shape[{k}] = {{{n + 1}}}" for n, (k, _) in enumerate(dynamic)]
    if known != 1:
        entries.append(str(known))
    dom.check(
        splits,
        f"{op}: dimension {j} of the source is {{0}}, not {' times '.join(entries)}",
        d,
        *(value for _, value in dynamic),
    )


def check_expand_count_on(
    dom: IntDomain[V, B], op: str, shape: Sequence[int | tuple[int, V]]
) -> None:
    """Check that the dims of a ``tensor.expand_shape``'s result (``shape``: static
    ints, or ``(k, value)`` for entry ``k`` of ``output_shape`` given at run time),
    each 0 counted as 1, multiply to at most ``INT64_MAX``: numpy's bound on an array
    (by elements; its dims of 0 do not excuse the others), which every tensor of a
    program then keeps (an argument is a numpy array, a window's dims are at most its
    source's, a collapse multiplies neighbouring dims), so no dim of a collapse and no
    size or stride the lowering computes from dims leaves int64. Only an expand with
    run-time entries can break it, in a group that splits a dim of 0 (``[2**62, 2, 0]``
    or ``[2**40, 2**30]`` beside a dim of ``2**40``, which upstream MLIR takes and
    whose collapse wraps): checked after its groups (since session 58; review 73)."""
    limit = dom.const(INT64_MAX)
    factors = [  # a static 0 or 1 multiplies by 1
        dom.max(d[1], dom.const(1)) if isinstance(d, tuple) else dom.const(d)
        for d in shape
        if isinstance(d, tuple) or d > 1
    ]
    if len(factors) < 2:
        return  # one dim of at most INT64_MAX
    product, fits = factors[0], []
    for factor in factors[1:]:
        room = dom.div(limit, factor)
        fits.append(dom.le(product, room))
        product = dom.mul(dom.min(product, room), factor)
    dynamic = [d[1] for d in shape if isinstance(d, tuple)]
    n = iter(range(len(dynamic)))
    text = ", ".join(f"{{{next(n)}}}" if isinstance(d, tuple) else str(d) for d in shape)
    dom.check(
        reduce(dom.and_, fits),
        f"{op}: a result of shape [{text}] has more than INT64_MAX elements, each 0 "
        "counted as 1 (numpy's bound, which every tensor here keeps)",
        *dynamic,
    )


def check_window_dim(
    op: str, i: int, d: Dim, off: int | None, size: int | None, stride: int | None
) -> None:
    """Check dimension ``i`` of a window on ints (``None``: not known, the checks
    that need it are skipped); see :func:`check_window_dim_on`."""
    check_window_dim_on(INTS, op, i, d, off, size, stride)


def window(
    shape: Sequence[Dim],
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
    op: str = "slice.window",
) -> SliceResult:
    """Check a ``slice.window`` (or another ``op``'s window): every access in bounds
    and the normal form. Integers may be numpy's (the window holds Python ints); a
    bool, a float or a dim outside ``[0, INT64_MAX]`` is refused, naming it."""
    shape = _checked_shape(op, shape)
    offsets, sizes, strides = (
        [_integer(op, f"{name}[{i}]", v) for i, v in enumerate(_sequence(op, name, vs))]
        for name, vs in (("offsets", offsets), ("sizes", sizes), ("strides", strides))
    )
    rank = len(shape)
    check_window_lengths(op, rank, offsets, sizes, strides)
    for i, (d, off, size, stride) in enumerate(zip(shape, offsets, sizes, strides)):
        if d is None:
            raise SliceSemanticsError(
                op, f"source dimension {i} is dynamic but a window needs a static source"
            )
        check_window_dim(op, i, d, off, size, stride)
    w = Window(tuple(offsets), tuple(sizes), tuple(strides))
    return SliceResult(w, tuple(sizes))


def run_time_window(
    shape: Sequence[int],
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
    op: str = "slice.dynamic_window",
) -> Window:
    """A ``slice.dynamic_window``'s window from its values when it runs: checked and
    in the normal form (:func:`run_time_window_dim_on`)."""
    check_window_lengths(op, len(shape), offsets, sizes, strides)
    normal_offsets: list[int] = []
    normal_strides: list[int] = []
    for i, (d, off, size, stride) in enumerate(zip(shape, offsets, sizes, strides)):
        o, s = run_time_window_dim_on(INTS, op, i, d, off, size, stride)
        assert o is not None and s is not None  # every value is known
        normal_offsets.append(o)
        normal_strides.append(s)
    return Window(tuple(normal_offsets), tuple(sizes), tuple(normal_strides))


def compatible_shape(expected: Sequence[Dim], actual: Sequence[Dim]) -> bool:
    """True if ``actual`` (a result type) agrees with ``expected`` (the semantics);
    a dynamic dim on either side agrees with anything."""
    return len(expected) == len(actual) and all(
        e is None or a is None or e == a for e, a in zip(expected, actual)
    )


def drops_unit_dims(sizes: Sequence[int | None], result: Sequence[Dim]) -> bool:
    """Whether ``result`` is ``sizes`` with some of its static 1s dropped, in order:
    upstream's rank reduction of a ``tensor.extract_slice`` (``isRankReducedType``: no
    dim inserted or moved; ``None`` is a dynamic size or dim, which matches only
    ``None``, as upstream matches ``?`` only with ``?``, and is never dropped)."""

    @cache
    def fits(i: int, j: int) -> bool:
        if i == len(sizes):
            return j == len(result)
        if sizes[i] == 1 and fits(i + 1, j):
            return True
        if j == len(result):
            return False
        return sizes[i] == result[j] and fits(i + 1, j + 1)

    return fits(0, 0)


def same_up_to_unit_dims(a: Sequence[Dim], b: Sequence[Dim]) -> bool:
    """True if dropping every 1 from both shapes gives the same list."""
    return drop_unit_dims(a) == drop_unit_dims(b)


def _placed_window(source_shape: Sequence[int], shape: Sequence[int]) -> Window | None:
    """A window of ``source_shape`` giving ``shape`` with offsets 0 and strides 1: the
    sizes are ``shape`` itself when it has the source's rank and fits in it; otherwise
    the non-unit dims of ``shape`` in order, each at the first source dim that holds it
    with the rest placed, and 1 elsewhere. ``None`` when no window gives ``shape``."""
    rank = len(source_shape)
    if len(shape) == rank and all(n <= d for n, d in zip(shape, source_shape)):
        return _window([normal_dim(0, n, 1) for n in shape])
    target = drop_unit_dims(shape)
    n = len(target)

    @cache
    def sizes_from(d: int, k: int) -> tuple[int, ...] | None:
        # sizes for source dims d.. once the first k entries of target are placed
        if d == rank:
            return () if k == n else None
        wanted = target[k] if k < n else None
        if wanted is not None and wanted <= source_shape[d]:
            rest = sizes_from(d + 1, k + 1)
            if rest is not None:
                return (wanted, *rest)
        if source_shape[d] >= 1:
            rest = sizes_from(d + 1, k)
            if rest is not None:
                return (1, *rest)
        return None

    sizes = sizes_from(0, 0)
    if sizes is None:
        return None
    return _window([normal_dim(0, size, 1) for size in sizes])


def empty_window(source_shape: Sequence[int], shape: Sequence[int]) -> Window | None:
    """The normal form of every window of ``source_shape`` with result shape ``shape``
    (which holds a 0, so the window selects nothing and only its shape matters).

    Offsets are 0 and strides 1. The sizes are ``shape`` itself when it has the source's
    rank and fits in it; otherwise the non-unit dims of ``shape`` in order, each at the
    first source dim that holds it with the rest placed, and 1 elsewhere. ``None`` when
    no window of ``source_shape`` gives ``shape`` (see :func:`empty_chain`). So an empty
    slice prints one way whatever framework op or chain of windows made it.
    """
    return _placed_window(source_shape, shape)


def empty_chain(
    source_shape: Sequence[int], shape: Sequence[int]
) -> tuple[Window, tuple[int, ...], Window] | None:
    """The normal form of an empty slice of ``source_shape`` that no single window
    gives (``shape`` has more non-unit dims than the source can hold, as
    ``x[newaxis, :][0:0]`` of a rank-1 ``x``): two windows, the first (its elements are
    never read) giving ``shape`` with each 0 made a 1, the second the empty window of
    that. Where the source cannot give that (it has no elements), as few 0s as can
    stay, the leftmost first. Returns ``(first window, its shape, second window)``, or
    ``None`` when no two windows give ``shape`` either."""
    zeros = [i for i, n in enumerate(shape) if n == 0]
    for kept in range(len(zeros) + 1):
        for stay in combinations(zeros, kept):
            middle_shape = tuple(
                1 if n == 0 and i not in stay else n for i, n in enumerate(shape)
            )
            middle = _placed_window(source_shape, middle_shape)
            outer = _placed_window(middle_shape, shape)
            if middle is not None and outer is not None:
                return middle, middle_shape, outer
    return None


def compose_dim_on(dom: IntDomain[V, B], inner: Dim3[V], outer: Dim3[V]) -> Dim3[V]:
    """One dimension of a window of a window: ``outer`` (offset, size, stride) indexes
    the ``inner`` window's elements along the same dimension.

    Element ``c`` of the outer window is inner element ``o2 + s2 * c``, which is source
    element ``o1 + s1 * (o2 + s2 * c)``: offset ``o1 + s1 * o2``, stride ``s1 * s2``,
    size ``c2``. For valid normal-form windows nothing leaves int64: ``s1 * o2`` lies
    between 0 and an inner index minus ``o1``, and ``s1 * s2`` is ``s1`` where ``c2 <=
    1`` (normal form) and else at most an inner index distance.
    """
    o1, _c1, s1 = inner
    o2, c2, s2 = outer
    return normal_dim_on(dom, dom.add(o1, dom.mul(s1, o2)), c2, dom.mul(s1, s2))


def compose(
    inner: Window,
    inner_shape: Sequence[int],
    outer: Window,
    outer_shape: Sequence[int],
    source_shape: Sequence[int] | None = None,
) -> Window | None:
    """The one window equal to ``outer`` applied to the result of ``inner``.

    ``inner_shape`` is the inner result's shape (``inner.sizes`` with unit dims inserted
    or removed) and ``outer`` indexes it; ``outer_shape`` is the final result's shape.
    Non-unit dims of ``inner_shape`` correspond in order to the non-unit sizes of
    ``inner``; an inner dim of size 1 stays at its offset. When ``source_shape`` is given
    and the result is empty, the result is :func:`empty_window`, the one normal form of
    an empty slice. Without it, an empty selection along a unit dim of ``inner_shape``
    needs a size-1 source dim at the same place among the non-unit dims to carry the 0.
    Returns ``None`` when no single window gives the result.
    """
    if source_shape is not None and 0 in outer_shape:
        return empty_window(source_shape, outer_shape)
    source_dim_of = [d for d, size in enumerate(inner.sizes) if size != 1]
    result_dims = [j for j, size in enumerate(inner_shape) if size != 1]
    assert len(source_dim_of) == len(result_dims), "inner window and shape disagree"
    dims = [normal_dim(inner.offsets[d], inner.sizes[d], 1) for d in range(inner.rank)]
    for d, j in zip(source_dim_of, result_dims):
        composed_dim = compose_dim_on(
            INTS,
            (inner.offsets[d], inner.sizes[d], inner.strides[d]),
            (outer.offsets[j], outer.sizes[j], outer.strides[j]),
        )
        dims[d] = (composed_dim[0] or 0, composed_dim[1] or 0, composed_dim[2] or 1)
    # Empty selections along unit result dims: put each on a free size-1 source dim
    # between the source dims of its non-unit neighbours.
    free = {d for d in range(inner.rank) if inner.sizes[d] == 1}
    for j, size in enumerate(inner_shape):
        if size != 1 or outer.sizes[j] != 0:
            continue
        before = [k for k, r in enumerate(result_dims) if r < j]
        lo = source_dim_of[before[-1]] if before else -1
        hi = source_dim_of[len(before)] if len(before) < len(result_dims) else inner.rank
        candidates = sorted(d for d in free if lo < d < hi)
        if not candidates:
            return None
        free.discard(candidates[0])
        dims[candidates[0]] = (0, 0, 1)
    composed = _window(dims)
    assert composed is not None
    if not same_up_to_unit_dims(composed.sizes, outer_shape):
        return None
    return composed


def apply_window(
    data: npt.NDArray[Any], w: Window, shape: Sequence[int]
) -> npt.NDArray[Any]:
    """Evaluate a window on a numpy array: a new array of ``shape``, elements moved only."""
    import numpy as np  # only here: the rules themselves need no numpy

    if w.rank == 0:
        return np.array(data, copy=True).reshape(tuple(shape))
    if 0 in w.sizes:  # no element: no index array (a dim of 2**31 took 16 GiB)
        return np.empty(tuple(shape), dtype=data.dtype)
    index = [
        np.arange(c, dtype=np.int64) * s + o
        for o, c, s in zip(w.offsets, w.sizes, w.strides)
    ]
    return np.ascontiguousarray(data[np.ix_(*index)]).reshape(tuple(shape))
