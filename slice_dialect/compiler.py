"""``compile()``: IR text to a callable kernel, through C or xDSL's interpreter.

The pipeline is parse, verify, ``canonicalize-slices``, ``convert-slice-to-loops``, then
either the C target (compiled with the system compiler, cached by content) or xDSL's
interpreter on the lowered loops. Every failure on the way is a :class:`SliceError`.
"""

from __future__ import annotations

import dataclasses
import inspect
import os
import struct
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol

import numpy as np
import numpy.typing as npt
from xdsl.context import Context
from xdsl.dialects import func, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    MemRefType,
    ModuleOp,
    TensorType,
    UnrankedTensorType,
    i32,
    i64,
)
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.traits import SymbolOpInterface, SymbolTable
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException

from passes.copy_plan import DEFAULT_STREAM, StreamTarget, is_working_set
from passes.function_boundary import (
    SCALAR_ARGUMENT_WIDTHS,
    scalar_buffer_type,
    several_blocks,
)
from passes.inline import inline_calls, reachable_functions
from slice_dialect import dtypes
from slice_dialect.errors import (
    TOO_DEEP,
    OpPassFailedException,
    SliceError,
    describe,
    out_of_range_integer,
    visible,
)
from slice_dialect.ir_files import MAX_IR_BYTES as MAX_IR_BYTES
from slice_dialect.ir_files import decode_ir, read_ir
from slice_dialect.ir_files import max_ir_bytes as max_ir_bytes
from slice_dialect.locations import (
    LocatingParser,
    copy_text_locations,
    error_location,
    location_text,
    plain_verifier_error,
    unprintable_float_in,
    upstream_verifier_gap,
    use_before_definition,
    verifier_error,
    verify_located,
)
from slice_dialect.runtime.arguments import ArraySpec, CheckedArguments, check_shape
from slice_dialect.runtime.cache import check_sanitize_backend
from slice_dialect.semantics import SliceSemanticsError

NDArray = npt.NDArray[Any]
Backend = Literal["c", "interpreter"]


@dataclass(frozen=True)
class Signature:
    """The tensor arguments and results of an entry function.

    A ``?`` dim is ``None`` in its spec; an argument read only as an index operand
    (``tensor<Nxi32>``/``tensor<Nxi64>`` used by slices as ``starts``, ``steps``...
    or by ``tensor.extract``) has ``ArraySpec.index`` set. ``shape_function`` is the
    lowered function's shape function (``slice.shape_function``), set by
    ``compile`` once the module is lowered.
    """

    name: str
    inputs: tuple[ArraySpec, ...]
    outputs: tuple[ArraySpec, ...]
    shape_function: str | None = None


class Kernel(Protocol):
    """A compiled entry function: numpy arrays in, one array (or a tuple) out."""

    inputs: list[ArraySpec]
    outputs: list[ArraySpec]

    def __call__(
        self, *inputs: NDArray, out: NDArray | Sequence[NDArray] | None = None
    ) -> NDArray | tuple[NDArray, ...]:
        """Run on ``inputs``; write into ``out`` when given."""
        ...


def make_context() -> Context:
    """A context with every xDSL dialect (loaded lazily) and the slice dialect."""
    from xdsl.dialects import get_all_dialects

    from slice_dialect.dialect import Slice

    ctx = Context()
    for name, factory in get_all_dialects().items():
        if name != "slice":
            ctx.register_dialect(name, factory)
    ctx.load_dialect(Slice)
    return ctx


def parse_module(
    source: str | ModuleOp, ctx: Context, filename: str = "<source>"
) -> ModuleOp:
    """Parse and verify ``source`` (a module is cloned, never changed)."""
    module: ModuleOp | None = None
    try:
        if isinstance(source, ModuleOp):
            module = source.clone()
            found = use_before_definition(module)
            if found is not None:
                raise SliceError(found[1], location_text(found[0]))
        else:
            module = LocatingParser(
                ctx, source, filename, refuse_unprintable=False
            ).parse_module()
        module.verify()
    except ParseError as e:  # the message alone; the source line and caret displayed
        raise SliceError(
            visible(e.msg).strip(), str(e.span.get_location()), display=describe(e)
        ) from None
    except (VerifyException, DiagnosticException, SliceSemanticsError) as e:
        if module is None:
            raise SliceError(describe(e)) from None
        raise SliceError(*verifier_error(e, module)) from None
    except (ValueError, OverflowError, struct.error) as e:
        # xDSL reports some literals that do not fit their type without a location.
        located = (
            None
            if isinstance(source, ModuleOp)
            else out_of_range_integer(source, filename)
        )
        raise SliceError(located or f"{filename}: invalid IR: {describe(e)}") from None
    except (SliceError, RecursionError):
        raise
    except Exception as e:  # a verifier of xDSL's that raises a plain Exception
        found = None if module is None else plain_verifier_error(e, module)
        if found is None and isinstance(e, NotImplementedError) and module is not None:
            # a verifier's message printing a float xDSL cannot print (f80)
            unprintable = unprintable_float_in(module)
            if unprintable is not None:
                op, message = unprintable
                raise SliceError(message, location_text(op)) from None
        if found is None:
            raise
        raise SliceError(*found) from None
    gap = upstream_verifier_gap(module)
    if gap is not None:
        raise SliceError(gap[1], location_text(gap[0]))
    return module


SCALAR_ARGUMENT_TYPES = (
    ", ".join(f"i{w}" for w in SCALAR_ARGUMENT_WIDTHS[:-1])
    + f" or i{SCALAR_ARGUMENT_WIDTHS[-1]}"
)
"""The signless integer types a kernel's scalar arguments may have, as messages name
them (``function_boundary.SCALAR_ARGUMENT_WIDTHS``)."""


def _array_spec(
    t: Attribute,
    what: str,
    name: str | None = None,
    index: bool = False,
    require_static: str | None = None,
    argument: bool = False,
) -> ArraySpec:
    """The array a kernel takes or returns for a function argument (``argument``) or
    result of type ``t``: a tensor's, or for a scalar argument of type ``index`` or
    ``iN`` the index spec of shape ``()`` its rank-0 buffer takes."""
    if isinstance(t, UnrankedTensorType):
        raise SliceError(f"{what} has type {t}; kernels take ranked tensors only")
    if not isinstance(t, TensorType):
        scalar = scalar_buffer_type(t) if argument else None
        if scalar is None:
            also = (
                ", and scalar arguments of type index or a signless "
                + SCALAR_ARGUMENT_TYPES
                if argument
                else ""
            )
            raise SliceError(
                f"{what} has type {t}; kernels take and return tensors only{also}"
            )
        # passed as a rank-0 buffer (convert-slice-to-loops), given as an int
        return ArraySpec(dtypes.numpy_dtype(scalar.element_type), (), name or "", True)
    if require_static is not None and not t.has_static_shape():
        raise SliceError(
            f"{what} has the dynamic type {t}; {require_static} needs static shapes"
        )
    try:
        dtype = dtypes.numpy_dtype(t.get_element_type())
    except SliceError as e:
        raise SliceError(f"{what} has type {t}: {e}") from None
    shape = tuple(None if d == DYNAMIC_INDEX else d for d in t.get_shape())
    check_shape(shape, dtype.itemsize, f"{what} ({t})")
    return ArraySpec(dtype, shape, name or "", index)


def _is_index_argument(argument: BlockArgument) -> bool:
    """Whether a function argument is read only as index values: a static 1-D
    ``i32``/``i64`` tensor whose every use is an index operand of a framework slice
    (not its data), a ``tensor.extract``, or an op on tensors that
    ``canonicalize-slices`` reads element by element (``reads_element_by_element``:
    elementwise ``arith``, a static ``tensor.extract_slice``) whose result is read so
    in turn."""
    from passes.canonicalize_slices import reads_element_by_element
    from slice_dialect.dialect import FrameworkSliceOp

    t = argument.type
    if not (
        isinstance(t, TensorType)
        and len(t.get_shape()) == 1
        and t.get_shape()[0] >= 0
        and t.get_element_type() in (i32, i64)
    ):
        return False
    if not argument.uses:
        return False
    seen: set[SSAValue] = set()
    values: list[SSAValue] = [argument]
    while values:
        for use in list(values.pop().uses):
            user = use.operation
            if isinstance(user, FrameworkSliceOp) and use.index > 0:
                continue
            if isinstance(user, tensor.ExtractOp):
                continue
            if not reads_element_by_element(user):
                return False
            if user.results[0] not in seen:
                seen.add(user.results[0])
                values.append(user.results[0])
    return True


def entry_signature(
    module: ModuleOp, entry: str, require_static: str | None = None
) -> Signature:
    """The signature of ``func.func @entry`` in ``module``; with ``require_static``
    (what needs it, for the message), a ``?`` dim is a ``SliceError``."""
    functions = _functions_of_one_block(module)
    for f in functions:
        if f.sym_name.data == entry:
            return _signature_of(f, require_static)
    raise _no_function(entry, [f.sym_name.data for f in functions])


def _no_function(entry: str, names: Sequence[str]) -> SliceError:
    listed = ", ".join(f"@{name}" for name in names) or "none"
    if not entry:
        return SliceError(f"the entry name is empty (functions: {listed})")
    return SliceError(f"no function @{entry} in the module (functions: {listed})")


def _several_blocks(f: func.FuncOp) -> SliceError | None:
    """The ``SliceError`` of a function of several blocks, else ``None``."""
    why = several_blocks(f)
    return None if why is None else SliceError(why, location_text(f))


def _functions_of_one_block(module: ModuleOp) -> list[func.FuncOp]:
    """The functions of ``module``; a function of several blocks is a ``SliceError``."""
    functions = [op for op in module.ops if isinstance(op, func.FuncOp)]
    for f in functions:
        if error := _several_blocks(f):
            raise error
    return functions


def _signature_of(f: func.FuncOp, require_static: str | None = None) -> Signature:
    name = f"@{f.sym_name.data}"
    if f.is_declaration:
        raise SliceError(f"{name} is a declaration without a body", location_text(f))
    args = f.body.block.args
    return Signature(
        f.sym_name.data,
        tuple(
            _array_spec(
                t,
                f"{name} argument {i}",
                args[i].name_hint,
                _is_index_argument(args[i]),
                require_static,
                argument=True,
            )
            for i, t in enumerate(f.function_type.inputs.data)
        ),
        tuple(
            _array_spec(t, f"{name} result {i}", require_static=require_static)
            for i, t in enumerate(f.function_type.outputs.data)
        ),
    )


def lowered_signature(module: ModuleOp, signature: Signature) -> Signature:
    """``signature`` with the shape function of its lowered function (``None`` if it
    has none), checked against the lowered arguments: one memref per input, then one
    per result, of the same element types and ranks."""
    from slice_dialect.runtime.arguments import array_specs
    from slice_dialect.runtime.kernels import shape_function_of

    lowered = SymbolTable.lookup_symbol(module, signature.name)
    assert isinstance(lowered, func.FuncOp)
    specs = array_specs(lowered)
    wanted = (*signature.inputs, *signature.outputs)
    if len(specs) != len(wanted) or any(
        a.dtype != b.dtype or len(a.shape) != len(b.shape) for a, b in zip(specs, wanted)
    ):
        raise SliceError(
            f"@{signature.name}: the lowered function takes "
            f"{[(str(a.dtype), a.shape) for a in specs]}, not the memrefs of its "
            f"arguments and results {[(str(a.dtype), a.shape) for a in wanted]}"
        )
    shape_function = shape_function_of(lowered)
    _check_inputs_unwritten(lowered, len(signature.inputs))
    if shape_function is not None:
        shape = SymbolTable.lookup_symbol(module, shape_function)
        inputs = lowered.function_type.inputs.data[: len(signature.inputs)]
        wanted_type = func.FunctionType.from_lists(
            [*inputs, *(MemRefType(i64, [len(o.shape)]) for o in signature.outputs)], []
        )
        if not isinstance(shape, func.FuncOp) or shape.is_declaration:
            raise SliceError(
                f"@{signature.name}: its shape function @{shape_function} "
                "(slice.shape_function) is no function with a body in the module",
                location_text(lowered),
            )
        if shape.function_type != wanted_type:
            raise SliceError(
                f"@{signature.name}: its shape function @{shape_function} has type "
                f"{shape.function_type}, not {wanted_type} (the inputs, then one "
                "memref of i64 per result, its dims)",
                location_text(lowered),
            )
        _check_inputs_unwritten(shape, len(signature.inputs))
    return dataclasses.replace(signature, shape_function=shape_function)


def _check_inputs_unwritten(function: func.FuncOp, inputs: int) -> None:
    """A ``SliceError`` naming the op if lowered ``function`` writes one of its first
    ``inputs`` arguments (the caller's arrays, passed without a copy): only the result
    memrefs after them may be written. ``convert-slice-to-loops`` never writes an
    input; hand-written or mutated lowered IR can."""
    from slice_dialect.backend.c import written_buffers

    written = written_buffers(function)
    for i, arg in enumerate(function.body.block.args[:inputs]):
        op = written.get(arg)
        if op is not None:
            hint = f" (%{arg.name_hint})" if arg.name_hint else ""
            raise SliceError(
                f"{op.name}: writes argument {i}{hint} of @{function.sym_name.data}, "
                f"an input: only the result memrefs after its {inputs} inputs may be "
                "written",
                location_text(op),
            )


def lower(module: ModuleOp, ctx: Context, stream: StreamTarget = DEFAULT_STREAM) -> None:
    """Run ``canonicalize-slices``, ``convert-slice-to-loops`` (for a target whose
    streaming properties are ``stream``) and ``outline-slice-parts`` in place. An upstream ``tensor.extract_slice``
    that canonicalization leaves (one not read as index values) is raised as
    ``convert-tensor-to-slice`` raises it and canonicalized again, so a kernel may be
    written in upstream's slices too; an index operand's maker that could not be read
    (``unread_runtime_slice``) is left to the lowering's refusal, which says why."""
    from passes.canonicalize_slices import CanonicalizeSlicesPass, unread_runtime_slice
    from passes.convert_slice_to_loops import ConvertSliceToLoopsPass
    from passes.convert_tensor_to_slice import raise_extract_slices
    from passes.outline_parts import OutlineSlicePartsPass

    def unread(op: Operation) -> bool:
        return unread_runtime_slice(op) is not None

    try:
        CanonicalizeSlicesPass(dynamic=True).apply(ctx, module)
        if any(
            isinstance(op, tensor.ExtractSliceOp) and not unread(op)
            for op in module.walk()
        ):
            raise_extract_slices(module, unread)
            CanonicalizeSlicesPass(dynamic=True).apply(ctx, module)
        ConvertSliceToLoopsPass(
            stream.working_set, stream.lines_in_order, stream.string_move_bytes
        ).apply(ctx, module)
        OutlineSlicePartsPass().apply(ctx, module)
    except (VerifyException, DiagnosticException, SliceSemanticsError) as e:
        raise SliceError(describe(e), error_location(e, module)) from None
    verify_located(module)  # an xDSL verifier's plain Exception too, at its op


class InterpreterKernel:
    """Runs the lowered loops of an entry function in xDSL's interpreter.

    Calls are checked exactly as the C kernel's are (``self.arguments``); the loops
    then move the elements as raw bytes, so every element type comes out bit for bit.
    Each thread runs its own interpreter (xDSL's keeps per-call state), so a kernel
    may be called from several threads at once.
    """

    def __init__(self, module: ModuleOp, signature: Signature) -> None:
        self.arguments = CheckedArguments(
            signature.name, signature.inputs, signature.outputs
        )
        if self.arguments.dynamic_outputs and signature.shape_function is None:
            raise SliceError(
                f"@{signature.name} has results with dynamic dims but no shape "
                "function (slice.shape_function)"
            )
        from slice_dialect.interpreter import check_interpretable

        check_interpretable(
            module,
            reachable_functions(
                module, [n for n in (signature.name, signature.shape_function) if n]
            ),
        )
        self.function = signature.name
        self.shape_function = signature.shape_function
        # Data moves as raw bytes; index operands and output shapes are read and
        # written as the integers they are.
        self._raw = [
            None if s.index else np.dtype(f"V{s.dtype.itemsize}")
            for s in (*self.arguments.inputs, *self.arguments.outputs)
        ]
        self.inputs = self.arguments.inputs
        self.outputs = self.arguments.outputs
        self.module = module
        self._per_thread = threading.local()

    def _interpreter(self) -> Any:
        interpreter = getattr(self._per_thread, "interpreter", None)
        if interpreter is None:
            from slice_dialect.interpreter import make_interpreter

            interpreter = make_interpreter(self.module)
            self._per_thread.interpreter = interpreter
        return interpreter

    def __call__(
        self, *inputs: NDArray, out: NDArray | Sequence[NDArray] | None = None
    ) -> NDArray | tuple[NDArray, ...]:
        arguments = self.arguments
        # ``prepare_inputs`` gives exact ndarrays (base-class views of subclasses).
        arrays, pointers, spans = arguments.prepare_inputs(inputs)
        shapes = None
        if self.shape_function is not None:
            written = [np.zeros(len(s.shape), np.int64) for s in self.outputs]
            self._interpreter().call_op(
                self.shape_function, (*self._values(arrays), *written)
            )
            shapes = arguments.output_shapes(written)
        result = arguments.prepare_outputs(out, shapes, arrays, pointers, spans)
        self._interpreter().call_op(self.function, self._values(arrays))
        return result

    def _values(self, arrays: Sequence[NDArray]) -> tuple[NDArray, ...]:
        raw = self._raw
        return tuple(
            a if raw[i] is None else a.view(raw[i]) for i, a in enumerate(arrays)
        )


def _names_a_file(text: str) -> bool:
    """Whether IR text is rather the path of an existing file (no IR is)."""
    if "\n" in text or len(text) > 4096 or not text.strip():
        return False
    try:
        return os.path.isfile(text)
    except (OSError, ValueError):  # a NUL byte, a name too long
        return False


def source_text(
    source: object, filename: str | None, caller: str = "compile()"
) -> tuple[str | ModuleOp, str]:
    """``source`` as IR text or a module, and the name of the source for messages
    (``caller`` names the function taking it in the message for another type)."""
    if isinstance(source, str) and _names_a_file(source):
        raise SliceError(
            f"{caller} got the str {source!r}, which it reads as IR text, not as a "
            f"path; pass pathlib.Path({source!r}) to read the file"
        )
    if isinstance(source, str | ModuleOp):
        return source, filename or "<source>"
    if isinstance(source, os.PathLike):
        path = os.fspath(source)
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        name = filename or path
        return decode_ir(read_ir(path), name), name
    raise SliceError(
        f"{caller} takes IR text (str), a path to an IR file (pathlib.Path or another "
        f"os.PathLike) or a ModuleOp; got {type(source).__name__}"
    )


def _check_options(
    entry: object,
    backend: object,
    sanitize: object,
    cache_dir: object,
    filename: object,
    prefix: object,
) -> None:
    if not isinstance(entry, str):
        raise SliceError(f"entry must be a function name (str), got {entry!r}")
    if backend not in ("c", "interpreter"):
        raise SliceError(f"unknown backend {backend!r}; use 'c' or 'interpreter'")
    if not isinstance(sanitize, bool):
        raise SliceError(f"sanitize must be True or False, got {sanitize!r}")
    check_sanitize_backend(backend, sanitize, "sanitize=True")
    if cache_dir is not None and not isinstance(cache_dir, str | os.PathLike):
        raise SliceError(
            f"cache_dir must be a directory path (str or pathlib.Path), got {cache_dir!r}"
        )
    if cache_dir is not None and "\0" in os.fspath(cache_dir):
        raise SliceError(f"cache_dir {cache_dir!r} holds a NUL byte, which no path can")
    if filename is not None and not isinstance(filename, str):
        raise SliceError(f"filename must be a str, got {filename!r}")
    if not isinstance(prefix, str):
        raise SliceError(f"prefix must be a str, got {prefix!r}")
    from slice_dialect.backend.c import c_symbol

    c_symbol("f", prefix)  # a prefix that is not a C identifier is a SliceError


def compile(
    source: str | ModuleOp | os.PathLike[str],
    entry: str = "main",
    backend: Backend = "c",
    *,
    sanitize: bool = False,
    cache_dir: str | os.PathLike[str] | None = None,
    filename: str | None = None,
    prefix: str = "slice_",
    stream_working_set: int | None = None,
    stream_lines_in_order: bool | None = None,
    string_move_bytes: int | None = None,
) -> Kernel:
    """Compile ``func.func @entry`` of ``source`` to a kernel.

    ``source`` is IR text, a path to an IR file (``pathlib.Path``; read, and its name
    used in messages) or a module (cloned, never changed). ``backend="c"`` emits C,
    compiles it with ``$CC`` or ``cc`` and ``$CFLAGS`` into a shared library (cached
    by content under ``cache_dir``, ``$SLICE_CACHE_DIR`` or
    ``~/.cache/slice_dialect``) and calls it; ``sanitize=True`` builds it with
    ``-fsanitize=address -fsanitize=undefined`` (the process must preload the ASan runtime, see
    the README); ``prefix`` goes before every C symbol (``c_symbol``).
    ``backend="interpreter"`` runs the lowered loops in xDSL's interpreter.
    ``filename`` names the source in messages. ``stream_working_set`` is
    ``convert-slice-to-loops``'s option (the fewest bytes of source span and output
    together for a copy's stores to be non-temporal); ``None``: the host's, as
    ``python -m slice_dialect.runtime.calibrate`` measured and stored it in the cache
    directory, else the size of its last-level cache (``default_stream_working_set``,
    since session 56), else ``STREAM_WORKING_SET`` (0). ``stream_lines_in_order`` is its other
    option (a streamed contiguous run's lines one after the other rather than in 16
    KiB blocks); ``None``: the host's likewise, else ``STREAM_LINES_IN_ORDER``
    (False). ``string_move_bytes`` is its third (a contiguous run of at least that many
    bytes with cached stores is copied by the CPU's string move; 0: never); ``None``:
    the host's likewise, else ``STRING_MOVE_BYTES`` (0). Raises :class:`SliceError` for any invalid input.
    Upstream ``tensor.extract_slice``s are raised as ``convert-tensor-to-slice`` does
    (``lower``).

    The kernel takes one array per argument of ``@entry``, positionally in argument
    order: data arrays of the argument's dtype (any size in a ``?`` dim), and index
    operands (an argument read only as ``starts``, ``steps``...: any integer array, or
    sequence of ints, of its length whose values fit its ``i32``/``i64``). It returns
    fresh outputs of the shapes the run-time values give, or checks ``out=`` against
    them; a value invalid at run time raises the verifier's ``SliceError``.
    """
    _check_options(entry, backend, sanitize, cache_dir, filename, prefix)
    stream = StreamTarget(
        _working_set(stream_working_set, cache_dir),
        _lines_in_order(stream_lines_in_order, cache_dir),
        _string_move_bytes(string_move_bytes, cache_dir),
    )
    text, name = source_text(source, filename)
    try:
        return _compile(text, entry, backend, sanitize, cache_dir, name, prefix, stream)
    except RecursionError:
        # A deeply nested program exhausts the recursion of xDSL's parser, verifier
        # or printer; there is no fixed depth to check for in advance.
        raise SliceError(TOO_DEEP) from None


def _working_set(value: object, cache_dir: str | os.PathLike[str] | None) -> int:
    """``compile``'s ``stream_working_set``, checked, or the host's (``None``)."""
    from slice_dialect.runtime.calibrate import host_stream_working_set

    return _byte_count("stream_working_set", value, cache_dir, host_stream_working_set)


def _string_move_bytes(value: object, cache_dir: str | os.PathLike[str] | None) -> int:
    """``compile``'s ``string_move_bytes``, checked, or the host's (``None``)."""
    from slice_dialect.runtime.calibrate import host_string_move_bytes

    return _byte_count("string_move_bytes", value, cache_dir, host_string_move_bytes)


def _byte_count(
    name: str,
    value: object,
    cache_dir: str | os.PathLike[str] | None,
    host: Callable[[Path | None], int],
) -> int:
    """``compile``'s byte-count argument ``name``, checked, or ``host``'s value for
    ``cache_dir`` (``None``)."""
    if value is None:
        return host(None if cache_dir is None else Path(cache_dir))
    if not is_working_set(value):
        raise SliceError(
            f"{name} must be a byte count (an int from 0 to 2**63 - 1) or None, got "
            f"{value!r}"
        )
    return value


def _lines_in_order(value: object, cache_dir: str | os.PathLike[str] | None) -> bool:
    """``compile``'s ``stream_lines_in_order``, checked, or the host's (``None``)."""
    if value is None:
        from slice_dialect.runtime.calibrate import host_stream_lines_in_order

        return host_stream_lines_in_order(None if cache_dir is None else Path(cache_dir))
    if not isinstance(value, bool):
        raise SliceError(f"stream_lines_in_order must be a bool or None, got {value!r}")
    return value


@dataclass
class Lowered:
    """A module after ``lower``, the signatures of its functions, and its C by prefix.

    Held by the lowering memo and shared by the kernels made from it: nothing
    changes a lowered module (the C target and the interpreter only read it).
    ``entries`` holds each function's signature as it was before lowering, or the
    ``SliceError`` that makes it no entry; ``signature`` gives an entry's lowered one.
    """

    module: ModuleOp
    entries: dict[str, Signature | SliceError]
    signatures: dict[str, Signature] = dataclasses.field(
        default_factory=dict[str, Signature]
    )
    inlined_away: frozenset[str] = frozenset()
    """The private functions ``inline`` erased once every call of them was inlined:
    an entry of them is lowered on its own (``_lowered_part``)."""
    c_sources: dict[str, str] = dataclasses.field(default_factory=dict[str, str])

    def before(self, entry: str) -> Signature:
        """The signature of ``@entry`` before lowering (``SliceError`` if it is no
        entry: the error ``entry_signature`` gives)."""
        found = self.entries.get(entry)
        if found is None:
            raise _no_function(entry, list(self.entries))
        if isinstance(found, SliceError):
            raise SliceError(str(found), found.location)
        return found

    def signature(self, entry: str) -> Signature:
        """The lowered signature of ``@entry`` (``SliceError`` if it is no entry)."""
        found = self.signatures.get(entry)
        if found is None:
            found = self.signatures.setdefault(
                entry, lowered_signature(self.module, self.before(entry))
            )
        return found

    def c_source(self, prefix: str, entry: str = "main") -> str:
        """The module's C with ``prefix`` (emitted once per prefix). Where the C target
        refuses another function (a declaration, a function returning scalars), the C
        of ``@entry`` and the functions it reaches alone (``keep_only_reachable``, on
        a copy), kept per prefix and entry."""
        from slice_dialect.backend.c import emit_c

        text = self.c_sources.get(prefix)
        if text is not None:
            return text
        try:
            # Two threads may both emit it; either text is the same.
            # lower() verified the module, and nothing changes it since
            text = emit_c(self.module, prefix=prefix, verified=True)
            return self.c_sources.setdefault(prefix, text)
        except SliceError:
            if len(self.entries) == 1 and len(self.module.ops) == 1:
                raise  # nothing to leave out
        key = f"{prefix} @{entry}"  # no C prefix has a space
        text = self.c_sources.get(key)
        if text is None:
            part = self.module.clone()
            copy_text_locations(self.module.body, part.body)
            keep_only_reachable(part, entry)
            text = self.c_sources.setdefault(key, emit_c(part, prefix=prefix))
        return text


def _entries(module: ModuleOp) -> dict[str, Signature | SliceError]:
    """The signature of each function of ``module``, or why it is no entry."""
    entries: dict[str, Signature | SliceError] = {}
    for f in (op for op in module.ops if isinstance(op, func.FuncOp)):
        try:
            entries.setdefault(f.sym_name.data, _several_blocks(f) or _signature_of(f))
        except SliceError as error:
            entries.setdefault(f.sym_name.data, error)
    return entries


LOWERED_MEMO_ENTRIES = 16
"""How many lowerings ``compile`` keeps (least recently used dropped first)."""

LOWERED_MEMO_MAX_TEXT = 256 * 1024
"""IR text longer than this (characters) is lowered again on every ``compile``, so that
the memo never holds the large modules of large programs."""


MemoKey = tuple[str, str, StreamTarget, str]
"""``(text, filename, stream, entry)``: ``entry`` is ``""`` for the lowering of the whole
module, which serves every entry."""


_lowered_memo: OrderedDict[MemoKey, Lowered] = OrderedDict()
_whole_failures: OrderedDict[MemoKey, None] = OrderedDict()
"""The texts whose whole module did not lower (the last ``LOWERED_MEMO_ENTRIES``): their
next entries are lowered with what they reach at once. Their errors are not kept."""
_lowered_memo_lock = threading.Lock()


def _memo_get(key: MemoKey | None) -> Lowered | None:
    """The kept lowering of ``key`` (now the most recently used), or ``None``."""
    if key is None:
        return None
    with _lowered_memo_lock:
        hit = _lowered_memo.get(key)
        if hit is not None:
            _lowered_memo.move_to_end(key)
    return hit


def _memo_put(key: MemoKey | None, result: Lowered) -> Lowered:
    """Keep ``result`` for ``key`` (dropping the least recently used past
    ``LOWERED_MEMO_ENTRIES``); the lowering kept for it, which another thread may have
    put first."""
    if key is None:
        return result
    with _lowered_memo_lock:
        result = _lowered_memo.setdefault(key, result)
        _lowered_memo.move_to_end(key)
        while len(_lowered_memo) > LOWERED_MEMO_ENTRIES:
            _lowered_memo.popitem(last=False)
    return result


def lowered(
    source: str | ModuleOp,
    entry: str,
    filename: str,
    stream: StreamTarget = DEFAULT_STREAM,
) -> Lowered:
    """``source`` parsed, verified and lowered (``convert-slice-to-loops`` for
    ``stream``), ``@entry`` checked to be an entry.

    IR text (up to ``LOWERED_MEMO_MAX_TEXT``) is lowered once per process for each
    ``(text, filename, stream)``, whatever entries are asked for: the lowering is a pure
    function of them, and it costs more than the rest of a ``compile`` whose library
    is cached. A module source is always lowered afresh (it may change between
    calls). Failures are not kept: the same text raises the same ``SliceError`` again.

    Where the whole module does not lower (or has a function of several blocks),
    ``@entry`` is lowered with only the functions it reaches (``_lowered_part``), kept
    in the memo for that entry: a function that cannot be lowered fails the entries
    that reach it, not the others. That the whole module failed is remembered
    (``_whole_failures``), so the text's next entries go to their own lowering at once.
    """
    whole = part = None
    if isinstance(source, str) and len(source) <= LOWERED_MEMO_MAX_TEXT:
        whole, part = (source, filename, stream, ""), (source, filename, stream, entry)
    hit = _memo_get(whole)
    if hit is not None and entry in hit.inlined_away:
        hit = None  # a private function inlined away: lowered on its own
    hit = hit or _memo_get(part)
    if hit is not None:
        hit.signature(entry)
        return hit
    ctx = make_context()
    if whole is not None and whole in _whole_failures:
        return _memo_put(part, _lowered_part(source, ctx, filename, stream, entry))
    module = parse_module(source, ctx, filename)
    before = {f.sym_name.data for f in module.ops if isinstance(f, func.FuncOp)}
    try:
        inline_checked(module)  # a private callee inlined everywhere is erased
    except SliceError:
        if len(before) == 1:
            raise
        # a function the entry may not reach grows past max-ops: the entry's own
        # functions are inlined alone (session 49's review)
        _remember_whole_failure(whole)
        return _memo_put(part, _lowered_part(source, ctx, filename, stream, entry))
    after = {f.sym_name.data for f in module.ops if isinstance(f, func.FuncOp)}
    result = Lowered(module, _entries(module), inlined_away=frozenset(before - after))
    if entry in result.inlined_away:
        return _memo_put(part, _lowered_part(source, ctx, filename, stream, entry))
    result.before(entry)  # no such entry: the error, before lowering
    functions = [op for op in module.ops if isinstance(op, func.FuncOp)]
    if len(functions) > 1 and any(_several_blocks(f) for f in functions):
        return _memo_put(part, _lowered_part(source, ctx, filename, stream, entry))
    try:
        lower(module, ctx, stream)
    except SliceError:
        if len(functions) == 1:
            raise
        _remember_whole_failure(whole)
        return _memo_put(part, _lowered_part(source, ctx, filename, stream, entry))
    result.signature(entry)
    return _memo_put(whole, result)


def _remember_whole_failure(whole: MemoKey | None) -> None:
    """That the whole module of ``whole`` (a memo key) failed: its next entries go to
    their own lowering at once (``_lowered_part``)."""
    if whole is None:
        return
    with _lowered_memo_lock:
        _whole_failures[whole] = None
        while len(_whole_failures) > LOWERED_MEMO_ENTRIES:
            _whole_failures.popitem(last=False)


def _lowered_part(
    source: str | ModuleOp,
    ctx: Context,
    filename: str,
    stream: StreamTarget,
    entry: str,
) -> Lowered:
    """``@entry`` of ``source`` lowered with only the functions it reaches
    (``keep_only_reachable``); a function of several blocks among them is the error."""
    module = parse_module(source, ctx, filename)
    keep_only_reachable(module, entry)
    inline_checked(module, keep=[entry])
    _functions_of_one_block(module)  # a function of several blocks is the error
    result = Lowered(module, _entries(module))
    lower(module, ctx, stream)
    result.signature(entry)
    return result


def inline_checked(module: ModuleOp, keep: Sequence[str] = ()) -> None:
    """``inline_calls``, its failure (a call past ``max-ops``) a ``SliceError`` at the
    call."""
    try:
        inline_calls(module, keep=keep)
    except OpPassFailedException as e:
        raise SliceError(str(e), error_location(e, module)) from None


def keep_only_reachable(module: ModuleOp, entry: str) -> None:
    """Erase every function of ``module`` that ``@entry`` does not reach
    (``reachable_functions``), and every other top-level symbol (a nested
    ``builtin.module @inner``: since session 63, as the interpreter never reads one),
    as MLIR's ``symbol-dce`` would with ``@entry`` the only public function (calls
    reach only functions here, ``func.call`` of a top-level name); no function
    ``@entry`` is a ``SliceError``."""
    functions = [f for f in module.ops if isinstance(f, func.FuncOp)]
    if all(f.sym_name.data != entry for f in functions):
        raise _no_function(entry, [f.sym_name.data for f in functions])
    reached = set(reachable_functions(module, [entry]))
    for op in list(module.ops):
        if isinstance(op, func.FuncOp):
            if op.sym_name.data in reached:
                continue
        elif op.get_trait(SymbolOpInterface) is None:
            continue
        op.detach()
        op.erase()


def _compile(
    source: str | ModuleOp,
    entry: str,
    backend: Backend,
    sanitize: bool,
    cache_dir: str | os.PathLike[str] | None,
    filename: str,
    prefix: str,
    stream: StreamTarget,
) -> Kernel:
    done = lowered(source, entry, filename, stream)
    signature = done.signature(entry)
    if backend == "interpreter":
        return InterpreterKernel(done.module, signature)
    from slice_dialect.runtime.kernels import load_kernel

    return load_kernel(
        done.c_source(prefix, entry),
        signature.name,
        signature.inputs,
        signature.outputs,
        sanitize=sanitize,
        cache_dir=None if cache_dir is None else Path(cache_dir),
        prefix=prefix,
        shape_function=signature.shape_function,
    )


def bind_compile_arguments(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Raise ``SliceError`` unless ``compile(*args, **kwargs)`` names its arguments
    right (an unknown keyword, too many positional arguments, no source)."""
    try:
        inspect.signature(compile).bind(*args, **kwargs)
    except TypeError as e:
        parameters = ", ".join(inspect.signature(compile).parameters)
        raise SliceError(f"compile(): {e} (parameters: {parameters})") from None


__all__ = [
    "InterpreterKernel",
    "Kernel",
    "Lowered",
    "Signature",
    "bind_compile_arguments",
    "compile",
    "entry_signature",
    "lowered",
    "make_context",
]
