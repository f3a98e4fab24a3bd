"""Hostile lowered programs for the C target's memory-safety check (issue 10 A).

``hostile_program(seed)`` is one program: an entry ``@main(%x: tensor<8xi32>) ->
tensor<4xi32>`` that returns ``x[2:6]`` (a ``slice.window``) and, before that, runs
hand-written lowered IR on its own ``memref.alloc`` buffers (``convert-slice-to-loops``
passes such ops through, so they reach the C target and run at every call). Each seed
picks one class of attack and its parameters at random; about one program in four is
the *safe twin* of its class (same shape of code, every access in bounds, one dealloc,
a step >= 1, no overflow), which the C target must accept and run. ``safe`` says which;
``op`` is the op a refusal must name.

Classes: a constant index out of bounds (past the end, -1, -1000000, INT64_MIN/MAX, one
dimension of a 2-D buffer), a computed index (``i * a + b`` over a loop) out of bounds
for some iteration, a double ``memref.dealloc``, a use after ``memref.dealloc`` (load,
store, copy, view), a dealloc in a loop below its alloc, a dealloc of a view, a huge
``memref.alloc``, more stack arrays than the stack budget (the rest goes on the heap;
one written past its end), ``scf.for`` steps of 0, negative or not
constant, index arithmetic that overflows (``addi``, ``subi``, ``muli``, the loop's own
increment), a view larger than its buffer, an index made of an ``i1`` (a byte of an ``i1``
buffer, ``minsi`` of ``true`` and ``false``) that may be 1. (A ``memref.copy`` between
different shapes does not pass xDSL's verifier, so it never reaches the C target.)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

INT64_MAX = 2**63 - 1
INT64_MIN = -(2**63)

CLASSES = (
    "constant index",
    "computed index",
    "double free",
    "use after free",
    "dealloc in loop",
    "dealloc of view",
    "huge alloc",
    "stack arrays",
    "step",
    "overflow",
    "loop overflow",
    "view",
    "bool index",
)


@dataclass(frozen=True)
class HostileProgram:
    seed: int
    kind: str
    safe: bool
    op: str
    """The op a refusal names (``memref.store``, ``scf.for``, ...)."""
    text: str


def entry(body: str) -> str:
    """``@main`` with ``body`` (indented IR lines) before a window of its argument."""
    return (
        "func.func @main(%x: tensor<8xi32>) -> tensor<4xi32> {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        f"{body}"
        "  %r = slice.window %x offsets [2] sizes [4] strides [1] "
        ": tensor<8xi32> -> tensor<4xi32>\n"
        "  func.return %r : tensor<4xi32>\n"
        "}\n"
    )


def _size(rng: random.Random) -> int:
    """A buffer length: mostly small (a stack array), sometimes a heap one."""
    return rng.choice([1, 2, 5, 16, 100, rng.randrange(1, 5000), 4097, 8192])


def _constant_index(rng: random.Random, safe: bool) -> tuple[str, str]:
    n = _size(rng)
    if rng.random() < 0.25:  # one dimension of a 2-D buffer, the linear index inside
        rows, cols = rng.randrange(2, 6), rng.randrange(1, 6)
        t = f"memref<{rows}x{cols}xi32>"
        i, j = (rng.randrange(rows - 1), cols) if not safe else (rows - 1, cols - 1)
        return "memref.store", (
            f"  %buf = memref.alloc() : {t}\n"
            f"  %i = arith.constant {i} : index\n"
            f"  %j = arith.constant {j} : index\n"
            f"  %v = memref.load %buf[%c0, %c0] : {t}\n"
            f"  memref.store %v, %buf[%i, %j] : {t}\n"
        )
    if safe:
        k = rng.choice([0, n - 1, rng.randrange(n)])
    else:
        k = rng.choice(
            [n, n + rng.randrange(1, 1000), -1, -1000000, INT64_MAX, INT64_MIN, 2**40]
        )
    t = f"memref<{n}xi32>"
    op = rng.choice(["memref.load", "memref.store"])
    if op == "memref.load":
        access = (
            f"  %v = memref.load %buf[%k] : {t}\n  memref.store %v, %buf[%c0] : {t}\n"
        )
    else:
        access = (
            f"  %v = memref.load %buf[%c0] : {t}\n  memref.store %v, %buf[%k] : {t}\n"
        )
    return op, (
        f"  %buf = memref.alloc() : {t}\n  %k = arith.constant {k} : index\n{access}"
    )


def _computed_index(rng: random.Random, safe: bool) -> tuple[str, str]:
    while True:
        n = _size(rng)
        lb = rng.randrange(-5, 20)
        ub = lb + rng.randrange(1, 40)
        step = rng.randrange(1, 4)
        a = rng.choice([-3, -2, -1, 1, 2, 3, 7])
        b = rng.randrange(-60, 60)
        values = [i * a + b for i in range(lb, ub, step)]
        ok = all(0 <= v < n for v in values)
        if ok == safe:
            break
    t = f"memref<{n}xi32>"
    return "memref.store", (
        f"  %buf = memref.alloc() : {t}\n"
        f"  %lb = arith.constant {lb} : index\n"
        f"  %ub = arith.constant {ub} : index\n"
        f"  %s = arith.constant {step} : index\n"
        f"  %a = arith.constant {a} : index\n"
        f"  %b = arith.constant {b} : index\n"
        f"  scf.for %i = %lb to %ub step %s {{\n"
        f"    %m = arith.muli %i, %a : index\n"
        f"    %k = arith.addi %m, %b : index\n"
        f"    %v = memref.load %buf[%c0] : {t}\n"
        f"    memref.store %v, %buf[%k] : {t}\n"
        f"  }}\n"
    )


def _double_free(rng: random.Random, safe: bool) -> tuple[str, str]:
    n = _size(rng)
    t = f"memref<{n}xi32>"
    free = f"  memref.dealloc %buf : {t}\n"
    between = ""
    if rng.random() < 0.5:  # an alloc between the two frees may reuse the memory
        between = (
            f"  %other = memref.alloc() : {t}\n  memref.store %v, %other[%c0] : {t}\n"
        )
    return "memref.dealloc", (
        f"  %buf = memref.alloc() : {t}\n"
        f"  %v = memref.load %buf[%c0] : {t}\n"
        f"{free}{between}{'' if safe else free}"
    )


def _use_after_free(rng: random.Random, safe: bool) -> tuple[str, str]:
    n = _size(rng)
    t = f"memref<{n}xi32>"
    use, op = rng.choice(
        [
            (
                f"  %w = memref.load %buf[%c0] : {t}\n"
                f"  %keep = memref.alloc() : {t}\n"
                f"  memref.store %w, %keep[%c0] : {t}\n",
                "memref.load",
            ),
            (f"  memref.store %v, %buf[%c0] : {t}\n", "memref.store"),
            (
                f"  %buf2 = memref.alloc() : {t}\n"
                f'  "memref.copy"(%buf, %buf2) : ({t}, {t}) -> ()\n',
                "memref.copy",
            ),
            (
                f"  %flat = memref.collapse_shape %buf [[0]] : {t} into {t}\n"
                f"  memref.store %v, %flat[%c0] : {t}\n",
                "memref.collapse_shape",
            ),
        ]
    )
    if rng.random() < 0.3:  # the use in a loop after the dealloc
        use = (
            "  scf.for %i = %c0 to %c1 step %c1 {\n"
            + "".join("  " + line + "\n" for line in use.splitlines())
            + "  }\n"
        )
    free = f"  memref.dealloc %buf : {t}\n"
    head = f"  %buf = memref.alloc() : {t}\n  %v = memref.load %buf[%c0] : {t}\n"
    return op, head + (use + free if safe else free + use)


def _dealloc_in_loop(rng: random.Random, safe: bool) -> tuple[str, str]:
    n = _size(rng)
    t = f"memref<{n}xi32>"
    trips = rng.randrange(2, 5)
    alloc = f"    %buf = memref.alloc() : {t}\n"
    return "memref.dealloc", (
        f"  %trips = arith.constant {trips} : index\n"
        + ("" if safe else alloc.removeprefix("  "))
        + "  scf.for %i = %c0 to %trips step %c1 {\n"
        + (alloc if safe else "")
        + f"    %v = memref.load %buf[%c0] : {t}\n"
        f"    memref.dealloc %buf : {t}\n"
        "  }\n"
    )


def _dealloc_of_view(rng: random.Random, safe: bool) -> tuple[str, str]:
    rows, cols = rng.randrange(1, 5), rng.randrange(1, 5)
    t, flat = f"memref<{rows}x{cols}xi32>", f"memref<{rows * cols}xi32>"
    freed = ("%buf", t) if safe else ("%flat", flat)
    return "memref.dealloc", (
        f"  %buf = memref.alloc() : {t}\n"
        f"  %flat = memref.collapse_shape %buf [[0, 1]] : {t} into {flat}\n"
        f"  %v = memref.load %flat[%c0] : {flat}\n"
        f"  memref.dealloc {freed[0]} : {freed[1]}\n"
    )


def _huge_alloc(rng: random.Random, safe: bool) -> tuple[str, str]:
    if safe:
        dims = [rng.randrange(1, 3000)]
    else:
        total = rng.randrange(38, 61)  # 2^38 .. 2^60 f64 elements: > 2^40 bytes
        first = rng.randrange(0, total + 1)
        dims = [2**first, 2 ** (total - first)] if rng.random() < 0.5 else [2**total]
    t = "memref<" + "".join(f"{d}x" for d in dims) + "f64>"
    zeros = ", ".join(["%c0"] * len(dims))
    return "memref.alloc", (
        f"  %buf = memref.alloc() : {t}\n"
        f"  %v = memref.load %buf[{zeros}] : {t}\n"
        f"  memref.store %v, %buf[{zeros}] : {t}\n"
        f"  memref.dealloc %buf : {t}\n"
    )


def _stack_arrays(rng: random.Random, safe: bool) -> tuple[str, str]:
    """More 16 KiB arrays (the largest the C target puts on the stack) than its 1 MiB
    stack budget per function holds, up to twice that (the C puts the rest on the heap),
    each written at an index; the unsafe program writes the last one past its end."""
    count = rng.randrange(20, 130)
    t = "memref<4096xi32>"
    lines = [f"  %k = arith.constant {rng.randrange(4096)} : index\n"]
    lines.append(f"  %end = arith.constant {4096 if not safe else 4095} : index\n")
    for a in range(count):
        lines.append(f"  %a{a} = memref.alloc() : {t}\n")
        lines.append(f"  %v{a} = memref.load %a{a}[%c0] : {t}\n")
        lines.append(f"  memref.store %v{a}, %a{a}[%k] : {t}\n")
    lines.append(f"  memref.store %v0, %a{count - 1}[%end] : {t}\n")
    return "memref.store", "".join(lines)


def _step(rng: random.Random, safe: bool) -> tuple[str, str]:
    t = "memref<8xi32>"
    body = f"    %v = memref.load %buf[%i] : {t}\n    memref.store %v, %buf[%c0] : {t}\n"
    head = f"  %buf = memref.alloc() : {t}\n  %c8 = arith.constant 8 : index\n"
    if not safe and rng.random() < 0.3:  # a step that is a loop's induction variable
        return "scf.for", (
            head + "  %c3 = arith.constant 3 : index\n"
            "  scf.for %j = %c1 to %c3 step %c1 {\n"
            "    scf.for %i = %c0 to %c8 step %j {\n"
            + "".join("  " + line + "\n" for line in body.splitlines())
            + "    }\n  }\n"
        )
    step = rng.randrange(1, 9) if safe else rng.choice([0, -1, -2, INT64_MIN])
    return "scf.for", (
        head + f"  %s = arith.constant {step} : index\n"
        "  scf.for %i = %c0 to %c8 step %s {\n" + body + "  }\n"
    )


def _overflow(rng: random.Random, safe: bool) -> tuple[str, str]:
    """An index computed through a value past INT64_MAX: ``(2^62 + d) + e`` or
    ``2^61 * f * 0 + k``, equal to an in-bounds ``k`` as Python integers and as C's
    wrapped arithmetic would have it, but a signed overflow (undefined) on the way:
    the ops say ``overflow<nsw>`` (plain C), as the lowering's index arithmetic does."""
    n = _size(rng)
    t = f"memref<{n}xi32>"
    k = rng.randrange(n)
    if rng.random() < 0.5:
        kind = "arith.addi"
        d, e = (k, -(2**62)) if safe else (2**62 + k, -(2**63))
        ops = (
            f"  %big = arith.constant {2**62} : index\n"
            f"  %d = arith.constant {d} : index\n"
            f"  %e = arith.constant {e} : index\n"
            "  %t = arith.addi %big, %d overflow<nsw> : index\n"
            "  %idx = arith.addi %t, %e overflow<nsw> : index\n"
        )
    else:
        kind = "arith.muli"
        f = rng.choice([1, 2, 3]) if safe else rng.choice([4, 8, 2**20])
        ops = (
            f"  %big = arith.constant {2**61} : index\n"
            f"  %f = arith.constant {f} : index\n"
            f"  %k = arith.constant {k} : index\n"
            "  %t = arith.muli %big, %f overflow<nsw> : index\n"
            "  %z = arith.muli %t, %c0 overflow<nsw> : index\n"
            "  %idx = arith.addi %z, %k overflow<nsw> : index\n"
        )
    return kind, (
        f"  %buf = memref.alloc() : {t}\n{ops}"
        f"  %v = memref.load %buf[%c0] : {t}\n"
        f"  memref.store %v, %buf[%idx] : {t}\n"
    )


def _loop_overflow(rng: random.Random, safe: bool) -> tuple[str, str]:
    """A loop whose final ``i += step`` passes INT64_MAX."""
    step = rng.randrange(2, 6)
    if safe:  # the last iv plus the step stays at most INT64_MAX
        ub = INT64_MAX - step - rng.randrange(0, 3)
        lb = ub - rng.randrange(1, 4) * step - rng.randrange(0, step)
    else:  # one iteration at lb, then lb + step > INT64_MAX
        ub = INT64_MAX
        lb = ub - rng.randrange(1, step)
    t = "memref<4xi32>"
    return "scf.for", (
        f"  %buf = memref.alloc() : {t}\n"
        f"  %lb = arith.constant {lb} : index\n"
        f"  %ub = arith.constant {ub} : index\n"
        f"  %s = arith.constant {step} : index\n"
        "  scf.for %i = %lb to %ub step %s {\n"
        f"    %v = memref.load %buf[%c0] : {t}\n"
        f"    memref.store %v, %buf[%c1] : {t}\n"
        "  }\n"
    )


def _view(rng: random.Random, safe: bool) -> tuple[str, str]:
    n = _size(rng)
    m = n if safe else n + rng.randrange(1, 10000)
    t, v = f"memref<{n}xi32>", f"memref<{m}xi32>"
    return "memref.collapse_shape", (
        f"  %buf = memref.alloc() : {t}\n"
        f"  %w = memref.collapse_shape %buf [[0]] : {t} into {v}\n"
        f"  %k = arith.constant {m - 1} : index\n"
        f"  %e = memref.load %w[%c0] : {v}\n"
        f"  memref.store %e, %w[%k] : {v}\n"
    )


def _bool_index(rng: random.Random, safe: bool) -> tuple[str, str]:
    """An index made of an ``i1``: the byte of an ``i1`` buffer that a hex
    ``slice.fill_constant`` set to 1..255 (the C reads it as its ``_Bool``), or
    ``minsi`` of ``true`` and ``false`` (true, -1 in the signed order, is the smaller),
    extended (``extui``, or ``extsi`` and negated) to the index 1: inside a buffer of
    2 elements (the safe twin), outside one of 1."""
    t = f"memref<{2 if safe else 1}xi32>"
    if rng.random() < 0.5:
        make = (
            "  %flags = memref.alloc() : memref<1xi1>\n"
            f'  slice.fill_constant %flags = dense<"0x{rng.randrange(1, 256):02X}"> '
            ": tensor<1xi1> : memref<1xi1>\n"
            "  %b = memref.load %flags[%c0] : memref<1xi1>\n"
        )
    else:
        order = rng.choice(["%t, %f", "%f, %t"])
        make = (
            "  %t = arith.constant true\n"
            "  %f = arith.constant false\n"
            f"  %b = arith.minsi {order} : i1\n"
        )
    if rng.random() < 0.5:
        extend = (
            "  %e = arith.extui %b : i1 to i64\n"
            "  %idx = arith.index_cast %e : i64 to index\n"
        )
    else:
        extend = (
            "  %e = arith.extsi %b : i1 to i64\n"
            "  %n = arith.index_cast %e : i64 to index\n"
            "  %idx = arith.subi %c0, %n : index\n"
        )
    return "memref.store", (
        f"  %buf = memref.alloc() : {t}\n{make}{extend}"
        f"  %v = memref.load %buf[%c0] : {t}\n"
        f"  memref.store %v, %buf[%idx] : {t}\n"
    )


_MAKERS = {
    "constant index": _constant_index,
    "computed index": _computed_index,
    "double free": _double_free,
    "use after free": _use_after_free,
    "dealloc in loop": _dealloc_in_loop,
    "dealloc of view": _dealloc_of_view,
    "huge alloc": _huge_alloc,
    "stack arrays": _stack_arrays,
    "step": _step,
    "overflow": _overflow,
    "loop overflow": _loop_overflow,
    "view": _view,
    "bool index": _bool_index,
}


def hostile_program(seed: int, kind: str | None = None) -> HostileProgram:
    """Program ``seed``: the classes in turn (or ``kind``), one in four a safe twin."""
    rng = random.Random(seed)
    kind = kind or CLASSES[seed % len(CLASSES)]
    safe = rng.random() < 0.25
    op, body = _MAKERS[kind](rng, safe)
    return HostileProgram(seed, kind, safe, op, entry(body))


# --- mutated lowered dynamic programs --------------------------------------------------

MUTATIONS = ("drop checks", "operand", "constant", "predicate", "nsw", "min max")
"""How :func:`dynamic_mutant` breaks a lowered dynamic program: erase ``slice.check``
ops, replace an operand by another value of its type that dominates it, set an integer
constant to an extreme, change a ``cmpi`` predicate, mark a wrapping ``addi``/``subi``/
``muli`` ``overflow<nsw>``, turn a ``maxsi`` into a ``minsi`` (or back)."""

MUTANT_VALUES = (0, 1, -1, 2, 7, -8, 2**31, -(2**40), 2**62, INT64_MIN, INT64_MAX)


@dataclass(frozen=True)
class DynamicMutant:
    """A lowered dynamic program (``dynamic_programs.dynamic_program(seed)`` through
    ``canonicalize-slices`` and ``convert-slice-to-loops``) with one to three
    :data:`MUTATIONS`; ``module`` is the mutated module (``None`` when the mutation
    left IR that does not verify, ``text`` then says why), ``signature`` the unmutated
    program's, to call it with ``program.calls``."""

    seed: int
    program: Any
    mutations: tuple[str, ...]
    module: Any
    signature: Any
    text: str


def _dominating(op: Any) -> list[Any]:
    """The SSA values defined before ``op`` in its block and the blocks around it."""
    from xdsl.dialects import func

    values: list[Any] = []
    current = op
    while True:
        block = current.parent_block()
        if block is None:
            break
        values += list(block.args)
        for before in block.ops:
            if before is current:
                break
            values += list(before.results)
        current = block.parent_op()
        if current is None or isinstance(current, func.FuncOp):
            break
    return values


def _mutate_once(module: Any, rng: random.Random) -> str | None:
    """Apply one random mutation to ``module``; what it did, or ``None`` if none
    applied."""
    from xdsl.dialects import arith, func
    from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, ModuleOp

    from slice_dialect.dialect import CheckOp

    kind = rng.choice(MUTATIONS)
    ops = [op for op in module.walk() if not isinstance(op, ModuleOp | func.FuncOp)]
    if kind == "drop checks":
        checks = [op for op in ops if isinstance(op, CheckOp)]
        if not checks:
            return None
        chosen = rng.sample(
            checks, rng.choice([1, 1, 2, len(checks)]) if len(checks) > 1 else 1
        )
        for op in chosen:
            op.detach()
            op.erase()
        return f"dropped {len(chosen)} of {len(checks)} slice.check"
    if kind == "operand":
        candidates = [op for op in ops if op.operands]
        rng.shuffle(candidates)
        for op in candidates[:20]:
            k = rng.randrange(len(op.operands))
            old = op.operands[k]
            others = [v for v in _dominating(op) if v.type == old.type and v is not old]
            if others:
                new = rng.choice(others)
                op.operands[k] = new
                return f"{op.name} operand {k} replaced"
        return None
    if kind == "constant":
        constants = [
            op
            for op in ops
            if isinstance(op, arith.ConstantOp)
            and isinstance(op.result.type, IntegerType | IndexType)
        ]
        if not constants:
            return None
        op = rng.choice(constants)
        t = op.result.type
        width = 64 if isinstance(t, IndexType) else t.width.data
        value = rng.choice(MUTANT_VALUES)
        if width < 64:
            value = (value + 2 ** (width - 1)) % 2**width - 2 ** (width - 1)
        if width == 1:
            value = -1 if value else 0
        op.properties["value"] = IntegerAttr(value, t)
        return f"constant set to {value}"
    if kind == "predicate":
        compares = [op for op in ops if isinstance(op, arith.CmpiOp)]
        if not compares:
            return None
        op = rng.choice(compares)
        op.properties["predicate"] = IntegerAttr(rng.randrange(10), 64)
        return "cmpi predicate changed"
    if kind == "nsw":
        arithmetic = [
            op for op in ops if isinstance(op, arith.AddiOp | arith.SubiOp | arith.MuliOp)
        ]
        if not arithmetic:
            return None
        chosen = rng.sample(arithmetic, min(len(arithmetic), rng.choice([1, 3, 100])))
        for op in chosen:
            op.properties["overflowFlags"] = arith.IntegerOverflowAttr(
                [arith.IntegerOverflowFlag.NSW]
            )
        return f"{len(chosen)} ops marked overflow<nsw>"
    pairs = [op for op in ops if isinstance(op, arith.MaxSIOp | arith.MinSIOp)]
    if not pairs:
        return None
    op = rng.choice(pairs)
    other = arith.MinSIOp if isinstance(op, arith.MaxSIOp) else arith.MaxSIOp
    new = other(op.lhs, op.rhs)
    op.results[0].replace_all_uses_with(new.results[0])
    block = op.parent_block()
    assert block is not None
    block.insert_op_before(new, op)
    op.detach()
    op.erase()
    return "maxsi/minsi swapped"


def dynamic_mutant(seed: int) -> DynamicMutant:
    """Mutant ``seed``: a dynamic program of every op and mode in turn, lowered, with
    one to three mutations."""
    from dynamic_programs import MODES, dynamic_program
    from generators import OPS
    from xdsl.utils.exceptions import DiagnosticException, VerifyException

    from slice_dialect.compiler import (
        entry_signature,
        lower,
        lowered_signature,
        make_context,
        parse_module,
    )

    rng = random.Random(seed)
    program = dynamic_program(
        seed, op=OPS[seed % len(OPS)], mode=MODES[seed // len(OPS) % len(MODES)]
    )
    ctx = make_context()
    module = parse_module(program.text, ctx)
    signature = entry_signature(module, "main")
    lower(module, ctx)
    signature = lowered_signature(module, signature)
    mutations: list[str] = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        for _attempt in range(10):
            done = _mutate_once(module, rng)
            if done is not None:
                mutations.append(done)
                break
    try:
        module.verify()
    except (VerifyException, DiagnosticException) as e:
        return DynamicMutant(seed, program, tuple(mutations), None, signature, str(e))
    return DynamicMutant(seed, program, tuple(mutations), module, signature, str(module))


MUTANT_SECONDS = 60
"""How long a mutant's calls may run (in a forked child, :func:`mutant_calls_in_child`)
before they are killed. A mutant whose checks were dropped and whose operands or
constants were changed can run loops of up to 2^63 in-bounds iterations (mutant 2000
did, over empty runs, until the lowering bounded the loops of an empty window by 0):
memory-safe, but it need not end. Such a mutant is counted and printed, not a failure:
the mutant tests are about memory."""


@dataclass(frozen=True)
class MutantCalls:
    """What a mutant's calls did: each call ``returned``, ``raised`` ``SliceError`` or
    raised another exception (a failure); a call that returned and changed an input
    is also a failure, and the child's death (a signal, a sanitizer report) is one
    call and one failure."""

    calls: int
    returned: int
    raised: int
    failures: int


def mutant_calls_in_child(
    kernel: Any,
    mutant: DynamicMutant,
    count: int,
    seed: int,
    what: str,
    seconds: float = MUTANT_SECONDS,
) -> MutantCalls | None:
    """Call ``kernel`` (the mutant's) with ``count`` calls of its program (``seed``) in
    a forked child; ``None`` when they ran past ``seconds`` (the child is killed).
    Each call gets copies of its inputs, which must come back unchanged. A failure
    prints ``what`` and the call (the caller prints the mutant)."""
    import json
    import os
    import select
    import signal
    import traceback

    from oracle import same_bits

    from slice_dialect.errors import SliceError

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_end)
        calls = returned = raised = failures = 0
        try:
            for call in mutant.program.calls(count, seed):
                calls += 1
                originals = [call.x, *call.arguments]
                inputs = [a.copy() for a in originals]
                try:
                    kernel(*inputs)
                    returned += 1
                except SliceError:
                    raised += 1
                except Exception as e:
                    failures += 1
                    print(
                        f"{what}: {type(e).__name__}: {e}\n{call.describe()}", flush=True
                    )
                    continue
                if not all(map(same_bits, originals, inputs)):
                    failures += 1
                    print(f"{what}: an input changed\n{call.describe()}", flush=True)
            os.write(write_end, json.dumps([calls, returned, raised, failures]).encode())
        except BaseException:
            traceback.print_exc()
        finally:
            os._exit(0)
    os.close(write_end)
    ready, _, _ = select.select([read_end], [], [], seconds)
    if not ready:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(read_end)
        return None
    data = b""
    while chunk := os.read(read_end, 4096):
        data += chunk
    os.close(read_end)
    _, status = os.waitpid(pid, 0)
    if not data or status != 0:
        print(f"{what}: the calls' process ended with status {status}", flush=True)
        return MutantCalls(1, 0, 0, 1)
    return MutantCalls(*json.loads(data))
