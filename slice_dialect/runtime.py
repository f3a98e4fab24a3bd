"""Build emitted C into a cached shared library and call it on numpy arrays.

The C side of SPEC section 5, as building blocks for ``slice_dialect.compile``:

- ``CompilerConfig``: the compiler (``$CC`` or ``cc``) and its flags, kept in one place
  (``compiler_flags``);
- ``build_shared_library``: C source -> path of a shared library, compiled by piping
  the source to the compiler's stdin and cached by content;
- ``CKernel``: one function of a loaded library, called on numpy arrays with the
  argument checks of SPEC section 6.

The C calling convention is the one ``slice_dialect.backend.c`` prints:
``void NAME(const T *restrict in0, ..., T *restrict out0, ...)``, one pointer per
memref argument (inputs, then outputs) to the first element of a C-contiguous buffer.

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
_OPTIMIZE_FLAGS = ("-O2",)
_SANITIZE_FLAGS = (
    "-O1",
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=all",
    "-fno-omit-frame-pointer",
)
_OPTIONAL_FLAGS = ("-fno-loop-interchange",)
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
        recorded = library.with_suffix(".sha256").read_text().strip()
        return recorded == _file_digest(library)
    except OSError:
        return False


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
        try:
            self._function = getattr(self.library, function)
        except AttributeError:
            raise SliceError(f"{library} has no function {function!r}") from None
        self._function.argtypes = [ctypes.c_void_p] * (
            len(self.inputs) + len(self.outputs)
        )
        self._function.restype = None

    def __call__(self, *inputs: np.ndarray, out: Any = None) -> Any:
        _, pointers, result = self.prepare(inputs, out)
        self._function(*pointers)
        return result


def load_kernel(
    c_source: str,
    function: str,
    inputs: Sequence[ArraySpec | tuple[Any, Sequence[int]]],
    outputs: Sequence[ArraySpec | tuple[Any, Sequence[int]]],
    *,
    sanitize: bool = False,
    cache_dir: Path | None = None,
) -> CKernel:
    """Build (or find in the cache) ``c_source`` and load ``function`` from it.

    A cached library that fails to load is rebuilt once before giving up.
    """
    library = build_shared_library(c_source, sanitize=sanitize, cache_dir=cache_dir)
    try:
        return CKernel(library, function, inputs, outputs, sanitize=sanitize)
    except LibraryLoadError:
        pass
    library = build_shared_library(
        c_source, sanitize=sanitize, cache_dir=cache_dir, rebuild=True
    )
    return CKernel(library, function, inputs, outputs, sanitize=sanitize)
