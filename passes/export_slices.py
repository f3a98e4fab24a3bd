"""``export-slices{framework=NAME}``: every ``slice.window`` as one framework's op.

The parameters come from :mod:`slice_dialect.export` (the ones a person of that
framework would write) and become ``arith.constant`` index tensors (``i64``) or
properties; ``canonicalize-slices`` after this pass gives back the same windows. A window
the framework cannot express fails the pass with the reason, at the window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from xdsl.context import Context
from xdsl.dialects import arith, builtin
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType, i64
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)

from passes import SlicePass, rewrite_module, verify_slice_ops
from slice_dialect import dialect, export
from slice_dialect.dtypes import storage_bytes
from slice_dialect.errors import OpPassFailedException


class Constants:
    """The ``arith.constant`` index tensors (``i64``) a framework op takes, in the
    order they are made."""

    def __init__(self) -> None:
        self.ops: list[Operation] = []

    def __call__(self, values: Sequence[int], name: str) -> SSAValue:
        """``%name = arith.constant dense<values> : tensor<Nxi64>``."""
        t = TensorType(i64, [len(values)])
        op = arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(t, list(values)))
        op.result.name_hint = name
        self.ops.append(op)
        return op.result

    def optional(self, values: Sequence[int] | None, name: str) -> SSAValue | None:
        return None if values is None else self(values, name)


def _onnx(
    x: SSAValue, p: export.AxisSliceParams, t: TensorType, c: Constants
) -> Operation:
    starts, ends = c(p.starts, "starts"), c(p.ends, "ends")
    axes, steps = c.optional(p.axes, "axes"), c.optional(p.steps, "steps")
    return dialect.OnnxSliceOp(x, starts, ends, axes, steps, t)


def _onnx_v1(
    x: SSAValue, p: export.AxisSliceParams, t: TensorType, c: Constants
) -> Operation:
    return dialect.OnnxSliceV1Op(x, p.starts, p.ends, p.axes, t)


def _ov_slice(
    x: SSAValue, p: export.AxisSliceParams, t: TensorType, c: Constants
) -> Operation:
    start, stop = c(p.starts, "start"), c(p.ends, "stop")
    # Slice-8's step input is required: ones where every step is 1.
    step = c(p.steps if p.steps is not None else (1,) * len(p.starts), "step")
    return dialect.OvSliceOp(x, start, stop, step, c.optional(p.axes, "axes"), t)


def _tf_strided_slice(
    x: SSAValue, p: export.StridedSliceParams, t: TensorType, c: Constants
) -> Operation:
    begin, end, strides = c(p.begin, "begin"), c(p.end, "end"), c(p.strides, "strides")
    bits = export.StridedSliceParams.bits
    return dialect.TfStridedSliceOp(
        x,
        begin,
        end,
        strides,
        t,
        begin_mask=bits(p.begin_mask),
        end_mask=bits(p.end_mask),
        new_axis_mask=bits(p.new_axis_mask),
        shrink_axis_mask=bits(p.shrink_axis_mask),
    )


def _ov_strided_slice(
    x: SSAValue, p: export.StridedSliceParams, t: TensorType, c: Constants
) -> Operation:
    begin, end = c(p.begin, "begin"), c(p.end, "end")
    stride = c(p.strides, "stride") if any(s != 1 for s in p.strides) else None
    return dialect.OvStridedSliceOp(
        x,
        begin,
        end,
        stride,
        t,
        begin_mask=p.begin_mask,
        end_mask=p.end_mask,
        new_axis_mask=p.new_axis_mask if any(p.new_axis_mask) else None,
        shrink_axis_mask=p.shrink_axis_mask if any(p.shrink_axis_mask) else None,
    )


def _dml_slice1(
    x: SSAValue, p: export.DmlParams, t: TensorType, c: Constants
) -> Operation:
    return dialect.DmlSlice1Op(x, p.window_offsets, p.window_sizes, p.window_strides, t)


FRAMEWORKS: dict[str, tuple[Callable[..., Any], Callable[..., Operation]]] = {
    "onnx": (export.onnx_params, _onnx),
    "onnx_v1": (export.onnx_v1_params, _onnx_v1),
    "ov_slice": (export.ov_slice_params, _ov_slice),
    "ov_strided_slice": (export.ov_strided_slice_params, _ov_strided_slice),
    "tf_strided_slice": (export.tf_strided_slice_params, _tf_strided_slice),
    "dml_slice1": (export.dml_slice1_params, _dml_slice1),
}
"""Each framework: the function of :mod:`slice_dialect.export` giving its parameters
for (source shape, window, result shape), and the builder of its op from them
(source, parameters, result type, the index constants)."""


@dataclass(frozen=True)
class WindowToFramework(RewritePattern):
    """A ``slice.window`` becomes ``slice.<framework>`` with constant parameters.

    ```mlir
    %r = slice.window %x offsets [4] sizes [5] strides [-1] : tensor<8xf32> -> tensor<5xf32>
    // with framework=onnx becomes
    %starts = arith.constant dense<4> : tensor<1xi64>
    %ends = arith.constant dense<-9223372036854775808> : tensor<1xi64>
    %steps = arith.constant dense<-1> : tensor<1xi64>
    %r = slice.onnx %x starts %starts ends %ends steps %steps
        : tensor<8xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<5xf32>
    ```
    """

    framework: str

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: dialect.WindowOp, rewriter: PatternRewriter) -> None:
        source_type, result_type = op.source_type, op.result_type
        params, build = FRAMEWORKS[self.framework]
        constants = Constants()
        try:
            extra = {}
            if self.framework == "tf_strided_slice":  # its kernel's rank-9 rule
                extra["element_bytes"] = storage_bytes(source_type.get_element_type())
            shape = source_type.get_shape()
            p = params(shape, op.window, result_type.get_shape(), **extra)
            framework_op = build(op.source, p, result_type, constants)
        except export.ExportError as e:
            raise OpPassFailedException(
                op,
                f"slice.window: cannot be expressed as slice.{self.framework}: {e}",
            ) from None
        new_ops = [*constants.ops, framework_op]
        for new_op in new_ops:
            new_op.location = op.location
        rewriter.replace(op, new_ops)


@dataclass(frozen=True)
class ExportSlicesPass(SlicePass):
    """Rewrite every ``slice.window`` into one op of ``framework`` (one of
    ``onnx``, ``onnx_v1``, ``ov_slice``, ``ov_strided_slice``, ``tf_strided_slice``,
    ``dml_slice1``) selecting the same elements. Framework ops already in the module stay
    as they are; run ``canonicalize-slices`` first to convert them."""

    name = "export-slices"

    framework: str

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        if self.framework not in FRAMEWORKS:
            raise ValueError(
                f"export-slices: framework = {self.framework!r} is not one of "
                + ", ".join(export.FRAMEWORKS)
            )
        verify_slice_ops(op)
        rewrite_module(
            op, [WindowToFramework(self.framework)], recursively=False, dce=False
        )
