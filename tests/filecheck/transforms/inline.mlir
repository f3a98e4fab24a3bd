// RUN: slice-opt %s -p inline --split-input-file | filecheck %s
// RUN: slice-opt %s -p 'inline{erase-private=false}' --split-input-file | filecheck %s --check-prefix=KEEP
// RUN: xdsl-opt %s -p inline --split-input-file | filecheck %s

// Calls of functions with a body of one block are inlined, callees first (a chain
// becomes one body); the private callees nothing names any more are erased, as MLIR's
// inliner erases dead private callables (unless erase-private=false).
// CHECK-LABEL: func.func @main(
// CHECK-SAME:      %[[X:.+]]: tensor<8xf32>, %[[S:.+]]: tensor<1xi64>)
// CHECK-NOT:     func.call
// CHECK:         %[[C:.+]] = slice.window %[[X]] offsets [2] sizes [4] strides [1] : tensor<8xf32> -> tensor<4xf32>
// CHECK:         %[[R:.+]] = slice.onnx %[[C]] starts %[[S]] ends %{{.+}} steps %{{.+}}
// CHECK-NEXT:    func.return %[[R]] : tensor<?xf32>
// CHECK-NOT:     func.func @crop
// CHECK-NOT:     func.func @reverse
// KEEP:          func.func private @crop(
// KEEP:          func.func private @reverse(
// KEEP:          func.func private @crop_and_reverse(
// KEEP-LABEL:    func.func @main(
// KEEP-NOT:      func.call
// KEEP:          func.return
func.func private @crop(%t: tensor<8xf32>) -> tensor<4xf32> {
  %r = slice.window %t offsets [2] sizes [4] strides [1] : tensor<8xf32> -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
func.func private @reverse(%t: tensor<4xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %e = arith.constant dense<-9223372036854775808> : tensor<1xi64>
  %st = arith.constant dense<-1> : tensor<1xi64>
  %r = slice.onnx %t starts %s ends %e steps %st : tensor<4xf32>, tensor<1xi64>, tensor<1xi64> steps tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
func.func private @crop_and_reverse(%t: tensor<8xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %y = func.call @crop(%t) : (tensor<8xf32>) -> tensor<4xf32>
  %z = func.call @reverse(%y, %s) : (tensor<4xf32>, tensor<1xi64>) -> tensor<?xf32>
  func.return %z : tensor<?xf32>
}
func.func @main(%x: tensor<8xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %z = func.call @crop_and_reverse(%x, %s) : (tensor<8xf32>, tensor<1xi64>) -> tensor<?xf32>
  func.return %z : tensor<?xf32>
}

// -----

// A public callee stays (another caller may call it); a recursive call and a call of
// a declaration are left, as MLIR's inliner leaves them; an unused private
// declaration goes.
// CHECK-LABEL: func.func @public_callee(
// CHECK:         slice.window
// CHECK-LABEL: func.func @recursive(
// CHECK:         func.call @recursive(
// CHECK-LABEL: func.func private @external(
// CHECK-NOT:     func.func private @unused
// CHECK-LABEL: func.func @caller(
// CHECK-NOT:     func.call @public_callee
// CHECK:         slice.window
// CHECK:         func.call @external(
func.func @public_callee(%t: tensor<4xf32>) -> tensor<2xf32> {
  %r = slice.window %t offsets [1] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}
func.func @recursive(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @recursive(%t) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
func.func private @external(tensor<2xf32>) -> tensor<2xf32>
func.func private @unused(tensor<2xf32>) -> tensor<2xf32>
func.func @caller(%x: tensor<4xf32>) -> tensor<2xf32> {
  %y = func.call @public_callee(%x) : (tensor<4xf32>) -> tensor<2xf32>
  %z = func.call @external(%y) : (tensor<2xf32>) -> tensor<2xf32>
  func.return %z : tensor<2xf32>
}

// -----

// A private function named inside an array or a dictionary of attributes is used, as
// MLIR's symbol uses are, and stays.
// CHECK:         func.func private @named_in_an_array(
// CHECK-NOT:     func.func private @not_named(
// CHECK-LABEL:   func.func @names_them(
func.func private @named_in_an_array(%t: tensor<4xf32>) -> tensor<4xf32> {
  func.return %t : tensor<4xf32>
}
func.func private @not_named(%t: tensor<4xf32>) -> tensor<4xf32> {
  func.return %t : tensor<4xf32>
}
func.func @names_them(%x: tensor<4xf32>) -> tensor<4xf32> attributes {refs = [@named_in_an_array], table = {f = @named_in_an_array}} {
  func.return %x : tensor<4xf32>
}

// -----

// A callee that returns its argument as it is: the call's result is the call's operand.
// CHECK-LABEL: func.func @returns_its_argument(
// CHECK-SAME:      %[[X:.+]]: tensor<8xf32>)
// CHECK-NEXT:    func.return %[[X]] : tensor<8xf32>
func.func private @identity(%t: tensor<8xf32>) -> tensor<8xf32> {
  func.return %t : tensor<8xf32>
}
func.func @returns_its_argument(%x: tensor<8xf32>) -> tensor<8xf32> {
  %y = func.call @identity(%x) : (tensor<8xf32>) -> tensor<8xf32>
  func.return %y : tensor<8xf32>
}

// -----

// A private function that stays because a call of it is left (it is recursive) has
// its other calls inlined too, and the function it called goes.
// CHECK-NOT:     func.func private @reverse4(
// CHECK-LABEL:   func.func private @loops(
// CHECK-NEXT:      %{{.+}} = slice.window
// CHECK-NEXT:      %{{.+}} = func.call @loops(
// CHECK-LABEL:   func.func @calls_loops(
func.func private @reverse4(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = slice.window %t offsets [3] sizes [4] strides [-1] : tensor<4xf32> -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
func.func private @loops(%t: tensor<4xf32>) -> tensor<4xf32> {
  %a = func.call @reverse4(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %b = func.call @loops(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %b : tensor<4xf32>
}
func.func @calls_loops(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = func.call @loops(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %y : tensor<4xf32>
}

// -----

// A dead private cycle of calls goes too (nothing live names it), as symbol-dce finds.
// CHECK-NOT:     func.func private @ping(
// CHECK-NOT:     func.func private @pong(
// CHECK-LABEL:   func.func @live(
func.func private @ping(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @pong(%t) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
func.func private @pong(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @ping(%t) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
func.func @live(%x: tensor<4xf32>) -> tensor<4xf32> {
  func.return %x : tensor<4xf32>
}
