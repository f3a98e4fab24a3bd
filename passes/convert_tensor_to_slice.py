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

Left unchanged: an extract_slice with a dynamic offset, size or stride, or a dynamic
source or result dim (``slice.dynamic_window`` will take it once it exists: one more
pattern in ``TENSOR_TO_SLICE_PATTERNS``).

```mlir
%r = tensor.extract_slice %x[1, 4] [2, 3] [1, -2] : tensor<4x5xf32> to tensor<2x3xf32>
// becomes
%r = slice.window %x offsets [1, 4] sizes [2, 3] strides [1, -2]
    : tensor<4x5xf32> -> tensor<2x3xf32>
```
"""

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import builtin, tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, TensorType
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from slice_dialect import semantics
from slice_dialect.dialect import WindowOp
from slice_dialect.errors import OpPassFailedException
from slice_dialect.semantics import SliceSemanticsError


def static_window(op: tensor.ExtractSliceOp) -> semantics.Window | None:
    """The normal-form window of a static ``extract_slice``, checked in bounds; ``None``
    if any of its parameters or shapes is dynamic. Raises ``OpPassFailedException`` for
    a slice that is not a valid window."""
    if op.offsets or op.sizes or op.strides:
        return None
    source_type = op.source.type
    result_type = op.result.type
    assert isinstance(source_type, TensorType) and isinstance(result_type, TensorType)
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
    if not semantics.same_up_to_unit_dims(window.sizes, result_type.get_shape()):
        raise OpPassFailedException(
            op,
            f"{name}: result type {result_type} does not match sizes "
            f"{list(window.sizes)} (only size-1 dims may be removed)",
        )
    return window


class ExtractSliceToWindow(RewritePattern):
    """A static ``tensor.extract_slice`` becomes the same ``slice.window``."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: tensor.ExtractSliceOp, rewriter: PatternRewriter
    ) -> None:
        window = static_window(op)
        if window is None:
            return
        new_op = WindowOp(op.source, window, op.result.type)
        new_op.location = op.location
        rewriter.replace(op, new_op)


TENSOR_TO_SLICE_PATTERNS: tuple[RewritePattern, ...] = (ExtractSliceToWindow(),)
"""One pattern per upstream op that ``convert-tensor-to-slice`` raises."""


@dataclass(frozen=True)
class ConvertTensorToSlicePass(ModulePass):
    """Rewrite every static ``tensor.extract_slice`` into a ``slice.window``.

    Run ``canonicalize-slices`` after it to compose chains into one window. Dynamic
    slices and every other op are left unchanged; a statically out-of-bounds slice fails
    the pass with a message naming it.
    """

    name = "convert-tensor-to-slice"

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        PatternRewriteWalker(
            GreedyRewritePatternApplier(list(TENSOR_TO_SLICE_PATTERNS)),
            apply_recursively=False,
        ).rewrite_module(op)
