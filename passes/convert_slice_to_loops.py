"""``convert-slice-to-loops``: ``slice.window`` becomes ``scf.for`` loops of copy runs.

Two steps on xDSL's rewriter:

1. the function boundary (``passes/function_boundary.py``): tensor arguments become
   memrefs of the same shape, each tensor result a trailing memref output argument, and
   the function returns nothing;
2. one pattern per op kind: ``WindowToLoops`` writes each window into its destination
   (its output argument when it is returned, else a ``memref.alloc`` freed before the
   return), ``MaterializeToCopy`` copies what is returned otherwise (an argument, a
   window returned twice).

A window is copied by the loops of its copy plan (``passes/copy_plan.py``, computed
here once): the outer loops are ``scf.for`` over linear offsets into 1-D views
(``memref.collapse_shape``), the innermost loop is one ``slice.copy_run`` carrying the
code-generation choices of the run. Every op made for a window carries the window's
location. Every index is in bounds: the window's verifier proved it, and it is checked
here again for IR that skipped verification.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

from xdsl.context import Context
from xdsl.dialects import arith, bufferization, builtin, func, memref, scf, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    IndexType,
    IntegerAttr,
    LocationAttr,
    MemRefType,
    TensorType,
    UnrankedMemRefType,
    UnrealizedConversionCastOp,
    i64,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.transforms.common_subexpression_elimination import cse

from passes import SlicePass, erase_dead_ops, rewrite_module, verify_slice_ops
from passes.canonicalize_slices import check_expand
from passes.copy_plan import (
    DEFAULT_STREAM,
    STREAM_LINES_IN_ORDER,
    STREAM_WORKING_SET,
    STRING_MOVE_BYTES,
    CopyPlan,
    Loop,
    StreamTarget,
    copy_plan,
    is_working_set,
    run_choices,
)
from passes.function_boundary import (
    FunctionToMemrefs,
    buffer_of,
    called_functions,
    holds_tensors,
    is_static_dense,
    not_lowered,
    reshape_not_lowered,
    several_blocks,
)
from passes.lower_dynamic import (
    CollapseInto,
    TensorReadToMemrefRead,
    add_shape_functions,
    emit_dynamic_copy,
    erase_repeated_checks,
    memref_dims,
)
from slice_dialect import semantics
from slice_dialect.dialect import (
    CheckOp,
    CopyRunOp,
    DynamicCopyRunOp,
    DynamicWindowOp,
    FillConstantOp,
    Mixed,
    WindowOp,
    cast_dim_message,
    dimension_too_large_in,
    in_bounds,
)
from slice_dialect.dtypes import storage_bytes
from slice_dialect.errors import OpPassFailedException
from slice_dialect.ir_domain import IRBuilder
from slice_dialect.locations import inherit_text_location, upstream_verifier_gap
from slice_dialect.semantics import Window

NSW = arith.IntegerOverflowAttr(frozenset([arith.IntegerOverflowFlag.NSW]))
"""The overflow flag of the index arithmetic of a static window: every offset is in
bounds (the window's verifier proved it), so none wraps; the C target prints these as
plain C and its safety analysis proves them again."""


class _Emitter:
    """Inserts the ops of one copy before ``anchor``, each at ``location``; index
    constants are made once per copy."""

    def __init__(
        self,
        rewriter: PatternRewriter,
        anchor: Operation,
        location: LocationAttr,
        stream: StreamTarget,
    ) -> None:
        self.rewriter = rewriter
        self.anchor = anchor
        self.location = location
        self.stream = stream
        self.constants: dict[int, SSAValue] = {}

    def before_anchor(self, op: Operation) -> Operation:
        op.location = self.location
        self.rewriter.insert(op, InsertPoint.before(self.anchor))
        return op

    def const(self, value: int) -> SSAValue:
        if value not in self.constants:
            op = arith.ConstantOp(IntegerAttr(value, IndexType()))
            op.result.name_hint = f"c{value}" if value >= 0 else f"c_neg{-value}"
            self.constants[value] = self.before_anchor(op).results[0]
        return self.constants[value]

    def view(self, buffer: SSAValue) -> SSAValue:
        """A rank-1 view of a row-major memref (rank 0 and 1 are used as they are)."""
        t = buffer.type
        assert isinstance(t, MemRefType)
        shape = t.get_shape()
        if len(shape) <= 1:
            return buffer
        reassociation = ArrayAttr(
            [ArrayAttr([IntegerAttr(d, i64) for d in range(len(shape))])]
        )
        op = memref.CollapseShapeOp(
            operands=[buffer],
            result_types=[MemRefType(t.get_element_type(), [prod(shape)])],
            properties={"reassociation": reassociation},
        )
        view = self.before_anchor(op).results[0]
        if buffer.name_hint is not None:
            view.name_hint = f"{buffer.name_hint}_flat"
        return view

    def copy(self, plan: CopyPlan, source: SSAValue, dest: SSAValue) -> None:
        """The loops of ``plan`` from ``source`` into ``dest``: ``scf.for`` over the
        outer loops, one ``slice.copy_run`` for the run. Where the last rows of the
        row loop prefetch into the next iteration of the loop around it
        (``RunChoices.prefetch_wrap``), the row loop is two loops, the rows before
        and from the first such row, each run with its own prefetch distance."""
        if plan.empty:
            return
        source_type = source.type
        assert isinstance(source_type, MemRefType)
        width = storage_bytes(source_type.element_type)
        choices = run_choices(plan, width, self.stream)
        src, dst = self.view(source), self.view(dest)
        *outer, run = plan.loops or (Loop(1, 1, 1),)
        if run.count == 1:
            run = Loop(1, 1, 1)

        def copy_run(src_index: SSAValue, dst_index: SSAValue, prefetch: int | None):
            op = CopyRunOp(
                (src, src_index),
                (dst, dst_index),
                run.count,
                run.source_step,
                run.result_step,
                nontemporal=choices.nontemporal,
                in_order=choices.in_order,
                reorder=choices.reorder,
                scalar=choices.scalar,
                prefetch=prefetch,
                prefetch_bytes=choices.prefetch_bytes,
                lookahead=choices.lookahead,
                string_move=choices.string_move,
            )
            op.location = self.location
            return op

        src_index = self.const(plan.source_base)
        dst_index = self.const(0)
        if not outer:
            self.before_anchor(copy_run(src_index, dst_index, choices.prefetch))
            return
        loops: list[scf.ForOp] = []
        top: list[scf.ForOp] = []
        parent: Block | None = None
        for depth, loop in enumerate(outer):
            segments = [(0, loop.count, choices.prefetch)]
            if depth == len(outer) - 1 and choices.prefetch_wrap is not None:
                first, distance = choices.prefetch_wrap
                segments = [(0, first, choices.prefetch), (first, loop.count, distance)]
            for lower, upper, prefetch in segments:
                body = Block(arg_types=[IndexType()])
                iv = body.args[0]
                iv.name_hint = f"i{depth}"
                for_op = scf.ForOp(
                    self.const(lower), self.const(upper), self.const(1), [], body
                )
                for_op.location = self.location
                if parent is None:
                    top.append(for_op)
                else:
                    parent.add_op(for_op)
                loops.append(for_op)
                body_src = self._linear(body, src_index, iv, loop.source_step)
                body_dst = self._linear(body, dst_index, iv, loop.result_step)
                if depth == len(outer) - 1:
                    body.add_op(copy_run(body_src, body_dst, prefetch))
            parent, src_index, dst_index = body, body_src, body_dst
        for for_op in loops:
            yield_op = scf.YieldOp()
            yield_op.location = self.location
            for_op.body.block.add_op(yield_op)
        for for_op in top:  # after the constants the loops use
            self.before_anchor(for_op)

    def _linear(self, body: Block, base: SSAValue, iv: SSAValue, step: int) -> SSAValue:
        """``base + iv * step`` at the end of ``body``, the trivial parts left out
        (a base of constant 0, a step of 1)."""
        term = iv
        if step != 1:
            op = arith.MuliOp(iv, self.const(step), overflow=NSW)
            op.location = self.location
            body.add_op(op)
            term = op.result
        if base is self.constants.get(0):
            return term
        add = arith.AddiOp(base, term, overflow=NSW)
        add.location = self.location
        body.add_op(add)
        return add.result


def whole_copy(t: MemRefType[Attribute]) -> CopyPlan:
    """The plan copying all of a buffer of type ``t``."""
    shape = t.get_shape()
    return copy_plan(Window((0,) * len(shape), shape, (1,) * len(shape)), shape)


def _destination(window: WindowOp | DynamicWindowOp) -> SSAValue | None:
    """The output argument ``window`` is returned through first, if it is returned
    (directly, or through the ``tensor.cast`` to a less static result type that
    ``canonicalize-slices`` inserts)."""
    uses = list(window.result.uses)
    for use in window.result.uses:
        if isinstance(use.operation, tensor.CastOp):
            uses += use.operation.dest.uses
    outputs = [
        use.operation.dest
        for use in uses
        if isinstance(use.operation, bufferization.MaterializeInDestinationOp)
        and use.index == 0
    ]
    return min(outputs, key=lambda v: v.index, default=None)  # type: ignore[attr-defined]


def _free_at_block_end(
    rewriter: PatternRewriter, op: WindowOp | DynamicWindowOp, buffer: SSAValue
) -> None:
    """``buffer``, the window ``op``'s own, named after its result and freed before the
    end of its block (``free_after_last_use`` moves a run-time one's dealloc up)."""
    buffer.name_hint = op.result.name_hint or "tmp"
    block = op.parent_block()
    assert block is not None and block.last_op is not None
    dealloc = memref.DeallocOp.get(buffer)
    dealloc.location = op.location
    rewriter.insert(dealloc, InsertPoint.before(block.last_op))


def _static(buffer: SSAValue) -> bool:
    t = buffer.type
    return isinstance(t, MemRefType) and t.has_static_shape()


def _cast(buffer: SSAValue, t: Attribute, location: LocationAttr) -> Operation:
    cast = UnrealizedConversionCastOp.get([buffer], [t])
    cast.location = location
    return cast


def _source_buffer(op: WindowOp | DynamicWindowOp, what: str, only: str) -> SSAValue:
    """The buffer of ``op``'s source; the pass fails if it is not ``what``."""
    source = buffer_of(op.source)
    if source is None:
        raise OpPassFailedException(
            op,
            f"{op.name}: its source is not {what}; convert-slice-to-loops lowers {only}",
        )
    return source


@dataclass(frozen=True)
class WindowToLoops(RewritePattern):
    """``slice.window`` to the loops of its copy plan, into its destination buffer."""

    stream: StreamTarget = DEFAULT_STREAM
    """The target's streaming properties (``ConvertSliceToLoopsPass``' options)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: WindowOp, rewriter: PatternRewriter) -> None:
        source = _source_buffer(
            op, "a function argument or a window result", "windows of those only"
        )
        source_type = source.type
        assert isinstance(source_type, MemRefType)
        window = op.window
        returned = _destination(op)
        dynamic = not source_type.has_static_shape()
        if returned is not None:
            returned_type = returned.type
            assert isinstance(returned_type, MemRefType)
            if not returned_type.has_static_shape():
                # returned through a tensor.cast to a type with ``?`` dims: copied
                # with the output-dim checks of the dynamic lowering, or (a rank-0
                # source) into a buffer of its own, then into the output
                returned = None if not source_type.get_shape() else returned
                dynamic = dynamic or returned is not None
        if dynamic:
            lower_dynamic_window(
                op,
                rewriter,
                source,
                window.offsets,
                window.sizes,
                window.strides,
                self.stream,
            )
            return
        try:
            semantics.window(
                source_type.get_shape(), window.offsets, window.sizes, window.strides
            )
        except semantics.SliceSemanticsError as error:
            raise OpPassFailedException(op, str(error)) from None
        result_type = op.result.type
        assert isinstance(result_type, TensorType)
        if not result_type.has_static_shape() or prod(result_type.get_shape()) != prod(
            window.sizes
        ):
            raise OpPassFailedException(
                op,
                f"{op.name}: result type {result_type} does not hold the "
                f"{prod(window.sizes)} elements of sizes {list(window.sizes)}",
            )
        emitter = _Emitter(rewriter, op, op.location, self.stream)
        dest = returned
        reshaped = None if returned is not None else _reshaped_destination(op)
        if reshaped is not None and not _static(reshaped[0]):
            reshaped = None
        if reshaped is not None:
            # its one use a returned reshape (since session 56; before, copied into
            # a buffer of its own, then from its view into the output): written
            # into the output, row-major like the window's result, so the same
            # elements in the same order (the copy sees both flat)
            dest, reshape = reshaped
            rewriter.replace(reshape, _cast(dest, reshape.result.type, op.location))
        if dest is None:
            t = MemRefType(result_type.get_element_type(), result_type.get_shape())
            alloc = emitter.before_anchor(
                memref.AllocOp.get(t.element_type, shape=t.shape)
            )
            dest = alloc.results[0]
            _free_at_block_end(rewriter, op, dest)
        emitter.copy(copy_plan(window, source_type.get_shape()), source, dest)
        if reshaped is not None:
            rewriter.erase(op)  # its one use, the reshape, is the output now
            return
        rewriter.replace(op, _cast(dest, result_type, op.location))


def lower_dynamic_window(
    op: WindowOp | DynamicWindowOp,
    rewriter: PatternRewriter,
    source: SSAValue,
    offsets: Sequence[Mixed],
    sizes: Sequence[Mixed],
    strides: Sequence[Mixed],
    stream: StreamTarget,
) -> None:
    """A window with run-time sizes or a source with ``?`` dims: checks, loops and
    self-guarding runs (``passes/lower_dynamic.py``), into its output argument, the
    output a returned collapse of it is, or (since session 56) a buffer of its own,
    allocated after its checks with its run-time sizes and freed at the end of its
    block, as a static window's."""
    result_type = op.result.type
    assert isinstance(result_type, TensorType)
    dest = _destination(op)
    collapsed: CollapseInto | None = None
    if dest is None:
        found = _collapsed_destination(op)
        if found is not None:
            dest, collapsed = found
    dom = IRBuilder.before(op, rewriter, IndexType())
    allocated = dest is None
    dest = emit_dynamic_copy(
        dom,
        op.name,
        source,
        dest,
        offsets,
        sizes,
        strides,
        result_type,
        valid=in_bounds(op),
        stream=stream,
        collapsed=collapsed,
    )
    if allocated:
        _free_at_block_end(rewriter, op, dest)
    if collapsed is None:
        rewriter.replace(op, _cast(dest, result_type, op.location))
        return
    # the collapse is the output; the window has no other use
    collapse = collapsed.op
    view = _cast(dest, collapse.result.type, collapse.location)
    rewriter.replace(collapse, view)
    rewriter.erase(op)


def _reshaped_destination(
    op: WindowOp | DynamicWindowOp,
) -> tuple[SSAValue, tensor.CollapseShapeOp | tensor.ExpandShapeOp] | None:
    """The output a window is returned through as its one use, a
    ``tensor.collapse_shape`` or ``tensor.expand_shape``, and that reshape; ``None``
    for any other window."""
    uses = list(op.result.uses)
    if len(uses) != 1:
        return None
    reshape = uses[0].operation
    if not isinstance(reshape, tensor.CollapseShapeOp | tensor.ExpandShapeOp):
        return None
    outputs = [
        use.operation.dest
        for use in reshape.result.uses
        if isinstance(use.operation, bufferization.MaterializeInDestinationOp)
        and use.index == 0
    ]
    if not outputs:
        return None
    return min(outputs, key=lambda v: v.index), reshape  # type: ignore[attr-defined]


def _collapsed_destination(
    op: WindowOp | DynamicWindowOp,
) -> tuple[SSAValue, CollapseInto] | None:
    """The output a window is returned through as its one use, a
    ``tensor.collapse_shape`` (since session 55), and that collapse; ``None`` for any
    other window."""
    found = _reshaped_destination(op)
    if found is None or not isinstance(found[1], tensor.CollapseShapeOp):
        return None
    dest, collapse = found
    groups = tuple(tuple(a.value.data for a in g) for g in collapse.reassociation.data)
    return dest, CollapseInto(collapse, groups)


@dataclass(frozen=True)
class DynamicWindowToLoops(RewritePattern):
    """``slice.dynamic_window`` to checks, loops and runs, into its output argument."""

    stream: StreamTarget = DEFAULT_STREAM
    """The target's streaming properties (``ConvertSliceToLoopsPass``' options)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: DynamicWindowOp, rewriter: PatternRewriter) -> None:
        source = _source_buffer(
            op, "a function argument", "dynamic windows of arguments only"
        )
        lower_dynamic_window(
            op,
            rewriter,
            source,
            op.mixed_offsets(),
            op.mixed_sizes(),
            op.mixed_strides(),
            self.stream,
        )


class CastOfBuffer(RewritePattern):
    """A ``tensor.cast`` of a lowered value (a buffer seen as a tensor) is the same
    buffer seen as the cast's type, after a check of each ``?`` dim it makes static
    (the interpreter's message, at the cast: since session 54; before, only a returned
    cast's copy checked them, and a slice of a cast read the buffer with the cast's
    dims, its elements across rows, once its window no longer checked itself); the
    output checks of the dynamic lowering (or the copy into the output) hold the
    rest."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: tensor.CastOp, rewriter: PatternRewriter) -> None:
        source = buffer_of(op.source)
        if source is None:
            return  # its window is not lowered yet
        if _returned_argument_cast(op):
            return  # MaterializeToCopy copies it, its checks naming the cast
        check_cast_of_buffer(rewriter, op, source)
        rewriter.replace(op, _cast(source, op.dest.type, op.location))


def check_cast_of_buffer(
    rewriter: PatternRewriter, cast: tensor.CastOp, source: SSAValue
) -> None:
    """A ``slice.check`` before ``cast`` of each ``?`` dim of its buffer ``source``
    that it makes static, with the interpreter's message at the cast; and of each
    static dim of the buffer it contradicts (a cast of a cast that ``CastOfCast`` left
    where it may never run, ``dialect.always_runs``: a check known to fail, the error
    of a run that reaches it; elsewhere an error now, session 66's review)."""
    source_type, dest_type = source.type, cast.dest.type
    assert isinstance(source_type, MemRefType) and isinstance(dest_type, TensorType)
    asserted = [
        (k, s, d)
        for k, (s, d) in enumerate(
            zip(source_type.get_shape(), dest_type.get_shape(), strict=True)
        )
        if d >= 0 and s != d
    ]
    if not asserted:
        return
    dom = IRBuilder.before(cast, rewriter, IndexType())
    try:
        for k, s, d in asserted:
            if s >= 0:
                dom.check(False, cast_dim_message(cast.name, k, s, dest_type, d))
                continue
            dim = dom.emit_value(memref.DimOp(source, dom.index_constant(k)))
            dom.check(
                dom.eq(dim, d),
                cast_dim_message(cast.name, k, None, dest_type, d),
                dim,
            )
    except semantics.SliceSemanticsError as e:
        raise OpPassFailedException(cast, str(e)) from None
    for made in dom.ops:
        inherit_text_location(made, cast)


class ReshapeOfBuffer(RewritePattern):
    """A ``tensor.collapse_shape`` of a lowered value (a buffer seen as a tensor: an
    argument, a static window's result, a constant) is the same buffer seen through a
    ``memref.collapse_shape``: every buffer of the lowering is row-major and
    contiguous, so any collapse is a view of it, which the C target prints as a
    pointer alias; a ``tensor.expand_shape`` between static types is a
    ``memref.expand_shape`` the same way (one to ``?`` dims, whose sizes its
    ``output_shape`` operands claim, unchecked upstream, is not lowered:
    ``check_lowerable`` refuses it). Since session 55 (before, a reshape that did more
    than remove or insert unit dims, which ``canonicalize-slices`` folds into a window,
    was refused here): a flattened slice can be returned, or sliced again.

    ```mlir
    %w = slice.window %x offsets [1, 0] sizes [2, 3] strides [1, 1] : tensor<6x8xf32> -> tensor<2x3xf32>
    %f = tensor.collapse_shape %w [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
    // %f is the window's buffer %w_buffer seen as
    %v = memref.collapse_shape %w_buffer [[0, 1]] : memref<2x3xf32> into memref<6xf32>
    ```
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self,
        op: tensor.CollapseShapeOp | tensor.ExpandShapeOp,
        rewriter: PatternRewriter,
    ) -> None:
        source = buffer_of(op.src)
        if source is None or reshape_not_lowered(op) is not None:
            return  # its window is not lowered yet, or check_lowerable refuses it
        result_type = op.result.type
        assert isinstance(result_type, TensorType)
        sizes: list[SSAValue] = []
        if isinstance(op, tensor.ExpandShapeOp) and (
            not result_type.has_static_shape() or not _static(source)
        ):
            sizes = _checked_expand(rewriter, op, source)
        # an expand's view has its output_shape's static entries, which may be more
        # static than its result type (a 5 where the type has ?: session 66's hunt,
        # its view had one size operand for two ? dims, an IndexError printing it)
        shape = (
            op.static_output_shape.get_values()
            if isinstance(op, tensor.ExpandShapeOp)
            else result_type.get_shape()
        )
        view = reshape_view(
            source,
            op.reassociation,
            shape,
            collapse=isinstance(op, tensor.CollapseShapeOp),
            sizes=sizes,
        )
        view.location = op.location
        inherit_text_location(view, op)
        rewriter.replace(op, [view, _cast(view.results[0], result_type, op.location)])


def _checked_expand(
    rewriter: PatternRewriter, op: tensor.ExpandShapeOp, source: SSAValue
) -> list[SSAValue]:
    """The checks, before ``op``, that each dim of its buffer ``source`` splits into
    its group of ``output_shape`` (``semantics.check_expand_group_on``, the
    interpreter's rule and messages, at ``op``); its run-time entries."""
    dom = IRBuilder.before(op, rewriter, IndexType())
    check_expand(dom, op, memref_dims(dom, source))
    return list(op.dynamic_output_shape)


def reshape_view(
    source: SSAValue,
    reassociation: ArrayAttr[ArrayAttr[IntegerAttr]],
    shape: Sequence[int],
    collapse: bool,
    sizes: Sequence[SSAValue] = (),
) -> Operation:
    """``memref.collapse_shape`` (``collapse``) or ``memref.expand_shape`` of the
    row-major buffer ``source`` by ``reassociation``, into ``shape`` (an expand's,
    its ``?`` dims ``sizes``; a collapse's is computed from the buffer)."""
    source_type = source.type
    assert isinstance(source_type, MemRefType)
    element = source_type.get_element_type()
    if not collapse:
        return memref.ExpandShapeOp.build(
            operands=[source, list(sizes)],
            result_types=[MemRefType(element, shape)],
            properties={
                "reassociation": reassociation,
                "static_output_shape": DenseArrayBase.from_list(i64, shape),
            },
        )
    # the view collapses the buffer, whose dims may be less static than the tensor's
    # (a tensor.cast making ? dims static, checked by CastOfBuffer): a group's
    # product, or ? where the buffer has one (the C computes it)
    dims = source_type.get_shape()
    view_shape = [
        DYNAMIC_INDEX
        if any(dims[a.value.data] < 0 for a in group)
        else prod(dims[a.value.data] for a in group)
        for group in reassociation.data
    ]
    return memref.CollapseShapeOp(
        operands=[source],
        result_types=[MemRefType(element, view_shape)],
        properties={"reassociation": reassociation},
    )


def _returned_argument_cast(cast: tensor.CastOp) -> bool:
    """Whether ``cast`` is of a function argument (as written, not a cast
    ``canonicalize-slices`` put after a window) and only returned: its copy into the
    output then names the cast."""
    uses = list(cast.dest.uses)
    return (
        isinstance(buffer_of(cast.source), BlockArgument)
        and bool(uses)
        and all(
            isinstance(use.operation, bufferization.MaterializeInDestinationOp)
            and use.index == 0
            for use in uses
        )
    )


@dataclass(frozen=True)
class MaterializeToCopy(RewritePattern):
    """A returned value not written in place is copied into its output argument."""

    stream: StreamTarget = DEFAULT_STREAM
    """The target's streaming properties (``ConvertSliceToLoopsPass``' options)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: bufferization.MaterializeInDestinationOp, rewriter: PatternRewriter
    ) -> None:
        # a returned tensor.cast of an argument (CastOfBuffer leaves it): copied from
        # the argument, the copy's checks naming the cast at its location
        cast = op.source.owner
        if not isinstance(cast, tensor.CastOp) or not _returned_argument_cast(cast):
            cast = None
        source = buffer_of(op.source if cast is None else cast.source)
        if source is None:
            return  # its window is not lowered yet
        if cast is not None:
            # the cast's own checks first, with the interpreter's message (since
            # session 55; the copy's checks below said "sizes[k] = ... but the
            # output has ..."): the copy's repeat them, erased after cse
            check_cast_of_buffer(rewriter, cast, source)
        if source is not op.dest:
            dest_type, source_type = op.dest.type, source.type
            assert isinstance(dest_type, MemRefType)
            assert isinstance(source_type, MemRefType)
            # a ``?`` source (a tensor.cast to a static type) is copied with the
            # checks of its run-time dims against the output's
            if dest_type.has_static_shape() and source_type.has_static_shape():
                _Emitter(rewriter, op, op.location, self.stream).copy(
                    whole_copy(dest_type), source, op.dest
                )
            else:
                dom = IRBuilder.before(op, rewriter, IndexType(), located_at=cast)
                dims = memref_dims(dom, source)
                # a static 1 into a ``?`` dim (a tensor.cast) is paired, not dropped
                dims = [
                    dom.value(d) if d == 1 and dest_type.get_shape()[j] < 0 else d
                    for j, d in enumerate(dims)
                ]
                emit_dynamic_copy(
                    dom,
                    "func.return" if cast is None else cast.name,
                    source,
                    op.dest,
                    [0] * len(dims),
                    dims,
                    [1] * len(dims),
                    dest_type,
                    whole=True,
                    stream=self.stream,
                )
        rewriter.erase(op)
        if cast is not None and cast.dest.first_use is None:
            rewriter.erase(cast)


class FromElementsToStores(RewritePattern):
    """A returned ``tensor.from_elements`` (a shape function's result, or a program's
    scalars as a tensor of any rank, 0 included): one ``memref.store`` per element
    into its output argument, at the element's row-major indices (session 66: a
    ``tensor<f32>`` or a ``tensor<2x2xi64>`` got one index, and xDSL's verifier
    refused the store)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: bufferization.MaterializeInDestinationOp, rewriter: PatternRewriter
    ) -> None:
        elements = op.source.owner
        if not isinstance(elements, tensor.FromElementsOp):
            return
        t = elements.result.type
        assert isinstance(t, TensorType)
        shape = t.get_shape()
        dom = IRBuilder.before(op, rewriter, IndexType())
        for k, value in enumerate(elements.elements):
            indices: list[int] = []
            for d in reversed(shape):
                k, i = divmod(k, d)
                indices.insert(0, i)
            store = memref.StoreOp.get(value, op.dest, [dom.value(i) for i in indices])
            dom.emit(store)
        rewriter.erase(op)
        if not elements.result.uses:
            rewriter.erase(elements)


class ConstantToBuffer(RewritePattern):
    """A tensor ``arith.constant`` a program uses (a window of a constant that did not
    fold, a folded window that is returned) becomes a buffer ``slice.fill_constant``
    fills where the constant was, freed at the end of its block; its uses see the buffer
    as a tensor until they are lowered (MLIR's bufferization makes it a
    ``memref.global``)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: arith.ConstantOp, rewriter: PatternRewriter) -> None:
        if not is_static_dense(op) or not op.result.uses:
            return
        value, t = op.value, op.result.type
        assert isinstance(value, DenseIntOrFPElementsAttr) and isinstance(t, TensorType)
        alloc = memref.AllocOp.get(t.get_element_type(), shape=t.get_shape())
        fill = FillConstantOp(alloc.memref, value)
        buffer = alloc.results[0]
        buffer.name_hint = op.result.name_hint or "constant"
        cast = _cast(buffer, t, op.location)
        for each in (alloc, fill):
            each.location = op.location
        block = op.parent_block()
        assert block is not None and block.last_op is not None
        dealloc = memref.DeallocOp.get(buffer)
        dealloc.location = op.location
        rewriter.insert(dealloc, InsertPoint.before(block.last_op))
        rewriter.replace(op, [alloc, fill, cast])


def free_after_last_use(body: Region) -> None:
    """Move the ``memref.dealloc`` of each ``memref.alloc`` of run-time size (a dynamic
    window's intermediate, since session 56) from the end of its block to just after
    the last op of the block that reads it or a view of it (a memref any reader of it
    makes, or a cast's result): ``outline-slice-parts`` can
    then cut the function after it (a buffer live across a cut keeps the function
    whole: 150 run-time intermediates had made one part of 16,857 lines, review 70).
    A static alloc stays in the function when it is outlined, so its dealloc stays."""
    for block in body.blocks:
        allocs = [
            o for o in block.ops if isinstance(o, memref.AllocOp) and o.dynamic_sizes
        ]
        if not allocs:
            continue
        # each buffer's users found from its uses and its views' (not by a walk of
        # the block per buffer: 150 intermediates made that quadratic)
        position = {op: i for i, op in enumerate(block.ops)}
        moves: list[tuple[Operation, Operation]] = []
        for alloc in allocs:
            deallocs = [
                use.operation
                for use in alloc.memref.uses
                if isinstance(use.operation, memref.DeallocOp)
                and use.operation.parent is block
            ]
            if len(deallocs) != 1:
                continue
            end = position[deallocs[0]]
            last: Operation = alloc
            views: list[SSAValue] = [alloc.memref]
            seen: set[SSAValue] = set(views)
            while views:
                for use in views.pop().uses:
                    top = block.find_ancestor_op_in_block(use.operation)
                    if top is None or position[top] >= end:
                        continue
                    if position[top] > position[last]:
                        last = top
                    # what may hold the buffer is a view too: a cast's results, and
                    # any memref a reader of it makes (a collapse or expand, a loop
                    # that carries it in iter_args and returns it, a call)
                    fresh = [
                        r
                        for r in top.results
                        if r not in seen
                        and (
                            isinstance(r.type, MemRefType | UnrankedMemRefType)
                            or (
                                top is use.operation
                                and isinstance(top, UnrealizedConversionCastOp)
                            )
                        )
                    ]
                    seen.update(fresh)
                    views.extend(fresh)
            moves.append((deallocs[0], last))
        for dealloc, last in moves:
            dealloc.detach()
            block.insert_op_after(dealloc, last)


def lowering_patterns(
    stream: StreamTarget = DEFAULT_STREAM,
) -> tuple[RewritePattern, ...]:
    """The patterns of ``convert-slice-to-loops`` once the function boundary is
    memrefs, for a target whose streaming properties are ``stream``."""
    return (
        ConstantToBuffer(),
        TensorReadToMemrefRead(),
        FromElementsToStores(),
        WindowToLoops(stream),
        DynamicWindowToLoops(stream),
        CastOfBuffer(),
        ReshapeOfBuffer(),
        MaterializeToCopy(stream),
    )


LOWERING_PATTERNS = lowering_patterns()
"""The patterns with the default target (``DEFAULT_STREAM``)."""


_WRITES: tuple[type[Operation], ...] = (CopyRunOp, DynamicCopyRunOp, FillConstantOp)


def erase_unread_buffers(region: Region) -> None:
    """Erase each buffer ``region`` allocates and never reads, with the copies into it
    and its one dealloc, in the alloc's block: an intermediate result that only an
    empty slice takes (its bytes are stored and never loaded). A buffer freed anywhere
    else (twice, in a loop) stays, for the C target's checks to refuse."""
    for alloc in [o for o in region.walk() if isinstance(o, memref.AllocOp)]:
        buffer = alloc.memref
        users = {use.operation for use in buffer.uses}
        deallocs = [u for u in users if isinstance(u, memref.DeallocOp)]
        if len(deallocs) != 1 or deallocs[0].parent is not alloc.parent:
            continue
        if all(
            isinstance(u, memref.DeallocOp)
            or (isinstance(u, memref.StoreOp) and u.value is not buffer)
            or (
                isinstance(u, _WRITES)
                and u.dest is buffer
                and getattr(u, "source", None) is not buffer
            )
            for u in users
        ):
            for u in users:
                Rewriter.erase_op(u)
            Rewriter.erase_op(alloc)


@dataclass(frozen=True)
class ConvertSliceToLoopsPass(SlicePass):
    """Lower ``slice.window`` to ``scf.for`` loops around ``slice.copy_run``.

    Function tensor arguments become memrefs and tensor results trailing memref output
    arguments. A slice op that is not a ``slice.window`` by then is an error naming it.
    """

    name = "convert-slice-to-loops"

    stream_working_set: int = STREAM_WORKING_SET
    """``stream-working-set=N``: a copy stores with non-temporal stores only if its
    source footprint and its output hold at least N bytes together (and it writes
    ``STREAM_STORE_BYTES``; ``copy_plan.source_footprint_bytes``); a dynamic run decides it
    at run time, on the same footprint (emitted as IR) and its destination view. A property of the target
    machine (``passes/copy_plan.py``, ``STREAM_WORKING_SET``): ``compile()`` passes
    what ``slice_dialect.runtime.calibrate`` measured on the host; 0 (the default)
    streams every copy of ``STREAM_STORE_BYTES`` or more."""

    stream_lines_in_order: bool = STREAM_LINES_IN_ORDER
    """``stream-lines-in-order=true``: a streamed contiguous run stores its cache lines
    one after the other (``in_order`` on its run) rather than in 16 KiB blocks, a line
    of each 4 KiB quarter in turn (the default, ``STREAM_LINES_IN_ORDER``). A property
    of the target machine like ``stream-working-set``, calibrated with it."""

    string_move_bytes: int = STRING_MOVE_BYTES
    """``string-move-bytes=N``: a contiguous run of at least N bytes whose stores are
    cached is copied by the CPU's string move (``string_move`` on its run; an adaptive
    dynamic run's ``string_move_bytes N``) rather than ``memcpy``; 0 (the default,
    ``STRING_MOVE_BYTES``), never. A property of the target machine like
    ``stream-working-set``, calibrated with it."""

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        if not is_working_set(self.stream_working_set):
            raise ValueError(
                "convert-slice-to-loops: stream-working-set = "
                f"{self.stream_working_set}: a byte count must be from 0 to 2**63 - 1"
            )
        if not is_working_set(self.string_move_bytes):
            raise ValueError(
                "convert-slice-to-loops: string-move-bytes = "
                f"{self.string_move_bytes}: a byte count must be from 0 to 2**63 - 1"
            )
        for f in op.ops:
            if isinstance(f, func.FuncOp) and (why := several_blocks(f)) is not None:
                # before anything reads f.body.block (xDSL's "'block' property of
                # Region class is only available for single-block regions": session 65)
                raise OpPassFailedException(f, f"func.func {why}")
        too_large = dimension_too_large_in(op)
        if too_large is not None:
            raise OpPassFailedException(*too_large)
        # what MLIR's verifier refuses and xDSL's takes, named at the op written
        # (not at the memref.load the lowering made of a tensor.extract)
        gap = upstream_verifier_gap(op)
        if gap is not None:
            raise OpPassFailedException(*gap)
        verify_slice_ops(op)
        add_shape_functions(op)
        called = called_functions(op)
        rewrite_module(op, [FunctionToMemrefs(called)], recursively=False)
        stream = StreamTarget(
            self.stream_working_set, self.stream_lines_in_order, self.string_move_bytes
        )
        rewrite_module(op, lowering_patterns(stream), recursively=True)
        for f in op.ops:
            if not isinstance(f, func.FuncOp):
                continue
            if any(isinstance(o, DynamicCopyRunOp | CheckOp) for o in f.walk()):
                cse(f.body)  # the normalization and window checks share their values
                erase_repeated_checks(f.body)  # and some test one condition
            # a parameter the window does not read (a masked begin) leaves its load
            # unused, a buffer only an empty slice takes its copy: C compilers warn of
            # both (-Wunused-variable, -Wunused-but-set-variable)
            erase_unread_buffers(f.body)
            erase_dead_ops(f.body)
            free_after_last_use(f.body)
        for inner in op.walk():
            if holds_tensors(inner) and not isinstance(inner, func.FuncOp):
                raise OpPassFailedException(inner, not_lowered(inner))
