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

import slice_dialect
from slice_dialect import SliceError

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
