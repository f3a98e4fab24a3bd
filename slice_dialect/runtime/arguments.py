"""The argument checks of a kernel call (SPEC section 6), defined once.

``CheckedArguments`` is held by every kernel (``CKernel``, ``FastCKernel``'s slow path,
the interpreter kernel), so a call is accepted, copied or refused with the same message
whatever runs it. Every array is checked through its base-class view
(``np.ndarray.view(array, np.ndarray)``): a subclass cannot change the dtype, shape,
flags or size the checks see (overriding ``shape`` or ``nbytes`` changes nothing), and
subclasses such as ``np.memmap`` and ``np.matrix`` are accepted wherever an exact
``np.ndarray`` of the same layout is.
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import MemRefType

from slice_dialect.dtypes import c_alignment, numpy_dtype
from slice_dialect.errors import SliceError

_char_from_buffer = ctypes.c_char.from_buffer
_addressof = ctypes.addressof


def _exports_buffer(dtype: np.dtype) -> bool:
    """Whether arrays of ``dtype`` export the buffer protocol (``bfloat16`` does not)."""
    try:
        _char_from_buffer(np.zeros(1, dtype))
    except (TypeError, ValueError, BufferError):
        return False
    return True


def numpy_max_rank() -> int:
    """The largest rank a numpy array can have here (64 in numpy 2, 32 before)."""
    global _max_rank
    if _max_rank is None:
        _max_rank = 32
        try:
            np.empty((0,) * 64)
            _max_rank = 64
        except ValueError:
            pass
    return _max_rank


_max_rank: int | None = None

_MAX_BYTES = 2**63 - 1


def check_shape(shape: Sequence[int], itemsize: int, what: str) -> None:
    """``SliceError`` unless numpy can hold an array of ``shape`` (its rank, each
    dim and its byte size); ``what`` names the array in the message."""
    if len(shape) > numpy_max_rank():
        raise SliceError(
            f"{what} has rank {len(shape)}; numpy arrays have at most "
            f"{numpy_max_rank()} dimensions"
        )
    size = itemsize
    for d in shape:
        if d < 0:
            raise SliceError(f"{what} has a dynamic or negative dimension {d}")
        size *= d
    if size > _MAX_BYTES:
        raise SliceError(
            f"{what} has shape {list(shape)} of {size} bytes; an array holds at most "
            f"2^63 - 1 bytes"
        )


@dataclass(frozen=True)
class ArraySpec:
    """The array one memref argument takes: dtype, shape, and a name for messages."""

    dtype: np.dtype
    shape: tuple[int, ...]
    name: str = ""

    @staticmethod
    def of(spec: ArraySpec | tuple[Any, Sequence[int]]) -> ArraySpec:
        """``spec`` itself, or an ``ArraySpec`` of a ``(dtype, shape)`` pair."""
        if isinstance(spec, ArraySpec):
            return spec
        dtype, shape = spec
        return ArraySpec(np.dtype(dtype), tuple(int(d) for d in shape))


def array_specs(function: func.FuncOp) -> list[ArraySpec]:
    """The ``ArraySpec`` of each memref argument of a lowered function, in order."""
    specs: list[ArraySpec] = []
    for arg in function.body.block.args:
        t = arg.type
        if not isinstance(t, MemRefType):
            raise SliceError(
                f"func.func @{function.sym_name.data}: argument {arg.index} has type "
                f"{t}; expected a memref"
            )
        dtype = numpy_dtype(t.element_type)
        what = f"func.func @{function.sym_name.data}: argument {arg.index}"
        check_shape(t.get_shape(), dtype.itemsize, what)
        specs.append(ArraySpec(dtype, t.get_shape(), arg.name_hint))
    return specs


_ndarray_view = np.ndarray.view


def _base_view(array: np.ndarray) -> np.ndarray:
    """An exact ``np.ndarray`` over the memory of ``array`` (a subclass instance),
    made by ``np.ndarray``'s own ``view``, so no method or property of the subclass
    takes part."""
    return _ndarray_view(array, np.ndarray)


class CheckedArguments:
    """Checks a call's arrays against a function's ``ArraySpec`` lists.

    ``prepare(inputs, out)`` checks each input (count, dtype, shape); a
    non-C-contiguous or insufficiently aligned input is copied. Given ``out`` (an
    array, or a sequence of arrays with one per output), each must be a C-contiguous,
    aligned, writeable array of the exact dtype and shape, overlapping no input and no
    other output; without it fresh outputs are made. Every failed check raises
    ``SliceError`` naming the argument. Both kernels (C and interpreter) call it, so a
    call is checked the same way whatever runs it.
    """

    def __init__(
        self,
        function: str,
        inputs: Sequence[ArraySpec | tuple[Any, Sequence[int]]],
        outputs: Sequence[ArraySpec | tuple[Any, Sequence[int]]],
    ) -> None:
        self.function = function
        self.inputs = [ArraySpec.of(s) for s in inputs]
        self.outputs = [ArraySpec.of(s) for s in outputs]
        for kind, specs in (("input", self.inputs), ("output", self.outputs)):
            for i, spec in enumerate(specs):
                check_shape(spec.shape, spec.dtype.itemsize, self._label(kind, i, spec))
        # Only where numpy aligns a dtype less than its C storage type needs
        # (complex64: 4 < 8) is the pointer itself checked; elsewhere numpy's own
        # ``aligned`` flag says enough.
        self.check_pointer = [
            c_alignment(s.dtype.itemsize) > s.dtype.alignment
            for s in (*self.inputs, *self.outputs)
        ]
        self._exports_buffer = [
            _exports_buffer(s.dtype) for s in (*self.inputs, *self.outputs)
        ]

    def _address(self, array: np.ndarray, index: int) -> int:
        """The address of ``array``'s first element (argument ``index``).

        ``ctypes.c_char.from_buffer`` takes about a third of the time of
        ``array.ctypes.data`` but needs a writeable, non-empty buffer of a dtype the
        buffer protocol knows.
        """
        if self._exports_buffer[index] and array.flags.writeable and array.size:
            return _addressof(_char_from_buffer(array))
        return array.ctypes.data

    def _label(self, kind: str, index: int, spec: ArraySpec) -> str:
        name = f" (%{spec.name})" if spec.name else ""
        return f"{self.function}: {kind} {index}{name}"

    def _matching(self, kind: str, index: int, spec: ArraySpec, array: Any) -> np.ndarray:
        """``array`` if it is an exact ndarray of ``spec``'s dtype and shape (the usual
        case, checked in its cheapest form), else ``_check``'s result."""
        if (
            type(array) is not np.ndarray
            or array.dtype != spec.dtype
            or array.shape != spec.shape
        ):
            return self._check(kind, index, spec, array)
        return array

    def _check(self, kind: str, index: int, spec: ArraySpec, array: object) -> np.ndarray:
        """``array``'s base-class view, checked against ``spec``."""
        if not isinstance(array, np.ndarray):
            raise SliceError(
                f"{self._label(kind, index, spec)}: expected a numpy array, got "
                f"{type(array).__name__}"
            )
        if type(array) is not np.ndarray:
            # What the kernel sees: the memory as numpy itself describes it, whatever
            # the subclass's properties say.
            array = _base_view(array)
        if array.dtype != spec.dtype:
            raise SliceError(
                f"{self._label(kind, index, spec)}: expected dtype {spec.dtype}, "
                f"got {array.dtype}"
            )
        if array.shape != spec.shape:
            raise SliceError(
                f"{self._label(kind, index, spec)}: expected shape {spec.shape}, "
                f"got {array.shape}"
            )
        return array

    # The call path runs on every kernel call, so it avoids per-call allocations
    # beyond the pointer list: plain index loops, checks in their cheapest form, and
    # the detailed message built only once a check has failed.

    def prepare(
        self, inputs: Sequence[np.ndarray], out: Any
    ) -> tuple[list[np.ndarray], list[int], Any]:
        """Checked arrays (inputs, then outputs), their addresses, and what to return."""
        specs = self.inputs
        if len(inputs) != len(specs):
            raise SliceError(
                f"{self.function}: expected {len(specs)} input arrays, got {len(inputs)}"
            )
        arrays: list[np.ndarray] = []
        pointers: list[int] = []
        spans: list[tuple[int, int]] = []  # [start, end) of each contiguous argument
        for i in range(len(specs)):
            array = inputs[i]
            spec = specs[i]
            array = self._matching("input", i, spec, array)
            flags = array.flags
            if not (flags.c_contiguous and flags.aligned):
                array = np.array(array, order="C", copy=True)
            pointer = self._address(array, i)
            if self.check_pointer[i] and pointer % 8:
                array = np.array(array, order="C", copy=True)
                pointer = self._address(array, i)
            arrays.append(array)
            pointers.append(pointer)
            spans.append((pointer, pointer + array.nbytes))

        if out is None:
            offset = len(specs)
            outputs = [np.empty(spec.shape, spec.dtype) for spec in self.outputs]
            for i in range(len(outputs)):
                arrays.append(outputs[i])
                pointers.append(self._address(outputs[i], offset + i))
            return arrays, pointers, outputs[0] if len(outputs) == 1 else tuple(outputs)
        if isinstance(out, np.ndarray) and len(self.outputs) == 1:
            self._check_output(0, out, arrays, pointers, spans)
        elif isinstance(out, list | tuple) and len(out) == len(self.outputs):
            for i in range(len(out)):
                self._check_output(i, out[i], arrays, pointers, spans)
        else:
            raise SliceError(
                f"{self.function}: out= takes {len(self.outputs)} array(s), one per "
                "result"
            )
        return arrays, pointers, out

    def _check_output(
        self,
        i: int,
        array: Any,
        arrays: list[np.ndarray],
        pointers: list[int],
        spans: list[tuple[int, int]],
    ) -> None:
        """Check ``out`` array ``i``; append its base-class view, its address and its
        byte range.

        ``spans`` holds the byte range of each (contiguous) earlier argument: the
        output's range must meet none of them. For contiguous arrays this is exactly
        ``np.shares_memory``, at a fraction of its cost.
        """
        spec = self.outputs[i]
        index = len(self.inputs) + i
        array = self._matching("output", i, spec, array)
        flags = array.flags
        if not (flags.c_contiguous and flags.writeable and flags.aligned):
            label = self._label("output", i, spec)
            if not flags.c_contiguous:
                raise SliceError(f"{label}: out= array is not C-contiguous")
            if not flags.writeable:
                raise SliceError(f"{label}: out= array is read-only")
            raise SliceError(f"{label}: out= array is not aligned for its dtype")
        pointer = self._address(array, index)
        if self.check_pointer[index] and pointer % 8:
            label = self._label("output", i, spec)
            raise SliceError(f"{label}: out= array is not 8-byte aligned")
        end = pointer + array.nbytes
        for j in range(len(spans)):
            start, stop = spans[j]
            if pointer < stop and start < end:
                offset = len(self.inputs)
                kind, k = ("input", j) if j < offset else ("output", j - offset)
                raise SliceError(
                    f"{self._label('output', i, spec)}: out= array overlaps {kind} {k}; "
                    "outputs must not share memory with any other argument"
                )
        spans.append((pointer, end))
        arrays.append(array)
        pointers.append(pointer)
