"""The ``slice`` dialect: every framework's slice as an xDSL op, and a pipeline to C.

```python
import slice_dialect
kernel = slice_dialect.compile(source, entry="main", backend="c")
out = kernel(x)
```
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from slice_dialect.errors import SliceError

if TYPE_CHECKING:
    from slice_dialect.compiler import Kernel


def compile(
    source: Any, entry: str = "main", backend: str = "c", **options: Any
) -> Kernel:
    """Compile ``func.func @entry`` of ``source`` to a kernel; see
    :func:`slice_dialect.compiler.compile`."""
    from slice_dialect.compiler import compile as compile_module

    return compile_module(source, entry, backend, **options)  # type: ignore[arg-type]


__all__ = ["SliceError", "compile"]
