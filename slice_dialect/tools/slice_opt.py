"""``slice-opt``: ``xdsl-opt`` with the slice dialect, printing errors without tracebacks."""

from __future__ import annotations

import struct
import sys
from typing import IO

from xdsl.dialects.builtin import ModuleOp
from xdsl.xdsl_opt_main import xDSLOptMain

from slice_dialect.errors import SliceError, out_of_range_integer, report_and_exit


class SliceOptMain(xDSLOptMain):
    """``xdsl-opt``'s driver, locating the integer literals xDSL cannot place."""

    def parse_chunk(
        self, chunk: IO[bytes], file_extension: str, start_offset: int = 0
    ) -> ModuleOp | None:
        position = chunk.tell()
        try:
            return super().parse_chunk(chunk, file_extension, start_offset)
        except struct.error as error:
            chunk.seek(position)
            raw = chunk.read()
            text = raw.decode() if isinstance(raw, bytes) else raw
            name = getattr(self.args, "input_file", None) or "<stdin>"
            located = out_of_range_integer(text, name)
            raise (SliceError(located) if located else error) from None


def main() -> None:
    """Run ``xdsl-opt``'s driver; any error becomes a message and exit code 1."""
    try:
        SliceOptMain().run()
    except Exception as e:  # every failure becomes a clean message
        report_and_exit(e)


if __name__ == "__main__":
    sys.exit(main())
