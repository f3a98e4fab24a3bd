"""Build emitted C into a cached shared library and call it on numpy arrays.

The C side of SPEC section 5, as building blocks for ``slice_dialect.compile``:

- ``cache``: the compiler (``$CC`` or ``cc``), its flags (``compiler_flags``, with
  ``$CFLAGS``) and the content-addressed cache of shared libraries
  (``build_shared_library``);
- ``arguments``: ``ArraySpec`` and ``CheckedArguments``, the argument checks of SPEC
  section 6, held by every kernel;
- ``kernels``: ``CKernel`` (ctypes), ``load_kernel`` and ``build_kernel`` (a unit
  with run-time runs linked with its prebuilt helpers, compiled once per cache
  directory, compiler and flags);
- ``fastcall``: ``FastCKernel``, whose usual calls are checked and made in C by a small
  CPython extension (``fastcall.c``, package data).

Sanitizer builds (``sanitize=True``) instrument the kernel with AddressSanitizer and
UndefinedBehaviorSanitizer. The ASan runtime must be the first library of the
process, so such a library only loads into a Python started as::

    LD_PRELOAD=$(gcc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0 python ...

(``detect_leaks=0`` because CPython itself does not free everything at exit).
``asan_environment()`` gives that environment for a subprocess; loading a sanitized
library anywhere else raises ``SliceError`` instead of letting ASan kill the process.
"""

from __future__ import annotations

from slice_dialect.runtime.arguments import ArraySpec, CheckedArguments, array_specs
from slice_dialect.runtime.cache import (
    CompilerConfig,
    asan_environment,
    build_shared_library,
    compiler_flags,
    default_cache_dir,
)
from slice_dialect.runtime.fastcall import (
    FAST_CALL_MAX_ARGUMENTS,
    build_fast_call_library,
    call_path_description,
    fast_call,
    fast_call_enabled,
    fast_kernel_class,
    kernel_class,
)
from slice_dialect.runtime.kernels import (
    DEFAULT_PREFIX,
    SLICE_ERROR_VALUES,
    CKernel,
    LibraryLoadError,
    build_kernel,
    load_kernel,
    prebuilt_helpers_enabled,
)

__all__ = [
    "DEFAULT_PREFIX",
    "FAST_CALL_MAX_ARGUMENTS",
    "SLICE_ERROR_VALUES",
    "ArraySpec",
    "CKernel",
    "CheckedArguments",
    "CompilerConfig",
    "LibraryLoadError",
    "array_specs",
    "asan_environment",
    "build_fast_call_library",
    "build_kernel",
    "build_shared_library",
    "call_path_description",
    "compiler_flags",
    "default_cache_dir",
    "fast_call",
    "fast_call_enabled",
    "fast_kernel_class",
    "kernel_class",
    "load_kernel",
    "prebuilt_helpers_enabled",
]

# The names these had in the single-module runtime (tests clear their caches).
_fast_call = fast_call
_fast_kernel_class = fast_kernel_class
