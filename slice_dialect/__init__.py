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


def compile(*args: Any, **options: Any) -> Kernel:
    """Compile ``func.func @entry`` of ``source`` to a kernel:
    ``compile(source, entry="main", backend="c", *, sanitize, cache_dir, filename,
    prefix)``; see :func:`slice_dialect.compiler.compile`. Arguments it does not take
    are a ``SliceError`` too."""
    from slice_dialect.compiler import bind_compile_arguments
    from slice_dialect.compiler import compile as compile_module

    bind_compile_arguments(args, options)
    return compile_module(*args, **options)


__all__ = ["SliceError", "compile"]
