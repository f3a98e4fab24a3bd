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

A loop nest whose only effect is copying elements (the shape ``convert-slice-to-loops``
gives a window: perfectly nested ``scf.for`` with constant bounds, index arithmetic,
one ``memref.load`` feeding one ``memref.store``, affine indices) is printed as a C
programmer would write the copy rather than op by op (``emit_copy_nest``): the loops'
steps become pointer offsets (each row pointer derived from the enclosing one and its
counter, so every pointer formed points at an element the nest accesses), loops that
continue each other merge, and the innermost run is a ``memcpy`` where it is
contiguous on both sides, else an element loop the C compiler vectorizes. A copy that
writes at least ``STREAM_STORE_BYTES`` streams its runs to the destination with
non-temporal stores (``slice_stream``, SSE2 intrinsics where the target has them, else
plain stores): reversed runs and runs of every other element are reordered in
registers on the way (``slice_stream_reversed``, ``slice_stream_even``), other strided
runs are gathered through a small staging buffer; source rows with gaps between them
are prefetched ahead. The elements read and written are exactly those of the nest
(prefetches only touch lines the nest reads); ``emit_c(module, copy_nests=False)``
prints the literal form instead.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
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
    "int64_t uint8_t uint16_t uint32_t uint64_t uintptr_t INT64_MIN size_t NULL "
    "slice_b128 memcpy malloc free abort slice_stream slice_stream_reversed "
    "slice_stream_even slice_stream_fence slice_prefetch"
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
    copy_nests: bool = True
    """Print loop nests that only copy elements as copies (``emit_copy_nest``);
    without, every op is printed by its own rule."""

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

    def temp(self, base: str) -> str:
        """A new C identifier for a variable of the printer's own (no SSA value)."""
        name, suffix = base, 0
        while name in self.used_names:
            suffix += 1
            name = f"{base}_{suffix}"
        self.used_names.add(name)
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


# Copy nests: the loops convert-slice-to-loops prints for a window, printed as a C
# programmer would write the copy.

STREAM_STORE_BYTES = 4 * 1024 * 1024
"""A copy that writes at least this many bytes stores with non-temporal (cache
bypassing) stores where the target has them (SSE2): an output this large does not stay
in a core's cache anyway, and bypassing it saves reading every destination line
before it is written, a third of the memory traffic of a copy. (glibc's ``memcpy``
makes the same choice above a threshold of the same order on common machines.)"""

STAGING_BYTES = 1024
"""A strided run of a streamed copy is gathered into a buffer of this many bytes (in
L1), which is then streamed to the destination."""

PREFETCH_AHEAD_BYTES = 32 * 1024
"""How far ahead a large copy with gaps between its source rows prefetches them: the
hardware prefetchers stop at 4 KiB pages, so rows that skip part of each page are
otherwise fetched with a miss at the start of each. (Measured with the prefetch hint
below on bench/ W1, W2 and W6: 32 KiB was 5-15% faster than 16 KiB and as fast as
64 KiB.)"""

CACHE_LINE_BYTES = 64

STREAM_HELPERS = r"""
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Copies n bytes from s to d, writing d with non-temporal stores where the target has
 * them (the caller calls slice_stream_fence() once its stores are done). */
static inline void slice_stream(void *restrict d, const void *restrict s, int64_t n) {
#if defined(__SSE2__)
    unsigned char *to = d;
    const unsigned char *from = s;
    int64_t head = (int64_t)(-(uintptr_t)to & 15);
    if (head > n)
        head = n;
    n -= head;
    while (head-- > 0)
        *to++ = *from++;
    for (; n >= 64; n -= 64, to += 64, from += 64) {
        __m128i a = _mm_loadu_si128((const __m128i *)from);
        __m128i b = _mm_loadu_si128((const __m128i *)(from + 16));
        __m128i c = _mm_loadu_si128((const __m128i *)(from + 32));
        __m128i e = _mm_loadu_si128((const __m128i *)(from + 48));
        _mm_stream_si128((__m128i *)to, a);
        _mm_stream_si128((__m128i *)(to + 16), b);
        _mm_stream_si128((__m128i *)(to + 32), c);
        _mm_stream_si128((__m128i *)(to + 48), e);
    }
    for (; n >= 16; n -= 16, to += 16, from += 16)
        _mm_stream_si128((__m128i *)to, _mm_loadu_si128((const __m128i *)from));
    while (n-- > 0)
        *to++ = *from++;
#else
    memcpy(d, s, (size_t)n);
#endif
}

/* Copies n elements of size bytes (1, 2, 4, 8 or 16) read downwards from s (the
 * first element copied; the last is n - 1 elements below it) to d upwards, writing d
 * like slice_stream: the 16 bytes that end with the current element are read and
 * reversed in a register while they all belong to the run. */
static inline void slice_stream_reversed(void *restrict d, const void *restrict s,
                                         int64_t n, int64_t size) {
    unsigned char *to = d;
    const unsigned char *from = s;
    int64_t i = 0;
#if defined(__SSE2__)
    while (i < n && ((uintptr_t)(to + i * size) & 15) != 0) {
        memcpy(to + i * size, from - i * size, (size_t)size);
        i += 1;
    }
    for (; (n - i) * size >= 16; i += 16 / size) {
        const unsigned char *last = from - (i + 16 / size - 1) * size;
        __m128i v = _mm_loadu_si128((const __m128i *)last);
        if (size == 1) {
            v = _mm_shufflehi_epi16(_mm_shufflelo_epi16(v, 0x1b), 0x1b);
            v = _mm_shuffle_epi32(v, 0x4e);
            v = _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8));
        } else if (size == 2) {
            v = _mm_shufflehi_epi16(_mm_shufflelo_epi16(v, 0x1b), 0x1b);
            v = _mm_shuffle_epi32(v, 0x4e);
        } else if (size == 4) {
            v = _mm_shuffle_epi32(v, 0x1b);
        } else if (size == 8) {
            v = _mm_shuffle_epi32(v, 0x4e);
        }
        _mm_stream_si128((__m128i *)(to + i * size), v);
    }
#endif
    for (; i < n; i += 1)
        memcpy(to + i * size, from - i * size, (size_t)size);
}

/* Copies n elements of size bytes (1, 2, 4 or 8) taken every other element upwards
 * from s (the first element copied; the last is 2 (n - 1) elements above it) to d,
 * writing d like slice_stream. Each 32 bytes read are two registers whose even
 * elements make one; they are read only while an even element of the run follows, so
 * every byte read lies within the run. */
static inline void slice_stream_even(void *restrict d, const void *restrict s,
                                     int64_t n, int64_t size) {
    unsigned char *to = d;
    const unsigned char *from = s;
    int64_t i = 0;
#if defined(__SSE2__)
    while (i < n && ((uintptr_t)(to + i * size) & 15) != 0) {
        memcpy(to + i * size, from + 2 * i * size, (size_t)size);
        i += 1;
    }
    for (; n - i > 16 / size; i += 16 / size) {
        const unsigned char *p = from + 2 * i * size;
        __m128i a = _mm_loadu_si128((const __m128i *)p);
        __m128i b = _mm_loadu_si128((const __m128i *)(p + 16));
        if (size == 1) {
            const __m128i low = _mm_set1_epi16(0xff);
            a = _mm_packus_epi16(_mm_and_si128(a, low), _mm_and_si128(b, low));
        } else {
            if (size == 2) {
                a = _mm_shufflehi_epi16(_mm_shufflelo_epi16(a, 0x08), 0x08);
                b = _mm_shufflehi_epi16(_mm_shufflelo_epi16(b, 0x08), 0x08);
            }
            if (size <= 4) {
                a = _mm_shuffle_epi32(a, 0x08);
                b = _mm_shuffle_epi32(b, 0x08);
            }
            a = _mm_unpacklo_epi64(a, b);
        }
        _mm_stream_si128((__m128i *)(to + i * size), a);
    }
#endif
    for (; i < n; i += 1)
        memcpy(to + i * size, from + 2 * i * size, (size_t)size);
}

/* Orders the non-temporal stores of the slice_stream helpers before any later store. */
static inline void slice_stream_fence(void) {
#if defined(__SSE2__)
    _mm_sfence();
#endif
}
"""
"""The C helpers of streamed copies, printed once in a unit that uses them."""

PREFETCH_HELPER = r"""
/* A hint to fetch the cache line at p, which the copy reads soon, into every cache
 * level (prefetcht0); no access. */
static inline void slice_prefetch(const void *p) {
#if defined(__GNUC__)
    __builtin_prefetch(p, 0, 3);
#else
    (void)p;
#endif
}
"""
"""The C helper of prefetching copies, printed once in a unit that uses it."""


@dataclass(frozen=True)
class CopyLoop:
    """One loop of a copy nest: ``count`` iterations, stepping the source and the
    target by ``source_step`` and ``target_step`` elements."""

    count: int
    source_step: int
    target_step: int


@dataclass(frozen=True)
class CopyNest:
    """A perfect ``scf.for`` nest whose only effect is one element copy per innermost
    iteration: ``target[target_base + sum(k * target_step)] = source[source_base +
    sum(k * source_step)]`` over the loops' normalized counters ``k`` (linear element
    offsets into the buffers ``load.memref`` and ``store.memref`` view)."""

    load: memref.LoadOp
    store: memref.StoreOp
    loops: tuple[CopyLoop, ...]
    source_base: int
    target_base: int


Affine = tuple[int, tuple[int, ...]]
"""``constant + sum(coefficient[d] * iv[d])`` over the ivs of a nest, outermost first."""


def _affine(value: SSAValue, ivs: dict[SSAValue, int], rank: int) -> Affine | None:
    """``value`` as an affine function of the nest's ivs, or ``None`` if it is not one
    (or leaves ``int64_t``, where C's arithmetic would differ from Python's)."""
    result: Affine | None
    if value in ivs:
        coefficients = [0] * rank
        coefficients[ivs[value]] = 1
        result = (0, tuple(coefficients))
    elif isinstance(value.type, IndexType) and isinstance(
        owner := value.owner, Operation
    ):
        if isinstance(owner, arith.ConstantOp):
            if not isinstance(owner.value, IntegerAttr):
                return None
            result = (owner.value.value.data, (0,) * rank)
        elif isinstance(owner, arith.AddiOp | arith.MuliOp):
            lhs = _affine(owner.lhs, ivs, rank)
            rhs = _affine(owner.rhs, ivs, rank)
            if lhs is None or rhs is None:
                return None
            if isinstance(owner, arith.AddiOp):
                result = (
                    lhs[0] + rhs[0],
                    tuple(a + b for a, b in zip(lhs[1], rhs[1])),
                )
            elif not any(rhs[1]):
                result = (lhs[0] * rhs[0], tuple(a * rhs[0] for a in lhs[1]))
            elif not any(lhs[1]):
                result = (rhs[0] * lhs[0], tuple(b * lhs[0] for b in rhs[1]))
            else:
                return None
        else:
            return None
    else:
        return None
    if not all(-(2**63) <= v < 2**63 for v in (result[0], *result[1])):
        return None
    return result


def _is_index_op(op: Operation) -> bool:
    return isinstance(op, arith.ConstantOp | arith.AddiOp | arith.MuliOp) and all(
        isinstance(r.type, IndexType) for r in op.results
    )


def _linear(
    t: Attribute, indices: Sequence[SSAValue], ivs: dict[SSAValue, int], rank: int
) -> Affine | None:
    """The row-major linear element offset of ``indices`` into a memref of type ``t``."""
    if not isinstance(t, MemRefType) or not isinstance(t.layout, NoneAttr):
        return None
    shape = t.get_shape()
    if len(indices) != len(shape) or any(d < 0 for d in shape):
        return None
    constant, coefficients = 0, [0] * rank
    for d, index in enumerate(indices):
        affine = _affine(index, ivs, rank)
        if affine is None:
            return None
        stride = math.prod(shape[d + 1 :])
        constant += affine[0] * stride
        for k in range(rank):
            coefficients[k] += affine[1][k] * stride
    return constant, tuple(coefficients)


def match_copy_nest(op: scf.ForOp) -> CopyNest | None:
    """``op`` as a ``CopyNest``, or ``None`` if it is anything else.

    The nest must be perfect: each loop's body holds index arithmetic and either the
    next loop or the copy (a ``memref.load`` whose only use is a ``memref.store``); all
    bounds constant, steps positive, indices affine in the ivs.
    """
    fors: list[scf.ForOp] = []
    bounds: list[tuple[int, int, int]] = []  # lb, step, count
    ivs: dict[SSAValue, int] = {}
    current = op
    while True:
        if current.iter_args or current.res:
            return None
        known = [_affine(v, {}, 0) for v in (current.lb, current.ub, current.step)]
        if any(k is None for k in known):
            return None
        lb, ub, step = (k[0] for k in known if k is not None)
        if step <= 0:
            return None
        ivs[current.body.block.args[0]] = len(fors)
        fors.append(current)
        bounds.append((lb, step, max(0, -(-(ub - lb) // step))))
        ops = list(current.body.block.ops)
        if not ops or not isinstance(ops[-1], scf.YieldOp) or ops[-1].operands:
            return None
        rest = [o for o in ops[:-1] if not _is_index_op(o)]
        if len(rest) == 1 and isinstance(rest[0], scf.ForOp):
            current = rest[0]
            continue
        if (
            len(rest) != 2
            or not isinstance(load := rest[0], memref.LoadOp)
            or not isinstance(store := rest[1], memref.StoreOp)
            or store.value is not load.res
            or not load.res.has_one_use()
        ):
            return None
        break
    rank = len(fors)
    source = _linear(load.memref.type, tuple(load.indices), ivs, rank)
    target = _linear(store.memref.type, tuple(store.indices), ivs, rank)
    if source is None or target is None:
        return None
    # iv = lb + k * step: fold the lower bounds into the bases, the steps into k
    source_base = source[0] + sum(c * b[0] for c, b in zip(source[1], bounds))
    target_base = target[0] + sum(c * b[0] for c, b in zip(target[1], bounds))
    loops = tuple(
        CopyLoop(b[2], c_source * b[1], c_target * b[1])
        for b, c_source, c_target in zip(bounds, source[1], target[1])
    )
    return CopyNest(load, store, loops, source_base, target_base)


def merged_loops(loops: Sequence[CopyLoop]) -> tuple[CopyLoop, ...]:
    """``loops`` without single-iteration loops, each outer loop merged into the next
    inner one where stepping it once equals running the inner one through in source
    and target alike (the rows of a whole-row crop are one run)."""
    merged: list[CopyLoop] = []  # innermost first
    for loop in reversed(loops):
        if loop.count == 1:
            continue
        inner = merged[-1] if merged else None
        if (
            inner is not None
            and loop.source_step == inner.source_step * inner.count
            and loop.target_step == inner.target_step * inner.count
        ):
            merged[-1] = CopyLoop(
                inner.count * loop.count, inner.source_step, inner.target_step
            )
        else:
            merged.append(loop)
    return tuple(reversed(merged))


def _plus(pointer: str, offset: int) -> str:
    """C text of ``pointer + offset``."""
    return f"{pointer} + {offset}" if offset else pointer


def _times(index: str, step: int) -> str:
    """C text of ``index * step`` (an element offset)."""
    if step == 0:
        return "0"
    return index if step == 1 else f"{index} * {step}"


def emit_copy_nest(p: FunctionPrinter, nest: CopyNest) -> None:
    """Print ``nest`` as pointer loops around its innermost run.

    Each loop derives its row pointers from the enclosing ones and its counter (so
    every pointer formed points at an element the copy reads or writes); the
    innermost run is a ``memcpy`` where it is contiguous in source and target, else an
    element loop. A copy writing ``STREAM_STORE_BYTES`` or more streams its runs
    (reordered in registers, or gathered through a staging buffer) and prefetches
    source rows ahead when they have gaps between them. Every access is one the loops
    of the nest make.
    """
    source_type = checked_memref_type(nest.load.memref.type, "memref.load operand")
    checked_memref_type(nest.store.memref.type, "memref.store operand")
    c_type = p.element_c_type(source_type)
    size = storage_bytes(source_type.element_type)
    loops = merged_loops(nest.loops)
    if math.prod(loop.count for loop in nest.loops) == 0:
        return
    source, target = p.expr(nest.load.memref), p.expr(nest.store.memref)
    const = "" if p.root(nest.load.memref) in p.written else "const "
    if not loops:
        p.line(f"{target}[{nest.target_base}] = {source}[{nest.source_base}];")
        return
    *outer, run = loops
    contiguous = run.source_step == 1 and run.target_step == 1
    written = math.prod(loop.count for loop in loops) * size
    streamed = written >= STREAM_STORE_BYTES and run.target_step == 1
    how = "memcpy" if contiguous else f"source step {run.source_step}"
    if streamed:
        how += ", streamed"
    shape = " x ".join(str(loop.count) for loop in loops)
    p.line(f"/* copy {shape} elements of {size} bytes, runs by {how} */")

    s, d = p.temp("s"), p.temp("d")
    p.line(f"{const}{c_type} *{s} = {_plus(source, nest.source_base)};")
    p.line(f"{c_type} *{d} = {_plus(target, nest.target_base)};")
    staging: tuple[str, int] | None = None
    if streamed and not contiguous and not _register_stream(run, size):
        staging = (p.temp("staging"), min(run.count, max(1, STAGING_BYTES // size)))
        p.line(f"{c_type} {staging[0]}[{staging[1]}];")
    for depth, loop in enumerate(outer):
        i = p.temp(f"i{depth}")
        p.line(f"for (int64_t {i} = 0; {i} < {loop.count}; {i} += 1) {{")
        p.depth += 1
        s_row, d_row = p.temp("s"), p.temp("d")
        p.line(f"{const}{c_type} *{s_row} = {s} + {_times(i, loop.source_step)};")
        p.line(f"{c_type} *{d_row} = {d} + {_times(i, loop.target_step)};")
        if streamed and depth == len(outer) - 1:
            _emit_prefetch(p, s_row, i, loop, run, size)
        s, d = s_row, d_row
    if streamed:
        p.features.add("stream")
    _emit_run(p, s, d, run, size, streamed, staging)
    for _ in outer:
        p.depth -= 1
        p.line("}")
    if streamed:
        p.line("slice_stream_fence();")


def _register_stream(run: CopyLoop, size: int) -> bool:
    """Whether a streamed run is reordered in registers (``slice_stream_reversed``,
    ``slice_stream_even``) rather than gathered through a staging buffer."""
    return run.source_step == -1 or (run.source_step == 2 and size <= 8)


def _emit_prefetch(
    p: FunctionPrinter, row: str, i: str, loop: CopyLoop, run: CopyLoop, size: int
) -> None:
    """Prefetch the source run ``PREFETCH_AHEAD_BYTES`` ahead of ``row`` (the run of
    iteration ``i`` of ``loop``), if there are gaps between the runs of ``loop``."""
    low = min(0, (run.count - 1) * run.source_step) * size
    high = (max(0, (run.count - 1) * run.source_step) + 1) * size
    row_bytes = abs(loop.source_step) * size
    if row_bytes <= high - low + CACHE_LINE_BYTES:
        return  # runs (nearly) touch: the hardware prefetchers see one stream
    ahead = -(-PREFETCH_AHEAD_BYTES // row_bytes)
    if loop.count <= ahead:
        return
    p.features.add("prefetch")
    row_ahead, k = p.temp("ahead"), p.temp("k")
    # only runs that exist: every address prefetched is one the copy reads
    p.line(f"if ({i} < {loop.count - ahead}) {{")
    p.line(
        f"    const char *{row_ahead} = "
        f"(const char *)({row} + {ahead * loop.source_step});"
    )
    p.line(f"    for (int64_t {k} = {low}; {k} < {high}; {k} += {CACHE_LINE_BYTES})")
    p.line(f"        slice_prefetch({row_ahead} + {k});")
    p.line("}")


def _emit_run(
    p: FunctionPrinter,
    s: str,
    d: str,
    run: CopyLoop,
    size: int,
    streamed: bool,
    staging: tuple[str, int] | None,
) -> None:
    """Print the innermost run of a copy nest from row pointers ``s`` and ``d``;
    ``staging`` is the buffer (name, elements) of a streamed strided run."""
    if run.source_step == 1 and run.target_step == 1:
        p.features.add("string.h")
        copy = "slice_stream" if streamed else "memcpy"
        p.line(f"{copy}({d}, {s}, {run.count * size});")
        return
    if streamed and run.target_step == 1 and _register_stream(run, size):
        helper = "slice_stream_reversed" if run.source_step == -1 else "slice_stream_even"
        p.line(f"{helper}({d}, {s}, {run.count}, {size});")
        return
    k = p.temp("k")
    if staging is None:
        p.line(f"for (int64_t {k} = 0; {k} < {run.count}; {k} += 1)")
        p.line(
            f"    {d}[{_times(k, run.target_step)}] = {s}[{_times(k, run.source_step)}];"
        )
        return
    buffer, block = staging
    if block == run.count:
        p.line(f"for (int64_t {k} = 0; {k} < {run.count}; {k} += 1)")
        p.line(f"    {buffer}[{k}] = {s}[{_times(k, run.source_step)}];")
        p.line(f"slice_stream({d}, {buffer}, {run.count * size});")
        return
    start, n = p.temp("start"), p.temp("n")
    p.line(f"for (int64_t {start} = 0; {start} < {run.count}; {start} += {block}) {{")
    p.line(
        f"    const int64_t {n} = {run.count} - {start} < {block} ? "
        f"{run.count} - {start} : {block};"
    )
    p.line(f"    for (int64_t {k} = 0; {k} < {n}; {k} += 1)")
    index = _times(f"({start} + {k})", run.source_step)
    p.line(f"        {buffer}[{k}] = {s}[{index}];")
    p.line(f"    slice_stream({d} + {start}, {buffer}, {n} * {size});")
    p.line("}")


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
    nest = match_copy_nest(op) if p.copy_nests else None
    if nest is not None and p.root(nest.load.memref) != p.root(nest.store.memref):
        emit_copy_nest(p, nest)
        return
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
    if size >= STREAM_STORE_BYTES:
        p.features.add("stream")
        p.line(f"slice_stream({p.expr(op.destination)}, {p.expr(op.source)}, {size});")
        p.line("slice_stream_fence();")
        return
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


def emit_c(module: ModuleOp, *, copy_nests: bool = True) -> str:
    """One C99 translation unit with a ``void`` function per ``func.func`` of ``module``.

    ``copy_nests=False`` prints every op by its own rule, copy nests included (the
    literal form, for tests and debugging). Raises ``SliceError`` naming the first op,
    type or name the C target cannot print.
    """
    features: set[str] = set()
    functions: list[str] = []
    for op in module.ops:
        if not isinstance(op, func.FuncOp):
            raise _no_rule(op)
        printer = FunctionPrinter(op, features, copy_nests=copy_nests)
        functions.append("\n".join(printer.emit()))
    header = [
        "/* Generated by the slice dialect's C target from convert-slice-to-loops output."
        " */",
        "#include <stdint.h>",
    ]
    if "stream" in features:
        features.add("string.h")
    header += [f"#include <{h}>" for h in ("stdlib.h", "string.h") if h in features]
    if "b128" in features:
        header += ["", B128_TYPEDEF]
    if "stream" in features:
        header += ["", STREAM_HELPERS.strip("\n")]
    if "prefetch" in features:
        header += ["", PREFETCH_HELPER.strip("\n")]
    from slice_dialect.backend.c_safety import check_module  # c_safety imports c

    check_module(module)  # after the printer's own refusals: see c_safety.py
    return "\n\n".join(["\n".join(header), *functions]) + "\n"


@dataclass(frozen=True)
class CTarget(Target):
    """``-t c``: print the lowered module as one C99 translation unit (see ``emit_c``)."""

    name = "c"

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        output.write(emit_c(module))
