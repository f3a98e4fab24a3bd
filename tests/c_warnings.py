"""The warnings a user's build with warnings as errors would stop at, for generated C."""

from __future__ import annotations

import subprocess

from slice_dialect.runtime.cache import CompilerConfig

WARNING_FLAGS = ("-Wall", "-Wextra", "-Werror")


def c_warnings(source: str) -> str:
    """The compiler's message for ``source`` built as the kernels are (their flags,
    ``$CFLAGS`` included) plus ``WARNING_FLAGS``, into an object file; empty if it
    builds. A generated kernel is meant to be embedded in other builds: an unused value
    or parameter (a masked begin's load, the error values of a kernel that cannot fail)
    stops a ``-Werror`` build."""
    config = CompilerConfig.from_environment()
    flags = [flag for flag in config.effective_flags() if flag != "-shared"]
    result = subprocess.run(
        [
            *config.command,
            *flags,
            *WARNING_FLAGS,
            "-c",
            "-x",
            "c",
            "-",
            "-o",
            "/dev/null",
        ],
        input=source,
        capture_output=True,
        text=True,
        check=False,
    )
    return "" if result.returncode == 0 else result.stderr
