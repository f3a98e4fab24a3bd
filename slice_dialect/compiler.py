"""``compile()``: IR text to a callable kernel, through C or xDSL's interpreter.

The pipeline is parse, verify, ``canonicalize-slices``, ``convert-slice-to-loops``, then
either the C target (compiled with the system compiler, cached by content) or xDSL's
interpreter on the lowered loops. Every failure on the way is a :class:`SliceError`.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol

import numpy as np
import numpy.typing as npt
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Attribute
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException

from slice_dialect import dtypes
from slice_dialect.errors import SliceError, describe, out_of_range_integer
from slice_dialect.locations import LocatingParser, error_location
from slice_dialect.runtime import ArraySpec, CheckedArguments
from slice_dialect.semantics import SliceSemanticsError

NDArray = npt.NDArray[Any]
Backend = Literal["c", "interpreter"]


@dataclass(frozen=True)
class Signature:
    """The tensor arguments and results of an entry function."""

    name: str
    inputs: tuple[ArraySpec, ...]
    outputs: tuple[ArraySpec, ...]


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
        else:
            module = LocatingParser(ctx, source, filename).parse_module()
        module.verify()
    except (ParseError, VerifyException, DiagnosticException, SliceSemanticsError) as e:
        location = None if module is None else error_location(e, module)
        raise SliceError(describe(e), location) from None
    except (ValueError, OverflowError, struct.error) as e:
        # xDSL reports some literals that do not fit their type without a location.
        located = (
            None
            if isinstance(source, ModuleOp)
            else out_of_range_integer(source, filename)
        )
        raise SliceError(located or f"{filename}: invalid IR: {describe(e)}") from None
    return module


def _array_spec(t: Attribute, what: str, name: str | None = None) -> ArraySpec:
    if not isinstance(t, TensorType):
        raise SliceError(f"{what} has type {t}; kernels take and return tensors only")
    if not t.has_static_shape():
        raise SliceError(f"{what} has the dynamic type {t}; kernels need static shapes")
    dtype = dtypes.numpy_dtype(t.get_element_type())
    return ArraySpec(dtype, tuple(t.get_shape()), name or "")


def entry_signature(module: ModuleOp, entry: str) -> Signature:
    """The signature of ``func.func @entry`` in ``module``."""
    functions = [op for op in module.ops if isinstance(op, func.FuncOp)]
    for f in functions:
        if f.sym_name.data == entry:
            name = f"@{entry}"
            if f.is_declaration:
                raise SliceError(f"{name} is a declaration without a body")
            arg_names = [arg.name_hint for arg in f.body.block.args]
            return Signature(
                entry,
                tuple(
                    _array_spec(t, f"{name} argument {i}", arg_names[i])
                    for i, t in enumerate(f.function_type.inputs.data)
                ),
                tuple(
                    _array_spec(t, f"{name} result {i}")
                    for i, t in enumerate(f.function_type.outputs.data)
                ),
            )
    names = ", ".join(f"@{f.sym_name.data}" for f in functions) or "none"
    raise SliceError(f"no function @{entry} in the module (functions: {names})")


def lower(module: ModuleOp, ctx: Context) -> None:
    """Run ``canonicalize-slices`` and ``convert-slice-to-loops`` in place."""
    from passes.canonicalize_slices import CanonicalizeSlicesPass
    from passes.convert_slice_to_loops import ConvertSliceToLoopsPass

    try:
        CanonicalizeSlicesPass().apply(ctx, module)
        ConvertSliceToLoopsPass().apply(ctx, module)
        module.verify()
    except (VerifyException, DiagnosticException, SliceSemanticsError) as e:
        raise SliceError(describe(e), error_location(e, module)) from None


class InterpreterKernel(CheckedArguments):
    """Runs the lowered loops of an entry function in xDSL's interpreter.

    Calls are checked exactly as the C kernel's are; the loops then move the elements
    as raw bytes, so every element type comes out bit for bit.
    """

    def __init__(self, module: ModuleOp, signature: Signature) -> None:
        from slice_dialect.interpreter import make_interpreter

        super().__init__(signature.name, signature.inputs, signature.outputs)
        self.module = module
        self._interpreter = make_interpreter(module)

    def __call__(
        self, *inputs: NDArray, out: NDArray | Sequence[NDArray] | None = None
    ) -> NDArray | tuple[NDArray, ...]:
        arrays, _, result = self.prepare(inputs, out)
        # The base-class view: subclasses such as np.matrix index differently.
        raw = [np.asarray(a).view(np.dtype(f"V{a.dtype.itemsize}")) for a in arrays]
        self._interpreter.call_op(self.function, tuple(raw))
        return result


def compile(
    source: str | ModuleOp,
    entry: str = "main",
    backend: Backend = "c",
    *,
    sanitize: bool = False,
    cache_dir: str | Path | None = None,
    filename: str = "<source>",
) -> Kernel:
    """Compile ``func.func @entry`` of ``source`` (IR text or a module) to a kernel.

    ``backend="c"`` emits C, compiles it with ``$CC`` or ``cc`` into a shared library
    (cached by content under ``cache_dir``, ``$SLICE_CACHE_DIR`` or
    ``~/.cache/slice_dialect``) and calls it; ``sanitize=True`` builds it with
    ``-fsanitize=address,undefined`` (the process must preload the ASan runtime, see the
    README). ``backend="interpreter"`` runs the lowered loops in xDSL's interpreter.
    ``filename`` names the source in messages. Raises :class:`SliceError` for any
    invalid input.
    """
    if backend not in ("c", "interpreter"):
        raise SliceError(f"unknown backend {backend!r}; use 'c' or 'interpreter'")
    ctx = make_context()
    module = parse_module(source, ctx, filename)
    signature = entry_signature(module, entry)
    lower(module, ctx)
    if backend == "interpreter":
        return InterpreterKernel(module, signature)
    from slice_dialect.backend.c import emit_c
    from slice_dialect.runtime import load_kernel

    return load_kernel(
        emit_c(module),
        signature.name,
        signature.inputs,
        signature.outputs,
        sanitize=sanitize,
        cache_dir=None if cache_dir is None else Path(cache_dir),
    )


__all__ = [
    "InterpreterKernel",
    "Kernel",
    "Signature",
    "compile",
    "entry_signature",
    "make_context",
]
