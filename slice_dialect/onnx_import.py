"""``import_onnx``: an ONNX model of ``Slice`` nodes as one ``func.func @main``.

SPEC section 9. Each ``Slice`` node becomes ``slice.onnx_v1`` (opsets 1 to 9, parameters
as attributes) or ``slice.onnx`` with the model's opset (10, 11, or 13 for opsets 13 and
later; opset 12 is Slice-11); initializers and ``Constant`` nodes become
``arith.constant``; graph inputs become the function's arguments, in order (index inputs
are run-time parameters, SPEC section 7); graph outputs are returned. Element types map
one to one (``BOOL`` is ``i1``, signed integers signless, unsigned ``uiN``); a dim with a
``dim_param`` or without a value is dynamic (``?``). SSA names are the ONNX names made identifiers; where they do not spell
every graph input and output, each argument and result carries its ONNX name as
``{onnx.name = "..."}`` (``ONNX_NAME``), which ``export_onnx`` gives back.

``constants={"starts": array, ...}`` binds graph inputs to values, as freezing a graph
does: each named input becomes an ``arith.constant`` instead of an argument, so its
slices become static. An input that also has an initializer is that constant (the
initializer is its default value) unless ``constants`` binds it. Values convert to the
input's type: integers exactly, floats to the nearest value; an integer out of range or
a finite value that would become infinite is an error naming the input and the value.

Anything else is a :class:`~slice_dialect.SliceError` naming the node (``node 'name'
(Slice)``, or ``node #3 (Slice)`` for a node without a name): another node type or
domain, a missing or extra input, a parameter that is not a 1-D ``int32``/``int64``
tensor, parameters the semantics reject, a cycle, a name defined twice, an element type a
slice cannot move (``STRING``), a dimension that is negative or a tensor too large to
address, and files that do not parse as a model.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping, Sequence
from math import prod
from typing import Any

import numpy as np
import numpy.typing as npt
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    BFloat16Type,
    ComplexType,
    DictionaryAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerType,
    ModuleOp,
    Signedness,
    StringAttr,
    TensorType,
)
from xdsl.ir import Attribute, Block, BlockArgument, Region, SSAValue
from xdsl.utils.exceptions import DiagnosticException, VerifyException

from slice_dialect import dtypes
from slice_dialect.dialect import (
    OnnxSliceOp,
    OnnxSliceV1Op,
    shape_of,
)
from slice_dialect.errors import SliceError
from slice_dialect.semantics import SliceSemanticsError

NDArray = npt.NDArray[Any]

MAX_BYTES = 2**62
"""Tensors larger than this many bytes are refused (no buffer can hold them)."""


def onnx_element_types() -> dict[int, Attribute]:
    """ONNX ``TensorProto`` element types a slice can move, as element types."""
    from onnx import TensorProto as T

    return {
        T.BOOL: IntegerType(1),
        T.INT8: IntegerType(8),
        T.INT16: IntegerType(16),
        T.INT32: IntegerType(32),
        T.INT64: IntegerType(64),
        T.UINT8: IntegerType(8, Signedness.UNSIGNED),
        T.UINT16: IntegerType(16, Signedness.UNSIGNED),
        T.UINT32: IntegerType(32, Signedness.UNSIGNED),
        T.UINT64: IntegerType(64, Signedness.UNSIGNED),
        T.FLOAT16: Float16Type(),
        T.BFLOAT16: BFloat16Type(),
        T.FLOAT: Float32Type(),
        T.DOUBLE: Float64Type(),
        T.COMPLEX64: ComplexType(Float32Type()),
        T.COMPLEX128: ComplexType(Float64Type()),
    }


def _type_name(elem_type: int) -> str:
    from onnx import TensorProto

    try:
        return TensorProto.DataType.Name(elem_type)
    except ValueError:
        return f"code {elem_type} (no TensorProto.DataType)"


def _attribute_type(code: int) -> str:
    from onnx import AttributeProto

    try:
        return AttributeProto.AttributeType.Name(code)
    except ValueError:
        return f"attribute type {code}"


def _valid_name(name: str) -> str | None:
    """An SSA name hint for an ONNX value name (``None`` if nothing is left of it):
    the name with every character outside ``[A-Za-z0-9_$.-]`` replaced by ``_``,
    without a ``_N`` suffix (which xDSL drops)."""
    hint = re.sub(r"[^A-Za-z0-9_$.-]", "_", name)
    if not hint:
        return None
    hint = hint if re.match(r"[A-Za-z_$.-]", hint) else "_" + hint
    # xDSL keeps a hint without its _N suffix, and drops it again each time a hint is
    # set: "_0_0" gives "_0", which the setter made "" (printed as a name the parser
    # refuses); strip until nothing is dropped, "_0" is no name
    while True:
        stripped = SSAValue.extract_valid_name(hint)
        if not stripped:
            return None
        if stripped == hint:
            return hint
        hint = stripped


ONNX_NAME = "onnx.name"
"""The argument and result attribute holding a graph input's or output's ONNX name where
the SSA name does not spell it (``{onnx.name = "input:0"}``); ``export_onnx`` uses it."""


def load_model(model: Any) -> Any:
    """An ``onnx.ModelProto`` from a model, a path or serialized bytes."""
    try:
        import onnx
        from google.protobuf.message import DecodeError
        from onnx.checker import ValidationError
    except ImportError:
        raise SliceError(
            "import_onnx needs the onnx package (pip install onnx)"
        ) from None

    if isinstance(model, onnx.ModelProto):
        return model
    try:
        # protobuf reads no bytes as an empty model, which was then said to import no
        # opset (session 64's hunt)
        if isinstance(model, bytes | bytearray):
            if not model:
                raise SliceError("the model: not a valid ONNX model (no bytes)")
            return onnx.load_model_from_string(bytes(model))
        if isinstance(model, str | os.PathLike):
            path = os.fspath(model)
            if os.path.exists(path) and not os.path.isfile(path):
                # /dev/zero, a FIFO or a directory: onnx would read it without end
                raise SliceError(
                    f"{os.fsdecode(path)} is not a regular file; import_onnx reads a "
                    "model from a file (or takes its bytes or an onnx.ModelProto)"
                )
            if os.path.isfile(path) and os.path.getsize(path) == 0:
                raise SliceError(
                    f"{os.fsdecode(path)}: not a valid ONNX model (the file is empty)"
                )
            return onnx.load(path)
    except (DecodeError, RuntimeError, ValueError, ValidationError) as e:
        # ValidationError: external data at an absolute path or outside the directory
        where = "the model" if isinstance(model, bytes | bytearray) else str(model)
        raise SliceError(f"{where}: not a valid ONNX model ({e})") from None
    except OSError as e:
        raise SliceError(
            f"cannot read {e.filename or model}: {e.strerror or e}"
        ) from None
    raise SliceError(
        f"import_onnx takes an onnx.ModelProto, a path or bytes, not "
        f"{type(model).__name__}"
    )


def _repeated(fd: Any) -> bool:
    from google.protobuf.descriptor import FieldDescriptor

    if hasattr(fd, "is_repeated"):  # protobuf >= 6
        return bool(fd.is_repeated)
    return fd.label == FieldDescriptor.LABEL_REPEATED


def check_strings(message: Any, path: str = "model") -> None:
    """Every string field of a protobuf ``message`` decodes as UTF-8 (protobuf hands a
    field that does not as ``bytes``)."""
    from google.protobuf.descriptor import FieldDescriptor

    for fd, value in message.ListFields():
        where = f"{path}.{fd.name}"
        if fd.type == FieldDescriptor.TYPE_STRING:
            values = value if _repeated(fd) else [value]
            if any(not isinstance(v, str) for v in values):
                raise SliceError(f"{where}: a string that is not valid UTF-8")
        elif fd.type == FieldDescriptor.TYPE_MESSAGE:
            values = value if _repeated(fd) else [value]
            for i, v in enumerate(values):
                check_strings(v, f"{where}[{i}]" if len(values) > 1 else where)


def _check_one_output(node: Any, where: str, what: str) -> None:
    """``node`` (``what``: ``Slice``, ``a Constant``) has exactly one output, named."""
    if len(node.output) != 1:
        raise SliceError(f"{where}: {what} has one output, got {len(node.output)}")
    if not node.output[0]:
        raise SliceError(
            f"{where}: the output of {what} has an empty name (ONNX's mark of an "
            "optional output left out), but it is required"
        )


class _Importer:
    def __init__(self, model: Any, constants: Mapping[str, Any]) -> None:
        self.model = model
        self.graph = model.graph
        self.opset = self._default_opset()
        self.element_types = onnx_element_types()
        self.block = Block()
        self.values: dict[str, SSAValue] = {}
        self.arrays: dict[str, NDArray] = {}  # initializers and Constant outputs
        self.constants = dict(constants)

    # --- model-level checks ---------------------------------------------------------

    def _default_opset(self) -> int:
        versions = [
            o.version for o in self.model.opset_import if o.domain in ("", "ai.onnx")
        ]
        if not versions:
            raise SliceError(
                "the model imports no version of the default ONNX domain (opset_import)"
            )
        if len(versions) > 1:
            raise SliceError(
                f"the model imports the default ONNX domain twice (opsets {versions})"
            )
        import onnx

        latest = onnx.defs.onnx_opset_version()
        if versions[0] > latest:
            raise SliceError(
                f"the model imports opset {versions[0]} of the default ONNX domain "
                f"(opset_import); the onnx package here knows opsets up to {latest}"
            )
        if versions[0] < 1:
            raise SliceError(
                f"the model imports opset {versions[0]} of the default ONNX domain "
                "(opset_import); ONNX opsets start at 1"
            )
        return versions[0]

    def slice_opset(self) -> int:
        """The ``opset`` of ``slice.onnx`` for the model's opset (10 or later)."""
        if self.opset >= 13:
            return 13
        return 11 if self.opset >= 11 else 10

    # --- types ------------------------------------------------------------------------

    def element_type(self, elem_type: int, what: str) -> Attribute:
        if elem_type not in self.element_types:
            raise SliceError(
                f"{what} has element type {_type_name(elem_type)}, which a slice cannot "
                "move (supported: BOOL, (U)INT8-64, FLOAT16, BFLOAT16, FLOAT, DOUBLE, "
                "COMPLEX64, COMPLEX128)"
            )
        return self.element_types[elem_type]

    def _check_size(
        self, shape: Sequence[int | None], element: Attribute, what: str
    ) -> None:
        for i, d in enumerate(shape):
            if d is not None and d < 0:
                raise SliceError(f"{what} has dimension {i} of size {d} (negative)")
        static = [d for d in shape if d is not None]
        if prod(static) * dtypes.storage_bytes(element) > MAX_BYTES:
            raise SliceError(
                f"{what} has shape {list(shape)}, more than 2**62 bytes: no buffer "
                "can hold it"
            )

    def value_info_type(self, info: Any, what: str) -> TensorType:
        t = info.type
        if t.WhichOneof("value") != "tensor_type":
            raise SliceError(
                f"{what} is not a tensor (ONNX type {t.WhichOneof('value')})"
            )
        element = self.element_type(t.tensor_type.elem_type, what)
        if not t.tensor_type.HasField("shape"):
            raise SliceError(f"{what} has no shape: its rank must be known")
        shape: list[int | None] = [
            d.dim_value if d.WhichOneof("value") == "dim_value" else None
            for d in t.tensor_type.shape.dim
        ]
        self._check_size(shape, element, what)
        return TensorType(element, [DYNAMIC_INDEX if d is None else d for d in shape])

    def _check_initializer_input(self, info: Any, what: str) -> None:
        """A graph input with an initializer: its declared type, where it has one,
        must be the initializer's (ONNX Runtime refuses the model otherwise)."""
        tensor_type = info.type.tensor_type
        if info.type.WhichOneof("value") != "tensor_type" or not tensor_type.elem_type:
            return
        array = self.arrays[info.name]
        element = self.element_type(tensor_type.elem_type, what)
        if dtypes.numpy_dtype(element) != array.dtype:
            raise SliceError(
                f"{what} is declared {element} but its initializer holds "
                f"{array.dtype} values"
            )
        if not tensor_type.HasField("shape"):
            return
        declared = [
            d.dim_value if d.WhichOneof("value") == "dim_value" else None
            for d in tensor_type.shape.dim
        ]
        if len(declared) != array.ndim or any(
            d is not None and d != n for d, n in zip(declared, array.shape)
        ):
            shown = ", ".join("?" if d is None else str(d) for d in declared)
            raise SliceError(
                f"{what} is declared with shape [{shown}] but its initializer has "
                f"shape {list(array.shape)}"
            )

    @staticmethod
    def _check_output_shape(info: Any, t: TensorType[Any]) -> None:
        """A graph output's declared shape must agree with its value's: the same rank,
        and each declared ``dim_value`` equal to the value's dim where that is static
        (as ONNX shape inference requires; a ``dim_param`` or ``?`` agrees with
        anything)."""
        declared = [
            d.dim_value if d.WhichOneof("value") == "dim_value" else None
            for d in info.type.tensor_type.shape.dim
        ]
        actual = [None if d == DYNAMIC_INDEX else d for d in t.get_shape()]
        if len(declared) != len(actual) or any(
            a is not None and b is not None and a != b for a, b in zip(declared, actual)
        ):
            shown = ", ".join("?" if d is None else str(d) for d in declared)
            raise SliceError(
                f"graph output '{info.name}' is declared with shape [{shown}] but its "
                f"value has type {t}"
            )

    # --- constants ----------------------------------------------------------------------

    def tensor_array(self, tensor: Any, what: str) -> NDArray:
        from onnx import TensorProto, numpy_helper

        element = self.element_type(tensor.data_type, what)
        self._check_size(list(tensor.dims), element, what)
        try:
            array = numpy_helper.to_array(tensor)
        except Exception as e:  # any decoding failure of the tensor's data
            raise SliceError(f"{what}: its data does not decode ({e})") from None
        if tensor.data_type == TensorProto.BOOL and len(tensor.int32_data) == array.size:
            # onnx's to_array keeps the low byte of each int32_data entry (256 is
            # False); onnxruntime reads an entry other than 0 as True (session 63's hunt)
            array = (np.asarray(tensor.int32_data, np.int64) != 0).reshape(array.shape)
        if array.dtype != dtypes.numpy_dtype(element):
            array = array.astype(dtypes.numpy_dtype(element))
        return array

    def constant_value(self, name: str) -> SSAValue:
        """The ``arith.constant`` of an initializer or Constant output, made once."""
        if name not in self.values:
            array = self.arrays[name]
            op = make_constant(array)
            op.result.name_hint = _valid_name(name)
            self.block.add_op(op)
            self.values[name] = op.result
        return self.values[name]

    # --- the graph ----------------------------------------------------------------------

    def run(self) -> ModuleOp:
        graph = self.graph
        initializers = {t.name for t in graph.initializer}
        for t in graph.sparse_initializer:
            raise SliceError(f"sparse initializer '{t.values.name}' is not supported")
        seen: set[str] = set()
        for t in graph.initializer:
            if t.name in seen:
                raise SliceError(f"initializer '{t.name}' is defined twice")
            seen.add(t.name)
            self.arrays[t.name] = self.tensor_array(t, f"initializer '{t.name}'")
        input_names = [i.name for i in graph.input]
        unknown = sorted(set(self.constants) - set(input_names))
        if unknown:
            raise SliceError(
                f"constants name {', '.join(repr(u) for u in unknown)}, which "
                f"{'is' if len(unknown) == 1 else 'are'} not a graph input "
                f"(inputs: {', '.join(input_names) or 'none'})"
            )
        arg_types: list[Attribute] = []
        arg_names: list[str] = []
        seen_inputs: set[str] = set()
        for i, info in enumerate(graph.input):
            what = f"graph input '{info.name}'"
            if not info.name:
                raise SliceError(f"graph input #{i} has no name")
            if info.name in seen_inputs:
                raise SliceError(f"{what} is defined twice")
            seen_inputs.add(info.name)
            if info.name in self.constants:  # bound: overrides an initializer too
                t = self.value_info_type(info, what)
                self.arrays[info.name] = self.bound_array(
                    info.name, t, self.constants[info.name]
                )
                continue
            if info.name in initializers:
                self._check_initializer_input(info, what)
                continue  # the initializer is its (default) value
            t = self.value_info_type(info, what)
            arg_types.append(t)
            arg_names.append(info.name)
        self.block = Block(arg_types=arg_types)
        for arg, name in zip(self.block.args, arg_names):
            arg.name_hint = _valid_name(name)
            self.values[name] = arg
        for index in self.topological_order():
            self.node(index)
        results: list[SSAValue] = []
        result_names: list[str] = []
        for info in graph.output:
            if info.name in self.values:
                value = self.values[info.name]
            elif info.name in self.arrays:
                value = self.constant_value(info.name)
            else:
                raise SliceError(
                    f"graph output '{info.name}' is not produced by any node, input or "
                    "initializer"
                )
            if info.type.HasField("tensor_type") and not info.type.tensor_type.elem_type:
                # ONNX Runtime refuses such a model ("Invalid tensor data type 0"); a
                # graph output of unknown type leaves its type out instead.
                raise SliceError(
                    f"graph output '{info.name}' has element type UNDEFINED (leave its "
                    "type out if it is not known)"
                )
            if info.type.HasField("tensor_type"):
                declared = self.element_type(
                    info.type.tensor_type.elem_type, f"graph output '{info.name}'"
                )
                vt = value.type
                assert isinstance(vt, TensorType)
                if declared != vt.get_element_type():
                    raise SliceError(
                        f"graph output '{info.name}' is declared "
                        f"{_type_name(info.type.tensor_type.elem_type)} but its value "
                        f"has element type {vt.get_element_type()}"
                    )
                if info.type.tensor_type.HasField("shape"):
                    self._check_output_shape(info, vt)
            results.append(value)
            result_names.append(info.name)
        if not results:
            raise SliceError("the graph has no outputs")
        self.block.add_op(func.ReturnOp(*results))
        arg_attrs, res_attrs = self.name_attributes(arg_names, results, result_names)
        function = func.FuncOp(
            "main",
            ([v.type for v in self.block.args], [r.type for r in results]),
            Region(self.block),
            arg_attrs=arg_attrs,
            res_attrs=res_attrs,
        )
        module = ModuleOp([function])
        try:
            module.verify()
        except (VerifyException, DiagnosticException) as e:
            raise SliceError(f"the imported module does not verify: {e}") from None
        return module

    def name_attributes(
        self, arg_names: list[str], results: list[SSAValue], result_names: list[str]
    ) -> tuple[ArrayAttr[DictionaryAttr] | None, ArrayAttr[DictionaryAttr] | None]:
        """``{onnx.name = ...}`` on every argument and result, unless the SSA names
        already spell every graph input and output: each argument's and returned
        value's name hint is its ONNX name, no two values share a hint (so the printed
        names are the hints), and no result is an argument, a constant or a value
        returned before (which the export gives their own output name). xDSL keeps a
        hint without a ``_N`` suffix, so ``a_1`` or ``input:0`` need the attribute."""
        values = [*self.block.args, *(r for op in self.block.ops for r in op.results)]
        hints = [v.name_hint for v in values if v.name_hint is not None]
        plain = len(hints) == len(set(hints))
        plain = plain and all(
            arg.name_hint == name for arg, name in zip(self.block.args, arg_names)
        )
        returned: set[SSAValue] = set()
        for value, name in zip(results, result_names):
            plain = (
                plain
                and value.name_hint == name
                and value not in returned
                and not isinstance(value, BlockArgument)
                and not isinstance(value.owner, arith.ConstantOp)
            )
            returned.add(value)
        if plain:
            return None, None

        def attrs(names: list[str]) -> ArrayAttr[DictionaryAttr]:
            return ArrayAttr([DictionaryAttr({ONNX_NAME: StringAttr(n)}) for n in names])

        return attrs(arg_names), attrs(result_names)

    def bound_array(self, name: str, t: TensorType, value: Any) -> NDArray:
        """``value`` as an array of the input's type. Integers convert exactly or
        are an error; floats round to the nearest value of the type, and a finite
        value that would become infinite is an error (NaN and infinities stay)."""
        what = f"the constant bound to graph input '{name}'"
        dtype = dtypes.numpy_dtype(t.get_element_type())
        bfloat16 = dtypes.numpy_dtype(BFloat16Type())
        try:
            array = _bound_values(value)
        except (ValueError, TypeError) as e:  # ragged lists
            raise SliceError(f"{what} is not an array ({e})") from None
        if array.dtype == bfloat16 and dtype.kind in "fc":
            array = array.astype(np.float32)  # exact; then as any float32 array
        raw = array.dtype.type is np.void and array.dtype.names is None
        if raw and array.dtype.itemsize == dtype.itemsize:
            array = array.view(dtype)  # raw bytes (np.save of bf16), as slice-run reads
        wider = array.dtype.kind in "fc" and array.dtype.itemsize > dtype.itemsize * (
            2 if dtype.kind == "c" and array.dtype.kind == "c" else 1
        )
        exact_in_float32 = array.dtype.kind in "iuf" and array.dtype.itemsize <= (
            4 if array.dtype.kind == "f" else 2
        )
        if (
            array.dtype != dtype
            and array.dtype.kind in "iufc"
            and (
                (dtype == bfloat16 and array.dtype.kind in "iuf" and not exact_in_float32)
                or (wider and dtype.kind in "fc" and array.dtype.itemsize > 8)
            )
        ):
            # ml_dtypes rounds to bfloat16 through float32 (once only for values
            # float32 holds: from f16, f32, and integers of 16 bits at most), numpy a
            # long double to float16 through float64: each value rounded once
            # instead, one by one (linear, 4 us a value)
            array = array.astype(object)
        if array.dtype == object:
            array = _python_numbers(array, dtype, what)
        if array.dtype != dtype:
            # bools are another kind than integers, an error for an integer input
            # as floats are; into a float input they convert (to 0.0 and 1.0) as
            # integers do; complex values only into a complex input (ml_dtypes casts
            # complex to bfloat16 as "same kind", dropping the imaginary parts)
            if (
                (
                    not np.can_cast(array.dtype, dtype, casting="same_kind")
                    and not (array.dtype.kind in "iu" and dtype.kind in "iu")
                )
                or (array.dtype.kind == "b" and dtype.kind in "iu")
                or (array.dtype.kind == "c" and dtype.kind != "c")
            ):
                raise SliceError(f"{what} has dtype {array.dtype}, the input is {dtype}")
            if array.dtype.kind in "iu" and dtype.kind in "iu":
                info = np.iinfo(dtype)
                _check_fits(array, (array < info.min) | (array > info.max), dtype, what)
            with np.errstate(over="ignore", invalid="ignore"):
                cast = array.astype(dtype)
            if dtype.kind == "c" and array.dtype.kind == "c":  # each part on its own
                bad = np.isfinite(array.real) & ~np.isfinite(cast.real)
                bad |= np.isfinite(array.imag) & ~np.isfinite(cast.imag)
                _check_fits(array, bad, dtype, what)
            elif dtype.kind in "fc" or dtype == bfloat16:
                _check_fits(array, np.isfinite(array) & ~np.isfinite(cast), dtype, what)
            array = cast
        declared = shape_of(t)
        if len(declared) != array.ndim or any(
            d is not None and d != a for d, a in zip(declared, array.shape)
        ):
            raise SliceError(
                f"{what} has shape {list(array.shape)}, the input is "
                f"{['?' if d is None else d for d in declared]}"
            )
        return array

    def node_name(self, index: int) -> str:
        node = self.graph.node[index]
        label = f"'{node.name}'" if node.name else f"#{index}"
        return f"node {label} ({node.op_type or 'no op_type'})"

    def topological_order(self) -> list[int]:
        """Node indices in an order where every input is defined first."""
        graph = self.graph
        producer: dict[str, int] = {}
        defined = set(self.values) | set(self.arrays)
        for i, node in enumerate(graph.node):
            for out in node.output:
                if not out:
                    continue
                if out in producer or out in defined:
                    raise SliceError(
                        f"{self.node_name(i)}: output '{out}' is defined twice"
                    )
                producer[out] = i
        waiting = {i: 0 for i in range(len(graph.node))}
        users: dict[int, list[int]] = {i: [] for i in range(len(graph.node))}
        for i, node in enumerate(graph.node):
            for name in node.input:
                if not name or name in defined:
                    continue
                if name not in producer:
                    raise SliceError(
                        f"{self.node_name(i)}: input '{name}' is not a graph input, an "
                        "initializer or the output of a node"
                    )
                waiting[i] += 1
                users[producer[name]].append(i)
        ready = [i for i, n in waiting.items() if n == 0]
        order: list[int] = []
        while ready:
            i = ready.pop(0)
            order.append(i)
            for u in users[i]:
                waiting[u] -= 1
                if waiting[u] == 0:
                    ready.append(u)
        if len(order) != len(graph.node):
            stuck = min(i for i, n in waiting.items() if n > 0)
            raise SliceError(f"{self.node_name(stuck)} is part of a cycle")
        return order

    def node(self, index: int) -> None:
        node = self.graph.node[index]
        where = self.node_name(index)
        names = [a.name for a in node.attribute]
        if repeated := sorted({n for n in names if names.count(n) > 1}):
            raise SliceError(
                f"{where}: attribute '{repeated[0]}' appears {names.count(repeated[0])} "
                "times (ONNX Runtime refuses the graph)"
            )
        if node.domain not in ("", "ai.onnx"):
            raise SliceError(
                f"{where}: domain '{node.domain}' is not supported (only Slice and "
                "Constant of the default domain)"
            )
        if node.op_type == "Constant":
            self.constant_node(node, where)
        elif node.op_type == "Slice":
            self.slice_node(node, where)
        else:
            raise SliceError(
                f"{where}: op type '{node.op_type}' is not supported (only Slice and "
                "Constant)"
            )

    def constant_node(self, node: Any, where: str) -> None:
        from onnx import helper

        if len(node.input) != 0:
            raise SliceError(f"{where}: a Constant has no inputs, got {len(node.input)}")
        _check_one_output(node, where, "a Constant")
        if len(node.attribute) != 1:
            raise SliceError(
                f"{where}: a Constant has exactly one value attribute, got "
                f"{[a.name for a in node.attribute]}"
            )
        attr = node.attribute[0]
        from onnx import AttributeProto as A

        expected_type = {
            "value": A.TENSOR,
            "value_int": A.INT,
            "value_ints": A.INTS,
            "value_float": A.FLOAT,
            "value_floats": A.FLOATS,
        }.get(attr.name)
        if expected_type is not None and attr.type != expected_type:
            raise SliceError(
                f"{where}: attribute '{attr.name}' must be "
                f"{A.AttributeType.Name(expected_type)}, got {_attribute_type(attr.type)}"
            )
        try:
            value = helper.get_attribute_value(attr)
        except Exception as e:  # a malformed attribute
            raise SliceError(
                f"{where}: attribute '{attr.name}' is malformed ({e})"
            ) from None
        if attr.name == "value":
            array = self.tensor_array(value, f"{where}: value")
        elif attr.name == "value_int":
            array = np.array(value, dtype=np.int64)
        elif attr.name == "value_ints":
            array = np.array(list(value), dtype=np.int64).reshape(len(value))
        elif attr.name == "value_float":
            array = np.array(value, dtype=np.float32)
        elif attr.name == "value_floats":
            array = np.array(list(value), dtype=np.float32).reshape(len(value))
        else:
            raise SliceError(
                f"{where}: Constant attribute '{attr.name}' is not supported (value, "
                "value_int(s), value_float(s))"
            )
        self.arrays[node.output[0]] = array

    def operand(self, name: str) -> SSAValue:
        if name in self.values:
            return self.values[name]
        return self.constant_value(name)

    def index_operand(self, name: str, param: str, where: str) -> SSAValue:
        """An index input of a Slice: a 1-D int32/int64 tensor."""
        if name in self.arrays and name not in self.values:
            array = self.arrays[name]
            if array.dtype not in (np.int32, np.int64):
                raise SliceError(
                    f"{where}: {param} ('{name}') has dtype {array.dtype}; Slice "
                    "parameters must be int32 or int64"
                )
            if array.ndim != 1:
                raise SliceError(
                    f"{where}: {param} ('{name}') has shape {list(array.shape)}; Slice "
                    "parameters must be 1-D"
                )
        value = self.operand(name)
        t = value.type
        assert isinstance(t, TensorType)
        element = t.get_element_type()
        if not (
            isinstance(element, IntegerType)
            and element.width.data in (32, 64)
            and element.signedness.data == Signedness.SIGNLESS
        ):
            raise SliceError(
                f"{where}: {param} ('{name}') has element type {element}; Slice "
                "parameters must be int32 or int64"
            )
        shape = t.get_shape()
        if len(shape) != 1 or shape[0] == DYNAMIC_INDEX:
            raise SliceError(
                f"{where}: {param} ('{name}') has type {t}; Slice parameters must be "
                "1-D with a static length"
            )
        return value

    @staticmethod
    def check_one_index_type(
        where: str, names: list[str], values: list[SSAValue | None]
    ) -> None:
        """Slice's index inputs share one type (``Tind``: int32 or int64)."""
        present = [
            (param, name, v.type)
            for param, name, v in zip(
                ("starts", "ends", "axes", "steps"), names[1:], values
            )
            if v is not None
        ]
        first = present[0]
        for param, name, t in present[1:]:
            assert isinstance(t, TensorType) and isinstance(first[2], TensorType)
            if t.get_element_type() != first[2].get_element_type():
                raise SliceError(
                    f"{where}: {param} ('{name}') is {t.get_element_type()} but "
                    f"{first[0]} ('{first[1]}') is {first[2].get_element_type()}; "
                    "Slice's index inputs share one type (int32 or int64)"
                )

    def ints_attribute(self, node: Any, name: str, where: str) -> list[int] | None:
        from onnx import AttributeProto

        for attr in node.attribute:
            if attr.name == name:
                if attr.type != AttributeProto.INTS:
                    raise SliceError(
                        f"{where}: attribute '{name}' must be a list of integers, got "
                        f"{_attribute_type(attr.type)}"
                    )
                return list(attr.ints)
        return None

    def slice_node(self, node: Any, where: str) -> None:
        _check_one_output(node, where, "Slice")
        if self.opset < 10:
            if len(node.input) != 1:
                raise SliceError(
                    f"{where}: Slice-1 (opset {self.opset}) takes 1 input (data), got "
                    f"{len(node.input)}"
                )
            known = {"starts", "ends", "axes"}
            extra = [a.name for a in node.attribute if a.name not in known]
            if extra:
                raise SliceError(f"{where}: unknown attributes {extra} for Slice-1")
            starts = self.ints_attribute(node, "starts", where)
            ends = self.ints_attribute(node, "ends", where)
            axes = self.ints_attribute(node, "axes", where)
            if starts is None or ends is None:
                raise SliceError(f"{where}: Slice-1 needs the attributes starts and ends")
            data = self.data_operand(node, where)

            def build(t: TensorType) -> OnnxSliceV1Op | OnnxSliceOp:
                assert starts is not None and ends is not None
                return OnnxSliceV1Op(data, starts, ends, axes, t)

        else:
            if not 3 <= len(node.input) <= 5:
                raise SliceError(
                    f"{where}: Slice (opset {self.opset}) takes 3 to 5 inputs (data, "
                    f"starts, ends, axes, steps), got {len(node.input)}"
                )
            if node.attribute:
                raise SliceError(
                    f"{where}: Slice (opset {self.opset}) takes no attributes, got "
                    f"{[a.name for a in node.attribute]}"
                )
            names = list(node.input) + [""] * (5 - len(node.input))
            for i, param in enumerate(("data", "starts", "ends")):
                if not names[i]:
                    raise SliceError(f"{where}: input {param} is missing (empty name)")
            data = self.data_operand(node, where)
            starts_v = self.index_operand(names[1], "starts", where)
            ends_v = self.index_operand(names[2], "ends", where)
            axes_v = self.index_operand(names[3], "axes", where) if names[3] else None
            steps_v = self.index_operand(names[4], "steps", where) if names[4] else None
            self.check_one_index_type(where, names, [starts_v, ends_v, axes_v, steps_v])
            opset = self.slice_opset()

            def build(t: TensorType) -> OnnxSliceV1Op | OnnxSliceOp:
                return OnnxSliceOp(data, starts_v, ends_v, axes_v, steps_v, t, opset)

        probe = build(self.dynamic_like(data))
        try:
            result_type = self.result_type(probe, where)
        finally:
            probe.drop_all_references()
        op = build(result_type)
        op.result.name_hint = _valid_name(node.output[0])
        try:
            op.verify()
        except (VerifyException, DiagnosticException) as e:
            raise SliceError(f"{where}: {e}") from None
        self.block.add_op(op)
        self.values[node.output[0]] = op.result

    def data_operand(self, node: Any, where: str) -> SSAValue:
        if not node.input[0]:
            raise SliceError(f"{where}: input data is missing (empty name)")
        name = node.input[0]
        if (
            name in self.arrays
            and name not in self.values
            and self.arrays[name].ndim == 0
        ):
            raise SliceError(f"{where}: data is a scalar; Slice needs rank >= 1")
        return self.operand(node.input[0])

    @staticmethod
    def dynamic_like(data: SSAValue) -> TensorType:
        t = data.type
        assert isinstance(t, TensorType)
        return TensorType(t.get_element_type(), [DYNAMIC_INDEX] * len(t.get_shape()))

    def result_type(self, op: OnnxSliceV1Op | OnnxSliceOp, where: str) -> TensorType:
        """The result type the semantics give on what is known (``?`` for the dims
        that run-time parameters or dynamic data dims decide)."""
        data_type = op.data.type
        assert isinstance(data_type, TensorType)
        element = data_type.get_element_type()
        try:
            shape = list(op.known_result().shape)
        except SliceSemanticsError as e:
            raise SliceError(f"{where}: {e}") from None
        return TensorType(element, [DYNAMIC_INDEX if d is None else d for d in shape])


def _fit_limit(dtype: np.dtype[Any]) -> str:
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return f"its values are {info.min} to {info.max}"
    import ml_dtypes  # its finfo knows bfloat16 too

    return f"its largest finite value is {ml_dtypes.finfo(dtype).max!s}"


def _shown(value: Any) -> str:
    """A value as a message shows it: a long double's own digits (not through
    ``float``), an integer too long for ``str`` by its size (Python refuses ints of
    more than 4300 digits)."""
    if isinstance(value, np.generic) and not _is_int(value):
        return str(value)
    try:
        return str(value.item() if isinstance(value, np.generic) else value)
    except ValueError:
        sign = "a negative" if int(value) < 0 else "an"
        return f"{sign} integer of {int(value).bit_length()} bits"


def _check_fits(array: NDArray, bad: NDArray, dtype: np.dtype[Any], what: str) -> None:
    """An error naming the first value of ``array`` where ``bad``."""
    if not bad.any():
        return
    index = tuple(int(i) for i in np.argwhere(bad)[0])
    raise SliceError(
        f"{what} has the value {_shown(array[index])} at {list(index)}, which does "
        f"not fit {dtype} ({_fit_limit(dtype)})"
    )


def _is_int(v: object) -> bool:
    return isinstance(v, int | np.integer) and not isinstance(v, bool | np.bool_)


def _is_number(v: object) -> bool:
    return _is_int(v) or isinstance(v, float | complex | np.floating | np.complexfloating)


def _bound_values(value: Any) -> NDArray:
    """A bound value as an array: an array as it is; a list (or a number) of Python
    integers, or of integers and other numbers, as an object array of them, so each
    converts once to the input's type (``np.asarray`` would make ``[2**64 - 1, 1]``
    ``float64``, and round an integer beyond ``2**53`` before the input's type does);
    anything else as ``np.asarray`` makes it."""
    if isinstance(value, np.ndarray):
        return value
    exact = np.array(value, dtype=object)
    flat = exact.reshape(-1)
    if exact.size and all(_is_number(v) for v in flat) and any(_is_int(v) for v in flat):
        return exact
    return np.asarray(value)


_FLOAT_FORMATS = {"e": (11, -24), "f": (24, -149), "d": (53, -1074)}
"""Each float type's significand bits and least exponent of its ulp (numpy's type
character; a complex type's parts are its float's; ``bfloat16`` is ``(8, -133)``)."""


def _float_format(dtype: np.dtype[Any]) -> tuple[int, int]:
    if dtype.kind == "c":
        return _FLOAT_FORMATS["f" if dtype.itemsize == 8 else "d"]
    return _FLOAT_FORMATS.get(dtype.char, (8, -133))


def _nearest(num: int, den: int, bits: int, least: int) -> float:
    """``num / den`` (``den > 0``) rounded once to ``bits`` significant bits, ties to
    even, with no ulp below ``2**least`` (the type's subnormals): exact as a
    ``float64``, or infinite beyond it. In Python integers, so no value is rounded
    twice on its way (through ``float64`` or ``float32``)."""
    if num == 0:
        return 0.0
    a = abs(num)
    top = a.bit_length() - den.bit_length()  # floor(log2(a / den)) is top or top - 1
    if (a << max(0, -top)) < (den << max(0, top)):
        top -= 1
    e = max(top - (bits - 1), least)
    n, d = (a, den << e) if e >= 0 else (a << -e, den)
    q, r = divmod(n, d)
    if 2 * r > d or (2 * r == d and q & 1):
        q += 1
    try:
        value = math.ldexp(q, e)
    except OverflowError:
        value = math.inf
    return value if num > 0 else -value


def _rounded(v: Any, bits: int, least: int) -> float:
    """A real number (an int, a float of any width) rounded once to the format."""
    if _is_int(v):
        return _nearest(int(v), 1, bits, least)
    if not np.isfinite(v) or v == 0:
        return float(v)  # NaN, the infinities and the zeros (their signs) stay
    num, den = v.as_integer_ratio()  # exact, a long double's too
    return _nearest(num, den, bits, least)


def _python_numbers(array: NDArray, dtype: np.dtype[Any], what: str) -> NDArray:
    """An object array of numbers (a list of Python integers, alone or with floats or
    complex values; numpy's array of an int beyond 64 bits; numbers of a type wider
    than the input's) as an array of ``dtype``: integers where every value fits, each
    value (each part) rounded once to the nearest value of a float type; other
    objects stay (and are refused by their dtype), as do integers mixed with floats
    for an integer input and complex values for a real one."""
    flat = array.reshape(-1)
    if flat.size == 0 or not all(_is_number(v) for v in flat):
        return array
    ints_only = all(_is_int(v) for v in flat)
    if dtype.kind == "b" and ints_only:
        raise SliceError(f"{what} has integer values, the input is bool")
    if dtype.kind in "iu" and ints_only:
        info = np.iinfo(dtype)
        low, high = int(info.min), int(info.max)
        for index in np.ndindex(array.shape):
            v = int(array[index])
            if not low <= v <= high:
                raise SliceError(
                    f"{what} has the value {_shown(v)} at {list(index)}, which does "
                    "not fit "
                    f"{dtype} ({_fit_limit(dtype)})"
                )
        return np.array([int(v) for v in flat], dtype=dtype).reshape(array.shape)
    is_complex = [isinstance(v, complex | np.complexfloating) for v in flat]
    floating = dtype.kind in "fc" or dtype == dtypes.numpy_dtype(BFloat16Type())
    if not floating or (any(is_complex) and dtype.kind != "c"):
        kind = np.complex128 if any(is_complex) else np.float64
        return np.zeros(array.shape, dtype=kind)  # refused by its dtype
    bits, least = _float_format(dtype)
    parts: list[tuple[Any, Any]] = [
        (v.real, v.imag) if c else (v, 0) for v, c in zip(flat, is_complex)
    ]
    rounded = [(_rounded(a, bits, least), _rounded(b, bits, least)) for a, b in parts]
    if dtype.kind == "c":
        exact = np.array([complex(a, b) for a, b in rounded], dtype=np.complex128)
    else:
        exact = np.array([a for a, _ in rounded], dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):  # a signalling NaN stays NaN
        cast = exact.astype(dtype)  # exact: each value (part) is one of the type's
    for k, (given_parts, got_parts) in enumerate(zip(parts, rounded)):
        stored = (cast[k].real, cast[k].imag) if dtype.kind == "c" else (cast[k],)
        for given, got, kept in zip(given_parts, got_parts, stored):
            finite = _is_int(given) or bool(np.isfinite(given))
            if finite and not (math.isfinite(got) and np.isfinite(kept)):
                index = [int(i) for i in np.unravel_index(k, array.shape)]
                shown = _shown(int(given) if _is_int(given) else flat[k])
                raise SliceError(
                    f"{what} has the value {shown} at {index}, which does not fit "
                    f"{dtype} ({_fit_limit(dtype)})"
                )
    return cast.reshape(array.shape)


def make_constant(array: NDArray) -> arith.ConstantOp:
    """``arith.constant`` of a numpy array of a slice element type, exact for every
    one (:func:`dtypes.constant_attribute`)."""
    return arith.ConstantOp(dtypes.constant_attribute(array))


def import_onnx(model: Any, *, constants: Mapping[str, Any] | None = None) -> ModuleOp:
    """Import an ONNX model (``onnx.ModelProto``, a path, or serialized bytes) of
    ``Slice`` and ``Constant`` nodes as a module with one ``func.func @main``.

    ``constants`` binds graph inputs by name to values (numpy arrays or lists), which
    become ``arith.constant`` instead of arguments, as freezing a graph does. Raises
    :class:`SliceError` naming the node for anything it cannot import.
    """
    if constants is None:
        constants = {}
    if not isinstance(constants, Mapping):
        raise SliceError(
            "constants must be a mapping of graph input names to values (a dict), "
            f"got {type(constants).__name__}"
        )
    for name in constants:
        if not isinstance(name, str):
            raise SliceError(f"constants names graph inputs by str, got {name!r}")
    loaded = load_model(model)
    check_strings(loaded)
    try:
        return _Importer(loaded, constants).run()
    except SliceError:
        raise
    except (SliceSemanticsError, VerifyException, DiagnosticException) as e:
        raise SliceError(str(e)) from None


__all__ = ["import_onnx", "load_model", "make_constant", "onnx_element_types"]
