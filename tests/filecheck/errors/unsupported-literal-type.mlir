// A dense literal of a type xDSL cannot hold (i128: "Format not implemented"): one
// `error:` at the op, naming it, no traceback (it was xDSL's NotImplementedError, with
// neither position nor op).
//
// RUN: not slice-opt %s 2>&1 | filecheck %s

// CHECK-NOT:  Traceback
// CHECK:      {{^}}error: {{.*}}unsupported-literal-type.mlir:[[# @LINE + 5]]:3{{$}}
// CHECK-NEXT: {{^}}  %c = arith.constant dense<[1, 2]> : tensor<2xi128>{{$}}
// CHECK-NEXT: {{^}}  ^^^^^^^^^^^^^^^^^^^{{$}}
// CHECK-NEXT: {{^}}  arith.constant: Format not implemented for i128{{$}}
func.func @wide(%x: tensor<2xi128>) -> tensor<2xi128> {
  %c = arith.constant dense<[1, 2]> : tensor<2xi128>
  func.return %c : tensor<2xi128>
}
