// An unknown op with nothing after its name on the line: the error points at the name
// (xDSL pointed at the next token, here the `}` of the next line).
//
// RUN: not slice-opt %s 2>&1 | filecheck %s

// CHECK-NOT:  Traceback
// CHECK:      {{^}}error: {{.*}}unknown-op-at-end-of-line.mlir:[[# @LINE + 6]]:8{{$}}
// CHECK-NEXT: {{^}}  %x = foo.bar{{$}}
// CHECK-NEXT: {{^}}       ^^^^^^^{{$}}
// CHECK-NEXT: {{^}}       Operation foo.bar is not registered{{$}}
// CHECK-NOT:  Traceback
func.func @main() {
  %x = foo.bar
}
