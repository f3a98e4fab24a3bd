"""Reading IR files: bounded in size, UTF-8 checked, every failure a ``SliceError``.

Kept apart from :mod:`slice_dialect.compiler` so that ``slice-opt`` reads its input
without importing the pipeline and the runtime.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from slice_dialect.errors import SliceError

MAX_IR_BYTES = 64 * 1024 * 1024
"""The largest IR file ``read_ir`` reads (``$SLICE_MAX_IR_BYTES`` overrides it): far
above any real module (a thousand slices are about 300 KB), far below what would
exhaust memory (``/dev/zero`` as the input)."""


def max_ir_bytes() -> int:
    """``$SLICE_MAX_IR_BYTES``, else ``MAX_IR_BYTES``."""
    text = os.environ.get("SLICE_MAX_IR_BYTES", "").strip()
    if not text:
        return MAX_IR_BYTES
    if not text.isdigit() or int(text) == 0:
        raise SliceError(f"$SLICE_MAX_IR_BYTES = {text!r} is not a positive integer")
    return int(text)


def read_ir(path: str | Path | None) -> bytes:
    """The bytes of an IR file (standard input for ``None`` or ``"-"``), at most
    ``max_ir_bytes()`` of them; a longer input is a ``SliceError``."""
    limit = max_ir_bytes()
    name = "<stdin>" if path in (None, "-") else str(path)
    try:
        if path in (None, "-"):
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as file:  # type: ignore[arg-type]
                data = file.read(limit + 1)
    except OSError as e:
        raise SliceError(f"cannot read {name}: {e.strerror or e}") from None
    if len(data) > limit:
        raise SliceError(
            f"{name} is larger than {limit} bytes, the limit for an IR file "
            "(set $SLICE_MAX_IR_BYTES to raise it)"
        )
    return data


def decode_ir(data: bytes, name: str) -> str:
    """IR text from the bytes of a file; ``SliceError`` if they are not UTF-8."""
    try:
        return data.decode()
    except UnicodeDecodeError as e:
        raise SliceError(
            f"{name} is not UTF-8 text (byte {e.start} is {data[e.start]:#04x})"
        ) from None
