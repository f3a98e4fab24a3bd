"""The warnings a user's build with warnings as errors would stop at, for generated C."""

from __future__ import annotations

import subprocess
import tempfile

from slice_dialect.runtime.cache import CompilerConfig

WARNING_FLAGS = ("-Wall", "-Wextra", "-Werror")


def c_warnings(source: str) -> str:
    """The compiler's message for ``source`` built as the kernels are (their flags,
    ``$CFLAGS`` included) plus ``WARNING_FLAGS``, into an object file; empty if it
    builds. A generated kernel is meant to be embedded in other builds: an unused value
    or parameter (a masked begin's load, the error values of a kernel that cannot fail)
    stops a ``-Werror`` build. With ``$CC`` set to a clang (``python -m ziglang cc``
    is clang 22) the tests check its warnings too: unused helpers of a family, a
    comparison that is always true."""
    config = CompilerConfig.from_environment()
    flags = [flag for flag in config.effective_flags() if flag != "-shared"]
    command = [*config.command, *flags, *WARNING_FLAGS, "-c", "-x", "c", "-"]
    # in a directory of its own: zig cc writes "-.o" where it runs, whatever -o says
    with tempfile.TemporaryDirectory() as directory:
        result = subprocess.run(
            [*command, "-o", "kernel.o"],
            input=source,
            capture_output=True,
            text=True,
            check=False,
            cwd=directory,
        )
    return "" if result.returncode == 0 else result.stderr
