"""The parser of :mod:`slice_dialect.locations` (``LocatingParser``): its memo of types
and dense literals by their text.

* Random programs of every op and element type, in both op forms, and their lowered
  (memref) forms, parse to the same IR as with xDSL's own ``Parser``, the first time
  (memo empty) and again (memo hits).
* A text parsed before gives the very attribute kept for it; a text xDSL rejects is
  never kept, and gives xDSL's error every time; a splat is not kept (its size limit
  depends on the input's length).
"""

from __future__ import annotations

import io

import pytest
from generators import (
    ELEMENT_TYPES,
    EXTRA_ELEMENT_TYPES,
    OPS,
    random_chain_program,
    random_slice_program,
)
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser
from xdsl.printer import Printer

from slice_dialect import SliceError, locations
from slice_dialect.compiler import make_context, parse_module
from slice_dialect.locations import LocatingParser

CTX = make_context()


def generic(module: ModuleOp) -> str:
    """``module`` in the generic form, without locations (xDSL's parser leaves them
    unknown, ours sets them)."""
    out = io.StringIO()
    Printer(stream=out, print_generic_format=True).print_op(module)
    return out.getvalue()


def programs() -> list[str]:
    texts = []
    types = ELEMENT_TYPES + EXTRA_ELEMENT_TYPES
    for k, element_type in enumerate(types):
        op = OPS[k % len(OPS)]
        texts.append(random_slice_program(100 + k, op=op, element_type=element_type).text)
        texts.append(random_chain_program(200 + k, element_type=element_type).text)
    return texts


def lowered_text(text: str) -> str:
    from slice_dialect.compiler import lowered

    return str(lowered(text, "main", "<test>").module)


@pytest.mark.parametrize("lower", [False, True], ids=["tensor", "lowered"])
def test_same_ir_as_xdsls_parser(lower: bool) -> None:
    for text in programs():
        if lower:
            text = lowered_text(text)
        expected = generic(Parser(CTX, text).parse_module())
        locations._PARSED.clear()
        first = generic(LocatingParser(CTX, text).parse_module())
        again = generic(LocatingParser(CTX, text).parse_module())
        assert first == expected, text
        assert again == expected, text


TWO_USES = """
func.func @f(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %c = arith.constant dense<[1, -2]> : tensor<2xi64>
  func.return %x : tensor<3x4xf32>
}
"""


def test_a_text_parsed_before_gives_the_kept_attribute() -> None:
    locations._PARSED.clear()
    one = parse_module(TWO_USES, CTX)
    two = parse_module(TWO_USES.replace("@f", "@g"), CTX)
    assert "tensor<3x4xf32>" in locations._PARSED
    assert "<[1, -2]> : tensor<2xi64>" in locations._PARSED
    f, g = one.body.block.first_op, two.body.block.first_op
    assert f is not None and g is not None
    x_f = f.function_type.inputs.data[0]  # type: ignore[attr-defined]
    x_g = g.function_type.inputs.data[0]  # type: ignore[attr-defined]
    assert x_f is x_g
    c1, c2 = f.body.block.first_op, g.body.block.first_op  # type: ignore[attr-defined]
    assert c1.value is c2.value  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "text, kept",
    [
        ("func.func @f(%x: tensor<3x4xfoo>) {\n  func.return\n}", "tensor<3x4xfoo>"),
        (
            "func.func @f() {\n  %c = arith.constant dense<[1, 300]> : tensor<2xi8>\n"
            "  func.return\n}",
            "<[1, 300]> : tensor<2xi8>",
        ),
        (
            "func.func @f() {\n  %c = arith.constant dense<[1, 2]> : tensor<3xi8>\n"
            "  func.return\n}",
            "<[1, 2]> : tensor<3xi8>",
        ),
    ],
    ids=["unknown element type", "value out of range", "shape mismatch"],
)
def test_a_rejected_text_is_not_kept(text: str, kept: str) -> None:
    locations._PARSED.clear()
    messages = []
    for _ in range(2):
        with pytest.raises(SliceError) as error:
            parse_module(text, CTX)
        messages.append(str(error.value))
        assert kept not in locations._PARSED
    assert messages[0] == messages[1]


def test_a_splat_is_not_kept() -> None:
    locations._PARSED.clear()
    text = "func.func @f() {\n  %c = arith.constant dense<7> : tensor<5xi64>\n  func.return\n}"
    parse_module(text, CTX)
    assert not [k for k in locations._PARSED if k.startswith("<")]
    assert "tensor<5xi64>" in locations._PARSED


def test_the_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(locations, "PARSE_MEMO_ENTRIES", 3)
    locations._PARSED.clear()
    for n in range(1, 8):
        parse_module(f"func.func @f(%x: tensor<{n}xf32>) {{\n  func.return\n}}", CTX)
        assert len(locations._PARSED) <= 3


WARM = "func.func @f(%x: tensor<2xi64>) {\n  %c = arith.constant dense<[1, 2]> : tensor<2xi64>\n  func.return\n}\n"


@pytest.mark.parametrize(
    "text",
    [
        # a token that does not lex right after a remembered literal (a lone surrogate,
        # possible only through the Python API)
        WARM.replace("  func.return", '  "\udc80\\41"() : () -> ()\n  func.return'),
        # a wrong token right after a remembered type
        WARM.replace("tensor<2xi64>) {", "tensor<2xi64> x) {"),
        # ... and right after a remembered literal
        WARM.replace("tensor<2xi64>\n", "tensor<2xi64> ]\n"),
    ],
    ids=["lexer error after a literal", "after a type", "after a literal"],
)
def test_an_error_after_a_remembered_text_is_reported_alike(text: str) -> None:
    """The error and its position are the same with the memo empty and with it holding
    the type and the literal just before the error."""
    messages = []
    for warm in (False, True):
        locations._PARSED.clear()
        if warm:
            parse_module(WARM, CTX)
            assert "tensor<2xi64>" in locations._PARSED
        with pytest.raises(SliceError) as error:
            parse_module(text, CTX)
        messages.append((str(error.value), error.value.location))
    assert messages[0] == messages[1]
