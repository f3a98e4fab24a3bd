// RUN: not slice-opt %s -p convert-tensor-to-slice 2>&1 | filecheck %s

// An out-of-bounds extract_slice whose result nothing uses is refused like a used one:
// a conversion erases nothing (as MLIR's dialect conversion), so the pass meets it.

// CHECK: error: {{.+}}convert-tensor-to-slice-invalid-unused.mlir:[[# @LINE + 3]]:3: tensor.extract_slice: last index offsets[1] + strides[1] * (sizes[1] - 1) = 1 + -2 * (4 - 1) is out of bounds for dimension 1 of size 4
// CHECK-NOT: Traceback
func.func @unused(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %bad = tensor.extract_slice %x[0, 1] [4, 4] [1, -2] : tensor<4x4xf32> to tensor<4x4xf32>
  func.return %x : tensor<4x4xf32>
}
