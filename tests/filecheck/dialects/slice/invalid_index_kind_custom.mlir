// A custom-form op with an index operand of the wrong type: the IRDL constraint fails
// while the op parses, at the op, with the verifier's message.
//
// RUN: not slice-opt %s 2>&1 | filecheck %s

// CHECK:      {{^}}error: {{.*}}invalid_index_kind_custom.mlir:[[# @LINE + 4]]:19{{$}}
// CHECK:      {{^ +}}slice.onnx: starts must be a 1-D tensor of i32 or i64, got tensor<2xf32>{{$}}
func.func @onnx_f32_index(%x: tensor<2x4xf32>, %e: tensor<2xi64>) {
  %s = arith.constant dense<0.0> : tensor<2xf32>
  %0 = slice.onnx %x starts %s ends %e : tensor<2x4xf32>, tensor<2xf32>, tensor<2xi64> -> tensor<1x1xf32>
  func.return
}
