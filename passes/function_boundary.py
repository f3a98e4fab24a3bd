"""The function boundary of ``convert-slice-to-loops``: tensors in and out become memrefs.

``FunctionToMemrefs`` rewrites a ``func.func`` that holds tensors into
destination-passing form: each tensor argument becomes a memref of the same shape
(read back as a tensor through ``builtin.unrealized_conversion_cast`` until the ops
using it are lowered), each scalar argument of type ``index`` or a signless ``i1`` or ``i8``-``i64``
a rank-0 memref (``memref<i64>`` for ``index``) loaded once at the function's start
(``scalar_buffer_type``: the C ABI is one pointer per argument), each tensor result a
trailing memref output argument that
``bufferization.materialize_in_destination`` fills, and the function returns nothing.
The window pattern then writes each returned window straight into its output argument;
``MaterializeToCopy`` copies whatever else is returned (an argument, or a window
returned twice).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, bufferization, func, memref, tensor
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseIntOrFPElementsAttr,
    DictionaryAttr,
    FunctionType,
    IndexType,
    IntegerType,
    MemRefType,
    ModuleOp,
    Signedness,
    TensorType,
    UnitAttr,
    UnrealizedConversionCastOp,
    UnregisteredOp,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from passes.canonicalize_slices import unread_runtime_slice
from passes.convert_tensor_to_slice import unraised_type
from passes.inline import why_not_inlined
from slice_dialect.dialect import DynamicWindowOp, FrameworkSliceOp, WindowOp
from slice_dialect.errors import OpPassFailedException
from slice_dialect.semantics import SliceSemanticsError


def memref_type(op: Operation, t: Attribute, what: str) -> MemRefType[Attribute]:
    """The memref of the tensor type ``t``, ``?`` dims included (``what`` names it in
    an error)."""
    assert isinstance(t, TensorType)
    return MemRefType(t.get_element_type(), t.get_shape())


SCALAR_ARGUMENT_WIDTHS = (1, 8, 16, 32, 64)
"""The widths of the signless integer arguments ``convert-slice-to-loops`` passes as
rank-0 memrefs (with ``index``, as ``i64``)."""


def scalar_buffer_type(t: Attribute) -> MemRefType[Attribute] | None:
    """The rank-0 memref a scalar function argument of type ``t`` is passed in
    (``memref<i64>`` for ``index``, ``memref<iN>`` for a signless ``iN``, N in
    ``SCALAR_ARGUMENT_WIDTHS``), or ``None`` for any other type."""
    if isinstance(t, IndexType):
        return MemRefType(i64, [])
    if (
        isinstance(t, IntegerType)
        and t.signedness.data == Signedness.SIGNLESS
        and t.width.data in SCALAR_ARGUMENT_WIDTHS
    ):
        return MemRefType(t, [])
    return None


def op_name(op: Operation) -> str:
    """The op's name as written, also for ops of unregistered dialects; a function is
    named by its symbol."""
    if isinstance(op, func.FuncOp):
        return f"func.func @{op.sym_name.data}"
    if isinstance(op, UnregisteredOp):
        return op.op_name.data
    return op.name


def several_blocks(f: func.FuncOp) -> str | None:
    """Why ``f`` does not lower when it has several blocks (the lowering and the C
    target take a function's control flow structured, ``scf``, in one block), else
    ``None``: the message of ``compile`` and of ``convert-slice-to-loops``."""
    count = len(f.body.blocks)
    if count <= 1:
        return None
    return (
        f"@{f.sym_name.data} has {count} blocks; the slice compiler takes functions of "
        "one block"
    )


def holds_tensors(op: Operation) -> bool:
    return any(isinstance(v.type, TensorType) for v in (*op.operands, *op.results))


def not_a_window(op: FrameworkSliceOp) -> str:
    """Why a framework op reached the lowering, and what to do about it."""
    try:
        res = op.slice_result()
    except SliceSemanticsError as e:
        return f"{op.name}: not a slice.window at lowering, and invalid: {e.detail}"
    if res is not None and res.window is not None:
        return (
            f"{op.name}: not a slice.window at lowering; run canonicalize-slices first "
            "(its parameters are constant and its data shape static)"
        )
    return (
        f"{op.name}: not a slice.window at lowering; run canonicalize-slices first (its "
        "parameters are run-time values or its data dims dynamic: it becomes its "
        "normalization and a slice.dynamic_window)"
    )


LOWERED_TENSOR_OPS = (
    WindowOp,
    DynamicWindowOp,
    tensor.ExtractOp,
    tensor.DimOp,
    tensor.FromElementsOp,
    tensor.CastOp,
    func.ReturnOp,
)
"""The ops on tensors ``convert-slice-to-loops`` lowers (and the reshapes
``reshape_not_lowered`` takes)."""


def reshape_not_lowered(op: tensor.CollapseShapeOp | tensor.ExpandShapeOp) -> str | None:
    """Why ``convert-slice-to-loops`` does not lower ``op`` as a view of its buffer
    (``ReshapeOfBuffer``, since session 55), or ``None`` where it does: any collapse
    but one of ``?`` dims into rank 0 (each must be 1 when it runs), and any expand
    (since session 56 with run-time ``output_shape`` entries, at most one per group
    until session 58; before, between static types only), each group checked to split
    its dim of the source (``semantics.check_expand_group_on``; upstream takes the
    values unchecked)."""
    source, result = op.src.type, op.result.type
    if not isinstance(source, TensorType) or not isinstance(result, TensorType):
        return f"{op.name}: a reshape of unranked tensors is not lowered"
    if isinstance(op, tensor.CollapseShapeOp):
        if not op.reassociation.data and not all(d == 1 for d in source.get_shape()):
            return (
                f"{op.name}: a collapse of ? dims into rank 0 (each must be 1 when it "
                "runs) is not lowered; cast them to 1 first (tensor.cast)"
            )
        return None
    return None


def not_lowered(op: Operation) -> str:
    """Why ``op``, an op on tensors, stops the lowering, and what to do about it."""
    text = (
        f"{op_name(op)}: convert-slice-to-loops lowers only slice.window and "
        "slice.dynamic_window on tensors"
    )
    if isinstance(op, tensor.ExtractSliceOp):
        why = unread_runtime_slice(op)
        if why is not None:
            return text + f" ({why})"
        problem = unraised_type(op)
        if problem is not None:  # convert-tensor-to-slice leaves it to upstream
            return text + f" ({problem}; convert-tensor-to-slice leaves it to upstream)"
        return text + "; run convert-tensor-to-slice first (SPEC section 8)"
    if isinstance(op, func.CallOp):
        return text + (f" (a call of a function is not lowered: {why_not_inlined(op)})")
    return text


def is_static_dense(op: arith.ConstantOp) -> bool:
    """Whether ``op`` is a dense constant of a static tensor type (it lowers)."""
    t = op.result.type
    return (
        isinstance(op.value, DenseIntOrFPElementsAttr)
        and isinstance(t, TensorType)
        and t.has_static_shape()
    )


def check_lowerable(f: func.FuncOp) -> None:
    """Refuse, naming the op, any function body the lowering cannot make tensor-free."""
    for op in f.body.walk():
        if isinstance(op, FrameworkSliceOp):
            raise OpPassFailedException(op, not_a_window(op))
    for op in f.body.walk():  # the slice an index operand's makers feed explains more
        if unread_runtime_slice(op) is not None:
            raise OpPassFailedException(op, not_lowered(op))
    for op in f.body.walk():
        if isinstance(op, tensor.CollapseShapeOp | tensor.ExpandShapeOp):
            why = reshape_not_lowered(op)
            if why is not None:
                raise OpPassFailedException(op, why)
            continue
        if isinstance(op, LOWERED_TENSOR_OPS) or not holds_tensors(op):
            continue
        if op.name == "arith.constant" and not op.results[0].uses:
            continue  # an index constant of a slice that is gone
        if isinstance(op, arith.ConstantOp) and is_static_dense(op):
            continue  # becomes a buffer slice.fill_constant fills
        raise OpPassFailedException(op, not_lowered(op))


def rewritten(f: func.FuncOp) -> bool:
    """Whether ``FunctionToMemrefs`` rewrites ``f``: a function with a body whose
    type or ops hold tensors."""
    types = [*f.function_type.inputs.data, *f.function_type.outputs.data]
    return not f.is_declaration and (
        any(isinstance(t, TensorType) for t in types)
        or any(holds_tensors(op) for op in f.body.walk())
    )


def called_functions(module: ModuleOp) -> frozenset[str]:
    """The names of the functions a ``func.call`` of ``module`` calls (after ``inline``:
    the recursive ones). ``FunctionToMemrefs`` keeps their scalar arguments, so that
    every call of them stays well typed (the interpreter runs such calls; the C target
    refuses them)."""
    return frozenset(
        op.callee.root_reference.data
        for op in module.walk()
        if isinstance(op, func.CallOp)
    )


@dataclass(frozen=True)
class FunctionToMemrefs(RewritePattern):
    """Tensor arguments to memrefs, tensor results to trailing output memrefs, and
    scalar arguments to rank-0 memrefs but in the functions of ``called``."""

    called: frozenset[str] = frozenset()
    """The functions some ``func.call`` calls (``called_functions``)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, f: func.FuncOp, rewriter: PatternRewriter) -> None:
        if not rewritten(f):
            return
        inputs = list(f.function_type.inputs.data)
        outputs = list(f.function_type.outputs.data)
        check_lowerable(f)
        for i, t in enumerate(outputs):
            if not isinstance(t, TensorType):
                raise OpPassFailedException(
                    f,
                    f"{op_name(f)}: result {i} has type {t}, not a tensor; only tensor "
                    "results lower",
                )
        block = f.body.block
        new_inputs: list[Attribute] = []
        loads: list[Operation] = []
        for i, (t, arg) in enumerate(zip(inputs, list(block.args))):
            scalar = scalar_buffer_type(t)
            if scalar is not None and f.sym_name.data not in self.called:
                buffer = rewriter.replace_value_with_new_type(arg, scalar)
                new_inputs.append(scalar)
                loads += self._as_scalar(buffer, t, f)
                continue
            if not isinstance(t, TensorType):
                new_inputs.append(t)
                continue
            buffer = rewriter.replace_value_with_new_type(
                arg, memref_type(f, t, f"argument {i}")
            )
            new_inputs.append(buffer.type)
            self._as_tensor(rewriter, block, buffer, t, f)
        if loads:
            rewriter.insert(loads, InsertPoint.at_start(block))
        out_types = [memref_type(f, t, f"result {i}") for i, t in enumerate(outputs)]
        out_args: list[SSAValue] = []
        for i, t in enumerate(out_types):
            arg = rewriter.insert_block_argument(block, len(block.args), t)
            arg.name_hint = f"out{i}" if len(out_types) > 1 else "out"
            out_args.append(arg)
        terminator = block.last_op
        if isinstance(terminator, func.ReturnOp):
            for value, out in zip(terminator.arguments, out_args):
                fill = bufferization.MaterializeInDestinationOp(
                    operands=[value, out],
                    result_types=[[]],
                    properties={"restrict": UnitAttr(), "writable": UnitAttr()},
                )
                fill.location = terminator.location
                rewriter.insert(fill, InsertPoint.before(terminator))
            ret = func.ReturnOp()
            ret.location = terminator.location
            rewriter.replace(terminator, ret)
        if f.arg_attrs is not None or f.res_attrs is not None:
            # a result's attributes (an ONNX output name) go to its output argument
            none = DictionaryAttr({})
            args = list(f.arg_attrs.data) if f.arg_attrs else [none] * len(inputs)
            res = list(f.res_attrs.data) if f.res_attrs else [none] * len(outputs)
            f.arg_attrs, f.res_attrs = ArrayAttr([*args, *res]), None
        f.function_type = FunctionType.from_lists([*new_inputs, *out_types], [])
        rewriter.handle_operation_modification(f)

    @staticmethod
    def _as_tensor(
        rewriter: PatternRewriter,
        block: Block,
        buffer: SSAValue,
        t: Attribute,
        f: func.FuncOp,
    ) -> None:
        """Let the ops using ``buffer`` see it as the tensor ``t`` again."""
        cast = UnrealizedConversionCastOp.get([buffer], [t])
        cast.location = f.location
        rewriter.insert(cast, InsertPoint.at_start(block))
        cast.results[0].name_hint = buffer.name_hint
        buffer.replace_uses_with_if(
            cast.results[0], lambda use: use.operation is not cast
        )

    @staticmethod
    def _as_scalar(buffer: SSAValue, t: Attribute, f: func.FuncOp) -> list[Operation]:
        """Let the ops using ``buffer`` see the scalar of type ``t`` it holds: the ops
        to insert at the function's start, one ``memref.load`` (and
        ``arith.index_cast`` for ``index``)."""
        load = memref.LoadOp.get(buffer, [])
        ops: list[Operation] = [load]
        value: SSAValue = load.res
        if isinstance(t, IndexType):
            cast = arith.IndexCastOp(load.res, t)
            ops.append(cast)
            value = cast.result
        for op in ops:
            op.location = f.location
        value.name_hint = buffer.name_hint
        buffer.replace_uses_with_if(value, lambda use: use.operation is not load)
        return ops


def buffer_of(value: SSAValue) -> SSAValue | None:
    """The memref a tensor value of a function in destination-passing form stands for
    (the input of its ``unrealized_conversion_cast``), or ``None``."""
    owner = value.owner
    if isinstance(owner, UnrealizedConversionCastOp) and isinstance(
        owner.inputs[0].type, MemRefType
    ):
        return owner.inputs[0]
    return None
