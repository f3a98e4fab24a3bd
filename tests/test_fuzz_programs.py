"""A seeded fuzzer over whole programs: random chains through the whole pipeline.

Each seed is one program (``tests/generators.py``: 1 to 4 mixed slice ops, each slicing
the previous result, sometimes returning an intermediate value, the argument or a value
twice; index operands as ``arith.constant``; every element type) and one set of random
inputs. The program is compiled with ``backend="c"`` and its results must equal, bit for
bit, the tensor-level interpreter's on the module as written (and on the module after
``canonicalize-slices``). Every third seed also calls the kernel with preallocated
``out=`` arrays, and small programs also run on the interpreter backend. A mismatch
prints the seed and the IR; ``random_chain_program(seed)`` rebuilds the program.

Environment: ``SLICE_FUZZ_SEEDS`` (default 30) seeds, ``range(SLICE_FUZZ_SEEDS)``;
``SLICE_FUZZ_FIRST`` (default 0) shifts the range, for fresh programs.

Run: ``pytest tests/test_fuzz_programs.py`` (``SLICE_FUZZ_SEEDS=500 pytest -n 2 ...``
for a big run).
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from generators import random_chain_program

import slice_dialect
from passes.canonicalize_slices import CanonicalizeSlicesPass
from slice_dialect.compiler import make_context, parse_module
from slice_dialect.interpreter import make_interpreter

NDArray = npt.NDArray[Any]

SEEDS = int(os.environ.get("SLICE_FUZZ_SEEDS", "30"))
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
