"""Memory safety of the C target: a static analysis of the whole lowered module.

``check_module`` runs before the C target prints anything. It proves, for every function,
that the C the target prints for it touches only memory inside its buffers, frees each
buffer at most once and never uses it afterwards, ends every loop and never overflows an
``int64_t``; for any program where it cannot prove this it raises a ``SliceError`` naming
the op (and its ``file:line:col`` when it has one). It is exact on the loops
``convert-slice-to-loops`` emits, and conservative elsewhere: a program it cannot prove
safe is refused even if it happens to be safe.

What it reasons about:

- **integer values as intervals** (exact Python integers) of ``index``, ``i64``,
  ``i32``, ``i16``, ``i8`` and ``i1`` (``[0, 1]``, as the C's ``_Bool``):
  ``arith.constant``; the ``arith`` ops of ``INDEX_RULES`` (``addi``/``subi``/``muli``,
  ``divsi``/``remsi`` as the C's total helpers, ``maxsi``/``minsi`` exactly (on
  ``i1`` in the signed order, true below false),
  ``cmpi``/``andi``/``ori``/``xori`` on ``i1`` in ``[0, 1]``, ``select`` the hull, the
  casts); ``memref.dim`` (the static size, or ``[0, INT64_MAX]``: the C checks each
  ``slice_dims`` entry); ``memref.load`` of an ``iN`` element (the ``iN`` range; an
  ``i1`` is the ``_Bool`` of its byte, as ``c._load`` prints it); the induction variable of each ``scf.for``. **Overflow**: an ``addi``/``subi``/``muli``
  with ``overflow<nsw>`` is plain C, so an exact result that may leave its type is
  refused (signed overflow); one without the flag wraps (the C's helper), its interval
  is exact when it cannot wrap, else the whole range of its type.
- **loops**: the step of an ``scf.for`` must be one known value >= 1 (a step of 0 never
  ends, a negative one walks away from the bound); bounds may be intervals (run-time
  values). The induction variable lies in ``[lb, last]`` (exact when the bounds are
  constants), and the C's final ``i += step`` must stay in ``int64_t``. A loop that
  provably never runs is fine; its body is checked for what it is (known ops, alloc
  and dealloc discipline) but its accesses never happen. ``scf.if`` (no results):
  each branch that may run is checked as live.
- **accesses** (``ACCESS_RULES``: op name -> the index intervals the op reads or writes):
  each must lie in the static shape of the memref (or view) it goes through, in every
  dimension (an access through a memref with a ``?`` dim is refused, but for a
  ``memref.load``/``memref.store``, whose indices on ``?`` dims the C guards at run
  time: ``Access.guarded``; its static dims are proved);
  ``memref.copy`` needs equal static shapes and element types; ``slice.copy_run``
  reads and writes the runs ABI.md gives; ``slice.fill_constant`` writes all of its
  static buffer. ``slice.dynamic_copy_run`` is accepted
  without a proof because it guards itself at run time (c.py; with ``loops``, the whole
  nest once, before it copies); its views must still be rank-1 buffers of the function
  and its index operands (and ``prefetch_if``) defined values.
- **buffers**: function arguments (static shape or with ``?`` dims), ``memref.alloc``
  results (static only) and ``memref.collapse_shape`` views of them (same element
  type; a static view has the same element count, a ``?`` dim of a view comes from a
  group with a ``?`` dim), and static ``memref.expand_shape`` views of static buffers
  (the same element type and count), are the only memrefs; identity layout, at most
  ``INT64_MAX`` bytes of static dims.
- **allocation**: ``memref.alloc`` of a static shape of at most ``ALLOC_LIMIT_BYTES``
  (a larger one is refused; a smaller one that fails at run time makes the call fail
  with code 1, see ABI.md); where it lives is the C target's choice (``c.on_stack``: a
  local array only within ``c.STACK_BUDGET_BYTES`` per kernel, else the heap; a
  called function's arrays are all on the heap, since frames of a chain of calls add
  up), so no call can overflow the stack with its arrays. ``memref.dealloc`` must free a ``memref.alloc``
  of its own block (not a view, not an argument, never from a loop nested below the
  alloc), at most once, and nothing may use the buffer (or a view of it) after it.
- ``slice.check``: its condition and (at most 4) values must be defined integers.
- **everything else is refused**, with the op named: an op kind with no rule here,
  ``iter_args``, results of ``scf.if``, operands of ``func.return``/``scf.yield``,
  dynamic allocations, non-memref function arguments, functions of several blocks.

Reads of an ``memref.alloc`` never written are harmless, not refused: the C target
zero-initialises every allocation (ABI.md), so no read is of uninitialised memory.

A new op of the lowered IR plugs in with one entry: ``ACCESS_RULES`` if it reads or
writes buffers (a function giving its ``Access`` list), ``INDEX_RULES`` if it computes an
index, ``OP_RULES`` for anything else.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from xdsl.dialects import arith, builtin, func, memref, scf
from xdsl.dialects.builtin import FloatAttr, IndexType, IntegerAttr, MemRefType
from xdsl.ir import Attribute, Block, BlockArgument, Operation, SSAValue
from xdsl.utils.exceptions import VerifyException

from slice_dialect import semantics
from slice_dialect.dialect import CheckOp, DynamicCopyRunOp, FillConstantOp
from slice_dialect.dtypes import storage_bytes
from slice_dialect.errors import SliceError
from slice_dialect.locations import location_text

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1

ALLOC_LIMIT_BYTES = 2**40
"""The largest ``memref.alloc`` (in bytes, 1 TiB) the C target accepts. Larger is no
real program's intermediate and more than any address space maps at once (it is also
AddressSanitizer's largest allocation); below it, an allocation that fails at run time
makes the call return code 1 (ABI.md), never an access."""


@dataclass(frozen=True)
class Interval:
    """The integers ``lo..hi`` (both included, ``lo <= hi``) a value may take."""

    lo: int
    hi: int

    @staticmethod
    def point(value: int) -> Interval:
        return Interval(value, value)

    def is_point(self) -> bool:
        return self.lo == self.hi

    def fits_int64(self) -> bool:
        return self.lo >= INT64_MIN and self.hi <= INT64_MAX

    def __add__(self, other: Interval) -> Interval:
        return Interval(self.lo + other.lo, self.hi + other.hi)

    def __sub__(self, other: Interval) -> Interval:
        return Interval(self.lo - other.hi, self.hi - other.lo)

    def __mul__(self, other: Interval) -> Interval:
        corners = [a * b for a in (self.lo, self.hi) for b in (other.lo, other.hi)]
        return Interval(min(corners), max(corners))

    def __str__(self) -> str:
        return str(self.lo) if self.is_point() else f"[{self.lo}, {self.hi}]"

    def hull(self, other: Interval) -> Interval:
        return Interval(min(self.lo, other.lo), max(self.hi, other.hi))

    def within(self, other: Interval) -> bool:
        return other.lo <= self.lo and self.hi <= other.hi


def type_range(width: int) -> Interval:
    """The values of a C value of an ``iN`` (``index``: 64) value: ``[0, 1]`` for
    ``i1`` (``_Bool``), the signed range of the width otherwise."""
    if width == 1:
        return Interval(0, 1)
    return Interval(-(2 ** (width - 1)), 2 ** (width - 1) - 1)


def integer_width(t: Attribute) -> int | None:
    """64 for ``index``, N for ``i1``/``i8``/``i16``/``i32``/``i64``, else ``None``."""
    if isinstance(t, IndexType):
        return 64
    if isinstance(t, builtin.IntegerType) and t.width.data in (1, 8, 16, 32, 64):
        return t.width.data
    return None


@dataclass(frozen=True)
class Buffer:
    """What a memref value is: a view (or the whole) of ``root``, a function argument or
    a ``memref.alloc`` result, with the static type ``type``."""

    root: SSAValue
    type: MemRefType[Attribute]

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self.type.get_shape())


@dataclass(frozen=True)
class Access:
    """Elements an op reads or writes: through the memref ``buffer``, at every index
    whose dimension ``d`` lies in ``indices[d]``. ``what`` names it in messages."""

    buffer: SSAValue
    indices: tuple[Interval, ...]
    write: bool
    what: str
    guarded: bool = False
    """Whether the C guards each index on a ``?`` dim of the buffer at run time (a
    ``memref.load`` or ``memref.store``: ``c.FunctionPrinter.linear_index``); only its
    static dims are then proved here."""


def _is(interval: Interval) -> str:
    """``is 7`` or ``may be anywhere in [0, 9]``."""
    return f"is {interval}" if interval.is_point() else f"may be anywhere in {interval}"


def op_name(op: Operation) -> str:
    """The op's name as written, also for ops of unregistered dialects."""
    if isinstance(op, builtin.UnregisteredOp):
        return op.op_name.data
    return op.name


def value_name(value: SSAValue) -> str:
    """``%name`` of ``value`` for messages, when it has one."""
    return f"%{value.name_hint}" if value.name_hint else "a value"


def op_error(op: Operation, message: str) -> SliceError:
    """``SliceError('<op name>: message')`` at the op's location."""
    return SliceError(f"{op_name(op)}: {message}", location_text(op))


T = TypeVar("T")


def _known(table: Mapping[SSAValue, T], op: Operation, value: SSAValue, error: str) -> T:
    """What ``table`` knows of ``value``, else the error ``error`` at ``op``."""
    known = table.get(value)
    if known is None:
        raise op_error(op, error)
    return known


@dataclass
class FunctionChecker:
    """Checks one ``func.func``; the rule tables call back into it."""

    function: func.FuncOp
    intervals: dict[SSAValue, Interval] = field(default_factory=dict[SSAValue, Interval])
    buffers: dict[SSAValue, Buffer] = field(default_factory=dict[SSAValue, Buffer])
    freed: dict[SSAValue, Operation] = field(default_factory=dict[SSAValue, Operation])
    """Each freed buffer (a ``memref.alloc`` result) and the dealloc that freed it."""
    live: bool = True
    """Whether the ops being checked may run (false inside a loop that never runs)."""
    functions: Mapping[str, func.FuncOp] = field(default_factory=dict[str, func.FuncOp])
    """The functions of the module by name: the callees of ``func.call``."""
    calling: list[func.FuncOp] = field(default_factory=list[func.FuncOp])
    """The functions whose bodies are being checked at their calls, outermost first."""

    # Values

    def index(self, op: Operation, value: SSAValue, what: str) -> Interval:
        """The interval of the index ``value`` (operand ``what`` of ``op``)."""
        if not isinstance(value.type, IndexType):
            raise op_error(
                op, f"{what} {value_name(value)} has type {value.type}, not index"
            )
        return self.integer(op, value, what)

    def integer(self, op: Operation, value: SSAValue, what: str) -> Interval:
        """The interval of the integer (``index``, ``iN``) ``value``."""
        return _known(
            self.intervals,
            op,
            value,
            f"{what} {value_name(value)} is not an integer the C target can bound "
            "(arith results, memref.dim, loads of integer elements and scf.for "
            "induction variables are)",
        )

    def static_type(
        self, op: Operation, t: Attribute, what: str, *, dynamic: bool = False
    ) -> MemRefType[Attribute]:
        """``t`` as a memref of static shape (``?`` dims too if ``dynamic``), identity
        layout, known element size, at most ``INT64_MAX`` bytes (its static dims)."""
        if not isinstance(t, MemRefType):
            raise op_error(op, f"{what} has type {t}, not a memref")
        if not isinstance(t.layout, builtin.NoneAttr):
            raise op_error(op, f"{what} has type {t}; only identity layouts are checked")
        shape = t.get_shape()
        if not dynamic and any(d < 0 for d in shape):
            raise op_error(
                op,
                f"{what} has the dynamic type {t}; dynamic shapes are checked only for "
                "function arguments, memref.collapse_shape views of them and memref.alloc "
                "results with sizes",
            )
        try:
            size = storage_bytes(t.element_type)
        except SliceError as error:
            raise op_error(op, f"{what} has type {t}: {error}") from None
        if math.prod(d for d in shape if d >= 0) * size > INT64_MAX:
            raise op_error(
                op, f"{what} has type {t}, more than {INT64_MAX} bytes (int64_t offsets)"
            )
        return t

    def buffer(self, op: Operation, value: SSAValue, what: str) -> Buffer:
        """The buffer of the memref ``value``; an error if it is freed."""
        buffer = _known(
            self.buffers,
            op,
            value,
            f"{what} {value_name(value)} is not a function argument, a memref.alloc "
            "or a memref.collapse_shape view of one",
        )
        dealloc = self.freed.get(buffer.root)
        if dealloc is not None:
            where = location_text(dealloc)
            at = f" at {where}" if where else ""
            raise op_error(
                op,
                f"uses {value_name(value)} after the memref.dealloc{at} that frees "
                f"{value_name(buffer.root)} (use after free)",
            )
        return buffer

    # Accesses

    def check_access(self, op: Operation, access: Access) -> None:
        buffer = self.buffer(op, access.buffer, access.what)
        shape = buffer.shape
        kind = "writes" if access.write else "reads"
        name = f"{value_name(access.buffer)} ({buffer.type})"
        if len(access.indices) != len(shape):
            raise op_error(
                op, f"{kind} {name} with {len(access.indices)} indices, not {len(shape)}"
            )
        if any(d < 0 for d in shape) and not access.guarded:
            raise op_error(
                op,
                f"{kind} {name}, of dynamic shape: accesses are checked only in static "
                "shapes (slice.dynamic_copy_run, memref.load and memref.store guard "
                "themselves)",
            )
        for d, (interval, size) in enumerate(zip(access.indices, shape)):
            if size < 0:
                continue  # a ? dim: the C guards the index (access.guarded)
            if interval.lo < 0 or interval.hi >= size:
                where = f"dimension {d} of " if len(shape) > 1 else ""
                raise op_error(
                    op,
                    f"{access.what} {_is(interval)}, outside {where}{name}, whose "
                    f"indices are [0, {size - 1}] (out of bounds)"
                    if size
                    else f"{access.what} {kind} {name}, which has no elements "
                    "(out of bounds)",
                )

    # Blocks

    def check_block(self, block: Block) -> None:
        for op in block.ops:
            self.check_op(op)

    def check_op(self, op: Operation) -> None:
        name = op_name(op)
        rule = OP_RULES.get(name)
        index_rule = INDEX_RULES.get(name)
        access_rule = ACCESS_RULES.get(name)
        if rule is None and index_rule is None and access_rule is None:
            raise op_error(op, _unknown_op_message(op))
        if name != "memref.dealloc":  # a second dealloc is a double free, said there
            for k, operand in enumerate(op.operands):
                if isinstance(operand.type, MemRefType):
                    self.buffer(op, operand, f"operand {k}")
        if rule is not None:
            rule(self, op)
        if index_rule is not None:
            _check_integer_op(self, op, index_rule)
        if access_rule is not None and self.live:
            for access in access_rule(self, op):
                self.check_access(op, access)

    def check(self) -> None:
        f = self.function
        if f.is_declaration:
            return  # no body, nothing runs (the C target refuses declarations itself)
        blocks = list(f.body.blocks)
        if len(blocks) != 1:
            raise op_error(f, f"@{f.sym_name.data} has {len(blocks)} blocks, not 1")
        for i, arg in enumerate(blocks[0].args):
            what = f"@{f.sym_name.data} argument {i} ({value_name(arg)})"
            t = self.static_type(f, arg.type, what, dynamic=True)
            self.buffers[arg] = Buffer(arg, t)
        self.check_block(blocks[0])


def _unknown_op_message(op: Operation) -> str:
    name = op_name(op)
    if name.startswith("slice."):
        return "no memory-safety rule; run convert-slice-to-loops first"
    known = ", ".join(sorted({*OP_RULES, *INDEX_RULES, *ACCESS_RULES}))
    return (
        "no memory-safety rule, so the C target cannot prove the program safe (it "
        f"checks only {known})"
    )


# Integer arithmetic

IntegerRule = Callable[[Operation, Sequence[Interval], int], Interval]
"""The interval of an op's integer result from its operands' intervals and the
result's width (64 for ``index``); ``None`` would be no rule."""


def _check_integer_op(c: FunctionChecker, op: Operation, rule: IntegerRule) -> None:
    widths = [integer_width(r.type) for r in op.results]
    if len(widths) != 1 or widths[0] is None:
        shown = ", ".join(str(r.type) for r in op.results)
        raise op_error(
            op, f"result of type {shown}: only i1, i8, i16, i32, i64 and index arithmetic"
        )
    for k, operand in enumerate(op.operands):
        if integer_width(operand.type) is None:
            raise op_error(
                op,
                f"operand {k} {value_name(operand)} has type {operand.type}, not an "
                "integer",
            )
    if not c.live:
        return
    operands = [c.integer(op, v, f"operand {k}") for k, v in enumerate(op.operands)]
    c.intervals[op.results[0]] = rule(op, operands, widths[0])


def _has_nsw(op: Operation) -> bool:
    from slice_dialect.backend.c import has_nsw  # c imports this module

    return has_nsw(op)


def _overflowing(
    compute: Callable[[Interval, Interval], Interval],
) -> IntegerRule:
    """``addi``/``subi``/``muli``: with ``overflow<nsw>`` (i32, i64, index: plain C)
    the exact result must stay in the type, else it is refused (signed overflow is
    undefined in C); without it (or narrower: a wrapping helper) the exact result if
    it cannot wrap, else the whole range of the type."""

    def rule(op: Operation, v: Sequence[Interval], width: int) -> Interval:
        exact = compute(v[0], v[1])
        bounds = type_range(width)
        if exact.within(bounds):
            return exact
        if width == 1:
            return bounds
        if _has_nsw(op) and width in (32, 64):
            shown = ", ".join(str(o) for o in v)
            c_type = "int64_t" if width == 64 else "int32_t"
            kind = "index" if isinstance(op.results[0].type, IndexType) else "signed"
            raise op_error(
                op,
                f"the result of operands {shown} {_is(exact)}, which leaves {c_type} "
                f"({kind} overflow; overflow<nsw> says it cannot happen)",
            )
        return bounds

    return rule


def _trunc_toward_zero(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def _divsi(op: Operation, v: Sequence[Interval], width: int) -> Interval:
    """The total division of ``c.division_helper``: ``a / 0 = 0``, ``MIN / -1 = MIN``."""
    a, b = v
    bounds = type_range(width)
    if b.is_point() and b.lo not in (0, -1):
        corners = [_trunc_toward_zero(x, b.lo) for x in (a.lo, a.hi)]
        return Interval(min(corners), max(corners))
    m = max(abs(a.lo), abs(a.hi))
    result = Interval(-m, m).hull(Interval.point(0))
    if not result.within(bounds):
        return bounds
    return result


def _remsi(op: Operation, v: Sequence[Interval], width: int) -> Interval:
    """The total remainder: ``|a % b| < |b|``, the sign of ``a``; 0 for ``b`` 0 or -1."""
    a, b = v
    big = max(abs(b.lo), abs(b.hi)) - 1
    if big <= 0:
        return Interval.point(0)
    low = max(-big, a.lo) if a.lo < 0 else 0
    high = min(big, a.hi) if a.hi > 0 else 0
    return Interval(low, high)


def _cast_rule(kind: str) -> IntegerRule:
    """``extsi``/``extui``/``trunci``/``index_cast`` as ``c._cast`` prints them."""

    def rule(op: Operation, v: Sequence[Interval], width: int) -> Interval:
        (a,) = v
        source = integer_width(op.operands[0].type)
        assert source is not None
        bounds = type_range(width)
        if width == 1:
            return Interval.point(a.lo & 1) if a.is_point() else bounds
        if source == 1:
            return a if kind == "extui" else Interval(-a.hi, -a.lo)
        if kind == "extui" and width > source and a.lo < 0:
            # the unsigned reading of the source bits
            if a.hi < 0:
                return Interval(a.lo + 2**source, a.hi + 2**source)
            return Interval(0, 2**source - 1)
        return a if a.within(bounds) else bounds

    return rule


def _extremum(v: Sequence[Interval], *, larger: bool, width: int) -> Interval:
    """``maxsi`` (``larger``) or ``minsi``, exact. On ``i1`` the signed order has true
    (-1) below false (0), so in the ``_Bool`` values of the intervals ``maxsi`` is
    the smaller and ``minsi`` the larger (``c._extremum`` prints it so)."""
    pick = max if larger != (width == 1) else min
    return Interval(pick(v[0].lo, v[1].lo), pick(v[0].hi, v[1].hi))


def _boolean(op: Operation, v: Sequence[Interval], width: int) -> Interval:
    return Interval(0, 1) if width == 1 else type_range(width)


INDEX_RULES: dict[str, IntegerRule] = {
    "arith.addi": _overflowing(lambda a, b: a + b),
    "arith.subi": _overflowing(lambda a, b: a - b),
    "arith.muli": _overflowing(lambda a, b: a * b),
    "arith.divsi": _divsi,
    "arith.remsi": _remsi,
    "arith.maxsi": lambda op, v, w: _extremum(v, larger=True, width=w),
    "arith.minsi": lambda op, v, w: _extremum(v, larger=False, width=w),
    "arith.cmpi": lambda op, v, w: Interval(0, 1),
    "arith.select": lambda op, v, w: v[1].hull(v[2]),
    "arith.andi": _boolean,
    "arith.ori": _boolean,
    "arith.xori": _boolean,
    "arith.extsi": _cast_rule("extsi"),
    "arith.extui": _cast_rule("extui"),
    "arith.trunci": _cast_rule("trunci"),
    "arith.index_cast": _cast_rule("index_cast"),
}
"""The interval of the result of each integer op (``index``, ``i1``..``i64``, as the
C target prints it) from its operands' intervals; an ``overflow<nsw>`` op whose result
may leave its type is refused."""


# Ops without accesses


def _constant(c: FunctionChecker, op: Operation) -> None:
    assert isinstance(op, arith.ConstantOp)
    width = integer_width(op.result.type)
    if width is None and isinstance(op.value, FloatAttr):
        return  # a float scalar: stored bits, never an index (c._constant)
    if width is None or not isinstance(op.value, IntegerAttr):
        raise op_error(
            op, f"of type {op.result.type}: only i1, i8, i16, i32, i64, index constants"
        )
    value = op.value.value.data
    if width == 1:
        value = 1 if value else 0
    elif width < 64 and 2 ** (width - 1) <= value < 2**width:
        value -= 2**width  # an unsigned spelling of the same bits
    if not type_range(width).lo <= value <= type_range(width).hi:
        what = "int64_t" if width == 64 else f"{width} bits"
        raise op_error(op, f"{value} does not fit in {what}")
    c.intervals[op.result] = Interval.point(value)


def _for(c: FunctionChecker, op: Operation) -> None:
    assert isinstance(op, scf.ForOp)
    if op.iter_args or op.res:
        raise op_error(op, "iter_args and results are not checked")
    block = op.body.block
    iv = block.args[0]
    live = c.live
    if c.live:
        lb = c.index(op, op.lb, "lower bound")
        ub = c.index(op, op.ub, "upper bound")
        step = c.index(op, op.step, "step")
        if not step.is_point():
            raise op_error(
                op,
                f"step {value_name(op.step)} may be anywhere in {step}; the C target "
                "needs a constant step >= 1",
            )
        if step.lo < 1:
            why = "never ends" if step.lo == 0 else "walks away from its bound"
            raise op_error(
                op,
                f"step {value_name(op.step)} is {step.lo}; the C target needs a step "
                f">= 1 (a loop with this step {why})",
            )
        if lb.lo >= ub.hi:
            live = False  # the loop never runs
        else:
            s = step.lo
            if lb.is_point() and ub.is_point():
                last = lb.lo + (ub.lo - 1 - lb.lo) // s * s
            else:
                last = ub.hi - 1
            if last + s > INT64_MAX:
                raise op_error(
                    op,
                    f"the induction variable may reach {last}, and the step {s} after "
                    "it leaves int64_t (index overflow)",
                )
            c.intervals[iv] = Interval(lb.lo, last)
    outer = c.live
    c.live = live
    try:
        c.check_block(block)
    finally:
        c.live = outer


def _if(c: FunctionChecker, op: Operation) -> None:
    assert isinstance(op, scf.IfOp)
    if op.results:
        raise op_error(op, "results are not checked")
    live = c.live
    cond = c.integer(op, op.cond, "condition") if live else Interval(0, 1)
    outer = c.live
    try:
        for region, runs in (
            (op.true_region, cond.hi >= 1),
            (op.false_region, cond.lo <= 0),
        ):
            c.live = live and runs
            for block in region.blocks:
                c.check_block(block)
    finally:
        c.live = outer


def _check(c: FunctionChecker, op: Operation) -> None:
    """``slice.check``: a return code with up to ``c.SLICE_ERROR_VALUES`` values."""
    from slice_dialect.backend.c import SLICE_ERROR_VALUES

    assert isinstance(op, CheckOp)
    if len(op.values) > SLICE_ERROR_VALUES:
        raise op_error(
            op,
            f"{len(op.values)} values, more than the {SLICE_ERROR_VALUES} a kernel "
            "returns",
        )
    if c.live:
        c.integer(op, op.condition, "condition")
        for k, v in enumerate(op.values):
            c.integer(op, v, f"value {k}")


def _dim(c: FunctionChecker, op: Operation) -> None:
    """``memref.dim``: of a constant dim, the static size, or ``[0, INT64_MAX]`` (the C
    checks every ``slice_dims`` entry is >= 0 on entry); of a run-time one (which the
    C checks is inside the rank before it picks), the hull of every dim's."""
    assert isinstance(op, memref.DimOp)
    buffer = c.buffer(op, op.source, "source")
    index = op.index.owner
    if isinstance(index, arith.ConstantOp) and isinstance(index.value, IntegerAttr):
        d = index.value.value.data
        problem = semantics.dim_index_problem(op.name, d, len(buffer.shape))
        if problem is not None:
            raise op_error(op, problem)
        sizes = [buffer.shape[d]]
    else:
        if c.live:
            c.integer(op, op.index, "index")
        sizes = list(buffer.shape) or [0]  # rank 0: the C fails before any use
    if any(size < 0 for size in sizes):
        c.intervals[op.result] = Interval(0, INT64_MAX)
    else:
        c.intervals[op.result] = Interval(min(sizes), max(sizes))


def _dynamic_copy_run(c: FunctionChecker, op: Operation) -> None:
    """``slice.dynamic_copy_run`` guards itself (c._dynamic_copy_run): its views must be
    rank-1 buffers of the function, its index operands defined values; no access is
    proved here."""
    assert isinstance(op, DynamicCopyRunOp)
    for value, what in ((op.source, "source"), (op.dest, "dest")):
        buffer = c.buffer(op, value, what)
        if len(buffer.shape) != 1:
            raise op_error(op, f"{what} has type {buffer.type}, not a rank-1 view")
    if c.live:
        for value, what in (
            (op.source_offset, "source offset"),
            (op.dest_offset, "dest offset"),
            (op.count, "count"),
            (op.source_stride, "source stride"),
            *[(v, "loop bound") for v in op.bounds],
            *[(v, "loop source step") for v in op.source_steps],
            *[(v, "loop dest step") for v in op.dest_steps],
            *[
                (v, "prefetch operand")
                for v in (
                    op.prefetch_row,
                    op.prefetch_rows,
                    op.prefetch_step,
                    op.prefetch_plane,
                )
                if v is not None
            ],
            *[(v, "footprint") for v in (op.footprint,) if v is not None],
        ):
            c.index(op, value, what)
        if op.prefetch_if is not None:
            c.integer(op, op.prefetch_if, "prefetch_if")


def _call(c: FunctionChecker, op: Operation) -> None:
    """``func.call`` of a private function with a body of one block: its body checked
    here, as if inlined, with its arguments the call's operands (a memref the same
    buffer, an integer the operand's interval) and the call's results the intervals
    of its ``func.return``'s operands. So a function outlined from another
    (``outline-slice-parts``) is proved exactly as the whole was; ``check_module`` does
    not check such a function again on its own."""
    assert isinstance(op, func.CallOp)
    name = op.callee.string_value()
    callee = c.functions.get(name)
    if callee is None or callee.is_declaration:
        raise op_error(
            op, f"calls @{name}, which is no function with a body in the module"
        )
    if callee.sym_visibility is None or callee.sym_visibility.data != "private":
        raise op_error(
            op,
            f"calls @{name}, a public function (a kernel): only private ones are called",
        )
    if callee is c.function or any(callee is f for f in c.calling):
        raise op_error(op, f"calls @{name} recursively: the C target checks no recursion")
    blocks = list(callee.body.blocks)
    if len(blocks) != 1:
        raise op_error(callee, f"@{name} has {len(blocks)} blocks, not 1")
    block = blocks[0]
    for k, (arg, value) in enumerate(zip(block.args, op.arguments, strict=True)):
        what = f"operand {k}"
        if isinstance(value.type, MemRefType):
            buffer = c.buffer(op, value, what)
            c.buffers[arg] = Buffer(buffer.root, buffer.type)
            continue
        width = integer_width(value.type)
        if width is None:
            raise op_error(op, f"{what} has type {value.type}, not a memref or integer")
        c.intervals[arg] = c.intervals.get(value) or type_range(width)
        if c.live:
            c.integer(op, value, what)
    terminator = block.last_op
    if not isinstance(terminator, func.ReturnOp):
        raise op_error(callee, f"@{name} does not end in func.return")
    c.calling.append(callee)
    try:
        for inner in block.ops:
            if inner is not terminator:
                c.check_op(inner)
    except SliceError as error:
        where = location_text(op)
        at = f" at {where}" if where else ""
        raise SliceError(
            f"{error} (in @{name}, called by @{c.function.sym_name.data}{at})",
            error.location,
        ) from None
    finally:
        c.calling.pop()
    for inner in callee.walk():
        if isinstance(inner, memref.AllocOp):
            c.freed.pop(inner.memref, None)  # each call allocates it afresh
    for k, (result, value) in enumerate(zip(op.results, terminator.operands)):
        if c.live:
            c.intervals[result] = c.integer(terminator, value, f"operand {k}")
        else:
            width = integer_width(result.type)
            c.intervals[result] = c.intervals.get(value) or type_range(width or 64)


def _terminator(c: FunctionChecker, op: Operation) -> None:
    if op.operands:
        raise op_error(op, "operands are not checked")


def _alloc(c: FunctionChecker, op: Operation) -> None:
    assert isinstance(op, memref.AllocOp)
    if op.symbol_operands:
        raise op_error(op, "symbol operands: only shapes are checked")
    if op.dynamic_sizes:
        # since session 56: its C checks each ? dim >= 0 and the bytes against
        # ALLOC_LIMIT_BYTES before it allocates; the runs into it guard themselves
        t = c.static_type(
            op, op.memref.type, f"result {value_name(op.memref)}", dynamic=True
        )
        if len(op.dynamic_sizes) != sum(d < 0 for d in t.get_shape()):
            raise op_error(op, f"{len(op.dynamic_sizes)} sizes for the ? dims of {t}")
        if c.live:
            for k, size in enumerate(op.dynamic_sizes):
                c.index(op, size, f"size {k}")
        c.buffers[op.memref] = Buffer(op.memref, t)
        return
    t = c.static_type(op, op.memref.type, f"result {value_name(op.memref)}")
    size = math.prod(t.get_shape()) * storage_bytes(t.element_type)
    if size > ALLOC_LIMIT_BYTES:
        raise op_error(
            op,
            f"{value_name(op.memref)} ({t}) takes {size} bytes, more than the "
            f"{ALLOC_LIMIT_BYTES} (2^40) the C target allocates",
        )
    c.buffers[op.memref] = Buffer(op.memref, t)


def _dealloc(c: FunctionChecker, op: Operation) -> None:
    assert isinstance(op, memref.DeallocOp)
    value = op.memref
    alloc = value.owner
    if not isinstance(alloc, memref.AllocOp):
        what = (
            "a function argument"
            if isinstance(value, BlockArgument)
            else f"the result of {op_name(alloc)}"  # type: ignore[arg-type]
        )
        raise op_error(
            op, f"frees {value_name(value)}, {what}; only a memref.alloc may be freed"
        )
    earlier = c.freed.get(value)
    if earlier is not None:
        where = location_text(earlier)
        at = f" at {where}" if where else ""
        raise op_error(
            op,
            f"frees {value_name(value)} again, after the memref.dealloc{at} (double free)",
        )
    if op.parent_block() is not alloc.parent_block():
        raise op_error(
            op,
            f"frees {value_name(value)} outside the block of its memref.alloc (in a loop "
            "below it, it would free once per iteration)",
        )
    c.buffer(op, value, "operand")
    c.freed[value] = op


def _collapse_shape(c: FunctionChecker, op: Operation) -> None:
    assert isinstance(op, memref.CollapseShapeOp)
    source = c.buffer(op, op.src, "source")
    t = c.static_type(op, op.result.type, f"result {value_name(op.result)}", dynamic=True)
    groups = [[a.value.data for a in g] for g in op.reassociation.data]
    shape = t.get_shape()
    if not any(d < 0 for d in (*shape, *source.shape)):
        # static views: only the element count matters
        fits = math.prod(shape) == math.prod(source.shape)
    else:
        # each group of source dims is one result dim: its product if all are static,
        # else ? (the C computes the product of the passed dims, checked)
        fits = len(groups) == len(shape) and [i for g in groups for i in g] == list(
            range(len(source.shape))
        )
        for group, size in zip(groups, shape):
            dims = [source.shape[i] for i in group]
            if size >= 0:
                fits = fits and all(d >= 0 for d in dims) and math.prod(dims) == size
    if t.element_type != source.type.element_type or not fits:
        raise op_error(
            op,
            f"views {value_name(op.src)} ({source.type}) as {t}: a view must have "
            "the same element type and number of elements",
        )
    c.buffers[op.result] = Buffer(source.root, t)


def _expand_shape(c: FunctionChecker, op: Operation) -> None:
    """A view of more dims (since session 55): the same element type and count; with
    ``?`` dims (since session 56) each group's static dims only, its C checking the
    run-time entries against the source's dims (``c._expand_shape``)."""
    assert isinstance(op, memref.ExpandShapeOp)
    source = c.buffer(op, op.src, "source")
    t = c.static_type(op, op.result.type, f"result {value_name(op.result)}", dynamic=True)
    shape = t.get_shape()
    if not t.has_static_shape() or any(d < 0 for d in source.shape):
        groups = [[a.value.data for a in g] for g in op.reassociation.data]
        fits = (
            t.element_type == source.type.element_type
            and len(groups) == len(source.shape)
            and [k for g in groups for k in g] == list(range(len(shape)))
            and len(op.output_shape) == sum(d < 0 for d in shape)
            and all(
                source.shape[j] < 0
                or any(shape[k] < 0 for k in g)
                or math.prod(shape[k] for k in g) == source.shape[j]
                for j, g in enumerate(groups)
            )
        )
        if not fits:
            raise op_error(
                op,
                f"views {value_name(op.src)} ({source.type}) as {t}: a view must have "
                "the same element type and each group its dim of the source",
            )
        if c.live:
            for k, value in enumerate(op.output_shape):
                c.index(op, value, f"output_shape operand {k}")
        c.buffers[op.result] = Buffer(source.root, t)
        return
    if t.element_type != source.type.element_type or math.prod(
        t.get_shape()
    ) != math.prod(source.shape):
        raise op_error(
            op,
            f"views {value_name(op.src)} ({source.type}) as {t}: a view must have "
            "the same element type and number of elements (a static one, for an "
            "expand_shape)",
        )
    c.buffers[op.result] = Buffer(source.root, t)


OP_RULES: dict[str, Callable[[FunctionChecker, Operation], None]] = {
    "arith.constant": _constant,
    "scf.for": _for,
    "scf.yield": _terminator,
    "func.return": _terminator,
    "func.call": _call,
    "memref.alloc": _alloc,
    "memref.dealloc": _dealloc,
    "memref.collapse_shape": _collapse_shape,
    "memref.expand_shape": _expand_shape,
    "memref.dim": _dim,
    "scf.if": _if,
    "slice.check": _check,
    "slice.dynamic_copy_run": _dynamic_copy_run,
}
"""The rule of each op that neither computes an index nor accesses a buffer: it
defines its results (intervals, buffers) and checks the op's own conditions."""


# Accesses


def _whole(shape: Sequence[int]) -> tuple[Interval, ...] | None:
    """Every index of ``shape``, or ``None`` if it has no elements."""
    if any(d == 0 for d in shape):
        return None
    return tuple(Interval(0, d - 1) for d in shape)


def _load(c: FunctionChecker, op: Operation) -> list[Access]:
    assert isinstance(op, memref.LoadOp)
    indices = tuple(c.index(op, v, f"index {k}") for k, v in enumerate(op.indices))
    width = integer_width(op.res.type)
    if width is not None and not isinstance(op.res.type, IndexType):
        c.intervals[op.res] = type_range(width)  # an integer element: any of its type
    return [Access(op.memref, indices, False, "the index", guarded=True)]


def _store(c: FunctionChecker, op: Operation) -> list[Access]:
    assert isinstance(op, memref.StoreOp)
    indices = tuple(c.index(op, v, f"index {k}") for k, v in enumerate(op.indices))
    return [Access(op.memref, indices, True, "the index", guarded=True)]


def _copy(c: FunctionChecker, op: Operation) -> list[Access]:
    assert isinstance(op, memref.CopyOp)
    source = c.buffer(op, op.source, "source")
    target = c.buffer(op, op.destination, "destination")
    if any(d < 0 for d in (*source.shape, *target.shape)):
        raise op_error(op, "copies a memref of dynamic shape: only static shapes")
    if source.shape != target.shape or (
        source.type.element_type != target.type.element_type
    ):
        raise op_error(
            op,
            f"copies {value_name(op.source)} ({source.type}) to "
            f"{value_name(op.destination)} ({target.type}); the C target copies only "
            "between equal shapes and element types",
        )
    whole = _whole(source.shape)
    if whole is None:
        return []
    return [
        Access(op.source, whole, False, "the copy"),
        Access(op.destination, whole, True, "the copy"),
    ]


def _fill_constant(c: FunctionChecker, op: Operation) -> list[Access]:
    """``slice.fill_constant %dest = VALUE``: writes all of ``dest``, a buffer of the
    function; the op's verifier (run again here: the C writes the value's element
    count) makes it a static memref of the value's shape and element type."""
    assert isinstance(op, FillConstantOp)
    dest = c.buffer(op, op.dest, "dest")
    try:
        op.verify_()
    except VerifyException as e:
        raise op_error(op, str(e)) from None
    whole = _whole(dest.shape)
    return [] if whole is None else [Access(op.dest, whole, True, "the fill")]


def _int_property(c: FunctionChecker, op: Operation, name: str) -> int:
    attr = op.get_attr_or_prop(name)
    if not isinstance(attr, IntegerAttr):
        raise op_error(op, f"has no integer property {name}")
    return attr.value.data


def _copy_run(c: FunctionChecker, op: Operation) -> list[Access]:
    """``slice.copy_run %src[%so], %dst[%do] count N source_stride S dest_stride D``
    (ABI.md): ``dst[do + k*D] = src[so + k*S]`` for ``k`` in ``[0, N)``, on rank-1
    views (or rank 0: one element, offset 0), possibly of one buffer (the C copies such
    a run element by element, in order)."""
    if len(op.operands) != 4:
        raise op_error(op, f"has {len(op.operands)} operands, not 4")
    src, src_offset, dst, dst_offset = op.operands
    count = _int_property(c, op, "count")
    s = _int_property(c, op, "source_stride")
    d = _int_property(c, op, "dest_stride")
    if count < 1 or s == 0 or d < 1:
        raise op_error(
            op,
            f"count {count}, source_stride {s}, dest_stride {d}: the C target needs "
            "count >= 1, source_stride != 0, dest_stride >= 1",
        )
    so = c.index(op, src_offset, "source offset")
    do = c.index(op, dst_offset, "dest offset")
    reach = (count - 1) * s
    read = Interval(so.lo + min(0, reach), so.hi + max(0, reach))
    written = Interval(do.lo, do.hi + (count - 1) * d)
    accesses: list[Access] = []
    for value, what, interval, write in (
        (src, "source", read, False),
        (dst, "dest", written, True),
    ):
        buffer = c.buffer(op, value, what)
        run = f"the run of {count} elements it {'writes' if write else 'reads'}"
        if len(buffer.shape) > 1 or any(d < 0 for d in buffer.shape):
            raise op_error(op, f"{what} has type {buffer.type}, not a static rank-1 view")
        if not buffer.shape:  # rank 0: one element, at offset 0
            if interval != Interval.point(0):
                raise op_error(
                    op,
                    f"{run} {_is(interval)}, outside {value_name(value)} "
                    f"({buffer.type}), whose only element is 0 (out of bounds)",
                )
            accesses.append(Access(value, (), write, run))
        else:
            accesses.append(Access(value, (interval,), write, run))
    return accesses


ACCESS_RULES: dict[str, Callable[[FunctionChecker, Operation], Sequence[Access]]] = {
    "memref.load": _load,
    "memref.store": _store,
    "memref.copy": _copy,
    "slice.copy_run": _copy_run,
    "slice.fill_constant": _fill_constant,
}
"""For each op that reads or writes buffers, the elements it accesses (as index
intervals of the memrefs it goes through); each must lie inside them."""


def check_module(module: builtin.ModuleOp) -> None:
    """Raise ``SliceError`` naming the first op of ``module`` whose memory safety the C
    target cannot establish (see the module docstring); return if there is none."""
    functions: dict[str, func.FuncOp] = {}
    for op in module.ops:
        if not isinstance(op, func.FuncOp):
            raise op_error(op, "only func.func at the top level")
        functions.setdefault(op.sym_name.data, op)
    from slice_dialect.backend.c import called_functions  # c imports this module

    called = called_functions(module)
    for f in functions.values():
        if f in called:
            continue  # checked at each call (_call), where its operands are known
        FunctionChecker(f, functions=functions).check()
