"""Tests of the ``slice`` dialect's ops from Python: builders, printing and semantics.

* ``test_builder_round_trip``: each op built with its ``__init__`` from plain Python ints
  and lists verifies inside a ``func.func``, prints in its custom form, and parses back
  (in a context with the slice, arith, func and builtin dialects) to the same text.
* ``test_builder_properties``: what the builders store for defaults and absent values.
* ``test_slice_result``: ``FrameworkSliceOp.slice_result()`` for constant parameters,
  and ``None`` when a parameter is not a constant.
* ``test_docstring_examples_parse_and_verify``: the example in each op's docstring.

The ``.mlir`` tests in ``tests/filecheck/dialects/slice`` cover the textual forms in
depth; these check that the Python side builds the same ops.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from io import StringIO

import pytest
from generators import NON_INTEGER_TYPES
from xdsl.context import Context
from xdsl.dialects import arith, func
from xdsl.dialects.arith import Arith
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    Builtin,
    DenseIntOrFPElementsAttr,
    IntegerType,
    ModuleOp,
    Signedness,
    TensorType,
    UnrankedTensorType,
    f32,
    i32,
    i64,
)
from xdsl.dialects.func import Func
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError, VerifyException

import slice_dialect
import slice_dialect.compiler
from slice_dialect.dialect import (
    DmlSlice1Op,
    DynamicWindowOp,
    FrameworkSliceOp,
    OnnxSliceOp,
    OnnxSliceV1Op,
    OvSliceOp,
    OvStridedSliceOp,
    Slice,
    TfStridedSliceOp,
    WindowOp,
    format_message,
    message_parts,
)
from slice_dialect.errors import OpPassFailedException
from slice_dialect.semantics import SliceResult, SliceSemanticsError, Window

si16 = IntegerType(16, Signedness.SIGNED)


def tensor(element: Attribute, *shape: int) -> TensorType[Attribute]:
    return TensorType(element, list(shape))


def index_constant(values: Sequence[int], element: IntegerType = i64) -> arith.ConstantOp:
    """``arith.constant dense<values> : tensor<Nx{element}>``."""
    attr = DenseIntOrFPElementsAttr.from_list(tensor(element, len(values)), list(values))
    return arith.ConstantOp(attr)


def make_context() -> Context:
    ctx = Context()
    for dialect in (Builtin, Func, Arith, Slice):
        ctx.load_dialect(dialect)
    return ctx


def print_module(module: ModuleOp) -> str:
    stream = StringIO()
    Printer(stream=stream).print_op(module)
    return stream.getvalue()


Build = Callable[[Sequence[SSAValue]], list[Operation]]
"""Builds a slice op (last) and the constants it uses (before it) from the func args."""


@dataclass(frozen=True)
class Case:
    name: str
    arg_types: tuple[TensorType[Attribute], ...]
    build: Build
    expected: str
    """The slice op as printed, after ``%N = ``."""


def build_func(case: Case) -> tuple[ModuleOp, Operation]:
    """A module with one ``func.func`` that returns the slice op's result."""
    block = Block(arg_types=case.arg_types)
    ops = case.build(block.args)
    block.add_ops(ops)
    op = ops[-1]
    result_types = [r.type for r in op.results]
    block.add_op(func.ReturnOp(*op.results))
    fn = func.FuncOp(case.name, (case.arg_types, result_types), Region(block))
    return ModuleOp([fn]), op


def _onnx_v1_default_axes(args: Sequence[SSAValue]) -> list[Operation]:
    return [OnnxSliceV1Op(args[0], [0, 1], [-1, 1000], None, tensor(f32, 1, 3))]


def _onnx_v1_axes(args: Sequence[SSAValue]) -> list[Operation]:
    return [OnnxSliceV1Op(args[0], [1], [3], [-1], tensor(f32, 2, 2))]


def _onnx_default(args: Sequence[SSAValue]) -> list[Operation]:
    starts, ends = index_constant([0, 1]), index_constant([-1, 1000])
    op = OnnxSliceOp(args[0], starts, ends, None, None, tensor(f32, 1, 3))
    return [starts, ends, op]


def _onnx_axes_steps(args: Sequence[SSAValue]) -> list[Operation]:
    starts, ends = index_constant([0], i32), index_constant([4], i32)
    axes, steps = index_constant([1], i32), index_constant([3], i32)
    op = OnnxSliceOp(args[0], starts, ends, axes, steps, tensor(f32, 3, 2), opset=11)
    return [starts, ends, axes, steps, op]


def _onnx_steps_only(args: Sequence[SSAValue]) -> list[Operation]:
    starts = index_constant([4])
    ends = index_constant([-6])
    steps = index_constant([-2])
    op = OnnxSliceOp(args[0], starts, ends, None, steps, tensor(f32, 3), opset=10)
    return [starts, ends, steps, op]


def _ov_slice(args: Sequence[SSAValue]) -> list[Operation]:
    start = index_constant([0, 1])
    stop = index_constant([-1, 1000])
    step = index_constant([1, 1])
    op = OvSliceOp(args[0], start, stop, step, None, tensor(f32, 1, 3))
    return [start, stop, step, op]


def _ov_slice_axes(args: Sequence[SSAValue]) -> list[Operation]:
    start = index_constant([3], i32)
    stop = index_constant([-5])
    step = index_constant([-1])
    axes = index_constant([-1], i32)
    op = OvSliceOp(args[0], start, stop, step, axes, tensor(f32, 2, 4))
    return [start, stop, step, axes, op]


def _ov_strided_no_stride(args: Sequence[SSAValue]) -> list[Operation]:
    begin, end = index_constant([0, 1]), index_constant([1, 3])
    masks = {"begin_mask": [0, 0], "end_mask": [0, 0]}
    op = OvStridedSliceOp(args[0], begin, end, None, tensor(f32, 1, 2), **masks)
    return [begin, end, op]


def _ov_strided_all_masks(args: Sequence[SSAValue]) -> list[Operation]:
    begin = index_constant([1, 3, 0])
    end = index_constant([0, 0, 0])
    stride = index_constant([1, -1, 1])
    op = OvStridedSliceOp(
        args[0],
        begin,
        end,
        stride,
        tensor(si16, 4, 1),
        begin_mask=[0, 0, 0],
        end_mask=[0, 1, 0],
        new_axis_mask=[0, 0, 1],
        shrink_axis_mask=[1, 0, 0],
        ellipsis_mask=[0, 0, 0],
    )
    return [begin, end, stride, op]


def _tf_no_masks(args: Sequence[SSAValue]) -> list[Operation]:
    begin = index_constant([0, 1])
    end = index_constant([1, 3])
    strides = index_constant([1, 1])
    op = TfStridedSliceOp(args[0], begin, end, strides, tensor(f32, 1, 2))
    return [begin, end, strides, op]


def _tf_masks(args: Sequence[SSAValue]) -> list[Operation]:
    begin = index_constant([0, 0, 1, 2], i32)
    end = index_constant([0, 0, 3, 3], i32)
    strides = index_constant([1, 1, 1, 1], i32)
    op = TfStridedSliceOp(
        args[0],
        begin,
        end,
        strides,
        tensor(f32, 2, 1, 3),
        begin_mask=4,
        end_mask=4,
        ellipsis_mask=1,
        new_axis_mask=2,
        shrink_axis_mask=8,
    )
    return [begin, end, strides, op]


def _dml_slice1(args: Sequence[SSAValue]) -> list[Operation]:
    return [DmlSlice1Op(args[0], [0, 1], [4, 3], [-2, 2], tensor(f32, 2, 2))]


def _window(args: Sequence[SSAValue]) -> list[Operation]:
    return [WindowOp(args[0], Window((1, 3), (1, 3), (1, -1)), tensor(f32, 3))]


CASES = [
    Case(
        "onnx_v1_default_axes",
        (tensor(f32, 2, 4),),
        _onnx_v1_default_axes,
        "slice.onnx_v1 %0 starts [0, 1] ends [-1, 1000] : tensor<2x4xf32> -> tensor<1x3xf32>",
    ),
    Case(
        "onnx_v1_axes",
        (tensor(f32, 2, 4),),
        _onnx_v1_axes,
        "slice.onnx_v1 %0 starts [1] ends [3] axes [-1] : tensor<2x4xf32> -> tensor<2x2xf32>",
    ),
    Case(
        "onnx_default",
        (tensor(f32, 2, 4),),
        _onnx_default,
        "slice.onnx %0 starts %1 ends %2 : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> "
        "-> tensor<1x3xf32>",
    ),
    Case(
        "onnx_axes_steps",
        (tensor(f32, 3, 4),),
        _onnx_axes_steps,
        "slice.onnx %0 starts %1 ends %2 axes %3 steps %4 {opset = 11 : i64} : "
        "tensor<3x4xf32>, tensor<1xi32>, tensor<1xi32> axes tensor<1xi32> "
        "steps tensor<1xi32> -> tensor<3x2xf32>",
    ),
    Case(
        "onnx_steps_only",
        (tensor(f32, 5),),
        _onnx_steps_only,
        "slice.onnx %0 starts %1 ends %2 steps %3 {opset = 10 : i64} : "
        "tensor<5xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<3xf32>",
    ),
    Case(
        "ov_slice",
        (tensor(f32, 2, 4),),
        _ov_slice,
        "slice.ov_slice %0 start %1 stop %2 step %3 : tensor<2x4xf32>, tensor<2xi64>, "
        "tensor<2xi64>, tensor<2xi64> -> tensor<1x3xf32>",
    ),
    Case(
        "ov_slice_axes",
        (tensor(f32, 2, 4),),
        _ov_slice_axes,
        "slice.ov_slice %0 start %1 stop %2 step %3 axes %4 : tensor<2x4xf32>, "
        "tensor<1xi32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi32> -> tensor<2x4xf32>",
    ),
    Case(
        "ov_strided_no_stride",
        (tensor(f32, 2, 4),),
        _ov_strided_no_stride,
        "slice.ov_strided_slice %0 begin %1 end %2 {begin_mask = array<i64: 0, 0>, "
        "end_mask = array<i64: 0, 0>} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64> "
        "-> tensor<1x2xf32>",
    ),
    Case(
        "ov_strided_all_masks",
        (tensor(si16, 3, 4),),
        _ov_strided_all_masks,
        "slice.ov_strided_slice %0 begin %1 end %2 stride %3 {begin_mask = array<i64: 0, "
        "0, 0>, end_mask = array<i64: 0, 1, 0>, new_axis_mask = array<i64: 0, 0, 1>, "
        "shrink_axis_mask = array<i64: 1, 0, 0>, ellipsis_mask = array<i64: 0, 0, 0>} : "
        "tensor<3x4xsi16>, tensor<3xi64>, tensor<3xi64> stride tensor<3xi64> "
        "-> tensor<4x1xsi16>",
    ),
    Case(
        "tf_no_masks",
        (tensor(f32, 2, 4),),
        _tf_no_masks,
        "slice.tf_strided_slice %0 begin %1 end %2 strides %3 : tensor<2x4xf32>, "
        "tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<1x2xf32>",
    ),
    Case(
        "tf_masks",
        (tensor(f32, 2, 3, 4),),
        _tf_masks,
        "slice.tf_strided_slice %0 begin %1 end %2 strides %3 {begin_mask = 4 : i64, "
        "end_mask = 4 : i64, ellipsis_mask = 1 : i64, new_axis_mask = 2 : i64, "
        "shrink_axis_mask = 8 : i64} : tensor<2x3x4xf32>, tensor<4xi32>, tensor<4xi32>, "
        "tensor<4xi32> -> tensor<2x1x3xf32>",
    ),
    Case(
        "dml_slice1",
        (tensor(f32, 4, 4),),
        _dml_slice1,
        "slice.dml_slice1 %0 window_offsets [0, 1] window_sizes [4, 3] "
        "window_strides [-2, 2] : tensor<4x4xf32> -> tensor<2x2xf32>",
    ),
    Case(
        "window",
        (tensor(f32, 2, 4),),
        _window,
        "slice.window %0 offsets [1, 3] sizes [1, 3] strides [1, -1] : tensor<2x4xf32> "
        "-> tensor<3xf32>",
    ),
]


BY_NAME = {case.name: case for case in CASES}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_builder_round_trip(case: Case) -> None:
    module, _ = build_func(case)
    module.verify()
    text = print_module(module)
    assert f" = {case.expected}\n" in text

    reparsed = Parser(make_context(), text).parse_module()
    reparsed.verify()
    assert print_module(reparsed) == text


def test_builder_properties() -> None:
    """Defaults the builders store: opset 13, absent optional masks and operands."""
    x = Block(arg_types=[tensor(f32, 2, 4)]).args[0]
    b, e = index_constant([0, 1]), index_constant([1, 3])

    onnx = OnnxSliceOp(x, b, e, None, None, tensor(f32, 1, 2))
    assert onnx.opset.value.data == 13
    assert onnx.axes is None and onnx.steps is None

    v1 = OnnxSliceV1Op(x, [0], [1], None, tensor(f32, 1, 4))
    assert v1.axes is None

    ov = OvStridedSliceOp(x, b, e, None, tensor(f32, 1, 2))
    assert ov.stride is None
    assert list(ov.begin_mask.get_values()) == []
    assert ov.new_axis_mask is None
    assert ov.shrink_axis_mask is None
    assert ov.ellipsis_mask is None

    tf = TfStridedSliceOp(x, b, e, b, tensor(f32, 1, 2), shrink_axis_mask=1)
    assert tf.begin_mask is None
    assert tf.shrink_axis_mask is not None
    assert tf.shrink_axis_mask.value.data == 1
    assert tf.masks() == {
        "begin_mask": 0,
        "end_mask": 0,
        "ellipsis_mask": 0,
        "new_axis_mask": 0,
        "shrink_axis_mask": 1,
    }


def test_builder_masks_are_keywords_of_known_names() -> None:
    """The strided builders take their masks by name, store them in the properties'
    own order whatever the order they are named in, and refuse a name that is not a
    mask (as any unknown keyword is a ``TypeError``)."""
    x = Block(arg_types=[tensor(f32, 2, 4)]).args[0]
    b, e = index_constant([0, 1]), index_constant([1, 3])
    tf = TfStridedSliceOp(x, b, e, b, tensor(f32, 1, 2), new_axis_mask=1, begin_mask=3)
    assert list(tf.properties) == ["begin_mask", "new_axis_mask"]
    ov = OvStridedSliceOp(x, b, e, None, tensor(f32, 1, 2), ellipsis_mask=[0, 1])
    assert [k for k in ov.properties if k.endswith("mask")] == [
        "begin_mask",
        "end_mask",
        "ellipsis_mask",
    ]
    with pytest.raises(TypeError, match="unexpected mask shrink_mask"):
        TfStridedSliceOp(x, b, e, b, tensor(f32, 1, 2), shrink_mask=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected mask strides"):
        OvStridedSliceOp(x, b, e, None, tensor(f32, 1, 2), strides=[1])  # type: ignore[call-arg]


def test_builder_result_type_is_verified() -> None:
    """A builder does not infer the result type; a wrong one fails verification."""
    case = Case(
        "wrong_result",
        (tensor(f32, 2, 4),),
        lambda args: [OnnxSliceV1Op(args[0], [0], [1], None, tensor(f32, 2, 4))],
        "",
    )
    module, _ = build_func(case)
    with pytest.raises(VerifyException, match=r"does not match the shape \[1, 4\]"):
        module.verify()


def slice_result(case: Case) -> SliceResult | None:
    _, op = build_func(case)
    assert isinstance(op, FrameworkSliceOp)
    return op.slice_result()


@pytest.mark.parametrize(
    ("case", "expected"),
    [
        pytest.param(
            BY_NAME["onnx_v1_default_axes"],
            SliceResult(Window((0, 1), (1, 3), (1, 1)), (1, 3)),
            id="onnx_v1_clamped_end",
        ),
        pytest.param(
            BY_NAME["onnx_steps_only"],
            SliceResult(Window((4,), (3,), (-2,)), (3,)),
            id="onnx_negative_step",
        ),
        pytest.param(
            BY_NAME["ov_slice_axes"],
            SliceResult(Window((0, 3), (2, 4), (1, -1)), (2, 4)),
            id="ov_slice_reversed_axis",
        ),
        pytest.param(
            BY_NAME["ov_strided_all_masks"],
            SliceResult(Window((1, 3), (1, 4), (1, -1)), (4, 1)),
            id="ov_strided_shrink_and_new_axis",
        ),
        pytest.param(
            BY_NAME["tf_masks"],
            SliceResult(Window((0, 0, 2), (2, 3, 1), (1, 1, 1)), (2, 1, 3)),
            id="tf_all_masks",
        ),
        pytest.param(
            BY_NAME["dml_slice1"],
            SliceResult(Window((3, 1), (2, 2), (-2, 2)), (2, 2)),
            id="dml_negative_stride_starts_at_window_end",
        ),
    ],
)
def test_slice_result(case: Case, expected: SliceResult) -> None:
    assert slice_result(case) == expected


def test_slice_result_dynamic_dim() -> None:
    """A dynamic dim gives no window and ``None`` in the shape where it matters."""
    case = Case(
        "dynamic",
        (tensor(f32, DYNAMIC_INDEX, 4),),
        lambda args: [
            OnnxSliceV1Op(args[0], [1], [3], [1], tensor(f32, DYNAMIC_INDEX, 2))
        ],
        "",
    )
    assert slice_result(case) == SliceResult(None, (None, 2))


def test_slice_result_not_constant() -> None:
    """A parameter that is a function argument, not a constant: no result."""

    def build(args: Sequence[SSAValue]) -> list[Operation]:
        starts = index_constant([0])
        op = OnnxSliceOp(
            args[0], starts, args[1], None, None, tensor(f32, DYNAMIC_INDEX, 4)
        )
        return [starts, op]

    case = Case("runtime", (tensor(f32, 2, 4), tensor(i64, 1)), build, "")
    assert slice_result(case) is None


def test_slice_result_splat_constant() -> None:
    """A splat ``dense<v>`` constant stands for its value repeated."""

    def build(args: Sequence[SSAValue]) -> list[Operation]:
        zero = arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(tensor(i64, 2), [0]))
        two = arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(tensor(i64, 2), [2]))
        op = OvSliceOp(args[0], zero, two, two, None, tensor(f32, 1, 1))
        return [zero, two, op]

    case = Case("splat", (tensor(f32, 2, 4),), build, "")
    assert slice_result(case) == SliceResult(Window((0, 0), (1, 1), (1, 1)), (1, 1))


def test_slice_result_invalid_params() -> None:
    """Invalid constant parameters raise the semantics error that names op and value."""

    def build(args: Sequence[SSAValue]) -> list[Operation]:
        starts = index_constant([0])
        ends = index_constant([2])
        steps = index_constant([0])
        op = OnnxSliceOp(args[0], starts, ends, None, steps, tensor(f32, 2, 4))
        return [starts, ends, steps, op]

    case = Case("step_zero", (tensor(f32, 2, 4),), build, "")
    with pytest.raises(SliceSemanticsError, match=r"slice\.onnx: steps\[0\] = 0"):
        slice_result(case)


# --- the examples in the ops' docstrings ------------------------------------------------

EXAMPLE_VALUES: dict[str, str] = {
    "slice.onnx_v1": "%x: tensor<2x4xf32>",
    "slice.onnx": "%x: tensor<2x4xf32>, %s: tensor<2xi64>, %e: tensor<2xi64>, "
    "%a: tensor<2xi64>, %st: tensor<2xi64>",
    "slice.ov_slice": "%x: tensor<10xi32>, %b: tensor<1xi64>, %e: tensor<1xi64>, "
    "%s: tensor<1xi64>",
    "slice.ov_strided_slice": "%x: tensor<2x3xf32>, %b: tensor<2xi64>, "
    "%e: tensor<2xi64>, %s: tensor<2xi64>",
    "slice.tf_strided_slice": "%x: tensor<5xf32>, %b: tensor<1xi64>, "
    "%e: tensor<1xi64>, %s: tensor<1xi64>",
    "slice.dml_slice1": "%x: tensor<4x4xf32>",
    "slice.window": "%x: tensor<4x5xf32>",
    "slice.dynamic_window": "%x: tensor<?x6xf32>, %o: index, %n: index",
    "slice.check": "%step: i64, %c0: i64, %in: i1, %a: i64",
    "slice.copy_run": "",
    "slice.dynamic_copy_run": "%src: memref<?xf32>, %dst: memref<?xf32>, %so: index, "
    "%do: index, %n: index, %s: index, %rows: index, %row: index",
    "slice.fill_constant": "%buf: memref<3xi32>",
}
"""The values each op's docstring example uses without defining them, as the arguments
of the function the test puts the example in."""


def docstring_example(op: type[Operation]) -> str | None:
    doc = op.__doc__ or ""
    if "```mlir" not in doc:
        return None
    return doc.split("```mlir", 1)[1].split("```", 1)[0]


@pytest.mark.parametrize("op", list(Slice.operations), ids=lambda op: op.name)
def test_docstring_examples_parse_and_verify(op: type[Operation]) -> None:
    """Every op's docstring example (what ``help()`` and the README's op reference
    show a user) parses and verifies, inside a function taking the values it uses."""
    example = docstring_example(op)
    if op.name == "slice.copy_run":
        assert example is None  # it is made by the lowering; its form is in the README
        return
    assert example is not None, f"{op.name} has no example"
    source = f"func.func @f({EXAMPLE_VALUES[op.name]}) {{\n{example}\n  func.return\n}}"
    ctx = Context()
    for dialect in (Builtin, Func, Arith, Slice):
        ctx.load_dialect(dialect)
    module = Parser(ctx, source).parse_module()
    module.verify()
    assert any(o.name == op.name for o in module.walk()), source


# --- element types (SPEC section 1) ------------------------------------------------------

SPEC_ELEMENT_TYPES = [
    *(f"{sign}i{width}" for sign in ("", "s", "u") for width in range(1, 65)),
    *NON_INTEGER_TYPES,
]
"""Every element type of SPEC section 1: integers of 1 to 64 bits of each signedness,
the four float types and the two complex types."""

OUTSIDE_SPEC = [
    "f80",
    "f128",
    "tf32",
    "f8E4M3FN",
    "f8E5M2",
    "index",
    "i65",
    "ui128",
    "complex<i32>",
    "complex<f16>",
    "vector<2xf32>",
    "tensor<2xf32>",
    "memref<2xf32>",
    "none",
]

WINDOW = Window((0,), (2,), (1,))


def element_type_ops(element: str) -> str:
    """A function with a framework op, ``slice.window`` and ``slice.dynamic_window``
    on ``tensor<..x{element}>``."""
    return f"""\
func.func @f(%x: tensor<4x6x{element}>, %b: tensor<1xi64>, %n: index) {{
  %a = slice.onnx_v1 %x starts [1] ends [3] : tensor<4x6x{element}> -> tensor<2x6x{element}>
  %t = slice.tf_strided_slice %x begin %b end %b strides %b : tensor<4x6x{element}>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<?x6x{element}>
  %w = slice.window %x offsets [3, 0] sizes [2, 3] strides [-2, 2] : tensor<4x6x{element}> -> tensor<2x3x{element}>
  %d = slice.dynamic_window %x offsets [0, 0] sizes [%n, 6] strides [1, 1] : tensor<4x6x{element}> -> tensor<?x6x{element}>
  func.return
}}
"""


def test_every_spec_element_type_verifies() -> None:
    """Every element type of SPEC section 1 passes every kind of slice op's verifier."""
    ctx = make_context()
    for element in SPEC_ELEMENT_TYPES:
        module = Parser(ctx, element_type_ops(element)).parse_module()
        module.verify()
        ops = [o.name for o in module.walk() if o.name.startswith("slice.")]
        assert len(ops) == 4, (element, ops)


@pytest.mark.parametrize("element", OUTSIDE_SPEC)
def test_element_type_outside_spec_is_refused(element: str) -> None:
    """An element type outside SPEC section 1 fails the op's verifier (built in Python,
    or written in the generic form) with a message naming the op, the operand and the
    type, and the custom form at parse time with the same message; they used to verify
    and fail late (the C target, a call) naming neither."""
    ctx = make_context()
    element_type = Parser(ctx, element).parse_type()
    data = tensor(element_type, 4)
    message = (
        f"slice.window: source has type {data}: element type {element_type} is not "
        "supported: a slice moves integers of 1 to 64 bits, f16, bf16, f32, f64, "
        "complex<f32> and complex<f64>"
    )
    case = Case(
        "window",
        (data,),
        lambda args: [WindowOp(args[0], WINDOW, tensor(element_type, 2))],
        "",
    )
    module, _ = build_func(case)
    with pytest.raises(VerifyException) as info:
        module.verify()
    assert str(info.value) == message
    generic = (
        f"func.func @f(%x: {data}) {{\n"
        '  %r = "slice.window"(%x) <{offsets = array<i64: 0>, sizes = array<i64: 2>, '
        f"strides = array<i64: 1>}}> : ({data}) -> {tensor(element_type, 2)}\n"
        "  func.return\n}"
    )
    with pytest.raises(VerifyException) as info:
        Parser(ctx, generic).parse_module().verify()
    assert str(info.value) == message
    with pytest.raises(ParseError) as parse_info:
        Parser(ctx, element_type_ops(element)).parse_module()
    assert parse_info.value.msg == (
        message.replace(
            "slice.window: source has type tensor<4x",
            "slice.onnx_v1: data has type tensor<4x6x",
        )
    )


def test_unranked_tensor_is_named_as_such() -> None:
    """An unranked tensor is a tensor: the message says it must be a ranked one."""
    data = UnrankedTensorType(f32)
    case = Case(
        "window", (data,), lambda args: [WindowOp(args[0], WINDOW, tensor(f32, 2))], ""
    )
    module, op = build_func(case)
    with pytest.raises(VerifyException) as info:
        module.verify()
    assert str(info.value) == (
        "slice.window: source must be a ranked tensor, got tensor<*xf32>"
    )
    assert isinstance(op, WindowOp)
    with pytest.raises(VerifyException) as info:
        _ = op.source_type
    assert str(info.value) == (
        "slice.window: source must be a ranked tensor, got tensor<*xf32>"
    )


# --- slice.check messages ----------------------------------------------------------------


@pytest.mark.parametrize(
    "template",
    [
        "slice.onnx: steps[0] = 0: a step must be non-zero",
        "slice.onnx: axes[0] = {0} is out of range [-2, 1] for rank 2",
        "slice.tf_strided_slice: begin[0] = {0} is out of range [{1}, {2}] for {3}",
        "slice.window: {1} {0} {1} {10}",
        "sizes[0] = {0} but tensor<4xf32, {{a = 1}}> has {1}",
        "{{{0}}}{{}}",
        "",
    ],
)
def test_check_message_formats_as_str_format(template: str) -> None:
    """A valid ``slice.check`` message gives the same text through
    ``format_message`` (the interpreter) and ``str.format`` (the C runtime)."""
    values = list(range(-5, 6))
    assert format_message(template, values) == template.format(*values)


@pytest.mark.parametrize(
    ("template", "field"),
    [
        ("{0:>100000000000000000000}", "{0:>100000000000000000000}"),
        ("a {0} {0:x}", "{0:x}"),
        ("{0!r}", "{0!r}"),
        ("{0.real}", "{0.real}"),
        ("{0[0]}", "{0[0]}"),
        ("{}", "{}"),
        ("{01}", "{01}"),
        ("{-1}", "{-1}"),
        ("{\u0663}", "{\u0663}"),  # an Arabic-Indic digit, which str.format takes
        ("a } b", "}"),
        ("a { b", "{ b"),
        ("{0:{1}}", "{0:"),
    ],
)
def test_check_message_refuses_other_fields(template: str, field: str) -> None:
    with pytest.raises(ValueError) as info:
        message_parts(template)
    assert str(info.value) == field
    module = Parser(
        make_context(),
        f'func.func @f(%ok: i1, %a: i64) {{\n  slice.check %ok, "{template}", %a, %a\n'
        "  func.return\n}",
    ).parse_module()
    with pytest.raises(VerifyException) as verify_info:
        module.verify()
    assert str(verify_info.value).startswith(f"slice.check: message field {field} ")


# --- session 47's review (helper 29): builders and types made in Python -------------


def _one_op_module(
    source: list[int], result: list[int], make: Callable[[SSAValue, Attribute], Operation]
) -> ModuleOp:
    """``@main`` returning the one op ``make(%x, result type)`` builds."""
    block = Block(arg_types=[TensorType(f32, source)])
    op = make(block.args[0], TensorType(f32, result))
    block.add_ops([op, func.ReturnOp(op.results[0])])
    function_type = ([TensorType(f32, source)], [op.results[0].type])
    return ModuleOp([func.FuncOp("main", function_type, Region(block))])


@pytest.mark.parametrize(
    ("source", "result", "place"),
    [
        ([-3, 6], [0, 6], "operand 0"),
        ([4, 6], [-2, 6], "result 0"),
        ([-1, 6], [2, 6], "operand 0"),
    ],
)
def test_a_negative_dim_built_in_python_is_a_verifier_error(
    source: list[int], result: list[int], place: str
) -> None:
    """Text cannot spell ``tensor<-3x6xf32>``, but ``TensorType(f32, [-3, 6])`` builds
    it: it verified, and its kernel returned a ``(0, 6)`` array for any input. Only
    ``DYNAMIC_INDEX`` is ``?``; ``-1`` is not (it was, before xDSL changed it)."""
    module = _one_op_module(
        source, result, lambda x, t: OnnxSliceV1Op(x, [0], [2], None, t)
    )
    with pytest.raises(
        VerifyException, match=f"slice.onnx_v1: {place} has type .* is negative"
    ):
        module.verify()
    with pytest.raises(slice_dialect.SliceError, match="is negative"):
        slice_dialect.compile(module)


def _unverified_memref_starts() -> ModuleOp:
    """``slice.onnx`` with a ``memref`` for ``starts``, as IR parsed by a user's own
    ``Parser`` (which does not verify) has it."""
    text = (
        "func.func @main(%x: tensor<4x6xf32>, %s: memref<1xi64>) -> tensor<?x6xf32> {\n"
        "  %e = arith.constant dense<3> : tensor<1xi64>\n"
        '  %r = "slice.onnx"(%x, %s, %e) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, '
        "0>}> : (tensor<4x6xf32>, memref<1xi64>, tensor<1xi64>) -> tensor<?x6xf32>\n"
        "  func.return %r : tensor<?x6xf32>\n}\n"
    )
    return Parser(slice_dialect.compiler.make_context(), text).parse_module()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: _one_op_module(
                [4, 6], [3, 6], lambda x, t: OnnxSliceV1Op(x, [1], [3], None, t)
            ),
            "slice.onnx_v1: result type tensor<3x6xf32> does not match the shape "
            "[2, 6] the slice gives",
        ),
        (
            lambda: _one_op_module(
                [4, 6],
                [2, -3],
                lambda x, t: DynamicWindowOp(x, [0, 0], [2, 3], [1, 1], t),
            ),
            "slice.dynamic_window: result 0 has type tensor<2x-3xf32> whose dimension "
            "1 = -3 is negative (a dim is >= 0 or ?)",
        ),
        (
            _unverified_memref_starts,
            "slice.onnx: starts must be a 1-D tensor of i32 or i64, got memref<1xi64>",
        ),
    ],
    ids=["result type", "negative dim", "memref starts"],
)
@pytest.mark.parametrize(
    "pass_name",
    [
        "canonicalize-slices",
        "canonicalize",
        "convert-slice-to-loops",
        "convert-slice-to-tensor",
        "export-slices",
    ],
)
def test_passes_on_unverified_ir_fail_with_the_verifier_message(
    make: Callable[[], ModuleOp], message: str, pass_name: str
) -> None:
    """A pass given IR nobody verified (built in Python, or parsed by a user's own
    ``Parser``) verifies the slice ops before it reads them, as ``compile`` does, and
    fails with the verifier's message at the op. Before session 61 they raised an
    ``AssertionError`` (``assert isinstance(t, TensorType)``), an ``IndexError`` or a
    ``ValueError`` from inside a pattern, or rewrote the wrong result type into a
    ``tensor.cast`` that does not verify, which ``compile`` then blamed."""
    from xdsl.passes import PassPipeline

    from slice_dialect.universe import SLICE_UNIVERSE

    module = make()
    ctx = slice_dialect.compiler.make_context()
    passes = SLICE_UNIVERSE.all_passes
    if pass_name == "canonicalize":
        from xdsl.transforms.canonicalize import CanonicalizePass

        pipeline = PassPipeline((CanonicalizePass(),))
    else:
        options = {"framework": "onnx"} if pass_name == "export-slices" else {}
        pipeline = PassPipeline((passes[pass_name]()(**options),))
    with pytest.raises(OpPassFailedException) as info:
        pipeline.apply(ctx, module)
    assert str(info.value) == message
    assert info.value.op.name == message.split(":")[0]


def test_a_negative_dim_of_a_function_argument_is_refused_by_compile() -> None:
    """With no slice op to verify it, ``compile`` refuses it at the signature (it took
    any negative dim for ``?``)."""
    block = Block(arg_types=[TensorType(f32, [-3])])
    block.add_op(func.ReturnOp(block.args[0]))
    t = TensorType(f32, [-3])
    module = ModuleOp([func.FuncOp("main", ([t], [t]), Region(block))])
    with pytest.raises(slice_dialect.SliceError, match="negative dimension -3"):
        slice_dialect.compile(module)


def test_builders_take_numpy_integers_and_none_masks() -> None:
    """Plain values include numpy's integers (they were a ``TypeError`` deep in xDSL:
    ``'<=' not supported between 'int' and 'memoryview'``), and an absent TensorFlow
    mask may be ``None``, as an OpenVINO one may."""
    import numpy as np

    def onnx(x: SSAValue, t: Attribute) -> Operation:
        def index(v: int) -> arith.ConstantOp:
            return arith.ConstantOp(
                DenseIntOrFPElementsAttr.from_list(TensorType(i64, [1]), [v])
            )

        return OnnxSliceOp(x, index(1), index(3), None, None, t, opset=np.int64(11))

    for make in (
        onnx,
        lambda x, t: OnnxSliceV1Op(x, np.array([1]), [np.int32(3)], None, t),
        lambda x, t: WindowOp(x, Window((np.int64(1),), (2,), (1,)), t),
    ):
        block = Block(arg_types=[TensorType(f32, [4])])
        op = make(block.args[0], TensorType(f32, [2]))
        owners = [o.owner for o in op.operands[1:] if isinstance(o.owner, Operation)]
        block.add_ops([*dict.fromkeys(owners), op])
        op.verify()
    b = arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(TensorType(i64, [1]), [1]))
    tf = TfStridedSliceOp(
        b, b, b, b, TensorType(i64, []), begin_mask=None, shrink_axis_mask=np.int64(1)
    )
    assert tf.masks()["begin_mask"] == 0 and tf.masks()["shrink_axis_mask"] == 1
    # a masked value has none to take: a TypeError naming the argument (a masked bool
    # raised numpy's MaskError, a masked int gave its hidden data: session 48)
    for masked in (np.ma.masked_array(True, mask=True), np.ma.masked_array(3, mask=True)):
        with pytest.raises(TypeError, match="begin_mask must be an int, got a masked"):
            TfStridedSliceOp(b, b, b, b, TensorType(i64, []), begin_mask=masked)


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (
            lambda x, t: OnnxSliceOp(x, x, x, [], [], t),
            "slice.onnx: operand axes must be an SSA value or an op with one result, got list",
        ),
        (
            lambda x, t: OnnxSliceV1Op(x, "1", [3], None, t),
            "^slice.onnx_v1: starts must be a sequence of ints, got str",
        ),
        (
            lambda x, t: OnnxSliceV1Op(x, [1.5], [3], None, t),
            r"^slice\.onnx_v1: starts\[0\] must be an int, got float",
        ),
        (
            lambda x, t: OnnxSliceV1Op(x, [1], [3], None, [2]),
            "slice.onnx_v1: the result type must be a type attribute, got list",
        ),
        (
            lambda x, t: WindowOp(x, ((1,), (2,), (1,)), t),  # pyright: ignore[reportArgumentType]
            "slice.window: window must be a semantics.Window, got tuple",
        ),
        (
            lambda x, t: TfStridedSliceOp(x, x, x, x, t, end_mask="1"),
            "^slice.tf_strided_slice: end_mask must be an int, got str",
        ),
        (
            lambda x, t: TfStridedSliceOp(x, x, x, x, t, end_mask=0.0),
            "^slice.tf_strided_slice: end_mask must be an int, got float",
        ),
        (
            lambda x, t: OvStridedSliceOp(x, x, x, None, t, begin_mask=0),
            "^slice.ov_strided_slice: begin_mask must be a sequence of ints, got int",
        ),
        (
            lambda x, t: OnnxSliceV1Op(x, {1}, [3], None, t),
            "^slice.onnx_v1: starts must be a sequence of ints, got set",
        ),
        (
            lambda x, t: OnnxSliceOp(x, [], x, None, None, t),  # pyright: ignore[reportArgumentType]
            r"^slice\.onnx: operand starts must be an SSA value or an op with one result, "
            r"got list \[\]",
        ),
        (
            lambda x, t: WindowOp(x, Window(None, (1,), (1,)), t),  # pyright: ignore[reportArgumentType]
            "^slice.window: offsets is required: a sequence of ints, not None",
        ),
        (
            lambda x, t: DynamicWindowOp(x, "a", [1], [1], t),  # pyright: ignore[reportArgumentType]
            "^slice.dynamic_window: offsets must be a sequence of ints and SSA values",
        ),
        (
            lambda x, t: OnnxSliceV1Op(x, None, [3], None, t),  # pyright: ignore[reportArgumentType]
            "^slice.onnx_v1: starts is required: a sequence of ints, not None",
        ),
        (
            lambda x, t: DmlSlice1Op(x, [0], [1], None, t),  # pyright: ignore[reportArgumentType]
            "^slice.dml_slice1: window_strides is required",
        ),
        (
            lambda x, t: OnnxSliceOp(x, [1, 2], x, None, None, t),  # pyright: ignore[reportArgumentType]
            r"^slice\.onnx: operand starts must be an SSA value or an op with one result, "
            r"got list \[1, 2\] \(an index operand is a 1-D integer tensor",
        ),
        (
            lambda x, t: OnnxSliceV1Op(x, [2**63], [3], None, t),
            r"^slice\.onnx_v1: starts\[0\] = 9223372036854775808 does not fit in int64",
        ),
        # the op named for a value outside int64 too (session 61's hunt: only the
        # TypeErrors named it)
        (
            lambda x, t: WindowOp(x, Window((2**64,), (1,), (1,)), t),
            r"^slice\.window: offsets\[0\] = 18446744073709551616 does not fit in int64",
        ),
        (
            lambda x, t: OnnxSliceOp(x, x, x, None, None, t, opset=2**70),
            r"^slice\.onnx: opset = 1180591620717411303424 does not fit in int64",
        ),
        (
            lambda x, t: TfStridedSliceOp(x, x, x, x, t, begin_mask=2**64),
            r"^slice\.tf_strided_slice: begin_mask = 18446744073709551616 does not fit",
        ),
        (
            lambda x, t: DynamicWindowOp(x, [2**63], [1], [1], t),
            r"^slice\.dynamic_window: offsets\[0\] = 9223372036854775808 does not fit",
        ),
        # a static INT64_MIN is the marker of a dynamic value: the op the builder made
        # had a `?` without its operand, and printing it raised xDSL's IndexError
        (
            lambda x, t: DynamicWindowOp(x, [0], [1], [-(2**63)], t),
            r"^slice\.dynamic_window: strides\[0\] = -9223372036854775808: a static "
            "value of -9223372036854775808 reads as the marker of a dynamic one",
        ),
        (
            lambda x, t: OnnxSliceOp(x, func.ReturnOp(), x, None, None, t),
            "slice.onnx: operand starts must be an SSA value or an op with one result, got func.return with 0 results",
        ),
    ],
)
def test_builders_name_a_wrong_argument(
    build: Callable[[SSAValue, Attribute], Operation], message: str
) -> None:
    """A ``TypeError`` naming the argument, not xDSL's ``AttributeError`` from deep
    inside (``'NoneType' object has no attribute 'add_use'``)."""
    block = Block(arg_types=[TensorType(f32, [4])])
    with pytest.raises((TypeError, ValueError), match=message):
        build(block.args[0], TensorType(f32, [2]))
