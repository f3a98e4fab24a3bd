"""The argument checks of a kernel call (SPEC section 6), defined once.

``CheckedArguments`` is held by every kernel (``CKernel``, ``FastCKernel``'s slow path,
the interpreter kernel), so a call is accepted, copied or refused with the same message
whatever runs it. Every array is checked through its base-class view
(``np.ndarray.view(array, np.ndarray)``): a subclass cannot change the dtype, shape,
flags or size the checks see (overriding ``shape`` or ``nbytes`` changes nothing), and
subclasses such as ``np.memmap`` and ``np.matrix`` are accepted wherever an exact
``np.ndarray`` of the same layout is.

Dynamic kernels (SPEC section 7): a spec's dim may be ``None`` (a ``?`` dim), which takes
any size; an *index* spec (``ArraySpec.index``, an index operand of a slice such as
ONNX's ``starts``) takes any integer array, or a sequence of Python ints, whose values fit
its dtype, converted to that dtype. ``CheckedArguments.prepare`` then also gives the run-time
dims the C ABI passes in ``slice_dims``: the ``?`` dims of every argument, in argument
order (DYNAMIC.md, "C ABI").
"""

from __future__ import annotations

import ctypes
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import DYNAMIC_INDEX, IndexType, IntegerType, MemRefType

from slice_dialect.backend.c import dims_layout
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


def check_shape(shape: Sequence[int | None], itemsize: int, what: str) -> None:
    """``SliceError`` unless numpy can hold an array of ``shape`` (its rank, each
    dim and its byte size); ``what`` names the array in the message. ``None`` dims
    (``?``) are not checked."""
    if len(shape) > numpy_max_rank():
        raise SliceError(
            f"{what} has rank {len(shape)}; numpy arrays have at most "
            f"{numpy_max_rank()} dimensions"
        )
    size = itemsize
    for d in shape:
        if d is None:  # a ``?`` dim of a spec: any size at run time
            continue
        if d < 0:
            raise SliceError(f"{what} has a negative dimension {d}; a dim is >= 0 or ?")
        size *= max(d, 1)  # numpy's rule: zero dims do not excuse the others
    if size > _MAX_BYTES:
        empty = any(d == 0 for d in shape)
        raise SliceError(
            f"{what} has shape {list(shape)} of {size} bytes"
            + (" counting each 0 dim as 1" if empty else "")
            + "; an array holds at most 2^63 - 1 bytes"
            + (" (numpy's bound, empty or not)" if empty else "")
        )


def format_shape(shape: Sequence[int | None]) -> str:
    """A spec's shape as a tuple with ``?`` for dynamic dims: ``(?, 6)``."""
    dims = ["?" if d is None else str(d) for d in shape]
    return f"({dims[0]},)" if len(dims) == 1 else f"({', '.join(dims)})"


@dataclass(frozen=True)
class ArraySpec:
    """The array one memref argument takes: dtype, shape, and a name for messages.

    A ``None`` dim is dynamic (``?``): any size is accepted there. ``index`` marks an
    index operand (a ``tensor<Nxi32>``/``tensor<Nxi64>`` argument read as parameter
    values): it takes any integer array, or sequence of ints, of length ``N`` whose
    values fit ``dtype``, converted; of shape ``()``, a scalar argument (``index`` or
    ``iN``, passed in a rank-0 buffer): an int, a numpy integer or a 0-d integer
    array that fits ``dtype`` (for ``i1``, a ``bool`` spec: a bool, 0 or 1).
    """

    dtype: np.dtype
    shape: tuple[int | None, ...]
    name: str = ""
    index: bool = False

    @staticmethod
    def of(spec: ArraySpec | tuple[Any, Sequence[int | None]]) -> ArraySpec:
        """``spec`` itself, or an ``ArraySpec`` of a ``(dtype, shape)`` pair (a
        ``None`` or negative dim is ``?``)."""
        if isinstance(spec, ArraySpec):
            return spec
        dtype, shape = spec
        return ArraySpec(
            np.dtype(dtype),
            tuple(None if d is None or int(d) < 0 else int(d) for d in shape),
        )

    @property
    def dynamic(self) -> bool:
        """Whether some dim is ``?``."""
        return None in self.shape

    def matches(self, shape: tuple[int, ...]) -> bool:
        """Whether an array of ``shape`` fits this spec (any size in a ``?`` dim)."""
        if len(shape) != len(self.shape):
            return False
        for given, wanted in zip(shape, self.shape):
            if wanted is not None and given != wanted:
                return False
        return True


def array_specs(
    function: func.FuncOp, index_arguments: Sequence[int] = ()
) -> list[ArraySpec]:
    """The ``ArraySpec`` of each memref argument of a lowered function, in order
    (``?`` dims are ``None``); the arguments numbered in ``index_arguments`` are index
    operands (``ArraySpec.index``)."""
    specs: list[ArraySpec] = []
    for arg in function.body.block.args:
        t = arg.type
        if not isinstance(t, MemRefType):
            why = ""
            if isinstance(t, IndexType | IntegerType):
                why = (
                    " (convert-slice-to-loops passes an index or integer argument as a "
                    "rank-0 memref only in a function on tensors that no func.call calls)"
                )
            raise SliceError(
                f"func.func @{function.sym_name.data}: argument {arg.index} has type "
                f"{t}; expected a memref{why}"
            )
        dtype = numpy_dtype(t.element_type)
        what = f"func.func @{function.sym_name.data}: argument {arg.index}"
        shape = tuple(None if d == DYNAMIC_INDEX else d for d in t.get_shape())
        check_shape(shape, dtype.itemsize, what)
        specs.append(
            ArraySpec(dtype, shape, arg.name_hint or "", arg.index in index_arguments)
        )
    return specs


_ndarray_view = np.ndarray.view


def _base_view(array: np.ndarray) -> np.ndarray:
    """An exact ``np.ndarray`` over the memory of ``array`` (a subclass instance),
    made by ``np.ndarray``'s own ``view``, so no method or property of the subclass
    takes part."""
    return _ndarray_view(array, np.ndarray)


def _is_integer(value: object) -> bool:
    """Whether ``value`` is an int or a numpy integer scalar: not a bool, and not a
    ``np.timedelta64`` (a numpy ``signedinteger`` whose value has a unit)."""
    return isinstance(value, int | np.integer) and not isinstance(
        value, bool | np.bool_ | np.timedelta64
    )


def _index(label: str, value: object) -> int:
    """The int an integer scalar argument stands for, as the fast call path reads it
    (``PyNumber_Index``): a numpy integer subclass with an ``__index__`` of its own
    means what that gives (Python reads an ``int`` subclass as its int value); an
    ``__index__`` that raises or gives no int is a ``SliceError`` naming the argument."""
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except Exception as error:  # any failure of a user's __index__
        raise SliceError(
            f"{label}: {type(value).__name__}.__index__ failed: "
            f"{type(error).__name__}: {error}"
        ) from None


def _flag(label: str, value: object) -> np.ndarray:
    """An ``i1`` scalar argument as a 0-d ``bool`` array: ``value`` is a bool, a numpy
    bool, the int 0 or 1 (MLIR's ``i1`` values, as ``arith.constant 1 : i1`` writes
    ``true``), or a 0-d array of one of them."""
    if isinstance(value, np.ndarray):
        if type(value) is not np.ndarray:
            value = _base_view(value)
        if value.shape != () or value.dtype.kind not in "biu":
            raise SliceError(
                f"{label}: an i1 scalar argument takes a bool, 0 or 1, or a 0-d array "
                f"of one, got an array of shape {value.shape} and dtype {value.dtype}"
            )
        value = value[()]
    if isinstance(value, bool | np.bool_):
        return np.array(value, dtype=np.bool_)
    if _is_integer(value) and _index(label, value) in (0, 1):
        return np.array(bool(_index(label, value)), dtype=np.bool_)
    raise SliceError(
        f"{label}: an i1 scalar argument takes a bool, 0 or 1, got {value!r} "
        f"({type(value).__name__})"
    )


def _values(count: int) -> str:
    return f"{count} index value" if count == 1 else f"{count} index values"


class CheckedArguments:
    """Checks a call's arrays against a function's ``ArraySpec`` lists.

    ``prepare(inputs, out)`` checks each input (count, dtype, shape); a
    non-C-contiguous or insufficiently aligned input is copied, and an index input
    (``ArraySpec.index``) is converted to its dtype. Given ``out`` (an array, or a
    sequence of arrays with one per output), each must be a C-contiguous, aligned,
    writeable array of the exact dtype and shape, overlapping no input and no other
    output; without it fresh outputs are made. Every failed check raises ``SliceError``
    naming the argument. Both kernels (C and interpreter) call it, so a call is checked
    the same way whatever runs it.

    A kernel whose outputs have ``?`` dims learns their shapes from its shape function
    between the two halves of ``prepare``: ``prepare_inputs``, then (shapes checked by
    ``output_shapes``) ``prepare_outputs``; ``dims`` gives the ``slice_dims`` values.
    """

    def __init__(
        self,
        function: str,
        inputs: Sequence[ArraySpec | tuple[Any, Sequence[int | None]]],
        outputs: Sequence[ArraySpec | tuple[Any, Sequence[int | None]]],
    ) -> None:
        self.function = function
        self.inputs = [ArraySpec.of(s) for s in inputs]
        self.outputs = [ArraySpec.of(s) for s in outputs]
        for kind, specs in (("input", self.inputs), ("output", self.outputs)):
            for i, spec in enumerate(specs):
                check_shape(spec.shape, spec.dtype.itemsize, self._label(kind, i, spec))
                if spec.index and (
                    spec.dtype.kind not in ("iu" if spec.shape else "biu")
                    or len(spec.shape) > 1
                    or spec.dynamic
                ):
                    raise SliceError(
                        f"{self._label(kind, i, spec)}: an index operand is a 1-D "
                        f"integer array of static length or an integer or i1 scalar, "
                        f"not {spec.dtype} {format_shape(spec.shape)}"
                    )
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
        self.dynamic_positions = dims_layout(
            [s.shape for s in (*self.inputs, *self.outputs)]
        )
        """``(argument, dim)`` of every ``?`` dim, in the order of ``slice_dims``."""
        self.input_dims = sum(1 for i, _ in self.dynamic_positions if i < len(inputs))
        """How many of them belong to inputs (the shape function's ``slice_dims``)."""
        self.dynamic_outputs = any(s.dynamic for s in self.outputs)
        """Whether the output shapes are known only at run time (shape function)."""

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
        if spec.index:
            return self._index_array(kind, index, spec, array)
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
        if not spec.matches(array.shape):
            raise SliceError(
                f"{self._label(kind, index, spec)}: expected shape "
                f"{format_shape(spec.shape)}, got {array.shape}"
            )
        return array

    def _index_array(
        self, kind: str, index: int, spec: ArraySpec, array: object
    ) -> np.ndarray:
        """The values of an index operand as a C-contiguous array of ``spec.dtype``:
        ``array`` is a numpy array of an integer dtype or a sequence of ints, of
        ``spec``'s length, every value in the range of ``spec.dtype``."""
        label = self._label(kind, index, spec)
        if not spec.shape:
            return self._scalar(label, spec, array)
        (length,) = spec.shape
        if isinstance(array, np.ndarray):
            if type(array) is not np.ndarray:
                array = _base_view(array)
            if array.dtype.kind not in "iu":
                raise SliceError(
                    f"{label}: an index operand takes integers; got dtype {array.dtype}"
                )
            if array.shape != spec.shape:
                raise SliceError(
                    f"{label}: expected {_values(length)} (shape ({length},)), got "
                    f"shape {array.shape}"
                )
            if array.dtype == spec.dtype or np.can_cast(array.dtype, spec.dtype, "safe"):
                return np.ascontiguousarray(array, dtype=spec.dtype)
            values = array.tolist()
        elif isinstance(array, list | tuple | range):
            values = list(array)
            for k, v in enumerate(values):
                if not _is_integer(v):
                    raise SliceError(
                        f"{label}: an index operand takes integers; value {k} is "
                        f"{v!r} ({type(v).__name__})"
                    )
            if len(values) != length:
                raise SliceError(
                    f"{label}: expected {_values(length)}, got {len(values)}"
                )
        else:
            raise SliceError(
                f"{label}: expected a numpy integer array or a list, tuple or range of "
                f"ints, got {type(array).__name__}"
            )
        info = np.iinfo(spec.dtype)
        for k, v in enumerate(values):
            if not info.min <= v <= info.max:
                raise SliceError(
                    f"{label}: value {k} = {int(v)} does not fit {spec.dtype} "
                    f"[{info.min}, {info.max}]"
                )
        return np.array(values, dtype=spec.dtype)

    @staticmethod
    def _scalar(label: str, spec: ArraySpec, value: object) -> np.ndarray:
        """A scalar argument (an ``index`` or ``iN`` function argument, passed in a
        rank-0 buffer) as a 0-d array of ``spec.dtype``: ``value`` is an int, a numpy
        integer or a 0-d integer array, in the range of ``spec.dtype``."""
        if spec.dtype == np.bool_:
            return _flag(label, value)
        if isinstance(value, np.ndarray):
            if type(value) is not np.ndarray:
                value = _base_view(value)
            if value.shape != ():
                raise SliceError(
                    f"{label}: a scalar argument takes an int or a 0-d integer array, "
                    f"got an array of shape {value.shape}"
                )
            if value.dtype.kind not in "iu":
                raise SliceError(
                    f"{label}: a scalar argument takes integers; got dtype {value.dtype}"
                )
            value = int(value[()])
        if not _is_integer(value):
            raise SliceError(
                f"{label}: a scalar argument takes an int or a 0-d integer array, got "
                f"{value!r} ({type(value).__name__})"
            )
        value = _index(label, value)
        info = np.iinfo(spec.dtype)
        if not info.min <= value <= info.max:
            raise SliceError(
                f"{label}: {int(value)} does not fit {spec.dtype} [{info.min}, {info.max}]"
            )
        return np.array(value, dtype=spec.dtype)

    # The call path runs on every kernel call, so it avoids per-call allocations
    # beyond the pointer list: plain index loops, checks in their cheapest form, and
    # the detailed message built only once a check has failed.

    def prepare(
        self, inputs: Sequence[np.ndarray], out: Any
    ) -> tuple[list[np.ndarray], list[int], Any]:
        """Checked arrays (inputs, then outputs), their addresses, and what to return.

        Only for kernels whose output shapes are static (``not dynamic_outputs``)."""
        if self.dynamic_outputs:
            raise SliceError(
                f"{self.function}: its outputs have dynamic dims; their shapes come from "
                "the shape function (prepare_inputs, output_shapes, prepare_outputs)"
            )
        arrays, pointers, spans = self.prepare_inputs(inputs)
        result = self.prepare_outputs(out, None, arrays, pointers, spans)
        return arrays, pointers, result

    def prepare_inputs(
        self, inputs: Sequence[Any]
    ) -> tuple[list[np.ndarray], list[int], list[tuple[int, int]]]:
        """The checked (copied, converted) inputs, their addresses and byte ranges."""
        specs = self.inputs
        if len(inputs) != len(specs):
            raise SliceError(
                f"{self.function}: expected {len(specs)} input "
                f"{'array' if len(specs) == 1 else 'arrays'}, got {len(inputs)}"
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
                array = self._copy("input", i, spec, array)
            pointer = self._address(array, i)
            if self.check_pointer[i] and pointer % 8:
                array = self._copy("input", i, spec, array)
                pointer = self._address(array, i)
            arrays.append(array)
            pointers.append(pointer)
            spans.append((pointer, pointer + array.nbytes))
        return arrays, pointers, spans

    def _copy(
        self, kind: str, index: int, spec: ArraySpec, array: np.ndarray
    ) -> np.ndarray:
        """A C-contiguous, aligned copy of ``array`` (argument ``index``); a copy
        numpy cannot allocate (a broadcast view of ``2**62`` elements, whose own memory
        is one element) is a ``SliceError``, not numpy's ``MemoryError``."""
        try:
            return np.array(array, order="C", copy=True)
        except MemoryError:
            label = self._label(kind, index, spec)
            raise SliceError(
                f"{label}: cannot allocate a C-contiguous copy of shape "
                f"{list(array.shape)} ({array.nbytes} bytes); the kernel reads "
                "C-contiguous, aligned arrays"
            ) from None

    def output_shapes(self, shapes: Sequence[np.ndarray]) -> list[tuple[int, ...]]:
        """The output shapes a shape function wrote (one int64 array per output),
        checked: each fits its spec and numpy can hold it."""
        result: list[tuple[int, ...]] = []
        for i in range(len(self.outputs)):
            spec = self.outputs[i]
            shape = tuple(shapes[i].tolist())
            size = spec.dtype.itemsize
            for d in shape:
                size *= d if d > 0 else 1  # numpy's rule (``check_shape``)
            if min(shape, default=0) < 0 or not spec.matches(shape) or size > _MAX_BYTES:
                label = self._label("output", i, spec)
                if size > _MAX_BYTES and spec.matches(shape) and min(shape) >= 0:
                    check_shape(shape, spec.dtype.itemsize, label)
                raise SliceError(
                    f"{label}: the shape function gave shape {shape}, which does not "
                    f"fit {format_shape(spec.shape)}"
                )
            result.append(shape)
        return result

    def prepare_outputs(
        self,
        out: Any,
        shapes: Sequence[tuple[int, ...]] | None,
        arrays: list[np.ndarray],
        pointers: list[int],
        spans: list[tuple[int, int]],
    ) -> Any:
        """Make (``out`` is ``None``) or check the outputs, of ``shapes`` (``None``:
        the specs' static shapes); append them to ``arrays`` and ``pointers``; what
        the call returns."""
        specs = self.outputs
        if out is None:
            offset = len(self.inputs)
            outputs = []
            for i in range(len(specs)):
                shape = specs[i].shape if shapes is None else shapes[i]
                try:
                    outputs.append(np.empty(shape, specs[i].dtype))
                except MemoryError:
                    label = self._label("output", i, specs[i])
                    raise SliceError(
                        f"{label}: cannot allocate an array of shape {list(shape)}"
                    ) from None
            for i in range(len(outputs)):
                arrays.append(outputs[i])
                pointers.append(self._address(outputs[i], offset + i))
            return outputs[0] if len(outputs) == 1 else tuple(outputs)
        if shapes is not None:
            specs = [ArraySpec(s.dtype, shape, s.name) for s, shape in zip(specs, shapes)]
        if not isinstance(out, list | tuple) and len(specs) == 1:
            # any one object: an array, or what _matching names (a scalar, a str)
            self._check_output(0, specs[0], out, arrays, pointers, spans)
        elif isinstance(out, list | tuple) and len(out) == len(specs):
            for i in range(len(out)):
                self._check_output(i, specs[i], out[i], arrays, pointers, spans)
        else:
            given = f"{len(out)}" if isinstance(out, list | tuple) else type(out).__name__
            raise SliceError(
                f"{self.function}: out= takes {len(specs)} array(s), one per result, "
                f"not {given}"
            )
        return out

    def dims(self, arrays: Sequence[np.ndarray]) -> list[int]:
        """The ``slice_dims`` values of a call on ``arrays`` (inputs, then outputs;
        the inputs alone give the shape function's)."""
        n = len(arrays)
        return [arrays[i].shape[d] for i, d in self.dynamic_positions if i < n]

    def _check_output(
        self,
        i: int,
        spec: ArraySpec,
        array: Any,
        arrays: list[np.ndarray],
        pointers: list[int],
        spans: list[tuple[int, int]],
    ) -> None:
        """Check ``out`` array ``i`` against ``spec`` (its shape as this call computed
        it); append its base-class view, its address and its byte range.

        ``spans`` holds the byte range of each (contiguous) earlier argument: the
        output's range must meet none of them. For contiguous arrays this is exactly
        ``np.shares_memory``, at a fraction of its cost.
        """
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
