// With --split-input-file, --verify-diagnostics takes a parse error as a diagnostic,
// as mlir-opt's does: printed at its chunk (xdsl-opt's form, with the file position),
// and the chunks after it still run; exit code 0 (session 47's review: the parse error
// ended the run, and the verifier error of the last chunk was never reported).
//
// RUN: slice-opt %s --split-input-file --verify-diagnostics | filecheck %s

// CHECK:      func.func @first
// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: {{.*}}verify-diagnostics-chunks.mlir:[[# @LINE + 11]]:35{{$}}
// CHECK-NEXT: {{^}}  %y = slice.onnx_v1 %x starts [1,] ends [3] : tensor<5xf32> -> tensor<2xf32>{{$}}
// CHECK-NEXT: {{^}}                                  ^{{$}}
// CHECK-NEXT: {{^}}                                  Expected integer literal{{$}}
// CHECK:      {{^}}// {{-+}}{{$}}
// CHECK-NEXT: slice.onnx_v1: result type tensor<3xf32> does not match the shape [2] the slice gives
func.func @first(%x: tensor<5xf32>) -> tensor<5xf32> {
  func.return %x : tensor<5xf32>
}
// -----
func.func @parse_error(%x: tensor<5xf32>) -> tensor<5xf32> {
  %y = slice.onnx_v1 %x starts [1,] ends [3] : tensor<5xf32> -> tensor<2xf32>
  func.return %x : tensor<5xf32>
}
// -----
func.func @verifier_error(%x: tensor<5xf32>) -> tensor<3xf32> {
  %r = slice.onnx_v1 %x starts [1] ends [3] : tensor<5xf32> -> tensor<3xf32>
  func.return %r : tensor<3xf32>
}
