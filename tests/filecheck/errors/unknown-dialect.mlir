// An op of a dialect nobody registered: a parse error naming it, no traceback. With
// --allow-unregistered-dialect it parses, and the lowering rejects it by name.
//
// RUN: not slice-opt %s 2>&1 | filecheck %s
// RUN: not slice-opt %s --allow-unregistered-dialect -p convert-slice-to-loops 2>&1 | filecheck %s --check-prefix=LOWER

// CHECK-NOT:  Traceback
// CHECK:      {{^}}error: {{.*}}unknown-dialect.mlir:{{[0-9]+}}:8{{$}}
// CHECK-NEXT: {{^}}  %r = "foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>{{$}}
// CHECK-NEXT: {{^}}       ^^^^^^^^^{{$}}
// CHECK-NEXT: {{^}}       Operation foo.bar is not registered{{$}}
// CHECK-NOT:  Traceback

// LOWER-NOT:  Traceback
// LOWER:      {{^}}error: {{.*}}foo.bar{{.*}}convert-slice-to-loops lowers only slice.window and slice.dynamic_window on tensors
// LOWER-NOT:  Traceback

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
