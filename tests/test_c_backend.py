"""The C target and its runtime: emitted C, compiled and called on numpy arrays.

Inputs are hand-written modules in the form ``convert-slice-to-loops`` produces (memref
arguments, ``scf.for`` over index arithmetic, loads and stores), and windows lowered by
the pass itself; every result is compared bit for bit with numpy slicing of the same
window. Copy nests are checked in both printed forms (as copies, and op by op), large
(streamed) copies also under AddressSanitizer, and the argument checks on both call
paths (the C extension and ctypes).
"""

from __future__ import annotations

import ctypes
import io
import math
import subprocess
import sys
import textwrap
import timeit
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest
from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, memref, scf
from xdsl.dialects.builtin import (
    BFloat16Type,
    ComplexType,
    Float16Type,
    Float32Type,
    Float64Type,
    Float80Type,
    IntegerType,
    ModuleOp,
    Signedness,
)
from xdsl.parser import Parser

from passes.copy_plan import row_major_strides
from slice_dialect import runtime
from slice_dialect.backend.c import CTarget, c_symbol, emit_c
from slice_dialect.dialect import Slice
from slice_dialect.dtypes import (
    c_storage_type,
    element_type_for_dtype,
    numpy_dtype,
    storage_bytes,
)
from slice_dialect.errors import SliceError
from slice_dialect.runtime import ArraySpec, CKernel, array_specs, load_kernel

ELEMENT_TYPES = [
    "i1",
    "i8",
    "ui8",
    "si16",
    "i32",
    "i64",
    "i3",
    "i17",
    "f16",
    "bf16",
    "f32",
    "f64",
    "complex<f32>",
    "complex<f64>",
]


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("slice-cache")


def parse(text: str) -> ModuleOp:
    ctx = Context()
    for dialect in (
        builtin.Builtin,
        func.Func,
        arith.Arith,
        scf.Scf,
        memref.MemRef,
        Slice,
    ):
        ctx.load_dialect(dialect)
    return Parser(ctx, text).parse_module()


def memref_type(shape: Sequence[int], element: str) -> str:
    return "memref<" + "".join(f"{d}x" for d in shape) + element + ">"


class IRBuilder:
    """Lines of a lowered function, with index constants made once each."""

    def __init__(self) -> None:
        self.constants: dict[int, str] = {}
        self.body: list[str] = []
        self.count = 0

    def const(self, value: int) -> str:
        if value not in self.constants:
            name = f"%c{value}" if value >= 0 else f"%cm{-value}"
            self.constants[value] = name
        return self.constants[value]

    def fresh(self, base: str) -> str:
        self.count += 1
        return f"%{base}{self.count}"

    def affine(self, base: int, terms: Sequence[tuple[str, int]]) -> str:
        """An index value ``base + sum(iv * coefficient)``, as the lowering prints it."""
        value = self.const(base)
        for iv, coefficient in terms:
            product = self.fresh("m")
            self.body.append(
                f"{product} = arith.muli {iv}, {self.const(coefficient)} : index"
            )
            total = self.fresh("s")
            self.body.append(f"{total} = arith.addi {value}, {product} : index")
            value = total
        return value

    def function(self, name: str, args: Sequence[str]) -> str:
        constants = [
            f"  {n} = arith.constant {v} : index" for v, n in self.constants.items()
        ]
        return "\n".join(
            [
                f"func.func @{name}({', '.join(args)}) {{",
                *constants,
                *("  " + line for line in self.body),
                "  func.return",
                "}",
            ]
        )


def window_ir(
    element: str,
    shape: Sequence[int],
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
    *,
    collapse: bool = True,
    name: str = "main",
) -> str:
    """A lowered window of a ``shape`` source: loops over ``sizes``, one load, one store.

    With ``collapse``, both memrefs are collapsed to 1-D views indexed linearly (the
    usual lowering); without, loads and stores take one index per dimension.
    """
    b = IRBuilder()
    x_type, out_type = memref_type(shape, element), memref_type(sizes, element)
    rank = len(shape)
    src, dst = "%x", "%out"
    if collapse and rank > 0:
        group = "[[" + ", ".join(str(d) for d in range(rank)) + "]]"
        x_flat = memref_type([math.prod(shape)], element)
        out_flat = memref_type([math.prod(sizes)], element)
        b.body.append(f"%src = memref.collapse_shape %x {group} : {x_type} into {x_flat}")
        b.body.append(
            f"%dst = memref.collapse_shape %out {group} : {out_type} into {out_flat}"
        )
        src, dst, x_type, out_type = "%src", "%dst", x_flat, out_flat
    ivs = [f"%i{d}" for d in range(rank)]
    indent = ""
    for d in range(rank):
        b.body.append(
            f"{indent}scf.for {ivs[d]} = {b.const(0)} to {b.const(sizes[d])} "
            f"step {b.const(1)} {{"
        )
        indent += "  "
    start = len(b.body)
    if collapse and rank > 0:
        source_strides = row_major_strides(shape)
        base = sum(o * s for o, s in zip(offsets, source_strides, strict=True))
        coefficients = [s * t for s, t in zip(strides, source_strides, strict=True)]
        load_index = [b.affine(base, list(zip(ivs, coefficients, strict=True)))]
        store_index = [b.affine(0, list(zip(ivs, row_major_strides(sizes), strict=True)))]
    else:
        load_index = [b.affine(offsets[d], [(ivs[d], strides[d])]) for d in range(rank)]
        store_index = ivs
    b.body.append(f"%v = memref.load {src}[{', '.join(load_index)}] : {x_type}")
    b.body.append(f"memref.store %v, {dst}[{', '.join(store_index)}] : {out_type}")
    b.body[start:] = [indent + line for line in b.body[start:]]
    for d in reversed(range(rank)):
        b.body.append("  " * d + "}")
    return b.function(
        name,
        [f"%x: {memref_type(shape, element)}", f"%out: {memref_type(sizes, element)}"],
    )


def numpy_window(
    x: np.ndarray, offsets: Sequence[int], sizes: Sequence[int], strides: Sequence[int]
) -> np.ndarray:
    """The window by numpy basic slicing."""
    index: list[slice] = []
    for offset, size, stride in zip(offsets, sizes, strides, strict=True):
        if size == 0:
            index.append(slice(0, 0))
            continue
        stop = offset + stride * size
        index.append(slice(offset, stop if stop >= 0 else None, stride))
    return x[tuple(index)]


def random_array(dtype: np.dtype, shape: Sequence[int], seed: int = 0) -> np.ndarray:
    """An array of random bytes: NaN payloads and non-canonical values included."""
    rng = np.random.default_rng(seed)
    count = math.prod(shape)
    raw = rng.integers(0, 256, size=count * dtype.itemsize, dtype=np.uint8)
    return raw.view(dtype).reshape(shape)


def same_bits(actual: np.ndarray, expected: np.ndarray) -> bool:
    actual, expected = np.ascontiguousarray(actual), np.ascontiguousarray(expected)
    return (
        actual.dtype == expected.dtype
        and actual.shape == expected.shape
        and actual.view(np.uint8).tobytes() == expected.view(np.uint8).tobytes()
    )


def kernel_of(
    module: ModuleOp,
    name: str,
    n_inputs: int,
    cache_dir: Path,
    *,
    fast_call: bool = True,
) -> CKernel:
    function = next(
        op
        for op in module.ops
        if isinstance(op, func.FuncOp) and op.sym_name.data == name
    )
    specs = array_specs(function)
    return load_kernel(
        emit_c(module),
        name,
        specs[:n_inputs],
        specs[n_inputs:],
        cache_dir=cache_dir,
        fast_call=fast_call,
    )


HAS_FAST_CALL = runtime.kernel_class(fast_call=True) is not CKernel
CALL_PATHS = [
    pytest.param(
        True,
        id="fast",
        marks=pytest.mark.skipif(
            not HAS_FAST_CALL, reason=f"no fast call: {runtime.call_path_description()}"
        ),
    ),
    pytest.param(False, id="ctypes"),
]
"""Both ways of calling a kernel: every argument check must hold for each."""


# dtypes


@pytest.mark.parametrize(
    ("element", "bytes_", "dtype", "c_type"),
    [
        (IntegerType(1), 1, np.bool_, "uint8_t"),
        (IntegerType(1, Signedness.SIGNED), 1, np.int8, "uint8_t"),
        (IntegerType(1, Signedness.UNSIGNED), 1, np.uint8, "uint8_t"),
        (IntegerType(3), 1, np.int8, "uint8_t"),
        (IntegerType(8), 1, np.int8, "uint8_t"),
        (IntegerType(8, Signedness.UNSIGNED), 1, np.uint8, "uint8_t"),
        (IntegerType(9), 2, np.int16, "uint16_t"),
        (IntegerType(16, Signedness.SIGNED), 2, np.int16, "uint16_t"),
        (IntegerType(17), 4, np.int32, "uint32_t"),
        (IntegerType(32, Signedness.UNSIGNED), 4, np.uint32, "uint32_t"),
        (IntegerType(33), 8, np.int64, "uint64_t"),
        (IntegerType(64, Signedness.UNSIGNED), 8, np.uint64, "uint64_t"),
        (Float16Type(), 2, np.float16, "uint16_t"),
        (BFloat16Type(), 2, ml_dtypes.bfloat16, "uint16_t"),
        (Float32Type(), 4, np.float32, "uint32_t"),
        (Float64Type(), 8, np.float64, "uint64_t"),
        (ComplexType(Float32Type()), 8, np.complex64, "uint64_t"),
        (ComplexType(Float64Type()), 16, np.complex128, "slice_b128"),
    ],
)
def test_dtype_map(element, bytes_: int, dtype, c_type: str) -> None:
    assert storage_bytes(element) == bytes_
    assert numpy_dtype(element) == np.dtype(dtype)
    assert numpy_dtype(element).itemsize == bytes_
    assert c_storage_type(element) == c_type


@pytest.mark.parametrize(
    "element",
    [IntegerType(65), Float80Type(), ComplexType(IntegerType(32)), builtin.IndexType()],
)
def test_unsupported_element_types(element) -> None:
    for function in (storage_bytes, numpy_dtype, c_storage_type):
        with pytest.raises(SliceError, match=str(element).replace("<", ".")):
            function(element)


@pytest.mark.parametrize(
    "dtype",
    [
        np.bool_,
        np.int8,
        np.uint16,
        np.int64,
        np.float16,
        ml_dtypes.bfloat16,
        np.float32,
        np.complex128,
    ],
)
def test_element_type_for_dtype_round_trips(dtype) -> None:
    assert numpy_dtype(element_type_for_dtype(np.dtype(dtype))) == np.dtype(dtype)


def test_element_type_for_unknown_dtype() -> None:
    with pytest.raises(SliceError, match="<U3"):
        element_type_for_dtype(np.dtype("<U3"))


# Emitted C, compiled and called


@pytest.mark.parametrize("element", ELEMENT_TYPES)
def test_every_element_type_bit_for_bit(element: str, cache_dir: Path) -> None:
    offsets, sizes, strides = [3, 1], [2, 3], [-2, 2]
    module = parse(window_ir(element, [4, 7], offsets, sizes, strides))
    source = emit_c(module)
    t = parse(f"func.func @t(%a: {memref_type([1], element)}) {{ func.return }}")
    element_type = next(iter(t.ops)).function_type.inputs.data[0].element_type
    c_type = c_storage_type(element_type)
    assert (
        f"int32_t slice_main(const {c_type} *restrict in0, {c_type} *restrict out0, "
        "int64_t *restrict slice_error_values)"
    ) in source
    assert ("typedef struct" in source) == (element == "complex<f64>")

    kernel = kernel_of(module, "main", 1, cache_dir)
    dtype = numpy_dtype(element_type)
    x = random_array(dtype, [4, 7], seed=len(element))
    expected = numpy_window(x, offsets, sizes, strides)
    assert same_bits(kernel(x), expected)
    out = np.zeros(sizes, dtype)
    assert kernel(x, out=out) is out
    assert same_bits(out, expected)


@pytest.mark.parametrize(
    ("shape", "offsets", "sizes", "strides"),
    [
        ([5], [4], [5], [-1]),
        ([6, 5], [5, 4], [3, 2], [-2, -3]),
        ([3, 4, 5], [2, 0, 4], [2, 2, 3], [-1, 3, -2]),
        ([2, 3, 1, 4], [1, 2, 0, 3], [1, 3, 1, 4], [1, -1, 1, -1]),
    ],
)
@pytest.mark.parametrize("collapse", [True, False])
def test_negative_strides(shape, offsets, sizes, strides, collapse, cache_dir) -> None:
    module = parse(window_ir("f64", shape, offsets, sizes, strides, collapse=collapse))
    kernel = kernel_of(module, "main", 1, cache_dir)
    x = random_array(np.dtype(np.float64), shape, seed=1)
    assert same_bits(kernel(x), numpy_window(x, offsets, sizes, strides))


def test_multi_dim_indices_are_linearized_row_major() -> None:
    source = emit_c(
        parse(
            window_ir("i16", [3, 4, 5], [0, 0, 0], [3, 4, 5], [1, 1, 1], collapse=False)
        )
    )
    assert "in0[s2 * 20 + s4 * 5 + s6]" in source
    assert "out0[i0 * 20 + i1 * 5 + i2]" in source


def test_rank_zero(cache_dir: Path) -> None:
    module = parse(
        """
        func.func @scalar(%x: memref<complex<f64>>, %out: memref<complex<f64>>) {
          %v = memref.load %x[] : memref<complex<f64>>
          memref.store %v, %out[] : memref<complex<f64>>
          func.return
        }
        """
    )
    source = emit_c(module)
    assert "const slice_b128 v = in0[0];" in source
    kernel = kernel_of(module, "scalar", 1, cache_dir)
    x = np.array(3.5 - 2j)
    result = kernel(x)
    assert result.shape == () and same_bits(result, x)


def test_zero_size_output(cache_dir: Path) -> None:
    module = parse(window_ir("f32", [4, 5], [0, 2], [0, 3], [1, 1]))
    kernel = kernel_of(module, "main", 1, cache_dir)
    x = random_array(np.dtype(np.float32), [4, 5])
    assert kernel(x).shape == (0, 3)
    empty = np.empty((0, 3), np.float32)
    assert kernel(x, out=empty) is empty


def test_zero_size_input(cache_dir: Path) -> None:
    module = parse(window_ir("ui8", [0, 5], [0, 0], [0, 5], [1, 1]))
    kernel = kernel_of(module, "main", 1, cache_dir)
    assert kernel(np.empty((0, 5), np.uint8)).shape == (0, 5)


ALLOC_IR = """
func.func @twice(%x: memref<{n}xf32>, %out: memref<{m}xf32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cm = arith.constant {m} : index
  %last = arith.constant {last} : index
  %cm1 = arith.constant -1 : index
  %tmp = memref.alloc() : memref<{m}xf32>
  scf.for %i = %c0 to %cm step %c1 {{
    %a = arith.muli %i, %c2 : index
    %v = memref.load %x[%a] : memref<{n}xf32>
    memref.store %v, %tmp[%i] : memref<{m}xf32>
  }}
  %tmp2 = memref.alloc() : memref<{m}xf32>
  scf.for %i = %c0 to %cm step %c1 {{
    %b = arith.muli %i, %cm1 : index
    %r = arith.addi %b, %last : index
    %v = memref.load %tmp[%r] : memref<{m}xf32>
    memref.store %v, %tmp2[%i] : memref<{m}xf32>
  }}
  "memref.copy"(%tmp2, %out) : (memref<{m}xf32>, memref<{m}xf32>) -> ()
  memref.dealloc %tmp : memref<{m}xf32>
  func.return
}}
"""


@pytest.mark.parametrize("m", [6, 10_000])
def test_alloc_and_copy(m: int, cache_dir: Path) -> None:
    """Intermediates: a small one on the stack, a large one on the heap; ``%tmp2`` has
    no dealloc, so the function frees it (if on the heap) before it returns."""
    module = parse(ALLOC_IR.format(n=2 * m, m=m, last=m - 1))
    source = emit_c(module)
    assert "#include <string.h>" in source
    assert f"memcpy(out0, tmp2, {4 * m});" in source
    if m * 4 > 16 * 1024:
        assert "#include <stdlib.h>" in source
        assert f"uint32_t *tmp = calloc({m}, 4);" in source
        assert "free(tmp);" in source and "free(tmp2);" in source
    else:
        assert f"uint32_t tmp[{m}] = {{0}};" in source and "calloc" not in source
    kernel = kernel_of(module, "twice", 1, cache_dir)
    x = random_array(np.dtype(np.float32), [2 * m], seed=2)
    assert same_bits(kernel(x), x[::2][::-1])


def test_alloc_without_dealloc_inside_loop_is_freed_each_iteration() -> None:
    module = parse(
        """
        func.func @f(%out: memref<4xf64>) {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %c4 = arith.constant 4 : index
          scf.for %i = %c0 to %c4 step %c1 {
            %big = memref.alloc() : memref<4096xf64>
            "memref.copy"(%out, %out) : (memref<4xf64>, memref<4xf64>) -> ()
          }
          func.return
        }
        """
    )
    source = emit_c(module)
    body = source[source.index("for (int64_t i") :]
    assert (
        body.index("calloc(4096, 8)") < body.index("free(big);") < body.index("\n    }")
    )


def test_two_outputs_and_two_functions(cache_dir: Path) -> None:
    text = window_ir("i32", [6], [1], [3], [2], name="first") + window_ir(
        "i32", [6], [5], [6], [-1], name="second"
    )
    module = parse(TWO_OUT_IR + text)
    source = emit_c(module)
    assert source.count("\nint32_t slice_") == 3
    # values of the second loop are renamed apart from those of the first
    assert "const int64_t s_1 = i_1 + 3;" in source
    pair = kernel_of(module, "pair", 1, cache_dir)
    x = np.arange(6, dtype=np.int32)
    a, b = pair(x)
    assert a.tolist() == [0, 2, 4] and b.tolist() == [3, 4]
    outs = (np.empty(3, np.int32), np.empty(2, np.int32))
    assert pair(x, out=outs) is outs and outs[1].tolist() == [3, 4]
    second = kernel_of(module, "second", 1, cache_dir)
    assert second(x).tolist() == x[::-1].tolist()


def test_c_text_of_the_example() -> None:
    module = parse(window_ir("f32", [4, 5], [1, 4], [2, 3], [1, -2]))
    source = emit_c(module)
    assert source.startswith("/* Generated")
    assert "#include <stdint.h>" in source
    assert "string.h" not in source and "stdlib.h" not in source
    assert (
        textwrap.dedent(
            """\
        /* @main: element type, shape and access of each argument
         *   in0 (%x): f32, shape [4, 5], read only
         *   out0 (%out): f32, shape [2, 3], written
         */
        int32_t slice_main(const uint32_t *restrict in0, uint32_t *restrict out0, \
int64_t *restrict slice_error_values) {
            const uint32_t *src = in0;
            uint32_t *dst = out0;
            for (int64_t i0 = 0; i0 < 2; i0 += 1) {
                for (int64_t i1 = 0; i1 < 3; i1 += 1) {
        """
        )
        in source
    )
    assert "const int64_t m1 = i0 * 5;" in source
    assert "const int64_t m3 = i1 * -2;" in source
    stream = io.StringIO()
    CTarget().emit(Context(), module, stream)
    assert stream.getvalue() == emit_c(module)


def test_names_are_sanitized_and_uniqued() -> None:
    module = parse(
        """
        func.func @f(%int: memref<2xi8>, %x.y: memref<2xi8>, %0: memref<2xi8>) {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %c2 = arith.constant 2 : index
          %min = arith.constant -9223372036854775808 : index
          scf.for %int_1 = %c0 to %c2 step %c1 {
            %free = arith.addi %int_1, %min : index
            %INT32_MAX = arith.addi %int_1, %c1 : index
            %_init = arith.addi %INT32_MAX, %c1 : index
            %v = memref.load %int[%int_1] : memref<2xi8>
            memref.store %v, %x.y[%int_1] : memref<2xi8>
          }
          func.return
        }
        """
    )
    source = emit_c(module)
    assert (
        "int32_t slice_f(const uint8_t *restrict in0, uint8_t *restrict out0, "
        "const uint8_t *restrict in1, int64_t *restrict slice_error_values)" in source
    )
    assert " *   in0 (%int): i8, shape [2], read only" in source
    assert "for (int64_t int_1 = 0;" in source
    assert "const int64_t free_1 = int_1 + INT64_MIN;" in source
    # names that may be libc macros or reserved identifiers get a prefix
    assert "const int64_t v_INT32_MAX = int_1 + 1;" in source
    assert "const int64_t v__init = v_INT32_MAX + 1;" in source


def test_store_through_view_makes_argument_writable() -> None:
    module = parse(
        """
        func.func @f(%a: memref<2x2xf16>, %b: memref<2x2xf16>) {
          %c0 = arith.constant 0 : index
          %v = memref.collapse_shape %a [[0, 1]] : memref<2x2xf16> into memref<4xf16>
          %w = memref.collapse_shape %v [[0]] : memref<4xf16> into memref<4xf16>
          %e = memref.load %b[%c0, %c0] : memref<2x2xf16>
          memref.store %e, %w[%c0] : memref<4xf16>
          func.return
        }
        """
    )
    source = emit_c(module)
    assert (
        "int32_t slice_f(uint16_t *restrict out0, const uint16_t *restrict in0, "
        "int64_t *restrict slice_error_values)" in source
    )
    assert "uint16_t *v = out0;" in source and "uint16_t *w = v;" in source
    assert "const uint16_t e = in0[0];" in source


# Errors of the printer


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            """func.func @main(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
                 %r = slice.window %x offsets [1, 4] sizes [2, 3] strides [1, -2]
                     : tensor<4x5xf32> -> tensor<2x3xf32>
                 func.return %r : tensor<2x3xf32>
               }""",
            "slice.window: no C rule; run convert-slice-to-loops first",
        ),
        (
            """func.func @main(%x: tensor<4xf32>) {
                 func.return
               }""",
            r"func.func @main: argument 0 \(%x\) has type tensor<4xf32>; the C target "
            "takes memrefs",
        ),
        (
            """func.func @main(%x: memref<4xf32>) {
                 %c = arith.constant 1 : i64
                 func.return
               }""",
            "arith.constant on i64: the C target has index arithmetic only",
        ),
        (
            """func.func @main(%x: memref<4xf32>, %y: memref<4xf32>) {
                 %c = arith.constant 1 : index
                 %s = memref.subview %x[1][2][1]
                     : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
                 func.return
               }""",
            "memref.subview: no C rule",
        ),
        (
            """func.func @"a.b"(%x: memref<4xf32>) {
                 func.return
               }
               func.func @a_x2Eb(%x: memref<4xf32>) {
                 func.return
               }""",
            "func.func @a_x2Eb and func.func @a.b have the same C symbol slice_a_x2Eb",
        ),
        (
            """func.func @main(%x: memref<4xf32>, %n: index) {
                 func.return
               }""",
            r"func.func @main: argument 1 \(%n\) has type index; the C target takes "
            r"memref arguments only \(scalar arguments are not supported\)",
        ),
        (
            """func.func @main(%x: memref<?xf32>) {
                 func.return
               }""",
            r"argument 0 \(%x\) has type memref<\?xf32>; the C target takes static",
        ),
        (
            """func.func @main(%x: memref<4xf80>) {
                 func.return
               }""",
            r"argument 0 \(%x\): element type f80 is not supported",
        ),
        (
            """func.func @main(%x: memref<4xf32>) -> memref<4xf32> {
                 func.return %x : memref<4xf32>
               }""",
            "func.func @main returns values",
        ),
        (
            """func.func private @ext(%x: memref<4xf32>)""",
            "func.func @ext: external declarations have no C rule",
        ),
        (
            "builtin.module { builtin.module {} }",
            "builtin.module: no C rule",
        ),
    ],
)
def test_printer_errors(text: str, message: str) -> None:
    with pytest.raises(SliceError, match=message):
        emit_c(parse(text))


# The compile cache: tests/test_runtime_cache.py


KERNEL_IR = window_ir("f32", [8, 8], [0, 7], [4, 4], [2, -2])


# Argument checks


@pytest.fixture(scope="module", params=CALL_PATHS)
def kernel(cache_dir: Path, request: pytest.FixtureRequest) -> CKernel:
    return kernel_of(parse(KERNEL_IR), "main", 1, cache_dir, fast_call=request.param)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "main: expected 1 input arrays, got 0"),
        ((np.zeros((8, 8), np.float32),) * 2, "main: expected 1 input arrays, got 2"),
        (([[0.0] * 8] * 8,), r"input 0 \(%x\): expected a numpy array, got list"),
        ((np.zeros((8, 8), np.float64),), r"input 0 \(%x\): expected dtype float32"),
        ((np.zeros((8, 8), ">f4"),), r"input 0 \(%x\): expected dtype float32, got >f4"),
        ((np.zeros((8, 7), np.float32),), r"input 0 \(%x\): expected shape \(8, 8\)"),
    ],
)
def test_input_errors(kernel: CKernel, args, message: str) -> None:
    with pytest.raises(SliceError, match=message):
        kernel(*args)


def test_non_contiguous_input_is_copied(kernel: CKernel) -> None:
    big = random_array(np.dtype(np.float32), [16, 24])
    x = big[::2, 1::3]
    assert not x.flags.c_contiguous
    assert same_bits(kernel(x), x[0::2, 7::-2])
    read_only = np.array(x)
    read_only.flags.writeable = False
    assert same_bits(kernel(read_only), x[0::2, 7::-2])


def test_output_errors(kernel: CKernel) -> None:
    x = np.zeros((8, 8), np.float32)
    cases = [
        (np.zeros((4, 4), np.float64), r"output 0 \(%out\): expected dtype float32"),
        (np.zeros((4, 5), np.float32), r"output 0 \(%out\): expected shape \(4, 4\)"),
        (np.zeros((4, 8), np.float32)[:, ::2], "not C-contiguous"),
        ((np.zeros((4, 4), np.float32),) * 2, r"out= takes 1 array\(s\)"),
        ("buffer", r"out= takes 1 array\(s\)"),
    ]
    read_only = np.zeros((4, 4), np.float32)
    read_only.flags.writeable = False
    cases.append((read_only, "read-only"))
    for out, message in cases:
        with pytest.raises(SliceError, match=message):
            kernel(x, out=out)


def test_output_must_not_overlap_inputs_or_outputs(kernel: CKernel, cache_dir) -> None:
    x = np.zeros(64 + 16, np.float32)
    with pytest.raises(SliceError, match="overlaps input 0"):
        kernel(x[:64].reshape(8, 8), out=x[:16].reshape(4, 4))
    # adjacent but disjoint is fine
    assert kernel(x[:64].reshape(8, 8), out=x[64:].reshape(4, 4)) is not None
    pair = kernel_of(
        parse(
            """
            func.func @pair(%x: memref<2xi8>, %a: memref<2xi8>, %b: memref<2xi8>) {
              func.return
            }
            """
        ),
        "pair",
        1,
        cache_dir,
    )
    buffer = np.zeros(3, np.int8)
    with pytest.raises(
        SliceError, match=r"output 1 \(%b\): out= array overlaps output 0"
    ):
        pair(np.zeros(2, np.int8), out=(buffer[:2], buffer[1:]))


@pytest.mark.parametrize("fast_call", CALL_PATHS)
def test_misaligned_complex64(cache_dir: Path, fast_call: bool) -> None:
    """``complex<f32>`` moves as ``uint64_t``, but numpy aligns ``complex64`` to 4."""
    module = parse(window_ir("complex<f32>", [6], [5], [3], [-2]))
    kernel = kernel_of(module, "main", 1, cache_dir, fast_call=fast_call)
    raw = np.zeros(6 * 8 + 4 + 8, np.uint8)
    start = 4 if raw.ctypes.data % 8 == 0 else 8
    x = raw[start : start + 48].view(np.complex64)
    assert x.flags.aligned and x.ctypes.data % 8 == 4
    x[:] = np.arange(6) + 1j * np.arange(6)
    assert same_bits(kernel(x), x[5::-2])
    out_raw = np.zeros(3 * 8 + 8, np.uint8)
    start = 4 if out_raw.ctypes.data % 8 == 0 else 8
    with pytest.raises(SliceError, match="not 8-byte aligned"):
        kernel(x, out=out_raw[start : start + 24].view(np.complex64))


def test_ckernel_from_plain_signature(cache_dir: Path) -> None:
    library = runtime.build_shared_library(emit_c(parse(KERNEL_IR)), cache_dir=cache_dir)
    kernel = CKernel(library, "main", [(np.float32, (8, 8))], [(np.float32, [4, 4])])
    assert kernel.inputs == [ArraySpec(np.dtype(np.float32), (8, 8))]
    with pytest.raises(SliceError, match=r"main: input 0: expected shape"):
        kernel(np.zeros(3, np.float32))
    with pytest.raises(
        SliceError, match=r"has no function 'nope' \(C symbol slice_nope\)"
    ):
        CKernel(library, "nope", [], [])


def test_call_overhead(cache_dir: Path) -> None:
    """Per-call cost of an 8x8 -> 4x4 f32 kernel with ``out=``, on each call path
    (reported with ``-s``): the whole call from Python, argument checks included."""
    x = random_array(np.dtype(np.float32), [8, 8])
    out = np.empty((4, 4), np.float32)
    n = 20_000
    module = parse(KERNEL_IR)
    times: dict[str, float] = {}
    for fast_call in (True, False):
        kernel = kernel_of(module, "main", 1, cache_dir, fast_call=fast_call)
        seconds = timeit.repeat(lambda k=kernel: k(x, out=out), number=n, repeat=3)
        times[type(kernel).__name__] = min(seconds) / n
        assert same_bits(out, x[0::2, 7::-2])
    bare = kernel._function
    pointers = (x.ctypes.data, out.ctypes.data, (ctypes.c_int64 * 4)())
    floor = min(timeit.repeat(lambda: bare(*pointers), number=n, repeat=3)) / n
    numpy = min(timeit.repeat(lambda: np.copyto(out, x[0::2, 7::-2]), number=n, repeat=3))
    print(
        "\ncall with out=: "
        + ", ".join(f"{name} {t * 1e6:.2f} us" for name, t in times.items())
        + f" (bare ctypes call {floor * 1e6:.2f} us, numpy {numpy / n * 1e6:.2f} us)"
    )
    assert times["CKernel"] < 50e-6
    if HAS_FAST_CALL:
        assert times["FastCKernel"] < min(5e-6, times["CKernel"])


# Sanitizer builds


SANITIZER_SCRIPT = """
import sys
import numpy as np
from pathlib import Path
from typing import Any
from slice_dialect import runtime
cache = Path(sys.argv[1])
ir_source, c_bad = sys.stdin.read().split("//SPLIT//")
kernel = runtime.load_kernel(ir_source, "main", [(np.float32, (8, 8))],
                             [(np.float32, (4, 4))], sanitize=True, cache_dir=cache)
x = np.arange(64, dtype=np.float32).reshape(8, 8)
assert (kernel(x) == x[0::2, 7::-2]).all()
print("clean run ok", flush=True)
bad = runtime.load_kernel(c_bad, "bad", [(np.float32, (4,))], [(np.float32, (4,))],
                          sanitize=True, cache_dir=cache)
bad(np.zeros(4, np.float32))
print("overflow not detected", flush=True)
"""

BAD_C = """
#include <stdint.h>
int32_t slice_bad(const uint32_t *restrict x, uint32_t *restrict out, int64_t *e) {
    for (int64_t i = 0; i <= 4; i += 1) out[i] = x[i];
    return 0;
}
const char *slice_error_message(int32_t code) { return "unknown"; }
"""


def test_sanitizer_build_in_subprocess(tmp_path: Path) -> None:
    """Sanitized kernels run in a Python with libasan preloaded; an out-of-bounds
    access in C is reported there."""
    try:
        env = runtime.asan_environment()
    except SliceError as error:
        pytest.skip(str(error))
    source = emit_c(parse(KERNEL_IR))
    result = subprocess.run(
        [sys.executable, "-c", SANITIZER_SCRIPT, str(tmp_path)],
        input=source + "//SPLIT//" + BAD_C,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert "clean run ok" in result.stdout, result.stderr
    assert "overflow not detected" not in result.stdout
    assert "AddressSanitizer" in result.stderr and "heap-buffer-overflow" in result.stderr
    assert result.returncode != 0


def test_sanitizer_build_refuses_to_load_without_asan(tmp_path: Path) -> None:
    if "libasan" in Path("/proc/self/maps").read_text():
        pytest.skip("this process has ASan loaded")
    library = runtime.build_shared_library(
        emit_c(parse(KERNEL_IR)), sanitize=True, cache_dir=tmp_path
    )
    with pytest.raises(SliceError, match="LD_PRELOAD"):
        # loading it without this check would abort this process
        CKernel(library, "main", [], [], sanitize=True)


# Lowered windows: the loops and copy runs of convert-slice-to-loops


def lowered_window(
    element: str,
    shape: Sequence[int],
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
) -> ModuleOp:
    """``slice.window`` of a ``shape`` source, lowered by ``convert-slice-to-loops``."""
    from passes.convert_slice_to_loops import ConvertSliceToLoopsPass

    source = "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"
    result = "tensor<" + "".join(f"{d}x" for d in sizes) + element + ">"
    module = parse(
        f"func.func @main(%x: {source}) -> {result} {{\n"
        f"  %r = slice.window %x offsets {list(offsets)} sizes {list(sizes)} "
        f"strides {list(strides)} : {source} -> {result}\n"
        f"  func.return %r : {result}\n}}"
    )
    ConvertSliceToLoopsPass().apply(Context(), module)
    return module


def random_window(
    rng: np.random.Generator, rank: int
) -> tuple[list[int], list[int], list[int], list[int]]:
    """A random window in normal form: shape, offsets, sizes, strides."""
    shape, offsets, sizes, strides = [], [], [], []
    for _ in range(rank):
        dim = int(rng.integers(1, 7))
        stride = int(rng.choice([1, 1, 1, -1, 2, -2, 3]))
        size = int(rng.integers(1, 1 + (dim - 1) // abs(stride) + 1))
        first = int(rng.integers(0, dim - abs(stride) * (size - 1)))
        offset = first if stride > 0 else first + abs(stride) * (size - 1)
        if size == 1:
            stride = 1
        shape.append(dim)
        offsets.append(offset)
        sizes.append(size)
        strides.append(stride)
    return shape, offsets, sizes, strides


WIDTH_ELEMENTS = ["i8", "f16", "f32", "f64", "complex<f64>"]
"""One element type per storage width: 1, 2, 4, 8 and 16 bytes."""


@pytest.mark.parametrize("seed", range(24))
def test_lowered_windows_agree_with_numpy(seed: int, cache_dir) -> None:
    """Random windows (ranks 1 to 4, negative and non-unit strides, unit dims, every
    storage width): the C of their loops and copy runs gives numpy's window."""
    rng = np.random.default_rng(seed)
    shape, offsets, sizes, strides = random_window(rng, 1 + seed % 4)
    element = WIDTH_ELEMENTS[seed % len(WIDTH_ELEMENTS)]
    module = lowered_window(element, shape, offsets, sizes, strides)
    t = parse(f"func.func @t(%a: {memref_type([1], element)}) {{ func.return }}")
    dtype = numpy_dtype(next(iter(t.ops)).function_type.inputs.data[0].element_type)
    x = random_array(dtype, shape, seed=seed)
    expected = numpy_window(x, offsets, sizes, strides)
    kernel = kernel_of(module, "main", 1, cache_dir)
    assert same_bits(kernel(x), expected), emit_c(module)


LOOPS_IR = """
func.func @stepped(%x: memref<12xf32>, %out: memref<2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %cm1 = arith.constant -1 : index
  scf.for %i = %c1 to %c3 step %c1 {
    scf.for %j = %c0 to %c4 step %c2 {
      %a = arith.muli %c4, %i : index
      %b = arith.addi %a, %j : index
      %v = memref.load %x[%b] : memref<12xf32>
      %r = arith.addi %i, %cm1 : index
      memref.store %v, %out[%r, %j] : memref<2x4xf32>
    }
  }
  func.return
}
"""


def test_loops_with_lower_bounds_and_steps(cache_dir: Path) -> None:
    """A hand-written nest (lower bound 1, step 2, indices through index arithmetic,
    a 2-d store): ``out[i - 1, j] = x[4 * i + j]`` for ``i`` in 1, 2 and ``j`` in
    0, 2."""
    module = parse(LOOPS_IR)
    x = np.arange(12, dtype=np.float32)
    kernel = kernel_of(module, "stepped", 1, cache_dir)
    out = np.zeros((2, 4), np.float32)
    kernel(x, out=out)
    assert out.tolist() == [[4, 0, 6, 0], [8, 0, 10, 0]]


def test_shift_within_one_buffer(cache_dir: Path) -> None:
    """``x[i] = x[i + 1]`` reads what it wrote one iteration earlier: printed op by op,
    it runs in the loop's order."""
    module = parse(
        """
        func.func @shift(%x: memref<8xf32>, %out: memref<8xf32>) {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %c7 = arith.constant 7 : index
          %c8 = arith.constant 8 : index
          scf.for %i = %c0 to %c8 step %c1 {
            %v = memref.load %x[%i] : memref<8xf32>
            memref.store %v, %out[%i] : memref<8xf32>
          }
          scf.for %i = %c0 to %c7 step %c1 {
            %j = arith.addi %i, %c1 : index
            %v = memref.load %out[%j] : memref<8xf32>
            memref.store %v, %out[%i] : memref<8xf32>
          }
          func.return
        }
        """
    )
    assert "memcpy(" not in emit_c(module)
    kernel = kernel_of(module, "shift", 1, cache_dir)
    x = np.arange(8, dtype=np.float32)
    assert kernel(x).tolist() == [1, 2, 3, 4, 5, 6, 7, 7]


# Large copies: streamed stores, staging buffers, prefetching


STREAMED = [
    # rows with gaps: streamed memcpy rows, prefetched
    pytest.param(
        "f32", [32, 300, 400], [0, 10, 50], [32, 280, 300], [1, 1, 1], id="crop"
    ),
    # one contiguous run of 9 MB
    pytest.param("f64", [1200, 1024], [100, 0], [1100, 1024], [1, 1], id="contiguous"),
    # strided runs longer than the staging buffer: full blocks and a shorter last one
    pytest.param("f32", [6400, 1000], [0, 2], [6400, 333], [1, 3], id="staged"),
    # 16-byte elements, rows reversed and every other one: staged
    pytest.param("complex<f64>", [1800, 600], [1799, 1], [1800, 300], [-1, 2], id="c128"),
    # reversed runs, of every width (bytes into an output not 16-byte aligned)
    pytest.param(
        "i8", [8, 1030, 1030], [0, 3, 1029], [8, 1024, 1030], [1, 1, -1], id="rev1"
    ),
    pytest.param("f16", [4096, 1100], [0, 1099], [4096, 1100], [1, -1], id="rev2"),
    pytest.param("f64", [1100, 1000], [1099, 999], [1100, 1000], [-1, -1], id="rev8"),
    pytest.param("complex<f64>", [1800, 300], [0, 299], [1800, 300], [1, -1], id="rev16"),
    # every other element, of widths 1 to 8, runs ending at the row's (and the
    # array's) last element: no register may read past it
    pytest.param("i8", [8192, 2049], [0, 0], [8192, 1025], [1, 2], id="even1"),
    pytest.param("f16", [4096, 2051], [0, 1], [4096, 1025], [1, 2], id="even2"),
    pytest.param("f32", [4096, 1025], [4095, 0], [4096, 513], [-1, 2], id="even4"),
    pytest.param("f64", [2048, 1025], [0, 0], [2048, 513], [1, 2], id="even8"),
    # every other element downwards, runs ending at the row's first element (and the
    # array's: the first row): no register may read below it
    pytest.param("i8", [8192, 2050], [0, 2049], [8192, 1025], [1, -2], id="odd1"),
    pytest.param("f16", [4096, 2051], [0, 2050], [4096, 1026], [1, -2], id="odd2"),
    pytest.param("f32", [4096, 1026], [4095, 1025], [4096, 513], [-1, -2], id="odd4"),
    pytest.param("f64", [2048, 1025], [0, 1024], [2048, 513], [1, -2], id="odd8"),
]
"""Large windows, one per streamed form; ``STREAMED_FORMS`` says which each takes."""

STREAMED_FORMS = {
    "contiguous": "slice_stream(",
    "crop": "slice_stream(",
    "staged": "staging",
    "c128": "staging",
    **{f"rev{n}": "slice_stream_reversed(" for n in (1, 2, 8, 16)},
    **{f"even{n}": "slice_stream_even(" for n in (1, 2, 4, 8)},
    **{f"odd{n}": "slice_stream_odd_reversed(" for n in (1, 2, 4, 8)},
}


def _dtype_of(element: str) -> np.dtype:
    t = parse(f"func.func @t(%a: {memref_type([1], element)}) {{ func.return }}")
    return numpy_dtype(next(iter(t.ops)).function_type.inputs.data[0].element_type)


def _misaligned_out(dtype: np.dtype, shape: Sequence[int]) -> np.ndarray:
    """An output array whose first byte is not 16-byte aligned (for 1-byte elements)."""
    count = math.prod(shape)
    raw = np.zeros(count * dtype.itemsize + 32, np.uint8)
    start = (-raw.ctypes.data) % 16 + (1 if dtype.itemsize == 1 else 0)
    return raw[start : start + count * dtype.itemsize].view(dtype).reshape(shape)


@pytest.mark.parametrize(("element", "shape", "offsets", "sizes", "strides"), STREAMED)
def test_streamed_copies(
    element, shape, offsets, sizes, strides, cache_dir, request: pytest.FixtureRequest
) -> None:
    """Copies writing ``STREAM_STORE_BYTES`` or more stream their stores; the result is
    numpy's, into fresh and into misaligned outputs."""
    module = lowered_window(element, shape, offsets, sizes, strides)
    source = emit_c(module)
    form = STREAMED_FORMS[request.node.callspec.id]
    body = source[source.index("int32_t slice_main(") :]
    assert form in body and "slice_stream_fence();" in body
    assert ("slice_prefetch(" in body) == (request.node.callspec.id == "crop")
    dtype = _dtype_of(element)
    x = random_array(dtype, shape, seed=3)
    expected = numpy_window(x, offsets, sizes, strides)
    kernel = kernel_of(module, "main", 1, cache_dir)
    assert same_bits(kernel(x), expected)
    out = _misaligned_out(dtype, sizes)
    assert kernel(x, out=out) is out
    assert same_bits(out, expected)


def _cached_case(element: str, step: int, count: int) -> Any:
    """Three rows of a window of ``count`` elements at source step ``step`` whose run
    ends at its row's edge (and the array's: the first or last row)."""
    length = abs(step) * (count - 1) + 1
    start = length - 1 if step < 0 else 0
    return pytest.param(
        element,
        [3, length],
        [0, start],
        [3, count],
        [1, step],
        id=f"{element}_{step}_{count}",
    )


CACHED = [
    *(
        _cached_case(element, step, count)
        for element, width in (("i8", 1), ("f16", 2), ("f32", 4), ("f64", 8))
        for step in (-1, 2, -2)
        for count in (64 // width, 64 // width + 16 // width + 3)
    ),
    _cached_case("complex<f64>", -1, 7),
    *(_cached_case("i8", step, count) for step in (3, -5) for count in (64, 99)),
]
"""Small windows whose runs are reordered in registers (``slice_copy_*``) or gathered
by the scalar byte loop, at the shortest run that takes the form and a longer one."""

CACHED_FORMS = {
    -1: "slice_copy_reversed(",
    2: "slice_copy_even(",
    -2: "slice_copy_odd_reversed(",
}


@pytest.mark.parametrize(("element", "shape", "offsets", "sizes", "strides"), CACHED)
def test_cached_register_copies(
    element, shape, offsets, sizes, strides, cache_dir
) -> None:
    """Cached runs of 64 bytes or more at source step -1, 2 or -2 go through the
    register helpers with plain stores, long byte gathers through the scalar loop; the
    result is numpy's, into fresh and into misaligned outputs."""
    module = lowered_window(element, shape, offsets, sizes, strides)
    source = emit_c(module)
    body = source[source.index("int32_t slice_main(") :]
    form = CACHED_FORMS.get(strides[-1], "slice_gather_bytes(")
    assert form in body and "slice_stream" not in body
    dtype = _dtype_of(element)
    x = random_array(dtype, shape, seed=5)
    expected = numpy_window(x, offsets, sizes, strides)
    kernel = kernel_of(module, "main", 1, cache_dir)
    assert same_bits(kernel(x), expected)
    out = _misaligned_out(dtype, sizes)
    assert kernel(x, out=out) is out
    assert same_bits(out, expected)


STREAMED_UNDER_ASAN = """
import sys
import numpy as np
from pathlib import Path
from typing import Any
sys.path.insert(0, sys.argv[2])
import test_c_backend as t
from slice_dialect import runtime
from slice_dialect.backend.c import emit_c
cache = Path(sys.argv[1])
for case in t.STREAMED + t.CACHED:
    element, shape, offsets, sizes, strides = case.values
    module = t.lowered_window(element, shape, offsets, sizes, strides)
    function = next(iter(module.ops))
    specs = runtime.array_specs(function)
    kernel = runtime.load_kernel(emit_c(module), "main", specs[:1], specs[1:],
                                 sanitize=True, cache_dir=cache)
    dtype = t._dtype_of(element)
    x = t.random_array(dtype, shape, seed=3)
    expected = t.numpy_window(x, offsets, sizes, strides)
    assert t.same_bits(kernel(x), expected), case.id
    out = t._misaligned_out(dtype, sizes)
    kernel(x, out=out)
    assert t.same_bits(out, expected), case.id
    print("ok", case.id, flush=True)
"""


def test_streamed_copies_under_sanitizers(tmp_path: Path) -> None:
    """The streamed, staged and prefetching copies read and write only their buffers:
    AddressSanitizer and UndefinedBehaviorSanitizer find nothing."""
    try:
        env = runtime.asan_environment()
    except SliceError as error:
        pytest.skip(str(error))
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            STREAMED_UNDER_ASAN,
            str(tmp_path),
            str(Path(__file__).parent),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    assert result.stdout.count("ok ") == len(STREAMED) + len(CACHED)
    assert "AddressSanitizer" not in result.stderr
    assert "runtime error" not in result.stderr


# The fast call path


TWO_OUT_IR = """
func.func @pair(%x: memref<6xi32>, %a: memref<3xi32>, %b: memref<2xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %s = arith.muli %i, %c2 : index
    %v = memref.load %x[%s] : memref<6xi32>
    memref.store %v, %a[%i] : memref<3xi32>
  }
  scf.for %i = %c0 to %c2 step %c1 {
    %s = arith.addi %i, %c3 : index
    %v = memref.load %x[%s] : memref<6xi32>
    memref.store %v, %b[%i] : memref<2xi32>
  }
  func.return
}
"""


@pytest.mark.parametrize("fast_call", CALL_PATHS)
def test_results_of_both_call_paths(fast_call: bool, cache_dir: Path) -> None:
    """Fresh outputs (one array, or a tuple), ``out=`` as a tuple or a list (returned
    as given), subclasses and non-contiguous inputs: the same on both paths."""
    pair = kernel_of(parse(TWO_OUT_IR), "pair", 1, cache_dir, fast_call=fast_call)
    assert type(pair).__name__ == ("FastCKernel" if fast_call else "CKernel")
    x = np.arange(6, dtype=np.int32)
    a, b = pair(x)
    assert a.tolist() == [0, 2, 4] and b.tolist() == [3, 4]
    outs = [np.empty(3, np.int32), np.empty(2, np.int32)]
    assert pair(x, out=outs) is outs and outs[0].tolist() == [0, 2, 4]
    as_tuple = (np.empty(3, np.int32), np.empty(2, np.int32))
    assert pair(x, out=as_tuple) is as_tuple and as_tuple[1].tolist() == [3, 4]

    class Tagged(np.ndarray):
        pass

    a, b = pair(x.view(Tagged))
    assert type(a) is np.ndarray and b.tolist() == [3, 4]
    a, b = pair(np.arange(12, dtype=np.int32)[::2])
    assert a.tolist() == [0, 4, 8] and b.tolist() == [6, 8]
    with pytest.raises(SliceError, match=r"out= takes 2 array\(s\)"):
        pair(x, out=outs[0])
    with pytest.raises(SliceError, match="expected a numpy array, got str"):
        pair(x, out=[outs[0], "b"])
    with pytest.raises(TypeError, match="unexpected keyword argument 'outs'"):
        pair(x, outs=outs)
    with pytest.raises(SliceError, match="overlaps output 0"):
        pair(x, out=(outs[0], outs[0][:2]))
    empty = kernel_of(
        lowered_window("f32", [0, 4], [0, 0], [0, 4], [1, 1]),
        "main",
        1,
        cache_dir,
        fast_call=fast_call,
    )
    assert empty(np.zeros((0, 4), np.float32)).shape == (0, 4)


def test_more_arguments_than_the_fast_path_takes(cache_dir: Path) -> None:
    """A function with more memref arguments than ``FAST_CALL_MAX_ARGUMENTS`` is called
    through ctypes, with the same results and checks."""
    n = runtime.FAST_CALL_MAX_ARGUMENTS
    args = ", ".join(f"%o{i}: memref<1xi8>" for i in range(n))
    body = "\n".join(f"memref.store %v, %o{i}[%c0] : memref<1xi8>" for i in range(n))
    module = parse(
        f"""
        func.func @many(%x: memref<1xi8>, {args}) {{
          %c0 = arith.constant 0 : index
          %v = memref.load %x[%c0] : memref<1xi8>
          {body}
          func.return
        }}
        """
    )
    kernel = kernel_of(module, "many", 1, cache_dir)
    results = kernel(np.array([7], np.int8))
    assert isinstance(results, tuple) and len(results) == n
    assert all(r.tolist() == [7] for r in results)
    with pytest.raises(SliceError, match="expected dtype int8"):
        kernel(np.array([7], np.int16))


def test_threads_share_a_kernel(cache_dir: Path) -> None:
    """Calls from several threads at once (large ones release the GIL) each get their
    own, correct result."""
    import concurrent.futures

    module = lowered_window("f32", [512, 1024], [0, 1023], [512, 1024], [1, -1])
    kernel = kernel_of(module, "main", 1, cache_dir)
    inputs = [random_array(np.dtype(np.float32), [512, 1024], seed=s) for s in range(8)]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        results = list(pool.map(kernel, inputs))
    for x, result in zip(inputs, results, strict=True):
        assert same_bits(result, x[:, ::-1])


def test_fast_call_falls_back_without_headers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without Python's headers (or with ``SLICE_FAST_CALL=0``) kernels are
    ``CKernel``s, called through ctypes."""
    import sysconfig

    real_get_paths = sysconfig.get_paths

    def no_headers(*args: object, **kwargs: object) -> dict[str, str]:
        return {**real_get_paths(), "include": "/nonexistent/include"}

    for fast_caches in (runtime._fast_call, runtime._fast_kernel_class):
        fast_caches.cache_clear()
    try:
        monkeypatch.setattr(sysconfig, "get_paths", no_headers)
        assert runtime.kernel_class() is CKernel
        assert "no Python.h in /nonexistent/include" in runtime.call_path_description()
        monkeypatch.undo()
        runtime._fast_call.cache_clear()
        runtime._fast_kernel_class.cache_clear()
        monkeypatch.setenv("SLICE_FAST_CALL", "0")
        assert runtime.kernel_class() is CKernel
        assert "SLICE_FAST_CALL=0" in runtime.call_path_description()
    finally:
        monkeypatch.undo()
        runtime._fast_call.cache_clear()
        runtime._fast_kernel_class.cache_clear()
    assert (runtime.kernel_class() is not CKernel) == HAS_FAST_CALL


# The C ABI: symbols, status codes, error values


@pytest.mark.parametrize(
    ("name", "prefix", "symbol"),
    [
        ("main", "slice_", "slice_main"),
        ("main", "", "main"),
        ("my-kernel.1", "slice_", "slice_my_x2Dkernel_x2E1"),
        ("2d", "slice_", "slice__2d"),
        ("_init", "k_", "k__init"),
        ("é", "slice_", "slice__xC3_xA9"),
        ("a b", "p", "pa_x20b"),
    ],
)
def test_c_symbol(name: str, prefix: str, symbol: str) -> None:
    assert c_symbol(name, prefix) == symbol


def test_c_symbol_refuses_a_prefix_that_is_no_identifier() -> None:
    with pytest.raises(SliceError, match="C symbol prefix '1x' is not a C identifier"):
        c_symbol("main", "1x")
    with pytest.raises(SliceError, match="C symbol prefix 'a-' is not a C identifier"):
        emit_c(parse(KERNEL_IR), prefix="a-")


def test_prefix_chooses_every_exported_symbol(cache_dir: Path) -> None:
    """``emit_c(prefix=...)``, ``-t c{prefix=...}`` and the kernel's lookup agree."""
    module = parse(KERNEL_IR)
    source = emit_c(module, prefix="my_")
    assert "int32_t my_main(" in source and "const char *my_error_message(" in source
    assert "slice_" not in source.replace("slice_error_values", "").replace(
        "slice_b128", ""
    )
    stream = io.StringIO()
    CTarget(prefix="my_").emit(Context(), module, stream)
    assert stream.getvalue() == source
    library = runtime.build_shared_library(source, cache_dir=cache_dir)
    kernel = CKernel(
        library, "main", [(np.float32, (8, 8))], [(np.float32, (4, 4))], prefix="my_"
    )
    x = random_array(np.dtype(np.float32), [8, 8])
    assert same_bits(kernel(x), x[0::2, 7::-2])


TERABYTE_ALLOCS = 200
"""More 1 TiB allocations than a 47-bit address space holds, each under c_safety's
limit (``ALLOC_LIMIT_BYTES``, 2^40), so one of them fails at run time whatever the
overcommit mode."""

HUGE_ALLOC_IR = (
    """
func.func @huge(%x: memref<4xi8>, %out: memref<4xi8>) {
  %c0 = arith.constant 0 : index
  %first = memref.alloc() : memref<1048576xi8>
"""
    + "".join(
        f"  %h{i} = memref.alloc() : memref<1099511627776xi8>\n"
        for i in range(TERABYTE_ALLOCS)
    )
    + """  slice.copy_run %x[%c0], %out[%c0] count 4 source_stride 1 dest_stride 1 : memref<4xi8>, memref<4xi8>
"""
    + "".join(
        f"  memref.dealloc %h{i} : memref<1099511627776xi8>\n"
        for i in range(TERABYTE_ALLOCS)
    )
    + """  memref.dealloc %first : memref<1048576xi8>
  func.return
}
"""
)


@pytest.mark.parametrize("fast_call", CALL_PATHS)
def test_failed_allocation_fails_the_call(fast_call: bool, cache_dir: Path) -> None:
    """A heap allocation that fails returns 1 (after freeing what the function holds);
    the call raises ``SliceError`` with the unit's message for code 1."""
    module = parse(HUGE_ALLOC_IR)
    source = emit_c(module)
    failure = source[source.index("calloc(1099511627776, 1);") :]
    assert (
        failure.index("slice_error_values[0] = 1099511627776;")
        < failure.index("free(first);")
        < failure.index("return 1;")
    )
    kernel = kernel_of(module, "huge", 1, cache_dir, fast_call=fast_call)
    with pytest.raises(
        SliceError, match=r"^memory allocation of 1099511627776 bytes failed$"
    ):
        kernel(np.arange(4, dtype=np.int8))
    out = np.zeros(4, np.int8)
    with pytest.raises(SliceError, match="memory allocation"):
        kernel(np.arange(4, dtype=np.int8), out=[out])


def test_allocations_are_zeroed(cache_dir: Path) -> None:
    """An alloc read before it is written reads zeros, on the stack and the heap."""
    for n in (16, 8192):
        module = parse(
            f"""
            func.func @zeros(%x: memref<1xf32>, %out: memref<{n}xf32>) {{
              %c0 = arith.constant 0 : index
              %t = memref.alloc() : memref<{n}xf32>
              slice.copy_run %t[%c0], %out[%c0] count {n} source_stride 1 dest_stride 1 : memref<{n}xf32>, memref<{n}xf32>
              memref.dealloc %t : memref<{n}xf32>
              func.return
            }}
            """
        )
        kernel = kernel_of(module, "zeros", 1, cache_dir)
        out = np.full(n, 7, np.float32)
        kernel(np.zeros(1, np.float32), out=out)
        assert not out.any()


def test_a_bad_function_name_beside_good_ones(cache_dir: Path) -> None:
    """Names that are no C identifiers, ``@main`` and libc macro names as arguments:
    the module compiles, and every entry runs."""
    import slice_dialect

    text = """
    func.func @"my-kernel"(%INT32_MAX: tensor<4xf32>) -> tensor<2xf32> {
      %r = slice.window %INT32_MAX offsets [3] sizes [2] strides [-1] : tensor<4xf32> -> tensor<2xf32>
      func.return %r : tensor<2xf32>
    }
    func.func @main(%SIZE_MAX: tensor<4xf32>) -> tensor<4xf32> {
      func.return %SIZE_MAX : tensor<4xf32>
    }
    """
    x = np.arange(4, dtype=np.float32)
    bad = slice_dialect.compile(text, "my-kernel", cache_dir=cache_dir)
    assert bad(x).tolist() == [3, 2]
    good = slice_dialect.compile(text, "main", cache_dir=cache_dir)
    assert good(x).tolist() == [0, 1, 2, 3]


def test_printer_errors_carry_the_op_location() -> None:
    """A ``SliceError`` of the C target names the op and says where it stands."""
    from slice_dialect.compiler import make_context
    from slice_dialect.locations import LocatingParser

    text = (
        "func.func @main(%x: memref<4xf32>) {\n"
        "  %c1 = arith.constant 1 : index\n"
        "  %d = arith.subi %c1, %c1 : index\n"
        "  func.return\n"
        "}\n"
    )
    module = LocatingParser(make_context(), text, "k.mlir").parse_module()
    with pytest.raises(SliceError, match=r"^arith\.subi: no C rule") as info:
        emit_c(module)
    assert info.value.location == "k.mlir:3:3"


def test_copy_run_within_one_buffer_runs_in_order(cache_dir: Path) -> None:
    """A run whose source and dest are one buffer copies element by element in order
    (``x[k + 1] = x[k]`` spreads ``x[0]``), in C and in the interpreter alike."""
    from slice_dialect.interpreter import make_interpreter

    module = parse(
        """
        func.func @spread(%x: memref<1xf32>, %out: memref<6xf32>) {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          slice.copy_run %x[%c0], %out[%c0] count 1 source_stride 1 dest_stride 1 : memref<1xf32>, memref<6xf32>
          slice.copy_run %out[%c0], %out[%c1] count 5 source_stride 1 dest_stride 1 : memref<6xf32>, memref<6xf32>
          func.return
        }
        """
    )
    assert "memcpy" not in emit_c(module)
    kernel = kernel_of(module, "spread", 1, cache_dir)
    assert kernel(np.array([2.5], np.float32)).tolist() == [2.5] * 6
    out = np.zeros(6, np.float32).view("V4")
    function = next(iter(module.ops))
    make_interpreter(module).call_op(
        function, (np.array([2.5], np.float32).view("V4"), out)
    )
    assert out.view(np.float32).tolist() == [2.5] * 6
