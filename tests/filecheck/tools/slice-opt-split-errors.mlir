// RUN: not slice-opt %s --split-input-file -p canonicalize-slices 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=ERR < %t.err

// With --split-input-file an error in one chunk is reported with its line in the whole
// file and the next chunks still run, as mlir-opt does; the exit code is 1.
// CHECK:      func.func @first(
// CHECK:        slice.window
// CHECK:      // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: builtin.module {
// CHECK-NEXT:   func.func @third(
// CHECK:      // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: builtin.module {
// CHECK-NEXT:   func.func @fifth(
// ERR:      error: {{.+}}slice-opt-split-errors.mlir:25:3: slice.onnx_v1: axes has 2 values but starts has 1
// ERR-NEXT: error: {{.+}}slice-opt-split-errors.mlir:35:1
// ERR:      ')' expected
func.func @first(%x: tensor<4xf32>) -> tensor<2xf32> {
  %r = slice.onnx_v1 %x starts [1] ends [3] : tensor<4xf32> -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
// -----
func.func @second(%x: tensor<4xf32>) -> tensor<2xf32> {
  %r = slice.onnx_v1 %x starts [1] ends [3] axes [0, 0] : tensor<4xf32> -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
// -----
func.func @third(%x: tensor<4xf32>) -> tensor<1xf32> {
  %r = slice.onnx_v1 %x starts [1] ends [2] : tensor<4xf32> -> tensor<1xf32>
  func.return %r : tensor<1xf32>
}
// -----
func.func @fourth(%x: tensor<4xf32>
// -----
func.func @fifth(%x: tensor<4xf32>) -> tensor<4xf32> {
  func.return %x : tensor<4xf32>
}
