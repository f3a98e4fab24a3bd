"""The integer domain the slice normalization is written over.

Every framework's rule in :mod:`slice_dialect.semantics` is written once, over an
:class:`IntDomain`: static things (masks, opset, rank, number of entries) are Python
control flow, values (indices, steps, axes, dims) are the domain's values, and every
validity check is a :meth:`IntDomain.check`. Three interpretations run the same rules:

* :class:`Ints` (here): Python ints, what the verifier and constant folding use; ``None``
  stands for a value not known (a ``?`` dim, a non-constant operand), and a check whose
  condition is not known is skipped.
* :class:`slice_dialect.ir_domain.IRBuilder`: ``arith`` ops (``i64``, ``i1``) emitted at
  an insertion point, with what is constant folded, and checks as ``slice.check`` ops.
* SMT bit-vector terms (the proofs).

Values are signed 64-bit integers. The rules only use operations that cannot overflow in
64 bits, given that every :meth:`~IntDomain.check` emitted before them held (a failed
check stops the evaluation: :class:`Ints` raises, ``slice.check`` fails the kernel).
:class:`Ints` asserts it: a result outside int64 raises :class:`Int64OverflowError`.
Only the primitives are abstract; the derived operations (:meth:`~IntDomain.clamp`,
:meth:`~IntDomain.ceil_div`, ...) are defined here once, from the primitives, so every
interpretation performs the same operations.
"""

from __future__ import annotations

import operator
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Generic, Literal, TypeVar

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1

V = TypeVar("V")
"""A domain's integer value (an int, an SSA value of type i64, a bit-vector term)."""
B = TypeVar("B")
"""A domain's boolean value (a bool, an SSA value of type i1, a boolean term)."""


class Int64OverflowError(AssertionError):
    """An operation of the normalization left int64: a bug in a rule, never bad input."""


ArithOp = Literal["addi", "subi", "muli", "divsi", "remsi", "minsi", "maxsi"]
"""An integer operation of the rules, by the name of the ``arith`` op that is it."""
Predicate = Literal["slt", "sle", "eq"]
"""A comparison of the rules, by its ``arith.cmpi`` predicate."""
LogicOp = Literal["andi", "ori"]
"""A connective of the rules, by its ``arith`` op on ``i1``."""


class IntDomain(ABC, Generic[V, B]):
    """Signed 64-bit integers and booleans, and the operations the rules use.

    Primitives (abstract): :meth:`const`, :meth:`constant`, :meth:`bool_const`,
    :meth:`arith` (``addi``, ``subi``, ``muli``, ``divsi``, ``remsi``, ``minsi``,
    ``maxsi``), :meth:`cmpi` (``slt``, ``sle``, ``eq``), :meth:`logic` (``andi``,
    ``ori``), :meth:`not_`, :meth:`select`, :meth:`check`. Each domain implements the
    three families as one table. The rules call them by the names below (:meth:`add`,
    :meth:`lt`, :meth:`and_`, ...).
    """

    # --- primitives ---------------------------------------------------------------

    @abstractmethod
    def const(self, value: int) -> V:
        """The constant ``value`` (in int64)."""

    @abstractmethod
    def constant(self, value: V) -> int | None:
        """``value`` as a Python int when it is known when the rule runs, else ``None``.

        Rules use it only to avoid emitting work that a known value makes dead (for
        example which dim a constant axis selects); the result never depends on it.
        """

    @abstractmethod
    def bool_const(self, value: bool) -> B: ...

    @abstractmethod
    def arith(self, op: ArithOp, a: V, b: V) -> V:
        """``a op b`` on signed 64-bit integers, as the ``arith`` op of that name.

        Preconditions a rule guarantees: no result of ``addi``/``subi``/``muli`` leaves
        int64; ``divsi``/``remsi`` (truncating, as C) get a non-zero divisor and never
        ``INT64_MIN / -1``.
        """

    @abstractmethod
    def cmpi(self, predicate: Predicate, a: V, b: V) -> B:
        """``arith.cmpi`` of ``a`` and ``b`` (signed)."""

    @abstractmethod
    def logic(self, op: LogicOp, a: B, b: B) -> B:
        """``a and b`` (``andi``) or ``a or b`` (``ori``)."""

    @abstractmethod
    def not_(self, a: B) -> B: ...

    @abstractmethod
    def select(self, cond: B, if_true: V, if_false: V) -> V: ...

    @abstractmethod
    def check(self, cond: B, message: str, *values: V) -> None:
        """Fail with ``message.format(*values)`` unless ``cond`` holds.

        ``message`` is the verifier's whole message, ``"slice.onnx: steps[0] = {0}: a
        step must be non-zero"``: the op's name, then ``": "``, then the text, with
        ``{0}``, ``{1}``, ... standing for ``values``. A failed check ends the
        evaluation; nothing after it runs.
        """

    # --- integer operations, by name, as the rules call them ----------------------

    def add(self, a: V, b: V) -> V:
        return self.arith("addi", a, b)

    def sub(self, a: V, b: V) -> V:
        return self.arith("subi", a, b)

    def mul(self, a: V, b: V) -> V:
        return self.arith("muli", a, b)

    def div(self, a: V, b: V) -> V:
        """Truncating division (toward zero): ``arith.divsi``, a non-zero divisor and
        never ``INT64_MIN / -1``."""
        return self.arith("divsi", a, b)

    def rem(self, a: V, b: V) -> V:
        """The remainder of :meth:`div` (the sign of ``a``): ``arith.remsi``, with
        :meth:`div`'s preconditions."""
        return self.arith("remsi", a, b)

    def min(self, a: V, b: V) -> V:
        return self.arith("minsi", a, b)

    def max(self, a: V, b: V) -> V:
        return self.arith("maxsi", a, b)

    def neg(self, a: V) -> V:
        return self.sub(self.const(0), a)

    def clamp(self, value: V, lo: V, hi: V) -> V:
        """``min(max(value, lo), hi)`` (``hi`` wins when ``hi < lo``)."""
        return self.min(self.max(value, lo), hi)

    def ceil_div(self, a: V, b: V) -> V:
        """``ceil(a / b)`` for ``b != 0``, without an intermediate leaving int64.

        Truncate, then add 1 where the exact quotient is positive and not whole (there
        the truncated quotient is below ``INT64_MAX``, so the sum fits).
        """
        q, r = self.div(a, b), self.rem(a, b)
        zero = self.const(0)
        positive = self.or_(
            self.and_(self.gt(r, zero), self.gt(b, zero)),
            self.and_(self.lt(r, zero), self.lt(b, zero)),
        )
        return self.add(q, self.select(positive, self.const(1), zero))

    # --- comparisons and connectives -------------------------------------------------

    def lt(self, a: V, b: V) -> B:
        return self.cmpi("slt", a, b)

    def le(self, a: V, b: V) -> B:
        return self.cmpi("sle", a, b)

    def gt(self, a: V, b: V) -> B:
        return self.lt(b, a)

    def ge(self, a: V, b: V) -> B:
        return self.le(b, a)

    def eq(self, a: V, b: V) -> B:
        return self.cmpi("eq", a, b)

    def ne(self, a: V, b: V) -> B:
        return self.not_(self.eq(a, b))

    def in_range(self, value: V, lo: V, hi: V) -> B:
        """``lo <= value < hi``."""
        return self.and_(self.le(lo, value), self.lt(value, hi))

    def and_(self, a: B, b: B) -> B:
        return self.logic("andi", a, b)

    def or_(self, a: B, b: B) -> B:
        return self.logic("ori", a, b)


Known = int | None
"""A value of :class:`Ints`: an int, or ``None`` when not known."""


def _fmt(value: Known) -> str:
    return "?" if value is None else str(value)


def _int64(value: int) -> int:
    value = operator.index(value)  # a Python int: numpy's make numpy bools below
    if not INT64_MIN <= value <= INT64_MAX:
        raise Int64OverflowError(f"{value} is outside int64")
    return value


def truncating_quotient(a: int, b: int) -> int:
    """C's ``a / b`` on unbounded ints (rounded toward 0; ``b != 0``): the rule
    :func:`divsi` and the interpreter's total ``arith.divsi`` share (the C helpers
    are C's ``/``)."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def truncating_remainder(a: int, b: int) -> int:
    """C's ``a % b`` on unbounded ints (the sign of ``a``; ``b != 0``)."""
    return a - truncating_quotient(a, b) * b


def divsi(a: int, b: int) -> int:
    """C's truncating quotient; :class:`Int64OverflowError` where it is not defined."""
    if b == 0 or (a == INT64_MIN and b == -1):
        raise Int64OverflowError(f"{a} / {b} is not defined in int64")
    return truncating_quotient(a, b)


def remsi(a: int, b: int) -> int:
    """C's remainder (the sign of ``a``); :class:`Int64OverflowError` where
    :func:`divsi` is not defined."""
    if b == 0 or (a == INT64_MIN and b == -1):
        raise Int64OverflowError(f"{a} % {b} is not defined in int64")
    return truncating_remainder(a, b)


ARITH: dict[ArithOp, Callable[[int, int], int]] = {
    "addi": operator.add,
    "subi": operator.sub,
    "muli": operator.mul,
    "divsi": divsi,
    "remsi": remsi,
    "minsi": min,
    "maxsi": max,
}
"""Each :data:`ArithOp` on Python ints (before the int64 check)."""
CMPI: dict[Predicate, Callable[[int, int], bool]] = {
    "slt": operator.lt,
    "sle": operator.le,
    "eq": operator.eq,
}


class Ints(IntDomain[Known, bool | None]):
    """Python ints, checked to stay in int64; ``None`` is a value not known.

    An operation with an unknown operand is unknown, except where the known ones decide
    (``False and ?``, ``True or ?``, ``select(?, x, x)``). A check whose condition is
    unknown is skipped (the verifier checks what it can); a failed one raises
    :class:`~slice_dialect.semantics.SliceSemanticsError`.
    """

    def const(self, value: int) -> Known:
        return _int64(value)

    def constant(self, value: Known) -> int | None:
        return value

    def bool_const(self, value: bool) -> bool | None:
        return value

    def arith(self, op: ArithOp, a: Known, b: Known) -> Known:
        return None if a is None or b is None else _int64(ARITH[op](a, b))

    def cmpi(self, predicate: Predicate, a: Known, b: Known) -> bool | None:
        # a Python bool, which the checks test with ``is`` (a numpy int argument made
        # a numpy bool, and the rules skipped checks: session 49's review)
        return None if a is None or b is None else bool(CMPI[predicate](a, b))

    def logic(self, op: LogicOp, a: bool | None, b: bool | None) -> bool | None:
        absorbing = op == "ori"  # False decides an and, True an or
        if a is absorbing or b is absorbing:
            return absorbing
        return None if a is None or b is None else not absorbing

    def not_(self, a: bool | None) -> bool | None:
        return None if a is None else not a

    def select(self, cond: bool | None, if_true: Known, if_false: Known) -> Known:
        if cond is None:
            return if_true if if_true == if_false else None
        return if_true if cond else if_false

    def check(self, cond: bool | None, message: str, *values: Known) -> None:
        if cond is False:
            from slice_dialect.semantics import SliceSemanticsError

            op, detail = message.format(*map(_fmt, values)).split(": ", 1)
            raise SliceSemanticsError(op, detail)


INTS = Ints()
"""The Python-int domain (stateless)."""
