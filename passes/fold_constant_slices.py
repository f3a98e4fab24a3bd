"""Folding a window of an ``arith.constant`` into a constant (SPEC section 8).

``FoldConstantWindow`` is one of the slice ops' canonicalization patterns, so both
``canonicalize`` and ``canonicalize-slices`` run it; framework ops of constants fold once
they have become windows. The elements are moved as raw bytes by
:func:`slice_dialect.semantics.apply_window` (the one definition of a window's elements),
so every element type folds bit for bit: NaN payloads, ``i1``, ``f16``, complex.

Size limit: a window folds when its result has at most ``FOLD_ELEMENT_LIMIT`` (1024)
elements, or is empty (always), or its source is a splat (the result is a splat of the
same value, printed as one value whatever its size). Larger windows of non-splat
constants stay windows: folding would copy part of a large constant into a second one,
growing the IR and the compiled binary. (Upstream MLIR folds ``tensor.extract_slice`` of a
constant only for splats unless asked to, llvm-project#53305.)

```mlir
%c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
%r = slice.window %c offsets [3] sizes [2] strides [-2] : tensor<4xi32> -> tensor<2xi32>
// becomes
%r = arith.constant dense<[4, 2]> : tensor<2xi32>
```
"""

from math import prod

from xdsl.dialects import arith
from xdsl.dialects.builtin import BytesAttr, DenseIntOrFPElementsAttr, TensorType
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)

from slice_dialect import semantics
from slice_dialect.dialect import WindowOp

FOLD_ELEMENT_LIMIT = 1024
"""The largest result, in elements, of a window of a non-splat constant that folds."""


def _is_splat(data: bytes, element_size: int) -> bool:
    first = data[:element_size]
    return data == first * (len(data) // element_size)


class FoldConstantWindow(RewritePattern):
    """A window of a dense ``arith.constant`` becomes a constant (within the limit)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: WindowOp, rewriter: PatternRewriter) -> None:
        constant = op.source.owner
        if not isinstance(constant, arith.ConstantOp):
            return
        value = constant.value
        result_type = op.result.type
        if not isinstance(value, DenseIntOrFPElementsAttr) or not isinstance(
            result_type, TensorType
        ):
            return
        source_shape = tuple(value.get_shape())
        result_shape = tuple(result_type.get_shape())
        data = value.data.data
        element_size = value.get_element_type().compile_time_size
        count = prod(result_shape)
        if count and _is_splat(data, element_size):
            folded = data[:element_size] * count
        elif count > FOLD_ELEMENT_LIMIT:
            return
        else:
            import numpy as np  # only here: slice-opt starts 0.1 s faster without it

            elements = np.frombuffer(data, dtype=np.dtype(f"V{element_size}"))
            folded = semantics.apply_window(
                elements.reshape(source_shape), op.window, result_shape
            ).tobytes()
        new_value = DenseIntOrFPElementsAttr(result_type, BytesAttr(folded))
        new_op = arith.ConstantOp(new_value, result_type)
        new_op.location = op.location
        rewriter.replace(op, new_op)
        if not constant.result.uses:
            rewriter.erase(constant)
