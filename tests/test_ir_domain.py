"""The normalization is written once: the IR it emits equals its int evaluation.

Every framework rule of :mod:`slice_dialect.semantics` runs on two domains: Python ints
(:data:`slice_dialect.domain.INTS`, what the verifier does) and
:class:`slice_dialect.ir_domain.IRBuilder` (``arith`` ops and ``slice.check``). For random
parameters of every op (valid ones from ``tests/generators.py``, broken ones from its
mutations, and values replaced by INT64_MIN/MAX, huge steps, dims 0, 1 and up to
INT64_MAX), each value is made either a constant (the builder folds it) or a function
argument (the builder emits ops); the function, run in xDSL's interpreter, must return
exactly the int evaluation's window and result shape, or fail with exactly its message.
The int evaluation asserts that no intermediate leaves int64, so the emitted IR, which
performs the same operations, never wraps.

``SLICE_IR_DOMAIN_EXAMPLES`` (default 20) sets the number of cases per op.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import pytest
from generators import (
    OPS,
    RULES,
    RandomDraw,
    SliceCase,
    _mutate,
    data_shape,
    draw_case,
    op_ranks,
)
from xdsl.dialects import func
from xdsl.dialects.builtin import FunctionType, ModuleOp, i64
from xdsl.ir import Block, Region, SSAValue
from xdsl.parser import Parser

from slice_dialect.compiler import make_context
from slice_dialect.dialect import CheckOp
from slice_dialect.domain import INT64_MAX, INT64_MIN, INTS, IntDomain
from slice_dialect.errors import SliceError
from slice_dialect.interpreter import make_interpreter
from slice_dialect.ir_domain import IRBuilder
from slice_dialect.semantics import Normalized, SliceSemanticsError

EXAMPLES = int(os.environ.get("SLICE_IR_DOMAIN_EXAMPLES", "20"))

EXTREME_VALUES = (
    INT64_MIN,
    INT64_MIN + 1,
    -(2**62),
    -(2**31),
    -1,
    0,
    1,
    2**31 - 1,
    2**62,
    INT64_MAX - 1,
    INT64_MAX,
)
HUGE_DIMS = (2**31, 2**62, INT64_MAX - 1, INT64_MAX)

# The value parameters of each op (the rest, masks, opset and output sizes, are static).
VALUE_PARAMS = {
    "onnx_v1": ("starts", "ends", "axes"),
    "onnx": ("starts", "ends", "axes", "steps"),
    "ov_slice": ("start", "stop", "step", "axes"),
    "ov_strided_slice": ("begin", "end", "stride"),
    "tf_strided_slice": ("begin", "end", "strides"),
    "dml_slice1": ("window_offsets", "window_sizes", "window_strides"),
}


def run_rule(
    dom: IntDomain[Any, Any],
    case: SliceCase,
    shape: Sequence[Any],
    values: dict[str, Sequence[Any] | None],
) -> Normalized[Any]:
    """The rule of ``case.op`` on ``dom``: ``shape`` and ``values`` (the value
    parameters) are the domain's values; masks, opset and output sizes come from
    ``case``."""
    p = {k: v for k, v in case.props.items() if k not in VALUE_PARAMS[case.op]}
    return RULES[case.op](dom, shape, **values, **p)


def case_values(case: SliceCase) -> dict[str, list[int] | None]:
    table = case.props if case.op in ("onnx_v1", "dml_slice1") else case.operands
    return {name: table.get(name) for name in VALUE_PARAMS[case.op]}


def flatten(res: Normalized[Any]) -> list[Any]:
    return [*res.offsets, *res.sizes, *res.strides, *res.shape]


def int_evaluation(case: SliceCase, shape: Sequence[int]) -> list[int] | str:
    """The rule on Python ints: the flattened window and shape, or the message."""
    try:
        return flatten(run_rule(INTS, case, shape, case_values(case)))
    except SliceSemanticsError as e:
        return str(e)


def ir_evaluation(
    case: SliceCase, shape: Sequence[int], rng: random.Random, p_dynamic: float
) -> tuple[list[int] | str, ModuleOp | None]:
    """The rule emitted as IR, each value a constant or (with ``p_dynamic``) an
    argument, run in the interpreter: the flattened result or the message."""
    block = Block()
    arguments: list[int] = []

    def lift(value: int) -> int | SSAValue:
        if rng.random() >= p_dynamic:
            return value
        arguments.append(value)
        return block.insert_arg(i64, len(block.args))

    def lift_all(values: Sequence[int] | None) -> list[int | SSAValue] | None:
        return None if values is None else [lift(x) for x in values]

    dom = IRBuilder(block.add_op)
    lifted_shape = [lift(d) for d in shape]
    lifted = {name: lift_all(values) for name, values in case_values(case).items()}
    try:
        res = run_rule(dom, case, lifted_shape, lifted)
    except SliceSemanticsError as e:
        return str(e), None  # a static error, or a check failing on constants
    outs = [dom.value(x) for x in flatten(res)]
    block.add_op(func.ReturnOp(*outs))
    function = func.FuncOp(
        "main",
        FunctionType.from_lists([i64] * len(arguments), [i64] * len(outs)),
        Region(block),
    )
    module = ModuleOp([function])
    module.verify()
    try:
        result = make_interpreter(module).call_op("main", tuple(arguments))
    except SliceError as e:
        return str(e), module
    return [int(x) for x in result], module


def random_case(op: str, seed: int) -> tuple[SliceCase, tuple[int, ...]]:
    """A case of ``op`` (valid, mutated, with extreme values) and the dims it runs on
    (possibly huge: only the normalization runs, no data)."""
    dr = RandomDraw(seed)
    rng = dr.rng
    lo, hi = op_ranks(op)
    min_dim = 1 if op == "dml_slice1" else 0
    shape = data_shape(dr, lo, hi, 4096, min_dim)
    case = draw_case(dr, op, shape)
    if op == "dml_slice1":
        out = []
        for size, stride in zip(case.props["window_sizes"], case.props["window_strides"]):
            out.append(1 + (size - 1) // abs(stride) if rng.random() < 0.7 else 1)
        case = replace(case, props={**case.props, "output_sizes": out})
    if rng.random() < 0.3:
        case = _mutate(dr, case)
    values = case_values(case)
    for vals in values.values():
        if vals is None:
            continue
        for i in range(len(vals)):
            if rng.random() < 0.15:
                vals[i] = rng.choice(EXTREME_VALUES)
    dims = list(case.data_shape)
    for i in range(len(dims)):
        if rng.random() < 0.15:
            dims[i] = rng.choice(HUGE_DIMS)
    return case, tuple(dims)


@pytest.mark.parametrize("op", OPS)
def test_emitted_ir_equals_int_evaluation(op: str) -> None:
    checked = 0
    for seed in range(EXAMPLES):
        case, dims = random_case(op, seed)
        rng = random.Random(seed)
        expected = int_evaluation(case, dims)
        p_dynamic = rng.choice([0.0, 0.5, 1.0])
        actual, module = ir_evaluation(case, dims, rng, p_dynamic)
        assert actual == expected, (case, dims, p_dynamic)
        checked += 1
        if module is not None and seed % 7 == 0:
            # the custom format of slice.check (and arith) round-trips
            text = str(module)
            parsed = Parser(make_context(), text).parse_module()
            parsed.verify()
            assert str(parsed) == text
    assert checked == EXAMPLES


def test_all_dynamic_emits_checks_and_folding_emits_none() -> None:
    """With every value an argument the checks are ops; with constants they fold."""
    case = SliceCase(
        "onnx", (4, 5), operands={"starts": [1], "ends": [-1], "axes": [1], "steps": [2]}
    )
    rng = random.Random(0)
    expected = int_evaluation(case, (4, 5))
    for p_dynamic, has_checks in ((1.0, True), (0.0, False)):
        actual, module = ir_evaluation(case, (4, 5), rng, p_dynamic)
        assert actual == expected
        assert module is not None
        checks = [op for op in module.walk() if isinstance(op, CheckOp)]
        assert bool(checks) == has_checks


def test_check_op_message() -> None:
    """``slice.check`` formats its values into the message and fails in the
    interpreter with it."""
    case = SliceCase(
        "onnx", (4,), operands={"starts": [0], "ends": [4], "axes": [0], "steps": [0]}
    )
    actual, module = ir_evaluation(case, (4,), random.Random(0), 1.0)
    assert actual == "slice.onnx: steps[0] = 0: a step must be non-zero"
    case = replace(case, operands={**case.operands, "axes": [5], "steps": [1]})
    actual, module = ir_evaluation(case, (4,), random.Random(0), 1.0)
    assert actual == "slice.onnx: axes[0] = 5 is out of range [-1, 0] for rank 1"
    assert module is not None
    text = str(module)
    assert "slice.check %" in text
    assert '"slice.onnx: axes[0] = {0} is out of range [-1, 0] for rank 1", %' in text


def _emitted(
    rng: random.Random,
    rule: Callable[..., Any],
    values: Sequence[int],
    flags: Sequence[bool] = (),
) -> int | bool:
    """The answer of ``rule`` (called with an ``IRBuilder``, then ``values``, then
    ``flags``) emitted into a function, each value and flag a constant or an argument
    at random, and run by the interpreter; a rule that folds to a constant answers
    that constant."""
    from xdsl.dialects.builtin import i1

    block = Block()
    arguments: list[int] = []
    types: list[Any] = []
    operands: list[Any] = []
    for value, kind in [*((v, i64) for v in values), *((f, i1) for f in flags)]:
        if rng.random() < 0.5:
            operands.append(value)
        else:
            arguments.append(int(value))
            types.append(kind)
            operands.append(block.insert_arg(kind, len(block.args)))
    answer = rule(IRBuilder(block.add_op), *operands)
    if isinstance(answer, (bool, int)):
        return answer
    block.add_op(func.ReturnOp(answer))
    function = func.FuncOp(
        "main", FunctionType.from_lists(types, [answer.type]), Region(block)
    )
    module = ModuleOp([function])
    module.verify()
    (result,) = make_interpreter(module).call_op("main", tuple(arguments))
    return result


PREFETCH_SPANS = (1, 2, 127, 128, 511, 512, 513, 1024, 2047, 2048, 2049, 8192, 8193)
PREFETCH_SPANS += (2**31, 2**62, INT64_MAX)


def test_prefetch_rule_emitted_equals_int_evaluation() -> None:
    """``copy_plan.prefetches_rows_on``, the span-and-gap rule static runs evaluate on
    ints and the dynamic lowering emits as its gate (``prefetch_gate``), gives the
    same answer both ways, for spans and row steps around each bound and up to
    INT64_MAX, every element width and both answers of ``far_apart`` (a constant or
    an argument); the int evaluation asserts that nothing leaves int64."""
    from passes.copy_plan import prefetches_rows_on

    rng = random.Random(0)
    rows = (1, 129, 640, 1024, 2560, 2561, 3000, 10240, 10241, 2**40, INT64_MAX)
    checked = 0
    for size in (1, 2, 4, 8, 16):
        for span in PREFETCH_SPANS:
            for row in rows:
                for memory in (False, True):
                    expected = prefetches_rows_on(INTS, size, span, row, memory)
                    answer = _emitted(
                        rng,
                        lambda dom, *a, s=size: prefetches_rows_on(dom, s, *a),
                        (span, row),
                        (memory,),
                    )
                    assert bool(answer) == expected, (size, span, row, memory)
                    checked += 1
    assert checked == 5 * len(PREFETCH_SPANS) * len(rows) * 2


def test_row_loop_rule_emitted_equals_int_evaluation() -> None:
    """``copy_plan.prefetches_row_loop_on``, whether a run's row loop prefetches at all,
    which static runs evaluate on ints (``row_prefetch``) and the dynamic gate emits
    (``prefetch_gate``), gives the same answer both ways, and the rule's own terms: a
    plane continuing the rows (one or two row steps past them) or more rows than
    ``PREFETCH_AHEAD_BYTES`` of rows rounded up. Row steps either way from 1 to past
    the bound and to 2**59 (times 16 bytes past int64: the ahead count is clamped
    before it divides), row
    counts around the ahead counts, every element width, with and without a plane,
    each value a constant or an argument; row counts times steps within int64, as in
    a checked window."""
    from passes.copy_plan import PREFETCH_AHEAD_BYTES, prefetches_row_loop_on

    rng = random.Random(2)
    steps = (1, 2, 3, 7, 64, 512, 513, 4096, 8191, 8192, 8193, 32768, 2**40, 2**59)
    emitted = 0
    for case in range(600):
        size = rng.choice((1, 2, 4, 8, 16))
        step = rng.choice(steps) * rng.choice((1, -1))
        ahead = -(-PREFETCH_AHEAD_BYTES // (abs(step) * size))
        rows = max(2, ahead + rng.choice((-2, -1, 0, 1, 2)))
        if abs(step) * (rows + 3) > 2**62:
            rows = 2
        has_plane = rng.random() < 0.7
        skip = rng.choice((-1, 0, 1, 2, 3))
        plane = (rows + skip) * step if has_plane else 0
        if has_plane and rng.random() < 0.2:
            plane = rng.choice((0, 1, -1, 2**40))
        expected = prefetches_row_loop_on(INTS, size, rows, step, plane, has_plane)
        extra = plane - rows * step
        continues = has_plane and extra in (step, 2 * step)
        assert expected == (continues or rows > ahead), (size, rows, step, plane)
        # slice_prefetch_rows' own ahead (a power of two, no division per run) is never
        # more rows than this one, so its row count test never undoes the gate
        helper_ahead, row_bytes = 1, abs(step) * size
        while 2 * helper_ahead * row_bytes <= PREFETCH_AHEAD_BYTES:
            helper_ahead *= 2
        assert helper_ahead <= ahead, (size, step)
        answer = _emitted(
            rng,
            lambda dom, *a, s=size: prefetches_row_loop_on(dom, s, *a),
            (rows, step, plane),
            (has_plane,),
        )
        assert bool(answer) == expected, (case, size, rows, step, plane, has_plane)
        emitted += 1
    assert emitted == 600


FOOTPRINT_VALUES = (0, 1, 2, 3, 63, 64, 65, 1024, 4095, 4096, 4097, 8192, 70000)
FOOTPRINT_VALUES += (2**31, 2**61 - 1, 2**61, 2**62, INT64_MAX)


def test_footprint_rule_emitted_equals_int_evaluation() -> None:
    """``copy_plan.source_footprint_on``, the footprint static copies evaluate on ints
    (``source_footprint_bytes``) and dynamic ones emit for their streaming test
    (``slice.dynamic_copy_run``'s ``footprint``), gives the same answer both ways for
    nests of 1 to 4 loops of counts and distances around the line and gap bounds and up
    to INT64_MAX, every element width, each value a constant or an argument; the int
    evaluation asserts that nothing leaves int64, and the answer is never above
    ``FOOTPRINT_CAP``."""
    from passes.copy_plan import FOOTPRINT_CAP, source_footprint_on

    rng = random.Random(0)
    emitted = 0
    for case in range(600):
        size = rng.choice((1, 2, 4, 8, 16))
        loops = [
            (rng.choice(FOOTPRINT_VALUES), rng.choice(FOOTPRINT_VALUES))
            for _ in range(rng.randint(1, 4))
        ]
        expected = source_footprint_on(INTS, size, loops)
        assert expected is not None and 1 <= expected <= FOOTPRINT_CAP
        block = Block()
        arguments: list[int] = []
        values: list[tuple[Any, Any]] = []
        for loop in loops:
            pair: list[Any] = []
            for value in loop:
                if rng.random() < 0.5:
                    pair.append(value)
                else:
                    arguments.append(value)
                    pair.append(block.insert_arg(i64, len(block.args)))
            values.append((pair[0], pair[1]))
        answer = source_footprint_on(IRBuilder(block.add_op), size, values)
        if isinstance(answer, int):
            assert answer == expected, (size, loops)
            continue
        block.add_op(func.ReturnOp(answer))
        types = [i64] * len(arguments)
        function = func.FuncOp(
            "main", FunctionType.from_lists(types, [i64]), Region(block)
        )
        module = ModuleOp([function])
        module.verify()
        (result,) = make_interpreter(module).call_op("main", tuple(arguments))
        assert result == expected, (case, size, loops)
        emitted += 1
    assert emitted > 400


def test_read_rule_emitted_equals_int_evaluation() -> None:
    """``copy_plan.reads_at_least_on``, the lines-read bound static runs evaluate on
    ints (``run_choices``) and the dynamic gate emits (``prefetch_gate``), gives the
    same answer both ways for rows, counts and steps around the line and bound sizes
    and up to INT64_MAX, every element width, each value a constant or an argument;
    the int evaluation asserts that nothing leaves int64. On values whose product fits,
    it is the product of rows and lines against the bound."""
    from xdsl.dialects.builtin import i1

    from passes.copy_plan import CACHE_LINE_BYTES, reads_at_least_on

    rng = random.Random(1)
    values = (0, 1, 2, 3, 15, 16, 17, 64, 511, 512, 513, 32767, 32768, 32769)
    values += (2**31, 2**61, INT64_MAX)
    emitted = 0
    for case in range(800):
        size = rng.choice((1, 2, 4, 8, 16))
        rows, count, step = (rng.choice(values) for _ in range(3))
        least = rng.choice((1, 64, 2 << 20, 3 << 20))
        expected = reads_at_least_on(INTS, size, rows, count, step, least)
        if max(rows, count, step) < 2**31:
            if step * size >= CACHE_LINE_BYTES:
                lines = count
            else:
                lines = -(-(max(count - 1, 0) * step * size + size) // CACHE_LINE_BYTES)
            product = rows * lines * CACHE_LINE_BYTES if count > 0 else 0
            assert expected == (product >= least), (size, rows, count, step, least)
        block = Block()
        arguments: list[int] = []
        operands: list[Any] = []
        for value in (rows, count, step):
            if rng.random() < 0.5:
                operands.append(value)
            else:
                arguments.append(value)
                operands.append(block.insert_arg(i64, len(block.args)))
        answer = reads_at_least_on(IRBuilder(block.add_op), size, *operands, least)
        if isinstance(answer, bool):
            assert answer == expected
            continue
        block.add_op(func.ReturnOp(answer))
        function = func.FuncOp(
            "main",
            FunctionType.from_lists([i64] * len(arguments), [i1]),
            Region(block),
        )
        module = ModuleOp([function])
        module.verify()
        (result,) = make_interpreter(module).call_op("main", tuple(arguments))
        assert bool(result) == expected, (case, size, rows, count, step, least)
        emitted += 1
    assert emitted > 500
