"""Differential tests: every way of running a slice program gives the same bits.

The reference is the tensor-level interpreter (``slice_dialect.interpreter``) on the
module as written. Against it:

a. ``canonicalize-slices``: the module after the pass means the same (bit-identical
   results), holds no framework op, only normal-form windows (no window of a window that
   composes, no identity window), is a fixpoint of the pass, and equals what
   ``-p canonicalize`` gives;
b. numpy: TensorFlow/OpenVINO strided slices equal ``x[index]`` for the numpy index of
   their masks, ONNX/OpenVINO slices Python slicing (with SPEC's one exception: a negative
   step's start below ``-dim`` reads element 0), DirectML windows their element formula;
c. the backends: ``compile(..., backend="c")`` on random programs of every op, every
   element type and ranks 0 to 6, ``backend="interpreter"`` on small ones, and a few
   hand-written modules (three chained slices with two results, empty results, a
   function returning its argument, an argument used twice);
d. invalid programs: ``compile`` raises ``SliceError`` naming the op.

Programs come from ``tests/generators.py``.

Environment:

* ``SLICE_DIFF_EXAMPLES`` (default 12): ``max_examples`` of each hypothesis test (three
  times that for the cheap numpy test, a third for single ops through C, a half for
  chains through C); the grid of (op x element type) C programs runs
  ``max(1, SLICE_DIFF_EXAMPLES // 60)`` programs per cell. ``SLICE_DIFF_EXAMPLES=1000``
  is a big run.
* ``SLICE_DIFF_RANDOM=1``: new random examples each run (default: derandomized, so CI
  sees the same examples every time).

Run: ``pytest tests/test_differential.py`` (add ``-n 2`` with pytest-xdist).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from generators import (
    ELEMENT_TYPES,
    EXTRA_ELEMENT_TYPES,
    MAX_RANK,
    OPS,
    Program,
    chain_programs,
    invalid_programs,
    op_ranks,
    random_array,
    random_parallel_program,
    slice_programs,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import numpy_result
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.transforms.canonicalize import CanonicalizePass

import slice_dialect
from passes.canonicalize_slices import CanonicalizeSlicesPass
from slice_dialect import semantics
from slice_dialect.compiler import make_context, parse_module
from slice_dialect.dialect import FrameworkSliceOp, WindowOp, shape_of
from slice_dialect.interpreter import make_interpreter

NDArray = npt.NDArray[Any]

EXAMPLES = int(os.environ.get("SLICE_DIFF_EXAMPLES", "12"))
RANDOM = os.environ.get("SLICE_DIFF_RANDOM") == "1"
GRID_ROUNDS = max(1, EXAMPLES // 60)
SMALL = 48
"""Most elements per argument for the (slow) interpreter backend."""

SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not RANDOM,
    database=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)
ALL_ELEMENT_TYPES = ELEMENT_TYPES + EXTRA_ELEMENT_TYPES
CTX = make_context()


# --- helpers ---------------------------------------------------------------------------


def parse(text: str) -> ModuleOp:
    return parse_module(text, CTX)


def reference(
    module: ModuleOp, inputs: Sequence[NDArray], entry: str = "main"
) -> tuple[NDArray, ...]:
    """The tensor-level interpreter's results for ``@entry``."""
    results = make_interpreter(module).call_op(entry, tuple(inputs))
    return tuple(np.asarray(r) for r in results)


def as_tuple(result: NDArray | tuple[NDArray, ...]) -> tuple[NDArray, ...]:
    return result if isinstance(result, tuple) else (result,)


def describe(program: Program | str, inputs: Sequence[NDArray], seed: int | None) -> str:
    text = program.text if isinstance(program, Program) else program
    shapes = ", ".join(f"{a.dtype}{list(a.shape)}" for a in inputs)
    return f"seed {seed}, inputs {shapes}\n{text}"


def assert_same(
    got: Sequence[NDArray], expected: Sequence[NDArray], what: str, context: str
) -> None:
    """Same number of results, and each has the same dtype, shape and bytes."""
    assert len(got) == len(expected), (
        f"{what}: {len(got)} results, expected {len(expected)}\n{context}"
    )
    for k, (g, e) in enumerate(zip(got, expected)):
        g, e = np.asarray(g), np.asarray(e)
        assert g.dtype == e.dtype, (
            f"{what}: result {k} dtype {g.dtype} != {e.dtype}\n{context}"
        )
        assert g.shape == e.shape, (
            f"{what}: result {k} shape {g.shape} != {e.shape}\n{context}"
        )
        if g.tobytes() != e.tobytes():
            raise AssertionError(
                f"{what}: result {k} differs\ngot      {g.tobytes().hex()}\n"
                f"expected {e.tobytes().hex()}\n{context}"
            )


def canonicalized(module: ModuleOp) -> ModuleOp:
    result = module.clone()
    CanonicalizeSlicesPass().apply(CTX, result)
    result.verify()
    return result


def check_normal_form(module: ModuleOp, context: str) -> None:
    """No framework op; windows never compose further and are never the identity."""
    for op in module.walk():
        assert not isinstance(op, FrameworkSliceOp), (
            f"{op.name} left\n{module}\n{context}"
        )
        if op.dialect_name() == "slice":
            assert isinstance(op, WindowOp), f"{op.name} left\n{module}\n{context}"
        if not isinstance(op, WindowOp):
            continue
        source_type, result_type = op.source.type, op.result.type
        assert isinstance(source_type, TensorType) and isinstance(result_type, TensorType)
        source_shape = [d for d in shape_of(source_type) if d is not None]
        assert not (result_type == source_type and op.window.is_identity(source_shape)), (
            f"identity window left\n{module}\n{context}"
        )
        inner = op.source.owner
        if isinstance(inner, WindowOp):
            inner_type = inner.result.type
            assert isinstance(inner_type, TensorType)
            composed = semantics.compose(
                inner.window,
                [d for d in shape_of(inner_type) if d is not None],
                op.window,
                [d for d in shape_of(result_type) if d is not None],
            )
            assert composed is None, f"window of a window left\n{module}\n{context}"


def check_canonicalization(program: Program, seed: int) -> None:
    module = parse(program.text)
    inputs = program.inputs(seed)
    context = describe(program, inputs, seed)
    before = reference(module, inputs)
    after_module = canonicalized(module)
    context += f"\nafter canonicalize-slices:\n{after_module}"
    assert_same(reference(after_module, inputs), before, "canonicalize-slices", context)
    check_normal_form(after_module, context)
    main = next(op for op in after_module.walk() if isinstance(op, func.FuncOp))
    leftovers = [
        op.name for op in main.body.ops if not isinstance(op, WindowOp | func.ReturnOp)
    ]
    assert not leftovers, f"ops other than windows left: {leftovers}\n{context}"
    again = canonicalized(after_module)
    assert str(again) == str(after_module), (
        f"canonicalize-slices is not a fixpoint\n{again}\n{context}"
    )
    upstream = module.clone()
    CanonicalizePass().apply(CTX, upstream)
    assert str(upstream) == str(after_module), (
        f"-p canonicalize differs:\n{upstream}\n{context}"
    )


# --- a. canonicalization preserves meaning ---------------------------------------------


@pytest.mark.parametrize("op", OPS)
@SETTINGS
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_canonicalize_single_op(op: str, data: st.DataObject, seed: int) -> None:
    program = data.draw(slice_programs(op=op), label="program")
    check_canonicalization(program, seed)


@SETTINGS
@given(program=chain_programs(), seed=st.integers(0, 2**32 - 1))
def test_canonicalize_chain(program: Program, seed: int) -> None:
    check_canonicalization(program, seed)


# --- b. the reference interpreter equals numpy -----------------------------------------


@pytest.mark.parametrize("op", OPS)
@settings(SETTINGS, max_examples=3 * EXAMPLES)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_reference_equals_numpy(op: str, data: st.DataObject, seed: int) -> None:
    program = data.draw(slice_programs(op=op), label="program")
    (case,) = program.cases
    (x,) = program.inputs(seed)
    expected = np.array(
        numpy_result(case.op, x, {**case.operands, **case.props}), order="C"
    )
    context = describe(program, (x,), seed) + f"\nnumpy index: {case}"
    assert_same(reference(parse(program.text), (x,)), (expected,), "numpy", context)


# --- c. the backends agree with the reference ------------------------------------------


def run_backends(program: Program, seed: int, interpreter: bool) -> None:
    """C (and the interpreter backend when asked) against the reference."""
    inputs = program.inputs(seed)
    context = describe(program, inputs, seed)
    module = parse(program.text)
    expected = reference(module, inputs)
    # With both backends, the text: they share its lowering (compile's memo); else
    # the module parsed once (compile clones it).
    source = program.text if interpreter else module
    kernel = slice_dialect.compile(source, "main", backend="c")
    assert_same(as_tuple(kernel(*inputs)), expected, "backend c", context)
    if interpreter:
        kernel = slice_dialect.compile(source, "main", backend="interpreter")
        assert_same(as_tuple(kernel(*inputs)), expected, "backend interpreter", context)


def small(program: Program) -> bool:
    return all(int(np.prod(s)) <= SMALL for s in program.input_shapes)


@pytest.mark.parametrize("op", OPS)
@settings(SETTINGS, max_examples=max(1, EXAMPLES // 3))
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_backends_single_op(op: str, data: st.DataObject, seed: int) -> None:
    element_type = data.draw(st.sampled_from(ALL_ELEMENT_TYPES), label="element type")
    program = data.draw(slice_programs(op=op, element_type=element_type), label="program")
    run_backends(program, seed, interpreter=small(program))


@settings(SETTINGS, max_examples=max(1, EXAMPLES // 2))
@given(program=chain_programs(), seed=st.integers(0, 2**32 - 1))
def test_backends_chain(program: Program, seed: int) -> None:
    run_backends(program, seed, interpreter=small(program))


@pytest.mark.parametrize("element_type", ELEMENT_TYPES)
@pytest.mark.parametrize("op", OPS)
def test_backends_grid(op: str, element_type: str) -> None:
    """Every op x element type x rank 0..6 (as the op allows), with a small program of
    the same cell beside it (``@tiny``), in one C compile; the interpreter backend on
    the small one."""
    lo, hi = op_ranks(op)
    ranks = list(range(lo, min(hi, MAX_RANK) + 1))
    for round_ in range(GRID_ROUNDS):
        seed = OPS.index(op) * 1000 + ELEMENT_TYPES.index(element_type) * 10 + round_
        options = {"op": op, "element_type": element_type, "ranks": ranks}
        program = random_parallel_program(seed, **options)
        tiny = random_parallel_program(seed, max_elements=16, **options)
        text = program.text + tiny.function("tiny")
        module = parse(text)
        for entry, drawn, backends in (
            ("main", program, ("c",)),
            ("tiny", tiny, ("c", "interpreter")),
        ):
            inputs = drawn.inputs(seed)
            context = f"@{entry} of " + describe(text, inputs, seed)
            expected = reference(module, inputs, entry)
            for backend in backends:
                # one lowering and one C compile for the three (compile's memo)
                kernel = slice_dialect.compile(text, entry, backend)  # type: ignore[arg-type]
                got = as_tuple(kernel(*inputs))
                assert_same(got, expected, f"backend {backend}", context)


HANDWRITTEN_TYPES = ("f32", "i1", "bf16", "complex<f64>", "ui8", "i64")


def handwritten(text: str, element_type: str) -> str:
    return text.replace("ELT", element_type)


CHAIN_OF_THREE = """
func.func @main(%x: tensor<4x6x5xELT>) -> (tensor<3x2xELT>, tensor<3x6x2xELT>) {
  %s = arith.constant dense<[1, -1]> : tensor<2xi64>
  %e = arith.constant dense<[4, -9223372036854775808]> : tensor<2xi64>
  %a = arith.constant dense<[0, -1]> : tensor<2xi64>
  %st = arith.constant dense<[1, -2]> : tensor<2xi64>
  %r0 = slice.onnx %x starts %s ends %e axes %a steps %st
      : tensor<4x6x5xELT>, tensor<2xi64>, tensor<2xi64> axes tensor<2xi64>
        steps tensor<2xi64> -> tensor<3x6x3xELT>
  %r1 = slice.dml_slice1 %r0 window_offsets [0, 0, 1] window_sizes [3, 6, 2]
      window_strides [1, 1, 1] : tensor<3x6x3xELT> -> tensor<3x6x2xELT>
  %b = arith.constant dense<[0, 1, 0]> : tensor<3xi32>
  %en = arith.constant dense<[0, 6, 0]> : tensor<3xi32>
  %str = arith.constant dense<[1, 2, 1]> : tensor<3xi32>
  %r2 = slice.tf_strided_slice %r1 begin %b end %en strides %str
      {shrink_axis_mask = 1 : i64, end_mask = 4 : i64}
      : tensor<3x6x2xELT>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32> -> tensor<3x2xELT>
  func.return %r2, %r1 : tensor<3x2xELT>, tensor<3x6x2xELT>
}
"""


def chain_of_three_expected(x: NDArray) -> tuple[NDArray, ...]:
    r1 = x[1:4, :, ::-2][:, :, 1:3]
    return (r1[0, 1:6:2, :], r1)


EMPTY_RESULTS = """
func.func @main(%x: tensor<3x0x2xELT>, %y: tensor<4x3xELT>)
    -> (tensor<2x0x2xELT>, tensor<0x2xELT>, tensor<0x3xELT>, tensor<3x0x2xELT>) {
  %a = slice.onnx_v1 %x starts [1] ends [3] : tensor<3x0x2xELT> -> tensor<2x0x2xELT>
  %two = arith.constant dense<[2]> : tensor<1xi64>
  %zero = arith.constant dense<[0]> : tensor<1xi64>
  %one = arith.constant dense<[1]> : tensor<1xi64>
  %b = slice.tf_strided_slice %x begin %two end %zero strides %one
      {shrink_axis_mask = 1 : i64}
      : tensor<3x0x2xELT>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<0x2xELT>
  %c = slice.ov_slice %y start %two stop %two step %one
      : tensor<4x3xELT>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64> -> tensor<0x3xELT>
  func.return %a, %b, %c, %x
      : tensor<2x0x2xELT>, tensor<0x2xELT>, tensor<0x3xELT>, tensor<3x0x2xELT>
}
"""


def empty_results_expected(x: NDArray, y: NDArray) -> tuple[NDArray, ...]:
    return (x[1:3], x[2], y[2:2], x)


RETURNS_ARGUMENT = """
func.func @main(%x: tensor<2x3xELT>) -> tensor<2x3xELT> {
  func.return %x : tensor<2x3xELT>
}
func.func @whole(%x: tensor<2x3xELT>) -> tensor<2x3xELT> {
  %r = slice.onnx_v1 %x starts [0, -9223372036854775808] ends [9223372036854775807, 3]
      : tensor<2x3xELT> -> tensor<2x3xELT>
  func.return %r : tensor<2x3xELT>
}
"""

ARGUMENT_TWICE = """
func.func @main(%x: tensor<5x4xELT>)
    -> (tensor<2x4xELT>, tensor<5x2xELT>, tensor<5x4xELT>, tensor<2x4xELT>) {
  %a = slice.onnx_v1 %x starts [1] ends [3] : tensor<5x4xELT> -> tensor<2x4xELT>
  %begin = arith.constant dense<[0, 3]> : tensor<2xi64>
  %end = arith.constant dense<[0, 0]> : tensor<2xi64>
  %strides = arith.constant dense<[1, -2]> : tensor<2xi64>
  %b = slice.tf_strided_slice %x begin %begin end %end strides %strides
      {begin_mask = 1 : i64, end_mask = 1 : i64}
      : tensor<5x4xELT>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64> -> tensor<5x2xELT>
  func.return %a, %b, %x, %a
      : tensor<2x4xELT>, tensor<5x2xELT>, tensor<5x4xELT>, tensor<2x4xELT>
}
func.func @pair(%x: tensor<5x4xELT>, %y: tensor<5x4xELT>) -> (tensor<4xELT>, tensor<5xELT>) {
  %a = slice.dml_slice1 %x window_offsets [2, 0] window_sizes [1, 4] window_strides [1, 1]
      : tensor<5x4xELT> -> tensor<1x4xELT>
  %a2 = slice.window %a offsets [0, 0] sizes [1, 4] strides [1, 1]
      : tensor<1x4xELT> -> tensor<4xELT>
  %b = slice.dml_slice1 %y window_offsets [0, 1] window_sizes [5, 1] window_strides [-1, 1]
      : tensor<5x4xELT> -> tensor<5x1xELT>
  %b2 = slice.window %b offsets [0, 0] sizes [5, 1] strides [1, 1]
      : tensor<5x1xELT> -> tensor<5xELT>
  func.return %a2, %b2 : tensor<4xELT>, tensor<5xELT>
}
"""


def check_handwritten(
    text: str,
    entry: str,
    inputs: Sequence[NDArray],
    expected: Sequence[NDArray],
) -> None:
    module = parse(text)
    results = make_interpreter(module).call_op(entry, tuple(inputs))
    reference_results = tuple(np.asarray(r) for r in results)
    context = describe(text, inputs, None)
    expected = tuple(np.array(e, order="C") for e in expected)
    assert_same(reference_results, expected, "reference vs numpy", context)
    for backend in ("c", "interpreter"):
        kernel = slice_dialect.compile(text, entry, backend=backend)
        assert_same(as_tuple(kernel(*inputs)), expected, f"backend {backend}", context)
        # again into preallocated arrays full of other bytes
        out = tuple(np.empty_like(e) for e in expected)
        for o in out:
            o.reshape(-1).view(np.uint8)[:] = 1 if o.dtype == np.bool_ else 0xA5
        returned = as_tuple(kernel(*inputs, out=out if len(out) > 1 else out[0]))
        assert all(r is o for r, o in zip(returned, out)), f"out= not returned\n{context}"
        assert_same(out, expected, f"backend {backend} with out=", context)


@pytest.mark.parametrize("element_type", HANDWRITTEN_TYPES)
def test_chain_of_three_two_results(element_type: str) -> None:
    x = random_array(element_type, (4, 6, 5), 1)
    text = handwritten(CHAIN_OF_THREE, element_type)
    check_handwritten(text, "main", (x,), chain_of_three_expected(x))


@pytest.mark.parametrize("element_type", HANDWRITTEN_TYPES)
def test_empty_results(element_type: str) -> None:
    x = random_array(element_type, (3, 0, 2), 2)
    y = random_array(element_type, (4, 3), 3)
    text = handwritten(EMPTY_RESULTS, element_type)
    check_handwritten(text, "main", (x, y), empty_results_expected(x, y))


@pytest.mark.parametrize("element_type", HANDWRITTEN_TYPES)
def test_returns_argument(element_type: str) -> None:
    x = random_array(element_type, (2, 3), 4)
    text = handwritten(RETURNS_ARGUMENT, element_type)
    check_handwritten(text, "main", (x,), (x,))
    check_handwritten(text, "whole", (x,), (x,))


@pytest.mark.parametrize("element_type", HANDWRITTEN_TYPES)
def test_argument_used_twice(element_type: str) -> None:
    x = random_array(element_type, (5, 4), 5)
    text = handwritten(ARGUMENT_TWICE, element_type)
    check_handwritten(text, "main", (x,), (x[1:3], x[:, 3:0:-2], x, x[1:3]))
    # the same array as both arguments
    check_handwritten(text, "pair", (x, x), (x[2], x[::-1, 1]))


# --- d. invalid programs are SliceErrors -----------------------------------------------


@SETTINGS
@given(program=invalid_programs())
def test_invalid_programs_raise_slice_error(program: Program) -> None:
    (case,) = program.cases
    with pytest.raises(slice_dialect.SliceError) as info:
        slice_dialect.compile(program.text, "main", backend="interpreter")
    assert case.name in str(info.value), (
        f"message does not name {case.name}: {info.value}\n{program.text}\n"
        f"semantics: {program.error}"
    )
    # where the semantics refused the parameters, its own message, by the op's own
    # name (slice.onnx_v1's rule is onnx_on at opset 1, and must say slice.onnx_v1)
    if case.error is not None and case.error.startswith("slice."):
        assert case.error in str(info.value), (
            f"{info.value}\n{program.text}\nsemantics: {case.error}"
        )
