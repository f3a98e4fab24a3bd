"""The ``c`` target: print the output of ``convert-slice-to-loops`` as one C99 unit.

The input contract is the lowered IR: each ``func.func`` takes only memref arguments
(static shape, identity layout; inputs first, then one output per original result),
returns nothing, and its body holds only

- ``arith.constant`` of ``index`` type, ``arith.addi`` and ``arith.muli`` on ``index``;
- ``scf.for`` over ``index`` without ``iter_args``;
- ``memref.collapse_shape`` (a view of the same buffer), ``memref.load``,
  ``memref.store``, ``memref.alloc``, ``memref.dealloc``, ``memref.copy``;
- ``func.return`` without operands.

Each op kind has one small rule in ``RULES``; ``emit_c`` walks each function once,
names SSA values, indents by loop depth and stops with a ``SliceError`` naming the op
for which it has no rule. The C it prints:

- one ``void NAME(...)`` per ``func.func``, with one pointer parameter per memref
  argument, in order: ``const T *restrict`` if the function never writes the buffer
  (directly or through a view), ``T *restrict`` otherwise. ``T`` is the element's
  storage type from ``slice_dialect.dtypes`` (elements are copied by width, never
  interpreted), so a buffer is the row-major, C-contiguous array of its elements;
- index values are ``int64_t``; constants are printed inline;
- ``scf.for`` is ``for (int64_t i = lb; i < ub; i += step)``;
- a load or store of a rank-r memref indexes its pointer with the row-major linear
  index computed from the static shape (rank 0: element 0);
- ``memref.collapse_shape`` is a pointer alias of its source;
- ``memref.alloc`` of at most ``STACK_ALLOC_BYTES`` bytes is a local array (freed at
  the end of its scope); a larger one is ``malloc`` + ``free`` at its
  ``memref.dealloc``, or at the end of its block if it has none. A failed ``malloc``
  calls ``abort()``: the function has no way to report an error to its caller;
- ``memref.copy`` is ``memcpy`` of the buffer's byte size.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any

from xdsl.context import Context
from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    NoneAttr,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.utils.target import Target

from slice_dialect.dtypes import B128_TYPEDEF, c_storage_type, storage_bytes
from slice_dialect.errors import SliceError

STACK_ALLOC_BYTES = 16 * 1024
"""``memref.alloc`` of at most this many bytes is a local array, larger ones use
``malloc``: small enough for any thread's stack, large enough that the intermediates
of typical slices never reach the heap."""

INDENT = "    "

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")

_C_KEYWORDS = (
    "auto break case char const continue default do double else enum extern float for "
    "goto if inline int long register restrict return short signed sizeof static "
    "struct switch typedef union unsigned void volatile while _Bool _Complex "
    "_Imaginary _Alignas _Alignof _Atomic _Generic _Noreturn _Static_assert "
    "_Thread_local alignas alignof bool constexpr false nullptr static_assert "
    "thread_local true typeof typeof_unqual"
)
_GENERATED_NAMES = (
    "int64_t uint8_t uint16_t uint32_t uint64_t INT64_MIN size_t NULL slice_b128 "
    "memcpy malloc free abort"
)

RESERVED_NAMES = frozenset(_C_KEYWORDS.split()) | frozenset(_GENERATED_NAMES.split())
"""Identifiers no SSA value or function may be printed as: C keywords and every name
the generated code uses itself."""


def _no_rule(op: Operation) -> SliceError:
    if op.name.startswith("slice."):
        return SliceError(f"{op.name}: no C rule; run convert-slice-to-loops first")
    return SliceError(
        f"{op.name}: no C rule; the C target takes the output of convert-slice-to-loops "
        "(func.func, index arith.constant/addi/muli, scf.for, memref.collapse_shape/"
        "load/store/alloc/dealloc/copy)"
    )


def _shape_text(shape: tuple[int, ...]) -> str:
    return "[" + ", ".join(str(d) for d in shape) + "]"


def checked_memref_type(t: Attribute, what: str) -> MemRefType[Attribute]:
    """``t`` as a static, identity-layout memref of a supported element type.

    ``what`` names the value in the error raised otherwise.
    """
    if not isinstance(t, MemRefType):
        raise SliceError(
            f"{what} has type {t}; the C target takes memrefs "
            "(run convert-slice-to-loops first)"
        )
    if not isinstance(t.layout, NoneAttr):
        raise SliceError(f"{what} has type {t}; the C target takes identity layouts only")
    if any(d < 0 for d in t.get_shape()):
        raise SliceError(f"{what} has type {t}; the C target takes static shapes only")
    try:
        c_storage_type(t.element_type)
    except SliceError as error:
        raise SliceError(f"{what}: {error}") from None
    return t


@dataclass
class FunctionPrinter:
    """Prints one lowered ``func.func``; ``RULES`` call back into it.

    ``exprs`` maps each SSA value to the C text standing for it: a variable name, or
    the literal of an index constant.
    """

    function: func.FuncOp
    features: set[str]
    """What the unit needs besides ``<stdint.h>``: ``string.h``, ``stdlib.h``,
    ``b128``. Shared by the functions of one unit."""
    lines: list[str] = field(default_factory=list[str])
    exprs: dict[SSAValue, str] = field(default_factory=dict[SSAValue, str])
    used_names: set[str] = field(default_factory=lambda: set(RESERVED_NAMES))
    depth: int = 1
    heap_allocs: set[SSAValue] = field(default_factory=set[SSAValue])
    free_at_block_end: dict[Block, list[str]] = field(
        default_factory=dict[Block, list[str]]
    )
    unnamed_count: int = 0
    written: set[SSAValue] = field(default_factory=set[SSAValue])
    """The buffers (arguments and allocs) the function writes."""

    # Values and names

    def fresh_name(self, value: SSAValue) -> str:
        """A new C identifier for ``value``: its sanitized name hint, uniqued."""
        hint = value.name_hint
        if hint:
            base = re.sub(r"[^A-Za-z0-9_]", "_", hint)
            if not base[0].isalpha():
                base = "v" + base
            name, suffix = base, 0
            while name in self.used_names:
                suffix += 1
                name = f"{base}_{suffix}"
        else:
            while (name := f"v{self.unnamed_count}") in self.used_names:
                self.unnamed_count += 1
        self.used_names.add(name)
        self.exprs[value] = name
        return name

    def expr(self, value: SSAValue) -> str:
        """The C text of an already printed value."""
        if value not in self.exprs:
            raise SliceError(
                f"a value of type {value.type} is used before the C printer named it"
            )
        return self.exprs[value]

    def line(self, text: str) -> None:
        """Append ``text`` as one line, indented by the current loop depth."""
        self.lines.append(INDENT * self.depth + text)

    # Memrefs

    def root(self, value: SSAValue) -> SSAValue:
        """The buffer ``value`` views: a function argument or a ``memref.alloc``."""
        while isinstance(value.owner, memref.CollapseShapeOp):
            value = value.owner.src
        return value

    def written_roots(self) -> set[SSAValue]:
        """The buffers the function writes, directly or through a view."""
        written: set[SSAValue] = set()
        for op in self.function.walk():
            if isinstance(op, memref.StoreOp):
                written.add(self.root(op.memref))
            elif isinstance(op, memref.CopyOp):
                written.add(self.root(op.destination))
        return written

    def element_c_type(self, t: MemRefType[Attribute]) -> str:
        """The C storage type of ``t``'s elements, noting when the unit needs its
        typedef."""
        c_type = c_storage_type(t.element_type)
        if c_type == "slice_b128":
            self.features.add("b128")
        return c_type

    def pointer_type(self, value: SSAValue) -> str:
        """``T *`` for a pointer to ``value``'s buffer; ``const T *`` if never written."""
        c_type = self.element_c_type(checked_memref_type(value.type, "memref"))
        const = "" if self.root(value) in self.written else "const "
        return f"{const}{c_type} *"

    def linear_index(
        self, t: MemRefType[Attribute], indices: tuple[SSAValue, ...]
    ) -> str:
        """The row-major linear index of ``indices`` into a buffer of type ``t``."""
        shape = t.get_shape()
        if len(indices) != len(shape):
            raise SliceError(f"{len(indices)} indices into {t}")
        terms: list[str] = []
        for d, index in enumerate(indices):
            stride = math.prod(shape[d + 1 :])
            text = self.expr(index)
            if text == "0":
                continue
            terms.append(text if stride == 1 else f"{text} * {stride}")
        return " + ".join(terms) or "0"

    # Blocks and functions

    def emit_block(self, block: Block) -> None:
        """Print every op of ``block`` by its rule."""
        for op in block.ops:
            rule = RULES.get(type(op))
            if rule is None:
                raise _no_rule(op)
            rule(self, op)

    def emit_block_end(self, block: Block) -> None:
        """Free the heap allocations of ``block`` that no ``memref.dealloc`` frees."""
        for name in self.free_at_block_end.pop(block, []):
            self.line(f"free({name});")

    def emit(self) -> list[str]:
        """The C text of the function: comment, signature and body."""
        f = self.function
        name = f.sym_name.data
        if not _IDENTIFIER.match(name) or name in RESERVED_NAMES:
            raise SliceError(
                f"func.func @{name}: the name is not a valid C identifier for the C target"
            )
        if f.is_declaration:
            raise SliceError(f"func.func @{name}: external declarations have no C rule")
        for op in f.body.walk():
            if type(op) not in RULES:
                raise _no_rule(op)  # before the types: an unlowered op says most
        if f.function_type.outputs.data:
            raise SliceError(
                f"func.func @{name} returns values; the C target takes functions whose "
                "results are output memrefs (run convert-slice-to-loops first)"
            )
        args = f.body.block.args
        for i, arg in enumerate(args):
            what = f"func.func @{name}: argument {i}"
            if arg.name_hint:
                what += f" (%{arg.name_hint})"
            checked_memref_type(arg.type, what)
        self.written = self.written_roots()

        comment = [f"/* @{name}: element type, shape and access of each argument"]
        params: list[str] = []
        for arg in args:
            arg_name = self.fresh_name(arg)
            t = checked_memref_type(arg.type, "argument")
            access = "written" if arg in self.written else "read only"
            comment.append(
                f" *   {arg_name}: {t.element_type}, shape {_shape_text(t.get_shape())}"
                f", {access}"
            )
            params.append(f"{self.pointer_type(arg)}restrict {arg_name}")
        comment.append(" */")
        self.emit_block(f.body.block)
        signature = f"void {name}({', '.join(params) or 'void'})"
        return [*comment, signature + " {", *self.lines, "}"]


# Rules: one per op kind, each printing the op's C lines.


def _index_result(op: Operation) -> None:
    for result in op.results:
        if not isinstance(result.type, IndexType):
            raise SliceError(
                f"{op.name} on {result.type}: the C target has index arithmetic only"
            )


def _constant(p: FunctionPrinter, op: arith.ConstantOp) -> None:
    _index_result(op)
    assert isinstance(op.value, IntegerAttr)
    value = op.value.value.data
    if not -(2**63) <= value < 2**63:
        raise SliceError(f"arith.constant {value} : index does not fit in int64_t")
    p.exprs[op.result] = "INT64_MIN" if value == -(2**63) else str(value)


def _binary(symbol: str) -> Callable[[FunctionPrinter, Any], None]:
    def rule(p: FunctionPrinter, op: arith.AddiOp | arith.MuliOp) -> None:
        _index_result(op)
        lhs, rhs = p.expr(op.lhs), p.expr(op.rhs)
        p.line(f"const int64_t {p.fresh_name(op.result)} = {lhs} {symbol} {rhs};")

    return rule


def _for(p: FunctionPrinter, op: scf.ForOp) -> None:
    if op.iter_args or op.res:
        raise SliceError("scf.for with iter_args: no C rule")
    for bound in (op.lb, op.ub, op.step):
        if not isinstance(bound.type, IndexType):
            raise SliceError(f"scf.for over {bound.type}: the C target loops over index")
    lb, ub, step = p.expr(op.lb), p.expr(op.ub), p.expr(op.step)
    block = op.body.block
    i = p.fresh_name(block.args[0])
    p.line(f"for (int64_t {i} = {lb}; {i} < {ub}; {i} += {step}) {{")
    p.depth += 1
    p.emit_block(block)
    p.depth -= 1
    p.line("}")


def _yield(p: FunctionPrinter, op: scf.YieldOp) -> None:
    if op.operands:
        raise SliceError("scf.yield with operands: no C rule")
    block = op.parent_block()
    assert block is not None
    p.emit_block_end(block)


def _return(p: FunctionPrinter, op: func.ReturnOp) -> None:
    if op.operands:
        raise SliceError("func.return with operands: no C rule")
    block = op.parent_block()
    assert block is not None
    p.emit_block_end(block)


def _collapse_shape(p: FunctionPrinter, op: memref.CollapseShapeOp) -> None:
    checked_memref_type(op.result.type, "memref.collapse_shape result")
    src = p.expr(op.src)
    p.line(f"{p.pointer_type(op.src)}{p.fresh_name(op.result)} = {src};")


def _load(p: FunctionPrinter, op: memref.LoadOp) -> None:
    t = checked_memref_type(op.memref.type, "memref.load operand")
    index = p.linear_index(t, tuple(op.indices))
    c_type = p.element_c_type(t)
    ptr = p.expr(op.memref)
    p.line(f"const {c_type} {p.fresh_name(op.res)} = {ptr}[{index}];")


def _store(p: FunctionPrinter, op: memref.StoreOp) -> None:
    t = checked_memref_type(op.memref.type, "memref.store operand")
    index = p.linear_index(t, tuple(op.indices))
    p.line(f"{p.expr(op.memref)}[{index}] = {p.expr(op.value)};")


def _alloc(p: FunctionPrinter, op: memref.AllocOp) -> None:
    if op.dynamic_sizes or op.symbol_operands:
        raise SliceError("memref.alloc with dynamic sizes: no C rule")
    t = checked_memref_type(op.memref.type, "memref.alloc result")
    c_type = p.element_c_type(t)
    count = math.prod(t.get_shape())
    size = count * storage_bytes(t.element_type)
    name = p.fresh_name(op.memref)
    if size <= STACK_ALLOC_BYTES:
        p.line(f"{c_type} {name}[{max(count, 1)}];")
        return
    p.features.add("stdlib.h")
    p.heap_allocs.add(op.memref)
    p.line(f"{c_type} *{name} = malloc({size});")
    p.line(f"if (!{name}) abort();")
    if not any(isinstance(use.operation, memref.DeallocOp) for use in op.memref.uses):
        block = op.parent_block()
        assert block is not None
        p.free_at_block_end.setdefault(block, []).append(name)


def _dealloc(p: FunctionPrinter, op: memref.DeallocOp) -> None:
    if not isinstance(op.memref.owner, memref.AllocOp):
        raise SliceError("memref.dealloc of a memref that no memref.alloc made")
    if op.memref in p.heap_allocs:
        p.line(f"free({p.expr(op.memref)});")


def _copy(p: FunctionPrinter, op: memref.CopyOp) -> None:
    source = checked_memref_type(op.source.type, "memref.copy source")
    target = checked_memref_type(op.destination.type, "memref.copy destination")
    size = math.prod(source.get_shape()) * storage_bytes(source.element_type)
    if (
        math.prod(target.get_shape()) * storage_bytes(target.element_type) != size
        or source.element_type != target.element_type
    ):
        raise SliceError(f"memref.copy from {source} to {target}: types differ")
    if size == 0 or p.root(op.source) == p.root(op.destination):
        return  # nothing to move: empty, or a buffer onto itself
    p.features.add("string.h")
    p.line(f"memcpy({p.expr(op.destination)}, {p.expr(op.source)}, {size});")


RULES: dict[type[Operation], Callable[[FunctionPrinter, Any], None]] = {
    arith.ConstantOp: _constant,
    arith.AddiOp: _binary("+"),
    arith.MuliOp: _binary("*"),
    scf.ForOp: _for,
    scf.YieldOp: _yield,
    memref.CollapseShapeOp: _collapse_shape,
    memref.LoadOp: _load,
    memref.StoreOp: _store,
    memref.AllocOp: _alloc,
    memref.DeallocOp: _dealloc,
    memref.CopyOp: _copy,
    func.ReturnOp: _return,
}
"""The C rule of each op kind of the lowered IR; anything else is an error."""


def emit_c(module: ModuleOp) -> str:
    """One C99 translation unit with a ``void`` function per ``func.func`` of ``module``.

    Raises ``SliceError`` naming the first op, type or name the C target cannot print.
    """
    features: set[str] = set()
    functions: list[str] = []
    for op in module.ops:
        if not isinstance(op, func.FuncOp):
            raise _no_rule(op)
        functions.append("\n".join(FunctionPrinter(op, features).emit()))
    header = [
        "/* Generated by the slice dialect's C target from convert-slice-to-loops output."
        " */",
        "#include <stdint.h>",
    ]
    header += [f"#include <{h}>" for h in ("stdlib.h", "string.h") if h in features]
    if "b128" in features:
        header += ["", B128_TYPEDEF]
    return "\n\n".join(["\n".join(header), *functions]) + "\n"


@dataclass(frozen=True)
class CTarget(Target):
    """``-t c``: print the lowered module as one C99 translation unit (see ``emit_c``)."""

    name = "c"

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        output.write(emit_c(module))
