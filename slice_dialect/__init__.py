"""The ``slice`` dialect: every framework's slice as an xDSL op, and a pipeline to C.

```python
import slice_dialect
kernel = slice_dialect.compile(source, entry="main", backend="c")
out = kernel(x)
```
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Literal

import slice_dialect.lexer  # noqa: F401  (xDSL's lexer, fixed: see the module)
from slice_dialect.errors import SliceError

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp

    from slice_dialect.compiler import Kernel


def compile(*args: Any, **options: Any) -> Kernel:
    """Compile ``func.func @entry`` of ``source`` to a kernel: ``compile(source,
    entry="main", backend="c", *, sanitize=False, cache_dir=None, filename=None,
    prefix="slice_", stream_working_set=None, stream_lines_in_order=None,
    string_move_bytes=None)``; see :func:`slice_dialect.compiler.compile`. Arguments
    it does not take are a ``SliceError`` too (not a ``TypeError``)."""
    from slice_dialect.compiler import bind_compile_arguments
    from slice_dialect.compiler import compile as compile_module

    bind_compile_arguments(args, options)
    return compile_module(*args, **options)


def _compile_parameters(
    source: str | ModuleOp | os.PathLike[str],
    entry: str = "main",
    backend: Literal["c", "interpreter"] = "c",
    *,
    sanitize: bool = False,
    cache_dir: str | os.PathLike[str] | None = None,
    filename: str | None = None,
    prefix: str = "slice_",
    stream_working_set: int | None = None,
    stream_lines_in_order: bool | None = None,
    string_move_bytes: int | None = None,
) -> Kernel:
    """:func:`compile`'s parameters, which ``inspect.signature`` and editors show
    (``__wrapped__``) without importing the compiler; ``tests/test_compile_api.py``
    keeps them those of :func:`slice_dialect.compiler.compile`."""
    raise NotImplementedError


compile.__wrapped__ = _compile_parameters  # pyright: ignore[reportFunctionMemberAccess]


def import_onnx(model: Any, *, constants: Any = None) -> Any:
    """An ONNX model (``onnx.ModelProto``, path or bytes) as a ``ModuleOp`` with one
    ``func.func @main``; ``constants`` binds graph inputs to values. See
    :func:`slice_dialect.onnx_import.import_onnx`."""
    from slice_dialect.onnx_import import import_onnx as import_model

    return import_model(model, constants=constants)


def export_onnx(source: Any, entry: str = "main") -> Any:
    """``func.func @entry`` of ``source`` as an ``onnx.ModelProto`` of Slice-13 nodes;
    see :func:`slice_dialect.onnx_export.export_onnx`."""
    from slice_dialect.onnx_export import export_onnx as export_model

    return export_model(source, entry)


__all__ = ["SliceError", "compile", "export_onnx", "import_onnx"]
