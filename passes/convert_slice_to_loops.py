"""``convert-slice-to-loops``: ``slice.window`` becomes ``scf.for`` loops of memref copies.

Each ``func.func`` that takes or returns tensors is rewritten to take memrefs: tensor
arguments become memrefs of the same shape, each tensor result becomes a trailing memref
output argument, and the function returns nothing. Each window becomes a loop nest that
loads from the source and stores into its destination (an output argument when the window
is returned, else a ``memref.alloc``).

The loop nest walks the window's non-unit dims, merging neighbours that are contiguous in
both source and result (so a crop of whole rows is one loop per run), and indexes 1-D views
(``memref.collapse_shape``) with linear offsets. Every index is in bounds because the
window's verifier proved it.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, memref, scf
from xdsl.dialects.builtin import (
    ArrayAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    TensorType,
    UnregisteredOp,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from slice_dialect import semantics
from slice_dialect.dialect import FrameworkSliceOp, WindowOp
from slice_dialect.errors import OpPassFailedException
from slice_dialect.semantics import SliceSemanticsError, Window


@dataclass(frozen=True)
class Loop:
    """One loop of a copy: ``count`` iterations, element steps in source and result."""

    count: int
    source_step: int
    result_step: int


@dataclass(frozen=True)
class CopyPlan:
    """A window as loops over linear offsets: ``result[sum(i * result_step)] =
    source[source_base + sum(i * source_step)]``; empty when ``empty``."""

    source_base: int
    loops: tuple[Loop, ...]
    empty: bool


def row_major_strides(shape: Sequence[int]) -> list[int]:
    strides = [1] * len(shape)
    for d in range(len(shape) - 2, -1, -1):
        strides[d] = strides[d + 1] * shape[d + 1]
    return strides


def copy_plan(window: Window, source_shape: Sequence[int]) -> CopyPlan:
    """The loops that copy ``window`` of a row-major source into a row-major result.

    Unit dims need no loop; an outer loop merges into the next one when stepping it once
    equals running the inner loop through (in source and result alike).
    """
    if any(size == 0 for size in window.sizes):
        return CopyPlan(0, (), True)
    element_strides = row_major_strides(source_shape)
    base = sum(o * s for o, s in zip(window.offsets, element_strides))
    dims = [
        (size, stride * element_stride)
        for size, stride, element_stride in zip(
            window.sizes, window.strides, element_strides
        )
        if size > 1
    ]
    loops: list[Loop] = []
    result_step = 1
    for count, source_step in reversed(dims):
        inner = loops[-1] if loops else None
        if (
            inner is not None
            and source_step == inner.source_step * inner.count
            and result_step == inner.result_step * inner.count
        ):
            loops[-1] = Loop(inner.count * count, inner.source_step, inner.result_step)
        else:
            loops.append(Loop(count, source_step, result_step))
        result_step *= count
    return CopyPlan(base, tuple(reversed(loops)), False)


class _Builder:
    """Appends ops to a block, with index constants made once per function."""

    def __init__(self, block: Block, constants: dict[int, arith.ConstantOp]) -> None:
        self.block = block
        self.constants = constants
        self.depth = 0

    def add(self, op: Operation) -> Operation:
        self.block.add_op(op)
        return op

    def const(self, value: int) -> SSAValue:
        if value not in self.constants:
            op = arith.ConstantOp(IntegerAttr(value, IndexType()))
            op.result.name_hint = f"c{value}" if value >= 0 else f"c_neg{-value}"
            self.constants[value] = op
        return self.constants[value].result

    def linear(self, base: SSAValue | None, iv: SSAValue, step: int) -> SSAValue:
        """``base + iv * step`` with the trivial parts left out."""
        term = iv
        if step != 1:
            term = self.add(arith.MuliOp(iv, self.const(step))).results[0]
        if base is None:
            return term
        return self.add(arith.AddiOp(base, term)).results[0]

    def in_loop(self, count: int) -> tuple["_Builder", SSAValue]:
        """Open ``scf.for %i = 0 to count``: a builder for its body, and ``%i``."""
        body = Block(arg_types=[IndexType()])
        body.args[0].name_hint = f"i{self.depth}"
        self.add(scf.ForOp(self.const(0), self.const(count), self.const(1), [], body))
        inner = _Builder(body, self.constants)
        inner.depth = self.depth + 1
        return inner, body.args[0]


def _linear_view(builder: _Builder, buffer: SSAValue) -> SSAValue:
    """A rank-1 view of a row-major memref (rank 0 and 1 are used as they are)."""
    t = buffer.type
    assert isinstance(t, MemRefType)
    shape = t.get_shape()
    if len(shape) <= 1:
        return buffer
    view_type = MemRefType(t.get_element_type(), [prod(shape)])
    reassociation = ArrayAttr(
        [ArrayAttr([IntegerAttr(d, i64) for d in range(len(shape))])]
    )
    op = memref.CollapseShapeOp(
        operands=[buffer],
        result_types=[view_type],
        properties={"reassociation": reassociation},
    )
    view = builder.add(op).results[0]
    if buffer.name_hint is not None:
        view.name_hint = f"{buffer.name_hint}_flat"
    return view


def _element(builder: _Builder, view: SSAValue, index: SSAValue | None) -> list[SSAValue]:
    t = view.type
    assert isinstance(t, MemRefType)
    if len(t.get_shape()) == 0:
        return []
    return [index if index is not None else builder.const(0)]


def emit_window_copy(
    builder: _Builder, window: Window, source: SSAValue, destination: SSAValue
) -> None:
    """Emit the loops copying ``window`` of ``source`` into ``destination``.

    The window is checked again here (``semantics.window``): the verifier proves every
    access in bounds, but IR lowered without verification must not become loops that
    read outside their buffer either.
    """
    source_type = source.type
    assert isinstance(source_type, MemRefType)
    try:
        semantics.window(
            source_type.get_shape(), window.offsets, window.sizes, window.strides
        )
    except semantics.SliceSemanticsError as error:
        raise PassFailedException(str(error)) from None
    destination_type = destination.type
    assert isinstance(destination_type, MemRefType)
    if prod(destination_type.get_shape()) != prod(window.sizes):
        raise PassFailedException(
            f"slice.window: result type {destination_type} does not hold the "
            f"{prod(window.sizes)} elements of sizes {list(window.sizes)}"
        )
    plan = copy_plan(window, source_type.get_shape())
    if plan.empty:
        return
    src = _linear_view(builder, source)
    dst = _linear_view(builder, destination)
    src_index: SSAValue | None = (
        builder.const(plan.source_base) if plan.source_base else None
    )
    dst_index: SSAValue | None = None
    bodies: list[_Builder] = []
    for loop in plan.loops:
        builder, iv = builder.in_loop(loop.count)
        bodies.append(builder)
        src_index = builder.linear(src_index, iv, loop.source_step)
        dst_index = builder.linear(dst_index, iv, loop.result_step)
    value = builder.add(memref.LoadOp.get(src, _element(builder, src, src_index)))
    builder.add(
        memref.StoreOp.get(value.results[0], dst, _element(builder, dst, dst_index))
    )
    for body in bodies:
        body.add(scf.YieldOp())


def _memref_type(op_name: str, t: Attribute, what: str) -> MemRefType:
    assert isinstance(t, TensorType)
    if not t.has_static_shape():
        raise PassFailedException(
            f"{op_name}: {what} has the dynamic type {t}; convert-slice-to-loops needs "
            "static shapes"
        )
    return MemRefType(t.get_element_type(), t.get_shape())


def lower_function(f: func.FuncOp) -> None:
    """Rewrite one function from tensors to memrefs and its windows to loops."""
    if f.is_declaration:
        return
    inputs = list(f.function_type.inputs.data)
    outputs = list(f.function_type.outputs.data)
    if not any(isinstance(t, TensorType) for t in [*inputs, *outputs]):
        return
    name = f"func.func @{f.sym_name.data}"
    old_block = f.body.block
    for op in old_block.ops:
        if isinstance(op, FrameworkSliceOp):
            raise OpPassFailedException(op, _not_a_window(op))
    for t in outputs:
        if not isinstance(t, TensorType):
            raise PassFailedException(
                f"{name}: result of type {t} is not a tensor; only tensor results lower"
            )
    new_inputs = [
        _memref_type(name, t, f"argument {i}") if isinstance(t, TensorType) else t
        for i, t in enumerate(inputs)
    ]
    out_types = [_memref_type(name, t, f"result {i}") for i, t in enumerate(outputs)]
    block = Block(arg_types=[*new_inputs, *out_types])
    for old_arg, new_arg in zip(old_block.args, block.args):
        new_arg.name_hint = old_arg.name_hint
    out_args = block.args[len(inputs) :]
    for i, arg in enumerate(out_args):
        arg.name_hint = f"out{i}" if len(out_args) > 1 else "out"

    values: dict[SSAValue, SSAValue] = dict(zip(old_block.args, block.args))
    constants: dict[int, arith.ConstantOp] = {}
    builder = _Builder(block, constants)
    returned = _returned_positions(old_block)
    allocs: list[SSAValue] = []
    for op in old_block.ops:
        if isinstance(op, WindowOp):
            if not op.result.uses:
                continue
            source = values[op.source]
            positions = returned.get(op.result, [])
            if positions:
                destination = out_args[positions[0]]
            else:
                result_type = _memref_type("slice.window", op.result.type, "result")
                alloc = memref.AllocOp.get(
                    result_type.element_type, shape=result_type.get_shape()
                )
                destination = builder.add(alloc).results[0]
                destination.name_hint = op.result.name_hint or "tmp"
                allocs.append(destination)
            try:
                emit_window_copy(builder, op.window, source, destination)
            except PassFailedException as error:
                raise OpPassFailedException(op, str(error)) from None
            values[op.result] = destination
        elif isinstance(op, func.ReturnOp):
            for k, value in enumerate(op.arguments):
                if values[value] is not out_args[k]:
                    builder.add(memref.CopyOp(values[value], out_args[k]))
            for buffer in allocs:
                builder.add(memref.DeallocOp.get(buffer))
            builder.add(func.ReturnOp())
        elif isinstance(op, arith.ConstantOp) and not op.result.uses:
            continue  # an index constant of a slice that is gone
        elif any(isinstance(v.type, TensorType) for v in [*op.operands, *op.results]):
            raise OpPassFailedException(
                op,
                f"{_op_name(op)}: convert-slice-to-loops lowers only slice.window on "
                "tensors",
            )
        else:
            clone = op.clone(value_mapper=dict(values))
            builder.add(clone)
            values.update(zip(op.results, clone.results))
    for value in sorted(constants, reverse=True):
        block.insert_op_before(constants[value], block.first_op)  # type: ignore[arg-type]
    f.body.detach_block(old_block)
    old_block.erase(safe_erase=False)
    f.body.add_block(block)
    f.function_type = builtin.FunctionType.from_lists([*new_inputs, *out_types], [])


def _not_a_window(op: FrameworkSliceOp) -> str:
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
        f"{op.name}: not a slice.window at lowering; its parameters are not constant or "
        "its data shape is dynamic, so canonicalize-slices could not make it static"
    )


def _op_name(op: Operation) -> str:
    """The op's name as written, also for ops of unregistered dialects."""
    if isinstance(op, UnregisteredOp):
        return op.op_name.data
    return op.name


def _returned_positions(block: Block) -> dict[SSAValue, list[int]]:
    """For each value the function returns, the result positions it is returned at;
    values that are function arguments are copied, never written in place."""
    terminator = block.last_op
    positions: dict[SSAValue, list[int]] = {}
    if isinstance(terminator, func.ReturnOp):
        for k, value in enumerate(terminator.arguments):
            positions.setdefault(value, []).append(k)
    return positions


@dataclass(frozen=True)
class ConvertSliceToLoopsPass(ModulePass):
    """Lower ``slice.window`` to ``scf.for`` loops over memref loads and stores.

    Function tensor arguments become memrefs and tensor results trailing memref output
    arguments. A slice op that is not a ``slice.window`` by then is an error naming it.
    """

    name = "convert-slice-to-loops"

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        for f in list(op.walk()):
            if isinstance(f, func.FuncOp):
                lower_function(f)
