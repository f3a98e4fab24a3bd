// A name used and never defined: one `error:` at the first op using it, naming the op
// and the name (MLIR's "use of undeclared SSA value name"); xDSL reported the names at
// the end of the input, past the last line.
//
// RUN: not slice-opt %s --split-input-file 2>&1 | filecheck %s

// CHECK-NOT:  Traceback
// CHECK:      {{^}}error: {{.*}}undeclared-value.mlir:[[# @LINE + 9]]:3{{$}}
// CHECK-NEXT: {{^}}  %q = slice.onnx_v1 %x starts [1] ends [3] : tensor<4xf32> -> tensor<2xf32>{{$}}
// CHECK-NEXT: {{^}}  ^^^^^^^^^^^^^^^^^^{{$}}
// CHECK-NEXT: {{^}}  slice.onnx_v1: use of undeclared SSA value %x{{$}}
func.func @main(%x: tensor<4xf32>) -> tensor<2xf32> {
  %r = slice.onnx_v1 %x starts [0] ends [2] : tensor<4xf32> -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
func.func @other(%y: tensor<4xf32>) -> tensor<2xf32> {
  %q = slice.onnx_v1 %x starts [1] ends [3] : tensor<4xf32> -> tensor<2xf32>
  func.return %q : tensor<2xf32>
}

// -----

// CHECK:      {{^}}error: {{.*}}undeclared-value.mlir:[[# @LINE + 3]]:3{{$}}
// CHECK:      {{^}}  func.return: use of undeclared SSA value %zz{{$}}
func.func @returned(%x: tensor<4xf32>) -> tensor<4xf32> {
  func.return %zz : tensor<4xf32>
}
