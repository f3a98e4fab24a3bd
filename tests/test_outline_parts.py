"""``outline-slice-parts`` and the ``func.call`` rules of the C target and ``c_safety``.

A lowered function of many run-time windows is cut into private ``no_inline`` parts
that it calls in turn (``passes/outline_parts.py``: gcc's compile of one large function
is superlinear); the parts run as the whole did, in C and in the interpreter, and a
failing check in any part is reported as it was. ``c_safety`` checks a called function
at its call, with the call's operands: what is out of bounds for the caller's values is
refused, what is in bounds accepted; calls it cannot check are refused by name.
"""

from __future__ import annotations

import random
import re

import numpy as np
import pytest
from c_warnings import c_warnings
from xdsl.dialects import func

import slice_dialect
from passes.outline_parts import MAX_OPS, OutlineSlicePartsPass, plan_parts
from slice_dialect.backend.c import emit_c
from slice_dialect.backend.c_safety import check_module
from slice_dialect.compiler import lower, make_context, parse_module
from slice_dialect.errors import SliceError

WINDOWS = 40
"""Run-time windows in one function: about 90 lowered ops each, so some 3600 ops, more
than ``MAX_OPS``."""


def many_windows(count: int) -> str:
    """``count`` run-time windows of one ``tensor<64xf32>``, each of its own offset,
    size and stride (``index`` arguments), each a result."""
    args = ["%x: tensor<64xf32>"]
    body = []
    for k in range(count):
        args += [f"%o{k}: index", f"%n{k}: index", f"%s{k}: index"]
        body.append(
            f"  %r{k} = slice.dynamic_window %x offsets [%o{k}] sizes [%n{k}] strides "
            f"[%s{k}] : tensor<64xf32> -> tensor<?xf32>\n"
        )
    types = ", ".join(["tensor<?xf32>"] * count)
    results = ", ".join(f"%r{k}" for k in range(count))
    return (
        f"func.func @main({', '.join(args)}) -> ({types}) {{\n"
        + "".join(body)
        + f"  func.return {results} : {types}\n}}\n"
    )


def test_many_windows_are_called_parts() -> None:
    """``compile``'s lowering cuts a function of more than ``MAX_OPS`` ops into parts
    it calls in turn; one window stays one function. The C of both builds with
    ``-Wall -Wextra -Werror``, each part ``static`` and ``noinline``."""
    sources = []
    for count in (1, WINDOWS):
        ctx = make_context()
        module = parse_module(many_windows(count), ctx)
        lower(module, ctx)
        names = [f.sym_name.data for f in module.ops]  # type: ignore[attr-defined]
        sources.append(emit_c(module))
        if count == 1:
            assert names == ["main", "main.shape"]
        else:
            parts = [n for n in names if n.startswith("main_part")]
            assert len(parts) >= 3, names
            assert sum(1 for _ in module.walk()) > 2 * MAX_OPS
    one, many = sources
    assert "_part" not in one
    calls = re.findall(r"= (slice_main_part\w*)\(", many)
    assert len(calls) >= 3 and len(set(calls)) == len(calls)
    for call in calls:
        assert f"static int32_t {call}(" in many
    assert many.count("__attribute__((noinline))") >= len(calls)
    assert c_warnings(one) == "" and c_warnings(many) == ""


@pytest.mark.parametrize("backend", ["c", "interpreter"])
def test_parts_run_and_fail_as_the_whole(backend: str) -> None:
    """The windows of a function cut into parts against numpy, and a failing check in
    the first, a middle and the last part reported as in one function: the message,
    the window's values and its line."""
    kernel = slice_dialect.compile(many_windows(WINDOWS), backend=backend)
    x = np.arange(64, dtype=np.float32)
    rng = random.Random(53)
    for _ in range(3 if backend == "c" else 1):
        dims = []
        for _ in range(WINDOWS):
            size = rng.randrange(9)
            stride = rng.choice([1, 2, -1, -3])
            low = 0 if stride > 0 else -stride * (size - 1) if size else 0
            high = 64 - (stride * (size - 1) if stride > 0 and size else 0)
            dims.append((rng.randrange(low, high), size, stride))
        results = kernel(x, *(v for dim in dims for v in dim))
        assert len(results) == WINDOWS
        for result, (off, size, stride) in zip(results, dims):
            np.testing.assert_array_equal(
                result, x[[off + stride * k for k in range(size)]]
            )
    for bad in (0, WINDOWS // 2, WINDOWS - 1):
        values = [v for _ in range(WINDOWS) for v in (3, 2, 1)]
        values[3 * bad : 3 * bad + 3] = [63, 2, 1]  # reads index 64
        with pytest.raises(SliceError, match="out of bounds") as error:
            kernel(x, *values)
        assert "slice.dynamic_window" in str(error.value)
        assert f":{bad + 2}:" in (error.value.location or "")


def test_the_cut_crosses_only_arguments_scalars_and_constants() -> None:
    """Every value a part reads from outside is an argument of the function (a memref)
    or an integer scalar of an earlier part; constants are copied in; every output is
    an integer scalar."""
    ctx = make_context()
    module = parse_module(many_windows(WINDOWS), ctx)
    from passes.canonicalize_slices import CanonicalizeSlicesPass
    from passes.convert_slice_to_loops import ConvertSliceToLoopsPass

    CanonicalizeSlicesPass(dynamic=True).apply(ctx, module)
    ConvertSliceToLoopsPass().apply(ctx, module)
    main = next(f for f in module.ops if f.sym_name.data == "main")  # type: ignore[attr-defined]
    block = main.body.block  # type: ignore[attr-defined]
    parts = plan_parts(block, MAX_OPS, 600)
    assert len(parts) >= 3
    from xdsl.dialects import arith
    from xdsl.dialects.builtin import IndexType, IntegerType, MemRefType

    for part in parts:
        for v in part.inputs:
            if isinstance(v.type, MemRefType):
                assert v.owner is block  # type: ignore[comparison-overlap]
            else:
                assert isinstance(v.type, IndexType | IntegerType)
        for v in part.outputs:
            assert isinstance(v.type, IndexType | IntegerType)
        assert all(isinstance(c, arith.ConstantOp) for c in part.constants)
    assert [p.start for p in parts[1:]] == [p.stop for p in parts[:-1]]
    small = parse_module(many_windows(WINDOWS), ctx)
    OutlineSlicePartsPass(max_ops=10**9).apply(ctx, small)
    assert len(list(small.ops)) == 1


def _stores(buffer: str, setup: list[str], end: list[str]) -> str:
    lines = [
        "func.func @f(%out: memref<4xi32>) {",
        "  %c0 = arith.constant 0 : index",
        *setup,
    ]
    for k in range(60):
        lines.append(f"  %v{k} = arith.constant {k} : i32")
        lines.append(f"  memref.store %v{k}, {buffer}[%c0] : memref<4xi32>")
    lines += [
        f"  %l = memref.load {buffer}[%c0] : memref<4xi32>",
        "  memref.store %l, %out[%c0] : memref<4xi32>",
        *end,
        "  func.return",
        "}",
    ]
    return "\n".join(lines)


def test_views_and_allocations_live_across_do_not_block_the_cut() -> None:
    """A view (``memref.collapse_shape``) read from the first op to the last is made
    again in each part that reads it (since session 56; it left no legal cut, and the
    function stayed whole however large), as an allocation read so is kept in the
    function and passed to the parts, its dealloc after their calls; with either, or
    neither, the same stores are cut into parts of 10 ops or more."""
    ctx = make_context()
    view = _stores(
        "%t",
        [
            "  %a = memref.alloc() : memref<2x2xi32>",
            "  %t = memref.collapse_shape %a [[0, 1]] : memref<2x2xi32> into memref<4xi32>",
        ],
        ["  memref.dealloc %a : memref<2x2xi32>"],
    )
    for text in (
        view,
        _stores(
            "%t",
            ["  %t = memref.alloc() : memref<4xi32>"],
            ["  memref.dealloc %t : memref<4xi32>"],
        ),
        _stores("%out", [], []),
    ):
        module = parse_module(text, ctx)
        OutlineSlicePartsPass(max_ops=20, part_ops=10).apply(ctx, module)
        functions = list(module.ops)
        assert len(functions) > 5
        entry = functions[-1]
        assert isinstance(entry, func.FuncOp)
        kinds = [op.name for op in entry.body.block.ops]
        if "memref.alloc" in kinds:
            assert kinds[0] == "memref.alloc" and kinds[-2:] == [
                "memref.dealloc",
                "func.return",
            ]
        assert set(kinds) <= {
            "memref.alloc",
            "memref.dealloc",
            "func.call",
            "func.return",
        }
        check_module(module)
        assert c_warnings(emit_c(module)) == ""


def test_bad_options_are_an_error() -> None:
    ctx = make_context()
    module = parse_module(many_windows(1), ctx)
    with pytest.raises(ValueError, match="part-ops = 0: a count must be an integer"):
        OutlineSlicePartsPass(part_ops=0).apply(ctx, module)


CALLED = """
func.func private @part(%out: memref<8xi32>, %i: index) -> index attributes {no_inline} {
  %v = arith.constant 7 : i32
  memref.store %v, %out[%i] : memref<8xi32>
  %c1 = arith.constant 1 : index
  %n = arith.addi %i, %c1 : index
  func.return %n : index
}
func.func @f(%out: memref<8xi32>) {
  %c = arith.constant INDEX : index
  %n = func.call @part(%out, %c) : (memref<8xi32>, index) -> index
  %m = func.call @part(%out, %n) : (memref<8xi32>, index) -> index
  func.return
}
"""


def test_a_called_function_is_checked_with_the_call_operands() -> None:
    """``c_safety`` checks a called function at each call with its operands' intervals
    (and the result's interval carries on): stores at 5 then 6 are in bounds of 8
    elements, at 7 then 8 the second call's is not."""
    ctx = make_context()
    check_module(parse_module(CALLED.replace("INDEX", "5"), ctx))
    with pytest.raises(
        SliceError,
        match=r"the index is 8, outside .*out of bounds\) \(in @part, called by @f at <source>:12:3\)",
    ):
        check_module(parse_module(CALLED.replace("INDEX", "7"), ctx))
    source = emit_c(parse_module(CALLED.replace("INDEX", "5"), ctx))
    assert (
        "static int32_t slice_part(uint32_t *restrict out0, const int64_t i, "
        "int64_t *restrict slice_result0, int64_t *restrict slice_error_values)"
    ) in source
    assert "slice_part(out0, 5, &n, slice_error_values);" in source
    assert "slice_part(out0, n, &m, slice_error_values);" in source
    assert c_warnings(source) == ""


PUBLIC = """
func.func @k(%a: memref<8xi32>) {
  func.return
}
func.func @f(%out: memref<8xi32>) {
  func.call @k(%out) : (memref<8xi32>) -> ()
  func.return
}
"""

RECURSIVE = CALLED.replace("INDEX", "5").replace(
    "  func.return %n : index\n}\nfunc.func @f",
    "  %r = func.call @part(%out, %n) : (memref<8xi32>, index) -> index\n"
    "  func.return %n : index\n}\nfunc.func @f",
)


def test_calls_the_c_target_cannot_follow_are_refused() -> None:
    """A call of a public function (a kernel, of the kernel ABI) is refused by the
    printer and by ``c_safety``; a recursive call by ``c_safety``, at the call."""
    ctx = make_context()
    with pytest.raises(SliceError, match="calls only private functions with a body"):
        emit_c(parse_module(PUBLIC, ctx))
    with pytest.raises(SliceError, match="calls @k, a public function"):
        check_module(parse_module(PUBLIC, ctx))
    with pytest.raises(SliceError, match="calls @part recursively") as error:
        check_module(parse_module(RECURSIVE, ctx))
    assert error.value.location == "<source>:7:3"  # the recursive call


def test_one_buffer_passed_twice_is_refused() -> None:
    text = """
func.func private @two(%a: memref<8xi32>, %b: memref<8xi32>) attributes {no_inline} {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<8xi32>
  memref.store %v, %b[%c0] : memref<8xi32>
  func.return
}
func.func @f(%out: memref<8xi32>) {
  func.call @two(%out, %out) : (memref<8xi32>, memref<8xi32>) -> ()
  func.return
}
"""
    with pytest.raises(SliceError, match="operands 0 and 1 are one buffer"):
        emit_c(parse_module(text, make_context()))


def test_an_input_written_by_a_called_function_is_found() -> None:
    """``written_buffers`` follows calls: an argument only a callee writes is printed
    ``T *`` in the caller, and a kernel whose callee writes an input is refused."""
    text = """
func.func private @w(%a: memref<8xi32>) attributes {no_inline} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1 : i32
  memref.store %v, %a[%c0] : memref<8xi32>
  func.return
}
func.func @f(%x: memref<8xi32>) {
  func.call @w(%x) : (memref<8xi32>) -> ()
  func.return
}
"""
    module = parse_module(text, make_context())
    source = emit_c(module)
    assert "int32_t slice_f(uint32_t *restrict out0," in source
    assert c_warnings(source) == ""
    from slice_dialect.compiler import _check_inputs_unwritten  # pyright: ignore

    f = list(module.ops)[1]
    assert isinstance(f, func.FuncOp)
    with pytest.raises(SliceError, match=r"memref.store: writes argument 0 \(%x\) of @f"):
        _check_inputs_unwritten(f, 1)


def test_windows_of_tensor_constants_are_cut_too() -> None:
    """A tensor constant's buffer (a ``memref.alloc`` freed at the function's end) stays
    in the function and is passed to the parts that read it, its dealloc after their
    calls: a program of run-time windows of 40 constants is cut into parts, and runs as
    numpy (C and interpreter). (Session 53's review: such a buffer, live to the end,
    kept the function whole.)"""
    args, body, results = [], [], []
    tables = []
    for k in range(WINDOWS):
        table = [10 * k + j for j in range(16)]
        tables.append(np.array(table, np.int32))
        args += [f"%o{k}: index", f"%n{k}: index", f"%s{k}: index"]
        body += [
            f"  %t{k} = arith.constant dense<{table}> : tensor<16xi32>",
            f"  %r{k} = slice.dynamic_window %t{k} offsets [%o{k}] sizes [%n{k}] "
            f"strides [%s{k}] : tensor<16xi32> -> tensor<?xi32>",
        ]
        results.append(f"%r{k}")
    types = ", ".join(["tensor<?xi32>"] * WINDOWS)
    text = (
        f"func.func @main({', '.join(args)}) -> ({types}) {{\n"
        + "\n".join(body)
        + f"\n  func.return {', '.join(results)} : {types}\n}}\n"
    )
    ctx = make_context()
    module = parse_module(text, ctx)
    lower(module, ctx)
    assert sum(1 for f in module.ops if "no_inline" in f.attributes) >= 2
    assert c_warnings(emit_c(module)) == ""
    rng = random.Random(5)
    dims = [(rng.randrange(8), rng.randrange(5), rng.choice([1, 2])) for _ in tables]
    for backend in ("c", "interpreter"):
        kernel = slice_dialect.compile(text, backend=backend)
        got = kernel(*(v for dim in dims for v in dim))
        for result, table, (off, size, stride) in zip(got, tables, dims, strict=True):
            np.testing.assert_array_equal(
                result, table[off : off + size * stride : stride]
            )


def test_a_local_never_takes_a_callee_s_name() -> None:
    """A value named as the C symbol of a function it calls gets another C name (the C
    did not build: "called object 'slice_p' is not a function")."""
    text = """
func.func private @p(%in: memref<8xi32>) -> index attributes {no_inline} {
  %c0 = arith.constant 0 : index
  %v = memref.load %in[%c0] : memref<8xi32>
  %n = arith.index_cast %v : i32 to index
  func.return %n : index
}
func.func @f(%in: memref<8xi32>, %out: memref<8xi32>) {
  %slice_p = func.call @p(%in) : (memref<8xi32>) -> index
  %slice_p_1 = func.call @p(%in) : (memref<8xi32>) -> index
  %v = arith.index_cast %slice_p : index to i32
  %c1 = arith.constant 1 : index
  memref.store %v, %out[%c1] : memref<8xi32>
  func.return
}
"""
    source = emit_c(parse_module(text, make_context()))
    assert "int64_t slice_p = 0;" not in source
    assert c_warnings(source) == ""


def test_a_called_function_s_arrays_are_on_the_heap() -> None:
    """Frames of a chain of calls add up, so only a kernel's local arrays count against
    the stack budget: a called function's ``memref.alloc`` is a ``calloc`` (a chain of
    12 parts of 1 MiB of arrays each overflowed an 8 MiB stack); and a callee that
    allocates and frees a buffer may be called twice (it was refused as a use after
    free)."""
    text = """
func.func private @p(%out: memref<8xi32>) attributes {no_inline} {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<8xi32>
  %v = memref.load %out[%c0] : memref<8xi32>
  memref.store %v, %t[%c0] : memref<8xi32>
  %w = memref.load %t[%c0] : memref<8xi32>
  memref.store %w, %out[%c0] : memref<8xi32>
  memref.dealloc %t : memref<8xi32>
  func.return
}
func.func @f(%out: memref<8xi32>) {
  %t = memref.alloc() : memref<8xi32>
  func.call @p(%out) : (memref<8xi32>) -> ()
  func.call @p(%t) : (memref<8xi32>) -> ()
  memref.dealloc %t : memref<8xi32>
  func.return
}
"""
    source = emit_c(parse_module(text, make_context()))
    part = source[source.index("static int32_t slice_p(uint32_t *restrict out0") :]
    part = part[: part.index("\n}\n")]
    assert "calloc(8, 4)" in part and "= {0};" not in part
    kernel = source[source.index("int32_t slice_f(") :]
    assert "uint32_t t[8] = {0};" in kernel
    assert c_warnings(source) == ""


def test_no_part_is_empty() -> None:
    """At the smallest thresholds every part moves at least one op that is not a
    constant (constants, copied, count towards no part; no cut after the last op)."""
    ctx = make_context()
    module = parse_module(_stores("%out", [], []), ctx)
    OutlineSlicePartsPass(max_ops=1, part_ops=1).apply(ctx, module)
    parts = [
        f
        for f in module.ops
        if isinstance(f, func.FuncOp) and "no_inline" in f.attributes
    ]
    assert len(parts) == 62  # the 60 stores, the load, its store
    for part in parts:
        assert any(
            op.name not in ("arith.constant", "func.return") for op in part.body.block.ops
        )
    check_module(module)


def test_a_buffer_is_freed_after_its_last_reader_through_any_view() -> None:
    """``free_after_last_use`` moves a run-time buffer's dealloc to just after the last
    op that reads it or what may hold it: a collapse of it, a loop that carries that
    view in ``iter_args`` and returns it, an expand of the loop's result (it once
    followed collapses, expands and casts only, and freed the buffer before a read of
    the loop's result: review of session 60)."""
    from passes.convert_slice_to_loops import free_after_last_use

    text = """func.func @f(%n: index, %v: f32) {
  %a = memref.alloc(%n) : memref<?x4xf32>
  %c = memref.collapse_shape %a [[0, 1]] : memref<?x4xf32> into memref<?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %o = scf.for %k = %c0 to %n step %c1 iter_args(%it = %c) -> (memref<?xf32>) {
    scf.yield %it : memref<?xf32>
  }
  %e = memref.expand_shape %o [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
  memref.store %v, %e[%c0, %c0] : memref<?x4xf32>
  %m = arith.addi %c0, %c1 : index
  memref.dealloc %a : memref<?x4xf32>
  func.return
}
"""
    module = parse_module(text, make_context())
    f = next(op for op in module.ops if isinstance(op, func.FuncOp))
    free_after_last_use(f.body)
    names = [op.name for op in f.body.ops]
    assert names[-4:] == ["memref.store", "memref.dealloc", "arith.addi", "func.return"]
    module.verify()


def test_run_time_intermediates_are_cut_too() -> None:
    """A run-time window sliced again through its collapse is copied into a buffer of
    run-time size (since session 56), freed right after its last use
    (``free_after_last_use``), so the function is still cut into parts of about
    ``part-ops`` ops: freed at the function's end, the buffers had kept everything
    after the first in one part (150 such chains: one part of 16,857 lines, review
    70). The parts run as numpy."""
    count = 60
    args, body, results = [], [], []
    for k in range(count):
        args += [f"%o{k}: index", f"%n{k}: index", f"%p{k}: index", f"%q{k}: index"]
        body += [
            f"  %w{k} = slice.dynamic_window %x offsets [%o{k}, 1] sizes [%n{k}, 4] "
            "strides [1, 2] : tensor<6x8xf32> -> tensor<?x4xf32>",
            f"  %f{k} = tensor.collapse_shape %w{k} [[0, 1]] : tensor<?x4xf32> into "
            "tensor<?xf32>",
            f"  %r{k} = slice.dynamic_window %f{k} offsets [%p{k}] sizes [%q{k}] "
            "strides [3] : tensor<?xf32> -> tensor<?xf32>",
        ]
        results.append(f"%r{k}")
    types = ", ".join(["tensor<?xf32>"] * count)
    text = (
        f"func.func @main(%x: tensor<6x8xf32>, {', '.join(args)}) -> ({types}) {{\n"
        + "\n".join(body)
        + f"\n  func.return {', '.join(results)} : {types}\n}}\n"
    )
    ctx = make_context()
    module = parse_module(text, ctx)
    lower(module, ctx)
    parts = [
        f
        for f in module.ops
        if isinstance(f, func.FuncOp) and f.sym_name.data.startswith("main_part")
    ]
    sizes = [sum(1 for _ in f.walk()) for f in parts]
    assert len(parts) >= 4 and max(sizes) < 3 * 600, sizes
    rng = random.Random(56)
    x = np.arange(48, dtype=np.float32).reshape(6, 8)
    calls, expected = [], []
    for _ in range(count):
        o = rng.randrange(6)
        n = rng.randrange(7 - o)
        p = rng.randrange(max(1, 4 * n))
        q = rng.randrange((max(0, 4 * n - 1 - p)) // 3 + 2) if n else 0
        calls += [o, n, p if n else 0, q]
        expected.append(
            x[o : o + n, 1::2].reshape(-1)[p : p + 3 * q : 3] if n else x[:0, 0]
        )
    for backend in ("c", "interpreter"):
        got = slice_dialect.compile(text, backend=backend)(x, *calls)
        for result, want in zip(got, expected, strict=True):
            np.testing.assert_array_equal(result, want)
