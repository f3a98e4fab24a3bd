"""``export_onnx``: the entry function of a slice module as an ONNX model.

SPEC section 9. The module is parsed and verified as for ``compile`` and canonicalized
(``canonicalize-slices``), so every slice is a ``slice.window``; each window becomes one
``Slice`` node of opset 13 with its parameters as ``int64`` initializers (the ones
:mod:`slice_dialect.export` writes: ``INT64_MIN`` ends for a reversal through index 0,
``INT64_MAX`` for "to the end", only the axes the window cuts), followed by a
``Reshape`` where the window inserts or removes unit dims (with ``allowzero``, so
opset 14, where the new shape has a 0). A window that cuts nothing but
changes the rank is only the ``Reshape``; a rank-0 source (which ``Slice`` refuses) only
needs one. ``tensor.cast`` becomes ``Identity``, an ``arith.constant`` of data an
initializer, and a returned argument (or a value returned twice) an ``Identity`` to its
own output. Graph inputs and outputs are named first: an argument or result with
``{onnx.name = "..."}`` (``import_onnx`` writes it) by exactly that name, the others by
their SSA names, so an imported model exports back with its own names.

Canonicalization is static (``dynamic=false``): a ``slice.onnx`` with run-time
parameters (function arguments) or ``?`` data dims stays, and is exported as itself, a
``Slice`` node of opset 13 (every opset of ``slice.onnx`` has the Slice-13 semantics)
whose parameters are those graph inputs; constant parameters are initializers, and an
index tensor of another type than ``i64`` goes through a ``Cast`` to ``INT64`` (ONNX's
one ``Tind``). ``?`` dims are dims without a value. Another framework op with run-time
parameters or ``?`` data dims, a ``slice.dynamic_window`` or another op is a
:class:`~slice_dialect.SliceError` naming it.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
from xdsl.dialects import arith, func, tensor
from xdsl.dialects.builtin import (
    ArrayAttr,
    BytesAttr,
    DenseIntOrFPElementsAttr,
    DictionaryAttr,
    IntegerType,
    ModuleOp,
    Signedness,
    StringAttr,
    TensorType,
)
from xdsl.ir import Attribute, BlockArgument, SSAValue

from slice_dialect import dtypes, export
from slice_dialect.dialect import (
    DynamicWindowOp,
    FrameworkSliceOp,
    OnnxSliceOp,
    OnnxSliceV1Op,
    WindowOp,
    constant_index_values,
    shape_of,
)
from slice_dialect.errors import SliceError
from slice_dialect.export import ORT_INT_MAX
from slice_dialect.locations import location_text
from slice_dialect.names import UniqueNames
from slice_dialect.onnx_import import ONNX_NAME
from slice_dialect.semantics import INT64_MAX

OPSET = 13
"""The model's opset; 14 where a ``Reshape`` to a shape with a 0 needs ``allowzero``
(Slice is Slice-13 in both)."""
IR_VERSION = 8
"""ONNX IR version of exported models (opset 13 and 14 need IR 7; ONNX Runtime reads 8)."""


def onnx_element_type(t: Attribute) -> int:
    """The ``TensorProto`` element type of an element type: the inverse of the
    importer's table (``onnx_element_types``), with signed integers as ONNX's signed
    types, like signless ones (but ``si1`` is no ``BOOL``)."""
    from slice_dialect.onnx_import import onnx_element_types

    if (
        isinstance(t, IntegerType)
        and t.signedness.data == Signedness.SIGNED
        and t.width.data > 1
    ):
        t = IntegerType(t.width.data)
    for code, element in onnx_element_types().items():
        if element == t:
            return code
    raise SliceError(f"element type {t} has no ONNX tensor type")


class _Exporter:
    def __init__(self) -> None:
        self.nodes: list[Any] = []
        self.initializers: list[Any] = []
        self.names: dict[SSAValue, str] = {}
        self.used = UniqueNames()
        self.opset = OPSET
        self.outputs: list[str | None] = []
        """Per result, the output an ``Identity`` writes it to (``None``: the
        value's own name is the output)."""

    def graph_names(self, function: func.FuncOp) -> list[str]:
        """Name the graph inputs and outputs before anything else is named, so that
        no node or initializer takes their names; the inputs' names. An argument or
        result with ``{onnx.name = ...}`` (``import_onnx`` writes it) has that name
        exactly; the others take their SSA name (``input_N`` without one), made
        unique, and a result that is an argument, a constant or a value returned
        before is an ``Identity`` to ``output_N``. Two inputs or outputs given one
        name are an error."""
        block = function.body.block
        ret = block.last_op
        assert isinstance(ret, func.ReturnOp)
        arg_names = _onnx_names(function, function.arg_attrs, "argument")
        res_names = _onnx_names(function, function.res_attrs, "result")
        given: dict[str, str] = {}
        output_of: dict[str, SSAValue] = {}

        def claim(name: str, what: str, value: SSAValue | None = None) -> None:
            if value is not None and output_of.get(name) is value:
                return  # one value returned twice under one name: one output, listed twice
            if name in given:
                raise SliceError(
                    f"@{function.sym_name.data}: {what} has {ONNX_NAME} {name!r}, which "
                    f"{given[name]} has already: ONNX graph names are unique",
                    location_text(function),
                )
            given[name] = what
            self.used.add(name)
            if value is not None:
                output_of[name] = value

        for i, (arg, name) in enumerate(zip(block.args, arg_names)):
            if name is not None:
                claim(name, f"argument {i}")
                self.names[arg] = name
        for i, name in enumerate(res_names):
            if name is not None:
                value = ret.arguments[i]
                if (
                    isinstance(value, BlockArgument)
                    and value not in self.names
                    and value.name_hint == name
                    and name not in given
                ):  # an argument without onnx.name returned under its SSA name: one name
                    claim(name, f"argument {value.index}")
                    self.names[value] = name
                if self.names.get(value) == name and isinstance(value, BlockArgument):
                    continue  # the input is the output (a graph output may be so)
                claim(name, f"result {i}", value)
        for i, arg in enumerate(block.args):
            if arg not in self.names:
                self.names[arg] = self.fresh(arg.name_hint or f"input_{i}")
        for i, (value, name) in enumerate(zip(ret.arguments, res_names)):
            own = (
                value not in self.names
                and not isinstance(value, BlockArgument)
                and not isinstance(value.owner, arith.ConstantOp)
            )
            if name is None:
                if own:
                    self.name(value)
                    self.outputs.append(None)
                else:
                    self.outputs.append(self.fresh(f"output_{i}"))
            elif self.names.get(value) == name:
                self.outputs.append(None)
            elif own:
                self.names[value] = name
                self.outputs.append(None)
            else:
                self.outputs.append(name)
        return [self.names[arg] for arg in block.args]

    def fresh(self, base: str) -> str:
        return self.used.fresh(base)

    def name(self, value: SSAValue) -> str:
        if value not in self.names:
            self.names[value] = self.fresh(value.name_hint or "t")
        return self.names[value]

    def initializer(self, base: str, values: list[int]) -> str:
        from onnx import numpy_helper

        name = self.fresh(base)
        self.initializers.append(
            numpy_helper.from_array(np.array(values, dtype=np.int64), name)
        )
        return name

    def window(self, op: WindowOp) -> None:
        from onnx import helper

        source_type, result_type = op.source.type, op.result.type
        assert isinstance(source_type, TensorType)
        assert isinstance(result_type, TensorType)
        shape = tuple(source_type.get_shape())
        result_shape = tuple(result_type.get_shape())
        w = op.window
        current = self.name(op.source)
        out = self.name(op.result)
        reshape = result_shape != w.sizes
        cuts = not w.is_identity(shape)
        if cuts:
            p = export.onnx_params(shape, w, w.sizes)
            inputs = [
                current,
                self.initializer(f"{out}_starts", list(p.starts)),
                self.initializer(f"{out}_ends", list(p.ends)),
            ]
            if p.axes is not None or p.steps is not None:
                axes = p.axes if p.axes is not None else tuple(range(len(p.starts)))
                inputs.append(self.initializer(f"{out}_axes", list(axes)))
            if p.steps is not None:
                inputs.append(self.initializer(f"{out}_steps", list(p.steps)))
            target = self.fresh(f"{out}_window") if reshape else out
            self.nodes.append(
                helper.make_node("Slice", inputs, [target], name=self.fresh("slice"))
            )
            current = target
        if reshape or not cuts:
            new_shape = self.initializer(f"{out}_shape", list(result_shape))
            # A 0 in Reshape's shape copies the input's dim unless allowzero (opset 14).
            zero = {"allowzero": 1} if 0 in result_shape else {}
            if zero:
                self.opset = 14
            self.nodes.append(
                helper.make_node(
                    "Reshape",
                    [current, new_shape],
                    [out],
                    name=self.fresh("reshape"),
                    **zero,
                )
            )

    def onnx_slice(self, op: OnnxSliceOp) -> None:
        """A ``slice.onnx`` kept by static canonicalization: one ``Slice``-13 node on
        the same values, its index inputs as ``int64``."""
        from onnx import TensorProto, helper

        out = self.name(op.result)
        inputs = [self.name(op.data)]
        for role, operand in (
            ("starts", op.starts),
            ("ends", op.ends),
            ("axes", op.axes),
            ("steps", op.steps),
        ):
            if operand is None:
                inputs.append("")
                continue
            name = self.name(operand)
            t = operand.type
            assert isinstance(t, TensorType)
            if t.get_element_type() != IntegerType(64):
                cast = self.fresh(f"{out}_{role}")
                self.nodes.append(
                    helper.make_node(
                        "Cast",
                        [name],
                        [cast],
                        name=self.fresh("cast"),
                        to=TensorProto.INT64,
                    )
                )
                name = cast
            inputs.append(name)
        ends_type = op.ends.type
        assert isinstance(ends_type, TensorType)
        (count,) = ends_type.get_shape()
        inputs[2] = self.ends_as_onnx_runtime_reads(
            out,
            op.data,
            (inputs[2], inputs[4] or None, inputs[3] or None),
            (
                constant_index_values(op.ends),
                None if op.steps is None else constant_index_values(op.steps),
                None if op.axes is None else constant_index_values(op.axes),
            ),
            count,
        )
        while inputs[-1] == "":
            inputs.pop()
        self.nodes.append(
            helper.make_node("Slice", inputs, [out], name=self.fresh("slice"))
        )

    def ends_as_onnx_runtime_reads(
        self,
        out: str,
        data: SSAValue,
        inputs: tuple[str, str | None, str | None],
        known: tuple[list[int] | None, list[int] | None, list[int] | None],
        count: int,
    ) -> str:
        """The ends of a ``Slice`` node on ``data`` as ONNX Runtime reads them.
        ``inputs`` names its ``int64`` ends, steps and axes (``None`` where absent),
        ``known`` holds their constant values (``None`` where run-time or absent), and
        each has ``count`` entries.

        ONNX Runtime takes an end of ``INT32_MAX`` or ``INT64_MAX`` as "to the end"
        whatever the step, where the ONNX text (and we) clamp it (research A.3,
        onnxruntime#11107):

        - ``INT32_MAX`` on a dim longer than ``INT32_MAX`` is made ``INT32_MAX - d``,
          which both read as ``INT32_MAX``, whatever the step (session 48's review: ORT
          read it as ``d`` with a positive step; session 49's: the negative step's
          ``-1`` below read it as ``d - 1``);
        - else, with a negative step such an end is made ``-1``, which both read as
          ``d - 1``; with a positive step both read ``INT32_MAX`` as ``d``.

        Constants are rewritten here; run-time values, and dims the type leaves ``?``,
        by ``Where`` nodes in the graph (and ``Shape`` and ``Gather`` for the dims)."""
        from onnx import helper

        ends, steps, axes = inputs
        known_ends, known_steps, known_axes = known
        data_type = data.type
        assert isinstance(data_type, TensorType)
        shape = shape_of(data_type)
        rank = len(shape)
        big = (ORT_INT_MAX, INT64_MAX)

        def dim(k: int) -> int | None:
            """The dim entry ``k`` slices, where known."""
            if axes is None:
                axis: int | None = k
            elif known_axes is None:
                return None
            else:
                axis = known_axes[k] + rank if known_axes[k] < 0 else known_axes[k]
            return shape[axis] if axis is not None and 0 <= axis < rank else None

        # INT32_MAX is an index of its own only on a dim longer than INT32_MAX
        wide = any(d is None or d > ORT_INT_MAX for d in shape)
        if known_ends is not None and (steps is None or known_steps is not None):
            fixed: list[int] = []
            exact = True
            for k, e in enumerate(known_ends):
                s = 1 if known_steps is None else known_steps[k]
                d = dim(k)
                if e == ORT_INT_MAX and wide and d is None:
                    exact = False  # a run-time dim: the graph decides
                elif e == ORT_INT_MAX and d is not None and d > ORT_INT_MAX:
                    e = ORT_INT_MAX - d
                elif e in big and s < 0:
                    e = -1
                fixed.append(e)
            if exact:
                if fixed == known_ends:
                    return ends
                return self.initializer(f"{out}_ends", fixed)
        negative = steps is not None and not (
            (known_ends is not None and not any(e in big for e in known_ends))
            or (known_steps is not None and all(s > 0 for s in known_steps))
        )
        longer = wide and not (known_ends is not None and ORT_INT_MAX not in known_ends)

        def node(kind: str, args: list[str], base: str) -> str:
            result = self.fresh(f"{out}_{base}")
            self.nodes.append(
                helper.make_node(kind, args, [result], name=self.fresh(kind.lower()))
            )
            return result

        made: dict[str, str] = {}

        def const(base: str, value: int) -> str:
            if base not in made:
                made[base] = self.initializer(f"{out}_{base}", [value])
            return made[base]

        def is_int32_max() -> str:
            if "eq32" not in made:
                made["eq32"] = node(
                    "Equal", [ends, const("int32_max", ORT_INT_MAX)], "eq32"
                )
            return made["eq32"]

        current = ends
        if negative:
            assert steps is not None
            eq32 = is_int32_max()
            eq64 = node("Equal", [ends, const("int64_max", INT64_MAX)], "eq64")
            large = node("Or", [eq32, eq64], "big")
            neg = node("Less", [steps, const("zero", 0)], "neg")
            large_neg = node("And", [large, neg], "big_neg")
            current = node("Where", [large_neg, const("minus_one", -1), current], "ends")
        if longer:  # after the negative step's -1, which it overrides there
            which = axes or self.initializer(f"{out}_axes", list(range(count)))
            shape_name = node("Shape", [self.name(data)], "shape")
            dims = node("Gather", [shape_name, which], "dims")
            int32_max = const("int32_max", ORT_INT_MAX)
            wider = node("Greater", [dims, int32_max], "wide")
            back = node("Sub", [int32_max, dims], "from_back")
            pick = node("And", [is_int32_max(), wider], "int32_wide")
            current = node("Where", [pick, back, current], "ends")
        return current

    def onnx_v1_slice(self, op: OnnxSliceV1Op) -> None:
        """A ``slice.onnx_v1`` kept by static canonicalization (``?`` data dims): one
        ``Slice``-13 node on the same data, its attributes ``int64`` initializers
        (Slice-1 is Slice-13 without ``steps``, ``research/semantics.md`` A.2)."""
        from onnx import helper

        out = self.name(op.result)
        ends = list(op.ends.get_values())
        axes = None if op.axes is None else list(op.axes.get_values())
        inputs = [
            self.name(op.data),
            self.initializer(f"{out}_starts", list(op.starts.get_values())),
            self.initializer(f"{out}_ends", ends),
        ]
        if axes is not None:
            inputs.append(self.initializer(f"{out}_axes", axes))
        inputs[2] = self.ends_as_onnx_runtime_reads(
            out,
            op.data,
            (inputs[2], None, inputs[3] if axes is not None else None),
            (ends, None, axes),
            len(ends),
        )
        self.nodes.append(
            helper.make_node("Slice", inputs, [out], name=self.fresh("slice"))
        )

    def identity(self, source: str, target: str) -> None:
        from onnx import helper

        self.nodes.append(
            helper.make_node("Identity", [source], [target], name=self.fresh("identity"))
        )

    def constant(self, op: arith.ConstantOp) -> None:
        from onnx import numpy_helper

        attr = op.value
        t = op.result.type
        if not isinstance(attr, DenseIntOrFPElementsAttr) or not isinstance(
            t, TensorType
        ):
            raise SliceError(
                f"{_describe(op)}: only dense tensor constants can be exported"
            )
        array = dtypes.constant_array(attr)
        self.initializers.append(numpy_helper.from_array(array, self.name(op.result)))


def _onnx_names(
    function: func.FuncOp, attrs: ArrayAttr[DictionaryAttr] | None, what: str
) -> list[str | None]:
    """The ``onnx.name`` of each argument (result) of ``function``, where given."""
    count = len(
        function.function_type.inputs.data
        if what == "argument"
        else function.function_type.outputs.data
    )
    if attrs is None:
        return [None] * count
    names: list[str | None] = []
    for i, d in enumerate(attrs.data):
        attr = d.data.get(ONNX_NAME)
        if attr is None:
            names.append(None)
            continue
        name = attr.data if isinstance(attr, StringAttr) else None
        if isinstance(attr, BytesAttr):  # xDSL prints non-ASCII strings as bytes
            try:
                name = attr.data.decode()
            except UnicodeDecodeError:
                name = None
        if not name:
            raise SliceError(
                f"@{function.sym_name.data}: {what} {i} has {ONNX_NAME} {attr}, not a "
                "non-empty UTF-8 string",
                location_text(function),
            )
        names.append(name)
    return names


def _pin_output_names(function: func.FuncOp) -> None:
    """Give each result of ``function`` the ``onnx.name`` its graph output would have
    now (``_Exporter.graph_names``), before canonicalization: a slice selecting its whole
    source becomes the source, an argument, which would have made its output
    ``output_N`` instead of its SSA name."""
    probe = _Exporter()
    probe.graph_names(function)
    ret = function.body.block.last_op
    assert isinstance(ret, func.ReturnOp)
    old = function.res_attrs.data if function.res_attrs else ()
    attrs = []
    for i, (value, target) in enumerate(zip(ret.arguments, probe.outputs)):
        name = probe.names[value] if target is None else target
        kept = dict(old[i].data) if i < len(old) else {}
        attrs.append(DictionaryAttr({**kept, ONNX_NAME: StringAttr(name)}))
    function.res_attrs = ArrayAttr(attrs)


def _describe(op: Any) -> str:
    where = location_text(op)
    return f"{where}: {op.name}" if where else op.name


def _value_info(name: str, t: Attribute) -> Any:
    from onnx import helper

    assert isinstance(t, TensorType)
    return helper.make_tensor_value_info(
        name,
        onnx_element_type(t.get_element_type()),
        [d if d >= 0 else None for d in t.get_shape()],
    )


def export_onnx(source: str | ModuleOp | os.PathLike[str], entry: str = "main") -> Any:
    """The ``onnx.ModelProto`` of ``func.func @entry`` of ``source`` (IR text, a path
    to an IR file or a module, as for ``compile``): ``Slice``-13 nodes, and
    ``Reshape`` where a window changes the rank; the run-time parameters of a
    ``slice.onnx`` stay graph inputs."""
    from slice_dialect.errors import TOO_DEEP

    try:
        return _export_onnx(source, entry)
    except RecursionError:
        # as in compile(): a program nested deeper than xDSL's parser, verifier or
        # printer recurses
        raise SliceError(TOO_DEEP) from None


def _export_onnx(source: str | ModuleOp | os.PathLike[str], entry: str) -> Any:
    """``export_onnx``, a ``RecursionError`` left to it."""
    try:
        from onnx import helper
    except ImportError:
        raise SliceError(
            "export_onnx needs the onnx package (pip install onnx)"
        ) from None
    from passes.canonicalize_slices import CanonicalizeSlicesPass
    from passes.convert_tensor_to_slice import ConvertTensorToSlicePass
    from slice_dialect.compiler import (
        entry_signature,
        inline_checked,
        keep_only_reachable,
        make_context,
        parse_module,
        source_text,
    )
    from slice_dialect.errors import describe
    from slice_dialect.locations import error_location

    if not isinstance(entry, str):
        raise SliceError(f"entry must be a function name (str), got {entry!r}")
    text, name = source_text(source, None, "export_onnx()")
    ctx = make_context()
    module = parse_module(text, ctx, name)
    # the functions @entry does not call are not exported: their faults are not its
    keep_only_reachable(module, entry)
    for f in module.ops:  # an ONNX graph input is a tensor (kernels take scalars too)
        if isinstance(f, func.FuncOp) and f.sym_name.data == entry:
            args = f.body.blocks[0].args if f.body.blocks else ()
            for i, t in enumerate(f.function_type.inputs.data):
                if not isinstance(t, TensorType):
                    hint = args[i].name_hint if i < len(args) else None
                    name = f" (%{hint})" if hint else ""
                    raise SliceError(
                        f"@{entry} argument {i}{name} has type {t}; export_onnx "
                        "exports tensor arguments only (an ONNX graph input is a "
                        "tensor)",
                        location_text(f),
                    )
    entry_signature(module, entry)  # tensors in and out
    _pin_output_names(
        next(
            op
            for op in module.ops
            if isinstance(op, func.FuncOp) and op.sym_name.data == entry
        )
    )
    # its calls, as compile() inlines them, once its outputs' names are pinned (the
    # inlined values would bring the callee's names: session 49's review)
    inline_checked(module, keep=[entry])
    try:
        # upstream's slices as windows (compile() raises them too); then static
        # windows only: a slice of run-time parameters or ? data dims stays the
        # framework op (slice.onnx is exported as itself, others are refused below)
        ConvertTensorToSlicePass().apply(ctx, module)
        CanonicalizeSlicesPass(dynamic=False).apply(ctx, module)
    except Exception as e:  # a pass failure at an op
        raise SliceError(describe(e), error_location(e, module)) from None
    function = next(
        op
        for op in module.ops
        if isinstance(op, func.FuncOp) and op.sym_name.data == entry
    )
    for op in function.walk():  # before the ops computing its window are refused
        if isinstance(op, DynamicWindowOp):
            raise SliceError(
                f"{op.name}: cannot be exported to ONNX: its window is computed in IR "
                "(a slice.dynamic_window, or a tensor.extract_slice of run-time "
                "offsets, sizes or strides or of a ? dim); export the framework op it "
                "came from (a slice.onnx) instead, before canonicalize-slices",
                location_text(op),
            )
    if not function.function_type.outputs.data:
        raise SliceError(
            f"@{entry} has no results, and an ONNX graph has at least one output",
            location_text(function),
        )
    ex = _Exporter()
    block = function.body.block
    inputs = [
        _value_info(name, arg.type)
        for name, arg in zip(ex.graph_names(function), block.args)
    ]
    outputs = []
    for op in block.ops:
        if isinstance(op, WindowOp):
            ex.window(op)
        elif isinstance(op, OnnxSliceOp):
            ex.onnx_slice(op)
        elif isinstance(op, OnnxSliceV1Op):
            ex.onnx_v1_slice(op)
        elif isinstance(op, tensor.CastOp):
            ex.identity(ex.name(op.source), ex.name(op.dest))
        elif isinstance(op, arith.ConstantOp):
            ex.constant(op)
        elif isinstance(op, func.ReturnOp):
            written: set[str] = set()
            for value, target in zip(op.arguments, ex.outputs):
                name = ex.name(value)
                if target is not None:
                    if target not in written:  # an output listed twice: one Identity
                        ex.identity(name, target)
                        written.add(target)
                    name = target
                outputs.append(_value_info(name, value.type))
        else:
            if isinstance(op, FrameworkSliceOp):
                what = (
                    "its parameters are run-time values or its data shape is dynamic, "
                    "and only slice.onnx and slice.onnx_v1 are exported so (as "
                    "Slice-13 on the same inputs); bind its parameters to constants or "
                    "write it as slice.onnx"
                )
            elif isinstance(op, func.CallOp):
                from passes.inline import why_not_inlined

                what = f"a call of a function is not exported: {why_not_inlined(op)}"
            else:
                what = "only slices, tensor.cast and arith.constant can be exported"
            raise SliceError(
                f"{op.name}: cannot be exported to ONNX: {what}", location_text(op)
            )
    graph = helper.make_graph(
        ex.nodes, entry, inputs, outputs, initializer=ex.initializers
    )
    return helper.make_model(
        graph,
        opset_imports=[helper.make_opsetid("", ex.opset)],
        ir_version=IR_VERSION,
        producer_name="slice_dialect",
    )


__all__ = ["export_onnx", "onnx_element_type"]
