// An optional operand written without its type (or a type without its operand): one
// `error:` at the op, naming it and the counts as MLIR does; xDSL's message pointed at
// the token after the op, on the next line, with the counts the other way round
// (session 47's review).
//
// RUN: not slice-opt %s --split-input-file 2>&1 | filecheck %s

// CHECK-NOT:  Traceback
// CHECK:      {{^}}error: {{.*}}operand-type-count.mlir:[[# @LINE + 5]]:3{{$}}
// CHECK-NEXT: {{^}}  %r = slice.onnx %x starts %s ends %s axes %s : {{.*}}
// CHECK-NEXT: {{^}}  ^^^^^^^^^^^^^^^{{$}}
// CHECK-NEXT: {{^}}  slice.onnx: 1 operands present, but expected 0{{$}}
func.func @missing_type(%x: tensor<4x5xf32>, %s: tensor<1xi64>) -> tensor<?x5xf32> {
  %r = slice.onnx %x starts %s ends %s axes %s : tensor<4x5xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?x5xf32>
  func.return %r : tensor<?x5xf32>
}

// -----

// CHECK:      {{^}}error: {{.*}}operand-type-count.mlir:[[# @LINE + 5]]:3{{$}}
// CHECK-NEXT: {{^}}  %r = slice.onnx %x starts %s ends %s : {{.*}}
// CHECK-NEXT: {{^}}  ^^^^^^^^^^^^^^^{{$}}
// CHECK-NEXT: {{^}}  slice.onnx: 0 operands present, but expected 1{{$}}
func.func @missing_operand(%x: tensor<4x5xf32>, %s: tensor<1xi64>) -> tensor<?x5xf32> {
  %r = slice.onnx %x starts %s ends %s : tensor<4x5xf32>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<?x5xf32>
  func.return %r : tensor<?x5xf32>
}

// -----

// The generic form too.
// CHECK:      {{^}}error: {{.*}}operand-type-count.mlir:[[# @LINE + 5]]:3{{$}}
// CHECK-NEXT: {{^}}  %r = "slice.onnx_v1"(%x, %x) {{.*}}
// CHECK-NEXT: {{^}}  ^^^^^^^^^^^^^^^^^^^{{$}}
// CHECK-NEXT: {{^}}  slice.onnx_v1: 2 operands present, but expected 1{{$}}
func.func @generic(%x: tensor<4xf32>) -> tensor<2xf32> {
  %r = "slice.onnx_v1"(%x, %x) <{starts = array<i64: 0>, ends = array<i64: 2>}> : (tensor<4xf32>) -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
// CHECK-NOT:  Traceback
