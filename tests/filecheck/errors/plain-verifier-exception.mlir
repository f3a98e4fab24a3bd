// A verifier of xDSL's that raises a plain Exception rather than a VerifyException
// (memref.store with an index too many) is one `error:` at the op, naming it; it was
// "error: Exception: Expected an index for each dimension", with neither (session 47).
//
// RUN: not slice-opt %s 2>&1 | filecheck %s

// CHECK-NOT:  Traceback
// CHECK:      {{^}}error: {{.*}}plain-verifier-exception.mlir:[[# @LINE + 4]]:3: memref.store: Expected an index for each dimension{{$}}
// CHECK-NOT:  Traceback

func.func @store(%m: memref<4xf32>, %v: f32, %i: index) {
  memref.store %v, %m[%i, %i] : memref<4xf32>
  func.return
}
