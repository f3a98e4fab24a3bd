// max-ops bounds the calls inlined into a function too: a chain whose last function
// returns its argument holds few ops, yet each function calling the next twice takes
// 2**N inlinings (session 49's review: 40 of them never finished). Seven inlinings here.
//
// RUN: not slice-opt %s -p 'inline{max-ops=6}' 2>&1 | filecheck %s
// RUN: slice-opt %s -p 'inline{max-ops=7}' | filecheck %s --check-prefix=ROOM

// CHECK-NOT:  Traceback
// CHECK:      {{^}}error: {{.+}}: inline: inlining @g{{[0-9]}} here makes @main take more than 6 inlinings (max-ops): calls that each call the next several times grow it exponentially{{$}}
// ROOM-LABEL: func.func @main(
// ROOM-SAME:      %[[X:.+]]: tensor<8xf32>)
// ROOM-NEXT:    func.return %[[X]] : tensor<8xf32>
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
  func.return %t : tensor<8xf32>
}
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %r = func.call @g0(%x) : (tensor<8xf32>) -> tensor<8xf32>
  func.return %r : tensor<8xf32>
}
