// An op the slice dialect does not have: a parse error naming it, no traceback.
//
// RUN: not slice-opt %s 2>&1 | filecheck %s
// RUN: not slice-run %s --output %t.npy 2>&1 | filecheck %s

// CHECK-NOT:  Traceback
// CHECK:      {{^}}error: {{.*}}:{{[0-9]+}}:8{{$}}
// CHECK-NEXT: {{^}}  %r = "slice.bogus"(%x) : (tensor<4xf32>) -> tensor<4xf32>{{$}}
// CHECK-NEXT: {{^}}       ^^^^^^^^^^^^^{{$}}
// CHECK-NEXT: {{^}}       Operation slice.bogus is not registered{{$}}
// CHECK-NOT:  Traceback

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "slice.bogus"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
