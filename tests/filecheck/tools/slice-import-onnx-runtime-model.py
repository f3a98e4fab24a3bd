"""Write the model and inputs of slice-import-onnx-runtime.test: ``python THIS.py DIR``.

``y = x[s0:e0:st0 on axes a0]`` and ``z = y[s1:e1]``, every parameter a graph input
(run-time parameters), ``y`` also a graph output; and the arrays to call it with.
"""

import sys
from pathlib import Path

import numpy as np
from onnx import TensorProto, helper, save

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)

T = TensorProto
graph = helper.make_graph(
    [
        helper.make_node("Slice", ["x", "s0", "e0", "a0", "st0"], ["y"]),
        helper.make_node("Slice", ["y", "s1", "e1"], ["z"]),
    ],
    "g",
    [
        helper.make_tensor_value_info("x", T.FLOAT, ["n", 6]),
        helper.make_tensor_value_info("s0", T.INT64, [2]),
        helper.make_tensor_value_info("e0", T.INT64, [2]),
        helper.make_tensor_value_info("a0", T.INT64, [2]),
        helper.make_tensor_value_info("st0", T.INT64, [2]),
        helper.make_tensor_value_info("s1", T.INT32, [1]),
        helper.make_tensor_value_info("e1", T.INT32, [1]),
    ],
    [
        helper.make_tensor_value_info("y", T.FLOAT, None),
        helper.make_tensor_value_info("z", T.FLOAT, None),
    ],
)
save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]), out / "p.onnx")

# x is 5x6 (0..29); y = x[::-2, 1:] (rows 4, 2, 0 from column 1), z = y[1:] (axis 0).
inputs = {
    "x": np.arange(30, dtype=np.float32).reshape(5, 6),
    "s0": np.array([-1, 1], dtype=np.int64),
    "e0": np.array([-(2**63), 2**63 - 1], dtype=np.int64),
    "a0": np.array([0, -1], dtype=np.int64),
    "st0": np.array([-2, 1], dtype=np.int64),
    "s1": np.array([1], dtype=np.int32),
    "e1": np.array([100], dtype=np.int32),
}
for name, value in inputs.items():
    np.save(out / f"{name}.npy", value)
