// RUN: not slice-opt %s -p convert-tensor-to-slice 2>&1 | filecheck %s --check-prefix=ERR
// ERR-NOT: Traceback

// The static parts are checked: a static offset outside a static dim is an error naming
// the extract_slice, even with a dynamic stride.
// ERR: error: {{.+}}convert-tensor-to-slice-dynamic-invalid.mlir:[[# @LINE + 2]]:3: tensor.extract_slice: offsets[1] = 6 is out of bounds for dimension 1 of size 6
func.func @static_offset_out_of_bounds(%x: tensor<?x6xf32>, %s: index) -> tensor<2x2xf32> {
  %r = tensor.extract_slice %x[0, 6] [2, 2] [1, %s] : tensor<?x6xf32> to tensor<2x2xf32>
  func.return %r : tensor<2x2xf32>
}
