"""The C target (``slice_dialect/backend/c.py``): emitted C, compiled and called on
numpy arrays.

Inputs are modules in the form ``convert-slice-to-loops`` produces (memref arguments,
``scf.for`` over index arithmetic, loads and stores), built by ``tests/lowered.py`` or
hand-written where a test needs one exact form, and windows lowered by the pass itself;
every result is compared bit for bit with numpy slicing of the same window
(``tests/oracle.py``). Large (streamed) copies run also under AddressSanitizer; the C
ABI (symbols, status codes, error values) on both call paths. The runtime that loads
and calls kernels is tested by ``tests/test_runtime_*.py``.
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import random
import re
import subprocess
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from generators import ELEMENT_TYPES as GENERATED_ELEMENT_TYPES
from generators import random_array
from lowered import (
    CALL_PATHS,
    TWO_OUTPUTS,
    element_dtype,
    element_type,
    kernel_module,
    kernel_of,
    lowered_window,
    parse,
    window_function,
    window_module,
)
from oracle import numpy_window, same_bits
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

import slice_dialect
from slice_dialect import runtime
from slice_dialect.backend.c import CTarget, c_symbol, emit_c
from slice_dialect.dialect import CopyRunOp
from slice_dialect.dtypes import c_storage_type
from slice_dialect.errors import SliceError
from slice_dialect.runtime import CKernel

ELEMENT_TYPES = (*GENERATED_ELEMENT_TYPES, "si16", "i3", "i17")
"""Every element type the generators draw, and widths that are no power of two."""


# Emitted C, compiled and called


@pytest.mark.parametrize("element", ELEMENT_TYPES)
def test_every_element_type_bit_for_bit(element: str, cache_dir: Path) -> None:
    offsets, sizes, strides = [3, 1], [2, 3], [-2, 2]
    module = window_module(element, [4, 7], offsets, sizes, strides)
    source = emit_c(module)
    c_type = c_storage_type(element_type(element))
    assert (
        f"int32_t slice_main(const {c_type} *restrict in0, {c_type} *restrict out0, "
        "int64_t *restrict slice_error_values)"
    ) in source
    assert ("typedef struct" in source) == (element == "complex<f64>")

    kernel = kernel_of(module, "main", 1, cache_dir)
    dtype = element_dtype(element)
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
    module = window_module("f64", shape, offsets, sizes, strides, collapse=collapse)
    kernel = kernel_of(module, "main", 1, cache_dir)
    x = random_array(np.dtype(np.float64), shape, seed=1)
    assert same_bits(kernel(x), numpy_window(x, offsets, sizes, strides))


def test_multi_dim_indices_are_linearized_row_major() -> None:
    source = emit_c(
        window_module("i16", [3, 4, 5], [0, 0, 0], [3, 4, 5], [1, 1, 1], collapse=False)
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
    module = window_module("f32", [4, 5], [0, 2], [0, 3], [1, 1])
    kernel = kernel_of(module, "main", 1, cache_dir)
    x = random_array(np.dtype(np.float32), [4, 5])
    assert kernel(x).shape == (0, 3)
    empty = np.empty((0, 3), np.float32)
    assert kernel(x, out=empty) is empty


def test_zero_size_input(cache_dir: Path) -> None:
    module = window_module("ui8", [0, 5], [0, 0], [0, 5], [1, 1])
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
    %a = arith.muli %i, %c2 overflow<nsw> : index
    %v = memref.load %x[%a] : memref<{n}xf32>
    memref.store %v, %tmp[%i] : memref<{m}xf32>
  }}
  %tmp2 = memref.alloc() : memref<{m}xf32>
  scf.for %i = %c0 to %cm step %c1 {{
    %b = arith.muli %i, %cm1 overflow<nsw> : index
    %r = arith.addi %b, %last overflow<nsw> : index
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
        assert "uint32_t *tmp = NULL;" in source
        assert f"tmp = calloc({m}, 4);" in source
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
    module = parse(TWO_OUTPUTS)
    module.body.block.add_ops(
        [
            window_function("i32", [6], [1], [3], [2], name="first"),
            window_function("i32", [6], [5], [6], [-1], name="second"),
        ]
    )
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
    module = window_module("f32", [4, 5], [1, 4], [2, 3], [1, -2])
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
            (void)slice_error_values;
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
            %free = arith.addi %int_1, %min overflow<nsw> : index
            %INT32_MAX = arith.addi %int_1, %c1 overflow<nsw> : index
            %_init = arith.addi %INT32_MAX, %c1 overflow<nsw> : index
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


def test_nsw_arithmetic_of_two_int_constants_is_64_bit(cache_dir: Path) -> None:
    """``overflow<nsw>`` on ``i64``/``index`` of two constants below ``2**31``: c_safety
    proves the result in int64, and the C computes it there (it printed ``2147483647 +
    1``, two C ``int``s, and the kernel wrote -2147483648 and 0; session 64's hunt)."""
    module = parse(
        """
        func.func @main(%o: memref<4xi64>) {
          %a = arith.constant 2147483647 : i64
          %b = arith.constant 1 : i64
          %c = arith.addi %a, %b overflow<nsw> : i64
          %m = arith.constant 65536 : index
          %d = arith.muli %m, %m overflow<nsw> : index
          %d64 = arith.index_cast %d : index to i64
          %n = arith.constant -2147483648 : i64
          %e = arith.subi %n, %b overflow<nsw> : i64
          %f = arith.muli %a, %a overflow<nsw> : i64
          %z0 = arith.constant 0 : index
          %z1 = arith.constant 1 : index
          %z2 = arith.constant 2 : index
          %z3 = arith.constant 3 : index
          memref.store %c, %o[%z0] : memref<4xi64>
          memref.store %d64, %o[%z1] : memref<4xi64>
          memref.store %e, %o[%z2] : memref<4xi64>
          memref.store %f, %o[%z3] : memref<4xi64>
          func.return
        }
        """
    )
    source = emit_c(module)
    assert "const int64_t c = (int64_t)2147483647 + 1;" in source
    assert "const int64_t d = (int64_t)65536 * 65536;" in source
    want = [2**31, 2**32, -(2**31) - 1, (2**31 - 1) ** 2]
    assert kernel_of(module, "main", 0, cache_dir)().tolist() == want


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
                 %t = arith.constant true
                 %c = arith.constant 1.0 : f32
                 %d = arith.select %t, %c, %c : f32
                 func.return
               }""",
            "arith.select on f32: the C target has integer arithmetic only",
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
            r"memref arguments only \(convert-slice-to-loops passes an index or "
            r"signless i1 or i8-i64 argument of a function on tensors as a rank-0 memref; "
            r"other scalars are not supported\)",
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


# Lowered windows: the loops and copy runs of convert-slice-to-loops


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
    x = random_array(element_dtype(element), shape, seed=seed)
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
      %a = arith.muli %c4, %i overflow<nsw> : index
      %b = arith.addi %a, %j overflow<nsw> : index
      %v = memref.load %x[%b] : memref<12xf32>
      %r = arith.addi %i, %cm1 overflow<nsw> : index
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
            %j = arith.addi %i, %c1 overflow<nsw> : index
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
    # rows with gaps of 560 bytes: streamed memcpy rows, prefetched
    pytest.param(
        "f32", [32, 300, 400], [0, 10, 50], [32, 280, 260], [1, 1, 1], id="crop"
    ),
    # one contiguous run of 9 MB
    pytest.param("f64", [1200, 1024], [100, 0], [1100, 1024], [1, 1], id="contiguous"),
    # runs of 16 and 32 bytes, short but whole aligned blocks (aligned_runs): streamed,
    # and stored plainly into an output that does not start on 16 bytes
    pytest.param("f64", [524288, 4], [0, 1], [524288, 2], [1, 1], id="short16"),
    pytest.param("complex<f64>", [262144, 5], [0, 3], [262144, 2], [1, 1], id="short32"),
    # strided runs of 1-, 2-, 4- and 8-byte elements: scalar gathers into non-temporal
    # stores, upwards and downwards
    pytest.param("i8", [2000, 3301], [0, 2], [2000, 1100], [1, 3], id="gather1"),
    pytest.param("f16", [2048, 1801], [0, 1800], [2048, 600], [1, -3], id="gather2-down"),
    pytest.param("f32", [1800, 1000], [0, 2], [1800, 333], [1, 3], id="gather4"),
    pytest.param("f64", [700, 3001], [0, 1], [700, 1000], [1, 3], id="gather8"),
    pytest.param("f32", [1800, 1000], [0, 998], [1800, 333], [1, -3], id="gather4-down"),
    # and of 16-byte elements, long runs only (one non-temporal store an element)
    pytest.param(
        "complex<f64>", [500, 1000], [0, 998], [500, 333], [1, -3], id="gather16-down"
    ),
    # 16-byte elements, rows reversed and every other one: one register each
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
    "short16": "slice_stream(",
    "short32": "slice_stream(",
    "crop": "slice_stream(",
    "gather1": "slice_stream_gather_bytes(",
    "gather2-down": "slice_stream_gather_halves(",
    "gather4": "slice_stream_gather_words(",
    "gather8": "slice_stream_gather_dwords(",
    "gather4-down": "slice_stream_gather_words(",
    "gather16-down": "slice_stream_gather_b128(",
    "c128": "slice_stream_even(",
    **{f"rev{n}": "slice_stream_reversed(" for n in (1, 2, 8, 16)},
    **{f"even{n}": "slice_stream_even(" for n in (1, 2, 4, 8)},
    **{f"odd{n}": "slice_stream_odd_reversed(" for n in (1, 2, 4, 8)},
}


def _misaligned_out(dtype: np.dtype, shape: Sequence[int]) -> np.ndarray:
    """An output array whose first byte is not 16-byte aligned, but aligned as the
    runtime requires (``c_alignment``: 1 byte past a 16-byte boundary for 1-byte
    elements, 8 for 8- and 16-byte ones)."""
    count = math.prod(shape)
    raw = np.zeros(count * dtype.itemsize + 32, np.uint8)
    start = (-raw.ctypes.data) % 16 + min(dtype.itemsize, 8)
    return raw[start : start + count * dtype.itemsize].view(dtype).reshape(shape)


def gives_window(
    kernel: Callable[..., Any],
    element: str,
    shape: Sequence[int],
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
    seed: int,
) -> bool:
    """Whether ``kernel`` gives numpy's window of a random array, into a fresh output
    and into a misaligned ``out=``."""
    dtype = element_dtype(element)
    x = random_array(dtype, shape, seed=seed)
    expected = numpy_window(x, offsets, sizes, strides)
    out = _misaligned_out(dtype, sizes)
    return (
        same_bits(kernel(x), expected)
        and kernel(x, out=out) is out
        and same_bits(out, expected)
    )


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
    kernel = kernel_of(module, "main", 1, cache_dir)
    assert gives_window(kernel, element, shape, offsets, sizes, strides, seed=3)


STAGED = [
    # strided runs longer than the staging buffer: full blocks and a shorter last one
    pytest.param("f32", [6400, 1000], [0, 2], [6400, 333], [1, 3], id="staged"),
    pytest.param("f64", [4200, 3001], [0, 1], [4200, 1000], [1, 3], id="staged8"),
    # read downwards: blocks last first, each gathered from its end
    pytest.param("f32", [6400, 1000], [0, 998], [6400, 333], [1, -3], id="staged-down"),
]
"""Large strided windows whose streamed runs go through the staging buffer
(``staged_window``)."""


def staged_window(
    element: str,
    shape: Sequence[int],
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
) -> ModuleOp:
    """The lowered window with ``scalar`` taken off its streamed runs: the C target then
    gathers them through its staging buffer, as it does for such IR written by hand
    (the lowering makes streamed strided runs scalar since session 25)."""
    module = lowered_window(element, shape, offsets, sizes, strides)
    for op in module.walk():
        if isinstance(op, CopyRunOp) and op.nontemporal is not None:
            op.properties.pop("scalar", None)
    return module


@pytest.mark.parametrize(("element", "shape", "offsets", "sizes", "strides"), STAGED)
def test_staged_copies(
    element: str,
    shape: list[int],
    offsets: list[int],
    sizes: list[int],
    strides: list[int],
    cache_dir: Path,
) -> None:
    """A streamed strided run without ``scalar`` gathers through the staging buffer and
    streams that; the result is numpy's, into fresh and into misaligned outputs."""
    module = staged_window(element, shape, offsets, sizes, strides)
    module.verify()
    body = emit_c(module)
    body = body[body.index("int32_t slice_main(") :]
    assert "staging" in body and "slice_stream_fence();" in body
    assert "slice_stream_gather" not in body
    kernel = kernel_of(module, "main", 1, cache_dir)
    assert gives_window(kernel, element, shape, offsets, sizes, strides, seed=3)


RECORDING_PREFETCH = r"""
uintptr_t slice_test_prefetch_low = UINTPTR_MAX, slice_test_prefetch_high = 0;
uint64_t slice_test_prefetches = 0;
uintptr_t slice_test_prefetched[1 << 16];
static inline void slice_prefetch(const void *p) {
    const uintptr_t a = (uintptr_t)p;
    if (slice_test_prefetches < (1 << 16))
        slice_test_prefetched[slice_test_prefetches] = a;
    slice_test_prefetch_low = a < slice_test_prefetch_low ? a : slice_test_prefetch_low;
    slice_test_prefetch_high = a > slice_test_prefetch_high ? a : slice_test_prefetch_high;
    slice_test_prefetches += 1;
}
"""
"""``slice_prefetch`` recording the lowest and highest address it is given, how many,
and the first 65536 addresses."""


def record_prefetches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Print ``RECORDING_PREFETCH`` in place of ``slice_prefetch``, with an empty
    lowering memo (``compile`` keeps the C it printed for a text) and every unit
    compiled alone (``$SLICE_PREBUILT_HELPERS=0``): the recording helper then stands
    in the streamed gathers too, and its globals are not defined twice, in the unit
    and in a prebuilt object printed from the same text."""
    from collections import OrderedDict

    from slice_dialect import compiler
    from slice_dialect.backend import c

    monkeypatch.setattr(c, "PREFETCH_HELPER", RECORDING_PREFETCH)
    monkeypatch.setattr(compiler, "_lowered_memo", OrderedDict())
    monkeypatch.setenv("SLICE_PREBUILT_HELPERS", "0")


PREFETCHED = [
    # rows of 1 KiB, 2 KiB apart: whole rows prefetched (the last rows' gap lies past
    # the buffer's end, so theirs are not), upwards and downwards
    pytest.param([8200, 512], [0, 256], [8200, 256], [1, 1], id="crop-end"),
    pytest.param([8200, 512], [8199, 0], [8200, 256], [-1, 1], id="crop-down"),
    # every other element of every other row of 2 KiB (W2's pattern): the runs' spans
    pytest.param([16400, 512], [0, 1], [8200, 256], [2, 2], id="even"),
    pytest.param([16400, 512], [16399, 511], [8200, 256], [-2, -2], id="odd-down"),
    # the same of rows of 2 KiB (4 KiB apart): the runs' spans only
    pytest.param([8200, 512], [0, 1], [4100, 256], [2, 2], id="even-span"),
    # rows of 2 KiB, 4 KiB apart: the runs' spans only
    pytest.param([4100, 1024], [0, 512], [4100, 512], [1, 1], id="span"),
    # rows of 4 KiB, 16 KiB apart (PREFETCH_FAR_RUN_BYTES, the default target's
    # bound), the last ones ending at the buffer's end, upwards and downwards
    pytest.param([600, 4096], [0, 3072], [600, 1024], [1, 1], id="far-span"),
    pytest.param([600, 4096], [599, 3072], [600, 1024], [-1, 1], id="far-span-down"),
    # the second 12 rows of 1 KiB, 4 KiB apart, of planes of 24 rows: the last 8 rows
    # of each plane prefetch the next plane's first rows (the row loop is split,
    # row_prefetch); the last plane's would lie past the buffer, so are not prefetched
    pytest.param([180, 24, 1024], [0, 12, 0], [180, 12, 256], [1, 1, 1], id="planes"),
    # the same with a dim of size 1 between the planes and the rows: its loop (the
    # dynamic lowering keeps it: sizes are run-time values) is not the planes' loop
    pytest.param(
        [180, 2, 24, 1024],
        [0, 1, 12, 0],
        [180, 1, 12, 256],
        [1, 1, 1, 1],
        id="planes-unit",
    ),
]
"""Streamed windows whose next rows are prefetched (``PREFETCH_PERIOD_BYTES``)."""


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic"])
@pytest.mark.parametrize(("shape", "offsets", "sizes", "strides"), PREFETCHED)
def test_prefetches_stay_inside_the_source(
    shape,
    offsets,
    sizes,
    strides,
    dynamic: bool,
    cache_dir: Path,
    monkeypatch,
    request: pytest.FixtureRequest,
) -> None:
    """Every address a prefetching copy hands ``slice_prefetch`` (whole rows with their
    gaps, or the runs' spans; static runs and the dynamic helper) lies inside the
    source array, and the copy is numpy's."""
    record_prefetches(monkeypatch)
    x = np.arange(math.prod(shape), dtype=np.float32).reshape(shape)
    kernel = _run_window(x, offsets, sizes, strides, dynamic, cache_dir)
    low, high, count = _recorded_prefetches(kernel)
    assert count > 0
    assert x.ctypes.data <= low <= high < x.ctypes.data + x.nbytes
    if request.node.callspec.id.startswith("planes"):
        # the rows in the loops' order: no prefetch of the rows a plane crops away
        # (a fixed distance prefetches rows 20-27 of each plane from its last rows)
        at = _prefetched_addresses(kernel, count)
        read = numpy_window(np.arange(x.size).reshape(shape), offsets, sizes, strides)
        lines = set((x.ctypes.data + 4 * read.reshape(-1)) // 64)
        assert {a // 64 for a in at} <= lines


def _prefetched_addresses(kernel: object, count: int) -> list[int]:
    """The addresses ``RECORDING_PREFETCH`` saw, in order (at most 65536)."""
    import ctypes

    library = ctypes.CDLL(str(kernel.library_path))  # type: ignore[attr-defined]
    table = (ctypes.c_size_t * (1 << 16)).in_dll(library, "slice_test_prefetched")
    assert count <= len(table)
    return list(table[:count])


def _run_window(
    x: np.ndarray,
    offsets: list[int],
    sizes: list[int],
    strides: list[int],
    dynamic: bool,
    cache_dir: Path,
    stream_working_set: int = 0,
) -> object:
    """The kernel of the window of ``x`` (f32), static or with its parameters and
    source dims at run time (one kernel per rank, which the tests of a module share
    through ``cache_dir``), lowered for ``stream_working_set``, after checking one call
    against numpy, its ``RECORDING_PREFETCH`` counts (if it has them) set to zero
    before that call."""
    import slice_dialect

    shape = list(x.shape)
    if dynamic:
        rank = len(shape)
        text = _STRATEGY_IR.replace("3x", f"{rank}x")
        text = text.replace("?x?x?", "x".join("?" * rank))
        text = text.replace("SHAPE", "x".join("?" * rank))
        kernel = slice_dialect.compile(
            text, cache_dir=cache_dir, stream_working_set=stream_working_set
        )
        _reset_prefetches(kernel)
        ends = [
            o + (n - 1) * s + (1 if s > 0 else -1)
            for o, n, s in zip(offsets, sizes, strides)
        ]
        ends = [e if e >= 0 else -(2**63) for e in ends]
        result = kernel(x, offsets, ends, strides)  # type: ignore[operator]
    else:
        module = lowered_window("f32", shape, offsets, sizes, strides, stream_working_set)
        kernel = kernel_of(module, "main", 1, cache_dir)
        _reset_prefetches(kernel)
        result = kernel(x)
    assert same_bits(result, numpy_window(x, offsets, sizes, strides))
    return kernel


@pytest.mark.parametrize(
    ("shape", "offsets", "sizes", "strides"),
    [
        # a source under 1 MiB
        pytest.param([100, 512], [0, 256], [100, 256], [1, 1], id="small-source"),
        # a 4 MiB source of which 200 KiB of lines are read (reads_at_least_on; the
        # source's size decided until session 35)
        pytest.param([2000, 512], [0, 0], [200, 256], [1, 1], id="small-read"),
        # a gap of 448 bytes to the next row
        pytest.param([8200, 512], [0, 0], [8200, 400], [1, 1], id="small-gap"),
        # a span over 8 KiB
        pytest.param([600, 4096], [0, 0], [600, 2100], [1, 1], id="long-span"),
        # a span of 4 KiB, a gap of 768 bytes to the next row: over 512 bytes, under
        # a quarter of the span
        pytest.param([600, 1216], [0, 0], [600, 1024], [1, 1], id="close-rows"),
    ],
)
def test_dynamic_prefetch_gate(
    shape, offsets, sizes, strides, cache_dir: Path, monkeypatch
) -> None:
    """Where the static rules prefetch nothing, the dynamic run's gate (computed once
    in the IR, ``prefetch_gate``) gives a row count of 0 and the C calls no prefetch
    (the static kernel has none either); the copy is numpy's."""
    record_prefetches(monkeypatch)
    x = np.arange(math.prod(shape), dtype=np.float32).reshape(shape)
    static = lowered_window("f32", shape, offsets, sizes, strides)
    assert "prefetch" not in str(static)
    kernel = _run_window(x, offsets, sizes, strides, True, cache_dir)
    assert _recorded_prefetches(kernel)[2] == 0


@pytest.mark.parametrize(
    ("shape", "offsets", "sizes", "strides", "prefetched"),
    [
        # 2 rows of 2 KiB, 4 KiB apart: 8 rows make the 32 KiB ahead, and the planes
        # (32 KiB apart) leave 6 rows out: no row prefetches
        pytest.param(
            [600, 8, 1024], [0, 0, 0], [600, 2, 512], [1, 1, 1], False, id="short"
        ),
        # the same rows downwards
        pytest.param(
            [600, 8, 1024], [0, 1, 0], [600, 2, 512], [1, -1, 1], False, id="short-down"
        ),
        # the same rows in planes of 3 rows: each plane starts a row past the last
        # one's rows, so the rows of the copy are one stream and are prefetched
        pytest.param(
            [600, 3, 1024], [0, 0, 0], [600, 2, 512], [1, 1, 1], True, id="continued"
        ),
        # 20 such rows in a plane, more than 8: prefetched, upwards and downwards
        pytest.param(
            [100, 40, 1024], [0, 0, 0], [100, 20, 512], [1, 1, 1], True, id="long"
        ),
        pytest.param(
            [100, 40, 1024], [0, 39, 0], [100, 20, 512], [1, -1, 1], True, id="long-down"
        ),
    ],
)
def test_dynamic_row_loop_gate(
    shape, offsets, sizes, strides, prefetched: bool, cache_dir: Path, monkeypatch
) -> None:
    """A dynamic run calls ``slice_prefetch_rows`` only where its row loop prefetches
    (``copy_plan.prefetches_row_loop_on``, in the IR's gate, ``prefetch_gate``): not
    in a row loop of no more rows than the prefetch reaches ahead whose plane does not
    continue it (the helper returned at once there, per run; with runs of 18
    ``complex<f64>`` in 4740 such loops of 2 rows the calls were a sixth of the copy's
    time, bench/sweep.py seed 8 case 14), and where it does, as the static kernel of
    the window prefetches or not. The copies are numpy's (``_run_window``)."""
    from slice_dialect.backend import c

    record_prefetches(monkeypatch)
    counting = "uint64_t slice_test_prefetch_rows_calls = 0;\n"
    counting += c.PREFETCH_ROWS_HELPER.replace(
        "    if (n <= 0 || n > limit",
        "    slice_test_prefetch_rows_calls += 1;\n    if (n <= 0 || n > limit",
        1,
    )
    assert counting.count("slice_test_prefetch_rows_calls") == 2
    monkeypatch.setattr(c, "PREFETCH_ROWS_HELPER", counting)
    x = np.arange(math.prod(shape), dtype=np.float32).reshape(shape)
    static = lowered_window("f32", shape, offsets, sizes, strides)
    assert ("prefetch" in str(static)) == prefetched
    import ctypes

    kernel = _run_window(x, offsets, sizes, strides, True, cache_dir)
    library = ctypes.CDLL(str(kernel.library_path))  # type: ignore[attr-defined]
    calls = ctypes.c_uint64.in_dll(library, "slice_test_prefetch_rows_calls").value
    assert (calls > 0) == prefetched
    assert (_recorded_prefetches(kernel)[2] > 0) == prefetched


def _calls_by_line(assembly: str, function: str) -> set[int]:
    """The source lines (``.loc``, from ``-g``) of the calls of ``function`` (its name,
    or a clone of it such as ``function.constprop.0``) in ``assembly``: ``call`` or
    ``jmp`` (x86), ``bl`` or ``b`` (AArch64)."""
    import re

    call = re.compile(rf"^\s*(call|callq|jmp|bl|b)\s+{function}\b")
    line = 0
    lines: set[int] = set()
    for text in assembly.splitlines():
        loc = re.match(r"^\s*\.loc\s+\d+\s+(\d+)", text)
        if loc:
            line = int(loc[1])
        elif call.match(text):
            lines.add(line)
    return lines


def test_row_prefetch_calls_survive_the_c_compiler(tmp_path: Path) -> None:
    """Every call of ``slice_prefetch_rows`` the C target prints is a call in the code
    the C compiler makes of it, with the kernels' flags and with ``-ffinite-loops``.
    GCC takes a function that only prefetches (no side effect to it) and that it can
    prove to return for pure, and deletes its calls: with GCC 12 -O3, 4 of the 11 call
    sites of this kernel had no call left (deleted, not inlined: the helper was a
    function the other 7 called), and 8 of the 11 of W6's dynamic kernel (all its row
    loops of contiguous runs), and every one with ``-ffinite-loops``, until the
    helper ended with an empty volatile ``asm`` (and, ``noinline``, stays the function
    this test finds the calls of). The test that counts the helper's calls at run
    time (``test_dynamic_row_loop_gate``) cannot see this: its counter is a side
    effect. The assembly goes to a file (``zig cc`` takes ``-o -`` for a file named
    ``-``), without link-time optimization (``-flto`` leaves no code in it)."""
    from slice_dialect.compiler import lowered
    from slice_dialect.runtime.cache import CompilerConfig, _accepts_flag, run_tool

    text = _STRATEGY_IR.replace("SHAPE", "?x?x?")
    source = lowered(text, "main", "<test>").c_source("slice_")
    sites = {
        number
        for number, line in enumerate(source.splitlines(), 1)
        if "slice_prefetch_rows(" in line and "void slice_prefetch_rows(" not in line
    }
    assert len(sites) >= 4, "no row prefetch printed"
    config = CompilerConfig.from_environment()
    flag_sets: list[tuple[str, ...]] = [()]
    if _accepts_flag(config.command, "-ffinite-loops"):
        flag_sets.append(("-ffinite-loops",))
    assembly = tmp_path / "kernel.s"
    for extra in flag_sets:
        command = [*config.command, *config.effective_flags(), *extra]
        command += ["-fno-lto", "-g", "-S", "-x", "c", "-", "-o", str(assembly)]
        result = run_tool(command, source)
        assert result.returncode == 0, result.stderr[-4000:]
        called = _calls_by_line(assembly.read_text(), "slice_prefetch_rows")
        assert called == sites, (extra, sorted(sites - called))


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic"])
def test_far_rows_prefetched_only_spread_out(
    dynamic: bool, cache_dir: Path, monkeypatch
) -> None:
    """Runs spanning 2-8 KiB are prefetched only where the copy's spread reaches the
    target's streaming bound (``PREFETCH_FAR_RUN_BYTES``), static (source span
    and output) and dynamic (the two views, in the IR's gate) alike; runs of 2 KiB at
    any bound. The copies are numpy's (``_run_window``)."""
    record_prefetches(monkeypatch)
    # 18.8 MiB, a 4.7 MiB output: 23.4 MiB together (runs of 2 KiB: 2.3 MiB read,
    # over PREFETCH_MIN_READ_BYTES)
    shape = [1200, 4096]
    x = np.arange(math.prod(shape), dtype=np.float32).reshape(shape)
    for columns, bound, prefetched in [
        (1024, 0, True),
        (1024, 32 << 20, False),
        (512, 32 << 20, True),
    ]:
        sizes = [1200, columns]
        kernel = _run_window(x, [0, 0], sizes, [1, 1], dynamic, cache_dir, bound)
        try:
            count = _recorded_prefetches(kernel)[2]
        except ValueError:  # no prefetch printed, so no recording helper either
            count = 0
        assert (count > 0) == prefetched, (columns, bound)


def _reset_prefetches(kernel: object) -> None:
    """Zero ``RECORDING_PREFETCH``'s counts in the kernel's library, if it has them (and
    the count of ``slice_prefetch_rows`` calls, if it has one): a library loaded again
    in the same process keeps its globals."""
    import ctypes

    library = ctypes.CDLL(str(kernel.library_path))  # type: ignore[attr-defined]
    try:
        low = ctypes.c_size_t.in_dll(library, "slice_test_prefetch_low")
    except ValueError:  # no prefetch printed, so no recording helper either
        return
    low.value = 2**64 - 1
    ctypes.c_size_t.in_dll(library, "slice_test_prefetch_high").value = 0
    ctypes.c_uint64.in_dll(library, "slice_test_prefetches").value = 0
    # test_dynamic_row_loop_gate's count of slice_prefetch_rows calls, if it has one
    with contextlib.suppress(ValueError):
        ctypes.c_uint64.in_dll(library, "slice_test_prefetch_rows_calls").value = 0


def _recorded_prefetches(kernel: object) -> tuple[int, int, int]:
    """The lowest and highest address ``RECORDING_PREFETCH`` saw, and how many."""
    import ctypes

    library = ctypes.CDLL(str(kernel.library_path))  # type: ignore[attr-defined]
    low = ctypes.c_size_t.in_dll(library, "slice_test_prefetch_low").value
    high = ctypes.c_size_t.in_dll(library, "slice_test_prefetch_high").value
    count = ctypes.c_uint64.in_dll(library, "slice_test_prefetches").value
    return low, high, count


PREFETCH_HINTS = (1, 2, 5, 16, 17, 90, 99, -1, -3, -17, -20, -99, 2**31, 2**62)
PREFETCH_HINTS += (2**63 - 1, -(2**63))
PREFETCH_BYTES = (None, None, 1, 4, 12, 36, 64, 80, 400, 2**40, 2**63 - 1, 1, 2)


PREFETCH_RUNS = [(1, 3, 3), (-1, 5, 3), (2, 3, 3), (-2, 7, 3), (-1, 9, 10), (-3, 99, 10)]
PREFETCH_RUNS += [(5, 40, 10)]
"""The runs (stride, offset, count) the hints are tried on: each takes every 7th pair of
``PREFETCH_HINTS`` x ``PREFETCH_BYTES``, so that every pair is compiled once."""


@pytest.mark.parametrize(("stride", "offset", "count"), PREFETCH_RUNS)
def test_prefetch_hints_of_any_value(
    stride: int, offset: int, count: int, tmp_path: Path, monkeypatch
) -> None:
    """Hand-written ``prefetch``/``prefetch_bytes`` of any value, up to the int64
    extremes (below 1, ``prefetch_bytes`` is the verifier's error, and ``emit_c``
    verifies first since session 48: ``test_unverified_ir_is_verified_before_it_is_printed``): the C
    compiles with ``-pedantic-errors`` (no constant out of range), the copies are right
    and every prefetched address, the first of each prefetch included, lies in the
    source (a hint that never could is not printed)."""
    record_prefetches(monkeypatch)
    # -O2: the hints' C is the same at every level; -O3 vectorizes each of the ~30
    # staged streams of a run and took 3 s per compile (-O2: 0.9 s). Streamed copies
    # at -O3 are test_streamed_copies'.
    monkeypatch.setenv("CFLAGS", "-pedantic-errors -O2")
    pairs = [(hint, size) for hint in PREFETCH_HINTS for size in PREFETCH_BYTES]
    runs = []
    for hint, size in pairs[
        PREFETCH_RUNS.index((stride, offset, count)) :: len(PREFETCH_RUNS)
    ]:
        extra = "" if size is None else f" prefetch_bytes {size}"
        runs.append(
            f"  slice.copy_run %a[%off], %b[%c0] count {count} source_stride {stride} "
            f"dest_stride 1 nontemporal prefetch {hint}{extra} "
            f": memref<100xf32>, memref<{count}xf32>\n"
        )
    # a run in a loop that never runs: c_safety does not bound it, its prefetch's
    # constants must still be in range
    runs.append(
        "  scf.for %i = %c0 to %c0 step %c1 {\n"
        f"    slice.copy_run %a[%c0], %b[%c0] count 2 source_stride {-(2**62)} "
        f"dest_stride 1 nontemporal prefetch {2**62} prefetch_bytes 4 "
        f": memref<100xf32>, memref<{count}xf32>\n"
        "  }\n"
    )
    text = (
        f"func.func @main(%a: memref<100xf32>, %b: memref<{count}xf32>) {{\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        f"  %off = arith.constant {offset} : index\n"
        + "".join(runs)
        + "  func.return\n}\n"
    )
    kernel = kernel_of(parse(text), "main", 1, tmp_path)
    x = np.arange(100, dtype=np.float32)
    assert kernel(x).tolist() == [offset + k * stride for k in range(count)]
    low, high, prefetches = _recorded_prefetches(kernel)
    assert prefetches > 0
    assert x.ctypes.data <= low <= high < x.ctypes.data + x.nbytes


_STRATEGY_IR = """
func.func @main(%x: tensor<SHAPExf32>, %s: tensor<3xi64>, %e: tensor<3xi64>, %st: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %r = slice.onnx %x starts %s ends %e steps %st : tensor<SHAPExf32>, tensor<3xi64>, tensor<3xi64> steps tensor<3xi64> -> tensor<?x?x?xf32>
  func.return %r : tensor<?x?x?xf32>
}
"""


@pytest.mark.parametrize("step", [3, -3])
@pytest.mark.parametrize("shift", [0, 2, 4, 8, 24, 60, 62])
def test_staged_streams_at_every_line_offset(
    shift: int, step: int, cache_dir: Path
) -> None:
    """A staged streamed run stores the elements before the destination's first cache
    line plainly and streams the rest in blocks (last first when it reads downwards):
    right at every offset of the output in a line (each row's destination starts
    elsewhere in its line too)."""
    shape, sizes, strides = [4200, 3001], [4200, 1000], [1, step]
    offsets = [0, 1 if step > 0 else 2999]
    module = lowered_window("f16", shape, offsets, sizes, strides)
    kernel = kernel_of(module, "main", 1, cache_dir)
    x = random_array(np.dtype(np.float16), shape, seed=shift)
    expected = numpy_window(x, offsets, sizes, strides)
    raw = np.zeros(expected.nbytes + 128, np.uint8)
    start = (-raw.ctypes.data) % 64 + shift
    out = raw[start : start + expected.nbytes].view(np.float16).reshape(sizes)
    assert kernel(x, out=out) is out
    assert same_bits(out, expected)
    assert not raw[:start].any() and not raw[start + expected.nbytes :].any()


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
    *(
        _cached_case(element, step, count)
        for element in ("i8", "f16")
        for step in (3, -5)
        for count in (64, 99)
    ),
]
"""Small windows whose runs are reordered in registers (``slice_copy_*``) or gathered
by the scalar loops of 1- and 2-byte elements, at the shortest run that takes the form
and a longer one."""

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
    gather = "slice_gather_bytes(" if element == "i8" else "slice_gather_halves("
    form = CACHED_FORMS.get(strides[-1], gather)
    assert form in body and "slice_stream" not in body
    kernel = kernel_of(module, "main", 1, cache_dir)
    assert gives_window(kernel, element, shape, offsets, sizes, strides, seed=5)


STREAMED_UNDER_ASAN = """
import sys
import numpy as np
from pathlib import Path
from typing import Any
sys.path.insert(0, sys.argv[2])
import test_c_backend as t
from lowered import lowered_window
from xdsl.dialects.builtin import ModuleOp, StringAttr
from slice_dialect import runtime
from slice_dialect.backend.c import emit_c
cache = Path(sys.argv[1])
cases = t.STREAMED + t.CACHED + t.STAGED
unit = ModuleOp([])  # one unit of every case's function: one sanitized compile
specs = []
for k, case in enumerate(cases):
    lower = t.staged_window if case in t.STAGED else lowered_window
    function = next(iter(lower(*case.values).ops))
    function.detach()
    function.sym_name = StringAttr(f"case{k}")
    specs.append(runtime.array_specs(function))
    unit.body.block.add_op(function)
source = emit_c(unit)
for k, case in enumerate(cases):
    element, shape, offsets, sizes, strides = case.values
    kernel = runtime.load_kernel(source, f"case{k}", specs[k][:1], specs[k][1:],
                                 sanitize=True, cache_dir=cache)
    assert t.gives_window(kernel, element, shape, offsets, sizes, strides, 3), case.id
    print("ok", case.id, flush=True)
"""


def run_under_asan(
    script: str, *args: str, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -c script args...`` in a process started with ``asan_environment()``
    (the test is skipped where the compiler has no libasan)."""
    try:
        env = runtime.asan_environment()
    except SliceError as error:
        pytest.skip(str(error))
    return subprocess.run(
        [sys.executable, "-c", script, *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )


def test_streamed_copies_under_sanitizers(tmp_path: Path) -> None:
    """The streamed, staged and prefetching copies read and write only their buffers:
    AddressSanitizer and UndefinedBehaviorSanitizer find nothing."""
    result = run_under_asan(
        STREAMED_UNDER_ASAN, str(tmp_path), str(Path(__file__).parent)
    )
    assert result.returncode == 0, result.stderr[-4000:]
    assert result.stdout.count("ok ") == len(STREAMED) + len(CACHED) + len(STAGED)
    assert "AddressSanitizer" not in result.stderr
    assert "runtime error" not in result.stderr


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
        emit_c(kernel_module(), prefix="a-")


@pytest.mark.parametrize(
    "name",
    [
        *("malloc", "memset", "printf", "main", "exit"),
        # the headers' macros and reserved identifiers (session 48's review: the C of
        # @INT64_MIN did not compile)
        *("INT64_MIN", "UINT64_C", "SIZE_MAX", "NULL", "__builtin_prefetch", "_mm_pause"),
        *("intptr_t", "int_fast8_t", "ldiv_t", "RAND_MAX", "EXIT_SUCCESS"),
        *("MB_CUR_MAX", "posix_memalign", "aligned_alloc"),
    ],
)
def test_no_symbol_is_a_c_library_name(name: str) -> None:
    """With an empty prefix a kernel named like a C library function would define it
    for the whole program the C is linked into (review, session 15)."""
    from xdsl.dialects import func
    from xdsl.dialects.builtin import StringAttr

    module = kernel_module()
    (function,) = [op for op in module.ops if isinstance(op, func.FuncOp)]
    function.sym_name = StringAttr(name)
    with pytest.raises(SliceError, match=f"its C symbol {name} is a C keyword, a name"):
        emit_c(module, prefix="")
    assert f"int32_t x{name}(" in emit_c(module, prefix="x")


def _reorder_function(name: str) -> Any:
    """``@name``, one every-other-byte run reordered in registers."""
    return parse(
        f"func.func @{name}(%x: memref<64xi8>, %out: memref<32xi8>) {{\n"
        "  %c0 = arith.constant 0 : index\n"
        "  slice.copy_run %x[%c0], %out[%c0] count 32 source_stride 2 dest_stride 1 "
        "reorder : memref<64xi8>, memref<32xi8>\n"
        "  func.return\n}\n"
    )


def test_every_helper_name_is_reserved() -> None:
    """Each function, type and macro the C target's helpers define is a name no
    kernel symbol may take: reserved (``RESERVED_NAMES``), or, for the register
    helpers' shuffles (``SHUFFLE_NAMES``), refused in a unit that defines them. They
    were ``slice_pick_even``, ``slice_pick_odd``, ``slice_reverse``: ``@reverse`` or
    ``@pick_even`` next to them did not compile (a C compiler error instead of the
    target's message)."""
    import re

    from slice_dialect.backend import c

    helpers = [v for v in vars(c).values() if isinstance(v, str) and "{" in v]
    helpers += [text for _, _, text in c.GATHER_HELPERS.values()]
    helpers += [text for _, _, text in c.STREAM_GATHER_HELPERS.values()]
    # the helper object's C and the declarations of a unit taking it
    helpers += [c.prebuilt_helper_unit(), c.prebuilt_block(list(c.PREBUILT_ENTRIES), [])]
    defined = {
        m.group(1)
        for text in helpers
        for m in re.finditer(
            r"^(?:static |typedef )[^;{=]*?\b(?!__attribute__)([a-z_][a-z0-9_]*)"
            r"\s*(?:__attribute__\(\(.*\)\))?\s*[([;]",
            text,
            re.M,
        )
    }
    defined |= {m for text in helpers for m in re.findall(r"#define\s+(\w+)", text)}
    defined |= {
        m
        for text in helpers
        for m in re.findall(r"^SLICE_PREBUILT void (\w+)\(", text, re.M)
    }
    assert {
        "slice_lanes_even",
        "slice_lanes_reversed",
        "slice_gather_bytes",
        "slice_gather_dwords",
        "slice_stream_gather_bytes",
        "slice_stream_gather_dwords",
        "slice_copy_small",
        "slice_u64x2",
        "slice_copy_even_4",
        "slice_stream_reversed_n",
        "SLICE_PREBUILT",
    } <= defined
    assert defined <= c.RESERVED_NAMES | c.SHUFFLE_NAMES, sorted(
        defined - c.RESERVED_NAMES - c.SHUFFLE_NAMES
    )
    for name in ("lanes_even", "lanes_odd", "lanes_reversed"):
        module = _reorder_function(name)
        with pytest.raises(
            SliceError, match=f"its C symbol slice_{name} is a name the C target uses"
        ):
            emit_c(module)
        assert f"int32_t x{name}(" in emit_c(module, prefix="x")
    for name in ("reverse", "pick_even"):  # a reorder run next to them compiles
        module = _reorder_function(name)
        library = runtime.build_shared_library(emit_c(module))
        x = np.arange(64, dtype=np.int8)
        kernel = CKernel(library, name, [(np.int8, (64,))], [(np.int8, (32,))])
        assert kernel(x).tolist() == x[::2].tolist()


NOT_STREAMED = """
func.func @one(%x: memref<16xi32>, %out: memref<16xi32>) {
  %c3 = arith.constant 3 : index
  slice.copy_run %x[%c3], %out[%c3] count 1 source_stride 1 dest_stride 1 nontemporal : memref<16xi32>, memref<16xi32>
  func.return
}
func.func @within(%x: memref<16xi32>, %out: memref<16xi32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  slice.copy_run %x[%c0], %out[%c0] count 16 source_stride 1 dest_stride 1 : memref<16xi32>, memref<16xi32>
  slice.copy_run %out[%c0], %out[%c8] count 8 source_stride 1 dest_stride 1 nontemporal : memref<16xi32>, memref<16xi32>
  func.return
}
"""


def test_nontemporal_runs_that_do_not_stream_do_not_fence(cache_dir: Path) -> None:
    """A ``nontemporal`` run of one element, or within one buffer, is a plain copy:
    the function stores nothing non-temporally and does not call
    ``slice_stream_fence``, which the unit then does not define (it did: the library
    failed to load, "undefined symbol: slice_stream_fence")."""
    module = parse(NOT_STREAMED)
    assert "slice_stream_fence" not in emit_c(module)
    x = np.arange(16, dtype=np.int32)
    out = np.zeros(16, np.int32)
    kernel_of(module, "one", 1, cache_dir)(x, out=out)
    assert out.tolist() == [0, 0, 0, 3] + [0] * 12
    got = kernel_of(module, "within", 1, cache_dir)(x)
    assert got.tolist() == list(range(8)) * 2


@pytest.mark.parametrize("element, dtype", [("i8", np.int8), ("i16", np.int16)])
def test_gathered_runs_declare_memcpy(
    element: str, dtype: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The gather helpers of ``scalar`` runs call ``memcpy``, so a unit with them
    includes ``<string.h>``: ``x[::3]`` of 1- and 2-byte elements lowered to a unit
    whose only ``memcpy`` was the helper's, an implicit declaration (C99 has none; GCC
    14 and clang 16 refuse it), here made an error as they do."""
    monkeypatch.setenv("CFLAGS", "-Werror=implicit-function-declaration")
    text = f"""
func.func @main(%x: tensor<300x{element}>) -> tensor<100x{element}> {{
  %r = slice.window %x offsets [0] sizes [100] strides [3]
     : tensor<300x{element}> -> tensor<100x{element}>
  func.return %r : tensor<100x{element}>
}}
"""
    kernel = slice_dialect.compile(text, cache_dir=tmp_path)
    source = emit_c(kernel_module_of(text))
    assert "slice_gather_" in source and "#include <string.h>" in source
    x = np.arange(300).astype(dtype)
    assert kernel(x).tolist() == x[::3].tolist()


def kernel_module_of(text: str) -> Any:
    """The lowered module of tensor-level ``text``."""
    from slice_dialect.compiler import lower, make_context, parse_module

    ctx = make_context()
    module = parse_module(text, ctx)
    lower(module, ctx)
    return module


def test_prefix_chooses_every_exported_symbol(cache_dir: Path) -> None:
    """``emit_c(prefix=...)``, ``-t c{prefix=...}`` and the kernel's lookup agree."""
    module = kernel_module()
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


TERABYTE_ALLOCS = 136
"""More 1 TiB allocations than a 47-bit address space holds (128 TiB), each under
c_safety's limit (``ALLOC_LIMIT_BYTES``, 2^40), so one of them fails at run time
whatever the overcommit mode. (The C grows with the count, and its compile time
faster: 200 took 2.6 s at -O3, 136 takes under 1 s.)"""

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
def test_failed_allocation_fails_the_call(
    fast_call: bool, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A heap allocation that fails returns 1 (after freeing what the function holds,
    in its one cleanup: the C grows with allocations plus checks); the call raises
    ``SliceError`` with the unit's message for code 1. Built with
    ``-fno-builtin-calloc``: clang at -O3 removes an allocation whose bytes it can
    follow (it may: the C standard lets an unobservable allocation succeed), so
    nothing would fail."""
    monkeypatch.setenv("CFLAGS", "-fno-builtin-calloc")
    module = parse(HUGE_ALLOC_IR)
    source = emit_c(module)
    failure = source[source.index("h0 = calloc(1099511627776, 1);") :]
    assert (
        failure.index("slice_error_values[0] = 1099511627776;")
        < failure.index("slice_status = 1;")
        < failure.index("goto slice_cleanup;")
    )
    cleanup = source[source.index("slice_cleanup:") :]
    assert cleanup.index("free(h0);") < cleanup.index("free(first);")
    assert cleanup.index("free(first);") < cleanup.index("return slice_status;")
    # each pointer is freed once on the way out and once in the cleanup
    assert source.count("free(") == 2 * (TERABYTE_ALLOCS + 1)
    kernel = kernel_of(module, "huge", 1, cache_dir, fast_call=fast_call)
    with pytest.raises(
        SliceError, match=r"^memory allocation of 1099511627776 bytes failed$"
    ):
        kernel(np.arange(4, dtype=np.int8))
    out = np.zeros(4, np.int8)
    with pytest.raises(SliceError, match="memory allocation"):
        kernel(np.arange(4, dtype=np.int8), out=[out])


FAILED_ALLOCATION_UNDER_ASAN = """
import sys
import numpy as np
from slice_dialect import SliceError, runtime
from slice_dialect.backend.c import emit_c
from slice_dialect.compiler import make_context, parse_module
module = parse_module(sys.stdin.read(), make_context())
for name in sys.argv[2:]:
    kernel = runtime.load_kernel(emit_c(module), name, [(np.int8, (4,))],
                                 [(np.int8, (4,))], sanitize=True, cache_dir=sys.argv[1])
    try:
        kernel(np.arange(4, dtype=np.int8))
    except SliceError as error:
        print("raised:", error)
"""

FAILING_LOOP_IR = """
func.func @loop(%x: memref<4xi8>, %out: memref<4xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %first = memref.alloc() : memref<1048576xi8>
  scf.for %i = %c0 to %c4 step %c1 {
    %big = memref.alloc() : memref<1048576xi8>
    %ok = arith.cmpi slt, %i, %c2 : index
    %n = arith.index_cast %i : index to i64
    slice.check %ok, "iteration {0} fails", %n
  }
  slice.copy_run %x[%c0], %out[%c0] count 4 source_stride 1 dest_stride 1 : memref<4xi8>, memref<4xi8>
  memref.dealloc %first : memref<1048576xi8>
  func.return
}

func.func @after(%x: memref<4xi8>, %out: memref<4xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %first = memref.alloc() : memref<1048576xi8>
  scf.for %i = %c0 to %c2 step %c1 {
    %big = memref.alloc() : memref<1048576xi8>
  }
  %false = arith.constant false
  slice.check %false, "after the loop"
  slice.copy_run %x[%c0], %out[%c0] count 4 source_stride 1 dest_stride 1 : memref<4xi8>, memref<4xi8>
  memref.dealloc %first : memref<1048576xi8>
  func.return
}
"""
"""``@loop``: a check failing in the third iteration of a loop whose body allocates
on the heap: the earlier iterations' buffers are freed at the end of each, the
third's and ``%first`` by the cleanup. ``@after``: a check failing after such a loop:
the cleanup frees ``%first`` and not again the buffer the last iteration freed."""


def test_failed_allocation_under_asan_fails_the_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a process started with ``asan_environment()``, a sanitized kernel whose heap
    allocation fails returns its error code as an unsanitized one does (ASan returns
    NULL, ``allocator_may_return_null=1``) instead of aborting the process. Built with
    ``-fno-builtin-calloc``, as ``test_failed_allocation_fails_the_call``."""
    monkeypatch.setenv("CFLAGS", "-fno-builtin-calloc")
    result = run_under_asan(
        FAILED_ALLOCATION_UNDER_ASAN, str(tmp_path), "huge", stdin=HUGE_ALLOC_IR
    )
    assert result.returncode == 0, result.stderr[-4000:]
    assert "raised: memory allocation of 1099511627776 bytes failed" in result.stdout, (
        result.stderr[-4000:]
    )


def test_failing_check_in_a_loop_frees_each_buffer_once(tmp_path: Path) -> None:
    """The cleanup of a check failing inside a loop frees the loop's buffer of this
    iteration and the function's, never one an earlier iteration freed (ASan would
    abort the process on a double free)."""
    source = emit_c(parse(FAILING_LOOP_IR))
    body = source[source.index("for (int64_t i") :]
    assert body.index("goto slice_cleanup;") < body.index("free(big);")
    assert body.index("free(big);") < body.index("big = NULL;")
    result = run_under_asan(
        FAILED_ALLOCATION_UNDER_ASAN,
        str(tmp_path),
        "loop",
        "after",
        stdin=FAILING_LOOP_IR,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    assert result.stdout.splitlines() == [
        "raised: iteration 2 fails",
        "raised: after the loop",
    ], result.stderr[-4000:]
    assert "AddressSanitizer" not in result.stderr


def test_asan_environment_keeps_the_callers_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The caller's own ``ASAN_OPTIONS`` come after ours, so theirs win."""
    monkeypatch.setenv("ASAN_OPTIONS", "detect_leaks=1")
    try:
        env = runtime.asan_environment()
    except SliceError as error:
        pytest.skip(str(error))
    assert env["ASAN_OPTIONS"] == (
        "detect_leaks=0:allocator_may_return_null=1:detect_leaks=1"
    )


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
        "  %d = arith.divui %c1, %c1 : index\n"
        "  func.return\n"
        "}\n"
    )
    module = LocatingParser(make_context(), text, "k.mlir").parse_module()
    with pytest.raises(SliceError, match=r"^arith\.divui: no C rule") as info:
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


def test_a_string_move_within_one_buffer_runs_in_order(cache_dir: Path) -> None:
    """``string_move`` on a run whose source and dest are one buffer changes nothing:
    the run is the element loop in order (a string move of overlapping bytes would
    copy forwards too, but in blocks the CPU picks)."""
    module = parse(
        """
        func.func @spread(%x: memref<1xf32>, %out: memref<6xf32>) {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          slice.copy_run %x[%c0], %out[%c0] count 1 source_stride 1 dest_stride 1 : memref<1xf32>, memref<6xf32>
          slice.copy_run %out[%c0], %out[%c1] count 5 source_stride 1 dest_stride 1 string_move : memref<6xf32>, memref<6xf32>
          func.return
        }
        """
    )
    assert "slice_string_move" not in emit_c(module)
    kernel = kernel_of(module, "spread", 1, cache_dir)
    assert kernel(np.array([2.5], np.float32)).tolist() == [2.5] * 6


STRING_MOVE_CASES = int(os.environ.get("SLICE_STRING_MOVE_CASES", "5"))
"""Random windows (each a static and a dynamic kernel) of
``test_string_moves_copy_what_numpy_does``: the first five take the five element widths
in turn."""

_STRING_MOVE_ELEMENTS = ("i8", "i16", "f32", "f64", "complex<f64>")


@pytest.mark.parametrize("seed", range(STRING_MOVE_CASES))
def test_string_moves_copy_what_numpy_does(seed: int, cache_dir: Path) -> None:
    """Every cached contiguous run of at least 1 byte (``string_move_bytes=1``) or 64
    bytes through the string move, streaming off: random windows of rank 1-4 over
    1-, 2-, 4-, 8- and 16-byte elements (mostly unit strides in the last dims, so the
    runs are contiguous and of every length), static and with their parameters at run
    time, copy what numpy does."""
    rng = random.Random(20261130 + seed)
    element = _STRING_MOVE_ELEMENTS[seed % len(_STRING_MOVE_ELEMENTS)]
    rank = rng.randint(1, 4)
    shape = [rng.randint(1, 40) for _ in range(rank)]
    x = random_array(element, shape, seed)
    offsets, sizes, strides = [], [], []
    for k, dim in enumerate(shape):
        stride = 1 if k == rank - 1 or rng.random() < 0.6 else rng.choice([-1, 2, -3])
        size = rng.randint(1, -(-dim // abs(stride)))
        stride = stride if size > 1 else 1  # the normal form
        low = 0 if stride > 0 else (size - 1) * -stride
        high = dim - 1 - (size - 1) * stride if stride > 0 else dim - 1
        offsets.append(rng.randint(low, high))
        sizes.append(size)
        strides.append(stride)
    expected = numpy_window(x, offsets, sizes, strides)
    t = "x".join(map(str, shape)) + f"x{element}"
    r = "x".join(map(str, sizes)) + f"x{element}"
    static = (
        f"func.func @main(%x: tensor<{t}>) -> tensor<{r}> {{\n"
        f"  %r = slice.window %x offsets {offsets} sizes {sizes} strides {strides} "
        f": tensor<{t}> -> tensor<{r}>\n"
        f"  func.return %r : tensor<{r}>\n}}\n"
    )
    q = "x".join("?" * rank) + f"x{element}"
    dynamic = (
        f"func.func @main(%x: tensor<{q}>, %s: tensor<{rank}xi64>, "
        f"%e: tensor<{rank}xi64>, %st: tensor<{rank}xi64>) -> tensor<{q}> {{\n"
        f"  %r = slice.onnx %x starts %s ends %e steps %st : tensor<{q}>, "
        f"tensor<{rank}xi64>, tensor<{rank}xi64> steps tensor<{rank}xi64> "
        f"-> tensor<{q}>\n"
        f"  func.return %r : tensor<{q}>\n}}\n"
    )
    ends = [
        o + (n - 1) * s + (1 if s > 0 else -1) for o, n, s in zip(offsets, sizes, strides)
    ]
    ends = [e if e >= 0 else -(2**63) for e in ends]
    from passes.copy_plan import StreamTarget
    from slice_dialect.compiler import lowered

    c_source = lowered(static, "main", "<w>", StreamTarget(1 << 62, False, 1)).c_source
    if sizes[-1] > 1 and strides[-1] == 1:  # a contiguous run: moved
        assert "slice_string_move(" in c_source("slice_").split("int32_t slice_main(")[1]
    for moves in (1, 64):
        options: dict[str, Any] = {
            "cache_dir": cache_dir,
            "stream_working_set": 1 << 62,
            "string_move_bytes": moves,
        }
        kernel = slice_dialect.compile(static, **options)
        assert same_bits(kernel(x), expected), (element, shape, offsets, sizes, strides)
        kernel = slice_dialect.compile(dynamic, **options)
        got = kernel(x, offsets, ends, strides)
        assert same_bits(got, expected), (element, shape, offsets, sizes, strides)


def test_unverified_ir_is_verified_before_it_is_printed() -> None:
    """The memory-safety check trusts what the verifiers check, so ``emit_c`` verifies
    the module first: a ``slice.copy_run`` from ``f32`` to ``i8`` parsed unverified
    printed a ``memcpy`` of 256 bytes into 64 (session 48's review), and a
    ``memref.load`` typed ``i1`` from an ``i64`` buffer an index out of bounds."""
    from slice_dialect.compiler import make_context
    from slice_dialect.locations import LocatingParser

    texts = {
        "slice.copy_run: source elements f32 and dest elements i8 differ": """
func.func @main(%x: memref<64xf32>, %out: memref<64xi8>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %x[%c0], %out[%c0] count 64 source_stride 1 dest_stride 1 : memref<64xf32>, memref<64xi8>
  func.return
}""",
        "slice.copy_run: prefetch_bytes = 0 must be at least 1": """
func.func @main(%x: memref<64xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  slice.copy_run %x[%c0], %out[%c0] count 8 source_stride 1 dest_stride 1 nontemporal prefetch 2 prefetch_bytes 0 : memref<64xf32>, memref<8xf32>
  func.return
}""",
        "memref.load: result 'res' at position 0 does not verify": """
func.func @main(%p: memref<1xi64>, %x: memref<2xf32>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %v = "memref.load"(%p, %c0) : (memref<1xi64>, index) -> i1
  %i = arith.index_cast %v : i1 to index
  %e = memref.load %x[%i] : memref<2xf32>
  memref.store %e, %out[%c0] : memref<1xf32>
  func.return
}""",
    }
    for message, text in texts.items():
        module = LocatingParser(make_context(), text, "k.mlir").parse_module()
        with pytest.raises(SliceError, match=re.escape(message)) as info:
            emit_c(module)  # not verified before
        assert (info.value.location or "").startswith("k.mlir:")


def test_constant_operands_of_a_dynamic_run_print_warning_free_c() -> None:
    """A hand-written ``slice.dynamic_copy_run`` with constant operands beyond int32
    (a count of int64's least) or a constant stride of 0 (adaptive) prints C that
    builds with ``-Wall -Wextra -Werror``: those operands are variables, so the
    run's guards, dead for them, are no overflowing constant expressions (session
    48's review: ``8 - INT64_MIN``, ``INT64_MIN - 1`` and a division by 0)."""
    from c_warnings import c_warnings

    text = """
func.func @main(%x: memref<8xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant -9223372036854775808 : index
  %s = arith.constant 2 : index
  slice.dynamic_copy_run %x[%c0], %out[%c0] count %n source_stride %s : memref<8xf32>, memref<8xf32>
  func.return
}
func.func @stride0(%x: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 4 : index
  slice.dynamic_copy_run %x[%c0], %out[%c0] count %n source_stride %c0 adaptive : memref<?xf32>, memref<?xf32>
  func.return
}
"""
    assert c_warnings(emit_c(parse(text))) == ""


def test_unique_names_are_the_lowest_free_suffix() -> None:
    """``UniqueNames.fresh`` remembers where each base got to (it scanned from
    ``base_1`` on every call: quadratic in the names of one base) and still gives the
    lowest free suffix, names added directly in between included."""
    import random

    from slice_dialect.names import UniqueNames

    rng = random.Random(51)
    names = UniqueNames(["v", "v_2"])
    plain = set(names)
    for _ in range(2000):
        base = rng.choice(["v", "x", "v_1", "x_3"])
        if rng.random() < 0.2:  # a name taken directly (a graph input, a reserved one)
            taken = f"{base}_{rng.randrange(6)}"
            names.add(taken)
            plain.add(taken)
            continue
        want, k = base, 0
        while want in plain:
            k += 1
            want = f"{base}_{k}"
        plain.add(want)
        assert names.fresh(base) == want
    assert names == plain
