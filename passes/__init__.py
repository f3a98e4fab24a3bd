"""Passes of the slice compiler: canonicalization and lowering to loops."""

import inspect
import re
from collections.abc import Sequence
from types import UnionType
from typing import Self, Union, get_args, get_origin, get_type_hints

from xdsl.dialects import arith
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, Region
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.rewriter import Rewriter
from xdsl.transforms.dead_code_elimination import is_trivially_dead
from xdsl.utils.arg_spec import ArgSpec
from xdsl.utils.arg_spec import (
    _convert_arg_to_type as convert_option,  # pyright: ignore[reportPrivateUsage]
)
from xdsl.utils.exceptions import DiagnosticException, VerifyException

from slice_dialect.errors import OpPassFailedException
from slice_dialect.locations import (
    has_text_location,
    inherit_text_location,
    verifier_error,
)

_DECIMAL = re.compile(r"[+-]?[0-9]+")
"""A quoted integer option's text: decimal digits, an optional sign."""


def unquoted_options(spec: ArgSpec, convertible: type[ModulePass]) -> ArgSpec:
    """``spec`` with each quoted value of an ``int`` or ``bool`` option as the value it
    spells (``{stream-working-set="1024"}``, ``{dynamic="true"}``), as ``mlir-opt``
    reads them; xDSL takes a quoted value for a string only. Anything else as it was
    (session 47's review)."""
    hints = get_type_hints(convertible)
    parameters = dict(spec.parameters)
    for option, value in spec.parameters.items():
        hint = hints.get(option.replace("-", "_"))
        if len(value) != 1 or not isinstance(value[0], str) or hint is None:
            continue
        text = value[0]
        try:
            convert_option([text], hint)
            continue  # a string option takes it as it is
        except ValueError:
            pass
        if text in ("true", "false"):
            if hint is not bool and bool not in get_args(hint):
                continue  # an int option: a bool is an int to Python, not to mlir-opt
            parsed: int | bool = text == "true"
        elif _DECIMAL.fullmatch(text):
            parsed = int(text)  # not int()'s other forms: "1_0", " 1", "٣" (session 48)
        else:
            continue
        try:
            convert_option([parsed], hint)
        except ValueError:
            continue
        parameters[option] = (parsed,)
    return ArgSpec(spec.name, parameters)


class SlicePass(ModulePass):
    """A pass of the slice compiler: xDSL's ``ModulePass``, whose options read a
    quoted ``int`` or ``bool`` as ``mlir-opt`` does (:func:`unquoted_options`), in
    ``slice-opt``, ``xdsl-opt`` and ``PassPipeline.parse_spec`` alike."""

    @classmethod
    def from_spec(cls, spec: ArgSpec) -> Self:
        return super().from_spec(unquoted_options(spec, cls))


def verify_slice_ops(module: Operation) -> None:
    """Verify each op of the ``slice`` dialect in ``module`` before a pass reads it,
    as MLIR's pass manager verifies a pass's input.

    The passes read what the verifiers check (a tensor where one belongs, one offset
    per dim, the result type the slice gives); IR built in Python, parsed with a user's
    own ``Parser`` or passed with ``--disable-verify`` has not been verified. A failure
    is an ``OpPassFailedException`` at the op with the verifier's message, the one
    ``compile`` gives: before, such IR made ``canonicalize-slices`` raise an
    ``AssertionError``, an ``IndexError`` or a ``ValueError`` from inside a pattern,
    or rewrite a wrong static result type into a ``tensor.cast`` that does not verify
    (session 61's hunt)."""
    for inner in module.walk():
        if inner.name.startswith("slice."):
            verify_for_pass(inner)


def verify_for_pass(op: Operation) -> None:
    """``op.verify()``, a failure raised as an ``OpPassFailedException`` at ``op`` with
    the verifier's message (led by the op's name, as ``compile`` gives it)."""
    try:
        op.verify()
    except (VerifyException, DiagnosticException) as e:
        raise OpPassFailedException(op, verifier_error(e, op)[0]) from None


UNMARKED_PURE: tuple[type[Operation], ...] = (arith.ExtSIOp,)
"""Ops without side effects that xDSL does not mark ``Pure`` (0.74's ``arith.extsi``
has no trait, while ``arith.extui`` has): dead when their results are unused."""


def is_dead(op: Operation) -> bool:
    """Whether ``op`` may be erased: xDSL's ``is_trivially_dead``, or an unused
    ``UNMARKED_PURE`` op."""
    if is_trivially_dead(op):
        return True
    return isinstance(op, UNMARKED_PURE) and all(r.first_use is None for r in op.results)


def erase_dead_ops(region: Region) -> None:
    """Erase every dead op of ``region`` (``is_dead``), the ops only they used too:
    each op is tested once, last first, and again only when an op that used it is
    erased (a worklist; the repeated walks it replaced took quadratic time on a chain
    of unused ops written uses first, 16 s for 5000: helper 33's review)."""
    stack = list(region.walk())
    erased: set[Operation] = set()
    while stack:
        op = stack.pop()
        if op in erased or not is_dead(op):
            continue
        inside = list(op.walk())  # its own operands and its nested ops'
        owners = [
            v.owner for o in inside for v in o.operands if isinstance(v.owner, Operation)
        ]
        erased.update(inside)
        Rewriter.erase_op(op)
        stack.extend(o for o in owners if o not in erased)


def matched_op_types(pattern: RewritePattern) -> tuple[type[Operation], ...] | None:
    """The op classes ``pattern`` can match: the annotation its ``match_and_rewrite``
    was decorated with (``op_type_rewrite_pattern``), or ``None`` (any op) where
    that cannot be read."""
    method = type(pattern).match_and_rewrite
    try:
        expected = inspect.getclosurevars(method).nonlocals.get("expected_type")
    except (TypeError, ValueError):
        return None
    if get_origin(expected) in (Union, UnionType):
        expected = get_args(expected)
    else:
        expected = (expected,)
    if all(isinstance(t, type) and issubclass(t, Operation) for t in expected):
        return expected
    return None


class TypedPatternApplier(RewritePattern):
    """xDSL's ``GreedyRewritePatternApplier`` without folding (a trivially dead op is
    erased where ``dce``, else the first pattern that rewrites it wins), trying at each
    op only the patterns whose op type it has: the list for each op class is made once,
    so the many ops a lowering creates that no pattern matches cost a dict lookup."""

    def __init__(self, patterns: Sequence[RewritePattern], dce: bool = True) -> None:
        self.patterns = tuple(patterns)
        self.dce = dce
        self.types = tuple(matched_op_types(p) for p in self.patterns)
        self.by_class: dict[type[Operation], tuple[RewritePattern, ...]] = {}

    def _patterns_for(self, cls: type[Operation]) -> tuple[RewritePattern, ...]:
        found = self.by_class.get(cls)
        if found is None:
            found = self.by_class[cls] = tuple(
                p
                for p, types in zip(self.patterns, self.types, strict=True)
                if types is None or issubclass(cls, types)
            )
        return found

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if self.dce and is_dead(op):
            rewriter.erase(op)
            return

        def located(new: Operation) -> None:
            # what a rewrite of op makes at op's location is where op was written,
            # unless it has a place already (made for another op with an equal
            # loc("name"): session 49's review)
            for each in new.walk():
                if each.location == op.location and not has_text_location(each):
                    inherit_text_location(each, op)

        named = has_text_location(op)  # written with loc("name"): a side table's
        if named:
            rewriter.operation_insertion_handler.append(located)
        try:
            for pattern in self._patterns_for(type(op)):
                pattern.match_and_rewrite(op, rewriter)
                if rewriter.has_done_action:
                    return
        finally:
            if named:
                rewriter.operation_insertion_handler.remove(located)


def rewrite_module(
    module: ModuleOp,
    patterns: Sequence[RewritePattern],
    *,
    recursively: bool,
    dce: bool = True,
) -> None:
    """Apply ``patterns`` (at each op the first that matches) to ``module`` until none
    applies; ``recursively``: also to the ops a rewrite creates, at once; ``dce``: erase
    every dead op it meets (``is_dead``), as MLIR's greedy driver does (canonicalization
    and lowering). The conversions between dialects take ``dce=False``, as MLIR's
    dialect conversion erases nothing it does not convert: an unused op of another
    dialect stays, and an unused slice is converted (or refused, naming it) like a
    used one."""
    PatternRewriteWalker(
        TypedPatternApplier(patterns, dce), apply_recursively=recursively
    ).rewrite_module(module)
