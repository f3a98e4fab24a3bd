// RUN: not slice-opt %s -p canonicalize-slices 2>&1 | filecheck %s
// RUN: not slice-opt %s -p convert-tensor-to-slice 2>&1 | filecheck %s --check-prefix=RAISE

// may-never-run.mlir's first window and slice, where they run whenever the function
// does: an error now, naming the op and the value (dialect.always_runs).

// CHECK-NOT: Traceback
// CHECK: error: {{.+}}may-never-run-always-runs.mlir:[[# @LINE + 4]]:3: slice.dynamic_window: offsets[0] = 5 is out of bounds for dimension 0 of size 4
// RAISE: error: {{.+}}may-never-run-always-runs.mlir:[[# @LINE + 4]]:3: tensor.extract_slice: offsets[0] = 5 is out of bounds for dimension 0 of size 4
func.func @constant_window_always_runs(%x: tensor<4xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %c5 = arith.constant 5 : index
  %w = slice.dynamic_window %x offsets [%c5] sizes [2] strides [1] : tensor<4xf32> -> tensor<2xf32>
  %v = tensor.extract_slice %x[%c5] [2] [1] : tensor<4xf32> to tensor<2xf32>
  func.return %w, %v : tensor<2xf32>, tensor<2xf32>
}
