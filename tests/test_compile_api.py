"""``slice_dialect.compile`` (``slice_dialect/compiler.py``): what it accepts.

Every bad argument, and every program the pipeline cannot take (shapes numpy cannot
hold, several blocks, deep nesting), is a ``SliceError``; a ``pathlib.Path`` is read
and names the source in locations; a parse error has ``SliceError.location``;
``prefix`` names the C symbols; the interpreter kernel runs in several threads at once;
the same text is lowered once per process (the lowering memo), a module every time.
"""

from __future__ import annotations

import ctypes
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import slice_dialect
from slice_dialect import SliceError

WINDOW = """\
func.func @main(%x: tensor<4x6xf32>) -> tensor<2x3xf32> {
  %r = slice.window %x offsets [1, 5] sizes [2, 3] strides [2, -2] : tensor<4x6xf32> -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}
"""

X = np.arange(24, dtype=np.float32).reshape(4, 6)


def expected(x: np.ndarray) -> np.ndarray:
    return x[1:4:2, 5::-2]


def tensor(rank: int, dim: int = 1) -> str:
    return "tensor<" + f"{dim}x" * rank + "f32>"


def identity(t: str) -> str:
    return f"func.func @main(%x: {t}) -> {t} {{\n  func.return %x : {t}\n}}\n"


def nested_loops(depth: int) -> str:
    loops = "".join(f"scf.for %i{j} = %c0 to %c1 step %c1 {{\n" for j in range(depth))
    return (
        "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
        + loops
        + "}\n" * depth
        + "  func.return %x : tensor<4xf32>\n}\n"
    )


SEVERAL_BLOCKS = """\
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  cf.br ^bb1
^bb1:
  func.return %x : tensor<4xf32>
}
"""

SOURCE_KINDS = "compile() takes IR text (str), a path to an IR file"

# (name, args, kwargs, the start of the message)
BAD_CALLS: list[tuple[str, tuple[Any, ...], dict[str, Any], str]] = [
    ("None", (None,), {}, SOURCE_KINDS),
    ("bytes", (WINDOW.encode(),), {}, SOURCE_KINDS),
    ("int", (42,), {}, SOURCE_KINDS),
    ("no source", (), {}, "compile(): missing a required argument: 'source'"),
    ("unknown keyword", (WINDOW,), {"optimize": True}, "compile(): got an unexpected"),
    ("too many arguments", (WINDOW, "main", "c", True), {}, "compile(): too many"),
    ("cache_dir=5", (WINDOW,), {"cache_dir": 5}, "cache_dir must be a directory path"),
    ("entry=1", (WINDOW, 1), {}, "entry must be a function name (str), got 1"),
    ("backend", (WINDOW, "main", "gpu"), {}, "unknown backend 'gpu'"),
    ("sanitize", (WINDOW,), {"sanitize": "yes"}, "sanitize must be True or False"),
    (
        "sanitize the interpreter",
        (WINDOW, "main", "interpreter"),
        {"sanitize": True},
        "sanitize=True builds the C with ASan and UBSan; the interpreter backend runs "
        "no C",
    ),
    ("filename", (WINDOW,), {"filename": 3}, "filename must be a str"),
    ("prefix", (WINDOW,), {"prefix": "1x"}, "C symbol prefix '1x' is not a C identifier"),
    (
        "dim >= 2^63",
        (identity("tensor<9223372036854775808xf32>"),),
        {},
        "@main argument 0 (tensor<9223372036854775808xf32>) has shape",
    ),
    (
        "byte size >= 2^63",
        (identity("tensor<4611686018427387904x2xf32>"),),
        {},
        "@main argument 0 (tensor<4611686018427387904x2xf32>) has shape",
    ),
    ("rank 65", (identity(tensor(65)),), {}, "@main argument 0"),
    ("rank 600", (identity(tensor(600)),), {}, "@main argument 0"),
    (
        "several blocks",
        (SEVERAL_BLOCKS,),
        {},
        "@main has 2 blocks; the slice compiler takes functions of one block",
    ),
    ("150 nested regions", (nested_loops(150),), {}, "the program nests too deeply"),
]


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [pytest.param(a, k, m, id=name) for name, a, k, m in BAD_CALLS],
)
@pytest.mark.parametrize("backend", ["c", "interpreter"])
def test_bad_calls_are_slice_errors(
    args: tuple[Any, ...], kwargs: dict[str, Any], message: str, backend: str
) -> None:
    if len(args) == 1:
        kwargs = {"backend": backend, **kwargs}
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(*args, **kwargs)
    assert str(info.value).startswith(message), str(info.value)


def test_rank_limits_name_numpy() -> None:
    with pytest.raises(SliceError, match="has rank 65; numpy arrays have at most 64"):
        slice_dialect.compile(identity(tensor(65)))
    kernel = slice_dialect.compile(identity(tensor(64)), backend="interpreter")
    x = np.ones((1,) * 64, np.float32)
    assert np.array_equal(kernel(x), x)


def test_a_path_is_read_and_names_the_source(tmp_path: Path) -> None:
    path = tmp_path / "window.mlir"
    path.write_text(WINDOW)
    for backend in ("c", "interpreter"):
        kernel = slice_dialect.compile(path, backend=backend)
        np.testing.assert_array_equal(kernel(X), expected(X))
    path.write_text(WINDOW.replace("offsets [1, 5]", "offsets [1, 6]"))
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(path)
    assert info.value.location == f"{path}:2:3"
    with pytest.raises(SliceError, match=r"cannot read .*nope\.mlir: No such file"):
        slice_dialect.compile(tmp_path / "nope.mlir")
    (tmp_path / "latin1.mlir").write_bytes(b"// caf\xe9\n")
    with pytest.raises(SliceError, match=r"latin1\.mlir is not UTF-8 text"):
        slice_dialect.compile(tmp_path / "latin1.mlir")


def test_a_path_given_as_a_str_says_so(tmp_path: Path) -> None:
    """A str is IR text; the str of an existing file's path (a new user's first try)
    gets a message saying so and what to pass, not the parse error
    ``<source>:1:1 ... Could not parse entire input!``."""
    path = tmp_path / "window.mlir"
    path.write_text(WINDOW)
    message = (
        f"compile() got the str '{path}', which it reads as IR text, not as a path; "
        f"pass pathlib.Path('{path}') to read the file"
    )
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(str(path))
    assert str(info.value) == message
    with pytest.raises(SliceError, match="export_onnx\\(\\) got the str"):
        slice_dialect.export_onnx(str(path))
    with pytest.raises(SliceError, match="Could not parse entire input"):
        slice_dialect.compile(str(tmp_path / "missing.mlir"))  # not a file: IR text


def test_a_parse_error_has_a_location() -> None:
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(WINDOW.replace("sizes", "sizse"), filename="w.mlir")
    assert info.value.location == "w.mlir:2:39"
    # the message alone (it held the location, the source line and a caret before
    # session 45, helper 24's review); display is what a command line prints
    assert str(info.value) == "Expected 'sizes'"
    display = info.value.display
    assert display is not None
    assert display.splitlines()[0] == "w.mlir:2:39"
    assert "sizse [2, 3]" in display.splitlines()[1]
    assert display.splitlines()[2].strip() == "^^^^^"
    with pytest.raises(SliceError) as info:
        slice_dialect.compile("func.func @main(")
    assert info.value.location == "<source>:1:17"
    assert "\n" not in str(info.value)


def test_prefix_names_the_symbols(tmp_path: Path) -> None:
    kernel = slice_dialect.compile(WINDOW, prefix="mine_", cache_dir=tmp_path)
    np.testing.assert_array_equal(kernel(X), expected(X))
    library = ctypes.CDLL(str(kernel.library_path))  # type: ignore[attr-defined]
    assert hasattr(library, "mine_main") and hasattr(library, "mine_error_message")
    assert not hasattr(library, "slice_main")
    default = slice_dialect.compile(WINDOW, cache_dir=tmp_path)
    assert hasattr(ctypes.CDLL(str(default.library_path)), "slice_main")  # type: ignore[attr-defined]


def test_interpreter_kernel_in_six_threads() -> None:
    kernel = slice_dialect.compile(WINDOW, backend="interpreter")
    rng = np.random.default_rng(0)
    inputs = [rng.standard_normal((4, 6)).astype(np.float32) for _ in range(6)]
    failures: list[str] = []
    start = threading.Barrier(6)

    def work(x: np.ndarray) -> None:
        start.wait()
        for _ in range(40):
            try:
                result = kernel(x)
            except Exception as e:  # any failure is a finding
                failures.append(f"{type(e).__name__}: {e}")
                continue
            if not np.array_equal(result, expected(x)):
                failures.append("wrong result")

    threads = [threading.Thread(target=work, args=(x,)) for x in inputs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


@pytest.fixture
def count_lowerings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """An empty lowering memo, and the list of entries each ``lower`` ran for."""
    from slice_dialect import compiler

    monkeypatch.setattr(compiler, "_lowered_memo", type(compiler._lowered_memo)())
    monkeypatch.setattr(compiler, "_whole_failures", type(compiler._whole_failures)())
    runs: list[str] = []
    real = compiler.lower

    def counting(module: Any, ctx: Any, stream: Any) -> None:
        runs.append("lower")
        real(module, ctx, stream)

    monkeypatch.setattr(compiler, "lower", counting)
    return runs


def test_the_same_text_is_lowered_once(
    count_lowerings: list[str], tmp_path: Path
) -> None:
    """Both backends, every prefix and every entry share one lowering of a text (and
    one C compile); another filename (it is in the locations of messages) lowers
    again. An entry that is not one raises the same error from the memo."""
    for backend in ("c", "interpreter", "c"):
        kernel = slice_dialect.compile(WINDOW, backend=backend, cache_dir=tmp_path)  # type: ignore[arg-type]
        np.testing.assert_array_equal(kernel(X), expected(X))
    other = slice_dialect.compile(WINDOW, prefix="other_", cache_dir=tmp_path)
    np.testing.assert_array_equal(other(X), expected(X))
    assert hasattr(ctypes.CDLL(str(other.library_path)), "other_main")  # type: ignore[attr-defined]
    assert len(count_lowerings) == 1
    slice_dialect.compile(WINDOW, backend="interpreter", filename="w.mlir")
    assert len(count_lowerings) == 2
    two = WINDOW + WINDOW.replace("@main", "@second")
    libraries = set()
    for entry, backend in (("main", "c"), ("second", "c"), ("main", "interpreter")):
        kernel = slice_dialect.compile(two, entry, backend, cache_dir=tmp_path)  # type: ignore[arg-type]
        np.testing.assert_array_equal(kernel(X), expected(X))
        libraries.add(getattr(kernel, "library_path", None))
    assert len(count_lowerings) == 3
    assert len(libraries - {None}) == 1
    for _ in range(2):
        with pytest.raises(SliceError) as info:
            slice_dialect.compile(two, "third")
        assert str(info.value) == (
            "no function @third in the module (functions: @main, @second)"
        )
    assert len(count_lowerings) == 3


def test_a_module_is_lowered_every_time(count_lowerings: list[str]) -> None:
    from slice_dialect.compiler import make_context, parse_module

    module = parse_module(WINDOW, make_context())
    for _ in range(2):
        kernel = slice_dialect.compile(module, backend="interpreter")
        np.testing.assert_array_equal(kernel(X), expected(X))
    assert len(count_lowerings) == 2


def test_a_failed_lowering_is_not_kept(count_lowerings: list[str]) -> None:
    bad = WINDOW.replace("strides [2, -2]", "strides [2, 0]")
    messages = []
    for _ in range(2):
        with pytest.raises(SliceError) as info:
            slice_dialect.compile(bad, backend="interpreter")
        messages.append(str(info.value))
    assert messages[0] == messages[1] and "stride" in messages[0]


def test_the_memo_is_bounded(
    count_lowerings: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The least recently used lowering goes first; a text over the size limit is
    never kept."""
    from slice_dialect import compiler

    monkeypatch.setattr(compiler, "LOWERED_MEMO_ENTRIES", 2)
    texts = [WINDOW.replace("%x", f"%x{i}") for i in range(3)]
    for i in (0, 1, 0, 2, 0, 1):  # the 2 drops 1 (0 was used last); 1 lowers again
        kernel = slice_dialect.compile(texts[i], backend="interpreter")
        np.testing.assert_array_equal(kernel(X), expected(X))
    assert len(count_lowerings) == 4
    assert len(compiler._lowered_memo) == 2
    monkeypatch.setattr(compiler, "LOWERED_MEMO_MAX_TEXT", len(WINDOW) - 1)
    for _ in range(2):
        slice_dialect.compile(WINDOW, backend="interpreter")
    assert len(count_lowerings) == 6


_TAKES_AN_INPUT = """\
func.func @main(%x: tensor<4xi32>) -> tensor<2xi32> {
  %r = slice.window %x offsets [1] sizes [2] strides [2] : tensor<4xi32> -> tensor<2xi32>
  func.return %r : tensor<2xi32>
}
"""


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "memref.store %c7, %x[%c0] : memref<4xi32>",
            "memref.store: writes argument 0 (%x) of @main, an input: only the result "
            "memrefs after its 1 inputs may be written",
        ),
        (
            "%v = memref.collapse_shape %x [[0]] : memref<4xi32> into memref<4xi32>\n"
            '  "memref.copy"(%out4, %v) : (memref<4xi32>, memref<4xi32>) -> ()',
            "memref.copy: writes argument 0 (%x) of @main, an input",
        ),
        ("memref.store %c7, %out[%c0] : memref<2xi32>", None),
    ],
)
def test_a_lowered_function_writing_an_input_is_refused(
    body: str, message: str | None
) -> None:
    """``lowered_signature`` (the runtime's view of a lowered entry: its first
    arguments are the caller's arrays, passed without a copy) refuses a function
    that writes one of them, directly or through a view, naming the op; writing the
    result memref is what a lowered function does."""
    from slice_dialect.compiler import (
        entry_signature,
        lowered_signature,
        make_context,
        parse_module,
    )

    ctx = make_context()
    signature = entry_signature(parse_module(_TAKES_AN_INPUT, ctx), "main")
    lowered = parse_module(
        "func.func @main(%x: memref<4xi32>, %out: memref<2xi32>) {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c7 = arith.constant 7 : i32\n"
        "  %out4 = memref.alloc() : memref<4xi32>\n"
        f"  {body}\n"
        "  memref.dealloc %out4 : memref<4xi32>\n"
        "  func.return\n"
        "}\n",
        ctx,
    )
    if message is None:
        assert lowered_signature(lowered, signature).inputs == signature.inputs
        return
    with pytest.raises(SliceError) as raised:
        lowered_signature(lowered, signature)
    assert str(raised.value).startswith(message)


WITH_A_CALL = (
    WINDOW.replace("@main", "@callee")
    + """\
func.func @caller(%x: tensor<4x6xf32>) -> tensor<2x3xf32> {
  %r = func.call @external(%x) : (tensor<4x6xf32>) -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}
func.func private @external(tensor<4x6xf32>) -> tensor<2x3xf32>
"""
    + WINDOW
)


@pytest.mark.parametrize("backend", ["c", "interpreter"])
def test_a_function_that_does_not_lower_fails_only_its_callers(
    backend: str, count_lowerings: list[str], tmp_path: Path
) -> None:
    """A ``func.call`` of a declaration on tensors does not lower (``inline`` leaves
    it): its function and nothing else fails. Each other entry is lowered with the
    functions it reaches (here none), once; the caller's error is located at the
    call."""
    for _ in range(2):
        for entry in ("main", "callee"):
            kernel = slice_dialect.compile(
                WITH_A_CALL,
                entry,
                backend,  # type: ignore[arg-type]
                cache_dir=tmp_path,
                filename="calls.mlir",
            )
            np.testing.assert_array_equal(kernel(X), expected(X))
        with pytest.raises(SliceError) as info:
            slice_dialect.compile(WITH_A_CALL, "caller", backend, filename="calls.mlir")  # type: ignore[arg-type]
        assert "is a declaration: it has no body to inline" in str(info.value)
        assert info.value.location is not None
        assert info.value.location.startswith("calls.mlir:6:")
    # first round: the whole module (which fails, and is remembered to) and main's part,
    # then callee's and caller's parts; second round: main's and callee's parts from the
    # memo, the caller's failure again (errors are not kept)
    assert len(count_lowerings) == 2 + 1 + 1 + 1


@pytest.mark.parametrize(
    "other",
    [
        "func.func private @ext(tensor<4x6xf32>) -> tensor<2x3xf32>\n",
        "func.func @s(%a: i32) -> i32 {\n  func.return %a : i32\n}\n",
        "builtin.module @inner {\n  func.func @ext(%x: tensor<4xf32>) -> tensor<2xf32> {\n"
        "    %r = slice.window %x offsets [3] sizes [2] strides [-1] : tensor<4xf32> "
        "-> tensor<2xf32>\n    func.return %r : tensor<2xf32>\n  }\n}\n",
    ],
    ids=["declaration", "scalar function", "nested module"],
)
def test_a_function_without_c_fails_no_other_entry(other: str, tmp_path: Path) -> None:
    """A function that lowers but that the C target refuses (a declaration, a function
    returning a scalar) is left out of the C of an entry that does not reach it, and so
    is a nested module (since session 63: the C target refused the whole file, the
    interpreter ran the entry); both backends run the entry, the C library once per
    entry and prefix."""
    source = WINDOW + other
    for backend in ("c", "interpreter", "c"):
        kernel = slice_dialect.compile(source, "main", backend, cache_dir=tmp_path)  # type: ignore[arg-type]
        np.testing.assert_array_equal(kernel(X), expected(X))
    from slice_dialect.compiler import lowered

    done = lowered(source, "main", "<source>")
    text = done.c_source("slice_", "main")
    assert "slice_main(" in text and "slice_ext" not in text and "slice_s(" not in text
    if "private" in other:
        # a private declaration nothing calls is erased by inline (session 48), as
        # MLIR's inliner erases dead private callables: the whole module's C is made
        assert set(done.c_sources) == {"slice_"}
    else:
        assert set(done.c_sources) == {"slice_ @main"}  # the whole module's C failed


def test_a_function_of_several_blocks_fails_no_other_entry() -> None:
    """A function of two blocks is refused where it is the entry or is reached from
    it, not where another entry is compiled; a declaration as the entry is located."""
    text = (
        WINDOW
        + "func.func private @mb(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
        + "  cf.br ^bb1\n^bb1:\n  func.return %x : tensor<4xf32>\n}\n"
        + "func.func private @ext(tensor<4x6xf32>) -> tensor<2x3xf32>\n"
    )
    for backend in ("c", "interpreter"):
        kernel = slice_dialect.compile(text, "main", backend)  # type: ignore[arg-type]
        np.testing.assert_array_equal(kernel(X), expected(X))
        for entry, message, line in (
            (
                "mb",
                "@mb has 2 blocks; the slice compiler takes functions of one block",
                5,
            ),
            ("ext", "@ext is a declaration without a body", 10),
        ):
            with pytest.raises(SliceError) as info:
                slice_dialect.compile(text, entry, backend, filename="b.mlir")  # type: ignore[arg-type]
            assert str(info.value) == message
            assert info.value.location == f"b.mlir:{line}:1"


SHAPE_FUNCTION_OF_ANOTHER_TYPE = WINDOW.replace(
    "-> tensor<2x3xf32> {",
    "-> tensor<2x3xf32> attributes {slice.shape_function = @h} {",
    1,
) + WINDOW.replace("@main", "@h")


@pytest.mark.parametrize("backend", ["c", "interpreter"])
def test_a_shape_function_of_another_type_is_refused(backend: str) -> None:
    """A ``slice.shape_function`` written by hand that names a function of another
    type than a shape function's (the inputs, then one ``memref<Rxi64>`` per result) is
    refused when compiling: the kernel would call it with a shape buffer of R int64s
    (before, the C wrote 24 bytes of f32 into the 16 of a rank-2 shape)."""
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(SHAPE_FUNCTION_OF_ANOTHER_TYPE, "main", backend)  # type: ignore[arg-type]
    assert str(info.value) == (
        "@main: its shape function @h has type (memref<4x6xf32>, memref<2x3xf32>) -> (), "
        "not (memref<4x6xf32>, memref<2xi64>) -> () (the inputs, then one memref of i64 "
        "per result, its dims)"
    )
    assert info.value.location == "<source>:1:1"


def test_an_op_the_interpreter_cannot_run_is_refused_when_compiling() -> None:
    """As the C target refuses an op without a C rule, the interpreter backend refuses
    an op it has no rule for at ``compile``, naming it, instead of the call raising
    xDSL's ``InterpretationError``."""
    text = WINDOW.replace("  %r =", '  "test.op"() : () -> ()\n  %r =')
    for backend, message in (
        ("interpreter", "test.op: the interpreter has no rule for it"),
        ("c", "test.op: no C rule"),
    ):
        with pytest.raises(SliceError) as info:
            slice_dialect.compile(text, "main", backend)  # type: ignore[arg-type]
        assert str(info.value).startswith(message)
        assert info.value.location == "<source>:2:3"


@pytest.mark.parametrize(
    ("callee", "message", "location"),
    [
        (
            'func.func private @h() {\n  "test.op"() : () -> ()\n  func.return\n}\n',
            "test.op: the interpreter has no rule for it",
            "<source>:7:3",
        ),
        (
            "func.func private @h()\n",
            "@h is a declaration without a body; the interpreter cannot call it",
            "<source>:6:1",
        ),
    ],
    ids=["op-without-rule", "declaration"],
)
def test_what_the_entry_calls_is_checked_for_the_interpreter(
    callee: str, message: str, location: str
) -> None:
    """The functions the entry calls are checked as the entry is: an op the interpreter
    has no rule for in a callee, or a callee without a body, is refused at ``compile``
    (the call raised xDSL's ``InterpretationError``)."""
    text = WINDOW.replace("  %r =", "  func.call @h() : () -> ()\n  %r =") + callee
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(text, "main", "interpreter")
    assert str(info.value).startswith(message)
    assert info.value.location == location


def test_compile_shows_the_compilers_parameters() -> None:
    """``inspect.signature(slice_dialect.compile)`` is the compiler's (the wrapper
    takes ``*args, **options`` to make a wrong argument a ``SliceError``; it showed
    only that), and its docstring names every option (session 47's review)."""
    import inspect

    from slice_dialect import compiler

    shown = inspect.signature(slice_dialect.compile).parameters
    real = inspect.signature(compiler.compile).parameters
    assert [(p.name, p.kind, p.default) for p in shown.values()] == [
        (p.name, p.kind, p.default) for p in real.values()
    ]
    doc = slice_dialect.compile.__doc__ or ""
    assert all(name in doc for name in real)


def test_a_plain_exception_of_an_xdsl_verifier_is_a_slice_error() -> None:
    """xDSL's ``memref.store`` verifier raises a plain ``Exception``; ``compile``
    raised it as it came (its contract: every failure a ``SliceError``), with neither
    op nor place (session 47)."""
    text = """func.func @main(%m: memref<4xf32>, %v: f32, %i: index) {
  memref.store %v, %m[%i, %i] : memref<4xf32>
  func.return
}
"""
    with pytest.raises(SliceError, match=r"memref\.store: Expected an index") as caught:
        slice_dialect.compile(text, filename="store.mlir")
    assert caught.value.location == "store.mlir:2:3"


@pytest.mark.parametrize("backend", ["c", "interpreter"])
def test_calls_are_inlined(backend: str) -> None:
    """``compile`` inlines calls (the ``inline`` pass, session 48; before, a call on
    tensors failed its caller): a chain of calls, a private callee that is also an
    entry, and a chain 300 deep (no Python recursion)."""
    calls = WINDOW.replace("@main", "@callee").replace(
        "func.func @", "func.func private @"
    )
    calls += """\
func.func @caller(%x: tensor<4x6xf32>) -> tensor<2x3xf32> {
  %r = func.call @callee(%x) : (tensor<4x6xf32>) -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}
"""
    for entry in ("caller", "callee"):
        kernel = slice_dialect.compile(calls, entry, backend)  # type: ignore[arg-type]
        np.testing.assert_array_equal(kernel(X), expected(X))
    deep = [WINDOW.replace("@main", "@f0")]
    for k in range(1, 300):
        deep.append(
            f"func.func @f{k}(%x: tensor<4x6xf32>) -> tensor<2x3xf32> {{\n"
            f"  %r = func.call @f{k - 1}(%x) : (tensor<4x6xf32>) -> tensor<2x3xf32>\n"
            "  func.return %r : tensor<2x3xf32>\n}\n"
        )
    kernel = slice_dialect.compile("".join(reversed(deep)), "f299", backend)  # type: ignore[arg-type]
    np.testing.assert_array_equal(kernel(X), expected(X))


def test_a_public_chain_is_inlined_callees_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """``inline`` inlines a function that stays before its callers copy it (callees
    first, as MLIR's inliner walks the call graph), so a chain of 200 public
    functions written callers first takes 199 inlinings, each copying a body already
    inlined (it took 19,900: each caller inlined the rest of the chain again), and
    every function ends as the window and its return."""
    from xdsl.dialects import func

    from passes import inline
    from slice_dialect.compiler import make_context, parse_module

    count = 200
    chain = [WINDOW.replace("@main", "@f0")]
    for k in range(1, count):
        chain.append(
            f"func.func @f{k}(%x: tensor<4x6xf32>) -> tensor<2x3xf32> {{\n"
            f"  %r = func.call @f{k - 1}(%x) : (tensor<4x6xf32>) -> tensor<2x3xf32>\n"
            "  func.return %r : tensor<2x3xf32>\n}\n"
        )
    module = parse_module("".join(reversed(chain)), make_context())
    inlined: list[str] = []
    original = inline.inline_call

    def counted(call: func.CallOp, callee: func.FuncOp) -> list[func.CallOp]:
        inlined.append(callee.sym_name.data)
        return original(call, callee)

    monkeypatch.setattr(inline, "inline_call", counted)
    inline.inline_calls(module)
    assert len(inlined) == count - 1
    functions = [f for f in module.ops if isinstance(f, func.FuncOp)]
    assert len(functions) == count
    for f in functions:
        assert [op.name for op in f.body.ops] == ["slice.window", "func.return"]


@pytest.mark.parametrize("backend", ["c", "interpreter"])
def test_inlining_returned_arguments_long_private_chains_and_named_locations(
    backend: str,
) -> None:
    """Session 48's third review of ``inline``: a callee that returns its argument as it
    is (an identity, or beside a computed result) gives the call's operand; a private
    chain of 1000 calls is inlined into its entry alone, once (every link was kept and
    inlined into, 52 s and 541 MB); an error in an inlined op written with
    ``loc("name")`` keeps its line."""
    identity = """func.func private @id(%t: tensor<8xf32>) -> (tensor<8xf32>, tensor<4xf32>) {
  %r = slice.window %t offsets [2] sizes [4] strides [1] : tensor<8xf32> -> tensor<4xf32>
  func.return %t, %r : tensor<8xf32>, tensor<4xf32>
}
func.func @main(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<4xf32>) {
  %y, %z = func.call @id(%x) : (tensor<8xf32>) -> (tensor<8xf32>, tensor<4xf32>)
  func.return %y, %z : tensor<8xf32>, tensor<4xf32>
}
"""
    x = np.arange(8, dtype=np.float32)
    y, z = slice_dialect.compile(identity, backend=backend)(x)  # type: ignore[arg-type]
    assert np.array_equal(y, x) and np.array_equal(z, x[2:6])
    links = ["func.func private @f0(%x: tensor<8xf32>) -> tensor<8xf32> {\n"
             "  func.return %x : tensor<8xf32>\n}\n"]  # fmt: skip
    for k in range(1, 1000):
        links.append(
            f"func.func private @f{k}(%x: tensor<8xf32>) -> tensor<8xf32> {{\n"
            f"  %r = func.call @f{k - 1}(%x) : (tensor<8xf32>) -> tensor<8xf32>\n"
            "  %s = slice.window %r offsets [7] sizes [8] strides [-1] : "
            "tensor<8xf32> -> tensor<8xf32>\n"
            "  func.return %s : tensor<8xf32>\n}\n"
        )
    links.append(
        "func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {\n"
        "  %r = func.call @f999(%x) : (tensor<8xf32>) -> tensor<8xf32>\n"
        "  func.return %r : tensor<8xf32>\n}\n"
    )
    kernel = slice_dialect.compile("".join(links), backend=backend)  # type: ignore[arg-type]
    assert np.array_equal(kernel(x), x[::-1])  # 999 reversals
    named = """func.func @main(%x: tensor<8xf32>) -> tensor<4xf32> {
  %y = func.call @f(%x) : (tensor<8xf32>) -> tensor<4xf32>
  func.return %y : tensor<4xf32>
}
func.func private @f(%t: tensor<8xf32>) -> tensor<4xf32> {
  %r = tensor.extract_slice %t[5] [4] [1] : tensor<8xf32> to tensor<4xf32> loc("named")
  func.return %r : tensor<4xf32>
}
"""
    with pytest.raises(SliceError, match=r"tensor\.extract_slice: last index") as info:
        slice_dialect.compile(named, backend=backend, filename="t.mlir")  # type: ignore[arg-type]
    assert info.value.location == "t.mlir:6:3"


def inline_max_ops(monkeypatch: pytest.MonkeyPatch, count: int) -> None:
    """``passes.inline.MAX_OPS`` set to ``count``, with an empty lowering memo:
    ``compile`` keeps the lowering of a text, which the bound is no part of the key
    of, so a text lowered before under another bound would not be lowered again."""
    import passes.inline
    from slice_dialect import compiler

    monkeypatch.setattr(passes.inline, "MAX_OPS", count)
    monkeypatch.setattr(compiler, "_lowered_memo", type(compiler._lowered_memo)())
    monkeypatch.setattr(compiler, "_whole_failures", type(compiler._whole_failures)())


def test_inlining_past_max_ops_is_an_error_at_the_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Functions that each call the next twice double the inlined body per function
    (session 49's review: 40 of them never finished). ``compile`` stops at the call
    that would make its function hold more than ``passes.inline.MAX_OPS`` ops, a
    ``SliceError`` at that call; with room, the program runs."""

    text = (
        Path(__file__).parent / "filecheck" / "transforms" / "inline-max-ops.mlir"
    ).read_text()
    x = np.arange(8, dtype=np.float32)
    inline_max_ops(monkeypatch, 32)
    with pytest.raises(
        SliceError, match=r"^inline: inlining @g3 here makes @main hold more than 32 ops"
    ) as info:
        slice_dialect.compile(text)
    location = info.value.location
    assert location is not None and location.startswith("<source>:")
    line = int(location.split(":")[1])
    assert "func.call @g3(" in text.splitlines()[line - 1]
    inline_max_ops(monkeypatch, 33)  # 32 reversals and the return
    np.testing.assert_array_equal(slice_dialect.compile(text)(x), x)


def test_a_function_past_max_ops_fails_only_the_entries_that_reach_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A public function whose calls inline past ``MAX_OPS`` fails the entries that
    reach it, not the others (session 49's review: ``compile(entry="main")`` failed
    with another function's error, after inlining the whole module)."""

    doubling = (
        Path(__file__).parent / "filecheck" / "transforms" / "inline-max-ops.mlir"
    ).read_text()
    text = doubling.replace("func.func @main(", "func.func @bomb(") + (
        "func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {\n"
        "  %r = slice.window %x offsets [7] sizes [8] strides [-1] : "
        "tensor<8xf32> -> tensor<8xf32>\n  func.return %r : tensor<8xf32>\n}\n"
    )
    inline_max_ops(monkeypatch, 32)
    x = np.arange(8, dtype=np.float32)
    for backend in ("c", "interpreter"):
        kernel = slice_dialect.compile(text, "main", backend)  # type: ignore[arg-type]
        np.testing.assert_array_equal(kernel(x), x[::-1])
        with pytest.raises(SliceError, match=r"^inline: inlining @g3 here makes @bomb"):
            slice_dialect.compile(text, "bomb", backend)  # type: ignore[arg-type]


def _random_upstream_slice(rng: np.random.Generator) -> tuple[str, np.ndarray, Any]:
    """A random static ``tensor.extract_slice`` (strides of both signs, some unit dims
    dropped) of a random ``f32`` tensor: its program, the input and numpy's result."""
    shape = [int(d) for d in rng.integers(1, 7, size=int(rng.integers(1, 4)))]
    offsets, sizes, strides, index = [], [], [], []
    for d in shape:
        first = int(rng.integers(d))
        stride = int(rng.choice([1, 2, 3, -1, -2, -3]))
        room = (d - 1 - first) // stride + 1 if stride > 0 else first // -stride + 1
        size = int(rng.integers(0, room + 1))
        offsets.append(first)
        sizes.append(size)
        strides.append(stride)
        index.append([first + stride * i for i in range(size)])
    kept = [s for s in sizes if s != 1 or rng.random() < 0.5]
    source = f"tensor<{'x'.join(map(str, shape))}xf32>"
    result = f"tensor<{''.join(f'{s}x' for s in kept)}f32>"
    text = (
        f"func.func @main(%x: {source}) -> {result} {{\n"
        f"  %r = tensor.extract_slice %x{offsets} {sizes} {strides} : {source} to "
        f"{result}\n  func.return %r : {result}\n}}\n"
    )
    x = rng.standard_normal(shape).astype(np.float32)
    return text, x, x[np.ix_(*index)].reshape(kept)


@pytest.mark.parametrize("backend", ["c", "interpreter"])
def test_upstream_slices_compile(backend: str) -> None:
    """Since session 52 ``compile`` raises an upstream ``tensor.extract_slice`` that
    canonicalization leaves (``convert-tensor-to-slice``, then ``canonicalize-slices``
    again), so a kernel may be written in upstream's slices: random static ones give
    numpy's elements, one composes with a framework slice, one reads an index argument
    for a framework slice's starts and ends (an index argument, taking a list, as
    before), and one out of bounds is the raising pass's error at the slice."""
    rng = np.random.default_rng(52)
    for _ in range(12 if backend == "c" else 30):
        text, x, want = _random_upstream_slice(rng)
        got = slice_dialect.compile(text, backend=backend)(x)  # type: ignore[arg-type]
        np.testing.assert_array_equal(got, want, err_msg=text)
    x = np.arange(80, dtype=np.float32).reshape(10, 8)
    chained = """func.func @main(%x: tensor<10x8xf32>) -> tensor<2x1xf32> {
  %a = tensor.extract_slice %x[1, 2] [6, 3] [1, 1] : tensor<10x8xf32> to tensor<6x3xf32>
  %s = arith.constant dense<1> : tensor<1xi64>
  %e = arith.constant dense<-1> : tensor<1xi64>
  %r = slice.onnx %a starts %s ends %e axes %s steps %s : tensor<6x3xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> steps tensor<1xi64> -> tensor<6x1xf32>
  %b = tensor.extract_slice %r[1, 0] [2, 1] [3, 1] : tensor<6x1xf32> to tensor<2x1xf32>
  func.return %b : tensor<2x1xf32>
}
"""
    kernel = slice_dialect.compile(chained, backend=backend)  # type: ignore[arg-type]
    np.testing.assert_array_equal(kernel(x), x[1:7, 2:5][:, 1:2][1:5:3])
    indices = """func.func @main(%x: tensor<10x8xf32>, %p: tensor<4xi64>) -> tensor<?x?xf32> {
  %s = tensor.extract_slice %p[0] [2] [1] : tensor<4xi64> to tensor<2xi64>
  %e = tensor.extract_slice %p[2] [2] [1] : tensor<4xi64> to tensor<2xi64>
  %r = slice.onnx %x starts %s ends %e : tensor<10x8xf32>, tensor<2xi64>, tensor<2xi64> -> tensor<?x?xf32>
  %t = tensor.extract_slice %r[0, 0] [1, 1] [1, 1] : tensor<?x?xf32> to tensor<1x1xf32>
  func.return %r : tensor<?x?xf32>
}
"""
    kernel = slice_dialect.compile(indices, backend=backend)  # type: ignore[arg-type]
    np.testing.assert_array_equal(kernel(x, [1, 2, 9, 7]), x[1:9, 2:7])
    # a 1-D slice of data at a run-time offset of another op's result (a slice, an
    # inlined callee's argument) is raised too: only an index operand's maker that
    # the lowering cannot read is left (session 52's review)
    chain = """func.func @main(%x: tensor<16xf32>, %o: index, %p: index) -> tensor<4xf32> {
  %a = tensor.extract_slice %x[%o] [8] [1] : tensor<16xf32> to tensor<8xf32>
  %b = func.call @f(%a, %p) : (tensor<8xf32>, index) -> tensor<4xf32>
  func.return %b : tensor<4xf32>
}
func.func private @f(%t: tensor<8xf32>, %p: index) -> tensor<4xf32> {
  %r = tensor.extract_slice %t[%p] [4] [1] : tensor<8xf32> to tensor<4xf32>
  func.return %r : tensor<4xf32>
}
"""
    kernel = slice_dialect.compile(chain, backend=backend)  # type: ignore[arg-type]
    x16 = np.arange(16, dtype=np.float32)
    np.testing.assert_array_equal(kernel(x16, 3, 2), x16[3:11][2:6])
    # a slice of elements slice ops do not move is left to upstream, and says so
    of_index = """func.func @main(%x: tensor<10xf32>) -> tensor<2xf32> {
  %c1 = arith.constant 1 : index
  %t = arith.constant dense<[1, 2, 3, 4]> : tensor<4xindex>
  %r = tensor.extract_slice %t[1] [2] [1] : tensor<4xindex> to tensor<2xindex>
  %i = tensor.extract %r[%c1] : tensor<2xindex>
  %q = tensor.extract_slice %x[%i] [2] [1] : tensor<10xf32> to tensor<2xf32>
  func.return %q : tensor<2xf32>
}
"""
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(of_index, backend=backend, filename="i.mlir")  # type: ignore[arg-type]
    assert str(info.value).endswith(
        "(element type index is not supported: a slice moves integers of 1 to 64 bits, "
        "f16, bf16, f32, f64, complex<f32> and complex<f64>; convert-tensor-to-slice "
        "leaves it to upstream)"
    )
    assert info.value.location == "i.mlir:4:3"
    outside = """func.func @main(%x: tensor<10x8xf32>) -> tensor<4x3xf32> {
  %r = tensor.extract_slice %x[8, 2] [4, 3] [1, 1] : tensor<10x8xf32> to tensor<4x3xf32>
  func.return %r : tensor<4x3xf32>
}
"""
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(outside, backend=backend, filename="o.mlir")  # type: ignore[arg-type]
    assert str(info.value) == (
        "tensor.extract_slice: last index offsets[0] + strides[0] * (sizes[0] - 1) = "
        "8 + 1 * (4 - 1) is out of bounds for dimension 0 of size 10"
    )
    assert info.value.location == "o.mlir:2:3"


RUN_TIME_UPSTREAM_SLICES = """\
func.func @main(%x: tensor<?x8xf32>, %p: tensor<3xi64>) -> tensor<?x2xf32> {
  %k0 = arith.constant 0 : index
  %k1 = arith.constant 1 : index
  %k2 = arith.constant 2 : index
  %p0 = tensor.extract %p[%k0] : tensor<3xi64>
  %p1 = tensor.extract %p[%k1] : tensor<3xi64>
  %p2 = tensor.extract %p[%k2] : tensor<3xi64>
  %o = arith.index_cast %p0 : i64 to index
  %n = arith.index_cast %p1 : i64 to index
  %s = arith.index_cast %p2 : i64 to index
  %a = tensor.extract_slice %x[%o, 1] [%n, 6] [%s, 1] : tensor<?x8xf32> to tensor<?x6xf32>
  %b = tensor.extract_slice %a[0, %o] [%n, 2] [1, 2] : tensor<?x6xf32> to tensor<?x2xf32> loc("outer")
  %dead = tensor.extract_slice %x[%s, 0] [1, 1] [1, 1] : tensor<?x8xf32> to tensor<1x1xf32>
  func.return %b : tensor<?x2xf32>
}
"""


@pytest.mark.parametrize("backend", ["c", "interpreter"])
def test_upstream_slices_fail_at_run_time_naming_them(backend: str) -> None:
    """A run-time ``tensor.extract_slice`` that is invalid when it runs fails with the
    message the raised window gives, but naming ``tensor.extract_slice`` (``compile``
    raises with ``convert-tensor-to-slice{checks=true}``; before session 54 the
    message named ``slice.dynamic_window``, which the user never wrote), at the slice
    written (a ``loc("name")`` one too), the inner one of a composed chain first. A
    slice only dead code reads is not checked."""
    kernel = slice_dialect.compile(
        RUN_TIME_UPSTREAM_SLICES, backend=backend, filename="u.mlir"
    )  # type: ignore[arg-type]
    x = np.arange(40, dtype=np.float32).reshape(5, 8)
    np.testing.assert_array_equal(kernel(x, [1, 2, 2]), x[1:5:2, 1:7][:, 1:5:2])
    # %s = 7 is out of %dead's bounds: only dead code reads it, unchecked
    np.testing.assert_array_equal(kernel(x, [0, 1, 7]), x[0:1, 1:7][:, 0:3:2])
    cases = [
        (
            [4, 2, 1],
            "last index offsets[0] + strides[0] * (sizes[0] - 1) = "
            "4 + 1 * (2 - 1) is out of bounds for dimension 0 of size 5",
            11,
        ),
        ([-1, 1, 1], "offsets[0] = -1 is out of bounds for dimension 0 of size 5", 11),
        ([0, -3, 1], "sizes[0] = -3: a size must be >= 0", 11),
        ([0, 2, 0], "strides[0] = 0: a stride must be non-zero", 11),
        (
            [4, 1, 1],
            "last index offsets[1] + strides[1] * (sizes[1] - 1) = "
            "4 + 2 * (2 - 1) is out of bounds for dimension 1 of size 6",
            12,
        ),
    ]
    for p, message, line in cases:
        with pytest.raises(SliceError) as info:
            kernel(x, p)
        assert str(info.value) == f"tensor.extract_slice: {message}", p
        assert info.value.location == f"u.mlir:{line}:3", p


@pytest.mark.parametrize("backend", ["c", "interpreter"])
def test_a_constant_axis_out_of_range_after_a_run_time_one(backend: str) -> None:
    """ONNX ``axes`` of one run-time entry and one constant entry out of the rank:
    the constant's check folds to an error only where it runs, and compiling makes
    no use of the axis (session 65's mutation run: ``0 <= axis <= rank`` in
    ``axis_slice_on`` indexed the shape past its end, an ``IndexError`` while
    compiling, and no test failed). onnxruntime refuses such an axis too."""
    text = """func.func @main(%x: tensor<4x5xf32>, %a: i64) -> tensor<?x?xf32> {
  %c2 = arith.constant 2 : i64
  %axes = tensor.from_elements %a, %c2 : tensor<2xi64>
  %s = arith.constant dense<[1, 1]> : tensor<2xi64>
  %e = arith.constant dense<[3, 3]> : tensor<2xi64>
  %r = slice.onnx %x starts %s ends %e axes %axes : tensor<4x5xf32>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64> -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}
"""
    kernel = slice_dialect.compile(text, backend=backend)
    x = np.arange(20, dtype=np.float32).reshape(4, 5)
    for a in (0, 1, -1):
        with pytest.raises(
            SliceError,
            match=r"^slice\.onnx: axes\[1\] = 2 is out of range \[-2, 1\] for rank 2$",
        ):
            kernel(x, np.int64(a))


@pytest.mark.parametrize("backend", ["c", "interpreter"])
@pytest.mark.parametrize("stride", [1, 2])
def test_empty_upstream_slices_at_an_offset(backend: str, stride: int) -> None:
    """``tensor.extract_slice %x[3] [0] [s]``: an empty slice at an offset inside the
    source, with stride 1 or 2, is numpy's ``x[3:3:s]``, through
    ``convert-tensor-to-slice``'s normal form (``normal_dim``: offset 0 and stride 1
    where the size is 0). Session 65's mutation run: dropping either half of that
    rule was caught only by the random upstream tests."""
    text = f"""func.func @main(%x: tensor<5xf32>) -> tensor<0xf32> {{
  %a = tensor.extract_slice %x[3] [0] [{stride}] : tensor<5xf32> to tensor<0xf32>
  func.return %a : tensor<0xf32>
}}
"""
    x = np.arange(5, dtype=np.float32)
    got = slice_dialect.compile(text, backend=backend)(x)
    np.testing.assert_array_equal(got, x[3:3:stride])
    assert got.shape == (0,)
