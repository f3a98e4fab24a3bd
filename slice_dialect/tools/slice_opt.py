"""``slice-opt``: ``xdsl-opt`` with the slice dialect, printing errors without tracebacks."""

from __future__ import annotations

import sys

from xdsl.xdsl_opt_main import xDSLOptMain

from slice_dialect.errors import report_and_exit


def main() -> None:
    """Run ``xdsl-opt``'s driver; any error becomes a message and exit code 1."""
    try:
        xDSLOptMain().run()
    except Exception as e:
        report_and_exit(e)


if __name__ == "__main__":
    sys.exit(main())
