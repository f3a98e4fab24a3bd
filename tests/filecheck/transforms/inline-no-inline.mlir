// inline leaves the calls of a function marked no_inline, as MLIR's inliner does
// (outline-slice-parts marks its parts so); the lowering then refuses such a call of a
// function on tensors and says why.
//
// RUN: slice-opt %s -p inline | filecheck %s
// RUN: not slice-opt %s -p inline,convert-slice-to-loops 2>&1 | filecheck %s --check-prefix=LOWER

// CHECK:      func.func private @crop(%t: tensor<8xf32>) -> tensor<4xf32> attributes {no_inline} {
// CHECK:      func.func @main(%x: tensor<8xf32>) -> tensor<4xf32> {
// CHECK-NEXT:   %y = func.call @crop(%x) : (tensor<8xf32>) -> tensor<4xf32>

// LOWER-NOT: Traceback
// LOWER:     {{^}}error: {{.+}}inline-no-inline.mlir:20:3: func.call: convert-slice-to-loops lowers only slice.window and slice.dynamic_window on tensors (a call of a function is not lowered: @crop is no_inline: inline leaves the calls of it){{$}}

func.func private @crop(%t: tensor<8xf32>) -> tensor<4xf32> attributes {no_inline} {
  %r = slice.window %t offsets [2] sizes [4] strides [1] : tensor<8xf32> -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
func.func @main(%x: tensor<8xf32>) -> tensor<4xf32> {
  %y = func.call @crop(%x) : (tensor<8xf32>) -> tensor<4xf32>
  func.return %y : tensor<4xf32>
}
