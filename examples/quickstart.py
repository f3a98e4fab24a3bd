"""Run examples/quickstart.mlir through generated C and compare with numpy."""

from pathlib import Path

import numpy as np

import slice_dialect

source = (Path(__file__).parent / "quickstart.mlir").read_text()
kernel = slice_dialect.compile(source, entry="main", backend="c")
image = np.arange(24, dtype=np.float32).reshape(4, 6)
crop, column = kernel(image)
print("image =\n", image)
print("ONNX Slice image[1:3, ::2] =\n", crop)
print("TF StridedSlice image[::-1, ..., 2, tf.newaxis] =\n", column)
assert np.array_equal(crop, image[1:3, ::2])
assert np.array_equal(column, image[::-1, ..., 2, None])
print("both equal numpy")
