// RUN: not slice-opt %s -p convert-tensor-to-slice 2>&1 | filecheck %s --check-prefix=NEG

// A statically out-of-bounds extract_slice is an error naming the op, the value and its
// location. Upstream's verifier accepts the first one (a negative stride running below
// index 0); we prove every access in bounds.

// NEG: error: {{.+}}convert-tensor-to-slice-invalid.mlir:[[# @LINE + 3]]:3: tensor.extract_slice: last index offsets[1] + strides[1] * (sizes[1] - 1) = 0 + -2 * (4 - 1) is out of bounds for dimension 1 of size 4
// NEG-NOT: Traceback
func.func @below_zero(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = tensor.extract_slice %x[0, 0] [4, 4] [1, -2] : tensor<4x4xf32> to tensor<4x4xf32>
  func.return %r : tensor<4x4xf32>
}
