from xdsl.pattern_rewriter import RewritePattern
SLICE_PATTERNS: tuple[RewritePattern, ...] = ()
