"""Element types and their storage (``slice_dialect/dtypes.py``): bytes, numpy dtype and
C storage type of every supported element type, and a clean error for the others."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from xdsl.dialects import builtin
from xdsl.dialects.builtin import (
    BFloat16Type,
    ComplexType,
    Float16Type,
    Float32Type,
    Float64Type,
    Float80Type,
    IntegerType,
    Signedness,
)

import slice_dialect
from slice_dialect.dtypes import (
    c_storage_type,
    element_type_for_dtype,
    numpy_dtype,
    storage_bytes,
)
from slice_dialect.errors import SliceError


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


@pytest.mark.parametrize("element", ["f16", "bf16", "f32", "f64"])
def test_scalar_float_constants_into_a_tensor(element: str) -> None:
    """A scalar float ``arith.constant`` put into a tensor (``tensor.from_elements``):
    its storage bits on both backends, the same (``dtypes.scalar_storage``; the
    interpreter crashed with a bare ``TypeError`` and the C target refused it, as it
    computes on integers only: session 50's review)."""
    text = f"""func.func @main(%x: tensor<2x{element}>) -> tensor<3x{element}> {{
  %f = arith.constant 2.5 : {element}
  %g = arith.constant -0.1 : {element}
  %c0 = arith.constant 0 : index
  %h = tensor.extract %x[%c0] : tensor<2x{element}>
  %t = tensor.from_elements %f, %g, %h : tensor<3x{element}>
  func.return %t : tensor<3x{element}>
}}
"""
    dtype = numpy_dtype(
        {"f16": Float16Type(), "bf16": BFloat16Type(), "f32": Float32Type()}.get(
            element, Float64Type()
        )
    )
    x = np.array([7.0, 8.0], dtype)
    got = [slice_dialect.compile(text, backend=b)(x) for b in ("c", "interpreter")]
    assert got[0].tobytes() == got[1].tobytes()
    assert got[0][[0, 2]].tolist() == [2.5, 7.0]
    assert got[0][1] == np.array([-0.1], dtype)[0]
