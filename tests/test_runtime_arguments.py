"""The argument checks every kernel holds (``slice_dialect/runtime/arguments.py``).

A numpy subclass is checked through its base-class view: one that lies about its
``shape``, ``nbytes``, ``dtype``, ``flags`` or ``size`` is refused by what numpy itself
knows of its memory, on every call path (the C extension, ctypes, the interpreter).
``np.memmap`` and ``np.matrix`` are accepted as ``out=`` alone as in a list.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from generators import random_array
from lowered import CALL_PATHS, kernel_module, kernel_of, parse, window_module
from oracle import same_bits

import slice_dialect
from slice_dialect import SliceError
from slice_dialect.runtime import CKernel

BIG = """\
func.func @main(%x: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %r = slice.window %x offsets [511, 0] sizes [512, 512] strides [-1, 1] : tensor<512x512xf32> -> tensor<512x512xf32>
  func.return %r : tensor<512x512xf32>
}
"""

SMALL = """\
func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = slice.window %x offsets [1, 0] sizes [2, 3] strides [-1, 1] : tensor<2x3xf32> -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}
"""


class Liar(np.ndarray):
    """Claims the shape, size and dtype a 512x512 float32 array has."""

    @property
    def shape(self) -> tuple[int, ...]:  # type: ignore[override]
        return (512, 512)

    @property
    def nbytes(self) -> int:  # type: ignore[override]
        return 512 * 512 * 4

    @property
    def size(self) -> int:  # type: ignore[override]
        return 512 * 512

    @property
    def dtype(self) -> np.dtype:  # type: ignore[override]
        return np.dtype(np.float32)

    def view(self, *args: Any, **kwargs: Any) -> Any:
        return self  # np.asarray-like conversions through .view stay the liar


def liar(dtype: Any = np.float32) -> Liar:
    """A 16-byte buffer (in a larger one, so that a write past it shows)."""
    guard = np.full(64, 7, np.uint8)
    return guard[16:32].view(dtype).view(Liar)


KERNELS = [("c", True), ("c", False), ("interpreter", True)]


@pytest.fixture(scope="module", params=KERNELS, ids=["fast call", "ctypes", "interp"])
def big(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    backend, fast = request.param
    if backend == "interpreter":
        return slice_dialect.compile(BIG, backend="interpreter")
    from slice_dialect.compiler import entry_signature, lower, make_context, parse_module
    from slice_dialect.runtime import load_kernel

    module = parse_module(BIG, make_context())
    signature = entry_signature(module, "main")
    lower(module, make_context())
    from slice_dialect.backend.c import emit_c

    return load_kernel(
        emit_c(module),
        "main",
        signature.inputs,
        signature.outputs,
        cache_dir=tmp_path_factory.mktemp("cache"),
        fast_call=fast,
    )


def test_lying_out_is_refused(big: Any) -> None:
    out = liar()
    guard = out.base.base  # type: ignore[union-attr]
    x = np.ones((512, 512), np.float32)
    with pytest.raises(
        SliceError, match=r"output 0.*expected shape \(512, 512\), got \(4,\)"
    ):
        big(x, out=out)
    with pytest.raises(SliceError, match=r"expected shape \(512, 512\), got \(4,\)"):
        big(x, out=[out])
    assert (guard == 7).all()


def test_lying_input_is_refused(big: Any) -> None:
    with pytest.raises(
        SliceError, match=r"input 0.*expected shape \(512, 512\), got \(4,\)"
    ):
        big(liar())
    with pytest.raises(SliceError, match=r"input 0.*expected dtype float32, got uint8"):
        big(liar(np.uint8))


@pytest.fixture(scope="module", params=KERNELS, ids=["fast call", "ctypes", "interp"])
def small(request: pytest.FixtureRequest) -> Any:
    backend, fast = request.param
    if backend == "interpreter":
        return slice_dialect.compile(SMALL, backend="interpreter")
    from slice_dialect.runtime import kernel_class

    kernel = slice_dialect.compile(SMALL)
    if not fast:
        # the same library through ctypes
        from slice_dialect.runtime import CKernel

        return CKernel(kernel.library_path, "main", kernel.inputs, kernel.outputs)  # type: ignore[attr-defined]
    assert isinstance(kernel, kernel_class())
    return kernel


X = np.arange(6, dtype=np.float32).reshape(2, 3)


@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")
def test_matrix_and_memmap_as_out(small: Any, tmp_path: Path) -> None:
    matrix = np.asmatrix(np.zeros((2, 3), np.float32))
    assert small(X, out=matrix) is matrix
    np.testing.assert_array_equal(np.asarray(matrix), X[::-1])
    mapped = np.memmap(tmp_path / "out.bin", np.float32, "w+", shape=(2, 3))
    assert small(X, out=mapped) is mapped
    np.testing.assert_array_equal(mapped, X[::-1])
    listed = [np.asmatrix(np.zeros((2, 3), np.float32))]
    assert small(X, out=listed) is listed
    np.testing.assert_array_equal(np.asarray(listed[0]), X[::-1])
    np.testing.assert_array_equal(small(np.asmatrix(X)), X[::-1])


@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")
def test_wrong_subclass_out_names_the_fault(small: Any) -> None:
    with pytest.raises(
        SliceError, match=r"output 0: expected shape \(2, 3\), got \(3, 2\)"
    ):
        small(X, out=np.asmatrix(np.zeros((3, 2), np.float32)))
    with pytest.raises(SliceError, match=r"expected dtype float32, got float64"):
        small(X, out=np.asmatrix(np.zeros((2, 3), np.float64)))


# --- the argument checks of C kernels, on both call paths ---------------------------


@pytest.fixture(scope="module", params=CALL_PATHS)
def kernel(cache_dir: Path, request: pytest.FixtureRequest) -> CKernel:
    return kernel_of(kernel_module(), "main", 1, cache_dir, fast_call=request.param)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "main: expected 1 input array, got 0"),
        ((np.zeros((8, 8), np.float32),) * 2, "main: expected 1 input array, got 2"),
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
    module = window_module("complex<f32>", [6], [5], [3], [-2])
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


def test_counts_of_one_are_singular() -> None:
    """A kernel of one argument and an index operand of one value say "1 input array"
    and "1 index value" (they said "1 input arrays", "1 index values")."""
    kernel = slice_dialect.compile(
        "func.func @main(%x: tensor<10xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {\n"
        "  %e = arith.constant dense<8> : tensor<1xi64>\n"
        "  %r = slice.onnx %x starts %s ends %e : tensor<10xf32>, tensor<1xi64>, "
        "tensor<1xi64> -> tensor<?xf32>\n"
        "  func.return %r : tensor<?xf32>\n}\n"
    )
    x = np.arange(10, dtype=np.float32)
    with pytest.raises(SliceError) as info:
        kernel(x, [1, 2])
    assert str(info.value) == "main: input 1 (%s): expected 1 index value, got 2"
    with pytest.raises(SliceError) as info:
        kernel(x, np.array([1, 2]))
    assert str(info.value) == (
        "main: input 1 (%s): expected 1 index value (shape (1,)), got shape (2,)"
    )


DYNAMIC_BYTES = """\
func.func @main(%x: tensor<?xi8>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<?xi8> {
  %r = slice.onnx %x starts %s ends %e : tensor<?xi8>, tensor<1xi64>, tensor<1xi64> -> tensor<?xi8>
  func.return %r : tensor<?xi8>
}
"""


@pytest.mark.parametrize("backend, fast", KERNELS, ids=["fast call", "ctypes", "interp"])
def test_input_whose_copy_cannot_be_allocated(backend: str, fast: bool) -> None:
    """A non-contiguous input is copied; a broadcast view of 2^62 (or 2^45) elements
    owns one byte, but its copy cannot be allocated: a ``SliceError`` naming the
    input (it was numpy's ``MemoryError``), on every call path."""
    kernel: Any = slice_dialect.compile(DYNAMIC_BYTES, backend=backend)  # type: ignore[arg-type]
    if backend == "c" and not fast:
        kernel = CKernel(
            kernel.library_path,
            "main",
            kernel.inputs,
            kernel.outputs,
            shape_function=kernel.shape_function,
        )
    for n in (2**62, 2**45):
        x = np.broadcast_to(np.int8(3), (n,))
        with pytest.raises(
            SliceError,
            match=rf"^main: input 0 \(%x\): cannot allocate a C-contiguous copy of "
            rf"shape \[{n}\] \({n} bytes\)",
        ):
            kernel(x, [0], [4])
    assert kernel(np.broadcast_to(np.int8(3), (8,)), [1], [4]).tolist() == [3, 3, 3]
