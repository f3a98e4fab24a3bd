"""The dynamic half of ``convert-slice-to-loops``: windows known only at run time.

A ``slice.dynamic_window`` (or a ``slice.window`` of a source with ``?`` dims) is
lowered in three parts, all in the IR:

1. **checks**: the window's own checks, :func:`slice_dialect.semantics.run_time_window_dim_on`
   run on the IR domain over ``index`` (what is constant folds away; a run-time offset
   of an empty dim or stride of a one-element dim is taken in the normal form), and the checks
   that the destination has the window's sizes; each is a ``slice.check`` carrying the
   verifier's message;
2. **loops**: every window dim but the last, its run-time size and its source and
   destination steps in wrapping ``index`` arithmetic (the checks above keep the
   offsets in bounds; nothing needs them to), given to the run as its ``loops``;
3. **the run**: one ``slice.dynamic_copy_run`` nest for the last dim inside those
   loops. Loops the run continues are merged into it at run time where the constants
   do not decide it (``_merge_at_run_time``: ``arith.select`` of the run's count and
   stride and of the loop's bound, so a crop of whole rows or a column of one element
   is one run). Where the run's stride is a run-time value, the op is versioned in the
   IR: ``scf.if`` the stride is 1, a run of stride ``arith.constant 1`` (copied as a
   block), else the strided run.

``slice.dynamic_copy_run`` checks its own bounds when it runs (a nest once, on its
lowest and highest offsets, before its loops), so the C target's safety does not rest
on the checks of part 1: those give the verifier's messages, the op's guard keeps any
IR in bounds. The loops are the op's operands, not ``scf.for``: inside ``scf.for`` each
run had to guard itself and choose its copy, which cost runs of a few elements more
than their copy.

Functions whose results have ``?`` dims get a **shape function** (``shape_functions``):
``@NAME.shape`` takes the same inputs and returns each result's dims as a
``tensor<Rxi64>``, computed by the same normalization (the dims of a dynamic window are
its size operands), so a caller can allocate the outputs before it calls ``@NAME``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import cast

from xdsl.dialects import arith, builtin, func, memref, scf, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    StringAttr,
    SymbolRefAttr,
    TensorType,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
)
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.transforms.dead_code_elimination import region_dce

from passes.canonicalize_slices import (
    cast_checks_on,
    check_expand,
    checks_at,
    output_shape_entries,
    window_result_dims,
)
from passes.copy_plan import (
    DEFAULT_STREAM,
    PREFETCH_MIN_READ_BYTES,
    PREFETCH_ROW_BYTES,
    StreamTarget,
    merges,
    prefetches_row_loop_on,
    prefetches_rows_on,
    reads_at_least_on,
    source_footprint_on,
)
from passes.function_boundary import buffer_of, reshape_not_lowered
from slice_dialect import semantics
from slice_dialect.dialect import (
    CheckOp,
    DynamicCopyRunOp,
    DynamicWindowOp,
    Mixed,
    always_runs,
    check_sizes_on,
    constant_int,
    failure_before,
    in_bounds,
    unit_dim_pairs,
)
from slice_dialect.dtypes import storage_bytes
from slice_dialect.errors import OpPassFailedException
from slice_dialect.ir_domain import Bool, IRBuilder
from slice_dialect.locations import (
    copy_text_locations,
    inherit_text_location,
    source_place,
)

SHAPE_FUNCTION = "slice.shape_function"
"""The attribute linking a lowered function to its shape function."""

SHAPE_SUFFIX = ".shape"


def is_dynamic(t: Attribute) -> bool:
    return isinstance(t, TensorType | MemRefType) and not t.has_static_shape()


# ---------------------------------------------------------------------------------------
# Shape functions
# ---------------------------------------------------------------------------------------


def result_dim(value: SSAValue, j: int, dom: IRBuilder) -> Mixed:
    """Dim ``j`` of the tensor ``value``: static, a dynamic window's size, a
    collapse's product, an expand's ``output_shape`` entry, or a ``tensor.dim`` of a
    function argument."""
    t = value.type
    assert isinstance(t, TensorType)
    d = t.get_shape()[j]
    if d >= 0:
        return d
    owner = value.owner
    if isinstance(owner, tensor.CastOp):
        return result_dim(owner.source, j, dom)  # to a less static result type
    if isinstance(owner, tensor.CollapseShapeOp):
        # the product of its group (the windows' checks come first: no overflow)
        group = [a.value.data for a in owner.reassociation.data[j]]
        product: Mixed = 1
        for i in group:
            product = dom.mul(product, result_dim(owner.src, i, dom))
        return product
    if isinstance(owner, tensor.ExpandShapeOp):
        # its output_shape entry (checked where the expand is lowered)
        entries = output_shape_entries(owner)
        assert entries is not None, "the expand verifies"
        return entries[j]
    if isinstance(owner, DynamicWindowOp):
        return window_result_dims(owner)[j]
    dim = dom.emit(tensor.DimOp(value, dom.index_constant(j)))
    assert dim is not None
    return dim


def _result_dim_of(value: SSAValue, dom: IRBuilder, j: int) -> Mixed:
    return result_dim(value, j, dom)


def check_dynamic_window(window: DynamicWindowOp) -> None:
    """The run-time checks of ``window`` (``semantics.run_time_window_dim_on``), as
    ``slice.check`` ops before it: a shape function gives the messages its kernel
    gives, not a shape of negative sizes."""
    if in_bounds(window):
        return  # valid whenever it runs
    dom = IRBuilder.before(window, value_type=IndexType())
    source = window.source
    assert isinstance(source.type, TensorType)
    sizes = window.mixed_sizes()
    for k, (off, size, stride) in enumerate(
        zip(window.mixed_offsets(), sizes, window.mixed_strides())
    ):
        d = result_dim(source, k, dom)
        semantics.run_time_window_dim_on(dom, window.name, k, d, off, size, stride)


def _shape_function(f: func.FuncOp, name: str) -> func.FuncOp:
    shape_f = f.clone()
    copy_text_locations(f.body, shape_f.body)  # its checks' errors are f's ops'
    shape_f.sym_name = StringAttr(name)
    block = shape_f.body.block
    ret = block.last_op
    if not isinstance(ret, func.ReturnOp):
        raise OpPassFailedException(f, f"func.func @{f.sym_name.data}: no func.return")
    for op in list(shape_f.walk()):  # in program order: the kernel's checks' order
        if isinstance(op, DynamicWindowOp):
            check_dynamic_window(op)
        elif isinstance(op, tensor.ExpandShapeOp):
            source, result = op.src.type, op.result.type
            assert isinstance(source, TensorType) and isinstance(result, TensorType)
            if source.has_static_shape() and result.has_static_shape():
                continue  # verified
            if reshape_not_lowered(op) is not None:
                continue  # the lowering refuses it, saying why
            dom = IRBuilder.before(op, value_type=IndexType())
            dims = [result_dim(op.src, j, dom) for j in range(source.get_num_dims())]
            check_expand(dom, op, dims)
        elif isinstance(op, tensor.CastOp | tensor.ExtractOp):
            # the kernel checks them where it lowers them (CastOfBuffer,
            # _checked_indices): so does the shape function, in the same order, or
            # a later slice's error came first (review 70)
            dom = IRBuilder.before(op, value_type=IndexType())
            if isinstance(op, tensor.CastOp):
                source_dim = partial(_result_dim_of, op.source, dom)
                # one known to fail: an error at the cast now, as the kernel's
                checks_at(dom, op, partial(cast_checks_on, dom, op, source_dim))
            else:
                for j, index in enumerate(op.indices):
                    size = result_dim(op.tensor, j, dom)
                    if dom.constant(index) is not None and isinstance(size, int):
                        continue  # the kernel's lowering decides it when compiling
                    semantics.check_index_on(dom, op.name, j, index, size)
            for made in dom.ops:
                inherit_text_location(made, op)
    dom = IRBuilder.before(ret, value_type=IndexType())
    shapes: list[SSAValue] = []
    for value in ret.arguments:
        t = value.type
        assert isinstance(t, TensorType)
        dims = [dom.i64_value(result_dim(value, j, dom)) for j in range(t.get_num_dims())]
        rank = len(dims)
        shape = dom.emit(
            tensor.FromElementsOp.create(
                operands=dims, result_types=[TensorType(i64, [rank])]
            )
        )
        assert shape is not None
        shapes.append(shape)
    new_ret = func.ReturnOp(*shapes)
    new_ret.location = ret.location
    Rewriter.replace_op(ret, new_ret)
    shape_f.function_type = builtin.FunctionType.from_lists(
        list(f.function_type.inputs.data), [s.type for s in shapes]
    )
    region_dce(shape_f.body)
    return shape_f


def add_shape_functions(module: builtin.ModuleOp) -> None:
    """Give each function with a ``?`` dim in a result its shape function."""
    symbols = {f.sym_name.data for f in module.ops if isinstance(f, func.FuncOp)}
    for f in list(module.ops):
        if not isinstance(f, func.FuncOp) or f.is_declaration:
            continue
        outputs = f.function_type.outputs.data
        if not any(is_dynamic(t) for t in outputs):
            continue
        if not all(isinstance(t, TensorType) for t in outputs):
            continue  # a result of another type: FunctionToMemrefs refuses it, named
        name = f.sym_name.data + SHAPE_SUFFIX
        if name in symbols:
            raise OpPassFailedException(
                f,
                f"func.func @{f.sym_name.data}: its result shapes need a shape "
                f"function @{name}, a name the module already uses",
            )
        shape_f = _shape_function(f, name)
        f.attributes[SHAPE_FUNCTION] = SymbolRefAttr(name)
        Rewriter.insert_op(shape_f, InsertPoint.after(f))


# ---------------------------------------------------------------------------------------
# Tensor reads to memref reads
# ---------------------------------------------------------------------------------------


def _checked_indices(
    op: tensor.ExtractOp, buffer: SSAValue, rewriter: PatternRewriter
) -> list[SSAValue] | None:
    """The indices of a ``tensor.extract`` of ``buffer``'s tensor, each checked to lie
    in its dim and then clamped to it, the same value wherever the check holds, so the
    C target's interval check proves the load in bounds and the interpreter never
    reads elsewhere (upstream leaves an index out of bounds undefined):

    - a constant index in a static dim needs nothing; outside it, it is an error now;
    - any other index gets a ``slice.check`` at the extract's location (against a
      ``memref.dim`` where the dim is ``?``) and the clamp.

    Where the extract may never run (``dialect.always_runs``), an index that fails is
    its ``slice.check``, known to fail, and the clamp; ``None`` where a dim has no
    elements (no load can be made: ``TensorReadToMemrefRead`` reads a placeholder).

    A count of indices other than the rank is left as it is: ``memref.load``'s verifier
    names it (session 48's review: ``zip`` dropped the extra one)."""
    t = buffer.type
    assert isinstance(t, MemRefType)
    shape = t.get_shape()
    if len(op.indices) != len(shape):
        return list(op.indices)
    ix = IRBuilder.before(op, rewriter, IndexType())
    indices: list[SSAValue] = []
    for j, (index, d) in enumerate(zip(op.indices, shape)):
        known = ix.constant(index)
        if d >= 0 and known is not None:
            try:
                semantics.check_index_on(semantics.INTS, op.name, j, known, d)
            except semantics.SliceSemanticsError as e:
                if always_runs(op):
                    raise failure_before(op, str(e)) from None
                # where it may never run: its check, known to fail (ix defers it),
                # the error of a run that reaches it; the load clamped inside
                semantics.check_index_on(ix, op.name, j, index, d)
                if d == 0:
                    return None
                indices.append(ix.value(min(max(known, 0), d - 1)))
                continue
            indices.append(index)
            continue
        size: int | SSAValue = d
        if d < 0:
            size = ix.emit_value(memref.DimOp(buffer, ix.index_constant(j)))
        elif d == 0:  # no index is in it: an error now, as a constant's is
            if not always_runs(op):
                semantics.check_index_on(ix, op.name, j, index, 0)  # known to fail
                return None
            raise failure_before(
                op, f"{op.name}: dimension {j} of {op.tensor.type} has no elements"
            )
        semantics.check_index_on(ix, op.name, j, index, size)
        last = ix.sub(size, 1)
        indices.append(ix.value(ix.clamp(index, 0, last)))
    return indices


class TensorReadToMemrefRead(RewritePattern):
    """``tensor.extract`` and ``tensor.dim`` of an argument: ``memref.load`` and
    ``memref.dim`` of its buffer."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        read: Operation
        if isinstance(op, tensor.ExtractOp) and (b := buffer_of(op.tensor)) is not None:
            indices = _checked_indices(op, b, rewriter)
            if indices is None:
                _placeholder_read(op, rewriter)
                return
            read = memref.LoadOp.get(b, indices)
        elif isinstance(op, tensor.DimOp) and (b := buffer_of(op.source)) is not None:
            read = memref.DimOp(b, op.index)
        else:
            return
        read.location = op.location
        rewriter.replace(op, read)


def _placeholder_read(op: tensor.ExtractOp, rewriter: PatternRewriter) -> None:
    """``op``, a read of a tensor with no elements after its check known to fail
    (``_checked_indices``, where it may never run): the element of a buffer of one of
    its own, made, read and freed there (a run never gets to it; session 66)."""
    zero = arith.ConstantOp(IntegerAttr(0, IndexType()))
    alloc = memref.AllocOp([], [], MemRefType(op.result.type, [1]))
    load = memref.LoadOp.get(alloc.memref, [zero.result])
    free = memref.DeallocOp.get(alloc.memref)
    for made in (zero, alloc, load, free):
        made.location = op.location
        inherit_text_location(made, op)
    rewriter.replace(op, [zero, alloc, load, free], [load.res])


def _defined_before(value: SSAValue, op: Operation) -> bool:
    """Whether ``value`` is defined where ``op`` runs: an argument of a block that
    holds ``op`` (or an ancestor of it), or the result of an op before ``op`` (or before
    the ancestor of ``op``) in its block."""
    owner = value.owner
    current: Operation | None = op
    while current is not None:
        block = current.parent_block()
        if block is None:
            return False
        if isinstance(owner, Block):
            if owner is block:
                return True
        elif owner.parent_block() is block:
            return block.get_operation_index(owner) < block.get_operation_index(current)
        current = block.parent_op()
    return False


def _earlier_in_text(a: Operation, b: Operation) -> bool:
    """Whether ``a`` was written before ``b`` in one source text (both located)."""
    pa, pb = source_place(a), source_place(b)
    return pa is not None and pb is not None and pa[0] == pb[0] and pa[1:] < pb[1:]


def erase_repeated_checks(region: Region) -> None:
    """Erase each ``slice.check`` of a condition that a check before it already checked
    (in its block, or before its op in an enclosing block), or of a constant true
    condition: if the earlier check failed, the program stopped there. After ``cse``,
    the checks of a run-time ``extract_slice`` and of the ``tensor.extract``s of its
    positions, or of two slices with the same run-time parameters, test one value.

    The check kept says what the erased one said where the erased one's op was written
    first in the text and its values are defined at the kept one (or are constants,
    made there too): the error is then the first op's at fault, as the verifier names
    it for the same constants (session 50's review: a ``tensor.extract`` lowered before
    the ``extract_slice`` written above it took its error)."""

    def sweep(block: Block, checked: dict[SSAValue, CheckOp]) -> None:
        seen = dict(checked)
        for op in list(block.ops):
            if isinstance(op, CheckOp):
                cond = op.condition
                if constant_int(cond) not in (None, 0):
                    Rewriter.erase_op(op)
                    continue
                kept = seen.get(cond)
                if kept is None:
                    seen[cond] = op
                    continue
                if (
                    kept.parent_block() is block  # (an enclosing block's stays)
                    and _earlier_in_text(op, kept)
                    and all(
                        _defined_before(v, kept) or isinstance(v.owner, arith.ConstantOp)
                        for v in op.values
                    )
                ):
                    values: list[SSAValue] = []
                    for v in op.values:
                        if not _defined_before(v, kept):  # a constant: made there too
                            assert isinstance(v.owner, arith.ConstantOp)
                            constant = v.owner.clone()
                            Rewriter.insert_op(constant, InsertPoint.before(kept))
                            v = constant.result
                        values.append(v)
                    first = CheckOp(cond, op.message.data, values)
                    first.location = op.location
                    inherit_text_location(first, op)
                    Rewriter.replace_op(kept, first)
                    for key, value in seen.items():
                        if value is kept:
                            seen[key] = first
                Rewriter.erase_op(op)
                continue
            for inner_region in op.regions:
                for inner in inner_region.blocks:
                    sweep(inner, seen)

    for block in region.blocks:
        sweep(block, {})


# ---------------------------------------------------------------------------------------
# Dynamic windows to loops
# ---------------------------------------------------------------------------------------


def _flat(dom: IRBuilder, buffer: SSAValue) -> SSAValue:
    """A rank-1 view of a row-major memref (rank 1 is used as it is)."""
    t = buffer.type
    assert isinstance(t, MemRefType)
    shape = t.get_shape()
    if len(shape) == 1:
        return buffer
    size = DYNAMIC_INDEX if any(d < 0 for d in shape) else _prod(shape)
    reassociation = ArrayAttr(
        [ArrayAttr([IntegerAttr(d, i64) for d in range(len(shape))])]
    )
    view = dom.emit(
        memref.CollapseShapeOp(
            operands=[buffer],
            result_types=[MemRefType(t.get_element_type(), [size])],
            properties={"reassociation": reassociation},
        )
    )
    assert view is not None
    if buffer.name_hint is not None:
        view.name_hint = f"{buffer.name_hint}_flat"
    return view


def _prod(values: Sequence[int]) -> int:
    result = 1
    for v in values:
        result *= v
    return result


def memref_dims(dom: IRBuilder, buffer: SSAValue) -> list[Mixed]:
    """Each dim of ``buffer``: its static size, or a ``memref.dim``."""
    t = buffer.type
    assert isinstance(t, MemRefType)
    dims: list[Mixed] = []
    for k, d in enumerate(t.get_shape()):
        if d >= 0:
            dims.append(d)
            continue
        dim = dom.emit(memref.DimOp(buffer, dom.value(k)))
        assert dim is not None
        dims.append(dim)
    return dims


def emit_dynamic_copy(
    dom: IRBuilder,
    name: str,
    source: SSAValue,
    dest: SSAValue | None,
    offsets: Sequence[Mixed],
    sizes: Sequence[Mixed],
    strides: Sequence[Mixed],
    result_type: TensorType[Attribute] | MemRefType[Attribute],
    *,
    whole: bool = False,
    valid: bool = False,
    stream: StreamTarget = DEFAULT_STREAM,
    collapsed: CollapseInto | None = None,
) -> SSAValue:
    """Copy the window (``offsets``, ``sizes``, ``strides``) of ``source`` into
    ``dest`` (a row-major buffer of ``result_type``'s shape: the sizes with unit dims
    inserted or removed), after the window's checks, and return ``dest``; where
    ``dest`` is ``None``, into a ``memref.alloc`` of the result's shape, its ``?``
    dims the window's sizes, made after the checks (since session 56: an
    intermediate of run-time size), which the caller frees. Ops are inserted through ``dom``
    (an :class:`IRBuilder` over ``index``), and ``name`` is the op the messages name.
    ``whole``: the window is all of ``source`` (``sizes`` its dims), nothing to check
    but the destination. ``valid``: the window is valid whenever it runs
    (``slice.dynamic_window``'s ``in_bounds``): its offsets and strides are only put in
    the normal form, unchecked. ``stream``: the target's streaming properties
    (``convert-slice-to-loops``' options): the runs stream only when the source's
    footprint (``copy_plan.source_footprint_on``, emitted before the loops) and the
    destination hold at least ``stream.working_set`` bytes together, their lines in
    order with ``stream.lines_in_order``; a contiguous run with cached stores of at
    least ``stream.string_move_bytes`` (not 0) is copied by the string move.
    ``collapsed``: ``dest`` holds a ``tensor.collapse_shape`` of the window's result
    (since session 55): the same elements in the same order, each of its dims the
    product of a group of the window's sizes, checked so."""
    location = dom.location
    dims = list(sizes) if whole else memref_dims(dom, source)
    # an in_bounds window whose constants no source takes is one a check known to
    # fail comes before, where it may never run (canonicalize-slices'
    # fails_where_it_may_not_run): a run never gets here, so no copy
    never_runs = valid and semantics.fails_whenever_run(
        name,
        *(
            [dom.constant(v) for v in values]
            for values in (dims, offsets, sizes, strides)
        ),
    )
    if not whole:  # checked, and the offsets and strides in the normal form
        offsets, strides = list(offsets), list(strides)
        for k, (d, off, size, stride) in enumerate(zip(dims, offsets, sizes, strides)):
            offsets[k], strides[k] = semantics.run_time_window_dim_on(
                dom, name, k, d, off, size, stride, valid
            )
    if dest is None:
        assert isinstance(result_type, TensorType) and collapsed is None
        dest = _alloc_result(dom, name, sizes, result_type, never_runs)
    else:
        _check_dest(dom, name, dest, sizes, result_type, collapsed)
    dom.past_checks()
    if never_runs or dom.fails:
        # a check constants decide to fail, where the window may never run
        # (``dialect.always_runs``): a run that gets here stops at it, so no copy
        # (of values no source takes)
        return dest
    rank = len(dims)
    if rank == 0:
        raise OpPassFailedException(
            dom.anchor,
            f"{name}: a rank-0 window is static; run canonicalize-slices first",
        )
    # Row-major steps of the source and the destination (wrapping index arithmetic).
    row: list[Mixed] = [1] * rank
    out_row: list[Mixed] = [1] * rank
    for k in range(rank - 2, -1, -1):
        row[k] = dom.mul(row[k + 1], dims[k + 1])
        out_row[k] = dom.mul(out_row[k + 1], sizes[k + 1])
    base: Mixed = 0
    for k in range(rank):
        base = dom.add(base, dom.mul(offsets[k], row[k]))
    # (count, source step, result step) per dim, outermost first; merged where the
    # merge rule of passes/copy_plan.py holds on what is constant.
    loops: list[tuple[Mixed, Mixed, Mixed]] = []
    for k in range(rank - 1, -1, -1):
        loop = (sizes[k], dom.mul(strides[k], row[k]), out_row[k])
        if dom.constant(sizes[k]) == 1 and loops:
            continue
        if loops:
            known = [dom.constant(v) for v in (*loop[1:], *loops[0])]
            if None not in known:
                steps, inner = known[:2], known[2:]
                if merges((steps[0], steps[1]), (inner[0], inner[1], inner[2])):
                    count = dom.mul(loop[0], loops[0][0])
                    loops[0] = (count, loops[0][1], loops[0][2])
                    continue
        loops.insert(0, loop)
    loops = _merge_at_run_time(dom, loops)
    src, dst = _flat(dom, source), _flat(dom, dest)
    src_index, dst_index = dom.value(base), dom.value(0)
    *outer_loops, (run_count, stride, _) = loops
    nest_loops = _compact_at_run_time(dom, outer_loops)
    step_values = [dom.value(s) for _, s, _ in nest_loops]
    out_values = [dom.value(q) for _, _, q in nest_loops]
    bounds = [dom.value(c) for c, _, _ in nest_loops]
    one = dom.value(1)
    count = dom.value(run_count)
    stride_value = dom.value(stride)
    size = storage_bytes(cast(MemRefType[Attribute], source.type).element_type)
    row_loop = _row_loop(dom, bounds, step_values)
    prefetch_if: SSAValue | None = None
    if row_loop is not None:
        source_elements: Mixed = 1
        for d in dims:
            source_elements = dom.mul(source_elements, d)
        rows_read: Mixed = 1  # the iterations of the loops around the run
        for bound, _, _ in outer_loops:
            rows_read = dom.mul(rows_read, bound)
        gate = prefetch_gate(
            dom,
            size,
            (source_elements, sizes),
            (rows_read, count),
            stride_value,
            row_loop,
            stream.working_set,
        )
        if gate is not False:
            prefetch_if = dom.bool_value(gate)

    footprint: SSAValue | None = None
    if stream.working_set > 0:  # what the run's streaming test counts
        distances = [(c, dom.max(s, dom.neg(s))) for c, s, _ in loops]
        footprint = dom.value(source_footprint_on(dom, size, distances))

    unit: arith.CmpiOp | None = None
    if not isinstance(stride, int):
        # loop-invariant: decided once, before the loops
        unit = arith.CmpiOp(stride_value, one, "eq")
        unit.location = location
        dom.emit(unit)

    # (a window of no elements has a count or a bound of 0: the op copies nothing
    # and runs no loop, whatever the other bounds are)
    nest = list(zip(bounds, step_values, out_values))

    def run(stride_operand: SSAValue) -> Operation:
        op = DynamicCopyRunOp(
            (src, src_index),
            (dst, dst_index),
            count,
            stride_operand,
            loops=nest,
            adaptive=True,
            prefetch_if=prefetch_if,
            stream_working_set=stream.working_set,
            footprint=footprint,
            in_order=stream.lines_in_order,
            string_move_bytes=stream.string_move_bytes,
        )
        op.location = location
        return op

    if unit is None:
        dom.emit(run(stride_value))
        return dest
    then_block, else_block = Block(), Block()
    then_block.add_ops([run(one), scf.YieldOp()])
    else_block.add_ops([run(stride_value), scf.YieldOp()])
    branch = scf.IfOp(unit.result, [], Region(then_block), Region(else_block))
    branch.location = location
    dom.emit(branch)
    return dest


def _alloc_result(
    dom: IRBuilder,
    name: str,
    sizes: Sequence[Mixed],
    result_type: TensorType[Attribute],
    never_runs: bool = False,
) -> SSAValue:
    """A buffer for a window's result (``emit_dynamic_copy`` without a destination):
    the sizes checked against the result type's static dims (the verifier's message),
    then a ``memref.alloc`` of its shape whose ``?`` dims are the sizes they pair with,
    valid (at least 0) once the window's checks hold."""
    shape = result_type.get_shape()
    static, pairs = _checked_pairs(dom, name, sizes, result_type)
    # a ``?`` dim of 1 after a check known to fail (a run stops before it), or where
    # the window never runs (emit_dynamic_copy's never_runs: its sizes are 0 or more
    # only where it runs): never read, and a read clamped into it stays inside
    fails = dom.fails or never_runs
    dynamic = [dom.value(1 if fails else sizes[i]) for i, j in pairs if static[j] is None]
    alloc = memref.AllocOp(dynamic, [], MemRefType(result_type.get_element_type(), shape))
    dom.emit(alloc)
    return alloc.memref


def _merge_at_run_time(
    dom: IRBuilder, loops: list[tuple[Mixed, Mixed, Mixed]]
) -> list[tuple[Mixed, Mixed, Mixed]]:
    """The merge rule of the loops above, decided at run time where the constants did
    not decide it (run-time sizes or strides).

    Going outwards from the run, a loop whose rows the run continues (the run is one
    element, or ``count * stride`` is the loop's source step) and whose destination
    rows the run fills (its result step is the run's count) is folded into the run:
    the run's count is multiplied by the loop's, its stride becomes the loop's step if
    the run was one element, and the loop's bound becomes 1 (it runs once, at 0). A
    loop that does not merge stops the merging of every loop around it. All of it is
    ``arith.select`` on values (no code is duplicated); what is constant folds, so a
    static decision adds nothing. The copy stays exactly the window's elements in
    order whatever it decides (the result steps are row-major), and the run guards its
    own bounds either way.
    """
    *outer, (count, stride, result_step) = loops
    merging: Bool = True
    merged: list[tuple[Mixed, Mixed, Mixed]] = []
    for bound, step, out_step in reversed(outer):
        unit = dom.eq(count, 1)
        continues = dom.or_(unit, dom.eq(dom.mul(count, stride), step))
        fills = dom.eq(out_step, count)
        merges_here = dom.and_(merging, dom.and_(fills, continues))
        stride = dom.select(dom.and_(merges_here, unit), step, stride)
        count = dom.select(merges_here, dom.mul(count, bound), count)
        merged.insert(0, (dom.select(merges_here, 1, bound), step, out_step))
        merging = merges_here
    return [*merged, (count, stride, result_step)]


def _compact_at_run_time(
    dom: IRBuilder, loops: Sequence[tuple[Mixed, Mixed, Mixed]]
) -> list[tuple[Mixed, Mixed, Mixed]]:
    """The loops around the run (``(bound, source step, result step)``, outermost
    first) as few and as far out as the run-time values allow, the copy unchanged:

    1. each loop merges into the next one in (outermost first) where that one's rows
       continue it, the merge rule of ``passes/copy_plan.merges`` on the loops' values:
       its source and result steps are the inner loop's bound times the inner loop's
       steps; the inner loop then counts both, the outer one runs once;
    2. loops that run once (merged, absorbed by the run, or over a dim of size 1 at run
       time) move outwards past the others, in order (a loop of one iteration adds
       nothing to an offset, so where it stands changes nothing that is copied): the
       loops that count are innermost, where a loop of one iteration would cost a loop
       level on every run.

    All of it is ``arith.select`` on values; what is constant folds. The static plan
    merges its loops and drops unit dims when compiling (``copy_plan.merged``); a
    dynamic nest of 5 loops whose inner ones ran 2 and 6 times (sweep seed 1 case 58
    with run-time parameters, runs of 2 bytes) cost its copy about 4x the static one's."""
    nest = [list(loop) for loop in loops]
    for j in range(len(nest) - 1):
        (bound, step, out_step), (inner_bound, inner_step, inner_out) = nest[j : j + 2]
        merges_here = dom.and_(
            dom.eq(step, dom.mul(inner_bound, inner_step)),
            dom.eq(out_step, dom.mul(inner_bound, inner_out)),
        )
        nest[j + 1][0] = dom.select(merges_here, dom.mul(bound, inner_bound), inner_bound)
        nest[j][0] = dom.select(merges_here, 1, bound)
    for _ in range(len(nest) - 1):  # a stable bubble of the loops of one iteration
        for j in range(len(nest) - 1, 0, -1):
            swap = dom.and_(dom.eq(nest[j][0], 1), dom.ne(nest[j - 1][0], 1))
            if swap is False:
                continue
            outer, inner = nest[j - 1], nest[j]
            nest[j - 1] = [dom.select(swap, a, b) for a, b in zip(inner, outer)]
            nest[j] = [dom.select(swap, a, b) for a, b in zip(outer, inner)]
    return [(b, s, q) for b, s, q in nest]


@dataclass(frozen=True)
class RowLoop:
    """The row loop of a dynamic run, selected at run time: its bound ``rows`` and
    source ``step``, and the source step ``plane`` of the next loop out of more than
    one iteration, where ``planed`` (else 0). The C target selects the same loops for
    ``slice_prefetch_rows`` from the op's ``loops``."""

    rows: Mixed
    step: Mixed
    plane: Mixed
    planed: Bool


def prefetch_gate(
    dom: IRBuilder,
    size: int,
    views: tuple[Mixed, Sequence[Mixed]],
    runs: tuple[Mixed, Mixed],
    stride: Mixed,
    row_loop: RowLoop,
    working_set: int,
) -> Bool:
    """Whether a dynamic run of ``count`` elements of ``size`` bytes at ``stride`` (of
    ``runs``: ``(rows, count)``, ``rows`` the iterations of the loops around it), in
    the row loop ``row_loop``, is prefetched: ``run_choices``' rules for static
    runs (the lines read of ``reads_at_least_on``, the span and gap of
    ``prefetches_rows_on`` and the row loop's length of ``prefetches_row_loop_on``)
    on what a dynamic copy knows (``views``: its source's elements and the window's
    sizes; the source and destination views together, not the source span and the
    output, against the target's ``working_set``), and rows at most
    ``PREFETCH_ROW_BYTES`` apart. Emitted once before the run: it is the nest's
    ``prefetch_if``, and where it is false the C target calls no helper (a call per
    run cost a copy of 2-byte runs a third of its time, and one of 16-byte runs in
    row loops of 2 rows a sixth). The values are those of a checked window, so no
    product here wraps."""
    source_elements, sizes = views
    rows, count = runs
    reach = dom.mul(dom.sub(count, 1), stride)
    span = dom.add(dom.max(reach, dom.neg(reach)), 1)
    row = dom.max(row_loop.step, dom.neg(row_loop.step))
    far_apart: Bool = True  # a bound of 0: every copy
    if working_set > 0:
        dest_elements: Mixed = 1
        for extent in sizes:
            dest_elements = dom.mul(dest_elements, extent)
        views_elements = dom.add(source_elements, dest_elements)
        far_apart = dom.le(-(-working_set // size), views_elements)
    conditions = [
        reads_at_least_on(
            dom,
            size,
            rows,
            count,
            dom.max(stride, dom.neg(stride)),
            PREFETCH_MIN_READ_BYTES,
        ),
        prefetches_rows_on(dom, size, span, row, far_apart),
        dom.le(row, PREFETCH_ROW_BYTES // size),
        prefetches_row_loop_on(
            dom, size, row_loop.rows, row_loop.step, row_loop.plane, row_loop.planed
        ),
    ]
    gate: Bool = True
    for condition in conditions:
        gate = dom.and_(gate, condition)
    return gate


def _row_loop(
    dom: IRBuilder, bounds: Sequence[SSAValue], steps: Sequence[SSAValue]
) -> RowLoop | None:
    """The run's row loop, for the prefetch gate: the innermost loop of more than one
    iteration (a loop the run absorbed at run time runs once, as does a loop over a dim
    of size 1; ``slice.dynamic_copy_run``'s ``prefetch_if`` takes the same loop), and
    the next such loop out, selected at run time where the bounds are not constants.
    ``None`` where no loop can be the row loop."""
    row_taken: Bool = False
    plane_taken: Bool = False
    rows: Mixed = 0
    row_step: Mixed = 0
    plane: Mixed = 0
    for bound, step in zip(reversed(bounds), reversed(steps)):
        several = dom.lt(1, bound)
        pick = dom.and_(several, dom.not_(row_taken))
        pick_plane = dom.and_(several, dom.and_(row_taken, dom.not_(plane_taken)))
        rows = dom.select(pick, bound, rows)
        row_step = dom.select(pick, step, row_step)
        plane = dom.select(pick_plane, step, plane)
        plane_taken = dom.or_(plane_taken, pick_plane)
        row_taken = dom.or_(row_taken, pick)
    if row_taken is False:
        return None
    return RowLoop(rows, row_step, plane, plane_taken)


@dataclass(frozen=True)
class CollapseInto:
    """A ``tensor.collapse_shape`` a window is written through (``emit_dynamic_copy``'s
    ``collapsed``): its op, for the messages, and its groups of the window's result
    dims."""

    op: tensor.CollapseShapeOp
    groups: tuple[tuple[int, ...], ...]


def _checked_pairs(
    dom: IRBuilder,
    name: str,
    sizes: Sequence[Mixed],
    result_type: TensorType[Attribute] | MemRefType[Attribute],
) -> tuple[list[int | None], list[tuple[int, int]]]:
    """The result type's dims (``None`` for ``?``) and the sizes paired with them
    (``unit_dim_pairs``; a ``MemRefType``, a whole copy between buffers of one rank,
    pairs them in place), a ``TensorType``'s static dims checked against the sizes
    with the verifier's message: for an output (``_check_dest``) and for a buffer of
    the window's own (``_alloc_result``)."""
    static = [None if d < 0 else d for d in result_type.get_shape()]
    pairs = unit_dim_pairs([s if isinstance(s, int) else None for s in sizes], static)
    if isinstance(result_type, MemRefType) and len(sizes) == len(static):
        pairs = [(j, j) for j in range(len(static))]
    if pairs is None:
        raise OpPassFailedException(
            dom.anchor, f"{name}: result type {result_type} does not match the sizes"
        )
    if isinstance(result_type, TensorType):
        check_sizes_on(dom, name, sizes, pairs, static, result_type)
    return static, pairs


def _check_dest(
    dom: IRBuilder,
    name: str,
    dest: SSAValue,
    sizes: Sequence[Mixed],
    result_type: TensorType[Attribute] | MemRefType[Attribute],
    collapsed: CollapseInto | None = None,
) -> None:
    """The window's sizes against the result type and the destination's dims. A
    ``MemRefType`` result type is a whole copy between buffers of one rank (a returned
    value copied into its output): its dims pair in place (``unit_dim_pairs`` would
    not pair a run-time dim with a static 1 of the output, a ``tensor.cast`` that makes
    it static, and the copy was refused: session 55's review). ``collapsed``: the
    destination holds a collapse of the result, each of its dims checked against the
    product of its group of the result's dims (the window's checks held: each size is
    at most its source dim, so no product leaves int64), with the collapse's message
    at its line."""
    static, pairs = _checked_pairs(dom, name, sizes, result_type)
    others = list(pairs)
    if isinstance(result_type, TensorType):
        # the output's dims where they are not the result type's static ones,
        # checked by _checked_pairs (a ``?`` of the output, a cast to a less static
        # type, or a ``?`` of the result type)
        dest_type = cast(MemRefType[Attribute], dest.type)
        dest_static = [d >= 0 for d in dest_type.get_shape()]
        if collapsed is None:
            others = [(i, j) for i, j in pairs if static[j] is None or not dest_static[j]]
    dest_dims = memref_dims(dom, dest)
    if collapsed is None:
        check_sizes_on(dom, name, sizes, others, dest_dims, result_type, output=True)
        return
    dims: list[Mixed] = [1] * len(static)
    for i, j in pairs:
        dims[j] = sizes[i]
    op = collapsed.op
    for j, group in enumerate(collapsed.groups):
        product: Mixed = 1
        for i in group:
            product = dom.mul(product, dims[i])
        emitted = len(dom.ops)
        dom.check(
            dom.eq(product, dest_dims[j]),
            f"{op.name}: dimension {j} of the result is {{0}} but the output has {{1}}",
            product,
            dest_dims[j],
        )
        for check in dom.ops[emitted:]:
            if isinstance(check, CheckOp):
                check.location = op.location
                inherit_text_location(check, op)
