"""A fix to xDSL's lexer, applied when ``slice_dialect`` is imported.

xDSL 0.74's lexer matches a string literal with ``"(?:[^"\\...]+|\\...)*"``: on an
unterminated string (``dense<"0x0102...> : ...`` with no closing quote) the nested
repetition backtracks exponentially in the literal's length, so a one-character typo
hangs the parser (of ``slice-opt``, ``xdsl-opt`` with our dialect, and ``compile``).
The same pattern with possessive quantifiers (Python 3.11) matches the same strings and
fails at once. Every entry point imports ``slice_dialect`` first, so every one of them
lexes with it.

A string literal the pattern refuses is MLIR's error at MLIR's place (``Lexer::lexString``,
``mlir_string_error``): xDSL 0.74 says "End of file reached before closing string literal."
at the opening quote for each, a bad escape in a string closed on its line included.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from typing import Any

from xdsl.utils.exceptions import ParseError
from xdsl.utils.lexer import Input, Position, Span
from xdsl.utils.mlir_lexer import MLIRLexer

STRING_LITERAL = re.compile(r'"(?:[^"\\\n\v\f]++|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*+"')
"""xDSL's string-literal pattern, with possessive quantifiers."""

MLIRLexer._unescaped_characters_regex = STRING_LITERAL  # pyright: ignore[reportPrivateUsage]


UNCLOSED_STRING = "End of file reached before closing string literal."
"""xDSL 0.74's one message for any string literal its lexer refuses."""


def mlir_string_error(source: Input, start: Position) -> ParseError:
    """MLIR's error for the string literal opening at ``start`` that ``STRING_LITERAL``
    refuses: "unknown escape in string literal" at a backslash not followed by ``"``,
    ``\\``, ``n``, ``t`` or two hex digits; else "expected '\"' in string literal" at
    the newline, vertical tab or form feed, or the end of the input, that comes before
    a closing quote."""
    content = source.content
    i = start + 1  # past the opening quote
    while i < len(content) and content[i] not in '"\n\v\f':
        if content[i] == "\\":
            after = content[i + 1 : i + 3]
            if after[:1] and after[0] in '"\\nt':
                i += 2
                continue
            if len(after) == 2 and all(c in string.hexdigits for c in after):
                i += 3
                continue
            return ParseError(Span(i, i + 1, source), "unknown escape in string literal")
        i += 1
    return ParseError(
        Span(i, min(i + 1, len(content)), source), "expected '\"' in string literal"
    )


_lex_string_literal: Callable[..., Any] = MLIRLexer._lex_string_literal  # pyright: ignore[reportPrivateUsage]


def _lex_string_literal_as_mlir(lexer: MLIRLexer, start_pos: Position) -> Any:
    """xDSL's, its refusal of a string literal MLIR's message (``mlir_string_error``)."""
    try:
        return _lex_string_literal(lexer, start_pos)
    except ParseError as error:
        if error.msg != UNCLOSED_STRING:
            raise
        raise mlir_string_error(lexer.input, start_pos) from None


MLIRLexer._lex_string_literal = _lex_string_literal_as_mlir  # pyright: ignore[reportPrivateUsage]
