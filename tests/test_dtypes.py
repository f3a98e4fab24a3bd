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
