"""Kernels: one function of a compiled library, called on numpy arrays.

The C ABI (the one ``slice_dialect.backend.c`` prints)::

    int32_t PREFIX<name>(T *a0, ..., T *an, int64_t *restrict slice_error_values);
    const char *PREFIXerror_message(int32_t code);

one pointer per memref argument (inputs, then outputs) to the first element of a
C-contiguous buffer, and an array of ``SLICE_ERROR_VALUES`` int64s. A kernel returns 0
on success; on ``k > 0`` the call raises ``SliceError`` with
``PREFIXerror_message(k)`` formatted (``str.format``) with the values the kernel wrote.

Dynamic kernels (DYNAMIC.md, "C ABI"): a function some of whose memref arguments have
``?`` dims takes one more argument before the error values,
``const int64_t *restrict slice_dims``: the ``?`` dims of every memref argument, in
argument order. A function whose results have ``?`` dims comes with a shape function
(``slice.shape_function = @"NAME.shape"`` on the lowered function; C symbol
``c_symbol("NAME.shape", prefix)``) taking the inputs, one ``int64_t[rank]`` per
result, ``slice_dims`` (if some input has a ``?`` dim) and the error values: the kernel
calls it first, allocates (or checks ``out=``) outputs of the shapes it wrote, then
calls the function. Both calls report errors alike.

``CKernel`` calls through ctypes; ``FastCKernel`` (``slice_dialect.runtime.fastcall``)
makes the usual call in C and falls back to ``CKernel``'s call for anything else. Both
hold a ``CheckedArguments``, the one definition of the argument checks.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from slice_dialect.backend.c import (
    DEFAULT_PREFIX,
    PREBUILT_GUARD,
    SLICE_ERROR_VALUES,
    c_symbol,
    error_location_symbol,
    error_message_symbol,
    prebuilt_helper_unit,
)
from slice_dialect.dialect import format_message
from slice_dialect.errors import SliceError
from slice_dialect.runtime.arguments import ArraySpec, CheckedArguments
from slice_dialect.runtime.cache import build_shared_library

_char_from_buffer = ctypes.c_char.from_buffer
_addressof = ctypes.addressof

SHAPE_FUNCTION_ATTRIBUTE = "slice.shape_function"
"""The attribute of a lowered function naming its shape function (a SymbolRefAttr)."""


def shape_function_of(function: Any) -> str | None:
    """The name of the shape function of a lowered ``func.func`` (its
    ``slice.shape_function`` attribute), or ``None``."""
    from xdsl.dialects.builtin import SymbolRefAttr

    attribute = function.attributes.get(SHAPE_FUNCTION_ATTRIBUTE)
    if attribute is None:
        return None
    if not isinstance(attribute, SymbolRefAttr) or attribute.nested_references.data:
        raise SliceError(
            f"@{function.sym_name.data}: {SHAPE_FUNCTION_ATTRIBUTE} must be a flat "
            f"symbol reference, got {attribute}"
        )
    return attribute.root_reference.data


CTYPES_MAX_ARGUMENTS = 1024
"""The most arguments ctypes passes to a C function (CPython's ``CTYPES_MAX_ARGCOUNT``):
a kernel's buffers, ``slice_dims`` and the error values together."""


def check_argument_count(
    function: str,
    inputs: Sequence[ArraySpec | tuple[Any, Sequence[int | None]]],
    outputs: Sequence[ArraySpec | tuple[Any, Sequence[int | None]]],
) -> None:
    """``SliceError`` if ``@function``'s C function takes more arguments than ctypes
    calls (checked before its C is compiled: the compile of 1023 slices took a minute
    before ctypes' ``ArgumentError``, session 51's review)."""
    specs = [ArraySpec.of(s) for s in (*inputs, *outputs)]
    count = len(specs) + any(s.dynamic for s in specs) + 1
    if count > CTYPES_MAX_ARGUMENTS:
        raise SliceError(
            f"@{function} takes {len(inputs)} input(s) and {len(outputs)} result(s): its C "
            f"function would take {count} arguments, more than the "
            f"{CTYPES_MAX_ARGUMENTS} a kernel can be called with"
        )


class LibraryLoadError(SliceError):
    """A shared library that ``dlopen`` rejects (for example a corrupt file)."""


def _asan_loaded() -> bool:
    try:
        return "libasan" in Path("/proc/self/maps").read_text()
    except OSError:
        return False


def symbol_of(function: str, prefix: str) -> str:
    """The C symbol of ``func.func @function`` (``backend.c.c_symbol``)."""
    return c_symbol(function, prefix)


class CKernel:
    """One function of a compiled library, called on numpy arrays through ctypes.

    ``kernel(*inputs, out=None)`` checks the call (``self.arguments``, a
    :class:`CheckedArguments`), calls the C function on the arrays' addresses and
    returns the output (one array, or a tuple for several; ``out`` itself when given).
    ``function`` is the IR function's name; the C symbol is
    ``c_symbol(function, prefix)``. ``shape_function`` names the function's shape
    function, required when some output has a ``?`` dim (a ``None`` dim of its spec).
    """

    def __init__(
        self,
        library: Path,
        function: str,
        inputs: Sequence[ArraySpec | tuple[Any, Sequence[int]]],
        outputs: Sequence[ArraySpec | tuple[Any, Sequence[int]]],
        *,
        sanitize: bool = False,
        prefix: str = DEFAULT_PREFIX,
        shape_function: str | None = None,
    ) -> None:
        check_argument_count(function, inputs, outputs)
        self.arguments = CheckedArguments(function, inputs, outputs)
        if self.arguments.dynamic_outputs and shape_function is None:
            raise SliceError(
                f"@{function} has results with dynamic dims but no shape function "
                f"({SHAPE_FUNCTION_ATTRIBUTE})"
            )
        self.shape_function = shape_function
        self._takes_dims = bool(self.arguments.dynamic_positions)
        self._dynamic = self._takes_dims or shape_function is not None
        """Whether calls take the dynamic path (``slice_dims``, the shape function)."""
        self.function = function
        self.inputs = self.arguments.inputs
        self.outputs = self.arguments.outputs
        self.library_path = library
        self.prefix = prefix
        if sanitize and not _asan_loaded():
            raise SliceError(
                f"{library}: a sanitizer build only loads into a process started with "
                "LD_PRELOAD=$(gcc -print-file-name=libasan.so) "
                "ASAN_OPTIONS=detect_leaks=0"
            )
        try:
            self.library = ctypes.CDLL(str(library))
        except OSError as error:
            raise LibraryLoadError(f"cannot load {library}: {error}") from None
        arrays = len(self.inputs) + len(self.outputs)
        self._function = self._symbol(function, arrays + self._takes_dims + 1)
        self._shape_function = None
        if shape_function is not None:
            self._shape_function = self._symbol(
                shape_function, arrays + bool(self.arguments.input_dims) + 1
            )
        self._error_message = self._text_function(error_message_symbol(prefix))
        self._error_location = self._text_function(error_location_symbol(prefix))

    def _text_function(self, symbol: str) -> Any:
        """The library's ``const char *symbol(int32_t code)``, or ``None`` when it has
        none (a library built from other C than the target's)."""
        try:
            function = getattr(self.library, symbol)
        except AttributeError:
            return None
        function.argtypes = [ctypes.c_int32]
        function.restype = ctypes.c_char_p
        return function

    def _symbol(self, function: str, arguments: int) -> Any:
        """The ctypes function of ``func.func @function``, taking ``arguments``
        pointers and returning an ``int32_t`` status."""
        symbol = symbol_of(function, self.prefix)
        try:
            c_function = getattr(self.library, symbol)
        except AttributeError:
            raise SliceError(
                f"{self.library_path} has no function {function!r} (C symbol {symbol})"
            ) from None
        c_function.argtypes = [ctypes.c_void_p] * arguments
        c_function.restype = ctypes.c_int32
        return c_function

    def _fail(self, status: int, *values: int) -> None:
        """Raise the ``SliceError`` of a kernel that returned ``status`` != 0."""
        template = None
        if self._error_message is not None:
            raw = self._error_message(status)
            template = None if raw is None else raw.decode("utf-8", "replace")
        if template is None:
            raise SliceError(
                f"@{self.function} failed with status {status} "
                f"(values {', '.join(map(str, values))})"
            )
        try:
            message = format_message(template, values)
        except (IndexError, KeyError, ValueError):
            message = f"{template} (values {', '.join(map(str, values))})"
        location = None
        if self._error_location is not None:
            raw = self._error_location(status)
            location = None if raw is None else raw.decode("utf-8", "replace")
        raise SliceError(message, location)

    def __call__(self, *inputs: np.ndarray, out: Any = None) -> Any:
        if self._dynamic:
            return self._call_dynamic(inputs, out)
        _, pointers, result = self.arguments.prepare(inputs, out)
        values = (ctypes.c_int64 * SLICE_ERROR_VALUES)()
        status = self._function(*pointers, values)
        if status:
            self._fail(status, *values)
        return result

    def _call_dynamic(self, inputs: Sequence[Any], out: Any) -> Any:
        """A call with ``slice_dims`` and, where there is one, the shape function
        first (its output shapes allocate or check the outputs)."""
        arguments = self.arguments
        arrays, pointers, spans = arguments.prepare_inputs(inputs)
        values = (ctypes.c_int64 * SLICE_ERROR_VALUES)()
        shapes = None
        if self._shape_function is not None:
            raw = [np.zeros(len(s.shape), np.int64) for s in arguments.outputs]
            extra: list[Any] = [
                _addressof(_char_from_buffer(r)) if len(r) else None for r in raw
            ]
            if arguments.input_dims:
                dims = arguments.dims(arrays)
                extra.append((ctypes.c_int64 * len(dims))(*dims))
            status = self._shape_function(*pointers, *extra, values)
            if status:
                self._fail(status, *values)
            shapes = arguments.output_shapes(raw)
        result = arguments.prepare_outputs(out, shapes, arrays, pointers, spans)
        if self._takes_dims:
            dims = arguments.dims(arrays)
            status = self._function(
                *pointers, (ctypes.c_int64 * len(dims))(*dims), values
            )
        else:
            status = self._function(*pointers, values)
        if status:
            self._fail(status, *values)
        return result

    _call_checked = __call__
    """The call through ``prepare`` and ctypes, with every check, copy and message:
    what ``FastCKernel`` falls back to for any call it does not make in C."""


PREBUILT_DEFINE = "#define SLICE_PREBUILT_HELPERS 1\n"
"""What ``build_kernel`` puts before a unit it links with the prebuilt helpers."""


def prebuilt_helpers_enabled() -> bool:
    """Whether units with run-time runs take their helpers from the prebuilt object:
    unless ``$SLICE_PREBUILT_HELPERS`` is ``0``."""
    return os.environ.get("SLICE_PREBUILT_HELPERS", "").strip() != "0"


def build_kernel(
    c_source: str,
    *,
    sanitize: bool = False,
    cache_dir: str | os.PathLike[str] | None = None,
    rebuild: bool = False,
) -> Path:
    """``build_shared_library`` of a unit ``emit_c`` printed: one with run-time runs
    (``PREBUILT_GUARD``) is compiled with ``SLICE_PREBUILT_HELPERS`` defined and
    linked with the object of ``prebuilt_helper_unit``, compiled once per cache
    directory, compiler and flags (unless ``$SLICE_PREBUILT_HELPERS`` is ``0``:
    then, like any other unit, alone)."""
    if PREBUILT_GUARD in c_source and prebuilt_helpers_enabled():
        return build_shared_library(
            PREBUILT_DEFINE + c_source,
            sanitize=sanitize,
            cache_dir=cache_dir,
            rebuild=rebuild,
            objects=(prebuilt_helper_unit(),),
        )
    return build_shared_library(
        c_source, sanitize=sanitize, cache_dir=cache_dir, rebuild=rebuild
    )


def load_kernel(
    c_source: str,
    function: str,
    inputs: Sequence[ArraySpec | tuple[Any, Sequence[int]]],
    outputs: Sequence[ArraySpec | tuple[Any, Sequence[int]]],
    *,
    sanitize: bool = False,
    cache_dir: str | os.PathLike[str] | None = None,
    fast_call: bool = True,
    prefix: str = DEFAULT_PREFIX,
    shape_function: str | None = None,
) -> CKernel:
    """Build (or find in the cache) ``c_source`` and load ``func.func @function``.

    The kernel is a ``FastCKernel`` (calls checked and made in C) where the fast call
    extension is available and ``fast_call`` is true, else a ``CKernel`` (ctypes);
    both accept, refuse and report calls alike. A cached library that fails to load
    is rebuilt once before giving up. ``shape_function``: see ``CKernel``.
    """
    from slice_dialect.runtime.fastcall import kernel_class

    check_argument_count(function, inputs, outputs)
    kernel_type = kernel_class(fast_call)
    for rebuild in (False, True):
        library = build_kernel(
            c_source, sanitize=sanitize, cache_dir=cache_dir, rebuild=rebuild
        )
        try:
            return kernel_type(
                library,
                function,
                inputs,
                outputs,
                sanitize=sanitize,
                prefix=prefix,
                shape_function=shape_function,
            )
        except LibraryLoadError:
            if rebuild:
                raise
    raise AssertionError("unreachable")
