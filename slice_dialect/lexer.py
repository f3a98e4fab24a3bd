"""A fix to xDSL's lexer, applied when ``slice_dialect`` is imported.

xDSL 0.74's lexer matches a string literal with ``"(?:[^"\\...]+|\\...)*"``: on an
unterminated string (``dense<"0x0102...> : ...`` with no closing quote) the nested
repetition backtracks exponentially in the literal's length, so a one-character typo
hangs the parser (of ``slice-opt``, ``xdsl-opt`` with our dialect, and ``compile``).
The same pattern with possessive quantifiers (Python 3.11) matches the same strings and
fails at once. Every entry point imports ``slice_dialect`` first, so every one of them
lexes with it.
"""

from __future__ import annotations

import re

from xdsl.utils.mlir_lexer import MLIRLexer

STRING_LITERAL = re.compile(r'"(?:[^"\\\n\v\f]++|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*+"')
"""xDSL's string-literal pattern, with possessive quantifiers."""

MLIRLexer._unescaped_characters_regex = STRING_LITERAL  # pyright: ignore[reportPrivateUsage]
