"""``compile()``: IR text to a callable kernel, through C or xDSL's interpreter.

The pipeline is parse, verify, ``canonicalize-slices``, ``convert-slice-to-loops``, then
either the C target (compiled with the system compiler, cached by content) or xDSL's
interpreter on the lowered loops. Every failure on the way is a :class:`SliceError`.
"""

from __future__ import annotations

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
from xdsl.parser import Parser
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException

from slice_dialect import dtypes
from slice_dialect.errors import SliceError, describe
from slice_dialect.semantics import SliceSemanticsError

NDArray = npt.NDArray[Any]
Backend = Literal["c", "interpreter"]


@dataclass(frozen=True)
class ArraySpec:
    """What one argument or result of a kernel must be."""

    element_type: Attribute
    dtype: np.dtype[Any]
    shape: tuple[int, ...]

    def describe(self) -> str:
        return f"{self.dtype} array of shape {self.shape} ({self.element_type})"


@dataclass(frozen=True)
class Signature:
    """The tensor arguments and results of an entry function."""

    name: str
    inputs: tuple[ArraySpec, ...]
    outputs: tuple[ArraySpec, ...]


class Kernel(Protocol):
    """A compiled entry function: numpy arrays in, one array (or a tuple) out."""

    signature: Signature

    def __call__(
        self, *inputs: NDArray, out: NDArray | Sequence[NDArray] | None = None
    ) -> NDArray | tuple[NDArray, ...]: ...


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


def parse_module(source: str | ModuleOp, ctx: Context) -> ModuleOp:
    """Parse and verify ``source`` (a module is cloned, never changed)."""
    try:
        if isinstance(source, ModuleOp):
            module = source.clone()
        else:
            module = Parser(ctx, source, "<source>").parse_module()
        module.verify()
    except (ParseError, VerifyException, DiagnosticException, SliceSemanticsError) as e:
        raise SliceError(describe(e)) from None
    return module


def _array_spec(t: Attribute, what: str) -> ArraySpec:
    if not isinstance(t, TensorType):
        raise SliceError(f"{what} has type {t}; kernels take and return tensors only")
    if not t.has_static_shape():
        raise SliceError(f"{what} has the dynamic type {t}; kernels need static shapes")
    element_type = t.get_element_type()
    return ArraySpec(element_type, dtypes.numpy_dtype(element_type), tuple(t.get_shape()))


def entry_signature(module: ModuleOp, entry: str) -> Signature:
    """The signature of ``func.func @entry`` in ``module``."""
    functions = [op for op in module.ops if isinstance(op, func.FuncOp)]
    for f in functions:
        if f.sym_name.data == entry:
            name = f"@{entry}"
            return Signature(
                entry,
                tuple(
                    _array_spec(t, f"{name} argument {i}")
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
        raise SliceError(describe(e)) from None


def check_arguments(
    signature: Signature,
    inputs: Sequence[Any],
    out: NDArray | Sequence[NDArray] | None,
) -> tuple[list[NDArray], list[NDArray]]:
    """Check a call against ``signature``: C-contiguous inputs and the output arrays.

    Inputs of the right dtype and shape that are not C-contiguous are copied; outputs
    given with ``out=`` must be C-contiguous, writeable, of the exact dtype and shape,
    and must not overlap an input. Anything else is a :class:`SliceError` naming the
    argument.
    """
    name = f"@{signature.name}"
    if len(inputs) != len(signature.inputs):
        raise SliceError(
            f"{name} takes {len(signature.inputs)} arrays, got {len(inputs)}"
        )
    arrays: list[NDArray] = []
    for i, (value, spec) in enumerate(zip(inputs, signature.inputs, strict=True)):
        if not isinstance(value, np.ndarray):
            raise SliceError(
                f"{name} argument {i}: expected a {spec.describe()}, got "
                f"{type(value).__name__}"
            )
        if value.dtype != spec.dtype or value.shape != spec.shape:
            raise SliceError(
                f"{name} argument {i}: expected a {spec.describe()}, got a "
                f"{value.dtype} array of shape {value.shape}"
            )
        arrays.append(value if value.flags.c_contiguous else np.ascontiguousarray(value))
    if out is None:
        outputs = [np.empty(spec.shape, dtype=spec.dtype) for spec in signature.outputs]
        return arrays, outputs
    given = [out] if isinstance(out, np.ndarray) else list(out)
    if len(given) != len(signature.outputs):
        raise SliceError(
            f"{name} has {len(signature.outputs)} results, got {len(given)} out= arrays"
        )
    for k, (value, spec) in enumerate(zip(given, signature.outputs, strict=True)):
        if not isinstance(value, np.ndarray):
            raise SliceError(f"{name} out[{k}]: expected a {spec.describe()}")
        if value.dtype != spec.dtype or value.shape != spec.shape:
            raise SliceError(
                f"{name} out[{k}]: expected a {spec.describe()}, got a {value.dtype} "
                f"array of shape {value.shape}"
            )
        if not value.flags.c_contiguous or not value.flags.writeable:
            raise SliceError(f"{name} out[{k}]: must be C-contiguous and writeable")
        for i, array in enumerate(arrays):
            if np.shares_memory(value, array):
                raise SliceError(f"{name} out[{k}] overlaps argument {i}")
        for j in range(k):
            if np.shares_memory(value, given[j]):
                raise SliceError(f"{name} out[{k}] overlaps out[{j}]")
    return arrays, given


def pack_results(
    outputs: Sequence[NDArray], out: NDArray | Sequence[NDArray] | None
) -> NDArray | tuple[NDArray, ...]:
    """One array for one result, else a tuple (``out`` itself when given)."""
    if isinstance(out, np.ndarray):
        return out
    if isinstance(out, tuple):
        return out
    return outputs[0] if len(outputs) == 1 else tuple(outputs)


class InterpreterKernel:
    """Runs the lowered loops of an entry function in xDSL's interpreter."""

    def __init__(self, module: ModuleOp, signature: Signature) -> None:
        from slice_dialect.interpreter import make_interpreter

        self.module = module
        self.signature = signature
        self._interpreter = make_interpreter(module)

    def __call__(
        self, *inputs: NDArray, out: NDArray | Sequence[NDArray] | None = None
    ) -> NDArray | tuple[NDArray, ...]:
        from slice_dialect.interpreter import raw_dtype

        arrays, outputs = check_arguments(self.signature, inputs, out)

        def raw(a: NDArray, spec: ArraySpec) -> NDArray:
            return a.view(
                raw_dtype(spec.element_type)
            )  # same itemsize: bytes as they are

        args = [raw(a, s) for a, s in zip(arrays, self.signature.inputs, strict=True)]
        outs = [raw(a, s) for a, s in zip(outputs, self.signature.outputs, strict=True)]
        self._interpreter.call_op(self.signature.name, (*args, *outs))
        return pack_results(outputs, out)


def compile(
    source: str | ModuleOp,
    entry: str = "main",
    backend: Backend = "c",
    *,
    sanitize: bool = False,
    cache_dir: str | Path | None = None,
) -> Kernel:
    """Compile ``func.func @entry`` of ``source`` (IR text or a module) to a kernel.

    ``backend="c"`` emits C, compiles it with ``$CC`` or ``cc`` into a shared library
    (cached by content under ``cache_dir``, ``$SLICE_CACHE_DIR`` or
    ``~/.cache/slice_dialect``) and calls it; ``sanitize=True`` builds it with
    ``-fsanitize=address,undefined`` (the process must preload the ASan runtime, see the
    README). ``backend="interpreter"`` runs the lowered loops in xDSL's interpreter.
    Raises :class:`SliceError` for any invalid input.
    """
    if backend not in ("c", "interpreter"):
        raise SliceError(f"unknown backend {backend!r}; use 'c' or 'interpreter'")
    ctx = make_context()
    module = parse_module(source, ctx)
    signature = entry_signature(module, entry)
    lower(module, ctx)
    if backend == "interpreter":
        return InterpreterKernel(module, signature)
    from slice_dialect.backend.c import emit_c
    from slice_dialect.runtime import load_kernel

    return load_kernel(
        emit_c(module),
        signature,
        sanitize=sanitize,
        cache_dir=None if cache_dir is None else Path(cache_dir),
    )


__all__ = [
    "ArraySpec",
    "InterpreterKernel",
    "Kernel",
    "Signature",
    "check_arguments",
    "compile",
    "entry_signature",
    "make_context",
    "pack_results",
]
