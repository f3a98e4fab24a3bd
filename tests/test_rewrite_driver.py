"""``passes.rewrite_module``: xDSL's greedy rule with the patterns chosen by op class.

``TypedPatternApplier`` reads the op type each pattern matches from its
``op_type_rewrite_pattern`` annotation; a pattern whose type it cannot read is tried
at every op. The lowering it drives prints the same IR as xDSL's
``GreedyRewritePatternApplier`` on random dynamic programs.
"""

from __future__ import annotations

import pytest
from dynamic_programs import dynamic_program
from xdsl.dialects import arith
from xdsl.ir import Operation
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    RewritePattern,
)

import passes
from passes import TypedPatternApplier, matched_op_types
from passes.canonicalize_slices import SLICE_PATTERNS, FoldCastIntoSlice
from passes.convert_slice_to_loops import LOWERING_PATTERNS, WindowToLoops
from slice_dialect.compiler import lower, make_context, parse_module
from slice_dialect.dialect import DynamicWindowOp, FrameworkSliceOp, WindowOp


class AnyOp(RewritePattern):
    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        pass


def test_matched_types_are_the_annotations() -> None:
    assert matched_op_types(WindowToLoops()) == (WindowOp,)
    assert matched_op_types(FoldCastIntoSlice()) == (FrameworkSliceOp, DynamicWindowOp)
    assert matched_op_types(AnyOp()) is None


def test_every_decorated_pattern_is_dispatched_by_type() -> None:
    """A pattern that is tried at every op costs time, not correctness; this keeps an
    xDSL change from losing the dispatch unseen."""
    untyped = [
        type(p).__name__
        for p in (*LOWERING_PATTERNS, *SLICE_PATTERNS)
        if matched_op_types(p) is None
    ]
    assert untyped == ["TensorReadToMemrefRead"]


def test_patterns_for_an_op_class_keep_their_order() -> None:
    applier = TypedPatternApplier([*SLICE_PATTERNS, AnyOp()])
    chosen = applier._patterns_for(WindowOp)  # pyright: ignore[reportPrivateUsage]
    assert [type(p).__name__ for p in chosen] == [
        "WindowOfWindow",
        "WindowOfDynamicWindow",
        "IdentityWindow",
        "EmptyWindow",
        "FoldConstantWindow",
        "AnyOp",
    ]
    chosen = applier._patterns_for(arith.AddiOp)  # pyright: ignore[reportPrivateUsage]
    assert [type(p).__name__ for p in chosen] == ["AnyOp"]


@pytest.mark.parametrize("seed", range(8))
def test_same_ir_as_xdsls_greedy_applier(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = dynamic_program(seed).text
    printed = []
    for applier in (TypedPatternApplier, GreedyRewritePatternApplier):
        monkeypatch.setattr(passes, "TypedPatternApplier", applier)
        ctx = make_context()
        module = parse_module(text, ctx)
        lower(module, ctx)
        printed.append(str(module))
    assert printed[0] == printed[1]


def test_erase_dead_ops_follows_the_uses_inside_an_erased_region() -> None:
    """Erasing a dead op with a region frees what its nested ops used, which is
    tested again: in a module body (a graph region) a value used only inside it, and
    defined after it, stayed (the worklist re-tested only the op's own operands:
    helper 34's review)."""
    text = """%r = scf.if %c -> (i64) {
  %y = arith.addi %e, %e : i64
  scf.yield %y : i64
} else {
  scf.yield %e : i64
}
%c = arith.constant true
%e = arith.extsi %a : i32 to i64
%a = arith.constant 1 : i32
"""
    module = parse_module(text, make_context())
    passes.erase_dead_ops(module.body)
    assert [op.name for op in module.body.walk()] == []
