"""The fast call path: a CPython extension whose ``Entry`` type makes the usual call in C.

Its source is ``fastcall.c`` next to this file (package data). It is compiled once per
Python and numpy version with the same compiler and cache as kernels, and imported
once per process. ``FastCKernel`` (``Entry`` + ``CKernel``) checks the common call in C
(exact ndarrays of the right dtype and shape, C-contiguous and aligned, outputs
writeable and overlapping nothing) and calls the kernel through its address, about
0.15 us a call instead of ctypes' 3 us; any other call (a failed check, an input to
copy, a subclass, an unknown keyword) goes to ``CKernel._call_checked`` and so to the
kernel's ``CheckedArguments``, which stays the one definition of the checks and their
messages. The C checks only ever decline a call the Python checks would accept
unchanged, never accept one they would not. Where the Python or numpy headers are
missing, or ``$SLICE_FAST_CALL`` is ``0``, kernels are ``CKernel``s.

Dynamic kernels (``?`` dims, a shape function) take the same path: the ``?`` dims of
the arrays are gathered into ``slice_dims``, the shape function is called first and the
outputs made (or ``out=`` checked) with the shapes it wrote; a shape that does not fit
is left to the Python path, which calls it again and reports it. An ``i32``/``i64``
index operand is taken as an exact array of its dtype, or as a list or tuple of exact
ints that fit (converted in C, at most 64 values per call), and a scalar argument (an
``index`` or ``i32``/``i64`` function argument, in a rank-0 buffer) as an exact int or a
numpy integer scalar; any
other index value
(another integer dtype, numpy scalars in a list) goes to the Python conversion.
"""

from __future__ import annotations

import ctypes
import functools
import importlib.machinery
import importlib.resources
import importlib.util
import os
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from slice_dialect.errors import SliceError
from slice_dialect.runtime.cache import (
    COMMON_FLAGS,
    CompilerConfig,
    build_shared_library,
)
from slice_dialect.runtime.kernels import CKernel

FAST_CALL_MAX_ARGUMENTS = 16
"""Kernels with more memref arguments than this always take the ctypes path."""

FAST_CALL_MAX_DIMS = 256
"""Kernels whose arguments have more dims than this together take the ctypes path."""

_INDEX_DTYPES = (np.dtype(np.int32), np.dtype(np.int64))
"""Index operands of these dtypes may be given as lists of ints on the fast path; a
scalar argument of any width as an int (an ``i1`` one as a bool, since session 55;
before, an ``i8`` or ``i16`` one given as an int took the Python path, 15 us a
call against 0.17)."""

RELEASE_GIL_BYTES = 1 << 18
"""A call that writes at least this many bytes releases the GIL around the kernel."""


def fast_call_source() -> str:
    """The extension's C source: ``fastcall.c`` with one caller per arity and the
    versions it is built for (so that they are part of its cache key)."""
    template = (
        importlib.resources.files("slice_dialect.runtime")
        .joinpath("fastcall.c")
        .read_text()
    )
    callers: list[str] = []
    arities = range(FAST_CALL_MAX_ARGUMENTS + 2)  # + slice_dims
    for n in arities:
        params = ", ".join([*(["void *"] * n), "int64_t *"])
        args = ", ".join([*(f"p[{i}]" for i in range(n)), "e"])
        callers.append(
            f"static int32_t\ncall_{n}(void *f, void **p, int64_t *e)\n"
            f"{{\n    return ((int32_t (*)({params}))f)({args});\n}}\n"
        )
    table = ", ".join(f"call_{n}" for n in arities)
    callers.append(f"static const Caller callers[{len(arities)}] = {{{table}}};")
    header = (
        f"/* Python {sys.version.split()[0]} {sysconfig.get_config_var('SOABI')}, "
        f"numpy {np.__version__} */\n"
    )
    return header + (
        template.replace("@MAX_ARGS@", str(FAST_CALL_MAX_ARGUMENTS))
        .replace("@MAX_DIMS@", str(FAST_CALL_MAX_DIMS))
        .replace("@CALLERS@", "\n".join(callers))
    )


def fast_call_enabled() -> bool:
    """``$SLICE_FAST_CALL``: ``1`` (the default, also when unset or empty) calls
    kernels through the C extension where it builds, ``0`` through ctypes; any other
    value is a ``SliceError``. Read at every ``load_kernel``."""
    text = os.environ.get("SLICE_FAST_CALL", "").strip()
    if text not in ("", "0", "1"):
        raise SliceError(f"$SLICE_FAST_CALL = {text!r} is not 0 or 1")
    return text != "0"


@dataclass
class _FastCall:
    """The outcome of building the extension: its ``Entry`` type, or why not."""

    entry: type | None
    reason: str


def build_fast_call_library(cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """Build (or find in the cache) the fast call extension; its path.

    Raises ``SliceError`` saying why it cannot be built: ``$SLICE_FAST_CALL`` is
    ``0``, the Python or numpy headers are missing, or the compiler fails.
    """
    if not fast_call_enabled():
        raise SliceError("disabled by SLICE_FAST_CALL=0")
    python_include = Path(sysconfig.get_paths()["include"])
    numpy_include = Path(np.get_include())
    if not (python_include / "Python.h").exists():
        raise SliceError(f"no Python.h in {python_include}")
    if not (numpy_include / "numpy" / "arrayobject.h").exists():
        raise SliceError(f"no numpy/arrayobject.h in {numpy_include}")
    config = CompilerConfig(
        CompilerConfig.from_environment().command,
        (*COMMON_FLAGS, "-O2", f"-I{python_include}", f"-I{numpy_include}"),
    )
    return build_shared_library(fast_call_source(), config=config, cache_dir=cache_dir)


@functools.cache
def fast_call() -> _FastCall:
    """Build (or find in the cache) and import the extension, once per process; or
    say why not (calls then take the ctypes path)."""
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
    if not fast_call_enabled():
        return "ctypes (disabled by SLICE_FAST_CALL=0)"
    fast = fast_call()
    return fast.reason if fast.entry is not None else f"ctypes ({fast.reason})"


@functools.cache
def fast_kernel_class() -> type[CKernel] | None:
    """``FastCKernel``, or ``None`` where the extension is not available."""
    entry = fast_call().entry
    if entry is None:
        return None

    class FastCKernel(entry, CKernel):  # type: ignore[valid-type, misc]
        """A ``CKernel`` whose usual calls are checked and made in C (``Entry``);
        any other call takes ``CKernel._call_checked``."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            """``CKernel``'s arguments; then binds the kernel to ``Entry``."""
            CKernel.__init__(self, *args, **kwargs)
            specs = [*self.inputs, *self.outputs]
            if (
                len(specs) > FAST_CALL_MAX_ARGUMENTS
                or sum(len(s.shape) for s in specs) > FAST_CALL_MAX_DIMS
            ):
                return  # unbound: every call takes the ctypes path
            address = ctypes.cast(self._function, ctypes.c_void_p).value
            shape_address = None
            if self._shape_function is not None:
                shape_address = ctypes.cast(self._shape_function, ctypes.c_void_p).value
            self._bind(
                address,
                len(self.inputs),
                [s.dtype for s in specs],
                [tuple(-1 if d is None else d for d in s.shape) for s in specs],
                list(self.arguments.check_pointer),
                RELEASE_GIL_BYTES,
                shape_address,
                self._takes_dims,
                bool(self.arguments.input_dims),
                [s.index and (s.dtype in _INDEX_DTYPES or s.shape == ()) for s in specs],
            )

    FastCKernel.__qualname__ = "FastCKernel"
    FastCKernel.__module__ = __name__
    # A static kernel is called through vectorcall (PEP 590): no tuple and dict made
    # per call. CPython 3.12 gives the protocol to FastCKernel itself, 3.11 only
    # through this.
    FastCKernel._enable_vectorcall()
    return FastCKernel


def kernel_class(fast_call: bool = True) -> type[CKernel]:
    """The class ``load_kernel`` makes: ``FastCKernel`` where the extension is
    available and ``fast_call`` (and ``$SLICE_FAST_CALL`` is not ``0``), else
    ``CKernel``. A ``$SLICE_FAST_CALL`` other than ``0`` or ``1`` is a ``SliceError``."""
    if fast_call_enabled() and fast_call:
        fast = fast_kernel_class()
        if fast is not None:
            return fast
    return CKernel
