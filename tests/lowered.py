"""Lowered programs for the C target and runtime tests, built with xDSL's builders, and
their kernels.

``window_function`` builds the form ``convert-slice-to-loops`` produces for a window
by hand (memref arguments, ``scf.for`` over index arithmetic, one load and one store),
``lowered_window`` a ``slice.window`` lowered by the pass itself; ``kernel_of``
compiles a function of a module and loads it on either call path (``CALL_PATHS``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects.builtin import (
    ArrayAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    TensorType,
    i64,
)
from xdsl.ir import Attribute, Block, Region, SSAValue
from xdsl.parser import Parser
from xdsl.rewriter import InsertPoint

from passes.convert_slice_to_loops import NSW
from passes.copy_plan import row_major_strides
from slice_dialect import runtime
from slice_dialect.backend.c import emit_c
from slice_dialect.compiler import make_context
from slice_dialect.dialect import WindowOp
from slice_dialect.dtypes import numpy_dtype
from slice_dialect.runtime import CKernel, array_specs, load_kernel
from slice_dialect.semantics import Window


@cache
def _context() -> Context:
    return make_context()


def parse(text: str) -> ModuleOp:
    """A module from its text (not verified: the C target's own checks see it)."""
    return Parser(_context(), text).parse_module()


def element_type(element: str) -> Attribute:
    """An element type from its text (``"complex<f32>"``, ``"si16"`` ...)."""
    return Parser(_context(), element).parse_type()


def element_dtype(element: str) -> np.dtype:
    """The numpy dtype the C target's arrays of ``element`` have."""
    return numpy_dtype(element_type(element))


class _Function:
    """A function under construction: index constants made once each, at the top."""

    def __init__(self, name: str, args: Sequence[tuple[str, Attribute]]) -> None:
        self.block = Block(arg_types=[t for _, t in args])
        for (hint, _), arg in zip(args, self.block.args, strict=True):
            arg.name_hint = hint
        self.name = name
        self.builder = Builder(InsertPoint.at_end(self.block))
        self.constants: dict[int, arith.ConstantOp] = {}
        self.count = 0

    def const(self, value: int) -> SSAValue:
        if value not in self.constants:
            op = arith.ConstantOp.from_int_and_width(value, IndexType())
            op.result.name_hint = f"c{value}" if value >= 0 else f"cm{-value}"
            self.constants[value] = op
        return self.constants[value].result

    def fresh(self, op: arith.MuliOp | arith.AddiOp, base: str) -> SSAValue:
        self.count += 1
        self.builder.insert(op)
        op.result.name_hint = f"{base}{self.count}"
        return op.result

    def affine(self, base: int, terms: Sequence[tuple[SSAValue, int]]) -> SSAValue:
        """``base + sum(iv * coefficient)``, as the lowering computes an index."""
        value = self.const(base)
        for iv, coefficient in terms:
            product = self.fresh(
                arith.MuliOp(iv, self.const(coefficient), overflow=NSW), "m"
            )
            value = self.fresh(arith.AddiOp(value, product, overflow=NSW), "s")
        return value

    def finish(self) -> func.FuncOp:
        Builder(InsertPoint.at_end(self.block)).insert(func.ReturnOp())
        constants = list(self.constants.values())
        if constants:
            self.block.insert_ops_before(constants, self.block.ops.first)
        types = [arg.type for arg in self.block.args]
        return func.FuncOp(self.name, (types, []), Region(self.block))


def _collapse(builder: Builder, value: SSAValue, hint: str) -> SSAValue:
    """``value`` (a memref) collapsed to one dimension."""
    t = value.type
    assert isinstance(t, MemRefType)
    rank = len(t.get_shape())
    view = builder.insert(
        memref.CollapseShapeOp(
            operands=[value],
            result_types=[MemRefType(t.element_type, [math.prod(t.get_shape())])],
            properties={
                "reassociation": ArrayAttr(
                    [ArrayAttr([IntegerAttr(d, i64) for d in range(rank)])]
                )
            },
        )
    ).results[0]
    view.name_hint = hint
    return view


def window_function(
    element: str,
    shape: Sequence[int],
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
    *,
    collapse: bool = True,
    name: str = "main",
) -> func.FuncOp:
    """A lowered window of a ``shape`` source: loops over ``sizes``, one load, one store.

    With ``collapse``, both memrefs are collapsed to 1-D views indexed linearly (the
    usual lowering); without, loads and stores take one index per dimension.
    """
    el = element_type(element)
    f = _Function(name, [("x", MemRefType(el, shape)), ("out", MemRefType(el, sizes))])
    src, dst = f.block.args
    rank = len(shape)
    if collapse and rank > 0:
        src, dst = (
            _collapse(f.builder, value, hint)
            for value, hint in ((src, "src"), (dst, "dst"))
        )
    ivs: list[SSAValue] = []
    for d in range(rank):
        body = Block(arg_types=[IndexType()])
        body.args[0].name_hint = f"i{d}"
        f.builder.insert(scf.ForOp(f.const(0), f.const(sizes[d]), f.const(1), [], body))
        f.builder = Builder(InsertPoint.at_end(body))
        ivs.append(body.args[0])
    if collapse and rank > 0:
        source_strides = row_major_strides(shape)
        base = sum(o * s for o, s in zip(offsets, source_strides, strict=True))
        coefficients = [s * t for s, t in zip(strides, source_strides, strict=True)]
        load_index = [f.affine(base, list(zip(ivs, coefficients, strict=True)))]
        store_index = [f.affine(0, list(zip(ivs, row_major_strides(sizes), strict=True)))]
    else:
        load_index = [f.affine(offsets[d], [(ivs[d], strides[d])]) for d in range(rank)]
        store_index = ivs
    value = f.builder.insert(memref.LoadOp.get(src, load_index)).res
    value.name_hint = "v"
    f.builder.insert(memref.StoreOp.get(value, dst, store_index))
    for body in [iv.owner for iv in ivs]:
        assert isinstance(body, Block)
        body.add_op(scf.YieldOp())
    return f.finish()


def window_module(*window: Any, collapse: bool = True) -> ModuleOp:
    """A module holding ``window_function(*window, collapse=collapse)`` as ``@main``."""
    return ModuleOp([window_function(*window, collapse=collapse)])


def tensor_window_module(
    element: str, shape: Sequence[int], window: Window, result_shape: Sequence[int]
) -> ModuleOp:
    """``func.func @main(%x) -> result`` returning one ``slice.window`` of ``%x``."""
    el = element_type(element)
    source, result = TensorType(el, shape), TensorType(el, result_shape)
    block = Block(arg_types=[source])
    block.args[0].name_hint = "x"
    op = WindowOp(block.args[0], window, result)
    block.add_ops([op, func.ReturnOp(op.result)])
    return ModuleOp([func.FuncOp("main", ([source], [result]), Region(block))])


def lowered_window(
    element: str,
    shape: Sequence[int],
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
    stream_working_set: int = 0,
) -> ModuleOp:
    """``slice.window`` of a ``shape`` source, lowered by ``convert-slice-to-loops``
    (with its ``stream-working-set`` option)."""
    from passes.convert_slice_to_loops import ConvertSliceToLoopsPass

    window = Window(tuple(offsets), tuple(sizes), tuple(strides))
    module = tensor_window_module(element, shape, window, sizes)
    ConvertSliceToLoopsPass(stream_working_set=stream_working_set).apply(
        Context(), module
    )
    return module


def kernel_of(
    module: ModuleOp,
    name: str,
    n_inputs: int,
    cache_dir: Path,
    *,
    fast_call: bool = True,
) -> CKernel:
    """The kernel of ``@name`` in ``module``, its first ``n_inputs`` arguments inputs."""
    function = next(
        op
        for op in module.ops
        if isinstance(op, func.FuncOp) and op.sym_name.data == name
    )
    specs = array_specs(function)
    return load_kernel(
        emit_c(module),
        name,
        specs[:n_inputs],
        specs[n_inputs:],
        cache_dir=cache_dir,
        fast_call=fast_call,
    )


HAS_FAST_CALL = runtime.kernel_class(fast_call=True) is not CKernel
CALL_PATHS = [
    pytest.param(
        True,
        id="fast",
        marks=pytest.mark.skipif(
            not HAS_FAST_CALL, reason=f"no fast call: {runtime.call_path_description()}"
        ),
    ),
    pytest.param(False, id="ctypes"),
]
"""Both ways of calling a kernel: every argument check must hold for each."""


def kernel_module() -> ModuleOp:
    """The window of the argument-check tests: ``x[0::2, 7::-2]`` of an 8x8 ``f32``."""
    return window_module("f32", [8, 8], [0, 7], [4, 4], [2, -2])


TWO_OUTPUTS = """
func.func @pair(%x: memref<6xi32>, %a: memref<3xi32>, %b: memref<2xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %s = arith.muli %i, %c2 overflow<nsw> : index
    %v = memref.load %x[%s] : memref<6xi32>
    memref.store %v, %a[%i] : memref<3xi32>
  }
  scf.for %i = %c0 to %c2 step %c1 {
    %s = arith.addi %i, %c3 overflow<nsw> : index
    %v = memref.load %x[%s] : memref<6xi32>
    memref.store %v, %b[%i] : memref<2xi32>
  }
  func.return
}
"""
"""``@pair(x) -> (x[0::2], x[3:5])`` of a 6-element ``i32``: two outputs."""
