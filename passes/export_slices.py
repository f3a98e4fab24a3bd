"""``export-slices{framework=NAME}``: every ``slice.window`` as one framework's op.

The parameters come from :mod:`slice_dialect.export` (the ones a person of that
framework would write) and become ``arith.constant`` index tensors (``i64``) or
properties; ``canonicalize-slices`` after this pass gives back the same windows. A window
the framework cannot express fails the pass with the reason, at the window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, builtin
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType, i64
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from slice_dialect import export
from slice_dialect.dialect import (
    DmlSlice1Op,
    OnnxSliceOp,
    OnnxSliceV1Op,
    OvSliceOp,
    OvStridedSliceOp,
    TfStridedSliceOp,
    WindowOp,
)
from slice_dialect.errors import OpPassFailedException
from slice_dialect.semantics import Window


def index_constant(values: Sequence[int], name: str) -> arith.ConstantOp:
    """``%name = arith.constant dense<values> : tensor<Nxi64>``."""
    op = arith.ConstantOp(
        DenseIntOrFPElementsAttr.from_list(TensorType(i64, [len(values)]), list(values))
    )
    op.result.name_hint = name
    return op


Builder = Callable[
    [SSAValue, tuple[int, ...], Window, TensorType, list[Operation]], Operation
]
"""Makes the framework op for a window: (source, source shape, window, result type,
list to append the index constants to) -> the op."""


def _axis_slice_constants(
    params: export.AxisSliceParams,
    new_ops: list[Operation],
    names: tuple[str, str, str, str] = ("starts", "ends", "axes", "steps"),
) -> tuple[SSAValue, SSAValue, SSAValue | None, SSAValue | None]:
    def const(values: Sequence[int] | None, name: str) -> SSAValue | None:
        if values is None:
            return None
        op = index_constant(values, name)
        new_ops.append(op)
        return op.result

    starts, ends = const(params.starts, names[0]), const(params.ends, names[1])
    assert starts is not None and ends is not None
    return starts, ends, const(params.axes, names[2]), const(params.steps, names[3])


def _onnx(
    source: SSAValue,
    shape: tuple[int, ...],
    w: Window,
    t: TensorType,
    new_ops: list[Operation],
) -> Operation:
    params = export.onnx_params(shape, w, t.get_shape())
    starts, ends, axes, steps = _axis_slice_constants(params, new_ops)
    return OnnxSliceOp(source, starts, ends, axes, steps, t)


def _onnx_v1(
    source: SSAValue,
    shape: tuple[int, ...],
    w: Window,
    t: TensorType,
    new_ops: list[Operation],
) -> Operation:
    params = export.onnx_v1_params(shape, w, t.get_shape())
    return OnnxSliceV1Op(source, params.starts, params.ends, params.axes, t)


def _ov_slice(
    source: SSAValue,
    shape: tuple[int, ...],
    w: Window,
    t: TensorType,
    new_ops: list[Operation],
) -> Operation:
    params = export.ov_slice_params(shape, w, t.get_shape())
    # Slice-8's step input is required: ones where every step is 1.
    steps = params.steps if params.steps is not None else (1,) * len(params.starts)
    params = export.AxisSliceParams(params.starts, params.ends, params.axes, steps)
    start, stop, axes, step = _axis_slice_constants(
        params, new_ops, ("start", "stop", "axes", "step")
    )
    assert step is not None
    return OvSliceOp(source, start, stop, step, axes, t)


def _strided_constants(
    params: export.StridedSliceParams,
    new_ops: list[Operation],
    stride_name: str | None,
) -> tuple[SSAValue, SSAValue, SSAValue | None]:
    ops = [index_constant(params.begin, "begin"), index_constant(params.end, "end")]
    with_stride = stride_name is not None
    if stride_name is not None:
        ops.append(index_constant(params.strides, stride_name))
    new_ops.extend(ops)
    return ops[0].result, ops[1].result, ops[2].result if with_stride else None


def _tf_strided_slice(
    source: SSAValue,
    shape: tuple[int, ...],
    w: Window,
    t: TensorType,
    new_ops: list[Operation],
) -> Operation:
    params = export.tf_strided_slice_params(shape, w, t.get_shape())
    begin, end, strides = _strided_constants(params, new_ops, "strides")
    assert strides is not None
    bits = export.StridedSliceParams.bits
    return TfStridedSliceOp(
        source,
        begin,
        end,
        strides,
        t,
        begin_mask=bits(params.begin_mask),
        end_mask=bits(params.end_mask),
        new_axis_mask=bits(params.new_axis_mask),
        shrink_axis_mask=bits(params.shrink_axis_mask),
    )


def _ov_strided_slice(
    source: SSAValue,
    shape: tuple[int, ...],
    w: Window,
    t: TensorType,
    new_ops: list[Operation],
) -> Operation:
    params = export.ov_strided_slice_params(shape, w, t.get_shape())
    with_stride = any(s != 1 for s in params.strides)
    begin, end, stride = _strided_constants(
        params, new_ops, "stride" if with_stride else None
    )
    return OvStridedSliceOp(
        source,
        begin,
        end,
        stride,
        t,
        begin_mask=params.begin_mask,
        end_mask=params.end_mask,
        new_axis_mask=params.new_axis_mask if any(params.new_axis_mask) else None,
        shrink_axis_mask=(
            params.shrink_axis_mask if any(params.shrink_axis_mask) else None
        ),
    )


def _dml_slice1(
    source: SSAValue,
    shape: tuple[int, ...],
    w: Window,
    t: TensorType,
    new_ops: list[Operation],
) -> Operation:
    params = export.dml_slice1_params(shape, w, t.get_shape())
    return DmlSlice1Op(
        source, params.window_offsets, params.window_sizes, params.window_strides, t
    )


BUILDERS: dict[str, Builder] = {
    "onnx": _onnx,
    "onnx_v1": _onnx_v1,
    "ov_slice": _ov_slice,
    "ov_strided_slice": _ov_strided_slice,
    "tf_strided_slice": _tf_strided_slice,
    "dml_slice1": _dml_slice1,
}


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
    def match_and_rewrite(self, op: WindowOp, rewriter: PatternRewriter) -> None:
        source_type, result_type = op.source.type, op.result.type
        assert isinstance(source_type, TensorType)
        assert isinstance(result_type, TensorType)
        shape = tuple(source_type.get_shape())
        new_ops: list[Operation] = []
        try:
            framework_op = BUILDERS[self.framework](
                op.source, shape, op.window, result_type, new_ops
            )
        except export.ExportError as e:
            raise OpPassFailedException(
                op,
                f"slice.window: cannot be expressed as slice.{self.framework}: {e}",
            ) from None
        new_ops.append(framework_op)
        for new_op in new_ops:
            new_op.location = op.location
        rewriter.replace(op, new_ops)


@dataclass(frozen=True)
class ExportSlicesPass(ModulePass):
    """Rewrite every ``slice.window`` into one op of ``framework`` (one of
    ``onnx``, ``onnx_v1``, ``ov_slice``, ``ov_strided_slice``, ``tf_strided_slice``,
    ``dml_slice1``) selecting the same elements. Framework ops already in the module stay
    as they are; run ``canonicalize-slices`` first to convert them."""

    name = "export-slices"

    framework: str

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        if self.framework not in BUILDERS:
            raise ValueError(
                f"export-slices: framework = {self.framework!r} is not one of "
                + ", ".join(export.FRAMEWORKS)
            )
        PatternRewriteWalker(
            WindowToFramework(self.framework), apply_recursively=False
        ).rewrite_module(op)
