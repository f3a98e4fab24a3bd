"""Write the model and arrays of slice-import-onnx-names.test: ``python THIS.py DIR``."""

import sys
from pathlib import Path

import numpy as np
from onnx import TensorProto, helper, save

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)

# Graph names that are not MLIR identifiers ("a:0", "out put") or that sanitize to one
# SSA name ("a:0" and "a"); "a" is sliced to "out put" and "a:0" to "y:0".
graph = helper.make_graph(
    [
        helper.make_node("Slice", ["a:0", "s", "e"], ["y:0"]),
        helper.make_node("Slice", ["a", "s", "e"], ["out put"]),
    ],
    "g",
    [
        helper.make_tensor_value_info("a:0", TensorProto.FLOAT, [4]),
        helper.make_tensor_value_info("a", TensorProto.FLOAT, [4]),
        helper.make_tensor_value_info("s", TensorProto.INT64, [1]),
        helper.make_tensor_value_info("e", TensorProto.INT64, [1]),
    ],
    [
        helper.make_tensor_value_info("y:0", TensorProto.FLOAT, None),
        helper.make_tensor_value_info("out put", TensorProto.FLOAT, None),
    ],
)
save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]), out / "n.onnx")
np.save(out / "huge.npy", np.array([1e300, 0, 1, 2]))
