"""The slice normalization as SMT terms, to prove what tests only sample.

:class:`Z3Domain` is the third interpretation of the rules of
:mod:`slice_dialect.semantics` (after :class:`~slice_dialect.domain.Ints` and
:class:`~slice_dialect.ir_domain.IRBuilder`): every value is a z3 term over symbolic
parameters and dims, so one run of a rule describes its result for every input at once.
Static things (masks, opset, rank, number of entries) stay Python, as in the other
domains, so one run covers one static choice.

The domain records, beside the terms:

* ``accept``: the conjunction of every :meth:`~IntDomain.check` condition, i.e. the
  inputs the rule accepts;
* ``obligations``: for every primitive operation (``add``, ``sub``, ``mul``, ``div``,
  ``rem``), the condition under which its result stays in int64 (and, for ``div`` and
  ``rem``, the divisor is non-zero and not ``INT64_MIN / -1``), with the conditions of the
  checks performed before it (a failed check ends the evaluation, so an operation runs
  only where they held).

Two sorts are available. ``"bv"``: 64-bit bit-vectors, the machine's semantics, with the
obligations stated by z3's ``BVAddNoOverflow`` & co. ``"int"``: mathematical integers,
with the obligations stated as ``INT64_MIN <= result <= INT64_MAX``. Where every
obligation holds (which :func:`overflow_counterexample` proves in ``"bv"``), both sorts
compute the same values, so properties of the results (bounds, agreement with a rule,
composition) may be proved in ``"int"``, where z3's arithmetic solver handles the
products and quotients that bit-blasting a 64-bit multiplier or divider makes slow.

Users may prove their own rules with it::

    dom = Z3Domain("bv")
    d = dom.dim("d")
    start, end, step = dom.var("start"), dom.var("end"), dom.var("step")
    res = semantics.onnx_on(dom, [d], [start], [end], None, [step])
    assert overflow_counterexample(dom) is None
"""

from __future__ import annotations

import operator
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import z3

from slice_dialect.domain import (
    INT64_MAX,
    INT64_MIN,
    ArithOp,
    IntDomain,
    LogicOp,
    Predicate,
)

_KINDS: dict[ArithOp, str] = {
    "addi": "add",
    "subi": "sub",
    "muli": "mul",
    "divsi": "div",
    "remsi": "rem",
    "minsi": "min",
    "maxsi": "max",
}
"""Each operation's name in the obligations (``Obligation.kind``)."""
_TERMS: dict[str, Callable[[Any, Any], Any]] = {
    "add": operator.add,
    "sub": operator.sub,
    "mul": operator.mul,
    "div": operator.truediv,  # bvsdiv on bit-vectors
    "rem": z3.SRem,
    "slt": operator.lt,  # signed on bit-vectors
    "sle": operator.le,
    "eq": operator.eq,
}
"""The z3 term of an operation on two terms (``div`` and ``rem`` on bit-vectors)."""
_NO_WRAP: dict[str, Callable[[z3.ExprRef, z3.ExprRef], z3.BoolRef]] = {
    "add": lambda a, b: z3.And(z3.BVAddNoOverflow(a, b, True), z3.BVAddNoUnderflow(a, b)),
    "sub": lambda a, b: z3.And(z3.BVSubNoOverflow(a, b), z3.BVSubNoUnderflow(a, b, True)),
    "mul": lambda a, b: z3.And(z3.BVMulNoOverflow(a, b, True), z3.BVMulNoUnderflow(a, b)),
}
"""The 64-bit bit-vector ``add``, ``sub`` and ``mul`` that neither overflow nor
underflow (signed)."""

Sort = Literal["bv", "int"]

WIDTH = 64
DIM_MAX = 2**62
"""The largest dim the proofs take by default (the issue's bound; any dim up to this)."""


@dataclass(frozen=True)
class Obligation:
    """An operation's no-overflow condition ``cond``, needed where ``path`` holds."""

    kind: str
    path: z3.BoolRef
    cond: z3.BoolRef


@dataclass
class ProofResult:
    """The answer of :func:`prove`: ``proved``, or a ``counterexample`` (a model)."""

    proved: bool
    counterexample: dict[str, int] | None
    seconds: float
    status: str = ""

    def __bool__(self) -> bool:
        return self.proved


class Z3Domain(IntDomain[z3.ExprRef, z3.BoolRef]):
    """Signed 64-bit integers as z3 terms (bit-vectors or mathematical integers)."""

    def __init__(self, sort: Sort = "bv") -> None:
        self.sort: Sort = sort
        self.checks: list[tuple[z3.BoolRef, str]] = []
        self.obligations: list[Obligation] = []
        self.variables: dict[str, z3.ExprRef] = {}
        self.ranges: list[z3.BoolRef] = []
        self._quotients: dict[tuple[int, int], tuple[z3.ArithRef, z3.ArithRef]] = {}
        """What the inputs are: each variable in int64, each dim in ``[0, max]``."""

    # --- inputs ---------------------------------------------------------------------

    def var(self, name: str) -> z3.ExprRef:
        """A fresh parameter value: any int64."""
        if name in self.variables:
            raise ValueError(f"variable {name} already exists")
        v = z3.BitVec(name, WIDTH) if self.sort == "bv" else z3.Int(name)
        self.variables[name] = v
        if self.sort == "int":
            self.ranges.append(z3.And(v >= INT64_MIN, v <= INT64_MAX))
        return v

    def dim(self, name: str, max_dim: int = DIM_MAX) -> z3.ExprRef:
        """A fresh dim: any value in ``[0, max_dim]``."""
        v = self.var(name)
        self.ranges.append(self.le(self.const(0), v))
        self.ranges.append(self.le(v, self.const(max_dim)))
        return v

    @property
    def accept(self) -> z3.BoolRef:
        """The inputs the rule accepts: every check held."""
        return z3.And(*[c for c, _ in self.checks]) if self.checks else z3.BoolVal(True)

    @property
    def inputs(self) -> z3.BoolRef:
        """The input ranges (each variable in int64, each dim in its range)."""
        return z3.And(*self.ranges) if self.ranges else z3.BoolVal(True)

    def _path(self) -> z3.BoolRef:
        return self.accept

    def _oblige(self, kind: str, cond: z3.BoolRef) -> None:
        self.obligations.append(Obligation(kind, self._path(), cond))

    def _in_int64(self, v: z3.ArithRef) -> z3.BoolRef:
        return z3.And(v >= INT64_MIN, v <= INT64_MAX)

    # --- primitives -----------------------------------------------------------------

    def const(self, value: int) -> z3.ExprRef:
        if not INT64_MIN <= value <= INT64_MAX:
            raise ValueError(f"{value} is outside int64")
        if self.sort == "bv":
            return z3.BitVecVal(value, WIDTH)
        return z3.IntVal(value)

    def constant(self, value: z3.ExprRef) -> int | None:
        if z3.is_bv_value(value):
            assert isinstance(value, z3.BitVecNumRef)
            return value.as_signed_long()
        if z3.is_int_value(value):
            assert isinstance(value, z3.IntNumRef)
            return value.as_long()
        return None

    def bool_const(self, value: bool) -> z3.BoolRef:
        return z3.BoolVal(value)

    def _exact(
        self, kind: str, a: z3.ExprRef, b: z3.ExprRef, r: z3.ExprRef
    ) -> z3.ExprRef:
        """``r = a <kind> b`` with the obligation that it is exact: no wrap on
        bit-vectors, inside int64 on integers."""
        exact = _NO_WRAP[kind](a, b) if self.sort == "bv" else self._in_int64(r)  # type: ignore[arg-type]
        self._oblige(kind, exact)
        return r

    def _divisor_ok(self, kind: str, a: z3.ExprRef, b: z3.ExprRef) -> None:
        if self.sort == "bv":
            self._oblige(kind, z3.And(b != 0, z3.BVSDivNoOverflow(a, b)))
        else:
            self._oblige(kind, z3.And(b != 0, z3.Not(z3.And(a == INT64_MIN, b == -1))))

    def _quotient(
        self, a: z3.ArithRef, b: z3.ArithRef
    ) -> tuple[z3.ArithRef, z3.ArithRef]:
        """Fresh integers ``q, r`` with ``a == q * b + r``, ``|r| < |b|``, ``r`` zero or
        of the sign of ``a``: C's truncating quotient and remainder where ``b != 0``
        (the definition joins :attr:`inputs`; z3 reasons about it far better than
        about nested ``div``/``mod`` terms)."""
        key = (a.get_id(), b.get_id())
        if key not in self._quotients:
            n = len(self._quotients)
            q, r = z3.Int(f"quotient!{n}"), z3.Int(f"remainder!{n}")
            abs_b = z3.If(b < 0, -b, b)
            self.ranges.append(
                z3.Implies(
                    b != 0,
                    z3.And(
                        a == q * b + r,
                        r < abs_b,
                        -abs_b < r,
                        z3.Or(r == 0, (r < 0) == (a < 0)),
                    ),
                )
            )
            self._quotients[key] = (q, r)
        return self._quotients[key]

    def arith(self, op: ArithOp, a: z3.ExprRef, b: z3.ExprRef) -> z3.ExprRef:
        kind = _KINDS[op]
        if kind in _NO_WRAP:
            return self._exact(kind, a, b, _TERMS[kind](a, b))
        if kind in ("div", "rem"):
            self._divisor_ok(kind, a, b)
            if self.sort == "bv":
                return _TERMS[kind](a, b)  # bvsdiv, bvsrem: truncating
            quotient, remainder = self._quotient(a, b)  # type: ignore[arg-type]
            return remainder if kind == "rem" else quotient
        less = self.lt(a, b)
        return z3.If(less, a, b) if kind == "min" else z3.If(less, b, a)

    def cmpi(self, predicate: Predicate, a: z3.ExprRef, b: z3.ExprRef) -> z3.BoolRef:
        return _TERMS[predicate](a, b)  # type: ignore[return-value]  # signed for BitVec

    def logic(self, op: LogicOp, a: z3.BoolRef, b: z3.BoolRef) -> z3.BoolRef:
        return z3.And(a, b) if op == "andi" else z3.Or(a, b)

    def not_(self, a: z3.BoolRef) -> z3.BoolRef:
        return z3.Not(a)

    def select(
        self, cond: z3.BoolRef, if_true: z3.ExprRef, if_false: z3.ExprRef
    ) -> z3.ExprRef:
        return z3.If(cond, if_true, if_false)

    def check(self, cond: z3.BoolRef, message: str, *values: z3.ExprRef) -> None:
        self.checks.append((cond, message))


RETRY_SEEDS = (0, 1, 2)
"""The random seeds :func:`prove` tries in turn while the solver gives up (and
:func:`overflow_counterexample` for each query it gives up on): z3's search,
and so its time, depends on the seed and on the terms the process made before it (in
one full suite run of session 61 a proof that takes 0.2 s, ``test_expand_groups``, gave
up at its 120 s timeout; alone, and in every other run, it took 0.2 s). A claim z3
cannot decide takes a timeout per seed before it is reported undecided."""


def prove(
    claim: z3.BoolRef,
    assumptions: Sequence[z3.BoolRef] = (),
    timeout_ms: int = 60_000,
    seeds: Sequence[int] = RETRY_SEEDS,
) -> ProofResult:
    """Prove ``claim`` for every assignment satisfying ``assumptions``.

    Returns ``proved`` when the negation is unsatisfiable, else a counterexample (the
    model's values, signed); a solver that gives up (``unknown``) is asked again with
    the next of ``seeds``, each try with ``timeout_ms``, and giving up on every one is
    not a proof (``status`` says so).
    """
    start = time.perf_counter()
    reasons: list[str] = []
    for seed in seeds:
        solver = z3.Solver()
        solver.set("timeout", timeout_ms)
        solver.set("random_seed", seed)
        solver.add(*assumptions)
        solver.add(z3.Not(claim))
        status = solver.check()
        seconds = time.perf_counter() - start
        if status == z3.unsat:
            return ProofResult(True, None, seconds, "unsat")
        if status == z3.sat:
            return ProofResult(False, model_values(solver.model()), seconds, "sat")
        reasons.append(f"seed {seed}: {solver.reason_unknown()}")
    return ProofResult(
        False, None, time.perf_counter() - start, "unknown: " + "; ".join(reasons)
    )


def model_values(model: z3.ModelRef) -> dict[str, int]:
    """A model's integer and bit-vector constants, bit-vectors read as signed."""
    values: dict[str, int] = {}
    for decl in model.decls():
        v = model[decl]
        if z3.is_bv_value(v):
            values[decl.name()] = v.as_signed_long()  # type: ignore[union-attr]
        elif z3.is_int_value(v):
            values[decl.name()] = v.as_long()  # type: ignore[union-attr]
    return values


_PROVED: dict[tuple[int, int, int], tuple[z3.ExprRef, ...]] = {}
"""(condition, inputs, path) already proved, by term id (terms are hash-consed, so a rule
run again over the same variables gives the same ids): proved once per process. The
values keep the terms alive, so that their ids are not reused."""


def overflow_counterexample(
    dom: Z3Domain, timeout_ms: int = 60_000, seeds: Sequence[int] = RETRY_SEEDS
) -> ProofResult:
    """Prove that no operation recorded by ``dom`` leaves int64 (or divides by zero or
    ``INT64_MIN / -1``) for any inputs in their ranges, where it runs (after the checks
    before it held). ``proved`` is False with a counterexample if one does.

    One query per distinct operation (an incremental solver holding the input ranges,
    with the first of ``seeds``); an add or sub is first tried without its path
    condition (a stronger claim, usually easier), then with it. A query the solver gives
    up on is asked again alone, as :func:`prove` asks, with each of the other seeds.
    """
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.set("random_seed", seeds[0])
    solver.add(dom.inputs)
    inputs = dom.inputs.get_id()
    start = time.perf_counter()
    for o in dom.obligations:
        cond = z3.simplify(o.cond)
        if z3.is_true(cond):
            continue
        keys = [(cond.get_id(), inputs, -1), (cond.get_id(), inputs, o.path.get_id())]
        if any(k in _PROVED for k in keys):
            continue
        attempts = [[], [o.path]] if o.kind in ("add", "sub") else [[o.path]]
        for extra in attempts:
            solver.push()
            solver.add(*extra, z3.Not(cond))
            status = solver.check()
            counterexample = model_values(solver.model()) if status == z3.sat else None
            reason = solver.reason_unknown() if status == z3.unknown else ""
            solver.pop()
            if status == z3.unknown:
                again = prove(cond, [dom.inputs, *extra], timeout_ms, seeds[1:])
                if again.proved:
                    status = z3.unsat
                elif again.counterexample is not None:
                    status, counterexample = z3.sat, again.counterexample
                elif extra is not attempts[-1]:  # the claim with the path may be easier
                    continue
                else:
                    reasons = [f"seed {seeds[0]}: {reason}"]
                    if again.status != "unknown: ":
                        reasons.append(again.status.removeprefix("unknown: "))
                    return ProofResult(
                        False,
                        None,
                        time.perf_counter() - start,
                        f"unknown ({o.kind}): " + "; ".join(reasons),
                    )
            if status == z3.unsat:
                _PROVED[keys[len(extra)]] = (cond, dom.inputs, *extra)
                break
        else:
            assert counterexample is not None
            return ProofResult(
                False, counterexample, time.perf_counter() - start, f"sat ({o.kind})"
            )
    return ProofResult(True, None, time.perf_counter() - start, "unsat")


def selects(
    offset: z3.ArithRef, size: z3.ArithRef, stride: z3.ArithRef, i: z3.ArithRef
) -> z3.BoolRef:
    """``i == offset + stride * c`` for some ``0 <= c < size`` (integer sort), without a
    quantifier: ``c = (i - offset) / stride``, which must be whole."""
    delta = i - offset
    return z3.And(
        size > 0,
        stride != 0,
        delta % stride == 0,
        delta / stride >= 0,
        delta / stride < size,
    )


def to_int(v: z3.ExprRef) -> z3.ArithRef:
    """An int-sort term for ``v`` (a signed bit-vector or already an integer)."""
    if z3.is_bv(v):
        return z3.BV2Int(v, is_signed=True)
    return v  # type: ignore[return-value]
