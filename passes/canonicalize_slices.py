"""``canonicalize-slices``: every static slice becomes one normal-form ``slice.window``.

The patterns here are also the slice ops' canonicalization patterns, so ``-p canonicalize``
applies them too. They compute nothing themselves: the window of a framework op comes from
``FrameworkSliceOp.slice_result`` (i.e. :mod:`slice_dialect.semantics`) and the window of
two windows from :func:`slice_dialect.semantics.compose`.
"""

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, builtin, tensor
from xdsl.dialects.builtin import TensorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from passes.fold_constant_slices import FoldConstantWindow
from slice_dialect import semantics
from slice_dialect.dialect import FrameworkSliceOp, WindowOp, shape_of
from slice_dialect.errors import OpPassFailedException
from slice_dialect.semantics import SliceSemanticsError


def _erase_if_dead(value: SSAValue, rewriter: PatternRewriter) -> None:
    """Erase the constant or window producing ``value`` once nothing uses it."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp | WindowOp) and not owner.result.uses:
        rewriter.erase(owner)


def _static_tensor(element_type: Attribute, shape: tuple[int | None, ...]) -> TensorType:
    assert None not in shape
    return TensorType(element_type, [d for d in shape if d is not None])


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
        try:
            res = op.slice_result()
        except SliceSemanticsError as e:
            raise OpPassFailedException(op, str(e)) from e
        if res is None or res.window is None:
            return  # parameters not constant, or the data shape is dynamic
        result_type = op.output.type
        assert isinstance(result_type, TensorType)
        static_type = _static_tensor(result_type.get_element_type(), res.shape)
        new_ops: list[Operation] = [WindowOp(op.source, res.window, static_type)]
        if static_type != result_type:
            new_ops.append(tensor.CastOp(new_ops[0].results[0], result_type))
        for new_op in new_ops:
            new_op.location = op.location
        operands = [v for v in op.index_operands().values() if v is not None]
        rewriter.replace(op, new_ops)
        for value in operands:
            _erase_if_dead(value, rewriter)


class WindowOfWindow(RewritePattern):
    """A window of a window is one window (``semantics.compose``).

    ```mlir
    %a = slice.window %x offsets [2] sizes [4] strides [-1] : tensor<8xf32> -> tensor<4xf32>
    %b = slice.window %a offsets [1] sizes [2] strides [2] : tensor<4xf32> -> tensor<2xf32>
    // becomes
    %b = slice.window %x offsets [1] sizes [2] strides [-2] : tensor<8xf32> -> tensor<2xf32>
    ```
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: WindowOp, rewriter: PatternRewriter) -> None:
        inner = op.source.owner
        if not isinstance(inner, WindowOp):
            return
        inner_type = inner.result.type
        outer_type = op.result.type
        assert isinstance(inner_type, TensorType) and isinstance(outer_type, TensorType)
        source_type = inner.source.type
        assert isinstance(source_type, TensorType)
        composed = semantics.compose(
            inner.window,
            inner_type.get_shape(),
            op.window,
            outer_type.get_shape(),
            source_type.get_shape(),
        )
        if composed is None:
            return  # an empty selection along an inserted unit dim: not one window
        window = WindowOp(inner.source, composed, outer_type)
        window.location = op.location
        rewriter.replace(op, window)
        _erase_if_dead(inner.result, rewriter)


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
        source_type = op.source.type
        assert isinstance(source_type, TensorType)
        if op.result.type != source_type:
            return
        shape = [d for d in shape_of(source_type) if d is not None]
        if not op.window.is_identity(shape):
            return
        rewriter.replace(op, [], [op.source])


SLICE_PATTERNS: tuple[RewritePattern, ...] = (
    FrameworkSliceToWindow(),
    WindowOfWindow(),
    IdentityWindow(),
    FoldConstantWindow(),
)


@dataclass(frozen=True)
class CanonicalizeSlicesPass(ModulePass):
    """Rewrite every static slice into one normal-form ``slice.window``.

    Applies only the slice patterns (the ops' canonicalization patterns) to a fixpoint;
    everything else in the module is left as it was. Ops whose parameters are not
    constant, or whose data shape is dynamic, stay unchanged. Invalid constant parameters
    make the pass fail with the semantics' message.
    """

    name = "canonicalize-slices"

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        PatternRewriteWalker(
            GreedyRewritePatternApplier(list(SLICE_PATTERNS)),
            apply_recursively=True,
        ).rewrite_module(op)
