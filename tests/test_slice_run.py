"""``slice-run`` (``slice_dialect/tools/slice_run.py``): paths, inputs, outputs, help.

Each output goes to exactly the path given, only once every result is computed and
written; outputs that repeat, or that are an input, are refused before anything runs;
the IR file is read with a bound; ``.npy`` inputs that are structured, raw bytes, an
``.npz`` archive or not ``.npy`` at all get our message. Every failure is one
``error:`` line and exit code 1.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from test_tools import TOOLS, assert_error, assert_ok, run

TWO = """\
func.func @main(%x: tensor<4x6xf32>) -> (tensor<2x3xf32>, tensor<6xf32>) {
  %r = slice.window %x offsets [1, 0] sizes [2, 3] strides [1, 2] : tensor<4x6xf32> -> tensor<2x3xf32>
  %s = slice.window %x offsets [3, 5] sizes [1, 6] strides [1, -1] : tensor<4x6xf32> -> tensor<6xf32>
  func.return %r, %s : tensor<2x3xf32>, tensor<6xf32>
}
"""

X = np.arange(24, dtype=np.float32).reshape(4, 6)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    (tmp_path / "two.mlir").write_text(TWO)
    np.save(tmp_path / "x.npy", X)
    return tmp_path


def test_outputs_keep_their_exact_names(workdir: Path) -> None:
    result = run(
        "slice-run", "two.mlir", "--input", "x.npy", "--output", "outA",
        "--output", "outB.data", cwd=workdir,
    )  # fmt: skip
    assert_ok(result)
    assert not (workdir / "outA.npy").exists()
    np.testing.assert_array_equal(np.load(workdir / "outA"), X[1:3, 0:6:2])
    np.testing.assert_array_equal(np.load(workdir / "outB.data"), X[3, ::-1])
    assert sorted(p.name for p in workdir.iterdir()) == [
        "outA", "outB.data", "two.mlir", "x.npy",
    ]  # fmt: skip


@pytest.mark.parametrize("second", ["a.npy", "./a.npy", "sub/../a.npy"])
def test_the_same_output_twice_is_refused(workdir: Path, second: str) -> None:
    (workdir / "sub").mkdir()
    result = run(
        "slice-run", "two.mlir", "--input", "x.npy", "--output", "a.npy",
        "--output", second, cwd=workdir,
    )  # fmt: skip
    assert_error(result, f"error: --output {second} is given twice (also as a.npy)")
    assert not (workdir / "a.npy").exists()


def test_an_output_that_is_an_input_is_refused(workdir: Path) -> None:
    before = (workdir / "x.npy").read_bytes()
    os.link(workdir / "x.npy", workdir / "hard-link.npy")
    for output in ("x.npy", "../" + workdir.name + "/x.npy", "hard-link.npy"):
        result = run(
            "slice-run", "two.mlir", "--input", "x.npy", "--output", output,
            "--output", "b.npy", cwd=workdir,
        )  # fmt: skip
        assert_error(result, f"error: --output {output} is also an --input (x.npy)")
    assert (workdir / "x.npy").read_bytes() == before
    assert not (workdir / "b.npy").exists()


def test_a_failing_output_leaves_every_output_unchanged(workdir: Path) -> None:
    (workdir / "a.npy").write_bytes(b"old")
    result = run(
        "slice-run", "two.mlir", "--input", "x.npy", "--output", "a.npy",
        "--output", "missing/b.npy", cwd=workdir,
    )  # fmt: skip
    assert_error(result, "error: cannot write missing/b.npy: No such file or directory")
    assert (workdir / "a.npy").read_bytes() == b"old"
    assert not [p for p in workdir.iterdir() if p.name.startswith(".slice-run-")]


def test_a_fifo_output_is_written_in_place(workdir: Path) -> None:
    """An output that is a FIFO (or a device such as ``/dev/null``) is written
    through, never replaced by a regular file renamed over it (review, session 15:
    ``--output /dev/null`` as root replaced the machine's ``/dev/null``)."""
    import stat
    import threading

    fifo = workdir / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    result = run(
        "slice-run", "two.mlir", "--input", "x.npy", "--output", "pipe",
        "--output", "b.npy", cwd=workdir,
    )  # fmt: skip
    reader.join(timeout=60)
    assert_ok(result)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    (workdir / "got.npy").write_bytes(received[0])
    np.testing.assert_array_equal(np.load(workdir / "got.npy"), X[1:3, 0:6:2])
    np.testing.assert_array_equal(np.load(workdir / "b.npy"), X[3, ::-1])


def test_outputs_get_the_mode_a_plain_write_gives(workdir: Path) -> None:
    """A new output is 0666 less the umask (as ``np.save`` leaves it), an existing
    one keeps its mode; not the 0600 of a temporary file."""
    (workdir / "old.npy").write_bytes(b"old")
    os.chmod(workdir / "old.npy", 0o640)
    mask = os.umask(0o022)
    try:
        result = run(
            "slice-run", "two.mlir", "--input", "x.npy", "--output", "new.npy",
            "--output", "old.npy", cwd=workdir,
        )  # fmt: skip
    finally:
        os.umask(mask)
    assert_ok(result)
    assert (workdir / "new.npy").stat().st_mode & 0o777 == 0o644
    assert (workdir / "old.npy").stat().st_mode & 0o777 == 0o640


def test_an_output_through_a_symbolic_link_writes_its_target(workdir: Path) -> None:
    """An output path that is a symbolic link (a dangling one too) writes the file it
    points to, as ``np.save`` and a shell redirection do; the link stays a link (it
    was replaced by a file before session 43, helper 15's review)."""
    (workdir / "sub").mkdir()
    (workdir / "sub" / "target.npy").write_bytes(b"old")
    (workdir / "link.npy").symlink_to(workdir / "sub" / "target.npy")
    (workdir / "dangling.npy").symlink_to("sub/new.npy")
    result = run(
        "slice-run", "two.mlir", "--input", "x.npy", "--output", "link.npy",
        "--output", "dangling.npy", cwd=workdir,
    )  # fmt: skip
    assert_ok(result)
    assert (workdir / "link.npy").is_symlink() and (workdir / "dangling.npy").is_symlink()
    np.testing.assert_array_equal(np.load(workdir / "sub" / "target.npy"), X[1:3, 0:6:2])
    np.testing.assert_array_equal(np.load(workdir / "sub" / "new.npy"), X[3, ::-1])
    assert sorted(p.name for p in (workdir / "sub").iterdir()) == [
        "new.npy",
        "target.npy",
    ]


def test_dev_zero_as_the_ir_file_is_read_with_a_bound(workdir: Path) -> None:
    result = run("slice-run", "/dev/zero", "--output", "a.npy", cwd=workdir)
    assert_error(
        result, "error: /dev/zero is larger than 67108864 bytes", "SLICE_MAX_IR_BYTES"
    )
    env = {**os.environ, "SLICE_MAX_IR_BYTES": "100"}
    result = run("slice-run", "two.mlir", "--output", "a.npy", cwd=workdir, env=env)
    assert_error(result, "error: two.mlir is larger than 100 bytes")


def test_ir_from_standard_input(workdir: Path) -> None:
    import subprocess
    import sys

    from test_tools import TOOLS

    completed = subprocess.run(
        [sys.executable, "-c", TOOLS["slice-run"], "-", "--input", "x.npy",
         "--output", "a.npy", "--output", "b.npy"],
        input=TWO, cwd=workdir, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert completed.returncode == 0 and completed.stderr == ""
    np.testing.assert_array_equal(np.load(workdir / "b.npy"), X[3, ::-1])


def save_inputs(directory: Path) -> None:
    np.save(directory / "structured.npy", np.zeros((4, 6), dtype=[("a", "<f4")]))
    np.save(directory / "subarray.npy", np.zeros(4, dtype=("<f4", (6,))))
    np.save(directory / "void.npy", np.zeros((4, 6), dtype="V4"))
    np.savez(directory / "arrays.npz", x=X)
    (directory / "text.npy").write_text("1 2 3\n")


INPUT_ERRORS = {
    "structured.npy": "has the structured dtype [('a', '<f4')]",
    "void.npy": "holds raw bytes (dtype |V4) (the argument takes float32)",
    "arrays.npz": "is an .npz archive; slice-run takes one array per .npy file",
    "text.npy": "is not a .npy file (it does not start with numpy's magic string",
}


@pytest.mark.parametrize("name", list(INPUT_ERRORS))
def test_inputs_that_are_not_plain_npy_arrays(workdir: Path, name: str) -> None:
    save_inputs(workdir)
    result = run(
        "slice-run", "two.mlir", "--input", name, "--output", "a.npy",
        "--output", "b.npy", cwd=workdir,
    )  # fmt: skip
    assert_error(result, f"error: input {name} {INPUT_ERRORS[name]}")
    assert "pickled" not in result.stderr


def test_counts_are_worded_right(workdir: Path) -> None:
    result = run(
        "slice-run", "two.mlir", "--input", "x.npy", "--output", "a", cwd=workdir
    )
    assert_error(result, "error: @main has 2 results but 1 --output file was given\n")
    result = run("slice-run", "two.mlir", "--input", "x.npy", cwd=workdir)
    assert_error(result, "error: @main has 2 results but 0 --output files were given\n")
    # inputs are counted in the tool's terms too (it said "expected 1 input arrays")
    outputs = ("--output", "a", "--output", "b")
    result = run("slice-run", "two.mlir", *outputs, cwd=workdir)
    assert_error(result, "error: @main has 1 argument but 0 --input files were given\n")
    twice = ("--input", "x.npy", "--input", "x.npy")
    result = run("slice-run", "two.mlir", *twice, *outputs, cwd=workdir)
    assert_error(result, "error: @main has 1 argument but 2 --input files were given\n")


def test_help_shows_the_defaults(workdir: Path) -> None:
    result = run("slice-run", "--help", cwd=workdir)
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    for default in ("(default: main)", "(default: c)", "(default: off)"):
        assert default in text


DYNAMIC = """\
func.func @main(%x: tensor<?x6xf32>, %s: tensor<2xi64>, %e: tensor<2xi32>, %st: tensor<2xi64>) -> tensor<?x?xf32> {
  %r = slice.onnx %x starts %s ends %e steps %st : tensor<?x6xf32>, tensor<2xi64>, tensor<2xi32> steps tensor<2xi64> -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}
"""


@pytest.mark.parametrize("backend", ["c", "interpreter"])
def test_index_operands_are_npy_inputs(tmp_path: Path, backend: str) -> None:
    """Run-time parameters are ``.npy`` inputs in argument order, of any integer
    dtype whose values fit; an invalid value is the verifier's message."""
    (tmp_path / "dyn.mlir").write_text(DYNAMIC)
    x = np.arange(30, dtype=np.float32).reshape(5, 6)
    np.save(tmp_path / "x.npy", x)
    np.save(tmp_path / "s.npy", np.array([0, 5], np.int32))  # converted to i64
    np.save(tmp_path / "e.npy", np.array([4, 0], np.int64))  # converted to i32
    np.save(tmp_path / "st.npy", np.array([2, -2], np.int8))
    np.save(tmp_path / "zero.npy", np.array([1, 0], np.int64))
    np.save(tmp_path / "float.npy", np.array([1.0, 1.0]))
    inputs = ["--input", "x.npy", "--input", "s.npy", "--input", "e.npy"]
    common = ["--backend", backend]
    result = run(
        "slice-run", "dyn.mlir", *inputs, "--input", "st.npy", "--output", "y.npy",
        *common, cwd=tmp_path,
    )  # fmt: skip
    assert_ok(result)
    np.testing.assert_array_equal(np.load(tmp_path / "y.npy"), x[0:4:2, 5:0:-2])
    result = run(
        "slice-run", "dyn.mlir", *inputs, "--input", "zero.npy", "--output", "z.npy",
        *common, cwd=tmp_path,
    )  # fmt: skip
    assert_error(
        result, "error: dyn.mlir:2:3: slice.onnx: steps[1] = 0: a step must be non-zero"
    )
    result = run(
        "slice-run", "dyn.mlir", *inputs, "--input", "float.npy", "--output", "z.npy",
        *common, cwd=tmp_path,
    )  # fmt: skip
    assert_error(
        result,
        "error: main: input 3 (%st): an index operand takes integers; got dtype float64",
    )
    assert not (tmp_path / "z.npy").exists()


def test_sanitize_runs_as_written(workdir: Path) -> None:
    """``--sanitize`` works without the user preloading libasan (slice-run restarts
    itself so; review, session 15), and with the interpreter it is an error."""
    result = run(
        "slice-run", "two.mlir", "--input", "x.npy", "--output", "a.npy",
        "--output", "b.npy", "--sanitize", cwd=workdir,
    )  # fmt: skip
    assert_ok(result)
    np.testing.assert_array_equal(np.load(workdir / "a.npy"), X[1:3, 0:6:2])
    np.testing.assert_array_equal(np.load(workdir / "b.npy"), X[3, ::-1])
    result = run(
        "slice-run", "two.mlir", "--input", "x.npy", "--output", "a.npy",
        "--output", "b.npy", "--sanitize", "--backend", "interpreter", cwd=workdir,
    )  # fmt: skip
    assert_error(
        result,
        "error: --sanitize builds the C with ASan and UBSan; the interpreter backend "
        "runs no C",
    )


def test_an_output_that_is_the_program_is_refused(workdir: Path) -> None:
    """The program is read too: an ``--output`` naming it (under any spelling, or a
    hard link) is refused before anything runs (session 49's review: the IR was
    overwritten by ``.npy`` bytes and slice-run exited 0)."""
    before = (workdir / "two.mlir").read_bytes()
    os.link(workdir / "two.mlir", workdir / "linked.mlir")
    for output in ("two.mlir", "./two.mlir", "linked.mlir"):
        result = run(
            "slice-run", "two.mlir", "--input", "x.npy", "--output", output,
            "--output", "b.npy", cwd=workdir,
        )  # fmt: skip
        assert_error(
            result,
            f"error: the output {output} is the program it reads (two.mlir): give "
            "another output file",
        )
    assert (workdir / "two.mlir").read_bytes() == before
    assert not (workdir / "b.npy").exists()


def test_an_output_that_is_the_program_read_from_standard_input_is_refused(
    workdir: Path,
) -> None:
    """``slice-run - --output prog.mlir < prog.mlir``: standard input is that file, so
    it is refused as the file's own name is (session 49's second review: ``-`` was
    never compared). A fresh output is written."""
    before = (workdir / "two.mlir").read_bytes()
    command = [sys.executable, "-c", TOOLS["slice-run"], "-", "--input", "x.npy"]
    with (workdir / "two.mlir").open("rb") as stdin:
        result = subprocess.run(
            [*command, "--output", "two.mlir", "--output", "b.npy"],
            cwd=workdir, stdin=stdin, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr == (
        "error: the output two.mlir is the program it reads (standard input): give "
        "another output file\n"
    )
    assert (workdir / "two.mlir").read_bytes() == before
    with (workdir / "two.mlir").open("rb") as stdin:
        result = subprocess.run(
            [*command, "--output", "a.npy", "--output", "b.npy"],
            cwd=workdir, stdin=stdin, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    assert result.returncode == 0, result.stderr
    np.testing.assert_array_equal(np.load(workdir / "b.npy"), X[3, ::-1])


SCALARS = """\
func.func @main(%x: tensor<4x6xf32>, %o: index, %n: index) -> tensor<?x6xf32> {
  %r = slice.dynamic_window %x offsets [%o, 0] sizes [%n, 6] strides [1, 1] : tensor<4x6xf32> -> tensor<?x6xf32>
  func.return %r : tensor<?x6xf32>
}
"""


def test_scalar_arguments_are_0_d_npy_inputs(workdir: Path) -> None:
    """An ``index`` argument is given as a 0-d ``.npy`` file of an integer dtype; an
    array of another shape is refused naming the input."""
    (workdir / "scalars.mlir").write_text(SCALARS)
    np.save(workdir / "o.npy", np.int64(1))
    np.save(workdir / "n.npy", np.array(2, dtype=np.int32))
    result = run(
        "slice-run", "scalars.mlir", "--input", "x.npy", "--input", "o.npy",
        "--input", "n.npy", "--output", "out.npy", cwd=workdir,
    )  # fmt: skip
    assert_ok(result)
    np.testing.assert_array_equal(np.load(workdir / "out.npy"), X[1:3])
    result = run(
        "slice-run", "scalars.mlir", "--input", "x.npy", "--input", "o.npy",
        "--input", "x.npy", "--output", "out.npy", cwd=workdir,
    )  # fmt: skip
    assert_error(
        result,
        "error: main: input 2 (%n): a scalar argument takes an int or a 0-d integer "
        "array, got an array of shape (4, 6)",
    )
