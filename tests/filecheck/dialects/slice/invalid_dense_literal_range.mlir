// An index operand's dense literal with a value its element type cannot hold: a parse
// error at the value, with the closed range a literal of the type takes (it was xDSL's
// message without a location, naming a half-open range, [-128, 256) for i8).
//
// RUN: not slice-opt %s 2>&1 | filecheck %s

// CHECK:      {{^}}error: {{.*}}invalid_dense_literal_range.mlir:[[# @LINE + 6]]:33{{$}}
// CHECK-NEXT: {{^}}  %e = arith.constant dense<[1, 300]> : tensor<2xi8>{{$}}
// CHECK-NEXT: {{^}}                                ^^^{{$}}
// CHECK-NEXT: {{^}}                                integer 300 does not fit in i8 (a literal of i8 lies in [-128, 255]){{$}}
func.func @main(%x: tensor<10xf32>) -> tensor<?xf32> {
  %s = arith.constant dense<[0, 1]> : tensor<2xi8>
  %e = arith.constant dense<[1, 300]> : tensor<2xi8>
  %r = slice.onnx %x starts %s ends %e : tensor<10xf32>, tensor<2xi8>, tensor<2xi8> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
