"""``slice-opt`` (``slice_dialect/tools/slice_opt.py``) as a filter and on bad options.

It reads standard input when given no file, so it works at either end of a pipe
(``cat f | slice-opt ...``, ``slice-opt ... | slice-opt ...``); the input is read with
a bound (``/dev/zero``); a malformed pass pipeline (xDSL raises a ``BaseException``
for it) is one ``error:`` line.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_tools import TOOLS, assert_error, run

QUICK = """\
func.func @main(%x: tensor<4x6xf32>) -> tensor<2x3xf32> {
  %s = arith.constant dense<[1, 0]> : tensor<2xi64>
  %e = arith.constant dense<[3, 6]> : tensor<2xi64>
  %a = arith.constant dense<[0, 1]> : tensor<2xi64>
  %t = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = slice.onnx %x starts %s ends %e axes %a steps %t : tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64> steps tensor<2xi64> -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}
"""

SLICE_OPT = [sys.executable, "-c", TOOLS["slice-opt"]]


def test_reads_a_pipe(tmp_path: Path) -> None:
    path = tmp_path / "quick.mlir"
    path.write_text(QUICK)
    from_file = subprocess.run(
        [*SLICE_OPT, str(path), "-p", "canonicalize-slices"],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    with path.open() as stdin:  # `slice-opt -p ... < quick.mlir` is a file, so pipe it
        cat = subprocess.Popen(["cat"], stdin=stdin, stdout=subprocess.PIPE)
        piped = subprocess.run(
            [*SLICE_OPT, "-p", "canonicalize-slices"],
            stdin=cat.stdout, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        cat.wait()
    assert piped.returncode == 0 and piped.stderr == "", piped.stderr
    assert piped.stdout == from_file.stdout
    assert "slice.window" in piped.stdout


def test_dash_is_standard_input() -> None:
    """``slice-opt -`` reads standard input, as ``mlir-opt -`` and ``slice-run -`` do
    (it was a file with the extension '' before session 32); errors name ``<stdin>``,
    as ``mlir-opt`` and ``slice-run`` do."""
    good = subprocess.run(
        [*SLICE_OPT, "-", "-p", "canonicalize-slices"],
        input=QUICK, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert good.returncode == 0 and good.stderr == "", good.stderr
    assert "slice.window" in good.stdout
    bad = subprocess.run(
        [*SLICE_OPT, "-"], input="garbage\n", capture_output=True, text=True, timeout=120
    )  # fmt: skip
    assert bad.returncode == 1 and bad.stderr.startswith("error: <stdin>:1:1\n"), (
        bad.stderr
    )


def test_two_slice_opts_in_a_pipe(tmp_path: Path) -> None:
    first = subprocess.Popen(
        [*SLICE_OPT, "-p", "canonicalize-slices"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    second = subprocess.Popen(
        [*SLICE_OPT, "-p", "convert-slice-to-loops"],
        stdin=first.stdout, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert first.stdin is not None and first.stdout is not None
    first.stdin.write(QUICK)
    first.stdin.close()
    first.stdout.close()
    out, err = second.communicate(timeout=120)
    assert first.wait(timeout=120) == 0
    assert second.returncode == 0 and err == "", err
    assert "slice.copy_run" in out and "slice.window" not in out


def test_dev_zero_is_read_with_a_bound(tmp_path: Path) -> None:
    assert_error(
        run("slice-opt", "/dev/zero", cwd=tmp_path),
        "error: /dev/zero is larger than 67108864 bytes",
    )


def test_malformed_pass_options_are_one_error(tmp_path: Path) -> None:
    path = tmp_path / "quick.mlir"
    path.write_text(QUICK)
    for pipeline in ("canonicalize-slices{", "canonicalize-slices{x"):
        result = run("slice-opt", path, "-p", pipeline, cwd=tmp_path)
        assert_error(result, "error: invalid pass or target arguments")


def test_deep_nesting_is_one_error(tmp_path: Path) -> None:
    depth = 150
    loops = "".join(f"scf.for %i{j} = %c0 to %c1 step %c1 {{\n" for j in range(depth))
    (tmp_path / "deep.mlir").write_text(
        "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
        + loops
        + "}\n" * depth
        + "  func.return %x : tensor<4xf32>\n}\n"
    )
    assert_error(
        run("slice-opt", "deep.mlir", cwd=tmp_path),
        "error: the program nests too deeply for the compiler",
    )


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (
            ["-p", "canonicalize-slices{dynamic=maybe}"],
            "error: canonicalize-slices: option dynamic = maybe is not a bool "
            "(true or false)\n",
        ),
        (
            ["-p", "convert-slice-to-loops{stream-working-set=abc}"],
            "error: convert-slice-to-loops: option stream-working-set = abc is not an "
            "integer\n",
        ),
        (
            ["-p", "canonicalize-slices{dynamic}"],
            "error: canonicalize-slices: option dynamic needs a value (a bool (true or "
            "false))\n",
        ),
        (
            ["-p", "canonicalize-slices,canonicalize-slices{bogus=1}"],
            "error: canonicalize-slices has no option bogus (options: dynamic)\n",
        ),
        (
            ["-p", "convert-slice-to-loops{dynamic=true}"],
            "error: convert-slice-to-loops has no option dynamic "
            "(options: stream-working-set, stream-lines-in-order, string-move-bytes)\n",
        ),
        (
            ["-p", "export-slices{framework=1}"],
            "error: export-slices: option framework = 1 is not a string\n",
        ),
        (
            ["-t", "c{prefix=my_ bogus=1}"],
            "error: c has no option bogus (options: prefix)\n",
        ),
    ],
)
def test_bad_pass_options_name_pass_and_option(
    tmp_path: Path, option: list[str], message: str
) -> None:
    """An option a pass (or the C target) does not have, or a value of the wrong type,
    is one error naming the pass and the option (xDSL's own messages named neither:
    ``Incompatible types: given ('maybe',), expected <class 'bool'>``)."""
    path = tmp_path / "quick.mlir"
    path.write_text(QUICK)
    result = run("slice-opt", path, *option, cwd=tmp_path)
    assert_error(result)
    assert result.stderr == message


def test_good_pass_options_still_work(tmp_path: Path) -> None:
    path = tmp_path / "quick.mlir"
    path.write_text(QUICK)
    for option in (
        ["-p", "canonicalize-slices{dynamic=false}"],
        ["-p", "canonicalize-slices,export-slices{framework=tf_strided_slice}"],
        ["-p", "canonicalize-slices,convert-slice-to-loops", "-t", "c{prefix=my_}"],
    ):
        result = run("slice-opt", path, *option, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
    result = run(
        "slice-opt", path, "-p", "export-slices{framework=pytorch}", cwd=tmp_path
    )
    assert_error(result, "export-slices: framework = 'pytorch' is not one of")


def test_input_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    """A file that is not UTF-8 text: the message names it and the byte, as
    ``slice-run``'s does (it was Python's ``'utf-8' codec can't decode byte 0xff``)."""
    path = tmp_path / "bad.mlir"
    path.write_bytes(b"func.func @main() {\n  \xff\n}\n")
    result = run("slice-opt", path, cwd=tmp_path)
    assert_error(result)
    assert result.stderr == f"error: {path} is not UTF-8 text (byte 22 is 0xff)\n"


def test_help_names_the_tool(tmp_path: Path) -> None:
    """``slice-opt -h`` describes ``slice-opt``, not xDSL's generic driver."""
    result = run("slice-opt", "-h", cwd=tmp_path)
    assert result.returncode == 0
    assert "slice-opt: xdsl-opt with the slice dialect" in result.stdout
    assert "xDSL modular optimizer driver" not in result.stdout


@pytest.mark.parametrize("flag", ["-v", "--version"])
def test_version_names_the_tool(flag: str, tmp_path: Path) -> None:
    """``slice-opt --version`` gives our version, then xDSL's (it printed only
    ``xdsl-opt built from xdsl version ...``: session 50's review)."""
    result = run("slice-opt", flag, cwd=tmp_path)
    assert result.returncode == 0
    assert re.fullmatch(
        r"slice-opt \S+ \(slice-dialect\), built on xdsl \S+\n", result.stdout
    ), result.stdout


def test_lowering_to_c_imports_no_numpy(tmp_path: Path) -> None:
    """``slice-opt`` through every pass to C leaves numpy (and ml_dtypes, 0.1 s of each
    of lit's 220 starts) unimported: only a constant fold of a window imports it."""
    path = tmp_path / "quick.mlir"
    path.write_text(QUICK.replace("%x: tensor<4x6xf32>", "%x: tensor<4x6xbf16>")
                    .replace("xf32>", "xbf16>"))  # fmt: skip
    script = (
        "import sys\n"
        "from slice_dialect.tools.slice_opt import main\n"
        "try:\n"
        "    main()\n"
        "finally:\n"
        "    print(sorted({m.split('.')[0] for m in sys.modules} & {'numpy', 'ml_dtypes'}),"
        " file=sys.stderr)\n"
    )
    pipeline = "canonicalize-slices,convert-slice-to-loops"
    result = subprocess.run(
        [sys.executable, "-c", script, str(path), "-p", pipeline, "-t", "c"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "int32_t slice_main(" in result.stdout
    assert result.stderr.strip() == "[]"


def test_a_file_without_the_mlir_extension_says_how_to_read_it(tmp_path: Path) -> None:
    """xdsl-opt picks its parser by the extension; slice-opt says to pass ``-f mlir``
    (helper 15's review, session 43), and reads the file so."""
    (tmp_path / "quick").write_text(QUICK)
    result = run("slice-opt", "quick", cwd=tmp_path)
    assert_error(
        result, "error: Unrecognized file extension '': pass -f mlir to read it as MLIR"
    )
    result = run("slice-opt", "-f", "mlir", "quick", cwd=tmp_path)
    assert result.returncode == 0 and "slice.onnx" in result.stdout


def test_quoted_integer_and_bool_options_are_read_as_mlir_opt_reads_them(
    tmp_path: Path,
) -> None:
    """``{string-move-bytes="64"}`` is the integer 64 and ``{dynamic="false"}`` the
    bool, as in ``mlir-opt``; they were refused with a message showing a valid value
    (session 47's review). A quoted value that spells no such value is still named."""
    path = tmp_path / "run.mlir"
    path.write_text(
        "func.func @main(%x: tensor<128xf32>) -> tensor<64xf32> {\n"
        "  %r = slice.window %x offsets [8] sizes [64] strides [1] : "
        "tensor<128xf32> -> tensor<64xf32>\n"
        "  func.return %r : tensor<64xf32>\n}\n"
    )
    outputs = []
    for dynamic, move in (('"false"', '"64"'), ("false", "64"), ("false", "0")):
        pipeline = (
            f"canonicalize-slices{{dynamic={dynamic}}},"
            f"convert-slice-to-loops{{string-move-bytes={move}}}"
        )
        result = run("slice-opt", path, "-p", pipeline, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1] != outputs[2]
    assert "string_move" in outputs[0]
    assert_error(
        run("slice-opt", path, "-p", 'canonicalize-slices{dynamic="yes"}', cwd=tmp_path),
        "error: canonicalize-slices: option dynamic = yes is not a bool (true or false)\n",
    )
    # decimal digits only, not the other forms Python's int() reads (session 48)
    for text in ("1_0", " 10", "0x10", "\u0663"):
        pipeline = f'convert-slice-to-loops{{string-move-bytes="{text}"}}'
        assert_error(
            run("slice-opt", path, "-p", pipeline, cwd=tmp_path),
            f"error: convert-slice-to-loops: option string-move-bytes = {text} is not "
            "an integer\n",
        )


def test_quoted_options_in_xdsl_opt_too(tmp_path: Path) -> None:
    """The passes read the quoted values themselves (``SlicePass.from_spec``), so
    ``xdsl-opt`` takes them as ``slice-opt`` does (it printed a traceback)."""
    path = tmp_path / "quick.mlir"
    path.write_text(QUICK)
    pipeline = 'canonicalize-slices{dynamic="true"},convert-slice-to-loops{string-move-bytes="64"}'
    ours = run("slice-opt", path, "-p", pipeline, cwd=tmp_path)
    theirs = subprocess.run(
        [str(Path(sys.executable).parent / "xdsl-opt"), str(path), "-p", pipeline],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert ours.returncode == theirs.returncode == 0, theirs.stderr
    assert ours.stdout == theirs.stdout


def test_a_quoted_option_is_not_blamed_for_another_mistake(tmp_path: Path) -> None:
    """The message names the real mistake of a pipeline that also has a quoted option
    (it blamed the quoted value, which the pass reads: helper 33's review)."""
    path = tmp_path / "quick.mlir"
    path.write_text(QUICK)
    for pipeline, message in (
        ('canonicalize-slices{dynamic="true"},bogus-pass', "Unrecognized passes"),
        (
            'convert-slice-to-loops{string-move-bytes="64" stream-working-set=maybe}',
            "option stream-working-set = maybe is not an integer",
        ),
    ):
        result = run("slice-opt", path, "-p", pipeline, cwd=tmp_path)
        assert result.returncode == 1 and message in result.stderr, result.stderr


def test_dead_code_written_uses_first_goes_in_one_pass(tmp_path: Path) -> None:
    """A module-level chain of unused ops, each using the next, is erased whole by
    ``canonicalize-slices``' first sweep (a worklist since helper 33's review: the
    repeated walks before took one op per walk)."""
    n = 400
    lines = [f"%a{i} = arith.addi %a{i + 1}, %a{i + 1} : i64" for i in range(n)]
    path = tmp_path / "chain.mlir"
    path.write_text("\n".join([*lines, f"%a{n} = arith.constant 1 : i64", ""]))
    result = run("slice-opt", path, "-p", "canonicalize-slices", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "arith." not in result.stdout


def test_invisible_characters_in_messages_are_escaped(tmp_path: Path) -> None:
    """A character a terminal does not show (a NUL, a byte-order mark) is escaped in
    an error message, as ``slice-opt`` prints it and as ``SliceError`` holds it
    (session 49's review: "Unexpected character: " then nothing)."""
    import slice_dialect

    for char, escaped in (
        ("\x00", "\\x00"),
        ("\ufeff", "\\ufeff"),
        ("\xa0", "\\xa0"),  # white space, which a strip took (session 49)
        ("\u3000", "\\u3000"),
    ):
        path = tmp_path / "invisible.mlir"
        path.write_text(QUICK + char + "\n")
        result = run("slice-opt", str(path), cwd=tmp_path)
        assert_error(result, f"Unexpected character: {escaped}")
        assert char not in result.stderr
        with pytest.raises(slice_dialect.SliceError) as info:
            slice_dialect.compile(QUICK + char)
        assert str(info.value) == f"Unexpected character: {escaped}"


def test_carets_stay_under_escaped_characters(tmp_path: Path) -> None:
    """A source line quoted by a parse error has its invisible characters escaped and
    the carets under it widened with them, so they mark the same token; a location
    with such characters is escaped too (session 49's second review)."""
    line = (
        "  %r = slice.onnx_v1{sep}%x starts [1] ends [3] : tensor<4xi8> -> tensor<2xq8>"
    )
    text = (
        "func.func @main(%x: tensor<4xi8>) -> tensor<2xi8> {\n"
        + line.format(sep="\x0c")
        + "\n  func.return %r : tensor<2xi8>\n}\n"
    )
    path = tmp_path / "formfeed.mlir"
    path.write_text(text)
    result = run("slice-opt", str(path), cwd=tmp_path)
    _, source, carets, *_ = result.stderr.split("\n")
    assert source == line.format(sep="\\x0c")
    assert source[carets.index("^") :].startswith("q8>")
    # the message under the carets moves with them (as xDSL writes it: one column on)
    unclosed = '  %r = "test.op"() {s = "\x01\x02"} : () -> i64 ]'
    path.write_text("func.func @main() -> i64 {\n" + unclosed + "\n}\n")
    result = run("slice-opt", str(path), cwd=tmp_path)
    _, source, carets, message, *_ = result.stderr.split("\n")
    assert source[carets.index("^")] == "]"
    assert message.index("in block definition") == carets.index("^") + 1
    located = (
        "func.func @main(%x: tensor<4xi8>) -> tensor<3xi8> {\n"
        "  %r = slice.onnx_v1 %x starts [1] ends [3] : tensor<4xi8> -> tensor<3xi8> "
        'loc("f\\00g.mlir":7:1)\n  func.return %r : tensor<3xi8>\n}\n'
    )
    path.write_text(located)
    result = run("slice-opt", str(path), cwd=tmp_path)
    assert_error(result, "error: f\\x00g.mlir:7:1: slice.onnx_v1")
    assert "\x00" not in result.stderr


@pytest.mark.parametrize(
    ("written", "trimmed"),
    [
        ("canonicalize-slices{ }", "canonicalize-slices{}"),
        (
            "canonicalize-slices{\t dynamic=false \n}",
            "canonicalize-slices{dynamic=false}",
        ),
        ("a{ x=1 y=2 },b{ },c", "a{x=1 y=2},b{},c"),
        ('a{ s=" { } " }', 'a{s=" { } "}'),
        ('a{ s="x\\" } " }', 'a{s="x\\" } "}'),
        ("a{ p=[b{ }] }", "a{p=[b{ }]}"),
        ("a{\xa0x=1\u2003}", None),
        ("canonicalize-slices,convert-slice-to-loops", None),
    ],
)
def test_option_braces_are_trimmed(written: str, trimmed: str | None) -> None:
    """White space just inside an option list's braces, which mlir-opt takes and xDSL
    0.74's pipeline parser refuses, is trimmed; quoted values are left as written."""
    from slice_dialect.tools.slice_opt import trim_option_braces

    assert trim_option_braces(written) == (written if trimmed is None else trimmed)


@pytest.mark.parametrize("target", ["x86-asm", "riscv-asm", "llvm"])
def test_xdsls_other_targets_say_they_do_not_print_slice_ir(
    target: str, tmp_path: Path
) -> None:
    """xDSL's targets for its own dialects, which ``slice-opt`` lists beside ``mlir``
    and ``c``, fail on slice IR with one line naming the target and ours (session 63's
    hunt: ``x86-asm`` printed ``AssertionError: FuncOp(`` and a dump of the module,
    ``llvm`` a missing optional module), never a traceback or a dump."""
    (tmp_path / "quick.mlir").write_text(QUICK)
    result = run("slice-opt", "quick.mlir", "-t", target, cwd=tmp_path)
    assert result.returncode == 1 and result.stdout == ""
    assert re.fullmatch(
        rf"error: -t {target}: xDSL's {target} target cannot print this module "
        r"\(\w+(: [^\n]+)?\); it takes IR lowered to its own dialects\. slice-opt's "
        r"targets for slice IR: c, mlir\n",
        result.stderr,
    ), result.stderr
    if target == "llvm":
        return  # its module does not import here, so it reads no options
    # an option error is still the option's
    result = run("slice-opt", "quick.mlir", "-t", f"{target}{{bogus=1}}", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith(f"error: {target} has no option bogus"), result.stderr
