"""Differential tests of dynamic slices (issue 12): run-time parameters and ``?`` dims
give the bits of the same op with constants.

Every framework op runs in the variants of issue 12, through
``slice_dialect.compile(..., backend)`` for ``backend`` in ``c`` and ``interpreter``:

* ``args``: every index operand a function argument (data dims static);
* ``dims``: every data dim ``?`` (parameters constant: the only variant of
  ``slice.onnx_v1`` and ``slice.dml_slice1``, whose parameters are properties);
* ``both``: both;
* ``i32``: both, every index operand ``i32``.

A *program shape* (op, rank, masks, operand lengths and types, ...) is compiled once per
backend and called with many parameter sets (index arrays per call) and data shapes;
the reference is the same op with those values as ``arith.constant``s on static data,
all parameter sets of a program shape in one function compiled the same way. Results
must be bit-identical (``oracle.same_bits``). Result types of the dynamic programs are
what the semantics infer with the run-time values unknown (``?`` where a dim depends on
them).

Sources of parameters: random program shapes and values (``tests/generators.py``:
INT64_MIN/MAX, INT32 extremes, huge steps, dims 0 and 1, data ranks 0 to 8), and the
vectors of ``research/semantics.md`` section C (``tests/vectors.py``).

Invalid run-time values (a step of 0, repeated axes, an axis out of range, a shrink
index out of range, a DirectML window outside a ``?`` dim, ...) must raise
``SliceError`` at the call whose message equals the verifier's for the same constants
(``semantics`` on ints, and the compile of the constant program).

Environment (as ``tests/test_differential.py``):

* ``SLICE_DIFF_EXAMPLES`` (default 12): program shapes per (op, variant) are
  ``max(1, SLICE_DIFF_EXAMPLES // 60)``, parameter sets per program shape
  ``max(12, SLICE_DIFF_EXAMPLES // 5)``; the research vectors run in variant ``both``
  by default, in every variant from ``SLICE_DIFF_EXAMPLES >= 300`` on.
* ``SLICE_DIFF_RANDOM=1``: new random seeds each run (printed on failure).
* ``SLICE_DIFF_SEED=N``: the base seed ``N`` (default 0; overrides ``SLICE_DIFF_RANDOM``),
  to rerun a large random run with a known new seed.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from generators import (
    DML_MAX_RANK,
    ELEMENT_TYPES,
    INT64_MAX,
    STRIDED_OPS,
    Arguments,
    Constants,
    RandomDraw,
    SliceCase,
    data_shape,
    draw_case,
    dynamic_tensor_type,
    entry_dims,
    fit,
    index_value,
    permutation,
    random_array,
    range_values,
    render_op,
    tensor_type,
    with_result,
)
from generators import (
    evaluate as evaluate_case,
)
from oracle import mask_bit, same_bits
from vectors import VECTORS, Vector

import slice_dialect
from slice_dialect import SliceError
from slice_dialect.dialect import FRAMEWORK_OPS
from slice_dialect.semantics import INT32_MIN, INT64_MIN, SliceSemanticsError

NDArray = npt.NDArray[Any]

EXAMPLES = int(os.environ.get("SLICE_DIFF_EXAMPLES", "12"))
RANDOM = os.environ.get("SLICE_DIFF_RANDOM") == "1"
SHAPES = max(1, EXAMPLES // 60)
"""Program shapes per (op, variant)."""
CALLS = max(12, EXAMPLES // 5)
"""Parameter sets (calls) per program shape."""
ALL_VECTOR_VARIANTS = EXAMPLES >= 300
BASE_SEED = (
    int(os.environ["SLICE_DIFF_SEED"])
    if os.environ.get("SLICE_DIFF_SEED")
    else random.SystemRandom().getrandbits(32)
    if RANDOM
    else 0
)

BACKENDS = ("c", "interpreter")
MAX_ELEMENTS = 48
"""Most elements of a random data array (the interpreter backend runs them)."""
MAX_RANK = 8

INDEX_OPERANDS: dict[str, tuple[str, ...]] = {
    cls.name.removeprefix("slice."): tuple(
        name for name, _ in cls.get_irdl_definition().operands[1:]
    )
    for cls in FRAMEWORK_OPS
}
"""The index operands of each op, in operand order (none for onnx_v1, dml_slice1)."""
DYNAMIC_PARAMETER_OPS = tuple(op for op, names in INDEX_OPERANDS.items() if names)
VARIANTS = ("args", "dims", "both", "i32")


def variants_of(op: str) -> tuple[str, ...]:
    """The variants that apply to ``op``: only ``?`` dims without index operands."""
    return VARIANTS if INDEX_OPERANDS[op] else ("dims",)


# --- program shapes --------------------------------------------------------------------


@dataclass(frozen=True)
class Dynamic:
    """A program shape: ``case``'s op with its index operands as arguments (``args``)
    and/or its data dims ``?`` (``dims``), compiled once, called with many values."""

    case: SliceCase
    """The template: its structure (op, rank, masks, lengths, types) is the program's;
    its values are the constants of a program without argument operands."""
    element_type: str
    arguments: bool
    dynamic_dims: bool
    static_result: bool = False
    """Declare the template's (static) result shape: a promise the values may break."""
    dims: tuple[int | None, ...] | None = None
    """The data dims (default: all ``?`` with ``dynamic_dims``, else the template's)."""

    @property
    def data_dims(self) -> tuple[int | None, ...]:
        if self.dims is not None:
            return self.dims
        shape = self.case.data_shape
        return tuple(None for _ in shape) if self.dynamic_dims else tuple(shape)

    def result_dims(self) -> tuple[int | None, ...]:
        """The result type the semantics infer, run-time values unknown (or the
        template's result shape with ``static_result``)."""
        c = self.case
        if self.static_result:
            return tuple(c.result_shape)
        operands = {
            k: None if v is None else ([None] * len(v) if self.arguments else v)
            for k, v in c.operands.items()
        }
        return evaluate(c.op, self.data_dims, operands, c.props).shape

    def text(self) -> str:
        """``func.func @main(%x, <index arguments>) -> result``."""
        c = self.case
        lines: list[str] = []
        params: Constants = Arguments() if self.arguments else Constants(RandomDraw(0))
        data_t = dynamic_tensor_type(self.data_dims, self.element_type)
        result_t = dynamic_tensor_type(self.result_dims(), self.element_type)
        render_op(c, "%x", "%r", self.element_type, params, lines, data_t, result_t)
        args = [f"%x: {data_t}"]
        if isinstance(params, Arguments):
            args += [f"{name}: {t}" for name, t, _ in params.arguments]
        body = "".join(f"  {line}\n" for line in lines)
        return (
            f"func.func @main({', '.join(args)}) -> {result_t} {{\n{body}"
            f"  func.return %r : {result_t}\n}}\n"
        )

    def call_arguments(self, case: SliceCase, x: NDArray, seed: int) -> list[Any]:
        """The kernel's arguments for ``case`` (same structure): the data, then each
        index operand as an array of its type (or a list of ints, now and then)."""
        args: list[Any] = [x]
        if not self.arguments:
            return args
        rng = random.Random(seed)
        for name in INDEX_OPERANDS[case.op]:
            values = case.operands.get(name)
            if values is None:
                continue
            t = case.index_types[name]
            if rng.random() < 0.2:
                args.append(list(values))
            else:
                args.append(np.array(values, dtype=np.int32 if t == "i32" else np.int64))
        return args


def evaluate(
    op: str,
    shape: Sequence[int | None],
    operands: dict[str, Any],
    props: dict[str, Any],
) -> Any:
    """The semantics of ``op`` (``None`` for unknown dims and values)."""
    return evaluate_case(op, tuple(shape), operands, props)  # type: ignore[arg-type]


def static_module(cases: Sequence[SliceCase], element_type: str) -> str:
    """One function holding every case on its own argument, with constants: the
    reference program of a program shape (compiled once per backend)."""
    lines: list[str] = []
    constants = Constants(RandomDraw(0), share=False)
    args: list[str] = []
    results: list[str] = []
    types: list[str] = []
    for k, case in enumerate(cases):
        render_op(case, f"%x{k}", f"%r{k}", element_type, constants, lines)
        args.append(f"%x{k}: {tensor_type(case.data_shape, element_type)}")
        results.append(f"%r{k}")
        types.append(tensor_type(case.result_shape, element_type))
    body = "".join(f"  {line}\n" for line in lines)
    result_text = types[0] if len(types) == 1 else f"({', '.join(types)})"
    return (
        f"func.func @main({', '.join(args)}) -> {result_text} {{\n{body}"
        f"  func.return {', '.join(results)} : {', '.join(types)}\n}}\n"
    )


def as_tuple(result: Any) -> tuple[NDArray, ...]:
    return result if isinstance(result, tuple) else (result,)


# --- parameter values of a program shape -----------------------------------------------


def entry_kinds(case: SliceCase) -> list[str]:
    """The kind of each entry of a strided slice, from its masks (an ellipsis beats a
    new axis, a new axis beats a shrink)."""
    n = len(case.operands["begin"] or [])
    kinds = []
    for i in range(n):
        if mask_bit(case.props.get("ellipsis_mask"), i):
            kinds.append("ellipsis")
        elif mask_bit(case.props.get("new_axis_mask"), i):
            kinds.append("new")
        elif mask_bit(case.props.get("shrink_axis_mask"), i):
            kinds.append("shrink")
        else:
            kinds.append("range")
    return kinds


def redraw(dr: RandomDraw, template: SliceCase, shape: Sequence[int]) -> SliceCase:
    """New index values for ``template``'s structure on data of ``shape`` (same rank):
    every class of value (extremes, huge steps, out of range) as the generators draw
    them. Usually valid; the semantics decide."""
    op = template.op
    rank = len(shape)
    operands: dict[str, list[int] | None] = {}
    if op in ("onnx", "ov_slice"):
        names = (
            ("starts", "ends", "steps", "axes")
            if op == "onnx"
            else ("start", "stop", "step", "axes")
        )
        n = len(template.operands[names[0]] or [])
        if template.operands["axes"] is not None:
            chosen = permutation(dr, range(rank), n)
            operands["axes"] = [a - rank if dr.bool(0.3) else a for a in chosen]
        else:
            chosen = list(range(n))
            operands["axes"] = None
        has_steps = template.operands[names[2]] is not None
        ranges = [range_values(dr, shape[a], None if has_steps else 1) for a in chosen]
        operands[names[0]] = [r[0] for r in ranges]
        operands[names[1]] = [r[1] for r in ranges]
        operands[names[2]] = [r[2] for r in ranges] if has_steps else None
        operands = {name: operands[name] for name in INDEX_OPERANDS[op]}
    else:
        assert op in STRIDED_OPS, op
        tf = op == "tf_strided_slice"
        stride_name = "strides" if tf else "stride"
        kinds = entry_kinds(template)
        dims = entry_dims(rank, kinds)
        assert dims is not None, (kinds, shape)
        begin, end, strides = [], [], []
        for kind, j in zip(kinds, dims):
            d = 3 if j is None else shape[j]
            b, e, s = range_values(dr, d)
            if kind == "shrink":
                b = dr.int(-d, d - 1) if d > 0 else index_value(dr, d)
                if tf:
                    s = min(abs(s), INT64_MAX)
            begin.append(b)
            end.append(e)
            strides.append(s)
        has_stride = template.operands[stride_name] is not None
        operands = {
            "begin": begin,
            "end": end,
            stride_name: strides if has_stride else None,
        }
    operands = {
        k: None if v is None else fit(v, template.index_types[k])
        for k, v in operands.items()
    }
    return replace(template, data_shape=tuple(shape), operands=operands, error=None)


def other_shape(dr: RandomDraw, template: SliceCase) -> tuple[int, ...]:
    """A data shape of ``template``'s rank: random dims 0 to 5 (often 1 or 0), for
    DirectML mostly ones that hold the window."""
    rank = len(template.data_shape)
    if template.op == "dml_slice1":
        p = template.props
        return tuple(
            max(1, o + s + dr.int(-1, 3)) if dr.bool(0.9) else dr.int(1, o + s)
            for o, s in zip(p["window_offsets"], p["window_sizes"])
        )
    kind = dr.weighted([(6, "random"), (1, "ones"), (1, "zero")])
    if kind == "ones":
        return (1,) * rank
    shape = data_shape(dr, rank, rank, MAX_ELEMENTS)
    if kind == "zero" and rank:
        k = dr.int(0, rank - 1)
        shape = (*shape[:k], 0, *shape[k + 1 :])
    return shape


def checked(case: SliceCase) -> SliceCase:
    """``case`` with its result shape or its semantics error (DirectML's result is its
    output sizes, also when the window is invalid)."""
    result = with_result(case)
    if case.op == "dml_slice1" and result.error is not None:
        result = replace(result, result_shape=tuple(case.props["output_sizes"]))
    return result


def template_case(
    dr: RandomDraw, op: str, variant: str, rank: int | None = None
) -> SliceCase:
    """A valid op of random structure on data of rank 0 (1 for the axis ops and
    DirectML) to 8; ``rank`` (taken modulo the op's range) picks one."""
    lo = 0 if op in STRIDED_OPS else 1
    hi = DML_MAX_RANK if op == "dml_slice1" else MAX_RANK
    if rank is not None:
        lo = hi = lo + rank % (hi - lo + 1)
    for _ in range(1000):
        shape = data_shape(
            dr, lo, hi, MAX_ELEMENTS, min_dim=1 if op == "dml_slice1" else 0
        )
        case = with_result(draw_case(dr, op, shape))
        if case.error is not None:
            continue
        if variant == "i32":
            names = list(case.operands)
            case = replace(
                case,
                index_types=dict.fromkeys(names, "i32"),
                operands={
                    k: None if v is None else fit(v, "i32")
                    for k, v in case.operands.items()
                },
            )
            case = with_result(case)
            if case.error is not None:
                continue
        return case
    raise AssertionError(f"no valid {op} drawn")


def parameter_sets(
    dr: RandomDraw, program: Dynamic, count: int
) -> tuple[list[SliceCase], list[SliceCase]]:
    """``count`` draws for ``program`` (values and/or data shapes as its variant lets
    vary), split into valid and invalid ones (with their semantics errors)."""
    template = program.case
    valid: list[SliceCase] = [template]
    invalid: list[SliceCase] = []
    for _ in range(count - 1):
        shape = other_shape(dr, template) if program.dynamic_dims else template.data_shape
        if program.arguments:
            case = redraw(dr, template, shape)
        else:
            case = replace(template, data_shape=tuple(shape))
        case = checked(case)
        (valid if case.error is None else invalid).append(case)
    return valid, invalid


# --- running ---------------------------------------------------------------------------


def run_against_constants(
    program: Dynamic, cases: Sequence[SliceCase], seed: int, context: str
) -> None:
    """``program`` on each case's values, both backends, bit-identical to the constant
    ops of all cases in one function, compiled the same way."""
    text = program.text()
    reference_text = static_module(cases, program.element_type)
    inputs = [
        random_array(program.element_type, case.data_shape, seed + 7919 * k)
        for k, case in enumerate(cases)
    ]
    for backend in BACKENDS:
        kernel = slice_dialect.compile(text, "main", backend)
        reference = slice_dialect.compile(reference_text, "main", backend)
        expected = as_tuple(reference(*inputs))
        assert len(expected) == len(cases)
        for k, (case, x) in enumerate(zip(cases, inputs)):
            args = program.call_arguments(case, x, seed + k)
            try:
                got = kernel(*args)
            except SliceError as e:
                raise AssertionError(
                    f"{backend}: {e}\n{describe(program, case, context)}"
                ) from None
            assert same_bits(got, expected[k]), (
                f"{backend}: got {np.asarray(got).shape} {np.asarray(got).tobytes().hex()}"
                f"\nexpected {expected[k].shape} {expected[k].tobytes().hex()}\n"
                f"{describe(program, case, context)}"
            )


def verifier_message(case: SliceCase, element_type: str) -> str:
    """The message of compiling ``case`` as a constant op on static data (the verifier
    rejects it before any lowering, so this is cheap)."""
    with pytest.raises(SliceError) as info:
        slice_dialect.compile(static_module([case], element_type), "main")
    return str(info.value)


def check_invalid(
    program: Dynamic, cases: Sequence[SliceCase], seed: int, context: str
) -> int:
    """Each case raises, at the call, ``SliceError`` whose message is the verifier's
    for the same constants (compile of the constant op with the program's static
    result dims; for an op the semantics reject, also their message), on both
    backends. Returns the number of cases checked."""
    if not cases:
        return 0
    text = program.text()
    messages = []
    for case in cases:
        declared = case
        if program.static_result:
            declared = replace(case, result_shape=program.case.result_shape)
        message = verifier_message(declared, program.element_type)
        if case.error is not None:
            assert message == case.error, describe(program, case, context)
        messages.append(message)
    for backend in BACKENDS:
        kernel = slice_dialect.compile(text, "main", backend)
        for k, (case, message) in enumerate(zip(cases, messages)):
            x = random_array(program.element_type, case.data_shape, seed + k)
            with pytest.raises(SliceError) as info:
                kernel(*program.call_arguments(case, x, seed + k))
            assert str(info.value) == message, (
                f"{backend}: {info.value}\nverifier: {message}\n"
                f"{describe(program, case, context)}"
            )
    return len(cases)


def describe(program: Dynamic, case: SliceCase, context: str) -> str:
    return (
        f"{context}\nprogram:\n{program.text()}data shape {case.data_shape}, "
        f"operands {case.operands}, props {case.props}\n"
        f"constant op:\n{static_module([case], program.element_type)}"
    )


def program_of(case: SliceCase, variant: str, element_type: str) -> Dynamic:
    return Dynamic(
        case,
        element_type,
        arguments=variant in ("args", "both", "i32"),
        dynamic_dims=variant in ("dims", "both", "i32"),
    )


# --- 1. random program shapes, many parameter sets each --------------------------------

RANDOM_CELLS = [(op, v) for op in INDEX_OPERANDS for v in variants_of(op)]


@pytest.mark.parametrize(("op", "variant"), RANDOM_CELLS)
def test_random_dynamic_equals_constant(op: str, variant: str) -> None:
    for round_ in range(SHAPES):
        seed = BASE_SEED + 1_000_003 * RANDOM_CELLS.index((op, variant)) + round_
        dr = RandomDraw(seed)
        # ranks spread over the cells and rounds: every rank 0 to 8 in the default run
        rank = RANDOM_CELLS.index((op, variant)) + round_ * 5
        template = template_case(dr, op, variant, rank)
        program = program_of(template, variant, dr.choice(ELEMENT_TYPES))
        valid, _ = parameter_sets(dr, program, CALLS)
        context = f"seed {seed} (SLICE_DIFF_RANDOM={int(RANDOM)}), variant {variant}"
        run_against_constants(program, valid, seed, context)


# --- 2. invalid run-time values: the verifier's message --------------------------------


def break_case(dr: RandomDraw, case: SliceCase, program: Dynamic) -> SliceCase | None:
    """``case`` made invalid in one of the ways only run-time values can: a step of 0,
    a repeated axis, an axis out of range, a shrink index out of range or with a
    negative TensorFlow stride, a ``?`` dim too small for a shrink index or a DirectML
    window; ``None`` if none applies to ``case``."""
    ops = {k: None if v is None else list(v) for k, v in case.operands.items()}
    rank = len(case.data_shape)
    shape = case.data_shape
    kinds = entry_kinds(case) if case.op in STRIDED_OPS else []
    options: list[str] = []
    if program.dynamic_dims and (case.op == "dml_slice1" or "shrink" in kinds):
        options.append("smaller dims")
    step_name = {
        "onnx": "steps",
        "ov_slice": "step",
        "ov_strided_slice": "stride",
        "tf_strided_slice": "strides",
    }.get(case.op)
    if program.arguments:
        if step_name is not None and ops.get(step_name):
            options.append("zero step")
        axes = ops.get("axes")
        if axes:
            options.append("axis out of range")
            if len(axes) >= 2:
                options.append("repeat axis")
        if "shrink" in kinds:
            options += ["shrink out of range"] * 2
            if case.op == "tf_strided_slice":
                options.append("negative shrink stride")
    if not options:
        return None
    kind = dr.choice(options)
    if kind == "smaller dims":
        shape = tuple(dr.int(0, max(0, d - 1)) if dr.bool(0.7) else d for d in shape)
        if case.op == "dml_slice1":
            shape = tuple(max(1, d) for d in shape)
        return replace(case, data_shape=shape)
    if kind == "zero step":
        assert step_name is not None
        steps = ops[step_name] or []
        steps[dr.int(0, len(steps) - 1)] = 0
    elif kind == "repeat axis":
        axes = ops["axes"] or []
        i, j = permutation(dr, range(len(axes)), 2)
        axes[j] = axes[i] - rank if axes[i] >= 0 and dr.bool() else axes[i]
    elif kind == "axis out of range":
        axes = ops["axes"] or []
        bad = dr.choice(
            [rank, -rank - 1, rank + dr.int(1, 9), INT64_MAX, INT64_MIN, INT32_MIN]
        )
        axes[dr.int(0, len(axes) - 1)] = bad
    else:
        dims = entry_dims(rank, kinds)
        assert dims is not None
        i = dr.choice([i for i, k in enumerate(kinds) if k == "shrink"])
        j = dims[i]
        assert j is not None
        if kind == "shrink out of range":
            d = shape[j]
            begin = ops["begin"] or []
            begin[i] = dr.choice(
                [d, -d - 1, d + dr.int(1, 50), INT64_MAX, INT64_MIN, INT32_MIN]
            )
        else:
            strides = ops["strides"] or []
            strides[i] = -dr.int(1, 3) if dr.bool(0.8) else INT64_MIN
    ops = {k: None if v is None else fit(v, case.index_types[k]) for k, v in ops.items()}
    return replace(case, operands=ops)


INVALID_CELLS = (
    [(op, v) for op in DYNAMIC_PARAMETER_OPS for v in ("args", "both")]
    + [(op, "dims") for op in (*STRIDED_OPS, "dml_slice1")]
    + [(op, "promise") for op in INDEX_OPERANDS if op != "dml_slice1"]
)
"""``promise``: data dims ``?`` (and index operands arguments where the op has them)
with the template's static result type; values that give another shape break it
(DirectML's result type is its static output sizes: nothing to break)."""

PROMISE_MAX_RANK = 4
"""The result-type check passes every result dim to the message; the C target returns
at most ``SLICE_ERROR_VALUES`` (4) values, so a static result type of rank 5 or more on
``?`` data does not compile to C (see ``test_promise_of_rank_5``)."""


def invalid_draws(
    dr: RandomDraw, program: Dynamic, valid: Sequence[SliceCase], want: int
) -> list[SliceCase]:
    """Up to ``want`` cases the call must refuse."""
    template = program.case
    found: list[SliceCase] = []
    for _ in range(20 * want):
        if len(found) >= want:
            break
        base = dr.choice(valid)
        if program.dynamic_dims and program.arguments and dr.bool(0.3):
            base = checked(redraw(dr, template, other_shape(dr, template)))
        if program.static_result:
            if base.error is None and base.result_shape != template.result_shape:
                found.append(base)
            continue
        broken = break_case(dr, base, program)
        if broken is None:
            continue
        broken = checked(broken)
        if broken.error is not None:
            found.append(broken)
    return found


@pytest.mark.parametrize(("op", "variant"), INVALID_CELLS)
def test_invalid_run_time_values(op: str, variant: str) -> None:
    """Random invalid run-time values raise the verifier's message at the call."""
    total = 0
    attempt = 0
    while total < SHAPES * CALLS // 2 and attempt < 20 * SHAPES:
        seed = BASE_SEED + 7_000_003 * INVALID_CELLS.index((op, variant)) + attempt
        attempt += 1
        dr = RandomDraw(seed)
        template = template_case(dr, op, "both" if variant == "promise" else variant)
        if variant == "promise":
            if len(template.result_shape) > PROMISE_MAX_RANK:
                continue
            program = Dynamic(
                template,
                dr.choice(ELEMENT_TYPES),
                arguments=bool(INDEX_OPERANDS[op]),
                dynamic_dims=True,
                static_result=True,
            )
        else:
            program = program_of(template, variant, dr.choice(ELEMENT_TYPES))
        valid, invalid = parameter_sets(dr, program, CALLS)
        if program.static_result:
            invalid = []  # semantics errors are the other cells' business
        invalid += invalid_draws(dr, program, valid, CALLS - len(invalid))
        context = f"seed {seed} (SLICE_DIFF_RANDOM={int(RANDOM)}), variant {variant}"
        total += check_invalid(program, invalid[:CALLS], seed, context)
    assert total > 0, "no invalid parameters drawn"


# --- 3. the research vectors -----------------------------------------------------------


def vector_case(vector: Vector) -> SliceCase:
    """The vector's op as a :class:`SliceCase` (i64 index operands)."""
    operands = INDEX_OPERANDS[vector.op]
    params: dict[str, Any] = dict(vector.params)
    return SliceCase(
        op=vector.op,
        data_shape=tuple(d for d in vector.shape if d is not None),
        operands={
            name: None if params.get(name) is None else list(params[name])
            for name in operands
        },
        index_types=dict.fromkeys(operands, "i64"),
        props={k: v for k, v in params.items() if k not in operands},
        result_shape=tuple(
            d for d in (vector.expected_shape or params.get("output_sizes") or ())
        ),
        error=vector.error,
    )


def vector_input(vector: Vector) -> NDArray:
    shape = tuple(d for d in vector.shape if d is not None)
    if vector.data is not None:
        return np.array(vector.data, dtype=np.int64).reshape(shape)
    return np.arange(math.prod(shape), dtype=np.int64).reshape(shape)


MAX_VECTOR_ELEMENTS = 1 << 16
RUNNABLE = [
    v
    for v in VECTORS
    if v.error is None
    and None not in v.shape
    and math.prod(v.shape) <= MAX_VECTOR_ELEMENTS  # type: ignore[arg-type]
]
"""Valid vectors with static shapes whose input fits in memory and time (C103's
4M elements and C105's 10^12 are left out; C116 has a ``?`` dim: it is run by
``test_vector_dynamic_dim``)."""
VECTOR_CELLS = [
    (op, v)
    for op in INDEX_OPERANDS
    for v in variants_of(op)
    if ALL_VECTOR_VARIANTS or v == ("both" if INDEX_OPERANDS[op] else "dims")
]
"""(op, variant): by default each op in its most dynamic variant, all variants in a
large run."""
VECTOR_GROUPS = None if ALL_VECTOR_VARIANTS else max(2, EXAMPLES // 6)
"""Program shapes (one compile per backend each) per cell: all in a large run, else
this many, spread over the cell's groups (rotating with ``SLICE_DIFF_RANDOM=1``)."""


def vector_groups(variant: str) -> dict[tuple[Any, ...], list[Vector]]:
    """The runnable vectors by program shape in ``variant`` (one compile each)."""
    groups: dict[tuple[Any, ...], list[Vector]] = {}
    for v in RUNNABLE:
        if variant not in variants_of(v.op):
            continue
        case = vector_case(v)
        program = program_of(case, variant, "i64")
        if variant == "i32" and any(
            x is not None and fit(x, "i32") != x for x in case.operands.values()
        ):
            continue  # values past the i32 range: an i32 operand cannot hold them
        key = (
            v.op,
            program.data_dims,
            tuple((k, None if x is None else len(x)) for k, x in case.operands.items()),
            repr(sorted(case.props.items())) if program.arguments else repr(v.params),
        )
        groups.setdefault(key, []).append(v)
    return groups


def chosen_groups(op: str, variant: str) -> list[list[Vector]]:
    """The vector groups of a cell this run takes (see ``VECTOR_GROUPS``)."""
    groups = [g for g in vector_groups(variant).values() if g[0].op == op]
    if VECTOR_GROUPS is None or len(groups) <= VECTOR_GROUPS:
        return groups
    step = len(groups) / VECTOR_GROUPS
    first = BASE_SEED % len(groups)
    picked = {(first + int(k * step)) % len(groups) for k in range(VECTOR_GROUPS)}
    return [groups[k] for k in sorted(picked)]


@pytest.mark.parametrize(("op", "variant"), VECTOR_CELLS)
def test_vectors_dynamic_equal_constant(op: str, variant: str) -> None:
    """The runnable research vectors of ``op`` in ``variant``: the dynamic program
    (one per program shape) gives the constant op's bits and the vector's values."""
    count = 0
    for group in chosen_groups(op, variant):
        cases = [vector_case(v) for v in group]
        if variant == "i32":
            cases = [
                replace(c, index_types=dict.fromkeys(c.index_types, "i32")) for c in cases
            ]
        program = program_of(cases[0], variant, "i64")
        text = program.text()
        reference_text = static_module(cases, "i64")
        inputs = [vector_input(v) for v in group]
        for backend in BACKENDS:
            kernel = slice_dialect.compile(text, "main", backend)
            expected = as_tuple(
                slice_dialect.compile(reference_text, "main", backend)(*inputs)
            )
            for k, (v, case, x) in enumerate(zip(group, cases, inputs)):
                got = kernel(*program.call_arguments(case, x, k))
                context = f"{v.name} ({v.note}), variant {variant}, backend {backend}"
                assert same_bits(got, expected[k]), (
                    f"{context}: got {np.asarray(got).ravel()[:20]} "
                    f"{np.asarray(got).shape}, constant {expected[k].ravel()[:20]}\n{text}"
                )
                assert got.shape == v.expected_shape, context
                if v.expected_values is not None:
                    flat = [int(e) for e in got.ravel()]
                    want = list(v.expected_values)
                    if v.values_prefix:
                        flat = flat[: len(want)]
                    assert flat == want, context
            count += len(group)
    assert count > 0


INVALID_VECTORS = [
    v for v in VECTORS if v.error is not None and v.op in DYNAMIC_PARAMETER_OPS
]


@pytest.mark.parametrize("vector", INVALID_VECTORS, ids=[v.name for v in INVALID_VECTORS])
def test_invalid_vector_at_run_time(vector: Vector) -> None:
    """An invalid research vector with its index operands passed at run time (data
    dims ``?``): the call raises the verifier's message; where the structure alone is
    invalid (masks, lengths), compiling the dynamic program does."""
    case = vector_case(vector)
    try:
        evaluate(case.op, case.data_shape, case.operands, case.props)
    except SliceSemanticsError as e:
        message = str(e)
    else:
        raise AssertionError(f"{vector.name} is valid")
    assert vector.error is not None and vector.error in message
    program = program_of(case, "both", "i64")
    try:
        structural = None
        program.result_dims()
    except SliceSemanticsError as e:
        structural = str(e)
    if structural is not None:
        with pytest.raises(SliceError) as info:
            slice_dialect.compile(_fallback_text(program, case), "main")
        assert str(info.value) == message or str(info.value) == structural
        return
    x = (
        vector_input(vector)
        if math.prod(case.data_shape) <= MAX_VECTOR_ELEMENTS
        else None
    )
    if x is None:
        pytest.skip("input too large to allocate")
    for backend in BACKENDS:
        kernel = slice_dialect.compile(program.text(), "main", backend)
        with pytest.raises(SliceError) as info:
            kernel(*program.call_arguments(case, x, 0))
        assert str(info.value) == message, f"{vector.name}, backend {backend}"


def _fallback_text(program: Dynamic, case: SliceCase) -> str:
    """The dynamic program with the data shape as its result type (for ops whose
    structure is invalid, so that no result type can be inferred)."""
    lines: list[str] = []
    params = Arguments()
    data_t = dynamic_tensor_type(program.data_dims, program.element_type)
    render_op(case, "%x", "%r", program.element_type, params, lines, data_t, data_t)
    args = [f"%x: {data_t}"] + [f"{n}: {t}" for n, t, _ in params.arguments]
    body = "".join(f"  {line}\n" for line in lines)
    return (
        f"func.func @main({', '.join(args)}) -> {data_t} {{\n{body}"
        f"  func.return %r : {data_t}\n}}\n"
    )


@pytest.mark.parametrize("backend", BACKENDS)
def test_vector_dynamic_dim(backend: str) -> None:
    """C116: a TensorFlow strided slice of ``tensor<?x6>`` keeps dim 0 dynamic; every
    size of it gives the constant op's bits."""
    (vector,) = [v for v in VECTORS if v.id == "C116"]
    case = vector_case(vector)
    program = Dynamic(case, "i64", arguments=False, dynamic_dims=True, dims=(None, 6))
    assert program.result_dims() == (None, 2)
    cases = [checked(replace(case, data_shape=(rows, 6))) for rows in range(6)]
    kernel = slice_dialect.compile(program.text(), "main", backend)
    inputs = [np.arange(rows * 6, dtype=np.int64).reshape(rows, 6) for rows in range(6)]
    reference = slice_dialect.compile(static_module(cases, "i64"), "main", backend)
    for got_input, want in zip(inputs, as_tuple(reference(*inputs))):
        assert same_bits(kernel(got_input), want)


PROMISE_OF_RANK_5 = """\
func.func @main(%x: tensor<?x?x?x?x?xf32>, %s: tensor<1xi64>) -> tensor<1x1x1x1x1xf32> {
  %r = slice.onnx %x starts %s ends %s : tensor<?x?x?x?x?xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<1x1x1x1x1xf32>
  func.return %r : tensor<1x1x1x1x1xf32>
}
"""


def test_promise_of_rank_5() -> None:
    """A static result type of rank 5 on ``?`` data: the call with data that breaks it
    raises the verifier's message (the interpreter backend already does)."""
    x = np.zeros((2, 1, 1, 1, 1), np.float32)
    for backend in BACKENDS:
        kernel = slice_dialect.compile(PROMISE_OF_RANK_5, "main", backend)
        with pytest.raises(SliceError) as info:
            kernel(x, [0])
        assert str(info.value) == (
            "slice.onnx: result type tensor<1x1x1x1x1xf32> does not match the shape "
            "[0, 1, 1, 1, 1] the slice gives"
        )


LESS_STATIC_RESULT = """\
func.func @main(%x: tensor<5xf32>) -> tensor<?xf32> {
  %b = arith.constant dense<[1]> : tensor<1xi64>
  %e = arith.constant dense<[3]> : tensor<1xi64>
  %r = slice.onnx %x starts %b ends %e : tensor<5xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_less_static_result_type(backend: str) -> None:
    """A result type with ``?`` where the size is static (the verifier accepts it)
    compiles and gives the static op's result."""
    x = np.arange(5, dtype=np.float32)
    kernel = slice_dialect.compile(LESS_STATIC_RESULT, "main", backend)
    assert same_bits(kernel(x), x[1:3])


PROMISE_WITH_ENCODING = """\
func.func @main(%x: tensor<?x6xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<2x6xf32, {a = 1 : i64}> {
  %r = slice.onnx %x starts %s ends %e : tensor<?x6xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<2x6xf32, {a = 1 : i64}>
  func.return %r : tensor<2x6xf32, {a = 1 : i64}>
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_promise_of_a_result_type_with_braces(backend: str) -> None:
    """A static result type whose encoding holds braces: the run-time check of its
    promise is a valid ``slice.check`` message (the type's braces were read as a
    placeholder, so the program did not compile), and a call that breaks it raises the
    verifier's message with the type as it prints."""
    x = np.arange(24, dtype=np.float32).reshape(4, 6)
    kernel = slice_dialect.compile(PROMISE_WITH_ENCODING, "main", backend)
    assert same_bits(kernel(x, [1], [3]), x[1:3])
    with pytest.raises(SliceError) as info:
        kernel(x, [1], [4])
    assert str(info.value) == (
        "slice.onnx: result type tensor<2x6xf32, {a = 1 : i64}> does not match the "
        "shape [3, 6] the slice gives"
    )


def _promise_of_rank(rank: int) -> str:
    """``x[newaxis, ..., newaxis, b:e:s]`` of ``?`` data with run-time parameters and a
    static result type of ``rank`` 1s (``rank - 1`` new axes, then one range)."""
    ones = "x".join(["1"] * rank)
    index = f"tensor<{rank}xi64>"
    return f"""\
func.func @main(%x: tensor<?xf32>, %b: {index}, %e: {index}, %s: {index}) -> tensor<{ones}xf32> {{
  %r = slice.tf_strided_slice %x begin %b end %e strides %s {{new_axis_mask = {2 ** (rank - 1) - 1} : i64}} : tensor<?xf32>, {index}, {index}, {index} -> tensor<{ones}xf32>
  func.return %r : tensor<{ones}xf32>
}}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_promise_of_rank_20_with_one_run_time_dim(backend: str) -> None:
    """A static result type of rank 20 whose dims are all constant but one: the check
    of its promise carries that one run-time value (it carried all 20, more than the
    16 a C kernel reports, so the C backend refused the program)."""
    rank = 20
    kernel = slice_dialect.compile(_promise_of_rank(rank), "main", backend)
    x = np.arange(5, dtype=np.float32)
    zeros = [0] * (rank - 1)
    expected = x[2:3].reshape((1,) * rank)
    assert same_bits(kernel(x, [*zeros, 2], [*zeros, 3], [1] * rank), expected)
    with pytest.raises(SliceError) as info:
        kernel(x, [*zeros, 1], [*zeros, 3], [1] * rank)
    ones = "x".join(["1"] * rank)
    shape = ", ".join(["1"] * (rank - 1) + ["2"])
    assert str(info.value) == (
        f"slice.tf_strided_slice: result type tensor<{ones}xf32> does not match the "
        f"shape [{shape}] the slice gives"
    )


MORE_STATIC_CAST = """\
func.func @main(%x: tensor<?x?xf32>) -> tensor<4x6xf32> {
  %c = tensor.cast %x : tensor<?x?xf32> to tensor<4x6xf32>
  func.return %c : tensor<4x6xf32>
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_returned_cast_to_a_static_type(backend: str) -> None:
    """An argument with ``?`` dims returned through a ``tensor.cast`` to a static
    type: copied with the checks of its run-time dims (the static copy collapsed the
    ``?x?`` buffer into a memref of 8.5e37 elements, which the C target refused, and the
    interpreter failed a smaller argument with ``slice.copy_run: reads source outside
    [0, 18)``)."""
    kernel = slice_dialect.compile(MORE_STATIC_CAST, "main", backend, filename="m.mlir")
    x = np.arange(24, dtype=np.float32).reshape(4, 6)
    assert same_bits(kernel(x), x)
    with pytest.raises(SliceError) as info:
        kernel(x[:3])
    # the cast's check, at the cast (session 43: it named the func.return), with the
    # interpreter's message since session 55 ("sizes[0] = 3 but the output has 4 in
    # dimension 0" before)
    assert str(info.value) == (
        "tensor.cast: dimension 0 of the value is 3 but the result type "
        "tensor<4x6xf32> has 4"
    )
    assert info.value.location == "m.mlir:2:3"
