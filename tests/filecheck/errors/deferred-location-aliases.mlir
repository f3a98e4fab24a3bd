// Location aliases defined after their use, as `mlir-opt --mlir-print-debuginfo`
// prints them (MLIR defers location aliases; a callsite may use aliases defined
// before or after it): every op gets its location. An alias defined through itself
// and one defined nowhere are parse errors, not tracebacks.
//
// RUN: sed -n '/^\/\/ MAIN-BEGIN/,/^\/\/ MAIN-END/p' %s > %t.main.mlir
// RUN: slice-opt %t.main.mlir --print-debuginfo 2>&1 | filecheck %s
// RUN: sed -n '/^\/\/ CYCLE-BEGIN/,/^\/\/ CYCLE-END/p' %s > %t.cycle.mlir
// RUN: not slice-opt %t.cycle.mlir 2>&1 | filecheck %s --check-prefix=CYCLE
// RUN: sed -n '/^\/\/ UNDEFINED-BEGIN/,/^\/\/ UNDEFINED-END/p' %s > %t.undefined.mlir
// RUN: not slice-opt %t.undefined.mlir 2>&1 | filecheck %s --check-prefix=UNDEFINED

// MAIN-BEGIN
// CHECK-NOT:  Traceback
// CHECK:      func.func @main(%arg0: tensor<4xf32> loc("in.mlir":1:17)) -> tensor<2xf32> {
// CHECK-NEXT:   %0 = slice.window %arg0 offsets [0] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32> loc(callsite("in.mlir":2:8 at "caller"))
// CHECK-NEXT:   func.return %0 : tensor<2xf32> loc("in.mlir":3:3)
// CHECK-NEXT: } loc("in.mlir":1:1)
module {
  func.func @main(%arg0: tensor<4xf32> loc(#loc2)) -> tensor<2xf32> {
    %0 = slice.window %arg0 offsets [0] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32> loc(#loc5)
    func.return %0 : tensor<2xf32> loc(#loc3)
  } loc(#loc1)
} loc(#loc)
#loc = loc("in.mlir":0:0)
#loc1 = loc("in.mlir":1:1)
#loc2 = loc("in.mlir":1:17)
#loc3 = loc("in.mlir":3:3)
#loc5 = loc(callsite(#loc4 at #loc6))
#loc6 = loc("caller")
#loc4 = loc("in.mlir":2:8)
// MAIN-END


// CYCLE-BEGIN
// CYCLE-NOT:  Traceback
// CYCLE:      {{^}}error: {{.*}}.cycle.mlir:9:10{{$}}
// CYCLE:      location alias #a refers to itself
func.func @f() {
  func.return loc(#a)
}
#a = loc(callsite(#b at #a))
#b = loc(#a)
// CYCLE-END


// UNDEFINED-BEGIN
// UNDEFINED-NOT:  Traceback
// UNDEFINED:      {{^}}error: {{.*}}.undefined.mlir:6:27{{$}}
// UNDEFINED:      undefined symbol alias '#nowhere'
func.func @f() {
  func.return loc(#nowhere)
}
// UNDEFINED-END
