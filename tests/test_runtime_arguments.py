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
from oracle import numpy_result, same_bits

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
        ("buffer", r"output 0 \(%out\): expected a numpy array, got str"),
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


def kernel_on_path(text: str, backend: str, fast: bool) -> Any:
    """``@main`` of ``text`` on one call path of ``KERNELS``: the C extension, ctypes
    (a ``CKernel`` of the same library) or the interpreter."""
    kernel: Any = slice_dialect.compile(text, backend=backend)  # type: ignore[arg-type]
    if backend == "c" and not fast:
        kernel = CKernel(
            kernel.library_path,
            "main",
            kernel.inputs,
            kernel.outputs,
            shape_function=kernel.shape_function,
        )
    return kernel


@pytest.mark.parametrize("backend, fast", KERNELS, ids=["fast call", "ctypes", "interp"])
def test_input_whose_copy_cannot_be_allocated(backend: str, fast: bool) -> None:
    """A non-contiguous input is copied; a broadcast view of 2^62 (or 2^45) elements
    owns one byte, but its copy cannot be allocated: a ``SliceError`` naming the
    input (it was numpy's ``MemoryError``), on every call path."""
    kernel = kernel_on_path(DYNAMIC_BYTES, backend, fast)
    for n in (2**62, 2**45):
        x = np.broadcast_to(np.int8(3), (n,))
        with pytest.raises(
            SliceError,
            match=rf"^main: input 0 \(%x\): cannot allocate a C-contiguous copy of "
            rf"shape \[{n}\] \({n} bytes\)",
        ):
            kernel(x, [0], [4])
    assert kernel(np.broadcast_to(np.int8(3), (8,)), [1], [4]).tolist() == [3, 3, 3]


SCALAR_ARGUMENTS = """\
func.func @main(%x: tensor<?xi8>, %s: i64, %e: i32, %t: i8) -> tensor<?xi8> {
  %starts = tensor.from_elements %s : tensor<1xi64>
  %e64 = arith.extsi %e : i32 to i64
  %ends = tensor.from_elements %e64 : tensor<1xi64>
  %t64 = arith.extsi %t : i8 to i64
  %steps = tensor.from_elements %t64 : tensor<1xi64>
  %r = slice.onnx %x starts %starts ends %ends steps %steps : tensor<?xi8>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<?xi8>
  func.return %r : tensor<?xi8>
}
"""


class ClaimsZeroD(np.ndarray):
    """An array that claims to be 0-d (and to hold 7): checked through its base-class
    view, it is neither."""

    @property
    def shape(self) -> tuple[int, ...]:  # type: ignore[override]
        return ()

    def item(self, *args: Any) -> Any:
        return 7


def onnx(x: np.ndarray, start: int, end: int, step: int) -> np.ndarray:
    """ONNX Slice of ``x`` on axis 0 (the oracle's: ONNX clamps a negative step's
    start below the dim to 0, where numpy's slice selects nothing)."""
    return numpy_result(
        "onnx", x, {"starts": [start], "ends": [end], "axes": None, "steps": [step]}
    )


def _scalar_kernel(backend: str, fast: bool) -> Any:
    return kernel_on_path(SCALAR_ARGUMENTS, backend, fast)


@pytest.mark.parametrize("backend, fast", KERNELS, ids=["fast call", "ctypes", "interp"])
def test_scalar_arguments(backend: str, fast: bool) -> None:
    """``index`` and ``i8``-``i64`` function arguments (rank-0 buffers in the C ABI)
    take a Python int, a numpy integer scalar or a 0-d integer array that fits the
    type, on every call path, with the same results as numpy's slice."""
    kernel = _scalar_kernel(backend, fast)
    x = np.arange(-50, 50, dtype=np.int8)
    rng = np.random.default_rng(7)
    for _ in range(40):
        s, e = (int(v) for v in rng.integers(-130, 130, 2))
        t = int(rng.choice([-3, -2, -1, 1, 2, 5, 127, -128]))
        kind = rng.choice(["int", "numpy", "0-d"])
        wrap = {"int": int, "numpy": np.int64, "0-d": np.array}[str(kind)]
        args = (wrap(s), np.int32(e) if kind == "numpy" else wrap(e), wrap(t))
        got = kernel(x, *args)
        assert got.tolist() == onnx(x, s, e, t).tolist(), (s, e, t, kind)
    liar = np.array(2).view(ClaimsZeroD)  # holds 2, says 7
    assert kernel(x, liar, 60, 1).tolist() == onnx(x, 2, 60, 1).tolist()
    for s in (2**63 - 1, -(2**63)):
        for e, t in ((2**31 - 1, 1), (-(2**31), -1), (5, 127), (-5, -128)):
            assert kernel(x, s, e, t).tolist() == onnx(x, s, e, t).tolist(), (s, e, t)


@pytest.mark.parametrize("backend, fast", KERNELS, ids=["fast call", "ctypes", "interp"])
@pytest.mark.parametrize(
    "args, message",
    [
        (
            (2**63, 4, 1),
            r"^main: input 1 \(%s\): 9223372036854775808 does not fit int64 "
            r"\[-9223372036854775808, 9223372036854775807\]$",
        ),
        (
            (0, 2**31, 1),
            r"^main: input 2 \(%e\): 2147483648 does not fit int32 "
            r"\[-2147483648, 2147483647\]$",
        ),
        (
            (0, 4, 128),
            r"^main: input 3 \(%t\): 128 does not fit int8 \[-128, 127\]$",
        ),
        (
            (0, 4, np.uint64(2**64 - 1)),
            r"^main: input 3 \(%t\): 18446744073709551615 does not fit int8 ",
        ),
        (
            (True, 4, 1),
            r"^main: input 1 \(%s\): a scalar argument takes an int or a 0-d integer "
            r"array, got True \(bool\)$",
        ),
        (
            (0, np.True_, 1),
            r"^main: input 2 \(%e\): a scalar argument takes an int or a 0-d integer "
            r"array, got np.True_ \(bool\)$",
        ),
        (
            (0, 4.0, 1),
            r"^main: input 2 \(%e\): a scalar argument takes an int or a 0-d integer "
            r"array, got 4.0 \(float\)$",
        ),
        (
            (0, 4, np.array([1])),
            r"^main: input 3 \(%t\): a scalar argument takes an int or a 0-d integer "
            r"array, got an array of shape \(1,\)$",
        ),
        (
            (np.array(1.5), 4, 1),
            r"^main: input 1 \(%s\): a scalar argument takes integers; got dtype "
            r"float64$",
        ),
        (
            (np.timedelta64(2), 4, 1),
            r"^main: input 1 \(%s\): a scalar argument takes an int or a 0-d integer "
            r"array, got np.timedelta64\(2\) \(timedelta64\)$",
        ),
        (
            (0, np.timedelta64(3, "s"), 1),
            r"^main: input 2 \(%e\): a scalar argument takes an int or a 0-d integer "
            r"array, got np.timedelta64\(3,'s'\) \(timedelta64\)$",
        ),
        (
            (np.array([1, 2, 3]).view(ClaimsZeroD), 4, 1),
            r"^main: input 1 \(%s\): a scalar argument takes an int or a 0-d integer "
            r"array, got an array of shape \(3,\)$",
        ),
        (
            (0, 4, 0),
            r"^slice.onnx: steps\[0\] = 0: a step must be non-zero$",
        ),
    ],
)
def test_scalar_arguments_refused(
    backend: str, fast: bool, args: tuple[Any, ...], message: str
) -> None:
    """A scalar that is no integer, or does not fit its argument's type, is a
    ``SliceError`` naming the input, on every call path; an invalid value the op's
    message."""
    kernel = _scalar_kernel(backend, fast)
    with pytest.raises(SliceError, match=message):
        kernel(np.arange(8, dtype=np.int8), *args)


def test_timedelta_values_of_an_index_operand_are_refused() -> None:
    """``np.timedelta64`` is a numpy ``signedinteger`` whose value has a unit: not an
    index value, in a list as alone."""
    kernel = slice_dialect.compile(DYNAMIC_BYTES)
    with pytest.raises(
        SliceError,
        match=r"^main: input 1 \(%s\): an index operand takes integers; value 0 is "
        r"np.timedelta64\(1\) \(timedelta64\)$",
    ):
        kernel(np.arange(8, dtype=np.int8), [np.timedelta64(1)], [4])


FLAG_ARGUMENT = """\
func.func @main(%x: tensor<10xf32>, %f: i1, %a: index, %b: index) -> tensor<?xf32> {
  %o = arith.select %f, %a, %b : index
  %n = arith.constant 3 : index
  %m = arith.select %f, %n, %a : index
  %r = slice.dynamic_window %x offsets [%o] sizes [%m] strides [1] : tensor<10xf32> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
"""


@pytest.mark.parametrize("backend, fast", KERNELS, ids=["fast call", "ctypes", "interp"])
def test_an_i1_scalar_argument(backend: str, fast: bool) -> None:
    """An ``i1`` function argument (since session 55; a rank-0 ``bool`` buffer, read
    as ``!= 0`` in C) takes a bool, a numpy bool, 0 or 1, or a 0-d array of one, on
    every call path; anything else is a ``SliceError`` naming the input."""
    kernel = kernel_on_path(FLAG_ARGUMENT, backend, fast)
    x = np.arange(10, dtype=np.float32)
    for flag in (True, np.True_, 1, np.int8(1), np.array(True), np.array(1)):
        np.testing.assert_array_equal(kernel(x, flag, 6, 2), x[6:9])
    for flag in (False, np.False_, 0, np.uint64(0), np.array(False)):
        np.testing.assert_array_equal(kernel(x, flag, 6, 2), x[2:8])
    refused = r"^main: input 1 \(%f\): an i1 scalar argument takes a bool, 0 or 1"
    for flag in (2, -1, 1.0, "yes", None, np.array([True]), np.array(0.0)):
        with pytest.raises(SliceError, match=refused):
            kernel(x, flag, 6, 2)
    with pytest.raises(SliceError, match=r"^slice.dynamic_window: last index"):
        kernel(x, True, 8, 2)  # [8, 11) leaves the 10 elements


EVERY_SCALAR_WIDTH = """\
func.func @main(%x: tensor<?xi8>, %f: i1, %a: i8, %b: i16, %c: i32, %d: index) -> tensor<?xi8> {
  %a64 = arith.extsi %a : i8 to i64
  %b64 = arith.extsi %b : i16 to i64
  %c64 = arith.extsi %c : i32 to i64
  %d64 = arith.index_cast %d : index to i64
  %s = arith.select %f, %a64, %b64 : i64
  %starts = tensor.from_elements %s : tensor<1xi64>
  %ends = tensor.from_elements %c64 : tensor<1xi64>
  %steps = tensor.from_elements %d64 : tensor<1xi64>
  %r = slice.onnx %x starts %starts ends %ends steps %steps : tensor<?xi8>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<?xi8>
  func.return %r : tensor<?xi8>
}
"""


def test_scalars_of_every_width_take_the_fast_path() -> None:
    """A scalar argument of every width given as a Python int or numpy scalar (an
    ``i1`` one as a bool) is converted by the fast call path, not passed to the Python
    path (``_call_checked``): until session 55 ``i8`` and ``i16`` ones were, 15 us a
    call against 0.17. A value that does not fit still goes there, and is refused."""
    kernel = kernel_on_path(EVERY_SCALAR_WIDTH, "c", True)
    if not hasattr(kernel, "_call_checked") or type(kernel).__name__ != "FastCKernel":
        pytest.fail(f"no fast call path here: {type(kernel).__name__}")
    declined: list[tuple[object, ...]] = []
    checked = kernel._call_checked

    def spy(*args: object, **kwargs: object) -> object:
        declined.append(args)
        return checked(*args, **kwargs)

    kernel._call_checked = spy
    x = np.arange(-50, 50, dtype=np.int8)
    for f, a, b, c, d in (
        (True, -3, 5, 40, 2),
        (False, -3, 5, 40, 2),
        (np.True_, np.int8(-128), np.int16(2**15 - 1), np.int32(-(2**31)), -1),
        (1, 127, -(2**15), 2**31 - 1, np.int64(2**63 - 1)),
        (0, 0, 10, 3, -(2**63)),
    ):
        expected = onnx(x, int(a) if f else int(b), int(c), int(d))
        assert kernel(x, f, a, b, c, d).tolist() == expected.tolist()
    assert declined == []
    for bad in ((2, 0, 0, 1, 1), (True, 128, 0, 1, 1), (True, 0, 2**15, 1, 1)):
        with pytest.raises(SliceError, match=r"^main: input"):
            kernel(x, *bad)
    assert len(declined) == 3


@pytest.mark.parametrize(
    ("backend", "fast"), [("c", True), ("c", False), ("interpreter", False)]
)
def test_an_integer_subclass_is_read_by_its_index(backend: str, fast: bool) -> None:
    """A numpy integer subclass with an ``__index__`` of its own is the value its
    ``__index__`` gives on every call path, as Python's ``operator.index`` and the
    fast path's ``PyNumber_Index`` read it (until session 56 the ctypes path and the
    interpreter read the numpy value, review 67's F1), an ``i1`` flag too, and is
    refused where that value does not fit; an ``__index__`` that raises is a
    ``SliceError`` naming the argument."""
    kernel = kernel_on_path(EVERY_SCALAR_WIDTH, backend, fast)
    x = np.arange(-50, 50, dtype=np.int8)

    class Five(np.int8):
        def __index__(self) -> int:
            return 5

    class Big(np.int16):
        def __index__(self) -> int:
            return 2**15

    class On(np.int8):  # an i1 flag too (review 69's D1)
        def __index__(self) -> int:
            return 1

    class Fails(np.int32):
        def __index__(self) -> int:
            raise RuntimeError("no index")

    expected = onnx(x, 5, 40, 1)
    assert kernel(x, True, Five(1), 0, 40, 1).tolist() == expected.tolist()
    assert kernel(x, On(0), 5, 0, 40, 1).tolist() == expected.tolist()
    with pytest.raises(SliceError, match=r"^main: input 3 \(%b\): 32768 does not fit"):
        kernel(x, False, 0, Big(1), 40, 1)
    with pytest.raises(
        SliceError,
        match=r"^main: input 4 \(%c\): Fails.__index__ failed: RuntimeError: no index",
    ):
        kernel(x, True, 5, 0, Fails(40), 1)


def test_scalar_argument_types_a_kernel_refuses() -> None:
    """Only ``index`` and signless ``i1`` and ``i8``-``i64`` scalars are arguments of
    a kernel: floats, signed or unsigned integers and other widths are refused at
    ``compile``, naming the argument."""
    for t in ("i2", "f32", "si32", "ui8", "i128"):
        text = (
            f"func.func @main(%x: tensor<4xi8>, %s: index, %e: i32, %t: {t}) -> "
            "tensor<4xi8> {\n  func.return %x : tensor<4xi8>\n}\n"
        )
        with pytest.raises(
            SliceError,
            match=rf"^@main argument 3 has type {t}; kernels take and return tensors "
            r"only, and scalar arguments of type index or a signless i1, i8, i16, i32 "
            r"or i64$",
        ):
            slice_dialect.compile(text)


RECURSIVE_CALLEE = """\
func.func @h(%n: index) {
  %c = arith.constant dense<[1, 2]> : tensor<2xi32>
  %c1 = arith.constant 1 : index
  %i = arith.minsi %n, %c1 : index
  %k = tensor.extract %c[%i] : tensor<2xi32>
  %ki = arith.index_cast %k : i32 to index
  %p = arith.cmpi sgt, %n, %ki : index
  scf.if %p {
    %m = arith.subi %n, %c1 : index
    func.call @h(%m) : (index) -> ()
  }
  func.return
}
func.func @main(%x: tensor<4xi32>, %n: index) -> tensor<4xi32> {
  func.call @h(%n) : (index) -> ()
  func.return %x : tensor<4xi32>
}
"""


def test_a_called_function_keeps_its_scalar_arguments() -> None:
    """A recursive callee (``inline`` leaves its calls) keeps its ``index`` argument,
    so the calls stay well typed: the interpreter runs the program (the C target
    refuses it: the public ``@h`` is a kernel, whose arguments are memrefs; it calls
    only private functions), the entry taking its scalar in a rank-0 buffer. (Review of
    session 51: the callee's argument became a ``memref<i64>`` its calls did not pass.)
    An entry some call names, or one of no tensors, cannot take a scalar."""
    kernel = slice_dialect.compile(RECURSIVE_CALLEE, backend="interpreter")
    x = np.arange(4, dtype=np.int32)
    assert kernel(x, 3).tolist() == [0, 1, 2, 3]
    with pytest.raises(
        SliceError,
        match=r"^func.func @h: argument 0 \(%n\) has type index; the C target takes "
        "memref arguments only",
    ):
        slice_dialect.compile(RECURSIVE_CALLEE)
    private = RECURSIVE_CALLEE.replace("func.func @h", "func.func private @h")
    with pytest.raises(SliceError, match=r"^func.call: calls @h recursively") as error:
        slice_dialect.compile(private)
    assert error.value.location == "<source>:10:5"
    for text, entry in [
        (RECURSIVE_CALLEE, "h"),
        ("func.func @main(%n: index) {\n  func.return\n}\n", "main"),
    ]:
        with pytest.raises(
            SliceError,
            match=rf"^func.func @{entry}: argument 0 has type index; expected a memref "
            r"\(convert-slice-to-loops passes an index or integer argument as a rank-0 "
            r"memref only in a function on tensors that no func.call calls\)$",
        ):
            slice_dialect.compile(text, entry=entry, backend="interpreter")


@pytest.mark.parametrize("backend", ["c", "interpreter"])
def test_more_buffers_than_ctypes_calls_with(backend: str) -> None:
    """ctypes calls a C function with at most 1024 arguments (the buffers, then the
    error values): the C backend refuses a kernel of more before compiling its C, with
    a ``SliceError`` (it was ctypes' ``ArgumentError`` after the C compile); the
    interpreter runs it."""
    n = 1023
    args = ", ".join(f"%x{i}: tensor<2xf32>" for i in range(n))
    text = f"func.func @main({args}) -> tensor<2xf32> {{\n  func.return %x1 : tensor<2xf32>\n}}\n"
    arrays = [np.full(2, i, np.float32) for i in range(n)]
    if backend == "interpreter":
        kernel = slice_dialect.compile(text, backend="interpreter")
        assert kernel(*arrays).tolist() == [1.0, 1.0]
        return
    with pytest.raises(
        SliceError,
        match=r"^@main takes 1023 input\(s\) and 1 result\(s\): its C function would "
        r"take 1025 arguments, more than the 1024 a kernel can be called with$",
    ):
        slice_dialect.compile(text)
    kernel = slice_dialect.compile(text.replace(", %x1022: tensor<2xf32>", ""))
    assert kernel(*arrays[:-1]).tolist() == [1.0, 1.0]
