# ruff: noqa: F821 - lit runs this file with `config` and `lit_config` defined
"""lit configuration for the FileCheck tests in ``tests/filecheck``.

Run from the repository root::

    lit tests/filecheck -v                           # every test
    lit tests/filecheck/dialects/slice/ops.mlir -v   # one file

lit finds this file by walking up from the path it is given and names each test by its
path relative to this directory, so the suite's source root is the repository root and
``FileCheckTests`` keeps discovery inside ``tests/filecheck``. (With ``test_source_root``
set to ``tests/filecheck`` instead, ``lit tests/filecheck`` would look for
``tests/filecheck/tests/filecheck`` and find nothing.)

The tools (``xdsl-opt``, ``slice-opt``, ``filecheck``) come from ``PATH``, with the
directory of the Python running lit as a fallback after it, so ``/path/to/venv/bin/lit``
finds the venv's tools even when the venv is not on ``PATH``.
"""

import os
import sys

import lit.formats

TEST_DIR = ("tests", "filecheck")
"""Where the tests live, as a path inside the suite."""


class FileCheckTests(lit.formats.ShTest):
    """``ShTest`` that only collects tests under ``tests/filecheck``."""

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        if tuple(path_in_suite[: len(TEST_DIR)]) != TEST_DIR:
            return
        yield from super().getTestsInDirectory(
            testSuite, path_in_suite, litConfig, localConfig
        )

    def __reduce__(self):
        # lit pickles each test's config for its worker processes, which cannot import
        # this file; they only execute tests, which a plain ShTest does the same way.
        return (lit.formats.ShTest, ())


config.name = "slice"
config.test_format = FileCheckTests()
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = config.test_source_root
# lit always skips Output and .git; the rest only keeps the directory walk short.
config.excludes = [
    "Output",
    ".venv",
    "venv",
    "__pycache__",
    ".pytest_cache",
    ".ruff_cache",
    ".hypothesis",
]

# lit has already put `--path` entries and the caller's PATH here.
path = config.environment.get("PATH") or os.environ.get("PATH", "")
config.environment["PATH"] = os.pathsep.join([path, os.path.dirname(sys.executable)])

# lit's per-test timeout kills the test's process tree with psutil; without psutil,
# asking for a timeout would make lit stop with an error, so run without one.
timeout_supported, _ = lit_config.maxIndividualTestTimeIsSupported
if timeout_supported:
    config.maxIndividualTestTime = 60
else:
    lit_config.note("no per-test timeout: lit needs the psutil module for one")
