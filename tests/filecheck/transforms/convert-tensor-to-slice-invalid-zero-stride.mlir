// RUN: not slice-opt %s -p convert-tensor-to-slice 2>&1 | filecheck %s

// CHECK: error: {{.+}}.mlir:[[# @LINE + 2]]:3: tensor.extract_slice: strides[0] = 0 with sizes[0] = 2: a window needs a non-zero stride
func.func @zero_stride(%x: tensor<8xf32>) -> tensor<2xf32> {
  %r = tensor.extract_slice %x[1] [2] [0] : tensor<8xf32> to tensor<2xf32>
  func.return %r : tensor<2xf32>
}
// CHECK-NOT: Traceback
