"""``canonicalize-slices``: every static slice becomes one normal-form ``slice.window``.

The patterns here are also the slice ops' canonicalization patterns, so ``-p canonicalize``
applies them too. They compute nothing themselves: the window of a framework op comes from
``FrameworkSliceOp.slice_result`` (i.e. :mod:`slice_dialect.semantics`) and the window of
two windows from :func:`slice_dialect.semantics.compose`.
"""

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TypeVar, cast

from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IndexType,
    IntegerAttr,
    IntegerType,
    TensorType,
    i64,
)
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.transforms.dead_code_elimination import would_be_trivially_dead
from xdsl.utils.comparisons import to_signed
from xdsl.utils.exceptions import VerifyException

from passes import (
    SlicePass,
    TypedPatternApplier,
    erase_dead_ops,
    matched_op_types,
    rewrite_module,
    verify_for_pass,
    verify_slice_ops,
)
from passes.fold_constant_slices import FoldConstantWindow
from slice_dialect import semantics
from slice_dialect.dialect import (
    CheckOp,
    DynamicWindowOp,
    FrameworkSliceOp,
    Mixed,
    WindowOp,
    always_runs,
    cast_dim_message,
    check_sizes_on,
    composition_pairs,
    constant_index_values,
    constant_int,
    failure_before,
    in_bounds,
    message_text,
    shape_of,
    unit_dim_pairs,
)
from slice_dialect.domain import ARITH
from slice_dialect.errors import OpPassFailedException
from slice_dialect.ir_domain import IRBuilder, Value
from slice_dialect.locations import (
    inherit_text_location,
    upstream_verifier_gap,
    use_before_definition,
)
from slice_dialect.semantics import SliceSemanticsError


def _tensor_type(element_type: Attribute, shape: list[int | None]) -> TensorType:
    return TensorType(element_type, [DYNAMIC_INDEX if d is None else d for d in shape])


def _replace_casting(
    rewriter: PatternRewriter, op: Operation, new_op: Operation, result_type: Attribute
) -> None:
    """Replace ``op`` by ``new_op`` (with ``op``'s location), through a
    ``tensor.cast`` to ``result_type`` where ``new_op``'s type is more static. The
    index constants left unused go with the greedy driver's dead-code elimination."""
    new_ops: list[Operation] = [new_op]
    if new_op.results[0].type != result_type:
        new_ops.append(tensor.CastOp(new_op.results[0], result_type))
    for each in new_ops:
        each.location = op.location
        inherit_text_location(each, op)
    rewriter.replace(op, new_ops)


def _shape_mismatch(op: Operation, result_type: Attribute, shape: str) -> str:
    """The message of a result type that the slice's shape (``shape``, its dims
    written out, as values, or ``?``) does not match."""
    return (
        f"{op.name}: result type {message_text(result_type)} does not match the shape "
        f"[{shape}] the slice gives"
    )


def _slice_result(op: FrameworkSliceOp) -> semantics.SliceResult | None:
    try:
        return op.slice_result()
    except SliceSemanticsError as e:
        raise OpPassFailedException(op, str(e)) from e


def _static_tensor(element_type: Attribute, shape: tuple[int | None, ...]) -> TensorType:
    assert None not in shape
    return TensorType(element_type, [d for d in shape if d is not None])


def _more_static_source(value: SSAValue) -> SSAValue | None:
    """The source of ``value``'s ``tensor.cast`` where it is a tensor with a static dim
    the cast's result has as ``?`` (and no ``?`` the result has static), else ``None``:
    MLIR's ``canFoldIntoConsumerOp``."""
    cast = value.owner
    if not isinstance(cast, tensor.CastOp):
        return None
    source, result = cast.source.type, cast.dest.type
    if not isinstance(source, TensorType) or not isinstance(result, TensorType):
        return None
    if source.get_element_type() != result.get_element_type():
        return None
    before, after = shape_of(source), shape_of(result)
    if len(before) != len(after):
        return None
    if any(b is None and a is not None for b, a in zip(before, after)):
        return None
    if not any(b is not None and a is None for b, a in zip(before, after)):
        return None
    return cast.source


DEAD_CODE_LOOKAHEAD = 64
"""How many ops :func:`feeds_only_dead_code` follows from an op before it takes the
op for live. ``canonicalize-slices`` erases dead code of any depth before its patterns
run; the bound matters only under xDSL's ``canonicalize``, which erases dead code
after them."""


def feeds_only_dead_code(op: Operation) -> bool:
    """Whether every use of ``op``'s results is, transitively, by an op without effects
    whose results nothing live reads (at most ``DEAD_CODE_LOOKAHEAD`` ops followed;
    more, or a terminator, a ``slice.check`` or any op with effects, counts as live).
    A pattern that emits run-time checks leaves such an op to dead-code elimination:
    a ``slice.check`` has effects, so DCE keeps it, and a call would fail on a value
    only dead code reads (session 47's review: a dead chain of run-time slices ending
    in one more window left the checks of its composition behind)."""
    seen: set[Operation] = set()
    stack = [op]
    while stack:
        for result in stack.pop().results:
            for use in result.uses:
                user = use.operation
                if user in seen:
                    continue
                if not would_be_trivially_dead(user) or len(seen) >= DEAD_CODE_LOOKAHEAD:
                    return False
                seen.add(user)
                stack.append(user)
    return True


class FoldCastIntoSlice(RewritePattern):
    """A slice of a ``tensor.cast`` that only hides static dims slices the cast's
    source (MLIR's ``ExtractSliceOpCastFolder``), so that a slice of a slice written
    with ``?`` types is as static as its values and folds like one. Left as it is
    where the op would not verify on the static source (invalid values then fail
    when the program runs, as they did).

    ```mlir
    %c = tensor.cast %x : tensor<2x4xf32> to tensor<?x?xf32>
    %r = slice.onnx_v1 %c starts [1] ends [2] : tensor<?x?xf32> -> tensor<?x?xf32>
    // becomes
    %r = slice.onnx_v1 %x starts [1] ends [2] : tensor<2x4xf32> -> tensor<?x?xf32>
    ```
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: FrameworkSliceOp | DynamicWindowOp, rewriter: PatternRewriter
    ) -> None:
        source = _more_static_source(op.operands[0])
        if source is None:
            return
        new_op = op.clone()
        new_op.operands = [source, *new_op.operands[1:]]
        try:
            new_op.verify()
        except VerifyException:
            new_op.drop_all_references()
            return
        new_op.location = op.location
        rewriter.replace(op, new_op)


class FrameworkSliceToWindow(RewritePattern):
    """A framework op with a static data shape and constant parameters becomes a window.

    ```mlir
    %s = arith.constant dense<[1, 0]> : tensor<2xi64>
    %e = arith.constant dense<[2, 3]> : tensor<2xi64>
    %r = slice.onnx %x starts %s ends %e : ... -> tensor<1x3xf32>
    // becomes
    %r = slice.window %x offsets [1, 0] sizes [1, 3] strides [1, 1]
        : tensor<2x4xf32> -> tensor<1x3xf32>
    ```

    New and shrink axes fold into the window's result type. Where the op's result type is
    less static than the semantics (it has ``?`` dims), a ``tensor.cast`` restores it, as
    MLIR's static-shape canonicalizations do. Index constants left unused are erased.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: FrameworkSliceOp, rewriter: PatternRewriter) -> None:
        res = _slice_result(op)
        if res is None or res.window is None:
            return  # parameters not constant, or the data shape is dynamic
        result_type = op.output_type
        static_type = _static_tensor(result_type.get_element_type(), res.shape)
        window = WindowOp(op.source, res.window, static_type)
        _replace_casting(rewriter, op, window, result_type)


ELEMENTWISE_INDEX_OPS: dict[type[Operation], Callable[[int, int], int]] = {
    arith.AddiOp: ARITH["addi"],
    arith.SubiOp: ARITH["subi"],
    arith.MuliOp: ARITH["muli"],
    arith.DivSIOp: ARITH["divsi"],
    arith.RemSIOp: ARITH["remsi"],
    arith.MaxSIOp: ARITH["maxsi"],
    arith.MinSIOp: ARITH["minsi"],
    arith.AndIOp: operator.and_,
    arith.OrIOp: operator.or_,
    arith.XOrIOp: operator.xor,
}
"""The elementwise ``arith`` ops on index tensors that :func:`index_element` reads
element by element (the integer ops the lowering has a scalar rule for), each with its
value on Python ints where it is defined (the domain's ``ARITH``; ``divsi`` not for a
divisor of 0). Not ``arith.cmpi`` and ``arith.select``: xDSL 0.74 types a ``cmpi`` of
tensors as a scalar ``i1`` (it does not verify), so no ``select`` of tensor conditions
can be written."""


def _folded(op: Operation, a: int, b: int, width: int) -> int | None:
    """``op`` (of ``ELEMENTWISE_INDEX_OPS``) on the signed ``width``-bit values ``a``
    and ``b``, or ``None`` where it is left to run: a division by 0, or a result that
    wraps (the op's own wrapping: MLIR's ``overflow<nsw>`` makes it poison, and a
    quotient that wraps is undefined)."""
    if isinstance(op, arith.DivSIOp | arith.RemSIOp) and (
        b == 0 or (a, b) == (-(1 << (width - 1)), -1)
    ):
        return None  # undefined in MLIR at the width (and in domain.divsi at 64)
    exact = ELEMENTWISE_INDEX_OPS[type(op)](a, b)
    wrapped = to_signed(exact % (1 << width), width)
    return wrapped if wrapped == exact else None


def _static_1d(t: Attribute, element: Attribute | None = None) -> int | None:
    """The size of ``t`` where it is a static 1-D tensor (of ``element``, if given)."""
    if not isinstance(t, TensorType) or len(t.get_shape()) != 1:
        return None
    if element is not None and t.get_element_type() != element:
        return None
    (n,) = t.get_shape()
    return n if n >= 0 else None


def _holds_its_type(op: tensor.ExtractSliceOp) -> int | None:
    """The size of a 1-D ``tensor.extract_slice`` of a static 1-D source whose result
    type is its source's element type in its (static) size, else ``None`` (xDSL's
    verifier checks neither the element type nor the size)."""
    source, result = op.source.type, op.result.type
    if _static_1d(source) is None or op.sizes:
        return None
    assert isinstance(source, TensorType)
    n = _static_1d(result, source.get_element_type())
    sizes = op.static_sizes.get_values()
    if n is None or len(sizes) != 1 or sizes[0] != n:
        return None
    return n


def _static_extract_slice(op: Operation) -> bool:
    """Whether ``op`` is a static 1-D ``tensor.extract_slice`` holding its type
    (:func:`_holds_its_type`): its elements are its source's, at the positions
    :func:`_static_element` gives. Not one whose values fail the checks where it may
    never run (``dialect.always_runs``): its elements are read by ``tensor.extract``,
    and the slice is checked when it runs (session 66, helper 90)."""
    if not (
        isinstance(op, tensor.ExtractSliceOp)
        and not (op.offsets or op.strides)
        and _holds_its_type(op) is not None
    ):
        return False
    if always_runs(op):
        return True
    try:
        _static_dim(op)
    except SliceSemanticsError:
        return False
    return True


def _static_dim(op: tensor.ExtractSliceOp) -> tuple[int, int, int]:
    """The offset, size and stride of a static 1-D ``tensor.extract_slice`` holding
    its type, checked as a run-time window's dim (``semantics.run_time_window_dim_on``,
    the rule of the same slice at run-time positions, :func:`_runtime_positions`, and
    of ``convert-tensor-to-slice``; ``SliceSemanticsError`` where they fail), in the
    normal form."""
    size = _holds_its_type(op)
    n = _static_1d(op.source.type)
    assert size is not None and n is not None
    (offset,) = op.static_offsets.get_values()
    (stride,) = op.static_strides.get_values()
    off, step = semantics.run_time_window_dim_on(
        semantics.INTS, op.name, 0, n, offset, size, stride
    )
    assert off is not None and step is not None
    return off, size, step


def _static_element(op: tensor.ExtractSliceOp, k: int) -> int | None:
    """Which element of its source element ``k`` of a static 1-D
    ``tensor.extract_slice`` (:func:`_static_extract_slice`) is (``None`` for ``k``
    outside it), after the checks of a run-time window's dim on its constants
    (:func:`_static_dim`): one that fails is an error at the slice (session 49's
    review: out of bounds it was refused as not lowered, and a stride of 0 read one
    element twice)."""
    try:
        off, size, step = _static_dim(op)
    except SliceSemanticsError as e:
        raise failure_before(op, str(e)) from None
    return off + k * step if 0 <= k < size else None


def _has_buffer(value: SSAValue) -> bool:
    """Whether the lowering gives ``value`` a buffer that a ``tensor.extract`` at a
    run-time index reads: a function argument, or an ``arith.constant`` (a constant
    table, filled by ``slice.fill_constant``)."""
    if isinstance(value, BlockArgument):
        return isinstance(value.block.parent_op(), func.FuncOp)
    return isinstance(value.owner, arith.ConstantOp)


MAX_SELECTED = 64
"""The most elements of a source without a buffer (:func:`_has_buffer`) that a
``tensor.extract_slice`` at run-time positions reads by selection
(:func:`_selected_extract_slice`): each element of the slice is a chain of this many
``arith.select``s at most. Index operands hold one entry per dim, so a source of more
is a table, which a buffer serves better: it is refused."""


def _runtime_1d(op: Operation) -> tuple[Mixed, int, Mixed] | None:
    """The offset, size and stride of a 1-D slice at run-time positions of a static
    1-D source holding its type: a ``tensor.extract_slice`` with a run-time offset or
    stride (:func:`_holds_its_type`), or (since session 54, what
    ``convert-tensor-to-slice`` makes of one) a ``slice.dynamic_window`` with a
    run-time offset or stride and a static size; else ``None``."""
    if isinstance(op, tensor.ExtractSliceOp):
        size = _holds_its_type(op)
        offsets = op.static_offsets.get_values()
        strides = op.static_strides.get_values()
        if not (op.offsets or op.strides) or size is None:
            return None
        if len(offsets) != 1 or len(strides) != 1:
            return None
        offset = op.offsets[0] if offsets[0] == DYNAMIC_INDEX else offsets[0]
        stride = op.strides[0] if strides[0] == DYNAMIC_INDEX else strides[0]
        return offset, size, stride
    if isinstance(op, DynamicWindowOp):
        source, result = op.source.type, op.result.type
        if _static_1d(source) is None or not isinstance(source, TensorType):
            return None
        n = _static_1d(result, source.get_element_type())
        offsets, sizes, strides = _mixed_window(op)
        if n is None or len(sizes) != 1 or sizes[0] != n:
            return None
        if isinstance(offsets[0], int) and isinstance(strides[0], int):
            return None  # static: a slice.window once its constants fold
        return offsets[0], n, strides[0]
    return None


def _runtime_slice_of(op: Operation) -> bool:
    """Whether ``op`` is a 1-D slice at run-time positions holding its type
    (:func:`_runtime_1d`)."""
    return _runtime_1d(op) is not None


def _runtime_extract_slice(op: Operation) -> bool:
    """Whether ``op`` is a 1-D slice at run-time positions (:func:`_runtime_1d`) of a
    function argument or a constant table (:func:`_has_buffer`): its elements are
    ``tensor.extract``s at positions computed at run time, after checks that they lie
    in the source (:func:`_runtime_positions`)."""
    return _runtime_slice_of(op) and _has_buffer(op.operands[0])


def _read_as_index_values(value: SSAValue) -> bool:
    """Whether ``value`` is read as index values: an index operand of a framework
    slice, or read by ``tensor.extract`` (how ``index_element`` reads what it cannot
    read through), itself or through ops that are read element by element."""
    seen: set[SSAValue] = {value}
    values = [value]
    while values:
        for use in values.pop().uses:
            user = use.operation
            if isinstance(user, tensor.ExtractOp) or (
                isinstance(user, FrameworkSliceOp) and use.index > 0
            ):
                return True
            if reads_element_by_element(user) and user.results[0] not in seen:
                seen.add(user.results[0])
                values.append(user.results[0])
    return False


def unread_runtime_slice(op: Operation) -> str | None:
    """Why a 1-D ``tensor.extract_slice`` at run-time positions that is read as index
    values (an index operand's maker, ``_read_as_index_values``) was not read element
    by element, for the lowering's refusal of it; ``None`` for another op (a slice of
    data is ``convert-tensor-to-slice``'s)."""
    if not _runtime_slice_of(op) or not isinstance(op, tensor.ExtractSliceOp):
        return None
    if _has_buffer(op.source) or not _read_as_index_values(op.result):
        return None
    n = _static_1d(op.source.type)
    return (
        "a slice at run-time positions of an index tensor reads a function argument, "
        f"a constant, or another op's result of 1 to {MAX_SELECTED} elements (by "
        f"arith.select), and this source is {op.source.type}"
        + ("" if n is None else f": a table of {n} elements, pass it as an argument")
    )


def _selected_extract_slice(op: Operation) -> bool:
    """Whether ``op`` is a 1-D ``tensor.extract_slice`` at run-time positions
    (:func:`_runtime_slice_of`) of a source without a buffer (another op's result: a
    ``tensor.from_elements``, a ``tensor.concat``, another slice...) of at most
    :data:`MAX_SELECTED` elements: each of its elements is the source's elements, read
    by :func:`index_element`, chosen by ``arith.select``s on its position, after the
    same checks as :func:`_runtime_extract_slice`'s (session 50; refused before)."""
    if not _runtime_slice_of(op):
        return False
    n = _static_1d(op.operands[0].type)
    return not _has_buffer(op.operands[0]) and n is not None and 1 <= n <= MAX_SELECTED


def _concat_element(op: tensor.ConcatOp, k: int) -> tuple[SSAValue, int] | None:
    """The input and position of element ``k`` of a 1-D ``tensor.concat`` of static
    inputs of its element type, else ``None``."""
    result = op.result.type
    if not isinstance(result, TensorType) or op.dim.value.data != 0:
        return None
    element = result.get_element_type()
    total = _static_1d(result, element)
    sizes = [_static_1d(v.type, element) for v in op.inputs]
    if total is None or None in sizes or sum(s or 0 for s in sizes) != total:
        return None
    for value, size in zip(op.inputs, sizes):
        assert size is not None
        if k < size:
            return (value, k) if k >= 0 else None
        k -= size
    return None


def _insert_holds(op: tensor.InsertOp) -> bool:
    """Whether a ``tensor.insert`` writes into a static 1-D tensor of its scalar's
    type, its result of that type."""
    dest = op.dest.type
    return (
        op.result.type == dest
        and len(op.indices) == 1
        and _static_1d(dest, op.scalar.type) is not None
    )


def _insert_position(op: tensor.InsertOp) -> int | SSAValue | None:
    """Where a ``tensor.insert`` that holds its types (:func:`_insert_holds`) writes:
    its index, as an int where constant (``semantics.check_index_on``: outside the
    tensor it is an error at the insert, session 49's review, unless the insert may
    never run, ``dialect.always_runs``), else the ``index`` value (checked where it
    is read); ``None`` for another insert."""
    if not _insert_holds(op):
        return None
    (index,) = op.indices
    n = _static_1d(op.dest.type)
    assert n is not None
    at = constant_int(index)
    if at is None:
        return index
    try:
        semantics.check_index_on(semantics.INTS, op.name, 0, at, n)
    except SliceSemanticsError as e:
        if not always_runs(op):
            return index  # checked where it is read, as a run-time index is
        raise failure_before(op, str(e)) from None
    return at


def _splat_holds(op: tensor.SplatOp) -> bool:
    """Whether a ``tensor.splat`` makes a static 1-D tensor of its input's type."""
    return not op.dynamicSizes and _static_1d(op.result.type, op.input.type) is not None


def _window_1d(op: Operation) -> bool:
    """Whether ``op`` is a ``slice.window`` of a static 1-D source with a 1-D result
    (what ``convert-tensor-to-slice`` makes of a static 1-D ``tensor.extract_slice``),
    or a ``slice.dynamic_window`` of one whose values are all static (what it makes of
    one whose run-time stride its size of 1 leaves unused), both verified in bounds:
    its elements are its source's, at ``offset + stride * k``."""
    if not isinstance(op, WindowOp | DynamicWindowOp):
        return False
    if _static_1d(op.source.type) is None or _static_1d(op.result.type) is None:
        return False
    return all(isinstance(v, int) for values in _mixed_window(op) for v in values)


def _element_in_place(op: Operation, k: int) -> tuple[SSAValue, int] | None:
    """The operand and position element ``k`` of ``op``'s result is read from, for an
    op that moves elements to static places: a static 1-D ``tensor.extract_slice`` or
    ``slice.window`` (:func:`_window_1d`, verified in bounds), a ``tensor.concat``, or
    a ``tensor.insert`` at a constant index other than ``k``."""
    if _static_extract_slice(op):
        assert isinstance(op, tensor.ExtractSliceOp)
        at = _static_element(op, k)
        return None if at is None else (op.source, at)
    if _window_1d(op):
        assert isinstance(op, WindowOp | DynamicWindowOp)
        (offset,), (size,), (stride,) = _mixed_window(op)
        assert isinstance(offset, int) and isinstance(size, int)
        assert isinstance(stride, int)
        if not 0 <= k < size:
            return None
        return op.source, offset + stride * k
    if isinstance(op, tensor.ConcatOp):
        return _concat_element(op, k)
    if isinstance(op, tensor.InsertOp):
        position = _insert_position(op)
        if isinstance(position, int) and position != k:
            return (op.dest, k)
    return None


def reads_element_by_element(op: Operation) -> bool:
    """Whether :func:`index_element` reads ``op``'s result element by element from its
    operands (an op of ``ELEMENTWISE_INDEX_OPS``, a static 1-D
    ``tensor.extract_slice`` or ``slice.window``, a ``tensor.concat``, ``tensor.splat``
    or ``tensor.insert``, or a 1-D ``extract_slice`` or, since session 54,
    ``slice.dynamic_window`` at run-time positions of an argument, a constant table or
    another op's result of at most ``MAX_SELECTED`` elements), rather than with
    ``tensor.extract``."""
    if _window_1d(op):
        return True
    if isinstance(op, DynamicWindowOp):
        return _runtime_extract_slice(op) or _selected_extract_slice(op)
    if isinstance(op, tensor.ExtractSliceOp):
        return (
            _static_extract_slice(op)
            or _runtime_extract_slice(op)
            or _selected_extract_slice(op)
        )
    if isinstance(op, tensor.ConcatOp):
        return _concat_element(op, 0) is not None
    if isinstance(op, tensor.InsertOp):
        return _insert_holds(op)
    if isinstance(op, tensor.SplatOp):
        return _splat_holds(op)
    return type(op) in ELEMENTWISE_INDEX_OPS


T = TypeVar("T")


def checks_at(ix: IRBuilder, op: Operation, emit: Callable[[], T]) -> T:
    """``emit()``, its ``slice.check``s at ``op``'s location (the tensor op they are
    about); a check known to fail is an error at ``op`` now."""
    emitted = len(ix.ops)
    try:
        result = emit()
    except SliceSemanticsError as e:  # known to fail now: the error at that op too
        raise OpPassFailedException(op, str(e)) from e
    for check in ix.ops[emitted:]:
        if isinstance(check, CheckOp):
            check.location = op.location
            inherit_text_location(check, op)
    return result


def _runtime_positions(ix: IRBuilder, op: Operation) -> list[Value]:
    """The source positions of a 1-D slice at run-time positions (:func:`_runtime_1d`),
    computed by ``ix`` (on ``index``), after the checks of a run-time window's dim
    (``semantics.run_time_window_dim_on``, the rule ``convert-tensor-to-slice`` gives
    such a slice, with its messages; only the normal form for an ``in_bounds``
    window): upstream leaves a slice out of bounds undefined; here it is a run-time
    error, never a read elsewhere (a position past them is never used)."""
    n = _static_1d(op.operands[0].type)
    found = _runtime_1d(op)
    assert n is not None and found is not None
    off, size, step = found
    offset, stride = checks_at(
        ix,
        op,
        lambda: semantics.run_time_window_dim_on(
            ix, op.name, 0, n, off, size, step, valid=in_bounds(op)
        ),
    )
    return [offset if k == 0 else ix.add(offset, ix.mul(stride, k)) for k in range(size)]


def _select_elements(
    dom: IRBuilder,
    op: Operation,
    memo: dict[tuple[SSAValue, int], Value],
) -> None:
    """Every element of ``op``, a :func:`_selected_extract_slice` whose source's
    elements are in ``memo``, into ``memo``: after the checks of a run-time window's dim
    (:func:`_runtime_positions`), element ``j`` at position ``p`` is the source's
    element ``n - 1`` replaced by element ``i`` where ``p == i``, for ``i`` from
    ``n - 2`` down to 0 (a constant position is that element itself)."""
    source = op.operands[0]
    n = _static_1d(source.type)
    assert n is not None
    t = op.results[0].type
    assert isinstance(t, TensorType)
    element = t.get_element_type()
    assert isinstance(element, IntegerType)
    ix = dom.retyped(IndexType())

    def typed(v: Value) -> SSAValue:
        if isinstance(v, int):
            return dom.emit_value(arith.ConstantOp(IntegerAttr(v, element)))
        return v

    for j, p in enumerate(_runtime_positions(ix, op)):
        if isinstance(p, int):  # the checks keep it in the source
            chosen_value = memo[(source, p if 0 <= p < n else 0)]
        else:
            chosen_value = memo[(source, n - 1)]
            for i in reversed(range(n - 1)):
                if memo[(source, i)] == chosen_value:
                    continue  # the same value either way
                chosen = arith.SelectOp(
                    ix.bool_value(ix.eq(p, i)),
                    typed(memo[(source, i)]),
                    typed(chosen_value),
                )
                chosen_value = dom.emit_value(chosen)
                chosen.location = op.location
                inherit_text_location(chosen, op)
        memo[(op.results[0], j)] = chosen_value


def index_element(
    dom: IRBuilder, value: SSAValue, k: int, memo: dict[tuple[SSAValue, int], Value]
) -> Value:
    """Element ``k`` of the 1-D integer tensor ``value`` (an index operand, or an
    operand of the op that made one), as an int where it is constant, else as a scalar
    of its element type emitted before the slice:

    - a ``tensor.from_elements``'s element, a ``tensor.splat``'s input, a
      ``tensor.insert``'s scalar at its index, itself;
    - the same op on the elements of an elementwise ``arith`` op's operands
      (``ELEMENTWISE_INDEX_OPS``, at that op's location, its flags kept; folded where
      its operands are constant, :func:`_folded`);
    - the element it moves of a static 1-D ``tensor.extract_slice``
      (:func:`_static_element`) or ``slice.window``, a ``tensor.concat`` or a
      ``tensor.insert`` at another index (:func:`_element_in_place`);
    - a ``tensor.insert`` at a run-time index: an ``arith.select`` of its scalar and
      the destination's element, after a check that the index is in the tensor;
    - an ``extract_slice`` of an argument or a constant table at run-time positions: a
      ``tensor.extract`` at its position, after checks (:func:`_runtime_positions`);
    - an ``extract_slice`` at run-time positions of a source of at most
      :data:`MAX_SELECTED` elements without a buffer: its source's elements chosen by
      ``arith.select``s, after the same checks (:func:`_select_elements`);
    - else a ``tensor.extract``.

    ``memo`` holds the elements read for one slice, so a value used twice is read once
    (and a run-time check made once: the key ``(value, -1)`` marks it); the ops are
    followed with a stack of their own (a chain of thousands is no Python recursion).
    The tensor ops read so are left dead, and erased: the lowering has no rule for them
    (session 47; before, only a function argument or a constant was lowered)."""

    def typed(v: Value, element: IntegerType) -> SSAValue:
        if isinstance(v, int):
            return dom.emit_value(arith.ConstantOp(IntegerAttr(v, element)))
        return v

    stack = [(value, k)]
    expanded: set[tuple[SSAValue, int]] = set()  # operands pushed, waiting for them
    while stack:
        current, at = key = stack[-1]
        if key in memo:
            stack.pop()
            continue
        t = current.type
        assert isinstance(t, TensorType)
        element = t.get_element_type()
        assert isinstance(element, IntegerType)
        owner = current.owner
        constant = constant_index_values(current)
        pending: list[tuple[SSAValue, int]] = []
        position: int | SSAValue | None = None
        if isinstance(owner, tensor.InsertOp):
            position = _insert_position(owner)
        if type(owner) in ELEMENTWISE_INDEX_OPS:
            assert isinstance(owner, Operation)
            pending = [(v, at) for v in owner.operands if (v, at) not in memo]
        elif (
            isinstance(owner, Operation)
            and (moved := _element_in_place(owner, at)) is not None
        ):
            if moved in memo:  # that element of the operand, read in its place
                memo[key] = memo[moved]
                stack.pop()
                continue
            pending = [moved]
        elif isinstance(owner, tensor.InsertOp) and isinstance(position, SSAValue):
            pending = [(owner.dest, at)] if (owner.dest, at) not in memo else []
        elif isinstance(owner, Operation) and _selected_extract_slice(owner):
            n = _static_1d(owner.operands[0].type)
            assert n is not None
            pending = [(owner.operands[0], i) for i in range(n)]
            pending = [p for p in pending if p not in memo]
        found: Value
        if constant is not None:
            found = constant[at]
        elif isinstance(owner, tensor.FromElementsOp):
            found = owner.elements[at]
        elif isinstance(owner, tensor.SplatOp) and _splat_holds(owner):
            found = owner.input
        elif isinstance(owner, tensor.InsertOp) and position == at:
            found = owner.scalar
        elif pending and key not in expanded and expanded.isdisjoint(pending):
            expanded.add(key)
            stack.extend(pending)
            continue
        elif type(owner) in ELEMENTWISE_INDEX_OPS and not pending:
            assert isinstance(owner, Operation)
            a, b = (memo[(v, at)] for v in owner.operands)
            folded = None
            if isinstance(a, int) and isinstance(b, int):
                folded = _folded(owner, a, b, element.width.data)
            if folded is not None:
                found = folded
            else:
                scalar = type(owner).create(
                    operands=[typed(a, element), typed(b, element)],
                    result_types=[element],
                    properties=dict(owner.properties),
                    attributes=dict(owner.attributes),
                )
                found = dom.emit_value(scalar)
                scalar.location = owner.location  # its errors name its line
                inherit_text_location(scalar, owner)
        elif (
            isinstance(owner, tensor.InsertOp)
            and isinstance(position, SSAValue)
            and not pending
        ):
            n = _static_1d(t)
            assert n is not None
            ix = dom.retyped(IndexType())
            if (current, -1) not in memo:
                memo[(current, -1)] = 0  # its index checked once
                check = partial(semantics.check_index_on, ix, owner.name, 0)
                checks_at(ix, owner, partial(check, position, n))
            here = ix.bool_value(ix.eq(position, at))
            chosen = arith.SelectOp(
                here, owner.scalar, typed(memo[(owner.dest, at)], element)
            )
            found = dom.emit_value(chosen)
            chosen.location = owner.location
            inherit_text_location(chosen, owner)
        elif isinstance(owner, Operation) and _runtime_extract_slice(owner):
            if (current, -1) not in memo:
                memo[(current, -1)] = 0
                ix = dom.retyped(IndexType())
                for j, p in enumerate(_runtime_positions(ix, owner)):
                    read = tensor.ExtractOp(owner.operands[0], [ix.value(p)], element)
                    memo[(current, j)] = dom.emit_value(read)
                    read.location = owner.location
                    inherit_text_location(read, owner)
            found = memo[key]
        elif (
            isinstance(owner, Operation)
            and _selected_extract_slice(owner)
            and not pending
        ):
            if (current, -1) not in memo:
                memo[(current, -1)] = 0
                _select_elements(dom, owner, memo)
            found = memo[key]
        else:
            # not an op read element by element, or one whose operands wait on it (a
            # cycle, which only a graph region holds: its ops stay, and the lowering
            # refuses them)
            extract = tensor.ExtractOp(current, [dom.index_constant(at)], element)
            found = dom.emit_value(extract)
        memo[key] = found
        stack.pop()
    return memo[(value, k)]


class FrameworkSliceToDynamicWindow(RewritePattern):
    """A framework op with run-time parameters or ``?`` data dims becomes its
    normalization, computed in IR, and one ``slice.dynamic_window``.

    The normalization is the op's own rule (``FrameworkSliceOp.normalize``) run on
    :class:`~slice_dialect.ir_domain.IRBuilder`: index operand entries are read with
    ``tensor.extract`` (``arith.extsi`` for ``i32``), ``?`` dims with ``tensor.dim``,
    everything constant folds, and each check the verifier makes on constants is a
    ``slice.check`` with its message. A static result dim the values must produce is
    checked too, and then used as the window's size. Window values are converted to
    ``index`` with ``arith.index_cast``.

    ```mlir
    %r = slice.onnx %x starts %s ends %e : tensor<?xf32>, tensor<1xi64>, tensor<1xi64>
        -> tensor<?xf32>
    // becomes the normalization (arith, slice.check) and
    %r = slice.dynamic_window %x offsets [%o] sizes [%n] strides [1]
        : tensor<?xf32> -> tensor<?xf32>
    ```
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: FrameworkSliceOp, rewriter: PatternRewriter) -> None:
        res = _slice_result(op)
        if res is not None and res.window is not None:
            return  # static: FrameworkSliceToWindow
        if feeds_only_dead_code(op):
            return  # dead-code elimination erases it, with no checks left behind
        dom = IRBuilder.before(op, rewriter)
        source_type, result_type = op.source_type, op.output_type

        def index(k: int) -> SSAValue:
            return dom.index_constant(k)

        def as_i64(value: SSAValue) -> Value:
            cast = dom.emit(arith.IndexCastOp(value, i64))
            assert cast is not None
            return cast

        shape: list[Value] = []
        for k, d in enumerate(shape_of(source_type)):
            if d is not None:
                shape.append(d)
                continue
            dim = dom.emit(tensor.DimOp(op.source, index(k)))
            assert dim is not None
            shape.append(as_i64(dim))

        memo: dict[tuple[SSAValue, int], Value] = {}  # index elements read

        def read(value: SSAValue) -> list[Value]:
            constant = constant_index_values(value)
            if constant is not None:
                return list(constant)
            t = value.type
            assert isinstance(t, TensorType)
            element = t.get_element_type()
            assert isinstance(element, IntegerType)
            (count,) = t.get_shape()
            values: list[Value] = []
            for k in range(count):
                entry: Value | None = index_element(dom, value, k, memo)
                if isinstance(entry, int):
                    values.append(entry)  # a signed value: as it is in i64
                    continue
                if element.width.data != 64:
                    entry = dom.emit(arith.ExtSIOp(entry, i64))
                    assert entry is not None
                values.append(entry)
            return values

        try:
            norm = op.normalize(dom, shape, read)
        except SliceSemanticsError as e:
            raise OpPassFailedException(op, str(e)) from e
        offsets, sizes, strides = list(norm.offsets), list(norm.sizes), list(norm.strides)
        result_shape = shape_of(result_type)
        # static result dims the values must give: run-time ones, and constant ones
        # that differ (the verifier cannot see them where other values are run-time:
        # session 49's review, a tensor<3x?xf32> of [0:2] was 3 rows)
        promised = [
            j
            for j, d in enumerate(result_shape)
            if d is not None and dom.constant(norm.shape[j]) != d
        ]
        if always_runs(op) and any(
            dom.constant(norm.shape[j]) is not None for j in promised
        ):
            # constants decide that the type is wrong: no run of it can pass, and its
            # window would be one it does not take (an error naming the window, or
            # none, its size the type's: session 49's reviews), so an error at the op
            # now, the run-time dims shown as ? (where it may never run, the check
            # below, known to fail, is the error of a run that reaches it)
            shape = [dom.constant(v) for v in norm.shape]
            shown = ", ".join("?" if d is None else str(d) for d in shape)
            raise OpPassFailedException(op, _shape_mismatch(op, result_type, shown))
        if promised:
            # dims the constants decide are text: only the run-time ones are values
            # (a C kernel reports at most SLICE_ERROR_VALUES of them)
            parts: list[str] = []
            shown: list[Value] = []
            for v in norm.shape:
                known = dom.constant(v)
                if known is None:
                    parts.append(f"{{{len(shown)}}}")
                    shown.append(v)
                else:
                    parts.append(str(known))
            template = ", ".join(parts)
            ok: bool | SSAValue = True
            for j in promised:
                ok = dom.and_(ok, dom.eq(norm.shape[j], result_shape[j]))
            dom.check(ok, _shape_mismatch(op, result_type, template), *shown)
        for j, source in enumerate(norm.sources):
            d = result_shape[j]
            if source is None or d is None:
                continue
            sizes[source] = d  # checked above
            if d <= 1:
                strides[source] = 1
            if d == 0:
                offsets[source] = 0

        # after a check known to fail (where the op may never run: the builder's
        # defer), the offsets and strides are ones no source takes: operands, not
        # static values the window's verifier would refuse (fails_where_it_may_not_run
        # keeps it); a size of 0 or more stays static, as the result type pairs it
        never_runs = dom.fails and not always_runs(op)

        def mixed(v: Value, operand: bool) -> Mixed:
            """``v`` as a window value: static where known, unless ``operand``
            (then an ``index`` constant), else an ``index_cast`` of it."""
            known = dom.constant(v)
            if known is None:
                return _to_index(dom, v)
            return dom.retyped(IndexType()).value(known) if operand else known

        # the window's result type: the op's, with what the values make static
        refined = list(result_shape)
        for j, source in enumerate(norm.sources):
            if refined[j] is None:
                refined[j] = 1 if source is None else dom.constant(sizes[source])
        window_type = _tensor_type(result_type.get_element_type(), refined)
        # valid whenever the checks above pass (the normalization's bounds and
        # normal form, proved for every int64: tests/test_proofs.py, property 2), so
        # in_bounds: its own checks are not made again
        window = DynamicWindowOp(
            op.source,
            [mixed(v, never_runs) for v in offsets],
            [mixed(v, never_runs and (dom.constant(v) or 0) < 0) for v in sizes],
            [mixed(v, never_runs) for v in strides],
            window_type,
            in_bounds=True,
        )
        _replace_casting(rewriter, op, window, result_type)


def _to_index(dom: IRBuilder, value: Value) -> SSAValue:
    cast = dom.emit(arith.IndexCastOp(dom.value(value), IndexType()))
    assert cast is not None
    return cast


def known_values(window: DynamicWindowOp) -> tuple[list[int | None], ...]:
    """The source's dims and the window's offsets, sizes and strides, each an int
    where it is known now (static, or an ``arith.constant`` operand), else ``None``."""
    return (
        shape_of(window.source_type),
        *(
            [v if isinstance(v, int) else constant_int(v) for v in values]
            for values in _mixed_window(window)
        ),
    )


def fails_where_it_may_not_run(window: Operation | None) -> bool:
    """Whether ``window`` is a ``slice.dynamic_window`` that may never run
    (``dialect.always_runs``) whose constants fail its checks whenever it runs
    (``semantics.fails_whenever_run``; an ``in_bounds`` one so made never runs, a
    check known to fail before it). It stays as written
    (``DynamicWindowFoldConstants``), and no rewrite folds it into the ops that use
    it, which would leave a read, or a window, of values no source takes: its lowering
    is the error of a run that reaches it (session 66)."""
    if not isinstance(window, DynamicWindowOp) or always_runs(window):
        return False
    shape, offsets, sizes, strides = known_values(window)
    if semantics.fails_whenever_run(window.name, shape, offsets, sizes, strides):
        return True
    # its sizes against its result type's static dims, paired as the verifier pairs
    # the sizes written static (a constant operand of 3 where the type has 2)
    result_shape = shape_of(window.result_type)
    written = [c if isinstance(c, int) else None for c in window.mixed_sizes()]
    pairs = unit_dim_pairs(written, result_shape)
    if pairs is None:
        return False  # the verifier's to name
    try:
        check_sizes_on(
            semantics.INTS, window.name, sizes, pairs, result_shape, window.result_type
        )
    except SliceSemanticsError:
        return True
    return False


class DynamicWindowFoldConstants(RewritePattern):
    """Constant ``index`` operands of a dynamic window become static values; a dynamic
    window with every value static and a static source becomes a ``slice.window``.

    ```mlir
    %c = arith.constant 2 : index
    %r = slice.dynamic_window %x offsets [%c] sizes [2] strides [1]
        : tensor<4xf32> -> tensor<2xf32>
    // becomes
    %r = slice.window %x offsets [2] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32>
    ```
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: DynamicWindowOp, rewriter: PatternRewriter) -> None:
        if fails_where_it_may_not_run(op):
            return  # as written: the error of a run that reaches it

        def fold(values: list[Mixed]) -> list[Mixed]:
            folded: list[Mixed] = []
            for v in values:
                owner = v.owner if isinstance(v, SSAValue) else None
                if isinstance(owner, arith.ConstantOp) and isinstance(
                    owner.value, IntegerAttr
                ):
                    constant = owner.value.value.data
                    if constant != DYNAMIC_INDEX:
                        folded.append(constant)
                        continue
                folded.append(v)
            return folded

        offsets = fold(op.mixed_offsets())
        sizes = fold(op.mixed_sizes())
        strides = fold(op.mixed_strides())
        source_type, result_type = op.source_type, op.result_type
        source_shape = shape_of(source_type)
        everything = [*offsets, *sizes, *strides]
        if all(isinstance(v, int) for v in everything) and None not in source_shape:
            # Constant operands are values known when it runs: the run-time rule
            # (checked, then taken in the normal form), not the static one, so a
            # constant size of 0 or 1 with any offset or stride is what it selects.
            try:
                w = semantics.run_time_window(
                    source_shape,
                    [int(v) for v in offsets],
                    [int(v) for v in sizes],
                    [int(v) for v in strides],
                    op.name,
                )
                shape = op.result_shape(list(w.sizes))
            except SliceSemanticsError as e:
                raise failure_before(op, str(e)) from e
            static_type = TensorType(result_type.get_element_type(), shape)
            window = WindowOp(op.source, w, static_type)
            _replace_casting(rewriter, op, window, result_type)
            return
        # Where a dim's size is now known to be 0 or 1, its static offset and stride
        # take the normal form the verifier asks of static values; each known value
        # is checked as it would be when it runs.
        for i, d in enumerate(source_shape):
            known = [
                v if isinstance(v, int) else None
                for v in (offsets[i], sizes[i], strides[i])
            ]
            try:
                off, stride = semantics.run_time_window_dim_on(
                    semantics.INTS, op.name, i, d, *known
                )
            except SliceSemanticsError as e:
                raise failure_before(op, str(e)) from e
            if isinstance(offsets[i], int) and off is not None:
                offsets[i] = off
            if isinstance(strides[i], int) and stride is not None:
                strides[i] = stride
            elif isinstance(strides[i], int) and strides[i] == 0:
                # a constant 0 of a run-time size (taken where it is at most 1) stays
                # an operand: the verifier refuses a static 0
                strides[i] = op.mixed_strides()[i]
        known_sizes = [v if isinstance(v, int) else None for v in sizes]
        if unit_dim_pairs(known_sizes, shape_of(result_type)) is None:
            sizes = op.mixed_sizes()  # a static 1 where the result type has ?
        if (offsets, sizes, strides) == (
            op.mixed_offsets(),
            op.mixed_sizes(),
            op.mixed_strides(),
        ):
            return  # nothing folds
        window = DynamicWindowOp(
            op.source, offsets, sizes, strides, result_type, in_bounds=op.is_in_bounds
        )
        window.location = op.location
        rewriter.replace(op, window)


class WindowOfWindow(RewritePattern):
    """A window of a window is one window (``semantics.compose``).

    ```mlir
    %a = slice.window %x offsets [2] sizes [4] strides [-1] : tensor<8xf32> -> tensor<4xf32>
    %b = slice.window %a offsets [1] sizes [2] strides [2] : tensor<4xf32> -> tensor<2xf32>
    // becomes
    %b = slice.window %x offsets [1] sizes [2] strides [-2] : tensor<8xf32> -> tensor<2xf32>
    ```

    An empty result that no single window of the source gives (more non-unit dims than
    the source has) becomes the two windows of ``semantics.empty_chain``, so it too
    prints one way whatever windows made it.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: WindowOp, rewriter: PatternRewriter) -> None:
        inner = op.source.owner
        if not isinstance(inner, WindowOp):
            return
        inner_type, outer_type = inner.result_type, op.result_type
        source_type = inner.source_type
        composed = semantics.compose(
            inner.window,
            inner_type.get_shape(),
            op.window,
            outer_type.get_shape(),
            source_type.get_shape(),
        )
        if composed is None:
            # an empty result no single window gives: the two windows' normal form
            chain = semantics.empty_chain(source_type.get_shape(), outer_type.get_shape())
            if chain is None:
                return
            first, middle_shape, second = chain
            if (first, second, tuple(inner_type.get_shape())) == (
                inner.window,
                op.window,
                middle_shape,
            ):
                return
            element = outer_type.get_element_type()
            middle = WindowOp(inner.source, first, TensorType(element, middle_shape))
            window = WindowOp(middle, second, outer_type)
            for each in (middle, window):
                each.location = op.location
            rewriter.replace(op, [middle, window])
            return
        window = WindowOp(inner.source, composed, outer_type)
        window.location = op.location
        rewriter.replace(op, window)


def _mixed_window(op: WindowOp | DynamicWindowOp) -> tuple[list[Mixed], ...]:
    if isinstance(op, WindowOp):
        w = op.window
        return list(w.offsets), list(w.sizes), list(w.strides)
    return op.mixed_offsets(), op.mixed_sizes(), op.mixed_strides()


def check_window_on(
    dom: IRBuilder,
    window: WindowOp | DynamicWindowOp,
    pairs: list[tuple[int, int]],
    name: str | None = None,
) -> list[Value]:
    """Emit the checks of ``window`` (``semantics.run_time_window_dim_on`` per dim, and
    a dynamic window's sizes against its result type's static dims, ``check_sizes_on``,
    by ``pairs``) before a rewrite that replaces it, their messages naming ``name``
    (the window's op name by default); the source's dims, for the rewrite. A window
    marked ``in_bounds`` is valid whenever it runs: only its sizes are checked. Raises
    ``SliceSemanticsError`` where a known value fails."""
    name = window.name if name is None else name
    source_type = window.source.type
    assert isinstance(source_type, TensorType)
    offsets, sizes, strides = _mixed_window(window)
    dims: list[Value] = []
    for k, d in enumerate(source_type.get_shape()):
        if d >= 0:
            dims.append(d)
            continue
        dim = dom.emit(tensor.DimOp(window.source, dom.value(k)))
        assert dim is not None
        dims.append(dim)
    for k in range(len(dims)):
        semantics.run_time_window_dim_on(
            dom, name, k, dims[k], offsets[k], sizes[k], strides[k], in_bounds(window)
        )
    if isinstance(window, DynamicWindowOp):
        # its run-time sizes against the static dims of its result type, which the
        # window that replaces it may no longer have
        result_type = window.result_type
        check_sizes_on(dom, name, sizes, pairs, shape_of(result_type), result_type)
    return dims


class WindowOfDynamicWindow(RewritePattern):
    """A window of a window, either of them dynamic, is one ``slice.dynamic_window``:
    per window dim the inner result keeps (``composition_pairs``: ``unit_dim_pairs``,
    and a unit dim kept as a unit dim, such as a batch dim of 1),
    ``semantics.compose_dim_on`` on the IR domain with the outer dim it became; a unit
    dim the inner result drops (a shrink axis) stays the inner window's one element; a
    unit dim the inner result inserts (a new axis) composes only where the outer window
    takes it whole (a static size of 1; its offset and stride are checked). Both windows'
    checks are kept (``semantics.run_time_window_dim_on``: the inner against its source,
    the outer against the inner sizes; and a dynamic inner window's sizes against its
    result type's static dims, ``check_sizes_on``), each where its window is (since
    session 50; the inner one's were at the outer window), so an invalid window still
    fails when it runs, at its own line, before the ops written after it.
    The values are composed as they are, not in the normal form (which would make a
    static stride a run-time one): where an inner dim has at most one element, the outer
    one has too, so the composed stride, or where it is empty the composed offset, is
    one the composed window's normal form (``compose_dim_on``) does not use.

    ```mlir
    %a = slice.dynamic_window %x offsets [%o] sizes [%n] strides [2] : tensor<?xf32> -> tensor<?xf32>
    %b = slice.window %a offsets [1] sizes [2] strides [-1] : tensor<?xf32> -> tensor<2xf32>
    // becomes (after the checks) one window of %x:
    %b = slice.dynamic_window %x offsets [%o2] sizes [2] strides [-2] : tensor<?xf32> -> tensor<2xf32>
    ```
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: WindowOp | DynamicWindowOp, rewriter: PatternRewriter
    ) -> None:
        inner = op.source.owner
        if not isinstance(inner, WindowOp | DynamicWindowOp):
            return
        if isinstance(op, WindowOp) and isinstance(inner, WindowOp):
            return  # WindowOfWindow
        if fails_where_it_may_not_run(inner) or fails_where_it_may_not_run(op):
            return
        if feeds_only_dead_code(op):
            return  # dead-code elimination erases both, with no checks left behind
        inner_type = inner.result.type
        assert isinstance(inner_type, TensorType)
        o1, c1, s1 = _mixed_window(inner)
        o2, c2, s2 = _mixed_window(op)
        inner_shape = shape_of(inner_type)
        known = [c if isinstance(c, int) else None for c in c1]
        pairs = unit_dim_pairs(known, inner_shape)
        kept = composition_pairs(known, inner_shape)
        assert pairs is not None and kept is not None, "checked by the verifier"
        result_of = dict(kept)  # window dim -> inner result dim
        paired_results = set(result_of.values())
        # A result dim no window dim gives is a static 1 (a new axis, or a unit dim
        # moved): the outer window must take it whole, a static size of 1.
        if any(j not in paired_results and c2[j] != 1 for j in range(len(c2))):
            return
        dom = IRBuilder.before(op, rewriter, IndexType())
        # the inner result's dims: a paired window dim's size, else 1
        extents: list[Value] = [1] * len(c2)
        for i, j in result_of.items():
            extents[j] = c1[i]
        # the inner window's checks where it is (it runs there, whether or not the
        # outer one does), the outer one's here
        at_inner = IRBuilder.before(inner, rewriter, IndexType())
        dims = checks_at(at_inner, inner, lambda: check_window_on(at_inner, inner, pairs))
        try:
            for j in range(len(c2)):
                semantics.run_time_window_dim_on(
                    dom, op.name, j, extents[j], o2[j], c2[j], s2[j], in_bounds(op)
                )
        except SliceSemanticsError as e:
            raise OpPassFailedException(op, str(e)) from None
        dom.past_checks()
        # per source dim: a window dim the result keeps composes with the outer dim
        # it became; a unit dim the result dropped stays the inner window's element
        composed = [
            semantics.compose_dim_on(
                dom,
                (o1[k], c1[k], s1[k]),
                (o2[result_of[k]], c2[result_of[k]], s2[result_of[k]]),
            )
            if k in result_of
            else (o1[k], 1, 1)
            for k in range(len(dims))
        ]
        window = DynamicWindowOp(
            inner.source,
            [c[0] for c in composed],
            [c[1] for c in composed],
            [c[2] for c in composed],
            op.result.type,
            # of two windows valid whenever they run (property 4 of the proofs)
            in_bounds=in_bounds(inner) and in_bounds(op),
        )
        window.location = op.location
        rewriter.replace(op, window)


class ExtractOfWindow(RewritePattern):
    """A ``tensor.extract`` of a window's result (either kind) reads the window's source
    at the element the window maps its indices to (MLIR folds ``tensor.extract`` of an
    ``extract_slice`` so, in ``fold-tensor-subset-ops``' spirit): per source dim ``k``
    the result keeps, ``offsets[k] + strides[k] * index`` (``semantics.compose_dim_on``
    of the window and a window of one element at ``index``); a unit dim the result drops,
    ``offsets[k]`` (through ``tensor.cast``s that only hide static dims of the result
    too: a cast that asserts a dim keeps its run-time check). The window's checks stay
    (``semantics.run_time_window_dim_on``, and a dynamic window's sizes against its
    result type), where the window is: it runs there, whether or not the extract does.
    Each index is checked against the window's result dim (``semantics.check_index_on``,
    the message of any ``tensor.extract``) at the extract. So an invalid window, or an
    index past the window but inside the source, still fails when it runs. A window whose result is
    only read so is then dead: one element no longer copies the whole window, and a
    dynamic window's result read so no longer has to be a function result (session 50;
    refused before, "its result is used by another op than func.return").

    ```mlir
    %a = slice.dynamic_window %x offsets [%o] sizes [%n] strides [2] : tensor<?xf32> -> tensor<?xf32>
    %v = tensor.extract %a[%i] : tensor<?xf32>
    // becomes (after the checks) %v = tensor.extract %x[%o + 2 * %i]
    ```
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: tensor.ExtractOp, rewriter: PatternRewriter) -> None:
        value = op.tensor
        while isinstance(value.owner, tensor.CastOp) and (
            (source := _more_static_source(value)) is not None
            or value.owner.source.type == value.type
        ):
            # a cast that only hides static dims, or changes nothing: it has no check
            value = source if source is not None else value.owner.source
        window = value.owner
        if not isinstance(window, WindowOp | DynamicWindowOp):
            return
        if fails_where_it_may_not_run(window):
            return
        result_type = window.result.type
        if not isinstance(result_type, TensorType):
            return
        result_shape = shape_of(result_type)
        if len(op.indices) != len(result_shape):
            return  # the verifier's (upstream_verifier_gap) to name
        offsets, sizes, strides = _mixed_window(window)
        known = [c if isinstance(c, int) else None for c in sizes]
        pairs = unit_dim_pairs(known, result_shape)
        kept = composition_pairs(known, result_shape)
        if pairs is None or kept is None:
            return  # the window does not verify: its verifier names it
        result_of = dict(kept)  # window dim -> result dim
        # each result dim's size: its static dim, else the window size it pairs with
        extents: list[Value | None] = list(result_shape)
        for i, j in result_of.items():
            if extents[j] is None:
                extents[j] = sizes[i]
        if None in extents:
            return  # a ? dim no window dim gives: the verifier names it
        indices: list[Value] = []
        for v in op.indices:
            c = constant_int(v)
            indices.append(v if c is None else c)
        if _read_known_to_fail(op, window, indices, extents):
            return  # left as written: it may never run (the lowering refuses it)
        # the window's checks where the window is (it runs there, whether or not the
        # extract does), then the indices' at the extract
        at_window = IRBuilder.before(window, rewriter, IndexType())
        checks_at(at_window, window, lambda: check_window_on(at_window, window, pairs))
        ix = IRBuilder.before(op, rewriter, IndexType())
        checks_at(
            ix,
            op,
            lambda: [
                semantics.check_index_on(ix, op.name, j, index, cast(Value, extent))
                for j, (index, extent) in enumerate(zip(indices, extents))
            ],
        )
        ix.past_checks()
        # the element is a window of one element of the window: the composition rule
        source_indices = [
            ix.value(
                semantics.compose_dim_on(
                    ix,
                    (offsets[k], sizes[k], strides[k]),
                    (indices[result_of[k]], 1, 1),
                )[0]
            )
            if k in result_of
            else ix.value(offsets[k])
            for k in range(len(offsets))
        ]
        read = tensor.ExtractOp(window.source, source_indices, op.result.type)
        read.location = op.location
        inherit_text_location(read, op)
        rewriter.replace(op, read)


def _read_known_to_fail(
    op: tensor.ExtractOp,
    window: WindowOp | DynamicWindowOp,
    indices: Sequence[Value],
    extents: Sequence[Value | None],
) -> bool:
    """Whether ``op``, an extract of ``window``'s result, reads outside it whenever it
    runs: a dim of the result or of the window's source has no elements, or a constant
    index lies outside a static extent. Upstream MLIR leaves such a read undefined
    where it runs and accepts it in a branch never taken (``mlir-opt -canonicalize``
    keeps it), so the fold leaves it as written; the lowering refuses a read it knows
    to be outside, at the extract (``lower_dynamic._checked_indices``)."""
    source_type = window.source.type
    if isinstance(source_type, TensorType) and 0 in source_type.get_shape():
        return True
    for j, (index, extent) in enumerate(zip(indices, extents, strict=True)):
        if extent == 0:
            return True
        if isinstance(index, int) and isinstance(extent, int):
            try:
                semantics.check_index_on(semantics.INTS, op.name, j, index, extent)
            except semantics.SliceSemanticsError:
                return True
    return False


def _asserted_dims(cast: tensor.CastOp) -> list[tuple[int, int]]:
    """The dims ``cast`` makes static, each with its size: ``(j, d)`` where its source
    has ``?`` and its result ``d``: claims about the value that hold only where they
    are checked."""
    source, dest = cast.source.type, cast.dest.type
    if not isinstance(source, TensorType) or not isinstance(dest, TensorType):
        return []
    before, after = shape_of(source), shape_of(dest)
    if len(before) != len(after):
        return []
    return [
        (j, d)
        for j, (b, d) in enumerate(zip(before, after))
        if b is None and d is not None
    ]


def check_cast_at(rewriter: PatternRewriter, cast: tensor.CastOp) -> None:
    """The checks of the dims ``cast`` makes static (``_asserted_dims``), before it,
    with the interpreter's message (``dialect.cast_dim_message``), for a rewrite that
    reads a dim through it and so may leave it unused."""
    if not _asserted_dims(cast):
        return
    dom = IRBuilder.before(cast, rewriter, IndexType())

    def source_dim(j: int) -> Value:
        return dom.emit_value(tensor.DimOp(cast.source, dom.index_constant(j)))

    checks_at(dom, cast, lambda: cast_checks_on(dom, cast, source_dim))


def cast_checks_on(
    dom: IRBuilder, cast: tensor.CastOp, source_dim: Callable[[int], Value]
) -> None:
    """The checks of the dims ``cast`` makes static (``_asserted_dims``), each against
    ``source_dim(j)``, with the interpreter's message (``dialect.cast_dim_message``):
    where a rewrite reads a dim through it (``check_cast_at``) and in a shape function,
    which reads dims without it (``lower_dynamic._shape_function``)."""
    for j, d in _asserted_dims(cast):
        dim = source_dim(j)
        dom.check(
            dom.eq(dim, d), cast_dim_message(cast.name, j, None, cast.dest.type, d), dim
        )


def with_static_sizes(
    window: DynamicWindowOp, result_type: TensorType[Attribute], static: dict[int, int]
) -> DynamicWindowOp | None:
    """The ``in_bounds`` window ``window`` is once its checks are made, of
    ``result_type``, with size ``i`` the static ``static[i]`` (its offset and stride
    then in the normal form, ``semantics.normal_dim_on``) where that window verifies;
    else with the run-time sizes (a window that can never be valid with those static
    sizes, an offset past a static dim: its checks fail when it runs); ``None`` where
    neither verifies."""
    offsets, sizes, strides = (
        window.mixed_offsets(),
        window.mixed_sizes(),
        window.mixed_strides(),
    )
    normal = [list(dim) for dim in zip(offsets, sizes, strides, strict=True)]
    for i, size in static.items():
        # the normal form on the ints, a run-time value unknown (None): with the size
        # static it is either a constant or that value, unchanged
        offset, stride = normal[i][0], normal[i][2]
        o, _, t = semantics.normal_dim_on(
            semantics.INTS,
            offset if isinstance(offset, int) else None,
            size,
            stride if isinstance(stride, int) else None,
        )
        normal[i] = [offset if o is None else o, size, stride if t is None else t]
    for offsets_, sizes_, strides_ in (
        ([d[0] for d in normal], [d[1] for d in normal], [d[2] for d in normal]),
        (offsets, sizes, strides),
    ):
        new_op = DynamicWindowOp(
            window.source, offsets_, sizes_, strides_, result_type, in_bounds=True
        )
        try:
            new_op.verify()
        except VerifyException:
            new_op.drop_all_references()
            continue
        return new_op
    return None


def checked_in_place(
    rewriter: PatternRewriter, window: DynamicWindowOp
) -> DynamicWindowOp:
    """``window``, checked where it is: its checks (``check_window_on``: all of them,
    or only its sizes against its result type's static dims if ``in_bounds``) before
    it, and it replaced by the ``in_bounds`` window with those sizes static, so that
    its other uses (its lowering, a ``tensor.dim`` folded to a static dim) do not check
    it again. ``window`` itself where there is nothing to check. For a rewrite that
    reads the window without lowering it (``DimOfWindow``, ``CastOfDynamicWindow``):
    a window read only so would otherwise go unchecked."""
    result_shape = shape_of(window.result_type)
    sizes = window.mixed_sizes()
    pairs = unit_dim_pairs(
        [size if isinstance(size, int) else None for size in sizes], result_shape
    )
    assert pairs is not None, "the window verifies"
    made_static = {
        i: d
        for i, j in pairs
        if not isinstance(sizes[i], int) and (d := result_shape[j]) is not None
    }
    if in_bounds(window) and not made_static:
        return window
    checked = with_static_sizes(window, window.result_type, made_static)
    assert checked is not None, "the window with its own sizes verifies"
    at_window = IRBuilder.before(window, rewriter, IndexType())
    try:
        checks_at(at_window, window, lambda: check_window_on(at_window, window, pairs))
    except OpPassFailedException:
        checked.drop_all_references()
        raise
    checked.location = window.location
    inherit_text_location(checked, window)
    rewriter.replace(window, checked)
    return checked


class DimOfWindow(RewritePattern):
    """A ``tensor.dim`` (constant index) of a window's result, through ``tensor.cast``,
    is the window's size it pairs with (``unit_dim_pairs``: static unit dims dropped on
    both sides, the rest in order), or the result type's static dim where it has one
    (a run-time size paired with it is checked against it where the window runs): the
    normalization of a slice of a sliced tensor reads its sizes, not the tensor, so
    that tensor is only returned and lowers into its output. A dynamic window gets its
    checks where it is and becomes ``in_bounds`` (``checked_in_place``, since session
    54), and each cast on the way that makes dims static gets its checks at it
    (``check_cast_at``, since session 55), so a window or cast read only through its
    dims still fails where it is invalid.

    ```mlir
    %a = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 1] strides [1, 1]
        : tensor<?x4xf32> -> tensor<1x?xf32>
    %d = tensor.dim %a, %c1 : tensor<1x?xf32>
    // %d becomes %n
    ```
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: tensor.DimOp, rewriter: PatternRewriter) -> None:
        k = constant_int(op.index)
        if k is None:
            return
        value = op.source
        casts: list[tensor.CastOp] = []
        # the first static dim k on the way down: the value's type says it, as
        # tensor.dim folds, once the casts below that assert dims are checked
        static: int | None = None
        while True:
            t = value.type
            if static is None and isinstance(t, TensorType):
                shape = shape_of(t)
                static = shape[k] if 0 <= k < len(shape) else None
            if not isinstance(through := value.owner, tensor.CastOp):
                break
            casts.append(through)
            value = through.source
        window = value.owner
        if not isinstance(window, WindowOp | DynamicWindowOp):
            return
        sizes = _mixed_window(window)[1]
        result_shape = shape_of(window.result_type)
        if not 0 <= k < len(result_shape):
            return  # no such dim: tensor.dim's own semantics (undefined) stay
        pairs = unit_dim_pairs(
            [size if isinstance(size, int) else None for size in sizes], result_shape
        )
        if static is not None:
            size: Mixed = static
        elif pairs is not None:
            size = sizes[next(i for i, j in pairs if j == k)]
        else:
            return  # the window and its type do not pair: the verifier reports it
        if not feeds_only_dead_code(op):
            # the window's checks where it is, as ExtractOfWindow makes them: it runs
            # there, and a window read only through its dims would go unchecked (a
            # raised extract_slice, in_bounds after its checks, was checked: session
            # 54's review); so would a cast read only so (review of session 55), whose
            # checks are made at it (CastOfDynamicWindow makes the same ones where it
            # folds the cast; the repeated ones are erased after cse)
            if isinstance(window, DynamicWindowOp):
                checked_in_place(rewriter, window)
            for through in reversed(casts):
                check_cast_at(rewriter, through)
        if isinstance(size, int):
            rewriter.replace(op, arith.ConstantOp(IntegerAttr(size, IndexType())))
        else:
            rewriter.replace(op, [], [size])


def _check_reshape_at(
    rewriter: PatternRewriter, reshape: tensor.CollapseShapeOp | tensor.ExpandShapeOp
) -> None:
    """The checks of ``reshape`` (an expand's ``output_shape`` against its source,
    ``check_expand``) and of the casts below it that make dims static
    (``check_cast_at``), where they are, for a rewrite that reads its dims without it."""
    source = reshape.src.type
    result = reshape.result.type
    assert isinstance(source, TensorType) and isinstance(result, TensorType)
    if isinstance(reshape, tensor.ExpandShapeOp) and not (
        source.has_static_shape() and result.has_static_shape()
    ):
        dom = IRBuilder.before(reshape, rewriter, IndexType())
        dims: list[Value] = [
            d
            if d >= 0
            else dom.emit_value(tensor.DimOp(reshape.src, dom.index_constant(j)))
            for j, d in enumerate(source.get_shape())
        ]
        check_expand(dom, reshape, dims)
    value = reshape.src
    while isinstance(cast := value.owner, tensor.CastOp):
        check_cast_at(rewriter, cast)
        value = cast.source


class DimOfReshape(RewritePattern):
    """A ``tensor.dim`` (constant index) of a ``tensor.collapse_shape`` is the product
    of the dims of its group of the source's dims; of a ``tensor.expand_shape``, its
    ``output_shape`` entry (MLIR's ``FoldDimOfCollapseShape`` and
    ``FoldDimOfExpandShape``; since session 56). So a slice of a flattened run-time
    window reads the window's sizes (``DimOfWindow``), not the window, and a shape
    function computes its result's dims without copying the window.

    ```mlir
    %f = tensor.collapse_shape %w [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
    %d = tensor.dim %f, %c0 : tensor<?xf32>
    // %d becomes tensor.dim %w, %c0 times 4
    ```
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: tensor.DimOp, rewriter: PatternRewriter) -> None:
        k = constant_int(op.index)
        reshape = op.source.owner
        if k is None or not isinstance(
            reshape, tensor.CollapseShapeOp | tensor.ExpandShapeOp
        ):
            return
        result_type = reshape.result.type
        assert isinstance(result_type, TensorType)
        if not 0 <= k < result_type.get_num_dims():
            return  # no such dim: tensor.dim's own semantics (undefined) stay
        if not feeds_only_dead_code(op):
            # the reshape and the casts below it may go unused once their dims are
            # read so: their checks where they are (review 70: a cast's was dropped)
            _check_reshape_at(rewriter, reshape)
        if result_type.get_shape()[k] >= 0:
            constant = arith.ConstantOp(
                IntegerAttr(result_type.get_shape()[k], IndexType())
            )
            rewriter.replace(op, constant)
            return
        if isinstance(reshape, tensor.ExpandShapeOp):
            entries = output_shape_entries(reshape)
            if entries is None or len(entries) != result_type.get_num_dims():
                return  # the expand does not verify: its verifier reports it
            entry = entries[k]
            if isinstance(entry, int):  # a static entry where the type has ?
                constant = arith.ConstantOp(IntegerAttr(entry, IndexType()))
                rewriter.replace(op, constant)
                return
            rewriter.replace(op, [], [entry])
            return
        source_type = reshape.src.type
        assert isinstance(source_type, TensorType)
        group = [a.value.data for a in reshape.reassociation.data[k]]
        dom = IRBuilder.before(op, rewriter, IndexType())
        product: Value = 1
        for i in group:
            d = source_type.get_shape()[i]
            dim = (
                d
                if d >= 0
                else dom.emit_value(tensor.DimOp(reshape.src, dom.index_constant(i)))
            )
            product = dom.mul(product, dim)
        rewriter.replace(op, [], [dom.value(product)])


def _join(x: Sequence[int | None], y: Sequence[int | None]) -> list[int | None]:
    """Two compatible shapes of one rank as one: each dim static where either is (MLIR's
    ``joinShapes``)."""
    return [u if u is not None else v for u, v in zip(x, y, strict=True)]


def _dynamic_window_as(
    window: DynamicWindowOp,
    result_type: TensorType[Attribute],
    sizes: Sequence[Mixed] | None = None,
) -> DynamicWindowOp | None:
    """``window`` with ``result_type`` (and ``sizes``, if given; its sizes paired
    with the type's dims by ``unit_dim_pairs``, a static dim against a run-time size
    checked where it runs), or ``None`` where that op would not verify."""
    new_op = DynamicWindowOp(
        window.source,
        window.mixed_offsets(),
        window.mixed_sizes() if sizes is None else list(sizes),
        window.mixed_strides(),
        result_type,
        in_bounds=window.is_in_bounds,  # the same window (the sizes made 1 are 1)
    )
    try:
        new_op.verify()
    except VerifyException:
        new_op.drop_all_references()
        return None
    return new_op


def output_shape_entries(op: tensor.ExpandShapeOp) -> list[Mixed] | None:
    """``op``'s ``output_shape``, each entry an int where static (where its result
    type has ``?`` too: session 66), else its operand; ``None`` where the operands do
    not match the ``?`` entries (the verifier's to name)."""
    static = op.static_output_shape.get_values()
    dynamic = list(op.dynamic_output_shape)
    if len(dynamic) != sum(d < 0 for d in static):
        return None
    operands = iter(dynamic)
    return [d if d >= 0 else next(operands) for d in static]


def check_expand(dom: IRBuilder, op: tensor.ExpandShapeOp, dims: Sequence[Mixed]) -> None:
    """The checks, through ``dom``, that each dim of ``op``'s source (``dims``) splits
    into its group of ``output_shape`` (``semantics.check_expand_group_on``, the
    interpreter's rule and messages), and that a result with run-time entries keeps
    numpy's bound (``semantics.check_expand_count_on``), located at ``op``: where the
    expand is lowered, and in a shape function, which reads its ``output_shape``
    without lowering it."""
    static = op.static_output_shape.get_values()
    entries = iter(op.dynamic_output_shape)
    values = {k: next(entries) for k, d in enumerate(static) if d < 0}
    emitted = len(dom.ops)

    def emit() -> None:
        for j, group in enumerate(op.reassociation.data):
            keys = [a.value.data for a in group.data]
            semantics.check_expand_group_on(
                dom,
                op.name,
                j,
                dims[j],
                [static[k] for k in keys if static[k] >= 0],
                [(k, values[k]) for k in keys if static[k] < 0],
            )
        if values:
            semantics.check_expand_count_on(
                dom,
                op.name,
                [d if d >= 0 else (k, values[k]) for k, d in enumerate(static)],
            )

    checks_at(dom, op, emit)  # a check known to fail: an error at op now
    for made in dom.ops[emitted:]:
        inherit_text_location(made, op)


def window_result_dims(window: DynamicWindowOp) -> list[Value]:
    """The dims of ``window``'s result: static, or the run-time size each ``?`` pairs
    with (``unit_dim_pairs``): for the checks of a reshape folded into it, and
    ``lower_dynamic.result_dim``."""
    sizes = window.mixed_sizes()
    shape = shape_of(window.result_type)
    pairs = unit_dim_pairs([s if isinstance(s, int) else None for s in sizes], shape)
    assert pairs is not None, "the window verifies"
    dims: list[Value] = [1 if d is None else d for d in shape]
    for i, j in pairs:
        if shape[j] is None:
            dims[j] = sizes[i]
    return dims


class ReshapeOfWindow(RewritePattern):
    """A ``tensor.collapse_shape`` or ``tensor.expand_shape`` of a window (either kind)
    that only removes or inserts unit dims is the window with that result type (a
    window's result may insert and remove unit dims; the row-major order is the same),
    so ``convert-slice-to-tensor`` then ``convert-tensor-to-slice`` gives back one
    window, and a reshaped dynamic window is lowered like any other.

    ```mlir
    %r = slice.window %x offsets [1, 0] sizes [1, 3] strides [1, 2] : tensor<4x5xf32> -> tensor<3xf32>
    %e = tensor.expand_shape %r [[0, 1]] output_shape [1, 3] : tensor<3xf32> into tensor<1x3xf32>
    // becomes
    %e = slice.window %x offsets [1, 0] sizes [1, 3] strides [1, 2] : tensor<4x5xf32> -> tensor<1x3xf32>
    ```
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: tensor.CollapseShapeOp | tensor.ExpandShapeOp, rewriter: PatternRewriter
    ) -> None:
        window = op.operands[0].owner
        result_type = op.results[0].type
        if not isinstance(result_type, TensorType):
            return
        new_op: Operation | None = None
        if isinstance(window, WindowOp):
            if not result_type.has_static_shape() or not semantics.same_up_to_unit_dims(
                window.window.sizes, result_type.get_shape()
            ):
                return
            new_op = WindowOp(window.source, window.window, result_type)
        elif isinstance(window, DynamicWindowOp):
            if fails_where_it_may_not_run(window):
                return
            # only unit dims removed or inserted: the same dims apart from 1s, each
            # ``?`` where it was (a ``?`` that is 1 at run time is not a unit dim here)
            if not semantics.same_up_to_unit_dims(
                shape_of(window.result_type), shape_of(result_type)
            ):
                return
            probe = _dynamic_window_as(window, result_type)
            if probe is None:
                return
            probe.drop_all_references()  # built again once the window is checked
            if not feeds_only_dead_code(op):
                # the window's checks where it is, so its errors are at its line and
                # before the ops after it (since session 55; the window rebuilt here
                # checked itself at the reshape's line: session 55's third review)
                window = checked_in_place(rewriter, window)
                if isinstance(op, tensor.ExpandShapeOp) and op.dynamic_output_shape:
                    # its run-time output_shape entries against the window's sizes,
                    # at the expand (since session 56; the fold had dropped them)
                    check_expand(
                        IRBuilder.before(op, rewriter, IndexType()),
                        op,
                        window_result_dims(window),
                    )
            new_op = _dynamic_window_as(window, result_type)
            assert new_op is not None, "it verified before the checks"
            new_op.location = window.location
            inherit_text_location(new_op, window)
            rewriter.replace(op, new_op)
            return
        if new_op is None:
            return
        new_op.location = op.location
        rewriter.replace(op, new_op)


class CastOfDynamicWindow(RewritePattern):
    """A ``tensor.cast`` of a ``slice.dynamic_window`` to a type with a static dim the
    window's result has as ``?`` is the window with that dim static. A run-time size
    the cast makes static is checked at the cast, with the interpreter's message
    (``dialect.cast_dim_message``: MLIR leaves a cast whose dims do not hold undefined;
    here the program stops at the cast), after the window's own checks where it is
    (``checked_in_place``), and becomes that static size of an ``in_bounds`` window
    (since session 55; before, a window made so kept its run-time size, checked
    against the type only where it was lowered, so a cast read only through
    ``tensor.dim`` was not checked: session 54's review). A dim the cast hides stays
    hidden by a cast of the new window (as ``FrameworkSliceToWindow`` leaves it). A
    window of the refined window then composes with it.

    ```mlir
    %a = slice.dynamic_window %x offsets [%o] sizes [%n] strides [1] in_bounds : tensor<?xf32> -> tensor<?xf32>
    %c = tensor.cast %a : tensor<?xf32> to tensor<4xf32>
    // becomes
    slice.check %n == 4 ... "tensor.cast: dimension 0 of the value is {0} but ..."
    %c = slice.dynamic_window %x offsets [%o] sizes [4] strides [1] in_bounds : tensor<?xf32> -> tensor<4xf32>
    ```
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: tensor.CastOp, rewriter: PatternRewriter) -> None:
        window = op.source.owner
        result_type = op.dest.type
        if not isinstance(window, DynamicWindowOp) or not isinstance(
            result_type, TensorType
        ):
            return
        if feeds_only_dead_code(op):
            return  # dead-code elimination erases both, with no checks left behind
        if fails_where_it_may_not_run(window):
            return
        before, after = shape_of(window.result_type), shape_of(result_type)
        if len(before) != len(after) or not any(
            b is None and a is not None for b, a in zip(before, after)
        ):
            return
        joined = _join(before, after)
        joined_type = TensorType(
            window.result_type.get_element_type(),
            [DYNAMIC_INDEX if d is None else d for d in joined],
            window.result_type.encoding,
        )
        sizes = window.mixed_sizes()
        pairs = unit_dim_pairs([c if isinstance(c, int) else None for c in sizes], before)
        if pairs is None:
            return  # the window does not verify: its verifier says why
        for i, j in pairs:
            size, d = sizes[i], joined[j]
            if isinstance(size, int) and before[j] is None and d not in (None, size):
                # a static size the cast contradicts: the cast fails whenever it
                # runs; where it may never run, it is left as it is
                if not always_runs(op):
                    return
                raise OpPassFailedException(
                    op, cast_dim_message(op.name, j, size, result_type, d)
                )
        # run-time sizes whose result dim the cast makes static
        made_static = {
            i: d
            for i, j in pairs
            if not isinstance(sizes[i], int)
            and before[j] is None
            and (d := joined[j]) is not None
        }
        if not made_static:  # only static sizes, now static dims of the type too
            new_op = _dynamic_window_as(window, joined_type)
            if new_op is not None:
                _replace_casting(rewriter, op, new_op, result_type)
            return
        new_op = with_static_sizes(window, joined_type, made_static)
        if new_op is None:
            return  # never valid (a static offset past a dim of one element)
        checked_in_place(rewriter, window)  # the window's checks, where it runs
        dom = IRBuilder.before(op, rewriter, IndexType())

        def cast_checks() -> None:
            for i, j in pairs:
                if i in made_static:
                    size, d = sizes[i], made_static[i]
                    dom.check(
                        dom.eq(size, d),
                        cast_dim_message(op.name, j, None, result_type, d),
                        size,
                    )

        try:
            checks_at(dom, op, cast_checks)
        except OpPassFailedException:
            new_op.drop_all_references()
            raise
        _replace_casting(rewriter, op, new_op, result_type)


class CastOfCast(RewritePattern):
    """A ``tensor.cast`` of a ``tensor.cast`` whose middle type knows no dim that the
    other two together do not is one cast, or none (MLIR's ``ChainedTensorCast``), so
    that a window cast away and back is returned or sliced as the window.

    ```mlir
    %b = tensor.cast %a : tensor<?x6xf32> to tensor<?x?xf32>
    %c = tensor.cast %b : tensor<?x?xf32> to tensor<?x6xf32>
    // %c becomes %a
    ```
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: tensor.CastOp, rewriter: PatternRewriter) -> None:
        inner = op.source.owner
        if not isinstance(inner, tensor.CastOp):
            return
        types = (inner.source.type, inner.dest.type, op.dest.type)
        if not all(isinstance(t, TensorType) for t in types):
            return
        first, middle, last = (cast(TensorType[Attribute], t) for t in types)
        if len({len(t.get_shape()) for t in types}) != 1:
            return
        a, b, c = shape_of(first), shape_of(middle), shape_of(last)
        for j, (u, v) in enumerate(zip(a, c)):
            if u is not None and v is not None and u != v:
                # the value has u there (its type says so, checked where it was
                # made): the outer cast fails whenever it runs, where the interpreter
                # stops (one cast of the two would not verify; review of session 55);
                # where it may never run, it is left as it is
                if not always_runs(op):
                    return
                raise OpPassFailedException(op, cast_dim_message(op.name, j, u, last, v))
        if _join(_join(a, b), c) != _join(a, c):
            return  # the middle cast asserts a dim: it stays
        if first == last:
            rewriter.replace(op, [], [inner.source])
            return
        folded = tensor.CastOp(inner.source, last)
        folded.location = op.location
        rewriter.replace(op, folded)


class IdentityWindow(RewritePattern):
    """A window that selects its whole source unchanged is its source.

    ```mlir
    %r = slice.window %x offsets [0, 0] sizes [2, 3] strides [1, 1]
        : tensor<2x3xf32> -> tensor<2x3xf32>
    // becomes %x
    ```
    A full window that only inserts or drops unit dims is a reshape, and stays.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: WindowOp, rewriter: PatternRewriter) -> None:
        source_type = op.source_type
        if op.result.type != source_type:
            return
        shape = [d for d in shape_of(source_type) if d is not None]
        if not op.window.is_identity(shape):
            return
        rewriter.replace(op, [], [op.source])


class EmptyWindow(RewritePattern):
    """A window with an empty result takes the one normal form of an empty slice
    (``semantics.empty_window``: offsets 0, strides 1, the result's shape as sizes where
    it fits the source), so that every empty slice of a source to one type prints alike.

    ```mlir
    %r = slice.window %x offsets [2, 0, 0] sizes [1, 0, 2] strides [1, 1, 1]
        : tensor<3x1x2xf32> -> tensor<1x0x2xf32>
    // becomes
    %r = slice.window %x offsets [0, 0, 0] sizes [1, 0, 2] strides [1, 1, 1]
        : tensor<3x1x2xf32> -> tensor<1x0x2xf32>
    ```
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: WindowOp, rewriter: PatternRewriter) -> None:
        shape = shape_of(op.result_type)
        if 0 not in shape:
            return
        source = [d for d in shape_of(op.source_type) if d is not None]
        normal = semantics.empty_window(source, [d for d in shape if d is not None])
        if normal is None or normal == op.window:
            return
        window = WindowOp(op.source, normal, op.result_type)
        window.location = op.location
        rewriter.replace(op, window)


SLICE_PATTERNS: tuple[RewritePattern, ...] = (
    FoldCastIntoSlice(),
    FrameworkSliceToWindow(),
    DynamicWindowFoldConstants(),
    WindowOfWindow(),
    WindowOfDynamicWindow(),
    ExtractOfWindow(),
    DimOfWindow(),
    DimOfReshape(),
    ReshapeOfWindow(),
    CastOfDynamicWindow(),
    CastOfCast(),
    IdentityWindow(),
    EmptyWindow(),
    FoldConstantWindow(),
)


class VerifiedFirst(RewritePattern):
    """``patterns`` (the first that rewrites an op wins, as xDSL's applier takes them),
    on an op one of them matches only once that op verifies, verified once per visit:
    xDSL's ``canonicalize`` runs the ops' patterns (``SLICE_CANONICALIZATION``) on
    whatever IR it is given, verified or not (``canonicalize-slices`` verifies the
    slice ops before it starts, ``verify_slice_ops``). A failure is the verifier's
    message at the op; a wrong static result type had become a ``tensor.cast`` that
    does not verify (session 61's hunt). One pattern per op visit, not a wrapper per
    pattern: a ``slice.window`` that five patterns match was verified five times, and
    ``canonicalize`` of 1000 slices took 4x its time (session 61's review)."""

    def __init__(self, patterns: Sequence[RewritePattern]) -> None:
        self.applier = TypedPatternApplier(patterns, dce=False)
        types = [matched_op_types(p) for p in patterns]
        self.types: tuple[type[Operation], ...] | None = (
            None if any(t is None for t in types) else tuple(c for t in types for c in t)
        )

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if self.types is not None and not isinstance(op, self.types):
            return
        verify_for_pass(op)
        self.applier.match_and_rewrite(op, rewriter)


SLICE_CANONICALIZATION: tuple[RewritePattern, ...] = (VerifiedFirst(SLICE_PATTERNS),)
"""The ops' canonicalization patterns (``HasCanonicalizationPatternsTrait``), which
xDSL's ``canonicalize`` runs: ``SLICE_PATTERNS``, on verified ops only."""


@dataclass(frozen=True)
class CanonicalizeSlicesPass(SlicePass):
    """Rewrite every static slice into one normal-form ``slice.window``.

    Applies only the slice patterns (the ops' canonicalization patterns) to a fixpoint;
    everything else in the module is left as it was. Invalid constant parameters make
    the pass fail with the semantics' message. An op whose parameters are not constant,
    or whose data shape is dynamic, becomes its normalization in IR and one
    ``slice.dynamic_window`` (SPEC section 7); with ``dynamic=false``
    (``-p 'canonicalize-slices{dynamic=false}'``) such ops stay as they are.
    """

    name = "canonicalize-slices"

    dynamic: bool = True

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        # a value that reaches its own definition made the patterns rewrite forever;
        # slice-opt and compile refuse it when they parse, xdsl-opt does not
        found = use_before_definition(op) or upstream_verifier_gap(op)
        if found is not None:
            raise OpPassFailedException(*found)
        verify_slice_ops(op)
        # dead code of any depth goes first, so that no pattern emits the checks of a
        # slice nobody reads (feeds_only_dead_code covers what becomes dead later)
        erase_dead_ops(op.body)
        patterns = list(SLICE_PATTERNS)
        if self.dynamic:
            patterns.insert(2, FrameworkSliceToDynamicWindow())
        rewrite_module(op, patterns, recursively=True)
