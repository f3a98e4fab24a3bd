// RUN: not slice-opt %s -p canonicalize-slices 2>&1 | filecheck %s

// C55 (TensorFlow ShrinkSliceOutOfBoundsFails): shrink index 7 on a dim of size 4 is an
// error (SPEC section 2): slice-opt prints the verifier's message, no IR and no
// traceback, and exits non-zero.

// CHECK-NOT: Traceback
// CHECK: error: {{.+}}.mlir:{{[0-9]+}}:3: slice.tf_strided_slice: begin[1] = 7 is out of range [-4, 3] for the shrink axis 1 of size 4
// CHECK-NOT: Traceback
// CHECK-NOT: builtin.module
func.func @shrink_index_out_of_range(%x: tensor<3x4x5xf32>) -> tensor<3x5xf32> {
  %begin = arith.constant dense<[0, 7, 0]> : tensor<3xi64>
  %end = arith.constant dense<[3, 7, 5]> : tensor<3xi64>
  %strides = arith.constant dense<1> : tensor<3xi64>
  %0 = slice.tf_strided_slice %x begin %begin end %end strides %strides {begin_mask = 2 : i64, end_mask = 2 : i64, shrink_axis_mask = 2 : i64} : tensor<3x4x5xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64> -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}
