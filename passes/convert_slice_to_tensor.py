"""``convert-slice-to-tensor``: every ``slice.window`` becomes upstream MLIR ops.

The result uses only ``tensor``, ``linalg``, ``arith`` and ``cf`` ops that upstream
MLIR 22 parses, verifies, bufferizes and lowers (SPEC section 8), in the portable form:

- one ``tensor.extract_slice`` with positive strides only: a negative-stride dim reads the
  same elements from its lowest index up (upstream's negative-stride lowering marks its
  index arithmetic no-wrap, which is undefined behaviour before LLVM 23, and its
  verifier accepts out-of-bounds negative strides, so we never give it one);
- one ``linalg.generic`` that reverses every such dim at once (its input map reads
  ``n - 1 - d`` along a reversed dim; it moves elements of any type, where ``tosa.reverse``
  only takes TOSA's element types);
- ``tensor.collapse_shape`` dropping the unit dims of the sizes and ``tensor.expand_shape``
  inserting the unit dims of the result type (new and shrink axes); a single element
  (rank 0, or every size 1) moves by ``tensor.extract`` and ``tensor.from_elements``.

Empty windows are already in the form upstream accepts (offset 0, size 0, stride 1 in every
empty dim: our normal form). A window selecting its whole source in order needs no
``extract_slice``; a window whose sizes are its result shape needs no reshape.

A ``slice.dynamic_window`` takes the same form with ``index`` arithmetic where values
are dynamic: the ``extract_slice`` reads from the lowest index of each dim (``offset +
stride * (size - 1)`` where the stride is negative) with the stride's absolute value;
where a stride is dynamic both come from an ``arith.select`` on its sign. The reversal
is the affine ``linalg.generic`` above when every size and every stride sign is static;
otherwise a ``linalg.generic`` with only an output, whose body reads the slice by
``tensor.extract`` at ``size - 1 - linalg.index d`` along a reversed dim (selected on the
run-time sign for a dynamic stride). Unit dims go by ``collapse_shape``, a static result
dim of a dynamic size by ``tensor.cast``, inserted unit dims by ``expand_shape`` (its
``output_shape`` the run-time sizes). Positive static strides give one
``extract_slice`` and nothing else; a source with a static dim of size 0 gives a
``tensor.empty`` of the sizes, as for ``slice.window``. The run-time checks of
``slice.dynamic_window`` itself (in bounds, normal form, a non-zero stride) are not
exported: upstream runs an invalid window as undefined behaviour, so the exported
module is only defined for windows that are valid, as for ``tensor.extract_slice``
itself (a window ``canonicalize-slices`` makes of a framework op is valid where the
framework op's checks, exported below, hold).

A ``slice.check`` (what ``canonicalize-slices`` leaves of a framework op's checks
where its parameters are run-time values or its data dims ``?``) becomes ``cf.assert``
of the same condition, which the pipeline below lowers to a ``puts`` of the message and
an ``abort``: where our kernels raise ``SliceError``, the upstream program aborts. An
assertion's message is a fixed string, so the check's template keeps its text, each
value defined by an ``arith.constant`` is written in and each run-time value is ``?``:
``"slice.onnx: axes[0] = {0} is out of range [-2, 1] for rank 2"`` on a run-time axis
becomes ``"slice.onnx: axes[0] = ? is out of range [-2, 1] for rank 2"``.

No slice op is left: a framework op (not canonicalized, or kept by
``canonicalize-slices{dynamic=false}``) and the memref copies of
``convert-slice-to-loops`` make the pass fail naming the op. Every other op of the
module is left alone, so modules mixing slices with ``arith``, ``linalg``, calls or
anything else go through. One pattern per slice op in ``SLICE_TO_TENSOR_PATTERNS``.

```mlir
%r = slice.window %x offsets [1, 4] sizes [2, 3] strides [1, -2]
    : tensor<4x5xf32> -> tensor<2x3xf32>
// becomes
%0 = tensor.extract_slice %x[1, 0] [2, 3] [1, 2] : tensor<4x5xf32> to tensor<2x3xf32>
%1 = tensor.empty() : tensor<2x3xf32>
%r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, -d1 + 2)>,
    affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%0 : tensor<2x3xf32>) outs(%1 : tensor<2x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x3xf32>
```
"""

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, builtin, cf, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AffineMapAttr,
    ArrayAttr,
    IndexType,
    IntegerAttr,
    TensorType,
    i64,
)
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp, IndexOp, YieldOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineExpr, AffineMap
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)

from passes import SlicePass, is_dead, rewrite_module, verify_slice_ops
from slice_dialect import semantics
from slice_dialect.dialect import (
    CheckOp,
    CopyRunOp,
    DynamicCopyRunOp,
    DynamicWindowOp,
    FrameworkSliceOp,
    WindowOp,
    message_parts,
    shape_of,
    unit_dim_pairs,
)
from slice_dialect.errors import OpPassFailedException
from slice_dialect.ir_domain import IRBuilder

UPSTREAM_PIPELINE = (
    "builtin.module("
    "func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor),"
    "one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map},"
    "convert-linalg-to-loops,expand-strided-metadata,lower-affine,convert-scf-to-cf,"
    "finalize-memref-to-llvm,convert-cf-to-llvm,convert-arith-to-llvm,"
    "convert-func-to-llvm,reconcile-unrealized-casts)"
)
"""The upstream ``mlir-opt`` pipeline of SPEC section 8 that this pass's output must run
through: TOSA to linalg, one-shot bufferization at function boundaries, and lowering to
the LLVM dialect."""


def _tensor(element_type: Attribute, shape: Sequence[int]) -> TensorType:
    return TensorType(element_type, list(shape))


def _unit_groups(shape: Sequence[int]) -> list[list[int]]:
    """Reassociation of ``shape`` onto ``shape`` without its unit dims: each unit dim
    joins the group of the nearest non-unit dim before it (or after it, for leading
    unit dims). Empty when every dim is 1: the target is rank 0."""
    groups: list[list[int]] = []
    leading: list[int] = []
    for d, size in enumerate(shape):
        if size == 1:
            if groups:
                groups[-1].append(d)
            else:
                leading.append(d)
        else:
            groups.append([*leading, d])
            leading = []
    return groups


def _reassociation(groups: list[list[int]]) -> ArrayAttr[ArrayAttr[IntegerAttr]]:
    return ArrayAttr(ArrayAttr(IntegerAttr(d, i64) for d in group) for group in groups)


def reshape_to(
    value: SSAValue, shape: Sequence[int], result_type: TensorType
) -> tuple[list[Operation], SSAValue]:
    """Ops that turn ``value`` (of static ``shape``) into ``result_type``, whose shape is
    ``shape`` with unit dims inserted or removed: a ``tensor.collapse_shape`` dropping
    every unit dim, then a ``tensor.expand_shape`` inserting the result's. Either is left
    out where it would change nothing. A single element (every dim 1, or rank 0) moves
    by a rank-reducing ``tensor.extract_slice`` to fewer dims, or a ``tensor.insert_slice``
    into a ``tensor.empty`` of more, as xDSL's verifier rejects the empty reassociation of
    a reshape from or to rank 0 (``tensor.extract`` and ``tensor.from_elements`` would
    load the element, which upstream MLIR 22 cannot for ``i1``: ``MemRefToLLVM``
    asserts on loads narrower than a byte)."""
    element_type = result_type.get_element_type()
    target = list(result_type.get_shape())
    if list(shape) == target:
        return [], value
    ops: list[Operation] = []
    core = [d for d in shape if d != 1]
    if not core:
        if len(target) < len(shape):
            extract = tensor.ExtractSliceOp(
                value, [0] * len(shape), [1] * len(shape), [1] * len(shape), result_type
            )
            return [extract], extract.result
        empty = tensor.EmptyOp([], result_type)
        insert = tensor.InsertSliceOp.from_static_parameters(
            value, empty.tensor, [0] * len(target), [1] * len(target)
        )
        return [empty, insert], insert.result
    if len(core) != len(shape):
        collapse = tensor.CollapseShapeOp(
            operands=[value],
            result_types=[_tensor(element_type, core)],
            properties={"reassociation": _reassociation(_unit_groups(shape))},
        )
        ops.append(collapse)
        value = collapse.result
    if core != target:
        expand = tensor.ExpandShapeOp(
            value, [], _reassociation(_unit_groups(target)), target, result_type
        )
        ops.append(expand)
        value = expand.result
    return ops, value


def reverse_dims(
    value: SSAValue, shape: Sequence[int], dims: Sequence[int]
) -> list[Operation]:
    """A ``linalg.generic`` (with its ``tensor.empty`` init) reversing ``value`` along
    ``dims``: output element ``c`` is input element ``c`` with ``c[d]`` replaced by
    ``shape[d] - 1 - c[d]`` for ``d`` in ``dims``. The last op's result is the value."""
    assert isinstance(value.type, TensorType)
    element_type = value.type.get_element_type()
    rank = len(shape)
    results = tuple(
        AffineExpr.constant(shape[d] - 1) - AffineExpr.dimension(d)
        if d in dims
        else AffineExpr.dimension(d)
        for d in range(rank)
    )
    read = AffineMap(rank, 0, results)
    write = AffineMap.identity(rank)
    init = tensor.EmptyOp([], value.type)
    body = Block(arg_types=[element_type, element_type])
    body.add_op(YieldOp(body.args[0]))
    generic = GenericOp(
        [value],
        [init.tensor],
        Region(body),
        [AffineMapAttr(read), AffineMapAttr(write)],
        [IteratorTypeAttr.parallel()] * rank,
        [value.type],
    )
    return [init, generic]


class WindowToTensor(RewritePattern):
    """A ``slice.window`` becomes a positive-stride ``tensor.extract_slice``, a reversal
    of its negative-stride dims and the reshapes to its result type."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: WindowOp, rewriter: PatternRewriter) -> None:
        source_type, result_type = op.source_type, op.result_type
        w = op.window
        shape = list(w.sizes)
        ops: list[Operation] = []
        value: SSAValue = op.source
        if 0 in source_type.get_shape():
            # Upstream's verifier rejects every offset into a dim of size 0, even with
            # size 0; the window is empty and reads nothing, so its value is any tensor
            # of its shape.
            empty = tensor.EmptyOp([], _tensor(result_type.get_element_type(), shape))
            ops.append(empty)
            value = empty.tensor
        elif not w.is_identity(source_type.get_shape()):
            # The lowest index a dim reads, and its distance between reads.
            offsets = [
                o + s * (c - 1) if s < 0 else o
                for o, c, s in zip(w.offsets, w.sizes, w.strides)
            ]
            extract = tensor.ExtractSliceOp(
                value,
                offsets,
                shape,
                [abs(s) for s in w.strides],
                _tensor(result_type.get_element_type(), shape),
            )
            ops.append(extract)
            value = extract.result
            reversed_dims = [d for d, s in enumerate(w.strides) if s < 0]
            if reversed_dims:
                ops.extend(reverse_dims(value, shape, reversed_dims))
                value = ops[-1].results[0]
        reshapes, value = reshape_to(value, shape, result_type)
        ops.extend(reshapes)
        for new_op in ops:
            new_op.location = op.location
        rewriter.replace(op, ops, [value])


Mixed = int | SSAValue


class _Index:
    """Builds ``index`` arithmetic into ``ops``, folding what is static."""

    def __init__(self) -> None:
        self.ops: list[Operation] = []
        self._constants: dict[int, SSAValue] = {}

    def value(self, v: Mixed) -> SSAValue:
        if isinstance(v, SSAValue):
            return v
        if v not in self._constants:
            c = arith.ConstantOp(IntegerAttr(v, IndexType()))
            self.ops.append(c)
            self._constants[v] = c.result
        return self._constants[v]

    def _emit(self, op: Operation) -> SSAValue:
        self.ops.append(op)
        return op.results[0]

    def add(self, a: Mixed, b: Mixed) -> Mixed:
        if isinstance(a, int) and isinstance(b, int):
            return a + b
        return self._emit(arith.AddiOp(self.value(a), self.value(b)))

    def sub(self, a: Mixed, b: Mixed) -> Mixed:
        if isinstance(a, int) and isinstance(b, int):
            return a - b
        return self._emit(arith.SubiOp(self.value(a), self.value(b)))

    def mul(self, a: Mixed, b: Mixed) -> Mixed:
        if isinstance(a, int) and isinstance(b, int):
            return a * b
        return self._emit(arith.MuliOp(self.value(a), self.value(b)))

    def negative(self, a: Mixed) -> bool | SSAValue:
        if isinstance(a, int):
            return a < 0
        return self._emit(arith.CmpiOp(a, self.value(0), "slt"))

    def select(self, cond: bool | SSAValue, a: Mixed, b: Mixed) -> Mixed:
        if isinstance(cond, bool):
            return a if cond else b
        return self._emit(arith.SelectOp(cond, self.value(a), self.value(b)))


def _erase_unused(
    rewriter: PatternRewriter,
    earlier: Operation | None,
    op: Operation,
    kept: Sequence[Mixed],
) -> None:
    """Erase the ops between ``earlier`` (or the block's start) and ``op`` that nothing
    uses and whose results are not ``kept`` (to be used), last first: a comparison
    built for a select that folded."""
    block = op.parent_block()
    assert block is not None
    built: list[Operation] = []
    current = earlier.next_op if earlier is not None else block.first_op
    while current is not None and current is not op:
        built.append(current)
        current = current.next_op
    for built_op in reversed(built):
        if is_dead(built_op) and not any(r in kept for r in built_op.results):
            rewriter.erase(built_op)


def _mixed_type(element_type: Attribute, dims: Sequence[Mixed]) -> TensorType:
    return _tensor(
        element_type, [d if isinstance(d, int) else DYNAMIC_INDEX for d in dims]
    )


def _dynamic_reverse(
    b: _Index,
    value: SSAValue,
    sizes: Sequence[Mixed],
    flips: Sequence[bool | SSAValue],
) -> SSAValue:
    """A ``linalg.generic`` writing ``value`` with dim ``d`` reversed where ``flips[d]``
    holds at run time: element ``c`` reads ``value[c']`` with ``c'[d] = flips[d] ?
    sizes[d] - 1 - c[d] : c[d]`` (``linalg.index`` and ``tensor.extract``)."""
    assert isinstance(value.type, TensorType)
    element_type = value.type.get_element_type()
    rank = len(sizes)
    init = tensor.EmptyOp(
        [b.value(s) for s in sizes if isinstance(s, SSAValue)], value.type
    )
    b.ops.append(init)
    lasts = [b.sub(s, 1) if f is not False else None for s, f in zip(sizes, flips)]
    body = Block(arg_types=[element_type])
    indices: list[SSAValue] = []
    for d in range(rank):
        index = IndexOp(d)
        body.add_op(index)
        c: SSAValue = index.result
        last = lasts[d]
        if last is not None:
            back = arith.SubiOp(b.value(last), c)
            body.add_op(back)
            flip = flips[d]
            if isinstance(flip, bool):
                c = back.result
            else:
                chosen = arith.SelectOp(flip, back.result, c)
                body.add_op(chosen)
                c = chosen.result
        indices.append(c)
    element = tensor.ExtractOp(value, indices, element_type)
    body.add_op(element)
    body.add_op(YieldOp(element.result))
    generic = GenericOp(
        [],
        [init.tensor],
        Region(body),
        [AffineMapAttr(AffineMap.identity(rank))],
        [IteratorTypeAttr.parallel()] * rank,
        [value.type],
    )
    b.ops.append(generic)
    return generic.results[0]


class DynamicWindowToTensor(RewritePattern):
    """A ``slice.dynamic_window`` becomes a positive-stride ``tensor.extract_slice``
    (offset the lowest index each dim reads, stride its absolute value, computed at run
    time where the stride is dynamic), a reversal of the dims whose stride is negative
    (a ``linalg.generic`` whose body reads ``size - 1 - c`` where the run-time sign says
    so), and the reshapes to its result type (a ``tensor.cast`` to its static dims)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: DynamicWindowOp, rewriter: PatternRewriter) -> None:
        result_type = op.result_type
        element_type = result_type.get_element_type()
        b = _Index()
        sizes = op.mixed_sizes()
        # the offsets and strides in the normal form (run-time values need not be:
        # semantics.run_time_window_dim_on), so an empty dim's offset and a dim of
        # one element's stride cannot leave the source or int64 below
        # (a static stride is kept, so its sign stays static: where such a dim has at
        # most one element, its reversal below is the identity and its lowest index
        # the offset, ``small``)
        earlier = op.prev_op
        dom = IRBuilder.before(op, rewriter, IndexType())
        offsets: list[Mixed] = []
        strides: list[Mixed] = []
        small: list[bool | SSAValue] = []
        for off, size, stride in zip(op.mixed_offsets(), sizes, op.mixed_strides()):
            normal = semantics.normal_dim_on(dom, off, size, stride)
            offsets.append(normal[0])
            strides.append(stride if isinstance(stride, int) else normal[2])
            reversed_ = isinstance(stride, int) and stride < 0
            small.append(dom.le(size, dom.const(1)) if reversed_ else False)
        _erase_unused(rewriter, earlier, op, [*offsets, *strides, *small])
        if 0 in op.source_type.get_shape():
            # As for slice.window: upstream's verifier rejects every offset into a
            # static dim of size 0; the window reads nothing, so its value is any
            # tensor of its sizes.
            empty = tensor.EmptyOp(
                [b.value(s) for s in sizes if isinstance(s, SSAValue)],
                _mixed_type(element_type, sizes),
            )
            b.ops.append(empty)
            self._finish(op, rewriter, b, empty.tensor, sizes)
            return
        flips = [b.negative(s) for s in strides]
        lows: list[Mixed] = []
        steps: list[Mixed] = []
        for off, size, stride, flip, one in zip(offsets, sizes, strides, flips, small):
            if flip is False:
                lows.append(off)
                steps.append(stride)
                continue
            # off + stride * (size - 1), off where the size is 0 or 1 (the normal
            # form above, or ``small``)
            low = b.select(one, off, b.add(off, b.mul(stride, b.sub(size, 1))))
            lows.append(b.select(flip, low, off))
            steps.append(b.select(flip, b.sub(0, stride), stride))
        window_type = _mixed_type(element_type, sizes)
        extract = tensor.ExtractSliceOp(op.source, lows, sizes, steps, window_type)
        b.ops.append(extract)
        value: SSAValue = extract.result
        if any(f is not False for f in flips):
            if all(isinstance(f, bool) for f in flips) and all(
                isinstance(s, int) for s in sizes
            ):
                static_sizes = [s for s in sizes if isinstance(s, int)]
                b.ops.extend(
                    reverse_dims(
                        value, static_sizes, [d for d, f in enumerate(flips) if f]
                    )
                )
                value = b.ops[-1].results[0]
            else:
                value = _dynamic_reverse(b, value, sizes, flips)
        self._finish(op, rewriter, b, value, sizes)

    @staticmethod
    def _finish(
        op: DynamicWindowOp,
        rewriter: PatternRewriter,
        b: _Index,
        value: SSAValue,
        sizes: Sequence[Mixed],
    ) -> None:
        """Reshape ``value`` (of the window's ``sizes``) to the result type and
        replace ``op`` by the ops built.

        The reshapes produce the result type with each ``?`` dim whose size is static
        made that size (the verifier takes ``tensor<?xf32>`` for a static size 2, but
        upstream's reshapes and slices keep static dims static); a ``tensor.cast`` then
        gives the result type itself."""
        result_type = op.result_type
        exact = _exact_result_type(result_type, sizes)
        if all(isinstance(s, int) for s in sizes):
            static_sizes = [s for s in sizes if isinstance(s, int)]
            reshapes, value = reshape_to(value, static_sizes, exact)
            b.ops.extend(reshapes)
        else:
            value = _dynamic_reshape(b, value, sizes, exact)
        if exact != result_type:
            cast = tensor.CastOp(value, result_type)
            b.ops.append(cast)
            value = cast.results[0]
        for new_op in b.ops:
            new_op.location = op.location
        rewriter.replace(op, b.ops, [value])


def _exact_result_type(result_type: TensorType, sizes: Sequence[Mixed]) -> TensorType:
    """``result_type`` with each ``?`` dim paired with a static size (``unit_dim_pairs``)
    made that size."""
    known = [s if isinstance(s, int) else None for s in sizes]
    shape = list(result_type.get_shape())
    pairs = unit_dim_pairs(known, shape_of(result_type))
    assert pairs is not None, "checked by the verifier"
    for i, j in pairs:
        size = sizes[i]
        if isinstance(size, int):
            shape[j] = size
    return _tensor(result_type.get_element_type(), shape)


def _dynamic_reshape(
    b: _Index, value: SSAValue, sizes: Sequence[Mixed], result_type: TensorType
) -> SSAValue:
    """``value`` (of the window's ``sizes``, some dynamic) as ``result_type``, whose
    ``?`` dims pair with dynamic sizes only (:func:`_exact_result_type`): the static
    unit dims dropped (``tensor.collapse_shape``), the rest cast to the result's static
    dims (``tensor.cast``), the result's unit dims inserted (``tensor.expand_shape``).
    The window has at least one dynamic size, so the core is never rank 0."""
    element_type = result_type.get_element_type()
    target = list(result_type.get_shape())
    shape = [s if isinstance(s, int) else DYNAMIC_INDEX for s in sizes]
    core_sizes = [s for s in sizes if s != 1]
    core_target = [d for d in target if d != 1]
    assert len(core_sizes) == len(core_target), "checked by the verifier"
    if len(core_sizes) != len(sizes):
        collapse = tensor.CollapseShapeOp(
            operands=[value],
            result_types=[_mixed_type(element_type, core_sizes)],
            properties={"reassociation": _reassociation(_unit_groups(shape))},
        )
        b.ops.append(collapse)
        value = collapse.result
    assert isinstance(value.type, TensorType)
    if list(value.type.get_shape()) != core_target:
        cast = tensor.CastOp(value, _tensor(element_type, core_target))
        b.ops.append(cast)
        value = cast.results[0]
    if core_target != target:
        dynamic = [
            b.value(s) for s, t in zip(core_sizes, core_target) if t == DYNAMIC_INDEX
        ]
        expand = tensor.ExpandShapeOp(
            value, dynamic, _reassociation(_unit_groups(target)), target, result_type
        )
        b.ops.append(expand)
        value = expand.result
    return value


def _constant_value(value: SSAValue) -> int | None:
    """The integer ``value`` holds when an ``arith.constant`` defines it."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


UNKNOWN_VALUE = "?"
"""What an upstream assertion message shows for a value known only at run time."""


def assert_message(op: CheckOp) -> str:
    """The message of the ``cf.assert`` of ``op``: its template
    (``dialect.message_parts``) with each value that is an ``arith.constant`` written
    in, and :data:`UNKNOWN_VALUE` (``?``) for each value known only at run time (an
    upstream assertion message is a fixed string)."""
    try:
        parts = message_parts(op.message.data)
    except ValueError as e:  # unverified IR: the verifier's message
        raise OpPassFailedException(
            op, f"slice.check: message field {e} is not a placeholder {{N}}"
        ) from None
    text: list[str] = []
    for part in parts:
        if isinstance(part, str):
            text.append(part)
            continue
        known = _constant_value(op.values[part]) if part < len(op.values) else None
        text.append(UNKNOWN_VALUE if known is None else str(known))
    return "".join(text)


class CheckToAssert(RewritePattern):
    """A ``slice.check`` becomes a ``cf.assert`` of its condition: the program aborts
    where ours raises, with the message of :func:`assert_message` (the run-time values
    as ``?``)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: CheckOp, rewriter: PatternRewriter) -> None:
        assertion = cf.AssertOp(op.condition, assert_message(op))
        assertion.location = op.location
        rewriter.replace(op, [assertion], [])


SLICE_TO_TENSOR_PATTERNS: tuple[RewritePattern, ...] = (
    WindowToTensor(),
    DynamicWindowToTensor(),
    CheckToAssert(),
)
"""One pattern per slice op that ``convert-slice-to-tensor`` takes to upstream ops."""


def not_converted(op: Operation) -> str:
    """Why ``convert-slice-to-tensor`` cannot take ``op``, a slice op it has no pattern
    for, and what to do instead."""
    if isinstance(op, FrameworkSliceOp):
        return (
            f"{op.name}: convert-slice-to-tensor converts slice.window, "
            "slice.dynamic_window and slice.check only; run canonicalize-slices first "
            "(with dynamic=true, its default, for an op whose parameters are run-time "
            "values or whose data dims are dynamic)"
        )
    if isinstance(op, CopyRunOp | DynamicCopyRunOp):
        return (
            f"{op.name}: a copy of lowered memrefs; convert-slice-to-tensor takes the "
            "tensor program, before convert-slice-to-loops"
        )
    return f"{op.name}: convert-slice-to-tensor has no upstream form for this op"


def check_no_slice_ops(module: builtin.ModuleOp) -> None:
    """Fail, naming the first slice op left in ``module``: the output of
    ``convert-slice-to-tensor`` is upstream MLIR only."""
    for op in module.walk():
        if op.name.startswith("slice."):
            raise OpPassFailedException(op, not_converted(op))


@dataclass(frozen=True)
class ConvertSliceToTensorPass(SlicePass):
    """Rewrite every ``slice.window`` and ``slice.dynamic_window`` into upstream
    ``tensor``, ``linalg`` and ``arith`` ops, and every ``slice.check`` (the run-time
    checks ``canonicalize-slices`` leaves for a framework op with run-time parameters
    or ``?`` dims) into ``cf.assert``.

    Run ``canonicalize-slices`` first: a framework op left in the module (not a window
    yet) makes the pass fail naming it, as does any other slice op, so the output never
    holds a slice op. Every op that is not a slice op is left unchanged.
    """

    name = "convert-slice-to-tensor"

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        verify_slice_ops(op)
        for inner in op.walk():
            if isinstance(inner, FrameworkSliceOp | CopyRunOp | DynamicCopyRunOp):
                raise OpPassFailedException(inner, not_converted(inner))
        rewrite_module(op, SLICE_TO_TENSOR_PATTERNS, recursively=False, dce=False)
        check_no_slice_ops(op)
