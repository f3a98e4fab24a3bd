// inline stops at the call that would make its function hold more than max-ops ops
// (default 100,000; the count is of the function's body as inlining leaves it: 32
// windows and the return here, after 15 inlinings, which max-ops bounds too, see
// inline-max-ops-steps.mlir): each function here calls the next twice, so inlining
// doubles the body per function (session 49's review: 40 of them never finished).
//
// RUN: not slice-opt %s -p 'inline{max-ops=32}' 2>&1 | filecheck %s
// RUN: slice-opt %s -p 'inline{max-ops=33}' | filecheck %s --check-prefix=ROOM
// RUN: not slice-opt %s -p 'inline{max-ops=-1}' 2>&1 | filecheck %s --check-prefix=NEGATIVE
// RUN: not slice-opt %s -p 'inline{max-ops=true}' 2>&1 | filecheck %s --check-prefix=BOOL

// CHECK-NOT:  Traceback
// CHECK:      {{^}}error: {{.+}}inline-max-ops.mlir:{{[0-9]+}}:{{[0-9]+}}: inline: inlining @g3 here makes @main hold more than 32 ops (max-ops): calls that each call the next several times grow it exponentially{{$}}
// ROOM-LABEL: func.func @main(
// ROOM-NOT:   func.call
// ROOM-COUNT-32: slice.window
// ROOM-NOT:   slice.window
// ROOM:       func.return
// NEGATIVE:   {{^}}error: {{.*}}inline: max-ops = -1: a count must be an integer from 0 to 2**63 - 1
// BOOL:       {{^}}error: {{.*}}inline: max-ops = True: a count must be an integer from 0 to 2**63 - 1
func.func private @g0(%t: tensor<8xf32>) -> tensor<8xf32> {
  %r = func.call @g1(%t) : (tensor<8xf32>) -> tensor<8xf32>
  %s = func.call @g1(%r) : (tensor<8xf32>) -> tensor<8xf32>
  func.return %s : tensor<8xf32>
}
func.func private @g1(%t: tensor<8xf32>) -> tensor<8xf32> {
  %r = func.call @g2(%t) : (tensor<8xf32>) -> tensor<8xf32>
  %s = func.call @g2(%r) : (tensor<8xf32>) -> tensor<8xf32>
  func.return %s : tensor<8xf32>
}
func.func private @g2(%t: tensor<8xf32>) -> tensor<8xf32> {
  %r = func.call @g3(%t) : (tensor<8xf32>) -> tensor<8xf32>
  %s = func.call @g3(%r) : (tensor<8xf32>) -> tensor<8xf32>
  func.return %s : tensor<8xf32>
}
func.func private @g3(%t: tensor<8xf32>) -> tensor<8xf32> {
  %r = slice.window %t offsets [7] sizes [8] strides [-1] : tensor<8xf32> -> tensor<8xf32>
  %s = slice.window %r offsets [7] sizes [8] strides [-1] : tensor<8xf32> -> tensor<8xf32>
  %u = slice.window %s offsets [7] sizes [8] strides [-1] : tensor<8xf32> -> tensor<8xf32>
  %v = slice.window %u offsets [7] sizes [8] strides [-1] : tensor<8xf32> -> tensor<8xf32>
  func.return %v : tensor<8xf32>
}
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %r = func.call @g0(%x) : (tensor<8xf32>) -> tensor<8xf32>
  func.return %r : tensor<8xf32>
}
