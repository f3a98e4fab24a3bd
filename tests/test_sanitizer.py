"""No input makes generated code read or write outside its buffers (issue #6).

A broad sample of random slice programs (every framework op, chains of up to four ops,
every element type including bf16, complex and i1, ranks 0 to 6, empty dims, negative
strides, inputs that are not contiguous, ``out=`` arrays) is compiled with
``compile(..., backend="c", sanitize=True)`` (AddressSanitizer and
UndefinedBehaviorSanitizer, no recovery) and run against the tensor-level reference;
``UNIT_PROGRAMS`` programs at a time are the functions of one module, one sanitized C
compile (a unit that does not build falls back to each program alone).
ASan cannot be loaded into the pytest process, so the programs run in subprocesses
started with ``runtime.asan_environment()``; this file is also the subprocess's script
(``python tests/test_sanitizer.py --worker FIRST COUNT STEP``). The test asserts that
no sanitizer report appears (no ``AddressSanitizer``, no ``runtime error:``), that every
result equals the reference, and that the workers exit with 0. Two canaries check that
a deliberate out-of-bounds read and a signed overflow *are* reported.

Hostile lowered programs (issue 10 A, ``tests/hostile.py``: out-of-bounds constant and
computed indices, double free, use after free, deallocs in loops or of views, huge
allocs, too many stack arrays, steps of 0, negative or not constant, index overflow, a
view larger than its buffer) go through the same ``compile(..., sanitize=True)`` in
workers (``--hostile FIRST COUNT STEP SEED``): each must be refused at ``compile()``
with a ``SliceError`` naming the op, or fail the call with a ``SliceError``; the safe
twins (one in four) must compile and give ``x[2:6]``; no sanitizer report anywhere.
Three controls build hostile programs with the C target's safety check switched off
and check that ASan does report them (so the programs are really hostile).

Imported ONNX models (issue 10, "the sanitizer and fuzz tests include imported models"):
random valid models of ``test_onnx_import.random_model`` (every opset and element type,
parameters bound with ``import_onnx(..., constants=...)``) are generated in the test and
handed to workers (``--onnx FIRST COUNT STEP PICKLE``; ONNX Runtime is never loaded under
ASan), which import, compile with ``sanitize=True`` and run them, and compare with a
numpy evaluation of the graph (:func:`numpy_onnx`); ``SLICE_SANITIZER_CASES // 5`` models.

Dynamic programs (issues 10 and 12, ``tests/dynamic_programs.py``): every framework op
with its index operands as function arguments, its data dims ``?``, both, or a mix (``i32``
operands among them), compiled with ``compile(..., "c", sanitize=True)`` and called
``DYNAMIC_CALLS`` times each with extreme run-time values (``INT64_MIN``/``INT64_MAX``,
``INT32`` extremes in ``i32`` operands, huge steps, steps of 0, axes out of range or
repeated, dims 0 and 1) in workers (``--dynamic FIRST COUNT STEP SEED``): every call
returns the numpy oracle's result for the same op with constants (also into ``out=``
arrays and from non-contiguous data) or raises ``SliceError`` with exactly the
verifier's message for that constant op; no sanitizer report.

Mutated lowered dynamic programs (issue 10, ``hostile.dynamic_mutant``: a dynamic
program lowered, then ``slice.check`` ops dropped, operands replaced by other dominating
values of their type, integer constants set to extremes, ``cmpi`` predicates changed,
wrapping arithmetic marked ``overflow<nsw>``, ``maxsi``/``minsi`` swapped) go through
``emit_c`` and a sanitized build in workers (``--mutants FIRST COUNT STEP SEED``): the C
target refuses each with a ``SliceError``, or every call returns or raises
``SliceError`` (the self-guarding ``slice.dynamic_copy_run``, the output-dim checks and
the run-time loop bounds hold); no sanitizer report.

Environment:

* ``SLICE_SANITIZER_CASES`` (default 20): how many programs (random and hostile
  each); ``2000`` is a big run.
* ``SLICE_SANITIZER_DYNAMIC`` (default ``SLICE_SANITIZER_CASES // 5``, at least 6): how
  many dynamic programs (and as many mutated ones); ``500`` is a big run.
* ``SLICE_SANITIZER_WORKERS`` (default 1): worker processes per test; ``2`` or more
  for big runs on more cores.
* ``SLICE_SANITIZER_SEED`` (default 0): the first program's seed; with
  ``SLICE_DIFF_RANDOM=1`` a random one.

Run: ``pytest tests/test_sanitizer.py -s`` (``-s`` shows the count).
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

CASES = int(os.environ.get("SLICE_SANITIZER_CASES", "20"))
RANDOM = os.environ.get("SLICE_DIFF_RANDOM") == "1"
SEED = (
    random.randrange(2**32)
    if RANDOM
    else int(os.environ.get("SLICE_SANITIZER_SEED", "0"))
)
DYNAMIC = int(os.environ.get("SLICE_SANITIZER_DYNAMIC", str(max(6, CASES // 5))))
DYNAMIC_CALLS = 12
"""Run-time calls per dynamic program (the first with the template's own values)."""
MUTANT_CALLS = 8
"""Run-time calls per mutated lowered dynamic program."""
UNIT_PROGRAMS = 16
"""Random programs compiled together, as the functions of one module (``worker``)."""
WORKERS = max(1, int(os.environ.get("SLICE_SANITIZER_WORKERS", "1")))
"""Worker processes per test (``$SLICE_SANITIZER_WORKERS``). One by default: the suite
already runs two pytest workers on two cores, and each ASan worker costs about 1.2 s of
CPU before its first program (a sanitized Python importing xDSL); raise it for big runs."""
TESTS_DIR = Path(__file__).resolve().parent
SUMMARY = "sanitizer cases:"


def sanitizer_reports(stderr: str) -> list[str]:
    """The lines of ``stderr`` that are ASan or UBSan reports (not the warning that an
    allocation too big for any memory returned NULL, ``allocator_may_return_null``)."""
    return [
        line
        for line in stderr.splitlines()
        if (
            "AddressSanitizer" in line
            and "AddressSanitizer failed to allocate" not in line
        )
        or "runtime error:" in line
        or re.search(r"^thread \d+ panic: ", line) is not None  # zig's UBSan runtime
        or "LeakSanitizer" in line
        or "UndefinedBehaviorSanitizer" in line
    ]


def asan_env(cache_dir: Path | None = None) -> dict[str, str]:
    from slice_dialect.runtime import asan_environment

    try:
        env = asan_environment()
    except Exception as e:  # no libasan for this compiler
        pytest.skip(f"no sanitizer runtime: {e}")
    if cache_dir is not None:
        env["SLICE_CACHE_DIR"] = str(cache_dir)
    return env


# --- the worker (runs under ASan) ------------------------------------------------------


def _program(index: int, seed: int):  # type: ignore[no-untyped-def]
    """Program ``index``: single ops of every framework in turn, and chains."""
    from generators import (
        ELEMENT_TYPES,
        EXTRA_ELEMENT_TYPES,
        OPS,
        random_chain_program,
        random_slice_program,
    )

    element_types = ELEMENT_TYPES + EXTRA_ELEMENT_TYPES
    element_type = element_types[(index * 7 + index // 8) % len(element_types)]
    kind = index % 8
    if kind < len(OPS):
        return random_slice_program(seed, op=OPS[kind], element_type=element_type)
    return random_chain_program(seed, element_type=element_type)


def _layouts(arrays, rng):  # type: ignore[no-untyped-def]
    """The inputs, some of them as non-contiguous views of the same values."""
    import numpy as np

    result = []
    for a in arrays:
        choice = rng.randrange(3) if a.ndim else 0
        if choice == 1:
            big = np.empty((*a.shape[:-1], a.shape[-1] * 2), a.dtype)
            big[..., ::2] = a
            result.append(big[..., ::2])
        elif choice == 2:
            result.append(np.asfortranarray(a))
        else:
            result.append(a)
    return result


def worker(first: int, count: int, step: int, seed: int) -> int:
    """Run programs ``first, first + step, ...`` (``count`` of them); 0 if all agree."""
    sys.path.insert(0, str(TESTS_DIR))
    import numpy as np

    import slice_dialect
    from slice_dialect.compiler import make_context, parse_module
    from slice_dialect.interpreter import make_interpreter

    ctx = make_context()
    failures = 0
    done = 0
    indices = [first + k * step for k in range(count)]
    programs = {index: _program(index, seed + index) for index in indices}
    # UNIT_PROGRAMS programs a module, each its own function (one sanitized C compile
    # for them all: 40 programs compiled apart took 2.7 s, in one unit 0.2 s)
    units: dict[int, str] = {}
    for start in range(0, len(indices), UNIT_PROGRAMS):
        chunk = indices[start : start + UNIT_PROGRAMS]
        unit = "".join(programs[i].function(f"case{i}") for i in chunk)
        units.update(dict.fromkeys(chunk, unit))
    for index in indices:
        program = programs[index]
        inputs = program.inputs(seed + index)
        rng = random.Random(seed + index)
        try:
            reference = make_interpreter(parse_module(program.text, ctx)).call_op(
                "main", tuple(inputs)
            )
            try:
                kernel = slice_dialect.compile(
                    units[index], f"case{index}", "c", sanitize=True
                )
            except slice_dialect.SliceError:
                # the unit does not build as a whole: this program alone, with its
                # own message if it is the one at fault
                kernel = slice_dialect.compile(program.text, "main", "c", sanitize=True)
            got = kernel(*_layouts(inputs, rng))
            got = got if isinstance(got, tuple) else (got,)
            outs = [np.empty(spec.shape, spec.dtype) for spec in kernel.outputs]
            again = kernel(*inputs, out=outs)
            again = again if isinstance(again, tuple | list) else (again,)
        except Exception as e:
            failures += 1
            print(f"case {index}: {type(e).__name__}: {e}\n{program.text}", flush=True)
            continue
        for results in (got, again):
            for g, r in zip(results, reference, strict=True):
                r = np.asarray(r)
                if g.shape != r.shape or g.tobytes() != r.tobytes():
                    failures += 1
                    print(f"case {index}: result differs\n{program.text}", flush=True)
        done += 1
    print(f"{SUMMARY} {done} run, {failures} failures", flush=True)
    return 1 if failures else 0


def hostile_worker(first: int, count: int, step: int, seed: int) -> int:
    """Compile and call hostile programs ``first, first + step, ...``; 0 if each was
    refused (or failed its call) cleanly and each safe twin ran right."""
    sys.path.insert(0, str(TESTS_DIR))
    import numpy as np
    from hostile import hostile_program

    import slice_dialect
    from slice_dialect.errors import SliceError

    x = np.arange(8, dtype=np.int32) * 3 - 7
    failures = 0
    done = refused = failed_call = ran = 0
    for k in range(count):
        program = hostile_program(seed + first + k * step)
        what = f"hostile {program.seed} ({program.kind}, safe={program.safe})"
        try:
            kernel = slice_dialect.compile(program.text, "main", "c", sanitize=True)
        except SliceError as e:
            refused += 1
            if program.safe or program.op not in str(e):
                failures += 1
                print(f"{what}: refused: {e}\n{program.text}", flush=True)
            done += 1
            continue
        except Exception as e:
            failures += 1
            print(f"{what}: {type(e).__name__}: {e}\n{program.text}", flush=True)
            continue
        try:
            got = kernel(x)
        except SliceError as e:  # a run-time check failing the call cleanly
            failed_call += 1
            if program.safe:
                failures += 1
                print(f"{what}: call failed: {e}\n{program.text}", flush=True)
            done += 1
            continue
        ran += 1
        if not program.safe:
            failures += 1
            print(f"{what}: accepted and run\n{program.text}", flush=True)
        elif got.tolist() != x[2:6].tolist():
            failures += 1
            print(f"{what}: result {got.tolist()}\n{program.text}", flush=True)
        done += 1
    print(
        f"{SUMMARY} {done} run, {failures} failures "
        f"({refused} refused, {failed_call} failed calls, {ran} ran)",
        flush=True,
    )
    return 1 if failures else 0


def dynamic_worker(first: int, count: int, step: int, seed: int) -> int:
    """Compile the dynamic programs ``first, first + step, ...`` and call each with
    extreme run-time values; 0 if every call returned the oracle's result or raised
    the verifier's message for the same constant op."""
    sys.path.insert(0, str(TESTS_DIR))
    import numpy as np
    from dynamic_programs import MODES, dynamic_program
    from generators import OPS
    from oracle import same_bits

    import slice_dialect
    from slice_dialect.errors import SliceError

    failures = done = calls = valid = invalid = 0
    for k in range(count):
        index = first + k * step
        program = dynamic_program(
            seed + index,
            op=OPS[index % len(OPS)],
            mode=MODES[index // len(OPS) % len(MODES)],
        )
        what = f"dynamic {seed + index} ({program.op}, {program.mode})"
        try:
            kernel = slice_dialect.compile(program.text, "main", "c", sanitize=True)
        except Exception as e:
            failures += 1
            print(f"{what}: {type(e).__name__}: {e}\n{program.text}", flush=True)
            continue
        rng = random.Random(seed + index)
        for call in program.calls(DYNAMIC_CALLS, seed + index):
            calls += 1
            message = call.verifier_message()
            x = _layouts([call.x], rng)[0]
            arguments = [a.tolist() if rng.random() < 0.2 else a for a in call.arguments]
            try:
                got = kernel(x, *arguments)
                error = None
            except SliceError as e:
                got, error = None, str(e)
            except Exception as e:
                failures += 1
                print(
                    f"{what}: {type(e).__name__}: {e}\n{call.describe()}\n{program.text}",
                    flush=True,
                )
                continue
            if message is not None or error is not None:
                invalid += 1
                if message != error:
                    failures += 1
                    print(
                        f"{what}: raised {error!r}, the verifier says {message!r}\n"
                        f"{call.describe()}\n{program.text}",
                        flush=True,
                    )
                continue
            valid += 1
            expected = call.expected()
            out = np.empty(expected.shape, expected.dtype)
            again = kernel(call.x, *call.arguments, out=out)
            if not (same_bits(got, expected) and same_bits(again, expected)):
                failures += 1
                print(
                    f"{what}: result differs\n{call.describe()}\n{program.text}",
                    flush=True,
                )
        done += 1
    print(
        f"{SUMMARY} {done} run, {failures} failures "
        f"({calls} calls: {valid} results, {invalid} errors)",
        flush=True,
    )
    return 1 if failures else 0


ALLOC_BY_HAND = """\
func.func @main(%x: memref<?xf32>, %n: memref<i64>, %m: memref<i64>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %n64 = memref.load %n[] : memref<i64>
  %m64 = memref.load %m[] : memref<i64>
  %ni = arith.index_cast %n64 : i64 to index
  %mi = arith.index_cast %m64 : i64 to index
  %a = memref.alloc(%ni, %mi) : memref<?x?xf32>
  %v = memref.load %x[%c0] : memref<?xf32>
  memref.store %v, %a[%c0, %c0] : memref<?x?xf32>
  %w = memref.load %a[%c0, %c0] : memref<?x?xf32>
  memref.store %w, %out[%c0] : memref<1xf32>
  memref.dealloc %a : memref<?x?xf32>
  func.return
}
"""
"""A hand-written ``memref.alloc`` of run-time sizes (``intermediate_worker``)."""


def intermediate_worker(first: int, count: int, step: int, seed: int) -> int:
    """Random run-time windows collapsed and sliced again at run time
    (``test_collapse_shape._sliced_run_time_case``: the first window is an
    intermediate of run-time size, ``memref.alloc`` with sizes, since session 56),
    each called with its valid arguments and with shifted ones (the window's message
    and the interpreter's result or message), and a hand-written allocation of
    negative, overflowing and too large sizes; 0 if every call gave numpy's result,
    the interpreter's, or the ``SliceError`` expected."""
    sys.path.insert(0, str(TESTS_DIR))
    import numpy as np
    from test_collapse_shape import _sliced_run_time_case

    import slice_dialect
    from slice_dialect.backend.c import emit_c
    from slice_dialect.compiler import make_context, parse_module
    from slice_dialect.errors import SliceError
    from slice_dialect.runtime import load_kernel

    failures = done = calls = 0
    for k in range(count):
        index = seed + first + k * step
        text, args, expected = _sliced_run_time_case(index)
        kernel = slice_dialect.compile(text, "main", "c", sanitize=True)
        got = kernel(*args)
        got = list(got) if isinstance(got, tuple) else [got]
        calls += 1
        if not all(np.array_equal(g, e) for g, e in zip(got, expected, strict=True)):
            failures += 1
            print(f"intermediate {index}: result differs\n{text}", flush=True)
        reference = slice_dialect.compile(text, "main", "interpreter")
        rng = random.Random(index)
        for _ in range(6):
            shifted = [args[0]] + [a + rng.choice((-3, -1, 1, 2, 5)) for a in args[1:]]
            calls += 1
            outcomes = []
            for each in (kernel, reference):
                try:
                    result = each(*shifted)
                    results = result if isinstance(result, tuple) else (result,)
                    outcomes.append([r.tolist() for r in results])
                except SliceError as e:
                    outcomes.append(str(e))
            if outcomes[0] != outcomes[1]:
                failures += 1
                print(f"intermediate {index}, {shifted[1:]}: {outcomes}", flush=True)
        done += 1
    kernel = load_kernel(
        emit_c(parse_module(ALLOC_BY_HAND, make_context())),
        "main",
        [(np.float32, (-1,)), (np.int64, ()), (np.int64, ())],
        [(np.float32, (1,))],
        sanitize=True,
    )
    x = np.arange(3, dtype=np.float32)
    for n, m, ok in (
        (2, 3, True),
        (-1, 3, False),
        (2**40, 2**40, False),
        (2**38 + 1, 1, False),
    ):
        calls += 1
        try:
            result = kernel(x, np.array(n, np.int64), np.array(m, np.int64))
            if not ok or result.tolist() != [0.0]:
                failures += 1
                print(f"alloc {n} x {m}: returned {result}", flush=True)
        except SliceError as e:
            if ok or not str(e).startswith("memref.alloc: "):
                failures += 1
                print(f"alloc {n} x {m}: {e}", flush=True)
    print(f"{SUMMARY} {done} run, {failures} failures ({calls} calls)", flush=True)
    return 1 if failures else 0


def mutant_worker(first: int, count: int, step: int, seed: int) -> int:
    """Build the mutated lowered dynamic programs ``first, first + step, ...``
    (``hostile.dynamic_mutant``) with ``sanitize=True`` and call each with the random
    calls of its program, in a forked child (``hostile.mutant_calls_in_child``); 0 if
    each was refused by the C target or ``lowered_signature`` (a ``SliceError``) or
    every call returned or raised ``SliceError`` and left its inputs unchanged (or the
    calls ran past ``MUTANT_SECONDS``: counted, printed)."""
    sys.path.insert(0, str(TESTS_DIR))
    from hostile import MUTANT_SECONDS, dynamic_mutant, mutant_calls_in_child

    from slice_dialect.backend.c import emit_c
    from slice_dialect.compiler import lowered_signature
    from slice_dialect.errors import SliceError
    from slice_dialect.runtime.kernels import load_kernel

    failures = done = invalid = refused = calls = returned = raised = stopped = 0
    for k in range(count):
        index = first + k * step
        mutant = dynamic_mutant(seed + index)
        what = f"mutant {seed + index} ({', '.join(mutant.mutations)})"
        done += 1
        if mutant.module is None:
            invalid += 1  # the mutated IR does not verify: never reaches the C target
            continue
        try:  # the C target's checks, then the runtime's (no input written)
            source = emit_c(mutant.module)
            s = lowered_signature(mutant.module, mutant.signature)
        except SliceError:
            refused += 1
            continue
        except Exception as e:
            failures += 1
            print(f"{what}: {type(e).__name__}: {e}\n{mutant.text}", flush=True)
            continue
        kernel = load_kernel(
            source,
            "main",
            s.inputs,
            s.outputs,
            sanitize=True,
            shape_function=s.shape_function,
        )
        counts = mutant_calls_in_child(kernel, mutant, MUTANT_CALLS, seed + index, what)
        if counts is None:
            stopped += 1
            print(f"{what}: still running after {MUTANT_SECONDS} s; killed", flush=True)
            continue
        if counts.failures:
            print(mutant.text, flush=True)
        calls += counts.calls
        returned += counts.returned
        raised += counts.raised
        failures += counts.failures
    print(
        f"{SUMMARY} {done} run, {failures} failures ({invalid} not verifying, "
        f"{refused} refused, {calls} calls: {returned} returned, {raised} raised; "
        f"{stopped} still running after {MUTANT_SECONDS} s)",
        flush=True,
    )
    return 1 if failures else 0


def numpy_onnx(model, feed):  # type: ignore[no-untyped-def]
    """The outputs of an ONNX graph of ``Slice`` and ``Constant`` nodes, written from
    the ONNX operator documentation (negative indices count from the end; starts and
    ends clamped to ``[0, dim]``, or ``[0, dim - 1]`` and ``[-1, dim - 1]`` for a
    negative step), each axis gathered with ``np.take``."""
    import numpy as np
    from onnx import numpy_helper

    values = dict(feed)
    for t in model.graph.initializer:
        values.setdefault(t.name, numpy_helper.to_array(t))
    for node in model.graph.node:
        attrs = {a.name: a for a in node.attribute}
        if node.op_type == "Constant":
            values[node.output[0]] = numpy_helper.to_array(attrs["value"].t)
            continue
        x = values[node.input[0]]
        if "starts" in attrs:  # Slice-1: attributes, steps of 1
            starts, ends = list(attrs["starts"].ints), list(attrs["ends"].ints)
            axes = list(attrs["axes"].ints) if "axes" in attrs else None
            steps = [1] * len(starts)
        else:
            names = list(node.input) + [""] * (5 - len(node.input))
            starts = [int(v) for v in values[names[1]]]
            ends = [int(v) for v in values[names[2]]]
            axes = [int(v) for v in values[names[3]]] if names[3] else None
            steps = [int(v) for v in values[names[4]]] if names[4] else [1] * len(starts)
        axes = list(range(len(starts))) if axes is None else axes
        for a, b, e, st in zip(axes, starts, ends, steps, strict=True):
            d = x.shape[a]
            b, e = b + d if b < 0 else b, e + d if e < 0 else e
            if st > 0:
                b, e = min(max(b, 0), d), min(max(e, 0), d)
            else:
                b, e = min(max(b, 0), d - 1), min(max(e, -1), d - 1)
            x = np.take(x, np.arange(b, e, st, dtype=np.int64), axis=a)
        values[node.output[0]] = x
    return [values[o.name] for o in model.graph.output]


def onnx_worker(first: int, count: int, step: int, path: str) -> int:
    """Import the models ``first, first + step, ...`` of the pickle at ``path`` (made
    by the test, where ONNX Runtime is not loaded under ASan), compile them with
    ``sanitize=True`` and compare with :func:`numpy_onnx`; 0 if all agree."""
    import pickle

    import numpy as np
    import onnx

    import slice_dialect

    with open(path, "rb") as f:
        cases = pickle.load(f)
    failures = done = 0
    for k in range(count):
        index = first + k * step
        data, feed, bound = cases[index]
        model = onnx.load_model_from_string(data)
        try:
            module = slice_dialect.import_onnx(model, constants=bound)
            kernel = slice_dialect.compile(module, backend="c", sanitize=True)
            got = kernel(*feed.values())
            got = got if isinstance(got, tuple) else (got,)
            expected = numpy_onnx(model, {**feed, **bound})
        except Exception as e:
            failures += 1
            print(f"model {index}: {type(e).__name__}: {e}", flush=True)
            continue
        for g, e in zip(got, expected, strict=True):
            e = np.asarray(e)
            if g.shape != e.shape or g.tobytes() != e.tobytes():
                failures += 1
                print(f"model {index}: result differs {g!r} {e!r}", flush=True)
        done += 1
    print(f"{SUMMARY} {done} run, {failures} failures", flush=True)
    return 1 if failures else 0


# --- the tests -------------------------------------------------------------------------


def run_workers(
    cases: int, seed: int | str, mode: str = "--worker"
) -> list[subprocess.CompletedProcess[str]]:
    env = asan_env()
    workers = min(WORKERS, cases)
    processes = []
    for w in range(workers):
        count = len(range(w, cases, workers))
        processes.append(
            subprocess.Popen(
                [
                    sys.executable,
                    str(Path(__file__).resolve()),
                    mode,
                    str(w),
                    str(count),
                    str(workers),
                    str(seed),
                ],
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        )
    results = []
    for p in processes:
        out, err = p.communicate(timeout=3600)
        results.append(subprocess.CompletedProcess(p.args, p.returncode, out, err))
    return results


def cases_run(results: list[subprocess.CompletedProcess[str]]) -> int:
    """How many cases the workers ran, each worker having finished cleanly with no
    sanitizer report (their summaries are printed, seen with ``-s``)."""
    run = 0
    for r in results:
        reports = sanitizer_reports(r.stderr)
        assert not reports, "sanitizer reports:\n" + r.stderr[-20000:]
        assert r.returncode == 0, (
            f"worker failed:\n{r.stdout[-20000:]}\n{r.stderr[-5000:]}"
        )
        summary = [line for line in r.stdout.splitlines() if line.startswith(SUMMARY)]
        assert summary, r.stdout + r.stderr
        print(summary[-1])
        run += int(summary[-1].split()[2])
    return run


def test_random_programs_under_asan_and_ubsan() -> None:
    print(f"\nsanitizer: {CASES} random programs (seed {SEED}), {WORKERS} processes")
    run = cases_run(run_workers(CASES, SEED))
    assert run == CASES
    print(f"sanitizer: {run} cases, 0 sanitizer reports, 0 failures")


def test_hostile_programs_under_asan_and_ubsan() -> None:
    """Issue 10 A: every hostile lowered program is refused at compile() or fails its
    call cleanly, under ASan and UBSan, with no sanitizer report."""
    print(f"\nsanitizer: {CASES} hostile programs (seed {SEED}), {WORKERS} processes")
    run = cases_run(run_workers(CASES, SEED, "--hostile"))
    assert run == CASES
    print(f"sanitizer: {run} hostile programs, 0 sanitizer reports, 0 failures")


def test_dynamic_programs_under_asan_and_ubsan() -> None:
    """Issues 10 and 12: dynamic programs (run-time index operands, ``?`` data dims)
    called with extreme run-time values under ASan and UBSan: the oracle's result or
    the verifier's message at every call, no sanitizer report."""
    print(f"\nsanitizer: {DYNAMIC} dynamic programs (seed {SEED}), {WORKERS} processes")
    results = run_workers(DYNAMIC, SEED, "--dynamic")
    run = cases_run(results)
    assert run == DYNAMIC
    calls = sum(
        int(re.search(r"\((\d+) calls", r.stdout).group(1))  # type: ignore[union-attr]
        for r in results
    )
    print(
        f"sanitizer: {run} dynamic programs, {calls} calls, 0 sanitizer reports, "
        "0 failures"
    )


def test_mutated_dynamic_programs_under_asan_and_ubsan() -> None:
    """Issue 10: lowered dynamic programs with checks dropped, operands swapped,
    constants set to extremes, predicates changed, ``overflow<nsw>`` lies or clamps
    turned around (``hostile.dynamic_mutant``): the C target refuses each, or every
    call returns or raises ``SliceError`` (the self-guarding runs and output checks
    hold), with no sanitizer report. A mutant whose loops run past ``MUTANT_SECONDS``
    (bounds without their checks) is killed and counted: termination is not what this
    test checks."""
    print(f"\nsanitizer: {DYNAMIC} mutated dynamic programs (seed {SEED})")
    run = cases_run(run_workers(DYNAMIC, SEED, "--mutants"))
    assert run == DYNAMIC
    print(f"sanitizer: {run} mutated dynamic programs, 0 sanitizer reports")


def test_run_time_intermediates_under_asan_and_ubsan() -> None:
    """Run-time windows that are intermediates (a ``memref.alloc`` of run-time sizes,
    since session 56), called with valid and shifted arguments, and a hand-written
    allocation of bad sizes, under ASan and UBSan: numpy's result or a
    ``SliceError``, no sanitizer report."""
    print(f"\nsanitizer: {DYNAMIC} run-time intermediates (seed {SEED})")
    run = cases_run(run_workers(DYNAMIC, SEED, "--intermediates"))
    assert run == DYNAMIC
    print(f"sanitizer: {run} run-time intermediates, 0 sanitizer reports, 0 failures")


ONNX_CASES = max(2, CASES // 5)


def test_imported_onnx_models_under_asan_and_ubsan(tmp_path: Path) -> None:
    """Random valid ONNX models (``test_onnx_import.random_model``: opsets 1 to 18,
    every element type, parameters bound with ``constants=``) imported, compiled with
    ``sanitize=True`` and run: numpy's results, no sanitizer report."""
    import pickle

    sys.path.insert(0, str(TESTS_DIR))
    from test_onnx_import import random_model

    cases = []
    for k in range(ONNX_CASES):
        case = random_model(SEED + k)
        cases.append((case.model.SerializeToString(), case.data, case.bound))
    path = tmp_path / "models.pickle"
    path.write_bytes(pickle.dumps(cases))
    print(f"\nsanitizer: {ONNX_CASES} imported ONNX models (seed {SEED})")
    run = cases_run(run_workers(ONNX_CASES, str(path), "--onnx"))
    assert run == ONNX_CASES
    print(f"sanitizer: {run} imported models, 0 sanitizer reports, 0 failures")


UNCHECKED = """\
import numpy as np
from pathlib import Path
import slice_dialect.backend.c_safety as c_safety
from slice_dialect.backend.c import emit_c
from slice_dialect.compiler import make_context, parse_module
from slice_dialect.runtime import CKernel, build_shared_library

c_safety.check_module = lambda module: None  # the control: no safety check
text = {text!r}
source = emit_c(parse_module(text, make_context()))
library = build_shared_library(source, sanitize=True, cache_dir=Path({cache!r}))
kernel = CKernel(library, "evil", [(np.int32, (8,))], [(np.int32, (4,))], sanitize=True)
print(kernel(np.arange(8, dtype=np.int32)))
"""

HEAP = "memref<8192xi32>"  # 32 KiB: on the heap in the C


def evil(body: str) -> str:
    """A hand-written lowered function ``@evil(%x, %out)`` running ``body``."""
    return (
        "func.func @evil(%x: memref<8xi32>, %out: memref<4xi32>) {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %c1 = arith.constant 1 : index\n"
        f"{body}"
        "  func.return\n"
        "}\n"
    )


@pytest.mark.parametrize(
    ("body", "report"),
    [
        (
            f"  %buf = memref.alloc() : {HEAP}\n"
            "  %k = arith.constant 8192 : index\n"
            f"  %v = memref.load %buf[%k] : {HEAP}\n"
            "  memref.store %v, %out[%c0] : memref<4xi32>\n",
            "heap-buffer-overflow|insufficient space",  # ASan, or UBSan first
        ),
        (
            f"  %buf = memref.alloc() : {HEAP}\n"
            f"  memref.dealloc %buf : {HEAP}\n"
            f"  %v = memref.load %buf[%c1] : {HEAP}\n"
            "  memref.store %v, %out[%c0] : memref<4xi32>\n",
            # the C sets a freed pointer back to NULL (a later failure's cleanup frees
            # it again): the use after free reads through NULL (clang's UBSan stops
            # one step before, at the offset added to it)
            "load of null pointer|SEGV on unknown address 0x0"
            "|applying non-zero offset .* to null pointer",
        ),
    ],
    ids=["load past the end", "use after free"],
)
def test_hostile_programs_are_reported_without_the_check(
    tmp_path: Path, body: str, report: str
) -> None:
    """The control: with ``c_safety.check_module`` switched off, hand-written lowered
    functions of the hostile classes compile and ASan reports them at the call (and
    with it, ``emit_c`` refuses them)."""
    from slice_dialect.backend.c import emit_c
    from slice_dialect.compiler import make_context, parse_module
    from slice_dialect.errors import SliceError

    with pytest.raises(SliceError, match="memref"):
        emit_c(parse_module(evil(body), make_context()))
    script = UNCHECKED.format(text=evil(body), cache=str(tmp_path))
    r = subprocess.run(
        [sys.executable, "-c", script],
        env=asan_env(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert re.search(report, r.stderr), r.stdout + r.stderr
    assert sanitizer_reports(r.stderr)
    assert r.returncode != 0


CANARY = """\
import numpy as np
from pathlib import Path
from slice_dialect.runtime import CKernel, build_shared_library

library = build_shared_library(
    {source!r}, sanitize=True, cache_dir=Path({cache!r})
)
kernel = CKernel(library, "canary", [(np.{dtype}, (5,))], [(np.{dtype}, (1,))], sanitize=True)
print(kernel(np.full(5, {value}, np.{dtype})))
"""


MESSAGES = 'const char *slice_error_message(int32_t code) { return ""; }\n'
"""The message function every unit of the C ABI exports."""


@pytest.mark.parametrize(
    ("source", "dtype", "value", "report"),
    [
        (
            "#include <stdint.h>\n"
            "int32_t slice_canary(const float *x, float *out, int64_t *e)"
            " { out[0] = x[5]; return 0; }\n" + MESSAGES,
            "float32",
            "1",
            "AddressSanitizer",
        ),
        (
            "#include <stdint.h>\n"
            "int32_t slice_canary(const int32_t *x, int32_t *out, int64_t *e)"
            " { out[0] = x[0] + x[1]; return 0; }\n" + MESSAGES,
            "int32",
            "2147483647",
            "signed integer overflow",  # gcc's and clang's UBSan; zig's says "panic:"
        ),
    ],
    ids=["out-of-bounds read", "signed overflow"],
)
def test_canary_is_reported(
    tmp_path: Path, source: str, dtype: str, value: str, report: str
) -> None:
    """The harness does see a sanitizer report when there is one."""
    script = CANARY.format(source=source, cache=str(tmp_path), dtype=dtype, value=value)
    r = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        env=asan_env(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert report in r.stderr, r.stdout + r.stderr
    assert sanitizer_reports(r.stderr)
    assert r.returncode != 0


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "--onnx":
        first, count, step = (int(a) for a in sys.argv[2:5])
        sys.exit(onnx_worker(first, count, step, sys.argv[5]))
    workers = {
        "--worker": worker,
        "--hostile": hostile_worker,
        "--dynamic": dynamic_worker,
        "--mutants": mutant_worker,
        "--intermediates": intermediate_worker,
    }
    if len(sys.argv) == 6 and sys.argv[1] in workers:
        first, count, step, seed = (int(a) for a in sys.argv[2:])
        sys.exit(workers[sys.argv[1]](first, count, step, seed))
    sys.exit(
        f"usage: {sys.argv[0]} --worker|--hostile|--dynamic|--mutants|--intermediates "
        "FIRST COUNT STEP SEED"
    )
