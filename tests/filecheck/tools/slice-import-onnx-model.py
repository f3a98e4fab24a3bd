"""Write the ONNX models of slice-import-onnx.test: ``python THIS.py DIR``."""

import sys
from pathlib import Path

import numpy as np
from onnx import TensorProto, helper, numpy_helper, save

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)

# x[1:3, ::-2] with starts/ends as initializers, steps from a Constant node and axes as
# a graph input (a run-time parameter), on a dynamic first dim.
graph = helper.make_graph(
    [
        helper.make_node(
            "Constant",
            [],
            ["steps"],
            value=numpy_helper.from_array(np.array([1, -2], dtype=np.int32)),
        ),
        helper.make_node("Slice", ["x", "starts", "ends", "axes", "steps"], ["y"]),
    ],
    "g",
    [
        helper.make_tensor_value_info("x", TensorProto.FLOAT16, ["n", 5]),
        helper.make_tensor_value_info("axes", TensorProto.INT32, [2]),
    ],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT16, None)],
    initializer=[
        numpy_helper.from_array(np.array([1, -1], dtype=np.int32), "starts"),
        numpy_helper.from_array(np.array([3, -100], dtype=np.int32), "ends"),
    ],
)
save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]), out / "a.onnx")

# Slice-1 (opset 9): parameters as attributes.
graph = helper.make_graph(
    [helper.make_node("Slice", ["x"], ["y"], starts=[1], ends=[1000], axes=[-1])],
    "g",
    [helper.make_tensor_value_info("x", TensorProto.UINT8, [2, 4])],
    [helper.make_tensor_value_info("y", TensorProto.UINT8, [2, 3])],
)
save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 9)]), out / "v1.onnx")

# A node the importer does not take.
graph = helper.make_graph(
    [helper.make_node("Relu", ["x"], ["y"], name="act")],
    "g",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, [4])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, [4])],
)
save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]), out / "relu.onnx")

(out / "garbage.onnx").write_bytes(b"\x0a\xff\xff\xff")
