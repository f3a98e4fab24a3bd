// RUN: not slice-opt %s -p convert-tensor-to-slice 2>&1 | filecheck %s

// CHECK: error: {{.+}}.mlir:[[# @LINE + 2]]:3: tensor.extract_slice: offsets[0] = 8 is out of bounds for dimension 0 of size 8
func.func @past_end(%x: tensor<8xf32>) -> tensor<1xf32> {
  %r = tensor.extract_slice %x[8] [1] [1] : tensor<8xf32> to tensor<1xf32>
  func.return %r : tensor<1xf32>
}
// CHECK-NOT: Traceback
