"""Source locations: where in the input file an op was written.

xDSL's parser leaves every op's ``location`` as ``loc(unknown)`` unless the text spells a
``loc(...)``. :class:`LocatingParser` gives each parsed op a ``FileLineColLoc`` of its
first character instead, as MLIR's parser does, so diagnostics can say
``file.mlir:12:8`` and ``--print-debuginfo`` prints the locations. The canonicalization
patterns pass an op's location on to the ops that replace it.
"""

from __future__ import annotations

import re
import struct
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from math import prod
from typing import Any, NoReturn
from weakref import WeakKeyDictionary

from xdsl.context import Context
from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyFloat,
    ArrayAttr,
    CallSiteLoc,
    ComplexType,
    DictionaryAttr,
    FileLineColLoc,
    FloatAttr,
    FusedLoc,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    LocationAttr,
    ModuleOp,
    NameLoc,
    RankedStructure,
    StringAttr,
    TensorType,
    UnknownLoc,
    UnrankedTensorType,
)
from xdsl.ir import (
    Attribute,
    Block,
    BlockArgument,
    Operation,
    OpResult,
    Region,
    SSAValue,
)
from xdsl.irdl import AttrConstraint, base
from xdsl.irdl.dominance import DominanceInfo
from xdsl.parser import AttrParser, Parser, UnresolvedOperand
from xdsl.traits import CallableOpInterface
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.utils.lexer import Position
from xdsl.utils.mlir_lexer import MLIRTokenKind

from slice_dialect.domain import INT64_MAX
from slice_dialect.errors import OpPassFailedException

DENSE_ELEMENTS_FLOOR = 1 << 16
"""A dense literal may always have this many elements, however short the input."""

_OP_NAME_TEXT = re.compile(r'(?:%[^=]*=\s*)?"?([A-Za-z_][\w$.]*)')
"""An op's text from its start: its results (if any), then its name (quoted in the
generic form)."""

_INTEGER_LITERAL = re.compile(r"(?<![\w.#%@^\"])-?(?:0x[0-9a-fA-F]+|[0-9]+)(?![\w.])")
"""An integer literal in IR text (decimal or hexadecimal), not part of a name, a float
or a string's ``0x`` bytes."""

INT64_RANGE = (-(2**63), 2**63 - 1)

_SHAPED_TYPE_TEXT = re.compile(
    r"(?:tensor|memref|vector)<(?:(?:[0-9]+|\?)x)*"
    r"(?:[a-z][a-z0-9]*|complex<[a-z][a-z0-9]*>)>"
)
"""The text of a builtin shaped type with a builtin element type and nothing else
(``tensor<4x?xf32>``, ``memref<8xcomplex<f64>>``; no layout, memory space or encoding)."""

_DENSE_INTEGERS_TEXT = re.compile(
    r"<\[(?:-?[0-9]+(?:, *-?[0-9]+)*)?\]> *: *tensor<(?:[0-9]+x)*[a-z][a-z0-9]*>"
)
"""The text after ``dense`` of a literal of decimal integers in one list, typed as a
static tensor (``<[1, -2]> : tensor<2xi64>``): the index operands. Not a splat, whose
size limit depends on the input's length (:meth:`LocatingParser.
_parse_dense_literal_type_checked`)."""

PARSE_MEMO_ENTRIES = 4096
"""How many texts :class:`LocatingParser` remembers the attribute of (then it starts
over); texts longer than :data:`PARSE_MEMO_MAX_TEXT` are not kept."""

PARSE_MEMO_MAX_TEXT = 512
"""The longest text whose attribute :class:`LocatingParser` keeps (a dense literal of at
most about 250 values)."""

_PARSED: dict[str, Attribute] = {}
"""Text matched by :data:`_SHAPED_TYPE_TEXT` or :data:`_DENSE_INTEGERS_TEXT` -> the
attribute xDSL's parser made of exactly that text. Builtin types and literals mean the
same in every context, and attributes are immutable, so every parser shares it."""


def literal_range(t: Attribute) -> tuple[int, int] | None:
    """The closed range of the integers a literal of element type ``t`` may hold
    (``None`` for a type without integer literals): a signless ``iN`` takes its signed
    and its unsigned values (``i8``: -128 to 255), as MLIR's parser does; ``index``
    and integer properties 64 bits."""
    if isinstance(t, IntegerType):
        low, end = t.value_range()
        return low, end - 1
    if isinstance(t, IndexType):
        return INT64_RANGE
    return None


def _int_literal(text: str) -> int:
    negative = text.startswith("-")
    digits = text[1:] if negative else text
    value = int(digits, 16) if digits.startswith("0x") else int(digits)
    return -value if negative else value


@cache
def _dense_literal_types() -> AttrConstraint[Any]:
    """The types a dense literal may have, built once: xDSL 0.74's parser builds this
    constraint for every literal it parses, about 2 ms each, half the time of parsing a
    module of small functions with constant index tensors (a workaround to report
    upstream, see the README)."""
    return base(RankedStructure[IntegerType | IndexType | AnyFloat | ComplexType])


def _end_of_text(content: str, start: int, next_token: int) -> int:
    """The end of the text from ``start`` up to ``next_token`` without what the lexer
    skips before the next token (whitespace, ``//`` comments), so that an error's
    caret underlines the text and not the next line."""
    lines = content[start:next_token].split("\n")
    while len(lines) > 1 and (
        not lines[-1].strip() or lines[-1].lstrip().startswith("//")
    ):
        lines.pop()
    lines[-1] = lines[-1].split("//", 1)[0].rstrip()
    return start + len("\n".join(lines))


@dataclass
class _HexFloatElement(AttrParser._TensorLiteralElement):
    """A hexadecimal literal in a dense literal: for a float element type it is the
    element's bits, as in MLIR (which prints a NaN so); xDSL 0.74 reads it as the
    integer's value (``0x7FC00000`` as 2143289344.0), so a NaN did not survive being
    printed and read back."""

    def to_type(
        self, parser: AttrParser, type: AnyFloat | IntegerType | IndexType | ComplexType
    ) -> Any:
        if isinstance(type, AnyFloat) and isinstance(self.value, int):
            size = type.compile_time_size
            if not 0 <= self.value < 2 ** (8 * size):
                parser.raise_error(
                    f"hexadecimal literal {self.span.text} has more bits than {type}",
                    at_position=self.span,
                )
            return next(type.iter_unpack(self.value.to_bytes(size, "little")))
        return super().to_type(parser, type)


MAX_INTEGER_WIDTH = 16_777_215
"""MLIR's widest integer type (``IntegerType::kMaxWidth``)."""

_INTEGER_TYPE = re.compile(r"[su]?i([0-9]+)")
"""An integer type's name, its width (compared by its digits first: Python's ``int``
refuses more than 4300 of them)."""


class LocatingParser(Parser):
    """xDSL's parser, recording each op's source position as its location.

    ``line_offset`` is added to every line number (for a chunk of a file split with
    ``--split-input-file``, the lines before it).
    """

    def __init__(
        self,
        ctx: Context,
        text: str,
        name: str = "<unknown>",
        line_offset: int = 0,
        refuse_unprintable: bool = True,
    ) -> None:
        super().__init__(ctx, text, name)
        self.refuse_unprintable = refuse_unprintable
        """Whether an op holding a float xDSL cannot print (f80) is a parse error at
        the op (``slice-opt``, which prints every op); ``compile`` takes it and names
        it only where xDSL fails to print it (``unprintable_float_in``), so a function
        no entry reaches fails no entry."""
        self._parsing: list[int] = []
        """The starts of the ops being parsed, innermost last."""
        self._filename = StringAttr(name)
        self._dense_type: Any = None
        self._line_offset = line_offset
        self._deferred_locations: dict[str, LocationAttr] = {}
        self._resolving: set[str] = set()
        self._op_starts: dict[Operation, int] = {}  # where each op's text starts
        self._line_starts = [0]
        position = text.find("\n")
        while position != -1:
            self._line_starts.append(position + 1)
            position = text.find("\n", position + 1)

    def _remembered(self, pattern: re.Pattern[str], parse: Callable[[], Any]) -> Any:
        """``parse()``, or the attribute it gave before for the same text.

        The text at the current token is matched with ``pattern``; if it was parsed
        before, the parser moves past it and the kept attribute is the result. Else
        ``parse()`` (xDSL's parser, so its errors and results are xDSL's) runs, and its
        result is kept only when it consumed exactly the matched text. Moving past a
        kept text ends as xDSL's parse of it does: its last token (every such text ends
        with ``>``) current, then consumed, so an error lexing the token after it is
        raised where and as it would be.
        """
        start = self._current_token.span.start
        content = self.lexer.input.content
        match = pattern.match(content, start)
        if match is None or match.end() - start > PARSE_MEMO_MAX_TEXT:
            return parse()
        text = match.group()
        known = _PARSED.get(text)
        if known is not None:
            self._resume_from(match.end() - 1)
            self._consume_token()
            return known
        parsed = parse()
        if (
            parsed is not None
            and not content[match.end() : self._current_token.span.start].strip()
        ):
            if len(_PARSED) >= PARSE_MEMO_ENTRIES:
                _PARSED.clear()
            _PARSED[text] = parsed
        return parsed

    def parse_optional_type(self) -> Any:
        """xDSL's, with shaped types remembered by their text (:meth:`_remembered`):
        xDSL lexes ``tensor<4x5xf32>`` token by token, backing up in the shape, and
        types were half of the time spent parsing a module of slice ops."""
        return self._remembered(_SHAPED_TYPE_TEXT, super().parse_optional_type)

    def parse_optional_builtin_int_or_float_attr(self) -> Any:
        """xDSL's, and an ``index`` literal outside 64 bits an error at it, as one of
        ``i64`` is: xDSL took ``arith.constant 18446744073709551617 : index``, which
        MLIR refuses, and the passes then named a value no index holds (session 61's
        hunt)."""
        start = self._current_token.span.start
        parsed = super().parse_optional_builtin_int_or_float_attr()
        if isinstance(parsed, IntegerAttr) and isinstance(parsed.type, IndexType):
            low, high = INT64_RANGE
            if not low <= parsed.value.data <= high:
                self._raise_out_of_range(
                    ValueError("index literal out of range"),
                    start,
                    literal_range(parsed.type),
                    str(parsed.type),
                )
        return parsed

    def _parse_optional_integer_or_float_type(self) -> Any:
        """xDSL's, and an integer type wider than MLIR's limit an error at it (MLIR:
        "integer bitwidth is limited to 16777215 bits"): xDSL builds such a type, and a
        literal of it made a number of billions of bits (session 49's review: killed
        for memory)."""
        token = self._current_token
        if token.kind == MLIRTokenKind.BARE_IDENT:
            found = _INTEGER_TYPE.fullmatch(token.text)
            digits = "" if found is None else found[1]
            if len(digits) > 8 or (digits and int(digits) > MAX_INTEGER_WIDTH):
                self.raise_error(
                    f"integer bitwidth is limited to {MAX_INTEGER_WIDTH} bits", token.span
                )
        return super()._parse_optional_integer_or_float_type()

    def _parse_location(self) -> LocationAttr:
        """xDSL's, and a location alias defined further down the input, as
        ``mlir-opt --mlir-print-debuginfo`` prints them (``loc(#loc4)`` in an op,
        ``#loc4 = loc("f.mlir":2:8)`` after the module): MLIR defers location aliases,
        xDSL 0.74 takes only aliases defined before their use."""
        token = self._current_token
        if (
            token.kind == MLIRTokenKind.HASH_IDENT
            and token.text not in self.attribute_aliases
        ):
            location = self._deferred_location(token.text)
            if location is not None:
                self._consume_token()
                return location
        return super()._parse_location()

    def _deferred_location(self, name: str) -> LocationAttr | None:
        """The location of the top-level definition ``name = loc(...)`` of the input
        (which may use other aliases, defined before or after it), parsed there
        (``None`` without one: xDSL's undefined alias)."""
        if name in self._deferred_locations:
            return self._deferred_locations[name]
        content = self.lexer.input.content
        definition = re.compile(
            rf"^{re.escape(name)}[ \t]*=[ \t]*(?=loc\b)", re.MULTILINE
        ).search(content)
        if definition is None:
            return None
        if name in self._resolving:
            self.raise_error(f"location alias {name} refers to itself")
        state = self._parser_state
        position, token = self.lexer.pos, state.current_token
        self._resolving.add(name)
        try:
            self._resume_from(definition.end())
            location = self.parse_optional_location()
            assert location is not None, "the definition starts with loc"
        finally:
            self._resolving.discard(name)
            self.lexer.pos, state.current_token = position, token
        self._deferred_locations[name] = location
        return location

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        """xDSL's, and an input with no operation (empty, or only comments) is an empty
        module, as ``mlir-opt`` reads it (xDSL 0.74: "Could not parse entire input!")."""
        if allow_implicit_module and self._current_token.kind == MLIRTokenKind.EOF:
            return ModuleOp([])
        try:
            module = super().parse_module(allow_implicit_module)
        except ParseError:
            self._raise_at_undefined_use()
            raise
        found = use_before_definition(module)
        if found is not None:
            op, message = found
            # at the op's text, not its loc(...), which may name another file
            self._raise_at_op(self._op_starts[op], message)
        return module

    def _raise_at_op(self, start: int, message: str) -> NoReturn:
        """A parse error at the op whose text starts at ``start``, marking its results
        and name."""
        found = _OP_NAME_TEXT.match(self.lexer.input.content, start)
        self.raise_error(message, start, found.end() if found else start + 1)

    def _raise_at_undefined_use(self) -> None:
        """Where a name is used and never defined, the error at the first op using it
        (MLIR's "use of undeclared SSA value name"); xDSL reports the names at the end
        of the input, past the last line. Returns where no such op was parsed."""
        uses = [
            (self._op_starts[use.operation], name, use.operation)
            for name, values in self.forward_ssa_references.items()
            for value in values.values()
            for use in value.uses
            if use.operation in self._op_starts
        ]
        if not uses:
            return
        start, name, op = min(uses, key=lambda u: u[0])
        self._raise_at_op(start, f"{op.name}: use of undeclared SSA value %{name}")

    def _parse_tensor_literal_element(self) -> AttrParser._TensorLiteralElement:
        element = super()._parse_tensor_literal_element()
        text = element.span.text
        if (
            not element.is_negative
            and text[:2] in ("0x", "0X")
            and isinstance(element.value, int)
            and not isinstance(element.value, bool)
        ):
            return _HexFloatElement(False, element.value, element.span)
        return element

    def _parse_dense_literal_type_checked(self) -> Any:
        """xDSL's check of a dense literal's type, and a bound: a literal may hold no
        more elements than ``max(DENSE_ELEMENTS_FLOOR, len(text))``.

        A listed literal needs text for every element, so this refuses only splats
        (``dense<0> : tensor<200000000xi64>``) that xDSL's parser would expand to far
        more elements than the input has characters: the work stays bounded by the input.
        """
        start = self._current_token.span.start
        # xDSL's checks and messages (at the type, not the token after it), with the
        # constraint built once
        literal_type = self.expect(
            self.parse_optional_type, "Dense attribute must be typed!"
        )
        end = _end_of_text(
            self.lexer.input.content, start, self._current_token.span.start
        )
        if not _dense_literal_types().verifies(literal_type):
            self.raise_error(
                "Expected memref, vector or tensor type of "
                "integer, index, float, or complex type",
                start,
                end,
            )
        if any(dim == DYNAMIC_INDEX for dim in literal_type.get_shape()):
            self.raise_error(
                "Dense literal attribute should have a static shape.", start, end
            )
        elements = prod(literal_type.get_shape())
        limit = max(DENSE_ELEMENTS_FLOOR, len(self.lexer.input.content))
        if elements > limit:
            self.raise_error(
                f"a dense literal of {elements} elements ({literal_type}) is more than "
                f"this input may expand to ({limit} elements: at most one per "
                f"character of the input, or {DENSE_ELEMENTS_FLOOR})",
                start,
                end,
            )
        return literal_type

    def parse_dense_int_or_fp_elements_attr(self, type: Any) -> Any:
        """xDSL's dense literal, with a value that does not fit the element type
        reported at the value as a parse error: xDSL raises a ``ValueError`` (or a
        ``struct.error``) without a position, and for a signless type names a
        half-open range (``[-128, 256)`` for ``i8``)."""
        start = self._current_token.span.start
        self._dense_type = type
        try:
            if type is None:
                # a remembered literal's values fit its type (no bounds to report)
                return self._remembered(
                    _DENSE_INTEGERS_TEXT,
                    lambda: super(
                        LocatingParser, self
                    ).parse_dense_int_or_fp_elements_attr(None),
                )
            return super().parse_dense_int_or_fp_elements_attr(type)
        except (ValueError, OverflowError, struct.error) as error:
            element = getattr(self._dense_type, "element_type", None)
            if isinstance(element, ComplexType):
                element = element.element_type  # each part is one of these
            bounds = None if element is None else literal_range(element)
            self._raise_out_of_range(error, start, bounds, str(element))

    def _parse_dense_literal_type(self) -> Any:
        literal_type = self._parse_dense_literal_type_checked()
        self._dense_type = literal_type
        return literal_type

    def _raise_out_of_range(
        self,
        error: BaseException,
        start: int,
        bounds: tuple[int, int] | None,
        type_text: str | None,
    ) -> NoReturn:
        """A parse error for ``error``, raised while parsing the text from ``start``
        to the current token: at the first integer literal there outside ``bounds``
        (of the type ``type_text``; ``None``: a signed 64-bit integer), else at the
        whole text with xDSL's message."""
        content = self.lexer.input.content
        end = _end_of_text(content, start, self._current_token.span.start)
        if bounds is not None:
            low, high = bounds
            for match in _INTEGER_LITERAL.finditer(content, start, end):
                text = match.group()
                if not low <= _int_literal(text) <= high:
                    self.raise_error(
                        f"integer {text} does not fit in a signed 64-bit integer"
                        if type_text is None
                        else f"integer {text} does not fit in {type_text} (a literal "
                        f"of {type_text} lies in [{low}, {high}])",
                        match.start(),
                        match.end(),
                    )
        detail = str(error) or type(error).__name__
        if isinstance(error, struct.error):
            detail = f"an integer does not fit its type ({detail})"
        self.raise_error(detail, start, end)

    def _get_op_by_name(self, name: str) -> type[Operation]:
        """xDSL's lookup, with an unregistered op reported at its name (xDSL points at
        the token after it: the next line for an op without operands)."""
        stack = self._parser_state.dialect_stack
        if self.ctx.get_optional_op(name, dialect_stack=stack) is None:
            text = self.lexer.input.content
            start = text.rfind(name, 0, self._current_token.span.start)
            if start != -1:
                end = start + len(name)
                if text[start - 1 : start] == '"' and text[end : end + 1] == '"':
                    start, end = start - 1, end + 1  # the generic form's string
                self.raise_error(f"Operation {name} is not registered", start, end)
        return super()._get_op_by_name(name)

    def resolve_operands(
        self,
        args: Sequence[UnresolvedOperand],
        input_types: Sequence[Attribute],
        error_pos: Position,
    ) -> Sequence[SSAValue]:
        """xDSL's, with a count mismatch reported at the op being parsed, naming it
        and the counts as written: a custom form's operands are resolved once its
        types are read, and xDSL's error (``expected 0 operand types but had 1``)
        pointed at the token after the op, on the next line (session 47's review)."""
        types = list(input_types)
        if len(args) != len(types) and self._parsing:
            start = self._parsing[-1]
            found = _OP_NAME_TEXT.match(self.lexer.input.content, start)
            name = f"{found[1]}: " if found else ""
            self._raise_at_op(
                start, f"{name}{len(args)} operands present, but expected {len(types)}"
            )
        return super().resolve_operands(args, types, error_pos)

    def parse_operation(self) -> Operation:
        start = self._current_token.span.start
        self._parsing.append(start)
        try:
            return self._parse_operation_at(start)
        finally:
            self._parsing.pop()

    def _parse_block(self) -> Block:
        """xDSL's, where a region's body ends at what is neither an op, a block label
        nor its ``}``. At the end of the input the error names the op whose region is
        not closed, at its text (session 49's review: xDSL said "in block definition",
        past the end of the file)."""
        if self._current_token.kind == MLIRTokenKind.EOF and self._parsing:
            start = self._parsing[-1]
            found = _OP_NAME_TEXT.match(self.lexer.input.content, start)
            name = found[1] if found else "this op"
            self._raise_at_op(
                start,
                f"{name}: the input ends inside its region: a '}}' is missing",
            )
        return super()._parse_block()

    def _parse_operation_at(self, start: int) -> Operation:
        try:
            op = super().parse_operation()
        except (VerifyException, NotImplementedError) as error:
            # an op's custom parser built it from a value of a type it does not take
            # (tensor.extract_slice of a tensor<*xf32>), or xDSL cannot hold a literal
            # of its type (dense<[1, 2]> : tensor<2xi128>: "Format not implemented"):
            # xDSL's message has neither position nor op; both are the op's start
            found = _OP_NAME_TEXT.match(self.lexer.input.content, start)
            detail = str(error) or (
                "xDSL cannot build a value of a type this op's text gives "
                f"({type(error).__name__}: a literal of an element type outside SPEC "
                "section 1, such as f80)"
            )
            self._raise_at_op(start, f"{found[1]}: {detail}" if found else detail)
        except (ValueError, OverflowError, struct.error) as error:
            # an integer property (``array<i64>``) that does not fit: xDSL's
            # ``struct.error`` has no position (the slice ops' properties are i64)
            bounds = None if isinstance(error, ValueError) else INT64_RANGE
            self._raise_out_of_range(error, start, bounds, None)
        unprintable = _unprintable_float(op) if self.refuse_unprintable else None
        if unprintable is not None:
            self._raise_at_op(start, f"{op.name}: {unprintable}")
        self._op_starts[op] = start
        if _file_location(op.location) is None:  # loc(unknown) too
            line = bisect_right(self._line_starts, start)
            column = start - self._line_starts[line - 1] + 1
            here = FileLineColLoc(
                self._filename, IntAttr(line + self._line_offset), IntAttr(column)
            )
            if isinstance(op.location, UnknownLoc):
                op.location = here
            else:  # a loc("name") of no file: kept as written, errors point here
                _TEXT_LOCATIONS[op] = here
        return op


def _unprintable_float(op: Operation) -> str | None:
    """Why a float attribute of ``op`` (a property, an attribute, or an entry of an
    array or dictionary of them, such as a function's argument attributes) cannot be
    printed, or ``None``: xDSL 0.74 formats no ``f80`` or ``f128`` value
    (``NotImplementedError``), and a verifier's message that prints one failed with
    an empty ``NotImplementedError`` at no op (session 51's fuzz: ``{end_mask = 1 :
    f80}``, ``arith.constant 1.0 : f80``)."""
    pending: list[tuple[str, Attribute]] = [
        *op.properties.items(),
        *op.attributes.items(),
    ]
    while pending:
        name, attribute = pending.pop()
        if isinstance(attribute, ArrayAttr):
            pending += [(name, a) for a in attribute.data]
        elif isinstance(attribute, DictionaryAttr):
            pending += [(f"{name}.{k}", a) for k, a in attribute.data.items()]
        elif isinstance(attribute, FloatAttr):
            try:
                str(attribute)
            except NotImplementedError:
                return (
                    f"{name} is a float of type {attribute.type}, which xDSL cannot "
                    "print (an element type outside SPEC section 1)"
                )
    return None


def unprintable_float_in(root: Operation) -> tuple[Operation, str] | None:
    """The first op below ``root`` holding a float xDSL cannot print, and the message
    naming it (``_unprintable_float``), or ``None``: what an empty
    ``NotImplementedError`` from a verifier's message stands for."""
    for op in root.walk():
        why = _unprintable_float(op)
        if why is not None:
            return op, f"{op.name}: {why}"
    return None


def upstream_verifier_gap(root: Operation) -> tuple[Operation, str] | None:
    """The first ``tensor`` op below ``root`` that MLIR's verifier refuses and xDSL
    0.74's takes, one the index operands' reader (``canonicalize-slices``) relies on,
    and the message naming it (session 49's review: a bare ``IndexError`` or
    ``ValueError``, or an extra element used silently):

    - a ``tensor.from_elements`` whose element count is not its static type's;
    - a ``tensor.extract_slice`` whose static offsets, sizes or strides are not one per
      source dim (MLIR's "expected N offset values");
    - a ``tensor.extract`` or ``tensor.insert`` whose index count is not the rank
      (MLIR's "incorrect number of indices");
    - a ``tensor.collapse_shape`` or ``tensor.expand_shape`` whose types the
      reassociation does not relate (MLIR's "expected collapsed type", since session
      55), or whose expanded type's static dims, each 0 counted as 1, multiply past
      INT64_MAX (ours, since session 58: numpy's bound; MLIR takes
      ``tensor<0x1073741824x1099511627776xf32>``);
    - a ``tensor.cast`` between element types (MLIR's "cast incompatible", since
      session 63: the lowering then failed at a ``slice.copy_run`` the user never
      wrote, and the interpreter returned the source's elements under the new type);
    - an ``arith.cmpi`` of operands of two types (MLIR's "requires all operands to
      have the same type"; the C compared them truncated to the first one's width), or
      an ``arith.cmpi``/``arith.cmpf`` whose predicate is not one of its cases (the
      printer raised ``IndexError``, and ``-1`` printed as the last case).

    ``compile``, ``canonicalize-slices``, ``emit_c`` and (since session 63, as
    ``mlir-opt`` verifies what it parses) ``slice-opt`` without passes refuse these;
    ``xdsl-opt`` takes them, as xDSL does."""
    for op in root.walk():
        found = _scalar_or_cast_gap(op)
        if found is not None:
            return op, found
        if isinstance(op, tensor.FromElementsOp):
            t = op.result.type
            if isinstance(t, TensorType) and DYNAMIC_INDEX not in t.get_shape():
                count = prod(t.get_shape())
                if len(op.elements) != count:
                    return op, (
                        f"{op.name}: {len(op.elements)} elements, but its result type "
                        f"{t} holds {count}"
                    )
        elif isinstance(op, tensor.ExtractSliceOp):
            t = op.source.type
            if isinstance(t, TensorType):
                rank = t.get_num_dims()
                for name, values in (
                    ("offset", op.static_offsets),
                    ("size", op.static_sizes),
                    ("stride", op.static_strides),
                ):
                    got = len(values.get_values())
                    if got != rank:
                        return op, (
                            f"{op.name}: expected {rank} {name} values (one per "
                            f"dimension of {t}), got {got}"
                        )
        elif isinstance(op, tensor.ExtractOp | tensor.InsertOp):
            t = op.tensor.type if isinstance(op, tensor.ExtractOp) else op.dest.type
            if isinstance(t, TensorType) and len(op.indices) != t.get_num_dims():
                return op, (
                    f"{op.name}: incorrect number of indices: {len(op.indices)} for "
                    f"{t} of rank {t.get_num_dims()}"
                )
        elif isinstance(op, tensor.CollapseShapeOp | tensor.ExpandShapeOp):
            found = _reshape_gap(op)
            if found is not None:
                return op, found
    return None


CMPI_PREDICATE_COUNT = 10
"""``arith.cmpi``'s predicates are 0 (``eq``) to 9 (``uge``), MLIR's
``CmpIPredicate``."""

CMPF_PREDICATE_COUNT = 16
"""``arith.cmpf``'s predicates are 0 (``false``) to 15 (``true``), MLIR's
``CmpFPredicate``."""


def _scalar_or_cast_gap(op: Operation) -> str | None:
    """What MLIR's verifier refuses in a ``tensor.cast`` or an ``arith`` comparison and
    xDSL 0.74's takes (:func:`upstream_verifier_gap`), else ``None``."""
    if isinstance(op, tensor.CastOp):
        source, dest = op.source.type, op.dest.type
        if (
            isinstance(source, TensorType | UnrankedTensorType)
            and isinstance(dest, TensorType | UnrankedTensorType)
            and source.get_element_type() != dest.get_element_type()
        ):
            return (
                f"{op.name}: operand type {source} and result type {dest} are cast "
                "incompatible: a cast keeps the element type"
            )
    elif isinstance(op, arith.CmpiOp | arith.CmpfOp):
        predicate = op.predicate
        cases = (
            CMPI_PREDICATE_COUNT if isinstance(op, arith.CmpiOp) else CMPF_PREDICATE_COUNT
        )
        value = predicate.value.data if isinstance(predicate, IntegerAttr) else None
        if value is None or not 0 <= value < cases:
            return (
                f"{op.name}: predicate = {predicate} is not one of its cases "
                f"(0 to {cases - 1})"
            )
        if op.lhs.type != op.rhs.type:
            return (
                f"{op.name}: requires all operands to have the same type, got "
                f"{op.lhs.type} and {op.rhs.type}"
            )
    return None


def _reshape_gap(op: tensor.CollapseShapeOp | tensor.ExpandShapeOp) -> str | None:
    """MLIR's rule for a reshape's types (``computeCollapsedType``, since session 55:
    xDSL 0.74 takes ``tensor<2x3xf32>`` collapsed into ``tensor<5xf32>``, which the
    lowering read 5 of the 6 elements of): its groups cover the larger type's dims in
    order, and the smaller type is the larger one collapsed, a group's product, or
    ``?`` where the group has a ``?``; with MLIR's messages for a dim that differs
    (others in our words)."""
    large, small = (
        (op.src.type, op.result.type)
        if isinstance(op, tensor.CollapseShapeOp)
        else (op.result.type, op.src.type)
    )
    if not isinstance(large, TensorType) or not isinstance(small, TensorType):
        return None
    groups = [[a.value.data for a in g] for g in op.reassociation.data]
    shape = large.get_shape()
    if prod(max(d, 1) for d in shape if d != DYNAMIC_INDEX) > INT64_MAX:
        # ours, not MLIR's (since session 58): numpy's bound, which every tensor
        # keeps, so that no collapse has a dim past int64 (run-time expands:
        # semantics.check_expand_count_on)
        return (
            f"{op.name}: {large} has more than INT64_MAX elements, each 0 counted as 1 "
            "(numpy's bound, which every tensor here keeps)"
        )
    # into rank 0: every dim 1, or ? (MLIR's verifier takes it; it must be 1 when it
    # runs, session 55's third review)
    rank_0 = not groups and all(d in (1, DYNAMIC_INDEX) for d in shape)
    covered = [i for g in groups for i in g] == list(range(len(shape)))
    if not rank_0 and (not covered or not all(groups)):
        return (
            f"{op.name}: its reassociation {groups} does not cover the dims of "
            f"{large} in order"
        )
    collapsed = [
        DYNAMIC_INDEX
        if any(shape[i] == DYNAMIC_INDEX for i in g)
        else prod(shape[i] for i in g)
        for g in groups
    ]
    expected = TensorType(large.get_element_type(), collapsed, large.encoding)
    got = small.get_shape()
    if len(got) != len(collapsed) or small.get_element_type() != large.get_element_type():
        return f"{op.name}: expected collapsed type to be {expected}, but got {small}"
    for j, (d, want) in enumerate(zip(got, collapsed)):
        if want == DYNAMIC_INDEX and d != DYNAMIC_INDEX:
            return (
                f"{op.name}: expected dimension {j} of collapsed type to be dynamic "
                "since one or more of the corresponding dimensions in the expanded "
                "type is dynamic"
            )
        if want != DYNAMIC_INDEX and d != want:
            return (
                f"{op.name}: expected dimension {j} of collapsed type to be static "
                f"value of {want}"
            )
    return None


def use_before_definition(root: Operation) -> tuple[Operation, str] | None:
    """The first op in a function body below ``root`` with an operand whose definition
    does not dominate it, and the message naming the operand (MLIR's "operand #0 does
    not dominate this use"); ``None`` where every use is dominated. xDSL's parser and
    verifier take such IR (the parser resolves a name used before its definition),
    and a value reaching its own definition through slice ops made canonicalization
    rewrite forever. Only the bodies of callables (``func.func``) are checked, whose
    regions MLIR's dominance rule holds in: a module's body and other graph regions may
    use a value before its definition. A use in a block its region's entry does not
    reach is not checked (MLIR's verifier skips those too). Linear in the ops, with a
    block dominance computation per region of more than one block."""
    index: dict[Block, dict[Operation, int]] = {}
    dominance: dict[Region, tuple[DominanceInfo, set[Block]]] = {}

    def position(op: Operation) -> int:
        block = op.parent_block()
        assert block is not None
        if block not in index:
            index[block] = {o: k for k, o in enumerate(block.ops)}
        return index[block][op]

    def reachable_dominance(region: Region) -> tuple[DominanceInfo, set[Block]]:
        if region not in dominance:
            reached = set[Block]()
            todo = [region.blocks.first] if region.blocks.first else []
            while todo:
                block = todo.pop()
                if block not in reached:
                    reached.add(block)
                    if block.last_op is not None:
                        todo.extend(block.last_op.successors)
            dominance[region] = DominanceInfo(region), reached
        return dominance[region]

    def problem(value: SSAValue, user: Operation) -> str | None:
        if isinstance(value, OpResult):
            definer: Operation | None = value.op
            block = value.op.parent_block()
        else:
            assert isinstance(value, BlockArgument)
            definer, block = None, value.block
        if definer is user:
            return "it is defined by this op"
        if definer is not None and definer.is_ancestor(user):
            return "it is defined by an op around it"
        if block is None or block.parent is None:
            return None
        # the op around the user (or the user) in the definition's region
        around: Operation | None = user
        while around is not None and (
            around.parent_block() is None
            or around.parent_block().parent is not block.parent  # type: ignore[union-attr]
        ):
            around = around.parent_op()
        if around is None:
            return None  # not in the definition's scope: the parser names that
        around_block = around.parent_block()
        assert around_block is not None
        if around_block is block:
            if definer is not None and position(definer) > position(around):
                return "it is defined after it"
            return None
        info, reached = reachable_dominance(block.parent)
        if around_block in reached and not info.dominates(block, around_block):
            return "its block does not dominate this use"
        return None

    for op in root.walk():
        if not op.has_trait(CallableOpInterface):
            continue
        for user in op.walk():
            if user is op:
                continue
            for i, operand in enumerate(user.operands):
                why = problem(operand, user)
                if why is not None:
                    name = f" (%{operand.name_hint})" if operand.name_hint else ""
                    return user, (
                        f"{user.name}: operand #{i}{name} does not dominate this use: "
                        f"{why}"
                    )
    return None


def _file_location(loc: Attribute) -> FileLineColLoc | None:
    """The file location ``loc`` stands for: itself, the location a name (``loc("x"(
    "f.mlir":2:8))``) or a call site's callee (``callsite("f.mlir":2:8 at ...)``, as
    ``mlir-opt --inline`` leaves an inlined op) holds, the first of a fused location
    that has one; ``None`` if none."""
    if isinstance(loc, FileLineColLoc):
        return loc
    if isinstance(loc, NameLoc):
        return _file_location(loc.location)
    if isinstance(loc, CallSiteLoc):
        return _file_location(loc.callee)
    if isinstance(loc, FusedLoc) and isinstance(loc.locations, ArrayAttr):
        for each in loc.locations:
            found = _file_location(each)
            if found is not None:
                return found
    return None


_TEXT_LOCATIONS: WeakKeyDictionary[Operation, FileLineColLoc] = WeakKeyDictionary()
"""Where in its text ``LocatingParser`` read each op whose own location holds no file
(``loc("name")``, ``loc(fused[])``): kept beside the op, which keeps the location it
was written with (MLIR's parser does too), so that an error at it is still located."""


def copy_text_locations(original: Region, copy: Region) -> None:
    """Give each op of ``copy`` (a clone of ``original``) the place in the text its op
    of ``original`` was read at (``_TEXT_LOCATIONS``), so that an error at a copy of an
    op written with ``loc("name")`` (a callee's, inlined) is located as the op is."""
    for old, new in zip(original.walk(), copy.walk(), strict=True):
        found = _TEXT_LOCATIONS.get(old)
        if found is not None:
            _TEXT_LOCATIONS[new] = found


def has_text_location(op: Operation) -> bool:
    """Whether ``op``'s place in the text is kept beside it (``_TEXT_LOCATIONS``: an op
    written with ``loc("name")``), not in its location."""
    return op in _TEXT_LOCATIONS


def text_location(op: Operation) -> FileLineColLoc | None:
    """Where in the text ``op`` (written with ``loc("name")``), or the op a rewrite made
    it from, was read, if kept beside it (``_TEXT_LOCATIONS``)."""
    return _TEXT_LOCATIONS.get(op)


def inherit_text_location(new: Operation, source: Operation) -> None:
    """Give ``new``, an op a rewrite of ``source`` made at its location, the place in
    the text ``source`` was read at (``_TEXT_LOCATIONS``), so that an error at it is
    located where ``source`` was written with ``loc("name")`` (session 49's review: a
    check or window made from such an op had no location)."""
    found = _TEXT_LOCATIONS.get(source)
    if found is not None:
        _TEXT_LOCATIONS[new] = found
    else:  # a place it was given before, from another op, is not its
        _TEXT_LOCATIONS.pop(new, None)


def source_place(op: Operation) -> tuple[str, int, int] | None:
    """``(file, line, column)`` of ``op`` as :func:`location_text` finds it, or
    ``None``: to compare where two ops were written."""
    loc = _file_location(op.location) or _TEXT_LOCATIONS.get(op)
    if loc is None:
        return None
    return (loc.filename.data, loc.line.data, loc.column.data)


def location_text(op: Operation) -> str | None:
    """``file:line:col`` of ``op`` when it has a file location (or one that holds a
    file location, :func:`_file_location`), else where ``LocatingParser`` read it
    (``_TEXT_LOCATIONS``), else ``None``."""
    loc = _file_location(op.location) or _TEXT_LOCATIONS.get(op)
    if loc is None:
        return None
    return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"


def failing_op(root: Operation, message: str) -> Operation | None:
    """The op below ``root`` whose own verifier fails with ``message``.

    ``Operation.verify`` raises the verifier's exception but not the op it came from;
    this verifies op by op (without their nested ops) to find it again. Only called
    once verification has already failed.
    """
    first: Operation | None = None
    for op in root.walk():
        try:
            op.verify(verify_nested_ops=False)
        except Exception as error:  # any verifier failure, as in Operation.verify
            if str(error) == message:
                return op
            first = first or op
    return first


def plain_verifier_error(error: Exception, root: Operation) -> tuple[str, str] | None:
    """For an error of a verifier of xDSL's that raises a plain ``Exception`` rather
    than a ``VerifyException`` (``memref.store`` with an index too many: "Expected an
    index for each dimension", naming neither op nor place): the message with the op
    whose own verifier raises it, and where the op stands; ``None`` if no op's does."""
    message = str(error)
    op = failing_op(root, message) if message else None
    if op is None:
        return None
    try:
        op.verify(verify_nested_ops=False)
    except Exception as again:  # the same failure again, from this op alone
        if type(again) is type(error) and str(again) == message:
            return f"{op.name}: {message}", location_text(op)
    return None


def verify_located(module: Operation) -> None:
    """``module.verify()``, a failure raised as a ``SliceError`` with the failing op's
    location (an xDSL verifier's plain ``Exception`` too, :func:`plain_verifier_error`),
    and what MLIR's verifier refuses and xDSL's takes (:func:`upstream_verifier_gap`)."""
    from slice_dialect.errors import SliceError

    try:
        module.verify()
    except (VerifyException, DiagnosticException) as e:
        raise SliceError(*verifier_error(e, module)) from None
    except Exception as e:  # a verifier of xDSL's that raises a plain Exception
        found = plain_verifier_error(e, module)
        if found is None:
            raise
        raise SliceError(*found) from None
    gap = upstream_verifier_gap(module)
    if gap is not None:
        raise SliceError(gap[1], location_text(gap[0]))


def verifier_error(error: BaseException, root: Operation) -> tuple[str, str | None]:
    """The message and location of a verifier's (or a pass's) failure below ``root``,
    the message led by the failing op's name where xDSL's names no op (an IRDL
    constraint's; ``func.call``'s type mismatch: session 49's review)."""
    from slice_dialect.errors import describe

    message = describe(error)
    if isinstance(error, VerifyException) and not _REDEFINITION.fullmatch(str(error)):
        op = failing_op(root, str(error))
        if op is not None and op.name not in message:
            message = f"{op.name}: {message}"
    return message, error_location(error, root)


def error_location(error: BaseException, root: Operation) -> str | None:
    """Where in the source the op of a verifier or pass failure below ``root`` stands."""
    if isinstance(error, OpPassFailedException):
        return location_text(error.op)
    if isinstance(error, VerifyException):
        redefined = _REDEFINITION.fullmatch(str(error))
        if redefined is not None:  # the symbol table's error: at the second definition
            named = [
                op
                for op in root.walk()
                if isinstance(name := op.properties.get("sym_name"), StringAttr)
                and name.data == redefined.group(1)
            ]
            if len(named) > 1:
                return location_text(named[1])
        op = failing_op(root, str(error))
        return None if op is None else location_text(op)
    return None


_REDEFINITION = re.compile(r'Redefinition of symbol "(.*)"')
"""xDSL's ``SymbolTable`` message for a second definition of a symbol, which it raises
from the table's op (the module) rather than from the definition."""
