"""Passes of the slice compiler: canonicalization and lowering to loops."""

from collections.abc import Sequence

from xdsl.dialects.builtin import ModuleOp
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriteWalker,
    RewritePattern,
)


def rewrite_module(
    module: ModuleOp, patterns: Sequence[RewritePattern], *, recursively: bool
) -> None:
    """Apply ``patterns`` (at each op the first that matches) to ``module`` until none
    applies; ``recursively``: also to the ops a rewrite creates, at once."""
    PatternRewriteWalker(
        GreedyRewritePatternApplier(list(patterns)), apply_recursively=recursively
    ).rewrite_module(module)
