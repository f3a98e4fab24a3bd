"""README.md's examples do what the README shows (a new user's audit, issue audit13).

Each test takes an example out of README.md as it stands (a code block, or a quoted
message) and runs it: the IR of "The ops" parses and verifies once its undefined values
are function arguments, shown outputs equal what the tools print, shown errors equal
the messages the tools give. A README edit that breaks an example fails here.

Run: ``pytest tests/test_readme.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_tools import assert_error, assert_ok, run, write

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()


def section(title: str) -> str:
    """The text of the README section whose heading is ``title`` (any level), up to
    the next heading of the same or a higher level."""
    match = re.search(rf"^(#+) {re.escape(title)}\n", README, re.MULTILINE)
    assert match, f"no section {title!r} in README.md"
    level = len(match.group(1))
    lines: list[str] = []
    fenced = False  # a `# comment` in a code block is no heading
    for line in README[match.end() :].splitlines(keepends=True):
        if line.startswith("```"):
            fenced = not fenced
        heading = re.match(r"(#+) ", line)
        if not fenced and heading and len(heading.group(1)) <= level:
            break
        lines.append(line)
    return "".join(lines)


def blocks(text: str, language: str) -> list[str]:
    """The fenced code blocks of ``language`` in ``text``."""
    return re.findall(rf"^```{language}\n(.*?)^```", text, re.MULTILINE | re.DOTALL)


def one_block(title: str, language: str, containing: str) -> str:
    found = [b for b in blocks(section(title), language) if containing in b]
    assert len(found) == 1, (
        f"{title!r}: {len(found)} {language} blocks with {containing!r}"
    )
    return found[0]


# --- "The ops": every example parses once its undefined values are arguments ------------

OP_EXAMPLES = {
    # the op's heading: the function its example is put into (BODY is the example)
    "`slice.onnx_v1` — ONNX Slice-1 (opsets 1-9)": "(%x: tensor<2x4xf32>) -> tensor<1x3xf32> {BODY func.return %r : tensor<1x3xf32> }",
    "`slice.onnx` — ONNX Slice-10, -11, -13": "(%x: tensor<2x4xf32>, %s: tensor<2xi64>, %e: tensor<2xi64>, %a: tensor<2xi64>, %st: tensor<2xi64>) -> tensor<1x2xf32> {BODY func.return %r : tensor<1x2xf32> }",
    "`slice.ov_slice` — OpenVINO Slice-8": "(%x: tensor<10xi32>, %b: tensor<1xi64>, %e: tensor<1xi64>, %s: tensor<1xi64>) -> tensor<4xi32> {BODY func.return %r : tensor<4xi32> }",
    "`slice.ov_strided_slice` — OpenVINO StridedSlice-1": "(%x: tensor<2x3xf32>, %b: tensor<2xi64>, %e: tensor<2xi64>, %s: tensor<2xi64>) -> tensor<1x3xf32> {BODY func.return %r : tensor<1x3xf32> }",
    "`slice.tf_strided_slice` — TensorFlow StridedSlice": "(%x: tensor<5xf32>, %b: tensor<1xi64>, %e: tensor<1xi64>, %s: tensor<1xi64>) -> tensor<f32> {BODY func.return %r : tensor<f32> }",
    "`slice.dml_slice1` — DirectML DML_SLICE1": "(%x: tensor<4x4xf32>) -> tensor<2x2xf32> {BODY func.return %r : tensor<2x2xf32> }",
    "`slice.window` — the canonical op": "(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {BODY func.return %r : tensor<2x3xf32> }",
    "`slice.dynamic_window` — a window known at run time": "(%x: tensor<?x6xf32>, %o: index, %n: index) -> tensor<?x3xf32> {BODY func.return %r : tensor<?x3xf32> }",
    "`slice.check` — a run-time check of the normalization": "(%step: i64, %c0: i64, %in: i1, %axis: i64) {BODY func.return }",
    "`slice.dynamic_copy_run` — one run (or a nest of runs) of a lowered dynamic window": "(%x_flat: memref<40xf32>, %out_flat: memref<?xf32>, %o: index, %d: index, %n: index, %c1: index, %s: index, %i: index, %rows: index, %rs: index, %ps: index, %c0: index, %cols: index, %cs: index, %rd: index, %g: i1) {BODY func.return }",
}  # fmt: skip


@pytest.mark.parametrize("title", OP_EXAMPLES)
def test_op_example_parses(title: str, tmp_path: Path) -> None:
    (body,) = blocks(section(title), "mlir")
    text = "func.func @f" + OP_EXAMPLES[title].replace("BODY", "\n" + body)
    assert_ok(run("slice-opt", write(tmp_path, "op.mlir", text), cwd=tmp_path))


def test_copy_run_syntax_parses(tmp_path: Path) -> None:
    """The syntax line of ``slice.copy_run`` with its optional choices filled in."""
    (syntax,) = blocks(section("`slice.copy_run` — one run of a lowered copy"), "mlir")
    line = " ".join(syntax.split())
    line = line.replace("[nontemporal [in_order]] [string_move] [reorder] [scalar [lookahead L]] [prefetch P [prefetch_bytes B]]", "nontemporal scalar lookahead 2 prefetch 4 prefetch_bytes 64")  # fmt: skip
    line = line.replace("count N", "count 4").replace("source_stride S", "source_stride 2")  # fmt: skip
    line = line.replace("dest_stride D", "dest_stride 1").replace("memref<Kxf32>", "memref<8xf32>")  # fmt: skip
    line = line.replace("memref<Mxf32>", "memref<4xf32>")
    text = (
        "func.func @f(%src: memref<8xf32>, %dst: memref<4xf32>, %src_offset: index, "
        f"%dst_offset: index) {{\n{line}\nfunc.return\n}}\n"
    )
    assert_ok(run("slice-opt", write(tmp_path, "run.mlir", text), cwd=tmp_path))


# --- shown outputs and errors -------------------------------------------------------------


def test_lowered_crop_example(tmp_path: Path) -> None:
    """ "The lowered form": the crop's lowering, as `convert-slice-to-loops` prints it."""
    shown = one_block("The lowered form", "mlir", "func.func @crop")
    comment, *ir = shown.splitlines()
    window = comment.removeprefix("// ")
    source = (
        "func.func @crop(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {\n"
        f"  %r = {window}\n  func.return %r : tensor<2x3xf32>\n}}\n"
    )
    result = run(
        "slice-opt",
        write(tmp_path, "crop.mlir", source),
        "-p",
        "convert-slice-to-loops",
        cwd=tmp_path,
    )
    assert_ok(result)
    printed = [line.strip() for line in result.stdout.splitlines()]
    for line in ir:
        line = line.strip()
        if line == "...":
            continue
        assert line in printed, f"README line {line!r} not in:\n{result.stdout}"


def test_dynamic_lowered_example_ops(tmp_path: Path) -> None:
    """ "Dynamic windows": the ops the shown lowering of a run-time start names are
    printed with the same keywords (names of values aside)."""
    shown = one_block("Dynamic windows", "mlir", "slice.dynamic_copy_run")
    comment = shown.splitlines()[0]
    assert comment.startswith("// slice.onnx %x starts %s ends [8]")
    source = """\
func.func @main(%x: tensor<10x4xf32>, %s: tensor<1xi64>) -> tensor<?x4xf32> {
  %e = arith.constant dense<[8]> : tensor<1xi64>
  %r = slice.onnx %x starts %s ends %e : tensor<10x4xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?x4xf32>
  func.return %r : tensor<?x4xf32>
}
"""
    result = run(
        "slice-opt",
        write(tmp_path, "dyn.mlir", source),
        "-p",
        "canonicalize-slices,convert-slice-to-loops",
        cwd=tmp_path,
    )
    assert_ok(result)

    def shape(line: str) -> str:  # the line without value names and comments
        line = line.split("//")[0]
        return " ".join(re.sub(r"%[\w.]+", "%", line).split())

    printed = {shape(line) for line in result.stdout.splitlines()}
    for line in shown.splitlines()[1:]:
        if "slice.dynamic_copy_run" in line or "memref.collapse_shape" in line:
            assert shape(line) in printed, f"README line {line!r} not printed:\n{result.stdout}"  # fmt: skip


def test_extract_slice_error_example(tmp_path: Path) -> None:
    """ "Upstream MLIR": the error `convert-tensor-to-slice` gives for an
    out-of-bounds negative-stride `tensor.extract_slice`, as the README quotes it."""
    text = section("Upstream MLIR")
    (quoted,) = re.findall(r"^error: FILE:2:3: (tensor\.extract_slice: .*)$", text, re.MULTILINE)  # fmt: skip
    (op,) = re.findall(r"^for `(tensor\.extract_slice .*)`,", text, re.MULTILINE)
    source = (
        "func.func @main(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {\n"
        f"  %r = {op}\n"
        "  func.return %r : tensor<4x4xf32>\n}\n"
    )
    path = write(tmp_path, "es.mlir", source)
    result = run("slice-opt", path, "-p", "convert-tensor-to-slice", cwd=tmp_path)
    assert_error(result, f"es.mlir:2:3: {quoted}\n")
    # the errors table quotes the same message
    assert f"`{quoted}`" in section("Errors") or quoted in section("Errors")


def test_every_op_field_is_documented() -> None:
    """Each op of the dialect has a section under "The ops" naming every operand and
    property of its IRDL definition (``slice.dynamic_copy_run``'s ``adaptive``, which
    every dynamic lowering prints, was missing)."""
    from slice_dialect.dialect import Slice

    headings = re.findall(r"^### (`slice\.\w+`.*)$", README, re.MULTILINE)
    for op in Slice.operations:
        (heading,) = [h for h in headings if h.startswith(f"`{op.name}`")]
        text = section(heading)
        definition = op.get_irdl_definition()
        names = [name for name, _ in definition.operands]
        names += [name for name in definition.properties if name != "operandSegmentSizes"]
        for name in names:
            assert re.search(rf"\b{name}\b", text), (
                f"{op.name}: {name} not in its section"
            )


def test_usage_errors_as_documented(tmp_path: Path) -> None:
    """ "Errors": a command line the tools' argument parser rejects exits with 2 and
    prints the usage and one `PROG: error: ...` line (argparse's convention), which
    the README says; every other failure exits with 1."""
    text = " ".join(section("Errors").split())
    assert "exits with 2" in text and "`PROG: error: ...`" in text
    for tool, args in (
        ("slice-run", ["--bogus"]),
        ("slice-run", []),
        ("slice-run", ["f.mlir", "--backend", "cuda"]),
        ("slice-opt", ["--bogus"]),
        ("slice-opt", ["-t", "nosuch"]),
    ):
        result = run(tool, *args, cwd=tmp_path)
        assert result.returncode == 2, result.stderr
        assert "Traceback" not in result.stdout + result.stderr
        (line,) = [x for x in result.stderr.splitlines() if "error:" in x]
        # (the tools run as `python -c`, so slice-opt, whose parser is xdsl-opt's,
        # is called `-c` here; installed, it is `slice-opt`)
        assert re.match(rf"({tool}|-c): error: ", line), result.stderr


def test_unknown_keywords_as_documented() -> None:
    """ "Using it": a keyword argument a kernel call, `import_onnx` or `export_onnx`
    does not take is Python's `TypeError`, as the README says (`compile` makes it a
    `SliceError`)."""
    import numpy as np

    import slice_dialect

    text = " ".join(section("Using it").split())
    assert "is Python's `TypeError`" in text
    source = (
        "func.func @main(%x: tensor<4xf32>) -> tensor<2xf32> {\n"
        "  %r = slice.window %x offsets [1] sizes [2] strides [1] "
        ": tensor<4xf32> -> tensor<2xf32>\n"
        "  func.return %r : tensor<2xf32>\n}\n"
    )
    x = np.arange(4, dtype=np.float32)
    for backend in ("c", "interpreter"):
        kernel = slice_dialect.compile(source, backend=backend)
        with pytest.raises(TypeError, match="unexpected keyword argument 'outs'"):
            kernel(x, outs=None)
    with pytest.raises(TypeError, match="unexpected keyword argument 'entry'"):
        slice_dialect.import_onnx(b"", entry="main")
    with pytest.raises(TypeError, match="unexpected keyword argument 'opset'"):
        slice_dialect.export_onnx(source, opset=13)
    with pytest.raises(slice_dialect.SliceError, match="unexpected keyword argument"):
        slice_dialect.compile(source, optimize=True)


def test_set_up_command_runs_the_quickstart(tmp_path: Path) -> None:
    """ "Set-up and tests": command 1 ends with `python examples/quickstart.py`, which
    `.ci/run` (said to do "exactly the two commands") did not run and no test ran."""
    import subprocess
    import sys

    (command,) = [
        line
        for line in blocks(section("Set-up and tests"), "sh")[0].splitlines()
        if line.startswith("python3 -m venv")
    ]
    script = command.rsplit("&& ", 1)[1]
    assert script == "python examples/quickstart.py"
    root = Path(__file__).resolve().parent.parent
    ci = (root / ".ci" / "run").read_text()
    assert f"\n{script}\n" in ci, ".ci/run does not run the quickstart"
    result = subprocess.run(
        [sys.executable, *script.split()[1:]],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.endswith("both equal numpy\n"), result.stdout


def test_slice_run_example_runs(tmp_path: Path) -> None:
    """ "Using it": the `slice-run` example with index operands as `.npy` inputs runs
    as shown, on the `model.mlir` the README gives for it (it named a file it never
    showed)."""
    import subprocess
    import sys

    import numpy as np

    text = section("Using it")
    (model,) = [b for b in blocks(text, "mlir") if "// model.mlir" in b]
    write(tmp_path, "model.mlir", model)
    (commands,) = [b for b in blocks(text, "sh") if "--input s.npy" in b]
    python, slice_run = commands.replace("\\\n", "").splitlines()
    assert python.startswith('python -c "') and python.endswith('"')
    subprocess.run([sys.executable, "-c", python[11:-1]], cwd=tmp_path, check=True)
    assert slice_run.startswith("slice-run ")
    assert_ok(run("slice-run", *slice_run.split()[1:], cwd=tmp_path))
    y = np.load(tmp_path / "y.npy")
    assert y.dtype == np.float32 and y.tolist() == [2.0, 3.0, 4.0, 5.0, 6.0, 7.0]


def test_scalar_argument_example_runs() -> None:
    """The kernel of ``index`` arguments in "Using it" returns what its comment shows."""
    import numpy as np

    code = one_block("Using it", "python", "%o: index, %n: index")
    call = code.strip().splitlines()[-1]
    expression, shown = call.split("  # ")
    namespace: dict[str, object] = {}
    exec(
        "import numpy as np\nimport slice_dialect\n" + code.rsplit(call, 1)[0], namespace
    )
    got = eval(expression, namespace)
    assert repr(got) == shown
    assert isinstance(got, np.ndarray)
