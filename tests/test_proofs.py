"""Proofs, for every 64-bit value, of the slice normalization (issue 16).

Each framework rule of :mod:`slice_dialect.semantics` runs on
:class:`slice_dialect.smt.Z3Domain`: parameters and dims are symbolic, static choices (op,
opset, rank, number of entries, mask bits, present or absent operands) are enumerated.
For every static choice within the bounds below, z3 proves:

1. No overflow: every operation the normalization performs (the ones the IR builder
   emits), on any int64 parameters and any dims in ``[0, 2**62]``, stays in int64 (in
   64-bit bit-vectors, with z3's no-overflow predicates; divisions never by zero nor
   ``INT64_MIN / -1``), where it runs (after the checks before it held).
2. Bounds: where the rule accepts, each dim of the window has ``size >= 0``, a non-zero
   stride, and for ``size > 0`` its first and last index in ``[0, dim)``; normal form
   (offset 0 where size 0, stride 1 where size <= 1).
3. Agreement: the rule accepts exactly the inputs an independent statement of the
   framework's rule (written below, separately and simply) accepts, and per input dim
   selects index ``i`` iff that statement does; result shapes put 1s for new axes and
   drop shrunk dims.
4. Composition: ``compose_dim_on`` (what ``compose`` uses per dim) gives element ``c``
   equal to the inner window's element at the outer window's element ``c``, for any
   valid windows (any strides, negative too, any sizes), in normal form and in bounds,
   without overflow.
5. Idempotence: a window dim exported by ``slice_dialect.export``'s own rules
   (``range_on``, ``dml_window_on``, run here on z3 terms) to ONNX-13 / OV Slice-8
   (start, end, step), TF and OV strided slices (begin, end, each mask pattern) and
   DirectML canonicalizes back to the same window dim, and the export never leaves int64.

Properties 2-5 are proved over mathematical integers (``Z3Domain("int")``), where z3
handles products and quotients far faster than bit-blasted 64-bit circuits; property 1
shows that the 64-bit evaluation never leaves int64, so on every input it computes
exactly the integer results, and the theorems hold for the 64-bit evaluation.

Identical formulas are proved once (the proof cache is keyed by the formula). Mutation
tests plant small bugs and check that z3 then finds a counterexample.

Bounds (defaults; ``SLICE_PROOF_RANK=N`` widens them, e.g. ``SLICE_PROOF_RANK=2``):
ONNX ranks 1..2 with every number of entries, steps absent or symbolic, axes absent or
symbolic at rank 1 and absent at rank 2 (symbolic axes at every rank in the large run);
Slice-10/-11 and OV Slice-8 by identity of their terms with ONNX-13's; strided slices
ranks 0..1 with up to 1 entry and every mask pattern (large: ranks up to N-1, up to N
entries); DirectML ranks 1..2 with output sizes 1..3 (static: they are the result type).
"""

from __future__ import annotations

import itertools
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

z3 = pytest.importorskip("z3")

from slice_dialect import export, semantics  # noqa: E402
from slice_dialect.domain import INT64_MAX, INT64_MIN, IntDomain  # noqa: E402
from slice_dialect.semantics import Normalized, SliceSemanticsError  # noqa: E402
from slice_dialect.smt import (  # noqa: E402
    RETRY_SEEDS,
    Obligation,
    ProofResult,
    Z3Domain,
    overflow_counterexample,
    prove,
)

LARGE = int(os.environ.get("SLICE_PROOF_RANK", "0"))
AXIS_RANK = max(2, LARGE)
AXIS_RANK_SYMBOLIC_AXES = max(1, LARGE)
STRIDED_RANK = max(1, LARGE - 1)
STRIDED_ENTRIES = max(1, LARGE)
DML_RANK = max(2, LARGE)
DML_OUT = max(3, LARGE + 1)
TIMEOUT_MS = 120_000
OVERFLOW_SORT = os.environ.get("SLICE_PROOF_OVERFLOW_SORT", "bv")

# --- proof cache ------------------------------------------------------------------------

_CACHE: dict[tuple[int, ...], tuple[ProofResult, tuple[Any, ...]]] = {}


def cached_prove(claim: Any, assumptions: Sequence[Any]) -> ProofResult:
    """:func:`prove`, once per distinct formula (z3 terms are hash-consed; the cache
    keeps the terms alive so that their ids are not reused)."""
    key = (claim.get_id(), *(a.get_id() for a in assumptions))
    if key not in _CACHE:
        _CACHE[key] = (prove(claim, assumptions, TIMEOUT_MS), (claim, *assumptions))
    return _CACHE[key][0]


def assert_proved(result: ProofResult, what: str, claim: Any = None) -> None:
    """``claim`` (a z3 term) is printed only on failure: printing one of the larger
    terms takes z3 a quarter of a second."""
    if result.proved:
        return
    shown = "" if claim is None else f": {claim}"
    raise AssertionError(
        f"{what}{shown}: {result.status}, counterexample {result.counterexample}"
    )


def assert_satisfiable(assumptions: Sequence[Any], what: str) -> None:
    """Some input meets ``assumptions``: a proof under them does not hold vacuously."""
    example = cached_prove(z3.BoolVal(False), assumptions)
    assert example.counterexample is not None, (
        f"{what}: vacuous, no input meets the assumptions ({example.status})"
    )


# --- the independent statements of each rule (integer sort, written from the documents) --


def If(c: Any, a: Any, b: Any) -> Any:
    return z3.If(c, a, b)


def onnx_selected(i: Any, c: Any, d: Any, start: Any, end: Any, step: Any) -> Any:
    """ONNX Slice-13 text (and OV Slice-8): negative start/end count from the back, then
    start clamps to [0, d] (step > 0) or [0, d-1] (step < 0), end to [0, d] or [-1, d-1];
    the c-th element taken is index i iff i is an index of the dim, lies from the start
    toward the end (end excluded) and is c whole steps from the start."""
    s = If(start < 0, start + d, start)
    e = If(end < 0, end + d, end)
    s = If(step > 0, clamp(s, 0, d), clamp(s, 0, d - 1))
    e = If(step > 0, clamp(e, 0, d), clamp(e, -1, d - 1))
    return reached(i, c, d, s, e, step)


def reached(i: Any, c: Any, d: Any, s: Any, e: Any, step: Any) -> Any:
    """Index ``i`` is the ``c``-th element (from 0) of the run from the clamped start
    ``s`` by whole steps, strictly before the clamped end ``e``, inside the dim."""
    between = If(step > 0, z3.And(s <= i, i < e), z3.And(e < i, i <= s))
    return z3.And(i >= 0, i < d, between, c >= 0, i == s + step * c)


def clamp(x: Any, lo: Any, hi: Any) -> Any:
    return If(x < lo, lo, If(x > hi, hi, x))


def python_selected(
    i: Any,
    c: Any,
    d: Any,
    start: Any,
    end: Any,
    step: Any,
    begin_mask: bool,
    end_mask: bool,
) -> Any:
    """TensorFlow ranges: CPython's ``PySlice_AdjustIndices`` (research A.1) on
    ``start:end:step``, a masked begin/end being Python's omitted one."""

    def adjust(x: Any) -> Any:
        neg = x + d
        return If(
            x < 0,
            If(neg < 0, If(step < 0, -1, 0), neg),
            If(x >= d, If(step < 0, d - 1, d), x),
        )

    s = If(step < 0, d - 1, 0) if begin_mask else adjust(start)
    e = If(step < 0, -1, d) if end_mask else adjust(end)
    return reached(i, c, d, s, e, step)


def ov_range_selected(
    i: Any,
    c: Any,
    d: Any,
    start: Any,
    end: Any,
    step: Any,
    begin_mask: bool,
    end_mask: bool,
) -> Any:
    """OpenVINO StridedSlice-1 range entries (research A.5): masked begin is the first
    element in the step's direction, masked end runs through the last; otherwise
    ONNX-13 clamping."""
    s = If(start < 0, start + d, start)
    e = If(end < 0, end + d, end)
    s = (
        If(step > 0, 0, d - 1)
        if begin_mask
        else If(step > 0, clamp(s, 0, d), clamp(s, 0, d - 1))
    )
    e = (
        If(step > 0, d, -1)
        if end_mask
        else If(step > 0, clamp(e, 0, d), clamp(e, -1, d - 1))
    )
    return reached(i, c, d, s, e, step)


def shrink_selected(i: Any, c: Any, d: Any, begin: Any) -> Any:
    """A shrink entry reads index ``begin`` (from the back if negative), once."""
    return z3.And(c == 0, i == If(begin < 0, begin + d, begin))


def whole_selected(i: Any, c: Any, d: Any) -> Any:
    """A dim no entry slices (an ellipsis dim, an axis not listed): all of it, in order."""
    return z3.And(c >= 0, c < d, i == c)


def shrink_valid(d: Any, begin: Any, stride: Any, tf: bool) -> Any:
    ok = z3.And(-d <= begin, begin < d)
    return z3.And(ok, stride > 0) if tf else ok


def dml_selected(i: Any, c: Any, off: Any, size: Any, stride: Any, out: int) -> Any:
    """DML_SLICE1 (its document's pseudo-code): output element c reads
    ``off + c * stride`` for a positive stride and ``off + size - 1 + c * stride`` for a
    negative one, c in [0, out)."""
    anchor = If(stride > 0, off, off + size - 1)
    return z3.And(c >= 0, c < out, i == anchor + stride * c)


def dml_valid(d: Any, off: Any, size: Any, stride: Any, out: int) -> Any:
    mag = If(stride < 0, -stride, stride)
    return z3.And(
        stride != 0,
        size >= 1,
        off >= 0,
        off + size <= d,
        out >= 1,
        out <= 1 + (size - 1) / mag,  # size - 1 >= 0, mag > 0: floor is truncation
    )


# --- running a rule symbolically ------------------------------------------------------


@dataclass
class Case:
    """One static choice of one op, run on a domain: the rule's result, and the
    independent statement (per input dim a predicate of the index, the accept
    condition, the expected result shape as input dims / 1s)."""

    name: str
    dom: Z3Domain
    shape: list[Any]
    result: Normalized[Any] | None  # None: the rule rejects the static choice
    selected: list[Callable[[Any], Any]]
    valid: Any
    out_shape: list[int | None]  # an input dim's index (its size), or None (a new 1)
    static_ok: bool  # the independent statement accepts the static choice
    splits: list[list[Any]] | None = None
    """Per input dim, exhaustive cases to prove its claims in separately (which entry, if
    any, slices the dim when axes are symbolic): easier for the solver."""

    def cases(self, k: int) -> list[Any]:
        return self.splits[k] if self.splits else [z3.BoolVal(True)]


def axis_slice_case(
    sort: str,
    op: str,
    rank: int,
    count: int,
    has_axes: bool,
    has_steps: bool,
    opset: int = 13,
) -> Case:
    dom = Z3Domain(sort)  # type: ignore[arg-type]
    shape = [dom.dim(f"d{k}") for k in range(rank)]
    starts = [dom.var(f"start{i}") for i in range(count)]
    ends = [dom.var(f"end{i}") for i in range(count)]
    axes = [dom.var(f"axis{i}") for i in range(count)] if has_axes else None
    steps = [dom.var(f"step{i}") for i in range(count)] if has_steps else None
    name = f"{op}{'' if op != 'onnx' else opset} rank {rank} entries {count} axes={has_axes} steps={has_steps}"
    static_ok = has_axes or count <= rank
    try:
        if op == "onnx_v1":
            result = semantics.onnx_v1_on(dom, shape, starts, ends, axes)
        elif op == "onnx":
            result = semantics.onnx_on(dom, shape, starts, ends, axes, steps, opset)
        else:
            result = semantics.ov_slice_on(dom, shape, starts, ends, steps or [], axes)
    except SliceSemanticsError:
        result = None
    if sort != "int" or result is None:
        return Case(name, dom, shape, result, [], None, [], static_ok)
    # independent statement
    step_of = steps if steps is not None else [1] * count
    axis_of = (
        [If(a < 0, a + rank, a) for a in axes] if axes is not None else list(range(count))
    )
    valid = [s != 0 for s in step_of if not isinstance(s, int)]
    if axes is not None:
        valid += [z3.And(-rank <= a, a < rank) for a in axes]
        valid += [axis_of[i] != axis_of[j] for i in range(count) for j in range(i)]
    selected = []
    for k in range(rank):

        def sel(i: Any, c: Any, k: int = k) -> Any:
            d = shape[k]
            rule = whole_selected(i, c, d)  # an axis not listed
            for n in reversed(range(count)):
                rule = If(
                    axis_of[n] == k if axes is not None else z3.BoolVal(n == k),
                    onnx_selected(i, c, d, starts[n], ends[n], step_of[n]),
                    rule,
                )
            return rule

        selected.append(sel)
    splits = None
    if axes is not None:
        splits = []
        for k in range(rank):
            hits = [axis_of[n] == k for n in range(count)]
            splits.append([*hits, z3.And(*[z3.Not(h) for h in hits], True)])
    return Case(
        name,
        dom,
        shape,
        result,
        selected,
        z3.And(*valid, True),
        list(range(rank)),
        static_ok,
        splits,
    )


def strided_case(
    sort: str, op: str, rank: int, count: int, masks: tuple[int, int, int, int, int]
) -> Case:
    """``masks``: begin, end, ellipsis, new_axis, shrink as bit fields over ``count``."""
    bm, em, elm, nam, sam = masks
    dom = Z3Domain(sort)  # type: ignore[arg-type]
    shape = [dom.dim(f"d{k}") for k in range(rank)]
    begin = [dom.var(f"begin{i}") for i in range(count)]
    end = [dom.var(f"end{i}") for i in range(count)]
    strides = [dom.var(f"stride{i}") for i in range(count)]
    bits = lambda m: [(m >> i) & 1 for i in range(count)]  # noqa: E731
    name = f"{op} rank {rank} entries {count} masks b{bm:b} e{em:b} ell{elm:b} new{nam:b} shr{sam:b}"
    try:
        if op == "tf":
            result = semantics.tf_strided_slice_on(
                dom, shape, begin, end, strides, bm, em, elm, nam, sam
            )
        else:
            result = semantics.ov_strided_slice_on(
                dom,
                shape,
                begin,
                end,
                strides,
                bits(bm),
                bits(em),
                bits(nam),
                bits(sam),
                bits(elm),
            )
    except SliceSemanticsError:
        result = None
    # independent statement: classify each entry (ellipsis > new axis > shrink > range),
    # expand the ellipsis (explicit or implicit at the end) over the dims no entry takes
    kinds = []
    for i in range(count):
        bit = lambda m: (m >> i) & 1  # noqa: B023, E731
        kinds.append(
            "ellipsis"
            if bit(elm)
            else "new"
            if bit(nam)
            else "shrink"
            if bit(sam)
            else "range"
        )
    real = sum(k in ("range", "shrink") for k in kinds)
    static_ok = kinds.count("ellipsis") <= 1 and real <= rank
    if sort != "int" or result is None or not static_ok:
        return Case(name, dom, shape, result, [], None, [], static_ok)
    if "ellipsis" not in kinds:
        kinds.append("ellipsis")
    per_dim: list[tuple[str, int | None]] = []  # (kind, entry) per input dim, in order
    out_shape: list[int | None] = []
    for i, kind in enumerate(kinds):
        if kind == "new":
            out_shape.append(None)
        elif kind == "ellipsis":
            for _ in range(rank - real):
                out_shape.append(len(per_dim))
                per_dim.append(("all", None))
        elif kind == "shrink":
            per_dim.append(("shrink", i))
        else:
            out_shape.append(len(per_dim))
            per_dim.append(("range", i))
    valid = []
    selected = []
    for k, (kind, i) in enumerate(per_dim):
        d = shape[k]
        if kind == "all":
            selected.append(lambda x, c, d=d: whole_selected(x, c, d))
        elif kind == "shrink":
            assert i is not None
            valid.append(shrink_valid(d, begin[i], strides[i], op == "tf"))
            selected.append(lambda x, c, d=d, b=begin[i]: shrink_selected(x, c, d, b))
        else:
            assert i is not None
            valid.append(strides[i] != 0)
            rule = python_selected if op == "tf" else ov_range_selected
            selected.append(
                lambda x, c, d=d, i=i, rule=rule: rule(
                    x,
                    c,
                    d,
                    begin[i],
                    end[i],
                    strides[i],
                    bool((bm >> i) & 1),
                    bool((em >> i) & 1),
                )
            )
    return Case(
        name, dom, shape, result, selected, z3.And(*valid, True), out_shape, static_ok
    )


def dml_case(sort: str, outs: tuple[int, ...]) -> Case:
    dom = Z3Domain(sort)  # type: ignore[arg-type]
    rank = len(outs)
    shape = [dom.dim(f"d{k}") for k in range(rank)]
    off = [dom.var(f"off{k}") for k in range(rank)]
    size = [dom.var(f"size{k}") for k in range(rank)]
    stride = [dom.var(f"stride{k}") for k in range(rank)]
    result = semantics.dml_slice1_on(dom, shape, off, size, stride, list(outs))
    name = f"dml rank {rank} outputs {outs}"
    if sort != "int":
        return Case(name, dom, shape, result, [], None, [], True)
    valid = [
        dml_valid(shape[k], off[k], size[k], stride[k], outs[k]) for k in range(rank)
    ]
    selected = [
        lambda x, c, k=k: dml_selected(x, c, off[k], size[k], stride[k], outs[k])
        for k in range(rank)
    ]
    return Case(
        name, dom, shape, result, selected, z3.And(*valid), list(range(rank)), True
    )


# --- the static choices ---------------------------------------------------------------


def axis_choices(op: str) -> Iterator[tuple[int, int, bool, bool]]:
    """Rank, number of entries, axes given (symbolic), steps given (symbolic). Symbolic
    axes at rank >= 2 (a select over every dim per entry) only in the large run."""
    for rank in range(1, AXIS_RANK + 1):
        for count in range(rank + 1):
            for has_axes in (
                (False, True) if rank <= AXIS_RANK_SYMBOLIC_AXES else (False,)
            ):
                if op == "onnx":
                    step_choices: tuple[bool, ...] = (False, True)
                else:
                    step_choices = (False,) if op == "onnx_v1" else (True,)
                for has_steps in step_choices:
                    yield rank, count, has_axes, has_steps


def strided_choices() -> Iterator[tuple[int, int, tuple[int, int, int, int, int]]]:
    for rank in range(STRIDED_RANK + 1):
        for count in range(STRIDED_ENTRIES + 1):
            n = 1 << count
            for elm, nam, sam in itertools.product(range(n), repeat=3):
                kinds_range = [
                    i for i in range(count) if not ((elm | nam | sam) >> i) & 1
                ]
                if count <= 1 or LARGE:
                    be = itertools.product(range(n), repeat=2)
                else:  # begin/end bits on range entries only (K = 1 proves them ignored elsewhere)
                    sub = [
                        sum(b << i for b, i in zip(bs, kinds_range))
                        for bs in itertools.product((0, 1), repeat=len(kinds_range))
                    ]
                    be = itertools.product(sub, repeat=2)
                for bm, em in be:
                    yield rank, count, (bm, em, elm, nam, sam)


def dml_choices() -> Iterator[tuple[int, ...]]:
    for rank in range(1, DML_RANK + 1):
        yield from itertools.product(range(1, DML_OUT + 1), repeat=rank)


def all_cases(sort: str) -> Iterator[Case]:
    for op in ("onnx", "onnx_v1", "ov_slice"):
        for rank, count, has_axes, has_steps in axis_choices(op):
            yield axis_slice_case(sort, op, rank, count, has_axes, has_steps)
    for op in ("tf", "ov"):
        for rank, count, masks in strided_choices():
            yield strided_case(sort, op, rank, count, masks)
    for outs in dml_choices():
        yield dml_case(sort, outs)


# --- 1. no overflow -------------------------------------------------------------------


def _overflow_all(cases: Iterator[Case]) -> int:
    proved = 0
    seen: dict[int, Any] = {}
    for case in cases:
        if case.result is None:
            continue
        term = z3.And(
            case.dom.inputs,
            *[z3.Implies(o.path, o.cond) for o in case.dom.obligations],
            True,
        )
        if term.get_id() in seen:
            continue
        seen[term.get_id()] = term
        assert_satisfiable([case.dom.inputs, case.dom.accept], case.name)
        assert_proved(
            overflow_counterexample(case.dom, TIMEOUT_MS), f"no overflow: {case.name}"
        )
        proved += 1
    return proved


def test_a_solver_that_gives_up_is_asked_again_with_other_seeds() -> None:
    """``prove`` tries each of ``RETRY_SEEDS`` while z3 answers ``unknown`` (a proof of
    0.2 s once timed out at 120 s in a full suite run, session 61), and an answer of
    ``unknown`` on every one is no proof; a claim it can decide is decided at once."""
    x, y, z = z3.Ints("x y z")
    positive = [x > 0, y > 0, z > 0]
    fermat = x * x * x + y * y * y != z * z * z  # true, and beyond z3 in 30 ms
    result = prove(fermat, positive, timeout_ms=30)
    assert not result.proved and result.counterexample is None
    assert result.status.startswith("unknown: seed 0: ")
    assert [f"seed {s}:" in result.status for s in RETRY_SEEDS] == [True] * 3
    assert prove(x + 1 > x, [], timeout_ms=30).status == "unsat"


def test_an_overflow_query_the_solver_gives_up_on_is_asked_again() -> None:
    """``overflow_counterexample`` asks a query z3 gave up on again with each other
    seed, as ``prove`` does (session 62: it tried one seed only); ``unknown`` on all is
    reported with each seed's reason; an add or sub undecided without its path is
    tried with it (review 62); the obligations it decides are decided."""
    dom = Z3Domain("int")
    x, y, z = dom.var("x"), dom.var("y"), dom.var("z")
    dom.ranges += [x > 0, y > 0, z > 0]
    fermat = x * x * x + y * y * y != z * z * z
    dom.obligations.append(Obligation("mul", z3.BoolVal(True), fermat))
    result = overflow_counterexample(dom, timeout_ms=30)
    assert not result.proved and result.counterexample is None
    assert result.status.startswith("unknown (mul): seed 0: ")
    assert [f"seed {s}:" in result.status for s in RETRY_SEEDS] == [True] * 3
    # an add's claim without its path first: undecided there, decided with the path
    dom.obligations[-1] = Obligation("add", z3.And(x == 1, y == 1, z == 1), fermat)
    assert overflow_counterexample(dom, timeout_ms=30).status == "unsat"
    decidable = Z3Domain("int")
    a = decidable.var("a")
    decidable.ranges.append(a < 10)
    decidable.obligations.append(Obligation("add", z3.BoolVal(True), a + 1 < 11))
    assert overflow_counterexample(decidable, timeout_ms=30).status == "unsat"
    decidable.obligations.append(Obligation("add", z3.BoolVal(True), a + 1 < 10))
    refutation = overflow_counterexample(decidable, timeout_ms=30)
    assert refutation.status == "sat (add)" and refutation.counterexample == {"a": 9}


def test_no_overflow_axis_slices() -> None:
    cases = (
        axis_slice_case(OVERFLOW_SORT, op, *choice)
        for op in ("onnx", "onnx_v1", "ov_slice")
        for choice in axis_choices(op)
    )
    assert _overflow_all(cases) > 0


def test_no_overflow_strided_slices() -> None:
    cases = (
        strided_case(OVERFLOW_SORT, op, *c)
        for op in ("tf", "ov")
        for c in strided_choices()
    )
    assert _overflow_all(cases) > 0


def test_no_overflow_dml() -> None:
    """In the integer sort (z3 bit-blasts DirectML's division by a symbolic stride
    slowly); the large run also proves it in bit-vectors."""
    sorts = ("int", "bv") if LARGE else ("int",)
    assert (
        _overflow_all(dml_case(sort, outs) for sort in sorts for outs in dml_choices())
        > 0
    )


# --- 2. bounds and normal form ----------------------------------------------------------


def bounds_claims(case: Case) -> list[Any]:
    """Per input dim: in bounds (SPEC section 3) and in normal form."""
    assert case.result is not None
    res = case.result
    return [
        valid_window_dim(d, off, size, stride)
        for d, off, size, stride in zip(case.shape, res.offsets, res.sizes, res.strides)
    ]


def bounds_claim(case: Case) -> Any:
    return z3.And(*bounds_claims(case), True)


def _bounds_all(cases: Iterator[Case]) -> int:
    n = 0
    for case in cases:
        if case.result is None:
            continue
        assert_satisfiable([case.dom.inputs, case.dom.accept], case.name)
        for k, claim in enumerate(bounds_claims(case)):
            for split in case.cases(k):
                r = cached_prove(claim, [case.dom.inputs, case.dom.accept, split])
                assert_proved(r, f"bounds of dim {k}: {case.name}")
        n += 1
    return n


def test_bounds_axis_slices() -> None:
    assert _bounds_all(
        axis_slice_case("int", op, *c)
        for op in ("onnx", "onnx_v1", "ov_slice")
        for c in axis_choices(op)
    )


def test_bounds_strided_slices() -> None:
    assert _bounds_all(
        strided_case("int", op, *c) for op in ("tf", "ov") for c in strided_choices()
    )


def test_bounds_dml() -> None:
    assert _bounds_all(dml_case("int", outs) for outs in dml_choices())


# --- 3. agreement with the independent statements ---------------------------------------


def agreement_claims(case: Case) -> tuple[Any, list[Any]]:
    """(accepts exactly the valid inputs, [per input dim and direction: window element
    ``c`` is index ``i`` iff the statement's ``c``-th element is ``i``; the result shape
    is as expected])."""
    assert case.result is not None
    res = case.result
    claims = []
    for k, sel in enumerate(case.selected):
        i, c = z3.Int(f"i{k}"), z3.Int(f"c{k}")
        off, size, stride = res.offsets[k], res.sizes[k], res.strides[k]
        window = z3.And(c >= 0, c < size, i == off + stride * c)
        claims.append(z3.Implies(window, sel(i, c)))
        claims.append(z3.Implies(sel(i, c), window))
    assert len(res.shape) == len(case.out_shape), case.name
    claims.append(
        z3.And(
            *[
                got == (1 if want is None else res.sizes[want])
                for got, want in zip(res.shape, case.out_shape)
            ],
            True,
        )
    )
    return case.dom.accept == case.valid, claims


def _agreement_all(cases: Iterator[Case]) -> int:
    n = 0
    for case in cases:
        assert (case.result is not None) == case.static_ok, (
            f"{case.name}: the rule {'accepts' if case.result is not None else 'rejects'} "
            "the static choice, the statement does not"
        )
        if case.result is None:
            continue
        accept, members = agreement_claims(case)
        assert_satisfiable([case.dom.inputs, case.dom.accept], case.name)
        assert_proved(cached_prove(accept, [case.dom.inputs]), f"accepts: {case.name}")
        for j, claim in enumerate(members):
            k = j // 2  # two claims per input dim, then the shape
            for split in case.cases(k) if k < len(case.selected) else [z3.BoolVal(True)]:
                assert_proved(
                    cached_prove(claim, [case.dom.inputs, case.dom.accept, split]),
                    f"selects: {case.name}",
                    claim,
                )
        n += 1
    return n


def test_agreement_onnx() -> None:
    assert _agreement_all(
        axis_slice_case("int", "onnx", *c) for c in axis_choices("onnx")
    )


def test_agreement_onnx_v1() -> None:
    assert _agreement_all(
        axis_slice_case("int", "onnx_v1", *c) for c in axis_choices("onnx_v1")
    )


def test_ov_slice_gives_the_terms_of_onnx() -> None:
    """OpenVINO Slice-8 runs the ONNX-13 normalization (SPEC section 2): for every static
    choice its terms are those of ``slice.onnx`` with steps, so the ONNX proofs are its
    proofs (the large run proves it again directly)."""
    for choice in axis_choices("ov_slice"):
        ov = axis_slice_case("int", "ov_slice", *choice)
        onnx = axis_slice_case("int", "onnx", *choice)
        assert (ov.result is None) == (onnx.result is None), choice
        if ov.result is None or onnx.result is None:
            continue
        assert terms_of(ov) == terms_of(onnx), choice


def terms_of(case: Case) -> str:
    assert case.result is not None
    r = case.result
    parts = (case.dom.accept, case.dom.inputs, *r.offsets, *r.sizes, *r.strides, *r.shape)
    return "|".join(t.sexpr() for t in parts)


def test_agreement_ov_slice() -> None:
    """Proved directly in the large run; by the identity above in the default one."""
    test_ov_slice_gives_the_terms_of_onnx()
    if LARGE:
        assert _agreement_all(
            axis_slice_case("int", "ov_slice", *c) for c in axis_choices("ov_slice")
        )


def test_opsets_give_the_same_terms() -> None:
    """Slice-10 and -11 run the very same normalization as -13 (the SPEC's choice): their
    terms are identical, so every proof of opset 13 is one of 10 and 11."""
    for choice in axis_choices("onnx"):
        terms = []
        for opset in (10, 11, 13):
            case = axis_slice_case("int", "onnx", *choice, opset=opset)
            assert case.result is not None or not case.static_ok
            if case.result is None:
                terms.append(None)
                continue
            r = case.result
            parts = (case.dom.accept, *r.offsets, *r.sizes, *r.strides, *r.shape)
            terms.append("|".join(t.sexpr() for t in parts))
        assert terms[0] == terms[1] == terms[2], choice


def test_agreement_tf_strided_slice() -> None:
    assert _agreement_all(strided_case("int", "tf", *c) for c in strided_choices())


def test_agreement_ov_strided_slice() -> None:
    assert _agreement_all(strided_case("int", "ov", *c) for c in strided_choices())


def test_agreement_dml() -> None:
    assert _agreement_all(dml_case("int", outs) for outs in dml_choices())


# --- 4. composition ---------------------------------------------------------------------


def valid_window_dim(d: Any, off: Any, size: Any, stride: Any) -> Any:
    """SPEC section 3 for one dim: in bounds and in normal form."""
    last = off + stride * (size - 1)
    return z3.And(
        size >= 0,
        stride != 0,
        z3.Implies(size > 0, z3.And(off >= 0, off < d, last >= 0, last < d)),
        z3.Implies(size <= 1, stride == 1),
        z3.Implies(size == 0, off == 0),
    )


def composition_terms(sort: str) -> tuple[Z3Domain, Any, Any]:
    dom = Z3Domain(sort)  # type: ignore[arg-type]
    d = dom.dim("d")
    inner = (dom.var("o1"), dom.var("c1"), dom.var("s1"))
    outer = (dom.var("o2"), dom.var("c2"), dom.var("s2"))
    composed = semantics.compose_dim_on(dom, inner, outer)
    windows = z3.And(valid_window_dim(d, *inner), valid_window_dim(inner[1], *outer))
    return dom, windows, composed


def test_composition() -> None:
    dom, windows, (o, c, s) = composition_terms("int")
    o1, _c1, s1 = dom.variables["o1"], dom.variables["c1"], dom.variables["s1"]
    o2, c2, s2 = dom.variables["o2"], dom.variables["c2"], dom.variables["s2"]
    k = z3.Int("k")
    elementwise = z3.And(
        c == c2,
        z3.Implies(z3.And(k >= 0, k < c2), o + s * k == o1 + s1 * (o2 + s2 * k)),
        valid_window_dim(dom.variables["d"], o, c, s),
    )
    assert_satisfiable([dom.inputs, windows], "composition")
    assert_proved(cached_prove(elementwise, [dom.inputs, windows]), "composition")


def test_composition_no_overflow() -> None:
    """Every operation of ``compose_dim_on`` stays in int64 for valid windows (integer
    sort: each exact result lies in int64, which is no overflow; see the module doc)."""
    dom, windows, _ = composition_terms("int")
    dom.ranges.append(windows)
    assert_satisfiable([dom.inputs], "composition without overflow")
    assert_proved(
        overflow_counterexample(dom, TIMEOUT_MS), "composition without overflow"
    )


def test_run_time_window_dims() -> None:
    """A ``slice.dynamic_window``'s run-time values, any int64 (SPEC section 7): where
    ``run_time_window_dim_on``'s checks pass, the offset and stride it gives make a
    valid window dim (in bounds, in the normal form) that selects the elements the
    values name, and nothing it computes leaves int64."""
    dom = Z3Domain("int")
    d = dom.dim("d")
    off, size, stride = dom.var("off"), dom.var("size"), dom.var("stride")
    o, s = semantics.run_time_window_dim_on(
        dom, "slice.dynamic_window", 0, d, off, size, stride
    )
    k = z3.Int("k")
    claim = z3.And(
        valid_window_dim(d, o, size, s),
        z3.Implies(z3.And(k >= 0, k < size), o + s * k == off + stride * k),
    )
    assert_satisfiable([dom.inputs, dom.accept], "run-time window dims")
    assert_proved(cached_prove(claim, [dom.inputs, dom.accept]), "run-time window dims")
    assert_proved(overflow_counterexample(dom, TIMEOUT_MS), "run-time window dims")


def test_mutation_run_time_window_without_normal_stride(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Taking the run-time stride as it is (not 1 where the size is at most 1) is no
    valid window dim: a counterexample."""
    monkeypatch.setattr(
        semantics, "normal_dim_on", lambda dom, off, size, stride: (off, size, stride)
    )
    dom = Z3Domain("int")
    d = dom.dim("d")
    off, size, stride = dom.var("off"), dom.var("size"), dom.var("stride")
    o, s = semantics.run_time_window_dim_on(
        dom, "slice.dynamic_window", 0, d, off, size, stride
    )
    claim = valid_window_dim(d, o, size, s)
    assert refuted(cached_prove(claim, [dom.inputs, dom.accept]))


EXPAND_GROUPS = [
    (1, ()),
    (1, (0,)),
    (1, (3,)),
    (2, ()),
    (2, (0,)),
    (2, (3,)),
    (3, ()),
    (3, (0,)),
]
"""Groups of a ``tensor.expand_shape`` proved: run-time entries, static ones (three
run-time entries and a static 3 take z3 more than a minute)."""


def expand_group_claim(count: int, known: tuple[int, ...]) -> tuple[Z3Domain, Any]:
    """``check_expand_group_on`` of a source dim and ``count`` run-time entries (any
    int64) beside static ``known`` ones, and the claim that its checks pass exactly
    where every entry is >= 0 and their product, in mathematical integers, is the
    dim."""
    dom = Z3Domain("int")
    d = dom.dim("d")
    values = [dom.var(f"v{k}") for k in range(count)]
    semantics.check_expand_group_on(
        dom, "tensor.expand_shape", 0, d, list(known), list(enumerate(values))
    )
    product = z3.IntVal(1)
    for v in (*known, *values):
        product = product * v
    claim = dom.accept == z3.And(*(v >= 0 for v in values), d == product)
    return dom, claim


@pytest.mark.parametrize(("count", "known"), EXPAND_GROUPS)
def test_expand_groups(count: int, known: tuple[int, ...]) -> None:
    """An expand's group check (``semantics.check_expand_group_on``, the
    interpreter's and the lowering's, by division since session 58 for any number of
    run-time entries) accepts exactly the splits whose product is the source's dim,
    for every int64 value of each entry, and computes nothing outside int64."""
    dom, claim = expand_group_claim(count, known)
    what = f"expand group of {count} run-time entries and {list(known)}"
    assert_proved(cached_prove(claim, [dom.inputs]), what)
    assert_proved(overflow_counterexample(dom, TIMEOUT_MS), what)


@pytest.mark.parametrize(
    "shape", [("?", 2, "?", 6), ("?", "?", "?"), (0, "?", 3, "?"), ("?", 1, "?")]
)
def test_expand_counts(shape: tuple[int | str, ...]) -> None:
    """``check_expand_count_on`` (since session 58) accepts an expand's result shape,
    its run-time entries any int64 at least 0 (the group checks before it say so),
    exactly where its dims, each 0 counted as 1, multiply to at most INT64_MAX
    (numpy's bound), and computes nothing outside int64."""
    dom = Z3Domain("int")
    entries: list[Any] = []
    product = z3.IntVal(1)
    for k, d in enumerate(shape):
        if d == "?":
            v = dom.var(f"v{k}")
            dom.ranges.append(v >= 0)
            entries.append((k, v))
            product = product * z3.If(v > 1, v, 1)
        else:
            entries.append(d)
            product = product * max(int(d), 1)
    semantics.check_expand_count_on(dom, "tensor.expand_shape", entries)
    claim = dom.accept == (product <= INT64_MAX)
    assert_proved(cached_prove(claim, [dom.inputs]), f"expand count of {shape}")
    assert_proved(overflow_counterexample(dom, TIMEOUT_MS), f"expand count of {shape}")


def test_mutation_expand_group_without_its_zero_case(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Taking a 0 entry as a divisor of 1 and nothing more (no zero case) refuses
    ``[0, 5]`` of a dim of 0: a counterexample."""
    real = Z3Domain.or_

    def no_zero_case(self: Z3Domain, a: Any, b: Any) -> Any:
        return b if z3.is_and(b) and z3.is_not(b.arg(0)) else real(self, a, b)

    monkeypatch.setattr(Z3Domain, "or_", no_zero_case)
    dom, claim = expand_group_claim(2, ())
    assert refuted(cached_prove(claim, [dom.inputs]))


# --- 5. idempotence: export, then canonicalize ------------------------------------------


def window_dim_vars(sort: str) -> tuple[Z3Domain, Any, Any, Any, Any]:
    dom = Z3Domain(sort)  # type: ignore[arg-type]
    d = dom.dim("d")
    off, size, stride = dom.var("off"), dom.var("size"), dom.var("stride")
    dom.ranges.append(valid_window_dim(d, off, size, stride))
    return dom, d, off, size, stride


def same_window(
    dom: Z3Domain, r: Normalized[Any], off: Any, size: Any, stride: Any
) -> Any:
    return z3.And(
        dom.accept, r.offsets[0] == off, r.sizes[0] == size, r.strides[0] == stride
    )


@pytest.mark.parametrize("target", ["onnx", "ov_slice"])
def test_idempotence_axis_exports(target: str) -> None:
    """``export.range_on``'s start and end (what ``onnx_params`` and
    ``ov_slice_params`` write for a dim they list), with the window's stride as the
    step, select the window dim again."""
    dom, d, off, size, stride = window_dim_vars("int")
    r = export.range_on(dom, d, off, size, stride)
    if target == "onnx":
        back = semantics.onnx_on(dom, [d], [r.start], [r.end], None, [stride])
    else:
        back = semantics.ov_slice_on(dom, [d], [r.start], [r.end], [stride])
    claim = same_window(dom, back, off, size, stride)
    assert_satisfiable([dom.inputs], f"idempotence via {target}")
    assert_proved(cached_prove(claim, [dom.inputs]), f"idempotence via {target}")


@pytest.mark.parametrize("target", ["tf", "ov"])
@pytest.mark.parametrize("begin_mask,end_mask", list(itertools.product((0, 1), repeat=2)))
def test_idempotence_strided_exports(target: str, begin_mask: int, end_mask: int) -> None:
    """``export.range_on``'s strided entry (begin, end and the two mask bits, what
    ``strided_slice_params`` writes for a range entry): where it sets the masks to
    ``begin_mask, end_mask`` (the masks are static in the rules: each pattern is one
    claim), the strided slice selects the window dim again."""
    dom, d, off, size, stride = window_dim_vars("int")
    r = export.range_on(dom, d, off, size, stride)
    if target == "tf":
        back = semantics.tf_strided_slice_on(
            dom, [d], [r.begin], [r.stop], [stride], begin_mask, end_mask
        )
    else:
        back = semantics.ov_strided_slice_on(
            dom, [d], [r.begin], [r.stop], [stride], [begin_mask], [end_mask]
        )
    chosen = z3.And(r.begin_mask == bool(begin_mask), r.end_mask == bool(end_mask))
    claim = z3.Implies(chosen, same_window(dom, back, off, size, stride))
    what = f"idempotence via {target}, masks {begin_mask}{end_mask}"
    assert_satisfiable([dom.inputs, chosen], what)  # the export sets these masks
    assert_proved(cached_prove(claim, [dom.inputs]), what)


@pytest.mark.parametrize("count", range(1, DML_OUT + 1))
def test_idempotence_dml(count: int) -> None:
    """``export.dml_window_on`` (DML_SLICE1's window of a non-empty window dim) with
    output size ``size`` (static in DirectML: proved for each size in the bound)
    selects the window dim again."""
    dom, d, off, size, stride = window_dim_vars("int")
    dom.ranges.append(size == count)
    w_off, w_size = export.dml_window_on(dom, off, size, stride)
    r = semantics.dml_slice1_on(dom, [d], [w_off], [w_size], [stride], [count])
    claim = same_window(dom, r, off, size, stride)
    assert_satisfiable([dom.inputs], f"idempotence via dml, size {count}")
    assert_proved(cached_prove(claim, [dom.inputs]), f"idempotence via dml, size {count}")


def test_exports_without_overflow() -> None:
    """Every operation of ``export.range_on`` and ``export.dml_window_on`` (non-empty
    dims) stays in int64 for every valid window dim."""
    dom, d, off, size, stride = window_dim_vars("int")
    export.range_on(dom, d, off, size, stride)
    dom.ranges.append(size > 0)
    export.dml_window_on(dom, off, size, stride)
    assert_satisfiable([dom.inputs], "exports without overflow")
    assert_proved(overflow_counterexample(dom, TIMEOUT_MS), "exports without overflow")


# --- each proof can fail: planted mutations give counterexamples ------------------------


def refuted(result: ProofResult) -> bool:
    return not result.proved and result.counterexample is not None


def test_mutation_clamp_off_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """The upper clamp one too high (``d`` instead of ``d - 1`` for a negative step):
    the bounds proof and the agreement proof find inputs where it shows."""
    original = semantics._normalize_index

    def off_by_one(dom: IntDomain[Any, Any], value: Any, d: Any, lo: int, hi: Any) -> Any:
        return original(dom, value, d, lo, dom.add(hi, dom.const(1)))

    monkeypatch.setattr(semantics, "_normalize_index", off_by_one)
    case = axis_slice_case("int", "onnx", 1, 1, False, True)
    assert case.result is not None
    assert refuted(prove(bounds_claim(case), [case.dom.inputs, case.dom.accept]))
    _, members = agreement_claims(case)
    assert refuted(prove(z3.And(*members), [case.dom.inputs, case.dom.accept]))


def test_mutation_missing_masked_case(monkeypatch: pytest.MonkeyPatch) -> None:
    """end_mask ignored: the TensorFlow agreement proof finds a counterexample."""
    original = semantics.clamped_range_on

    def no_end_mask(*args: Any, **kwargs: Any) -> Any:
        kwargs["end_masked"] = False
        return original(*args, **kwargs)

    monkeypatch.setattr(semantics, "clamped_range_on", no_end_mask)
    case = strided_case("int", "tf", 1, 1, (0, 1, 0, 0, 0))
    assert case.result is not None
    _, members = agreement_claims(case)
    assert refuted(prove(z3.And(*members), [case.dom.inputs, case.dom.accept]))


def test_mutation_composition_without_sign(monkeypatch: pytest.MonkeyPatch) -> None:
    """Composed stride ``|s1| * s2`` (the sign of the inner stride dropped)."""

    def unsigned(dom: IntDomain[Any, Any], inner: Any, outer: Any) -> Any:
        o1, _c1, s1 = inner
        o2, c2, s2 = outer
        magnitude = dom.select(dom.lt(s1, dom.const(0)), dom.neg(s1), s1)
        return semantics.normal_dim_on(
            dom, dom.add(o1, dom.mul(s1, o2)), c2, dom.mul(magnitude, s2)
        )

    monkeypatch.setattr(semantics, "compose_dim_on", unsigned)
    dom, windows, (o, _c, s) = composition_terms("int")
    v = dom.variables
    k = z3.Int("k")
    claim = z3.Implies(
        z3.And(k >= 0, k < v["c2"]),
        o + s * k == v["o1"] + v["s1"] * (v["o2"] + v["s2"] * k),
    )
    assert refuted(prove(claim, [dom.inputs, windows]))


def test_mutation_export_end_of_minus_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """A backward range to index 0 exported with end ``-1`` (research D6: the end a
    person writes in Python, which ONNX reads as the last element): the idempotence
    proof finds the window it breaks."""
    monkeypatch.setattr(export, "INT64_MIN", -1)
    dom, d, off, size, stride = window_dim_vars("int")
    r = export.range_on(dom, d, off, size, stride)
    back = semantics.onnx_on(dom, [d], [r.start], [r.end], None, [stride])
    assert refuted(prove(same_window(dom, back, off, size, stride), [dom.inputs]))


def test_mutation_export_dml_window_from_offset(monkeypatch: pytest.MonkeyPatch) -> None:
    """DirectML's window placed at the window's offset whatever the stride's sign
    (DirectML starts a negative stride at the window's end, so the window must end
    there): the idempotence proof finds a negative stride it breaks."""
    original = export.dml_window_on

    def from_offset(dom: IntDomain[Any, Any], o: Any, c: Any, s: Any) -> Any:
        return o, original(dom, o, c, s)[1]

    monkeypatch.setattr(export, "dml_window_on", from_offset)
    dom, d, off, size, stride = window_dim_vars("int")
    dom.ranges.append(size == 2)
    w_off, w_size = export.dml_window_on(dom, off, size, stride)
    r = semantics.dml_slice1_on(dom, [d], [w_off], [w_size], [stride], [2])
    assert refuted(prove(same_window(dom, r, off, size, stride), [dom.inputs]))


def test_contradictory_assumptions_are_no_proof(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A proof whose assumptions no input meets fails as vacuous: with a window-dim
    statement that contradicts itself, an idempotence or composition proof would
    otherwise hold for no window at all."""
    valid = valid_window_dim

    def contradictory(d: Any, off: Any, size: Any, stride: Any) -> Any:
        return z3.And(valid(d, off, size, stride), size < 0)

    monkeypatch.setattr(sys.modules[__name__], "valid_window_dim", contradictory)
    for proof in (
        lambda: test_idempotence_axis_exports("onnx"),
        lambda: test_idempotence_strided_exports("tf", 1, 1),
        lambda: test_idempotence_dml(2),
        test_exports_without_overflow,
        test_composition,
        test_composition_no_overflow,
    ):
        with pytest.raises(AssertionError, match="vacuous, no input meets"):
            proof()


def test_mutation_overflowing_ceil_div(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ceil(a / b)`` as ``(a + b - 1) / b``, the textbook form: it overflows for a
    huge step, and the no-overflow proof finds the input."""

    def textbook(self: IntDomain[Any, Any], a: Any, b: Any) -> Any:
        return self.div(self.sub(self.add(a, b), self.const(1)), b)

    monkeypatch.setattr(Z3Domain, "ceil_div", textbook)
    case = axis_slice_case("bv", "onnx", 1, 1, False, True)
    result = overflow_counterexample(case.dom, TIMEOUT_MS)
    assert refuted(result)
    assert abs(result.counterexample["step0"]) > 2**62  # type: ignore[index]


def test_int_division_matches_machine_division() -> None:
    """The integer sort's quotient and remainder (fresh integers with their defining
    constraints) are C's (z3's bit-vector ``bvsdiv``/``bvsrem``) on the edge values,
    and the only ones the constraints allow."""
    values = [
        INT64_MIN,
        INT64_MIN + 1,
        -(2**62),
        -7,
        -2,
        -1,
        0,
        1,
        2,
        7,
        2**62,
        INT64_MAX,
    ]
    for a, b in itertools.product(values, repeat=2):
        if b == 0 or (a == INT64_MIN and b == -1):
            continue
        bva, bvb = z3.BitVecVal(a, 64), z3.BitVecVal(b, 64)
        q = z3.simplify(bva / bvb).as_signed_long()
        r = z3.simplify(z3.SRem(bva, bvb)).as_signed_long()
        dom = Z3Domain("int")
        claim = z3.And(
            dom.div(dom.const(a), dom.const(b)) == q,
            dom.rem(dom.const(a), dom.const(b)) == r,
        )
        assert_proved(prove(claim, [dom.inputs]), f"{a} / {b}")
