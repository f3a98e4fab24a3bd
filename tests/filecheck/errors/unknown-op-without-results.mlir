// A misspelt op without results or operands: the error points at its name, not at the
// next line's `func.return`.
//
// RUN: not slice-opt %s 2>&1 | filecheck %s

// CHECK-NOT:  Traceback
// CHECK:      {{^}}error: {{.*}}unknown-op-without-results.mlir:[[# @LINE + 6]]:3{{$}}
// CHECK-NEXT: {{^}}  slice.windoww{{$}}
// CHECK-NEXT: {{^}}  ^^^^^^^^^^^^^{{$}}
// CHECK-NEXT: {{^}}  Operation slice.windoww is not registered{{$}}
// CHECK-NOT:  Traceback
func.func @main() {
  slice.windoww
  func.return
}
