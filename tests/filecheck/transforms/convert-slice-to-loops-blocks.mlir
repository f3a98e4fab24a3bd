// convert-slice-to-loops takes functions of one block (control flow structured, scf):
// a function of several blocks is one error naming it, the message `compile` gives
// (session 65: the pass failed with xDSL's "'block' property of Region class is only
// available for single-block regions", naming nothing).
//
// RUN: not slice-opt %s --split-input-file -p convert-slice-to-loops 2>&1 | filecheck %s
// RUN: not slice-opt %s --split-input-file -p canonicalize-slices,convert-slice-to-loops 2>&1 | filecheck %s --check-prefix=DYNAMIC

// CHECK: error: {{.+}}.mlir:[[# @LINE + 3]]:1: func.func @branches has 3 blocks; the slice compiler takes functions of one block
// CHECK-NOT: Region class
// DYNAMIC: error: {{.+}}.mlir:[[# @LINE + 1]]:1: func.func @branches has 3 blocks; the slice compiler takes functions of one block
func.func @branches(%x: tensor<8xf32>, %b: i1) -> tensor<4xf32> {
  cf.cond_br %b, ^low, ^high
^low:
  %r = slice.window %x offsets [0] sizes [4] strides [1] : tensor<8xf32> -> tensor<4xf32>
  func.return %r : tensor<4xf32>
^high:
  %s = slice.window %x offsets [4] sizes [4] strides [1] : tensor<8xf32> -> tensor<4xf32>
  func.return %s : tensor<4xf32>
}

// -----

// A run-time slice in a branch: the shape function it needs would be read from the
// function's one block.
// DYNAMIC: error: {{.+}}.mlir:[[# @LINE + 2]]:1: func.func @run_time_in_a_branch has 3 blocks; the slice compiler takes functions of one block
// DYNAMIC-NOT: Region class
func.func @run_time_in_a_branch(%x: tensor<8xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>, %b: i1) -> tensor<?xf32> {
  cf.cond_br %b, ^a, ^c
^a:
  %r = slice.onnx %x starts %s ends %e : tensor<8xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %r : tensor<?xf32>
^c:
  %t = slice.onnx %x starts %e ends %s : tensor<8xf32>, tensor<1xi64>, tensor<1xi64> -> tensor<?xf32>
  func.return %t : tensor<?xf32>
}
