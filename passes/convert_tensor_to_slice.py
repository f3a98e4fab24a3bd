"""``convert-tensor-to-slice``: upstream ``tensor.extract_slice`` becomes ``slice.window``.

An ``extract_slice`` has the window's element rule (``result[c] = source[offsets +
strides * c]``), so a static one is a window once put in our normal form (stride 1 where
the size is at most 1, offset 0 where it is 0). Every stride is taken, negative ones
too, and rank-reducing slices keep their result type (the window drops the unit dims).
Then ``canonicalize-slices`` composes chains of extract_slices and framework slices into
one window, and the C target runs it.

Unlike upstream's verifier, this one proves every access in bounds: a static slice that
reads outside its source (a negative stride running below 0 included) is an error naming
the ``tensor.extract_slice``, its operand and the value, at the op's location. An empty
slice reads nothing, so its offsets are not checked (upstream rejects some valid ones).

A dynamic extract_slice (an offset, size or stride operand, or a ``?`` source or result
dim) becomes a ``slice.dynamic_window`` with the same mixed static/dynamic values (a
size operand stays one even where it is a constant). What is static is checked here as
above (a size < 0, a stride 0 with a static size > 1, a static offset or last index out
of bounds are errors naming the op). Our normal form (offset 0 where the size is 0,
stride 1 where it is at most 1) is applied where the size is static; where it is dynamic
the values stay as they are (a dynamic window puts a run-time offset of an empty dim, or
stride of a one-element dim, stride 0 included, in the normal form before checking it),
but a static stride 0, which the window's verifier refuses, becomes an ``arith.select``
on the run-time size (``canonicalize`` folds it away when the size is a constant), so
every slice upstream accepts in normal form or not is a valid window. A slice of
elements slice ops do not move, or of encoded tensors, is left as it is. Two differences
at run time,
both checked by ``slice.dynamic_window`` when it runs (an error, never an access):
upstream leaves an out-of-bounds dynamic slice undefined, ours refuses it; upstream
reads one element repeatedly for a stride 0 with a size > 1, ours refuses it (a window
needs a non-zero stride).

```mlir
%r = tensor.extract_slice %x[1, 4] [2, 3] [1, -2] : tensor<4x5xf32> to tensor<2x3xf32>
// becomes
%r = slice.window %x offsets [1, 4] sizes [2, 3] strides [1, -2]
    : tensor<4x5xf32> -> tensor<2x3xf32>
```
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, builtin, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IndexType,
    IntegerAttr,
    NoneAttr,
    TensorType,
    UnitAttr,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)

from passes import SlicePass, rewrite_module, verify_slice_ops
from passes.canonicalize_slices import check_window_on, feeds_only_dead_code
from slice_dialect import semantics
from slice_dialect.dialect import (
    DynamicWindowOp,
    Mixed,
    WindowOp,
    always_runs,
    element_type_problem,
    operand_type,
    shape_of,
    unit_dim_pairs,
)
from slice_dialect.errors import OpPassFailedException
from slice_dialect.ir_domain import IRBuilder
from slice_dialect.locations import inherit_text_location
from slice_dialect.semantics import SliceSemanticsError


def unraised_type(op: tensor.ExtractSliceOp) -> str | None:
    """Why the slice is not of tensors slice ops move (elements of a type of SPEC
    section 1 and no encoding), or ``None`` where it is. Others (``index``, ``f80``,
    vectors, encoded tensors, whose encoding a window would drop) are left as upstream
    ops, valid or not. An operand that is no tensor (unverified IR) is
    ``tensor_types``' error."""
    for t in tensor_types(op):
        problem = element_type_problem(t.get_element_type())
        if problem is not None:
            return problem
        if not isinstance(t.encoding, NoneAttr):
            return f"{t} has an encoding, which a window would drop"
    return None


def tensor_types(
    op: tensor.ExtractSliceOp,
) -> tuple[TensorType[Attribute], TensorType[Attribute]]:
    """The source and result types of ``op``, tensors by its IRDL constraints once it
    verified (a ``VerifyException`` at the op for unverified IR), of one element type
    (xDSL's verifier does not check it, upstream's does: an error at the op)."""
    source = operand_type(op, op.source, "source", TensorType)
    result = operand_type(op, op.result, "result", TensorType)
    if source.get_element_type() != result.get_element_type():
        raise OpPassFailedException(
            op,
            f"{op.name}: result element type {result.get_element_type()} differs "
            f"from the source element type {source.get_element_type()}",
        )
    return source, result


def static_window(op: tensor.ExtractSliceOp) -> semantics.Window | None:
    """The normal-form window of a static ``extract_slice``, checked in bounds; ``None``
    if any of its parameters or shapes is dynamic. Raises ``OpPassFailedException`` for
    a slice that is not a valid window."""
    if op.offsets or op.sizes or op.strides:
        return None
    source_type, result_type = tensor_types(op)
    shape = source_type.get_shape()
    if DYNAMIC_INDEX in shape or DYNAMIC_INDEX in result_type.get_shape():
        return None
    offsets = op.static_offsets.get_values()
    sizes = op.static_sizes.get_values()
    strides = op.static_strides.get_values()
    name = op.name
    try:
        if not len(offsets) == len(sizes) == len(strides) == len(shape):
            raise SliceSemanticsError(
                name,
                f"{len(offsets)} offsets, {len(sizes)} sizes and {len(strides)} "
                f"strides for a source of rank {len(shape)}",
            )
        for i, (size, stride) in enumerate(zip(sizes, strides)):
            if size < 0:
                raise SliceSemanticsError(name, f"sizes[{i}] = {size} is negative")
            if size > 1 and stride == 0 and not always_runs(op):
                # upstream's verifier takes it, and it may never run: a dynamic
                # window's, checked when it runs (DynamicExtractSliceToWindow)
                return None
            if size > 1 and stride == 0:
                raise SliceSemanticsError(
                    name,
                    f"strides[{i}] = 0 with sizes[{i}] = {size}: a window needs a "
                    "non-zero stride",
                )
        dims = [semantics.normal_dim(*d) for d in zip(offsets, sizes, strides)]
        window = semantics.Window(
            tuple(d[0] for d in dims),
            tuple(d[1] for d in dims),
            tuple(d[2] for d in dims),
        )
        semantics.window(shape, window.offsets, window.sizes, window.strides)
    except SliceSemanticsError as e:
        raise OpPassFailedException(op, f"{name}: {e.detail}") from e
    if not semantics.drops_unit_dims(window.sizes, result_type.get_shape()):
        raise OpPassFailedException(
            op,
            f"{name}: result type {result_type} does not match sizes "
            f"{list(window.sizes)} (only size-1 dims may be removed, in place)",
        )
    return window


class ExtractSliceToWindow(RewritePattern):
    """A static ``tensor.extract_slice`` becomes the same ``slice.window``."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: tensor.ExtractSliceOp, rewriter: PatternRewriter
    ) -> None:
        if unraised_type(op) is not None:
            return
        window = static_window(op)
        if window is None:
            return
        new_op = WindowOp(op.source, window, op.result.type)
        new_op.location = op.location
        inherit_text_location(new_op, op)
        rewriter.replace(op, new_op)


def _constant(value: SSAValue) -> int | SSAValue:
    """The value of an ``arith.constant`` operand, else the operand."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return value


def _mixed(
    static: Sequence[int], dynamic: Sequence[SSAValue], fold: bool = True
) -> list[int | SSAValue]:
    """The mixed values, an operand defined by ``arith.constant`` taken as static
    where ``fold``."""
    values = iter(dynamic)
    take = _constant if fold else lambda v: v
    return [take(next(values)) if v == DYNAMIC_INDEX else v for v in static]


@dataclass(frozen=True)
class DynamicExtractSliceToWindow(RewritePattern):
    """A dynamic ``tensor.extract_slice`` becomes a ``slice.dynamic_window`` with the
    same mixed values, put in normal form (statically, or by ``arith.select`` on a
    run-time size); its static parts checked as a static slice's are. With
    ``checks``, the window's run-time checks are made before it, their messages
    naming ``tensor.extract_slice``, and the window is ``in_bounds``."""

    checks: bool = False

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: tensor.ExtractSliceOp, rewriter: PatternRewriter
    ) -> None:
        if unraised_type(op) is not None or static_window(op) is not None:
            return
        name = op.name
        source_type, result_type = tensor_types(op)
        shape = shape_of(source_type)
        may_not_run = not always_runs(op)

        def normal(fold: bool) -> tuple[IRBuilder, list[Operation], list[list[Mixed]]]:
            """The builder, its ops and the window's values: the normal form
            (semantics.normal_dim_on), folded where the size is static and emitted as
            index arithmetic where it is not, the known values checked; ``fold``:
            constant operands taken as static values."""
            values = [
                _mixed(static.get_values(), dynamic, fold)
                for static, dynamic in (
                    (op.static_offsets, op.offsets),
                    (op.static_sizes, op.sizes),
                    (op.static_strides, op.strides),
                )
            ]
            offsets, sizes, strides = values
            ops: list[Operation] = []
            dom = IRBuilder(ops.append, value_type=IndexType(), defer=may_not_run)
            if not fold:  # a static stride 0 too (static_window left it): an operand
                values[2] = strides = [
                    dom.value(0) if not isinstance(v, SSAValue) and v == 0 else v
                    for v in strides
                ]
            try:
                dims(dom, offsets, sizes, strides)
            except SliceSemanticsError:
                for made in reversed(ops):
                    made.erase()  # never inserted: drops its operands' uses
                raise
            return dom, ops, values

        def dims(
            dom: IRBuilder, offsets: list[Mixed], sizes: list[Mixed], strides: list[Mixed]
        ) -> None:
            semantics.check_window_lengths(name, len(shape), offsets, sizes, strides)
            for i, (d, off, size, stride) in enumerate(
                zip(shape, offsets, sizes, strides)
            ):
                if isinstance(size, int):
                    if size < 0:
                        raise SliceSemanticsError(
                            name, f"sizes[{i}] = {size} is negative"
                        )
                    if size > 1 and stride == 0:
                        raise SliceSemanticsError(
                            name,
                            f"strides[{i}] = 0 with sizes[{i}] = {size}: a window needs "
                            "a non-zero stride",
                        )
                if isinstance(size, int) or stride == 0:
                    # folded where the size is static; a static stride 0 (which the
                    # verifier refuses) selected where the size is not
                    offsets[i], _, strides[i] = semantics.normal_dim_on(
                        dom, off, size, stride
                    )
                known = [
                    v if isinstance(v, int) else None
                    for v in (offsets[i], sizes[i], strides[i])
                ]
                semantics.check_window_dim(name, i, d, *known)

        try:
            try:
                dom, ops, (offsets, sizes, strides) = normal(fold=True)
            except SliceSemanticsError:
                if not may_not_run:
                    raise
                # constants that fail the checks, where the slice may never run (in
                # an scf.if, an scf.for, a linalg.generic: dialect.always_runs): they
                # stay operands, checked when it runs (session 66; upstream's
                # verifier takes them too, unlike static values out of bounds)
                dom, ops, (offsets, sizes, strides) = normal(fold=False)
        except SliceSemanticsError as e:
            raise OpPassFailedException(op, f"{name}: {e.detail}") from e
        # The window keeps each size operand (a constant one too: folded, a static 1
        # would not pair with the ? its result dim has; canonicalize-slices folds it
        # and casts); its static checks above took the constant's value.
        operands = iter(op.sizes)
        sizes = [
            next(operands) if v == DYNAMIC_INDEX else v
            for v in op.static_sizes.get_values()
        ]
        known_sizes = [v if isinstance(v, int) else None for v in sizes]
        if not semantics.drops_unit_dims(known_sizes, shape_of(result_type)):
            raise OpPassFailedException(
                op,
                f"{name}: result type {result_type} does not match the sizes "
                "(only size-1 dims may be removed, in place)",
            )
        # an entry the checks left that equals DYNAMIC_INDEX (int64's least, from an
        # arith.constant operand) would read as the marker of a dynamic entry in the
        # window's static array: it stays a value (the operand it came from), and the
        # window refuses it when it runs
        marker = next(
            (
                v
                for v in (*op.offsets, *op.sizes, *op.strides)
                if _constant(v) == DYNAMIC_INDEX
            ),
            None,
        )
        offsets, sizes, strides = (
            [
                (dom.value(v) if marker is None else marker) if v == DYNAMIC_INDEX else v
                for v in values
            ]
            for values in (offsets, sizes, strides)
        )
        # The window's run-time checks, before it and named for the op the user
        # wrote; the window, then valid whenever it runs, is in_bounds: its own
        # checks are not made again. A slice only dead code reads is left to
        # dead-code elimination, unchecked.
        new_op = DynamicWindowOp(op.source, offsets, sizes, strides, result_type)
        if self.checks and not feeds_only_dead_code(op):
            pairs = unit_dim_pairs(known_sizes, shape_of(result_type))
            assert pairs is not None, "checked above (drops_unit_dims)"
            try:
                check_window_on(dom, new_op, pairs, name)
            except SliceSemanticsError as e:  # a check of values it folded
                raise OpPassFailedException(op, str(e)) from e
            new_op.properties["in_bounds"] = UnitAttr()
        ops.append(new_op)
        for o in ops:
            o.location = op.location
            inherit_text_location(o, op)
        rewriter.replace(op, ops, [new_op.result])


def tensor_to_slice_patterns(checks: bool = False) -> tuple[RewritePattern, ...]:
    """The patterns of ``convert-tensor-to-slice{checks}``: a static and a dynamic
    ``tensor.extract_slice``."""
    return (ExtractSliceToWindow(), DynamicExtractSliceToWindow(checks))


@dataclass(frozen=True)
class _RaiseUnless(RewritePattern):
    """``pattern``, except at the ops ``leave`` names."""

    pattern: RewritePattern
    leave: Callable[[Operation], bool]

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not self.leave(op):
            self.pattern.match_and_rewrite(op, rewriter)


def raise_extract_slices(
    module: builtin.ModuleOp, leave: Callable[[Operation], bool]
) -> None:
    """``convert-tensor-to-slice{checks=true}`` on ``module``, but for the
    ``tensor.extract_slice``s ``leave`` names (``compile`` leaves the index operands'
    makers the lowering refuses, whose refusal says why)."""
    rewrite_module(
        module,
        [_RaiseUnless(p, leave) for p in tensor_to_slice_patterns(checks=True)],
        recursively=False,
        dce=False,
    )


@dataclass(frozen=True)
class ConvertTensorToSlicePass(SlicePass):
    """Rewrite every ``tensor.extract_slice`` into a ``slice.window`` (static) or a
    ``slice.dynamic_window`` (dynamic).

    Run ``canonicalize-slices`` after it to compose chains into one window. Every other
    op is left unchanged; a statically out-of-bounds slice fails the pass with a message
    naming it.

    ``checks``: make each dynamic window's run-time checks (``slice.check``) before it,
    their messages naming ``tensor.extract_slice``, so a window invalid at run time
    fails naming the op that was written (``compile`` raises so), and mark the window
    ``in_bounds``. Without it the window's own checks, made when it is lowered, name
    ``slice.dynamic_window``.
    """

    name = "convert-tensor-to-slice"

    checks: bool = False

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        verify_slice_ops(op)  # the extract_slice ops: the patterns check them
        rewrite_module(
            op, tensor_to_slice_patterns(self.checks), recursively=False, dce=False
        )
