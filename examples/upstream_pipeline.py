"""Framework slices among upstream ops, through our passes and then upstream MLIR 22.

Needs the ``mlir`` extra (``pip install -e '.[mlir]'``). Steps:

1. ``canonicalize-slices,convert-slice-to-tensor`` (our passes, in xDSL) turn the slices of
   ``upstream_pipeline.mlir`` into upstream ``tensor``/``linalg`` ops and fold the slice
   of the constant table; everything else is left as it was.
2. xDSL prints the module; upstream MLIR parses and verifies it, bufferizes and lowers it
   with the pipeline of SPEC section 8, and runs ``main`` with its JIT.
3. The result is compared with numpy.
"""

import ctypes
import io
from pathlib import Path

import mlir
import numpy as np
from mlir import ir
from mlir.execution_engine import ExecutionEngine
from mlir.passmanager import PassManager
from mlir.runtime import (
    get_ranked_memref_descriptor,
    make_nd_memref_descriptor,
    ranked_memref_to_numpy,
)
from xdsl.printer import Printer

from passes.canonicalize_slices import CanonicalizeSlicesPass
from passes.convert_slice_to_tensor import UPSTREAM_PIPELINE, ConvertSliceToTensorPass
from slice_dialect.compiler import make_context, parse_module

# 1. Our passes, in xDSL.
source = (Path(__file__).parent / "upstream_pipeline.mlir").read_text()
ctx = make_context()
module = parse_module(source, ctx)
CanonicalizeSlicesPass().apply(ctx, module)
ConvertSliceToTensorPass().apply(ctx, module)
text = io.StringIO()
Printer(stream=text).print_op(module)
exported = text.getvalue()
print("after canonicalize-slices,convert-slice-to-tensor:\n" + exported)

# 2. Upstream MLIR: parse, verify, bufferize, lower, JIT.
mlir_lib = Path(next(iter(mlir.__path__))) / "lib"
with ir.Context(), ir.Location.unknown():
    upstream = ir.Module.parse(exported)
    assert upstream.operation.verify()
    for op in upstream.body.operations:
        if ir.StringAttr(op.attributes["sym_name"]).value == "main":
            op.attributes["llvm.emit_c_interface"] = ir.UnitAttr.get()
    PassManager.parse(UPSTREAM_PIPELINE).run(upstream.operation)
    engine = ExecutionEngine(
        upstream,
        opt_level=2,
        shared_libs=[
            str(mlir_lib / "libmlir_c_runner_utils.so"),
            str(mlir_lib / "libmlir_runner_utils.so"),
        ],
    )

rng = np.random.default_rng(0)
image = rng.standard_normal((2, 3, 8, 8)).astype(np.float32)
bias = rng.standard_normal((3, 4, 4)).astype(np.float32)
result = make_nd_memref_descriptor(3, ctypes.c_float)()
engine.invoke(
    "main",
    ctypes.pointer(ctypes.pointer(result)),
    ctypes.pointer(ctypes.pointer(get_ranked_memref_descriptor(image))),
    ctypes.pointer(ctypes.pointer(get_ranked_memref_descriptor(bias))),
)
out = ranked_memref_to_numpy([result]).copy()

# 3. numpy. The gains are powers of two, so each element is one rounding in both, and
# the results are equal bit for bit.
table = np.array([0.5, 1.0, 2.0, 4.0, 8.0, 16.0], dtype=np.float32)
expected = image[0, ::-1, 2:6, 1:8:2] * table[4::-2][:, None, None] + bias
print("out[0] =\n", out[0])
assert out.shape == expected.shape
assert np.array_equal(out, expected), np.abs(out - expected).max()
print("upstream result equals numpy")
