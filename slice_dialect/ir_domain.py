"""The slice normalization as IR: an :class:`~slice_dialect.domain.IntDomain` that emits
``arith`` ops.

:class:`IRBuilder` runs the rules of :mod:`slice_dialect.semantics` on SSA values: each
operation on values not known when it runs becomes an ``arith`` op on ``i64`` (booleans
``i1``) inserted at an insertion point, and each check a ``slice.check`` op that fails
the program with the verifier's message. What is constant folds: a value is a Python
``int`` until an op needs it as an operand, when one ``arith.constant`` is made for it.

```python
dom = IRBuilder.before(op, rewriter)  # or IRBuilder(insert=...)
res = semantics.onnx_on(dom, shape, starts, ends, axes, steps)
offsets = [dom.value(v) for v in res.offsets]  # SSA values (or keep ints static)
```
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    IntegerType,
    LocationAttr,
    UnknownLoc,
    i1,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint, Rewriter

from slice_dialect.dialect import CheckOp, always_runs
from slice_dialect.domain import (
    INTS,
    ArithOp,
    Int64OverflowError,
    IntDomain,
    LogicOp,
    Predicate,
)
from slice_dialect.locations import inherit_text_location

Value = int | SSAValue
"""An ``i64`` value: a Python int (constant, not yet materialized) or an SSA value."""
Bool = bool | SSAValue
"""An ``i1`` value: a Python bool or an SSA value."""

_NEGATED = {
    "slt": "sge",
    "sle": "sgt",
    "eq": "ne",
    "ne": "eq",
    "sgt": "sle",
    "sge": "slt",
}


_ARITH_OPS: dict[ArithOp, Callable[[SSAValue, SSAValue], Operation]] = {
    "addi": arith.AddiOp,
    "subi": arith.SubiOp,
    "muli": arith.MuliOp,
    "divsi": arith.DivSIOp,
    "remsi": arith.RemSIOp,
    "minsi": arith.MinSIOp,
    "maxsi": arith.MaxSIOp,
}
_LOGIC_OPS: dict[LogicOp, Callable[[SSAValue, SSAValue], Operation]] = {
    "andi": arith.AndIOp,
    "ori": arith.OrIOp,
}
Identity = Callable[[Value, Value, int | None, int | None], Value | None]
_IDENTITIES: dict[ArithOp, Identity] = {
    "addi": lambda a, b, ka, kb: a if kb == 0 else b if ka == 0 else None,
    "subi": lambda a, b, ka, kb: a if kb == 0 else None,
    "muli": lambda a, b, ka, kb: a if kb == 1 else b if ka == 1 else None,
    "divsi": lambda a, b, ka, kb: a if kb == 1 else None,
    "remsi": lambda a, b, ka, kb: 0 if kb in (1, -1) else None,
    "minsi": lambda a, b, ka, kb: a if a is b else None,
    "maxsi": lambda a, b, ka, kb: a if a is b else None,
}
"""What each operation gives without an op where one operand alone decides (``x + 0``,
``x * 1``, ``x % 1``, ``min(x, x)``, ...), else ``None``."""


def _pure_key(
    name: str,
    operands: Sequence[SSAValue],
    properties: Mapping[str, Attribute],
    result_types: Sequence[Attribute],
) -> tuple[object, ...]:
    """What ``IRBuilder._pure`` finds an op made before by: its name, operands,
    properties and result types (a constant's looked up before it is made, too)."""
    return (name, tuple(operands), tuple(sorted(properties.items())), tuple(result_types))


class IRBuilder(IntDomain[Value, Bool]):
    """Emits the normalization as ``arith`` ops through ``insert``, folding constants.

    ``insert`` places one op (in order: each op is inserted after the ones before it);
    ``location`` is given to every op made (the framework op's, for diagnostics).
    ``defer``: the ops made may never run (``dialect.always_runs``; ``before`` decides
    it from the anchor): a check constants decide to fail is a ``slice.check``, the
    error of a run that reaches it, not an error now.
    """

    def __init__(
        self,
        insert: Callable[[Operation], None],
        location: LocationAttr | None = None,
        value_type: IntegerType | IndexType = i64,
        defer: bool = False,
    ) -> None:
        self._insert = insert
        self._value_type = value_type
        self._location = location
        self._values: dict[tuple[object, ...], SSAValue] = {}
        self._defer = defer
        self._guarded = False
        """Set where every value from there on is used only where the checks before it
        hold (``past_checks``, or a check known to fail): a fold that leaves int64 is
        emitted as its op instead of raising."""
        self.anchor: Operation | None = None
        """The op the builder inserts before (``before``), which diagnostics name."""
        self._source: Operation | None = None
        """The op whose location every op made gets (``before``), its place in the
        text too (``inherit_text_location``)."""
        self.ops: list[Operation] = []
        """Every op emitted, in order."""

    @staticmethod
    def before(
        anchor: Operation,
        rewriter: PatternRewriter | None = None,
        value_type: IntegerType | IndexType = i64,
        located_at: Operation | None = None,
    ) -> IRBuilder:
        """A builder inserting before ``anchor`` (through ``rewriter`` in a pattern),
        each op at ``anchor``'s location (or ``located_at``'s, the op its checks are
        about)."""

        def insert(op: Operation) -> None:
            if rewriter is not None:
                rewriter.insert(op, InsertPoint.before(anchor))
            else:
                Rewriter.insert_op(op, InsertPoint.before(anchor))

        builder = IRBuilder(insert, (located_at or anchor).location, value_type)
        builder.anchor = anchor
        builder._source = located_at or anchor
        builder._defer = not always_runs(anchor)
        return builder

    @staticmethod
    def at(point: InsertPoint) -> IRBuilder:
        """A builder inserting at ``point`` (each op after the previous one)."""
        anchor = point.insert_before
        if anchor is not None:
            return IRBuilder.before(anchor)
        block = point.block

        def insert(op: Operation) -> None:
            block.add_op(op)

        return IRBuilder(insert)

    def retyped(self, value_type: IntegerType | IndexType) -> IRBuilder:
        """A builder inserting where this one does, at its location, computing on
        ``value_type`` (``index`` for positions in a tensor); both share the list of
        ops emitted, so a check of either counts for the other's folds."""
        builder = IRBuilder(self._insert, self._location, value_type)
        builder.anchor = self.anchor
        builder._source = self._source
        builder.ops = self.ops
        builder._values = self._values  # keyed by type too: one constant per value
        builder._guarded = self._guarded
        builder._defer = self._defer
        return builder

    @property
    def fails(self) -> bool:
        """Whether a ``slice.check`` emitted (by this builder or one ``retyped`` from
        it) is known to fail: one made only where the ops may never run (``defer``),
        or after a run-time check. What is made after it never runs."""
        return any(
            isinstance(op, CheckOp) and self.constant(op.condition) == 0
            for op in self.ops
        )

    @property
    def location(self) -> LocationAttr:
        """The location every op made gets (unknown if none was given)."""
        return self._location if self._location is not None else UnknownLoc()

    # --- emitting ----------------------------------------------------------------------

    def emit(self, op: Operation) -> SSAValue | None:
        """Insert ``op``; its first result, if any."""
        if self._location is not None:
            op.location = self._location
        if self._source is not None:
            inherit_text_location(op, self._source)
        self._insert(op)
        self.ops.append(op)
        return op.results[0] if op.results else None

    def emit_value(self, op: Operation) -> SSAValue:
        """Insert ``op``, an op with a result; its first result."""
        result = self.emit(op)
        assert result is not None
        return result

    def _pure(self, op: Operation) -> SSAValue:
        """The result of ``op``, an ``arith`` op without side effects (a constant
        too): the one made
        before from the same operands and properties where there is one (the builder
        inserts in one straight line, so that one dominates), else ``op``'s. What
        MLIR's canonicalizer leaves of a normalization has each value once."""
        key = _pure_key(op.name, op.operands, op.properties, op.result_types)
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = self.emit_value(op)
        else:
            op.erase()  # never inserted: drops its operands' uses
        return found

    def index_constant(self, value: int) -> SSAValue:
        """An ``index`` constant (one per value)."""
        return self._constant(value, IndexType())

    def value(self, v: Value) -> SSAValue:
        """``v`` as an SSA value of the builder's value type (``i64`` unless made with
        another ``value_type``, e.g. ``index``); one constant per value."""
        if isinstance(v, SSAValue):
            return v
        return self._constant(v, self._value_type)

    def bool_value(self, b: Bool) -> SSAValue:
        """``b`` as an SSA value of type ``i1``."""
        if isinstance(b, SSAValue):
            return b
        return self._constant(1 if b else 0, i1)

    def _constant(self, v: int, t: IntegerType | IndexType) -> SSAValue:
        value = IntegerAttr(v, t)
        # the key _pure gives the op, looked up before the op is made: most constants
        # are made again (session 65: 78% of them in the dynamic tests), and an op
        # costs far more to make than to look up; a key that differed would only miss
        found = self._values.get(_pure_key("arith.constant", (), {"value": value}, (t,)))
        return found if found is not None else self._pure(arith.ConstantOp(value))

    # --- primitives ----------------------------------------------------------------

    def const(self, value: int) -> Value:
        return INTS.const(value)  # an int, checked to lie in int64

    def constant(self, value: Value) -> int | None:
        if isinstance(value, int):
            return value
        owner = value.owner
        if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
            return owner.value.value.data
        return None

    def bool_const(self, value: bool) -> Bool:
        return value

    def arith(self, op: ArithOp, a: Value, b: Value) -> Value:
        ka, kb = self.constant(a), self.constant(b)
        same = _IDENTITIES[op](a, b, ka, kb)
        if same is not None:
            return same
        if ka is not None and kb is not None:
            try:
                folded = INTS.arith(op, ka, kb)
                assert folded is not None  # both operands are known
                return folded
            except Int64OverflowError:
                if not self._guarded:
                    raise
        return self._pure(_ARITH_OPS[op](self.value(a), self.value(b)))

    def cmpi(self, predicate: Predicate, a: Value, b: Value) -> Bool:
        if predicate == "eq" and a is b:
            return True
        ka, kb = self.constant(a), self.constant(b)
        if ka is not None and kb is not None:
            known = INTS.cmpi(predicate, ka, kb)
            assert known is not None
            return known
        return self._pure(arith.CmpiOp(self.value(a), self.value(b), predicate))

    def logic(self, op: LogicOp, a: Bool, b: Bool) -> Bool:
        """``a op b``, folded where an operand is known: the absorbing one (False for
        ``andi``, True for ``ori``) decides it, the other leaves the operand."""
        absorbing = op == "ori"
        if a is absorbing or b is absorbing:
            return absorbing
        if isinstance(a, bool):
            return b
        if isinstance(b, bool):
            return a
        return self._pure(_LOGIC_OPS[op](a, b))

    def not_(self, a: Bool) -> Bool:
        if isinstance(a, bool):
            return not a
        owner = a.owner
        if isinstance(owner, arith.CmpiOp):
            predicate = arith.CMPI_COMPARISON_OPERATIONS[owner.predicate.value.data]
            if predicate in _NEGATED:
                return self._pure(arith.CmpiOp(owner.lhs, owner.rhs, _NEGATED[predicate]))
        return self._pure(arith.XOrIOp(a, self.bool_value(True)))

    def select(self, cond: Bool, if_true: Value, if_false: Value) -> Value:
        if isinstance(cond, bool):
            return if_true if cond else if_false
        kt, kf = self.constant(if_true), self.constant(if_false)
        if if_true is if_false or (kt is not None and kt == kf):
            return if_true
        return self._pure(arith.SelectOp(cond, self.value(if_true), self.value(if_false)))

    def past_checks(self) -> None:
        """From here on, every value is used only where the checks emitted before
        hold: a fold of constants that leaves int64 (possible only where those checks
        fail, or where the value selects nothing, as the stride of a window of one
        element) is emitted as its op, which wraps as ``arith`` does, instead of
        raising (``convert-slice-to-loops`` and the composition of dynamic windows,
        on static values no source can make valid: a size of 2**62 on a ``?`` dim)."""
        self._guarded = True

    def check(self, cond: Bool, message: str, *values: Value) -> None:
        """Emit ``slice.check``. A condition known false, with known values and no
        check emitted before it, fails now with :class:`SliceSemanticsError`, as
        :class:`~slice_dialect.domain.Ints` does; after an emitted check it is an op
        (the earlier check's message comes first at run time), and so it is where the
        ops made may never run (``dialect.always_runs``)."""
        if cond is True:
            return
        known = [self.constant(v) for v in values]
        emitted = any(isinstance(op, CheckOp) for op in self.ops)
        if cond is False and None not in known and not emitted and not self._defer:
            INTS.check(False, message, *known)
        if cond is False:
            # Fails whenever the checks before it hold: what follows never runs, so
            # folds there may meet what only checked values exclude (a 0 divisor).
            self._guarded = True
        self.emit(
            CheckOp(self.bool_value(cond), message, [self.i64_value(v) for v in values])
        )

    def i64_value(self, v: Value) -> SSAValue:
        """``v`` as an ``i64`` SSA value (what ``slice.check`` reports), cast from
        ``index`` when the builder computes on ``index``."""
        if not isinstance(v, SSAValue):
            return self._constant(v, i64)
        if isinstance(v.type, IndexType):
            return self._pure(arith.IndexCastOp(v, i64))
        return v
