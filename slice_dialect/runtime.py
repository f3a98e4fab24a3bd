"""Build emitted C into a cached shared library and call it on numpy arrays.

The C side of SPEC section 5, as building blocks for ``slice_dialect.compile``:

- ``CompilerConfig``: the compiler (``$CC`` or ``cc``) and its flags, kept in one place
  (``compiler_flags``);
- ``build_shared_library``: C source -> path of a shared library, compiled by piping
  the source to the compiler's stdin and cached by content;
- ``CKernel``: one function of a loaded library, called on numpy arrays with the
  argument checks of SPEC section 6 (``CheckedArguments.prepare``, the one definition
  of them) through ctypes;
- ``FastCKernel`` (what ``load_kernel`` makes where it can): a ``CKernel`` whose usual
  calls are checked and made in C by a small CPython extension (``slice_fastcall``,
  built once per Python and numpy with the same compiler and cache), about 0.15 us a
  call instead of ctypes' 3 us. The extension only decides whether a call is the
  usual one; every other call (a failed check, an input to copy, a subclass, a
  keyword it does not know) goes through ``prepare`` as on a ``CKernel``, so both
  accept, copy, refuse and word their errors the same. Where the Python or numpy
  headers are missing, or ``$SLICE_FAST_CALL`` is ``0``, kernels are ``CKernel``s.

The C calling convention is the one ``slice_dialect.backend.c`` prints:
``int32_t slice_NAME(const T *restrict in0, ..., T *restrict out0, ...,
int64_t *restrict slice_error_values)``, one pointer per memref argument (inputs, then
outputs) to the first element of a C-contiguous buffer; a non-zero return raises
``SliceError`` with the unit's ``slice_error_message`` of that code.

Sanitizer builds (``sanitize=True``) instrument the kernel with AddressSanitizer and
UndefinedBehaviorSanitizer. The ASan runtime must be the first library of the
process, so such a library only loads into a Python started as::

    LD_PRELOAD=$(gcc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0 python ...

(``detect_leaks=0`` because CPython itself does not free everything at exit).
``asan_environment()`` gives that environment for a subprocess; loading a sanitized
library anywhere else raises ``SliceError`` instead of letting ASan kill the process.
"""

from __future__ import annotations

import atexit
import ctypes
import functools
import hashlib
import math
import os
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import MemRefType

from slice_dialect.dtypes import c_alignment, numpy_dtype
from slice_dialect.errors import SliceError

COMPILER_INVOCATIONS = 0
"""How many times this process has run the compiler on a kernel (not counting
``--version`` and flag probes); tests read it to see the cache work."""

_COMMON_FLAGS = ("-std=c99", "-fPIC", "-shared", "-Wno-main")
_OPTIMIZE_FLAGS = ("-O3",)
_SANITIZE_FLAGS = (
    "-O1",
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=all",
    "-fno-omit-frame-pointer",
)
_OPTIONAL_FLAGS = ("-fno-loop-interchange", "-mtune=intel")
"""GCC-only flags, dropped for a ``$CC`` that rejects them (probed once per process)."""


def compiler_flags(sanitize: bool = False) -> tuple[str, ...]:
    """Every flag a kernel is compiled with; the one place they are listed.

    ``-Wno-main``: a kernel may be called ``main``, which is no program entry here.
    """
    return (
        *_COMMON_FLAGS,
        *(_SANITIZE_FLAGS if sanitize else _OPTIMIZE_FLAGS),
        *_OPTIONAL_FLAGS,
    )


@functools.cache
def _compiler_identity(command: tuple[str, ...]) -> str:
    try:
        result = subprocess.run(
            [*command, "--version"], capture_output=True, text=True, check=False
        )
    except OSError as error:
        raise SliceError(
            f"C compiler {shlex.join(command)!r} cannot run ({error}); install a C "
            "compiler or set $CC"
        ) from None
    return f"{shlex.join(command)}\n{result.returncode}\n{result.stdout}{result.stderr}"


@functools.cache
def _accepts_flag(command: tuple[str, ...], flag: str) -> bool:
    try:
        result = subprocess.run(
            [*command, "-Werror", flag, "-fsyntax-only", "-x", "c", "-"],
            input="int slice_probe;\n",
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:
        return False
    return result.returncode == 0


@dataclass(frozen=True)
class CompilerConfig:
    """A C compiler command and the flags kernels are built with."""

    command: tuple[str, ...]
    flags: tuple[str, ...]

    @staticmethod
    def from_environment(sanitize: bool = False) -> CompilerConfig:
        """``$CC`` (split like a shell word list) or ``cc``, with ``compiler_flags``."""
        command = tuple(shlex.split(os.environ.get("CC", "").strip() or "cc"))
        return CompilerConfig(command, compiler_flags(sanitize))

    def identity(self) -> str:
        """The compiler's ``--version`` output, computed once per process."""
        return _compiler_identity(self.command)

    def effective_flags(self) -> tuple[str, ...]:
        """``flags`` without the optional ones this compiler rejects."""
        return tuple(
            flag
            for flag in self.flags
            if flag not in _OPTIONAL_FLAGS or _accepts_flag(self.command, flag)
        )

    def compile_command(self, output: Path) -> list[str]:
        """The command compiling C read from stdin into the shared library ``output``."""
        return [*self.command, *self.effective_flags(), "-x", "c", "-", "-o", str(output)]

    def cache_key(self, c_source: str) -> str:
        """sha256 of the source, the flags and the compiler's identity."""
        digest = hashlib.sha256()
        for part in (c_source, "\0".join(self.flags), self.identity()):
            digest.update(part.encode())
            digest.update(b"\0\0")
        return digest.hexdigest()


def default_cache_dir() -> Path:
    """``$SLICE_CACHE_DIR``, else ``~/.cache/slice_dialect``."""
    configured = os.environ.get("SLICE_CACHE_DIR")
    if configured:
        return Path(configured)
    return Path.home() / ".cache" / "slice_dialect"


_fallback_dir: Path | None = None


def _fallback_cache_dir() -> Path:
    """A temporary directory for this process, made on first use, removed at exit."""
    global _fallback_dir
    if _fallback_dir is None:
        _fallback_dir = Path(tempfile.mkdtemp(prefix="slice_dialect-"))
        atexit.register(shutil.rmtree, _fallback_dir, ignore_errors=True)
    return _fallback_dir


def _file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _cached(library: Path) -> bool:
    """Whether ``library`` is a complete cache entry: its recorded digest matches.

    A library is checked by digest rather than by loading it, so that corrupt
    entries are found without ``dlopen`` and for sanitizer builds too.
    """
    try:
        recorded = library.with_suffix(".sha256").read_bytes().strip()
        return recorded == _file_digest(library).encode()
    except OSError:
        return False  # missing or unreadable: (re)build it


def _write_atomically(directory: Path, target: Path, data: bytes) -> None:
    fd, temp = tempfile.mkstemp(dir=directory, prefix=".tmp-", suffix=target.suffix)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _compile_into(
    directory: Path, library: Path, c_source: str, config: CompilerConfig
) -> None:
    """Compile to a temporary file in ``directory``, then move it to ``library``."""
    global COMPILER_INVOCATIONS
    directory.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(dir=directory, prefix=".tmp-", suffix=".so")
    os.close(fd)
    temp = Path(temp_name)
    try:
        command = config.compile_command(temp)
        COMPILER_INVOCATIONS += 1
        try:
            result = subprocess.run(
                command, input=c_source, capture_output=True, text=True, check=False
            )
        except OSError as error:
            raise SliceError(
                f"C compiler {shlex.join(config.command)!r} cannot run ({error}); "
                "install a C compiler or set $CC"
            ) from None
        if result.returncode != 0:
            raise SliceError(
                f"C compiler failed ({shlex.join(command)}):\n{result.stderr.strip()}"
            )
        digest = _file_digest(temp)
        os.replace(temp, library)
        _write_atomically(directory, library.with_suffix(".sha256"), digest.encode())
    finally:
        temp.unlink(missing_ok=True)


def build_shared_library(
    c_source: str,
    *,
    sanitize: bool = False,
    cache_dir: Path | None = None,
    config: CompilerConfig | None = None,
    rebuild: bool = False,
) -> Path:
    """The path of a shared library compiled from ``c_source``, built at most once.

    The library is cached in ``cache_dir`` (default ``default_cache_dir()``) under the
    sha256 of the source, the flags and the compiler's identity, and written
    atomically. A cached library whose content no longer matches its recorded digest
    (truncated, corrupt) is rebuilt, as is any with ``rebuild=True``. If the cache
    directory cannot be written, a temporary one (per process) is used instead.
    ``config`` (default: ``CompilerConfig.from_environment(sanitize)``) overrides
    ``sanitize``. A compiler failure raises ``SliceError`` with the compiler's stderr.
    """
    config = config or CompilerConfig.from_environment(sanitize)
    key = config.cache_key(c_source)
    directory = cache_dir or default_cache_dir()
    library = directory / f"{key}.so"
    if not rebuild:
        candidates = [library]
        if _fallback_dir is not None:
            candidates.append(_fallback_dir / library.name)
        for candidate in candidates:
            if _cached(candidate):
                return candidate
    try:
        _compile_into(directory, library, c_source, config)
    except OSError:
        # The cache directory cannot be made or written: use a temporary one.
        library = _fallback_cache_dir() / library.name
        _compile_into(library.parent, library, c_source, config)
    return library


def asan_environment() -> dict[str, str]:
    """``os.environ`` plus what a Python subprocess needs to load sanitizer builds."""
    cc = CompilerConfig.from_environment().command
    result = subprocess.run(
        [*cc, "-print-file-name=libasan.so"], capture_output=True, text=True, check=False
    )
    libasan = result.stdout.strip()
    if result.returncode != 0 or not Path(libasan).is_absolute():
        raise SliceError(f"{shlex.join(cc)} has no libasan.so")
    return {**os.environ, "LD_PRELOAD": libasan, "ASAN_OPTIONS": "detect_leaks=0"}


def _asan_loaded() -> bool:
    try:
        return "libasan" in Path("/proc/self/maps").read_text()
    except OSError:
        return False


_char_from_buffer = ctypes.c_char.from_buffer
_addressof = ctypes.addressof


def _exports_buffer(dtype: np.dtype) -> bool:
    """Whether arrays of ``dtype`` export the buffer protocol (``bfloat16`` does not)."""
    try:
        _char_from_buffer(np.zeros(1, dtype))
    except (TypeError, ValueError, BufferError):
        return False
    return True


class LibraryLoadError(SliceError):
    """A shared library that ``dlopen`` rejects (for example a corrupt file)."""


@dataclass(frozen=True)
class ArraySpec:
    """The array one memref argument takes: dtype, shape, and a name for messages."""

    dtype: np.dtype
    shape: tuple[int, ...]
    name: str = ""

    @staticmethod
    def of(spec: ArraySpec | tuple[Any, Sequence[int]]) -> ArraySpec:
        """``spec`` itself, or an ``ArraySpec`` of a ``(dtype, shape)`` pair."""
        if isinstance(spec, ArraySpec):
            return spec
        dtype, shape = spec
        return ArraySpec(np.dtype(dtype), tuple(int(d) for d in shape))


def array_specs(function: func.FuncOp) -> list[ArraySpec]:
    """The ``ArraySpec`` of each memref argument of a lowered function, in order."""
    specs: list[ArraySpec] = []
    for arg in function.body.block.args:
        t = arg.type
        if not isinstance(t, MemRefType):
            raise SliceError(
                f"func.func @{function.sym_name.data}: argument {arg.index} has type "
                f"{t}; expected a memref"
            )
        specs.append(ArraySpec(numpy_dtype(t.element_type), t.get_shape(), arg.name_hint))
    return specs


class CheckedArguments:
    """Checks a call's arrays against a function's ``ArraySpec`` lists.

    ``prepare(inputs, out)`` checks each input (count, dtype, shape); a
    non-C-contiguous or insufficiently aligned input is copied. Given ``out`` (an
    array, or a sequence of arrays with one per output), each must be a C-contiguous,
    aligned, writeable array of the exact dtype and shape, overlapping no input and no
    other output; without it fresh outputs are made. Every failed check raises
    ``SliceError`` naming the argument. Both kernels (C and interpreter) call it, so a
    call is checked the same way whatever runs it.
    """

    def __init__(
        self,
        function: str,
        inputs: Sequence[ArraySpec | tuple[Any, Sequence[int]]],
        outputs: Sequence[ArraySpec | tuple[Any, Sequence[int]]],
    ) -> None:
        self.function = function
        self.inputs = [ArraySpec.of(s) for s in inputs]
        self.outputs = [ArraySpec.of(s) for s in outputs]
        # Only where numpy aligns a dtype less than its C storage type needs
        # (complex64: 4 < 8) is the pointer itself checked; elsewhere numpy's own
        # ``aligned`` flag says enough.
        self._check_pointer = [
            c_alignment(s.dtype.itemsize) > s.dtype.alignment
            for s in (*self.inputs, *self.outputs)
        ]
        self._exports_buffer = [
            _exports_buffer(s.dtype) for s in (*self.inputs, *self.outputs)
        ]

    def _address(self, array: np.ndarray, index: int) -> int:
        """The address of ``array``'s first element (argument ``index``).

        ``ctypes.c_char.from_buffer`` takes about a third of the time of
        ``array.ctypes.data`` but needs a writeable, non-empty buffer of a dtype the
        buffer protocol knows.
        """
        if self._exports_buffer[index] and array.flags.writeable and array.size:
            return _addressof(_char_from_buffer(array))
        return array.ctypes.data

    def _label(self, kind: str, index: int, spec: ArraySpec) -> str:
        name = f" (%{spec.name})" if spec.name else ""
        return f"{self.function}: {kind} {index}{name}"

    def _check(self, kind: str, index: int, spec: ArraySpec, array: object) -> np.ndarray:
        if not isinstance(array, np.ndarray):
            raise SliceError(
                f"{self._label(kind, index, spec)}: expected a numpy array, got "
                f"{type(array).__name__}"
            )
        if array.dtype != spec.dtype:
            raise SliceError(
                f"{self._label(kind, index, spec)}: expected dtype {spec.dtype}, "
                f"got {array.dtype}"
            )
        if array.shape != spec.shape:
            raise SliceError(
                f"{self._label(kind, index, spec)}: expected shape {spec.shape}, "
                f"got {array.shape}"
            )
        return array

    # The call path runs on every kernel call, so it avoids per-call allocations
    # beyond the pointer list: plain index loops, checks in their cheapest form, and
    # the detailed message built only once a check has failed.

    def prepare(
        self, inputs: Sequence[np.ndarray], out: Any
    ) -> tuple[list[np.ndarray], list[int], Any]:
        """Checked arrays (inputs, then outputs), their addresses, and what to return."""
        specs = self.inputs
        if len(inputs) != len(specs):
            raise SliceError(
                f"{self.function}: expected {len(specs)} input arrays, got {len(inputs)}"
            )
        arrays: list[np.ndarray] = []
        pointers: list[int] = []
        spans: list[tuple[int, int]] = []  # [start, end) of each contiguous argument
        for i in range(len(specs)):
            array = inputs[i]
            spec = specs[i]
            if (
                type(array) is not np.ndarray
                or array.dtype != spec.dtype
                or array.shape != spec.shape
            ):
                array = self._check("input", i, spec, array)
            flags = array.flags
            if not (flags.c_contiguous and flags.aligned):
                array = np.array(array, order="C", copy=True)
            pointer = self._address(array, i)
            if self._check_pointer[i] and pointer % 8:
                array = np.array(array, order="C", copy=True)
                pointer = self._address(array, i)
            arrays.append(array)
            pointers.append(pointer)
            spans.append((pointer, pointer + array.nbytes))

        if out is None:
            offset = len(specs)
            outputs = [np.empty(spec.shape, spec.dtype) for spec in self.outputs]
            for i in range(len(outputs)):
                arrays.append(outputs[i])
                pointers.append(self._address(outputs[i], offset + i))
            return arrays, pointers, outputs[0] if len(outputs) == 1 else tuple(outputs)
        if type(out) is np.ndarray and len(self.outputs) == 1:
            self._check_output(0, out, arrays, pointers, spans)
        elif isinstance(out, list | tuple) and len(out) == len(self.outputs):
            for i in range(len(out)):
                self._check_output(i, out[i], arrays, pointers, spans)
        else:
            raise SliceError(
                f"{self.function}: out= takes {len(self.outputs)} array(s), one per "
                "result"
            )
        return arrays, pointers, out

    def _check_output(
        self,
        i: int,
        array: Any,
        arrays: list[np.ndarray],
        pointers: list[int],
        spans: list[tuple[int, int]],
    ) -> None:
        """Check ``out`` array ``i``; append it, its address and its byte range.

        ``spans`` holds the byte range of each (contiguous) earlier argument: the
        output's range must meet none of them. For contiguous arrays this is exactly
        ``np.shares_memory``, at a fraction of its cost.
        """
        spec = self.outputs[i]
        index = len(self.inputs) + i
        if (
            type(array) is not np.ndarray
            or array.dtype != spec.dtype
            or array.shape != spec.shape
        ):
            array = self._check("output", i, spec, array)
        flags = array.flags
        if not (flags.c_contiguous and flags.writeable and flags.aligned):
            label = self._label("output", i, spec)
            if not flags.c_contiguous:
                raise SliceError(f"{label}: out= array is not C-contiguous")
            if not flags.writeable:
                raise SliceError(f"{label}: out= array is read-only")
            raise SliceError(f"{label}: out= array is not aligned for its dtype")
        pointer = self._address(array, index)
        if self._check_pointer[index] and pointer % 8:
            label = self._label("output", i, spec)
            raise SliceError(f"{label}: out= array is not 8-byte aligned")
        end = pointer + array.nbytes
        for j in range(len(spans)):
            start, stop = spans[j]
            if pointer < stop and start < end:
                offset = len(self.inputs)
                kind, k = ("input", j) if j < offset else ("output", j - offset)
                raise SliceError(
                    f"{self._label('output', i, spec)}: out= array overlaps {kind} {k}; "
                    "outputs must not share memory with any other argument"
                )
        spans.append((pointer, end))
        arrays.append(array)
        pointers.append(pointer)


class CKernel(CheckedArguments):
    """One function of a compiled library, called on numpy arrays.

    ``kernel(*inputs, out=None)`` checks the call (:class:`CheckedArguments`), calls
    the C function on the arrays' addresses and returns the output (one array, or a
    tuple for several; ``out`` itself when given).
    """

    def __init__(
        self,
        library: Path,
        function: str,
        inputs: Sequence[ArraySpec | tuple[Any, Sequence[int]]],
        outputs: Sequence[ArraySpec | tuple[Any, Sequence[int]]],
        *,
        sanitize: bool = False,
        prefix: str = "slice_",
    ) -> None:
        super().__init__(function, inputs, outputs)
        self.library_path = library
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
        from slice_dialect.backend.c import (
            SLICE_ERROR_VALUES,
            c_symbol,
            error_message_symbol,
        )

        self._error_values = ctypes.c_int64 * SLICE_ERROR_VALUES
        self.symbol = c_symbol(function, prefix)
        symbol = ""
        try:
            symbol = self.symbol
            self._function = getattr(self.library, symbol)
            symbol = error_message_symbol(prefix)
            self._error_message = getattr(self.library, symbol)
        except AttributeError:
            raise SliceError(f"{library} has no function {symbol!r}") from None
        self._function.argtypes = [ctypes.c_void_p] * (
            len(self.inputs) + len(self.outputs) + 1
        )
        self._function.restype = ctypes.c_int32
        self._error_message.argtypes = [ctypes.c_int32]
        self._error_message.restype = ctypes.c_char_p

    def __call__(self, *inputs: np.ndarray, out: Any = None) -> Any:
        _, pointers, result = self.prepare(inputs, out)
        values = self._error_values()
        code = self._function(*pointers, values)
        if code:
            self._kernel_failed(code, *values)
        return result

    def _kernel_failed(self, code: int, *values: int) -> None:
        """Raise the ``SliceError`` of a kernel that returned ``code`` (the kernel's
        message template of that code, filled with the error values)."""
        template = self._error_message(code)
        text = template.decode() if template else f"error code {code}"
        raise SliceError(text.format(*values))

    _call_checked = __call__
    """The call through ``prepare`` and ctypes, with every check, copy and message:
    what ``FastCKernel`` falls back to for any call it does not make in C."""


# The fast call path: a CPython extension, built once per interpreter and numpy, whose
# ``Entry`` type makes the call in C. ``FastCKernel`` (``Entry`` + ``CKernel``) checks
# the common call (exact ndarrays of the right dtype and shape, C-contiguous and
# aligned, outputs writeable and overlapping nothing) in C and calls the kernel
# through its address; any call that is not that one (a failed check, a
# non-contiguous input to copy, a subclass, an unknown keyword) goes to
# ``CKernel._call_checked`` and so to ``CheckedArguments.prepare``, which stays the
# one definition of the checks and their messages. The C checks only ever decline a
# call that ``prepare`` would accept unchanged, never accept one it would not.

FAST_CALL_MAX_ARGUMENTS = 16
"""Kernels with more memref arguments than this always take the ctypes path."""

_RELEASE_GIL_BYTES = 1 << 18
"""A call that writes at least this many bytes releases the GIL around the kernel."""

_FAST_CALL_TEMPLATE = r"""
/* slice_dialect fast call path: checks a kernel call in C and makes it. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>
#include <stdint.h>

#if NPY_ABI_VERSION < 0x02000000 /* numpy 1.x headers */
#define PyDataType_ELSIZE(descr) ((descr)->elsize)
#endif

#define MAX_ARGS @MAX_ARGS@

typedef struct {
    PyObject_HEAD
    void *function;              /* the kernel; NULL until bound */
    int n_inputs, n_outputs;
    int release_gil;
    PyArray_Descr *descrs[MAX_ARGS];
    int ndims[MAX_ARGS];
    npy_intp *shapes[MAX_ARGS];  /* into shape_storage */
    npy_intp nbytes[MAX_ARGS];
    char check_pointer[MAX_ARGS];
    npy_intp *shape_storage;
} Entry;

static PyObject *str_out, *str_call_checked;

/* Whether argument i is exactly the array the kernel takes as it is. */
static inline int
acceptable(Entry *self, int i, PyObject *object, int flags)
{
    if (!PyArray_CheckExact(object)) return 0;
    PyArrayObject *array = (PyArrayObject *)object;
    PyArray_Descr *descr = PyArray_DESCR(array);
    if (descr != self->descrs[i] && !PyArray_EquivTypes(descr, self->descrs[i]))
        return 0;
    int ndim = PyArray_NDIM(array);
    if (ndim != self->ndims[i]) return 0;
    npy_intp *dims = PyArray_DIMS(array);
    for (int d = 0; d < ndim; d++)
        if (dims[d] != self->shapes[i][d]) return 0;
    if ((PyArray_FLAGS(array) & flags) != flags) return 0;
    if (self->check_pointer[i] && ((uintptr_t)PyArray_DATA(array) & 7)) return 0;
    return 1;
}

/* The kernel takes one pointer per memref argument and the error values, and returns
 * 0 or an error code. Object pointers are passed alike on every ABI CPython runs on,
 * so it is called as taking void * (as ctypes calls it with c_void_p argument types). */
static int32_t
call_kernel(void *f, void **p, int n, int64_t *e)
{
    switch (n) {
@CASES@
    }
    return 0;
}

static PyObject *
slow_call(PyObject *self, PyObject *args, PyObject *kwargs)
{
    PyObject *method = PyObject_GetAttr(self, str_call_checked);
    if (method == NULL) return NULL;
    PyObject *result = PyObject_Call(method, args, kwargs);
    Py_DECREF(method);
    return result;
}

static PyObject *
entry_call(PyObject *op, PyObject *args, PyObject *kwargs)
{
    Entry *self = (Entry *)op;
    PyObject *out = Py_None;
    void *pointers[MAX_ARGS];
    char *starts[MAX_ARGS], *ends[MAX_ARGS];
    PyObject *outputs[MAX_ARGS];
    int n_in = self->n_inputs, n_out = self->n_outputs;

    if (self->function == NULL || PyTuple_GET_SIZE(args) != n_in) goto slow;
    if (kwargs != NULL && PyDict_GET_SIZE(kwargs) != 0) {
        if (PyDict_GET_SIZE(kwargs) != 1) goto slow;
        out = PyDict_GetItemWithError(kwargs, str_out);
        if (out == NULL) {
            if (PyErr_Occurred()) return NULL;
            goto slow;
        }
    }
    for (int i = 0; i < n_in; i++) {
        PyObject *array = PyTuple_GET_ITEM(args, i);
        if (!acceptable(self, i, array, NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED))
            goto slow;
        pointers[i] = PyArray_DATA((PyArrayObject *)array);
        starts[i] = (char *)pointers[i];
        ends[i] = starts[i] + self->nbytes[i];
    }
    if (out == Py_None) {
        for (int k = 0; k < n_out; k++) {
            int i = n_in + k;
            Py_INCREF(self->descrs[i]);
            outputs[k] = PyArray_NewFromDescr(
                &PyArray_Type, self->descrs[i], self->ndims[i], self->shapes[i],
                NULL, NULL, 0, NULL);
            if (outputs[k] == NULL) {
                for (int j = 0; j < k; j++) Py_DECREF(outputs[j]);
                return NULL;
            }
            pointers[i] = PyArray_DATA((PyArrayObject *)outputs[k]);
        }
    } else {
        int is_array = PyArray_CheckExact(out);
        if (is_array) {
            if (n_out != 1) goto slow;
            outputs[0] = out;
        } else if (PyTuple_CheckExact(out) && PyTuple_GET_SIZE(out) == n_out) {
            for (int k = 0; k < n_out; k++) outputs[k] = PyTuple_GET_ITEM(out, k);
        } else if (PyList_CheckExact(out) && PyList_GET_SIZE(out) == n_out) {
            for (int k = 0; k < n_out; k++) outputs[k] = PyList_GET_ITEM(out, k);
        } else {
            goto slow;
        }
        for (int k = 0; k < n_out; k++) {
            int i = n_in + k;
            if (!acceptable(self, i, outputs[k],
                            NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED
                                | NPY_ARRAY_WRITEABLE))
                goto slow;
            char *start = PyArray_DATA((PyArrayObject *)outputs[k]);
            char *end = start + self->nbytes[i];
            for (int j = 0; j < i; j++)
                if (start < ends[j] && starts[j] < end) goto slow;
            pointers[i] = start;
            starts[i] = start;
            ends[i] = end;
        }
        /* a list can lose its arrays while the GIL is released */
        for (int k = 0; k < n_out; k++) Py_INCREF(outputs[k]);
    }
    int64_t error_values[4] = {0, 0, 0, 0};
    int32_t code;
    if (self->release_gil) {
        Py_BEGIN_ALLOW_THREADS
        code = call_kernel(self->function, pointers, n_in + n_out, error_values);
        Py_END_ALLOW_THREADS
    } else {
        code = call_kernel(self->function, pointers, n_in + n_out, error_values);
    }
    if (code != 0) {
        for (int k = 0; k < n_out; k++) Py_DECREF(outputs[k]);
        /* raises the kernel's SliceError */
        PyObject *r = PyObject_CallMethod(
            op, "_kernel_failed", "iLLLL", (int)code, (long long)error_values[0],
            (long long)error_values[1], (long long)error_values[2],
            (long long)error_values[3]);
        Py_XDECREF(r);
        return NULL;
    }
    if (out != Py_None) {
        for (int k = 0; k < n_out; k++) Py_DECREF(outputs[k]);
        Py_INCREF(out);
        return out;
    }
    if (n_out == 1) return outputs[0];
    PyObject *result = PyTuple_New(n_out);
    if (result == NULL) {
        for (int k = 0; k < n_out; k++) Py_DECREF(outputs[k]);
        return NULL;
    }
    for (int k = 0; k < n_out; k++) PyTuple_SET_ITEM(result, k, outputs[k]);
    return result;
slow:
    return slow_call(op, args, kwargs);
}

static void
entry_clear(Entry *self)
{
    for (int i = 0; i < MAX_ARGS; i++) Py_CLEAR(self->descrs[i]);
    PyMem_Free(self->shape_storage);
    self->shape_storage = NULL;
    self->function = NULL;
}

static void
entry_dealloc(PyObject *op)
{
    entry_clear((Entry *)op);
    Py_TYPE(op)->tp_free(op);
}

/* _bind(address, n_inputs, dtypes, shapes, check_pointer, release_gil) */
static PyObject *
entry_bind(PyObject *op, PyObject *args)
{
    Entry *self = (Entry *)op;
    PyObject *address, *dtypes, *shapes, *checks;
    int n_inputs, release_gil;
    if (!PyArg_ParseTuple(args, "OiO!O!O!p", &address, &n_inputs, &PyList_Type,
                          &dtypes, &PyList_Type, &shapes, &PyList_Type, &checks,
                          &release_gil))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(dtypes);
    if (n > MAX_ARGS || PyList_GET_SIZE(shapes) != n || PyList_GET_SIZE(checks) != n
        || n_inputs < 0 || n_inputs > n) {
        PyErr_SetString(PyExc_ValueError, "_bind: inconsistent argument lists");
        return NULL;
    }
    void *function = PyLong_AsVoidPtr(address);
    if (function == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "_bind: null function address");
        return NULL;
    }
    Py_ssize_t total = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *shape = PyList_GET_ITEM(shapes, i);
        if (!PyTuple_Check(shape) || PyTuple_GET_SIZE(shape) > NPY_MAXDIMS) {
            PyErr_SetString(PyExc_ValueError, "_bind: a shape must be a tuple");
            return NULL;
        }
        total += PyTuple_GET_SIZE(shape);
    }
    npy_intp *storage = PyMem_Malloc(sizeof(npy_intp) * (size_t)(total + 1));
    if (storage == NULL) return PyErr_NoMemory();
    entry_clear(self);
    self->shape_storage = storage;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyArray_Descr *descr = NULL;
        if (!PyArray_DescrConverter(PyList_GET_ITEM(dtypes, i), &descr)) {
            entry_clear(self);
            return NULL;
        }
        self->descrs[i] = descr;
        PyObject *shape = PyList_GET_ITEM(shapes, i);
        int ndim = (int)PyTuple_GET_SIZE(shape);
        npy_intp count = 1;
        for (int d = 0; d < ndim; d++) {
            storage[d] = PyLong_AsSsize_t(PyTuple_GET_ITEM(shape, d));
            if (storage[d] == -1 && PyErr_Occurred()) {
                entry_clear(self);
                return NULL;
            }
            count *= storage[d];
        }
        self->shapes[i] = storage;
        self->ndims[i] = ndim;
        self->nbytes[i] = count * PyDataType_ELSIZE(descr);
        self->check_pointer[i] = (char)PyObject_IsTrue(PyList_GET_ITEM(checks, i));
        storage += ndim;
    }
    self->n_inputs = n_inputs;
    self->n_outputs = (int)n - n_inputs;
    self->release_gil = release_gil;
    self->function = function;
    Py_RETURN_NONE;
}

static PyMethodDef entry_methods[] = {
    {"_bind", entry_bind, METH_VARARGS, "Bind the kernel and its argument specs."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EntryType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "slice_fastcall.Entry",
    .tp_basicsize = sizeof(Entry),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "A kernel entry whose calls are checked and made in C.",
    .tp_new = PyType_GenericNew,
    .tp_dealloc = entry_dealloc,
    .tp_call = entry_call,
    .tp_methods = entry_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "slice_fastcall", NULL, -1, NULL,
};

PyMODINIT_FUNC
PyInit_slice_fastcall(void)
{
    import_array();
    str_out = PyUnicode_InternFromString("out");
    str_call_checked = PyUnicode_InternFromString("_call_checked");
    if (str_out == NULL || str_call_checked == NULL) return NULL;
    if (PyType_Ready(&EntryType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&EntryType);
    if (PyModule_AddObject(m, "Entry", (PyObject *)&EntryType) < 0) {
        Py_DECREF(&EntryType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
"""


def _fast_call_source() -> str:
    """The extension's C source, with one call case per arity and the versions it is
    built for (so that they are part of its cache key)."""
    import sys
    import sysconfig

    cases: list[str] = []
    for n in range(FAST_CALL_MAX_ARGUMENTS + 1):
        params = ", ".join([*["void *"] * n, "int64_t *"])
        args = ", ".join([*(f"p[{i}]" for i in range(n)), "e"])
        cases.append(f"    case {n}: return ((int32_t (*)({params}))f)({args});")
    header = (
        f"/* Python {sys.version.split()[0]} {sysconfig.get_config_var('SOABI')}, "
        f"numpy {np.__version__} */"
    )
    return header + _FAST_CALL_TEMPLATE.replace(
        "@MAX_ARGS@", str(FAST_CALL_MAX_ARGUMENTS)
    ).replace("@CASES@", "\n".join(cases))


@dataclass
class _FastCall:
    """The outcome of building the extension: its ``Entry`` type, or why not."""

    entry: type | None
    reason: str


def build_fast_call_library(cache_dir: Path | None = None) -> Path:
    """Build (or find in the cache) the fast call extension; its path.

    Raises ``SliceError`` saying why it cannot be built: ``$SLICE_FAST_CALL`` is
    ``0``, the Python or numpy headers are missing, or the compiler fails.
    """
    import sysconfig

    if os.environ.get("SLICE_FAST_CALL", "1") == "0":
        raise SliceError("disabled by SLICE_FAST_CALL=0")
    python_include = Path(sysconfig.get_paths()["include"])
    numpy_include = Path(np.get_include())
    if not (python_include / "Python.h").exists():
        raise SliceError(f"no Python.h in {python_include}")
    if not (numpy_include / "numpy" / "arrayobject.h").exists():
        raise SliceError(f"no numpy/arrayobject.h in {numpy_include}")
    config = CompilerConfig(
        CompilerConfig.from_environment().command,
        (*_COMMON_FLAGS, "-O2", f"-I{python_include}", f"-I{numpy_include}"),
    )
    return build_shared_library(_fast_call_source(), config=config, cache_dir=cache_dir)


@functools.cache
def _fast_call() -> _FastCall:
    """Build (or find in the cache) and import the extension, once per process; or
    say why not (calls then take the ctypes path)."""
    import importlib.machinery
    import importlib.util

    try:
        library = build_fast_call_library()
        loader = importlib.machinery.ExtensionFileLoader("slice_fastcall", str(library))
        spec = importlib.util.spec_from_file_location(
            "slice_fastcall", library, loader=loader
        )
        assert spec is not None
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
    except SliceError as error:
        return _FastCall(None, str(error))
    except (ImportError, OSError) as error:
        return _FastCall(None, f"the extension does not load: {error}")
    return _FastCall(module.Entry, "C extension")


def call_path_description() -> str:
    """How kernels are called in this process: the C extension, or ctypes and why."""
    fast = _fast_call()
    return fast.reason if fast.entry is not None else f"ctypes ({fast.reason})"


@functools.cache
def _fast_kernel_class() -> type[CKernel] | None:
    """``FastCKernel``, or ``None`` where the extension is not available."""
    entry = _fast_call().entry
    if entry is None:
        return None

    class FastCKernel(entry, CKernel):  # type: ignore[valid-type, misc]
        """A ``CKernel`` whose usual calls are checked and made in C (``Entry``);
        any other call takes ``CKernel._call_checked``."""

        def __init__(
            self,
            library: Path,
            function: str,
            inputs: Sequence[ArraySpec | tuple[Any, Sequence[int]]],
            outputs: Sequence[ArraySpec | tuple[Any, Sequence[int]]],
            *,
            sanitize: bool = False,
        ) -> None:
            CKernel.__init__(self, library, function, inputs, outputs, sanitize=sanitize)
            specs = [*self.inputs, *self.outputs]
            if len(specs) > FAST_CALL_MAX_ARGUMENTS:
                return  # unbound: every call takes the ctypes path
            address = ctypes.cast(self._function, ctypes.c_void_p).value
            written = sum(s.dtype.itemsize * math.prod(s.shape) for s in self.outputs)
            self._bind(
                address,
                len(self.inputs),
                [s.dtype for s in specs],
                [s.shape for s in specs],
                list(self._check_pointer),
                written >= _RELEASE_GIL_BYTES,
            )

    FastCKernel.__qualname__ = "FastCKernel"
    FastCKernel.__module__ = __name__
    return FastCKernel


def kernel_class(fast_call: bool = True) -> type[CKernel]:
    """The class ``load_kernel`` makes: ``FastCKernel`` where the extension is
    available and ``fast_call``, else ``CKernel``."""
    if fast_call:
        fast = _fast_kernel_class()
        if fast is not None:
            return fast
    return CKernel


def load_kernel(
    c_source: str,
    function: str,
    inputs: Sequence[ArraySpec | tuple[Any, Sequence[int]]],
    outputs: Sequence[ArraySpec | tuple[Any, Sequence[int]]],
    *,
    sanitize: bool = False,
    cache_dir: Path | None = None,
    fast_call: bool = True,
) -> CKernel:
    """Build (or find in the cache) ``c_source`` and load ``function`` from it.

    The kernel is a ``FastCKernel`` (calls checked and made in C) where the fast call
    extension is available and ``fast_call`` is true, else a ``CKernel`` (ctypes);
    both accept, refuse and report calls alike. A cached library that fails to load
    is rebuilt once before giving up.
    """
    kernel_type = kernel_class(fast_call)
    library = build_shared_library(c_source, sanitize=sanitize, cache_dir=cache_dir)
    try:
        return kernel_type(library, function, inputs, outputs, sanitize=sanitize)
    except LibraryLoadError:
        pass
    library = build_shared_library(
        c_source, sanitize=sanitize, cache_dir=cache_dir, rebuild=True
    )
    return kernel_type(library, function, inputs, outputs, sanitize=sanitize)
