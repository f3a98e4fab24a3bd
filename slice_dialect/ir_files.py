"""Reading IR files: bounded in size, UTF-8 checked, every failure a ``SliceError``.

Kept apart from :mod:`slice_dialect.compiler` so that ``slice-opt`` reads its input
without importing the pipeline and the runtime.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

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
    if not (text.isascii() and text.isdigit()) or not 0 < int(text) < 2**63:
        raise SliceError(
            f"$SLICE_MAX_IR_BYTES = {text!r} is not a positive integer below 2**63"
        )
    return int(text)


READ_CHUNK_BYTES = 1 << 20
"""``read_ir`` reads in chunks of this many bytes: a file's bytes, never the limit,
are what it allocates (a limit of 32 GiB made a read of a 1 KB file a
``MemoryError``)."""


def _read_at_most(file: Any, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of ``file``, read in chunks."""
    chunks: list[bytes] = []
    total = 0
    while total <= limit:
        chunk = file.read(min(READ_CHUNK_BYTES, limit + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def read_ir(path: str | Path | None) -> bytes:
    """The bytes of an IR file (standard input for ``None`` or ``"-"``), at most
    ``max_ir_bytes()`` of them; a longer input is a ``SliceError``."""
    limit = max_ir_bytes()
    name = "<stdin>" if path in (None, "-") else str(path)
    try:
        if path in (None, "-"):
            if sys.stdin is None:
                raise SliceError("standard input is closed; give a file")
            data = _read_at_most(sys.stdin.buffer, limit)
        else:
            with open(path, "rb") as file:  # type: ignore[arg-type]
                data = _read_at_most(file, limit)
    except OSError as e:
        raise SliceError(f"cannot read {name}: {e.strerror or e}") from None
    except ValueError as e:  # a NUL in the path
        raise SliceError(f"cannot read {name!r}: {e}") from None
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
