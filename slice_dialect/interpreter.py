"""xDSL interpreter functions for the slice dialect, on numpy arrays.

Two levels, both in xDSL's :class:`~xdsl.interpreter.Interpreter`:

* tensor level (:class:`SliceFunctions`): every slice op evaluates its semantics (from
  :mod:`slice_dialect.semantics`) on numpy arrays. This is the reference every backend is
  compared with.
* loop level (:class:`NumpyMemRefFunctions`): the memref ops that ``convert-slice-to-loops``
  emits, on numpy buffers whose elements are raw bytes (``V<width>`` void scalars), so
  every element type, NaN payloads included, moves bit for bit.

Tensor values are numpy arrays of the element type's dtype (:mod:`slice_dialect.dtypes`);
index values are Python ints.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
from xdsl.dialects import arith, builtin, func, memref, tensor
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    TensorType,
)
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    impl,
    register_impls,
)
from xdsl.interpreters.arith import ArithFunctions
from xdsl.interpreters.builtin import BuiltinFunctions
from xdsl.interpreters.func import FuncFunctions
from xdsl.interpreters.scf import ScfFunctions
from xdsl.interpreters.shaped_array import ShapedArray
from xdsl.ir import Operation, SSAValue
from xdsl.traits import SymbolTable
from xdsl.utils.comparisons import to_signed

from slice_dialect import dtypes, semantics
from slice_dialect.backend.c import (
    ALLOC_COUNT_MESSAGE,
    ALLOC_DIM_MESSAGE,
    ALLOC_SIZE_MESSAGE,
    ALLOCATION_MESSAGE,
    EXPAND_DIM_MESSAGE,
    EXPAND_GROUP_MESSAGE,
    has_nsw,
)
from slice_dialect.backend.c_safety import ALLOC_LIMIT_BYTES
from slice_dialect.dialect import (
    FRAMEWORK_OPS,
    CheckOp,
    CopyRunOp,
    DynamicCopyRunOp,
    DynamicWindowOp,
    FillConstantOp,
    FrameworkSliceOp,
    WindowOp,
    cast_dim_message,
    format_shape,
    shape_of,
)
from slice_dialect.domain import INT64_MAX, truncating_quotient, truncating_remainder
from slice_dialect.errors import SliceError
from slice_dialect.locations import location_text

NDArray = npt.NDArray[Any]

_Impl = TypeVar("_Impl", bound=Callable[..., PythonValues])


class _Stop(BaseException):
    """An interpreted op's error on its way out of xDSL's interpreter, which catches
    every ``Exception`` an op raises and attaches a print of the whole module to it
    (75 ms for a lowered dynamic function, on every failing run-time check).
    :meth:`SliceInterpreter.call_op` raises the error itself, unchanged."""

    def __init__(self, error: Exception) -> None:
        super().__init__(error)
        self.error = error


def _stops(run: _Impl) -> _Impl:
    """An op implementation whose slice errors stop the interpretation
    (:class:`_Stop`) when it runs in a :class:`SliceInterpreter`, which unwraps it; in
    another interpreter (``SliceFunctions`` registered in xDSL's own), the error goes
    out as xDSL's interpreter passes on any op's ``Exception``."""

    @functools.wraps(run)
    def stopping(
        functions: InterpreterFunctions, interpreter: Interpreter, *args: Any
    ) -> PythonValues:
        try:
            return run(functions, interpreter, *args)
        except (SliceError, semantics.SliceSemanticsError) as error:
            if isinstance(interpreter, SliceInterpreter):
                raise _Stop(error) from None
            raise

    return stopping  # pyright: ignore[reportReturnType]


def _stopping_impl(op_type: type[Operation]) -> Callable[[_Impl], _Impl]:
    """``impl(op_type)`` of an implementation whose slice errors stop the
    interpretation (:func:`_stops`)."""

    def register(run: _Impl) -> _Impl:
        return impl(op_type)(_stops(run))

    return register


def raw_dtype(element_type: builtin.Attribute) -> np.dtype[Any]:
    """The byte-moving dtype of an element type: ``V<storage bytes>``."""
    return np.dtype(f"V{dtypes.storage_bytes(element_type)}")


def index_values(value: Any) -> list[int]:
    """The ints of an index tensor value (a numpy array or an xDSL ShapedArray)."""
    if isinstance(value, ShapedArray):
        return [int(v) for v in value.data]
    return [int(v) for v in np.asarray(value).reshape(-1)]


class SliceFunctions(InterpreterFunctions):
    """Every slice op at tensor level: its semantics applied to a numpy array."""

    @_stopping_impl(WindowOp)
    def run_window(
        self, interpreter: Interpreter, op: WindowOp, args: PythonValues
    ) -> PythonValues:
        result_type = op.result.type
        assert isinstance(result_type, TensorType)
        return (semantics.apply_window(args[0], op.window, result_type.get_shape()),)

    @_stopping_impl(DynamicWindowOp)
    def run_dynamic_window(
        self, interpreter: Interpreter, op: DynamicWindowOp, args: PythonValues
    ) -> PythonValues:
        data: NDArray = np.asarray(args[0])
        values = dict(zip(op.operands[1:], args[1:]))

        def known(mixed: Sequence[int | SSAValue]) -> list[int]:
            return [m if isinstance(m, int) else to_signed(values[m], 64) for m in mixed]

        offsets = known(op.mixed_offsets())
        sizes = known(op.mixed_sizes())
        strides = known(op.mixed_strides())
        try:
            w = semantics.run_time_window(data.shape, offsets, sizes, strides, op.name)
            shape = op.result_shape(sizes)
        except semantics.SliceSemanticsError as e:
            raise SliceError(str(e)) from e
        return (semantics.apply_window(data, w, shape),)

    @_stops
    def run_framework(
        self, interpreter: Interpreter, op: FrameworkSliceOp, args: PythonValues
    ) -> PythonValues:
        data: NDArray = np.asarray(args[0])
        values = dict(zip(op.operands[1:], args[1:]))
        res = op.evaluate(data.shape, lambda value: index_values(values[value]))
        assert res.window is not None
        result_type = op.output.type
        assert isinstance(result_type, TensorType)
        if not semantics.compatible_shape(res.shape, shape_of(result_type)):
            # a static result dim is a promise the run-time values broke
            raise semantics.SliceSemanticsError(
                op.name,
                f"result type {result_type} does not match the shape "
                f"{format_shape(res.shape)} the slice gives",
            )
        shape = [d for d in res.shape if d is not None]
        return (semantics.apply_window(data, res.window, shape),)


SignedRule = Callable[[int, int, int], int]
"""An ``arith`` op's result from its two operands read as signed, and their width."""


def _signed_binary(
    rule: SignedRule,
) -> Callable[[Any, Interpreter, Operation, PythonValues], PythonValues]:
    """The interpreter method running ``rule`` (operands of the result's width)."""

    def run(
        _: Any, interpreter: Interpreter, op: Operation, args: PythonValues
    ) -> PythonValues:
        width = _width(interpreter, op.results[0].type)
        return (rule(to_signed(args[0], width), to_signed(args[1], width), width),)

    return run


def _divsi_total(lhs: int, rhs: int, width: int) -> int:
    """C's truncating quotient, total: 0 for a divisor of 0, ``INT_MIN / -1`` wraps."""
    return 0 if rhs == 0 else to_signed(truncating_quotient(lhs, rhs), width)


def _remsi_total(lhs: int, rhs: int, width: int) -> int:
    """C's ``%`` (the sign of the dividend), total: 0 for a divisor of 0."""
    return 0 if rhs == 0 else truncating_remainder(lhs, rhs)


@register_impls
class CheckFunctions(InterpreterFunctions):
    """``slice.check``, and the ``arith`` ops of the normalization that xDSL's arith
    interpreter lacks (``minsi``, ``maxsi``, ``extsi``)."""

    @_stopping_impl(CheckOp)
    def run_check(
        self, interpreter: Interpreter, op: CheckOp, args: PythonValues
    ) -> PythonValues:
        condition, *values = args
        if not condition:
            raise SliceError(
                op.format_message([to_signed(v, 64) for v in values]), location_text(op)
            )
        return ()

    run_minsi = impl(arith.MinSIOp)(_signed_binary(lambda a, b, _: min(a, b)))
    run_maxsi = impl(arith.MaxSIOp)(_signed_binary(lambda a, b, _: max(a, b)))

    @impl(arith.ExtSIOp)
    def run_extsi(
        self, interpreter: Interpreter, op: arith.ExtSIOp, args: PythonValues
    ) -> PythonValues:
        return (to_signed(int(args[0]), _width(interpreter, op.input.type)),)


def _nsw_binary(
    symbol: str, rule: Callable[[int, int], int]
) -> Callable[[Any, Interpreter, Operation, PythonValues], PythonValues]:
    """The interpreter method of ``addi``/``subi``/``muli``: the result wraps to the
    result's width, but with ``overflow<nsw>`` on 32 or 64 bits (and ``index``) an
    exact result outside it is an error at the op (MLIR's poison: the C target prints
    those as plain C and refuses one it cannot prove, so the interpreter never uses a
    wrapped value either; narrower ones wrap in the C's helpers, and here too; session
    50's reviews)."""

    @_stops
    def run(
        _: Any, interpreter: Interpreter, op: Operation, args: PythonValues
    ) -> PythonValues:
        width = _width(interpreter, op.results[0].type)
        a, b = to_signed(args[0], width), to_signed(args[1], width)
        exact = rule(a, b)
        wrapped = to_signed(exact, width)
        if wrapped != exact and width in (32, 64) and has_nsw(op):
            raise SliceError(
                f"{op.name}: {a} {symbol} {b} = {exact} leaves the {width}-bit signed "
                "range, and overflow<nsw> says it cannot",
                location_text(op),
            )
        return (wrapped,)

    return run


@register_impls
class TotalArithFunctions(InterpreterFunctions):
    """The integer ``arith`` ops of lowered dynamic functions as the C target defines
    them (DYNAMIC.md): ``divsi``/``remsi`` total (a divisor of 0 gives 0; ``INT_MIN /
    -1`` wraps to ``INT_MIN``; ``remsi`` by -1 is 0), ``addi``/``subi``/``muli`` an
    error where ``overflow<nsw>`` is broken (:func:`_nsw_binary`), and the
    ``extui``/``trunci`` casts xDSL's arith interpreter lacks. Registered over xDSL's
    ``divsi``/``remsi`` and ``addi``/``subi``/``muli``."""

    run_divsi = impl(arith.DivSIOp)(_signed_binary(_divsi_total))
    run_remsi = impl(arith.RemSIOp)(_signed_binary(_remsi_total))
    run_addi = impl(arith.AddiOp)(_nsw_binary("+", lambda a, b: a + b))
    run_subi = impl(arith.SubiOp)(_nsw_binary("-", lambda a, b: a - b))
    run_muli = impl(arith.MuliOp)(_nsw_binary("*", lambda a, b: a * b))

    @impl(arith.ExtUIOp)
    def run_extui(
        self, interpreter: Interpreter, op: arith.ExtUIOp, args: PythonValues
    ) -> PythonValues:
        width = _width(interpreter, op.input.type)
        return (int(args[0]) & ((1 << width) - 1),)

    @impl(arith.TruncIOp)
    def run_trunci(
        self, interpreter: Interpreter, op: arith.TruncIOp, args: PythonValues
    ) -> PythonValues:
        return (to_signed(int(args[0]), _width(interpreter, op.result.type)),)


DYNAMIC_RUN_DEST_MESSAGE = DynamicCopyRunOp.DEST_MESSAGE
DYNAMIC_RUN_SOURCE_MESSAGE = DynamicCopyRunOp.SOURCE_MESSAGE
DYNAMIC_NEST_DEST_MESSAGE = DynamicCopyRunOp.NEST_DEST_MESSAGE
DYNAMIC_NEST_SOURCE_MESSAGE = DynamicCopyRunOp.NEST_SOURCE_MESSAGE


def _extremes(start: int, extents: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The lowest and highest of ``start + sum(k_j * step_j)`` over ``0 <= k_j <
    count_j`` (every count at least 1), for ``extents`` ``(count_j, step_j)``."""
    low = high = start
    for count, step in extents:
        reach = (count - 1) * step
        low, high = low + min(0, reach), high + max(0, reach)
    return low, high


def _width(interpreter: Interpreter, t: builtin.Attribute) -> int:
    if isinstance(t, IndexType):
        return interpreter.index_bitwidth
    assert isinstance(t, builtin.IntegerType)
    return t.width.data


# One rule serves every framework op: the semantics module tells them apart.
for _op in FRAMEWORK_OPS:
    setattr(
        SliceFunctions, f"run_{_op.__name__}", impl(_op)(SliceFunctions.run_framework)
    )
register_impls(SliceFunctions)


@register_impls
class NumpyTensorFunctions(InterpreterFunctions):
    """``arith.constant`` of dense tensors as numpy arrays, and ``tensor.cast``."""

    @impl(arith.ConstantOp)
    def run_constant(
        self, interpreter: Interpreter, op: arith.ConstantOp, args: PythonValues
    ) -> PythonValues:
        value = op.value
        if isinstance(value, DenseIntOrFPElementsAttr):
            return (dtypes.constant_array(value),)
        if isinstance(value, IntegerAttr):
            v = value.value.data
            if isinstance(value.type, IndexType):
                return (to_signed(v, interpreter.index_bitwidth),)
            return (v,)
        assert isinstance(value, FloatAttr), f"arith.constant of {value} not supported"
        return (value.value.data,)

    @_stopping_impl(tensor.ExtractOp)
    def run_extract(
        self, interpreter: Interpreter, op: tensor.ExtractOp, args: PythonValues
    ) -> PythonValues:
        """The element, each index checked to lie in its dim
        (``semantics.check_index_on``, the lowering's check and message: upstream
        leaves an index outside undefined; until session 55 numpy's indexing here
        raised an ``IndexError`` past a dim, or took a negative index from the end)."""
        array, *indices = args
        values = np.asarray(array)
        for j, (index, d) in enumerate(zip(indices, values.shape)):
            semantics.check_index_on(semantics.INTS, op.name, j, index, d)
        return (values[tuple(indices)].item(),)

    @impl(tensor.FromElementsOp)
    def run_from_elements(
        self, interpreter: Interpreter, op: tensor.FromElementsOp, args: PythonValues
    ) -> PythonValues:
        """Its elements as an array of its type (an index table, or a shape), so a
        program holding one runs op by op as it runs lowered."""
        t = op.result.type
        assert isinstance(t, TensorType)
        dtype = dtypes.numpy_dtype(t.get_element_type())
        return (np.array(list(args), dtype=dtype).reshape(t.get_shape()),)

    @_stopping_impl(tensor.DimOp)
    def run_dim(
        self, interpreter: Interpreter, op: tensor.DimOp, args: PythonValues
    ) -> PythonValues:
        array, index = args
        return (_dim_of(op.name, np.asarray(array).shape, index),)

    @_stopping_impl(tensor.CastOp)
    def run_cast(
        self, interpreter: Interpreter, op: tensor.CastOp, args: PythonValues
    ) -> PythonValues:
        return (_with_type(args[0], op.dest.type, op.name),)

    @_stopping_impl(tensor.CollapseShapeOp)
    def run_collapse_shape(
        self, interpreter: Interpreter, op: tensor.CollapseShapeOp, args: PythonValues
    ) -> PythonValues:
        array: NDArray = np.asarray(args[0])
        groups = [[i.value.data for i in group] for group in op.reassociation]
        shape = [int(np.prod([array.shape[i] for i in group])) for group in groups]
        if not groups and array.size != 1:
            # into rank 0 (MLIR takes ? dims there, each 1 when it runs)
            raise SliceError(
                f"{op.name}: a value of shape {list(array.shape)} does not collapse "
                "into rank 0"
            )
        return (_with_type(array.reshape(shape), op.result.type, op.name),)

    @_stopping_impl(tensor.ExpandShapeOp)
    def run_expand_shape(
        self, interpreter: Interpreter, op: tensor.ExpandShapeOp, args: PythonValues
    ) -> PythonValues:
        """The value reshaped, each dim of its source checked to split into its group
        of ``output_shape`` (``semantics.check_expand_group_on``, the lowering's
        checks and messages: upstream leaves another split undefined)."""
        array: NDArray = np.asarray(args[0])
        static = op.static_output_shape.get_values()
        values = iter(int(v) for v in args[1:])
        shape = [int(d) if d >= 0 else next(values) for d in static]
        groups = [[a.value.data for a in g] for g in op.reassociation.data]
        if len(groups) != array.ndim:
            raise SliceError(
                f"{op.name}: {len(groups)} groups for a value of rank {array.ndim}"
            )
        for j, group in enumerate(groups):
            semantics.check_expand_group_on(
                semantics.INTS,
                op.name,
                j,
                array.shape[j],
                [shape[k] for k in group if static[k] >= 0],
                [(k, shape[k]) for k in group if static[k] < 0],
            )
        if any(d < 0 for d in static):
            semantics.check_expand_count_on(
                semantics.INTS,
                op.name,
                [d if d >= 0 else (k, shape[k]) for k, d in enumerate(static)],
            )
        try:
            return (array.reshape(shape),)
        except ValueError:  # numpy's dims are bounded: [2**62, 0] of no elements
            raise SliceError(
                f"{op.name}: a tensor of shape {shape} is more than the interpreter's "
                "numpy arrays hold"
            ) from None


def _dim_of(op: str, shape: tuple[int, ...], index: int) -> int:
    """Dim ``index`` of ``shape``, for a ``tensor.dim`` or ``memref.dim`` (an index
    outside the rank is an error, as in the C target: never Python's negative
    indexing)."""
    problem = semantics.dim_index_problem(op, index, len(shape))
    if problem is not None:
        raise SliceError(problem)
    return int(shape[index])


def _with_type(value: Any, t: builtin.Attribute, name: str) -> NDArray:
    """``value`` as a tensor of type ``t``: each static dim of ``t`` must be the
    array's (MLIR leaves a cast whose dims do not hold undefined; the interpreter, as
    the lowered checks of ``canonicalize-slices``, stops)."""
    array: NDArray = np.asarray(value)
    if not isinstance(t, TensorType):
        return array  # an unranked tensor
    for k, (n, d) in enumerate(zip(array.shape, t.get_shape(), strict=True)):
        if d >= 0 and d != n:
            raise SliceError(cast_dim_message(name, k, n, t, d))
    return array


@register_impls
class NumpyMemRefFunctions(InterpreterFunctions):
    """The memref ops of lowered slices, on numpy buffers of raw ``V<width>`` bytes."""

    @impl(memref.AllocOp)
    def run_alloc(
        self, interpreter: Interpreter, op: memref.AllocOp, args: PythonValues
    ) -> PythonValues:
        t = op.memref.type
        assert isinstance(t, MemRefType)
        dynamic = iter(int(v) for v in args)
        shape = [d if d >= 0 else next(dynamic) for d in t.get_shape()]
        dtype = raw_dtype(t.get_element_type())
        count = 1
        for k, d in enumerate(shape):  # the C target's checks, in its order
            if d < 0:
                raise SliceError(ALLOC_DIM_MESSAGE.format(k=k).format(d))
            if k and count * d > INT64_MAX:
                raise SliceError(ALLOC_COUNT_MESSAGE.format(count, d))
            count *= d
        if count * dtype.itemsize > ALLOC_LIMIT_BYTES:
            message = ALLOC_SIZE_MESSAGE.format(width=dtype.itemsize).format(count)
            raise SliceError(message)
        try:
            return (np.zeros(tuple(shape), dtype=dtype),)
        except MemoryError:
            message = ALLOCATION_MESSAGE.format(count * dtype.itemsize)
            raise SliceError(message) from None

    @impl(FillConstantOp)
    def run_fill_constant(
        self, interpreter: Interpreter, op: FillConstantOp, args: PythonValues
    ) -> PythonValues:
        (buffer,) = args
        elements = np.frombuffer(dtypes.constant_storage(op.value), dtype=buffer.dtype)
        if elements.size == 1:
            elements = np.repeat(elements, buffer.size)  # a splat held as one value
        np.copyto(buffer, elements.reshape(buffer.shape))
        return ()

    @impl(memref.DeallocOp)
    def run_dealloc(
        self, interpreter: Interpreter, op: memref.DeallocOp, args: PythonValues
    ) -> PythonValues:
        return ()

    @impl(memref.LoadOp)
    def run_load(
        self, interpreter: Interpreter, op: memref.LoadOp, args: PythonValues
    ) -> PythonValues:
        buffer, *indices = args
        element = buffer[tuple(indices)]
        if isinstance(op.res.type, builtin.IntegerType):  # a value for arithmetic
            if op.res.type.width.data == 1:  # the _Bool of its byte, as the C reads it
                return (int(any(element.tobytes())),)
            return (int(np.frombuffer(element.tobytes(), _signed(op.res.type))[0]),)
        return (element,)

    @impl(memref.StoreOp)
    def run_store(
        self, interpreter: Interpreter, op: memref.StoreOp, args: PythonValues
    ) -> PythonValues:
        value, buffer, *indices = args
        if isinstance(value, int):
            t = op.value.type
            assert isinstance(t, builtin.IntegerType)
            value = np.array([value], _signed(t)).view(buffer.dtype)[0]
        elif isinstance(value, float):  # a scalar arith.constant: the C's bytes
            storage = dtypes.scalar_storage(value, op.value.type)
            value = np.frombuffer(storage, buffer.dtype)[0]
        buffer[tuple(indices)] = value
        return ()

    @_stopping_impl(memref.DimOp)
    def run_dim(
        self, interpreter: Interpreter, op: memref.DimOp, args: PythonValues
    ) -> PythonValues:
        buffer, index = args
        return (_dim_of(op.name, buffer.shape, index),)

    @impl(memref.CopyOp)
    def run_copy(
        self, interpreter: Interpreter, op: memref.CopyOp, args: PythonValues
    ) -> PythonValues:
        source, destination = args
        np.copyto(destination, source)
        return ()

    @_stopping_impl(CopyRunOp)
    def run_copy_run(
        self, interpreter: Interpreter, op: CopyRunOp, args: PythonValues
    ) -> PythonValues:
        source, source_offset, dest, dest_offset = args
        count = op.count.value.data
        source_stride = op.source_stride.value.data
        dest_stride = op.dest_stride.value.data
        _copy(
            op,
            source,
            source_offset,
            dest,
            dest_offset,
            count,
            source_stride,
            dest_stride,
        )
        return ()

    @_stopping_impl(DynamicCopyRunOp)
    def run_dynamic_copy_run(
        self, interpreter: Interpreter, op: DynamicCopyRunOp, args: PythonValues
    ) -> PythonValues:
        """The run (or the nest of runs of ``loops``), guarded as the C rule guards
        it: the same checks in the same order, the same messages."""
        value = dict(zip(op.operands, args))
        src = value[op.source].reshape(-1)
        dst = value[op.dest].reshape(-1)
        so, do, n, s = (
            to_signed(value[v], 64)
            for v in (op.source_offset, op.dest_offset, op.count, op.source_stride)
        )
        loops = [tuple(to_signed(value[v], 64) for v in loop) for loop in op.loops()]
        if n <= 0 or any(bound <= 0 for bound, _, _ in loops):
            return ()
        location = location_text(op)
        if loops:
            # the nest's extremes, exactly (what the C checks without wrapping)
            dest_low, dest_high = _extremes(do, [(n, 1), *((b, d) for b, _, d in loops)])
            if dest_low < 0 or dest_high >= dst.size:
                raise SliceError(
                    DYNAMIC_NEST_DEST_MESSAGE.format(n, do, dst.size), location
                )
            low, high = _extremes(so, [(n, s), *((b, st) for b, st, _ in loops)])
            if not (0 <= so < src.size and low >= 0 and high < src.size):
                raise SliceError(
                    DYNAMIC_NEST_SOURCE_MESSAGE.format(n, so, s, src.size), location
                )
        else:
            if do < 0 or do > dst.size - n:
                raise SliceError(
                    DYNAMIC_RUN_DEST_MESSAGE.format(n, do, dst.size), location
                )
            last = so + (n - 1) * s
            if not (0 <= so < src.size and 0 <= last < src.size):
                raise SliceError(
                    DYNAMIC_RUN_SOURCE_MESSAGE.format(n, so, s, src.size), location
                )
        if not loops:
            if np.shares_memory(src, dst):  # one buffer: element by element, in order
                for k in range(n):
                    dst[do + k] = src[so + k * s]
                return ()
            last = so + (n - 1) * s
            stop = last + (1 if s > 0 else -1) if s != 0 else None
            values = (
                np.repeat(src[so : so + 1], n)
                if s == 0
                else src[so : stop if stop is None or stop >= 0 else None : s]
            )
            dst[do : do + n] = values
            return ()
        # every run's first element, in the nest's order
        firsts = np.zeros(1, np.int64), np.zeros(1, np.int64)
        for bound, source_step, dest_step in loops:
            ks = np.arange(bound, dtype=np.int64)
            firsts = (
                (firsts[0][:, None] + ks * source_step).reshape(-1),
                (firsts[1][:, None] + ks * dest_step).reshape(-1),
            )
        k = np.arange(n, dtype=np.int64)
        reads = (so + firsts[0][:, None] + k * s).reshape(-1)
        writes = (do + firsts[1][:, None] + k).reshape(-1)
        if np.shares_memory(src, dst) or not bool(np.all(writes[1:] > writes[:-1])):
            # one buffer, or writes not in rising order (an element may be written
            # twice): one element at a time, in order
            for r, w in zip(reads.tolist(), writes.tolist()):
                dst[w] = src[r]
            return ()
        dst[writes] = src[reads]
        return ()

    @impl(memref.ExpandShapeOp)
    def run_expand_shape(
        self, interpreter: Interpreter, op: memref.ExpandShapeOp, args: PythonValues
    ) -> PythonValues:
        """The view of the result shape (since session 55; ``?`` dims, its
        ``output_shape`` operands, since session 56), each group checked to hold its
        dim of the source, as the C target's rule does (``EXPAND_GROUP_MESSAGE``)."""
        t = op.result.type
        assert isinstance(t, MemRefType)
        source = args[0]
        values = iter(int(v) for v in args[1:])
        shape = [d if d >= 0 else next(values) for d in t.get_shape()]
        groups = [[a.value.data for a in g] for g in op.reassociation.data]
        for k, d in enumerate(shape):
            if d < 0:
                raise SliceError(EXPAND_DIM_MESSAGE.format(k=k).format(d))
        for j, group in enumerate(groups):
            if math.prod(shape[k] for k in group) != source.shape[j]:
                raise SliceError(EXPAND_GROUP_MESSAGE.format(j=j).format(source.shape[j]))
        try:
            view = source.reshape(shape)
        except ValueError:  # numpy's dims are bounded: [2**62, 0] of no elements
            raise SliceError(
                f"{op.name}: a view of shape {shape} is more than the interpreter's "
                "numpy arrays hold",
                location_text(op),
            ) from None
        assert np.shares_memory(view, source) or view.size == 0
        return (view,)

    @impl(memref.CollapseShapeOp)
    def run_collapse_shape(
        self, interpreter: Interpreter, op: memref.CollapseShapeOp, args: PythonValues
    ) -> PythonValues:
        """The view with one dim per group, the product of its dims (until session 55
        always 1-D: right for the lowering's flat views, but a partial collapse's
        ``memref.dim`` then read the whole size)."""
        source = args[0]
        groups = [[a.value.data for a in g] for g in op.reassociation.data]
        shape = [math.prod(source.shape[i] for i in g) for g in groups]
        view = source.reshape(shape)
        assert np.shares_memory(view, source) or view.size == 0
        return (view,)


def _signed(t: builtin.IntegerType) -> np.dtype[Any]:
    return np.dtype(f"<i{max(1, t.width.data // 8)}")


def _copy(
    op: CopyRunOp | DynamicCopyRunOp,
    source: NDArray,
    source_offset: int,
    dest: NDArray,
    dest_offset: int,
    count: int,
    source_stride: int,
    dest_stride: int,
) -> None:
    """``count`` elements from ``source`` to ``dest`` (1-D views), each run checked
    inside its view first."""
    src = source.reshape(-1)
    dst = dest.reshape(-1)
    last = source_offset + (count - 1) * source_stride
    end = dest_offset + (count - 1) * dest_stride
    if not (min(source_offset, last) >= 0 and max(source_offset, last) < src.size):
        raise SliceError(
            f"{op.name}: reads source outside [0, {src.size})", location_text(op)
        )
    if not (dest_offset >= 0 and end < dst.size):
        raise SliceError(
            f"{op.name}: writes dest outside [0, {dst.size})", location_text(op)
        )
    if np.shares_memory(src, dst):  # one buffer: element by element, in order
        for k in range(count):
            dst[dest_offset + k * dest_stride] = src[source_offset + k * source_stride]
        return
    stop = last + (1 if source_stride > 0 else -1)
    values = src[source_offset : stop if stop >= 0 else None : source_stride]
    dst[dest_offset : end + 1 : dest_stride] = values


class SliceInterpreter(Interpreter):
    """xDSL's interpreter, whose outermost ``call_op`` raises the slice error an op
    stopped the interpretation with (:class:`_Stop`), and leaves the interpreter's
    scope as it found it however the call ends. (xDSL restores a region's scope only
    when the region returns: after a failed call the scopes of the call, and every
    array in them, stayed reachable from the interpreter, which a kernel keeps for its
    next calls.)"""

    _calls: int = 0
    """``call_op`` calls under way (``func.call`` nests them)."""

    def call_op(
        self, op: Operation | str | builtin.SymbolRefAttr, inputs: PythonValues = ()
    ) -> PythonValues:
        self._calls += 1
        scope = self._ctx  # pyright: ignore[reportPrivateUsage]
        try:
            return super().call_op(op, inputs)
        except _Stop as stop:
            if self._calls > 1:
                raise
            raise stop.error from None
        finally:
            self._calls -= 1
            self._ctx = scope  # pyright: ignore[reportPrivateUsage]


def check_interpretable(module: builtin.ModuleOp, functions: Sequence[str]) -> None:
    """A ``SliceError`` naming the first op of the ``functions`` of ``module`` that
    :func:`make_interpreter`'s interpreter has no rule for, or the first of them that is
    a declaration (it has no body to run), as the C target refuses an op it has no C
    rule for: when compiling, not when called."""
    table = make_interpreter(module)._impls._impl_dict  # pyright: ignore[reportPrivateUsage]
    for name in functions:
        function = SymbolTable.lookup_symbol(module, name)
        if not isinstance(function, func.FuncOp):
            continue
        if function.is_declaration:
            raise SliceError(
                f"@{name} is a declaration without a body; the interpreter cannot call it",
                location_text(function),
            )
        for op in function.body.walk():
            if type(op) not in table:
                raise SliceError(
                    f"{op.name}: the interpreter has no rule for it (it runs slice ops "
                    "and the loops convert-slice-to-loops lowers them to)",
                    location_text(op),
                )
            if (
                op.name.startswith("arith.")
                and not isinstance(op, arith.ConstantOp | arith.SelectOp)
                and any(
                    not isinstance(v.type, IntegerType | IndexType) for v in op.operands
                )
            ):
                # elements are moved as their bits, as the C target moves them: xDSL's
                # float rules met bytes (a numpy UFuncTypeError; session 66's review)
                raise SliceError(
                    f"{op.name}: the interpreter computes on integers only (it moves "
                    "elements as their bits, as the C target does)",
                    location_text(op),
                )


def make_interpreter(module: builtin.ModuleOp) -> SliceInterpreter:
    """An xDSL interpreter for modules of slice ops and their lowered loops."""
    interpreter = SliceInterpreter(module)
    interpreter.register_implementations(ArithFunctions())
    interpreter.register_implementations(BuiltinFunctions())
    interpreter.register_implementations(FuncFunctions())
    interpreter.register_implementations(ScfFunctions())
    interpreter.register_implementations(SliceFunctions())
    interpreter.register_implementations(CheckFunctions())
    interpreter.register_implementations(TotalArithFunctions(), override=True)
    interpreter.register_implementations(NumpyTensorFunctions(), override=True)
    interpreter.register_implementations(NumpyMemRefFunctions())
    return interpreter
