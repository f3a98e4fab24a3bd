"""The ``c`` target: print the output of ``convert-slice-to-loops`` as one C99 unit.

The input is lowered IR: each ``func.func`` takes only memref arguments (identity
layout, static shape or with ``?`` dims; inputs first, then one output per original
result, for a shape function one ``memref<Rxi64>`` per result), returns nothing, and
its body holds only

- ``arith`` on ``i1``/``i8``/``i16``/``i32``/``i64``/``index``: ``constant``, ``addi``,
  ``subi``, ``muli``, ``divsi``, ``remsi``, ``maxsi``, ``minsi``, ``cmpi`` (every
  predicate), ``select``, ``andi``, ``ori``, ``xori``, ``extsi``, ``extui``, ``trunci``,
  ``index_cast``;
- ``scf.for`` over ``index`` without ``iter_args`` (bounds may be run-time values),
  ``scf.if`` without results;
- ``slice.copy_run``, ``slice.dynamic_copy_run``, ``slice.check``;
- ``memref.dim``, ``memref.collapse_shape`` and ``memref.expand_shape`` (views of the
  same buffer; an expand's run-time ``output_shape`` entries checked against its source),
  ``memref.load``, ``memref.store``, ``memref.alloc``, ``memref.dealloc``,
  ``memref.copy``;
- ``func.return`` without operands.

Each op kind has one small rule in ``RULES`` (the idea of tinygrad's C renderer);
``emit_c`` walks each function once, names SSA values, indents by loop depth and stops
with a ``SliceError`` naming the op (and carrying its location) for which it has no
rule. Nothing here looks at more than one op: how a window is copied (the loops, the
runs, streaming stores, prefetching, reordering in registers) was decided by
``convert-slice-to-loops`` and is written in the IR. A function's
``slice.shape_function`` attribute (the function computing its output shapes) is for
the runtime; the C target prints both functions as usual.

The C ABI of every ``func.func @NAME``:

    int32_t PREFIX_NAME(<one pointer per memref argument>,
                        [const int64_t *restrict slice_dims,]
                        int64_t *restrict slice_error_values)

- ``PREFIX`` is ``emit_c``'s ``prefix`` (default ``slice_``); ``NAME`` is mangled to a C
  identifier (``c_symbol``; ``@"f.shape"`` is ``slice_f_x2Eshape``). Pointers are
  ``const T *restrict`` if the function never writes the buffer, ``T *restrict``
  otherwise, named ``in0, in1, ...`` and ``out0, ...`` (never after user SSA names,
  which may be libc macros). ``T`` is the element's storage type from
  ``slice_dialect.dtypes`` (elements are copied by width, never interpreted).
- ``slice_dims`` is there only when some memref argument has a ``?`` dim: it holds
  every ``?`` dim of every memref argument, in argument order, each argument's in
  order (static dims are not passed); the comment above the function says which entry
  is which. A negative entry makes the call fail (code and message below) before
  anything else; a caller passes the real sizes of its buffers.
- It returns 0, or a code k > 0 after writing up to ``SLICE_ERROR_VALUES`` int64 values
  to ``slice_error_values``; ``const char *PREFIX_error_message(int32_t k)`` is the
  message template of code k, with ``{0}``..``{3}`` standing for those values. Code 1
  is a failed heap allocation (``ALLOCATION_FAILED``); a failing ``slice.check``
  returns the code of its message, with its values.

The rules:

- ``index`` and ``i64`` values are ``int64_t``, ``iN`` ``intN_t``, ``i1`` ``_Bool``;
  constants are printed inline;
- ``arith.addi``/``subi``/``muli`` with ``overflow<nsw>`` (i32, i64, index) are plain C,
  ``const int64_t v = a + b;`` (``c_safety`` proves they cannot overflow); without
  the flag they have MLIR's wrapping semantics, printed through a ``static inline``
  helper ``slice_wrap_<op>_iN`` computing on the unsigned type
  (``(int64_t)((uint64_t)a + (uint64_t)b)``); ``divsi``/``remsi`` call the total
  helpers ``slice_divsi_iN``/``slice_remsi_iN`` (``a / 0 = 0``, ``MIN / -1 = MIN``,
  ``a % 0 = a % -1 = 0``: MLIR leaves these undefined, we define them so no IR gives
  C undefined behaviour); ``cmpi`` compares (the unsigned predicates the unsigned
  reinterpretations; signed order on ``i1`` has ``true`` = -1 below ``false``);
  ``select``, ``maxsi``, ``minsi`` are conditionals; the casts truncate modulo 2^N or
  extend by sign (``extui``: the unsigned reading);
- ``memref.dim`` is the static size or the ``slice_dims`` entry (a view's ``?`` dim:
  the product of its source's dims, computed once, an error code if it leaves
  ``int64_t``);
- ``scf.for`` is ``for (int64_t i = lb; i < ub; i += step)``; ``scf.if`` is ``if``;
  ``slice.check`` is ``FunctionPrinter.fail_if`` of its condition's negation;
- ``slice.copy_run`` is a ``slice_memcpy`` (contiguous run: ``memcpy``, or a loop of
  64-byte moves where ``memcpy`` would take the slow string move, ``MEMCPY_HELPER``;
  ``string_move``: the CPU's string move, ``slice_string_move``), an element loop
  (strided run),
  one assignment (one element); ``nontemporal`` streams the stores (``slice_stream``,
  ``slice_stream_in_order`` with ``in_order``: a long run's lines one after the other
  rather than in 16 KiB blocks), else a strided run is gathered through a small
  staging buffer first; ``reorder``
  goes through registers (source stride -1, 2, -2: ``slice_stream_reversed``,
  ``slice_stream_even``, ``slice_stream_odd_reversed`` when streamed, the
  ``slice_copy_*`` twins with plain stores when not); ``scalar`` is a call of
  the scalar gather of the element width (``slice_gather_bytes``, ``_halves``,
  ``_words``, ``_dwords``: loops compiled without auto-vectorization, packing
  elements into 8- or 16-byte stores); ``prefetch``
  hints the source run that many elements ahead, if it lies inside the source view;
  a run within one buffer is always an element loop, in order;
- ``memref.load``/``memref.store`` through a memref with ``?`` dims guard themselves:
  each index on a ``?`` dim is checked to lie in ``[0, dim)`` first (an error code,
  ``memref.load: index {0} is out of bounds for dimension d of size {1}``), then the
  element is ``((i0 * d1 + i1) * d2 + ...)``, inside the buffer the caller's dims
  describe (``FunctionPrinter.linear_index``);
- ``slice.dynamic_copy_run`` guards itself: for ``count > 0`` it checks that
  ``[do, do + count)`` lies in the dest view and that ``so`` and ``so + (count - 1) *
  stride`` lie in the source view, with no arithmetic that can wrap for any int64
  values (``slice_mul_overflows``: ``__builtin_mul_overflow`` under ``__GNUC__``, a
  division-based fallback elsewhere), returning an error code otherwise; then, for
  views of two buffers, a copy chosen at run time by ``run_choices``' rules: streamed
  (``slice_stream``, ``slice_stream_*``) when the dest view has at least
  ``STREAM_STORE_BYTES`` and the run ``MIN_STREAM_RUN_BYTES``, else ``slice_memcpy``
  when the stride is ``arith.constant 1`` (``slice_string_move`` for a run of at least the
  op's ``string_move_bytes``); a run-time stride of -1, 2 or -2 over at least
  ``MIN_REGISTER_RUN_BYTES`` goes through the register helpers, any other of at
  least ``dynamic_gather_min`` elements of 1, 2, 4, 8 or 16 bytes (10 of 4, 8 or 16
  bytes, 16 of 1 or 2) through the scalar gather (streamed where a contiguous run
  would, for ``DYNAMIC_STREAM_GATHER_BYTES``), else an element loop; within one
  buffer, an element loop in order. A unit with such a run declares its streamed
  copies, register helpers and streamed gathers where ``SLICE_PREBUILT_HELPERS`` is
  defined (the runtime links them from one object, ``prebuilt_helper_unit``) and
  defines them where it is not (``prebuilt_block``);
- ``memref.load``/``store`` index their pointer with the row-major linear index (static
  shapes only); a loaded integer used in arithmetic has the signed C type of its width;
- ``memref.collapse_shape`` and ``memref.expand_shape`` are pointer aliases of their
  source;
- ``memref.alloc`` (static shapes) is zero-initialised: a local array up to
  ``STACK_ALLOC_BYTES`` while the function's local arrays stay within
  ``STACK_BUDGET_BYTES`` (``on_stack``), else ``calloc`` into a pointer declared
  ``NULL`` at the top of the function (a failure returns 1) and ``free`` at its
  ``memref.dealloc``, or at the end of its block if it has none (the pointer set back
  to ``NULL`` where a later failure could still reach the function's cleanup);
- a check that fails while the function holds heap allocations (``fail_if``) sets
  ``slice_status`` and jumps to the function's one cleanup label, which frees every
  heap pointer (``free(NULL)`` does nothing) and returns the status: the C grows
  with checks plus allocations, not their product;
- ``memref.copy`` is ``slice_memcpy`` of the buffer's byte size;
- ``func.return`` frees what its block allocated, orders the function's non-temporal
  stores (``slice_stream_fence``) and returns 0.
"""

from __future__ import annotations

import math
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from xdsl.context import Context
from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects.builtin import (
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    NoneAttr,
    SymbolRefAttr,
    TensorType,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.traits import SymbolTable
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.target import Target

from passes.copy_plan import (
    CACHE_LINE_BYTES,
    DYNAMIC_LOOKAHEAD_MIN_SOURCE_BYTES,
    DYNAMIC_STREAM_GATHER_BYTES,
    LOOKAHEAD_BYTES,
    LOOKAHEAD_MAX_STEP_BYTES,
    LOOKAHEAD_MIN_SPAN_BYTES,
    MIN_REGISTER_RUN_BYTES,
    MIN_STREAM_RUN_BYTES,
    PREFETCH_AHEAD_BYTES,
    PREFETCH_FAR_RUN_BYTES,
    PREFETCH_PERIOD_BYTES,
    PREFETCH_ROW_BYTES,
    PREFETCH_WRAP_SHARE,
    STREAM_GATHER_ELEMENT_BYTES,
    STREAM_LINE_BLOCK_BYTES,
    STREAM_STORE_BYTES,
    can_reorder,
    dynamic_gather_min,
    row_major_strides,
)
from passes.inline import NO_INLINE
from slice_dialect import semantics
from slice_dialect.dialect import CheckOp, CopyRunOp, DynamicCopyRunOp, FillConstantOp
from slice_dialect.dtypes import (
    B128_TYPEDEF,
    c_storage_type,
    constant_storage,
    scalar_storage,
    storage_bytes,
)
from slice_dialect.errors import SliceError, visible
from slice_dialect.locations import location_text, verify_located
from slice_dialect.names import UniqueNames

DEFAULT_PREFIX = "slice_"
"""The prefix of every exported symbol unless ``emit_c(prefix=...)`` says otherwise."""

SLICE_ERROR_VALUES = 16
"""How many int64 values a failing kernel may write to ``slice_error_values`` (the
caller passes an array of this many): a ``slice.check`` of a result type reports one
value per dim, and ranks go to 8 and beyond (``fastcall.c``'s ``ERROR_VALUES`` is the
same number)."""

ALLOCATION_FAILED = 1
"""The return code of a failed heap allocation (the byte count in value 0)."""

ALLOCATION_MESSAGE = "memory allocation of {0} bytes failed"

STACK_ALLOC_BYTES = 16 * 1024
"""``memref.alloc`` of at most this many bytes is a local array, larger ones use
``calloc``: small enough for any thread's stack, large enough that the intermediates
of typical slices never reach the heap."""

STACK_BUDGET_BYTES = 1024 * 1024
"""The most bytes of local arrays one function holds, counted in program order as if
all were live at once: an eighth of the usual 8 MiB main-thread stack. An alloc that
would pass it uses ``calloc`` like a large one (``on_stack``), so a function with many
small buffers (a program with many tensor constants) neither overflows the stack nor is
refused."""


def on_stack(size: int, stack_bytes: int) -> bool:
    """Whether a ``memref.alloc`` of ``size`` bytes is a local array, in a function
    whose earlier local arrays take ``stack_bytes`` (each counts at least 1 byte): at
    most ``STACK_ALLOC_BYTES``, within ``STACK_BUDGET_BYTES`` together. ``c_safety``
    counts the same, in the same order."""
    return size <= STACK_ALLOC_BYTES and stack_bytes + max(size, 1) <= STACK_BUDGET_BYTES


DEEP_NEST_LOOPS = 8
"""A function holding a ``slice.dynamic_copy_run`` of more loops than this (a run-time
window of rank 10 or more) is compiled without gcc's loop vectorizer
(``DEEP_NEST_ATTRIBUTE``): gcc 12 -O3 took 13.9 s and 1.7 GB for one such window of
rank 16 and 20 s and 2.1 GB at rank 20 (session 51's review; 1.8 s and 175 MB
without it; 1.2 s at rank 8 with it)."""

DEEP_NEST_ATTRIBUTE = [
    "#if defined(__GNUC__) && !defined(__clang__)",
    '__attribute__((optimize("no-tree-loop-vectorize")))',
    "#endif",
]

LOOPED_DIM_CHECKS = 16
"""A kernel of more ``?`` dims than this checks ``slice_dims`` in one loop and reads
each dim from it where it is used, rather than into a variable of its own: a kernel
whose ``outline-slice-parts`` parts take 1000 dims kept 1000 values live across its
calls, and gcc 12's register allocator took 23 of the 40 s its C compile took
(session 53; 9 s with the loop)."""

NO_INLINE_ATTRIBUTE = [
    "#if defined(__GNUC__)",
    "__attribute__((noinline))",
    "#endif",
]
"""What a ``func.func`` marked ``no_inline`` (``outline-slice-parts``'s parts) is
printed with: gcc and clang keep it a function of its own."""

STAGING_BYTES = 1024
"""A strided nontemporal run (without ``reorder``) is gathered into a buffer of this
many bytes (in L1), which is then streamed to the destination, in blocks that start on
a destination cache line (the elements before the first line are stored plainly)."""

INDENT = "    "

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_SAFE_LOCAL = re.compile(r"[a-z][a-z0-9_]*\Z")
"""SSA name hints printed as they are: a lower-case start and no upper-case letter,
so never one of the libc macros (``INT32_MAX``, ``SIZE_MAX``, ``EOF``) or reserved
identifiers (``_x``); anything else gets a ``v_`` prefix."""

_C_KEYWORDS = (
    "auto break case char const continue default do double else enum extern float for "
    "goto if inline int long register restrict return short signed sizeof static "
    "struct switch typedef union unsigned void volatile while _Bool _Complex "
    "_Imaginary _Alignas _Alignof _Atomic _Generic _Noreturn _Static_assert "
    "_Thread_local alignas alignof bool constexpr false nullptr static_assert "
    "thread_local true typeof typeof_unqual"
)
_GENERATED_NAMES = (
    "int32_t int64_t uint8_t uint16_t uint32_t uint64_t uintptr_t size_t slice_b128 "
    "memcpy calloc free slice_stream slice_stream_reversed slice_stream_even "
    "slice_stream_ordered slice_stream_in_order "
    "slice_stream_odd_reversed slice_copy_reversed slice_copy_even "
    "slice_copy_odd_reversed slice_gather_bytes slice_gather_halves slice_gather_words "
    "slice_gather_dwords slice_gather_b128 slice_u64x2 slice_stream_gather_bytes "
    "slice_gather_bytes_body "
    "slice_gather_halves_body slice_gather_words_body slice_gather_bytes_by_step "
    "slice_gather_halves_by_step "
    "slice_stream_gather_halves slice_stream_gather_words "
    "slice_stream_gather_dwords slice_stream_gather_b128 slice_stream_fence "
    "slice_copy_small slice_memcpy slice_copy_lines slice_near_above slice_blocks_alias "
    "slice_memcpy_by_lines "
    "slice_string_move "
    "SLICE_STRING_MOVE_SANITIZED "
    "slice_prefetch slice_prefetch_rows slice_stream_lines slice_stream_lines_sse2 "
    "slice_stream_line_sse2 slice_stream_long slice_stream_lines_avx slice_stream_lines_avx512 "
    "SLICE_STREAM_WIDE SLICE_STREAM_SANITIZED SLICE_BLOCK_LINES SLICE_LINES "
    "SLICE_WIDE_REGISTERS SLICE_NO_WIDE_REGISTERS SLICE_NO_AVX512_REGISTERS "
    "SLICE_AVX512 SLICE_AVX2 SLICE_OPAQUE slice_wide_registers wide_tier "
    "slice_u8x64 slice_u16x32 slice_u32x16 slice_u64x8 slice_u8x32 slice_u16x16 "
    "slice_u32x8 slice_u64x4 SLICE_WIDE_STORE SLICE_WIDE_STREAM SLICE_EVEN_STEPS "
    "SLICE_EVEN_STEP SLICE_EVEN_LAST SLICE_REVERSED_STEPS SLICE_ODD_REVERSED_STEPS "
    "slice_stream_reversed_lines slice_stream_even_lines slice_stream_odd_reversed_lines "
    "slice_stream_even_avx512 slice_copy_even_avx512 slice_stream_reversed_avx512 "
    "slice_copy_reversed_avx512 slice_stream_odd_reversed_avx512 "
    "slice_copy_odd_reversed_avx512 slice_stream_even_avx2 slice_copy_even_avx2 "
    "slice_stream_reversed_avx2 slice_copy_reversed_avx2 slice_stream_odd_reversed_avx2 "
    "slice_copy_odd_reversed_avx2 "
    "slice_error_values slice_dims slice_mul_overflows slice_wrap_add_i8 "
    "slice_wrap_add_i16 slice_wrap_add_i32 slice_wrap_add_i64 slice_wrap_sub_i8 "
    "slice_wrap_sub_i16 slice_wrap_sub_i32 slice_wrap_sub_i64 slice_wrap_mul_i8 "
    "slice_wrap_mul_i16 slice_wrap_mul_i32 slice_wrap_mul_i64 slice_divsi_i8 "
    "slice_divsi_i16 slice_divsi_i32 slice_divsi_i64 slice_remsi_i8 slice_remsi_i16 "
    "slice_remsi_i32 slice_remsi_i64"
)

_C_LIBRARY_NAMES = (
    # C99 7.1.3: the standard library's external identifiers are reserved; a kernel
    # symbol must not define one (an empty prefix and @malloc would replace libc's
    # malloc for the whole program the C is linked into)
    "main abort abs atexit atof atoi atol atoll bsearch calloc div exit _Exit free "
    "getenv labs ldiv llabs lldiv malloc mblen mbstowcs mbtowc qsort rand realloc "
    "srand strtod strtof strtol strtold strtoll strtoul strtoull system wcstombs "
    "wctomb memchr memcmp memcpy memmove memset strcat strchr strcmp strcoll strcpy "
    "strcspn strerror strlen strncat strncmp strncpy strpbrk strrchr strspn strstr "
    "strtok strxfrm clearerr fclose feof ferror fflush fgetc fgetpos fgets fopen "
    "fprintf fputc fputs fread freopen fscanf fseek fsetpos ftell fwrite getc "
    "getchar gets perror printf putc putchar puts remove rename rewind scanf setbuf "
    "setvbuf snprintf sprintf sscanf tmpfile tmpnam ungetc vfprintf vfscanf vprintf "
    "vscanf vsnprintf vsprintf vsscanf stdin stdout stderr errno signal raise "
    "setjmp longjmp localeconv setlocale clock difftime mktime time asctime ctime "
    "gmtime localtime strftime isalnum isalpha isblank iscntrl isdigit isgraph "
    "islower isprint ispunct isspace isupper isxdigit tolower toupper acos asin "
    "atan atan2 ceil cos cosh exp fabs floor fmod frexp ldexp log log10 modf pow "
    "sin sinh sqrt tan tanh fmin fmax fma round trunc "
    # C11's and the intrinsics' mm_malloc.h's (emmintrin.h includes it)
    "aligned_alloc quick_exit at_quick_exit posix_memalign"
)

RESERVED_NAMES = frozenset(_C_KEYWORDS.split()) | frozenset(_GENERATED_NAMES.split())
"""Identifiers no SSA value or symbol may be printed as: C keywords and every name the
generated code uses itself."""

LIBRARY_NAMES = frozenset(_C_LIBRARY_NAMES.split())
"""The C library's functions and objects: no kernel symbol may be one."""

HEADER_NAMES = re.compile(
    r"(_.*|u?int\w*_t|(s?size|ptrdiff|wchar|wint|max_align|l?l?div|mbstate)_t"
    r"|U?INT\w*_(MIN|MAX|C)|(SIZE|PTRDIFF|SIG_ATOMIC|WCHAR|WINT)_(MIN|MAX)"
    r"|NULL|offsetof|EOF|EXIT_(SUCCESS|FAILURE)|RAND_MAX|MB_CUR_MAX)\Z"
)
"""Symbols a kernel may not have besides ``RESERVED_NAMES`` and ``LIBRARY_NAMES``: the
macros of the headers the unit includes (``INT64_MIN``, ``UINT64_C``, ``SIZE_MAX``,
``NULL``, ``RAND_MAX``), their type names (``intptr_t``, ``int_fast8_t``,
``ldiv_t``), and every identifier that starts with
``_``, which C99 7.1.3 reserves at file scope (``__builtin_prefetch``, the intrinsics'
``_mm_*``). Only an empty prefix makes one (session 48's reviews: ``@INT64_MIN``, then
``@intptr_t`` and ``@RAND_MAX``, gave C that did not compile)."""

SHUFFLE_NAMES = frozenset(("slice_lanes_even", "slice_lanes_odd", "slice_lanes_reversed"))
"""The shuffles of the register helpers (``REGISTER_PICKS``), defined only in a unit
that copies through them: there no kernel symbol may be one. (They were
``slice_pick_even``, ``slice_pick_odd`` and ``slice_reverse``: a kernel ``@reverse``
next to the helpers did not compile.)"""


def mangle(name: str) -> str:
    """``name`` as a C identifier: itself if it is one, else every byte outside
    ``[A-Za-z0-9_]`` written ``_xHH``, and a leading digit (or an empty name) preceded
    by ``_``."""
    if _IDENTIFIER.match(name):
        return name
    text = "".join(
        chr(b)
        if chr(b).isascii() and (chr(b).isalnum() or b == ord("_"))
        else f"_x{b:02X}"
        for b in name.encode()
    )
    return text if text[:1].isalpha() or text[:1] == "_" else "_" + text


def check_prefix(prefix: str) -> str:
    """``prefix`` if symbols may start with it, else a ``SliceError``."""
    if prefix and not _IDENTIFIER.match(prefix):
        raise SliceError(
            f"C symbol prefix {prefix!r} is not a C identifier (letters, digits and _, "
            "not starting with a digit)"
        )
    return prefix


def c_symbol(name: str, prefix: str = DEFAULT_PREFIX) -> str:
    """The C symbol of ``func.func @name`` in a unit printed with ``prefix``."""
    return check_prefix(prefix) + mangle(name)


def error_message_symbol(prefix: str = DEFAULT_PREFIX) -> str:
    """The symbol of the unit's ``const char *(int32_t code)`` message function."""
    return check_prefix(prefix) + "error_message"


def error_location_symbol(prefix: str = DEFAULT_PREFIX) -> str:
    """The symbol of the unit's ``const char *(int32_t code)`` location function."""
    return check_prefix(prefix) + "error_location"


def op_error(op: Operation, message: str) -> SliceError:
    """A ``SliceError`` about ``op``, at its location."""
    return SliceError(message, location_text(op))


def _no_rule(op: Operation) -> SliceError:
    if op.name.startswith("slice.") or any(
        isinstance(v.type, TensorType) for v in (*op.operands, *op.results)
    ):
        return op_error(op, f"{op.name}: no C rule; run convert-slice-to-loops first")
    return op_error(
        op,
        f"{op.name}: no C rule; the C target takes the output of convert-slice-to-loops "
        "(func.func; arith constant/addi/subi/muli/divsi/remsi/maxsi/minsi/cmpi/"
        "select/andi/ori/xori/extsi/extui/trunci/index_cast on integers; scf.for, "
        "scf.if; slice.copy_run, slice.dynamic_copy_run, slice.check; "
        "memref.dim/collapse_shape/expand_shape/load/store/alloc/dealloc/copy)",
    )


_PLAIN = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 _.,:;-+=<>()[]{}@%$#!&|^~'"
)
"""Characters printed as they are in C comments and string literals: no ``*``, ``/``
(no ``*/``), no ``?`` (no trigraph, as ``??/``), no backslash or quote."""


def comment_text(text: str) -> str:
    """``text`` safe inside a C block comment: other characters as ``\\xHH`` per
    UTF-8 byte (a name can never end the comment or splice lines)."""
    return "".join(
        c if c in _PLAIN else "".join(f"\\x{b:02X}" for b in c.encode()) for c in text
    )


def c_string(text: str) -> str:
    """``text`` as a C string literal: other characters as octal escapes of their
    UTF-8 bytes (no trigraph, quote, backslash or newline can leave the literal)."""
    body = "".join(
        c if c in _PLAIN else "".join(f"\\{b:03o}" for b in c.encode()) for c in text
    )
    return f'"{body}"'


def dims_layout(shapes: Sequence[Sequence[int | None] | None]) -> list[tuple[int, int]]:
    """What ``slice_dims`` holds for arguments of ``shapes`` (``None`` or a negative
    size: a ``?`` dim; a ``None`` shape: not a memref): entry k is dim ``d`` of argument
    ``i`` for the k-th ``(i, d)`` (every ``?`` dim of every memref argument, in
    argument order, each argument's in order); empty when no argument has a ``?`` dim
    (then the function has no ``slice_dims`` parameter). The runtime fills the array
    by the same function."""
    return [
        (i, d)
        for i, shape in enumerate(shapes)
        if shape is not None
        for d, size in enumerate(shape)
        if size is None or size < 0
    ]


def slice_dims_layout(types: Sequence[Attribute]) -> list[tuple[int, int]]:
    """:func:`dims_layout` of the argument types ``types``."""
    return dims_layout(
        [t.get_shape() if isinstance(t, MemRefType) else None for t in types]
    )


def _shape_text(shape: Sequence[int]) -> str:
    return "[" + ", ".join(str(d) if d >= 0 else "?" for d in shape) + "]"


def checked_memref_type(
    t: Attribute, what: str, op: Operation, *, dynamic: bool = False
) -> MemRefType[Attribute]:
    """``t`` as an identity-layout memref of a supported element type, of static shape
    unless ``dynamic`` (then ``?`` dims are allowed).

    ``what`` names the value, ``op`` the op whose location the error carries.
    """
    if not isinstance(t, MemRefType):
        if isinstance(t, TensorType):
            raise op_error(
                op,
                f"{what} has type {t}; the C target takes memrefs (run "
                "convert-slice-to-loops first)",
            )
        raise op_error(
            op,
            f"{what} has type {t}; the C target takes memref arguments only "
            "(convert-slice-to-loops passes an index or signless i1 or i8-i64 argument of a "
            "function on tensors as a rank-0 memref; other scalars are not supported)",
        )
    if not isinstance(t.layout, NoneAttr):
        raise op_error(
            op, f"{what} has type {t}; the C target takes identity layouts only"
        )
    if not dynamic and any(d < 0 for d in t.get_shape()):
        raise op_error(
            op,
            f"{what} has type {t}; the C target reads and writes a memref of dynamic "
            "shape (?) only through slice.dynamic_copy_run, memref.load and "
            "memref.store, which guard themselves (a function argument of that shape "
            "is taken by memref.dim, memref.collapse_shape and those three only)",
        )
    try:
        c_storage_type(t.element_type)
    except SliceError as error:
        raise op_error(op, f"{what}: {error}") from None
    return t


DIM_MESSAGE = "slice_dims[{0}] = {1}: a dim must be at least 0"
"""The error of a kernel called with a negative ``?`` dim."""


@dataclass
class Unit:
    """What the functions of one translation unit share: the headers and helpers they
    need, and the error codes they return."""

    prefix: str = DEFAULT_PREFIX
    features: set[str] = field(default_factory=set[str])
    """Besides ``<stdint.h>``: ``string.h``, ``stdlib.h``, ``b128``, ``stream``,
    ``prefetch``, ...; ``dynamic_run``: the unit has a run-time run (its helpers may
    come prebuilt, ``unit_helpers``)."""
    messages: list[tuple[str, str | None]] = field(
        default_factory=lambda: [(ALLOCATION_MESSAGE, None)]
    )
    """The message template of each return code and where the op that fails with it
    stands in the source (``file:line:col``, or ``None``): code k is ``messages[k -
    1]``."""
    codes: dict[tuple[str, str | None], int] = field(
        default_factory=lambda: {(ALLOCATION_MESSAGE, None): 1}
    )
    """The code of each entry of ``messages`` (found once per check, not by a scan)."""

    def error_code(self, message: str, location: str | None = None) -> int:
        """The return code of ``message`` (a template with ``{0}``..``{3}``) failing at
        ``location``, made on first use."""
        code = self.codes.get((message, location))
        if code is None:
            self.messages.append((message, location))
            code = self.codes[(message, location)] = len(self.messages)
        return code

    def error_message_function(self) -> list[str]:
        """The unit's message and location functions: each reads a table of its
        codes (a switch of thousands of cases took gcc 1.7 s at -O3, the table 0.05
        s: session 54)."""
        count = len(self.messages)
        lines = [
            "/* The message template of each return code; {0}, {1}, ... stand for",
            " * slice_error_values[0], [1], .... */",
            f"const char *{error_message_symbol(self.prefix)}(int32_t code) {{",
            f"{INDENT}static const char *const messages[{count}] = {{",
        ]
        # visible: a C string ends at a NUL, so the runtime is given the escape
        # SliceError shows (``\\x00``), not the character
        for code, (message, _) in enumerate(self.messages, start=1):
            lines.append(f"{INDENT * 2}/* {code} */ {c_string(visible(message))},")
        lines += [
            f"{INDENT}}};",
            f"{INDENT}return code >= 1 && code <= {count} ? messages[code - 1]"
            ' : "unknown error code";',
            "}",
            "",
            "/* Where the op failing with each return code stands in the source",
            " * (file:line:col), or 0 where that is not known. */",
            f"const char *{error_location_symbol(self.prefix)}(int32_t code) {{",
            f"{INDENT}static const char *const locations[{count}] = {{",
        ]
        for code, (_, location) in enumerate(self.messages, start=1):
            text = "0" if location is None else c_string(visible(location))
            lines.append(f"{INDENT * 2}/* {code} */ {text},")
        lines += [
            f"{INDENT}}};",
            f"{INDENT}return code >= 1 && code <= {count} ? locations[code - 1] : 0;",
            "}",
        ]
        return lines


@dataclass
class FunctionPrinter:
    """Prints one lowered ``func.func``; ``RULES`` call back into it.

    ``exprs`` maps each SSA value to the C text standing for it: a variable name, or
    the literal of an index constant.
    """

    function: func.FuncOp
    unit: Unit
    symbol: str
    callees: dict[str, tuple[func.FuncOp, str]] = field(
        default_factory=dict[str, tuple[func.FuncOp, str]]
    )
    """Each function of the unit a ``func.call`` may name (the private functions that
    some call names: printed ``static``), with its C symbol."""
    lines: list[str] = field(default_factory=list[str])
    exprs: dict[SSAValue, str] = field(default_factory=dict[SSAValue, str])
    used_names: UniqueNames = field(default_factory=lambda: UniqueNames(RESERVED_NAMES))
    depth: int = 1
    heap_allocs: list[SSAValue] = field(default_factory=list[SSAValue])
    """The heap allocations printed and not freed yet: whether a failing check jumps
    to the cleanup label."""
    heap_pointers: list[tuple[str, str]] = field(default_factory=list[tuple[str, str]])
    """The C type and name of each heap allocation's pointer, declared ``NULL`` at the
    top of the function and freed by its cleanup."""
    cleanup: tuple[str, str] | None = None
    """The status variable and cleanup label of the function, once a check needs
    them."""
    free_at_block_end: dict[Block, list[SSAValue]] = field(
        default_factory=dict[Block, list[SSAValue]]
    )
    written: set[SSAValue] = field(default_factory=set[SSAValue])
    """The buffers (arguments and allocs) the function writes."""
    dims: dict[SSAValue, list[str]] = field(default_factory=dict[SSAValue, list[str]])
    """The C text of each dim of each memref with a ``?`` dim (arguments from
    ``slice_dims``, views from their source's)."""
    stack_bytes: int = 0
    """The bytes of the local arrays printed so far (``on_stack``)."""
    streams: bool = False
    """Whether the function stores non-temporally (and so fences before returning):
    set by the rules that print such a store (a ``nontemporal`` run of one element, or
    within one buffer, is a plain copy), before the ``func.return`` that reads it."""
    unnamed: int = 0
    result_names: list[str] = field(default_factory=list[str])
    """The out-pointer parameter of each result of a called function (its
    ``func.return`` stores through them)."""
    prototype: str | None = None
    """The ``static`` declaration of a called function, set by ``emit``: printed before
    every function of the unit, so that a call may come first."""

    # Values and names

    def name(self, value: SSAValue, base: str) -> str:
        """A new C identifier for ``value`` based on ``base``, uniqued."""
        self.exprs[value] = name = self.temp(base)
        return name

    def fresh_name(self, value: SSAValue) -> str:
        """A new C identifier for ``value``: its name hint where that is safe, else
        ``v_`` and the hint with other characters as ``_``; ``v`` without a hint."""
        hint = value.name_hint
        if not hint:
            while f"v{self.unnamed}" in self.used_names:
                self.unnamed += 1
            return self.name(value, f"v{self.unnamed}")
        if _SAFE_LOCAL.match(hint):
            return self.name(value, hint)
        return self.name(value, "v_" + re.sub(r"[^A-Za-z0-9_]", "_", hint))

    def temp(self, base: str) -> str:
        """A new C identifier for a variable of the printer's own (no SSA value)."""
        return self.used_names.fresh(base)

    def expr(self, value: SSAValue, op: Operation) -> str:
        """The C text of an already printed value used by ``op``."""
        if value not in self.exprs:
            raise op_error(
                op,
                f"{op.name}: an operand of type {value.type} is used before the C "
                "printer named it",
            )
        return self.exprs[value]

    def line(self, text: str) -> None:
        """Append ``text`` as one line, indented by the current loop depth."""
        self.lines.append(INDENT * self.depth + text)

    def fail_if(
        self,
        condition: str,
        message: str,
        values: Sequence[str] = (),
        op: Operation | None = None,
    ) -> None:
        """Return the code of ``message`` failing at ``op`` (``Unit.error_code``) when
        ``condition`` holds, with ``values`` (C expressions, at most
        ``SLICE_ERROR_VALUES``) as the error values; while the function holds heap
        allocations, through its cleanup label (``emit``), which frees them."""
        assert len(values) <= SLICE_ERROR_VALUES
        code = self.unit.error_code(message, None if op is None else location_text(op))
        self.line(f"if ({condition}) {{")
        for k, value in enumerate(values):
            self.line(f"{INDENT}slice_error_values[{k}] = {value};")
        self.fail_with(str(code))
        self.line("}")

    def fail_with(self, code: str) -> None:
        """The lines returning ``code`` (C text): directly, or while the function holds
        heap allocations through its cleanup label (``emit``), which frees them."""
        if not self.heap_allocs:
            self.line(f"{INDENT}return {code};")
            return
        if self.cleanup is None:
            self.cleanup = (self.temp("slice_status"), self.temp("slice_cleanup"))
        status, label = self.cleanup
        self.line(f"{INDENT}{status} = {code};")
        self.line(f"{INDENT}goto {label};")

    # Memrefs

    def dims_of(self, value: SSAValue, op: Operation) -> list[str]:
        """The C text of each dim of the memref ``value``: a literal for a static
        dim, the variable holding it for a ``?`` one."""
        if value in self.dims:
            return self.dims[value]
        t = checked_memref_type(value.type, f"{op.name} operand", op, dynamic=True)
        if any(d < 0 for d in t.get_shape()):
            raise op_error(op, f"{op.name}: the dims of this {t} are not known")
        return [str(d) for d in t.get_shape()]

    def element_c_type(self, t: MemRefType[Attribute]) -> str:
        """The C storage type of ``t``'s elements, noting when the unit needs its
        typedef."""
        c_type = c_storage_type(t.element_type)
        if c_type == "slice_b128":
            self.unit.features.add("b128")
        return c_type

    def pointer_type(self, value: SSAValue, op: Operation) -> str:
        """``T *`` for a pointer to ``value``'s buffer; ``const T *`` if never written."""
        t = checked_memref_type(value.type, f"{op.name} operand", op, dynamic=True)
        c_type = self.element_c_type(t)
        const = "" if buffer_root(value) in self.written else "const "
        return f"{const}{c_type} *"

    def linear_index(
        self,
        t: MemRefType[Attribute],
        indices: Sequence[SSAValue],
        op: Operation,
        buffer: SSAValue | None = None,
    ) -> str:
        """The row-major linear index of ``indices`` into a buffer of type ``t``. Where
        ``t`` has ``?`` dims (``buffer``, a function argument or a view of one: a
        ``memref.load`` or ``memref.store``), each index on such a dim is first
        guarded, an error code unless it lies in ``[0, dim)`` (``c_safety`` proves the
        static dims only), and the index is ``((i0 * d1 + i1) * d2 + i2)...``: below
        the element count of the buffer, which the caller's dims describe."""
        shape = t.get_shape()
        if len(indices) != len(shape):
            raise op_error(op, f"{op.name}: {len(indices)} indices into {t}")
        if all(d >= 0 for d in shape):
            terms: list[str] = []
            for index, stride in zip(indices, row_major_strides(shape)):
                text = self.expr(index, op)
                if text == "0":
                    continue
                terms.append(text if stride == 1 else f"{text} * {stride}")
            return " + ".join(terms) or "0"
        assert buffer is not None
        dims = self.dims_of(buffer, op)
        texts = [self.expr(index, op) for index in indices]
        for d, (text, size) in enumerate(zip(texts, shape)):
            if size < 0:
                self.fail_if(
                    f"(uint64_t){text} >= (uint64_t){dims[d]}",
                    f"{op.name}: index {{0}} is out of bounds for dimension {d} of "
                    "size {1}",
                    [text, dims[d]],
                    op,
                )
        linear = texts[0] if texts else "0"
        for text, dim in zip(texts[1:], dims[1:]):
            linear = f"({linear}) * {dim} + {text}"
        return linear

    # Blocks and functions

    def emit_block(self, block: Block) -> None:
        """Print every op of ``block`` by its rule."""
        for op in block.ops:
            rule = RULES.get(type(op))
            if rule is None:
                raise _no_rule(op)
            rule(self, op)
            for result in op.results:
                # a value nothing reads (hand-written IR: the lowering erases dead
                # ops; a buffer only freed) is still computed, its checks kept,
                # without -Wunused-variable
                text = self.exprs.get(result)
                if (
                    text is not None
                    and text.isidentifier()
                    and all(
                        isinstance(u.operation, memref.DeallocOp) for u in result.uses
                    )
                ):
                    self.line(f"(void){text};")

    def emit_nested(self, block: Block) -> None:
        """Print ``block`` one level deeper (the body of a C block)."""
        self.depth += 1
        self.emit_block(block)
        self.depth -= 1

    def free(self, buffer: SSAValue, returning: bool = False) -> None:
        """Free the heap allocation ``buffer``; unless the function returns right
        after, set its pointer back to ``NULL`` (the cleanup frees it again)."""
        name = self.exprs[buffer]
        self.line(f"free({name});")
        if not returning:
            self.line(f"{name} = NULL;")
        self.heap_allocs.remove(buffer)

    def emit_block_end(self, block: Block) -> None:
        """Free the heap allocations of ``block`` that no ``memref.dealloc`` frees."""
        returning = block is self.function.body.block
        for buffer in self.free_at_block_end.pop(block, []):
            self.free(buffer, returning)

    @property
    def called(self) -> bool:
        """Whether the function is one a ``func.call`` of the unit names (a private
        function): printed ``static``, its ``?`` dims, integer arguments and results
        passed as C parameters rather than by the kernel ABI."""
        name = self.function.sym_name.data
        return name in self.callees and self.callees[name][0] is self.function

    def emit(self) -> list[str]:
        """The C text of the function: comment, signature and body."""
        f = self.function
        name = f"func.func @{f.sym_name.data}"
        if f.is_declaration:
            raise op_error(f, f"{name}: external declarations have no C rule")
        for op in f.body.walk():
            if type(op) not in RULES:
                raise _no_rule(op)  # before the types: an unlowered op says most
        called = self.called
        outputs = f.function_type.outputs.data
        if outputs and not called:
            raise op_error(
                f,
                f"{name} returns values; the C target takes functions whose results "
                "are output memrefs (run convert-slice-to-loops first)",
            )
        for k, t in enumerate(outputs):
            if integer_width(t) is None:
                raise op_error(
                    f,
                    f"{name}: result {k} has type {t}; a called function returns "
                    "integers (index, i1..i64) only",
                )
        args = f.body.block.args
        for i, arg in enumerate(args):
            what = f"{name}: argument {i}"
            if arg.name_hint:
                what += f" (%{arg.name_hint})"
            if called and integer_width(arg.type) is not None:
                continue
            checked_memref_type(arg.type, what, f, dynamic=True)
        self.written = set(written_buffers(f))

        role = " (called within this unit)" if called else ""
        comment = [
            f"/* @{comment_text(f.sym_name.data)}{role}: element type, shape and "
            "access of each argument"
        ]
        params: list[str] = []
        counts = {"in": 0, "out": 0}
        layout = [] if called else slice_dims_layout([arg.type for arg in args])
        entry = {position: k for k, position in enumerate(layout)}
        for i, arg in enumerate(args):
            hint = f" (%{arg.name_hint})" if arg.name_hint else ""
            width = integer_width(arg.type)
            if width is not None:
                arg_name = self.fresh_name(arg)
                comment.append(f" *   {arg_name}{hint}: {arg.type}, by value")
                params.append(f"const {INTEGER_C_TYPES[width]} {arg_name}")
                continue
            kind = "out" if arg in self.written else "in"
            arg_name = self.name(arg, f"{kind}{counts[kind]}")
            counts[kind] += 1
            t = checked_memref_type(arg.type, "argument", f, dynamic=True)
            access = "written" if arg in self.written else "read only"
            shape = t.get_shape()
            params.append(f"{self.pointer_type(arg, f)}restrict {arg_name}")
            if called:
                dims = self.dims.setdefault(arg, [str(size) for size in shape])
                for d, size in enumerate(shape):
                    if size < 0:
                        dims[d] = self.temp(f"{arg_name}_d{d}")
                        params.append(f"const int64_t {dims[d]}")
                where = [dims[d] for d, size in enumerate(shape) if size < 0]
            else:
                where = [
                    f"slice_dims[{entry[i, d]}]"
                    for d, size in enumerate(shape)
                    if size < 0
                ]
            passed = f" ({', '.join(where)})" if where else ""
            comment.append(
                f" *   {arg_name}{hint}: {t.element_type}, shape "
                f"{_shape_text(shape)}{passed}, {access}"
            )
        if layout:
            comment.append(
                " *   slice_dims: the ? dims of the arguments, in this order (each >= 0)"
            )
            params.append("const int64_t *restrict slice_dims")
        for k, t in enumerate(outputs):
            result = self.temp(f"slice_result{k}")
            self.result_names.append(result)
            width = integer_width(t)
            assert width is not None
            comment.append(f" *   {result}: where result {k} ({t}) is stored")
            params.append(f"{INTEGER_C_TYPES[width]} *restrict {result}")
        shape_function = f.attributes.get("slice.shape_function")
        if isinstance(shape_function, SymbolRefAttr):
            shape_name = comment_text(shape_function.root_reference.data)
            comment.append(
                f" * Its output shapes are computed by @{shape_name} "
                "(slice.shape_function)."
            )
        comment.append(" */")
        params.append("int64_t *restrict slice_error_values")
        looped = len(layout) > LOOPED_DIM_CHECKS
        if looped:
            k = self.temp("k")
            self.line(f"for (int64_t {k} = 0; {k} < {len(layout)}; {k}++) {{")
            self.depth += 1
            self.fail_if(
                f"slice_dims[{k}] < 0",
                DIM_MESSAGE,
                [k, f"slice_dims[{k}]"],
            )
            self.depth -= 1
            self.line("}")
        for k, (i, d) in enumerate(layout):
            arg = args[i]
            t = checked_memref_type(arg.type, "argument", f, dynamic=True)
            dims = self.dims.setdefault(arg, [str(size) for size in t.get_shape()])
            if looped:
                dims[d] = f"slice_dims[{k}]"
                continue
            dims[d] = self.temp(f"{self.exprs[arg]}_d{d}")
            self.line(f"const int64_t {dims[d]} = slice_dims[{k}];")
            self.fail_if(f"{dims[d]} < 0", DIM_MESSAGE, [str(k), dims[d]])
        self.emit_block(f.body.block)
        signature = f"int32_t {self.symbol}({', '.join(params)})"
        if called:
            signature = f"static {signature}"
            self.prototype = f"{signature};"
        top = [f"{INDENT}{c_type} *{name} = NULL;" for c_type, name in self.heap_pointers]
        # a parameter the body does not read (the data of a shape function, the error
        # values of a kernel that cannot fail) is marked used: -Wextra warns of it
        used = set(re.findall(r"[A-Za-z_]\w*", "\n".join(self.lines)))
        for param in params:
            name = param.rsplit(" ", 1)[1]
            if name not in used:
                top.append(f"{INDENT}(void){name};")
        end: list[str] = []
        if self.cleanup is not None:
            status, label = self.cleanup
            top.append(f"{INDENT}int32_t {status} = 0;")
            end = [
                f"{label}:",
                *(f"{INDENT}free({name});" for _, name in reversed(self.heap_pointers)),
                f"{INDENT}return {status};",
            ]
        deep = any(
            isinstance(op, DynamicCopyRunOp) and len(op.loops()) > DEEP_NEST_LOOPS
            for op in f.walk()
        )
        attribute = DEEP_NEST_ATTRIBUTE if deep else []
        if NO_INLINE in f.attributes:
            attribute = [*attribute, *NO_INLINE_ATTRIBUTE]
        return [*comment, *attribute, signature + " {", *top, *self.lines, *end, "}"]


# Rules: one per op kind, each printing the op's C lines.

INTEGER_C_TYPES = {1: "_Bool", 8: "int8_t", 16: "int16_t", 32: "int32_t", 64: "int64_t"}
"""The C type of an ``iN`` value (``index`` is ``int64_t``): signed, as ``arith``'s
signed ops read them; ``i1`` is ``_Bool`` (0 or 1)."""

_UNSIGNED = {1: "_Bool", 8: "uint8_t", 16: "uint16_t", 32: "uint32_t", 64: "uint64_t"}

_INT_MIN_MACROS = {8: "INT8_MIN", 16: "INT16_MIN", 32: "INT32_MIN", 64: "INT64_MIN"}

_INT_LITERAL = re.compile(r"-?[0-9]+")
"""The C text ``_constant`` gives an integer constant (but the least value's macro)."""


def integer_width(t: Attribute) -> int | None:
    """64 for ``index``, N for ``iN`` of a width the C target has, else ``None``."""
    if isinstance(t, IndexType):
        return 64
    if isinstance(t, IntegerType) and t.width.data in INTEGER_C_TYPES:
        return t.width.data
    return None


def _width(op: Operation, value: SSAValue) -> int:
    width = integer_width(value.type)
    if width is None:
        raise op_error(
            op,
            f"{op.name} on {value.type}: the C target has integer arithmetic only "
            "(i1, i8, i16, i32, i64, index)",
        )
    return width


def _c_int(op: Operation, value: SSAValue) -> str:
    """The C type of the integer ``value``."""
    return INTEGER_C_TYPES[_width(op, value)]


def _constant(p: FunctionPrinter, op: arith.ConstantOp) -> None:
    if isinstance(op.value, FloatAttr) and integer_width(op.result.type) is None:
        # a float scalar (stored into a buffer): its storage bits, as elements are
        # copied by width, never computed with (dtypes.scalar_storage)
        bits = scalar_storage(op.value.value.data, op.result.type)
        suffix = "ull" if len(bits) == 8 else "u"
        p.exprs[op.result] = f"{int.from_bytes(bits, 'little'):#x}{suffix}"
        return
    width = _width(op, op.result)
    assert isinstance(op.value, IntegerAttr)
    value = op.value.value.data
    if width == 1:
        p.exprs[op.result] = "1" if value else "0"
        return
    if not -(2 ** (width - 1)) <= value < 2 ** (width - 1):
        if width < 64 and 0 <= value < 2**width:
            value -= 2**width  # an unsigned spelling of the same bits
        else:
            raise op_error(
                op,
                f"arith.constant {value} : {op.result.type} does not fit in "
                + ("int64_t" if width == 64 else f"{width} bits"),
            )
    p.exprs[op.result] = (
        _INT_MIN_MACROS[width] if value == -(2 ** (width - 1)) else str(value)
    )


def _define(p: FunctionPrinter, op: Operation, text: str) -> None:
    """``const T v = text;`` for the op's one integer result."""
    result = op.results[0]
    p.line(f"const {_c_int(op, result)} {p.fresh_name(result)} = {text};")


def has_nsw(op: Operation) -> bool:
    """Whether the ``arith`` op carries ``overflow<nsw>`` (possibly with ``nuw``)."""
    flags = op.properties.get("overflowFlags")
    return isinstance(flags, arith.IntegerOverflowAttr) and (
        arith.IntegerOverflowFlag.NSW in flags.data
    )


WRAPPING_NAMES = {"+": "add", "-": "sub", "*": "mul"}


def _binary(symbol: str) -> Callable[[FunctionPrinter, Any], None]:
    """``addi``/``subi``/``muli``: plain C with ``overflow<nsw>`` (c_safety proves it
    stays in range), else MLIR's wrapping arithmetic through a ``static inline``
    helper on the unsigned type of the width."""

    def rule(p: FunctionPrinter, op: arith.AddiOp | arith.SubiOp | arith.MuliOp) -> None:
        width = _width(op, op.result)
        lhs, rhs = p.expr(op.lhs, op), p.expr(op.rhs, op)
        if has_nsw(op) and width in (32, 64):
            if width == 64 and all(_INT_LITERAL.fullmatch(t) for t in (lhs, rhs)):
                # two constants below 2**31 are C ints: 2147483647 + 1 and 65536 *
                # 65536 overflowed in 32 bits (session 64's hunt); one int64_t makes
                # the operation 64-bit, where c_safety proved it stays (with a
                # variable, an int64_t, it is already)
                lhs = f"(int64_t){lhs}"
            _define(p, op, f"{lhs} {symbol} {rhs}")
            return
        if width == 1:  # i1 arithmetic modulo 2
            _define(p, op, f"({lhs} {'&' if symbol == '*' else '^'} {rhs}) & 1")
            return
        helper = f"slice_wrap_{WRAPPING_NAMES[symbol]}_i{width}"
        p.unit.features.add(helper)
        _define(p, op, f"{helper}({lhs}, {rhs})")

    return rule


def wrapping_helper(name: str) -> str:
    """The C text of ``slice_wrap_<op>_i<N>``: ``a op b`` modulo 2^N (the conversion
    back to the signed type is the usual two's complement one)."""
    _, _, kind, width_text = name.split("_")
    width = int(width_text[1:])
    symbol = {v: k for k, v in WRAPPING_NAMES.items()}[kind]
    signed, unsigned = INTEGER_C_TYPES[width], _UNSIGNED[width]
    if width >= 32:
        body = f"({signed})(({unsigned})a {symbol} ({unsigned})b)"
    else:  # uint8_t/uint16_t promote to int, whose products may overflow
        body = f"({signed})({unsigned})((uint32_t)({unsigned})a {symbol} (uint32_t)({unsigned})b)"
    return f"static inline {signed} {name}({signed} a, {signed} b) {{\n    return {body};\n}}"


def _total_division(kind: str) -> Callable[[FunctionPrinter, Any], None]:
    """``divsi``/``remsi`` made total (``slice_divsi_iN``, ``slice_remsi_iN``). On
    ``i1`` (values 0 and -1, ``true`` printed 1) the total rules leave ``a / b`` = ``a``
    where ``b`` is -1 (``-1 / -1`` = 1 wraps to -1) and 0 where it is 0, so ``a & b``,
    and ``a % b`` = 0 (the interpreter's ``_divsi_total``/``_remsi_total`` on 1 bit)."""

    def rule(p: FunctionPrinter, op: arith.DivSIOp | arith.RemSIOp) -> None:
        width = _width(op, op.result)
        if width == 1:
            lhs, rhs = p.expr(op.lhs, op), p.expr(op.rhs, op)
            if kind == "remsi":  # 0 whatever its operands, which it still reads
                p.line(f"(void){lhs};")
                p.line(f"(void){rhs};")
            _define(p, op, f"({lhs} & {rhs}) & 1" if kind == "divsi" else "0")
            return
        helper = f"slice_{kind}_i{width}"
        p.unit.features.add(helper)
        _define(p, op, f"{helper}({p.expr(op.lhs, op)}, {p.expr(op.rhs, op)})")

    return rule


def division_helper(name: str) -> str:
    """The C text of ``slice_divsi_iN``/``slice_remsi_iN``: signed division and
    remainder rounding to zero, total (MLIR leaves these undefined; C too):
    ``a / 0 = 0``, ``MIN / -1 = MIN`` (wrapping), ``a % 0 = a % -1 = 0``."""
    _, kind, width_text = name.split("_")
    width = int(width_text[1:])
    t, u = INTEGER_C_TYPES[width], _UNSIGNED[width]
    if kind == "divsi":
        body = (
            "    if (b == 0)\n        return 0;\n"
            f"    if (b == -1)\n        return ({t})({u})(0u - ({u})a);\n"
            f"    return ({t})(a / b);"
        )
    else:
        body = f"    if (b == 0 || b == -1)\n        return 0;\n    return ({t})(a % b);"
    return f"static inline {t} {name}({t} a, {t} b) {{\n{body}\n}}"


_REVERSED = {">": "<", "<": ">", ">=": "<=", "<=": ">="}
"""Signed order on ``i1`` (``true`` is -1) is the reverse of ``_Bool``'s 0 < 1."""


def _extremum(symbol: str) -> Callable[[FunctionPrinter, Any], None]:
    def rule(p: FunctionPrinter, op: arith.MaxSIOp | arith.MinSIOp) -> None:
        boolean = _width(op, op.result) == 1
        symbol_here = _REVERSED[symbol] if boolean else symbol
        lhs, rhs = p.expr(op.lhs, op), p.expr(op.rhs, op)
        _define(p, op, f"{lhs} {symbol_here} {rhs} ? {lhs} : {rhs}")

    return rule


CMPI_PREDICATES = ("==", "!=", "<", "<=", ">", ">=", "<", "<=", ">", ">=")
"""The C operator of each ``arith.cmpi`` predicate (eq ne slt sle sgt sge ult ule ugt
uge); the last four compare the unsigned reinterpretations."""


def _cmpi(p: FunctionPrinter, op: arith.CmpiOp) -> None:
    width = _width(op, op.lhs)
    predicate = op.predicate.value.data
    if not 0 <= predicate < len(CMPI_PREDICATES):
        raise op_error(op, f"arith.cmpi predicate {predicate}: no C rule")
    lhs, rhs = p.expr(op.lhs, op), p.expr(op.rhs, op)
    symbol = CMPI_PREDICATES[predicate]
    if predicate >= 6 and width > 1:
        u = _UNSIGNED[width]
        lhs, rhs = f"({u}){lhs}", f"({u}){rhs}"
    elif 2 <= predicate < 6 and width == 1:
        symbol = _REVERSED[symbol]
    _define(p, op, f"{lhs} {symbol} {rhs}")


def _select(p: FunctionPrinter, op: arith.SelectOp) -> None:
    _width(op, op.result)
    cond = p.expr(op.cond, op)
    lhs, rhs = p.expr(op.lhs, op), p.expr(op.rhs, op)
    _define(p, op, f"{cond} ? {lhs} : {rhs}")


def _bitwise(symbol: str) -> Callable[[FunctionPrinter, Any], None]:
    def rule(p: FunctionPrinter, op: arith.AndIOp | arith.OrIOp | arith.XOrIOp) -> None:
        _width(op, op.result)
        _define(p, op, f"{p.expr(op.lhs, op)} {symbol} {p.expr(op.rhs, op)}")

    return rule


def _cast(kind: str) -> Callable[[FunctionPrinter, Any], None]:
    """``extsi``, ``extui``, ``trunci``, ``index_cast`` (sign-extends or truncates)
    between i1, i8, i16, i32, i64 and index."""

    def rule(p: FunctionPrinter, op: Operation) -> None:
        source, result = op.operands[0], op.results[0]
        a, b = _width(op, source), _width(op, result)
        x = p.expr(source, op)
        t = INTEGER_C_TYPES[b]
        if b == 1:  # truncation to i1: the low bit
            text = f"({x} & 1) != 0" if a > 1 else x
        elif a == 1:
            text = f"({t})-({t}){x}" if kind != "extui" else f"({t}){x}"
        elif b > a and kind == "extui":
            text = f"({t})({_UNSIGNED[a]}){x}"
        elif b >= a:
            text = f"({t}){x}" if b > a else x
        else:  # truncation modulo 2^b
            text = f"({t})({_UNSIGNED[b]}){x}"
        _define(p, op, text)

    return rule


def _dim(p: FunctionPrinter, op: memref.DimOp) -> None:
    """A constant index outside the rank is refused here; a run-time one is checked
    at the call (the interpreter's message, ``semantics.dim_index_message``), then
    picks its dim."""
    dims = p.dims_of(op.source, op)
    index = op.index.owner
    if isinstance(index, arith.ConstantOp) and isinstance(index.value, IntegerAttr):
        d = index.value.value.data
        problem = semantics.dim_index_problem(op.name, d, len(dims))
        if problem is not None:
            raise op_error(op, problem)
        p.exprs[op.result] = dims[d]
        return
    i = p.expr(op.index, op)
    message = semantics.dim_index_message(op.name, "{0}", len(dims))
    if not dims:
        p.fail_if("1", message, [i], op)
        p.exprs[op.result] = "0"  # not reached
        return
    p.fail_if(f"({i}) < 0 || ({i}) >= {len(dims)}", message, [i], op)
    picked = dims[-1]
    for k in range(len(dims) - 2, -1, -1):
        picked = f"({i}) == {k} ? {dims[k]} : {picked}"
    dim = p.temp("dim")
    p.line(f"const int64_t {dim} = {picked};")
    p.exprs[op.result] = dim


def _check(p: FunctionPrinter, op: CheckOp) -> None:
    try:
        op.verify_()  # only {N} placeholders reach the caller's formatting
    except VerifyException as e:
        raise op_error(op, str(e)) from None
    values = [p.expr(v, op) for v in op.values]
    if len(values) > SLICE_ERROR_VALUES:
        raise op_error(
            op, f"slice.check with {len(values)} values, more than {SLICE_ERROR_VALUES}"
        )
    cond = p.expr(op.condition, op)
    p.fail_if(
        f"!{cond}" if _IDENTIFIER.match(cond) else f"!({cond})",
        op.message.data,
        values,
        op,
    )


def _if(p: FunctionPrinter, op: scf.IfOp) -> None:
    if op.results:
        raise op_error(op, "scf.if with results: no C rule")
    p.line(f"if ({p.expr(op.cond, op)}) {{")
    p.emit_nested(op.true_region.block)
    if op.false_region.blocks and len(op.false_region.block.ops) > 1:
        p.line("} else {")
        p.emit_nested(op.false_region.block)
    p.line("}")


def _for(p: FunctionPrinter, op: scf.ForOp) -> None:
    if op.iter_args or op.res:
        raise op_error(op, "scf.for with iter_args: no C rule")
    for bound in (op.lb, op.ub, op.step):
        if not isinstance(bound.type, IndexType):
            raise op_error(
                op, f"scf.for over {bound.type}: the C target loops over index"
            )
    lb, ub, step = p.expr(op.lb, op), p.expr(op.ub, op), p.expr(op.step, op)
    block = op.body.block
    i = p.fresh_name(block.args[0])
    p.line(f"for (int64_t {i} = {lb}; {i} < {ub}; {i} += {step}) {{")
    p.emit_nested(block)
    p.line("}")


def _yield(p: FunctionPrinter, op: scf.YieldOp) -> None:
    """The end of a block: its heap allocations freed (no values are yielded)."""
    if op.operands:
        raise op_error(op, f"{op.name} with operands: no C rule")
    block = op.parent_block()
    assert block is not None
    p.emit_block_end(block)


def _return(p: FunctionPrinter, op: func.ReturnOp) -> None:
    """The end of the function: a called function's results stored through their
    out-pointers, its heap allocations freed, its streamed stores fenced, 0 returned."""
    if op.operands:
        if len(op.operands) != len(p.result_names):
            raise op_error(op, f"{op.name} with operands: no C rule")
        for name, value in zip(p.result_names, op.operands):
            p.line(f"*{name} = {p.expr(value, op)};")
    block = op.parent_block()
    assert block is not None
    p.emit_block_end(block)
    if p.streams:
        p.line("slice_stream_fence();")
    p.line("return 0;")


def _call(p: FunctionPrinter, op: func.CallOp) -> None:
    """A call of a private function of the unit (``outline-slice-parts``'s parts): its
    memrefs passed as pointers (with their ``?`` dims), its integers by value, each
    result through an out-pointer; a status other than 0 is returned as it is (the
    callee set the error values), through the caller's cleanup where it holds heap
    allocations."""
    callee_name = op.callee.string_value()
    found = p.callees.get(callee_name)
    if found is None:
        raise op_error(
            op,
            f"{op.name} @{callee_name}: the C target calls only private functions "
            "with a body in the module (outline-slice-parts makes them; inline "
            "removes other calls before lowering)",
        )
    _, symbol = found
    args: list[str] = []
    roots: dict[SSAValue, int] = {}
    for k, value in enumerate(op.arguments):
        t = value.type
        if integer_width(t) is not None:
            args.append(p.expr(value, op))
            continue
        t = checked_memref_type(t, f"{op.name} operand {k}", op, dynamic=True)
        root = buffer_root(value)
        if root in roots:
            raise op_error(
                op,
                f"{op.name} @{callee_name}: operands {roots[root]} and {k} are one "
                "buffer; a called function's buffers are restrict pointers, which "
                "must not overlap",
            )
        roots[root] = k
        args.append(p.expr(value, op))
        dims = p.dims_of(value, op)
        args += [dims[d] for d, size in enumerate(t.get_shape()) if size < 0]
    for result in op.res:
        width = _width(op, result)
        name = p.fresh_name(result)
        p.line(f"{INTEGER_C_TYPES[width]} {name} = 0;")
        args.append(f"&{name}")
    args.append("slice_error_values")
    status = p.temp("slice_call_status")
    p.line(f"const int32_t {status} = {symbol}({', '.join(args)});")
    p.line(f"if ({status} != 0) {{")
    p.fail_with(status)
    p.line("}")


def _collapse_shape(p: FunctionPrinter, op: memref.CollapseShapeOp) -> None:
    t = checked_memref_type(
        op.result.type, "memref.collapse_shape result", op, dynamic=True
    )
    src = p.expr(op.src, op)
    name = p.fresh_name(op.result)
    p.line(f"{p.pointer_type(op.src, op)}{name} = {src};")
    source_dims = p.dims_of(op.src, op)
    groups = [[a.value.data for a in g] for g in op.reassociation.data]
    dims: list[str] = []
    for g, (group, size) in enumerate(zip(groups, t.get_shape())):
        if size >= 0:
            dims.append(str(size))
            continue
        factors = [source_dims[i] for i in group]
        if len(factors) == 1:
            dims.append(factors[0])
            continue
        # the product of dims the caller passed: checked, so a size never wraps
        p.unit.features.add("mul_overflows")
        n = factors[0]
        for factor in factors[1:]:
            product = p.temp(f"{name}_d{g}")
            p.line(f"int64_t {product};")
            p.fail_if(
                f"slice_mul_overflows({n}, {factor}, &{product})",
                "memref.collapse_shape: a view of {0} x {1} elements has more than "
                "INT64_MAX elements",
                [n, factor],
                op,
            )
            n = product
        dims.append(n)
    p.dims[op.result] = dims


EXPAND_DIM_MESSAGE = "memref.expand_shape: output_shape[{k}] = {{0}}: a dim must be >= 0"
"""A run-time ``output_shape`` entry of a ``memref.expand_shape`` that is negative."""

EXPAND_GROUP_MESSAGE = (
    "memref.expand_shape: dimension {j} of the source is {{0}}, not the product of its "
    "group of the result"
)
"""A group of a ``memref.expand_shape`` whose ``output_shape`` entries do not multiply
to its dim of the source (the lowering checks the ``tensor.expand_shape`` first, with
its own message: only hand-written IR meets this one)."""


def _expand_shape(p: FunctionPrinter, op: memref.ExpandShapeOp) -> None:
    """A view of more dims (since session 55): a pointer alias, as a collapse. A
    static one's element count is ``c_safety``'s; with run-time ``output_shape``
    entries (since session 56) each is checked >= 0 and each group's product (checked
    against overflow) against its dim of the source, so the view never holds more
    than its buffer."""
    t = checked_memref_type(
        op.result.type, "memref.expand_shape result", op, dynamic=True
    )
    src = p.expr(op.src, op)
    source_dims = p.dims_of(op.src, op)
    name = p.fresh_name(op.result)
    p.line(f"{p.pointer_type(op.src, op)}{name} = {src};")
    values = iter(op.output_shape)
    dims: list[str] = []
    for k, d in enumerate(t.get_shape()):
        if d >= 0:
            dims.append(str(d))
            continue
        dim = p.temp(f"{name}_d{k}")
        p.line(f"const int64_t {dim} = {p.expr(next(values), op)};")
        p.fail_if(f"{dim} < 0", EXPAND_DIM_MESSAGE.format(k=k), [dim], op)
        dims.append(dim)
    p.dims[op.result] = dims
    source_type = op.src.type
    assert isinstance(source_type, MemRefType)
    if t.has_static_shape() and source_type.has_static_shape():
        return  # c_safety checked the element count
    p.unit.features.add("mul_overflows")
    for j, group in enumerate(op.reassociation.data):
        message = EXPAND_GROUP_MESSAGE.format(j=j)
        product = dims[group.data[0].value.data]
        for a in group.data[1:]:
            partial = p.temp(f"{name}_g{j}")
            p.line(f"int64_t {partial};")
            factor = dims[a.value.data]
            overflows = f"slice_mul_overflows({product}, {factor}, &{partial})"
            p.fail_if(overflows, message, [source_dims[j]], op)
            product = partial
        p.fail_if(f"{product} != {source_dims[j]}", message, [source_dims[j]], op)


def _load(p: FunctionPrinter, op: memref.LoadOp) -> None:
    t = checked_memref_type(op.memref.type, "memref.load operand", op, dynamic=True)
    index = p.linear_index(t, tuple(op.indices), op, op.memref)
    c_type = p.element_c_type(t)
    ptr = p.expr(op.memref, op)
    width = integer_width(t.element_type)
    if (
        width is not None
        and not isinstance(t.element_type, IndexType)
        and any(not isinstance(use.operation, memref.StoreOp) for use in op.res.uses)
    ):
        # an integer used in arithmetic: the signed C type of its width; an i1 is
        # the _Bool of its byte (any non-zero byte is true, as numpy reads a bool):
        # its byte may be anything a caller or a slice.fill_constant put there, and
        # the rules (and c_safety's [0, 1]) take an i1 to be 0 or 1
        signed = INTEGER_C_TYPES[width]
        name = p.fresh_name(op.res)
        if width == 1:
            p.line(f"const _Bool {name} = {ptr}[{index}] != 0;")
            return
        p.line(f"const {signed} {name} = ({signed}){ptr}[{index}];")
        return
    p.line(f"const {c_type} {p.fresh_name(op.res)} = {ptr}[{index}];")


def _store(p: FunctionPrinter, op: memref.StoreOp) -> None:
    t = checked_memref_type(op.memref.type, "memref.store operand", op, dynamic=True)
    index = p.linear_index(t, tuple(op.indices), op, op.memref)
    p.line(f"{p.expr(op.memref, op)}[{index}] = {p.expr(op.value, op)};")


ALLOC_DIM_MESSAGE = "memref.alloc: dimension {k} of the buffer is {{0}}, not >= 0"
"""A ``?`` dim of a ``memref.alloc`` that is negative (the lowering allocates only
after the window's checks, so only hand-written IR meets it)."""

ALLOC_COUNT_MESSAGE = (
    "memref.alloc: a buffer of {0} x {1} elements has more than INT64_MAX elements"
)

ALLOC_SIZE_MESSAGE = (
    "memref.alloc: a buffer of {{0}} elements of {width} bytes is more than the 2^40 "
    "bytes the C target allocates"
)


def _alloc(p: FunctionPrinter, op: memref.AllocOp) -> None:
    if op.symbol_operands:
        raise op_error(op, "memref.alloc with symbol operands: no C rule")
    if op.dynamic_sizes:
        _alloc_dynamic(p, op)
        return
    t = checked_memref_type(op.memref.type, "memref.alloc result", op)
    c_type = p.element_c_type(t)
    count = math.prod(t.get_shape())
    width = storage_bytes(t.element_type)
    name = p.fresh_name(op.memref)
    # a called function's arrays are on the heap: frames of a chain of calls add up,
    # and only a kernel's are counted against STACK_BUDGET_BYTES
    if not p.called and on_stack(count * width, p.stack_bytes):
        p.stack_bytes += max(count * width, 1)
        p.line(f"{c_type} {name}[{max(count, 1)}] = {{0}};")
        return
    p.unit.features.add("stdlib.h")
    p.heap_pointers.append((c_type, name))
    p.line(f"{name} = calloc({count}, {width});")
    p.fail_if(f"!{name}", ALLOCATION_MESSAGE, [str(count * width)])
    p.heap_allocs.append(op.memref)
    if not any(isinstance(use.operation, memref.DeallocOp) for use in op.memref.uses):
        block = op.parent_block()
        assert block is not None
        p.free_at_block_end.setdefault(block, []).append(op.memref)


def _alloc_dynamic(p: FunctionPrinter, op: memref.AllocOp) -> None:
    """A ``memref.alloc`` with ``?`` dims (since session 56: a run-time window's result
    that is not returned): each ``?`` dim checked to be >= 0, the element count's
    product checked against ``INT64_MAX`` and the bytes against ``ALLOC_LIMIT_BYTES``
    (the bound ``c_safety`` puts on a static one), then ``calloc`` on the heap, freed
    as a static one is; its dims are the variables that hold them."""
    from slice_dialect.backend.c_safety import ALLOC_LIMIT_BYTES  # c_safety imports c

    t = checked_memref_type(op.memref.type, "memref.alloc result", op, dynamic=True)
    c_type = p.element_c_type(t)
    width = storage_bytes(t.element_type)
    name = p.fresh_name(op.memref)
    p.unit.features.add("mul_overflows")
    dynamic = iter(op.dynamic_sizes)
    dims: list[str] = []
    count = "1"
    for k, d in enumerate(t.get_shape()):
        if d >= 0:
            dims.append(str(d))
        else:
            dim = p.temp(f"{name}_d{k}")
            p.line(f"const int64_t {dim} = {p.expr(next(dynamic), op)};")
            p.fail_if(f"{dim} < 0", ALLOC_DIM_MESSAGE.format(k=k), [dim], op)
            dims.append(dim)
        if count == "1":
            count = dims[-1]
            continue
        product = p.temp(f"{name}_count")
        p.line(f"int64_t {product};")
        p.fail_if(
            f"slice_mul_overflows({count}, {dims[-1]}, &{product})",
            ALLOC_COUNT_MESSAGE,
            [count, dims[-1]],
            op,
        )
        count = product
    p.fail_if(
        f"{count} > {ALLOC_LIMIT_BYTES // width}",
        ALLOC_SIZE_MESSAGE.format(width=width),
        [count],
        op,
    )
    p.unit.features.add("stdlib.h")
    p.heap_pointers.append((c_type, name))
    p.line(f"{name} = calloc({count} > 0 ? (size_t){count} : 1, {width});")
    p.fail_if(f"!{name}", ALLOCATION_MESSAGE, [f"{count} * {width}"])
    p.heap_allocs.append(op.memref)
    p.dims[op.memref] = dims
    if not any(isinstance(use.operation, memref.DeallocOp) for use in op.memref.uses):
        block = op.parent_block()
        assert block is not None
        p.free_at_block_end.setdefault(block, []).append(op.memref)


def _dealloc(p: FunctionPrinter, op: memref.DeallocOp) -> None:
    if not isinstance(op.memref.owner, memref.AllocOp):
        raise op_error(op, "memref.dealloc of a memref that no memref.alloc made")
    if op.memref in p.heap_allocs:
        # nothing can fail after the deallocs that end the function: no NULL needed
        last = op.parent_block() is p.function.body.block
        following = op.next_op
        while last and following is not None:
            last = isinstance(following, memref.DeallocOp | func.ReturnOp)
            following = following.next_op
        p.free(op.memref, returning=last)


def _copy(p: FunctionPrinter, op: memref.CopyOp) -> None:
    source = checked_memref_type(op.source.type, "memref.copy source", op)
    target = checked_memref_type(op.destination.type, "memref.copy destination", op)
    size = math.prod(source.get_shape()) * storage_bytes(source.element_type)
    if (
        math.prod(target.get_shape()) * storage_bytes(target.element_type) != size
        or source.element_type != target.element_type
    ):
        raise op_error(op, f"memref.copy from {source} to {target}: types differ")
    if size == 0 or buffer_root(op.source) == buffer_root(op.destination):
        return  # nothing to move: empty, or a buffer onto itself
    p.unit.features.add("memcpy")
    p.line(
        f"slice_memcpy({p.expr(op.destination, op)}, {p.expr(op.source, op)}, {size});"
    )


FILL_LINE_VALUES = 8
"""Values per line of a ``slice.fill_constant`` table."""


def _c_literal(bits: int, width: int) -> str:
    """An unsigned C constant of ``width`` bytes (16: a ``slice_b128`` initializer)."""
    if width == 16:
        return f"{{UINT64_C({bits & (2**64 - 1):#x}), UINT64_C({bits >> 64:#x})}}"
    return f"UINT64_C({bits:#x})" if width == 8 else f"{bits:#x}u"


def _fill_constant(p: FunctionPrinter, op: FillConstantOp) -> None:
    """The constant's bits: one loop for a splat, else a ``static const`` table
    copied with ``memcpy``."""
    t = checked_memref_type(op.dest.type, "slice.fill_constant dest", op)
    c_type = p.element_c_type(t)
    width = storage_bytes(t.element_type)
    count = math.prod(t.get_shape())
    data = constant_storage(op.value)
    if op.value.get_element_type().compile_time_size != width or len(data) not in (
        width,
        width * count,
    ):
        raise op_error(op, f"slice.fill_constant: no C rule for {op.value.get_type()}")
    if count == 0:
        return
    values = [
        int.from_bytes(data[k : k + width], sys.byteorder)
        for k in range(0, len(data), width)
    ]
    dest = p.expr(op.dest, op)
    if len(set(values)) == 1:
        value, i = p.temp("value"), p.temp("i")
        p.line(f"const {c_type} {value} = {_c_literal(values[0], width)};")
        p.line(f"for (int64_t {i} = 0; {i} < {count}; {i}++)")
        p.line(f"{INDENT}{dest}[{i}] = {value};")
        return
    table = p.temp("constant")
    p.line(f"static const {c_type} {table}[{count}] = {{")
    for k in range(0, count, FILL_LINE_VALUES):
        chunk = values[k : k + FILL_LINE_VALUES]
        p.line(f"{INDENT}{', '.join(_c_literal(v, width) for v in chunk)},")
    p.line("};")
    p.unit.features.add("string.h")
    p.line(f"memcpy({dest}, {table}, {count * width});")


def _plus(pointer: str, offset: str) -> str:
    """C text of ``pointer + offset``."""
    return pointer if offset == "0" else f"{pointer} + {offset}"


def _times(index: str, step: int) -> str:
    """C text of ``index * step`` (an element offset)."""
    return index if step == 1 else f"{index} * {step}"


def _copy_run(p: FunctionPrinter, op: CopyRunOp) -> None:
    source_type = checked_memref_type(op.source.type, "slice.copy_run source", op)
    checked_memref_type(op.dest.type, "slice.copy_run dest", op)
    c_type = p.element_c_type(source_type)
    size = storage_bytes(source_type.element_type)
    count = op.count.value.data
    source_stride = op.source_stride.value.data
    dest_stride = op.dest_stride.value.data
    source, dest = p.expr(op.source, op), p.expr(op.dest, op)
    source_offset = p.expr(op.source_offset, op)
    dest_offset = p.expr(op.dest_offset, op)
    streamed = op.nontemporal is not None
    registers = op.reorder is not None
    scalar = op.scalar is not None
    prefetch = None if op.prefetch is None else op.prefetch.value.data
    contiguous = source_stride == 1 and dest_stride == 1
    if count == 1:
        p.line(f"{dest}[{dest_offset}] = {source}[{source_offset}];")
        return
    if buffer_root(op.source) == buffer_root(op.dest):
        # within one buffer: element by element in order, as the op's semantics says
        # (a memcpy of overlapping bytes, or restrict pointers, would be undefined)
        streamed, contiguous, prefetch = False, False, None
        registers = scalar = False
    lookahead = 0 if op.lookahead is None or not scalar else op.lookahead.value.data
    in_order = streamed and op.in_order is not None
    string_move = contiguous and not streamed and op.string_move is not None
    how = Run(streamed, registers, scalar, lookahead, in_order, string_move)
    if not (streamed or contiguous or registers or scalar) and prefetch is None:
        k = p.temp("k")
        p.line(f"for (int64_t {k} = 0; {k} < {count}; {k} += 1)")
        d_index = _times(k, dest_stride)
        s_index = _times(k, source_stride)
        if dest_offset != "0":
            d_index = f"{dest_offset} + {d_index}"
        if source_offset != "0":
            s_index = f"{source_offset} + {s_index}"
        p.line(f"{INDENT}{dest}[{d_index}] = {source}[{s_index}];")
        return
    if streamed:
        p.unit.features.add("stream")
        p.streams = True
    staged = streamed and not (contiguous or registers or scalar)
    if prefetch is None and not staged:
        steps = (count, source_stride, dest_stride)
        s_text = _plus(source, source_offset)
        _emit_run(p, how, s_text, _plus(dest, dest_offset), steps, size, c_type)
        return
    # A run with pointers of its own: prefetch, then the (streamed) copy.
    s, d = p.temp("s"), p.temp("d")
    p.line("{")
    p.depth += 1
    p.line(f"const {c_type} *{s} = {_plus(source, source_offset)};")
    p.line(f"{c_type} *{d} = {_plus(dest, dest_offset)};")
    if prefetch is not None:
        _emit_prefetch(p, op, source_type, s, source_offset, prefetch, size)
    _emit_run(p, how, s, d, (count, source_stride, dest_stride), size, c_type)
    p.depth -= 1
    p.line("}")


def _emit_prefetch(
    p: FunctionPrinter,
    op: CopyRunOp,
    source_type: MemRefType[Attribute],
    s: str,
    source_offset: str,
    distance: int,
    size: int,
) -> None:
    """Prefetch the source elements of the run ``distance`` elements from ``s`` (its
    span, or ``prefetch_bytes`` from its lowest element) when they lie inside the source
    view: every pointer formed, the first prefetched element's included, is one of the
    buffer. The run's own reads lie inside it (``c_safety``), so only the bounds they do
    not imply are checked; a prefetch that could never lie inside (or a
    ``prefetch_bytes`` below 1, which the verifier refuses) is not printed, so every
    constant printed is bounded by the view's size."""
    count = op.count.value.data
    source_stride = op.source_stride.value.data
    first = min(0, (count - 1) * source_stride)
    read_last = max(0, (count - 1) * source_stride)
    last = read_last
    if op.prefetch_bytes is not None:
        if op.prefetch_bytes.value.data < 1:
            return
        last = first + -(-op.prefetch_bytes.value.data // size) - 1
    elements = math.prod(source_type.get_shape())
    low, high = distance + first, distance + last
    if low <= -elements or high >= elements or last - first >= elements:
        return
    checks: list[str] = []
    if low < first:
        checks.append(f"{source_offset} >= {-low}")
    if high > read_last:
        checks.append(f"{source_offset} < {elements - high}")
    p.unit.features.add("prefetch")
    ahead, k = p.temp("ahead"), p.temp("k")
    p.line(f"if ({' && '.join(checks)}) {{" if checks else "{")
    p.line(f"{INDENT}const char *{ahead} = (const char *)({s} + {low});")
    p.line(
        f"{INDENT}for (int64_t {k} = 0; {k} < {(last - first + 1) * size}; "
        f"{k} += {CACHE_LINE_BYTES})"
    )
    p.line(f"{INDENT}{INDENT}slice_prefetch({ahead} + {k});")
    p.line("}")


@dataclass(frozen=True)
class Run:
    """How ``_emit_run`` copies a run: the op's properties, all off for a run within
    one buffer."""

    streamed: bool
    registers: bool
    scalar: bool
    lookahead: int = 0
    in_order: bool = False
    string_move: bool = False


REGISTER_HELPERS = {-1: "reversed", 2: "even", -2: "odd_reversed"}
"""The register helper (``slice_stream_*``, ``slice_copy_*``) of each source stride
``reorder`` allows (the ``slice.copy_run`` verifier checks it is one of these)."""


def _emit_gather(
    p: FunctionPrinter,
    d: str,
    s: str,
    n: int | str,
    stride: int | str,
    size: int,
    streamed: bool,
    ahead: int | str,
    by_step: bool = False,
) -> None:
    """A ``scalar`` run of ``n`` elements at ``stride`` (constants, or C expressions in
    a dynamic run): the gather helper of its element width (``GATHER_HELPERS``; with
    ``by_step``, a dynamic run's, its switch on the step where the width has one,
    ``GATHER_BY_STEP_HELPERS``), or its streamed twin (``STREAM_GATHER_HELPERS``, which
    falls back to it), hinting ``ahead`` elements on
    (0: no hints; ``lookahead``)."""
    name, c_type, _ = GATHER_HELPERS[size]  # the streamed gathers fall back to these
    p.unit.features.add(name)
    if by_step and not streamed and size in GATHER_BY_STEP_HELPERS:
        name, c_type, _ = GATHER_BY_STEP_HELPERS[size]
        p.unit.features.add(name)
    if streamed:
        name, c_type, _ = STREAM_GATHER_HELPERS[size]
        p.unit.features.add(name)
    p.line(f"{name}(({c_type} *){d}, (const {c_type} *){s}, {n}, {stride}, {ahead});")


def _emit_run(
    p: FunctionPrinter,
    how: Run,
    s: str,
    d: str,
    steps: tuple[int, int, int],
    size: int,
    c_type: str,
) -> None:
    """The copy of a run from ``s`` to ``d``: streamed (whole, reordered in registers,
    or gathered through a staging buffer) when the op is ``nontemporal``, else a
    ``memcpy``, a register helper, the scalar byte gather or an element loop."""
    count, source_stride, dest_stride = steps
    streamed = how.streamed
    if source_stride == 1 and dest_stride == 1:
        copy = "slice_memcpy"
        if streamed:
            copy = "slice_stream_in_order" if how.in_order else "slice_stream"
        elif how.string_move:
            copy = "slice_string_move"
            p.unit.features.add("string_move")
        else:
            p.unit.features.add("memcpy")
        p.line(f"{copy}({d}, {s}, {count * size});")
        return
    if how.registers:
        kind = "stream" if streamed else "copy"
        p.unit.features.add(kind)
        helper = f"slice_{kind}_{REGISTER_HELPERS[source_stride]}"
        p.line(f"{helper}({d}, {s}, {count}, {size});")
        return
    if how.scalar:
        _emit_gather(p, d, s, count, source_stride, size, streamed, how.lookahead)
        return
    k = p.temp("k")
    if not streamed:
        p.line(f"for (int64_t {k} = 0; {k} < {count}; {k} += 1)")
        p.line(
            f"{INDENT}{d}[{_times(k, dest_stride)}] = {s}[{_times(k, source_stride)}];"
        )
        return
    # the elements before the destination's first cache line are stored plainly, then
    # blocks that start on a line: no streamed line is shared with a plain store but
    # the run's last (mixing them in one line cost a strided run 1.5-2.6x)
    block = min(count, max(1, STAGING_BYTES // size))
    buffer, head = p.temp("staging"), p.temp("head")
    start, n = p.temp("start"), p.temp("n")
    p.line(f"{c_type} {buffer}[{block}];")
    line_mask = CACHE_LINE_BYTES - 1
    p.line(f"int64_t {head} = (int64_t)((-(uintptr_t){d} & {line_mask}) / {size});")
    p.line(f"if ({head} > {count})")
    p.line(f"{INDENT}{head} = {count};")
    upwards = source_stride > 0
    head_loop = (
        f"for (int64_t {k} = 0; {k} < {head}; {k} += 1)"
        if upwards
        else f"for (int64_t {k} = {head} - 1; {k} >= 0; {k} -= 1)"
    )
    head_copy = f"{INDENT}{d}[{k}] = {s}[{_times(k, source_stride)}];"
    if upwards:
        p.line(head_loop)
        p.line(head_copy)
        p.line(
            f"for (int64_t {start} = {head}; {start} < {count}; {start} += {block}) {{"
        )
    else:
        # a run read downwards: the same blocks, last first and each gathered from its
        # end, so that the source is read upwards (the hardware prefetchers follow a
        # rising read: sweep seed 2 case 14, complex<f64> at step -3, 2.24x numpy
        # reading downwards); its head last
        p.line(
            f"for (int64_t {start} = {count} - 1 - ({count} - 1 - {head}) % {block}; "
            f"{start} >= {head}; {start} -= {block}) {{"
        )
    p.line(
        f"{INDENT}const int64_t {n} = {count} - {start} < {block} ? "
        f"{count} - {start} : {block};"
    )
    p.line(
        f"{INDENT}for (int64_t {k} = 0; {k} < {n}; {k} += 1)"
        if upwards
        else f"{INDENT}for (int64_t {k} = {n} - 1; {k} >= 0; {k} -= 1)"
    )
    index = _times(f"({start} + {k})", source_stride)
    p.line(f"{INDENT}{INDENT}{buffer}[{k}] = {s}[{index}];")
    p.line(f"{INDENT}slice_stream({d} + {start}, {buffer}, {n} * {size});")
    p.line("}")
    if not upwards:
        p.line(head_loop)
        p.line(head_copy)


DYNAMIC_RUN_DEST_MESSAGE = DynamicCopyRunOp.DEST_MESSAGE
DYNAMIC_RUN_SOURCE_MESSAGE = DynamicCopyRunOp.SOURCE_MESSAGE
DYNAMIC_NEST_DEST_MESSAGE = DynamicCopyRunOp.NEST_DEST_MESSAGE
DYNAMIC_NEST_SOURCE_MESSAGE = DynamicCopyRunOp.NEST_SOURCE_MESSAGE


def is_constant_one(value: SSAValue) -> bool:
    """Whether ``value`` is defined by ``arith.constant 1``."""
    owner = value.owner
    return (
        isinstance(owner, arith.ConstantOp)
        and isinstance(owner.value, IntegerAttr)
        and owner.value.value.data == 1
    )


RunBody = Callable[[str, str, Sequence[str]], None]
"""Prints the copy of one run of a dynamic run op, given the C text of its source and
dest offsets and the induction variables of the op's loops (outermost first)."""


def _offset(base: str, i: str, step: str) -> str:
    """C text of ``base + i * step`` (a base of 0, a step of 0 or 1 left out)."""
    term = {"0": "", "1": i}.get(step, f"{i} * {step}")
    if not term:
        return base
    return term if base == "0" else f"{base} + {term}"


def _outside(
    p: FunctionPrinter, start: str, size: str, extents: Sequence[tuple[str, str]]
) -> str:
    """A new ``_Bool`` that holds when some ``start + sum(k_j * step_j)`` (``0 <= k_j <
    count_j``, every count known to be at least 1) leaves ``[0, size)``, for
    ``extents`` ``(count_j, step_j)``; computed on the lowest and highest offsets,
    each kept in ``[0, size)`` (no sum or product can wrap)."""
    out = p.temp("outside")
    if size == "0":  # an empty view holds no offset (not a comparison always true)
        p.line(f"const _Bool {out} = 1;")
        return out
    below = "" if start.isdigit() else f"{start} < 0 || "
    reaching = [(c, step) for c, step in extents if c != "1" and step != "0"]
    if not reaching:
        p.line(f"const _Bool {out} = {below}{start} >= {size};")
        return out
    low, high, reach = p.temp("low"), p.temp("high"), p.temp("reach")
    p.line(f"int64_t {low} = {start}, {high} = {start}, {reach};")
    p.line(f"_Bool {out} = {below}{start} >= {size};")
    for count, step in reaching:
        p.line(f"if (!{out}) {{")
        p.line(
            f"{INDENT}if (slice_mul_overflows({count} - 1, {step}, &{reach}) || "
            f"({reach} >= 0 ? {reach} > {size} - 1 - {high} : {reach} < -{low}))"
        )
        p.line(f"{INDENT}{INDENT}{out} = 1;")
        p.line(f"{INDENT}else if ({reach} >= 0)")
        p.line(f"{INDENT}{INDENT}{high} += {reach};")
        p.line(f"{INDENT}else")
        p.line(f"{INDENT}{INDENT}{low} += {reach};")
        p.line("}")
    return out


def _opaque_if_extreme(
    p: FunctionPrinter, value: SSAValue, op: Operation, divisor: bool = False
) -> str:
    """The C text of an operand of a dynamic run. A constant one of ``2**26`` or more
    (or 0, for a ``divisor``: the stride) goes in a variable the compiler cannot see
    through (``SLICE_OPAQUE``), so the run's guards and loops, dead for such values,
    are no overflowing constant expressions or loops with undefined iterations a C
    compiler warns of under ``-Wall -Wextra`` (``8 - INT64_MIN``, ``/ apart``,
    ``2147483647 * 8`` in ``int``, ``k * 2**62``). A smaller one stays a literal: the
    guards add a few such values and multiply them by an element size (16 at most),
    which stays in ``int`` (session 48's reviews: hand-written constant operands; the
    lowering's runs of sources below ``2**26`` elements print as before)."""
    text = p.expr(value, op)
    owner = value.owner
    if not (isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr)):
        return text
    known = owner.value.value.data
    if abs(known) < 2**26 and not (divisor and known == 0):
        return text
    name = p.temp("operand")
    p.unit.features.add("opaque")
    p.line(f"int64_t {name} = {text};")
    p.line(f"SLICE_OPAQUE({name});")
    return name


def _dynamic_copy_run(p: FunctionPrinter, op: DynamicCopyRunOp) -> None:
    """The self-guarding run: if ``count > 0`` (and every bound of its ``loops`` is),
    check that every element it writes lies in the dest view and every element it
    reads in the source view, with no arithmetic that can wrap for any int64 values,
    else return the error code; then the copy (``_dynamic_run_copy``) for views of two
    buffers, else an element loop in order. A run alone checks ``[do, do + count)``
    and ``so + k * stride`` (``count - 1`` after ``count > 0``, the product ``(count -
    1) * stride`` by ``slice_mul_overflows``, differences of values known to be in
    ``[0, size]``); a nest checks its lowest and highest offsets once, before its
    loops (``_outside``), and its loops then run unguarded: every offset they form
    lies between those."""
    checked_memref_type(op.source.type, "slice.dynamic_copy_run source", op, dynamic=True)
    p.unit.features.add("dynamic_run")  # its helpers may come prebuilt (PREBUILT_GUARD)
    checked_memref_type(op.dest.type, "slice.dynamic_copy_run dest", op, dynamic=True)
    source, dest = p.expr(op.source, op), p.expr(op.dest, op)

    def value(v: SSAValue) -> str:
        return _opaque_if_extreme(p, v, op)

    so, do = value(op.source_offset), value(op.dest_offset)
    n, stride = value(op.count), _opaque_if_extreme(p, op.source_stride, op, True)
    loops = [tuple(value(v) for v in loop) for loop in op.loops()]
    (source_size,) = p.dims_of(op.source, op)
    (dest_size,) = p.dims_of(op.dest, op)
    p.unit.features.add("mul_overflows")
    runs = " && ".join(
        f"{count} > 0"
        for count in (n, *(bound for bound, _, _ in loops))
        if not (count.isdigit() and int(count) > 0)
    )
    runs = runs or "1"  # (every count a positive constant)
    p.line(f"if ({runs}) {{")
    p.depth += 1
    if loops:
        dest_out = _outside(
            p, do, dest_size, [(n, "1"), *((bound, d) for bound, _, d in loops)]
        )
        p.fail_if(dest_out, DYNAMIC_NEST_DEST_MESSAGE, [n, do, dest_size], op)
        source_out = _outside(
            p, so, source_size, [(n, stride), *((bound, s) for bound, s, _ in loops)]
        )
        p.fail_if(
            source_out, DYNAMIC_NEST_SOURCE_MESSAGE, [n, so, stride, source_size], op
        )
    else:
        reach = p.temp("reach")
        if source_size != "0":
            p.line(f"int64_t {reach};")
        p.fail_if(
            f"{do} < 0 || {do} > {dest_size} - {n}",
            DYNAMIC_RUN_DEST_MESSAGE,
            [n, do, dest_size],
            op,
        )
        # a run of an empty source always fails (its offset is never in [0, 0)):
        # the condition is then 1, not a comparison clang's -Wextra calls always true
        outside = (
            "1"
            if source_size == "0"
            else f"{so} < 0 || {so} >= {source_size} || "
            f"slice_mul_overflows({n} - 1, {stride}, &{reach}) || "
            f"({reach} >= 0 ? {reach} > {source_size} - 1 - {so} : {reach} + {so} < 0)"
        )
        p.fail_if(
            outside,
            DYNAMIC_RUN_SOURCE_MESSAGE,
            [n, so, stride, source_size],
            op,
        )
    contiguous = is_constant_one(op.source_stride)

    def nest(body: RunBody) -> None:
        """``body`` inside the op's loops (none: once, here)."""
        ivs: list[str] = []
        source_at, dest_at = so, do
        for bound, source_step, dest_step in loops:
            i = p.temp("i")
            ivs.append(i)
            p.line(f"for (int64_t {i} = 0; {i} < {bound}; {i} += 1) {{")
            p.depth += 1
            next_source, next_dest = p.temp("so"), p.temp("do")
            p.line(f"const int64_t {next_source} = {_offset(source_at, i, source_step)};")
            p.line(f"const int64_t {next_dest} = {_offset(dest_at, i, dest_step)};")
            source_at, dest_at = next_source, next_dest
        body(source_at, dest_at, ivs)
        for _ in loops:
            p.depth -= 1
            p.line("}")

    def loop(source_at: str, dest_at: str, _: Sequence[str]) -> None:
        k = p.temp("k")
        s_index = k if contiguous else f"{k} * {stride}"
        p.line(f"for (int64_t {k} = 0; {k} < {n}; {k} += 1)")
        p.line(f"{INDENT}{dest}[{dest_at} + {k}] = {source}[{source_at} + {s_index}];")

    def scalar_loop(source_at: str, dest_at: str, _: Sequence[str]) -> None:
        """The element loop of a run-time stride, between two buffers: four elements
        a step, not vectorized (``SCALAR_LOOP_HELPER``)."""
        p.unit.features.add("scalar_loop")
        k = p.temp("k")
        p.line("{")
        p.line(f"{INDENT}int64_t {k} = 0;")
        # (n - 3 cannot wrap: n > 0 here)
        last = SCALAR_LOOP_STEP - 1
        p.line(f"{INDENT}for (; {k} < {n} - {last}; {k} += {SCALAR_LOOP_STEP}) {{")
        for j in range(SCALAR_LOOP_STEP):
            at = k if j == 0 else f"({k} + {j})"
            to = k if j == 0 else f"{k} + {j}"
            p.line(
                f"{INDENT * 2}{dest}[{dest_at} + {to}] = "
                f"{source}[{source_at} + {at} * {stride}];"
            )
        p.line(f"{INDENT * 2}SLICE_NO_VECTORIZE();")
        p.line(f"{INDENT}}}")
        p.line(f"{INDENT}for (; {k} < {n}; {k} += 1) {{")
        p.line(
            f"{INDENT * 2}{dest}[{dest_at} + {k}] = {source}[{source_at} + {k} * {stride}];"
        )
        p.line(f"{INDENT * 2}SLICE_NO_VECTORIZE();")
        p.line(f"{INDENT}}}")
        p.line("}")

    if buffer_root(op.source) == buffer_root(op.dest):
        # within one buffer: element by element in order (see _copy_run)
        nest(loop)
    elif op.adaptive is not None:
        _dynamic_run_copy(
            p, op, (source, dest), (n, stride), dest_size, nest, (loop, scalar_loop)
        )
    elif contiguous:
        p.unit.features.add("memcpy")
        width = storage_bytes(
            checked_memref_type(
                op.source.type, "slice.dynamic_copy_run source", op, dynamic=True
            ).element_type
        )

        def block(source_at: str, dest_at: str, _: Sequence[str]) -> None:
            d, s = _plus(dest, dest_at), _plus(source, source_at)
            p.line(f"slice_memcpy({d}, {s}, (size_t){n} * {width});")

        nest(block)
    else:
        nest(loop)
    p.depth -= 1
    p.line("}")


SCALAR_LOOP_STEP = 4
"""Elements a step of the element loop of a dynamic run's run-time stride."""

SCALAR_LOOP_ELEMENT_BYTES = (1, 2)
SCALAR_LOOP_MIN = 4
"""An adaptive dynamic run of 1- or 2-byte elements at a run-time stride (not -1, 2 or
-2 over ``MIN_REGISTER_RUN_BYTES``, nor a gather's ``dynamic_gather_min`` elements) of
at least ``SCALAR_LOOP_MIN`` elements takes the element loop the compiler does not
vectorize (``SCALAR_LOOP_HELPER``); any other the plain one. Measured (session 36, C
variants of sweep cases with run-time parameters in one process, two runs of 11
rounds, kernel/numpy, not vectorized / plain, `/work/notes36/vrem.txt`, `vplain.txt`):
seed 1 case 36 (runs of 15 ``i8`` at step 8) 0.73-0.84 / 0.99-1.23, seed 13 case 79
(14 ``i16`` at 2) 0.94-1.16 / 1.10-1.75; slower for runs of 2 (seed 1 case 79, ``f16``,
0.49-0.77 / 0.40-0.44; case 37, ``i8``, 0.74-0.90 / 0.59-0.71) and for ``i64`` (seed 1
case 67, runs of 14, 1.25-1.35 / 1.04-1.24)."""

SCALAR_LOOP_HELPER = r"""
/* A compiler barrier (no instruction): in the element loop of a run-time stride,
 * every SCALAR_LOOP_STEP elements and after each of the rest, so that the compiler
 * does not vectorize it. gcc 12 builds vectors of such a loop from single loads and
 * inserts, slower than the loads and stores alone (sweep cases with run-time
 * parameters, session 36: seed 1 case 36, runs of 15 i8 at step 8, 1.17-1.22x
 * numpy vectorized, 0.70-0.76x not, /work/notes36/vbar.py). */
#if defined(__GNUC__)
#define SLICE_NO_VECTORIZE() __asm__ volatile("" ::: "memory")
#else
#define SLICE_NO_VECTORIZE() ((void)0)
#endif
"""


def _row_of_loops(
    p: FunctionPrinter, op: DynamicCopyRunOp, gate: str
) -> tuple[str, str, str, str]:
    """For a run with ``loops`` and ``prefetch_if``: new variables holding which loop
    is the row loop (the innermost of more than one iteration; -1: none), its bound
    (0 where ``gate`` is false: no prefetch), its source step, and the source step of
    the next loop out of more than one iteration (0: none), computed once before the
    loops."""
    which, rows, step = p.temp("row_loop"), p.temp("rows"), p.temp("row_step")
    plane, planed = p.temp("plane"), p.temp("planed")
    p.line(f"int64_t {which} = -1, {rows} = 0, {step} = 0, {plane} = 0;")
    p.line(f"_Bool {planed} = 0;")
    p.line(f"if ({gate}) {{")
    p.depth += 1
    for j, (bound, source_step, _) in reversed(list(enumerate(op.loops()))):
        b, s = p.expr(bound, op), p.expr(source_step, op)
        p.line(f"if ({b} > 1 && {which} < 0) {{")
        p.line(f"{INDENT}{which} = {j};")
        p.line(f"{INDENT}{rows} = {b};")
        p.line(f"{INDENT}{step} = {s};")
        p.line(f"}} else if ({b} > 1 && !{planed}) {{")
        p.line(f"{INDENT}{plane} = {s};")
        p.line(f"{INDENT}{planed} = 1;")
        p.line("}")
    p.depth -= 1
    p.line("}")
    return which, rows, step, plane


def _row_prefetch(
    p: FunctionPrinter,
    op: DynamicCopyRunOp,
    source: str,
    run: tuple[str, str],
    size: int,
) -> Callable[[str, Sequence[str]], None] | None:
    """Where the op prefetches rows (``prefetch row ...`` or ``prefetch_if``), what
    prints its prefetch of a run at a source offset, given the nest's induction
    variables: what the loops around read next, as a static run with gaps prefetches
    it (``run_choices``, ``row_prefetch``), by ``slice_prefetch_rows``, which forms
    only addresses inside the source view, called where the loop has more than one
    row (a row count the IR's gate set to 0, or the gate false: no call)."""
    prefetch = op.prefetch()
    if prefetch is None and op.prefetch_if is None:
        return None
    n, stride = run
    (source_size,) = p.dims_of(op.source, op)
    p.unit.features.update({"prefetch", "prefetch_rows", "mul_overflows"})
    tail = f"{size}, {PREFETCH_FAR_RUN_BYTES // size}, {PREFETCH_ROW_BYTES // size}"
    if prefetch is not None:
        fixed_row, rows, row_step = (
            p.expr(v, op) for v in (prefetch.row, prefetch.rows, prefetch.step)
        )
        plane = "0" if prefetch.plane is None else p.expr(prefetch.plane, op)
        which = None
    else:
        assert op.prefetch_if is not None
        fixed_row = None
        which, rows, row_step, plane = _row_of_loops(p, op, p.expr(op.prefetch_if, op))

    def print_prefetch(source_at: str, ivs: Sequence[str]) -> None:
        row = fixed_row
        if row is None:  # the row loop's induction variable, found before the loops
            row = ivs[0]
            for j, i in enumerate(ivs[1:], start=1):
                row = f"{which} == {j} ? {i} : {row}"
            row = row if len(ivs) == 1 else f"({row})"
        p.line(f"if ({rows} > 1)")
        p.line(
            f"{INDENT}slice_prefetch_rows({source}, {source_size}, {source_at}, {n}, "
            f"{stride}, {row}, {rows}, {row_step}, {plane}, {tail});"
        )

    return print_prefetch


def _dynamic_run_copy(
    p: FunctionPrinter,
    op: DynamicCopyRunOp,
    buffers: tuple[str, str],
    run: tuple[str, str],
    dest_size: str,
    nest: Callable[[RunBody], None],
    loops: tuple[RunBody, RunBody],
) -> None:
    """The copy of a guarded dynamic run between two buffers, its strategy chosen at
    run time by the rules ``run_choices`` applies to static runs
    (``passes/copy_plan.py``): non-temporal stores when the whole destination view
    (what the copy writes) has at least ``STREAM_STORE_BYTES``, the run at least
    ``MIN_STREAM_RUN_BYTES`` and the source's ``footprint`` (or its view) and the
    destination view together the op's ``stream_working_set`` bytes; a run-time
    source stride of -1, 2 or -2 (a run of at least ``MIN_REGISTER_RUN_BYTES``) goes
    through the register helpers; any other of 2 or more either way and at least
    ``dynamic_gather_min`` elements through the scalar gather of its width (the
    streamed one when streamed, for ``DYNAMIC_STREAM_GATHER_BYTES``); anything else
    is ``memcpy`` (stride ``arith.constant 1``) or the element ``loop``. Every
    comparison is written so it cannot overflow (divisions of constants). The
    strategy depends on the op's operands only, so it is chosen once and each choice
    prints the op's loops (``nest``) around its copy: no run of a nest tests it
    again."""
    source, dest = buffers
    n, stride = run
    source_type = checked_memref_type(
        op.source.type, "slice.dynamic_copy_run source", op, dynamic=True
    )
    size = storage_bytes(source_type.element_type)
    contiguous = is_constant_one(op.source_stride)
    streamed = p.temp("streamed")
    condition = (
        f"{dest_size} >= {-(-STREAM_STORE_BYTES // size)} "
        f"&& {n} >= {-(-MIN_STREAM_RUN_BYTES // size)}"
    )
    working_set = op.stream_working_set
    if working_set is not None and working_set.value.data > 0:
        # the source's footprint (or its view) and the dest view's elements together,
        # in a form that cannot wrap
        if op.footprint is not None:
            source_size = p.expr(op.footprint, op)
        else:
            (source_size,) = p.dims_of(op.source, op)
        least = -(-working_set.value.data // size)
        condition += (
            f" && ({dest_size} >= {least} || {source_size} >= {least} - {dest_size})"
        )
    p.line(f"const _Bool {streamed} = {condition};")
    p.unit.features.update({"stream", "copy", "string.h"})
    p.streams = True
    (source_size,) = p.dims_of(op.source, op)
    prefetch_rows = _row_prefetch(p, op, source, (n, stride), size)

    if not op.bounds and prefetch_rows is not None:
        # a run alone: its prefetch once, before its choice
        prefetch_rows(p.expr(op.source_offset, op), ())

    def with_prefetch(copy: Callable[[str, str], None]) -> RunBody:
        """A run body: in a nest, the row prefetch; then ``copy`` of the run's
        pointers."""

        def body(source_at: str, dest_at: str, ivs: Sequence[str]) -> None:
            if op.bounds and prefetch_rows is not None:
                prefetch_rows(source_at, ivs)
            copy(_plus(source, source_at), _plus(dest, dest_at))

        return body

    def call(text: str) -> Callable[[str, str], None]:
        def copy(s: str, d: str) -> None:
            p.line(text.format(s=s, d=d))

        return copy

    def branch(keyword: str, condition: str | None, body: RunBody) -> None:
        p.line(f"{keyword} ({condition}) {{" if condition is not None else "} else {")
        p.depth += 1
        nest(body)
        p.depth -= 1

    if contiguous:
        p.unit.features.add("memcpy")
        copy = f"slice_memcpy({{d}}, {{s}}, (size_t){n} * {size});"
        if op.string_move_bytes is not None and op.string_move_bytes.value.data > 0:
            # a run of at least string_move_bytes (in a form that cannot wrap), chosen
            # in the one nest of cached runs: a third copy of the nest cost runs of 192
            # bytes 2-4% (sweep seed 2 case 99 with run-time parameters)
            p.unit.features.add("string_move")
            least = -(-op.string_move_bytes.value.data // size)
            moved = p.temp("moved")
            p.line(f"const _Bool {moved} = {n} >= {least};")
            move = f"slice_string_move({{d}}, {{s}}, (size_t){n} * {size});"
            copy = f"if ({moved}) {move} else {copy}"
        stream = "slice_stream_in_order" if op.in_order is not None else "slice_stream"
        branch(
            "if", streamed, with_prefetch(call(f"{stream}({{d}}, {{s}}, {n} * {size});"))
        )
        branch("", None, with_prefetch(call(copy)))
        p.line("}")
        return
    long_enough = f"{n} >= {-(-MIN_REGISTER_RUN_BYTES // size)}"
    first = True
    for step, helper in REGISTER_HELPERS.items():
        if not can_reorder(step, size):
            continue
        keyword = "if" if first else "} else if"
        first = False
        # a streamed run is longer than MIN_REGISTER_RUN_BYTES anyway
        branch(
            keyword,
            f"{stride} == {step} && {long_enough} && {streamed}",
            with_prefetch(call(f"slice_stream_{helper}({{d}}, {{s}}, {n}, {size});")),
        )
        branch(
            "} else if",
            f"{stride} == {step} && {long_enough}",
            with_prefetch(call(f"slice_copy_{helper}({{d}}, {{s}}, {n}, {size});")),
        )
    # a scalar gather of any width (run_choices' scalar rule; the run's guard bounds
    # its reads)
    p.line(
        f"}} else if (({stride} >= 2 || {stride} <= -2) "
        f"&& {n} >= {dynamic_gather_min(size)}) {{"
    )
    p.depth += 1
    # hints ahead (lookahead) by run_choices' rule, at run time: a source of at
    # least DYNAMIC_LOOKAHEAD_MIN_SOURCE_BYTES stands for the read; the cheap tests
    # first (a run shorter than LOOKAHEAD_MIN_SPAN_BYTES / LOOKAHEAD_MAX_STEP_BYTES
    # elements never spans enough), n * apart only with apart <= 32 (the run lies
    # in the source: checked above)
    ahead, apart = p.temp("ahead"), p.temp("apart")
    near = LOOKAHEAD_MAX_STEP_BYTES // size
    shortest = LOOKAHEAD_MIN_SPAN_BYTES // LOOKAHEAD_MAX_STEP_BYTES
    p.line(f"int64_t {ahead} = 0;")
    p.line(
        f"if ({source_size} >= {-(-DYNAMIC_LOOKAHEAD_MIN_SOURCE_BYTES // size)} && "
        f"{n} >= {shortest} && {stride} >= -{near} && {stride} <= {near}) {{"
    )
    p.line(
        f"{INDENT}const int64_t {apart} = "
        f"({stride} < 0 ? -({stride}) : ({stride})) * {size};"
    )
    p.line(f"{INDENT}if (({n}) * {apart} >= {LOOKAHEAD_MIN_SPAN_BYTES})")
    p.line(f"{INDENT}{INDENT}{ahead} = ({LOOKAHEAD_BYTES} + {apart} - 1) / {apart};")
    p.line("}")

    def gather(streamed_gather: bool) -> Callable[[str, str], None]:
        def copy(s: str, d: str) -> None:
            _emit_gather(p, d, s, n, stride, size, streamed_gather, ahead, True)

        return copy

    if size in DYNAMIC_STREAM_GATHER_BYTES:
        # streamed where the copy streams, for these widths only (narrower ones
        # are no faster so with a run-time step: DYNAMIC_STREAM_GATHER_BYTES)
        branch("if", streamed, with_prefetch(gather(True)))
        branch("", None, with_prefetch(gather(False)))
        p.line("}")
    else:
        nest(with_prefetch(gather(False)))
    p.depth -= 1
    p.line("} else {")
    p.depth += 1

    def element_loop(loop: RunBody) -> RunBody:
        def body(source_at: str, dest_at: str, ivs: Sequence[str]) -> None:
            if op.bounds and prefetch_rows is not None:
                prefetch_rows(source_at, ivs)
            loop(source_at, dest_at, ivs)

        return body

    plain, scalar = loops
    if size in SCALAR_LOOP_ELEMENT_BYTES:
        # runs of 1- or 2-byte elements too short for the gathers
        p.line(f"if ({n} >= {SCALAR_LOOP_MIN}) {{")
        p.depth += 1
        nest(element_loop(scalar))
        p.depth -= 1
        p.line("} else {")
        p.depth += 1
        nest(element_loop(plain))
        p.depth -= 1
        p.line("}")
    else:
        nest(element_loop(plain))
    p.depth -= 1
    p.line("}")


RULES: dict[type[Operation], Callable[[FunctionPrinter, Any], None]] = {
    arith.ConstantOp: _constant,
    arith.AddiOp: _binary("+"),
    arith.SubiOp: _binary("-"),
    arith.MuliOp: _binary("*"),
    arith.DivSIOp: _total_division("divsi"),
    arith.RemSIOp: _total_division("remsi"),
    arith.MaxSIOp: _extremum(">"),
    arith.MinSIOp: _extremum("<"),
    arith.CmpiOp: _cmpi,
    arith.SelectOp: _select,
    arith.AndIOp: _bitwise("&"),
    arith.OrIOp: _bitwise("|"),
    arith.XOrIOp: _bitwise("^"),
    arith.ExtSIOp: _cast("extsi"),
    arith.ExtUIOp: _cast("extui"),
    arith.TruncIOp: _cast("trunci"),
    arith.IndexCastOp: _cast("index_cast"),
    scf.ForOp: _for,
    scf.IfOp: _if,
    scf.YieldOp: _yield,
    CheckOp: _check,
    CopyRunOp: _copy_run,
    DynamicCopyRunOp: _dynamic_copy_run,
    memref.DimOp: _dim,
    memref.CollapseShapeOp: _collapse_shape,
    memref.ExpandShapeOp: _expand_shape,
    memref.LoadOp: _load,
    memref.StoreOp: _store,
    memref.AllocOp: _alloc,
    memref.DeallocOp: _dealloc,
    memref.CopyOp: _copy,
    FillConstantOp: _fill_constant,
    func.ReturnOp: _return,
    func.CallOp: _call,
}
"""The C rule of each op kind of the lowered IR; anything else is an error."""


def function_symbols(module: ModuleOp, prefix: str) -> dict[func.FuncOp, str]:
    """The C symbol of each function of ``module``; two functions with one symbol, or
    a symbol the unit uses otherwise, are an error naming them."""
    taken = {
        error_message_symbol(prefix): "the unit's error message function",
        error_location_symbol(prefix): "the unit's error location function",
    }
    symbols: dict[func.FuncOp, str] = {}
    for op in module.ops:
        if not isinstance(op, func.FuncOp):
            raise _no_rule(op)
        name = f"func.func @{op.sym_name.data}"
        symbol = c_symbol(op.sym_name.data, prefix)
        if symbol in taken:
            raise op_error(
                op, f"{name} and {taken[symbol]} have the same C symbol {symbol}"
            )
        if (
            symbol in RESERVED_NAMES
            or symbol in LIBRARY_NAMES
            or HEADER_NAMES.match(symbol)
        ):
            raise op_error(
                op,
                f"{name}: its C symbol {symbol} is a C keyword, a name of the C "
                "library or its headers, a reserved identifier or a name the C "
                "target uses; choose another name or a symbol prefix",
            )
        taken[symbol] = name
        symbols[op] = symbol
    return symbols


def called_functions(module: ModuleOp) -> list[func.FuncOp]:
    """The functions of ``module`` a ``func.call`` may reach in C: private ones with a
    body that some call names. The C target prints them ``static`` with their own
    parameters; ``c_safety`` checks them at each call rather than on their own."""
    named = {
        op.callee.string_value() for op in module.walk() if isinstance(op, func.CallOp)
    }
    return [
        op
        for op in module.ops
        if isinstance(op, func.FuncOp)
        and op.sym_name.data in named
        and op.sym_visibility is not None
        and op.sym_visibility.data == "private"
        and not op.is_declaration
    ]


def buffer_root(value: SSAValue) -> SSAValue:
    """The buffer ``value`` views: a function argument or a ``memref.alloc``."""
    while isinstance(value.owner, memref.CollapseShapeOp | memref.ExpandShapeOp):
        value = value.owner.src
    return value


def written_buffers(
    function: func.FuncOp, calling: tuple[func.FuncOp, ...] = ()
) -> dict[SSAValue, Operation]:
    """The buffers ``function`` writes, directly or through a view or a function it
    calls, each with the first op that writes it: what the C target prints as ``T *``
    (``const T *`` for the others) and the runtime checks against a function's inputs.
    (``calling``: the functions whose calls are being followed, so that a cycle of
    calls ends.)"""
    written: dict[SSAValue, Operation] = {}
    for op in function.walk():
        if isinstance(op, memref.StoreOp):
            written.setdefault(buffer_root(op.memref), op)
        elif isinstance(op, memref.CopyOp):
            written.setdefault(buffer_root(op.destination), op)
        elif isinstance(op, CopyRunOp | DynamicCopyRunOp | FillConstantOp):
            written.setdefault(buffer_root(op.dest), op)
        elif isinstance(op, func.CallOp):
            callee = SymbolTable.lookup_symbol(op, op.callee)
            if (
                not isinstance(callee, func.FuncOp)
                or callee.is_declaration
                or callee is function
                or any(callee is f for f in calling)
            ):
                continue  # no C rule prints such a call
            inner = written_buffers(callee, (*calling, function))
            for arg, value in zip(callee.body.block.args, op.arguments):
                if arg in inner:
                    written.setdefault(buffer_root(value), inner[arg])
    return written


def emit_c(
    module: ModuleOp, *, prefix: str = DEFAULT_PREFIX, verified: bool = False
) -> str:
    """One C99 translation unit with an ``int32_t`` function per ``func.func`` of
    ``module`` (symbols ``c_symbol(name, prefix)``) and ``PREFIXerror_message``.

    Raises ``SliceError`` naming the first op, type or name the C target cannot print
    (with the op's location where it has one). The module is verified first: the
    memory-safety check (``c_safety``) trusts what the verifiers check (element and
    result types), so unverified IR (``slice-opt --disable-verify``) that does not
    verify is refused, never printed (session 48's review: a ``slice.copy_run`` from
    ``f32`` to ``i8`` printed a ``memcpy`` past its output). ``verified``: the caller
    has run ``verify_located`` on ``module`` since it last changed (``compile``'s
    lowering, ``Lowered.c_source``), so it is not verified twice (the second
    verification of a lowered module was half of this function's time, session 64).
    """
    if not verified:
        verify_located(module)
    unit = Unit(check_prefix(prefix))
    functions: list[str] = []
    symbols = function_symbols(module, prefix)
    called = called_functions(module)
    callees = {
        op.sym_name.data: (op, symbol) for op, symbol in symbols.items() if op in called
    }
    prototypes: list[str] = []
    for op, symbol in symbols.items():
        # no local may take the name of a function it calls (session 53's review)
        names = UniqueNames(RESERVED_NAMES | {symbol for _, symbol in callees.values()})
        printer = FunctionPrinter(op, unit, symbol, callees, used_names=names)
        functions.append("\n".join(printer.emit()))
        if printer.prototype is not None:
            prototypes.append(printer.prototype)
    if prototypes:
        functions.insert(
            0, "\n".join(["/* The functions the others call. */", *prototypes])
        )
    functions.append("\n".join(unit.error_message_function()))
    features = unit.features
    if features & {"stream", "copy"}:
        for op, symbol in symbols.items():
            if symbol in SHUFFLE_NAMES:
                raise op_error(
                    op,
                    f"func.func @{op.sym_name.data}: its C symbol {symbol} is a name "
                    "the C target uses in this unit (a register helper's shuffle); "
                    "choose another name or a symbol prefix",
                )
    header = [
        "/* Generated by the slice dialect's C target from convert-slice-to-loops output."
        " */",
        "#include <stdint.h>",
    ]
    header += unit_helpers(features)
    from slice_dialect.backend.c_safety import check_module  # c_safety imports c

    check_module(module)  # after the printer's own refusals: see c_safety.py
    return "\n\n".join(["\n".join(header), *functions]) + "\n"


def unit_helpers(features: set[str], *, exported: bool = False) -> list[str]:
    """The lines after ``<stdint.h>`` of a unit with ``features`` (completed in place
    with what its helpers need): headers, types, macros and the helpers, each family
    printed whole. In a unit with a run-time run (``dynamic_run``) the families of
    ``PREBUILT_ENTRIES`` are declared where ``SLICE_PREBUILT_HELPERS`` is defined and
    defined where it is not (``prebuilt_block``); ``exported``: every family of
    ``features`` in ``PREBUILT_ENTRIES`` defined with its entries linkable
    (``prebuilt_helper_unit``)."""
    header: list[str] = []
    gathers = {
        name
        for helpers in (GATHER_HELPERS, STREAM_GATHER_HELPERS)
        for name, _, _ in helpers.values()
    }
    if "string_move" in features:
        features.add("memcpy")  # near its source, the string move is slice_memcpy
    if features & {"stream", "memcpy"}:
        features.add("small_copy")  # a run's ends, in their helpers
    if features & ({"stream", "copy", "memcpy"} | gathers):
        features.add("string.h")  # their helpers call memcpy
    if features & gathers:
        features.add("prefetch")  # the gathers hint ahead (lookahead)
    header += [f"#include <{h}>" for h in ("stdlib.h", "string.h") if h in features]
    if "b128" in features:
        header += ["", B128_TYPEDEF]
    if features & {"stream", "copy"}:
        header += ["", SSE2_INCLUDE.strip("\n"), "", REGISTER_PICKS.strip("\n")]
    if "string_move" in features:
        header += ["", STRING_MOVE_SANITIZED.strip("\n")]
    if "opaque" in features:
        header += ["", OPAQUE_MACRO.strip("\n")]
    helpers = {
        "small_copy": SMALL_COPY_HELPER,  # before the helpers that call it
        "memcpy": MEMCPY_HELPER,  # before the string move, which calls it
        "stream": STREAM_HELPERS,
        "copy": COPY_HELPERS,
        "prefetch": PREFETCH_HELPER,  # before the gathers, which call it
        "string_move": STRING_MOVE_HELPER,
        **{name: text for name, _, text in GATHER_HELPERS.values()},
        **{name: text for name, _, text in GATHER_BY_STEP_HELPERS.values()},
        **{name: text for name, _, text in STREAM_GATHER_HELPERS.values()},
        "scalar_loop": SCALAR_LOOP_HELPER,
        "mul_overflows": MUL_OVERFLOWS_HELPER,  # before prefetch_rows, which calls it
        "prefetch_rows": PREFETCH_ROWS_HELPER,
    }
    prebuilt = (
        [f for f in PREBUILT_ENTRIES if f in features]
        if exported or "dynamic_run" in features
        else []
    )
    texts = [
        helper.strip("\n")
        for f, helper in helpers.items()
        if f in features and f not in prebuilt
    ]
    texts += [wrapping_helper(f) for f in sorted(features) if f.startswith("slice_wrap_")]
    texts += [
        division_helper(f)
        for f in sorted(features)
        if f.startswith(("slice_divsi_", "slice_remsi_"))
    ]
    # after the helpers their definitions call (small_copy, memcpy, prefetch)
    if exported:
        texts += [
            PREBUILT_LINKAGE.strip("\n"),
            "\n".join(d for f in prebuilt for d in _exported_declarations(f)),
            *(_exported(f, helpers[f]) for f in prebuilt),
        ]
    elif prebuilt:
        texts.append(prebuilt_block(prebuilt, [helpers[f] for f in prebuilt]))
    if texts:  # in this order; a family is printed whole, some of it may go unused
        header += ["", UNUSED_HELPERS_BEGIN, *(f"\n{t}" for t in texts)]
        header += ["", UNUSED_HELPERS_END]
    return header


def _entry_definition(name: str) -> re.Pattern[str]:
    """The first line of a prebuilt family's entry ``name``: its linkage, name and
    parameters (``static`` or ``static inline``, ``void``, up to the ``{``)."""
    return re.compile(
        rf"^static (?:inline )?void ({re.escape(name)})\((.*?)\) \{{",
        re.MULTILINE | re.DOTALL,
    )


def _entry_params(family: str, text: str) -> dict[str, str]:
    """The parameters of each of ``family``'s entries, read from their definitions
    in ``text`` (one each, else ``AssertionError`` when the module is loaded)."""
    params: dict[str, str] = {}
    for name in PREBUILT_ENTRIES[family]:
        found = _entry_definition(name).findall(text)
        assert len(found) == 1, f"{family}: {len(found)} definitions of {name}"
        params[name] = " ".join(found[0][1].split())
    return params


def _sized(params: str) -> tuple[str, str] | None:
    """For an entry whose last parameter is the element size (the register helpers):
    the parameters before it, and their names as arguments; else ``None``."""
    if not params.endswith(", int64_t size"):
        return None
    before = params.removesuffix(", int64_t size")
    return before, ", ".join(p.split()[-1].lstrip("*") for p in before.split(","))


def _declarations(family: str) -> list[str]:
    """What a unit with run-time runs has of ``family`` where its helpers are
    prebuilt: each entry declared; an entry taking the element size is a dispatch,
    inline, to the object's copy for that size (``PREBUILT_SIZES``; a printed size
    is a constant, so the call is to that copy directly) or to its copy for any
    size."""
    lines: list[str] = []
    for name, params in PREBUILT_PARAMS[family].items():
        sized = _sized(params)
        if sized is None:
            lines.append(f"SLICE_PREBUILT void {name}({params});")
            continue
        before, args = sized
        lines += [f"SLICE_PREBUILT void {name}_{k}({before});" for k in PREBUILT_SIZES]
        lines += [
            f"SLICE_PREBUILT void {name}_n({params});",
            f"static inline void {name}({params}) {{",
            "    switch (size) {",
            *(f"    case {k}: {name}_{k}({args}); return;" for k in PREBUILT_SIZES),
            f"    default: {name}_n({args}, size); return;",
            "    }",
            "}",
        ]
    return lines


def _exported(family: str, text: str) -> str:
    """``family``'s C text as the helper object defines it: its entries that take no
    element size defined ``SLICE_PREBUILT`` (linkable from another unit of the same
    library) rather than ``static``; each that does, kept inline and called with each
    size of ``PREBUILT_SIZES`` (``NAME_K``) and with any (``NAME_n``), so every size
    gets a copy specialized for it, as in a unit that inlines it."""
    lines: list[str] = []
    for name, params in PREBUILT_PARAMS[family].items():
        sized = _sized(params)
        if sized is None:
            text = _entry_definition(name).sub(
                lambda m: f"SLICE_PREBUILT void {m.group(1)}({m.group(2)}) {{", text
            )
            continue
        before, args = sized
        for k in PREBUILT_SIZES:
            lines += [
                f"SLICE_PREBUILT void {name}_{k}({before}) {{",
                f"    {name}({args}, {k});",
                "}",
            ]
        lines += [
            f"SLICE_PREBUILT void {name}_n({params}) {{",
            f"    {name}({args}, size);",
            "}",
        ]
    return "\n".join([text.strip("\n"), "", *lines])


def _exported_declarations(family: str) -> list[str]:
    """The declarations of what the helper object exports of ``family`` (before its
    definitions there, so that one that differs does not compile)."""
    return [line for line in _declarations(family) if line.startswith("SLICE_PREBUILT")]


def prebuilt_block(families: Sequence[str], texts: Sequence[str]) -> str:
    """The prebuilt ``families`` (``PREBUILT_ENTRIES``) of a unit with a run-time
    run: declared where ``SLICE_PREBUILT_HELPERS`` is defined (the runtime defines it
    and links ``prebuilt_helper_unit``'s object, ``runtime.build_kernel``), their
    ``texts`` where it is not, so the unit compiles alone as well."""
    return "\n".join(
        [
            PREBUILT_GUARD,
            PREBUILT_COMMENT.strip("\n"),
            PREBUILT_LINKAGE.strip("\n"),
            *(line for f in families for line in _declarations(f)),
            "#else",
            *(t.strip("\n") + "\n" for t in texts),
            "#endif",
        ]
    )


def prebuilt_helper_unit() -> str:
    """The C unit of every ``PREBUILT_ENTRIES`` family, its entries defined
    ``SLICE_PREBUILT`` after their declarations (so a declaration that differs from
    its definition does not compile): what the runtime compiles once into the object
    that units with run-time runs link (``runtime.build_kernel``).

    Assembled at each call (about 1 ms) from the helper texts as they are then, as
    ``emit_c`` does: a memo kept the first text for the whole process, so a test that
    printed its own ``slice_prefetch`` before any other run-time unit was built linked
    its recording helpers into every later unit of that process."""
    # the cached gathers: what the streamed ones fall back to without SSE2
    features = set(PREBUILT_ENTRIES) | {"b128"}
    features |= {name for name, _, _ in GATHER_HELPERS.values()}
    return (
        "\n".join(
            [
                "/* The slice dialect's C target: the prebuilt helpers of units with "
                "run-time runs. */",
                "#include <stdint.h>",
                *unit_helpers(features, exported=True),
            ]
        )
        + "\n"
    )


@dataclass(frozen=True)
class CTarget(Target):
    """``-t c``: print the lowered module as one C99 translation unit (see ``emit_c``);
    ``-t c{prefix=my_}`` chooses the symbol prefix."""

    name = "c"

    prefix: str = DEFAULT_PREFIX

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        output.write(emit_c(module, prefix=self.prefix))


# The C helpers of nontemporal, register-reordered, scalar and prefetching runs, printed
# once in a unit that uses them.

OPAQUE_MACRO = """\
/* A value the optimizer may not see: a constant operand of a dynamic run beyond int32,
 * whose guards and loops are dead, is no constant a C compiler warns of. */
#if defined(__GNUC__)
#define SLICE_OPAQUE(v) __asm__("" : "+r"(v))
#else
#define SLICE_OPAQUE(v) ((void)(v))
#endif
"""

UNUSED_HELPERS_BEGIN = """\
/* Helpers are printed by family (all the streamed copies where one run streams):
 * clang's -Wunused-function would name those this unit does not call. */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#endif"""
UNUSED_HELPERS_END = """\
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif"""

SSE2_INCLUDE = r"""
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
"""
"""The intrinsics header of the streaming and register helpers."""

_STREAM_COPY = r"""
#if defined(__SSE2__)
/* slice_stream_lines streams whole lines: 16 KiB blocks a line of each of a block's
 * four 4 KiB quarters in turn, as glibc's memcpy streams a copy above its non-temporal
 * threshold (copies of 64-125 MiB took 0.75-0.85 of the time of streaming in order,
 * 8-32 MiB the same, 2026-11-28, notes/s24/nt4.c), the lines after the last block in
 * order. A line is one store where the CPU has AVX-512F, two with AVX (one
 * write-combining buffer filled by fewer stores: 0.92 and 0.96 of the time of four
 * SSE2 stores on 125 MiB, notes/s24/nt7.c), through inline assembly: their
 * intrinsics' header takes 0.3 s to compile. */
#if defined(__SANITIZE_ADDRESS__)
#define SLICE_STREAM_SANITIZED 1 /* gcc -fsanitize=address */
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SLICE_STREAM_SANITIZED 1 /* clang -fsanitize=address */
#endif
#endif
/* q: the offset of each line of n bytes (a multiple of 64) in the order streamed: with
 * blocked (n a multiple of 16 KiB), a line of each of a block's four 4 KiB quarters in
 * turn, block by block; else one line after the other. store: the line's copy. */
#define SLICE_BLOCK_LINES(q, n) \
    for (int64_t slice_b = 0; slice_b < (n); slice_b += LINE_BLOCK_BYTES) \
        for (int64_t slice_i = slice_b; slice_i < slice_b + LINE_QUARTER_BYTES; slice_i += 64) \
            for (int64_t q = slice_i; q < slice_i + LINE_BLOCK_BYTES; q += LINE_QUARTER_BYTES)
#define SLICE_LINES(q, n, blocked, store) \
    if (blocked) { \
        SLICE_BLOCK_LINES(q, n) store; \
    } else { \
        for (int64_t q = 0; q < (n); q += 64) \
            store; \
    }
/* (not under AddressSanitizer, which sees the intrinsics' loads and stores and not
 * those of assembly) */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) \
    && !defined(SLICE_STREAM_SANITIZED)
#define SLICE_STREAM_WIDE 1
__attribute__((target("avx512f"))) static void slice_stream_lines_avx512(
    unsigned char *d, const unsigned char *s, int64_t n, int blocked) {
    /* zmm16 leaves the upper halves of ymm0-15 clean: no vzeroupper */
    SLICE_LINES(q, n, blocked,
                __asm__ volatile("vmovdqu64 (%1), %%zmm16\n\tvmovntdq %%zmm16, (%0)"
                                 : : "r"(d + q), "r"(s + q) : "xmm16", "memory"))
}

__attribute__((target("avx"))) static void slice_stream_lines_avx(
    unsigned char *d, const unsigned char *s, int64_t n, int blocked) {
    SLICE_LINES(q, n, blocked,
                __asm__ volatile("vmovdqu (%1), %%ymm0\n\tvmovdqu 32(%1), %%ymm1\n\t"
                                 "vmovntdq %%ymm0, (%0)\n\tvmovntdq %%ymm1, 32(%0)"
                                 : : "r"(d + q), "r"(s + q) : "xmm0", "xmm1", "memory"))
    __asm__ volatile("vzeroupper" : : : "memory");
}
#endif

static inline void slice_stream_line_sse2(unsigned char *restrict to,
                                          const unsigned char *restrict from) {
    __m128i v0 = _mm_loadu_si128((const __m128i *)from);
    __m128i v1 = _mm_loadu_si128((const __m128i *)(from + 16));
    __m128i v2 = _mm_loadu_si128((const __m128i *)(from + 32));
    __m128i v3 = _mm_loadu_si128((const __m128i *)(from + 48));
    _mm_stream_si128((__m128i *)to, v0);
    _mm_stream_si128((__m128i *)(to + 16), v1);
    _mm_stream_si128((__m128i *)(to + 32), v2);
    _mm_stream_si128((__m128i *)(to + 48), v3);
}

static void slice_stream_lines_sse2(
    unsigned char *restrict d, const unsigned char *restrict s, int64_t n, int blocked) {
    SLICE_LINES(q, n, blocked, slice_stream_line_sse2(d + q, s + q))
}

/* Streams the n bytes of whole lines from s to d (d on a line) in SLICE_LINES' order,
 * a line one store where the CPU has AVX-512F, two with AVX, else four: rows of 1 KiB
 * (W6's) took 0.91-0.95 of the time of four SSE2 stores a line (notes/s28/w6ab.c), and
 * 16 KiB blocks too (below). */
static void slice_stream_lines(unsigned char *restrict d, const unsigned char *restrict s,
                               int64_t n, int blocked) {
#if defined(SLICE_STREAM_WIDE)
    if (__builtin_cpu_supports("avx512f")) {
        slice_stream_lines_avx512(d, s, n, blocked);
        return;
    }
    if (__builtin_cpu_supports("avx")) {
        slice_stream_lines_avx(d, s, n, blocked);
        return;
    }
#endif
    slice_stream_lines_sse2(d, s, n, blocked);
}
#endif

#if defined(__SSE2__)
/* Whether streamed blocks from s to d would 4K-alias (slice_stream_long): s less than
 * 1 KiB below d or less than a line above it, modulo 4 KiB. */
static inline int slice_blocks_alias(const void *d, const void *s) {
    return (((uintptr_t)d - (uintptr_t)s + 63) & 4095) < 1024 + 63;
}

/* slice_stream's run of n >= SHORT_RUN_BYTES bytes. Not inlined: a call costs little
 * next to a kilobyte's stores, while inlined in the row loop of a dynamic kernel (every
 * copy form of a row in one function) it made W1's 28672 rows 1.04-1.12x the static
 * kernel's time in C; with the call 0.99-1.01x, the static kernels alike or faster
 * (W6 too; notes/s29/abmain.c). */
static __attribute__((noinline)) void slice_stream_long(unsigned char *restrict to,
                                                        const unsigned char *restrict from,
                                                        int64_t n, int blocked) {
    /* A longer run streams whole lines only, its bytes before the first line boundary
     * and after the last stored plainly: a line written with both (the end of one row
     * and the start of the next, or 16-byte streamed stores up to the boundary) is
     * flushed from its write-combining buffer part written: rows of 3377 bytes at
     * step -5 (sweep seed 0 case 99, 4 MiB) ran 2.0x numpy so, 0.84-0.91x with plain
     * ends (notes/s24/ab2m). */
    const int64_t head = (int64_t)(-(uintptr_t)to & 63);
    slice_copy_small(to, from, head);
    n -= head;
    to += head;
    from += head;
    /* blocked: SLICE_LINES' 16 KiB blocks, then the lines after them in order; else
     * every line in order (a slice.copy_run's in_order). Blocks whose source lies less
     * than 1 KiB below the output or less than a line above it, modulo 4 KiB, go in
     * order too: a load there matches the low 12 bits of a line stored a moment before
     * in another quarter (4K aliasing), and waits for it. On session 57's Zen 3 the
     * blocks took 3-7x the time of lines in order at 8-64 MiB with the output 0-448
     * bytes above the source in its page or 8-56 below, and the same time from 640
     * above and from 64 below (notes/s57/blk.c, blk3.c). */
    if (blocked && slice_blocks_alias(to, from))
        blocked = 0;
    const int64_t blocks = blocked ? n & ~(int64_t)(LINE_BLOCK_BYTES - 1) : 0;
    slice_stream_lines(to, from, blocks, 1);
    const int64_t lines = (n - blocks) & ~(int64_t)63;
    slice_stream_lines(to + blocks, from + blocks, lines, 0);
    slice_copy_small(to + blocks + lines, from + blocks + lines, n - blocks - lines);
}
#endif

/* Copies n bytes from s to d, writing d with non-temporal stores where the target has
 * them (the caller calls slice_stream_fence() once its stores are done), a long run's
 * lines in blocks or in order (slice_stream_long). */
static inline void slice_stream_ordered(void *restrict d, const void *restrict s, int64_t n,
                                        int blocked) {
#if defined(__SSE2__)
    unsigned char *to = d;
    const unsigned char *from = s;
    if (n < SHORT_RUN_BYTES) {
        /* a short run is streamed only as whole aligned blocks (copy_plan.aligned_runs:
         * runs one after the other fill the lines with non-temporal stores only); at
         * an unaligned start its plain ends would share lines with streamed stores, so
         * all of it is stored plainly */
        if (((uintptr_t)to & 15) != 0) {
            memcpy(d, s, (size_t)n);
            return;
        }
        for (; n >= 16; n -= 16, to += 16, from += 16)
            _mm_stream_si128((__m128i *)to, _mm_loadu_si128((const __m128i *)from));
        slice_copy_small(to, from, n);
        return;
    }
    slice_stream_long(to, from, n, blocked);
#else
    (void)blocked;
    memcpy(d, s, (size_t)n);
#endif
}

/* slice_stream_ordered in 16 KiB blocks, and with its lines in order (in_order). */
static inline void slice_stream(void *restrict d, const void *restrict s, int64_t n) {
    slice_stream_ordered(d, s, n, 1);
}
static inline void slice_stream_in_order(void *restrict d, const void *restrict s,
                                         int64_t n) {
    slice_stream_ordered(d, s, n, 0);
}
"""

_REGISTER_TEMPLATES = r"""
/* Copies n elements of size bytes (1, 2, 4, 8 or 16) read downwards from s (the
 * first element copied; the last is n - 1 elements below it) to d upwards, WRITING.
 * The source is read upwards and d written from its end down, 16 bytes at a time
 * reversed in a register: the hardware prefetcher follows a rising read (reading
 * downwards was 2x slower on a 64 MiB copy). Every byte read lies within the run. */
WIDE_FUNCTIONS(reversed)

static inline void slice_KIND_reversed(
    void *restrict d, const void *restrict s, int64_t n, int64_t size) {
    unsigned char *to = d;
    const unsigned char *from = s;
    int64_t j = n;
#if defined(__SSE2__)
ALIGN_TOP(from - j * size)
WIDE_BEGIN(n * size >= W)
    for (; j * size >= 16; j -= 16 / size) {
WIDE_STEPS(j * size >= W | to + j * size | j = slice_KIND_reversed_TIER(to, from, j, size) | j * size < 16)
        const __m128i v = _mm_loadu_si128((const __m128i *)(from - (j - 1) * size));
        STORE((__m128i *)(to + (j - 16 / size) * size), slice_lanes_reversed(v, size));
    }
#endif
    while (j > 0) {
        j -= 1;
        memcpy(to + j * size, from - j * size, (size_t)size);
    }
}

/* Copies n elements of size bytes (1, 2, 4, 8 or 16) taken every other element upwards
 * from s (the first element copied; the last is 2 (n - 1) elements above it) to d,
 * WRITING. Each 32 bytes read are two registers whose even elements make one; they
 * are read only while an even element of the run follows, so every byte read lies
 * within the run. The last 16 bytes of output LAST_WHEN are read one element lower
 * (their odd elements): the run ends with the last byte read, and no element copy is
 * left to mix with the vector stores. */
WIDE_FUNCTIONS(even)

static inline void slice_KIND_even(
    void *restrict d, const void *restrict s, int64_t n, int64_t size) {
    unsigned char *to = d;
    const unsigned char *from = s;
    int64_t i = 0;
#if defined(__SSE2__)
ALIGN(from + 2 * i * size)
WIDE_BEGIN(n * size > W)
    for (; n - i > 16 / size; i += 16 / size) {
WIDE_STEPS(n - i > W / size | to + i * size | i = slice_KIND_even_TIER(to, from, i, n, size) | n - i <= 16 / size)
        const unsigned char *p = from + 2 * i * size;
        const __m128i a = _mm_loadu_si128((const __m128i *)p);
        const __m128i b = _mm_loadu_si128((const __m128i *)(p + 16));
        STORE((__m128i *)(to + i * size), slice_lanes_even(a, b, size));
    }
    if (LAST_UP) {
        i = n - 16 / size;
        const unsigned char *p = from + 2 * i * size - size;
        const __m128i a = _mm_loadu_si128((const __m128i *)p);
        const __m128i b = _mm_loadu_si128((const __m128i *)(p + 16));
        STORE((__m128i *)(to + i * size), slice_lanes_odd(a, b, size));
        i = n;
    }
#endif
    for (; i < n; i += 1)
        memcpy(to + i * size, from + 2 * i * size, (size_t)size);
}

/* Copies n elements of size bytes (1, 2, 4, 8 or 16) taken every other element downwards
 * from s (the first element copied; the last is 2 (n - 1) elements below it) to d,
 * WRITING. The vectors are the 16 bytes of output below each j from n (or from the
 * aligned top) down by 16 / size while above 16 / size, visited upwards: d is written
 * upwards and s read downwards (a cached copy of 6873 f64, bench/sweep.py seed 6 case
 * 46, went 1.30x -> 0.85x numpy so, 2.1x faster in a C loop alone; unlike a reversed
 * run, the same either way when the source is in memory, notes/s24/rev4.c). The 32 bytes read for 16
 * bytes of output start with the lowest element they need (their even elements) and
 * end one element above the highest, read only while one more element of the run lies
 * above: every byte read lies within the run. The first 16 bytes of output LAST_WHEN
 * are read one element lower (their odd elements), ending the read with the run, and
 * written first, so that the stores of the lowest line follow one another (streamed,
 * W2 with [::2, ::-2] took 1.85 ms a call with that line's lowest store after the
 * run's others, 1.66 ms so, in one process on 2026-11-28). */
WIDE_FUNCTIONS(odd_reversed)

static inline void slice_KIND_odd_reversed(
    void *restrict d, const void *restrict s, int64_t n, int64_t size) {
    unsigned char *to = d;
    const unsigned char *from = s;
    int64_t j = n;
#if defined(__SSE2__)
ALIGN_TOP(from - 2 * j * size)
    const int64_t vectors = j > 16 / size ? (j - 1) / (16 / size) : 0;
    const int64_t rest = j - vectors * (16 / size);
    const int lowest = (LAST_DOWN);
    if (lowest) {
        const unsigned char *p = from - (2 * 16 / size - 1) * size;
        const __m128i a = _mm_loadu_si128((const __m128i *)p);
        const __m128i b = _mm_loadu_si128((const __m128i *)(p + 16));
        STORE((__m128i *)to, slice_lanes_reversed(slice_lanes_odd(a, b, size), size));
    }
WIDE_BEGIN(vectors >= W / 16)
    for (int64_t t = vectors - 1; t >= 0; t -= 1) {
WIDE_STEPS(t >= W / 16 - 1 | to + (j - (t + 1) * (16 / size)) * size | t = slice_KIND_odd_reversed_TIER(to, from, j, t, size) | t < 0)
        const int64_t k = j - t * (16 / size);
        const unsigned char *p = from - 2 * (k - 1) * size;
        const __m128i a = _mm_loadu_si128((const __m128i *)p);
        const __m128i b = _mm_loadu_si128((const __m128i *)(p + 16));
        STORE((__m128i *)(to + (k - 16 / size) * size),
              slice_lanes_reversed(slice_lanes_even(a, b, size), size));
    }
    j = lowest ? 0 : rest;
#endif
    while (j > 0) {
        j -= 1;
        memcpy(to + j * size, from - 2 * j * size, (size_t)size);
    }
}
"""

REGISTER_PICKS = r"""
#if defined(__SSE2__)
/* The even elements (0, 2, ...) of the 32 bytes a then b, of size bytes each (1, 2, 4,
 * 8 or 16), in order in one register. */
static inline __m128i slice_lanes_even(__m128i a, __m128i b, int64_t size) {
    if (size == 16)
        return a;
    if (size == 1) {
        const __m128i low = _mm_set1_epi16(0xff);
        return _mm_packus_epi16(_mm_and_si128(a, low), _mm_and_si128(b, low));
    }
    if (size == 2) {
        a = _mm_shufflehi_epi16(_mm_shufflelo_epi16(a, 0x08), 0x08);
        b = _mm_shufflehi_epi16(_mm_shufflelo_epi16(b, 0x08), 0x08);
    }
    if (size <= 4) {
        a = _mm_shuffle_epi32(a, 0x08);
        b = _mm_shuffle_epi32(b, 0x08);
    }
    return _mm_unpacklo_epi64(a, b);
}
/* The odd elements (1, 3, ...) of the 32 bytes a then b, likewise. */
static inline __m128i slice_lanes_odd(__m128i a, __m128i b, int64_t size) {
    if (size == 16)
        return b;
    if (size == 1)
        return _mm_packus_epi16(_mm_srli_epi16(a, 8), _mm_srli_epi16(b, 8));
    if (size == 2) {
        a = _mm_shufflehi_epi16(_mm_shufflelo_epi16(a, 0x0d), 0x0d);
        b = _mm_shufflehi_epi16(_mm_shufflelo_epi16(b, 0x0d), 0x0d);
        return _mm_unpacklo_epi64(_mm_shuffle_epi32(a, 0x08), _mm_shuffle_epi32(b, 0x08));
    }
    if (size == 4)
        return _mm_unpacklo_epi64(_mm_shuffle_epi32(a, 0x0d), _mm_shuffle_epi32(b, 0x0d));
    return _mm_unpackhi_epi64(a, b);
}
/* The 16 bytes of v as elements of size bytes (1, 2, 4, 8 or 16) in reverse order. */
static inline __m128i slice_lanes_reversed(__m128i v, int64_t size) {
    if (size == 1 || size == 2) {
        v = _mm_shufflehi_epi16(_mm_shufflelo_epi16(v, 0x1b), 0x1b);
        v = _mm_shuffle_epi32(v, 0x4e);
        if (size == 1)
            v = _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8));
    } else if (size == 4) {
        v = _mm_shuffle_epi32(v, 0x1b);
    } else if (size == 8) {
        v = _mm_shuffle_epi32(v, 0x4e);
    }
    return v;
}
#endif

/* The wide forms of the register helpers' loops, taken at run time by what the CPU has
 * (slice_wide_registers): 64 bytes of output a step with AVX-512F, BW and VBMI (the
 * byte permutes; vpermt2b/w/d/q, vpermb/w/d/q), else 32 with AVX2; the 16-byte SSE2
 * steps elsewhere and for a run's ends. W2's rows (every other f32 of 2 KiB, streamed)
 * took 0.6-0.75 of the SSE2 time with AVX-512 (notes/s31/w2c.c): the shuffles were the
 * bound, not memory; with AVX2 cached reversed runs took half the SSE2 time and even
 * ones 0.55-0.9 of it, as with AVX-512 on session 32's machine (notes/s32/).
 * Written with vector extensions, not intrinsics, whose header takes 0.3 s to compile;
 * -DSLICE_NO_WIDE_REGISTERS keeps the SSE2 loops, -DSLICE_NO_AVX512_REGISTERS takes
 * AVX2 at most. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) \
    && defined(__has_builtin) && !defined(SLICE_NO_WIDE_REGISTERS)
#if __has_builtin(__builtin_shufflevector) && __has_builtin(__builtin_cpu_supports)
#define SLICE_WIDE_REGISTERS 1
#endif
#endif
#if defined(SLICE_WIDE_REGISTERS)
#define SLICE_AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi")))
#define SLICE_AVX2 __attribute__((target("avx2")))
typedef uint8_t slice_u8x64 __attribute__((vector_size(64)));
typedef uint16_t slice_u16x32 __attribute__((vector_size(64)));
typedef uint32_t slice_u32x16 __attribute__((vector_size(64)));
typedef uint64_t slice_u64x8 __attribute__((vector_size(64)));
typedef uint8_t slice_u8x32 __attribute__((vector_size(32)));
typedef uint16_t slice_u16x16 __attribute__((vector_size(32)));
typedef uint32_t slice_u32x8 __attribute__((vector_size(32)));
typedef uint64_t slice_u64x4 __attribute__((vector_size(32)));
/* a 64- or 32-byte store of v at p: plain, or non-temporal (p on its size) in assembly
 * except under AddressSanitizer, which sees the plain store and not the assembly's */
#define SLICE_WIDE_STORE(p, v) memcpy((p), &(v), sizeof(v))
#if defined(__SANITIZE_ADDRESS__)
#define SLICE_WIDE_STREAM(p, v) memcpy((p), &(v), sizeof(v))
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SLICE_WIDE_STREAM(p, v) memcpy((p), &(v), sizeof(v))
#endif
#endif
#if !defined(SLICE_WIDE_STREAM)
#define SLICE_WIDE_STREAM(p, v) \
    __asm__ volatile("vmovntdq %1, %0" : "=m"(*(char(*)[sizeof(v)])(p)) : "v"(v))
#endif
/* What the CPU runs of the wide forms: 2 (AVX-512), 1 (AVX2) or 0. */
static inline int slice_wide_registers(void) {
#if !defined(SLICE_NO_AVX512_REGISTERS)
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
        && __builtin_cpu_supports("avx512vbmi"))
        return 2;
#endif
    return __builtin_cpu_supports("avx2") ? 1 : 0;
}
#endif
"""
"""The register shuffles of the streamed and cached register helpers, printed once."""


WIDE_TIERS = ((2, "avx512", 64), (1, "avx2", 32))
"""The wide forms of the register helpers' loops: ``slice_wide_registers()``'s answer
that takes each, its name (the functions' suffix, ``SLICE_AVX512`` / ``SLICE_AVX2``
their target attribute) and its bytes of output a step; the first the CPU has is taken."""

_WIDE_VECTORS = {
    64: ("slice_u8x64", "slice_u16x32", "slice_u32x16", "slice_u64x8"),
    32: ("slice_u8x32", "slice_u16x16", "slice_u32x8", "slice_u64x4"),
}
"""The GNU C vector types of each width, by element size 1, 2, 4 and 8 (16-byte
elements are pairs of 8-byte lanes)."""

_WIDE_FUNCTIONS = {
    "reversed": r"""
/* slice_KIND_reversed's steps of @W@ bytes of output from j down while j * size >= @W@
 * (the @W@ bytes read then lie within the run); the new j. */
@ATTR@ static int64_t slice_KIND_reversed_@TIER@(
    unsigned char *to, const unsigned char *from, int64_t j, int64_t size) {
#define SLICE_REVERSED_STEPS(type, ...) \
    for (; j * size >= @W@; j -= @W@ / size) { \
        type v; \
        memcpy(&v, from - (j - 1) * size, @W@); \
        v = __builtin_shufflevector(v, v, __VA_ARGS__); \
        WIDE_STORE(to + (j - @W@ / size) * size, v); \
    }
@CASES@
#undef SLICE_REVERSED_STEPS
    return j;
}""",
    "even": r"""
/* slice_KIND_even's steps of @W@ bytes of output from i while more than @W@ / size
 * elements follow (the 2 x @W@ bytes read then lie within the run), then, where
 * exactly @W@ / size are left after a step, one more step read one element lower
 * (their odd elements; the read ends with the run): the last @W@ bytes of a run
 * that ends on a line are one store, not a 16-byte step and three more (streamed, W2
 * took 1.93 ms a call with four stores in its rows' last lines, 1.53 ms so, in one
 * process on 2026-11-28); the new i. */
@ATTR@ static int64_t slice_KIND_even_@TIER@(
    unsigned char *to, const unsigned char *from, int64_t i, int64_t n, int64_t size) {
#define SLICE_EVEN_STEP(type, first, ...) \
    { \
        type a, b; \
        memcpy(&a, from + (first) * size, @W@); \
        memcpy(&b, from + (first) * size + @W@, @W@); \
        const type v = __builtin_shufflevector(a, b, __VA_ARGS__); \
        WIDE_STORE(to + i * size, v); \
    }
#define SLICE_EVEN_STEPS(type, ...) \
    for (; n - i > @W@ / size; i += @W@ / size) \
        SLICE_EVEN_STEP(type, 2 * i, __VA_ARGS__)
#define SLICE_EVEN_LAST(type, ...) \
    if (i > 0 && n - i == @W@ / size) { \
        SLICE_EVEN_STEP(type, 2 * i - 1, __VA_ARGS__) \
        i = n; \
    }
@CASES@
#undef SLICE_EVEN_STEP
#undef SLICE_EVEN_STEPS
#undef SLICE_EVEN_LAST
    return i;
}""",
    "odd_reversed": r"""
/* slice_KIND_odd_reversed's vectors t down to t - (@W@ / 16 - 1) in one @W@-byte step
 * while t >= @W@ / 16 - 1 (their reads, together, are the 2 x @W@ bytes read); the new
 * t. */
@ATTR@ static int64_t slice_KIND_odd_reversed_@TIER@(
    unsigned char *to, const unsigned char *from, int64_t j, int64_t t, int64_t size) {
#define SLICE_ODD_REVERSED_STEPS(type, ...) \
    for (; t >= @W@ / 16 - 1; t -= @W@ / 16) { \
        const int64_t k = j - t * (16 / size); \
        const unsigned char *p = from - 2 * (k + (@W@ / 16 - 1) * (16 / size) - 1) * size; \
        type a, b; \
        memcpy(&a, p, @W@); \
        memcpy(&b, p + @W@, @W@); \
        const type v = __builtin_shufflevector(a, b, __VA_ARGS__); \
        WIDE_STORE(to + (k - 16 / size) * size, v); \
    }
@CASES@
#undef SLICE_ODD_REVERSED_STEPS
    return t;
}""",
}
"""The wide step functions of the register helpers, printed for each of ``WIDE_TIERS``
(``@W@`` its width, ``@CASES@`` the switch over element sizes)."""

_WIDE_STEP_MACROS = {
    "reversed": (("SLICE_REVERSED_STEPS", "reversed"),),
    "even": (("SLICE_EVEN_STEPS", "even"), ("SLICE_EVEN_LAST", "odd")),
    "odd_reversed": (("SLICE_ODD_REVERSED_STEPS", "odd_reversed"),),
}
"""The macros of each kind's wide step function, in order, with their lanes (the
``kind`` of :func:`wide_lanes`)."""


def wide_lanes(kind: str, size: int, width: int) -> list[int]:
    """The ``__builtin_shufflevector`` indices of one wide step of ``kind`` for elements
    of ``size`` bytes in vectors of ``width`` bytes: into ``v, v`` (reversed) or ``a,
    b`` (the 2 x ``width`` bytes read: even, odd and odd-reversed), in lanes of at
    most 8 bytes (a 16-byte element is two)."""
    lane = min(size, 8)
    per = size // lane
    elements = width // size
    if kind == "reversed":
        picks = [elements - 1 - e for e in range(elements)]
    elif kind == "even":
        picks = [2 * e for e in range(elements)]
    elif kind == "odd":
        picks = [2 * e + 1 for e in range(elements)]
    else:
        picks = [2 * (elements - 1 - e) for e in range(elements)]
    return [pick * per + q for pick in picks for q in range(per)]


def _wide_function(kind: str, name: str, width: int) -> str:
    """``kind``'s wide step function for the tier ``name`` of ``width`` bytes."""
    cases = ["    switch (size) {"]
    for size in (1, 2, 4, 8, 16):
        vector = _WIDE_VECTORS[width][min(size, 8).bit_length() - 1]
        cases.append(f"    {f'case {size}' if size != 16 else 'default'}:")
        for macro, lanes_kind in _WIDE_STEP_MACROS[kind]:
            lanes = ", ".join(map(str, wide_lanes(lanes_kind, size, width)))
            call = f"{macro}({vector}, {lanes})"
            wrapped = textwrap.wrap(
                call, 84, subsequent_indent="    ", break_long_words=False
            )
            cases += [f"        {line}" for line in wrapped]
        cases.append("        break;")
    cases.append("    }")
    return (
        _WIDE_FUNCTIONS[kind]
        .replace("@CASES@", "\n".join(cases))
        .replace("@ATTR@", f"SLICE_{name.upper()}")
        .replace("@TIER@", name)
        .replace("@W@", str(width))
    )


def _wide_functions(kind: str) -> str:
    """Every tier's wide step function of ``kind``, where the C compiler has them."""
    functions = [_wide_function(kind, name, width) for _, name, width in WIDE_TIERS]
    return "\n".join(["#if defined(SLICE_WIDE_REGISTERS)", *functions, "#endif"])


def _register_helpers(streamed: bool) -> str:
    """The three register helpers: ``slice_stream_*`` (non-temporal stores after
    element copies up to a 16-byte aligned destination) or ``slice_copy_*`` (plain
    unaligned stores, no prologue); one template, so the two never drift apart."""
    kind = "stream" if streamed else "copy"
    text = re.sub(
        r"^WIDE_FUNCTIONS\((\w+)\)$",
        lambda m: _wide_functions(m.group(1)),
        _REGISTER_TEMPLATES,
        flags=re.MULTILINE,
    )
    text = text.replace("slice_KIND_", f"slice_{kind}_")
    writing = "streamed like slice_stream" if streamed else "with plain stores"
    text = text.replace("WRITING", writing)
    store = "_mm_stream_si128" if streamed else "_mm_storeu_si128"
    text = re.sub(r"\bSTORE\(", f"{store}(", text)
    text = text.replace(
        "WIDE_STORE(", "SLICE_WIDE_STREAM(" if streamed else "SLICE_WIDE_STORE("
    )
    # the last 16 bytes of an even or odd run in one more vector: streamed only where
    # they are a whole aligned store, cached wherever the run has more than 16 bytes
    # (overlapping the stores before, with the same values)
    if streamed:
        up, down = "i > 0 && n - i == 16 / size", "rest == 16 / size && n > 16 / size"
        when = "(when they are one aligned store)"
    else:
        up, down = "i > 0 && i < n", "rest > 0 && n > 16 / size"
        when = "(when the run has more)"
    text = text.replace("LAST_UP)", up + ")").replace("LAST_DOWN)", down + ")")
    text = text.replace("LAST_WHEN", when)
    lines: list[str] = []
    for line in text.split("\n"):
        if line.startswith("ALIGN("):
            if streamed:
                source = line[len("ALIGN(") : -1]
                lines += [
                    "    while (i < n && ((uintptr_t)(to + i * size) & 15) != 0) {",
                    f"        memcpy(to + i * size, {source}, (size_t)size);",
                    "        i += 1;",
                    "    }",
                ]
            continue
        if line.startswith("ALIGN_TOP("):
            if streamed:  # the stores go down from the end of d: align that end
                source = line[len("ALIGN_TOP(") : -1]
                lines += [
                    "    while (j > 0 && ((uintptr_t)(to + j * size) & 15) != 0) {",
                    "        j -= 1;",
                    f"        memcpy(to + j * size, {source}, (size_t)size);",
                    "    }",
                ]
            continue
        if line.startswith("WIDE_BEGIN("):
            # whether a wide step may come (``W``: the narrowest), and which tier
            least = min(width for _, _, width in WIDE_TIERS)
            condition = re.sub(r"\bW\b", str(least), line[len("WIDE_BEGIN(") : -1])
            lines += [
                "#if defined(SLICE_WIDE_REGISTERS)",
                f"    int wide_tier = {condition} ? slice_wide_registers() : 0;",
                "#endif",
            ]
            continue
        if line.startswith("WIDE_STEPS("):
            # the wide steps of the CPU's tier, once, from the first step whose store
            # may be one (the marker's four parts: room for one, its store's address,
            # the call, and whether a 16-byte step is left; streamed, from a store on
            # a cache line, so that each line is whole stores of one tier)
            marker = line[len("WIDE_STEPS(") : -1]
            lines.append("#if defined(SLICE_WIDE_REGISTERS)")
            for tier, name, width in WIDE_TIERS:
                room, store, call, done = re.sub(
                    r"\bW\b", str(width), marker.replace("_TIER(", f"_{name}(")
                ).split(" | ")
                aligned = f" && ((uintptr_t)({store}) & 63) == 0" if streamed else ""
                lines += [
                    f"        if (wide_tier == {tier} && {room}{aligned}) {{",
                    f"            {call};",
                    "            wide_tier = 0;",
                    f"            if ({done})",
                    "                break;",
                    "        }",
                ]
            lines.append("#endif")
            continue
        lines.append(line)
    text = "\n".join(lines)
    if streamed:
        for name, source in _WHOLE_LINE_SOURCES.items():
            text = text.replace(
                f"static inline void slice_stream_{name}(\n",
                f"static inline void slice_stream_{name}_lines(\n",
            )
            text += (
                _WHOLE_LINES.replace("KIND", name)
                .replace("SOURCE(k)", source.format("k"))
                .replace("SOURCE(head)", source.format("head"))
                .replace("SHORT_RUN_BYTES", str(MIN_STREAM_RUN_BYTES))
            )
    return text


_WHOLE_LINE_SOURCES = {
    "reversed": "from - {} * size",
    "even": "from + 2 * {} * size",
    "odd_reversed": "from - 2 * {} * size",
}
"""The source address of each register helper's output element (``{}``), for
:data:`_WHOLE_LINES`."""

_WHOLE_LINES = r"""
/* Copies like slice_stream_KIND_lines, but a run of at least SHORT_RUN_BYTES bytes
 * streams whole lines only: its elements before the first line boundary of d and after
 * the last are stored plainly, as slice_stream_long stores a contiguous run's bytes (a
 * line written with both is flushed from its write-combining buffer part written).
 * Where no element of d starts on a line (size does not divide the offset), all of it
 * goes to slice_stream_KIND_lines, whose prologue then copies it element by element.
 * Every-other runs of 513 f32 in output rows one after the other (a 32 MiB result)
 * took 6.90 ms a call through slice_stream_even_lines alone, 5.47 ms so (in one
 * process, 2026-11-28); with their rows prefetched 32 KiB ahead by hand, 5.82 against
 * 3.40 ms. */
static inline void slice_stream_KIND(
    void *restrict d, const void *restrict s, int64_t n, int64_t size) {
    unsigned char *to = d;
    const unsigned char *from = s;
    const int64_t at = (int64_t)(-(uintptr_t)to & 63);
    if (n * size >= SHORT_RUN_BYTES && at % size == 0) {
        const int64_t head = at / size;
        const int64_t whole = ((n - head) * size & ~(int64_t)63) / size;
        for (int64_t k = 0; k < head; k += 1)
            memcpy(to + k * size, SOURCE(k), (size_t)size);
        slice_stream_KIND_lines(to + head * size, SOURCE(head), whole, size);
        for (int64_t k = head + whole; k < n; k += 1)
            memcpy(to + k * size, SOURCE(k), (size_t)size);
        return;
    }
    slice_stream_KIND_lines(d, s, n, size);
}
"""
"""The streamed register helpers as called: whole lines streamed, plain ends."""


STREAM_HELPERS = (
    _STREAM_COPY.replace("SHORT_RUN_BYTES", str(MIN_STREAM_RUN_BYTES))
    .replace("LINE_BLOCK_BYTES", str(STREAM_LINE_BLOCK_BYTES))
    .replace("LINE_QUARTER_BYTES", str(STREAM_LINE_BLOCK_BYTES // 4))
    + _register_helpers(True)
    + r"""
/* Orders the non-temporal stores of the slice_stream helpers before any later store. */
static inline void slice_stream_fence(void) {
#if defined(__SSE2__)
    _mm_sfence();
#endif
}
"""
)
"""The C helpers of streamed copies, printed once in a unit that uses them."""

COPY_HELPERS = _register_helpers(False)
"""The C helpers of cached runs reordered in registers (``slice_copy_*``)."""

_GATHER_TEMPLATE = r"""
/* Copies n elements of TYPE taken step elements apart from s to d with scalar loads,
 * PER of them assembled into each 8-byte store, CHUNK elements an iteration (a store per
 * element would be the bound: one store a cycle); gcc's SSE2 vectorization of a
 * strided gather (vectors assembled from single loads) is slower than this loop.
 * With ahead > 0, each block of LINE elements first hints the source lines of the
 * block ahead elements further on, while that block lies in the run (the lookahead
 * of a slice.copy_run). */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-vectorize")))
#endif
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void NAME_body(TYPE *restrict d, const TYPE *restrict s, int64_t n, int64_t step,
                             int64_t ahead) {
    int64_t k = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    SLICE_HINT_SETUP
    while (k + LINE <= hinted) {
        SLICE_HINT
        for (const int64_t end = k + LINE; k < end; k += CHUNK) {
            const TYPE *p = s + k * step;
            INNER_WORDS
        }
    }
    for (; k + CHUNK <= n; k += CHUNK) {
        const TYPE *p = s + k * step;
        WORDS
    }
    /* fewer than CHUNK are left: a trip count gcc sees (with n a constant after
     * cloning, the tail loop for any k, it warned -Waggressive-loop-optimizations on
     * k * step: tests/test_fuzz_programs.py seed 197, a run of 16 bytes) */
    for (int c = 0; c < CHUNK && k < n; c += 1, k += 1)
        d[k] = s[k * step];
#else
    (void)ahead;
    for (; k < n; k += 1)
        d[k] = s[k * step];
#endif
}

/* The gather (its body, NAME_body, is the by-step variant's too). */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-vectorize")))
#endif
static void NAME(TYPE *restrict d, const TYPE *restrict s, int64_t n, int64_t step, int64_t ahead) {
    NAME_body(d, s, n, step, ahead);
}
"""

_BY_STEP_TEMPLATE = r"""
/* NAME at a run-time step (a slice.dynamic_copy_run): the steps
 * STEPS each get a copy of the gather compiled for them,
 * its loads at constant offsets; any other step the gather itself. */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-vectorize")))
#endif
static void NAME_by_step(TYPE *restrict d, const TYPE *restrict s, int64_t n, int64_t step,
                         int64_t ahead) {
    switch (step) {
CASES
    default: NAME_body(d, s, n, step, ahead); return;
    }
}
"""

_HINT_SETUP = """/* the blocks from k up to hinted hint the block ahead elements on, which ends
     * in the run; one element in every is hinted, one at least in each line (no
     * division for a run that hints nothing: short runs are called often) */
    int64_t hinted = 0, every = 1;
    if (ahead > 0 && ahead < n) {
        const int64_t apart = (step < 0 ? -step : step) * (int64_t)sizeof(TYPE);
        hinted = n - ahead;
        every = apart >= 64 ? 1 : 64 / apart;
    }"""
"""The set-up of a gather's hints (``_GATHER_TEMPLATE``, ``_STREAM_GATHER_TEMPLATE``:
``SLICE_HINT_SETUP``)."""

_HINT = """for (int64_t j = 0; j < LINE; j += every)
            slice_prefetch(s + (k + ahead + j) * step);"""
"""A gather's hints of the source lines of the block ``ahead`` elements on from the
block at ``k`` (``SLICE_HINT``; ``k + LINE <= n - ahead``, so every element hinted is
one the run reads: ``passes/copy_plan.py``'s ``LOOKAHEAD_BYTES``)."""

_PACK_TWO_WORDS = """uint64_t w = 0, v = 0;
for (int b = 0; b < PER; b += 1) {
    w |= (uint64_t)p[b * step] << (BITS * b);
    v |= (uint64_t)p[(b + PER) * step] << (BITS * b);
}"""
"""2 * PER elements from ``p`` packed into two words, ``w`` and ``v`` (the C text of the
cached and the streamed gathers; indented where it is put)."""

_GATHER_WORDS = {
    1: """uint64_t w = 0;
        for (int b = 0; b < PER; b += 1)
            w |= (uint64_t)p[b * step] << (BITS * b);
        memcpy(d + k, &w, 8);""",
    2: _PACK_TWO_WORDS.replace("\n", "\n" + 8 * " ")
    + """
        memcpy(d + k, &w, 8);
        memcpy(d + k + PER, &v, 8);""",
}
"""The body of ``_GATHER_TEMPLATE``'s loop for one or two 8-byte stores an iteration
(both words assembled before either is stored: storing each as it is made ran 4-byte
gathers at steps -3, 5 and 8 at 0.45-0.48 ns an element instead of 0.35-0.40,
`notes/s26/gw1.txt`)."""

GATHER_DWORDS_HELPER = r"""
#if defined(__GNUC__)
typedef uint64_t slice_u64x2 __attribute__((vector_size(16)));
#endif
/* Copies n 8-byte elements taken step elements apart from s to d, two of them into
 * each 16-byte store (a GNU C vector: movq and movhps, then one store); gcc's SSE2
 * vectors of a strided gather, and a store per element, are slower. With ahead > 0,
 * each block of 8 elements first hints the source lines of the block ahead elements
 * further on, while that block lies in the run (the lookahead of a slice.copy_run). */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-vectorize")))
#endif
static void slice_gather_dwords(uint64_t *restrict d, const uint64_t *restrict s,
                                int64_t n, int64_t step, int64_t ahead) {
    int64_t k = 0;
#if defined(__GNUC__)
    SLICE_HINT_SETUP
    while (k + 8 <= hinted) {
        SLICE_HINT
        for (const int64_t end = k + 8; k < end; k += 2) {
            const slice_u64x2 v = {s[k * step], s[(k + 1) * step]};
            memcpy(d + k, &v, 16);
        }
    }
    for (; k + 2 <= n; k += 2) {
        const slice_u64x2 v = {s[k * step], s[(k + 1) * step]};
        memcpy(d + k, &v, 16);
    }
    if (k < n) /* one left: no loop (see slice_gather_bytes' tail) */
        d[k] = s[k * step];
#else
    (void)ahead;
    for (; k < n; k += 1)
        d[k] = s[k * step];
#endif
}
"""
"""The C helper of ``scalar`` runs of 8-byte elements."""


GATHER_B128_HELPER = r"""
/* Copies n 16-byte elements taken step elements apart from s to d, four of them an
 * iteration (a load and a store each: an element is an SSE register already). With
 * ahead > 0, each block of 4 elements first hints the source lines of the block ahead
 * elements further on, while that block lies in the run (the lookahead of a
 * slice.copy_run). */
static void slice_gather_b128(slice_b128 *restrict d, const slice_b128 *restrict s,
                              int64_t n, int64_t step, int64_t ahead) {
    int64_t k = 0;
    SLICE_HINT_SETUP
    while (k + 4 <= hinted) {
        SLICE_HINT
        for (const int64_t end = k + 4; k < end; k += 1)
            d[k] = s[k * step];
    }
    for (; k + 4 <= n; k += 4) {
        d[k] = s[k * step];
        d[k + 1] = s[(k + 1) * step];
        d[k + 2] = s[(k + 2) * step];
        d[k + 3] = s[(k + 3) * step];
    }
    /* fewer than 4 are left (see slice_gather_bytes' tail) */
    for (int c = 0; c < 4 && k < n; c += 1, k += 1)
        d[k] = s[k * step];
}
"""
"""The C helper of ``scalar`` runs of 16-byte elements."""


def _gather_helper(name: str, c_type: str, size: int, words: int) -> tuple[str, str, str]:
    """The packed-word gather (``_GATHER_TEMPLATE``) of ``size``-byte elements, ``words``
    8-byte stores an iteration, as a ``GATHER_HELPERS`` entry."""
    return (
        name,
        c_type,
        (
            _GATHER_TEMPLATE.replace("SLICE_HINT_SETUP", _HINT_SETUP)
            .replace("SLICE_HINT", _HINT)
            .replace("INNER_WORDS", _GATHER_WORDS[words].replace("\n", "\n    "))
            .replace("WORDS", _GATHER_WORDS[words])
            .replace("LINE", str(CACHE_LINE_BYTES // size))
            .replace("NAME", name)
            .replace("TYPE", c_type)
            .replace("CHUNK", str(words * 8 // size))
            .replace("PER", str(8 // size))
            .replace("BITS", str(8 * size))
        ),
    )


GATHER_HELPERS: dict[int, tuple[str, str, str]] = {
    1: _gather_helper("slice_gather_bytes", "unsigned char", 1, 1),
    2: _gather_helper("slice_gather_halves", "uint16_t", 2, 2),
    4: _gather_helper("slice_gather_words", "uint32_t", 4, 2),
    8: (
        "slice_gather_dwords",
        "uint64_t",
        GATHER_DWORDS_HELPER.replace("SLICE_HINT_SETUP", _HINT_SETUP)
        .replace("SLICE_HINT", _HINT)
        .replace("LINE", "8")
        .replace("TYPE", "uint64_t"),
    ),
    16: (
        "slice_gather_b128",
        "slice_b128",
        GATHER_B128_HELPER.replace("SLICE_HINT_SETUP", _HINT_SETUP)
        .replace("SLICE_HINT", _HINT)
        .replace("LINE", "4")
        .replace("TYPE", "slice_b128"),
    ),
}
"""The scalar gather of each element width ``run_choices`` gives ``scalar`` runs
(``GATHER_ELEMENT_BYTES``): its name (also its feature in a unit), C element type and
C text, printed once in a unit that uses it. Measured (lead, 2026-11-28, session 25,
C variants in one process, L2-resident sources of 256 KB, medians of 151 rounds, ns
per element; `notes/s25/tv.c`, `hv.c`): 4-byte elements at steps 3, -3, 4, -8, 16,
a store each 0.35-0.56, one packed 8-byte store an iteration 0.35-0.48, two 0.24-0.48;
8-byte elements, a store each 0.36-0.91, pairs in 16-byte stores 0.29-0.90; bytes keep
one packed word an iteration (two: slower at 4 of 5 steps, 0.18-0.37 -> 0.20-0.34).
2-byte elements two words an iteration since session 26 (one before): in C
(`notes/s26/gw3.txt`, steps 3 to 16 either way, 64 KB and 4 MB spans, medians of
15-101 rounds) 2-10% faster at most steps, 8 and -8 of a 4 MB span 2-3% slower once;
the 18 cases of sweep seeds 0-7 with a cached 2-byte gather (in-process A/B, two runs
of 5 rounds per seed, `notes/s26/abh2_sel.txt`): 11 faster by more than 5% (seed 5
case 73, runs of 102 at -8, 0.76-0.83 -> 0.59-0.61x numpy; seed 0 case 94 0.54-0.58 ->
0.44-0.50), 5 alike, 2 slower in one of the two runs and faster in three more
alternating ones (`abh2_recheck.txt`: seed 3 case 67 0.75-0.81 -> 0.61-0.78, seed 0
case 26 0.65-0.87 -> 0.61-0.68)."""

GATHER_BY_STEP_BYTES = (1, 2)
"""The element widths whose cached gather a dynamic run calls through a switch on its
run-time step (``GATHER_BY_STEP_HELPERS``): the steps ``GATHER_BY_STEP_STEPS`` each get
a copy of the gather for that step; a static run's step is a constant already. Measured
(session 37, 2026-11-29, the Zen 3 VM; C variants in one process, `/work/notes36/hand.py`
with `/work/notes37/vsw.py`, medians of 7 rounds, kernel/numpy with run-time
parameters, `/work/notes37/vsw_a.txt`, `vsw_b.txt`): the 59 cases of sweep seeds 0-15 with
a cached gather of 1- or 2-byte elements at a step of at most 4 either way (or of 16-127
elements at any step), geometric mean of the ratio to the old kernel 0.96, 25 faster by
more than 5% (seed 11 case 19, ``i8`` runs of 22 at step 2, 1.54-1.71 -> 1.23; seed 14
case 54 1.12 -> 0.73; seed 7 case 59 0.90-0.95 -> 0.62; seed 3 case 76 0.75-0.77 ->
0.59), 7 slower by more than 5% in that run, each alike or faster measured again
twice (seed 9 case 33 0.49-0.73 -> 0.51-0.66, seed 13 case 53 0.99-1.02 -> 0.83-0.88)."""

GATHER_BY_STEP_STEPS = (2, -2, 3, -3, 4, -4)
"""The run-time steps that get a gather of their own (``GATHER_BY_STEP_BYTES``)."""


def _by_step_helper(size: int) -> tuple[str, str, str]:
    """The by-step entry of the gather of ``size``-byte elements: name, C element
    type, C text (``_BY_STEP_TEMPLATE``)."""
    name, c_type, _ = GATHER_HELPERS[size]
    cases = "\n".join(
        f"    case {step}: {name}_body(d, s, n, {step}, ahead); return;"
        for step in GATHER_BY_STEP_STEPS
    )
    text = (
        _BY_STEP_TEMPLATE.replace("CASES", cases)
        .replace("STEPS", ", ".join(map(str, GATHER_BY_STEP_STEPS)))
        .replace("NAME", name)
        .replace("TYPE", c_type)
    )
    return f"{name}_by_step", c_type, text


GATHER_BY_STEP_HELPERS: dict[int, tuple[str, str, str]] = {
    size: _by_step_helper(size) for size in GATHER_BY_STEP_BYTES
}
"""The by-step gathers of a dynamic run (``GATHER_BY_STEP_BYTES``), printed after the
gathers they call."""

_STREAM_GATHER_TEMPLATE = r"""
/* Streams n WIDTH-byte elements taken step elements apart from s to d: those before
 * d's first cache line and after its last whole one stored plainly (no line gets plain
 * and non-temporal stores), each whole line as four 16-byte non-temporal stores of
 * elements PACKED in registers, with no staging buffer. */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-vectorize")))
#endif
static void NAME(TYPE *restrict d, const TYPE *restrict s, int64_t n, int64_t step, int64_t ahead) {
#if defined(__SSE2__)
    int64_t k = 0;
    while (k < n && ((uintptr_t)(d + k) & 63) != 0) {
        d[k] = s[k * step];
        k += 1;
    }
    SLICE_HINT_SETUP
    if (step < 0 && hinted == 0 && k < n) {
        /* a run reading downwards that hints nothing: its whole lines last first, so
         * that the source is read upwards, which the hardware prefetchers follow (no
         * line for a count of 0 or less) */
        const int64_t lines = (n - k) / LINE;
        for (int64_t line = lines - 1; line >= 0; line -= 1) {
            const int64_t at = k + line * LINE;
            for (int q = LINE - STORE; q >= 0; q -= STORE) {
                STREAM_STORE_AT
            }
        }
        k += lines * LINE;
    }
    for (; k + LINE <= hinted; k += LINE) {
        SLICE_HINT
        for (int q = 0; q < LINE; q += STORE) {
            STREAM_STORE
        }
    }
    for (; k + LINE <= n; k += LINE)
        for (int q = 0; q < LINE; q += STORE) {
            STREAM_STORE
        }
    /* fewer than LINE are left: a trip count gcc sees (with n a constant after
     * cloning, the tail loop for any k, it warned -Waggressive-loop-optimizations on
     * k * step: tests/test_fuzz_programs.py seed 197, a run of 16 bytes) */
    for (int c = 0; c < LINE && k < n; c += 1, k += 1)
        d[k] = s[k * step];
#else
    CACHED(d, s, n, step, ahead);
#endif
}
"""

_PACKED_STREAM_STORE = (
    "const TYPE *p = s + (k + q) * step;\n"
    + 12 * " "
    + _PACK_TWO_WORDS.replace("\n", "\n" + 12 * " ")
    + """
            _mm_stream_si128((__m128i *)(d + k + q),
                             _mm_set_epi64x((long long)v, (long long)w));"""
)
"""The 16-byte non-temporal store of ``_STREAM_GATHER_TEMPLATE`` for 1-, 2- and 4-byte
elements: PER elements packed into each of two words (x86 is little-endian)."""

_PAIRED_STREAM_STORE = """const __m128i a = _mm_loadl_epi64((const __m128i *)(s + (k + q) * step));
            const __m128i b = _mm_loadl_epi64((const __m128i *)(s + (k + q + 1) * step));
            _mm_stream_si128((__m128i *)(d + k + q), _mm_unpacklo_epi64(a, b));"""
"""The 16-byte non-temporal store of ``_STREAM_GATHER_TEMPLATE`` for 8-byte elements:
two of them paired."""


_WHOLE_STREAM_STORE = """_mm_stream_si128((__m128i *)(d + k + q),
                            _mm_loadu_si128((const __m128i *)(s + (k + q) * step)));"""
"""The 16-byte non-temporal store of ``_STREAM_GATHER_TEMPLATE`` for 16-byte elements:
one element, loaded unaligned (an element is 8-byte aligned)."""


def _stream_gather_helper(size: int) -> tuple[str, str, str]:
    """The streamed scalar gather of ``size``-byte elements (1, 2, 4, 8 or 16: a
    ``STREAM_GATHER_ELEMENT_BYTES`` width), falling back to the cached one of its width
    (``GATHER_HELPERS``) without SSE2, as a ``STREAM_GATHER_HELPERS`` entry:
    ``slice_stream_gather_*`` after the cached one's name."""
    cached, c_type, _ = GATHER_HELPERS[size]
    name = cached.replace("slice_gather_", "slice_stream_gather_")
    packed, store = {
        8: ("paired", _PAIRED_STREAM_STORE),
        16: ("whole", _WHOLE_STREAM_STORE),
    }.get(size, ("packed", _PACKED_STREAM_STORE))
    return (
        name,
        c_type,
        (
            _STREAM_GATHER_TEMPLATE.replace(
                "STREAM_STORE_AT",
                store.replace("k + q", "at + q").replace("\n", "\n    "),
            )
            .replace("STREAM_STORE", store)
            .replace("SLICE_HINT_SETUP", _HINT_SETUP)
            .replace("SLICE_HINT", _HINT)
            .replace("NAME", name)
            .replace("TYPE", c_type)
            .replace("WIDTH", str(size))
            .replace("PACKED", packed)
            .replace("LINE", str(CACHE_LINE_BYTES // size))
            .replace("STORE", str(16 // size))
            .replace("PER", str(8 // size))
            .replace("BITS", str(8 * size))
            .replace("CACHED", cached)
        ),
    )


STREAM_GATHER_HELPERS: dict[int, tuple[str, str, str]] = {
    size: _stream_gather_helper(size) for size in STREAM_GATHER_ELEMENT_BYTES
}
"""The streamed scalar gather of each element width (``STREAM_GATHER_ELEMENT_BYTES``),
for ``nontemporal scalar`` runs: name, C element type, C text (printed after the cached
gathers, which it falls back to without SSE2). Measured for 1- and 2-byte elements in
session 26 (``STREAM_GATHER_ELEMENT_BYTES``): the 4-byte helper from the packed store of
the narrower ones ran as fast as its own form had (`notes/s26/sg1.txt`, steps 3 and -5,
5.9-6.1 and 8.2-8.5 ms either way). Since session 39 a run at a negative step that hints
nothing stores its whole lines last first, so that its source is read upwards (as the
reversed register helpers read theirs): the 6 cases of bench/sweep.py seeds 0-10 with
such a run (lead, 2026-11-29, in-process A/B against the C before, medians of 9, 11 and
15 rounds, kernel/numpy, `/work/notes39/abup_a.txt`-`abup_c.txt`): geometric mean of
new/old 0.97 over the 18 pairs; seed 2 case 14 (``complex<f64>`` at -3 over a 79 MiB
span) 0.93, 0.95 and 0.96; seed 1 case 53 1.01, 0.92 and 0.87; seed 11 case 44 (the
same kind over 38 MiB) 1.00, 1.02 and 1.05; with run-time parameters 0.95-1.00."""

SMALL_COPY_HELPER = r"""
/* Copies n < 64 bytes from s to d in at most six moves of fixed size: gcc expands a
 * memcpy whose size it knows to be below 64 (a run's head or tail) to rep movsb
 * whatever -mmemcpy-strategy says, 30-odd cycles even for no bytes; in a dynamic
 * kernel that was W6's rows' cost over the static kernel (1.11-1.35x -> 0.99-1.02x,
 * notes/s26/small2.txt). */
static inline void slice_copy_small(unsigned char *restrict to,
                                    const unsigned char *restrict from, int64_t n) {
    if (n == 0)
        return;
    if (n & 32) {
        memcpy(to, from, 32);
        to += 32;
        from += 32;
    }
    if (n & 16) {
        memcpy(to, from, 16);
        to += 16;
        from += 16;
    }
    if (n & 8) {
        memcpy(to, from, 8);
        to += 8;
        from += 8;
    }
    if (n & 4) {
        memcpy(to, from, 4);
        to += 4;
        from += 4;
    }
    if (n & 2) {
        memcpy(to, from, 2);
        to += 2;
        from += 2;
    }
    if (n & 1)
        *to = *from;
}
"""
"""``slice_copy_small``, which the streamed copies and ``slice_memcpy`` call, printed
once before them."""

MEMCPY_HELPER = r"""
/* memcpy of n bytes from s to d, but where d lies 1-63 bytes above s modulo 4 KiB and
 * the run is 2 KiB to 1 MiB, 64 bytes a step in fixed-size moves (vector moves) to
 * whole lines of d: glibc 2.36 copies runs from its rep_movsb_threshold (2112 bytes
 * on a CPU with fast short string moves, 4 KiB or 8 KiB else) up to the L2's size
 * (512 KiB to 1 MiB on AMD's Zen 3-5) by the string move on AMD processors, and on
 * session 57's Zen 3 that took 10-41x the time of the loop at 2113 bytes to 256 KiB,
 * 16 bytes apart in the page (1.6x at 48 bytes), and the same elsewhere
 * (notes/s57/mc16.c, review/REPORT.md); above it glibc's own vector loop was 0.75-1.0x
 * this one's time (near.py). Not inlined: the rare path. */
static __attribute__((noinline)) void slice_copy_lines(unsigned char *restrict to,
                                                      const unsigned char *restrict from,
                                                      size_t n) {
    const size_t head = -(uintptr_t)to & 63; /* n >= 64: within the run */
    slice_copy_small(to, from, (int64_t)head);
    to += head;
    from += head;
    n -= head;
    for (; n >= 64; n -= 64, to += 64, from += 64)
        memcpy(to, from, 64);
    slice_copy_small(to, from, (int64_t)n);
}

static inline int slice_near_above(const void *d, const void *s) {
    return (((uintptr_t)d - (uintptr_t)s - 1) & 4095) < 63;
}

/* Whether slice_memcpy copies n bytes from s to d by slice_copy_lines. */
static inline int slice_memcpy_by_lines(const void *d, const void *s, size_t n) {
    return n >= 2048 && n < 1048576 && slice_near_above(d, s);
}

static inline void slice_memcpy(void *restrict d, const void *restrict s, size_t n) {
    if (slice_memcpy_by_lines(d, s, n)) {
        slice_copy_lines(d, s, n);
        return;
    }
    memcpy(d, s, n);
}
"""
"""``slice_memcpy``, the copy of a cached contiguous run (and of ``memref.copy``),
printed once in a unit that uses it (after ``SMALL_COPY_HELPER``)."""

STRING_MOVE_SANITIZED = r"""
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SLICE_STRING_MOVE_SANITIZED 1 /* clang -fsanitize=address */
#endif
#endif
"""
"""Defines ``SLICE_STRING_MOVE_SANITIZED`` under clang's AddressSanitizer (gcc's
defines ``__SANITIZE_ADDRESS__``): the string move is then ``memcpy``."""

STRING_MOVE_HELPER = r"""
/* Copies n bytes from s to d with the CPU's string move (rep movsb on x86-64), where
 * the host's calibration measured it faster than memcpy for runs this long (a
 * slice.copy_run's string_move: on session 46's Zen 5, 0.80-0.90x memcpy's time on
 * cached copies of 1-8 MiB, 0.65-0.80x on 12-64 MiB, as glibc 2.36's memcpy leaves it
 * above the L2's size on AMD); memcpy elsewhere, and under AddressSanitizer, which does
 * not see an assembly's accesses. Also slice_memcpy where d lies 1-63 bytes above s
 * modulo 4 KiB: there the string move took 13-16x memcpy's time on session 57's Zen 3
 * at 1-16 MiB, 8 and 16 bytes above (notes/s57/rms.c). */
static inline void slice_string_move(void *restrict d, const void *restrict s, size_t n) {
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__SANITIZE_ADDRESS__) \
    && !defined(SLICE_STRING_MOVE_SANITIZED)
    if (slice_near_above(d, s)) {
        slice_memcpy(d, s, n);
        return;
    }
    __asm__ volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
#else
    memcpy(d, s, n);
#endif
}
"""
"""The C helper of ``string_move`` runs, printed once in a unit that uses it (after
``SLICE_STRING_MOVE_SANITIZED``, which clang's AddressSanitizer defines, in the
header)."""

PREFETCH_HELPER = r"""
/* A hint to fetch the cache line at p, which the copy reads soon, into the outer
 * caches (prefetcht2, not into L1: a prefetcht0 holds one of L1's few fill buffers,
 * which the streamed stores need; on W2 the median went 3.0x -> 1.9x memcpy); no
 * access. */
static inline void slice_prefetch(const void *p) {
#if defined(__GNUC__)
    __builtin_prefetch(p, 0, 1);
#else
    (void)p;
#endif
}
"""
"""The C helper of prefetching copies, printed once in a unit that uses it."""

PREFETCH_ROWS_HELPER = (
    r"""
/* Prefetches the run that the loops around a dynamic run read next: the run of n
 * elements of size bytes at source offset so, stride stride, is row row of a loop of
 * rows rows, row_step elements apart, in a loop stepping plane_step elements (0:
 * no loop around the rows). The run ahead rows later in the loops' order is prefetched (ahead: the
 * power of two of rows, at least one, that makes half of AHEAD_BYTES to AHEAD_BYTES:
 * no division per run): row_prefetch's rule for static runs, at run time. Where the
 * loop around continues the rows (it skips one or two rows) the distance is ahead
 * rows; else a loop of no more than ahead rows prefetches nothing, and where at least
 * one row in WRAP_SHARE would prefetch past its own iteration of the loop around, the
 * last ahead rows of each prefetch the next iteration's first rows. Whether the run is
 * prefetched at all (its span, the gap to the next row, the lines the copy reads, a
 * row loop longer than the rows ahead or continued by its plane) is decided in the IR,
 * once before the loops (lower_dynamic.prefetch_gate: a row count of 0 or 1 prefetches
 * nothing, and the C target calls this only for more; the gate's rows ahead, rounded
 * up, are never fewer than the power of two here, so the row count test below never
 * returns where the gate let the call through); what is checked
 * here, a source span of at most limit elements, rows of at most max_step elements
 * that do not overlap the span, keeps every product in range. Whole rows,
 * the gap included, where the span covers at least half of a row's lines and a row
 * is at most PERIOD_BYTES bytes (prefetch_whole_rows). Every address formed lies
 * inside the source view of source_size elements; no arithmetic here can overflow,
 * whatever the values (each product is bounded first).
 *
 * A prefetch is no side effect to GCC: a function that only prefetches and that it can
 * prove to return is pure to it, and it deletes calls of it. GCC 12 -O3 left no call
 * at 8 of the 11 call sites of W6's dynamic kernel (every row loop of contiguous
 * runs), none at all with -ffinite-loops (which lets it assume the loop computing
 * ahead ends), and none where ahead was a constant. The empty volatile asm at the
 * end is a side effect, so every call stays (a test in test_c_backend.py compiles a
 * kernel to assembly and finds them); noinline keeps it a function, as GCC made it
 * before (a call per run). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void slice_prefetch_rows(const void *source, int64_t source_size, int64_t so,
                                int64_t n, int64_t stride, int64_t row, int64_t rows,
                                int64_t row_step, int64_t plane_step, int64_t size,
                                int64_t limit, int64_t max_step) {
    if (n <= 0 || n > limit || stride < -limit || stride > limit)
        return;
    if (source_size > INT64_MAX / 4)
        return;
    if (row_step == 0 || row_step < -max_step || row_step > max_step)
        return;
    const int64_t reach = (n - 1) * stride;
    const int64_t low = reach < 0 ? reach : 0;
    const int64_t span = (reach < 0 ? -reach : reach) + 1;
    if (span > limit)
        return;
    const int64_t row_bytes = (row_step < 0 ? -row_step : row_step) * size;
    if (row_bytes < span * size)
        return;
    int64_t ahead = 1;
    while (2 * ahead * row_bytes <= AHEAD_BYTES)
        ahead <<= 1;
    int64_t distance = ahead * row_step;
    const int has_plane = plane_step != 0;
    int64_t jump = 0;
    if (has_plane) {
        int64_t plane_rows;
        if (slice_mul_overflows(rows, row_step, &plane_rows) || plane_rows < -source_size
            || plane_rows > source_size || plane_step < -source_size
            || plane_step > source_size)
            return;
        jump = plane_step - plane_rows;
    }
    if (!has_plane || (jump != row_step && jump != 2 * row_step)) {
        if (rows <= ahead)
            return;
        if (has_plane && ahead * WRAP_SHARE >= rows && row >= rows - ahead)
            distance += jump;
    }
    int64_t extent = span;
    const int64_t lines = (span * size + LINE_BYTES - 1) / LINE_BYTES;
    if (2 * lines * LINE_BYTES >= row_bytes && row_bytes <= PERIOD_BYTES)
        extent = row_bytes / size;
    if (so < 0 || so > INT64_MAX / 2 || source_size < extent)
        return;
    const int64_t first = so + low;
    if (first < 0 || first > source_size - extent || distance < -first
        || distance > source_size - extent - first)
        return;
    const char *ahead_run = (const char *)source + (first + distance) * size;
    for (int64_t k = 0; k < extent * size; k += LINE_BYTES)
        slice_prefetch(ahead_run + k);
#if defined(__GNUC__)
    __asm__ volatile("");
#endif
}
""".replace("AHEAD_BYTES", str(PREFETCH_AHEAD_BYTES))
    .replace("PERIOD_BYTES", str(PREFETCH_PERIOD_BYTES))
    .replace("WRAP_SHARE", str(PREFETCH_WRAP_SHARE))
    .replace("LINE_BYTES", str(CACHE_LINE_BYTES))
)
"""The C helper of dynamic runs' prefetch, printed once in a unit that uses it."""

MUL_OVERFLOWS_HELPER = r"""
/* Whether a * b leaves int64_t; else stores it in *r. Defined for every pair of
 * int64_t values (no operation here can overflow). */
static inline int slice_mul_overflows(int64_t a, int64_t b, int64_t *r) {
#if defined(__GNUC__)
    return __builtin_mul_overflow(a, b, r);
#else
    if (a == 0 || b == 0) {
        *r = 0;
        return 0;
    }
    if (a > 0 ? (b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a)
              : (b > 0 ? a < INT64_MIN / b : a < INT64_MAX / b))
        return 1;
    *r = a * b;
    return 0;
#endif
}
"""
"""The overflow-checked product of the guards of dynamic runs and dynamic view sizes."""

PREBUILT_ENTRIES: dict[str, tuple[str, ...]] = {
    "stream": (
        "slice_stream",
        "slice_stream_in_order",
        "slice_stream_reversed",
        "slice_stream_even",
        "slice_stream_odd_reversed",
        "slice_stream_fence",
    ),
    "copy": ("slice_copy_reversed", "slice_copy_even", "slice_copy_odd_reversed"),
    **{name: (name,) for name, _, _ in STREAM_GATHER_HELPERS.values()},
}
"""The helper families a unit with a run-time run takes from a prebuilt object (by
feature), and the functions of each the generated code calls. Their C is most of a
dynamic unit's compile time: the six register helpers (each with its AVX-512, AVX2
and SSE2 bodies) took 0.15-0.22 s of gcc -O3 each, W4's run-time kernel 1.8 s in all
(session 59, the Zen 3 VM). Their runs are long (a register run at least
``MIN_REGISTER_RUN_BYTES``, a streamed one ``MIN_STREAM_RUN_BYTES``), so a call costs
little; the element size a register helper takes is a constant of the call, and the
object has a copy for each (``PREBUILT_SIZES``). The cached scalar gathers stay
inline: their runs may be 10 elements, where the call was up to 28% of the time
(``i8`` rows of 13 at a run-time step of 3, `/work/notes59/ab_short.py`). A static
unit keeps every helper inline, where gcc specializes them for its constant sizes
and steps."""

PREBUILT_PARAMS: dict[str, dict[str, str]] = {
    family: _entry_params(
        family,
        {
            "stream": STREAM_HELPERS,
            "copy": COPY_HELPERS,
            **{name: text for name, _, text in STREAM_GATHER_HELPERS.values()},
        }[family],
    )
    for family in PREBUILT_ENTRIES
}
"""The parameters of each prebuilt family's entries, read from their definitions."""

PREBUILT_SIZES = (1, 2, 4, 8, 16)
"""The element sizes the helper object has a copy of each register helper for (every
element width of SPEC section 1; ``NAME_n`` takes any other)."""

PREBUILT_GUARD = "#if defined(SLICE_PREBUILT_HELPERS)"
"""The line opening a unit's prebuilt helpers (``prebuilt_block``): a unit with it
links ``prebuilt_helper_unit``'s object where the runtime builds it."""

PREBUILT_COMMENT = """
/* The streamed copies, register helpers and streamed gathers are compiled once into
 * an object the runtime links (SLICE_PREBUILT_HELPERS defined): here their
 * declarations. Without it, this unit defines them itself and compiles alone. */
"""

PREBUILT_LINKAGE = """
#if defined(__GNUC__)
#define SLICE_PREBUILT __attribute__((visibility("hidden")))
#else
#define SLICE_PREBUILT
#endif
"""
"""The linkage of the prebuilt entries: not exported from the library they are linked
into, so each kernel's library keeps its own (and calls them directly, not through the
procedure linkage table)."""

RESERVED_NAMES = RESERVED_NAMES | frozenset(
    [
        "SLICE_PREBUILT",
        "SLICE_PREBUILT_HELPERS",
        *(
            f"{name}_{k}"
            for entries in PREBUILT_PARAMS.values()
            for name, params in entries.items()
            if _sized(params) is not None
            for k in (*PREBUILT_SIZES, "n")
        ),
    ]
)
"""With the names of the prebuilt helpers (their macros, each size's copy of a
register helper): a kernel ``@copy_even_4`` would clash with a declaration only where
they are prebuilt."""
