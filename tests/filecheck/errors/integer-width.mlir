// An integer type wider than MLIR's limit (16777215 bits) is a parse error at the type,
// as mlir-opt has it (session 49's review: xDSL built it, and a literal of it made a
// number of billions of bits, killed for memory).
//
// RUN: not slice-opt %s --split-input-file 2>&1 | filecheck %s

// CHECK-NOT: Traceback
// CHECK:     {{^}}error: {{.+}}integer-width.mlir:[[# @LINE + 3]]:27{{$}}
// CHECK:     {{^ *}}integer bitwidth is limited to 16777215 bits{{$}}
func.func @f() {
  %0 = arith.constant 1 : i99999999999
  func.return
}

// -----

// CHECK:     {{^}}error: {{.+}}integer-width.mlir:[[# @LINE + 2]]:27{{$}}
// CHECK:     {{^ *}}integer bitwidth is limited to 16777215 bits{{$}}
func.func @g(%x: tensor<2xui16777216>) {
  func.return
}

// -----

// The widest is taken.
// CHECK-LABEL: func.func @h(
// CHECK:         arith.constant 1 : i16777215
func.func @h() -> i16777215 {
  %0 = arith.constant 1 : i16777215
  func.return %0 : i16777215
}
