"""``SliceError``: the one exception the Python API raises for bad input."""

from __future__ import annotations

import os
import re
import stat
import struct
import sys
from typing import NoReturn

from xdsl.ir import Operation
from xdsl.utils.exceptions import (
    ArgSpecParseError,
    DiagnosticException,
    ParseError,
    PassFailedException,
    VerifyException,
)

from slice_dialect.semantics import SliceSemanticsError


class SliceError(Exception):
    """Invalid input to the slice compiler: IR, parameters, or arrays.

    The message names the op (or the argument) and the value at fault; ``location`` is
    where that op stands in the source (``file:line:col``), when it is known. The
    message carries no location; ``display`` is how a command line shows the error
    where that is more (a parse error: its location, the source line and a caret, then
    the message, as xDSL prints a ``ParseError``).
    """

    def __init__(
        self, message: str, location: str | None = None, display: str | None = None
    ) -> None:
        super().__init__(visible(message))
        self.location = None if location is None else visible(location)
        self.display = None if display is None else visible(display)


def visible(text: str) -> str:
    """``text`` with each character a terminal does not show as itself (a NUL, a
    byte-order mark, a no-break space, a lone surrogate: not ``str.isprintable``, but
    newlines and tabs) as a Python escape, ``\\x00`` (session 49's review:
    "Unexpected character: " then nothing). A source line over a caret line (a parse
    error's) has its carets widened with it, so they still mark what they marked."""
    if text.isprintable():
        return text
    lines = text.split("\n")
    for i, line in enumerate(lines):
        pieces = [c if c.isprintable() or c == "\t" else repr(c)[1:-1] for c in line]
        lines[i] = "".join(pieces)
        below = lines[i + 1] if i + 1 < len(lines) else ""
        if lines[i] != line and _CARETS.fullmatch(below):
            lines[i + 1] = "".join(
                mark * (len(pieces[j]) if j < len(pieces) else 1)
                for j, mark in enumerate(below)
            )
            # and the message under the carets, which starts where they do
            old, new = (len(c) - len(c.lstrip(" \t")) for c in (below, lines[i + 1]))
            message = lines[i + 2] if i + 2 < len(lines) else ""
            if message.strip() and message.startswith(below[:old]):
                lines[i + 2] = lines[i + 1][:new] + message[old:]
    return "\n".join(lines)


_CARETS = re.compile(r"[ \t]*\^[\^-]*")
"""A caret line under a quoted source line (xDSL's parse and verifier errors)."""


class OpPassFailedException(PassFailedException):
    """A pass failed at one op: drivers report the op's location with the message."""

    def __init__(self, op: Operation, message: str) -> None:
        super().__init__(message)
        self.op = op


TOO_DEEP = (
    "the program nests too deeply for the compiler (Python's recursion limit); "
    "flatten the nesting or split the program"
)
"""The message for a ``RecursionError`` of xDSL's parser, verifier or printer: there
is no fixed depth to check for in advance."""


def describe(error: BaseException) -> str:
    """A one-message description of an error from any stage of the pipeline."""
    if isinstance(error, RecursionError):
        return TOO_DEEP
    if isinstance(error, ParseError):
        # escaped first: a no-break space or U+3000 at the end of its message
        # ("Unexpected character: ") would go with the strip
        return carets_under_tabs(visible(str(error)).strip())
    if isinstance(error, VerifyException | DiagnosticException):
        return str(error).strip()
    if isinstance(error, SliceSemanticsError | SliceError):
        return str(error)
    if isinstance(error, OSError) and error.strerror:
        return f"{error.filename}: {error.strerror}" if error.filename else error.strerror
    if isinstance(error, struct.error):
        return f"an integer does not fit its type ({error})"
    if isinstance(error, ArgSpecParseError):
        return f"invalid pass or target arguments: {error}"
    if isinstance(error, ValueError | OverflowError) and str(error):
        return str(error)  # the drivers' own usage errors (an unknown pass, ...)
    return f"{type(error).__name__}: {error}"


def carets_under_tabs(text: str) -> str:
    """``text`` (xDSL's source line, carets and message) with each caret line, and the
    message under it, indented by the source line's own tabs where it has them: xDSL
    pads the carets with one space per character, so after a tab, which a terminal
    shows as up to 8 columns, they stood left of what they mark."""
    lines = text.split("\n")
    changed: set[int] = set()  # lines given tabs: not source lines of the next
    for i in range(1, len(lines)):
        marks = lines[i].lstrip(" ")
        width = len(lines[i]) - len(marks)
        source = lines[i - 1][:width]
        if i - 1 in changed or not marks.startswith("^") or "\t" not in source:
            continue
        indent = "".join("\t" if c == "\t" else " " for c in source)
        lines[i] = indent + marks
        changed.add(i)
        below = lines[i + 1] if i + 1 < len(lines) else ""
        # the message under the carets (xDSL's starts one space further: session 49)
        if below.startswith(" " * width) and below.strip():
            lines[i + 1] = indent + below[width:]
            changed.add(i + 1)
    return "\n".join(lines)


_INTEGER = re.compile(r"(?<![\w.#%@^])-?\d+(?![\w.])")


def out_of_range_integer(text: str, filename: str) -> str | None:
    """Where ``text`` has an integer literal outside 64 bits, as ``file:line:col: ...``.

    xDSL reports such a literal in an ``array<i64>`` only as ``struct.error``, without
    a position; this finds it for the message.
    """
    for number, line in enumerate(text.splitlines(), start=1):
        code = line.split("//", 1)[0]
        for match in _INTEGER.finditer(code):
            value = int(match.group())
            if not -(2**63) <= value < 2**63:
                return (
                    f"{filename}:{number}:{match.start() + 1}: integer {value} does not "
                    "fit in a signed 64-bit integer"
                )
    return None


def report(error: BaseException) -> None:
    """Print ``error`` on stderr as ``error: [file:line:col: ]...``."""
    if isinstance(error, SliceError) and error.display:
        print(f"error: {error.display}", file=sys.stderr)
        return
    location = error.location if isinstance(error, SliceError) else None
    message = visible(describe(error))  # a location in it (a parse error's) too
    # a parse error's message starts with its location already
    where = f"{location}: " if location and not message.startswith(location) else ""
    print(f"error: {where}{message}", file=sys.stderr)


def report_and_exit(error: BaseException, code: int = 1) -> NoReturn:
    """Print ``error`` on stderr as ``error: [file:line:col: ]...`` and exit with
    ``code``."""
    if isinstance(error, SystemExit):
        raise error
    if isinstance(error, KeyboardInterrupt):
        sys.exit(130)
    report(error)
    sys.exit(code)


def same_file(a: str, b: str) -> bool:
    """Whether paths ``a`` and ``b`` name one file (under any spelling, through a
    symbolic or a hard link)."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def refuse_overwriting(output: str | None, source: str, what: str) -> None:
    """Refuse ``-o output`` where it is the regular file ``source`` a tool reads
    (``what`` names it; ``-``: the file standard input reads, if it is one): gcc's
    "input file is the same as output file" (session 49's review: an ONNX model, or an
    IR program, was overwritten and the tool exited 0). An output that does not exist
    yet, standard output (``-``) and devices are never refused."""
    if output is None or output == "-":
        return
    try:
        written = os.stat(output)
        read = os.fstat(sys.stdin.fileno()) if source == "-" else os.stat(source)
    except (OSError, ValueError, AttributeError):  # none, or no standard input
        return
    if not stat.S_ISREG(written.st_mode):
        return
    if (written.st_dev, written.st_ino) == (read.st_dev, read.st_ino):
        raise SliceError(
            f"the output {output} is the {what} it reads "
            f"({'standard input' if source == '-' else source}): give another output "
            "file"
        )


def write_output(path: str | None, text: str) -> None:
    """Write a tool's ``text`` to ``path`` (``-o``), or to standard output without
    one (or for ``-``, as ``slice-opt -o -``); a failure is a ``SliceError`` naming
    where (a full disk, a directory, a closed standard output), not the bare
    ``OSError``."""
    if path is None or path == "-":
        if sys.stdout is None:
            raise SliceError("standard output is closed; give -o FILE")
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except OSError as e:
            raise SliceError(f"cannot write standard output: {e.strerror or e}") from None
        return
    try:
        with open(path, "w") as f:
            f.write(text)
    except OSError as e:
        raise SliceError(f"cannot write {path}: {e.strerror or e}") from None
