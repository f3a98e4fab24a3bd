"""A seeded fuzzer over whole programs: random chains through the whole pipeline.

Each seed is one program (``tests/generators.py``: 1 to 4 mixed slice ops, each slicing
the previous result, sometimes returning an intermediate value, the argument or a value
twice; index operands as ``arith.constant``; every element type) and one set of random
inputs. The program is compiled with ``backend="c"`` and its results must equal, bit for
bit, the tensor-level interpreter's on the module as written (and on the module after
``canonicalize-slices``). Every third seed also calls the kernel with preallocated
``out=`` arrays, and small programs also run on the interpreter backend. A mismatch
prints the seed and the IR; ``random_chain_program(seed)`` rebuilds the program.

Dynamic programs (issues 10 and 12): each seed is also one random dynamic program
(``tests/dynamic_programs.py``: a framework op whose index operands are function
arguments and/or whose data dims are ``?``) called with extreme run-time values on the C
and interpreter backends: every call returns the numpy oracle's result for the same op
with constants, or raises ``SliceError`` with the verifier's message for it. And one
mutated lowered dynamic program (``hostile.dynamic_mutant``: checks dropped, operands
swapped, extreme constants, predicates changed, ``overflow<nsw>`` lies): the C target
refuses it with a ``SliceError`` or every call returns or raises ``SliceError`` and
leaves its inputs as they were, in a forked child (``hostile.mutant_calls_in_child``: a
mutant still running after ``MUTANT_SECONDS`` is killed and warned of, not failed; the
sanitizer test runs the same mutants under ASan).

Environment: ``SLICE_FUZZ_SEEDS`` (default 6) seeds, ``range(SLICE_FUZZ_SEEDS)``;
``SLICE_FUZZ_FIRST`` (default 0) shifts the range, for fresh programs.

Run: ``pytest tests/test_fuzz_programs.py`` (``SLICE_FUZZ_SEEDS=500 pytest -n 2 ...``
for a big run).
"""

from __future__ import annotations

import os
import re
import signal
import time
import warnings
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from c_warnings import c_warnings
from dynamic_programs import MODES, dynamic_program
from generators import OPS, random_chain_program
from hostile import (
    MUTANT_SECONDS,
    MutantCalls,
    dynamic_mutant,
    mutant_calls_in_child,
)
from oracle import same_bits

import slice_dialect
from passes.canonicalize_slices import CanonicalizeSlicesPass
from slice_dialect.backend.c import emit_c
from slice_dialect.compiler import (
    lower,
    lowered_signature,
    make_context,
    parse_module,
)
from slice_dialect.errors import SliceError
from slice_dialect.interpreter import make_interpreter
from slice_dialect.runtime.kernels import load_kernel

NDArray = npt.NDArray[Any]

SEEDS = int(os.environ.get("SLICE_FUZZ_SEEDS", "6"))
FIRST = int(os.environ.get("SLICE_FUZZ_FIRST", "0"))
SMALL = 64
"""Most input elements for a program to also run on the (slow) interpreter backend."""

CTX = make_context()


def as_tuple(result: NDArray | tuple[NDArray, ...]) -> tuple[NDArray, ...]:
    return result if isinstance(result, tuple) else (result,)


def mismatch(got: tuple[NDArray, ...], expected: tuple[NDArray, ...]) -> str | None:
    """Why ``got`` differs from ``expected`` (dtype, shape or bytes), else ``None``."""
    if len(got) != len(expected):
        return f"{len(got)} results, expected {len(expected)}"
    for k, (g, e) in enumerate(zip(got, expected)):
        if g.dtype != e.dtype or g.shape != e.shape:
            return (
                f"result {k}: {g.dtype}{list(g.shape)}, expected {e.dtype}{list(e.shape)}"
            )
        if g.tobytes() != e.tobytes():
            return (
                f"result {k} differs:\n  got      {g.tobytes().hex()}\n"
                f"  expected {e.tobytes().hex()}"
            )
    return None


@pytest.mark.parametrize("seed", range(FIRST, FIRST + SEEDS))
def test_fuzz_program(seed: int) -> None:
    program = random_chain_program(seed, max_elements=4096)
    inputs = program.inputs(seed)
    shapes = ", ".join(f"{a.dtype}{list(a.shape)}" for a in inputs)
    context = f"seed {seed} (inputs {shapes}); the program:\n{program.text}"

    module = parse_module(program.text, CTX)
    expected = tuple(
        np.asarray(r) for r in make_interpreter(module).call_op("main", inputs)
    )
    canonical = module.clone()
    CanonicalizeSlicesPass().apply(CTX, canonical)
    after = tuple(
        np.asarray(r) for r in make_interpreter(canonical).call_op("main", inputs)
    )
    why = mismatch(after, expected)
    assert why is None, f"canonicalize-slices changed the results: {why}\n{context}"

    kernel = slice_dialect.compile(program.text, "main", backend="c")
    why = mismatch(as_tuple(kernel(*inputs)), expected)
    assert why is None, f"C backend: {why}\n{context}"

    if seed % 3 == 0:
        out = tuple(np.empty_like(e) for e in expected)
        for o in out:
            o.reshape(-1).view(np.uint8)[:] = 1 if o.dtype == np.bool_ else 0x5A
        returned = as_tuple(kernel(*inputs, out=out[0] if len(out) == 1 else out))
        assert all(r is o for r, o in zip(returned, out)), f"out= not returned\n{context}"
        why = mismatch(out, expected)
        assert why is None, f"C backend with out=: {why}\n{context}"

    if all(a.size <= SMALL for a in inputs):
        kernel = slice_dialect.compile(program.text, "main", backend="interpreter")
        why = mismatch(as_tuple(kernel(*inputs)), expected)
        assert why is None, f"interpreter backend: {why}\n{context}"


def test_fuzz_programs_c_is_warning_free() -> None:
    """The C of each seed's chain and dynamic program builds with ``-Wall -Wextra
    -Werror``: no value, buffer or parameter it declares goes unused (an intermediate
    result only an empty slice took was written and never read)."""
    for seed in range(FIRST, FIRST + SEEDS):
        dynamic = dynamic_program(
            seed, op=OPS[seed % len(OPS)], mode=MODES[seed // len(OPS) % len(MODES)]
        )
        for text in (random_chain_program(seed, max_elements=4096).text, dynamic.text):
            module = parse_module(text, CTX)
            lower(module, CTX)
            warnings = c_warnings(emit_c(module))
            assert warnings == "", f"seed {seed}:\n{warnings}\nthe program:\n{text}"


GATHER_OF_SIXTEEN = """\
func.func @main(%x: tensor<?x?x?x?xi8>) -> tensor<4x2x2x1xi8> {
  %r = "slice.dml_slice1"(%x) <{window_offsets = array<i64: 0, 0, 1, 0>, window_sizes = array<i64: 4, 3, 2, 1>, window_strides = array<i64: -1, 1, 1, -4>}> : (tensor<?x?x?x?xi8>) -> tensor<4x2x2x1xi8>
  func.return %r : tensor<4x2x2x1xi8>
}
"""
"""Seed 197's dynamic program (found with ``SLICE_FUZZ_FIRST=12 SLICE_FUZZ_SEEDS=1500``):
gcc cloned the byte gather for its run of 16 and warned (-Waggressive-loop-optimizations)
on the gather's tail loop, which it could not bound."""


def test_a_gather_of_a_known_count_is_warning_free() -> None:
    module = parse_module(GATHER_OF_SIXTEEN, CTX)
    lower(module, CTX)
    assert c_warnings(emit_c(module)) == ""


DYNAMIC_CALLS = 8


@pytest.mark.parametrize("seed", range(FIRST, FIRST + SEEDS))
def test_fuzz_dynamic_program(seed: int) -> None:
    """A dynamic program (every op and mode in turn) on both backends: the oracle's
    result or the verifier's message for the same op with constants, at every call."""
    program = dynamic_program(
        seed, op=OPS[seed % len(OPS)], mode=MODES[seed // len(OPS) % len(MODES)]
    )
    kernels = {
        backend: slice_dialect.compile(program.text, "main", backend)
        for backend in ("c", "interpreter")
    }
    for call in program.calls(DYNAMIC_CALLS, seed):
        context = f"seed {seed}: {call.describe()}; the program:\n{program.text}"
        message = call.verifier_message()
        for backend, kernel in kernels.items():
            if backend == "interpreter" and call.x.size > SMALL:
                continue
            try:
                got = kernel(call.x, *call.arguments)
            except SliceError as e:
                assert str(e) == message, f"{backend}: {e}\n{context}"
                continue
            assert message is None, f"{backend}: returned, expected {message}\n{context}"
            assert same_bits(got, call.expected()), f"{backend}: differs\n{context}"


@pytest.mark.parametrize("seed", range(FIRST, FIRST + SEEDS))
def test_fuzz_dynamic_mutant(seed: int) -> None:
    """A mutated lowered dynamic program: refused by the C target (or, when it writes
    an input, by ``lowered_signature``), or every call returns or raises
    ``SliceError`` and leaves the inputs unchanged."""
    mutant = dynamic_mutant(seed)
    context = f"mutant {seed} ({', '.join(mutant.mutations)}):\n{mutant.text}"
    if mutant.module is None:
        return  # the mutation broke the IR's own rules: xDSL's verifier refuses it
    try:  # the C target's checks, then the runtime's (no input written)
        source = emit_c(mutant.module)
        s = lowered_signature(mutant.module, mutant.signature)
    except SliceError as e:
        assert str(e), context
        return
    kernel = load_kernel(
        source, "main", s.inputs, s.outputs, shape_function=s.shape_function
    )
    counts = mutant_calls_in_child(kernel, mutant, DYNAMIC_CALLS, seed, f"mutant {seed}")
    if counts is None:  # memory-safe for MUTANT_SECONDS; its loops need not end
        warnings.warn(
            f"mutant {seed}: still running after {MUTANT_SECONDS} s; killed",
            stacklevel=1,
        )
        return
    assert counts.calls == DYNAMIC_CALLS and counts.failures == 0, (
        f"{counts} (the failures are printed above)\n{context}"
    )


def test_mutant_calls_in_child_reports_each_outcome() -> None:
    """``mutant_calls_in_child`` on stand-in kernels: returns, ``SliceError``, another
    exception, an input written, a call that never ends (killed after ``seconds``)
    and a crash are told apart."""
    mutant = dynamic_mutant(0)
    calls = list(mutant.program.calls(DYNAMIC_CALLS, 0))
    nonempty = sum(call.x.size > 0 for call in calls)
    assert nonempty > 0

    def returns(*inputs: NDArray) -> None:
        return None

    def raises(*inputs: NDArray) -> None:
        raise SliceError("a check failed")

    def breaks(*inputs: NDArray) -> None:
        raise ValueError("not a SliceError")

    def writes(x: NDArray, *arguments: NDArray) -> None:
        if x.size:  # a copy, C-contiguous: flip a bit of its first byte
            x.reshape(-1).view(np.uint8)[0] ^= 1

    def hangs(*inputs: NDArray) -> None:
        time.sleep(3600)

    def crashes(*inputs: NDArray) -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    def run(kernel: Any, seconds: float = 60) -> MutantCalls | None:
        return mutant_calls_in_child(kernel, mutant, DYNAMIC_CALLS, 0, "test", seconds)

    n = len(calls)
    assert run(returns) == MutantCalls(n, n, 0, 0)
    assert run(raises) == MutantCalls(n, 0, n, 0)
    assert run(breaks) == MutantCalls(n, 0, 0, n)
    assert run(writes) == MutantCalls(n, n, 0, nonempty)
    assert run(hangs, seconds=1) is None
    assert run(crashes) == MutantCalls(1, 0, 0, 1)


def _extracting(program_text: str, rank: int, element: str) -> str:
    """``program_text`` (``@main`` returning ``%r``) returning one element of ``%r``
    instead, at the indices of a last argument ``tensor<RANKxi64>``."""
    head, _, rest = program_text.partition(") -> ")
    result_type, _, body = rest.partition(" {\n")
    body = body.replace(f"  func.return %r : {result_type}\n}}\n", "")
    lines = [
        f"  %xi{j} = tensor.extract %idx[%xc{j}] : tensor<{rank}xi64>\n"
        f"  %xn{j} = arith.index_cast %xi{j} : i64 to index\n"
        for j in range(rank)
    ]
    constants = "".join(f"  %xc{j} = arith.constant {j} : index\n" for j in range(rank))
    names = ", ".join(f"%xn{j}" for j in range(rank))
    return (
        f"{head}, %idx: tensor<{rank}xi64>) -> tensor<1x{element}> {{\n"
        + body
        + constants
        + "".join(lines)
        + f"  %xv = tensor.extract %r[{names}] : {result_type}\n"
        + f"  %xt = tensor.from_elements %xv : tensor<1x{element}>\n"
        + f"  func.return %xt : tensor<1x{element}>\n}}\n"
    )


@pytest.mark.parametrize("seed", range(FIRST, FIRST + SEEDS))
def test_fuzz_element_of_a_dynamic_slice(seed: int) -> None:
    """One element of a dynamic program's result, at run-time indices
    (``ExtractOfWindow``: the window's source read where the window maps them, after
    the window's checks and the indices' against its result; before session 50 a
    dynamic window lowered only into a function result): the oracle's element, the
    verifier's message for an invalid op, or ``tensor.extract``'s message for an index
    outside the result, on both backends."""
    program = dynamic_program(
        seed, op=OPS[seed % len(OPS)], mode=MODES[seed // len(OPS) % len(MODES)]
    )
    rank = len(program.result_dims)
    if rank == 0:
        return  # no index to pass
    text = _extracting(program.text, rank, program.element_type)
    try:
        kernels = {
            backend: slice_dialect.compile(text, "main", backend)
            for backend in ("c", "interpreter")
        }
    except SliceError as e:
        # refused when compiling only where the result can never hold an element
        assert re.match(r"tensor\.extract: .*has no elements", str(e)), str(e)
        for call in program.calls(DYNAMIC_CALLS, seed):
            assert call.verifier_message() is not None or call.expected().size == 0
        return
    rng = np.random.default_rng(seed)
    for call in program.calls(DYNAMIC_CALLS, seed):
        message = call.verifier_message()
        expected = None if message is not None else call.expected()
        for _ in range(3):
            shape = expected.shape if expected is not None else (1,) * rank
            index = [int(rng.integers(-1, d + 2)) for d in shape]
            if rng.random() < 0.6 and all(d > 0 for d in shape):
                index = [int(rng.integers(0, d)) for d in shape]
            context = (
                f"seed {seed}: {call.describe()}, index {index}; the program:\n{text}"
            )
            inside = expected is not None and all(
                0 <= i < d for i, d in zip(index, shape, strict=True)
            )
            for backend, kernel in kernels.items():
                if backend == "interpreter" and call.x.size > SMALL:
                    continue
                try:
                    got = kernel(call.x, *call.arguments, np.array(index, np.int64))
                except SliceError as e:
                    if message is not None:
                        assert str(e) == message, f"{backend}: {e}\n{context}"
                    else:
                        assert not inside, f"{backend}: {e}\n{context}"
                        assert "tensor.extract: index " in str(e), f"{e}\n{context}"
                    continue
                assert inside, f"{backend}: returned {got}\n{context}"
                assert expected is not None
                want = expected[tuple(index)].reshape(1)
                assert same_bits(got, want), f"{backend}: {got} != {want}\n{context}"
