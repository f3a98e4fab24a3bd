"""The one map of element types: storage size, numpy dtype and C storage type.

A slice only moves elements, so every element type is handled by its storage width
alone: the C backend copies elements as unsigned integers of that width (or as a
16-byte struct for ``complex<f64>``), and the runtime checks numpy arrays against
the dtype given here. The element types are those of SPEC section 1:

| element type                 | bytes | numpy dtype               | C storage type |
|------------------------------|-------|---------------------------|----------------|
| ``i1``                       | 1     | ``bool``                  | ``uint8_t``    |
| ``iN``, ``siN`` (N = 2..64)  | 1/2/4/8 (smallest that holds N bits) | ``int8/16/32/64`` | ``uintW_t`` |
| ``siN`` (N = 1)              | 1     | ``int8``                  | ``uint8_t``    |
| ``uiN`` (N = 1..64)          | 1/2/4/8 | ``uint8/16/32/64``      | ``uintW_t``    |
| ``f16``, ``bf16``            | 2     | ``float16``, ``ml_dtypes.bfloat16`` | ``uint16_t`` |
| ``f32``, ``f64``             | 4, 8  | ``float32``, ``float64``  | ``uint32_t``, ``uint64_t`` |
| ``complex<f32>``             | 8     | ``complex64``             | ``uint64_t``   |
| ``complex<f64>``             | 16    | ``complex128``            | ``slice_b128`` |

Only the signless ``i1`` maps to numpy ``bool``; ``si1`` and ``ui1`` follow the rule
for their signedness. Anything else raises ``SliceError`` naming the type.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import (
    BFloat16Type,
    BytesAttr,
    ComplexType,
    DenseIntOrFPElementsAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerType,
    Signedness,
    TensorType,
)
from xdsl.ir import Attribute

from slice_dialect.errors import SliceError

if TYPE_CHECKING:
    import numpy as np

# numpy and ml_dtypes (0.1 s of imports) are imported by the two functions that map to
# and from numpy dtypes, not here: the compiler passes and slice-opt only need widths.

B128_TYPEDEF = "typedef struct { uint64_t lo, hi; } slice_b128;"
"""The C typedef of the 16-byte storage type; emitted only where it is used."""

_C_TYPE_BY_BYTES = {
    1: "uint8_t",
    2: "uint16_t",
    4: "uint32_t",
    8: "uint64_t",
    16: "slice_b128",
}
_INTEGER_BYTES = (1, 2, 4, 8)


def _unsupported(t: Attribute) -> SliceError:
    return SliceError(
        f"element type {t} is not supported: a slice moves integers of 1 to 64 bits, "
        "f16, bf16, f32, f64, complex<f32> and complex<f64>"
    )


def _integer_bytes(t: IntegerType) -> int:
    width = t.width.data
    if not 1 <= width <= 64:
        raise _unsupported(t)
    return next(size for size in _INTEGER_BYTES if width <= 8 * size)


def storage_bytes(t: Attribute) -> int:
    """The number of bytes one element of type ``t`` occupies in a buffer."""
    if isinstance(t, IntegerType):
        return _integer_bytes(t)
    if isinstance(t, Float16Type | BFloat16Type):
        return 2
    if isinstance(t, Float32Type):
        return 4
    if isinstance(t, Float64Type):
        return 8
    if isinstance(t, ComplexType):
        inner = t.element_type
        if isinstance(inner, Float32Type):
            return 8
        if isinstance(inner, Float64Type):
            return 16
    raise _unsupported(t)


def constant_storage(value: DenseIntOrFPElementsAttr) -> bytes:
    """The bytes a buffer holds for ``value``'s elements, as ``numpy_dtype`` stores
    them: the attribute's data, with a signless ``i1`` (a numpy bool) as 0 or 1 (a
    byte other than 0 is true, as numpy and the C target's loads read it). xDSL
    holds ``true`` as the byte 0xFF (the ``i1`` value -1); numpy reads that as True, but
    it is not numpy's byte for True, and a kernel returning a folded ``i1`` constant
    gave arrays whose bytes (``tobytes``, a ``uint8`` view) were not True's. The C
    target and the interpreter both fill buffers from this."""
    data = value.data.data
    t = value.get_element_type()
    if (
        isinstance(t, IntegerType)
        and t.width.data == 1
        and t.signedness.data == Signedness.SIGNLESS
    ):
        return bytes(1 if b else 0 for b in data)
    return data


def scalar_storage(value: float, t: Attribute) -> bytes:
    """The bytes a buffer of element type ``t`` (a float type) holds for the scalar
    ``value`` of an ``arith.constant``: xDSL's packing of a one-element dense
    attribute, as a dense constant's (:func:`constant_storage`), so that the C target
    and the interpreter store the same bits."""
    dense = DenseIntOrFPElementsAttr.from_list(TensorType(t, [1]), [value])  # type: ignore[arg-type]
    return constant_storage(dense)


def constant_array(value: DenseIntOrFPElementsAttr) -> np.ndarray:
    """``value`` as a numpy array of its type's shape and ``numpy_dtype`` (a splat
    repeated), from ``constant_storage``: every element type alike, complex ones
    included (``get_values`` gives those as pairs)."""
    import numpy as np

    t = value.get_type()
    assert isinstance(t, TensorType)
    shape = tuple(t.get_shape())
    dtype = numpy_dtype(t.get_element_type())
    array = np.frombuffer(constant_storage(value), dtype=dtype)
    count = int(np.prod(shape))
    if array.size == 1 and count != 1:
        return np.full(shape, array[0], dtype=dtype)
    return array.reshape(shape).copy()


def constant_attribute(array: np.ndarray) -> DenseIntOrFPElementsAttr:
    """``array`` as a dense attribute of its shape and ``element_type_for_dtype``:
    the inverse of :func:`constant_array`. Its bytes are the array's, little-endian as
    xDSL holds them, so every element type is exact (``bf16``, complex, a NaN's
    payload), except a numpy bool, which xDSL holds as 0 or 0xFF."""
    import numpy as np

    t = TensorType(element_type_for_dtype(array.dtype), list(array.shape))
    if array.dtype == np.bool_:
        return DenseIntOrFPElementsAttr.from_list(t, [int(v) for v in array.flat])
    data = np.ascontiguousarray(array, dtype=array.dtype.newbyteorder("<"))
    return DenseIntOrFPElementsAttr(t, BytesAttr(data.tobytes()))


def numpy_dtype(t: Attribute) -> np.dtype:
    """The numpy dtype whose arrays hold elements of type ``t``."""
    import ml_dtypes
    import numpy as np

    if isinstance(t, IntegerType):
        size = _integer_bytes(t)
        signedness = t.signedness.data
        if signedness == Signedness.UNSIGNED:
            return np.dtype(f"u{size}")
        if t.width.data == 1 and signedness == Signedness.SIGNLESS:
            return np.dtype(np.bool_)
        return np.dtype(f"i{size}")
    if isinstance(t, Float16Type):
        return np.dtype(np.float16)
    if isinstance(t, BFloat16Type):
        return np.dtype(ml_dtypes.bfloat16)
    if isinstance(t, Float32Type):
        return np.dtype(np.float32)
    if isinstance(t, Float64Type):
        return np.dtype(np.float64)
    if isinstance(t, ComplexType):
        inner = t.element_type
        if isinstance(inner, Float32Type):
            return np.dtype(np.complex64)
        if isinstance(inner, Float64Type):
            return np.dtype(np.complex128)
    raise _unsupported(t)


def c_storage_type(t: Attribute) -> str:
    """The C type that copies one element of type ``t`` bit for bit."""
    return _C_TYPE_BY_BYTES[storage_bytes(t)]


def c_alignment(itemsize: int) -> int:
    """The alignment in bytes the C storage type of an ``itemsize``-byte element needs.

    ``complex<f32>`` is copied as ``uint64_t`` but numpy only aligns ``complex64`` to
    4 bytes, so the runtime checks pointers against this, not numpy's alignment.
    """
    if itemsize not in _C_TYPE_BY_BYTES:
        raise SliceError(f"no C storage type for {itemsize}-byte elements")
    return min(itemsize, 8)


def element_type_for_dtype(dtype: np.dtype) -> Attribute:
    """The element type whose arrays numpy holds as ``dtype`` (signed ints: signless)."""
    import ml_dtypes
    import numpy as np

    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return IntegerType(1)
    if dtype == ml_dtypes.bfloat16:
        return BFloat16Type()
    if not dtype.isnative:
        raise SliceError(f"dtype {dtype} is not in native byte order")
    if dtype.kind == "i" and dtype.itemsize in _INTEGER_BYTES:
        return IntegerType(8 * dtype.itemsize)
    if dtype.kind == "u" and dtype.itemsize in _INTEGER_BYTES:
        return IntegerType(8 * dtype.itemsize, Signedness.UNSIGNED)
    by_dtype: dict[np.dtype, Attribute] = {
        np.dtype(np.float16): Float16Type(),
        np.dtype(np.float32): Float32Type(),
        np.dtype(np.float64): Float64Type(),
        np.dtype(np.complex64): ComplexType(Float32Type()),
        np.dtype(np.complex128): ComplexType(Float64Type()),
    }
    if dtype in by_dtype:
        return by_dtype[dtype]
    raise SliceError(f"dtype {dtype} has no slice element type")
