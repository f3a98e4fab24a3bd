"""``SliceError``: the one exception the Python API raises for bad input."""

from __future__ import annotations

import sys
from typing import NoReturn

from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException

from slice_dialect.semantics import SliceSemanticsError


class SliceError(Exception):
    """Invalid input to the slice compiler: IR, parameters, or arrays.

    The message names the op (or the argument) and the value at fault.
    """


def describe(error: BaseException) -> str:
    """A one-message description of an error from any stage of the pipeline."""
    if isinstance(error, ParseError | VerifyException | DiagnosticException):
        return str(error).strip()
    if isinstance(error, SliceSemanticsError | SliceError):
        return str(error)
    if isinstance(error, OSError) and error.strerror:
        return f"{error.filename}: {error.strerror}" if error.filename else error.strerror
    if isinstance(error, ValueError) and str(error):
        return str(error)  # the drivers' own usage errors (an unknown pass, ...)
    return f"{type(error).__name__}: {error}"


def report_and_exit(error: BaseException, code: int = 1) -> NoReturn:
    """Print ``error`` on stderr as ``error: ...`` and exit with ``code``."""
    if isinstance(error, SystemExit):
        raise error
    if isinstance(error, KeyboardInterrupt):
        sys.exit(130)
    print(f"error: {describe(error)}", file=sys.stderr)
    sys.exit(code)
