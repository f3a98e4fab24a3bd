// xDSL's hoisting passes move a slice op out of a loop or a branch only where it
// cannot fail when it runs: a static slice.window, or a framework op of a static data
// shape whose index operands are all constants (the verifier checked them). A
// slice.dynamic_window, or a framework op with a run-time index operand, stays where
// it was written: hoisted out of a loop of no iteration, or out of a branch not taken,
// an out-of-bounds one failed a program that had run (session 61's hunt, when every
// slice op was Pure). Without memory effects, an unused one is still erased.
//
// RUN: slice-opt %s -p licm | filecheck %s
// RUN: slice-opt %s -p control-flow-hoist | filecheck %s --check-prefix=BRANCH
// RUN: slice-opt %s -p dce | filecheck %s --check-prefix=DCE

// CHECK-LABEL: func.func @loop
// CHECK:         %static = slice.window %x
// CHECK-NEXT:    %constant = slice.onnx %x
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      %dynamic = slice.dynamic_window %x
// CHECK-NEXT:      %run_time = slice.onnx %x starts %s
func.func @loop(%x: tensor<10xi64>, %o: index, %n: index, %s: tensor<1xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = arith.constant dense<4> : tensor<1xi64>
  %a = arith.constant dense<0> : tensor<1xi64>
  %t = arith.constant dense<1> : tensor<1xi64>
  scf.for %i = %c0 to %n step %c1 {
    %static = slice.window %x offsets [2] sizes [3] strides [1] : tensor<10xi64> -> tensor<3xi64>
    %constant = slice.onnx %x starts %t ends %e axes %a : tensor<10xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<3xi64>
    %dynamic = slice.dynamic_window %x offsets [%o] sizes [1] strides [1] : tensor<10xi64> -> tensor<1xi64>
    %run_time = slice.onnx %x starts %s ends %e axes %a : tensor<10xi64>, tensor<1xi64>, tensor<1xi64> axes tensor<1xi64> -> tensor<?xi64>
    "test.op"(%static, %constant, %dynamic, %run_time) : (tensor<3xi64>, tensor<3xi64>, tensor<1xi64>, tensor<?xi64>) -> ()
  }
  func.return
}

// BRANCH-LABEL: func.func @branch
// BRANCH-NEXT:    %v = scf.if %c
// BRANCH-NEXT:      %dynamic = slice.dynamic_window %x
func.func @branch(%x: tensor<10xi64>, %o: index, %c: i1) -> tensor<1xi64> {
  %v = scf.if %c -> (tensor<1xi64>) {
    %dynamic = slice.dynamic_window %x offsets [%o] sizes [1] strides [1] : tensor<10xi64> -> tensor<1xi64>
    scf.yield %dynamic : tensor<1xi64>
  } else {
    %zero = arith.constant dense<0> : tensor<1xi64>
    scf.yield %zero : tensor<1xi64>
  }
  func.return %v : tensor<1xi64>
}

// BRANCH-LABEL: func.func @static_branch
// BRANCH-NEXT:    %static = slice.window %x
// BRANCH-NEXT:    %zero = arith.constant
// BRANCH-NEXT:    %v = scf.if %c
func.func @static_branch(%x: tensor<10xi64>, %c: i1) -> tensor<3xi64> {
  %v = scf.if %c -> (tensor<3xi64>) {
    %static = slice.window %x offsets [2] sizes [3] strides [1] : tensor<10xi64> -> tensor<3xi64>
    scf.yield %static : tensor<3xi64>
  } else {
    %zero = arith.constant dense<0> : tensor<3xi64>
    scf.yield %zero : tensor<3xi64>
  }
  func.return %v : tensor<3xi64>
}

// DCE-LABEL: func.func @unused
// DCE-NEXT:    func.return
func.func @unused(%x: tensor<10xi64>, %o: index) {
  %dynamic = slice.dynamic_window %x offsets [%o] sizes [1] strides [1] : tensor<10xi64> -> tensor<1xi64>
  func.return
}
