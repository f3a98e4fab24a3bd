// A region the input ends inside: the error names the op whose '}' is missing, at its
// text (session 49's review: xDSL said "in block definition", past the end of the file).
//
// RUN: not slice-opt %s 2>&1 | filecheck %s

// CHECK-NOT: Traceback
// CHECK:     {{^}}error: {{.+}}unterminated-region.mlir:[[# @LINE + 4]]:1{{$}}
// CHECK-NEXT: {{^}}func.func @main(%x: tensor<2x4xf32>) -> tensor<1x3xf32> {{{$}}
// CHECK-NEXT: {{^}}^^^^^^^^^{{$}}
// CHECK-NEXT: {{^}}func.func: the input ends inside its region: a '}' is missing{{$}}
func.func @main(%x: tensor<2x4xf32>) -> tensor<1x3xf32> {
  %r = slice.onnx_v1 %x starts [0, 1] ends [-1, 1000] : tensor<2x4xf32> -> tensor<1x3xf32>
  func.return %r : tensor<1x3xf32>
