"""The ``slice`` dialect: one op per framework's slice, and the canonical ``slice.window``.

Every op's semantics is computed by :mod:`slice_dialect.semantics`: each framework op
runs its rule (``FrameworkSliceOp.normalize``) through its own typed fields, on any
integer domain: Python ints for the verifier (unknown operand values and ``?`` dims as
``None``), run-time values in the interpreter, IR in ``canonicalize-slices``. The
contract is ``SPEC.md`` sections 1 to 3 and 7.
"""

from __future__ import annotations

import itertools
import math
import operator
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any, ClassVar, TypedDict, TypeVar, Unpack

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    I64,
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    FileLineColLoc,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    NoneAttr,
    Signedness,
    StringAttr,
    TensorType,
    UnitAttr,
    UnrankedTensorType,
    i1,
    i64,
)
from xdsl.dialects.utils import (
    DynamicIndexList,
    split_dynamic_index_list,
    verify_dynamic_index_list,
)
from xdsl.ir import Attribute, Dialect, Operation, ParametrizedAttribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    BaseAttr,
    ConstraintContext,
    IRDLOperation,
    OperandDef,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.irdl.constraints import VerificationContext
from xdsl.parser import Parser
from xdsl.pattern_rewriter import RewritePattern
from xdsl.traits import (
    ConditionallySpeculatable,
    HasCanonicalizationPatternsTrait,
    NoMemoryEffect,
)
from xdsl.utils.exceptions import VerifyException

from slice_dialect import dtypes, semantics
from slice_dialect.domain import INT64_MAX, INT64_MIN, INTS, B, IntDomain, Known, V
from slice_dialect.errors import OpPassFailedException, SliceError
from slice_dialect.semantics import Dim, Normalized, SliceResult, SliceSemanticsError

Read = Callable[[SSAValue], Sequence[V]]
"""The values of an index operand on a domain (constants, run-time values, IR)."""
Operand = SSAValue | Operation
"""What a builder takes for an operand: the value, or the op that has it as its result."""


class SliceCanonicalizationPatterns(HasCanonicalizationPatternsTrait):
    """The rewrites of ``canonicalize-slices``, also run by ``-p canonicalize``."""

    @classmethod
    def get_canonicalization_patterns(cls) -> tuple[RewritePattern, ...]:
        from passes.canonicalize_slices import SLICE_CANONICALIZATION

        return SLICE_CANONICALIZATION


def shape_of(t: TensorType[Attribute]) -> tuple[Dim, ...]:
    """A tensor type's shape with ``None`` for dynamic dims."""
    return tuple(None if d == DYNAMIC_INDEX else d for d in t.get_shape())


def format_shape(shape: Sequence[Dim]) -> str:
    return "[" + ", ".join("?" if d is None else str(d) for d in shape) + "]"


class OperandTypeError(VerifyException):
    """An operand or result of a slice op has the wrong kind of type."""


@dataclass(frozen=True, init=False)
class NamedTensor(BaseAttr[TensorType[Attribute]]):
    """IRDL's ``TensorType`` constraint, failing with a message that names the operand
    (``data must be a tensor, got memref<4x6xf32>``; ``a ranked tensor`` for
    ``tensor<*xf32>``), and of an element type a slice moves (SPEC section 1, as
    :mod:`slice_dialect.dtypes` defines them: ``data has type tensor<4xf80>: element
    type f80 is not supported: ...``); :func:`named_errors` adds the op's name and,
    in the custom form, the source position."""

    name: str

    def __init__(self, name: str) -> None:
        super().__init__(TensorType)
        object.__setattr__(self, "name", name)

    def verify(self, attr: Attribute, constraint_context: ConstraintContext) -> None:
        if not isinstance(attr, TensorType):
            raise OperandTypeError(
                f"{self.name} must be {_kind(attr, 'tensor')}, got {attr}"
            )
        problem = element_type_problem(attr.get_element_type())
        if problem is not None:
            raise OperandTypeError(f"{self.name} has type {attr}: {problem}")


def element_type_problem(t: Attribute) -> str | None:
    """Why a slice cannot move elements of type ``t`` (``element type f80 is not
    supported: ...``), or ``None`` for an element type of SPEC section 1; the types
    are those :mod:`slice_dialect.dtypes` gives a storage width."""
    try:
        dtypes.storage_bytes(t)
    except SliceError as e:
        return str(e)
    return None


@dataclass(frozen=True, init=False)
class IndexTensor(NamedTensor):
    """An index operand: a 1-D ``tensor`` of signless ``i32`` or ``i64`` (its length is
    checked by the op's verifier: static, and no longer than any slice could use)."""

    def verify(self, attr: Attribute, constraint_context: ConstraintContext) -> None:
        ok = (
            isinstance(attr, TensorType)
            and len(attr.get_shape()) == 1
            and isinstance(el := attr.get_element_type(), IntegerType)
            and el.width.data in (32, 64)
            and el.signedness.data == Signedness.SIGNLESS
        )
        if not ok:
            raise OperandTypeError(
                f"{self.name} must be a 1-D tensor of i32 or i64, got {attr}"
            )


OpT = TypeVar("OpT", bound=IRDLOperation)


def _refused_property(
    cls: type[IRDLOperation], values: Mapping[str, Attribute]
) -> tuple[str, str] | None:
    """The first property of ``cls`` in ``values`` that its definition's constraint
    refuses, as its name and ``property opset = "13": "13" should be of base attribute
    integer``, else ``None``."""
    for name, definition in cls.get_irdl_definition().properties.items():
        attr = values.get(name)
        if attr is None:
            continue
        try:
            definition.constr.verify(attr, VerificationContext())
        except VerifyException as e:
            return name, f"property {name} = {attr}: {e}"
    return None


def property_problem(op: IRDLOperation) -> str | None:
    """The first property of ``op`` that its definition's constraint refuses, worded
    as :func:`_refused_property` words it, else ``None``."""
    found = _refused_property(type(op), op.properties)
    return None if found is None else found[1]


def _written_property_problem(
    cls: type[IRDLOperation], parser: Parser, start: int
) -> tuple[str, int, int] | None:
    """For an op whose custom form failed to parse at ``start`` (just past its name):
    the first property its attribute dictionary gives that the definition's constraint
    refuses (:func:`_refused_property`), and where that entry stands in the
    input; ``None`` where there is no such entry (or the dictionary does not parse)."""
    content = parser.lexer.input.content
    if not isinstance(content, str):
        return None
    brace = content.find("{", start)
    colon = content.find(" : ", start)
    if brace == -1 or (colon != -1 and colon < brace):
        return None
    try:
        entries = Parser(parser.ctx, content[brace:]).parse_optional_attr_dict()
    except Exception:  # not a dictionary after all: xDSL's message stands
        return None
    refused = _refused_property(cls, entries)
    if refused is None:
        return None
    name, message = refused
    found = re.compile(rf"\b{re.escape(name)}\s*=").search(content, brace)
    where = found.start() if found else brace
    return message, where, where + len(name)


_ENTRY = re.compile(r'(?:"(?:[^"\\]|\\.)*"|[A-Za-z_][\w.$-]*)\s*=')
"""A dictionary entry's ``key =`` (a bare or quoted key)."""


def _dictionary_end(content: str, brace: int) -> int | None:
    """The index of the ``}`` closing the dictionary opened at ``brace`` (nested
    braces counted, string literals skipped), or ``None`` if it does not close."""
    depth = 0
    k = brace
    while k < len(content):
        c = content[k]
        if c == '"':
            k += 1
            while k < len(content) and content[k] != '"':
                k += 2 if content[k] == "\\" else 1
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return k
        k += 1
    return None


def _failed_entry(parser: Parser, start: int) -> tuple[int, int]:
    """Where a custom form that failed at ``parser.pos`` (past ``start``, just past the
    op's name) failed: the attribute dictionary's entry the parser stopped in (a value
    its attribute refuses, ``{opset = 99999999999999999999999 : i64}``), else (it
    stopped before or after the dictionary: an operand's or result's type) the
    character at ``start``."""
    content = parser.lexer.input.content
    stop = parser.pos
    if not isinstance(content, str) or not start < stop <= len(content):
        return start, start + 1
    brace = content.find("{", start, stop)
    end = None if brace == -1 else _dictionary_end(content, brace)
    if end is None or stop > end + 1:
        return start, start + 1
    entries = list(_ENTRY.finditer(content, brace, stop))
    if not entries:
        return start, start + 1
    return entries[-1].start(), stop


def shadowed_property(op: IRDLOperation) -> str | None:
    """Why a discardable attribute of ``op`` that has the name of one of its properties
    is refused, else ``None``. xDSL keeps such an attribute beside the property (MLIR
    would set the property), so it would be ignored, or make the custom form unprintable
    (``{opset = 11 : i64}`` beside the property ``opset``)."""
    for name in op.get_irdl_definition().properties:
        if name in op.attributes:
            return (
                f"the attribute {name} = {op.attributes[name]} has the name of a "
                "property of the op, and a discardable attribute of that name would be "
                "ignored; set the property instead (in the generic form, inside <{...}>)"
            )
    return None


def named_errors(cls: type[OpT]) -> type[OpT]:
    """Give the failures of IRDL's checks the op's name, the operand or property and
    its value, in both forms.

    The custom form checks operand types (and the properties it reads from the
    attribute dictionary) while it parses: that failure becomes a parse error at the
    op, ``slice.onnx: data must be a tensor, got memref<4x6xf32>`` (not xDSL's bare
    ``memref<4x6xf32> should be of base attribute tensor``, or, for a property, the
    same without any position). The generic form checks them in the verifier, where
    xDSL prefixes ``operand 'data' at position 0 does not verify`` and names no
    property: the message becomes one line naming the op, and the property and its
    value (:func:`property_problem`). A discardable attribute with a property's name
    is refused (:func:`shadowed_property`).
    """
    parse_format = cls.parse.__func__  # pyright: ignore[reportFunctionMemberAccess]
    verify_irdl = cls.verify_

    def parse(c: type[OpT], parser: Parser) -> OpT:
        start = parser.pos
        try:
            return parse_format(c, parser)
        except VerifyException as e:
            found = _written_property_problem(c, parser, start)
            if found is not None:  # at the entry, naming the property and its value
                message, begin, end = found
                parser.raise_error(f"{c.name}: {message}", begin, end)
            begin, end = _failed_entry(parser, start)
            parser.raise_error(f"{c.name}: {e}", begin, end)

    def verify_(self: OpT) -> None:
        too_large = _dimension_out_of_range(self)
        if too_large is not None:
            raise VerifyException(f"{self.name}: {too_large}")
        shadowed = shadowed_property(self)
        if shadowed is not None:
            raise VerifyException(f"{self.name}: {shadowed}")
        try:
            verify_irdl(self)
        except VerifyException as e:
            if isinstance(e.__cause__, OperandTypeError):
                raise VerifyException(f"{self.name}: {e.__cause__}") from None
            problem = property_problem(self)
            if problem is not None:
                raise VerifyException(f"{self.name}: {problem}") from None
            if str(e).startswith(f"{self.name}: ") or f"'{self.name}'" in str(e):
                raise  # it names the op already
            # IRDL's own count checks ("Expected 4 operands, but got 3") name no op
            raise VerifyException(f"{self.name}: {e}") from None

    cls.parse = classmethod(parse)  # pyright: ignore[reportAttributeAccessIssue]
    cls.verify_ = verify_
    return cls


def _shaped_values(
    op: Operation,
) -> Iterator[tuple[str, int, TensorType[Attribute] | MemRefType[Attribute]]]:
    """Each operand, result and block argument of ``op``'s regions whose type is a
    ranked tensor or memref: ``(kind, index, type)``."""
    places = [("operand", op.operands), ("result", op.results)]
    places += [("argument", block.args) for r in op.regions for block in r.blocks]
    for kind, values in places:
        for index, value in enumerate(values):
            if isinstance(value.type, TensorType | MemRefType):
                yield kind, index, value.type


def _dimension_out_of_range(op: Operation) -> str | None:
    """The first operand or result of ``op`` (or argument of a block of its regions)
    whose shaped type has a dim beyond int64 (MLIR's ``int64_t`` dims; the semantics
    and the C target count in int64) or a negative one other than ``?`` (a type built
    in Python, ``TensorType(f32, [-3, 6])``; text cannot spell it), said as a verifier
    message, or ``None``."""
    for kind, index, t in _shaped_values(op):
        for axis, d in enumerate(t.get_shape()):
            if d > INT64_MAX:
                return (
                    f"{kind} {index} has type {t} whose dimension {axis} = {d} "
                    "does not fit in 64 bits (at most 2**63 - 1)"
                )
            if d < 0 and d != DYNAMIC_INDEX:
                return (
                    f"{kind} {index} has type {t} whose dimension {axis} = {d} "
                    "is negative (a dim is >= 0 or ?)"
                )
    return None


def _element_count_too_large(op: Operation) -> str | None:
    """The first operand, result or block argument of ``op`` whose static shape holds
    more than 2**63 - 1 elements (each dim fitting), said as a message, or ``None``."""
    for kind, index, t in _shaped_values(op):
        shape = t.get_shape()
        if DYNAMIC_INDEX in shape:
            continue
        count = math.prod(shape)
        if count > INT64_MAX:
            return f"{kind} {index} has type {t} of {count} elements, more than 2**63 - 1"
    return None


def dimension_too_large_in(root: Operation) -> tuple[Operation, str] | None:
    """The first op in ``root`` (itself included) with a shaped value of a dim beyond
    int64 or negative (:func:`_dimension_out_of_range`), or of more than 2**63 - 1 elements, with
    the message naming the op; ``convert-slice-to-loops``, which flattens each buffer
    into one dim, refuses such a module before it starts (its flattened memref's
    message would name a type the input does not have)."""
    for op in root.walk():
        found = _dimension_out_of_range(op) or _element_count_too_large(op)
        if found is not None:
            return op, f"{op.name}: {found}"
    return None


def slice_op(cls: type[OpT]) -> type[OpT]:
    """An op of the dialect: its IRDL definition, its errors named (:func:`named_errors`)."""
    return named_errors(irdl_op_definition(cls))


FrameworkOpT = TypeVar("FrameworkOpT", bound="FrameworkSliceOp")


def framework_op(
    rule: Callable[..., Normalized[Any]],
) -> Callable[[type[FrameworkOpT]], type[FrameworkOpT]]:
    """A framework's op (:func:`slice_op`) whose semantics is ``rule``, a function
    ``<op>_on`` of :mod:`slice_dialect.semantics` (:attr:`FrameworkSliceOp.RULE`)."""

    def define(cls: type[FrameworkOpT]) -> type[FrameworkOpT]:
        op = slice_op(cls)
        op.RULE = rule
        return op

    return define


def constant_index_values(value: SSAValue) -> list[int] | None:
    """The values of an index operand produced by ``arith.constant``, else ``None``.

    A splat is expanded to the operand's length, which the verifier has bounded by what
    any slice of the data could use (:func:`max_index_entries`).
    """
    owner = value.owner
    if not isinstance(owner, arith.ConstantOp):
        return None
    attr = owner.value
    if not isinstance(attr, DenseIntOrFPElementsAttr):
        return None
    t = attr.get_type()
    if not isinstance(t, TensorType) or not isinstance(t.get_element_type(), IntegerType):
        return None
    shape = t.get_shape()
    if len(shape) != 1:
        return None
    (count,) = shape
    data = attr.get_values()
    if len(data) == 1 and count != 1:
        return [int(data[0])] * count  # a splat
    return [int(v) for v in data]


def _check_data_and_result(
    op: IRDLOperation, dt: TensorType[Attribute], rt: TensorType[Attribute]
) -> None:
    """The element types of ``op``'s sliced operand (named as the op names it:
    ``data``, ``input``, ``source``) and result agree."""
    if dt.get_element_type() != rt.get_element_type():
        name = type(op).get_irdl_definition().operands[0][0]
        raise VerifyException(
            f"{op.name}: result element type {rt.get_element_type()} differs from the "
            f"{name} element type {dt.get_element_type()}"
        )


def _check_result_shape(
    op: Operation, rt: TensorType[Attribute], expected: Sequence[Dim]
) -> None:
    actual = shape_of(rt)
    if not semantics.compatible_shape(expected, actual):
        raise VerifyException(
            f"{op.name}: result type {rt} does not match the shape "
            f"{format_shape(expected)} the slice gives"
        )


def _static_length(value: SSAValue) -> int | None:
    t = value.type
    if isinstance(t, TensorType) and len(t.get_shape()) == 1:
        (n,) = t.get_shape()
        return None if n == DYNAMIC_INDEX else n
    return None


def max_index_entries(op: FrameworkSliceOp) -> int:
    """The most entries an index operand of ``op`` can have and be valid.

    Each entry consumes an input dim (range, shrink), adds a result dim (new axis) or is
    the one ellipsis; an axis slice has at most one entry per axis. (Never below 32, so
    that TensorFlow's own limit of 31 entries gives its message.)
    """
    rank = len(op.source_type.get_shape()) + len(op.output_type.get_shape())
    return max(rank + 1, semantics.TF_MAX_ENTRIES + 1)


def _read_known(value: SSAValue) -> list[Known]:
    """An index operand's values when constant, else ``None`` for each (not known)."""
    values = constant_index_values(value)
    if values is not None:
        return list(values)
    length = _static_length(value)
    assert length is not None, "checked by the verifier"
    return [None] * length


class SpeculatableWhereItCannotFail(ConditionallySpeculatable):
    """A slice op on tensors may run where it would not have (``licm`` hoists it out
    of a loop that may run no iteration, ``control-flow-hoist`` out of a branch) only
    where it cannot fail when it runs (:meth:`SliceTensorOp.cannot_fail`), as MLIR
    makes an op that can fail, such as ``arith.divsi``, conditionally speculatable.
    Marked ``Pure`` until session 61, a ``slice.dynamic_window`` whose offset was out
    of bounds was hoisted out of a loop of no iteration, and the program that had run
    failed (session 61's hunt)."""

    @classmethod
    def is_speculatable(cls, op: Operation) -> bool:
        try:
            return isinstance(op, SliceTensorOp) and op.cannot_fail()
        except VerifyException:  # an op nobody verified: it may fail
            return False


class SliceTensorOp(IRDLOperation, ABC):
    """A slice op on tensors: its first operand the tensor sliced, its one result the
    slice; without memory effects (so erased when unused, as MLIR's canonicalizer
    erases such an op), speculatable only where it cannot fail, canonicalized by
    ``canonicalize-slices``."""

    result = result_def(NamedTensor("result"))
    traits = traits_def(
        NoMemoryEffect(), SpeculatableWhereItCannotFail(), SliceCanonicalizationPatterns()
    )

    def cannot_fail(self) -> bool:
        """Whether the op, verified, cannot fail when it runs: everything it reads is
        known to the verifier, which checked it (a static window; a framework op of a
        static data shape whose index operands are all ``arith.constant``s). Like
        MLIR's speculatability, it assumes verified IR: an op passed with
        ``--disable-verify`` may be called speculatable and fail."""
        return False

    def __init__(self, **fields: Any) -> None:
        """IRDL's constructor, after a ``TypeError`` naming the op and the operand
        for a builder's operand that is not an SSA value or an op (an index list where
        an index tensor goes, say), and for a result type that is not an attribute:
        IRDL's own errors name neither (``'NoneType' object has no attribute
        'add_use'``)."""
        definitions = type(self).get_irdl_definition().operands
        for (name, definition), group in zip(definitions, fields.get("operands", ())):
            if isinstance(group, list | tuple) and type(definition) is OperandDef:
                raise TypeError(  # xDSL: "passed Sequence to non-variadic ..."
                    f"{self.name}: operand {name} must be an SSA value or an op with one "
                    f"result, got {type(group).__name__} {group!r:.60} (an index operand "
                    "is a 1-D integer tensor: an arith.constant for constants)"
                )
            for value in group if isinstance(group, list | tuple) else [group]:
                if isinstance(value, Operation) and len(value.results) == 1:
                    continue
                if not isinstance(value, SSAValue):
                    what = (
                        f"{value.name} with {len(value.results)} results"
                        if isinstance(value, Operation)
                        else f"{type(value).__name__} {value!r:.60}"
                    )
                    if isinstance(group, list | tuple) and not isinstance(
                        value, Operation
                    ):  # a list of ints where an index tensor goes
                        what = (
                            f"{type(group).__name__} {group!r:.60} (an index operand "
                            "is a 1-D integer tensor: an arith.constant for constants)"
                        )
                    raise TypeError(
                        f"{self.name}: operand {name} must be an SSA value or an op "
                        f"with one result, got {what}"
                    )
        for t in fields.get("result_types", ()):
            if not isinstance(t, Attribute):
                raise TypeError(
                    f"{self.name}: the result type must be a type attribute, got "
                    f"{type(t).__name__} {t!r:.60}"
                )
        super().__init__(**fields)


class FrameworkSliceOp(SliceTensorOp):
    """A framework's slice: its data operand, its index operands and its rule.

    The first operand is the data; every other operand is an index operand (a 1-D
    ``tensor`` of ``i32``/``i64`` of static length). The rule is :attr:`RULE` of
    :mod:`slice_dialect.semantics`, called with each index operand's values by its
    field name (``None`` when absent) and :meth:`rule_properties`.
    """

    RULE: ClassVar[Callable[..., Normalized[Any]]]

    @property
    def source(self) -> SSAValue:
        """The tensor being sliced."""
        return self.operands[0]

    @property
    def output(self) -> SSAValue:
        """The op's one result."""
        return self.results[0]

    @property
    def source_type(self) -> TensorType[Attribute]:
        """The data's tensor type; a :class:`VerifyException` naming the op and the
        operand when it is not a tensor (an op built in Python and not verified)."""
        name = type(self).get_irdl_definition().operands[0][0]
        return _tensor_type(self, self.source, name)

    @property
    def output_type(self) -> TensorType[Attribute]:
        """The result's tensor type (or a :class:`VerifyException`, as for the data)."""
        return _tensor_type(self, self.output, "result")

    def normalize(
        self, dom: IntDomain[V, B], shape: Sequence[V], read: Read[V]
    ) -> Normalized[V]:
        """This op's rule on ``dom``: ``shape`` is the data's dims, ``read`` gives the
        values of an index operand; properties are read from the op's own fields."""
        names = [name for name, _ in type(self).get_irdl_definition().operands][1:]
        indices = {name: _read_opt(read, getattr(self, name)) for name in names}
        return type(self).RULE(dom, shape, **indices, **self.rule_properties(dom))

    @abstractmethod
    def rule_properties(self, dom: IntDomain[V, B]) -> dict[str, Any]:
        """The rule's arguments besides the index operands, from the op's properties."""

    def _constants(self, dom: IntDomain[V, B], *names: str) -> dict[str, Any]:
        """The ``array<i64>`` properties ``names`` as constants of ``dom`` (``None``
        when absent), by name."""
        values: dict[str, Any] = {}
        for name in names:
            attr: DenseArrayBase[IntegerType] | None = getattr(self, name)
            values[name] = None if attr is None else _consts(dom, attr.get_values())
        return values

    def cannot_fail(self) -> bool:
        """A static data shape and every index operand an ``arith.constant``: the
        verifier ran the rule on them (a run-time value or dim can fail it)."""
        return self.source_type.has_static_shape() and all(
            constant_index_values(v) is not None for _, v in self.index_operands()
        )

    def index_operands(self) -> list[tuple[str, SSAValue]]:
        """The present index operands by their field names, in operand order."""
        names = [name for name, _ in type(self).get_irdl_definition().operands][1:]
        present: list[tuple[str, SSAValue]] = []
        for name in names:
            value = getattr(self, name)
            if isinstance(value, SSAValue):
                present.append((name, value))
        return present

    def evaluate(self, shape: Sequence[Dim], read: Read[Known]) -> SliceResult:
        """The rule on Python ints (``None``: not known); raises
        :class:`SliceSemanticsError` for invalid parameters."""
        return semantics.to_result(self.normalize(INTS, shape, read), shape)

    def slice_result(self) -> SliceResult | None:
        """The semantics when every index operand is constant, else ``None``.

        Raises :class:`SliceSemanticsError` for invalid parameters.
        """
        if any(
            constant_index_values(value) is None for _, value in self.index_operands()
        ):
            return None
        return self.evaluate(shape_of(self.source_type), _read_known)

    def known_result(self) -> SliceResult:
        """The semantics on what is known: constant index values and static data dims
        decide; the result dims they do not decide are ``None``.

        Raises :class:`SliceSemanticsError` for parameters invalid whatever the unknown
        values are, and for an index operand longer than any slice of the op uses (the
        verifier's message; before its unknown values are listed).
        """
        if detail := self._index_length_error():
            raise SliceSemanticsError(self.name, detail)
        return self.evaluate(shape_of(self.source_type), _read_known)

    def _index_length_error(self) -> str | None:
        """Why an index operand's length is invalid (not static, or longer than any
        slice of the op uses: ``max_index_entries``), without the op's name; else
        ``None``."""
        bound = max_index_entries(self)
        for name, value in self.index_operands():
            length = _static_length(value)
            if length is None:
                return f"{name} must have a static length, got {value.type}"
            if length > bound:
                return (
                    f"{name} has {length} values but a slice of "
                    f"{self.source_type} to {self.output_type} uses at most {bound}"
                )
        return None

    def verify_(self) -> None:
        operands = self.index_operands()
        if detail := self._index_length_error():
            raise VerifyException(f"{self.name}: {detail}")
        _check_data_and_result(self, self.source_type, self.output_type)
        all_constant = all(constant_index_values(v) is not None for _, v in operands)
        try:
            res = self.evaluate(shape_of(self.source_type), _read_known)
        except SliceSemanticsError as e:
            raise VerifyException(str(e)) from None
        result_type = self.output_type
        if not all_constant and len(res.shape) != len(result_type.get_shape()):
            raise VerifyException(
                f"{self.name}: result type {result_type} has rank "
                f"{len(result_type.get_shape())} but the slice gives rank "
                f"{len(res.shape)}"
            )
        _check_result_shape(self, result_type, res.shape)


AttrT = TypeVar("AttrT", bound=ParametrizedAttribute)


def operand_type(op: Operation, value: SSAValue, name: str, kind: type[AttrT]) -> AttrT:
    """``value``'s type as a ``kind``, which the op's IRDL constraint makes it once the
    op verified; a :class:`VerifyException` naming the op and the operand for an op
    built in Python and used before it is verified."""
    t = value.type
    if not isinstance(t, kind):
        raise VerifyException(f"{op.name}: {name} must be {_kind(t, kind.name)}, got {t}")
    return t


def _kind(t: Attribute, kind: str) -> str:
    """``a KIND`` for what a type should have been; ``a ranked tensor`` for an unranked
    tensor (which is a tensor, of no shape a slice can take)."""
    if kind == "tensor" and isinstance(t, UnrankedTensorType):
        return "a ranked tensor"
    return f"a {kind}"


def _tensor_type(op: Operation, value: SSAValue, name: str) -> TensorType[Attribute]:
    return operand_type(op, value, name, TensorType)


def _read_opt(read: Read[V], value: SSAValue | None) -> Sequence[V] | None:
    return None if value is None else read(value)


def _consts(dom: IntDomain[V, B], values: Sequence[int]) -> list[V]:
    return [dom.const(v) for v in values]


def marker_hint(what: str) -> str:
    """Why a static ``what`` (offset, size, stride) of int64's least is refused: it is
    MLIR's marker of a dynamic entry (``DYNAMIC_INDEX``)."""
    return (
        f"a static {what} of {DYNAMIC_INDEX} reads as the marker of a dynamic one: "
        "pass such a value as an operand"
    )


def builder_int(name: str, value: object) -> int:
    """A builder's integer argument (a Python or numpy integer) as an ``int``; a
    ``TypeError`` naming the argument for anything else (a float, a string)."""
    if getattr(value, "ndim", None) == 0 and bool(getattr(value, "mask", False)):
        raise TypeError(f"{name} must be an int, got a masked value")  # none to take
    if isinstance(value, bool) or (
        getattr(value, "ndim", None) == 0
        and getattr(getattr(value, "dtype", None), "kind", "") == "b"
    ):  # a Python or numpy bool
        return int(value)  # pyright: ignore[reportArgumentType]
    try:
        number = operator.index(value)  # pyright: ignore[reportArgumentType]
    except TypeError:
        raise TypeError(
            f"{name} must be an int, got {type(value).__name__} {value!r:.60}"
        ) from None
    if not INT64_MIN <= number <= INT64_MAX:
        raise ValueError(f"{name} = {number} does not fit in int64")
    return number


def _mask_bits(name: str, value: object) -> int:
    """A TensorFlow mask of a builder: an int, or ``None`` for none (0)."""
    return 0 if value is None else builder_int(name, value)


def _builder_sequence(name: str, values: object, of: str) -> list[object]:
    """A builder's list argument: a sequence or an array, not a string, a set or a
    mapping (which have no order of their own); a ``TypeError`` naming it else."""
    if isinstance(values, str | bytes | AbstractSet | Mapping) or not isinstance(
        values, Iterable
    ):
        raise TypeError(
            f"{name} must be a sequence of {of}, got {type(values).__name__} "
            f"{values!r:.60}"
        )
    return list(values)  # pyright: ignore[reportUnknownArgumentType]


def builder_ints(name: str, values: object) -> list[int]:
    """A builder's list of integers (:func:`builder_int`)."""
    entries = _builder_sequence(name, values, "ints")
    return [builder_int(f"{name}[{i}]", v) for i, v in enumerate(entries)]


def builder_mixed(name: str, values: object) -> list[object]:
    """A builder's list of static values and SSA values (an op's result taken for
    its value); each entry is checked where it is used."""
    entries = _builder_sequence(name, values, "ints and SSA values")
    return [SSAValue.get(v) if isinstance(v, Operation) else v for v in entries]


def _array(name: str, values: Sequence[int]) -> DenseArrayBase[IntegerType]:
    return DenseArrayBase.from_list(i64, builder_ints(name, values))


def _arrays(
    op: str, required: Collection[str] = (), **values: Sequence[int] | None
) -> dict[str, Attribute]:
    """``array<i64>`` properties by name for a builder of ``op``; ``None`` values are
    left out (absent), but a ``TypeError`` naming the op and the argument for one of
    ``required`` (xDSL's verifier would say only ``property 'starts' expected``), and
    for a value that is not a sequence of ints."""
    arrays: dict[str, Attribute] = {}
    for name, v in values.items():
        if v is None:
            if name in required:
                raise TypeError(f"{op}: {name} is required: a sequence of ints, not None")
            continue
        try:
            arrays[name] = _array(name, v)
        except (TypeError, ValueError) as e:  # named, as IRDL's errors are not
            raise type(e)(f"{op}: {e}") from None
    return arrays


def _tensor(value: SSAValue | Operation) -> SSAValue:
    return SSAValue.get(value)


@framework_op(semantics.onnx_v1_on)
class OnnxSliceV1Op(FrameworkSliceOp):
    """ONNX Slice-1 (opsets 1 to 9): ``starts``, ``ends`` and ``axes`` are attributes.

    Per listed axis ``a``: negative indices get ``dim[a]`` added, then both clamp to
    ``[0, dim[a]]``; the result has ``max(0, end - start)`` elements, step 1. Axes
    default to ``[0 .. len(starts) - 1]``; negative axes count from the back; repeated
    axes are an error. Source: onnx.ai Slice-1 (``seeds/onnx-slice.md``).

    ```mlir
    %r = slice.onnx_v1 %x starts [0, 1] ends [-1, 1000] : tensor<2x4xf32> -> tensor<1x3xf32>
    ```
    """

    name = "slice.onnx_v1"

    data = operand_def(NamedTensor("data"))
    """The tensor sliced, of rank 1 or more."""
    starts = prop_def(DenseArrayBase.constr(i64))
    """The first index per listed axis: ``dim`` is added to a negative one, then it
    clamps to ``[0, dim]``."""
    ends = prop_def(DenseArrayBase.constr(i64))
    """Per listed axis, the index the slice stops before, read like ``starts``; the
    result has ``max(0, end - start)`` elements there."""
    axes = opt_prop_def(DenseArrayBase.constr(i64))
    """The axes the entries apply to, negative ones counted from the back, none
    repeated; absent: ``[0 .. len(starts) - 1]``."""

    assembly_format = (
        "$data `starts` $starts `ends` $ends (`axes` $axes^)? attr-dict "
        "`:` type($data) `->` type($result)"
    )

    def __init__(
        self,
        data: Operand,
        starts: Sequence[int],
        ends: Sequence[int],
        axes: Sequence[int] | None,
        result_type: Attribute,
    ) -> None:
        super().__init__(
            operands=[data],
            result_types=[result_type],
            properties=_arrays(
                self.name, ("starts", "ends"), starts=starts, ends=ends, axes=axes
            ),
        )

    def rule_properties(self, dom: IntDomain[V, B]) -> dict[str, Any]:
        return self._constants(dom, "starts", "ends", "axes")


@framework_op(semantics.onnx_on)
class OnnxSliceOp(FrameworkSliceOp):
    """ONNX Slice-10, -11 and -13: ``starts``, ``ends``, ``axes``, ``steps`` are operands.

    Per listed axis: negative indices get ``dim`` added; the start clamps to ``[0, dim]``
    for a positive step and ``[0, dim - 1]`` for a negative one (so a start below
    ``-dim`` still reads element 0), the end to ``[0, dim]`` / ``[-1, dim - 1]``; the
    result has ``max(0, ceil((end - start) / step))`` elements. Steps default to 1 and
    must be non-zero; axes default to ``[0 .. len(starts) - 1]``, may be negative (for
    every opset) and must not repeat. ``INT_MAX`` ends clamp like any value. The opset
    (10, 11 or 13) is recorded; the three share these semantics. Source: onnx.ai Slice-13
    (``seeds/onnx-slice.md``).

    ```mlir
    %r = slice.onnx %x starts %s ends %e axes %a steps %st
        : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64>
          steps tensor<2xi64> -> tensor<1x2xf32>
    ```
    """

    name = "slice.onnx"

    data = operand_def(NamedTensor("data"))
    """The tensor sliced, of rank 1 or more."""
    starts = operand_def(IndexTensor("starts"))
    """The first index per listed axis: ``dim`` is added to a negative one, then it
    clamps to ``[0, dim]`` for a positive step and to ``[0, dim - 1]`` for a negative
    one (so a start below ``-dim`` still reads element 0)."""
    ends = operand_def(IndexTensor("ends"))
    """Per listed axis, the index the slice stops before: ``dim`` is added to a negative
    one, then it clamps to ``[0, dim]`` or ``[-1, dim - 1]`` (``INT_MAX`` too)."""
    axes = opt_operand_def(IndexTensor("axes"))
    """The axes the entries apply to, negative ones counted from the back (every opset),
    none repeated; absent: ``[0 .. len(starts) - 1]``."""
    steps = opt_operand_def(IndexTensor("steps"))
    """Non-zero; absent: 1. The result has ``max(0, ceil((end - start) / step))``
    elements on an axis."""
    opset = prop_def(IntegerAttr[I64], default_value=IntegerAttr(13, i64))
    """The model's opset, 10, 11 or 13: recorded, as the three share these semantics."""

    irdl_options = (AttrSizedOperandSegments(as_property=True), ParsePropInAttrDict())
    assembly_format = (
        "$data `starts` $starts `ends` $ends (`axes` $axes^)? (`steps` $steps^)? "
        "attr-dict `:` type($data) `,` type($starts) `,` type($ends) "
        "(`axes` type($axes)^)? (`steps` type($steps)^)? `->` type($result)"
    )

    def __init__(
        self,
        data: Operand,
        starts: Operand,
        ends: Operand,
        axes: Operand | None,
        steps: Operand | None,
        result_type: Attribute,
        opset: int = 13,
    ) -> None:
        super().__init__(
            operands=[
                data,
                starts,
                ends,
                [] if axes is None else [axes],
                [] if steps is None else [steps],
            ],
            result_types=[result_type],
            properties={
                "opset": IntegerAttr(builder_int(f"{self.name}: opset", opset), i64)
            },
        )

    def verify_(self) -> None:
        if self.opset.value.data not in semantics.ONNX_OPSETS:
            raise VerifyException(
                f"slice.onnx: opset = {self.opset.value.data} is not one of "
                f"{list(semantics.ONNX_OPSETS)}"
            )
        super().verify_()

    def rule_properties(self, dom: IntDomain[V, B]) -> dict[str, Any]:
        return {"opset": self.opset.value.data}


@framework_op(semantics.ov_slice_on)
class OvSliceOp(FrameworkSliceOp):
    """OpenVINO Slice-8: ``start``, ``stop``, ``step`` and optional ``axes`` operands.

    The same rules as ONNX Slice-13 (OpenVINO's reference and shape inference clamp a
    negative-step start below ``-dim`` to element 0, despite the document's "python
    slicing" wording); ``step`` is required, axes must be unique, data rank >= 1.
    Source: OpenVINO Slice-8 (``seeds/openvino-slice-8.md``).

    ```mlir
    %r = slice.ov_slice %x start %b stop %e step %s
        : tensor<10xi32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<4xi32>
    ```
    """

    name = "slice.ov_slice"

    data = operand_def(NamedTensor("data"))
    """The tensor sliced, of rank 1 or more."""
    start = operand_def(IndexTensor("start"))
    """The first index per axis, as ONNX-13's ``starts``."""
    stop = operand_def(IndexTensor("stop"))
    """The index the slice stops before, as ONNX-13's ``ends``."""
    step = operand_def(IndexTensor("step"))
    """Non-zero steps; required (ONNX's are optional)."""
    axes = opt_operand_def(IndexTensor("axes"))
    """Unique axes the entries apply to, negative ones counted from the back; absent:
    ``[0 .. len(start) - 1]``."""

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    assembly_format = (
        "$data `start` $start `stop` $stop `step` $step (`axes` $axes^)? "
        "attr-dict `:` type($data) `,` type($start) `,` type($stop) `,` type($step) "
        "(`axes` type($axes)^)? `->` type($result)"
    )

    def __init__(
        self,
        data: Operand,
        start: Operand,
        stop: Operand,
        step: Operand,
        axes: Operand | None,
        result_type: Attribute,
    ) -> None:
        super().__init__(
            operands=[data, start, stop, step, [] if axes is None else [axes]],
            result_types=[result_type],
        )

    def rule_properties(self, dom: IntDomain[V, B]) -> dict[str, Any]:
        return {}


class OvMasks(TypedDict, total=False):
    """The masks of ``slice.ov_strided_slice``'s builder: 0/1 per entry (absent or
    ``None``: none)."""

    begin_mask: Sequence[int] | None
    end_mask: Sequence[int] | None
    new_axis_mask: Sequence[int] | None
    shrink_axis_mask: Sequence[int] | None
    ellipsis_mask: Sequence[int] | None


class TfMasks(TypedDict, total=False):
    """The bit fields of ``slice.tf_strided_slice``'s builder (absent or ``None``: 0)."""

    begin_mask: int
    end_mask: int
    ellipsis_mask: int
    new_axis_mask: int
    shrink_axis_mask: int


def _named_masks(
    kind: type[OvMasks] | type[TfMasks], masks: Mapping[str, object]
) -> list[str]:
    """The mask names of ``kind`` in their canonical order, the properties' (so the
    order a caller names them in changes nothing); a ``TypeError`` for a name that is
    not one of them, as for any unknown keyword argument."""
    names = list(kind.__annotations__)
    unknown = [name for name in masks if name not in names]
    if unknown:
        raise TypeError(
            f"unexpected mask {', '.join(unknown)} (the masks: {', '.join(names)})"
        )
    return names


def _mask_values(attr: DenseArrayBase[IntegerType] | None) -> list[int]:
    return [] if attr is None else list(attr.get_values())


@framework_op(semantics.ov_strided_slice_on)
class OvStridedSliceOp(FrameworkSliceOp):
    """OpenVINO StridedSlice-1: ``begin``, ``end``, optional ``stride`` operands and 0/1
    masks as ``array<i64>`` properties.

    Masks shorter than ``begin`` are padded with zeros, longer ones cut. An entry with
    several bits is an ellipsis, else a new axis, else a shrink (TensorFlow's order, which
    OpenVINO's shape inference follows). Range dims clamp as in ONNX Slice-13; a shrink
    entry reads index ``begin`` (end, stride and begin_mask ignored), which must lie in
    ``[-dim, dim)``; an end_mask with a negative stride runs through index 0; ``begin ==
    end`` without shrink is empty. Rank-0 data is allowed. Source: OpenVINO
    StridedSlice-1 (``seeds/openvino-strided-slice-1.rst``).

    ```mlir
    %r = slice.ov_strided_slice %x begin %b end %e stride %s
        {begin_mask = array<i64: 0, 1>, end_mask = array<i64: 1, 1>}
        : tensor<2x3xf32>, tensor<2xi64>, tensor<2xi64> stride tensor<2xi64>
          -> tensor<1x3xf32>
    ```
    """

    name = "slice.ov_strided_slice"

    data = operand_def(NamedTensor("data"))
    """The tensor sliced; rank 0 is allowed (only new axes and an ellipsis apply)."""
    begin = operand_def(IndexTensor("begin"))
    """Per entry, the first index of a range, or the index a shrink entry reads (in
    ``[-dim, dim)``)."""
    end = operand_def(IndexTensor("end"))
    """Per range entry, the index the slice stops before; ``begin == end`` is empty."""
    stride = opt_operand_def(IndexTensor("stride"))
    """Per range entry, a non-zero stride; absent: 1."""
    begin_mask = prop_def(DenseArrayBase.constr(i64))
    """0/1 per entry: 1 ignores ``begin`` (the range starts at its first element)."""
    end_mask = prop_def(DenseArrayBase.constr(i64))
    """0/1 per entry: 1 ignores ``end`` (a negative stride then runs through index 0)."""
    new_axis_mask = opt_prop_def(DenseArrayBase.constr(i64))
    shrink_axis_mask = opt_prop_def(DenseArrayBase.constr(i64))
    ellipsis_mask = opt_prop_def(DenseArrayBase.constr(i64))
    """0/1 per entry (absent: all 0). An entry with several bits is, in TensorFlow's
    order, an ellipsis, else a new axis, else a shrink; a mask shorter than ``begin`` is
    padded with zeros, a longer one cut."""

    irdl_options = (AttrSizedOperandSegments(as_property=True), ParsePropInAttrDict())
    assembly_format = (
        "$data `begin` $begin `end` $end (`stride` $stride^)? "
        "attr-dict `:` type($data) `,` type($begin) `,` type($end) "
        "(`stride` type($stride)^)? `->` type($result)"
    )

    def __init__(
        self,
        data: Operand,
        begin: Operand,
        end: Operand,
        stride: Operand | None,
        result_type: Attribute,
        **masks: Unpack[OvMasks],
    ) -> None:
        values = {name: masks.get(name) for name in _named_masks(OvMasks, masks)}
        for required in ("begin_mask", "end_mask"):  # required properties
            if values[required] is None:
                values[required] = ()
        super().__init__(
            operands=[data, begin, end, [] if stride is None else [stride]],
            result_types=[result_type],
            properties=_arrays(self.name, **values),
        )

    def masks(self) -> dict[str, list[int]]:
        return {
            "begin_mask": _mask_values(self.begin_mask),
            "end_mask": _mask_values(self.end_mask),
            "new_axis_mask": _mask_values(self.new_axis_mask),
            "shrink_axis_mask": _mask_values(self.shrink_axis_mask),
            "ellipsis_mask": _mask_values(self.ellipsis_mask),
        }

    def rule_properties(self, dom: IntDomain[V, B]) -> dict[str, Any]:
        return self.masks()


@framework_op(semantics.tf_strided_slice_on)
class TfStridedSliceOp(FrameworkSliceOp):
    """TensorFlow StridedSlice: ``begin``, ``end``, ``strides`` operands and ``i64`` bit
    field masks (absent = 0; bit ``i`` is entry ``i``; bits at or past ``len(begin)`` are
    ignored).

    Follows ``ValidateStridedSliceOp``: range dims clamp like Python (a negative-stride
    begin below ``-dim`` gives an empty dim); a shrink entry reads index ``begin``, which
    must lie in ``[-dim, dim)``, and needs a positive stride; at most one ellipsis bit; an
    entry with several bits is an ellipsis, else a new axis, else a shrink. Source:
    TensorFlow ``tf.raw_ops.StridedSlice`` (``research/semantics.md`` A.6).

    ```mlir
    %r = slice.tf_strided_slice %x begin %b end %e strides %s {shrink_axis_mask = 1 : i64}
        : tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<f32>
    ```
    """

    name = "slice.tf_strided_slice"

    input = operand_def(NamedTensor("input"))
    """The tensor sliced; rank 0 is allowed (only new axes and an ellipsis apply)."""
    begin = operand_def(IndexTensor("begin"))
    """Per entry (31 at most), the first index of a range, or the index a shrink entry
    reads (in ``[-dim, dim)``)."""
    end = operand_def(IndexTensor("end"))
    strides = operand_def(IndexTensor("strides"))
    """Per entry, where a range stops and its non-zero stride; a shrink entry needs a
    positive stride."""
    begin_mask = opt_prop_def(IntegerAttr[IntegerType])
    end_mask = opt_prop_def(IntegerAttr[IntegerType])
    ellipsis_mask = opt_prop_def(IntegerAttr[IntegerType])
    new_axis_mask = opt_prop_def(IntegerAttr[IntegerType])
    shrink_axis_mask = opt_prop_def(IntegerAttr[IntegerType])
    """Bit fields, bit ``i`` for entry ``i`` (absent: 0; bits at or past ``len(begin)``
    ignored): at most one ellipsis bit; an entry with several bits is an ellipsis, else
    a new axis, else a shrink."""

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$input `begin` $begin `end` $end `strides` $strides attr-dict `:` "
        "type($input) `,` type($begin) `,` type($end) `,` type($strides) `->` type($result)"
    )

    def __init__(
        self,
        input: Operand,
        begin: Operand,
        end: Operand,
        strides: Operand,
        result_type: Attribute,
        **masks: Unpack[TfMasks],
    ) -> None:
        super().__init__(
            operands=[input, begin, end, strides],
            result_types=[result_type],
            properties={
                name: IntegerAttr(value, i64)
                for name in _named_masks(TfMasks, masks)
                if (value := _mask_bits(f"{self.name}: {name}", masks.get(name))) != 0
            },
        )

    def masks(self) -> dict[str, int]:
        """The bit fields, as the bits of each attribute's integer type (``1 : i1`` is
        bit 0 only; a negative ``i64`` sets its high bits, not every bit)."""
        values: dict[str, int] = {}
        for name in semantics.TF_MASKS:
            attr: IntegerAttr[IntegerType] | None = getattr(self, name)
            if attr is None:
                values[name] = 0
                continue
            width = attr.type.width.data
            values[name] = attr.value.data & ((1 << width) - 1)
        return values

    def rule_properties(self, dom: IntDomain[V, B]) -> dict[str, Any]:
        return self.masks()


@framework_op(semantics.dml_slice1_on)
class DmlSlice1Op(FrameworkSliceOp):
    """DirectML DML_SLICE1: a window of ``window_offsets``/``window_sizes`` read with
    ``window_strides``; the result type's shape is OutputSizes.

    The window must be non-empty and inside the input, strides non-zero, and each output
    size in ``1 .. 1 + (size - 1) / |stride|``; a negative stride starts copying at the
    window's end. Rank 1 to 8. Source: DirectML ``DML_SLICE1_OPERATOR_DESC``
    (``seeds/directml-slice1.md``).

    ```mlir
    %r = slice.dml_slice1 %x window_offsets [0, 1] window_sizes [4, 3] window_strides [-2, 2]
        : tensor<4x4xf32> -> tensor<2x2xf32>
    ```
    """

    name = "slice.dml_slice1"

    input = operand_def(NamedTensor("input"))
    """The tensor sliced, of rank 1 to 8."""
    window_offsets = prop_def(DenseArrayBase.constr(i64))
    window_sizes = prop_def(DenseArrayBase.constr(i64))
    """DirectML's ``InputWindowOffsets`` and ``InputWindowSizes``: the window read in
    each dim, non-empty and inside the input (``UINT`` in DirectML)."""
    window_strides = prop_def(DenseArrayBase.constr(i64))
    """DirectML's ``InputWindowStrides``, non-zero (``INT``); a negative stride starts
    copying at the window's end. The result type's shape is DirectML's
    ``OutputSizes``, each in ``1 .. 1 + (size - 1) / |stride|``."""

    assembly_format = (
        "$input `window_offsets` $window_offsets `window_sizes` $window_sizes "
        "`window_strides` $window_strides attr-dict `:` type($input) `->` type($result)"
    )

    def __init__(
        self,
        input: Operand,
        window_offsets: Sequence[int],
        window_sizes: Sequence[int],
        window_strides: Sequence[int],
        result_type: Attribute,
    ) -> None:
        super().__init__(
            operands=[input],
            result_types=[result_type],
            properties=_arrays(
                self.name,
                ("window_offsets", "window_sizes", "window_strides"),
                window_offsets=window_offsets,
                window_sizes=window_sizes,
                window_strides=window_strides,
            ),
        )

    def rule_properties(self, dom: IntDomain[V, B]) -> dict[str, Any]:
        windows = self._constants(dom, "window_offsets", "window_sizes", "window_strides")
        return {**windows, "output_sizes": shape_of(self.output_type)}


class TensorWindowOp(SliceTensorOp):
    """A window op: its first operand the source tensor, its one result a tensor."""

    @property
    def source_type(self) -> TensorType[Attribute]:
        """The source's tensor type; a :class:`VerifyException` naming the op when it
        is not one (an op not verified)."""
        return _tensor_type(self, self.operands[0], "source")

    @property
    def result_type(self) -> TensorType[Attribute]:
        """The result's tensor type (or a :class:`VerifyException`, as for the source)."""
        return _tensor_type(self, self.results[0], "result")


@slice_op
class WindowOp(TensorWindowOp):
    """The canonical slice: ``result[c] = source[offsets + strides * c]`` per dimension,
    for ``0 <= c < sizes``.

    ``source`` has a static shape of rank r; ``offsets``, ``sizes``, ``strides`` have r
    entries; ``sizes >= 0``; ``strides`` are non-zero and may be negative. For a
    non-empty dim both ``offsets[d]`` and ``offsets[d] + strides[d] * (sizes[d] - 1)``
    lie in ``[0, dim[d])``, so every access is in bounds. The result has the source's
    element type and the shape ``sizes`` with size-1 dims inserted or removed (new and
    shrink axes); its elements in row-major order are the window's. Normal form: where
    ``sizes[d] <= 1`` the stride is 1, where ``sizes[d] == 0`` the offset is 0.
    Contract: SPEC section 3.

    ```mlir
    %r = slice.window %x offsets [1, 4] sizes [2, 3] strides [1, -2]
        : tensor<4x5xf32> -> tensor<2x3xf32>
    ```
    """

    def cannot_fail(self) -> bool:
        """Always: its source is static and the verifier proved every access in
        bounds."""
        return True

    name = "slice.window"

    source = operand_def(NamedTensor("source"))
    """A tensor of static shape, of rank ``r`` (0 allowed): the verifier proves every
    access in bounds against it (a source with ``?`` dims takes
    ``slice.dynamic_window``)."""
    offsets = prop_def(DenseArrayBase.constr(i64))
    """The first element read in each of the ``r`` dims."""
    sizes = prop_def(DenseArrayBase.constr(i64))
    strides = prop_def(DenseArrayBase.constr(i64))
    """How many elements each dim reads (``>= 0``), and the signed, non-zero distance
    between them; a non-empty dim's first and last elements lie in ``[0, dim)``."""

    assembly_format = (
        "$source `offsets` $offsets `sizes` $sizes `strides` $strides attr-dict "
        "`:` type($source) `->` type($result)"
    )

    def __init__(
        self,
        source: Operand,
        window: semantics.Window,
        result_type: Attribute,
    ) -> None:
        if not isinstance(window, semantics.Window):
            raise TypeError(
                f"{self.name}: window must be a semantics.Window, got "
                f"{type(window).__name__} {window!r:.60}"
            )
        props = _arrays(
            self.name,
            ("offsets", "sizes", "strides"),
            offsets=window.offsets,
            sizes=window.sizes,
            strides=window.strides,
        )
        super().__init__(operands=[source], result_types=[result_type], properties=props)

    @property
    def window(self) -> semantics.Window:
        return semantics.Window(
            tuple(self.offsets.get_values()),
            tuple(self.sizes.get_values()),
            tuple(self.strides.get_values()),
        )

    def verify_(self) -> None:
        source_type, result_type = self.source_type, self.result_type
        _check_data_and_result(self, source_type, result_type)
        w = self.window
        try:
            semantics.window(shape_of(source_type), w.offsets, w.sizes, w.strides)
        except SliceSemanticsError as e:
            raise VerifyException(str(e)) from None
        result_shape = shape_of(result_type)
        if None in result_shape or not semantics.same_up_to_unit_dims(
            w.sizes, result_shape
        ):
            raise VerifyException(
                result_type_message("slice.window", result_type, format_shape(w.sizes))
            )


Mixed = int | SSAValue
"""A static value, or an ``index`` SSA value known at run time."""


def unit_dim_pairs(
    sizes: Sequence[int | None], result_shape: Sequence[Dim]
) -> list[tuple[int, int]] | None:
    """Which window dim each result dim is, dropping unit dims on both sides.

    ``sizes`` are the window sizes (``None``: dynamic), ``result_shape`` the result type.
    Window dims of static size 1 and result dims of static size 1 are dropped; the rest
    pair up in order, as ``(window dim, result dim)``. ``None`` if they do not (different
    counts, or two static sizes that differ).
    """
    window_dims = [i for i, size in enumerate(sizes) if size != 1]
    result_dims = [j for j, d in enumerate(result_shape) if d != 1]
    if len(window_dims) != len(result_dims):
        return None
    for i, j in zip(window_dims, result_dims):
        a, b = sizes[i], result_shape[j]
        if a is not None and b is not None and a != b:
            return None
    return list(zip(window_dims, result_dims))


def composition_pairs(
    sizes: Sequence[int | None], result_shape: Sequence[Dim]
) -> list[tuple[int, int]] | None:
    """:func:`unit_dim_pairs`, and between each two of its pairs (and before the first,
    after the last) the window dims of static size 1 paired in order with the result's
    static unit dims, as many as both sides have there: the window dim each result dim
    of a rank-keeping window is (a batch dim of 1 kept as 1 is that dim, not a unit dim
    dropped and another inserted). In order, so a window of the result composes dim by
    dim. ``None`` where :func:`unit_dim_pairs` is."""
    pairs = unit_dim_pairs(sizes, result_shape)
    if pairs is None:
        return None
    bounds = [(-1, -1), *pairs, (len(sizes), len(result_shape))]
    full: list[tuple[int, int]] = []
    for (a, b), (c, d) in itertools.pairwise(bounds):
        window_units = [i for i in range(a + 1, c) if sizes[i] == 1]
        result_units = [j for j in range(b + 1, d) if result_shape[j] == 1]
        full += zip(window_units, result_units)
        if c < len(sizes):
            full.append((c, d))
    return full


def message_text(text: object) -> str:
    """``text`` (a type, a name) as literal text of a ``slice.check`` message: its
    braces escaped, so that a type such as ``tensor<2xf32, {a = 1 : i64}>`` is not
    read as a placeholder (:func:`message_parts`)."""
    return str(text).replace("{", "{{").replace("}", "}}")


def cast_dim_message(
    name: str, k: int, value: int | None, result_type: Attribute, d: int
) -> str:
    """The error of a ``tensor.cast`` whose value has ``value`` in dimension ``k``
    where its result type has the static dim ``d``: the interpreter's, and (``value``
    ``None``: a ``slice.check`` template, the value ``{0}``) the lowered check's."""
    if value is None:
        return (
            f"{name}: dimension {k} of the value is {{0}} but the result type "
            f"{message_text(result_type)} has {d}"
        )
    return (
        f"{name}: dimension {k} of the value is {value} but the result type "
        f"{result_type} has {d}"
    )


def result_type_message(name: str, result_type: Attribute, sizes: str) -> str:
    """The verifier's message for sizes (``sizes``: their text, ``[2, ?]``, or a
    ``slice.check`` template's placeholders) that ``result_type`` does not take."""
    return (
        f"{name}: result type {result_type} does not match sizes {sizes} (only size-1 "
        "dims may be inserted or removed)"
    )


def check_sizes_on(
    dom: IntDomain[V, B],
    name: str,
    sizes: Sequence[V],
    pairs: Sequence[tuple[int, int]],
    dims: Sequence[V | None],
    result_type: Attribute,
    output: bool = False,
) -> None:
    """A window's ``sizes`` against the dims of what holds its result, paired by
    :func:`unit_dim_pairs`: each paired size equals its dim (a ``None`` dim is not
    checked), every other size is 1. ``dims``: the result type's (static) dims, and a
    failure is the verifier's message for the same values
    (:func:`result_type_message`, the sizes as they are when it runs); or, with
    ``output``, the output buffer's dims at run time (``sizes[k] = N but the output
    has M in dimension j``; the unpaired sizes are then not checked). One rule for the
    interpreter's result shape, the composition of windows and the lowered checks."""

    if output:
        for i, j in pairs:
            dim = dims[j]
            if dim is not None:
                dom.check(
                    dom.eq(sizes[i], dim),
                    f"{name}: sizes[{i}] = {{0}} but the output has {{1}} in "
                    f"dimension {j}",
                    sizes[i],
                    dim,
                )
        return
    template = "[" + ", ".join(f"{{{k}}}" for k in range(len(sizes))) + "]"
    message = result_type_message(name, message_text(result_type), template)
    paired = {i for i, _ in pairs}
    for i, j in pairs:
        dim = dims[j]
        if dim is not None:
            dom.check(dom.eq(sizes[i], dim), message, *sizes)
    for i, size in enumerate(sizes):
        if i not in paired:
            dom.check(dom.eq(size, dom.const(1)), message, *sizes)


@slice_op
class DynamicWindowOp(TensorWindowOp):
    """``slice.window`` with any offset, size and stride given at run time.

    ``result[c] = source[offsets + strides * c]`` per dimension, for ``0 <= c < sizes``,
    as ``slice.window``; each of ``offsets``, ``sizes``, ``strides`` is a mixed list of
    static values and ``index`` operands, in the style of ``tensor.extract_slice``
    (``static_*`` properties hold ``DYNAMIC_INDEX`` where the value is an operand). The
    source may have ``?`` dims. The verifier checks what is static (sizes >= 0, strides
    non-zero, normal form, bounds where the dim, offset, size and stride are all
    static); the rest is checked when it runs (an invalid window is an error, never an
    access). Result dims pair with window dims once static unit dims are dropped on both
    sides; a static result dim paired with a run-time size must equal it.

    ``in_bounds`` (a unit property, after the strides) says the window is valid for
    its source whenever it runs, as the pass that made it proved: the normalization of
    a framework op (``canonicalize-slices``), whose every output the op's checks accept
    is a valid window in normal form (proved for every int64, ``tests/test_proofs.py``,
    property 2), or a window whose checks were made before it
    (``convert-tensor-to-slice{checks=true}``). Its own checks
    (``semantics.run_time_window_dim_on``) are then not made when it is lowered or
    composed; its sizes are still checked against its result type. A window marked so
    that is not valid never accesses memory outside its buffers either: each copy of
    the lowered window guards itself (``slice.dynamic_copy_run``), with that op's
    message.

    ```mlir
    %r = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 3] strides [1, 2]
        : tensor<?x6xf32> -> tensor<?x3xf32>
    %s = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 3] strides [1, 2] in_bounds
        : tensor<?x6xf32> -> tensor<?x3xf32>
    ```
    """

    name = "slice.dynamic_window"

    source = operand_def(NamedTensor("source"))
    offsets = var_operand_def(IndexType)
    sizes = var_operand_def(IndexType)
    strides = var_operand_def(IndexType)
    static_offsets = prop_def(DenseArrayBase.constr(i64))
    static_sizes = prop_def(DenseArrayBase.constr(i64))
    static_strides = prop_def(DenseArrayBase.constr(i64))
    in_bounds = opt_prop_def(UnitAttr)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    assembly_format = (
        "$source `offsets` custom<DynamicIndexList>($offsets, $static_offsets) "
        "`sizes` custom<DynamicIndexList>($sizes, $static_sizes) "
        "`strides` custom<DynamicIndexList>($strides, $static_strides) "
        "(`in_bounds` $in_bounds^)? attr-dict `:` type($source) `->` type($result)"
    )
    custom_directives = (DynamicIndexList,)

    def __init__(
        self,
        source: Operand,
        offsets: Sequence[Mixed],
        sizes: Sequence[Mixed],
        strides: Sequence[Mixed],
        result_type: Attribute,
        *,
        in_bounds: bool = False,
    ) -> None:
        try:
            lists = {
                name: [
                    v if isinstance(v, SSAValue) else builder_int(f"{name}[{i}]", v)
                    for i, v in enumerate(builder_mixed(name, values))
                ]
                for name, values in (
                    ("offsets", offsets),
                    ("sizes", sizes),
                    ("strides", strides),
                )
            }
        except (TypeError, ValueError) as e:
            raise type(e)(f"{self.name}: {e}") from None
        for name, values in lists.items():
            for i, v in enumerate(values):
                if isinstance(v, int) and v == DYNAMIC_INDEX:  # would read as a `?`
                    raise ValueError(
                        f"{self.name}: {name}[{i}] = {v}: {marker_hint('value')}"
                    )
        split = {k: split_dynamic_index_list(v, DYNAMIC_INDEX) for k, v in lists.items()}
        properties = _arrays(
            self.name, **{f"static_{k}": v for k, (v, _) in split.items()}
        )
        if in_bounds:
            properties["in_bounds"] = UnitAttr()
        super().__init__(
            operands=[source, *(dynamic for _, dynamic in split.values())],
            result_types=[result_type],
            properties=properties,
        )

    @property
    def is_in_bounds(self) -> bool:
        """Whether the window is marked valid whenever it runs (``in_bounds``): its
        own checks are not made."""
        return self.in_bounds is not None

    def _mixed(
        self, static: DenseArrayBase[IntegerType], dynamic: Sequence[SSAValue]
    ) -> list[Mixed]:
        values = iter(dynamic)
        return [next(values) if v == DYNAMIC_INDEX else v for v in static.get_values()]

    def mixed_offsets(self) -> list[Mixed]:
        return self._mixed(self.static_offsets, self.offsets)

    def mixed_sizes(self) -> list[Mixed]:
        return self._mixed(self.static_sizes, self.sizes)

    def mixed_strides(self) -> list[Mixed]:
        return self._mixed(self.static_strides, self.strides)

    def _known(self, static: DenseArrayBase[IntegerType]) -> list[int | None]:
        return [None if v == DYNAMIC_INDEX else v for v in static.get_values()]

    def verify_(self) -> None:
        name = self.name
        for what, static, dynamic in (
            ("offset", self.static_offsets, self.offsets),
            ("size", self.static_sizes, self.sizes),
            ("stride", self.static_strides, self.strides),
        ):
            try:
                verify_dynamic_index_list(
                    static.get_values(),
                    dynamic,
                    DYNAMIC_INDEX,
                    f" in the {what} arguments",
                )
            except VerifyException as e:
                markers = list(static.get_values()).count(DYNAMIC_INDEX)
                if markers <= len(dynamic):
                    raise VerifyException(f"{name}: {e}") from None
                # a static entry of int64's least is MLIR's marker of a dynamic one
                raise VerifyException(f"{name}: {e} ({marker_hint(what)})") from None
        source_type = self.source_type
        _check_data_and_result(self, source_type, self.result_type)
        shape = shape_of(source_type)
        offsets = self._known(self.static_offsets)
        sizes = self._known(self.static_sizes)
        strides = self._known(self.static_strides)
        rank = len(shape)
        try:
            semantics.check_window_lengths(name, rank, offsets, sizes, strides)
            for i, (d, off, size, stride) in enumerate(
                zip(shape, offsets, sizes, strides)
            ):
                semantics.check_window_dim(name, i, d, off, size, stride)
        except SliceSemanticsError as e:
            raise VerifyException(str(e)) from None
        result_type = self.result_type
        if unit_dim_pairs(sizes, shape_of(result_type)) is None:
            raise VerifyException(
                result_type_message(name, result_type, format_shape(sizes))
            )

    def result_shape(self, sizes: Sequence[int]) -> tuple[int, ...]:
        """The result's shape for run-time ``sizes`` (checked against the type)."""
        result_type = self.result_type
        static = shape_of(result_type)
        pairs = unit_dim_pairs(self._known(self.static_sizes), static)
        assert pairs is not None, "checked by the verifier"
        check_sizes_on(INTS, self.name, sizes, pairs, static, result_type)
        shape = [1] * len(static)
        for i, j in pairs:
            shape[j] = sizes[i]
        return tuple(shape)


def in_bounds(op: Operation) -> bool:
    """Whether ``op`` is a ``slice.dynamic_window`` marked ``in_bounds``: valid
    whenever it runs, its own checks not made (``run_time_window_dim_on(...,
    valid=True)``)."""
    return isinstance(op, DynamicWindowOp) and op.is_in_bounds


_TEMPLATE_TOKEN = re.compile(r"\{\{|\}\}|\{([0-9]+)\}|\{[^{}]*\}?|\}")
"""A brace of a ``slice.check`` message: an escape, a placeholder ``{N}``, or a field
that is neither (a format spec, a conversion, a name, an unmatched brace)."""


def message_parts(message: str) -> list[str | int]:
    """A ``slice.check`` message as literal text and placeholder numbers, in order.

    A message holds text, ``{N}`` (N a decimal number without leading zeros: value N)
    and the escapes ``{{`` and ``}}``; anything else in braces raises ``ValueError``
    with that field as its message. Such a message formats alike with ``str.format``
    (the C runtime) and :meth:`CheckOp.format_message` (the interpreter): no format
    specs, so no width or conversion a program could make either side expand.
    """
    parts: list[str | int] = []
    position = 0
    for match in _TEMPLATE_TOKEN.finditer(message):
        if match.start() > position:
            parts.append(message[position : match.start()])
        token, digits = match.group(), match.group(1)
        if token in ("{{", "}}"):
            parts.append(token[0])
        elif digits is not None and digits == str(int(digits)):
            parts.append(int(digits))
        else:
            raise ValueError(token)
        position = match.end()
    if position < len(message):
        parts.append(message[position:])
    return parts


def format_message(template: str, values: Sequence[int]) -> str:
    """``template`` (a ``slice.check`` message, :func:`message_parts`) with ``values``
    in its placeholders; ``ValueError`` for another field, ``IndexError`` for a
    placeholder beyond ``values``."""
    return _fill(message_parts(template), values)


def _fill(parts: Sequence[str | int], values: Sequence[int]) -> str:
    return "".join(part if isinstance(part, str) else str(values[part]) for part in parts)


@slice_op
class CheckOp(IRDLOperation):
    """A run-time check of the normalization: the program fails unless ``condition``
    holds, with ``message`` formatted with ``values`` (``{0}``, ``{1}``, ... stand for
    them, ``{{`` and ``}}`` for braces; nothing else, see :func:`message_parts`), the
    message the verifier gives for the same constants.

    ``canonicalize-slices`` emits these where a framework op's parameters are known
    only at run time (the normalization of :mod:`slice_dialect.semantics` run on
    :class:`slice_dialect.ir_domain.IRBuilder`). The interpreter raises ``SliceError``.

    ```mlir
    %ok = arith.cmpi ne, %step, %c0 : i64
    slice.check %ok, "slice.onnx: steps[0] = 0: a step must be non-zero"
    slice.check %in, "slice.onnx: axes[0] = {0} is out of range [-2, 1] for rank 2", %a
    ```
    """

    name = "slice.check"

    condition = operand_def(i1)
    values = var_operand_def(i64)
    message = prop_def(StringAttr)

    assembly_format = "$condition `,` $message (`,` $values^)? attr-dict"

    def __init__(
        self,
        condition: Operand,
        message: str,
        values: Sequence[SSAValue | Operation] = (),
    ) -> None:
        super().__init__(
            operands=[condition, list(values)],
            properties={"message": StringAttr(message)},
        )

    def format_message(self, values: Sequence[int]) -> str:
        """The message with ``values`` in its placeholders (the verifier has checked
        that it holds only placeholders of ``values`` and escapes; see
        :func:`message_parts`)."""
        return _fill(self._parts(), values)

    def _parts(self) -> list[str | int]:
        message = self.message.data
        try:
            parts = message_parts(message)
        except ValueError as e:
            raise VerifyException(
                f"slice.check: message field {e} is not a placeholder "
                "{N}: a message holds only {0}, {1}, ... (one per value) and the "
                "escapes {{ and }}"
            ) from None
        count = len(self.values)
        for part in parts:
            if isinstance(part, int) and part >= count:
                raise VerifyException(
                    f"slice.check: message placeholder {{{part}}} does not name one of "
                    f"the {count} values ({{0}} to {{{count - 1}}})"
                    if count
                    else f"slice.check: message placeholder {{{part}}} but no values"
                )
        return parts

    def verify_(self) -> None:
        self._parts()


def constant_int(value: SSAValue) -> int | None:
    """The value of an integer ``arith.constant``'s result, else ``None``."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def always_runs(op: Operation) -> bool:
    """Whether ``op`` runs whenever its function does: it is in the function's entry
    block (or in no block), not in another block (a branch target) nor in a region of
    an op that may run it no time (``scf.if``, an ``scf.for`` of no trips, a
    ``linalg.generic`` over an empty tensor). A check that constants decide to fail
    is an error when compiling only there; elsewhere it stays a ``slice.check``, the
    error of a run that reaches it (session 66; upstream's ``-canonicalize`` accepts
    such a branch, and so must ours)."""
    parent = op.parent_op()
    if isinstance(parent, func.FuncOp):
        return op.parent_block() is parent.body.first_block  # its entry block
    return parent is None or isinstance(parent, ModuleOp)


def failure_before(op: Operation, message: str) -> OpPassFailedException:
    """The compile-time error for ``op``, whose constants fail a check (``message``):
    the first ``slice.check`` of the same source op before it (in its block, or before
    an op holding it) that constants decide to fail, where there is one, with its
    message, else ``message`` at ``op``. A framework op's check that constants decide,
    after a run-time check, stays a ``slice.check`` (the run-time one's message comes
    first when it runs), and the window made after it fails when it folds: this names
    the framework op's value, not the window's derived one (session 49's review; a
    check of another op, which fails when it runs, is not this op's error).

    The same source op: the same place in the text, kept beside an op written with
    ``loc("name")`` (which unrelated ops may share) and the ops its rewrites made
    (``locations.text_location``), else the same ``file:line:col`` location; an op of
    neither (an unknown location) has none."""
    from slice_dialect.locations import text_location

    def place(o: Operation) -> Attribute | None:
        kept = text_location(o)
        if kept is not None:
            return kept
        return o.location if isinstance(o.location, FileLineColLoc) else None

    here = place(op)
    if here is None:
        return OpPassFailedException(op, message)
    found: CheckOp | None = None
    at: Operation | None = op
    while at is not None:
        before = at.prev_op
        while before is not None:
            if (
                isinstance(before, CheckOp)
                and place(before) == here
                and constant_int(before.condition) == 0
                and None not in [constant_int(v) for v in before.values]
            ):
                found = before
            before = before.prev_op
        at = at.parent_op()
    if found is None:
        return OpPassFailedException(op, message)
    values = [constant_int(v) for v in found.values]
    return OpPassFailedException(
        found, found.format_message([v for v in values if v is not None])
    )


FRAMEWORK_OPS: tuple[type[FrameworkSliceOp], ...] = (
    OnnxSliceV1Op,
    OnnxSliceOp,
    OvSliceOp,
    OvStridedSliceOp,
    TfStridedSliceOp,
    DmlSlice1Op,
)


# ---------------------------------------------------------------------------------------
# Lowered level: ``slice.copy_run`` (what ``convert-slice-to-loops`` leaves innermost)
# ---------------------------------------------------------------------------------------


Place = tuple[Operand, Operand]
"""Where a run starts: a 1-D view and an ``index`` offset into it (``%view[%offset]``)."""


def run_views(
    op: Operation, source: SSAValue, dest: SSAValue, *, static: bool
) -> tuple[MemRefType[Attribute], MemRefType[Attribute]]:
    """The types of a run's two views, checked: memrefs of the identity layout and one
    element type, of rank 1 (``static``: of static size, or of rank 0), else a
    :class:`VerifyException` naming ``op`` and the view."""
    kind = "a static rank-1 (or rank-0)" if static else "a rank-1"
    types: list[MemRefType[Attribute]] = []
    for what, value in (("source", source), ("dest", dest)):
        t = operand_type(op, value, what, MemRefType)
        shape = t.get_shape()
        bad_rank = len(shape) > 1 if static else len(shape) != 1
        dynamic = static and any(d < 0 for d in shape)
        if bad_rank or dynamic or not isinstance(t.layout, NoneAttr):
            raise VerifyException(
                f"{op.name}: {what} has type {t}; expected {kind} memref with the "
                "identity layout"
            )
        types.append(t)
    if types[0].element_type != types[1].element_type:
        raise VerifyException(
            f"{op.name}: source elements {types[0].element_type} and dest "
            f"elements {types[1].element_type} differ"
        )
    return types[0], types[1]


@slice_op
class CopyRunOp(IRDLOperation):
    """``slice.copy_run``: copy ``count`` elements between two 1-D memref views.

    ``dest[dest_offset + k * dest_stride] = source[source_offset + k * source_stride]``
    for ``k`` in ``[0, count)``, in that order (it matters only when both views are of one
    buffer and the run reads what it wrote). The views are rank-1 memrefs (rank 0: one element) of
    static size and identity layout, of one element type. It reads ``source`` at
    ``source_offset + min(0, (count - 1) * source_stride)`` to ``source_offset +
    max(0, (count - 1) * source_stride)`` and writes ``dest`` at ``dest_offset`` to
    ``dest_offset + (count - 1) * dest_stride``; whoever makes the op keeps those in
    ``[0, size)``.

    The code-generation choices (made by ``convert-slice-to-loops``, see
    ``passes/copy_plan.py``) change how the C target copies, never what:
    ``nontemporal`` stores bypass the cache (``dest_stride`` 1), with ``in_order``
    (a contiguous run) their cache lines one after the other rather than in blocks of
    16 KiB, a line of each 4 KiB quarter in turn; ``reorder`` reorders a
    run of source stride -1, 2 or -2 (elements of at most 16 bytes), in registers
    (streamed or cached); ``scalar`` copies a run of 1-, 2-, 4-, 8- or 16-byte elements
    at a source stride of at least 2 (either sign) by a loop the C compiler does not
    vectorize, elements packed into wider stores (16-byte ones a store each, four an
    iteration; with ``nontemporal``, into non-temporal stores); ``prefetch = N`` hints
    the source elements of the run ``N``
    elements further (signed) where they lie inside the source view, and
    ``prefetch_bytes = B`` (with ``prefetch``) hints ``B`` bytes from that run's lowest
    source element instead of its span (whole rows, the gap after the span included);
    ``lookahead = N`` (with ``scalar``; ``1 <= N < count``) hints, as the run copies,
    the source lines of its elements ``N`` further on in the run (never past its last);
    ``string_move`` copies a contiguous run with cached stores by the CPU's string move
    (``rep movsb`` on x86-64 with GNU C, ``memcpy`` elsewhere and under
    AddressSanitizer), on a host that measured it faster than ``memcpy``
    (``convert-slice-to-loops{string-move-bytes=N}``).
    """

    name = "slice.copy_run"

    source = operand_def(MemRefType)
    source_offset = operand_def(IndexType)
    dest = operand_def(MemRefType)
    dest_offset = operand_def(IndexType)
    count = prop_def(IntegerAttr[I64])
    source_stride = prop_def(IntegerAttr[I64])
    dest_stride = prop_def(IntegerAttr[I64])
    nontemporal = opt_prop_def(UnitAttr)
    in_order = opt_prop_def(UnitAttr)
    reorder = opt_prop_def(UnitAttr)
    scalar = opt_prop_def(UnitAttr)
    prefetch = opt_prop_def(IntegerAttr[I64])
    prefetch_bytes = opt_prop_def(IntegerAttr[I64])
    lookahead = opt_prop_def(IntegerAttr[I64])
    string_move = opt_prop_def(UnitAttr)

    assembly_format = (
        "$source `[` $source_offset `]` `,` $dest `[` $dest_offset `]` "
        "`count` $count `source_stride` $source_stride `dest_stride` $dest_stride "
        "(`nontemporal` $nontemporal^)? (`in_order` $in_order^)? "
        "(`string_move` $string_move^)? (`reorder` $reorder^)? "
        "(`scalar` $scalar^)? (`lookahead` $lookahead^)? (`prefetch` $prefetch^)? "
        "(`prefetch_bytes` $prefetch_bytes^)? "
        "attr-dict `:` type($source) `,` type($dest)"
    )

    def __init__(
        self,
        source: Place,
        dest: Place,
        count: int,
        source_stride: int = 1,
        dest_stride: int = 1,
        *,
        nontemporal: bool = False,
        in_order: bool = False,
        reorder: bool = False,
        scalar: bool = False,
        prefetch: int | None = None,
        prefetch_bytes: int | None = None,
        lookahead: int | None = None,
        string_move: bool = False,
    ) -> None:
        properties: dict[str, Attribute] = {
            "count": IntegerAttr(count, i64),
            "source_stride": IntegerAttr(source_stride, i64),
            "dest_stride": IntegerAttr(dest_stride, i64),
        }
        if nontemporal:
            properties["nontemporal"] = UnitAttr()
        if in_order:
            properties["in_order"] = UnitAttr()
        if reorder:
            properties["reorder"] = UnitAttr()
        if scalar:
            properties["scalar"] = UnitAttr()
        if prefetch is not None:
            properties["prefetch"] = IntegerAttr(prefetch, i64)
        if prefetch_bytes is not None:
            properties["prefetch_bytes"] = IntegerAttr(prefetch_bytes, i64)
        if lookahead is not None:
            properties["lookahead"] = IntegerAttr(lookahead, i64)
        if string_move:
            properties["string_move"] = UnitAttr()
        super().__init__(operands=[*source, *dest], properties=properties)

    def verify_(self) -> None:
        source_type, _ = run_views(self, self.source, self.dest, static=True)
        count = self.count.value.data
        source_stride = self.source_stride.value.data
        dest_stride = self.dest_stride.value.data
        if count < 1:
            raise VerifyException(f"{self.name}: count = {count} must be at least 1")
        if source_stride == 0:
            raise VerifyException(f"{self.name}: source_stride must be non-zero")
        if dest_stride < 1:
            raise VerifyException(
                f"{self.name}: dest_stride = {dest_stride} must be at least 1"
            )
        flags = [
            name
            for name, value in (
                ("nontemporal", self.nontemporal),
                ("reorder", self.reorder),
                ("scalar", self.scalar),
            )
            if value is not None
        ]
        if self.in_order is not None and (
            self.nontemporal is None or source_stride != 1 or dest_stride != 1
        ):
            raise VerifyException(
                f"{self.name}: in_order orders the streamed lines of a contiguous run; "
                "it needs nontemporal and source_stride = dest_stride = 1 (source_stride "
                f"= {source_stride}, dest_stride = {dest_stride})"
            )
        if self.string_move is not None and (
            self.nontemporal is not None or source_stride != 1 or dest_stride != 1
        ):
            raise VerifyException(
                f"{self.name}: string_move copies a contiguous run with cached stores; "
                "it needs source_stride = dest_stride = 1 and no nontemporal "
                f"(source_stride = {source_stride}, dest_stride = {dest_stride}"
                f"{', nontemporal' if self.nontemporal is not None else ''})"
            )
        if self.prefetch_bytes is not None:
            prefetch_bytes = self.prefetch_bytes.value.data
            if self.prefetch is None:
                raise VerifyException(
                    f"{self.name}: prefetch_bytes = {prefetch_bytes} needs prefetch"
                )
            if prefetch_bytes < 1:
                raise VerifyException(
                    f"{self.name}: prefetch_bytes = {prefetch_bytes} must be at least 1"
                )
        if self.lookahead is not None:
            lookahead = self.lookahead.value.data
            if self.scalar is None:
                raise VerifyException(
                    f"{self.name}: lookahead = {lookahead} needs scalar"
                )
            if not 1 <= lookahead < count:
                raise VerifyException(
                    f"{self.name}: lookahead = {lookahead} must be at least 1 and less "
                    f"than count = {count}"
                )
        if flags and dest_stride != 1:
            raise VerifyException(
                f"{self.name}: {' and '.join(flags)} "
                f"{'needs' if len(flags) == 1 else 'need'} dest_stride = 1"
            )
        if self.reorder is None and self.scalar is None:
            return
        from passes.copy_plan import GATHER_ELEMENT_BYTES, can_gather_scalar, can_reorder
        from slice_dialect.dtypes import storage_bytes

        width = storage_bytes(source_type.element_type)
        if self.reorder is not None and not can_reorder(source_stride, width):
            raise VerifyException(
                f"{self.name}: reorder needs a source_stride of -1, 2 or -2 with "
                f"elements of at most 16 bytes (source_stride = {source_stride}, "
                f"{width}-byte elements)"
            )
        if self.scalar is not None and (
            self.reorder is not None or not can_gather_scalar(source_stride, width)
        ):
            *narrow, wide = (str(b) for b in GATHER_ELEMENT_BYTES)
            raise VerifyException(
                f"{self.name}: scalar needs {'-, '.join(narrow)}- or {wide}-byte "
                "elements, a source_stride of at least 2 either way (source_stride "
                f"= {source_stride}, {width}-byte elements) and no reorder"
            )


@dataclass(frozen=True)
class PrefetchRows:
    """A dynamic run's place in the loops around it (``slice.dynamic_copy_run``'s
    ``prefetch row %row of %rows step %step plane %plane``)."""

    row: SSAValue
    rows: SSAValue
    step: SSAValue
    plane: SSAValue | None = None


@slice_op
class DynamicCopyRunOp(IRDLOperation):
    """``slice.dynamic_copy_run``: copy a run of ``count`` elements known at run time.

    ``dest[dest_offset + k] = source[source_offset + k * source_stride]`` for ``k`` in
    ``[0, count)``; a ``count`` <= 0 copies nothing. The views are rank-1 memrefs of
    one element type, of static or dynamic size, identity layout. What
    ``convert-slice-to-loops`` makes of a ``slice.dynamic_window``: the innermost run,
    whose count, offsets and stride are values.

    Unlike ``slice.copy_run``, nothing about the run need be provable when the program
    is compiled: the op guards itself. Its C rule checks, before it copies, that the
    whole run lies inside both views (without an arithmetic that can wrap) and makes
    the kernel return an error code otherwise; the interpreter raises ``SliceError``.
    A ``source_stride`` given by ``arith.constant 1`` is copied as one block
    (``memcpy``); any other as an element loop.

    With ``loops [%b0, ...] source_steps [%s0, ...] dest_steps [%d0, ...]`` (one
    bound and two steps per loop, outermost first) the op is the loop nest around the
    run: for each ``(i0, ...)`` in row-major order with ``0 <= ij < bj``, the run at
    ``source_offset + sum(ij * sj)`` and ``dest_offset + sum(ij * dj)``. A bound <= 0
    copies nothing. The nest is guarded once, before anything is copied: every element
    of every run must lie in its view (checked on the nest's lowest and highest
    offsets, without an arithmetic that can wrap), else nothing is copied and the
    kernel returns the error. (``convert-slice-to-loops`` lowers a dynamic window to
    one such op: a guard per run in ``scf.for`` loops cost runs of a few elements 2-4x
    their copy.)

    ```mlir
    slice.dynamic_copy_run %src[%so], %dst[%do] count %n source_stride %s
        : memref<?xf32>, memref<?xf32>
    slice.dynamic_copy_run %src[%so], %dst[%do] count %n source_stride %s
        loops [%rows] source_steps [%row] dest_steps [%n]
        : memref<?xf32>, memref<?xf32>
    ```
    """

    name = "slice.dynamic_copy_run"

    DEST_MESSAGE: ClassVar[str] = (
        "slice.dynamic_copy_run: a run of {0} elements written at offset {1} leaves "
        "the dest view of {2} elements"
    )
    SOURCE_MESSAGE: ClassVar[str] = (
        "slice.dynamic_copy_run: a run of {0} elements at offset {1}, stride {2}, "
        "leaves the source view of {3} elements"
    )
    NEST_DEST_MESSAGE: ClassVar[str] = (
        "slice.dynamic_copy_run: runs of {0} elements written from offset {1} in its "
        "loops leave the dest view of {2} elements"
    )
    NEST_SOURCE_MESSAGE: ClassVar[str] = (
        "slice.dynamic_copy_run: runs of {0} elements from offset {1}, stride {2}, in "
        "its loops leave the source view of {3} elements"
    )
    """The messages of a run outside its views, and of a nest (``loops``) some run of
    which is (the C rule's error templates, the interpreter's errors)."""

    source = operand_def(MemRefType)
    source_offset = operand_def(IndexType)
    dest = operand_def(MemRefType)
    dest_offset = operand_def(IndexType)
    count = operand_def(IndexType)
    source_stride = operand_def(IndexType)
    bounds = var_operand_def(IndexType)
    source_steps = var_operand_def(IndexType)
    dest_steps = var_operand_def(IndexType)
    """The loops around the run (``loops [...] source_steps [...] dest_steps [...]``,
    outermost first): their bounds and the steps of the source and dest offsets."""
    prefetch_row = opt_operand_def(IndexType)
    prefetch_rows = opt_operand_def(IndexType)
    prefetch_step = opt_operand_def(IndexType)
    prefetch_plane = opt_operand_def(IndexType)
    """Where the run sits in the loops around it, for the C target's prefetch (an
    ``adaptive`` run's; no effect on what is copied): ``prefetch row %i of %n step
    %s``, the run is row ``%i`` of a loop of ``%n`` rows whose source offsets are
    ``%s`` elements apart, and ``plane %p``, the loop around the rows steps ``%p``
    source elements (0, as no ``plane``: no loop around the rows). The C target prefetches the run ``ahead`` rows later in the
    loops' order, by the rules ``passes/copy_plan.run_choices`` and ``row_prefetch``
    apply to static runs, at run time. Set by ``convert-slice-to-loops``."""
    prefetch_if = opt_operand_def(i1)
    """A run with ``loops``: ``prefetch_if %g``, where ``%g`` holds the C target
    prefetches as ``prefetch row ...`` would, the rows being the iterations of the
    innermost loop of more than one iteration and the planes those of the next such
    loop out (no effect on what is copied). Set by ``convert-slice-to-loops``, ``%g``
    the gate of ``passes/lower_dynamic.prefetch_gate``."""
    footprint = opt_operand_def(IndexType)
    """An ``adaptive`` run's ``footprint %f`` (with ``stream_working_set``): the
    elements of source the whole copy brings into the caches
    (``passes/copy_plan.source_footprint_on``), which the streaming test counts in
    place of the whole source view. No effect on what is copied. Set by
    ``convert-slice-to-loops``."""
    adaptive = opt_prop_def(UnitAttr)
    """The code-generation choice of a dynamic run (made by ``convert-slice-to-loops``):
    the C target picks the copy when the run executes, by the rules
    ``passes/copy_plan.run_choices`` applies to static runs (streamed stores for a
    large destination, the register helpers for a stride of -1, 2 or -2, ``memcpy``
    for a stride of constant 1, else an element loop). Without it: ``memcpy`` for a
    stride of constant 1, else an element loop."""
    stream_working_set = opt_prop_def(IntegerAttr[I64])
    """An ``adaptive`` run's ``stream_working_set N``: it streams its stores only when
    its source footprint (``footprint``; without it, the source view) and its
    destination view hold at least N bytes together (besides the rules of
    ``adaptive``), ``convert-slice-to-loops{stream-working-set=N}``'s target
    (``passes/copy_plan.py``, ``STREAM_WORKING_SET``). Absent: as for 0."""
    in_order = opt_prop_def(UnitAttr)
    """An ``adaptive`` run's ``in_order``: where it streams a contiguous run, its lines
    go one after the other rather than in 16 KiB blocks
    (``convert-slice-to-loops{stream-lines-in-order=true}``, ``STREAM_LINES_IN_ORDER``)."""
    string_move_bytes = opt_prop_def(IntegerAttr[I64])
    """An ``adaptive`` run's ``string_move_bytes N`` (at least 1): where it copies a
    contiguous run of at least N bytes with cached stores, it copies it by the CPU's
    string move (``slice.copy_run``'s ``string_move``), as
    ``convert-slice-to-loops{string-move-bytes=N}`` does static runs
    (``STRING_MOVE_BYTES``). Absent: ``memcpy``."""

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    assembly_format = (
        "$source `[` $source_offset `]` `,` $dest `[` $dest_offset `]` "
        "`count` $count `source_stride` $source_stride "
        "(`loops` `[` $bounds^ `]` `source_steps` `[` $source_steps `]` "
        "`dest_steps` `[` $dest_steps `]`)? (`adaptive` $adaptive^)? "
        "(`stream_working_set` $stream_working_set^)? (`footprint` $footprint^)? "
        "(`in_order` $in_order^)? (`string_move_bytes` $string_move_bytes^)? "
        "(`prefetch` `row` $prefetch_row^ `of` $prefetch_rows `step` $prefetch_step)? "
        "(`plane` $prefetch_plane^)? (`prefetch_if` $prefetch_if^)? "
        "attr-dict `:` type($source) `,` type($dest)"
    )

    def __init__(
        self,
        source: Place,
        dest: Place,
        count: Operand,
        source_stride: Operand,
        *,
        loops: Sequence[tuple[Operand, Operand, Operand]] = (),
        adaptive: bool = False,
        prefetch_if: Operand | None = None,
        prefetch: PrefetchRows | None = None,
        stream_working_set: int = 0,
        footprint: Operand | None = None,
        in_order: bool = False,
        string_move_bytes: int = 0,
    ) -> None:
        nest: list[list[Operand]] = [[b for b, _, _ in loops]]
        nest += [[s for _, s, _ in loops], [d for _, _, d in loops]]
        rows: list[list[SSAValue | Operation]] = [[], [], [], []]
        if prefetch is not None:
            plane = prefetch.plane
            rows = [[prefetch.row], [prefetch.rows], [prefetch.step]]
            rows.append([] if plane is None else [plane])
        rows.append([] if prefetch_if is None else [prefetch_if])
        rows.append([] if footprint is None else [footprint])
        properties: dict[str, Attribute] = {"adaptive": UnitAttr()} if adaptive else {}
        if stream_working_set:
            properties["stream_working_set"] = IntegerAttr(stream_working_set, i64)
        if in_order:
            properties["in_order"] = UnitAttr()
        if string_move_bytes:
            properties["string_move_bytes"] = IntegerAttr(string_move_bytes, i64)
        super().__init__(
            operands=[*source, *dest, count, source_stride, *nest, *rows],
            properties=properties,
        )

    def verify_(self) -> None:
        run_views(self, self.source, self.dest, static=False)
        lengths = [len(self.bounds), len(self.source_steps), len(self.dest_steps)]
        if len(set(lengths)) != 1:
            raise VerifyException(
                f"{self.name}: loops needs one bound, source step and dest step per "
                f"loop ({lengths[0]} bounds, {lengths[1]} source steps, {lengths[2]} "
                "dest steps)"
            )
        if self.prefetch_if is not None:
            if not self.bounds:
                raise VerifyException(
                    f"{self.name}: prefetch_if prefetches the rows of its loops; add "
                    "loops (or use prefetch row ... of ...)"
                )
            if self.adaptive is None:
                raise VerifyException(
                    f"{self.name}: prefetch_if is a choice of an adaptive run; add "
                    "adaptive"
                )
        if self.prefetch_row is not None and self.bounds:
            raise VerifyException(
                f"{self.name}: prefetch row ... of ... places a run in loops around "
                "it; a run with loops prefetches with prefetch_if"
            )
        given = [self.prefetch_row, self.prefetch_rows, self.prefetch_step]
        if any(v is None for v in given) and any(v is not None for v in given):
            raise VerifyException(
                f"{self.name}: prefetch needs a row, a row count and a step"
            )
        if self.prefetch_plane is not None and self.prefetch_row is None:
            raise VerifyException(f"{self.name}: plane needs prefetch row ... of ...")
        if self.prefetch_row is not None and self.adaptive is None:
            raise VerifyException(
                f"{self.name}: prefetch is a choice of an adaptive run; add adaptive"
            )
        if self.stream_working_set is not None:
            if self.adaptive is None:
                raise VerifyException(
                    f"{self.name}: stream_working_set is a choice of an adaptive run; "
                    "add adaptive"
                )
            if self.stream_working_set.value.data == 0 and self.footprint is not None:
                raise VerifyException(
                    f"{self.name}: footprint is counted against a stream_working_set "
                    "of at least 1"
                )
            if self.stream_working_set.value.data < 0:
                raise VerifyException(
                    f"{self.name}: stream_working_set = "
                    f"{self.stream_working_set.value.data}: a byte count must be at "
                    "least 0"
                )
        elif self.footprint is not None:
            raise VerifyException(
                f"{self.name}: footprint is counted against a stream_working_set; "
                "add stream_working_set"
            )
        if self.in_order is not None and self.adaptive is None:
            raise VerifyException(
                f"{self.name}: in_order is a choice of an adaptive run; add adaptive"
            )
        if self.string_move_bytes is not None:
            if self.adaptive is None:
                raise VerifyException(
                    f"{self.name}: string_move_bytes is a choice of an adaptive run; "
                    "add adaptive"
                )
            if self.string_move_bytes.value.data < 1:
                raise VerifyException(
                    f"{self.name}: string_move_bytes = "
                    f"{self.string_move_bytes.value.data}: a byte count must be at "
                    "least 1 (leave it out for never)"
                )

    def loops(self) -> list[tuple[SSAValue, SSAValue, SSAValue]]:
        """Each loop of the nest (``loops``), outermost first: bound, source step,
        dest step."""
        return list(zip(self.bounds, self.source_steps, self.dest_steps))

    def prefetch(self) -> PrefetchRows | None:
        """The run's place in its loops, where the op gives it."""
        if self.prefetch_row is None:
            return None
        assert self.prefetch_rows is not None and self.prefetch_step is not None
        return PrefetchRows(
            self.prefetch_row, self.prefetch_rows, self.prefetch_step, self.prefetch_plane
        )


@slice_op
class FillConstantOp(IRDLOperation):
    """``slice.fill_constant``: write the elements of a dense constant, in row-major
    order, into a whole static memref of the same shape and element type.

    ``convert-slice-to-loops`` gives each tensor ``arith.constant`` a program uses (a
    slice of a constant that did not fold, a folded slice that is returned) a buffer
    this op fills, as MLIR's bufferization gives it a ``memref.global``. The C target
    writes the constant's bits from a ``static const`` table, or with one loop for a
    splat.

    ```mlir
    slice.fill_constant %buf = dense<[1, 2, 3]> : tensor<3xi32> : memref<3xi32>
    ```
    """

    name = "slice.fill_constant"

    dest = operand_def(MemRefType)
    value = prop_def(DenseIntOrFPElementsAttr)

    assembly_format = "$dest `=` $value attr-dict `:` type($dest)"

    def __init__(self, dest: Operand, value: DenseIntOrFPElementsAttr) -> None:
        super().__init__(operands=[dest], properties={"value": value})

    def verify_(self) -> None:
        t = operand_type(self, self.dest, "dest", MemRefType)
        value_type = self.value.get_type()
        if (
            not isinstance(value_type, TensorType)
            or not t.has_static_shape()
            or not isinstance(t.layout, NoneAttr)
            or tuple(t.get_shape()) != tuple(value_type.get_shape())
            or t.element_type != value_type.get_element_type()
        ):
            raise VerifyException(
                f"{self.name}: dest has type {t} but the value is a {value_type}; "
                "expected a static memref of its shape and element type with the "
                "identity layout"
            )


Slice = Dialect(
    "slice",
    [
        *FRAMEWORK_OPS,
        WindowOp,
        DynamicWindowOp,
        CheckOp,
        CopyRunOp,
        DynamicCopyRunOp,
        FillConstantOp,
    ],
    [],
)
