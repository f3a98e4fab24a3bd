// Under --verify-diagnostics, a pass that fails at one op has its diagnostic marked at
// that op, not at the op its pattern ran on (convert-slice-to-loops lowers a function
// at a time, and the mark was on the func.func; session 47's review).
//
// RUN: slice-opt %s --verify-diagnostics -p convert-slice-to-loops | filecheck %s

// CHECK:      slice.onnx_v1: not a slice.window at lowering
// CHECK:      "func.func"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: %y = "slice.onnx_v1"
// CHECK-NEXT: ^^^^^^^^^^^^^^^^^^^^-
// CHECK-NEXT: | slice.onnx_v1: not a slice.window at lowering
func.func @f(%x: tensor<8xf32>) -> tensor<4xf32> {
  %y = slice.onnx_v1 %x starts [0] ends [4] : tensor<8xf32> -> tensor<4xf32>
  func.return %y : tensor<4xf32>
}
