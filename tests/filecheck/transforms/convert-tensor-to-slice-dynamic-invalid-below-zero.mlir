// RUN: not slice-opt %s -p convert-tensor-to-slice 2>&1 | filecheck %s --check-prefix=ERR
// ERR-NOT: Traceback

// A static offset and negative stride whose last index falls below 0 is refused on a ?
// dim too: the low end needs no dim size. Upstream's verifier takes it; before session
// 45 it was raised, then exported as an extract_slice at offset -2 that mlir-opt refuses.
// ERR: error: {{.+}}convert-tensor-to-slice-dynamic-invalid-below-zero.mlir:[[# @LINE + 2]]:3: tensor.extract_slice: last index offsets[0] + strides[0] * (sizes[0] - 1) = 2 + -2 * (3 - 1) is out of bounds for dimension 0 of size ?
func.func @below_zero(%x: tensor<?xf32>) -> tensor<3xf32> {
  %r = tensor.extract_slice %x[2] [3] [-2] : tensor<?xf32> to tensor<3xf32>
  func.return %r : tensor<3xf32>
}
