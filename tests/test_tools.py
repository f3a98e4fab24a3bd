"""Bad input never crashes (issue #6): ``slice-opt`` and ``slice-run`` on bad input.

Every failure prints one ``error: <message>`` on stderr and exits with a non-zero code;
no Python traceback appears on stdout or stderr. ``run`` calls a tool's ``main`` in
this process (``sys.argv``, the working directory, the environment and the standard
streams set for the call; its ``SystemExit`` is the exit code: a process per call cost
about 0.4 s of start-up); a run with one of ``PROCESS_FLAGS`` starts a process of this
Python (``python -c "from slice_dialect.tools.slice_opt import main; main()"``), and
one test runs the installed scripts when they are there. Success cases: ``slice-run``
writes the right ``.npy`` files for a two-result function (``--output`` twice) on both
backends, and bf16 arrays round-trip through ``.npy``.

Run: ``pytest tests/test_tools.py``.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

import slice_dialect

TOOLS = {
    "slice-opt": "from slice_dialect.tools.slice_opt import main; main()",
    "slice-run": "from slice_dialect.tools.slice_run import main; main()",
    "slice-import-onnx": "from slice_dialect.tools.slice_import_onnx import main; main()",
}


@dataclass
class Result:
    returncode: int
    stdout: str
    stderr: str


PROCESS_FLAGS = frozenset(("--sanitize", "--disable-verify", "--syntax-highlight"))
"""The arguments whose runs need a process of their own: ``slice-run --sanitize``
restarts itself with libasan preloaded; xdsl-opt's driver acts on the other two by
patching classes for the whole process (``Attribute.__post_init__`` made a no-op,
``Diagnostic.colored`` set), which would switch attribute verification off for every
later test of the worker."""

MAINS = {
    "slice-opt": "slice_dialect.tools.slice_opt",
    "slice-run": "slice_dialect.tools.slice_run",
    "slice-import-onnx": "slice_dialect.tools.slice_import_onnx",
}
"""The module of each tool's ``main``."""


@contextlib.contextmanager
def _tool_call(
    tool: str, args: list[str], cwd: Path, env: dict[str, str] | None
) -> Iterator[tuple[io.StringIO, io.StringIO]]:
    """``sys.argv``, the working directory, ``os.environ`` and the standard streams of
    one in-process call of ``tool``, restored after it."""
    saved_argv, saved_cwd, saved_env = sys.argv, os.getcwd(), dict(os.environ)
    out, err = io.StringIO(), io.StringIO()
    try:
        sys.argv = [tool, *args]
        os.chdir(cwd)
        if env is not None:
            os.environ.clear()
            os.environ.update(env)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            yield out, err
    finally:
        sys.argv = saved_argv
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)


def _exit_code(exit: SystemExit, err: io.StringIO) -> int:
    """The process exit code of ``exit``, as the interpreter would make it (a message
    is printed on stderr and exits with 1)."""
    if exit.code is None:
        return 0
    if isinstance(exit.code, int):
        return exit.code
    print(exit.code, file=err)
    return 1


def run(
    tool: str,
    *args: str | Path,
    cwd: Path,
    env: dict[str, str] | None = None,
) -> Result:
    """Run ``tool`` with ``args`` in ``cwd``; its exit code and output. In this process
    unless an argument is one of ``PROCESS_FLAGS``."""
    argv = list(map(str, args))
    if PROCESS_FLAGS.intersection(argv):
        completed = subprocess.run(
            [sys.executable, "-c", TOOLS[tool], *argv],
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            env=env,
        )
        return Result(completed.returncode, completed.stdout, completed.stderr)
    from xdsl.ir import Attribute

    main = importlib.import_module(MAINS[tool]).main
    post_init = Attribute.__post_init__
    with _tool_call(tool, argv, cwd, env) as (out, err):
        try:
            main()
            code = 0
        except SystemExit as exit:
            code = _exit_code(exit, err)
    if Attribute.__post_init__ is not post_init:  # see PROCESS_FLAGS
        Attribute.__post_init__ = post_init  # type: ignore[method-assign]
        pytest.fail(f"{tool} {shlex.join(argv)} patched Attribute.__post_init__")
    return Result(code, out.getvalue(), err.getvalue())


def assert_error(result: Result, *messages: str) -> None:
    """A clean failure: exit code != 0, stderr ``error: ...`` holding every one of
    ``messages``, and no traceback anywhere."""
    everything = result.stdout + result.stderr
    assert "Traceback" not in everything, everything
    assert result.returncode != 0, everything
    assert result.stderr.startswith("error: "), everything
    for message in messages:
        assert message in result.stderr, f"{message!r} not in:\n{result.stderr}"


def assert_ok(result: Result) -> None:
    everything = result.stdout + result.stderr
    assert result.returncode == 0, everything
    assert "Traceback" not in everything, everything
    assert "error" not in result.stderr, everything


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text)
    return path


# --- programs --------------------------------------------------------------------------

TWO_RESULTS = """\
func.func @main(%x: tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<4xf32>) {
  %r = slice.onnx_v1 %x starts [0, 1] ends [2, 3] : tensor<2x4xf32> -> tensor<2x2xf32>
  %b = arith.constant dense<[1, -1]> : tensor<2xi64>
  %e = arith.constant dense<[0, -9223372036854775808]> : tensor<2xi64>
  %s = arith.constant dense<[1, -1]> : tensor<2xi64>
  %t = slice.tf_strided_slice %x begin %b end %e strides %s {shrink_axis_mask = 1 : i64} : tensor<2x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<4xf32>
  func.return %r, %t : tensor<2x2xf32>, tensor<4xf32>
}
"""

VALID_V1 = """\
func.func @main(%x: tensor<4x4xf32>) -> tensor<4x2xf32> {
  %r = slice.onnx_v1 %x starts [0] ends [2] axes [1] : tensor<4x4xf32> -> tensor<4x2xf32>
  func.return %r : tensor<4x2xf32>
}
"""

STEP_ZERO = """\
func.func @main(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %s = arith.constant dense<[0]> : tensor<1xi64>
  %e = arith.constant dense<[4]> : tensor<1xi64>
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %t = arith.constant dense<[0]> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e axes %a steps %t : tensor<2x4xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> steps tensor<1xi64> -> tensor<2x4xf32>
  func.return %r : tensor<2x4xf32>
}
"""

WINDOW_OUT_OF_BOUNDS = """\
func.func @main(%x: tensor<5xf32>) -> tensor<3xf32> {
  %r = slice.window %x offsets [4] sizes [3] strides [1] : tensor<5xf32> -> tensor<3xf32>
  func.return %r : tensor<3xf32>
}
"""

RESULT_TYPE = """\
func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = slice.onnx_v1 %x starts [0] ends [2] axes [1] : tensor<4x4xf32> -> tensor<4x4xf32>
  func.return %r : tensor<4x4xf32>
}
"""

TWO_ELLIPSES = """\
func.func @main(%x: tensor<5xf32>) -> tensor<5xf32> {
  %b = arith.constant dense<[0, 0]> : tensor<2xi64>
  %r = slice.tf_strided_slice %x begin %b end %b strides %b {ellipsis_mask = 3 : i64} : tensor<5xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<5xf32>
  func.return %r : tensor<5xf32>
}
"""

DML_TOO_LARGE = """\
func.func @main(%x: tensor<5xf32>) -> tensor<4xf32> {
  %r = slice.dml_slice1 %x window_offsets [0] window_sizes [5] window_strides [2] : tensor<5xf32> -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
"""

PARSE_ERROR = """\
func.func @main(%x: tensor<2x4xf32>) -> tensor<1x4xf32> {
  %r = slice.onnx_v1 %x starts [0] : tensor<2x4xf32> -> tensor<1x4xf32>
  func.return %r : tensor<1x4xf32>
}
"""

UNKNOWN_OP = """\
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "slice.bogus"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
"""

FOREIGN_OP = """\
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
"""

NON_CONSTANT = """\
func.func @main(%x: tensor<4xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<2xf32> {
  %r = slice.ov_slice %x start %s stop %e step %s : tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
"""

I32_LITERAL_TOO_BIG = """\
func.func @main(%x: tensor<4xf32>) -> tensor<2xf32> {
  %s = arith.constant dense<[0]> : tensor<1xi32>
  %e = arith.constant dense<[4294967296]> : tensor<1xi32>
  %r = slice.onnx %x starts %s ends %e : tensor<4xf32>, tensor<1xi32>, tensor<1xi32> -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
"""

ARRAY_LITERAL_TOO_BIG = """\
func.func @main(%x: tensor<5xf32>) -> tensor<5xf32> {
  %r = slice.window %x offsets [9223372036854775808] sizes [5] strides [1] : tensor<5xf32> -> tensor<5xf32>
  func.return %r : tensor<5xf32>
}
"""

DECLARATION = """\
func.func private @main(%x: tensor<4xf32>) -> tensor<4xf32>
"""

NOT_STATIC = "not a slice.window at lowering"

# (name, source, extra slice-opt arguments, messages stderr must hold)
OPT_ERRORS: list[tuple[str, str, tuple[str, ...], tuple[str, ...]]] = [
    (
        "parse error",
        PARSE_ERROR,
        (),
        ("error: bad.mlir:2:36\n", "Expected 'ends'"),
    ),
    (
        "unknown slice op",
        UNKNOWN_OP,
        (),
        ("error: bad.mlir:2:8\n", "Operation slice.bogus is not registered"),
    ),
    (
        "unknown dialect",
        FOREIGN_OP,
        (),
        ("error: bad.mlir:2:8\n", "Operation foo.bar is not registered"),
    ),
    (
        "window out of bounds",
        WINDOW_OUT_OF_BOUNDS,
        ("-p", "canonicalize-slices,convert-slice-to-loops", "-t", "c"),
        (
            "error: bad.mlir:2:3: slice.window: last index offsets[0] + strides[0] * (sizes[0] - 1) "
            "= 4 + 1 * (3 - 1) is out of bounds for dimension 0 of size 5\n",
        ),
    ),
    (
        "result type",
        RESULT_TYPE,
        (),
        (
            "error: bad.mlir:2:3: slice.onnx_v1: result type tensor<4x4xf32> does not match the shape "
            "[4, 2] the slice gives\n",
        ),
    ),
    (
        "pass failure: not constant",
        NON_CONSTANT,
        ("-p", "canonicalize-slices{dynamic=false},convert-slice-to-loops"),
        (f"error: bad.mlir:2:3: slice.ov_slice: {NOT_STATIC}",),
    ),
    (
        "pass failure: unverified step of 0",
        STEP_ZERO,
        ("--disable-verify", "-p", "canonicalize-slices"),
        ("error: bad.mlir:6:3: slice.onnx: steps[0] = 0: a step must be non-zero\n",),
    ),
    (
        "target without lowering",
        VALID_V1,
        ("-t", "c"),
        ("slice.onnx_v1: no C rule; run convert-slice-to-loops first\n",),
    ),
    (
        "unknown pass",
        RESULT_TYPE,
        ("-p", "no-such-pass"),
        ("no-such-pass",),
    ),
    (
        "i32 literal out of range",
        I32_LITERAL_TOO_BIG,
        (),
        ("4294967296",),
    ),
    (
        "i64 array literal out of range",
        ARRAY_LITERAL_TOO_BIG,
        (),
        ("9223372036854775808",),
    ),
    (
        "lowering an op of an unregistered dialect",
        FOREIGN_OP,
        ("--allow-unregistered-dialect", "-p", "convert-slice-to-loops"),
        ("foo.bar",),
    ),
    (
        "lowering an unverified window out of bounds",
        WINDOW_OUT_OF_BOUNDS,
        ("--disable-verify", "-p", "convert-slice-to-loops", "-t", "c"),
        ("slice.window", "out of bounds"),
    ),
]


@pytest.mark.parametrize(
    ("source", "args", "messages"),
    [pytest.param(s, a, m, id=name) for name, s, a, m in OPT_ERRORS],
)
def test_slice_opt_error(
    tmp_path: Path, source: str, args: tuple[str, ...], messages: tuple[str, ...]
) -> None:
    write(tmp_path, "bad.mlir", source)
    assert_error(run("slice-opt", "bad.mlir", *args, cwd=tmp_path), *messages)


def test_slice_opt_missing_file(tmp_path: Path) -> None:
    result = run("slice-opt", "missing.mlir", cwd=tmp_path)
    assert_error(result, "missing.mlir")


def test_slice_opt_usage_error_has_no_traceback(tmp_path: Path) -> None:
    """argparse's own usage errors: exit code 2, a message, no traceback."""
    write(tmp_path, "ok.mlir", TWO_RESULTS)
    for args in (("--no-such-flag",), ("-t", "no-such-target")):
        result = run("slice-opt", "ok.mlir", *args, cwd=tmp_path)
        assert result.returncode == 2
        assert "error:" in result.stderr
        assert "Traceback" not in result.stdout + result.stderr


def test_slice_opt_success_prints_c(tmp_path: Path) -> None:
    write(tmp_path, "ok.mlir", TWO_RESULTS)
    result = run(
        "slice-opt",
        "ok.mlir",
        "-p",
        "canonicalize-slices,convert-slice-to-loops",
        "-t",
        "c",
        cwd=tmp_path,
    )
    assert_ok(result)
    assert "int32_t slice_main(" in result.stdout


# --- slice-run -------------------------------------------------------------------------

X = np.arange(8, dtype=np.float32).reshape(2, 4)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    write(tmp_path, "two.mlir", TWO_RESULTS)
    np.save(tmp_path / "x.npy", X)
    np.save(tmp_path / "x64.npy", X.astype(np.float64))
    np.save(tmp_path / "x3.npy", np.zeros((2, 3, 4), np.float32))
    np.save(tmp_path / "objects.npy", np.array([{}], dtype=object), allow_pickle=True)
    (tmp_path / "garbage.npy").write_bytes(b"\x93NUMPY garbage")
    (tmp_path / "random.npy").write_bytes(bytes(range(256)) * 3)
    # a header dim of 2**70: numpy raises OverflowError (a message without the file
    # name before session 63)
    header = f"{{'descr': '<f4', 'fortran_order': False, 'shape': ({2**70},), }}"
    header += " " * (-(len(header) + 11) % 64) + "\n"
    huge = b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode()
    (tmp_path / "huge.npy").write_bytes(huge)
    return tmp_path


OUTPUTS = ("--output", "a.npy", "--output", "b.npy")

# (name, slice-run arguments, messages stderr must hold)
RUN_ERRORS: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [
    (
        "wrong dtype",
        ("two.mlir", "--input", "x64.npy", *OUTPUTS),
        ("error: main: input 0 (%x): expected dtype float32, got float64\n",),
    ),
    (
        "wrong shape",
        ("two.mlir", "--input", "x3.npy", *OUTPUTS),
        ("error: main: input 0 (%x): expected shape (2, 4), got (2, 3, 4)\n",),
    ),
    (
        "no input",
        ("two.mlir", *OUTPUTS),
        ("error: @main has 1 argument but 0 --input files were given\n",),
    ),
    (
        "two inputs",
        ("two.mlir", "--input", "x.npy", "--input", "x.npy", *OUTPUTS),
        ("error: @main has 1 argument but 2 --input files were given\n",),
    ),
    (
        "one output for two results",
        ("two.mlir", "--input", "x.npy", "--output", "a.npy"),
        ("error: @main has 2 results but 1 --output file was given\n",),
    ),
    (
        "missing input file",
        ("two.mlir", "--input", "nope.npy", *OUTPUTS),
        ("error: cannot read input nope.npy: ", "No such file or directory"),
    ),
    (
        "garbage input file",
        ("two.mlir", "--input", "garbage.npy", *OUTPUTS),
        ("error: cannot read input garbage.npy: ",),
    ),
    (
        "random bytes input file",
        ("two.mlir", "--input", "random.npy", *OUTPUTS),
        ("error: input random.npy is not a .npy file",),
    ),
    (
        "header dim past 64 bits",
        ("two.mlir", "--input", "huge.npy", *OUTPUTS),
        ("error: cannot read input huge.npy: ",),
    ),
    (
        "object array input",
        ("two.mlir", "--input", "objects.npy", *OUTPUTS),
        ("error: cannot read input objects.npy: ",),
    ),
    (
        "unwritable output",
        ("two.mlir", "--input", "x.npy", "--output", "no/dir/a.npy", "--output", "b.npy"),
        ("error: cannot write no/dir/a.npy: No such file or directory\n",),
    ),
    (
        "missing program",
        ("nope.mlir", "--input", "x.npy", *OUTPUTS),
        ("error: cannot read nope.mlir: No such file or directory\n",),
    ),
    (
        "program is a directory",
        (".", "--input", "x.npy", *OUTPUTS),
        ("error: cannot read .: Is a directory\n",),
    ),
    (
        "missing entry",
        ("two.mlir", "--entry", "nope", "--input", "x.npy", *OUTPUTS),
        ("error: no function @nope in the module (functions: @main)\n",),
    ),
]


@pytest.mark.parametrize(
    ("args", "messages"), [pytest.param(a, m, id=name) for name, a, m in RUN_ERRORS]
)
def test_slice_run_error(
    workdir: Path, args: tuple[str, ...], messages: tuple[str, ...]
) -> None:
    result = run("slice-run", *args, cwd=workdir)
    assert_error(result, *messages)
    assert not (workdir / "a.npy").exists() or "unwritable" in " ".join(args)


# (name, program, messages) for programs slice-run cannot compile
RUN_PROGRAM_ERRORS: list[tuple[str, str, tuple[str, ...]]] = [
    (
        "verify error",
        STEP_ZERO,
        ("error: bad.mlir:6:3: slice.onnx: steps[0] = 0: a step must be non-zero\n",),
    ),
    ("unknown op", UNKNOWN_OP, ("Operation slice.bogus is not registered",)),
    ("i32 literal out of range", I32_LITERAL_TOO_BIG, ("4294967296",)),
    ("i64 array literal out of range", ARRAY_LITERAL_TOO_BIG, ("9223372036854775808",)),
    ("entry without a body", DECLARATION, ("@main",)),
    # slice-run names the file in a parse error's location, as slice-opt does
    ("parse error names the file", PARSE_ERROR, ("bad.mlir:2:36", "Expected 'ends'")),
]


@pytest.mark.parametrize(
    ("source", "messages", "backend"),
    [
        pytest.param(s, m, ("c", "interpreter")[i % 2], id=name)
        for i, (name, s, m) in enumerate(RUN_PROGRAM_ERRORS)
    ],
)
def test_slice_run_program_error(
    workdir: Path, source: str, messages: tuple[str, ...], backend: str
) -> None:
    """These fail before a backend runs; each case runs once, backends alternating."""
    write(workdir, "bad.mlir", source)
    result = run(
        "slice-run",
        "bad.mlir",
        "--input",
        "x.npy",
        "--output",
        "a.npy",
        "--backend",
        backend,
        cwd=workdir,
    )
    assert_error(result, *messages)
    assert "block" not in result.stderr  # xDSL internals are no message for a user


def expected_two_results(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return x[:, 1:3], x[1, ::-1]


@pytest.mark.parametrize("backend", ["c", "interpreter"])
def test_slice_run_two_results(workdir: Path, backend: str) -> None:
    result = run(
        "slice-run",
        "two.mlir",
        "--entry",
        "main",
        "--input",
        "x.npy",
        *OUTPUTS,
        "--backend",
        backend,
        cwd=workdir,
    )
    assert_ok(result)
    a, b = np.load(workdir / "a.npy"), np.load(workdir / "b.npy")
    ea, eb = expected_two_results(X)
    assert a.dtype == np.float32 and b.dtype == np.float32
    np.testing.assert_array_equal(a, ea)
    np.testing.assert_array_equal(b, eb)


def test_slice_run_fortran_order_input(workdir: Path) -> None:
    """A Fortran-ordered ``.npy`` is a non-contiguous input: copied, right result."""
    np.save(workdir / "xf.npy", np.asfortranarray(X))
    assert_ok(run("slice-run", "two.mlir", "--input", "xf.npy", *OUTPUTS, cwd=workdir))
    ea, eb = expected_two_results(X)
    np.testing.assert_array_equal(np.load(workdir / "a.npy"), ea)
    np.testing.assert_array_equal(np.load(workdir / "b.npy"), eb)


@pytest.mark.parametrize("backend", ["c", "interpreter"])
def test_slice_run_bf16_round_trip(tmp_path: Path, backend: str) -> None:
    """bf16 arrays go in and come out through ``.npy`` (as raw 2-byte records, which
    ``ml_dtypes.bfloat16`` views back), bit for bit."""
    source = """\
func.func @main(%x: tensor<2x3xbf16>) -> (tensor<2x3xbf16>, tensor<3x1xbf16>, tensor<2x3xbf16>) {
  %b = arith.constant dense<[-1, 0]> : tensor<2xi32>
  %e = arith.constant dense<[-2147483648, 2147483647]> : tensor<2xi32>
  %s = arith.constant dense<[-1, 1]> : tensor<2xi32>
  %r = slice.tf_strided_slice %x begin %b end %e strides %s : tensor<2x3xbf16>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32> -> tensor<2x3xbf16>
  %t = slice.window %x offsets [1, 2] sizes [2, 3] strides [-1, -1] : tensor<2x3xbf16> -> tensor<2x3xbf16>
  %u = slice.window %x offsets [1, 0] sizes [1, 3] strides [1, 1] : tensor<2x3xbf16> -> tensor<3x1xbf16>
  func.return %t, %u, %r : tensor<2x3xbf16>, tensor<3x1xbf16>, tensor<2x3xbf16>
}
"""
    write(tmp_path, "bf16.mlir", source)
    bits = np.array([0x3FC0, 0xC000, 0x7FC1, 0x8000, 0x0001, 0xFF80], np.uint16)
    x = bits.view(ml_dtypes.bfloat16).reshape(2, 3)
    np.save(tmp_path / "x.npy", x)
    result = run(
        "slice-run",
        "bf16.mlir",
        "--input",
        "x.npy",
        "--output",
        "t.npy",
        "--output",
        "u.npy",
        "--output",
        "r.npy",
        "--backend",
        backend,
        cwd=tmp_path,
    )
    assert_ok(result)
    got = [np.load(tmp_path / f"{name}.npy") for name in "tur"]
    for array in got:
        assert array.dtype.itemsize == 2  # .npy stores bfloat16 as 2-byte records
    t, u, r = (array.view(ml_dtypes.bfloat16) for array in got)
    expected = [
        x[::-1, ::-1],
        x[1].reshape(3, 1),
        # TensorFlow: Python ranges, so rows -1 down to (clamped) the start
        x[-1 : -(2**31) : -1, 0 : 2**31 - 1 : 1],
    ]
    for g, e in zip((t, u, r), expected):
        assert g.shape == e.shape
        assert g.view(np.uint16).tobytes() == e.view(np.uint16).tobytes()


def test_slice_run_sanitized_build_in_asan_process(workdir: Path) -> None:
    """``--sanitize`` works in a process started with ``asan_environment()``."""
    from slice_dialect.runtime import asan_environment

    env = asan_environment()
    result = run(
        "slice-run",
        "two.mlir",
        "--input",
        "x.npy",
        *OUTPUTS,
        "--sanitize",
        cwd=workdir,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    assert "AddressSanitizer" not in result.stderr
    assert "runtime error:" not in result.stderr
    ea, eb = expected_two_results(X)
    np.testing.assert_array_equal(np.load(workdir / "a.npy"), ea)
    np.testing.assert_array_equal(np.load(workdir / "b.npy"), eb)


@pytest.mark.skipif(
    shutil.which("slice-opt") is None or shutil.which("slice-run") is None,
    reason="the console scripts are not on PATH",
)
def test_console_scripts(workdir: Path) -> None:
    """The installed ``slice-opt``/``slice-run`` scripts behave like the modules."""
    write(workdir, "bad.mlir", STEP_ZERO)
    for tool in ("slice-opt", "slice-run"):
        script = shutil.which(tool)
        assert script is not None
        completed = subprocess.run(
            [script, "bad.mlir", *(OUTPUTS if tool == "slice-run" else ())],
            cwd=workdir,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        result = Result(completed.returncode, completed.stdout, completed.stderr)
        assert result.returncode == 1
        assert_error(
            result,
            "error: bad.mlir:6:3: slice.onnx: steps[0] = 0: a step must be non-zero\n",
        )


# --- session 46's review (helper 25): hostile inputs that escaped -------------------

HUGE_DIM = """\
func.func @main(%x: tensor<99999999999999999999999xf32>) -> tensor<2xf32> {
  %r = slice.onnx_v1 %x starts [0] ends [2] : tensor<99999999999999999999999xf32> -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
"""

HUGE_ARGUMENT = """\
func.func @main(%x: tensor<9223372036854775808xi8>) -> tensor<9223372036854775808xi8> {
  func.return %x : tensor<9223372036854775808xi8>
}
"""


def test_a_dimension_beyond_int64_is_a_verifier_error(tmp_path: Path) -> None:
    """A dim of 2**63 or more is named at its op (it was an internal
    ``Int64OverflowError`` from the normalization, with no location); a function whose
    arguments have one is refused by ``convert-slice-to-loops`` before it computes."""
    path = write(tmp_path, "huge.mlir", HUGE_DIM)
    message = (
        "huge.mlir:2:3: slice.onnx_v1: operand 0 has type "
        "tensor<99999999999999999999999xf32> whose dimension 0 = "
        "99999999999999999999999 does not fit in 64 bits (at most 2**63 - 1)"
    )
    assert_error(run("slice-opt", path, cwd=tmp_path), message)
    with pytest.raises(slice_dialect.SliceError, match="does not fit in 64 bits"):
        slice_dialect.export_onnx(path)
    path = write(tmp_path, "argument.mlir", HUGE_ARGUMENT)
    assert_error(
        run("slice-opt", path, "-p", "convert-slice-to-loops", cwd=tmp_path),
        "argument.mlir:1:1: func.func: argument 0 has type "
        "tensor<9223372036854775808xi8> whose dimension 0 = 9223372036854775808 does "
        "not fit in 64 bits",
    )


def test_export_onnx_of_a_program_nested_too_deeply() -> None:
    """As ``compile``: the message, not Python's ``RecursionError``."""
    text = "builtin.module {\n" * 3000 + "}\n" * 3000
    with pytest.raises(slice_dialect.SliceError, match="nests too deeply"):
        slice_dialect.export_onnx(text)


def test_a_failed_run_leaves_the_output_file_alone(tmp_path: Path) -> None:
    """``slice-opt -o FILE`` writes FILE only when the run succeeds (it emptied an
    existing FILE when verification failed), with ``--split-input-file`` too."""
    out = write(tmp_path, "out.mlir", "keep\n")
    bad = write(tmp_path, "bad.mlir", HUGE_DIM)
    for split in ([], ["--split-input-file"]):
        assert_error(run("slice-opt", bad, "-o", out, *split, cwd=tmp_path))
        assert out.read_text() == "keep\n"
    good = write(tmp_path, "good.mlir", "func.func @f() {\n  func.return\n}\n")
    assert_ok(run("slice-opt", good, "-o", out, cwd=tmp_path))
    assert "func.func @f()" in out.read_text()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_an_unwritable_output_is_named(tmp_path: Path) -> None:
    """A full disk names the file, once (twice with ``--split-input-file``, and
    without the file before)."""
    good = write(tmp_path, "good.mlir", "func.func @f() {\n  func.return\n}\n")
    for split in ([], ["--split-input-file"]):
        result = run("slice-opt", good, "-o", "/dev/full", *split, cwd=tmp_path)
        assert_error(result, "cannot write /dev/full: No space left on device")
        assert result.stderr.count("error:") == 1


def test_a_closed_standard_output(tmp_path: Path) -> None:
    """``slice-opt`` and ``slice-import-onnx`` with stdout closed: a message, not
    ``AttributeError``."""
    good = write(tmp_path, "good.mlir", "func.func @f() {\n  func.return\n}\n")
    completed = subprocess.run(
        [sys.executable, "-c", TOOLS["slice-opt"], str(good)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        check=False,
        preexec_fn=lambda: os.close(1),
    )
    assert completed.returncode == 1
    assert completed.stderr == "error: standard output is closed; give -o FILE\n"


def test_a_large_ir_limit_is_not_allocated(tmp_path: Path) -> None:
    """``$SLICE_MAX_IR_BYTES`` bounds what is read, it is not a buffer size (32 GiB
    made a read of a 1 KB file a ``MemoryError``); beyond int64 it is refused by
    name."""
    good = write(tmp_path, "good.mlir", "func.func @f() {\n  func.return\n}\n")
    env = {**os.environ, "SLICE_MAX_IR_BYTES": str(1 << 45)}
    assert_ok(run("slice-opt", good, cwd=tmp_path, env=env))
    env["SLICE_MAX_IR_BYTES"] = "9" * 23
    assert_error(
        run("slice-opt", good, cwd=tmp_path, env=env),
        f"$SLICE_MAX_IR_BYTES = '{'9' * 23}' is not a positive integer below 2**63",
    )


def test_a_nul_in_a_path_is_a_slice_error() -> None:
    with pytest.raises(slice_dialect.SliceError, match="embedded null byte"):
        slice_dialect.compile(Path("a\0b"))
    with pytest.raises(slice_dialect.SliceError, match="holds a NUL byte"):
        slice_dialect.compile(HUGE_DIM, cache_dir="/tmp/a\0b")


def test_a_calibration_nested_too_deeply_is_no_calibration(tmp_path: Path) -> None:
    """A ``calibration.json`` of 100000 nested lists: no calibration (it raised
    ``RecursionError`` from ``compile``, and ``slice-run`` blamed the program)."""
    from slice_dialect.runtime import calibrate

    (tmp_path / calibrate.CALIBRATION_FILE).write_text("[" * 100000 + "]" * 100000)
    assert calibrate.stored(tmp_path) is None
    text = "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n  func.return %x : tensor<4xf32>\n}\n"  # fmt: skip
    kernel = slice_dialect.compile(text, "f", cache_dir=tmp_path)
    x = np.arange(4, dtype=np.float32)
    assert np.array_equal(kernel(x), x)


def test_a_refused_attribute_value_is_shown_at_its_entry(tmp_path: Path) -> None:
    """An attribute value the custom form's dictionary cannot hold: the caret under
    its entry (it was under the first operand)."""
    text = (
        "func.func @main(%x: tensor<4xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {\n"
        "  %r = slice.onnx %x starts %s ends %s {opset = 99999999999999999999999 : i64}"
        " : tensor<4xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>\n"
        "  func.return %r : tensor<?xf32>\n}\n"
    )
    result = run("slice-opt", write(tmp_path, "d7.mlir", text), cwd=tmp_path)
    assert_error(result, "d7.mlir:2:41", "out of range for type i64")
    caret = result.stderr.splitlines()[2]
    assert caret.index("^") == text.splitlines()[1].index("opset")


def test_bind_an_npz_archive(tmp_path: Path) -> None:
    np.savez(tmp_path / "x.npz", a=np.arange(3))
    result = run(
        "slice-import-onnx", "model.onnx", "--bind", "starts=x.npz", cwd=tmp_path
    )
    assert_error(result, "--bind starts: x.npz is an .npz archive")


def test_carets_under_a_tab(tmp_path: Path) -> None:
    """A parse error after a tab: the caret and message lines keep the source line's
    tabs, so a terminal shows the carets under what they mark (xDSL pads with one
    space per character; helper 25)."""
    path = write(tmp_path, "tab.mlir", "func.func @f() {\n\t%x = arith.constant 1 :\ti32x\n}\n")  # fmt: skip
    result = run("slice-opt", path, cwd=tmp_path)
    assert_error(result, "tab.mlir:2:26")
    source, carets, message = result.stderr.splitlines()[1:4]
    assert source == "\t%x = arith.constant 1 :\ti32x"
    assert carets == "\t" + " " * 23 + "\t^^^^"
    assert message == "\t" + " " * 23 + "\ttype expected"
    assert carets.expandtabs().index("^") == source.expandtabs().index("i32x")
    # a message xDSL starts one space right of the carets moves with them too
    # (session 49's review: it stayed where its spaces put it, left of the tab)
    path = write(tmp_path, "tab2.mlir", 'func.func @f() -> i64 {\n\t%r = "test.op"() : () -> i64 ]\n}\n')  # fmt: skip
    result = run("slice-opt", path, cwd=tmp_path)
    source, carets, message = result.stderr.splitlines()[1:4]
    assert carets.expandtabs().index("^") == source.expandtabs().index("]")
    assert message.expandtabs().index("in block") == carets.expandtabs().index("^") + 1


def test_an_error_after_the_dictionary_is_at_the_first_operand(tmp_path: Path) -> None:
    """A wrong operand type in an op with an attribute dictionary: at the first operand
    as before, not at the dictionary's last entry (helper 27: the caret ran from
    `opset` onto the next line)."""
    text = (
        "func.func @main(%x: memref<4xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {\n"
        "  %r = slice.onnx %x starts %s ends %s {opset = 13 : i64} : memref<4xf32>, "
        "tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>\n"
        "  func.return %r : tensor<?xf32>\n}\n"
    )
    result = run("slice-opt", write(tmp_path, "fe1.mlir", text), cwd=tmp_path)
    assert_error(result, "fe1.mlir:2:19", "data must be a tensor, got memref<4xf32>")
    quoted = text.replace("memref<4xf32>", "tensor<4xf32>").replace(
        "{opset = 13 : i64}", '{foo = 1 : i64, "bar" = 99999999999999999999 : i64}'
    )
    result = run("slice-opt", write(tmp_path, "q.mlir", quoted), cwd=tmp_path)
    column = quoted.splitlines()[1].index('"bar"') + 1
    assert_error(result, f"q.mlir:2:{column}")


def test_an_element_count_beyond_int64_is_named_at_the_argument(tmp_path: Path) -> None:
    """Dims that fit but whose product does not: `convert-slice-to-loops` names the
    argument's own type (its flattened memref, a type not in the input, was named)."""
    text = (
        "func.func @main(%x: tensor<4611686018427387904x4xf32>) -> tensor<2x4xf32> {\n"
        "  %r = slice.window %x offsets [0, 0] sizes [2, 4] strides [1, 1] : "
        "tensor<4611686018427387904x4xf32> -> tensor<2x4xf32>\n"
        "  func.return %r : tensor<2x4xf32>\n}\n"
    )
    path = write(tmp_path, "prod.mlir", text)
    assert_error(
        run("slice-opt", path, "-p", "convert-slice-to-loops", cwd=tmp_path),
        "prod.mlir:1:1: func.func: argument 0 has type "
        "tensor<4611686018427387904x4xf32> of 18446744073709551616 elements, more "
        "than 2**63 - 1",
    )


def test_output_paths_refused_before_the_run(tmp_path: Path) -> None:
    """`-o -` is standard output (it wrote a file named `-`); a directory, or a path
    in a missing directory, is refused before the run."""
    good = write(tmp_path, "good.mlir", "func.func @f() {\n  func.return\n}\n")
    result = run("slice-opt", good, "-o", "-", cwd=tmp_path)
    assert_ok(result)
    assert "func.func @f()" in result.stdout and not (tmp_path / "-").exists()
    assert_error(
        run("slice-opt", good, "-o", tmp_path, cwd=tmp_path),
        f"cannot write {tmp_path}: Is a directory",
    )
    assert_error(
        run("slice-opt", good, "-o", "missing/out.mlir", cwd=tmp_path),
        "cannot write missing/out.mlir: No such file or directory",
    )


def test_a_failed_run_closes_a_named_pipe(tmp_path: Path) -> None:
    """A failed run into a named pipe opens and closes it: its reader gets the end of
    its input (it waited for ever, helper 27)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    bad = write(tmp_path, "bad.mlir", HUGE_DIM)
    assert_error(run("slice-opt", bad, "-o", fifo, cwd=tmp_path), "does not fit")
    assert reader.communicate(timeout=30)[0] == b""


def test_carets_under_tabs_leaves_a_message_of_carets_alone() -> None:
    """A message line of spaces and ``^`` under a re-indented message line is the
    message's own text, not a caret line of it (helper 27's synthetic case)."""
    from slice_dialect.errors import carets_under_tabs

    text = "\tab x\n    ^\n    x\n   ^^\nnested"
    assert carets_under_tabs(text) == "\tab x\n\t   ^\n\t   x\n   ^^\nnested"
