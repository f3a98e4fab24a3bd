// A float dense literal of a type xDSL cannot hold (f80), whose NotImplementedError has
// no text: the error still says what is wrong (session 48's review: it ended in
// "slice.fill_constant:" and nothing after).
//
// RUN: not slice-opt %s 2>&1 | filecheck %s

// CHECK-NOT:  Traceback
// CHECK:      {{^}}error: {{.*}}unsupported-literal-type-f80.mlir:[[# @LINE + 4]]:3{{$}}
// CHECK:      {{^}}  slice.fill_constant: xDSL cannot build a value of a type this op's text gives (NotImplementedError: a literal of an element type outside SPEC section 1, such as f80){{$}}
// CHECK-NOT:  Traceback
func.func @main(%out: memref<2xf80>) {
  slice.fill_constant %out = dense<[1.0, 2.0]> : tensor<2xf80> : memref<2xf80>
  func.return
}
