"""The C target's memory-safety check (``slice_dialect.backend.c_safety``, issue 10 A).

Hand-written lowered IR of every hostile class is refused with a ``SliceError`` that
names the op and its location; what the check must accept is accepted: the output of
``canonicalize-slices`` + ``convert-slice-to-loops`` for random programs of every
framework op (``tests/generators.py``) and the lit lowering tests, loops that never run,
and the in-bounds twin of each hostile program. On single loops with affine indices the
check is exact (accepts if and only if every access is in bounds).

Environment: ``SLICE_SAFETY_SEEDS`` (default 12) random programs per generator.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from generators import OPS, random_chain_program, random_slice_program
from hostile import CLASSES, hostile_program
from xdsl.dialects import arith, func, memref
from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    UnregisteredOp,
    i32,
    i64,
)
from xdsl.ir import Block, Region

import slice_dialect
from slice_dialect.backend.c import emit_c
from slice_dialect.backend.c_safety import (
    ACCESS_RULES,
    ALLOC_LIMIT_BYTES,
    INT64_MAX,
    check_module,
)
from slice_dialect.compiler import lower, make_context, parse_module
from slice_dialect.errors import SliceError
from slice_dialect.interpreter import make_interpreter
from slice_dialect.locations import LocatingParser
from slice_dialect.runtime.kernels import load_kernel

SEEDS = int(os.environ.get("SLICE_SAFETY_SEEDS", "12"))
CTX = make_context()
TESTS = Path(__file__).resolve().parent


def lowered(body: str, args: str = "%out: memref<4xi32>") -> str:
    """A lowered function ``@f(args)`` with ``%c0``, ``%c1``, ``%c4`` and ``body``."""
    return (
        f"func.func @f({args}) {{\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        "  %c4 = arith.constant 4 : index\n"
        f"{body}"
        "  func.return\n"
        "}\n"
    )


def refused(text: str, op: str, pattern: str) -> SliceError:
    """``check_module`` and ``emit_c`` refuse ``text`` naming ``op``, at a location."""
    module = parse_module(text, CTX, "hostile.mlir")
    with pytest.raises(SliceError) as info:
        check_module(module)
    error = info.value
    assert str(error).startswith(f"{op}: "), str(error)
    assert re.search(pattern, str(error)), str(error)
    assert error.location is not None
    assert error.location.startswith("hostile.mlir:"), error.location
    # the C target refuses it too (the printer's own message comes first where the
    # printer has none for it)
    with pytest.raises(SliceError, match=re.escape(op)):
        emit_c(module)
    return error


def accepted(text: str) -> None:
    module = parse_module(text, CTX)
    check_module(module)
    emit_c(module)


I32 = "memref<4xi32>"
HEAP = "memref<8192xi32>"

HOSTILE: list[tuple[str, str, str, str]] = [
    # id, body, op, message pattern
    (
        "store past the end",
        f"  %v = memref.load %out[%c0] : {I32}\n  memref.store %v, %out[%c4] : {I32}\n",
        "memref.store",
        r"the index is 4, outside %out \(memref<4xi32>\), whose indices are \[0, 3\]",
    ),
    (
        "store at -1000000",
        "  %k = arith.constant -1000000 : index\n"
        f"  %v = memref.load %out[%c0] : {I32}\n  memref.store %v, %out[%k] : {I32}\n",
        "memref.store",
        "the index is -1000000",
    ),
    (
        "load at INT64_MIN",
        "  %k = arith.constant -9223372036854775808 : index\n"
        f"  %v = memref.load %out[%k] : {I32}\n  memref.store %v, %out[%c0] : {I32}\n",
        "memref.load",
        "the index is -9223372036854775808",
    ),
    (
        "one dimension out of bounds",
        "  %b = memref.alloc() : memref<2x3xi32>\n"
        "  %v = memref.load %b[%c0, %c4] : memref<2x3xi32>\n"
        f"  memref.store %v, %out[%c0] : {I32}\n",
        "memref.load",
        r"the index is 4, outside dimension 1 of %b",
    ),
    (
        "computed index",
        "  %c2 = arith.constant 2 : index\n"
        "  scf.for %i = %c0 to %c4 step %c1 {\n"
        "    %k = arith.muli %i, %c2 : index\n"
        f"    %v = memref.load %out[%k] : {I32}\n"
        f"    memref.store %v, %out[%c0] : {I32}\n"
        "  }\n",
        "memref.load",
        r"the index may be anywhere in \[0, 6\]",
    ),
    (
        "double dealloc",
        f"  %b = memref.alloc() : {HEAP}\n"
        f"  memref.dealloc %b : {HEAP}\n  memref.dealloc %b : {HEAP}\n",
        "memref.dealloc",
        r"frees %b again, after the memref.dealloc at hostile.mlir:\d+:\d+ "
        r"\(double free\)",
    ),
    (
        "use after dealloc",
        f"  %b = memref.alloc() : {HEAP}\n  memref.dealloc %b : {HEAP}\n"
        f"  %v = memref.load %b[%c0] : {HEAP}\n  memref.store %v, %out[%c0] : {I32}\n",
        "memref.load",
        r"uses %b after the memref.dealloc at .* \(use after free\)",
    ),
    (
        "use of a view after dealloc, in a loop",
        "  %b = memref.alloc() : memref<2x2xi32>\n"
        "  %flat = memref.collapse_shape %b [[0, 1]] : memref<2x2xi32> into "
        f"{I32}\n"
        "  memref.dealloc %b : memref<2x2xi32>\n"
        "  scf.for %i = %c0 to %c4 step %c1 {\n"
        f"    %v = memref.load %flat[%i] : {I32}\n"
        f"    memref.store %v, %out[%i] : {I32}\n"
        "  }\n",
        "memref.load",
        r"uses %flat after the memref.dealloc .* that frees %b",
    ),
    (
        "dealloc in a loop",
        f"  %b = memref.alloc() : {HEAP}\n"
        "  scf.for %i = %c0 to %c4 step %c1 {\n"
        f"    memref.dealloc %b : {HEAP}\n"
        "  }\n",
        "memref.dealloc",
        "outside the block of its memref.alloc",
    ),
    (
        "dealloc of an argument",
        f"  memref.dealloc %out : {I32}\n",
        "memref.dealloc",
        "a function argument; only a memref.alloc may be freed",
    ),
    (
        "huge alloc",
        "  %b = memref.alloc() : memref<1099511627776x2xf32>\n",
        "memref.alloc",
        r"takes 8796093022208 bytes, more than the 1099511627776",
    ),
    (
        "step 0",
        "  scf.for %i = %c0 to %c4 step %c0 {\n  }\n",
        "scf.for",
        r"step %c0 is 0; the C target needs a step >= 1 \(a loop with this step never",
    ),
    (
        "negative step",
        "  %m = arith.constant -1 : index\n  scf.for %i = %c4 to %c0 step %m {\n  }\n",
        "scf.for",
        "step %m is -1",
    ),
    (
        "step not a constant",
        "  scf.for %j = %c1 to %c4 step %c1 {\n"
        "    scf.for %i = %c0 to %c4 step %j {\n    }\n  }\n",
        "scf.for",
        r"step %j may be anywhere in \[1, 3\]; the C target needs a constant step",
    ),
    (
        "addi overflow",
        f"  %big = arith.constant {INT64_MAX} : index\n"
        "  %k = arith.addi %big, %c1 overflow<nsw> : index\n",
        "arith.addi",
        "the result of operands 9223372036854775807, 1 is 9223372036854775808, which "
        r"leaves int64_t \(index overflow; overflow<nsw> says it cannot happen\)",
    ),
    (
        "muli overflow in a loop",
        f"  %big = arith.constant {2**62} : index\n"
        "  scf.for %i = %c0 to %c4 step %c1 {\n"
        "    %k = arith.muli %big, %i overflow<nsw> : index\n"
        "  }\n",
        "arith.muli",
        r"may be anywhere in \[0, 13835058055282163712\], which leaves int64_t",
    ),
    (
        "loop increment overflow",
        f"  %lb = arith.constant {INT64_MAX - 1} : index\n"
        f"  %ub = arith.constant {INT64_MAX} : index\n"
        "  %c3 = arith.constant 3 : index\n"
        "  scf.for %i = %lb to %ub step %c3 {\n  }\n",
        "scf.for",
        r"may reach 9223372036854775806, and the step 3 after it leaves int64_t",
    ),
    (
        "store past the end in an else branch",
        "  %fb = memref.alloc() : memref<1xi1>\n"
        "  %b = memref.load %fb[%c0] : memref<1xi1>\n"
        "  scf.if %b {\n"
        "  } else {\n"
        f"    %v = memref.load %out[%c0] : {I32}\n"
        f"    memref.store %v, %out[%c4] : {I32}\n"
        "  }\n",
        "memref.store",
        r"the index is 4, outside %out",
    ),
    (
        "divsi of INT64_MIN by -1",
        "  %min = arith.constant -9223372036854775808 : index\n"
        "  %m1 = arith.constant -1 : index\n"
        "  %c3 = arith.constant 3 : index\n"
        "  %q = arith.divsi %min, %m1 : index\n"
        "  %i = arith.minsi %q, %c3 : index\n"
        f"  %v = memref.load %out[%i] : {I32}\n"
        f"  memref.store %v, %out[%c0] : {I32}\n",
        "memref.load",
        r"the index may be anywhere in \[-9223372036854775808, 3\]",
    ),
    (
        "i32 addi overflow",
        f"  %a = memref.load %out[%c0] : {I32}\n"
        "  %s = arith.addi %a, %a overflow<nsw> : i32\n",
        "arith.addi",
        r"leaves int32_t",
    ),
    (
        "view larger than its buffer",
        "  %b = memref.alloc() : memref<4xi32>\n"
        "  %w = memref.collapse_shape %b [[0]] : memref<4xi32> into memref<400xi32>\n",
        "memref.collapse_shape",
        "a view must have the same element type and number of elements",
    ),
]


@pytest.mark.parametrize(
    ("body", "op", "pattern"),
    [case[1:] for case in HOSTILE],
    ids=[case[0] for case in HOSTILE],
)
def test_hostile_lowered_ir_is_refused(body: str, op: str, pattern: str) -> None:
    refused(lowered(body), op, pattern)


def test_dynamic_view_with_a_static_dim_not_its_group_product_is_refused() -> None:
    """A ``memref.collapse_shape`` of a ``?`` source may not claim a static dim that is
    not the product of the dims it collapses (the run-time guards of a dynamic run
    would take the view for 100 rows of a buffer of 6)."""
    refused(
        lowered(
            "  %v = memref.collapse_shape %x [[0, 1], [2]] : memref<2x3x?xi8> into "
            "memref<100x?xi8>\n",
            "%x: memref<2x3x?xi8>, %out: memref<4xi32>",
        ),
        "memref.collapse_shape",
        "a view must have the same element type and number of elements",
    )


def test_loop_to_a_run_time_dim_is_bounded_by_its_largest_value() -> None:
    """A loop up to a ``memref.dim`` of a ``?`` argument may run to int64's largest
    value (and may not run at all): its index indexes a static buffer only where that
    holds for every dim. The mutants that took the loop for dead or bounded it by the
    dim's least value survived the pytest suite (session 42's mutation review)."""
    body = (
        "  %d = memref.dim %x, %c0 : memref<?xf32>\n"
        "  scf.for %i = %c0 to %d step %c1 {\n"
        f"    %v = memref.load %out[%i] : {I32}\n"
        f"    memref.store %v, %out[%c0] : {I32}\n"
        "  }\n"
    )
    refused(
        lowered(body, "%x: memref<?xf32>, %out: memref<4xi32>"),
        "memref.load",
        r"the index may be anywhere in \[0, 9223372036854775806\]",
    )


def test_signed_compares_of_i1_as_the_interpreter() -> None:
    """``arith.cmpi`` with a signed predicate on ``i1``: true is -1, below false, in
    the C as in MLIR's semantics and the interpreter (the C target reverses the
    operator; a C ``_Bool`` compares 1 > 0)."""
    predicates = ("slt", "sle", "sgt", "sge", "ult", "ugt")
    body = "  %c2 = arith.constant 2 : index\n  %c3 = arith.constant 3 : index\n"
    body += "  %a = memref.load %ab[%c0] : memref<2xi1>\n"
    body += "  %b = memref.load %ab[%c1] : memref<2xi1>\n"
    for k, predicate in enumerate(predicates):
        body += (
            f"  %r{k} = arith.cmpi {predicate}, %a, %b : i1\n"
            f"  %k{k} = arith.constant {k} : index\n"
            f"  memref.store %r{k}, %out[%k{k}] : memref<6xi1>\n"
        )
    text = lowered(body, "%ab: memref<2xi1>, %out: memref<6xi1>")
    module = parse_module(text, CTX)
    for a in (False, True):
        for b in (False, True):
            ab = np.array([a, b])
            got = run_lowered(text, "f", [ab], [(np.bool_, (6,))])
            out = np.zeros(6, np.bool_)
            make_interpreter(module).call_op("f", (ab.copy(), out))
            signed_a, signed_b = -int(a), -int(b)
            truth = [
                signed_a < signed_b,
                signed_a <= signed_b,
                signed_a > signed_b,
                signed_a >= signed_b,
                int(a) < int(b),
                int(a) > int(b),
            ]
            assert got.tolist() == truth, (a, b, got.tolist())
            assert out.tolist() == truth, (a, b, out.tolist())


def test_unknown_op_is_refused() -> None:
    """An op kind without a safety rule, even one the printer would take."""
    module = parse_module(
        lowered(
            "  %c2 = arith.constant 2 : index\n  %q = arith.divui %c4, %c2 : index\n"
        ),
        CTX,
        "hostile.mlir",
    )
    with pytest.raises(SliceError, match=r"^arith.divui: no memory-safety rule") as e:
        check_module(module)
    assert e.value.location is not None
    with pytest.raises(SliceError, match=r"arith\.divui"):
        emit_c(module)
    module = parse_module('"test.op"() : () -> ()', CTX)
    with pytest.raises(SliceError, match=r"^test.op: only func.func at the top level"):
        check_module(module)


def test_copy_of_different_shapes_is_refused() -> None:
    """xDSL's verifier refuses this already; the check does not rely on it."""
    a = memref.AllocOp.get(i32, shape=[2, 3])
    b = memref.AllocOp.get(i32, shape=[6])
    block = Block(
        [a, b, memref.CopyOp(a.memref, b.memref), func.ReturnOp()], arg_types=[]
    )
    f = func.FuncOp("f", ((), ()), Region(block))
    with pytest.raises(SliceError, match=r"^memref.copy: copies .* equal shapes"):
        check_module(ModuleOp([f]))


def test_dynamic_shapes_are_refused() -> None:
    """Arguments may have ``?`` dims (their sizes come from ``slice_dims``); a load or
    a store through one guards its ``?`` dims in the C (session 50), but a whole copy
    is proved only in static shapes; an allocation may have ``?`` dims since session
    56, its sizes checked in its C (``backend/dynamic-alloc.mlir``)."""
    check_module(parse_module(lowered("", "%x: memref<?xi32>, %out: memref<4xi32>"), CTX))
    module = parse_module(
        lowered(
            "  %v = memref.load %x[%c0] : memref<?xi32>\n",
            "%x: memref<?xi32>, %out: memref<4xi32>",
        ),
        CTX,
        "hostile.mlir",
    )
    check_module(module)
    module = parse_module(
        lowered(
            '  "memref.copy"(%x, %y) : (memref<?xi32>, memref<?xi32>) -> ()\n',
            "%x: memref<?xi32>, %y: memref<?xi32>",
        ),
        CTX,
        "hostile.mlir",
    )
    with pytest.raises(SliceError, match=r"^memref.copy: copies a memref of dynamic"):
        check_module(module)
    # an allocation of run-time size (since session 56): its C checks its sizes
    check_module(parse_module(lowered("  %n = memref.alloc(%c4) : memref<?xi32>\n"), CTX))


@pytest.mark.parametrize(
    "body",
    [
        # an empty loop: the body never runs
        "  %m = arith.constant -5 : index\n"
        "  scf.for %i = %c4 to %m step %c1 {\n"
        f"    %v = memref.load %out[%i] : {I32}\n"
        f"    memref.store %v, %out[%c0] : {I32}\n"
        "  }\n",
        # a loop whose bounds come from an outer loop (intervals, not constants)
        "  scf.for %j = %c0 to %c4 step %c1 {\n"
        "    %e = arith.addi %j, %c1 : index\n"
        "    scf.for %i = %j to %e step %c1 {\n"
        f"      %v = memref.load %out[%i] : {I32}\n"
        f"      memref.store %v, %out[%c0] : {I32}\n"
        "    }\n"
        "  }\n",
        # reversed index, one dealloc in the alloc's block, the largest alloc
        "  %c3 = arith.constant 3 : index\n"
        "  %m1 = arith.constant -1 : index\n"
        f"  %b = memref.alloc() : {HEAP}\n"
        "  scf.for %i = %c0 to %c4 step %c1 {\n"
        "    %n = arith.muli %i, %m1 : index\n"
        "    %r = arith.addi %n, %c3 : index\n"
        f"    %v = memref.load %b[%r] : {HEAP}\n"
        f"    memref.store %v, %out[%i] : {I32}\n"
        "  }\n"
        f"  memref.dealloc %b : {HEAP}\n"
        "  %huge = memref.alloc() : memref<1099511627776xi8>\n",
        # an alloc and its dealloc inside a loop body
        "  scf.for %i = %c0 to %c4 step %c1 {\n"
        f"    %b = memref.alloc() : {HEAP}\n"
        f"    memref.dealloc %b : {HEAP}\n"
        "  }\n",
        # a loop running up to INT64_MAX: the last increment still fits
        f"  %lb = arith.constant {INT64_MAX - 4} : index\n"
        f"  %ub = arith.constant {INT64_MAX} : index\n"
        "  %c2 = arith.constant 2 : index\n"
        "  scf.for %i = %lb to %ub step %c2 {\n  }\n",
    ],
    ids=["empty loop", "bounds from a loop", "reversed", "alloc in loop", "near max"],
)
def test_safe_lowered_ir_is_accepted(body: str) -> None:
    accepted(lowered(body))


def test_alloc_limit_is_inclusive() -> None:
    assert ALLOC_LIMIT_BYTES == 2**40
    accepted(lowered("  %b = memref.alloc() : memref<137438953472xf64>\n"))
    refused(
        lowered("  %b = memref.alloc() : memref<137438953473xf64>\n"),
        "memref.alloc",
        "more than the 1099511627776",
    )


@pytest.mark.parametrize("seed", range(200))
def test_exact_on_affine_loops(seed: int) -> None:
    """One loop, index ``i * a + b``: accepted if and only if every iteration's index
    is in bounds (the intervals are exact here)."""
    rng = random.Random(seed)
    n = rng.randrange(1, 40)
    lb = rng.randrange(-10, 30)
    ub = lb + rng.randrange(-3, 40)
    step = rng.randrange(1, 5)
    a, b = rng.randrange(-4, 5), rng.randrange(-40, 40)
    safe = all(0 <= i * a + b < n for i in range(lb, ub, step))
    t = f"memref<{n}xi32>"
    text = lowered(
        f"  %lb = arith.constant {lb} : index\n"
        f"  %ub = arith.constant {ub} : index\n"
        f"  %s = arith.constant {step} : index\n"
        f"  %a = arith.constant {a} : index\n"
        f"  %b = arith.constant {b} : index\n"
        "  scf.for %i = %lb to %ub step %s {\n"
        "    %m = arith.muli %i, %a : index\n"
        "    %k = arith.addi %m, %b : index\n"
        f"    %v = memref.load %x[%k] : {t}\n"
        f"    memref.store %v, %out[%c0] : {I32}\n"
        "  }\n",
        f"%x: {t}, %out: {I32}",
    )
    module = parse_module(text, CTX)
    if safe:
        check_module(module)
    else:
        with pytest.raises(SliceError, match=r"^memref\.load: the index"):
            check_module(module)


# slice.copy_run (ABI.md): matched by name, an unregistered op stands in for it here


def copy_run_module(
    src: int, dst: int, so: int, do: int, count: int, s: int, d: int
) -> ModuleOp:
    block = Block(arg_types=[MemRefType(i32, [src]), MemRefType(i32, [dst])])
    so_op = arith.ConstantOp(IntegerAttr(so, IndexType()))
    do_op = arith.ConstantOp(IntegerAttr(do, IndexType()))
    run = UnregisteredOp.with_name("slice.copy_run").create(
        operands=[block.args[0], so_op.result, block.args[1], do_op.result],
        attributes={
            "count": IntegerAttr(count, i64),
            "source_stride": IntegerAttr(s, i64),
            "dest_stride": IntegerAttr(d, i64),
        },
    )
    block.add_ops([so_op, do_op, run, func.ReturnOp()])
    f = func.FuncOp("f", (list(block.arg_types), []), Region(block))
    return ModuleOp([f])


def test_copy_run_has_an_access_rule() -> None:
    assert "slice.copy_run" in ACCESS_RULES


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((10, 4, 0, 0, 4, 3, 1), None),  # reads 0, 3, 6, 9
        ((10, 4, 9, 0, 4, -3, 1), None),  # reads 9, 6, 3, 0
        ((10, 8, 2, 1, 4, 1, 2), None),  # writes 1, 3, 5, 7
        ((10, 4, 1, 0, 4, 3, 1), r"reads may be anywhere in \[1, 10\]"),
        ((10, 4, 8, 0, 4, -3, 1), r"reads may be anywhere in \[-1, 8\]"),
        ((10, 8, 0, 2, 4, 1, 2), r"writes may be anywhere in \[2, 8\]"),
        ((10, 4, 0, -1, 1, 1, 1), "writes is -1"),
        ((10, 4, 0, 0, 0, 1, 1), "count 0"),
        ((10, 4, 0, 0, 2, 0, 1), "source_stride 0"),
        ((10, 4, 0, 0, 2, 1, 0), "dest_stride 0"),
    ],
)
def test_copy_run_accesses(args: tuple[int, ...], message: str | None) -> None:
    module = copy_run_module(*args)
    if message is None:
        check_module(module)
    else:
        with pytest.raises(SliceError, match=f"^slice.copy_run: .*{message}"):
            check_module(module)


# Our own lowering passes the check


def _lowered(text: str) -> ModuleOp:
    module = parse_module(text, CTX)
    lower(module, CTX)
    return module


@pytest.mark.parametrize("op", OPS)
def test_lowered_random_programs_pass(op: str) -> None:
    for seed in range(SEEDS):
        program = random_slice_program(seed, op=op)
        check_module(_lowered(program.text))


def test_lowered_random_chains_pass() -> None:
    for seed in range(SEEDS):
        check_module(_lowered(random_chain_program(seed).text))


def _chunks(path: Path) -> list[str]:
    return path.read_text().split("// -----")


def test_lit_lowering_inputs_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every chunk of the lit tests that lowers (the framework ops, windows, the
    lowering tests) and that the C printer prints gives a module the check accepts."""
    import slice_dialect.backend.c_safety as c_safety

    paths = sorted((TESTS / "filecheck" / "transforms").rglob("*.mlir"))
    paths += sorted((TESTS / "filecheck" / "dialects").rglob("*.mlir"))
    lowered_count = 0
    for path in paths:
        for chunk in _chunks(path):
            try:
                module = LocatingParser(CTX, chunk, str(path)).parse_module()
                module.verify()
                lower(module, CTX)
            except Exception:  # the chunks that test errors
                continue
            with monkeypatch.context() as patch:
                patch.setattr(c_safety, "check_module", lambda module: None)
                try:
                    emit_c(module)
                except SliceError:  # not for the C target (scalar arguments, ...)
                    continue
            check_module(module)
            lowered_count += 1
    assert lowered_count >= 50, lowered_count


@pytest.mark.parametrize("kind", CLASSES)
def test_hostile_generator_classes(kind: str) -> None:
    """Each class of ``tests/hostile.py`` through ``compile()``: refused naming its op
    at a location; its safe twin compiles (the runs are in test_sanitizer.py)."""
    seen = set()
    for seed in range(40):
        program = hostile_program(seed, kind)
        if program.safe in seen:
            continue
        seen.add(program.safe)
        if program.safe:
            slice_dialect.compile(program.text, backend="c")
            continue
        with pytest.raises(SliceError) as info:
            slice_dialect.compile(program.text, backend="c", filename="h.mlir")
        assert program.op in str(info.value), str(info.value)
    assert seen == {True, False}


def test_copy_run_rank_0_and_one_buffer() -> None:
    """A rank-0 view holds one element, at offset 0; a run may read and write views of
    one buffer (the C copies it element by element, in order)."""
    scalar = MemRefType(i32, [])
    for offset, ok in ((0, True), (1, False)):
        block = Block(arg_types=[scalar, MemRefType(i32, [4])])
        off = arith.ConstantOp(IntegerAttr(offset, IndexType()))
        run = UnregisteredOp.with_name("slice.copy_run").create(
            operands=[block.args[0], off.result, block.args[1], off.result],
            attributes={
                "count": IntegerAttr(1, i64),
                "source_stride": IntegerAttr(1, i64),
                "dest_stride": IntegerAttr(1, i64),
            },
        )
        block.add_ops([off, run, func.ReturnOp()])
        module = ModuleOp([func.FuncOp("f", (list(block.arg_types), []), Region(block))])
        if ok:
            check_module(module)
        else:
            with pytest.raises(SliceError, match="whose only element is 0"):
                check_module(module)
    block = Block(arg_types=[MemRefType(i32, [8])])
    c0 = arith.ConstantOp(IntegerAttr(0, IndexType()))
    c4 = arith.ConstantOp(IntegerAttr(4, IndexType()))
    run = UnregisteredOp.with_name("slice.copy_run").create(
        operands=[block.args[0], c0.result, block.args[0], c4.result],
        attributes={
            "count": IntegerAttr(4, i64),
            "source_stride": IntegerAttr(1, i64),
            "dest_stride": IntegerAttr(1, i64),
        },
    )
    block.add_ops([c0, c4, run, func.ReturnOp()])
    check_module(ModuleOp([func.FuncOp("g", (list(block.arg_types), []), Region(block))]))


# The intervals hold in the C: what the check assumes of a value is what the C computes


def run_lowered(
    text: str,
    name: str,
    inputs: list[np.ndarray],
    outputs: list[tuple[Any, tuple[int, ...]]],
) -> Any:
    """``@name`` of the lowered ``text``, checked, printed, built and called on
    ``inputs`` (no sanitizer: a wrong value is the failure these tests look for)."""
    module = parse_module(text, CTX)
    check_module(module)
    kernel = load_kernel(
        emit_c(module), name, [(a.dtype, a.shape) for a in inputs], outputs
    )
    return kernel(*inputs)


def test_loaded_i1_is_false_or_true() -> None:
    """An ``i1`` element holds one byte, which a caller (a numpy bool array viewed
    from bytes) or a ``slice.fill_constant`` of a hex value may set to anything; a
    load used in arithmetic is its ``_Bool`` (any non-zero byte is true, as numpy
    reads it), so an index made from it is 0 or 1, as the check assumes (it was the
    byte: index 200 of a 2-element buffer passed the check)."""
    text = lowered(
        "  %b = memref.load %flag[%c0] : memref<1xi1>\n"
        "  %e = arith.extui %b : i1 to i64\n"
        "  %i = arith.index_cast %e : i64 to index\n"
        "  %s = arith.extsi %b : i1 to i64\n"
        "  %j = arith.index_cast %s : i64 to index\n"
        "  %k = arith.subi %c0, %j : index\n"
        "  %x = memref.load %table[%i] : memref<256xi32>\n"
        "  %y = memref.load %table[%k] : memref<256xi32>\n"
        "  memref.store %x, %out[%c0] : memref<4xi32>\n"
        "  memref.store %y, %out[%c1] : memref<4xi32>\n",
        "%flag: memref<1xi1>, %table: memref<256xi32>, %out: memref<4xi32>",
    )
    table = np.arange(100, 356, dtype=np.int32)
    for byte in (0, 1, 2, 127, 128, 200, 255):
        flag = np.array([byte], np.uint8).view(np.bool_)
        got = run_lowered(text, "f", [flag, table], [(np.int32, (4,))])
        truth = 101 if byte else 100
        assert got[:2].tolist() == [truth, truth], byte
    # a hex splat of the byte 0xC8, true (the buffer holds 1: dtypes.constant_storage)
    fill = lowered(
        "  %b = memref.alloc() : memref<1xi1>\n"
        '  slice.fill_constant %b = dense<"0xC8"> : tensor<1xi1> : memref<1xi1>\n'
        "  %v = memref.load %b[%c0] : memref<1xi1>\n"
        "  %e = arith.extui %v : i1 to i64\n"
        "  %i = arith.index_cast %e : i64 to index\n"
        "  %x = memref.load %table[%i] : memref<256xi32>\n"
        "  memref.store %x, %out[%c0] : memref<4xi32>\n",
        "%table: memref<256xi32>, %out: memref<4xi32>",
    )
    assert run_lowered(fill, "f", [table], [(np.int32, (4,))])[0] == 101
    # the interpreter reads the byte so too (it read 0xC8 as -56, so extsi gave 0)
    negated = fill.replace("arith.extui", "arith.extsi").replace(
        "%x = memref.load %table[%i]",
        "%j = arith.subi %c0, %i : index\n  %x = memref.load %table[%j]",
    )
    for text in (fill, negated):
        out = np.zeros(4, np.int32)
        make_interpreter(parse_module(text, CTX)).call_op("f", (table, out))
        assert out[0] == 101, text


def test_i1_extrema_are_in_the_signed_order() -> None:
    """``maxsi``/``minsi`` on ``i1`` order true (-1) below false (0), in the C and in
    the check: ``minsi true, false`` is true, so an index made from it is 1 (the check
    took it to be 0 and let it index a 1-element buffer)."""
    unsafe = lowered(
        "  %t = arith.constant true\n"
        "  %f = arith.constant false\n"
        "  %m = arith.minsi %t, %f : i1\n"
        "  %e = arith.extui %m : i1 to i64\n"
        "  %i = arith.index_cast %e : i64 to index\n"
        "  %x = memref.load %one[%i] : memref<1xi32>\n"
        "  memref.store %x, %out[%c0] : memref<4xi32>\n",
        "%one: memref<1xi32>, %out: memref<4xi32>",
    )
    refused(unsafe, "memref.load", r"the index is 1, outside %one")
    safe = lowered(
        "  %t = arith.constant true\n"
        "  %f = arith.constant false\n"
        "  %m = arith.minsi %t, %f : i1\n"
        "  %n = arith.maxsi %t, %f : i1\n"
        "  %e = arith.extui %m : i1 to i64\n"
        "  %i = arith.index_cast %e : i64 to index\n"
        "  %g = arith.extui %n : i1 to i64\n"
        "  %j = arith.index_cast %g : i64 to index\n"
        "  %x = memref.load %two[%i] : memref<2xi32>\n"
        "  %y = memref.load %two[%j] : memref<2xi32>\n"
        "  memref.store %x, %out[%c0] : memref<4xi32>\n"
        "  memref.store %y, %out[%c1] : memref<4xi32>\n",
        "%two: memref<2xi32>, %out: memref<4xi32>",
    )
    two = np.array([10, 11], np.int32)
    assert run_lowered(safe, "f", [two], [(np.int32, (4,))])[:2].tolist() == [11, 10]


INTEGER_TYPES = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64}
STORED_TYPES = {"i1": np.uint8, "i8": np.int8, "i16": np.int16, "i32": np.int32}
STORED_TYPES["i64"] = np.int64
"""The ``memref`` element types values are stored as (an ``index`` as ``i64``), and the
numpy dtype their bits are read back as (``i1``: its byte)."""
LOADED = 4
"""Elements of each input buffer the programs load integers from."""


def integer_program(seed: int, name: str, nsw: bool) -> tuple[str, list[tuple[str, str]]]:
    """``@name``: straight-line integer code (every rule of ``INDEX_RULES`` on every
    width, constants at the extremes, loads of run-time bytes) storing each value it
    makes into ``%out_<type>``; the stored ``(value, type)`` pairs in order."""
    rng = random.Random(seed)
    lines: list[str] = []
    pool: dict[str, list[str]] = {t: [] for t in INTEGER_TYPES}

    def new(t: str, text: str) -> None:
        value = f"%v{sum(len(p) for p in pool.values())}"
        lines.append(f"  {value} = {text}")
        pool[t].append(value)

    for t, w in INTEGER_TYPES.items():
        for _ in range(2):
            lo, hi = (0, 1) if w == 1 else (-(2 ** (w - 1)), 2 ** (w - 1) - 1)
            v = rng.choice([0, 1, -1, 2, lo, hi, lo + 1, hi - 1, rng.randint(lo, hi)])
            v = min(max(v, lo), hi)
            new(
                t,
                f"arith.constant {v} : {t}"
                if w > 1
                else f"arith.constant {str(v == 1).lower()}",
            )
    for t in STORED_TYPES:
        for k in range(2):
            lines.append(f"  %k{t}{k} = arith.constant {rng.randrange(LOADED)} : index")
            new(t, f"memref.load %in_{t}[%k{t}{k}] : memref<{LOADED}x{t}>")
    predicates = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
    for _ in range(30):
        t = rng.choice(list(INTEGER_TYPES))
        a, b = rng.choice(pool[t]), rng.choice(pool[t])
        kind = rng.choice(
            ["wrap", "wrap", "divide", "extremum", "bits", "cmpi", "select"]
        )
        if kind == "wrap":
            flag = " overflow<nsw>" if nsw and rng.random() < 0.5 else ""
            op = rng.choice(["addi", "subi", "muli"])
            new(t, f"arith.{op} {a}, {b}{flag} : {t}")
        elif kind == "divide" and t != "i1":
            new(t, f"arith.{rng.choice(['divsi', 'remsi'])} {a}, {b} : {t}")
        elif kind == "extremum":
            new(t, f"arith.{rng.choice(['maxsi', 'minsi'])} {a}, {b} : {t}")
        elif kind == "bits":
            new(t, f"arith.{rng.choice(['andi', 'ori', 'xori'])} {a}, {b} : {t}")
        elif kind == "cmpi":
            new("i1", f"arith.cmpi {rng.choice(predicates)}, {a}, {b} : {t}")
        elif kind == "select":
            new(t, f"arith.select {rng.choice(pool['i1'])}, {a}, {b} : {t}")
        source = rng.choice(list(INTEGER_TYPES))
        x, s, w = rng.choice(pool[source]), INTEGER_TYPES[source], INTEGER_TYPES[t]
        if (source == "index") != (t == "index"):
            new(t, f"arith.index_cast {x} : {source} to {t}")
        elif source != "index" and s < w:
            new(t, f"arith.{rng.choice(['extsi', 'extui'])} {x} : {source} to {t}")
        elif source != "index" and s > w:
            new(t, f"arith.trunci {x} : {source} to {t}")
    stored: list[tuple[str, str]] = []
    counts = dict.fromkeys(STORED_TYPES, 0)
    for t, values in pool.items():
        target = "i64" if t == "index" else t
        for value in values:
            x = value
            if t == "index":
                x = f"%s{value[2:]}"
                lines.append(f"  {x} = arith.index_cast {value} : index to i64")
            lines.append(f"  %o{value[2:]} = arith.constant {counts[target]} : index")
            lines.append(
                f"  memref.store {x}, %out_{target}[%o{value[2:]}] : "
                f"memref<@{target}@x{target}>"
            )
            stored.append((value, target))
            counts[target] += 1
    args = [f"%in_{t}: memref<{LOADED}x{t}>" for t in STORED_TYPES]
    args += [f"%out_{t}: memref<{max(counts[t], 1)}x{t}>" for t in STORED_TYPES]
    body = "\n".join(lines)
    for t in STORED_TYPES:
        body = body.replace(f"@{t}@", str(max(counts[t], 1)))
    return f"func.func @{name}({', '.join(args)}) {{\n{body}\n  func.return\n}}\n", stored


def test_integer_intervals_hold_in_the_c() -> None:
    """For random integer code of every width (``integer_program``), each value the C
    computes, from run-time bytes and extreme constants, lies in the interval the
    check gives it: what it proves of indices is what the C does. (A load only stored
    is a raw copy of bits, not a value: not compared.)"""
    from slice_dialect.backend.c_safety import FunctionChecker

    module = ModuleOp([])  # every function in one unit, compiled once
    texts: list[str] = []
    stored: list[list[tuple[str, str]]] = []
    for seed in range(SEEDS):
        for nsw in (True, False):
            text, values = integer_program(seed, f"f{seed}", nsw)
            program = parse_module(text, CTX)
            try:
                check_module(program)
            except SliceError as e:  # a proved signed overflow: the same without nsw
                assert "overflow<nsw>" in str(e), str(e)
                continue
            for function in list(program.ops):
                function.detach()
                module.body.block.add_op(function)
            texts.append(text)
            stored.append(values)
            break
    source = emit_c(module)
    rng = np.random.default_rng(0)
    for f, values in zip(module.ops, stored):
        assert isinstance(f, func.FuncOp)
        checker = FunctionChecker(f)
        checker.check()
        named = {f"%{r.name_hint}": r for op in f.walk() for r in op.results}
        kernel = load_kernel(
            source,
            f.sym_name.data,
            [(np.bool_ if t == "i1" else d, (LOADED,)) for t, d in STORED_TYPES.items()],
            [
                (
                    np.bool_ if t == "i1" else d,
                    (sum(1 for _, s in values if s == t) or 1,),
                )
                for t, d in STORED_TYPES.items()
            ],
        )
        for call in range(4):
            inputs = []
            for t, d in STORED_TYPES.items():
                if call % 2 and t != "i1":
                    info = np.iinfo(d)
                    data = rng.choice([info.min, info.max, 0, 1, -1], LOADED).astype(d)
                else:
                    data = rng.integers(0, 256, LOADED * np.dtype(d).itemsize, np.uint8)
                inputs.append(data.view(np.bool_ if t == "i1" else d))
            outputs = kernel(*inputs)
            got = {
                t: o.view(d).tolist() for (t, d), o in zip(STORED_TYPES.items(), outputs)
            }
            for (value, _), bits in zip(values, _in_order(values, got)):
                result = named[value]
                interval = checker.intervals.get(result)
                owner = result.owner
                raw = isinstance(owner, memref.LoadOp) and all(
                    isinstance(use.operation, memref.StoreOp) for use in result.uses
                )
                if interval is None or raw:
                    continue
                assert interval.lo <= bits <= interval.hi, (
                    f"@{f.sym_name.data}: {value} is {bits} in the C, outside "
                    f"{interval}\n{texts[stored.index(values)]}"
                )


def _in_order(values: list[tuple[str, str]], got: dict[str, list[int]]) -> list[int]:
    """The stored bits of each value of ``values``, in their order."""
    position = dict.fromkeys(got, 0)
    result: list[int] = []
    for _, target in values:
        result.append(got[target][position[target]])
        position[target] += 1
    return result


def test_stack_arrays_past_the_budget_go_on_the_heap() -> None:
    """Allocs the C target would put on the stack past its budget of 1 MiB per function
    (``c.on_stack``) are heap allocations: accepted (they were refused, "the stack
    arrays of @f reach"), 64 arrays of 16 KiB on the stack and the rest ``calloc``'d;
    every buffer is its own."""
    n = 70
    body = "".join(
        f"  %a{k} = memref.alloc() : memref<4096xi32>\n"
        f"  %i{k} = arith.constant {k} : index\n"
        f"  %x{k} = memref.load %x[%i{k}] : memref<{n}xi32>\n"
        f"  memref.store %x{k}, %a{k}[%c4] : memref<4096xi32>\n"
        for k in range(n)
    ) + "".join(
        f"  %y{k} = memref.load %a{k}[%c4] : memref<4096xi32>\n"
        f"  memref.store %y{k}, %out[%i{k}] : memref<{n}xi32>\n"
        for k in range(n)
    )
    text = lowered(body, f"%x: memref<{n}xi32>, %out: memref<{n}xi32>")
    source = emit_c(parse_module(text, CTX))
    assert source.count("[4096] = {0};") == 64 and source.count("calloc(4096, 4)") == 6
    x = np.arange(n, dtype=np.int32) * 7
    assert run_lowered(text, "f", [x], [(np.int32, (n,))]).tolist() == x.tolist()


def test_many_constants_compile() -> None:
    """A program whose lowering gives each of 70 tensor constants of 16 KiB a buffer
    (sliced with run-time bounds, so not folded): 1.1 MiB of allocs, which the C target
    refused ("the stack arrays of @main reach 1064960 bytes"); the ones past the stack
    budget are heap allocations."""
    n = 70
    values = np.arange(4096, dtype=np.float32)
    # the hex form of the same literal: 4096 listed floats take xDSL seconds to parse
    constant = f'dense<"0x{values.tobytes().hex().upper()}"> : tensor<4096xf32>'
    types = ", ".join(["tensor<?xf32>"] * n)
    lines = [f"func.func @main(%s: tensor<1xi64>, %e: tensor<1xi64>) -> ({types}) {{"]
    for k in range(n):
        lines.append(f"  %c{k} = arith.constant {constant}")
        lines.append(
            f"  %r{k} = slice.onnx %c{k} starts %s ends %e : tensor<4096xf32>, "
            "tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>"
        )
    results = ", ".join(f"%r{k}" for k in range(n))
    lines += [f"  func.return {results} : {types}", "}"]
    kernel = slice_dialect.compile("\n".join(lines))
    got = kernel([5], [4000])
    assert len(got) == n and all(r.tolist() == values[5:4000].tolist() for r in got)


def test_loads_and_stores_of_dynamic_shape_guard_themselves() -> None:
    """A ``memref.load``/``memref.store`` through a memref with ``?`` dims (an argument
    or a ``memref.collapse_shape`` view of one): the C guards each index on a ``?`` dim
    at run time, an error code outside ``[0, dim)`` (session 50; refused before, so a
    ``tensor.extract`` of a ``?`` argument ran on the interpreter only); its static
    dims are still proved, so an index there that may leave them is refused."""
    text = lowered(
        "  %i = memref.load %p[%c0] : memref<2xi64>\n"
        "  %j = memref.load %p[%c1] : memref<2xi64>\n"
        "  %ii = arith.index_cast %i : i64 to index\n"
        "  %jj = arith.index_cast %j : i64 to index\n"
        "  %v = memref.load %x[%ii, %c1] : memref<?x3xf32>\n"
        "  %flat = memref.collapse_shape %x [[0, 1]] : memref<?x3xf32> into memref<?xf32>\n"
        "  %w = memref.load %flat[%jj] : memref<?xf32>\n"
        "  memref.store %v, %out[%c0] : memref<2xf32>\n"
        "  memref.store %w, %out[%c1] : memref<2xf32>\n",
        "%x: memref<?x3xf32>, %p: memref<2xi64>, %out: memref<2xf32>",
    )
    module = parse_module(text, CTX)
    check_module(module)
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    kernel = load_kernel(
        emit_c(module),
        "f",
        [(np.dtype(np.float32), (None, 3)), (np.dtype(np.int64), (2,))],
        [(np.dtype(np.float32), (2,))],
    )
    assert kernel(x, np.array([2, 5], np.int64)).tolist() == [7.0, 5.0]
    for p, message in (
        ([4, 0], "memref.load: index 4 is out of bounds for dimension 0 of size 4"),
        ([-1, 0], "memref.load: index -1 is out of bounds for dimension 0 of size 4"),
        ([0, 12], "memref.load: index 12 is out of bounds for dimension 0 of size 12"),
    ):
        with pytest.raises(SliceError, match=re.escape(message)):
            kernel(x, np.array(p, np.int64))
    with pytest.raises(SliceError, match=r"index 0 is out of bounds .* size 0"):
        kernel(np.zeros((0, 3), np.float32), np.array([0, 0], np.int64))
    # a store through a ? dim is guarded the same way
    store = lowered(
        "  %v = memref.load %src[%c0] : memref<1xf32>\n"
        "  memref.store %v, %y[%c4] : memref<?xf32>\n",
        "%src: memref<1xf32>, %y: memref<?xf32>",
    )
    module = parse_module(store, CTX)
    check_module(module)
    assert (
        "memref.store: index {0} is out of bounds for dimension 0 of size {1}"
        in emit_c(module)
    )
    # a static dim of a dynamic memref is proved as ever: index 3 of a dim of 3
    refused(
        text.replace("%x[%ii, %c1]", "%x[%ii, %c4]"),
        "memref.load",
        r"the index .*outside dimension 1 of %x \(memref<\?x3xf32>\)",
    )
